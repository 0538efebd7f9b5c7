package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSubstListValues holds the output corral computes for a command
// substitution whose body is a list, a compound command, a function or
// a text filter (red team 18 PI2, FP2, HD2, EX1c) to real bash: a
// computed word must be what bash prints, a word with candidates must
// hold what bash printed among them, and a word left to run time has
// neither.
func TestSubstListValues(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		pre, body string
		want      string // "static", "cands", "open", "dynamic"
	}{
		{"", "echo /a; :", "static"},
		{"", "echo /a; echo b", "static"},
		{"", "false || echo /a", "static"},
		{"", "true && echo /a", "static"},
		{"", "true || echo /a", "static"},
		{"", "false && echo /a", "static"},
		{"", "! false && echo /a", "static"},
		{"", "{ echo /a; }", "static"},
		{"", " (echo /a) ", "static"},
		{"", " (echo /a); echo /b", "static"},
		{"", "if true; then echo /a; fi", "static"},
		{"", "if false; then echo /a; elif true; then echo /c; else echo /b; fi", "static"},
		{"", "if false; then echo /a; else echo /b; fi", "static"},
		{"", "echo /a >/dev/null; echo /b", "static"},
		{"", "echo /a 2>/dev/null; :", "static"},
		{"", "cd / && pwd", "static"},
		{"", "cd /; pwd", "static"},
		{"", " (cd /; :); pwd", "static"},
		{"", "x=1; echo /a", "static"},
		{"f() { echo /a; :; }; ", "f", "static"},
		{"f() { echo /a; }; g() { f; echo /b; }; ", "g", "static"},
		{"", "echo /B | tr A-Z a-z; :", "static"},
		{"", "sort <<< /a", "static"},
		{"", "uniq <<< /a", "static"},
		{"", "grep . <<< /a", "static"},
		{"", "grep -F a <<< /a", "static"},
		{"", "tr -d 0-9 <<< /a1", "static"},
		{"", "echo /a1 | tr -d 0-9", "static"},
		{"", "tr a-c x <<< /abcd", "static"},
		{"", "printf '%s\\n' /a /a /b | uniq", "static"},
		{"", "[ -f nofile ] && echo /a", "cands"},
		{"", "if [ -e nofile ]; then echo /a; fi", "cands"},
		{"", "test -d / && echo /a || echo /b", "cands"},
		{"", "[ -d / ] && echo /a", "cands"},
		// Left to run time: the paths the body's text names are
		// candidates among others (substmentions.go).
		{"", "cat .build-dir 2>/dev/null || echo build", "open"},
		{"", "x=/a; echo $x", "open"},
		{"", "echo /a 2>&1; :", "open"},
		{"", "for i in 1; do echo /a; done", "open"},
		{"", "printf '%s\\n' /b /a | sort", "open"},
		{"", "grep 'a.*' <<< /a", "open"},
		{"f() { echo $1; }; ", "f /a", "open"},
		{"", "echo /a & :", "open"},
	}
	_, hasBash := exec.LookPath("bash")
	for _, tt := range tests {
		src := tt.pre + `rm -f "$(` + tt.body + `)"`
		m, err := Analyze(src, Options{Cwd: dir, Home: dir})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		var a *Arg
		for _, c := range m.Calls {
			if c.Name == "rm" && len(c.Args) == 2 {
				a = &c.Args[1]
			}
		}
		if a == nil {
			t.Fatalf("%q: no rm call", src)
		}
		got := "dynamic"
		switch {
		case a.Static:
			got = "static"
		case a.SubstOpen():
			got = "open"
		case len(a.Candidates()) > 0:
			got = "cands"
		}
		if got != tt.want {
			t.Errorf("%q: %s (%q %q), want %s", src, got, a.Value, a.Candidates(), tt.want)
			continue
		}
		if got == "dynamic" || hasBash != nil {
			continue
		}
		cmd := exec.Command("bash", "--norc", "--noprofile", "-c", tt.pre+`printf %s "$(`+tt.body+`)"`)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash %q: %v", tt.body, err)
			continue
		}
		switch got {
		case "static":
			if a.Value != string(out) {
				t.Errorf("%q: corral %q, bash %q", tt.body, a.Value, out)
			}
		case "cands":
			if !slices.Contains(a.Candidates(), string(out)) {
				t.Errorf("%q: bash printed %q, not among %q", tt.body, out, a.Candidates())
			}
		case "open":
			// One path the body names (with a / or a .): it is among
			// the candidates.
			if o := string(out); strings.ContainsAny(o, "/.") && !strings.ContainsAny(o, " \n") && !slices.Contains(a.Candidates(), o) {
				t.Errorf("%q: bash printed %q, not among %q", tt.body, out, a.Candidates())
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "nofile")); err == nil || strings.Contains(dir, "\n") {
		t.Fatal("scratch directory changed")
	}
}
