package syntax

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// TestSum256 holds sum256 to crypto/sha256 on every length around the
// padding's block edges (55, 56, 63, 64 bytes…) and on random paths.
func TestSum256(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		if got, want := sum256(b), sha256.Sum256(b); got != want {
			t.Fatalf("len %d: sum256 = %x, want %x", n, got, want)
		}
	}
	for _, s := range []string{"", "abc", "/home/u/project", "/home/u/project/Pipfile"} {
		if got, want := sum256([]byte(s)), sha256.Sum256([]byte(s)); got != want {
			t.Errorf("%q: sum256 = %x, want %x", s, got, want)
		}
	}
}
