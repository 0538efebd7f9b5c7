package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

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

// TestCleanVerbOwnLayout (issue 12): the tools that remove their own
// layout under a cache directory an option or a variable names were not
// read (GOCACHE=$PWD/.git/objects go clean -cache removed every loose
// object and passed). Each is now judged as rm -rf of what it removes
// there, as the real npm, pip and go showed in a scratch directory:
// npm DIR/_cacache, pip DIR/http, http-v2 and wheels, go DIR/00…ff and
// log.txt, ccache DIR/0…f, pnpm DIR/v10 and v3, poetry
// DIR/cache/repositories/NAME; dotnet clean -o DIR as DIR; and cargo
// clean after the command writes a .cargo/config.toml asks (the real
// cargo removed the target-dir the new file named).
func TestCleanVerbOwnLayout(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/objects/ab/": "", "proj/.git/objects/info/": "", "proj/Cargo.toml": "",
		"home/.claude/": "", "home/.bashrc": "x", "proj/cache/0/": "", "proj/cache/ccache.conf": ""})
	objects := cfg.Project + "/.git/objects"
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"GOCACHE=" + objects + " go clean -cache", "ask"},
		{"npm cache clean --force --cache .git/hooks/..", "ask"},
		{"npm_config_cache=.git/hooks/.. npm cache clean --force", "ask"},
		{"PIP_CACHE_DIR=.git/hooks/.. pip cache purge", "ask"},
		{"pnpm store prune --store-dir .git", "ask"},
		{"POETRY_CACHE_DIR=~/.claude/x poetry cache clear ../../.. --all", "deny"},
		{"dotnet clean -o ~", "deny"},
		{"dotnet clean --output=.git", "ask"},
		{"printf '[build]\\ntarget-dir = \"/home\"\\n' > .cargo/config.toml; cargo clean", "ask"},
		{"mkdir -p .cargo && tee .cargo/config <<< 'build.target-dir = \"/\"' && cargo clean", "ask"},
		// The default places and the look-alikes pass.
		{"npm cache clean --force", "allow"},
		{"npm cache clean --force --cache build/npm", "allow"},
		{"npm_config_cache=~ npm cache clean --force", "allow"}, // ~/_cacache
		{"npm cache clean --cache .git/hooks/..", "allow"},      // refused without --force
		{"pip cache purge", "allow"},
		{"go clean -cache", "allow"},
		{"GOCACHE=~ go clean -cache", "allow"},            // no 00…ff there
		{"GOCACHE=.git/objects go clean -cache", "allow"}, // go refuses a relative GOCACHE
		{"CCACHE_DIR=" + objects + " ccache -C", "allow"}, // no 0…f there
		{"CCACHE_DIR=cache ccache -C", "allow"},
		{"ccache -C", "allow"},
		{"pnpm store prune", "allow"},
		{"POETRY_CACHE_DIR=~ poetry cache clear pypi --all", "allow"},
		{"poetry cache clear pypi --all", "allow"},
		{"dotnet clean", "allow"},
		{"dotnet clean -o out", "allow"},
		{"cargo clean", "allow"},
		{"cat .cargo/config.toml; cargo clean", "allow"},
		{"echo x > .cargo/config.toml; cargo clean --target-dir build", "allow"},
		{"echo x > .cargo/config.toml; cargo build", "allow"},
	})
}

// TestCleanVerbOwnLayoutExec runs the real go and npm (where installed)
// on a scratch cache directory: each removes exactly the part
// TestCleanVerbOwnLayout judges, and leaves the rest.
func TestCleanVerbOwnLayoutExec(t *testing.T) {
	t.Parallel()
	cases := []struct {
		prog string
		args []string
		env  string
		gone []string
		kept []string
	}{
		{prog: "go", args: []string{"clean", "-cache"}, env: "GOCACHE", gone: []string{"ab", "log.txt"}, kept: []string{"info", "abc", "0"}},
		{prog: "npm", args: []string{"cache", "clean", "--force"}, env: "npm_config_cache", gone: []string{"_cacache"}, kept: []string{"info", "ab"}},
	}
	ran := 0
	for _, tc := range cases {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		dir := t.TempDir()
		for _, f := range append(append([]string{}, tc.gone...), tc.kept...) {
			if f == "log.txt" {
				if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := os.MkdirAll(filepath.Join(dir, f), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f, "x"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(tc.prog, tc.args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), tc.env+"="+dir, "GOFLAGS=-mod=mod", "npm_config_update_notifier=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s %v: %v\n%s", tc.prog, tc.args, err, out)
			continue
		}
		ran++
		for _, f := range tc.gone {
			if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
				t.Errorf("%s %v left %s", tc.prog, tc.args, f)
			}
		}
		for _, f := range tc.kept {
			if _, err := os.Stat(filepath.Join(dir, f, "x")); err != nil {
				t.Errorf("%s %v removed %s, which the model keeps", tc.prog, tc.args, f)
			}
		}
	}
	if ran == 0 {
		t.Skip("neither go nor npm is installed")
	}
}
