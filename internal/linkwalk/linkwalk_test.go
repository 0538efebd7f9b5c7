package linkwalk

import (
	"path"
	"strings"
	"testing"
)

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

// splitWalk is Resolve as it was written before it walked the string in
// place: the path split into a list of components, each next path made by
// path.Join. TestResolveMatchesSplitWalk holds Resolve to it.
func splitWalk(p string, last bool, maxHops int, lookup Lookup) (string, bool) {
	todo := strings.Split(p, "/")
	out := "/"
	hops := 0
	ok := true
	for len(todo) > 0 {
		seg := todo[0]
		todo = todo[1:]
		switch seg {
		case "", ".":
			continue
		case "..":
			out = path.Dir(out)
			continue
		}
		next := path.Join(out, seg)
		if !ok || len(todo) == 0 && !last {
			out = next
			continue
		}
		target, isLink, found := lookup(next)
		if !isLink {
			out = next
			continue
		}
		if !found || target == "" || hops >= maxHops {
			ok = false
			out = next
			continue
		}
		hops++
		if strings.HasPrefix(target, "/") {
			out = "/"
		}
		todo = append(strings.Split(target, "/"), todo...)
	}
	return out, ok
}

// TestResolveMatchesSplitWalk: every path of up to five components drawn
// from names, links (absolute, relative, with "..", "//", a trailing
// slash, a loop, an unreadable one, an empty target) and the special
// components gives the same answer, and the same lookups in the same
// order, as the split walk, with the last component followed or not.
func TestResolveMatchesSplitWalk(t *testing.T) {
	links := map[string]string{
		"/a/l":    "/b/c",
		"/l":      "a//b/",
		"/a/r":    "../b/./c",
		"/b/loop": "/b/loop/x",
		"/a/b/u":  "?", // unreadable
		"/b/e":    "",
		"/b/c/s":  "/",
		"/b/t":    "c/",
	}
	comps := []string{"", ".", "..", "a", "b", "c", "l", "r", "loop", "u", "e", "s", "t"}
	var paths []string
	var gen func(p string, n int)
	gen = func(p string, n int) {
		paths = append(paths, p, p+"/")
		if n == 0 {
			return
		}
		for _, c := range comps {
			gen(p+"/"+c, n-1)
		}
	}
	gen("", 4)
	for _, p := range paths {
		for _, last := range []bool{false, true} {
			var got, want []string
			look := func(seen *[]string) Lookup {
				return func(abs string) (string, bool, bool) {
					*seen = append(*seen, abs)
					tg, isLink := links[abs]
					return tg, isLink, tg != "?"
				}
			}
			r1, ok1 := Resolve(p, last, 3, look(&got))
			r2, ok2 := splitWalk(p, last, 3, look(&want))
			if r1 != r2 || ok1 != ok2 || strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("Resolve(%q, %v) = %q, %v after %q; the split walk gives %q, %v after %q", p, last, r1, ok1, got, r2, ok2, want)
			}
		}
	}
	if len(paths) < 50000 {
		t.Fatalf("only %d paths generated", len(paths))
	}
}

// TestResolveAllocations: a path already clean and without links is
// walked without allocating.
func TestResolveAllocations(t *testing.T) {
	none := func(string) (string, bool, bool) { return "", false, false }
	n := testing.AllocsPerRun(100, func() {
		if r, _ := Resolve("/home/u/.config/corral/policy.json", true, 40, none); r != "/home/u/.config/corral/policy.json" {
			t.Fatal(r)
		}
	})
	if n != 0 {
		t.Errorf("Resolve allocated %v times; want 0", n)
	}
}
