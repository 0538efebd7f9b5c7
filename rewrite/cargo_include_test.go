package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// rustIncludeRows are build scripts that read a file while they are
// compiled (red team 17 MI1): include_str!/include_bytes! are a string
// literal of the file's text, include! the file's text as code. EV is a
// directory outside the project holding p.sh, shell text that replaces
// ~/.bashrc. gone: the real cargo build replaces the canary.
var rustIncludeRows = []struct {
	name  string
	files map[string]string // project files besides Cargo.toml, src/main.rs
	want  string
	gone  bool
	// oracle: built by TestRustIncludeMacrosOracle (each build takes a
	// while: the three that prove the mechanism and its look-alike).
	oracle bool
}{
	{name: "include-str-absolute", files: map[string]string{"build.rs": "fn main() { std::process::Command::new(\"sh\").arg(\"-c\").arg(include_str!(\"EV/p.sh\")).status().unwrap(); }\n"}, want: "deny", gone: true, oracle: true},
	{name: "include-str-relative", files: map[string]string{"build.rs": "use std::process::Command;\nfn main() {\n    let s = Command::new(\"sh\").args([\"-c\", include_str!(\"gen.sh\")]).status();\n    s.unwrap();\n}\n", "gen.sh": "echo pwned > \"$HOME/.bashrc\"\n"}, want: "deny", gone: true},
	{name: "include-code", files: map[string]string{"build.rs": "fn main() {\n    include!(\"tools/step.rs\");\n}\n", "tools/step.rs": "std::process::Command::new(\"sh\").arg(\"-c\").arg(\"echo pwned > $HOME/.bashrc\").status().unwrap()\n"}, want: "deny", gone: true, oracle: true},
	{name: "include-str-raw-path", files: map[string]string{"build.rs": "fn main() { std::process::Command::new(\"bash\").arg(\"-c\").arg(include_str!(r#\"EV/p.sh\"#)).status().unwrap(); }\n"}, want: "deny", gone: true},
	// Look-alikes.
	{name: "include-str-harmless", files: map[string]string{"build.rs": "fn main() { std::process::Command::new(\"sh\").arg(\"-c\").arg(include_str!(\"gen.sh\")).status().unwrap(); }\n", "gen.sh": "echo building\n"}, want: "allow", oracle: true},
	{name: "include-in-comment", files: map[string]string{"build.rs": "// include_str!(\"EV/p.sh\") is not read here\nfn main() { println!(\"cargo:rerun-if-changed=build.rs\"); }\n"}, want: "allow"},
	{name: "include-bytes-data", files: map[string]string{"build.rs": "fn main() { let d = include_bytes!(\"EV/p.sh\"); println!(\"cargo:warning={}\", d.len()); }\n"}, want: "allow"},
	{name: "no-shell", files: map[string]string{"build.rs": "fn main() { println!(\"cargo:rustc-cfg=fast\"); }\n"}, want: "allow"},
}

func rustIncludeSetup(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	ev := filepath.Join(root, "ev")
	all := map[string]string{
		"ev/p.sh":          "echo pwned > \"$HOME/.bashrc\"\n",
		"home/.bashrc":     "# canary\n",
		"proj/Cargo.toml":  "[package]\nname = \"ri\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"proj/src/main.rs": "fn main() {}\n",
	}
	for rel, text := range files {
		all["proj/"+rel] = strings.ReplaceAll(text, "EV", ev)
	}
	for rel, text := range all {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestRustIncludeMacros (red team 17 MI1): a build script's
// include_str!/include_bytes!/include! are read as the compiler
// expands them.
func TestRustIncludeMacros(t *testing.T) {
	t.Parallel()
	for _, r := range rustIncludeRows {
		root := rustIncludeSetup(t, r.files)
		env := map[string]string{"HOME": filepath.Join(root, "home"), EnvProject: filepath.Join(root, "proj")}
		cfg, _ := NewConfig(func(k string) string { return env[k] }, env[EnvProject])
		res := Check(cfg, "cargo build")
		if got := res.Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.name, got, r.want, res.Findings)
		}
	}
}

// TestRustIncludeMacrosOracle builds each row with the real cargo
// (offline, HOME a temp dir holding the canary).
func TestRustIncludeMacrosOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a crate per row")
	}
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		t.Skip("cargo is not installed")
	}
	rustup := os.Getenv("RUSTUP_HOME")
	if rustup == "" {
		if h, err := os.UserHomeDir(); err == nil {
			rustup = filepath.Join(h, ".rustup")
		}
	}
	for _, r := range rustIncludeRows {
		if !r.oracle {
			continue
		}
		root := rustIncludeSetup(t, r.files)
		home := filepath.Join(root, "home")
		cmd := exec.Command(cargo, "build", "-q", "--offline")
		cmd.Dir = filepath.Join(root, "proj")
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "RUSTUP_HOME=" + rustup,
			"CARGO_HOME=" + filepath.Join(root, "cargohome"), "CARGO_TARGET_DIR=" + filepath.Join(root, "target")}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s: cargo build: %v\n%s", r.name, err, out)
		}
		data, err := os.ReadFile(filepath.Join(home, ".bashrc"))
		changed := err != nil || string(data) != "# canary\n"
		if changed != r.gone {
			t.Errorf("%s: canary changed %v, want %v", r.name, changed, r.gone)
		}
	}
}
