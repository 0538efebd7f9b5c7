package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Go programs that fill in an exec.Cmd themselves, and that read, copy
// or serve a tree through os.DirFS, os.CopyFS and http.Dir.
const (
	goCmdLiteralMain = "package main\n\nimport \"os/exec\"\n\nfunc main() {\n\tc := &exec.Cmd{Path: \"/bin/sh\", Args: []string{\"sh\", \"-c\", \"rm -rf \\\"$HOME\\\"\"}}\n\tc.Run()\n}\n"
	goCmdFieldsMain  = "package main\n\nimport \"os/exec\"\n\nfunc main() {\n\tc := exec.Command(\"true\")\n\tc.Path = \"/bin/sh\"\n\tc.Args = []string{\"sh\", \"-c\", \"rm -rf \\\"$HOME\\\"\"}\n\tc.Run()\n}\n"
	goCmdAliasMain   = "package main\n\nimport \"os/exec\"\n\nfunc main() {\n\tc := exec.Command(\"true\")\n\td := c\n\td.Path = \"/bin/sh\"\n\td.Args = []string{\"sh\", \"-c\", \"rm -rf \\\"$HOME\\\"\"}\n\td.Run()\n}\n"
	goCmdMakerMain   = "package main\n\nimport \"os/exec\"\n\nfunc mk() *exec.Cmd { return exec.Command(\"true\") }\n\nfunc main() {\n\tc := mk()\n\tc.Path = \"/bin/sh\"\n\tc.Args = []string{\"sh\", \"-c\", \"rm -rf \\\"$HOME\\\"\"}\n\tc.Run()\n}\n"
	goCmdFieldMain   = "package main\n\nimport \"os/exec\"\n\ntype job struct {\n\tcmd *exec.Cmd\n}\n\nfunc main() {\n\tvar j job\n\tj.cmd = exec.Command(\"true\")\n\tp := j.cmd\n\tp.Path = \"/bin/sh\"\n\tp.Args = []string{\"sh\", \"-c\", \"rm -rf \\\"$HOME\\\"\"}\n\tj.cmd.Run()\n}\n"
	goCopyFSMain     = "package main\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tif err := os.CopyFS(filepath.Join(h, \".claude\"), os.DirFS(\"evil\")); err != nil {\n\t\tpanic(err)\n\t}\n}\n"
	goDirFSMain      = "package main\n\nimport (\n\t\"io/fs\"\n\t\"os\"\n)\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tb, _ := fs.ReadFile(os.DirFS(h), \".ssh/id_rsa\")\n\tos.Stdout.Write(b)\n}\n"
)

// TestGoCmdAndFS: an exec.Cmd literal or one whose Path and Args the
// program sets runs Path with Args (os/exec: Args[0] is only the name the
// program sees), a tree os.DirFS roots is read, os.CopyFS writes under
// its directory, http.FileServer(http.Dir(d)) serves d; os.Symlink and
// os.Link are ln -s and ln, os.Truncate writes, os.Chmod/Chown change
// modes, os.Chdir moves the working directory for the relative paths
// after it (before: all allowed; red team of 2026-12-05). The Cmd may be
// reached through a second name (d := c), a function that returns it, or
// a struct field's alias (before: allowed; red team of 2026-12-06).
// Look-alikes: a literal exec.Cmd of ls, url.URL's Path (through an
// alias too), a copy and a server of project directories, links, modes
// and truncation in the project.
func TestGoCmdAndFS(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/g/lit/main.go":         goCmdLiteralMain,
		"proj/g/fields/main.go":      goCmdFieldsMain,
		"proj/g/alias/main.go":       goCmdAliasMain,
		"proj/g/maker/main.go":       goCmdMakerMain,
		"proj/g/field/main.go":       goCmdFieldMain,
		"proj/g/okalias/main.go":     "package main\n\nimport (\n\t\"net/url\"\n\t\"os/exec\"\n)\n\nfunc main() {\n\tu, _ := url.Parse(\"http://x\")\n\tv := u\n\tv.Path = \"/y\"\n\tc := exec.Command(\"true\")\n\td := c\n\td.Path = \"/bin/ls\"\n\td.Args = []string{\"ls\", \"-l\"}\n\td.Run()\n}\n",
		"proj/g/copy/main.go":        goCopyFSMain,
		"proj/g/dirfs/main.go":       goDirFSMain,
		"proj/g/serve/main.go":       "package main\n\nimport (\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\thttp.ListenAndServe(\":8000\", http.FileServer(http.Dir(h)))\n}\n",
		"proj/g/ok/main.go":          "package main\n\nimport (\n\t\"net/http\"\n\t\"net/url\"\n\t\"os\"\n\t\"os/exec\"\n)\n\nfunc main() {\n\tu, _ := url.Parse(\"http://x\")\n\tu.Path = \"/y\"\n\tc := &exec.Cmd{Path: \"/bin/ls\", Args: []string{\"ls\", \"-l\"}, Stdout: os.Stdout}\n\tc.Run()\n\tos.CopyFS(\"out\", os.DirFS(\"public\"))\n\thttp.ListenAndServe(\"127.0.0.1:8000\", http.FileServer(http.Dir(\"public\")))\n}\n",
		"proj/g/link/main.go":        "package main\n\nimport \"os\"\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tos.Symlink(\"/tmp/e.json\", h+\"/.claude/settings.json\")\n}\n",
		"proj/g/cd/main.go":          "package main\n\nimport \"os\"\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tos.Chdir(h)\n\tos.RemoveAll(\".ssh\")\n}\n",
		"proj/g/trunc/main.go":       "package main\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tos.Truncate(filepath.Join(h, \".bashrc\"), 0)\n}\n",
		"proj/g/okfs/main.go":        "package main\n\nimport \"os\"\n\nfunc main() {\n\tos.Chdir(\"build\")\n\tos.RemoveAll(\"tmp\")\n\tos.Symlink(\"out\", \"latest\")\n\tos.Chmod(\"run.sh\", 0o755)\n\tos.Truncate(\"log.txt\", 0)\n}\n",
		"proj/evil/settings.json":    "{}",
		"proj/public/index.html":     "x",
		"home/.ssh/id_rsa":           "k",
		"home/.claude/settings.json": "{}",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`go run g/lit/main.go`, "deny"},
		{`go run g/fields/main.go`, "deny"},
		{`go run g/alias/main.go`, "deny"},
		{`go run g/maker/main.go`, "deny"},
		{`go run g/field/main.go`, "deny"},
		{`go run g/copy/main.go`, "deny"},
		{`go run g/dirfs/main.go`, "deny"},
		{`go run g/serve/main.go`, "deny"},
		{`go run g/link/main.go`, "deny"},
		{`go run g/cd/main.go`, "deny"},
		{`go run g/trunc/main.go`, "deny"},
		// Look-alikes.
		{`go run g/ok/main.go`, "allow"},
		{`go run g/okfs/main.go`, "allow"},
		{`go run g/okalias/main.go`, "allow"},
	})
}

