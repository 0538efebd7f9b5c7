package syntax

import (
	"testing"
	"time"
)

// FuzzRoffDoc: any document groff -U reads on standard input is followed
// without a crash and in bounded time.
func FuzzRoffDoc(f *testing.F) {
	for _, s := range []string{".de S\n.sy \\\\$*\n..\n.S rm -rf /x\n", ".cc @\n@als r sy\n@r ls\n", ".ds x sy\n.\\*[x] ls\n.if n .do sy ls\n", ".de A\n.A\n.A\n..\n.A\n", ".ec !\n.de B\n.sy !$1\n..\n.B ls\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		start := time.Now()
		_, _ = Analyze("groff -U <<'EOF'\n"+doc+"\nEOF", Options{Cwd: "/tmp", Home: "/home/u"})
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("took %v", d)
		}
	})
}
