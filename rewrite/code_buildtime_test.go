package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildTimeFiles is a project whose build runs code corral reads only by
// following what the go command and cargo compile: a Go package of the
// main module imported by main (two steps away) or by a test, a Rust
// procedural macro the crate depends on by path, and workspace members'
// build scripts. Each payload appends to ~/.bashrc.
func buildTimeFiles() map[string]string {
	goEvil := "package deep\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc init() {\n\thome, _ := os.UserHomeDir()\n\tf, _ := os.OpenFile(filepath.Join(home, \".bashrc\"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)\n\tf.WriteString(\"GO_IMPORT_RAN\\n\")\n\tf.Close()\n}\n"
	rsEvil := "std::process::Command::new(\"sh\").arg(\"-c\").arg(\"echo RUST_RAN >> ~/.bashrc\").status().unwrap();"
	return map[string]string{
		"home/.bashrc":            "",
		"proj/gx/go.mod":          "module gx\n\ngo 1.21\n",
		"proj/gx/main.go":         "package main\n\nimport \"gx/lib\"\n\nfunc main() { _ = lib.X }\n",
		"proj/gx/lib/lib.go":      "package lib\n\nimport _ \"gx/deep\"\n\nvar X = 1\n",
		"proj/gx/deep/deep.go":    goEvil,
		"proj/gx/tst/t.go":        "package tst\n",
		"proj/gx/tst/t_test.go":   "package tst\n\nimport (\n\t\"testing\"\n\n\t_ \"gx/deep\"\n)\n\nfunc TestT(t *testing.T) {}\n",
		"proj/gx/ok/main.go":      "package main\n\nimport \"gx/safe\"\n\nfunc main() { safe.F() }\n",
		"proj/gx/safe/safe.go":    "package safe\n\nimport \"fmt\"\n\nfunc F() { fmt.Println(\"hi\") }\n",
		"proj/cw/Cargo.toml":      "[package]\nname = \"cw\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\nmembers = [\"m\"]\n\n[dependencies]\npm = { path = \"pm\" }\n",
		"proj/cw/src/main.rs":     "pm::m!();\nfn main() {}\n",
		"proj/cw/pm/Cargo.toml":   "[package]\nname = \"pm\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lib]\nproc-macro = true\n",
		"proj/cw/pm/src/lib.rs":   "extern crate proc_macro;\nuse proc_macro::TokenStream;\n\n#[proc_macro]\npub fn m(_i: TokenStream) -> TokenStream {\n    " + rsEvil + "\n    TokenStream::new()\n}\n",
		"proj/cw/m/Cargo.toml":    "[package]\nname = \"m\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"proj/cw/m/src/lib.rs":    "pub fn f() {}\n",
		"proj/cw/m/build.rs":      "fn main() {\n    " + rsEvil + "\n}\n",
		"proj/ok/Cargo.toml":      "[package]\nname = \"ok\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\nmembers = [\"core\"]\n\n[dependencies]\nmac = { path = \"mac\" }\n",
		"proj/ok/src/main.rs":     "mac::hello!();\nfn main() {}\n",
		"proj/ok/mac/Cargo.toml":  "[package]\nname = \"mac\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lib]\nproc-macro = true\n",
		"proj/ok/mac/src/lib.rs":  "extern crate proc_macro;\nuse proc_macro::TokenStream;\n\n#[proc_macro]\npub fn hello(_i: TokenStream) -> TokenStream {\n    \"fn hello() {}\".parse().unwrap()\n}\n",
		"proj/ok/core/Cargo.toml": "[package]\nname = \"core-x\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
		"proj/ok/core/src/lib.rs": "pub fn f() {}\n",
		"proj/ok/core/build.rs":   "fn main() { println!(\"cargo:rerun-if-changed=build.rs\"); }\n",
	}
}

// TestBuildTimeProjectCode: the code the go command and cargo compile and
// run besides the package named (red team 10, classes GO and RS) is read:
// the main module's packages that main or a test imports, a path
// dependency's procedural macro, a workspace member's build script when
// cargo builds the member. Look-alikes: harmless imports and macros, a
// member with an ordinary build script, go vet.
func TestBuildTimeProjectCode(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, buildTimeFiles())
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd gx && go run .", "deny"},
		{"cd gx && go run main.go", "deny"},
		{"cd gx && go build -o app . && ./app", "deny"},
		{"cd gx && go run gx", "deny"},
		{"go -C gx run .", "deny"},
		{"cd gx && go test ./tst", "deny"},
		{"cd gx && go test gx/...", "deny"},
		{"cd cw && cargo build", "deny"},
		{"cd cw && cargo check", "deny"},
		{"cd cw && cargo test", "deny"},
		{"cd cw && cargo build -p m", "deny"},
		{"cd cw && cargo build --workspace", "deny"},
		{"cd cw && cargo test --all", "deny"},
		{"cd cw && cargo check -p m", "deny"},
		// go install builds the program from the same sources: running
		// it by its name ($GOBIN in the agent's PATH) or its path.
		{"cd gx && go install . && gx", "deny"},
		{"cd gx && go install .; ~/go/bin/gx", "deny"},
		{"cd gx && GOBIN=$PWD/bin go install . && ./bin/gx", "deny"},
		{"cd gx && go install .", "deny"},
		{"cd gx && GOPATH=/tmp/gp go install . && /tmp/gp/bin/gx", "deny"},
		// A member's directory below the workspace root: cargo finds the
		// root above and builds the workspace's packages it needs.
		{"cd cw/m && cargo build", "deny"},
		{"cd cw/src && cargo build", "deny"},
		{"cd cw/pm && cargo build", "allow"},
		{"cd cw/pm && cargo build --workspace", "deny"},
		{"cd cw/pm && cargo build -p m", "deny"},
		{"cd cw/m/src && cargo check", "deny"},
		// Look-alikes.
		{"cd gx && go install ./ok && ok", "allow"},
		{"cd gx && go install ./ok; ~/go/bin/ok", "allow"},
		{"go install golang.org/x/tools/cmd/stringer@latest", "allow"},
		{"cd ok/core && cargo build", "allow"},
		{"cd ok/core/src && cargo build --workspace", "allow"},
		{"cd ok/mac && cargo build -p core-x", "allow"},
		{"cd gx && go run ./ok", "allow"},
		{"cd gx && go vet ./...", "allow"},
		{"cd gx && go test ./safe", "allow"},
		{"cd ok && cargo build", "allow"},
		{"cd ok && cargo build --workspace", "allow"},
		{"cd ok && cargo test -p core-x", "allow"},
	})
}

// TestBuildTimeProjectCodeReal runs the real go command and cargo
// (offline, HOME a temporary directory) on the project
// TestBuildTimeProjectCode judges: each spelling it denies does run the
// payload, which appends to the temporary ~/.bashrc.
func TestBuildTimeProjectCodeReal(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, buildTimeFiles())
	root := filepath.Dir(cfg.Project)
	home := filepath.Join(root, "home")
	rc := filepath.Join(home, ".bashrc")
	run := func(dir, marker, prog string, args ...string) {
		t.Helper()
		path, err := exec.LookPath(prog)
		if err != nil {
			t.Logf("no %s: %s %v not run", prog, prog, args)
			return
		}
		os.WriteFile(rc, nil, 0o644)
		cmd := exec.Command(path, args...)
		cmd.Dir = filepath.Join(cfg.Project, dir)
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GOPATH=" + filepath.Join(root, "gopath"),
			"GOCACHE=" + filepath.Join(root, "gocache"), "GOPROXY=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod",
			"CARGO_HOME=" + filepath.Join(root, "cargohome"), "CARGO_TARGET_DIR=" + filepath.Join(root, "target"),
			"RUSTUP_HOME=" + rustupHome()}
		out, err := cmd.CombinedOutput()
		b, _ := os.ReadFile(rc)
		if !strings.Contains(string(b), marker) {
			t.Errorf("%s %v in %s did not run the payload (%v): %s", prog, args, dir, err, out)
		}
	}
	run("gx", "GO_IMPORT_RAN", "go", "run", ".")
	run("gx", "GO_IMPORT_RAN", "go", "test", "-count=1", "gx/...")
	// go install puts the program at $GOPATH/bin/gx (the name corral
	// judges), and running it runs the import's init.
	run("gx", "GO_IMPORT_RAN", "sh", "-c", `go install . && "$GOPATH/bin/gx"`)
	run("cw", "RUST_RAN", "cargo", "build", "--offline", "-q")
	// The member is no part of the root package's build above, so its
	// build script first runs here.
	run("cw", "RUST_RAN", "cargo", "build", "--offline", "-q", "-p", "m")
}

// rustupHome is the RUSTUP_HOME the real cargo proxy reads its
// toolchains from (read only).
func rustupHome() string {
	if h := os.Getenv("RUSTUP_HOME"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return filepath.Join(h, ".rustup")
}
