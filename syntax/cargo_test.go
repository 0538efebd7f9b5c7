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
