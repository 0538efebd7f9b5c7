package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeRunnersOracle runs the real interpreters (when installed) on
// the runners TestCodeRunners reads, each told to create a canary file in
// a temporary directory instead of deleting anything: the canary exists
// afterwards exactly when the call ran the text, as the analysis says.
func TestCodeRunnersOracle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, prog string
		args       func(canary string) []string
		stdin      func(canary string) string
	}{
		{"py-timeit", "python3", func(c string) []string {
			return []string{"-c", `import timeit; timeit.timeit("open(" + repr(` + pyStr(c) + `) + ", 'w').close()", number=1)`}
		}, nil},
		{"py-pdb-run", "python3", func(c string) []string {
			return []string{"-c", `import pdb; pdb.run("open(" + repr(` + pyStr(c) + `) + ", 'w').close()")`}
		}, func(string) string { return "continue\n" }},
		{"py-runsource", "python3", func(c string) []string {
			return []string{"-c", `import code; code.InteractiveInterpreter().runsource("open(" + repr(` + pyStr(c) + `) + ", 'w').close()")`}
		}, nil},
		{"py-interact", "python3", func(string) []string { return []string{"-c", "import code; code.interact()"} },
			func(c string) string { return "open(" + pyStr(c) + ", 'w').close()\n" }},
		{"py-webbrowser", "python3", func(c string) []string {
			return []string{"-c", `import webbrowser; webbrowser.get("touch ` + c + ` %s").open("x")`}
		}, nil},
		{"pl-pipe-shell", "perl", func(c string) []string {
			return []string{"-e", `open(P, "|sh") or die; print P "touch ` + c + `\n"; close P`}
		}, nil},
		{"rb-open-pipe", "ruby", func(c string) []string {
			return []string{"-W0", "-e", `open("|touch ` + c + `").read`}
		}, nil},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		cmd := exec.Command(bin, tc.args(canary)...)
		cmd.Dir = dir // webbrowser's command gets the address "x" as a word: touch makes it here
		cmd.Env = append(os.Environ(), "BROWSER=")
		if tc.stdin != nil {
			cmd.Stdin = strings.NewReader(tc.stdin(canary))
		}
		out, err := cmd.CombinedOutput()
		if _, serr := os.Stat(canary); serr != nil {
			t.Errorf("%s: the canary was not made (%v, %s)", tc.name, err, out)
		}
	}
}

// pyStr is s as a Python string literal.
func pyStr(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }
