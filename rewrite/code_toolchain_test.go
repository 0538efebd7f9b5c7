package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// evilScript is a helper program the agent wrote: it appends to the
// user's .bashrc.
const evilScript = "#!/bin/sh\necho x >> ~/.bashrc\n"

// TestCompilerHelpers: gcc and clang run programs their options name
// (-wrapper, -B DIR, COMPILER_PATH, options read from an @FILE response
// file), load plugins (-fplugin=FILE) and take their command lines from
// specs files (read: the linker, commands and plugins they name); go hands -ldflags' -extld and CGO_CFLAGS to them, rustc
// runs -C linker=PROG, also from .cargo/config.toml's rustflags. Each
// program is judged as if typed; the same options with system tools or
// plain flags pass.
func TestCompilerHelpers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/c.c":                        "int main(void){ return 0; }\n",
		"proj/e.sh":                       evilScript,
		"proj/bd/as":                      evilScript,
		"proj/mv/x86_64-linux-gnu/12/cc1": evilScript,
		"proj/args":                       "-wrapper /bin/sh,e.sh\n",
		"proj/flags.rsp":                  "-O2 -Wall \"-DNAME=a b\"\n",
		"proj/nested.rsp":                 "@args\n",
		"proj/x.so":                       "\x7fELF\x00",
		"proj/my.specs":                   "*linker:\n./e.sh\n",
		"proj/musl.specs":                 "%rename cpp_options old_cpp_options\n\n*cpp_options:\n-nostdinc -isystem /usr/lib/musl/include %(old_cpp_options)\n\n*link:\n-dynamic-linker /lib/ld-musl-x86_64.so.1 -nostdlib\n",
		"proj/plug.specs":                 "*cc1:\n+ -fplugin=./x.so\n",
		"proj/notlib.so":                  "INPUT(-lc)\n",
		"proj/go.mod":                     "module x\n\ngo 1.21\n",
		"proj/main.go":                    "package main\n\nfunc main() {}\n",
		"proj/src/main.rs":                "fn main() {}\n",
		"proj/Cargo.toml":                 "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
		"proj/k/Cargo.toml":               "[package]\nname = \"k\"\nversion = \"0.1.0\"\n",
		"proj/k/src/main.rs":              "fn main() {}\n",
		"proj/k/e.sh":                     evilScript,
		"proj/k/.cargo/config.toml":       "[build]\nrustflags = [\"-C\", \"linker=./e.sh\"]\n",
		"proj/k2/Cargo.toml":              "[package]\nname = \"k\"\nversion = \"0.1.0\"\n",
		"proj/k2/src/main.rs":             "fn main() {}\n",
		"proj/k2/e.sh":                    evilScript,
		"proj/k2/.cargo/config.toml":      "[target.x86_64-unknown-linux-gnu]\nrustflags = \"-Clinker=./e.sh\"\n",
		"proj/k3/Cargo.toml":              "[package]\nname = \"k\"\nversion = \"0.1.0\"\n",
		"proj/k3/src/main.rs":             "fn main() {}\n",
		"proj/k3/.cargo/config.toml":      "[build]\nrustflags = [\"-C\", \"target-cpu=native\"]\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"gcc -wrapper ./e.sh c.c", "deny"},
		{"gcc -wrapper /bin/sh,e.sh c.c", "deny"},
		{"cc -wrapper ./e.sh -o c c.c", "deny"},
		{"gcc @args c.c", "deny"},
		{"gcc @nested.rsp c.c", "deny"},
		{"gcc -B bd c.c", "deny"},
		{"gcc -Bbd/ c.c", "deny"},
		{"gcc -B mv/ c.c", "deny"},
		{"COMPILER_PATH=bd gcc c.c", "deny"},
		{"export COMPILER_PATH=$PWD/bd; cc c.c", "deny"},
		{"gcc -fplugin=./x.so c.c", "ask"},
		{"gcc -specs=my.specs c.c", "deny"},
		{"gcc --specs=plug.specs c.c", "ask"},
		{"clang -fpass-plugin=./x.so c.c", "ask"},
		{"clang -Xclang -load -Xclang ./x.so c.c", "ask"},
		{"go build -ldflags='-linkmode external -extld ./e.sh' .", "deny"},
		{"go build -ldflags '-extld=./e.sh -linkmode=external' .", "deny"},
		{"go build -ldflags '-extldflags=-wrapper=./e.sh' .", "allow"}, // -wrapper takes its value as the next word
		{"go build -ldflags \"-extldflags '-wrapper ./e.sh'\" .", "deny"},
		{"CGO_CFLAGS='-wrapper ./e.sh' go build .", "deny"},
		{"CGO_LDFLAGS=-fuse-ld=$PWD/e.sh go build .", "deny"},
		{"rustc -C linker=./e.sh src/main.rs", "deny"},
		{"rustc -Clinker=./e.sh src/main.rs", "deny"},
		{"rustc --codegen linker=./e.sh src/main.rs", "deny"},
		{"printf -- '-C\\nlinker=./e.sh\\n' > r.args; rustc @r.args src/main.rs", "deny"},
		{"cd k && cargo build", "deny"},
		{"cd k2 && cargo build", "deny"},
		// Look-alikes: plain flags, system tools, a plugin or specs file
		// by name, a wrapper that is a debugger.
		{"gcc -O2 -Wall c.c -o c", "allow"},
		{"gcc @flags.rsp c.c", "allow"},
		{"gcc -fplugin=annobin c.c", "allow"},
		{"gcc -specs=nosys.specs c.c", "allow"},
		{"gcc -specs=musl.specs c.c", "allow"},
		{"gcc -fplugin=./notlib.so c.c", "allow"},
		{"gcc -B /usr/lib/gcc/x86_64-linux-gnu/12/ c.c", "allow"},
		{"gcc -wrapper gdb,--args c.c", "allow"},
		{"go build -ldflags '-s -w -X main.version=1.0' .", "allow"},
		{"CGO_CFLAGS='-O2 -g' go build .", "allow"},
		{"rustc -C opt-level=3 src/main.rs", "allow"},
		{"cd k3 && cargo build", "allow"},
		{"cargo build", "allow"},
	})
}

