package syntax

import "github.com/corral-dev/corral/internal/digest"

// sum256 is SHA-256 of b, for the environment names poetry and pipenv
// derive from a path (pyenvs.go): internal/digest's, which does without
// crypto/sha256 (that package brings Go's whole FIPS 140 module into the
// hook). TestSum256 holds it to crypto/sha256.
func sum256(b []byte) [32]byte { return digest.Sum256(b) }
