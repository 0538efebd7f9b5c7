package syntax

import (
	"strings"
	"testing"
)

// TestValueGrowthBounded (red team 16 RB1): a value that doubles itself
// is computed while it is short and only known at run time once it is
// longer than MaxValueBytes, so that forty doublings of a 300-byte
// command do not need 2^40 bytes; arrays and repeated uses are bounded
// the same way.
func TestValueGrowthBounded(t *testing.T) {
	doubling := func(n int, step string) string {
		return "x=a; " + strings.Repeat(step+"; ", n) + "rm -rf \"$x\""
	}
	last := func(m *Model) Arg {
		c := m.Calls[len(m.Calls)-1]
		return c.Args[len(c.Args)-1]
	}
	for _, tc := range []struct {
		name, src string
		static    bool
		length    int
	}{
		{"ten doublings", doubling(10, "x=$x$x"), true, 1 << 10},
		{"twenty doublings", doubling(20, "x=$x$x"), true, 1 << 20},
		{"forty doublings", doubling(40, "x=$x$x"), false, 0},
		{"forty appends", doubling(40, "x+=$x"), false, 0},
		{"forty substitutions", doubling(40, `x=$(printf %s%s "$x" "$x")`), false, 0},
		{"array doubling", "x=(a a); " + strings.Repeat(`x=("${x[@]}" "${x[@]}"); `, 40) + `rm -rf "${x[*]}"`, false, 0},
	} {
		m, err := Analyze(tc.src, opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		a := last(m)
		if a.Static != tc.static {
			t.Errorf("%s: static = %v, want %v", tc.name, a.Static, tc.static)
		}
		if tc.static && len(a.Value) != tc.length {
			t.Errorf("%s: value of %d bytes, want %d", tc.name, len(a.Value), tc.length)
		}
	}
}
