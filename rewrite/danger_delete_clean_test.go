package rewrite

import "testing"

// TestCleanVerbDeletions: a clean verb removes the whole directory an
// option, a variable or a configuration names (red team 6, 8: cargo
// clean --target-dir ~/victim deleted the directory with a file cargo
// never made). It is judged as rm -rf DIR; the default places pass.
func TestCleanVerbDeletions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "proj/Cargo.toml": "", "home/.claude/": "",
		"proj/sub/.cargo/config.toml": "[build]\ntarget-dir = \"/\"\n", "proj/sub/x/": "",
		"proj/ok/.cargo/config.toml": "[build]\ntarget-dir = \"build\"\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cargo clean --target-dir ~", "deny"},
		{"cargo clean --target-dir ~/.claude", "deny"},
		{"cargo clean --target-dir .git", "ask"},
		{"CARGO_TARGET_DIR=~ cargo clean", "deny"},
		{"cargo clean --config 'build.target-dir=\"/home\"'", "deny"},
		{"cargo +nightly clean --target-dir=/", "deny"},
		{"cd sub/x && cargo clean", "deny"},
		{"uv cache clean --cache-dir ~", "deny"},
		{"UV_CACHE_DIR=~/.claude uv cache clean", "deny"},
		{"PRE_COMMIT_HOME=~ pre-commit clean", "deny"},
		{"GOMODCACHE=~ go clean -modcache", "deny"},
		{"GOPATH=/ go clean -modcache", "ask"}, // /pkg/mod
		{"bazel --output_base=/home clean --expunge", "deny"},
		{"kioclient5 remove ~/.bashrc", "deny"},
		{"kioclient5 remove file:///etc", "deny"},
		{"kioclient5 remove sftp://host/x", "allow"},
		// The default places and the look-alikes pass.
		{"cargo clean", "allow"},
		{"cargo clean --target-dir build/target", "allow"},
		{"cargo clean --target-dir=~", "ask"},        // not deleted (a directory named ~ here); a program given ~ asks
		{"cargo clean -p foo --target-dir ~", "ask"}, // not the whole directory; a program given ~ asks
		{"cd ok && cargo clean", "allow"},
		{"CARGO_TARGET_DIR=build cargo clean", "allow"},
		{"uv cache clean", "allow"},
		{"uv cache clean --cache-dir .uv-cache", "allow"},
		{"pre-commit clean", "allow"},
		{"go clean -modcache", "allow"},
		{"GOMODCACHE=~ go clean -cache", "allow"},
		{"bazel clean --expunge", "allow"},
		{"bazel --output_base=/home clean", "allow"},
		{"go build ./...", "allow"},
		{"cargo build --target-dir ~/t", "allow"},
	})
}
