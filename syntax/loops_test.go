package syntax

import (
	"strings"
	"testing"
)

func TestLoopValues(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		want string // values joined by "|", "-" when not ok
		glob bool
	}{
		{`for d in / /etc; do rm -rf "$d"; done`, "/|/etc", false},
		{`for d in a b; do rm -rf $d/; done`, "a/|b/", false},
		{`for d in ~ /tmp; do rm -rf ${d}; done`, "/home/u|/tmp", false},
		{`for f in /*; do rm -rf "$f"; done`, "/*", true},
		{`for f in x; do rm -rf "$f"; done`, "x", false},
		{`for a in x y; do for b in 1 2; do rm -rf $a$b; done; done`, "x1|x2|y1|y2", false},
		{`for d in $(ls); do rm -rf "$d"; done`, "-", false},
		{`for d in a b; do rm -rf "$d/$other"; done`, "-", false},
		{`for d; do rm -rf "$d"; done`, "-", false},
		{`while read d; do rm -rf "$d"; done`, "-", false},
		{`rm -rf "$d"`, "-", false},
		{`bash -c 'for d in / x; do rm -rf "$d"; done'`, "/|x", false},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.src, Options{Cwd: "/home/u/p", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		var c *Call
		for _, x := range m.Calls {
			if x.Name == "rm" {
				c = x
			}
		}
		if c == nil {
			t.Fatalf("%q: no rm call", tt.src)
		}
		last := c.Args[len(c.Args)-1]
		vals, ok := LoopValues(c, last, "/home/u")
		got := "-"
		if last.Static && !last.Glob {
			// A loop over one static item gives its variable that value.
			got = last.Value
		} else if ok {
			var s []string
			for _, v := range vals {
				s = append(s, v.Value)
				if v.Glob != tt.glob {
					t.Errorf("%q: %q glob %v, want %v", tt.src, v.Value, v.Glob, tt.glob)
				}
			}
			got = strings.Join(s, "|")
		}
		if got != tt.want {
			t.Errorf("%q: values %q, want %q", tt.src, got, tt.want)
		}
	}
}
