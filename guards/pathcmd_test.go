package guards

import "testing"

// A file written directly inside a home directory on PATH (the hook's
// PATH entries under the home, ~/bin and ~/.local/bin always) asks: it
// is a command later calls run by name. Deeper files, deletions, other
// home files, the project's own bin directories (also when on PATH) and
// system directories (judged by their own rules) do not get this rule.
func TestPathCommandWrites(t *testing.T) {
	t.Setenv("PATH", "/home/u/go/bin:/home/u/proj/node_modules/.bin:relative/bin:/usr/bin:/home/u")
	e := Env{Project: "/home/u/proj", Cwd: "/home/u/proj", Home: "/home/u"}
	// The self layer alone: a guardrails file would ask about every write
	// outside its safe paths first (outside-safe-path).
	p := new(Policy).WithSelfProtection(nil, "")
	for _, tt := range []struct {
		path string
		a    Action
		want bool // the path-command rule decides, asking
	}{
		{"~/.local/bin/cleanup", Write, true},
		{"~/bin/ls", Write, true},
		{"~/go/bin/tool", Write, true},
		{"/home/u/.local/bin/../bin/git", Write, true},
		{"~/.local/bin", Write, true}, // the directory itself, made by a mv or cp -r
		{"~/.local/bin/sub/x", Write, false},
		{"~/.local/bin/cleanup", Delete, false},
		{"~/.local/share/x", Write, false},
		{"~/notes.txt", Write, false},                 // the home itself on PATH is not counted
		{"node_modules/.bin/tool", Write, false},      // the project's
		{"relative/bin/tool", Write, false},           // a relative entry
		{"/usr/bin/tool", Write, false},               // a system directory: other rules
		{"/home/u/proj/bin/tool", Write, false},       // the project's own bin
		{"/home/u/.local/bin-old/tool", Write, false}, // a name that only starts alike
		{"/home/u/gobin/tool", Write, false},
	} {
		d := p.Decide(e, tt.path, tt.a)
		got := d.Rule == PathCommandRule
		if got != tt.want || got && d.Verdict != Ask {
			t.Errorf("%s %s: %s %q, want path-command %v", tt.a, tt.path, d.Verdict, d.Rule, tt.want)
		}
	}
}