// TestRustToolchainDir: rustup's proxies run DIR/bin/NAME when the
// toolchain is a directory (cargo +DIR, RUSTUP_TOOLCHAIN=DIR,
// rust-toolchain.toml's path, a legacy rust-toolchain file, a name rustup
// toolchain link tied to DIR); rustup default and override set keep the
// choice for every later command. Channel names pass.
func TestRustToolchainDir(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/tc/bin/cargo":               evilScript,
		"proj/tc/bin/rustc":               evilScript,
		"proj/tc/lib/":                    "",
		"proj/a/rust-toolchain.toml":      "[toolchain]\npath = \"../tc\"\n",
		"proj/b/rust-toolchain":           "../tc\n",
		"proj/c/rust-toolchain.toml":      "[toolchain]\nchannel = \"1.79\"\n",
		"proj/d/rust-toolchain":           "nightly-2024-01-01\n",
		"proj/Cargo.toml":                 "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
		"proj/src/main.rs":                "fn main() {}\n",
		"home/.rustup/toolchains/stable/": "",
	})
	if err := os.Symlink(filepath.Join(cfg.Project, "tc"), filepath.Join(filepath.Dir(cfg.Project), "home/.rustup/toolchains/linked")); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cargo +./tc build", "deny"},
		{"cargo +$PWD/tc build", "deny"},
		{"RUSTUP_TOOLCHAIN=$PWD/tc cargo build", "deny"},
		{"export RUSTUP_TOOLCHAIN=./tc; rustc --version", "deny"},
		{"cd a && cargo build", "deny"},
		{"cd a && rustc --version", "deny"},
		{"cd b && cargo test", "deny"},
		{"echo \"$PWD/tc\" > rust-toolchain && cargo build", "deny"},
		{"rustup toolchain link evil tc && cargo +evil build", "deny"},
		{"rustup toolchain link evil tc && rustup default evil", "ask"},
		{"rustup toolchain link evil tc && rustup override set evil", "ask"},
		{"rustup default ./tc", "ask"},
		{"rustup default linked", "ask"},
		{"cargo +linked build", "deny"},
		{"rustup run ./tc cargo build", "deny"},
		// Look-alikes: channels and installed toolchains.
		{"rustup default stable", "allow"},
		{"rustup toolchain install nightly", "allow"},
		{"rustup override set 1.79", "allow"},
		{"cargo +nightly build", "allow"},
		{"cargo +stable build", "allow"},
		{"cd c && cargo build", "allow"},
		{"cd d && cargo build", "allow"},
		{"cargo build", "allow"},
	})
	// A default or override rustup's settings already hold: every cargo
	// there runs the linked directory's programs.
	home := filepath.Join(filepath.Dir(cfg.Project), "home")
	settings := "version = \"12\"\ndefault_toolchain = \"stable\"\n\n[overrides]\n\"" + filepath.Join(cfg.Project, "a") + "\" = \"linked\"\n"
	if err := os.WriteFile(filepath.Join(home, ".rustup/settings.toml"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd c && cargo build", "allow"}, // rust-toolchain.toml's channel
		{"cargo build", "allow"},         // the default is stable
	})
	os.Remove(filepath.Join(cfg.Project, "c/rust-toolchain.toml"))
	os.WriteFile(filepath.Join(home, ".rustup/settings.toml"), []byte("default_toolchain = \"linked\"\n[overrides]\n\""+filepath.Join(cfg.Project, "c")+"\" = \"stable\"\n"), 0o644)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cargo build", "deny"},
		{"rustc --version", "deny"},
		{"cd c && cargo build", "allow"}, // its override is stable
	})
	os.WriteFile(filepath.Join(home, ".rustup/settings.toml"), []byte("default_toolchain = \"stable\"\n[overrides]\n\""+filepath.Join(cfg.Project, "c")+"\" = \"linked\"\n"), 0o644)
	os.WriteFile(filepath.Join(cfg.Project, "c/rust-toolchain.toml"), []byte("[toolchain]\nchannel = \"1.79\"\n"), 0o644)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd c && cargo build", "deny"}, // a directory override comes before the file
		{"cargo build", "allow"},
	})
}

