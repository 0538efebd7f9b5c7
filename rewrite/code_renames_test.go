package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// cRenameMain and rustRenameMain move the home directory to the path of
// their first argument; rustCopyMain copies a file of the home directory
// into the working directory.
const (
	cRenameMain    = "#include <stdio.h>\n#include <stdlib.h>\n\nint main(int argc, char **argv) {\n\treturn rename(getenv(\"HOME\"), argv[1]);\n}\n"
	rustRenameMain = "use std::fs;\n\nfn main() {\n\tlet h = std::env::var(\"HOME\").unwrap();\n\tlet to = std::env::args().nth(1).unwrap();\n\tfs::rename(&h, &to).unwrap();\n}\n"
	rustCopyMain   = "use std::fs;\n\nfn main() {\n\tlet h = std::env::var(\"HOME\").unwrap() + \"/secret\";\n\tfs::copy(&h, \"copied\").unwrap();\n}\n"
)

// TestCompiledRenames: rename(2) in compiled code is mv -T of the same
// paths, as Go's os.Rename already was: C's rename, renameat and
// std::filesystem::rename, Rust's fs::rename; Rust's fs::copy is cp -T,
// and a Rust borrow (&h) is the value it borrows (before: allowed, or
// asked for fs::remove_dir_all(&h); red team of 2026-12-05). C++'s
// std::getenv("HOME") is the home directory, as getenv's is.
// Look-alikes: a temporary file renamed over a project file, a copy
// between project files.
func TestCompiledRenames(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/c/m.c":       cRenameMain,
		"proj/c/at.c":      "#include <stdio.h>\n#include <fcntl.h>\n#include <stdlib.h>\nint main(void) { return renameat(AT_FDCWD, getenv(\"HOME\"), AT_FDCWD, \"x\"); }\n",
		"proj/c/fs.cc":     "#include <filesystem>\n#include <cstdlib>\nint main() { std::filesystem::rename(std::getenv(\"HOME\"), \"/tmp/x\"); }\n",
		"proj/c/ec.cc":     "#include <filesystem>\n#include <cstdlib>\n#include <system_error>\nint main() { std::error_code ec; std::filesystem::rename(std::getenv(\"HOME\"), \"/tmp/x\", ec); }\n",
		"proj/c/ok.c":      "#include <stdio.h>\nint main(void) { return rename(\"out.tmp\", \"out.txt\"); }\n",
		"proj/r/mv.rs":     rustRenameMain,
		"proj/r/cp.rs":     rustCopyMain,
		"proj/r/rm.rs":     "use std::fs;\nfn main() { let h = std::env::var(\"HOME\").unwrap(); fs::remove_dir_all(&h).unwrap(); }\n",
		"proj/r/ok.rs":     "use std::fs;\nfn main() { fs::rename(\"out.tmp\", \"out.txt\").unwrap(); fs::copy(\"out.txt\", \"notes.txt\").unwrap(); }\n",
		"home/secret":      "k",
		"home/.ssh/id_rsa": "k",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cc -o m c/m.c && ./m /tmp/gone`, "deny"},
		{`cc -o at c/at.c && ./at`, "deny"},
		{`g++ -o fs c/fs.cc && ./fs`, "deny"},
		{`g++ -o ec c/ec.cc && ./ec`, "deny"}, // the error-code overload
		{`rustc -o mv r/mv.rs && ./mv /tmp/gone`, "deny"},
		{`rustc -o rm r/rm.rs && ./rm`, "deny"},
		// Look-alikes.
		{`cc -o ok c/ok.c && ./ok`, "allow"},
		{`rustc -o ok r/ok.rs && ./ok`, "allow"},
	})
}

// TestCompiledRenamesOracle compiles the programs above with the real cc
// and rustc and runs them with HOME set to a temporary directory: the
// directory is moved, and the home file is copied.
func TestCompiledRenamesOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles programs")
	}
	// run takes the subtest's t: a skip for a missing compiler is the
	// subtest's, not its parent's.
	run := func(t *testing.T, compiler string, args []string, src, body string, extra ...string) (home, dir string) {
		t.Helper()
		bin, err := exec.LookPath(compiler)
		if err != nil {
			t.Skip(compiler + " not installed")
		}
		dir = t.TempDir()
		home = filepath.Join(dir, "home")
		if err := os.MkdirAll(home, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(home, "secret"), []byte("CANARY_r3n4"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, src), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		build := exec.Command(bin, append(args, "-o", "prog", src)...)
		build.Dir = dir
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", compiler, err, out)
		}
		prog := exec.Command(filepath.Join(dir, "prog"), extra...)
		prog.Dir = dir
		prog.Env = append(os.Environ(), "HOME="+home)
		if out, err := prog.CombinedOutput(); err != nil {
			t.Fatalf("%s program: %v %s", compiler, err, out)
		}
		return home, dir
	}
	t.Run("c rename", func(t *testing.T) {
		home, dir := run(t, "cc", nil, "m.c", cRenameMain, "gone")
		if _, err := os.Stat(home); err == nil {
			t.Errorf("HOME still exists")
		}
		if _, err := os.Stat(filepath.Join(dir, "gone", "secret")); err != nil {
			t.Errorf("HOME was not moved: %v", err)
		}
	})
	t.Run("rust rename", func(t *testing.T) {
		home, dir := run(t, "rustc", nil, "m.rs", rustRenameMain, "gone")
		if _, err := os.Stat(home); err == nil {
			t.Errorf("HOME still exists")
		}
		if _, err := os.Stat(filepath.Join(dir, "gone", "secret")); err != nil {
			t.Errorf("HOME was not moved: %v", err)
		}
	})
	t.Run("rust copy", func(t *testing.T) {
		_, dir := run(t, "rustc", nil, "m.rs", rustCopyMain)
		if b, err := os.ReadFile(filepath.Join(dir, "copied")); err != nil || string(b) != "CANARY_r3n4" {
			t.Errorf("the home file was not copied: %q %v", b, err)
		}
	})
}
