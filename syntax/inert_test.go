package syntax

import (
	"path/filepath"
	"testing"
)

// TestChangesNothing: only a command whose every program is a known
// printer, with no write, assignment, function or evaluation, changes
// nothing; every way of writing, running another program or reaching
// code through a value is not.
func TestChangesNothing(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "proj")
	writeFiles(t, dir, map[string]string{"x.sh": "rm -rf ~\n"})
	for cmd, want := range map[string]bool{
		"ls -la":                             true,
		"cat README.md | head -20":           true,
		"grep -rn TODO src 2>/dev/null":      true,
		"cd src && ls && pwd":                true,
		"wc -l *.go > /dev/null":             true,
		"ls > out.txt":                       false,
		"cat a >> .pre-commit-config.yaml":   false,
		"echo x | tee f":                     false,
		"ls $(rm -rf x)":                     false,
		"cat <(curl -s http://x)":            false,
		"PATH=. ls":                          false,
		"export PATH=.; ls":                  false,
		"ls(){ rm -rf ~; }; ls":              false,
		"x='a[$(rm -rf ~)]'; echo $((x))":    false,
		"[[ $x -eq 1 ]] && ls":               false,
		"echo ${a[$x]}":                      false,
		"cat $f":                             false,
		"sh x.sh":                            false,
		"./x.sh":                             false,
		"find . -delete":                     false,
		"sort -o f g":                        false,
		"echo hi; git commit -m x":           false,
		"git log --oneline -5 && git status": true,
		"git diff HEAD~1 -- src":             true,
		"git diff --output=f":                false,
		"git log --ext-diff -p":              false,
		"git -C /tmp status":                 false,
		"git commit -m x":                    false,
		"git checkout main":                  false,
		"env ls":                             false,
		"command rm -rf x":                   false,
		"xargs rm < list":                    false,
		"eval ls":                            false,
		"ls &":                               true,
		"ls | while read f; do cat $f; done": false,
	} {
		m, err := Analyze(cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript, PathLookup: true})
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		if got := m.ChangesNothing(); got != want {
			t.Errorf("%s: ChangesNothing %v, want %v", cmd, got, want)
		}
	}
	// The repository's configuration makes git run a project script: it
	// is in the walk, and may write.
	writeFiles(t, dir, map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tpager = ./x.sh\n\tfsmonitor = ./x.sh\n"})
	for cmd, want := range map[string]bool{
		"git log":    false,
		"git status": false,
	} {
		m, err := Analyze(cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript, PathLookup: true})
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		if got := m.ChangesNothing(); got != want {
			t.Errorf("%s: ChangesNothing %v, want %v", cmd, got, want)
		}
	}
}