// TestLocalDependencies: a Go module go.mod replaces with a local
// directory (or go.work uses) compiles into the program and its init
// runs; go -overlay swaps files in; cargo builds path dependencies and
// [patch] path overrides, running their build.rs. They are read like the
// package itself: the same code in a dependency is judged the same.
func TestLocalDependencies(t *testing.T) {
	t.Parallel()
	evilGo := "package lib\n\nimport \"os\"\n\nfunc init() { os.RemoveAll(os.Getenv(\"HOME\")) }\n"
	evilRs := "fn main() { std::process::Command::new(\"sh\").arg(\"-c\").arg(\"echo x >> ~/.bashrc\").status().unwrap(); }\n"
	cfg := scratchProject(t, map[string]string{
		"proj/g/go.mod":      "module example.com/app\n\ngo 1.21\n\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ./lib\n",
		"proj/g/main.go":     "package main\n\nimport _ \"example.com/lib\"\n\nfunc main() {}\n",
		"proj/g/lib/go.mod":  "module example.com/lib\n\ngo 1.21\n",
		"proj/g/lib/lib.go":  evilGo,
		"proj/w/go.work":     "go 1.21\n\nuse (\n\t./app\n\t./lib\n)\n",
		"proj/w/app/go.mod":  "module example.com/app\n\ngo 1.21\n",
		"proj/w/app/main.go": "package main\n\nfunc main() {}\n",
		"proj/w/lib/go.mod":  "module example.com/lib\n\ngo 1.21\n",
		"proj/w/lib/lib.go":  evilGo,
		"proj/o/go.mod":      "module o\n\ngo 1.21\n",
		"proj/o/main.go":     "package main\n\nfunc main() {}\n",
		"proj/o/alt/evil.go": "package main\n\nimport \"os\"\n\nfunc main() { os.RemoveAll(os.Getenv(\"HOME\")) }\n",
		"proj/o/ov.json":     "{\"Replace\":{\"main.go\":\"alt/evil.go\"}}\n",
		// Any name in the place of a .go file is Go (red team 18 GO1).
		"proj/o/alt/evil.go.txt":    "package main\n\nimport \"os\"\n\nfunc main() { os.RemoveAll(os.Getenv(\"HOME\")) }\n",
		"proj/o/ov2.json":           "{\"Replace\":{\"main.go\":\"alt/evil.go.txt\"}}\n",
		"proj/o/ov3.json":           "{\"Replace\":{\"main.go\":\"\", \"README\":\"alt/evil.go.txt\"}}\n",
		"proj/o/ov4.json":           "{\"Replace\":",
		"proj/ok/go.mod":            "module example.com/ok\n\ngo 1.21\n\nreplace example.com/lib => ./lib\nreplace example.com/x => example.com/y v1.0.0\n",
		"proj/ok/main.go":           "package main\n\nfunc main() {}\n",
		"proj/ok/lib/lib.go":        "package lib\n\nfunc F() int { return 1 }\n",
		"proj/r/Cargo.toml":         "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\ndep = { path = \"dep\" }\n",
		"proj/r/src/main.rs":        "fn main() {}\n",
		"proj/r/dep/Cargo.toml":     "[package]\nname = \"dep\"\nversion = \"0.1.0\"\n",
		"proj/r/dep/build.rs":       evilRs,
		"proj/r/p2/Cargo.toml":      "[package]\nname = \"app2\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\n\n[patch.crates-io]\nserde = { path = \"../dep\" }\n",
		"proj/r/p2/src/main.rs":     "fn main() {}\n",
		"proj/r/p3/Cargo.toml":      "[package]\nname = \"app3\"\nversion = \"0.1.0\"\n\n[build-dependencies.dep]\npath = \"../dep\"\n",
		"proj/r/p3/src/main.rs":     "fn main() {}\n",
		"proj/r/ok/Cargo.toml":      "[package]\nname = \"ok\"\nversion = \"0.1.0\"\n\n[dependencies]\nutil = { path = \"util\", version = \"0.1\" }\nserde = { version = \"1\", features = [\"derive\"] }\n",
		"proj/r/ok/src/main.rs":     "fn main() {}\n",
		"proj/r/ok/util/Cargo.toml": "[package]\nname = \"util\"\nversion = \"0.1.0\"\n",
		"proj/r/ok/util/build.rs":   "fn main() { println!(\"cargo:rerun-if-changed=build.rs\"); }\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd g && go run .", "deny"},
		{"cd g && go build -o app . && ./app", "deny"},
		{"cd g && go test .", "deny"},
		{"cd w/app && go run .", "deny"},
		{"cd o && go run -overlay=ov.json .", "deny"},
		{"cd o && go build -overlay ov.json -o /tmp/x .", "deny"},
		{"cd o && GOFLAGS=-overlay=$PWD/ov.json go run .", "deny"},
		{"cd o && go run -overlay ov2.json .", "deny"},
		{"cd o && go run -overlay ov4.json .", "allow"}, // go refuses a map it cannot parse
		{"cd o && go run -overlay ov3.json .", "allow"},
		{"cd r && cargo build", "deny"},
		{"cargo build --manifest-path r/Cargo.toml", "deny"},
		{"cd r/p2 && cargo build", "deny"},
		{"cd r/p3 && cargo check", "deny"},
		// Look-alikes: local modules and path dependencies whose code is
		// ordinary, a replace by another module's version.
		{"cd ok && go run .", "allow"},
		{"cd ok && go build ./...", "allow"},
		{"cd r/ok && cargo build", "allow"},
		{"cd o && go run .", "allow"},
	})
}

