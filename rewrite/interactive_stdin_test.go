package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestInteractiveStdin (red team 16 IR1): an interpreter told to go
// interactive after its program (python3 -i with -c, a script or -m;
// PYTHONINSPECT=1; node -i/--interactive -e; perl -d -e) reads code from
// its input once the program ends: a redirected file, a here-string or a
// pipe is judged as code. Look-alikes: the same input without the
// option (data), perl -d:NYTProf (a profiler, not the debugger). The
// oracle runs the real python3, node and perl on a canary-making input.
func TestInteractiveStdin(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"x.py":     "import os\nos.system('rm -rf ~')\n",
		"x.js":     "require('child_process').execSync('rm -rf ~')\n",
		"x.pl":     "system('rm -rf ~');\n",
		"data.txt": "hello\n",
	} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": filepath.Join(root, "home"), EnvProject: proj}
	cfg, warns := NewConfig(func(k string) string { return env[k] }, proj)
	if len(warns) > 0 {
		t.Fatal(warns)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -i -c pass < x.py`, "deny"},
		{`python3 -ic "" < x.py`, "deny"},
		{`python3 -q -i /dev/null < x.py`, "deny"},
		{`python3 -i -m this < x.py`, "deny"},
		{`cat x.py | python3 -i -c pass`, "deny"},
		{`python3 -i -c pass <<< "import os; os.system('rm -rf ~')"`, "deny"},
		{`PYTHONINSPECT=1 python3 -c pass < x.py`, "deny"},
		{`node --interactive -e 1 < x.js`, "deny"},
		{`node -i -e 1 < x.js`, "deny"},
		{`perl -de 0 < x.pl`, "deny"},
		{`perl -d -e 0 < x.pl`, "deny"},
		// Look-alikes.
		{`python3 -c 'import sys; print(sys.stdin.read())' < x.py`, "allow"},
		{`python3 -i -c pass < data.txt`, "allow"},
		{`node -e 1 < x.js`, "allow"},
		{`perl -e 0 < x.pl`, "allow"},
		{`perl -d:NYTProf -e 0 < x.pl`, "allow"},
	})

	for _, tc := range []struct {
		prog  string
		args  []string
		input func(canary string) string
	}{
		{"python3", []string{"-i", "-c", "pass"}, func(c string) string { return "open('" + c + "', 'w').close()\n" }},
		{"python3", []string{"-q", "-i", "/dev/null"}, func(c string) string { return "open('" + c + "', 'w').close()\n" }},
		{"node", []string{"--interactive", "-e", "1"}, func(c string) string { return "require('fs').writeFileSync('" + c + "', 'x')\n" }},
		{"perl", []string{"-de", "0"}, func(c string) string { return "open(my $f, '>', '" + c + "');\nq\n" }},
	} {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s not installed, skipped", tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		cmd := exec.Command(bin, tc.args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "PERLDB_OPTS=", "TERM=dumb")
		cmd.Stdin = strings.NewReader(tc.input(canary))
		out, err := cmd.CombinedOutput()
		if _, serr := os.Stat(canary); serr != nil {
			t.Errorf("%s %v: the input was not run as code (%v, %s)", tc.prog, tc.args, err, out)
		}
	}
}
