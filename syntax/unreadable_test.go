package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// unreadableDir makes a directory holding files corral does not read
// whole (red team 16 FF1, SZ1): big.sh, over MaxScriptFile with a payload
// after its padding; ff, a FIFO nothing writes (reading it would block:
// the analysis must not); and look-alikes: ok.sh, a big data file, a
// Makefile, package.json and a git hook over the cap in their own
// directories beside small ones.
func unreadableDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	pad := "#" + strings.Repeat("a", MaxScriptFile+100) + "\n"
	files := map[string]string{
		"big.sh":                       pad + "touch M\n",
		"big.csv":                      strings.Repeat("a,b\n", MaxScriptFile/4+100),
		"ok.sh":                        "echo ok\n",
		"list.txt":                     "a\nb\n",
		"mk/Makefile":                  pad + "all:\n\ttouch M\n",
		"okmk/Makefile":                "all:\n\techo ok\n",
		"npm/package.json":             `{"name":"x","pad":"` + strings.Repeat("a", MaxScriptFile+100) + `","scripts":{"test":"touch M"}}`,
		"oknpm/package.json":           `{"name":"x","scripts":{"test":"echo ok"}}`,
		"hook/.git/hooks/pre-commit":   "#!/bin/sh\n" + pad + "touch M\n",
		"hook/.git/HEAD":               "ref: refs/heads/main\n",
		"hook/.git/config":             "[core]\n\trepositoryformatversion = 0\n",
		"okhook/.git/HEAD":             "ref: refs/heads/main\n",
		"okhook/.git/config":           "[core]\n\trepositoryformatversion = 0\n",
		"okhook/.git/hooks/pre-commit": "#!/bin/sh\necho ok\n",
	}
	for rel, c := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"hook/.git/objects", "hook/.git/refs", "okhook/.git/objects", "okhook/.git/refs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "ff"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// unreadHidden returns the findings of m that a file corral could not
// read whole leaves unknown.
func unreadHidden(m *Model) []string {
	var out []string
	for _, h := range m.Hidden {
		if h.Always && (strings.Contains(h.What, whyTooLarge) || strings.Contains(h.What, whyNotRegular)) {
			out = append(out, h.What)
		}
	}
	return out
}

// TestUnreadableFilesAsk: a file corral cannot read whole (a FIFO, a
// file over 1 MiB) whose text reaches code that runs — a shell fed by a
// pipe or a substitution, make, npm's scripts, git's configuration and
// hooks, tmux, ssh — is unknown, and the call that runs it is told
// (hidden, asked), naming the reason; the same file read as data, a
// small file and a file that is not there are not.
func TestUnreadableFilesAsk(t *testing.T) {
	t.Parallel()
	dir := unreadableDir(t)
	home := t.TempDir()
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		// Red team 16 FF1: the indirect forms.
		{"cat ff | bash", true},
		{"cat big.sh | bash", true},
		{"cat big.sh | sh -s", true},
		{"cat big.sh | python3", true},
		{`eval "$(cat ff)"`, true},
		{`bash -c "$(cat big.sh)"`, true},
		{"source <(cat ff)", true},
		{"bash <(cat big.sh)", true},
		{"GIT_CONFIG_GLOBAL=ff git x", true},
		{"GIT_CONFIG_GLOBAL=big.sh git status", true},
		{"make -f ff", true},
		{"make -f big.sh", true},
		{"cat ff | make -f -", true},
		{"ssh -F ff host", true},
		{"tmux source-file ff", true},
		{`bash -c 'cat ff | bash'`, true},
		{"cat big.sh | parallel", true},
		// Red team 16 SZ1: files run where they are not named.
		{"cd mk && make", true},
		{"make -C mk all", true},
		{"cd npm && npm test", true},
		{"cd npm && yarn test", true},
		{"cd hook && git commit -m x", true},
		// The direct forms (unreadScript) still say "runs".
		{"bash big.sh", true},
		{"source ff", true},
		// Look-alikes: data, small files, files that are not there.
		{"cat ok.sh | bash", false},
		{"cat missing.sh | bash", false},
		{"wc -l big.csv", false},
		{"cat big.csv | grep x", false},
		{"cat big.csv | xargs echo", false},
		{`bash -c "cat big.csv | xargs echo"`, false},
		{"cat big.csv | tee copy.csv", false},
		{"dd if=big.csv of=copy.csv bs=4M", false},
		{`python3 -c "import sys; print(len(sys.stdin.read()))" < big.csv`, false},
		{"head -c 10 ff", false},
		{"cat ff > out", false},
		{"sort big.csv | uniq -c", false},
		{"cd okmk && make", false},
		{"cd oknpm && npm test", false},
		{"cd okhook && git commit -m x", false},
		{"xargs -a list.txt echo", false},
		{`echo "rm -rf /"`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		got := unreadHidden(m)
		if (len(got) > 0) != tc.want {
			t.Errorf("%s: unread findings %q, want some: %v", tc.cmd, got, tc.want)
		}
		for _, w := range got {
			if !strings.Contains(w, "ff") && !strings.Contains(w, "big.sh") && !strings.Contains(w, "Makefile") &&
				!strings.Contains(w, "package.json") && !strings.Contains(w, "pre-commit") {
				t.Errorf("%s: %q does not name the file", tc.cmd, w)
			}
		}
	}
}