// TestToolchainHelpersReal checks with the real gcc that the helper
// programs corral judges are the ones it runs: -B DIR, COMPILER_PATH and
// a response file's -wrapper each run the canary.
func TestToolchainHelpersReal(t *testing.T) {
	t.Parallel()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	canary := "#!/bin/sh\necho ran >> " + log + "\nexit 1\n"
	for name, text := range map[string]string{
		"c.c": "int main(void){return 0;}\n", "bd/as": canary, "w.sh": canary, "rsp": "-wrapper " + filepath.Join(dir, "w.sh") + "\n",
	} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"-B", "bd", "c.c"}, {"@rsp", "c.c"}, {"c.c"}} {
		os.Remove(log)
		cmd := exec.Command(gcc, append(args, "-o", os.DevNull)...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir}
		if args[0] == "c.c" {
			cmd.Env = append(cmd.Env, "COMPILER_PATH=bd")
		}
		cmd.Run()
		if b, _ := os.ReadFile(log); !strings.Contains(string(b), "ran") {
			t.Errorf("gcc %v did not run the helper", args)
		}
	}
}

// TestRustupToolchainReal checks with the real rustup proxy that a
// directory toolchain runs DIR/bin/cargo: cargo +DIR, a legacy
// rust-toolchain file holding the path, and a name rustup toolchain link
// tied to it, the spellings TestRustToolchainDir judges.
func TestRustupToolchainReal(t *testing.T) {
	t.Parallel()
	rustup, err := exec.LookPath("rustup")
	if err != nil {
		t.Skip("no rustup")
	}
	cargo := filepath.Join(filepath.Dir(rustup), "cargo")
	if _, err := os.Stat(cargo); err != nil {
		t.Skip("no cargo proxy beside rustup")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	tc := filepath.Join(dir, "tc")
	proj := filepath.Join(dir, "p")
	for _, d := range []string{filepath.Join(tc, "bin"), filepath.Join(tc, "lib"), proj} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	canary := "#!/bin/sh\necho ran >> " + log + "\n"
	for _, n := range []string{"cargo", "rustc"} {
		if err := os.WriteFile(filepath.Join(tc, "bin", n), []byte(canary), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "RUSTUP_HOME=" + filepath.Join(dir, "rh"), "CARGO_HOME=" + filepath.Join(dir, "ch"), "RUST_BACKTRACE=0"}
	run := func(prog string, args ...string) {
		cmd := exec.Command(prog, args...)
		cmd.Dir, cmd.Env = proj, env
		cmd.Run()
	}
	check := func(what string) {
		b, _ := os.ReadFile(log)
		if !strings.Contains(string(b), "ran") {
			t.Errorf("%s did not run the toolchain's cargo", what)
		}
		os.Remove(log)
	}
	run(cargo, "+"+tc, "build")
	check("cargo +DIR")
	os.WriteFile(filepath.Join(proj, "rust-toolchain"), []byte(tc+"\n"), 0o644)
	run(cargo, "build")
	check("rust-toolchain holding a path")
	os.Remove(filepath.Join(proj, "rust-toolchain"))
	run(rustup, "toolchain", "link", "mine", tc)
	run(cargo, "+mine", "build")
	check("rustup toolchain link + cargo +NAME")
}

// TestToolchainOddInputs: response files that name themselves, options
// missing their value, broken go.mod, overlay and Cargo.toml texts end
// (bounded) and judge nothing that is not there.
func TestToolchainOddInputs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/self.rsp":       "@self.rsp -O2\n",
		"proj/c.c":            "int main(void){ return 0; }\n",
		"proj/m/go.mod":       "module m\nreplace (\nreplace => \nx =>\n",
		"proj/m/main.go":      "package main\n\nfunc main() {}\n",
		"proj/m/ov.json":      "{\"Replace\": [1, 2",
		"proj/r/Cargo.toml":   "[dependencies]\na = { path = \nb = { version = [1, {x = 2}], path = \"../r\" }\nc = {\n",
		"proj/r/src/main.rs":  "fn main() {}\n",
		"proj/rust-toolchain": "\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"gcc @self.rsp c.c", "allow"},
		{"gcc c.c -wrapper", "allow"},
		{"gcc c.c -B", "allow"},
		{"gcc c.c -specs", "allow"},
		{"gcc -B '' c.c", "allow"},
		{"rustup toolchain link", "allow"},
		{"rustup override set", "allow"},
		{"cd m && go run -overlay=ov.json .", "allow"},
		{"cd m && go build -overlay", "allow"},
		{"cd r && cargo build", "allow"},
		{"cargo + build", "allow"},
		{"go build -ldflags", "allow"},
		{"go build -ldflags '-extld' .", "allow"},
	})
}
