package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoundPrintedTargets: a path a program corral does not compute
// prints reaches a variable by every route bash has, not only x=$(…):
// read of a pipe (a while loop, a lastpipe read, a brace group), of a
// here-string or of a process substitution, a for loop's list, printf
// -v (red team 20 follow-up: command echo ~/.bashrc | while read f; do
// rm -f "$f"; done deleted ~/.bashrc). The variable may then hold the
// path-like tokens of the program's text (syntax/readmentions.go), so a
// deletion or write of it asks. Listings and ordinary loops pass. The
// oracle runs each binding in real bash with echo in place of rm: it
// prints the protected path.
func TestBoundPrintedTargets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":  "x\n",
		"home/.bashrc": "# rc\n",
	})
	home := cfg.Home
	// rm is the decision for rm -f of the bound path: deny where corral
	// follows the printed word exactly (echo's output through the
	// pipe or a for list is the protected path itself), ask where the
	// variable may only hold one of the text's path-like tokens.
	bindings := []struct{ text, rm string }{
		{`command echo ~/.bashrc | while read -r f; do ACT "$f"; done`, "deny"},
		{`python3 -c 'print("` + home + `/.bashrc")' | while read -r f; do ACT "$f"; done`, "ask"},
		{`shopt -s lastpipe; command echo ~/.bashrc | read -r f; ACT "$f"`, "ask"},
		{`command echo ~/.bashrc | { read -r f; ACT "$f"; }`, "ask"},
		{`IFS= read -r f <<< "$(command echo ~/.bashrc)"; ACT "$f"`, "ask"},
		{`read -r f < <(python3 -c 'print("` + home + `/.bashrc")'); ACT "$f"`, "ask"},
		{`printf -v f %s "$(command echo ~/.bashrc)"; ACT "$f"`, "ask"},
		{`for f in "$(command echo ~/.bashrc)"; do ACT "$f"; done`, "ask"},
		{`for f in $(command echo ~/.bashrc); do ACT $f; done`, "deny"},
	}
	var rows []struct{ cmd, want string }
	for _, b := range bindings {
		rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(b.text, "ACT", "rm -f"), b.rm})
		rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(b.text, "ACT", "cp /dev/null"), "ask"})
	}
	rows = append(rows, []struct{ cmd, want string }{
		// Look-alikes: listings, ordinary loops, a name printed.
		{`find . -name '*.o' | while read -r f; do rm -f "$f"; done`, "allow"},
		{`git ls-files | while read -r f; do wc -l "$f"; done`, "allow"},
		{`for f in $(git ls-files '*.go'); do gofmt -w "$f"; done`, "allow"},
		{`cat list.txt | while read -r f; do rm -f "$f"; done`, "allow"},
		{`grep -l TODO -r . | while read -r f; do sed -i s/TODO/DONE/ "$f"; done`, "allow"},
		{`for d in $(ls -d */); do rm -rf "$d/build"; done`, "allow"},
		{`command echo ~/.bashrc | while read -r f; do echo "$f"; done`, "allow"},
		{`printf -v f %s "$(date +%F)"; cp README "backup-$f"`, "allow"},
	}...)
	checkDecisions(t, cfg, rows)

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	_, pyErr := exec.LookPath("python3")
	for _, b := range bindings {
		if strings.Contains(b.text, "python3") && pyErr != nil {
			continue
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", strings.ReplaceAll(b.text, "ACT", "printf '%s\\n'"))
		cmd.Dir = filepath.Join(filepath.Dir(home), "proj")
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash %q: %v", b.text, err)
			continue
		}
		if got := strings.TrimSpace(string(out)); got != filepath.Join(home, ".bashrc") {
			t.Errorf("bash %q printed %q, not ~/.bashrc", b.text, out)
		}
	}
}