// TestUnreadableFilesOracle runs the indirect forms in real bash (and
// make, git where installed) against a scratch directory: the text past
// the 1 MiB corral reads does run ("touch M" marks it), and through a
// FIFO whose writer an earlier command started, so corral must not take
// either for empty; each is then checked to be told to its reader.
func TestUnreadableFilesOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	pad := "#" + strings.Repeat("a", MaxScriptFile+100) + "\n"
	for _, tc := range []struct {
		cmd, file, text, needs string
	}{
		{"cat big.sh | bash", "big.sh", pad + "touch M\n", ""},
		{`eval "$(cat big.sh)"`, "big.sh", pad + "touch M\n", ""},
		{"source <(cat big.sh)", "big.sh", pad + "touch M\n", ""},
		{"bash <(cat big.sh)", "big.sh", pad + "touch M\n", ""},
		{"make -s -f big.mk", "big.mk", pad + "all:\n\ttouch M\n", "make"},
		{"GIT_CONFIG_GLOBAL=big.cfg git m", "big.cfg", pad + "[alias]\n\tm = !touch M\n", "git"},
		{"cat ff | bash", "", "", ""},
		{`eval "$(cat ff)"`, "", "", ""},
		{"source <(cat ff)", "", "", ""},
		// (bash -c "$(cat big.sh)" is refused by exec: one argument over
		// 128 KiB. Through a FIFO the text is any size.)
		{`bash -c "$(cat ff)"`, "", "", ""},
	} {
		if tc.needs != "" {
			if _, err := exec.LookPath(tc.needs); err != nil {
				t.Logf("%s not installed: %s not run", tc.needs, tc.cmd)
				continue
			}
		}
		dir := t.TempDir()
		home := t.TempDir()
		if tc.file != "" {
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
		} else if err := syscall.Mkfifo(filepath.Join(dir, "ff"), 0o644); err != nil {
			t.Fatal(err)
		}
		// What the agent runs: for the FIFO, an earlier call started a
		// writer in the background (it only writes text to a file).
		run := tc.cmd
		if tc.file == "" {
			run = "(printf 'touch M\\n' > ff &)\n" + tc.cmd
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", run)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1"}
		_ = cmd.Run()
		cancel()
		if _, err := os.Stat(filepath.Join(dir, "M")); err != nil {
			t.Errorf("%s: the real program did not run the file's text (%v)", tc.cmd, err)
			continue
		}
		if err := os.Remove(filepath.Join(dir, "M")); err != nil {
			t.Fatal(err)
		}
		if tc.file == "" {
			// The writer has exited; the FIFO stays, with no writer.
			if err := os.Remove(filepath.Join(dir, "ff")); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(dir, "ff"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		if len(unreadHidden(m)) == 0 {
			t.Errorf("%s: the file corral cannot read is not told to its reader (%+v)", tc.cmd, m.Hidden)
		}
	}
}
