package rewrite

import "testing"

// TestCompoundCatIntoShell (red team 17 CS1): a file printed by cat inside
// a compound stage ((…), { …; }, if, a cd before it) and piped into a
// shell is the file's script, as cat F | sh is: its text is judged.
// Look-alikes: a harmless file, one that is not there (cat fails and
// prints nothing), cat of it into a pager.
func TestCompoundCatIntoShell(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/p.sh": "rm -rf ~\n", "proj/ok.sh": "echo ok\n", "proj/sub/p.sh": "rm -rf ~\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cat p.sh | sh", "deny"},
		{"(cat p.sh) | sh", "deny"},
		{"{ cat p.sh; } | bash", "deny"},
		{"if true; then cat p.sh; fi | sh", "deny"},
		{"(cd sub && cat p.sh) | sh", "deny"},
		{"{ cat p.sh; echo ls; } | sh", "deny"},
		{"{ echo set -e; cat p.sh; } | sh", "deny"},
		{"(cat ok.sh) | sh", "allow"},
		{"{ cat ok.sh; echo done; } | sh", "allow"},
		{"(cat missing.sh) | sh", "allow"},
		{"(cat p.sh) | less", "allow"},
	})
}
