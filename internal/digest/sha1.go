package digest

import (
	"encoding/binary"
	"math/bits"
)

// Sum1 returns the SHA-1 digest of data (FIPS 180-4, 6.1). SHA-1 is no
// longer collision resistant; it is here because git names the objects
// of most repositories by it, and corral compares a work tree's file with
// the blob the index names (rewrite/danger_git_discard.go).
func Sum1(data []byte) [20]byte {
	h := [5]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}
	n := len(data)
	padded := make([]byte, (n+9+63)/64*64)
	copy(padded, data)
	padded[n] = 0x80
	binary.BigEndian.PutUint64(padded[len(padded)-8:], uint64(n)*8)
	var w [80]uint32
	for off := 0; off < len(padded); off += 64 {
		for i := 0; i < 16; i++ {
			w[i] = binary.BigEndian.Uint32(padded[off+4*i:])
		}
		for i := 16; i < 80; i++ {
			w[i] = bits.RotateLeft32(w[i-3]^w[i-8]^w[i-14]^w[i-16], 1)
		}
		a, b, c, d, e := h[0], h[1], h[2], h[3], h[4]
		for i := 0; i < 80; i++ {
			var f, k uint32
			switch {
			case i < 20:
				f, k = b&c|^b&d, 0x5a827999
			case i < 40:
				f, k = b^c^d, 0x6ed9eba1
			case i < 60:
				f, k = b&c|b&d|c&d, 0x8f1bbcdc
			default:
				f, k = b^c^d, 0xca62c1d6
			}
			t := bits.RotateLeft32(a, 5) + f + e + k + w[i]
			e, d, c, b, a = d, c, bits.RotateLeft32(b, 30), a, t
		}
		h[0] += a
		h[1] += b
		h[2] += c
		h[3] += d
		h[4] += e
	}
	var out [20]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}
