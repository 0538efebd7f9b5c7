package linkwalk

import "testing"

// TestResolve: links replace their component before the components after
// it apply ("t/.." is above the target), relative targets are read from
// the link's directory, the last component is followed only when asked,
// and a loop stops after maxHops with ok false.
func TestResolve(t *testing.T) {
	links := map[string]string{
		"/p/t":    "/home/u/.ssh", // absolute
		"/p/rel":  "../q",         // relative to /p
		"/p/loop": "/p/loop",
		"/p/last": "/etc/passwd",
	}
	lookup := func(abs string) (string, bool, bool) {
		t, ok := links[abs]
		return t, ok, true
	}
	for _, tc := range []struct {
		p      string
		last   bool
		want   string
		wantOK bool
	}{
		{"/p/t/../.claude", true, "/home/u/.claude", true},
		{"/p/rel/x", true, "/q/x", true},
		{"/p/last", false, "/p/last", true},
		{"/p/last", true, "/etc/passwd", true},
		{"/p/./a//b/../c", true, "/p/a/c", true},
		{"/p/loop/x", true, "/p/loop/x", false},
	} {
		got, ok := Resolve(tc.p, tc.last, 40, lookup)
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("Resolve(%q, %v) = %q, %v; want %q, %v", tc.p, tc.last, got, ok, tc.want, tc.wantOK)
		}
	}
}
