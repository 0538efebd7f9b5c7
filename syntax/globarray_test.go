package syntax

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGlobArrayAgainstBash runs array assignments with patterns in real
// bash (red team 15 GA1: x=(~/.bashr?) expands when it is assigned) and
// requires every element bash stores to be one of the values corral
// gives the word that uses it: a pattern in an array is never a value
// corral forgets.
func TestGlobArrayAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	for _, f := range []string{"home/.bashrc", "home/.ssh/id_rsa", "home/.ssh/config", "home/.aws/credentials", "proj/a.go", "proj/b.go", "proj/x.log"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("canary\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ prelude, word string }{
		{`x=(~/.bashr?); `, `"$x"`},
		{`x=(~/.bashr*); `, `"${x[@]}"`},
		{`x=(~/.ssh/*); `, `"${x[@]}"`},
		{`x=(~/.ssh/*); `, `"${x[1]}"`},
		{`x=(~/.aws/cred*); `, `"${x[0]}"`},
		{`declare -a x=(~/.bashr?); `, `"$x"`},
		{`f() { local -a x=(~/.bashr?); printf '%s\0' START "$x" END; }; f; exit; `, ``},
		{`x=(a); x+=(~/.bashr?); `, `"${x[1]}"`},
		{`x=(~/.bashr?); y=("${x[@]}"); `, `"$y"`},
		{`x=(*.go plain); `, `"${x[@]}"`},
		{`x=(~/.nomatch?); `, `"$x"`},
		{"shopt -s extglob\nx=(~/.bashr?(c)); ", `"$x"`},
	}
	for _, tc := range tests {
		script := tc.prelude + "printf '%s\\0' START " + tc.word + " END"
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "LC_ALL=C"}
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Run(); err != nil {
			t.Errorf("%s: bash: %v", script, err)
			continue
		}
		fields := strings.Split(strings.TrimSuffix(out.String(), "\x00"), "\x00")
		fields = fields[1 : len(fields)-1]
		m, err := Analyze(script, Options{Cwd: proj, Home: home, ReadFile: func(string) (string, error) { return "", os.ErrNotExist }})
		if err != nil {
			t.Fatal(err)
		}
		var vals []string
		found := false
		for _, c := range m.Calls {
			if c.Name != "printf" || len(c.Args) < 3 {
				continue
			}
			found = true
			for _, a := range c.Args[2 : len(c.Args)-1] {
				switch {
				case a.Static:
					vals = append(vals, a.Value)
				case a.OneOf:
					vals = append(vals, a.Candidates()...)
				default:
					t.Errorf("%s: %s is any value to corral", script, a.Raw)
				}
			}
		}
		if !found {
			t.Errorf("%s: no printf call", script)
		}
		for _, f := range fields {
			if !slices.Contains(vals, f) {
				t.Errorf("%s: bash stores %q, corral's values are %q", script, f, vals)
			}
		}
	}
}
