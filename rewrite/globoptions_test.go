package rewrite

import (
	"os/exec"
	"testing"
)

// TestGlobOptionWords: a file whose name starts with "-" is an option to
// the program that receives it from pathname expansion (wildcard
// injection): tar cf x.tar * in a directory holding
// "--checkpoint-action=exec=sh e.sh" runs e.sh. Each row runs in real
// bash and GNU tar against a canary ~/.bashrc that e.sh overwrites; a row
// that overwrites it must not be allowed, and a look-alike that leaves it
// must keep its decision (syntax/globoptions.go).
func TestGlobOptionWords(t *testing.T) {
	t.Parallel()
	payload := "echo pwned > ~/.bashrc\n"
	files := map[string]string{
		"proj/w/--checkpoint=1":                   "",
		"proj/w/--checkpoint-action=exec=sh e.sh": "",
		"proj/w/e.sh":                             payload,
		"proj/w/a.txt":                            "a\n",
		"proj/u/--use-compress-program=sh e.sh":   "",
		"proj/u/e.sh":                             payload,
		"proj/ok/a.txt":                           "a\n",
		"proj/ok/b.txt":                           "b\n",
	}
	rows := []struct {
		cmd, want string
		pwns      bool
	}{
		{"cd w && tar cf x.tar *", "deny", true},
		{"cd w && tar cf x.tar [-a]*", "deny", true},
		{"cd w; tar cf x.tar *", "deny", true},
		{"cd w; x=*; tar cf x.tar $x", "deny", true},
		{"cd w; a=(*); tar cf x.tar \"${a[@]}\"", "deny", true},
		{"cd u && for f in *; do tar cf x.tar \"$f\" e.sh; done", "deny", true},
		// The positional parameters set from a pattern are its matches
		// (set -- *, a function's or a script's arguments).
		{"cd w; set -- *; tar cf x.tar \"$@\"", "deny", true},
		{"cd w; set -- [-a]*; tar cf x.tar \"$@\"", "deny", true},
		{"cd w; f() { tar cf x.tar \"$@\"; }; f *", "deny", true},
		// Parameters set from a pattern on one path only (after &&, in
		// an if): the option-named words stay whichever path ran
		// (state.posOpts).
		{"cd w && set -- *; tar cf x.tar \"$@\"", "deny", true},
		{"if cd w; then set -- *; fi; tar cf x.tar \"$@\"", "deny", true},
		{"cd ok; touch -- --checkpoint=1 '--checkpoint-action=exec=sh e.sh'; echo 'echo pwned > ~/.bashrc' > e.sh; set -- *; tar cf x.tar \"$@\"", "deny", true},
		// Look-alikes: a pattern starting with a literal, the words after
		// --, a quoted value, no option-like name in the directory.
		{"cd w && tar cf x.tar ./*", "allow", false},
		{"cd w && tar cf x.tar -- *", "allow", false},
		{"tar cf x.tar w/*", "allow", false},
		{"cd w; x=*; tar cf x.tar \"$x\" || true", "allow", false},
		{"cd ok && tar cf x.tar *", "allow", false},
		{"cd ok && for f in *; do tar cf \"$f.tar\" \"$f\"; done", "allow", false},
		{"cd w && ls -d ./*", "allow", false},
		{"cd w; set -- ./*; tar cf x.tar \"$@\"", "allow", false},
		{"cd w; set -- *; tar cf x.tar -- \"$@\"", "allow", false},
		{"cd ok; set -- *; tar cf x.tar \"$@\"", "allow", false},
		{"cd w; f() { tar cf x.tar \"$@\"; }; f ./*", "allow", false},
		{"cd w && set -- *; tar cf x.tar -- \"$@\"", "allow", false},
		{"cd w && set -- *; set -- a.txt; tar cf x.tar \"$@\"", "allow", false},
		{"if cd ok; then set -- *; fi; tar cf x.tar \"$@\"", "allow", false},
	}
	cfg := scratchProject(t, files)
	if _, err := exec.LookPath("tar"); err == nil {
		for _, r := range rows {
			if got := pwned(runCanary(t, files, r.cmd+" || true")); got != r.pwns {
				t.Errorf("%q in real bash: overwrote ~/.bashrc %v, want %v", r.cmd, got, r.pwns)
			}
		}
	}
	for _, r := range rows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.cmd, got, r.want, Check(cfg, r.cmd).Findings)
		}
	}
}

// TestGlobPositionalParams: set -- PATTERN, a function's arguments and a
// script's are the pattern's matches once bash has expanded it, so "$@"
// names each file (cd .. && set -- *; rm -rf "$@" deletes the project and
// its .git; before, "$@" was read as the literal pattern, quoted, and
// allowed). Look-alikes name files that may go.
func TestGlobPositionalParams(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/notes.txt": "n\n",
		"proj/.git/HEAD": "ref: refs/heads/main\n",
		"proj/a.txt":     "a\n",
		"proj/b.txt":     "b\n",
		"proj/d/c.txt":   "c\n",
	})
	rows := []struct {
		cmd     string
		allowed bool
	}{
		{`cd ..; set -- *; rm -rf "$@"`, false},
		{`set -- ../*; rm -rf "$@"`, false},
		{`set -- ../*; for f; do rm -rf "$f"; done`, false},
		{`set -- x ../*; shift; rm -rf "$@"`, false},
		{`f() { rm -rf "$@"; }; f ../*`, false},
		{`f() { rm -rf "$2"; }; cd .. && f *`, false},
		{`printf 'rm -rf "$@"\n' > r.sh; . ./r.sh ../*`, false},
		// Look-alikes: the matches are files that may go, or are listed.
		{`set -- *.txt; rm -f "$@"`, true},
		{`cd d && set -- *; rm -rf "$@"`, true},
		{`set -- ../*; ls -d "$@"`, true},
		{`f() { rm -rf "$@"; }; f *.txt`, true},
		{`printf 'rm -rf "$@"\n' > r.sh; . ./r.sh *.txt`, true},
	}
	for _, r := range rows {
		got := Check(cfg, r.cmd)
		if (got.Decision.String() == "allow") != r.allowed {
			t.Errorf("%s: %s, want allowed %v (%v)", r.cmd, got.Decision, r.allowed, got.Findings)
		}
	}
}
