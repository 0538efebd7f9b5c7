package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Programs that print HOME/secret through a path made by a format.
const (
	goSprintfMain   = "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tp := fmt.Sprintf(\"%s/secret\", os.Getenv(\"HOME\"))\n\tb, _ := os.ReadFile(p)\n\tfmt.Print(string(b))\n}\n"
	rustFormatMain  = "use std::fs;\n\nfn main() {\n\tlet h = std::env::var(\"HOME\").unwrap();\n\tlet p = format!(\"{h}/secret\");\n\tprint!(\"{}\", fs::read_to_string(&p).unwrap());\n}\n"
	rustChainedMain = "use std::fs;\n\nfn main() {\n\tlet h = std::env::var(\"HOME\").unwrap();\n\tlet d = h + \"/\";\n\tlet p = d + \"secret\";\n\tprint!(\"{}\", fs::read_to_string(p).unwrap());\n}\n"
)

// TestCompiledFormats: a path compiled code makes with a format whose
// text the code shows is that path: Go's fmt.Sprintf with %s/%v, Rust's
// format! with {}, {N} and inline {name}, kept in a name or passed
// directly; Rust block constants built from one another (let p = h +
// "/x"); a path built from the home directory in a compiled program is
// judged by its pieces (before: allowed; red team of 2026-12-05).
// Look-alikes: formats of project paths, a %d verb.
func TestCompiledFormats(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/g/sprintf.go": strings.ReplaceAll(goSprintfMain, "/secret", "/.ssh/id_rsa"),
		"proj/g/inline.go":  "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tos.RemoveAll(fmt.Sprintf(\"%v/.ssh\", h))\n}\n",
		"proj/g/verb.go":    "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tb, _ := os.ReadFile(fmt.Sprintf(\"%s/.ssh/id_rsa%d\", os.Getenv(\"HOME\"), 1))\n\tfmt.Print(string(b))\n}\n",
		"proj/g/ok.go":      "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tos.WriteFile(fmt.Sprintf(\"notes/%s.txt\", \"a\"), []byte(\"x\"), 0o644)\n\tos.WriteFile(fmt.Sprintf(\"notes/%03d.txt\", 7), []byte(\"x\"), 0o644)\n}\n",
		"proj/r/format.rs":  strings.ReplaceAll(rustFormatMain, "/secret", "/.ssh/id_rsa"),
		"proj/r/chain.rs":   strings.ReplaceAll(rustChainedMain, "\"secret\"", "\".ssh/id_rsa\""),
		"proj/r/ok.rs":      "use std::fs;\n\nfn main() {\n\tlet d = \"notes\";\n\tlet n = 3;\n\tfs::write(format!(\"{d}/a.txt\"), \"x\").unwrap();\n\tfs::write(format!(\"notes/{n:>4}.txt\"), \"x\").unwrap();\n}\n",
		"home/.ssh/id_rsa":  "k",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`go run ./g/sprintf.go`, "deny"},
		{`go run ./g/inline.go`, "deny"},
		{`go run ./g/verb.go`, "ask"},
		{`rustc -o f r/format.rs && ./f`, "deny"},
		{`rustc -o c r/chain.rs && ./c`, "deny"},
		// Look-alikes.
		{`go run ./g/ok.go`, "allow"},
		{`rustc -o ok r/ok.rs && ./ok`, "allow"},
	})
}

// TestCompiledFormatsOracle builds the programs above with the real go
// and rustc and runs them with HOME set to a directory holding a canary:
// the format names the file.
func TestCompiledFormatsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles programs")
	}
	const canary = "CANARY_f0a7"
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "secret"), []byte(canary), 0o600); err != nil {
		t.Fatal(err)
	}
	// run runs a built program with HOME set to home (the compilers
	// keep the real one: rustup reads its toolchain from it).
	run := func(t *testing.T, dir string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		if !strings.HasSuffix(name, "rustc") {
			cmd.Env = append(os.Environ(), "HOME="+home)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v %s", name, args, err, out)
		}
		return string(out)
	}
	t.Run("go", func(t *testing.T) {
		goBin, err := exec.LookPath("go")
		if err != nil {
			t.Skip("go not installed")
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(goSprintfMain), 0o644); err != nil {
			t.Fatal(err)
		}
		// The build cache of the test's own go, not one under HOME.
		cache, err := exec.Command(goBin, "env", "GOCACHE").Output()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(goBin, "build", "-o", "prog", "main.go")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOCACHE="+strings.TrimSpace(string(cache)))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v %s", err, out)
		}
		if out := run(t, dir, filepath.Join(dir, "prog")); out != canary {
			t.Errorf("printed %q, want the canary", out)
		}
	})
	for name, src := range map[string]string{"rust format": rustFormatMain, "rust chained": rustChainedMain} {
		src := src
		t.Run(name, func(t *testing.T) {
			if _, err := exec.LookPath("rustc"); err != nil {
				t.Skip("rustc not installed")
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "m.rs"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			run(t, dir, "rustc", "-o", "prog", "m.rs")
			if out := run(t, dir, filepath.Join(dir, "prog")); out != canary {
				t.Errorf("printed %q, want the canary", out)
			}
		})
	}
}
