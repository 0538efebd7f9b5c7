package syntax

import (
	"strings"
	"testing"
)

// TestGitCommandVars: git runs GIT_SSH_COMMAND, GIT_PAGER and
// GIT_EXTERNAL_DIFF as shell text, whether given as a prefix, exported
// earlier, given by env NAME=value or assigned (the environment may have
// exported it already); the script git runs is modelled once, and not
// when the variable is unset, gone with its subshell, or overridden.
func TestGitCommandVars(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		want string // the scripts git runs, "|"-joined, with their kind
	}{
		{"GIT_SSH_COMMAND='rm -rf x' git fetch", "GIT_SSH_COMMAND: rm -rf x"},
		{"export GIT_SSH_COMMAND='rm -rf x'; git fetch", "GIT_SSH_COMMAND (exported): rm -rf x"},
		{"export GIT_SSH_COMMAND='rm -rf x'\ngit clone h:a/b", "GIT_SSH_COMMAND (exported): rm -rf x"},
		{"GIT_SSH_COMMAND='rm -rf x'; export GIT_SSH_COMMAND; git fetch", "GIT_SSH_COMMAND (exported): rm -rf x"},
		{"declare -x GIT_PAGER='rm -rf x'; git log", "GIT_PAGER (exported): rm -rf x"},
		{"env GIT_EXTERNAL_DIFF='rm -rf x' git diff", "GIT_EXTERNAL_DIFF (exported): rm -rf x"},
		{"GIT_SSH_COMMAND='rm -rf x'; git fetch", "GIT_SSH_COMMAND (exported): rm -rf x"},
		{"export GIT_SSH_COMMAND='rm -rf x'; GIT_SSH_COMMAND=ssh git fetch", "GIT_SSH_COMMAND: ssh"},
		{"export GIT_SSH_COMMAND='rm -rf x'; unset GIT_SSH_COMMAND; git fetch", ""},
		{"(export GIT_SSH_COMMAND='rm -rf x'); git fetch", ""},
		// Any program may start git (or ssh): the value is judged at
		// the first program the command starts, not at bash's own
		// commands, nor at a program that starts none (ls, cat:
		// startsNoProgram).
		{"export GIT_SSH_COMMAND='rm -rf x'; make", "GIT_SSH_COMMAND (exported): rm -rf x"},
		{"export GIT_SSH_COMMAND='rm -rf x'; ls; make", "GIT_SSH_COMMAND (exported): rm -rf x"},
		{"export GIT_SSH_COMMAND='rm -rf x'; ls", ""},
		{"export GIT_SSH_COMMAND='rm -rf x'; echo hi; cd /", ""},
		{"set -a; GIT_SSH_COMMAND='rm -rf x'; git fetch", "GIT_SSH_COMMAND (exported): rm -rf x"},
		{"set -o allexport; GIT_PAGER='rm -rf x'; git log", "GIT_PAGER (exported): rm -rf x"},
		{"(set -a; GIT_SSH_COMMAND='rm -rf x'); git fetch", ""},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.src, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		var got []string
		for _, sc := range m.Scripts {
			if strings.HasPrefix(sc.Kind, "GIT_") {
				got = append(got, sc.Kind+": "+sc.Src)
			}
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("%q: git runs %q, want %q", tt.src, g, tt.want)
		}
	}
}

// TestExportN: export -n takes the export attribute away, as declare +x.
func TestExportN(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"export BASH_ENV=./e.sh; export -n BASH_ENV; bash x.sh", "export BASH_ENV=./e.sh; declare +x BASH_ENV; bash x.sh"} {
		m, err := Analyze(src, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range m.Hidden {
			if strings.Contains(h.What, "BASH_ENV") {
				t.Errorf("%q: %s", src, h.What)
			}
		}
	}
	for _, src := range []string{"export BASH_ENV=./e.sh; bash x.sh", "set -a; BASH_ENV=./e.sh; bash x.sh",
		"set -o allexport; BASH_ENV=./e.sh; set +a; bash x.sh"} {
		m, _ := Analyze(src, opts)
		found := false
		for _, h := range m.Hidden {
			found = found || strings.Contains(h.What, "BASH_ENV")
		}
		if !found {
			t.Errorf("%q: an exported BASH_ENV is not reported", src)
		}
	}
}
