package guards

import (
	"path/filepath"
	"strings"
	"testing"
)

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"src/a.ts", "../x", "~/.ssh/k", "/etc/../etc/passwd", "a//b/./c/..", "", ".", "..", "ü/ß", "~", "~bob/x", "/"} {
		f.Add(project, s)
		f.Add(project+"/sub", s)
	}
	f.Fuzz(func(t *testing.T, cwd, p string) {
		if !filepath.IsAbs(cwd) || strings.ContainsRune(cwd+p, 0) {
			return
		}
		e := Env{Project: project, Cwd: cwd, Home: home}
		n := Normalize(e, p)
		if p == "" {
			return
		}
		if !filepath.IsAbs(n.Abs) {
			t.Fatalf("Normalize(%q) = %q, not absolute", p, n.Abs)
		}
		if hasDotDot(n.Abs) || n.Abs != filepath.Clean(n.Abs) {
			t.Fatalf("Normalize(%q) = %q leaves .. or is not clean", p, n.Abs)
		}
		if again := Normalize(e, n.Abs); again.Abs != n.Abs || again.Rel != n.Rel {
			t.Fatalf("not idempotent: %q -> %+v -> %+v", p, n, again)
		}
		pol := DefaultPolicy()
		if hasDotDot(p) {
			return // the allow-list judges the traversal itself
		}
		if a, b := pol.Decide(e, p, Write), pol.Decide(e, n.Abs, Write); a.Verdict != b.Verdict {
			t.Fatalf("%q decides %s but its normal form %q decides %s", p, a.Verdict, n.Abs, b.Verdict)
		}
	})
}
