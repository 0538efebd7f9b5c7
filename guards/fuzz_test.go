package guards

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzNormalize checks the path invariants on any (cwd, path) pair, in a
// project with symlinks: Abs is absolute, clean and free of ".."; Rel
// agrees with Abs; normalising again changes nothing; and Decide on the
// normalised form gives the verdict it gives on the original (the one
// exception: an allow-list denies a ".." in the given path, which the
// normalised form no longer has).
func FuzzNormalize(f *testing.F) {
	root, proj := fsTree(f)
	for _, tt := range normalizeTests {
		f.Add(tt.cwd, tt.in)
	}
	for _, p := range []string{"docs/link/config", "docs/link/../x", "docs/loop/x", "docs/abs/../../x", "docs/dangling", "~/.ssh/x", "/dev/stderr", ".", "..", "~", "/"} {
		f.Add(proj, p)
		f.Add(proj+"/docs", p)
	}
	f.Add("relative/cwd", "x")
	f.Add("", "")
	e := Env{Project: proj, Home: filepath.Join(root, "home"), Sandbox: filepath.Join(root, "sandbox")}
	def := DefaultPolicy()
	al, err := AllowListFromEnv(`["docs/**", "src/**/*.go"]`)
	if err != nil {
		f.Fatal(err)
	}
	restricted := def.Merge(al)
	f.Fuzz(func(t *testing.T, cwd, p string) {
		e := e
		e.Cwd = cwd
		n := Normalize(e, p)
		if p == "" {
			if n != (Path{}) {
				t.Fatalf("empty path: %+v", n)
			}
			return
		}
		if !filepath.IsAbs(n.Abs) || filepath.Clean(n.Abs) != n.Abs {
			t.Fatalf("Abs %q is not clean and absolute", n.Abs)
		}
		if hasDotDot(n.Abs) || hasDotDot(n.Rel) {
			t.Fatalf("\"..\" left in %+v", n)
		}
		switch {
		case n.InProject && n.Rel == ".":
			if n.Abs != proj {
				t.Fatalf("Rel . but Abs %s", n.Abs)
			}
		case n.InProject:
			if n.Abs != proj+"/"+n.Rel || strings.HasPrefix(n.Rel, "/") {
				t.Fatalf("Rel %q disagrees with Abs %q", n.Rel, n.Abs)
			}
		case n.Rel != "":
			t.Fatalf("Rel without InProject: %+v", n)
		}
		again := Normalize(e, n.Abs)
		if again.Abs != n.Abs || again.Rel != n.Rel || again.InProject != n.InProject {
			t.Fatalf("not idempotent: %+v then %+v", n, again)
		}
		for _, a := range []Action{Write, Delete} {
			if d, dn := def.Decide(e, p, a), def.Decide(e, n.Abs, a); d.Verdict != dn.Verdict || d.Rule != dn.Rule {
				t.Fatalf("%s %q: %s/%s, normalised %q: %s/%s", a, p, d.Verdict, d.Rule, n.Abs, dn.Verdict, dn.Rule)
			}
			d, dn := restricted.Decide(e, p, a), restricted.Decide(e, n.Abs, a)
			if dn.Verdict > d.Verdict || !hasDotDot(p) && d.Verdict != dn.Verdict {
				t.Fatalf("allow-list, %s %q: %s, normalised %q: %s", a, p, d.Verdict, n.Abs, dn.Verdict)
			}
		}
	})
}
