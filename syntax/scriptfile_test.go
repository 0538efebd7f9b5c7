//go:build unix

package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadScriptRefuses holds that reading a script at hook time cannot
// hang or exhaust the hook: devices, FIFOs, /proc files, links to them and
// files over MaxScriptFile are refused; a regular file is read.
func TestReadScriptRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.sh")
	if err := os.WriteFile(big, []byte(strings.Repeat("#\n", MaxScriptFile/2+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "zero.sh")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	ok := filepath.Join(dir, "ok.sh")
	if err := os.WriteFile(ok, []byte("echo hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, p := range []string{fifo, big, link, "/dev/zero", "/proc/self/environ", "/proc/self/status", dir, "relative.sh"} {
			if _, err := ReadScript(p); err == nil {
				t.Errorf("ReadScript(%s) read it", p)
			}
		}
		if text, err := ReadScript(ok); err != nil || text != "echo hi\n" {
			t.Errorf("ReadScript(ok.sh) = %q, %v", text, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("ReadScript hung")
	}
}

// TestScriptFiles models scripts on disk with the caller's directory: the
// calls inside are found, with the file as their origin.
func TestScriptFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.sh":         "cd sub\nrm -rf build\n",
		"b.py":         "import os\nos.system('git clone u')\n",
		"package.json": `{"scripts": {"prebuild": "echo pre", "build": "tsc", "postbuild": "rm -rf out"}}`,
		"Makefile":     "all: dep\n\techo all\ndep:\n\t@touch x\n\nclean:\n\trm -rf y\n",
		"jobs.cron":    "# nightly\nMAILTO=me\n0 3 * * * rm -rf /tmp/x 2>&1 % input\n@reboot ./start.sh\n",
		"job.at":       "shred -u secret\n",
	}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The directories a.sh enters exist (a cd to a missing one may
	// fail, and the calls after it are then in either directory).
	if err := os.MkdirAll(filepath.Join(dir, "sub", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd  string
		want []string // "name@dir origin"
	}{
		{"bash a.sh", []string{"bash", "cd a.sh", "rm@/sub a.sh"}},
		{"python3 b.py", []string{"python3", "git in python code (b.py:2): os.system"}},
		{"npm run build", []string{"npm", "echo package.json scripts.prebuild (npm)", "tsc package.json scripts.build (npm)", "rm package.json scripts.postbuild (npm)"}},
		{"make", []string{"make", "touch Makefile:4 (target dep)", "echo Makefile:2 (target all)"}},
		{"make -n clean", []string{"make"}},
		{"crontab jobs.cron", []string{"crontab", "rm", "start.sh"}},
		{"at -f job.at now", []string{"at", "shred job.at"}},
		// at's options through the scanner: a cluster, an attached value,
		// a queue before -f; -l lists jobs and runs none.
		{"at -mf job.at now", []string{"at", "shred job.at"}},
		{"at -fjob.at now", []string{"at", "shred job.at"}},
		{"batch -q b -Mf job.at", []string{"batch", "shred job.at"}},
		{"at -l -f job.at", []string{"at"}},
		// at reads the job on stdin: a file redirected there is read as
		// at -f reads it.
		{"at now < job.at", []string{"at", "shred job.at"}},
		{"batch < job.at", []string{"batch", "shred job.at"}},
		{"at -l < job.at", []string{"at"}},
		// A script named by a pattern, or by the items of a loop: every
		// file it can be is read.
		{"bash j*.at", []string{"bash", "shred job.at"}},
		{"for f in job.at a.sh; do bash $f; done", []string{"bash", "cd a.sh", "rm@/sub a.sh", "shred job.at"}},
		{"for f in *.at; do sh \"$f\"; done", []string{"sh", "shred job.at"}},
		{"for f in *.nothing; do sh \"$f\"; done", []string{"sh"}},
		// A shell reading its program from a descriptor opened on a
		// script file, here or by an earlier exec.
		{"bash < a.sh", []string{"bash", "cd a.sh", "rm@/sub a.sh"}},
		{"exec 3< a.sh; bash <&3", []string{"exec", "bash", "cd a.sh", "rm@/sub a.sh"}},
		{"exec 3< a.sh; cd sub; sh 0<&3", []string{"exec", "cd", "sh@/sub", "cd@/sub " + dir + "/a.sh", "rm@/sub/sub " + dir + "/a.sh"}},
		{"exec 3< a.sh; read -u 3 line", []string{"exec", "read"}},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range m.Calls {
			s := c.Name
			if c.Dir.Known && c.Dir.Path != dir && strings.HasPrefix(c.Dir.Path, dir) {
				s += "@" + strings.TrimPrefix(c.Dir.Path, dir)
			}
			if w := c.Script.Where(); w != "" {
				s += " " + w
			}
			got = append(got, s)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: calls = %q, want %q", tc.cmd, got, tc.want)
		}
	}
	// Without a reader nothing is read.
	m, _ := Analyze("bash a.sh", Options{Cwd: dir})
	if len(m.Calls) != 1 {
		t.Errorf("read a script without a reader: %d calls", len(m.Calls))
	}
}

// TestScriptNulAndSizeOracle (red team 14 NB1, BG1): real bash runs a
// script with a NUL byte after its first line (it drops the byte) and
// sources one with a NUL anywhere; it refuses to run one with a NUL in
// its first line. corral models touch exactly where bash ran it. A script
// over the size corral reads, or one that is a FIFO, is a hidden call
// that asks, whatever it holds.
func TestScriptNulAndSizeOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	for _, tc := range []struct{ file, cmd string }{
		{"echo hi\n\x00\ntouch M\n", "bash s.sh"},
		{"echo hi\n\x00\ntouch M\n", "source s.sh"},
		{"echo hi\n\x00\ntouch M\n", "sh s.sh"},
		{"echo hi\x00\ntouch M\n", "bash s.sh"},
		{"echo hi\x00\ntouch M\n", "source s.sh"},
		{"echo hi\n\x00\ntouch M\n", "chmod +x s.sh; ./s.sh"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "s.sh"), []byte(tc.file), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tc.cmd)
		cmd.Dir = dir
		_ = cmd.Run()
		_, err := os.Stat(filepath.Join(dir, "M"))
		ran := err == nil
		m, aerr := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if aerr != nil {
			t.Fatalf("%q: %v", tc.cmd, aerr)
		}
		if seen := modelsTouch(m); seen != ran {
			t.Errorf("%q of %q: bash ran touch: %v; corral models it: %v", tc.cmd, tc.file, ran, seen)
		}
	}
	dir := t.TempDir()
	big := strings.Repeat("#\n", MaxScriptFile/2+10) + "touch M\n"
	for n, c := range map[string]string{"big.sh": big, "big.py": big, "ok.sh": "echo ok\n"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "ff"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd    string
		hidden bool
	}{
		{"bash big.sh", true},
		{"source big.sh", true},
		{"python3 big.py", true},
		{"bash ff", true},
		{"bash ok.sh", false},
		{"bash missing.sh", false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		hidden := false
		for _, h := range m.Hidden {
			hidden = hidden || h.Always
		}
		if hidden != tc.hidden {
			t.Errorf("%s: hidden %v, want %v (%+v)", tc.cmd, hidden, tc.hidden, m.Hidden)
		}
	}
}