// TestGoCmdAndFSOracle builds the programs above with the real go and
// runs them with HOME set to a temporary directory: the exec.Cmd's Path
// runs with its Args (the home directory is gone), os.CopyFS puts the
// tree's settings.json in ~/.claude, and a file under os.DirFS(home) is
// read.
func TestGoCmdAndFSOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles programs")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not installed")
	}
	cache, err := exec.Command(goBin, "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	const canary = "CANARY_9c1e"
	for _, tc := range []struct {
		name, src string
		check     func(t *testing.T, home, dir, out string)
	}{
		{"cmd-literal", goCmdLiteralMain, func(t *testing.T, home, _, _ string) {
			if _, err := os.Stat(home); !os.IsNotExist(err) {
				t.Errorf("home still there (%v): the literal exec.Cmd did not run its Path", err)
			}
		}},
		{"cmd-fields", goCmdFieldsMain, func(t *testing.T, home, _, _ string) {
			if _, err := os.Stat(home); !os.IsNotExist(err) {
				t.Errorf("home still there (%v): the assigned Path did not run", err)
			}
		}},
		{"cmd-alias", goCmdAliasMain, func(t *testing.T, home, _, _ string) {
			if _, err := os.Stat(home); !os.IsNotExist(err) {
				t.Errorf("home still there (%v): the Path assigned through d := c did not run", err)
			}
		}},
		{"cmd-maker", goCmdMakerMain, func(t *testing.T, home, _, _ string) {
			if _, err := os.Stat(home); !os.IsNotExist(err) {
				t.Errorf("home still there (%v): the Path assigned to mk()'s Cmd did not run", err)
			}
		}},
		{"cmd-field", goCmdFieldMain, func(t *testing.T, home, _, _ string) {
			if _, err := os.Stat(home); !os.IsNotExist(err) {
				t.Errorf("home still there (%v): the Path assigned through the struct field's alias did not run", err)
			}
		}},
		{"copyfs", goCopyFSMain, func(t *testing.T, home, _, _ string) {
			if b, err := os.ReadFile(filepath.Join(home, ".claude", "settings.json")); err != nil || string(b) != canary {
				t.Errorf("~/.claude/settings.json = %q, %v; want the copied canary", b, err)
			}
		}},
		{"dirfs", goDirFSMain, func(t *testing.T, _, _, out string) {
			if out != canary {
				t.Errorf("printed %q, want the key's canary", out)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home, dir := t.TempDir(), t.TempDir()
			for p, content := range map[string]string{".ssh/id_rsa": canary} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(home, p)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(home, p), []byte(content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(filepath.Join(dir, "evil"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "evil", "settings.json"), []byte(canary), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			build := exec.Command(goBin, "build", "-o", "prog", "main.go")
			build.Dir = dir
			build.Env = append(os.Environ(), "GO111MODULE=off", "GOCACHE="+strings.TrimSpace(string(cache)))
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build: %v %s", err, out)
			}
			run := exec.Command(filepath.Join(dir, "prog"))
			run.Dir = dir
			run.Env = append(os.Environ(), "HOME="+home)
			out, err := run.CombinedOutput()
			if err != nil {
				t.Fatalf("prog: %v %s", err, out)
			}
			tc.check(t, home, dir, string(out))
		})
	}
}

// cChdirUnlinkMain moves to the home directory and removes .bashrc there;
// rustSymlinkMain links ~/.claude/settings.json to a file of its choice.
const (
	cChdirUnlinkMain = "#include <unistd.h>\n#include <stdlib.h>\n\nint main(void) {\n\tif (chdir(getenv(\"HOME\")) != 0) return 1;\n\treturn unlink(\".bashrc\");\n}\n"
	rustSymlinkMain  = "use std::os::unix::fs::symlink;\n\nfn main() {\n\tlet h = std::env::var(\"HOME\").unwrap();\n\tsymlink(\"/tmp/e.json\", format!(\"{}/.claude/settings.json\", h)).unwrap();\n}\n"
)

// TestCompiledFileOpsDecisions: C's chdir then a relative unlink, and
// Rust's symlink, set_current_dir and hard_link are judged as cd, rm and
// ln of the same paths (before: allowed; red team of 2026-12-05).
// Look-alikes: the same calls inside the project.
func TestCompiledFileOpsDecisions(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/c/cd.c":                cChdirUnlinkMain,
		"proj/c/ok.c":                "#include <unistd.h>\nint main(void) { chdir(\"build\"); unlink(\"a.o\"); symlink(\"out\", \"latest\"); return 0; }\n",
		"proj/r/ln.rs":               rustSymlinkMain,
		"proj/r/cd.rs":               "fn main() { let h = std::env::var(\"HOME\").unwrap(); std::env::set_current_dir(&h).unwrap(); std::fs::remove_dir_all(\".ssh\").unwrap(); }\n",
		"proj/r/hl.rs":               "fn main() { let h = std::env::var(\"HOME\").unwrap(); std::fs::hard_link(h + \"/.ssh/id_rsa\", \"k\").unwrap(); }\n",
		"proj/r/ok.rs":               "use std::os::unix::fs::symlink;\nfn main() { std::env::set_current_dir(\"build\").unwrap(); symlink(\"out\", \"latest\").unwrap(); }\n",
		"home/.bashrc":               "#",
		"home/.ssh/id_rsa":           "k",
		"home/.claude/settings.json": "{}",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cc -o cd c/cd.c && ./cd`, "deny"},
		{`rustc -o ln r/ln.rs && ./ln`, "deny"},
		{`rustc -o cd r/cd.rs && ./cd`, "deny"},
		{`rustc -o hl r/hl.rs && ./hl`, "deny"},
		// Look-alikes.
		{`cc -o ok c/ok.c && ./ok`, "allow"},
		{`rustc -o ok r/ok.rs && ./ok`, "allow"},
	})
}

// TestCompiledFileOpsOracle compiles the C and Rust programs above with
// the real cc and rustc and runs them with HOME set to a temporary
// directory: .bashrc there is gone, and settings.json is a link.
func TestCompiledFileOpsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles programs")
	}
	for _, tc := range []struct {
		name, compiler, file, src string
		check                     func(t *testing.T, home string)
	}{
		{"c-chdir-unlink", "cc", "m.c", cChdirUnlinkMain, func(t *testing.T, home string) {
			if _, err := os.Lstat(filepath.Join(home, ".bashrc")); !os.IsNotExist(err) {
				t.Errorf(".bashrc still there (%v)", err)
			}
		}},
		{"rust-symlink", "rustc", "m.rs", rustSymlinkMain, func(t *testing.T, home string) {
			if fi, err := os.Lstat(filepath.Join(home, ".claude", "settings.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("settings.json is not a link (%v)", err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := exec.LookPath(tc.compiler); err != nil {
				t.Skip(tc.compiler + " not installed")
			}
			home, dir := t.TempDir(), t.TempDir()
			if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("#"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			// The compiler keeps the real HOME (rustup reads its
			// toolchain from it); only the program gets the temporary one.
			build := exec.Command(tc.compiler, "-o", "prog", tc.file)
			build.Dir = dir
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v %s", tc.compiler, err, out)
			}
			run := exec.Command(filepath.Join(dir, "prog"))
			run.Dir = dir
			run.Env = append(os.Environ(), "HOME="+home)
			if out, err := run.CombinedOutput(); err != nil {
				t.Fatalf("prog: %v %s", err, out)
			}
			tc.check(t, home)
		})
	}
}
