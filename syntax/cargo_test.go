package syntax

import (
	"testing"
)

// TestCargoRunsTheProject: cargo runs the build script before any build
// (build.rs, or Cargo.toml's build = FILE), cargo run the binary with the
// modules it declares, cargo test the library's and tests' code; rustc
// builds a program the command can then run (The Cargo Book: build
// scripts, cargo-run, cargo-test). Look-alikes: a crate from the
// registry, build = false, a test deleting a path only run time knows,
// cargo fmt.
func TestCargoRunsTheProject(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	del := "pub fn go() { std::fs::remove_dir_all(\"/victim\").unwrap(); }\n"
	writeFiles(t, dir, map[string]string{
		"a/Cargo.toml":     "[package]\nname = \"a\"\nversion = \"0.1.0\"\n",
		"a/src/main.rs":    "mod util;\nfn main() { util::go(); }\n",
		"a/src/util.rs":    del,
		"b/Cargo.toml":     "[package]\nname = \"b\"\nbuild = \"tools/gen.rs\"\n",
		"b/tools/gen.rs":   "fn main() { std::process::Command::new(\"sh\").args([\"-c\", \"rm -rf /victim\"]).status().unwrap(); }\n",
		"b/src/lib.rs":     "",
		"c/Cargo.toml":     "[package]\nname = \"c\"\nbuild = false\n",
		"c/build.rs":       "fn main() { std::fs::remove_dir_all(\"/victim\").unwrap(); }\n",
		"d/Cargo.toml":     "[package]\nname = \"d\"\n",
		"d/src/lib.rs":     "",
		"d/tests/it.rs":    "#[test]\nfn t() { std::fs::remove_dir_all(\"/victim\").unwrap(); }\n",
		"d/examples/ex.rs": "fn main() { std::fs::remove_dir_all(\"/victim\").unwrap(); }\n",
		"ok/Cargo.toml":    "[package]\nname = \"ok\"\n",
		"ok/src/lib.rs":    "#[test]\nfn t() { let d = tempdir(); std::fs::remove_dir_all(d).unwrap(); }\n",
		"one.rs":           "fn main() { std::fs::remove_dir_all(\"/victim\").unwrap(); }\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd a && cargo run`, true},
		{`cargo run --manifest-path a/Cargo.toml`, true},
		{`cd a && cargo +nightly r --release`, true},
		{`cd b && cargo build`, true},
		{`cd b && cargo check`, true},
		{`cargo -C b clippy`, true},
		{`cd d && cargo test`, true},
		{`cd d && cargo run --example ex`, true},
		{`rustc one.rs && ./one`, true},
		{`rustc one.rs -o prog; ./prog`, true},
		{`rustc one.rs`, true}, // built for a later call to run (builtForLater)
		// Look-alikes.
		{`cd c && cargo build`, false},
		{`cd ok && cargo test`, false},
		{`cd a && cargo fmt`, false},
		{`cargo install ripgrep`, false},
		{`cd a && cargo build`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		if tc.cmd == `cd ok && cargo test` {
			for _, h := range m.Hidden {
				t.Errorf("%s: asks: %s", tc.cmd, h.What)
			}
		}
	}
}

// TestCargoProcMacrosAndMembers: a procedural macro crate a package
// depends on by path runs inside rustc when the package is compiled, and
// a workspace member's build script runs when cargo builds the member:
// with -p NAME (a glob of names too), --workspace/--all, or from a
// virtual manifest's root (every member, or its default-members).
// Checked with cargo 1.95 offline: cargo build of a root package ran its
// path dependency's proc macro and not a member's build.rs, -p m ran the
// member's build.rs, and a virtual workspace's cargo build ran every
// member's. Look-alikes: the root package's own build (members not
// selected), a path dependency that is an ordinary library, -p of
// another member, an excluded directory.
func TestCargoProcMacrosAndMembers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	del := "fn main() { std::fs::remove_dir_all(\"/victim\").unwrap(); }\n"
	macro := "use proc_macro::TokenStream;\n#[proc_macro]\npub fn m(i: TokenStream) -> TokenStream {\n    std::process::Command::new(\"sh\").arg(\"-c\").arg(\"rm -rf /victim\").status().unwrap();\n    i\n}\n"
	writeFiles(t, dir, map[string]string{
		"cw/Cargo.toml":              "[package]\nname = \"cw\"\nversion = \"0.1.0\"\n\n[dependencies]\npm = { path = \"pm\" }\n",
		"rw/Cargo.toml":              "[package]\nname = \"rw\"\nversion = \"0.1.0\"\n\n[workspace]\nmembers = [\"m\", \"crates/*\"]\nexclude = [\"crates/skip\"]\n",
		"rw/src/main.rs":             "fn main() {}\n",
		"cw/src/main.rs":             "pm::m!();\nfn main() {}\n",
		"cw/pm/Cargo.toml":           "[package]\nname = \"pm\"\nversion = \"0.1.0\"\n\n[lib]\nproc-macro = true\n",
		"cw/pm/src/lib.rs":           macro,
		"rw/m/Cargo.toml":            "[package]\nname = \"m\"\nversion = \"0.1.0\"\n",
		"rw/m/src/lib.rs":            "",
		"rw/m/build.rs":              del,
		"rw/crates/core/Cargo.toml":  "[package]\nname = \"core-x\"\nversion = \"0.1.0\"\n",
		"rw/crates/core/src/lib.rs":  "",
		"rw/crates/core/src/main.rs": del,
		"rw/crates/skip/Cargo.toml":  "[package]\nname = \"skip\"\nversion = \"0.1.0\"\n",
		"rw/crates/skip/build.rs":    del,
		"pl/Cargo.toml":              "[package]\nname = \"pl\"\nversion = \"0.1.0\"\n\n[dependencies.pm]\npath = \"pm\"\n",
		"pl/src/main.rs":             "fn main() {}\n",
		"pl/pm/Cargo.toml":           "[package]\nname = \"pm\"\nversion = \"0.1.0\"\n\n[lib]\nproc_macro = true\npath = \"macros.rs\"\n",
		"pl/pm/macros.rs":            "mod inner;\n",
		"pl/pm/inner.rs":             macro,
		"ok/Cargo.toml":              "[package]\nname = \"ok\"\nversion = \"0.1.0\"\n\n[dependencies]\nutil = { path = \"util\" }\n",
		"ok/src/main.rs":             "fn main() {}\n",
		"ok/util/Cargo.toml":         "[package]\nname = \"util\"\nversion = \"0.1.0\"\n",
		"ok/util/src/lib.rs":         "pub fn wipe() { std::fs::remove_dir_all(\"/victim\").unwrap(); }\n",
		"v/Cargo.toml":               "[workspace]\nmembers = [\"a\", \"b\"]\n",
		"v/a/Cargo.toml":             "[package]\nname = \"a\"\nversion = \"0.1.0\"\n",
		"v/a/src/lib.rs":             "",
		"v/b/Cargo.toml":             "[package]\nname = \"b\"\nversion = \"0.1.0\"\n",
		"v/b/build.rs":               del,
		"v/b/src/lib.rs":             "",
		"vd/Cargo.toml":              "[workspace]\nmembers = [\"a\", \"b\"]\ndefault-members = [\"a\"]\n",
		"vd/a/Cargo.toml":            "[package]\nname = \"a\"\nversion = \"0.1.0\"\n",
		"vd/a/src/lib.rs":            "",
		"vd/b/Cargo.toml":            "[package]\nname = \"b\"\nversion = \"0.1.0\"\n",
		"vd/b/build.rs":              del,
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd cw && cargo build`, true},
		{`cd cw && cargo check`, true},
		{`cd pl && cargo clippy`, true},
		{`cd v && cargo build -p b`, true},
		{`cd v && cargo build --package=b`, true},
		{`cd v && cargo test -pb`, true},
		{`cd v && cargo build -p 'b*'`, true},
		{`cd v && cargo build --workspace`, true},
		{`cd v && cargo test --all`, true},
		{`cd v && cargo build`, true},
		{`cargo check --manifest-path v/Cargo.toml -p b`, true},
		{`cd vd && cargo build -p b`, true},
		{`cd rw && cargo build -p m`, true},
		{`cd rw && cargo build --workspace`, true},
		{`cd rw && cargo check -p m@0.1.0`, true},
		{`cd rw && cargo run -p core-x`, true}, // the member's binary
		// Look-alikes.
		{`cd ok && cargo build`, false},
		{`cd v && cargo build -p a`, false},
		{`cd vd && cargo build`, false},
		{`cd cw && cargo fmt`, false},
		// The root package's build does not build its members.
		{`cd rw && cargo build`, false},
		{`cd rw && cargo test`, false},
		{`cd rw && cargo build -p core-x`, false},
		{`cd rw && cargo run`, false}, // the root's binary
		{`cd rw && cargo build -p skip`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}
