package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// checkRewrites requires each command's decision and, for a rewrite,
// that the rewritten command holds in (a sandbox path).
func checkRewrites(t *testing.T, cfg *Config, rows []struct{ cmd, want, in string }) {
	t.Helper()
	for _, tt := range rows {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want || tt.in != "" && !strings.Contains(r.Rewritten, tt.in) {
			t.Errorf("%s: %s %q, want %s with %q (%v)", tt.cmd, got, r.Rewritten, tt.want, tt.in, r.Findings)
		}
	}
}

// TestWgetrcWriteCommands: wget -e/--execute runs a wgetrc command, and
// logfile and save_cookies name files wget writes (wget's manual,
// "Wgetrc Commands"; names compared without case, "_" or "-"), as -o
// and --save-cookies do. wget -e logfile=.env URL wrote .env: the
// download moved into the sandbox, the log did not.
func TestWgetrcWriteCommands(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "home/.bashrc": "# rc\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`wget -e logfile=.env https://example.com/a`, "deny"},
		{`wget -e 'log_file = ~/.bashrc' https://example.com/a`, "deny"},
		{`wget --execute=LOGFILE=.git/hooks/pre-commit https://example.com/a`, "deny"},
		{`wget --execute save-cookies=.env https://example.com/a`, "deny"},
		{`wget -o .env https://example.com/a`, "deny"},
		// Look-alikes: a log in the project, commands that write nothing.
		{`wget -e logfile=wget.log https://example.com/a`, "rewrite"},
		{`wget -e robots=off https://example.com/a`, "rewrite"},
		{`wget -e load_cookies=.env.example https://example.com/a`, "rewrite"},
	})
}

// TestNetcatDumpFile: ncat -o/--output FILE and -x/--hex-dump FILE, and
// netcat-traditional's -o FILE, record the connection's traffic, what
// the peer sends among it (ncat(1): "Dump session data to a file"):
// external content, moved into the sandbox as a download's -o is, and
// judged by the path guards where it would have gone.
func TestNetcatDumpFile(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n"})
	checkRewrites(t, cfg, []struct{ cmd, want, in string }{
		{`ncat --recv-only example.com 80 -o out.bin`, "rewrite", "agent_sandbox/out.bin"},
		{`ncat --output=out.bin example.com 80`, "rewrite", "agent_sandbox/out.bin"},
		{`ncat -ooutx example.com 80`, "rewrite", "-o"},
		{`ncat -x hex.txt example.com 80`, "rewrite", "agent_sandbox/hex.txt"},
		{`nc -o dump.txt example.com 80`, "rewrite", "agent_sandbox/dump.txt"},
		{`ncat -o .env example.com 80`, "deny", ""},
		{`ncat -o "$F" example.com 80`, "ask", ""},
		// Look-alikes: a dump already in the sandbox; a listener
		// printing to the terminal; OpenBSD nc -x is a proxy.
		{`ncat -o agent_sandbox/x example.com 80`, "allow", ""},
		{`nc -l 8080`, "allow", ""},
		{`nc -x proxy:1080 example.com 22 < /dev/null`, "allow", ""},
	})
}

// TestDecoderOutputs: uudecode -o FILE (GNU sharutils, the BSDs) and age
// -o FILE write the bytes they decode or decrypt; they are in the one
// table of programs that write what they read to a named file
// (stdin_writers.go), so the path guards judge the file and a download
// piped into them is followed there. python3 -m json.tool IN OUT
// (Lib/json/tool.py) writes OUT, and reads stdin as IN "-" (or none).
func TestDecoderOutputs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "home/.bashrc": "# rc\n"})
	checkRewrites(t, cfg, []struct{ cmd, want, in string }{
		{`uudecode -o .env a.txt`, "deny", ""},
		{`uudecode --output-file=.git/hooks/pre-commit a.txt`, "deny", ""},
		{`age -d -i key.txt -o .env x.age`, "deny", ""},
		{`age --output=.git/hooks/pre-commit -d x.age`, "deny", ""},
		{`python3 -m json.tool a.json .env`, "deny", ""},
		{`python3 -m json.tool --indent 2 a.json ~/.bashrc`, "deny", ""},
		{`curl -s https://example.com/a | uudecode -o out.bin`, "rewrite", "agent_sandbox/out.bin"},
		{`curl -s https://example.com/a | age -d -i key.txt -o out.bin`, "rewrite", "agent_sandbox/out.bin"},
		{`curl -s https://example.com/a | python3 -m json.tool - out.json`, "rewrite", "agent_sandbox/out.json"},
		// Look-alikes.
		{`uudecode -o out.bin a.txt`, "allow", ""},
		{`age -o ok.age -r age1xyz a.txt`, "allow", ""},
		{`python3 -m json.tool a.json out.json`, "allow", ""},
		{`python3 -m json.tool a.json`, "allow", ""},
		{`curl -s https://example.com/a | python3 -m json.tool`, "allow", ""},
		{`curl -s https://example.com/a | python3 -m json.tool - -`, "allow", ""},
		{`curl -s https://example.com/a | python3 -m json.tool other.json out.json`, "allow", ""},
	})
}

// TestTarTopLevelEscapes: GNU tar's --one-top-level=DIR puts every member
// under DIR, taken relative to -C's directory, so an absolute DIR (or
// one climbing out with "..") is where a download's members land
// whatever -C the rewrite adds: that asks. The real tar shows it where
// it is installed.
func TestTarTopLevelEscapes(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`curl -s https://example.com/a.tgz | tar -xz --one-top-level=/srv/x`, "ask"},
		{`curl -s https://example.com/a.tgz | tar -xz --one-top=../../x`, "ask"},
		{`curl -s https://example.com/a.tgz | tar -xz --one-top-level="$D"`, "ask"},
		{`curl -o a.tgz https://example.com/a.tgz && tar -xzf a.tgz --one-top-level=/srv/x`, "ask"},
		{`tar -xzf agent_sandbox/a.tgz --one-top-level=/srv/x`, "ask"},
		// Look-alikes: a directory under the sandbox, the archive's
		// own name.
		{`curl -s https://example.com/a.tgz | tar -xz --one-top-level=vendor`, "rewrite"},
		{`curl -s https://example.com/a.tgz | tar -xz --one-top-level`, "rewrite"},
		{`curl -o a.tgz https://example.com/a.tgz && tar -xzf a.tgz --one-top-level=v`, "rewrite"},
	})
	tar, err := exec.LookPath("tar")
	if err != nil {
		t.Skip("tar not installed")
	}
	dir := t.TempDir()
	for _, d := range []string{"src", "box"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "f"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) {
		cmd := exec.Command(tar, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("tar %v: %v %s", args, err, out)
		}
	}
	run("-C", "src", "-cf", "a.tar", "f")
	abs := filepath.Join(dir, "abs")
	run("-xf", "a.tar", "--one-top-level="+abs, "-C", "box")
	if _, err := os.Stat(filepath.Join(abs, "f")); err != nil {
		t.Errorf("tar --one-top-level=%s -C box did not write %s/f: %v", abs, abs, err)
	}
}
