package rewrite

import "testing"

// TestCorralSelf: corral's own approving and (un)registering commands run
// by the agent are denied however corral is started, also built from
// source by go run (a module path at any version, a directory, build
// flags first); its other commands and other programs pass.
func TestCorralSelf(t *testing.T) {
	t.Parallel()
	testRule(t, "corral-self", []ruleCase{
		{"corral confirm abc123", Deny},
		{"/opt/bin/corral uninstall", Deny},
		{"corral --color never session allow", Deny},
		{"go run github.com/corral-dev/corral/cmd/corral@latest uninstall", Deny},
		{"go run ./cmd/corral confirm abc123", Deny},
		{"go run -tags netgo -ldflags=-s ./cmd/corral init", Deny},
		{"go run -C ../corral ./cmd/corral policy init", Deny},
		// Look-alikes.
		{"corral rewrite explain 'ls'", Allow},
		{"go run ./cmd/corral rewrite explain 'ls'", Allow},
		{"go run ./cmd/server confirm", Allow},
		{"go run main.go uninstall", Allow},
		{"go test ./...", Allow},
	})
}
