package allowlist

// The corpus package defines -update for every test binary, so that
// go test ./... -update runs everywhere (only golden tests use it).
import _ "github.com/corral-dev/corral/corpus"
