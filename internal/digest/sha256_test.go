package digest

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestSum256 compares the digest with the standard library's for the
// FIPS 180-4 examples, every length around the block boundaries, and
// random inputs.
func TestSum256(t *testing.T) {
	known := map[string]string{
		"":    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq": "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	}
	for in, want := range known {
		if got := Hex256([]byte(in)); got != want {
			t.Errorf("Hex256(%q) = %s, want %s", in, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		want := sha256.Sum256(b)
		if got := Sum256(b); got != want {
			t.Fatalf("length %d: %s, want %s", n, hex.EncodeToString(got[:]), hex.EncodeToString(want[:]))
		}
	}
	big := make([]byte, 1<<20+3)
	for i := range big {
		big[i] = byte(i * 7)
	}
	if got, want := Sum256(big), sha256.Sum256(big); got != want {
		t.Errorf("1 MiB: differs from crypto/sha256")
	}
}
