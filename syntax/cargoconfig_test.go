package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCargoConfigPrograms: the programs .cargo/config.toml (and
// .cargo/config, in a parent directory, or $CARGO_HOME/config.toml) names
// for cargo build, run and test are judged as cargo --config is; an alias
// is its cargo command line. Look-alikes: an ordinary configuration, a
// command that builds nothing.
func TestCargoConfigPrograms(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	wipe := "#!/bin/sh\nrm -rf /victim\nexec \"$@\"\n"
	writeFiles(t, dir, map[string]string{
		"w/.cargo/config.toml":   "[build]\nrustc-wrapper = \"tools/wrap.sh\"\n",
		"w/tools/wrap.sh":        wipe,
		"w/Cargo.toml":           "[package]\nname = \"w\"\n",
		"r/.cargo/config.toml":   "[target.x86_64-unknown-linux-gnu]\nrunner = [\"sh\", \"-c\", \"rm -rf /victim\"]\n",
		"l/.cargo/config":        "[target.'cfg(unix)']\nlinker = \"./ld.sh\"\n",
		"l/ld.sh":                wipe,
		"p/.cargo/config.toml":   "build.rustc = \"/bin/sh -c 'rm -rf /victim'\"\n",
		"p/sub/crate/Cargo.toml": "[package]\nname = \"c\"\n",
		"a/.cargo/config.toml":   "[alias]\nwipe = \"--config build.rustc-wrapper=./tools/wrap.sh build\"\nb = [\"build\", \"--release\"]\n",
		"a/tools/wrap.sh":        wipe,
		"ok/.cargo/config.toml":  "[build]\njobs = 4\ntarget-dir = \"target\"\n[alias]\nb = \"build\"\nxtask = \"run --package xtask --\"\n[target.x86_64-unknown-linux-gnu]\nlinker = \"clang\"\nrustflags = [\"-C\", \"link-arg=-fuse-ld=lld\"]\n[env]\nRUST_LOG = \"debug\"\n",
		"ok/Cargo.toml":          "[package]\nname = \"ok\"\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd w && cargo build`, true},
		{`cd w && cargo test`, true},
		{`cd r && cargo run`, true},
		{`cd l && cargo build --release`, true},
		{`cd p/sub/crate && cargo check`, true},
		{`cd a && cargo wipe`, true},
		{`mkdir -p n/.cargo && printf 'rm -rf /victim\n' > n/w.sh && printf '[build]\nrustc-wrapper = "./w.sh"\n' > n/.cargo/config.toml && cd n && cargo build`, true},
		// Look-alikes.
		{`cd w && cargo --version`, false},
		{`cd w && cargo fmt`, false},
		{`cd a && cargo b`, false},
		{`cd ok && cargo build && cargo b && cargo test && cargo run`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestCargoConfigWrapperRuns runs real cargo with a rustc-wrapper that
// touches a canary: cargo runs it, and corral reads it.
func TestCargoConfigWrapperRuns(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("cargo"); err != nil {
		t.Skip("cargo not installed")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"Cargo.toml":         "[package]\nname = \"canary\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"src/main.rs":        "fn main() {}\n",
		".cargo/config.toml": "[build]\nrustc-wrapper = \"./wrap.sh\"\n",
		"wrap.sh":            "#!/bin/sh\ntouch canary\nexec \"$@\"\n",
	})
	m := analyzeIn(t, dir, "cargo build --offline")
	seen := false
	for _, s := range nestedScripts(m) {
		seen = seen || strings.Contains(s, "touch canary")
	}
	c := exec.Command("cargo", "build", "--offline", "-q")
	c.Dir = dir
	c.Env = append(os.Environ(), "CARGO_TARGET_DIR="+filepath.Join(dir, "target"))
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("cargo build: %v\n%s", err, out)
	}
	_, err := os.Stat(filepath.Join(dir, "canary"))
	if err != nil || !seen {
		t.Errorf("ran the canary: %v, corral saw it: %v", err == nil, seen)
	}
}

// TestCargoConfigOption: cargo --config KEY=VALUE (before or after the
// subcommand) and --config FILE name programs as the configuration files
// do: build.rustc, rustflags' -C linker, build.rustdoc for cargo doc,
// doc.browser for cargo doc --open, a credential provider for cargo
// publish; a value only known at run time asks for a command that
// builds (red team 13 CF3). Look-alikes: ordinary keys, cargo's own
// cargo:token provider, a browser without --open, words after "--".
func TestCargoConfigOption(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	wipe := "#!/bin/sh\nrm -rf /victim\nexec \"$@\"\n"
	writeFiles(t, dir, map[string]string{
		"Cargo.toml":      "[package]\nname = \"c\"\n",
		"w.sh":            wipe,
		"cfg/extra.toml":  "[build]\nrustc-wrapper = \"./w.sh\"\n",
		"x/y/extra.toml":  "[build]\nrustc-wrapper = \"./w.sh\"\n",
		"x/w.sh":          wipe,
		"z/y/extra.toml":  "[build]\nrustc-wrapper = \"./w.sh\"\n",
		"cfg/ok.toml":     "[build]\njobs = 2\n",
		"cfg/dotted.toml": "build.rustflags = [\"-C\", \"linker=./w.sh\"]\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cargo build --config 'build.rustc="./w.sh"'`, true},
		{`cargo --config cfg/extra.toml build`, true},
		{`cargo --config cfg/dotted.toml build`, true},
		{`cargo --config x/y/extra.toml build`, true},
		{`cargo --config 'build.rustflags=["-Clinker=./w.sh"]' build`, true},
		{`cargo --config 'build.rustdoc="./w.sh"' doc`, true},
		{`cargo --config 'doc.browser="./w.sh"' doc --open`, true},
		{`cargo --config 'registry.global-credential-providers=["cargo:token", "./w.sh --x"]' publish`, true},
		{`cargo --config 'registries.my.credential-provider="./w.sh"' publish --registry my`, true},
		// Look-alikes.
		{`cargo --config cfg/ok.toml build`, false},
		{`cargo --config build.jobs=4 build`, false},
		{`cargo --config z/y/extra.toml build`, false}, // z/w.sh: none
		{`cargo --config 'registry.global-credential-providers=["cargo:token"]' publish`, false},
		{`cargo --config 'doc.browser="./w.sh"' doc`, false},
		{`cargo --config 'build.rustdoc="./w.sh"' tree`, false},
		{`cargo run -- --config 'build.rustc="./w.sh"'`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
	m := analyzeIn(t, dir, `cargo --config "$C" build`)
	if len(m.Hidden) == 0 {
		t.Errorf(`cargo --config "$C" build: no hidden code`)
	}
	if m := analyzeIn(t, dir, `cargo --config "$C" tree`); len(m.Hidden) != 0 {
		t.Errorf(`cargo --config "$C" tree: %v`, m.Hidden)
	}
}

// TestCargoConfigOptionRuns runs real cargo with --config FILE naming a
// rustc-wrapper that touches a canary: cargo runs x/wrap.sh for
// --config x/y/extra.toml (a relative path taken from the directory
// above the file's, not the working directory's wrap.sh), and corral
// reads that one.
func TestCargoConfigOptionRuns(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("cargo"); err != nil {
		t.Skip("cargo not installed")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"Cargo.toml":     "[package]\nname = \"canary\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"src/main.rs":    "fn main() {}\n",
		"x/y/extra.toml": "[build]\nrustc-wrapper = \"./wrap.sh\"\n",
		"x/wrap.sh":      "#!/bin/sh\ntouch canary\nexec \"$@\"\n",
		"wrap.sh":        "#!/bin/sh\nexec \"$@\"\n",
	})
	if err := os.Chmod(filepath.Join(dir, "x/wrap.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "wrap.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	m := analyzeIn(t, dir, "cargo build --offline --config x/y/extra.toml")
	seen := false
	for _, s := range nestedScripts(m) {
		seen = seen || strings.Contains(s, "touch canary")
	}
	c := exec.Command("cargo", "build", "--offline", "-q", "--config", "x/y/extra.toml")
	c.Dir = dir
	c.Env = append(os.Environ(), "CARGO_TARGET_DIR="+filepath.Join(dir, "target"), "HOME="+t.TempDir(),
		"CARGO_HOME="+os.Getenv("HOME")+"/.cargo", "RUSTUP_HOME="+os.Getenv("HOME")+"/.rustup")
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("cargo build: %v\n%s", err, out)
	}
	_, err := os.Stat(filepath.Join(dir, "canary"))
	if err != nil || !seen {
		t.Errorf("ran the canary: %v, corral saw it: %v", err == nil, seen)
	}
}
