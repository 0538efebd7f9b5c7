package digest

import (
	"crypto/sha1"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestSum1 compares the digest with the standard library's for the FIPS
// 180-4 examples, every length around the block boundaries, random inputs
// and a megabyte.
func TestSum1(t *testing.T) {
	known := map[string]string{
		"":    "da39a3ee5e6b4b0d3255bfef95601890afd80709",
		"abc": "a9993e364706816aba3e25717850c26c9cd0d89d",
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq": "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
	}
	for in, want := range known {
		if got := Sum1([]byte(in)); hex.EncodeToString(got[:]) != want {
			t.Errorf("Sum1(%q) = %x, want %s", in, got, want)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 300; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		if got, want := Sum1(b), sha1.Sum(b); got != want {
			t.Fatalf("length %d: %x, want %x", n, got, want)
		}
	}
	big := make([]byte, 1<<20+3)
	for i := range big {
		big[i] = byte(i * 7)
	}
	if got, want := Sum1(big), sha1.Sum(big); got != want {
		t.Errorf("1 MiB: differs from crypto/sha1")
	}
}
