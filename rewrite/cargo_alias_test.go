package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cargoAliasRows are cargo aliases (red team 17 CA1): cargo expands an
// alias from [alias] in .cargo/config.toml or --config alias.NAME=…
// before it runs anything, so the options the alias adds (--config
// target.*.runner=PROG, build.rustc-wrapper=PROG) run PROG. x.sh
// replaces ~/.bashrc and then runs its arguments. gone: the real cargo
// replaces the canary.
var cargoAliasRows = []struct {
	name   string
	config string // .cargo/config.toml
	cmd    string
	want   string
	gone   bool
}{
	{name: "builtin-alias-overridden", config: "[alias]\nb = \"run --config target.'cfg(all())'.runner=\\\"./x.sh\\\"\"\n", cmd: "cargo b -q", want: "deny", gone: true},
	// An alias --config gives: cargo 1.95 answers "no such command"
	// (its alias lookup does not see the command line's --config), the
	// red team's cargo expanded it; judged as expanded, and not run by
	// the oracle (gone false with a deny: version-dependent).
	{name: "cli-alias-array", cmd: `cargo --config 'alias.zz=["run", "--config", "build.rustc-wrapper=\"./x.sh\""]' zz -q`, want: "deny"},
	{name: "cli-alias-string", cmd: `cargo --config 'alias.zz="run --config build.rustc-wrapper=\"./x.sh\""' zz -q`, want: "deny"},
	{name: "alias-chain", config: "[alias]\ny = \"z -q\"\nz = \"run --config build.rustc-wrapper=\\\"./x.sh\\\"\"\n", cmd: "cargo y", want: "deny", gone: true},
	{name: "alias-args-kept", config: "[alias]\nrr = \"run\"\n", cmd: `cargo rr -q --config 'build.rustc-wrapper="./x.sh"'`, want: "deny", gone: true},
	// Look-alikes: aliases of ordinary commands, an alias cargo ignores
	// because a built-in command has its name.
	{name: "alias-build", config: "[alias]\nb = \"build\"\nt = \"test --workspace\"\nxtask = \"run --package xtask --\"\n", cmd: "cargo b -q", want: "allow"},
	{name: "alias-shadowing-builtin", config: "[alias]\nbuild = \"run --config build.rustc-wrapper=\\\"./x.sh\\\"\"\n", cmd: "cargo build -q", want: "allow"},
	{name: "plain-build", cmd: "cargo build -q", want: "allow"},
}

// cargoAliasSetup writes a minimal crate, x.sh and the canary home.
func cargoAliasSetup(t *testing.T, config string) (root string) {
	t.Helper()
	root = t.TempDir()
	files := map[string]string{
		"proj/Cargo.toml":  "[package]\nname = \"ca\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"proj/src/main.rs": "fn main() {}\n",
		"proj/x.sh":        "#!/bin/sh\necho pwned > \"$HOME/.bashrc\"\nexec \"$@\"\n",
		"home/.bashrc":     "# canary\n",
	}
	if config != "" {
		files["proj/.cargo/config.toml"] = config
	}
	for rel, text := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestCargoAliases (red team 17 CA1): an alias is judged as the cargo
// command line it expands to.
func TestCargoAliases(t *testing.T) {
	t.Parallel()
	for _, r := range cargoAliasRows {
		root := cargoAliasSetup(t, r.config)
		env := map[string]string{"HOME": filepath.Join(root, "home"), EnvProject: filepath.Join(root, "proj")}
		cfg, _ := NewConfig(func(k string) string { return env[k] }, env[EnvProject])
		res := Check(cfg, r.cmd)
		if got := res.Decision.String(); got != r.want {
			t.Errorf("%s: %s: %s, want %s (%v)", r.name, r.cmd, got, r.want, res.Findings)
		}
	}
}

// TestCargoAliasesOracle runs each row with the real cargo (offline, a
// crate with no dependencies, HOME a temp dir holding the canary): the
// rows are what cargo does.
func TestCargoAliasesOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a crate per row")
	}
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		t.Skip("cargo is not installed")
	}
	// rustup's proxies find their toolchains under RUSTUP_HOME, which
	// defaults to the real home's .rustup.
	rustup := os.Getenv("RUSTUP_HOME")
	if rustup == "" {
		if h, err := os.UserHomeDir(); err == nil {
			rustup = filepath.Join(h, ".rustup")
		}
	}
	for _, r := range cargoAliasRows {
		if r.want != "allow" && !r.gone {
			continue // what cargo does depends on its version
		}
		root := cargoAliasSetup(t, r.config)
		home := filepath.Join(root, "home")
		cmd := exec.Command("bash", "-c", strings.Replace(r.cmd, "cargo", cargo, 1)+" --offline >/dev/null 2>&1; true")
		cmd.Dir = filepath.Join(root, "proj")
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "RUSTUP_HOME=" + rustup,
			"CARGO_HOME=" + filepath.Join(root, "cargohome"), "CARGO_TARGET_DIR=" + filepath.Join(root, "target")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", r.cmd, err, out)
		}
		data, err := os.ReadFile(filepath.Join(home, ".bashrc"))
		changed := err != nil || string(data) != "# canary\n"
		if changed != r.gone {
			t.Errorf("%s: %s: canary changed %v, want %v", r.name, r.cmd, changed, r.gone)
		}
	}
}
