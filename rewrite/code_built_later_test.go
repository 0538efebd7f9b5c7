package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuiltForLater: a program the command compiles and does not run is
// judged by its sources at the build, since the agent's next call runs
// it as a binary the hook cannot read (cc -x c - -o t <<E … E, then ./t).
// Source on the compiler's standard input is judged as a run is (a
// run-time argument asks); a source file for its literal calls only.
func TestBuiltForLater(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/evil.c":   "#include <stdlib.h>\nint main(void){ system(\"rm -rf ~\"); return 0; }\n",
		"proj/hello.c":  "#include <stdio.h>\nint main(void){ puts(\"hi\"); return 0; }\n",
		"proj/rmarg.c":  "#include <stdio.h>\nint main(int c, char **v){ return remove(v[1]); }\n",
		"proj/evil.go":  "package main\n\nimport \"os\"\n\nfunc main() {\n\thome, _ := os.UserHomeDir()\n\tos.RemoveAll(home)\n}\n",
		"proj/hello.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n",
		"proj/evil.rs":  "fn main() { std::process::Command::new(\"rm\").args([\"-rf\", \"/\"]).status().unwrap(); }\n",
		"proj/hello.rs": "fn main() { println!(\"hi\"); }\n",
		"proj/Makefile": "app: evil.c\n\tcc -o app evil.c\n",
		"proj/go.mod":   "module x\n\ngo 1.21\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cc -x c - -o t <<'E'\n#include <stdlib.h>\nint main(){ system(\"rm -rf ~\"); }\nE", "deny"},
		{"echo '#include <stdlib.h>\nint main(){system(\"rm -rf ~\");}' | gcc -x c - -o t", "deny"},
		{"cc -x c - -o t <<'E'\nint main(int c, char **v){ return system(v[1]); }\nE", "ask"},
		{"gcc evil.c -o t", "deny"},
		{"gcc -c evil.c -o e.o && gcc e.o -o t", "deny"},
		{"go build -o t evil.go", "deny"},
		{"rustc evil.rs -o t", "deny"},
		{"make app", "deny"},
		// Look-alikes: harmless programs, a run-time argument in a file,
		// a build and run in one command judged once.
		{"cc -x c - -o t <<'E'\n#include <stdio.h>\nint main(){ puts(\"rm -rf ~\"); }\nE", "allow"},
		{"cc -o hello hello.c", "allow"},
		{"gcc -o hello hello.c && ./hello", "allow"},
		{"cc -o rmarg rmarg.c", "allow"},
		{"gcc -fsyntax-only evil.c", "allow"},
		{"go build -o hi hello.go", "allow"},
		{"rustc hello.rs", "allow"},
		{"make", "deny"},
	})
	// A package that deletes the home directory is judged when built.
	checkDecisions(t, cfg, []struct{ cmd, want string }{{"go build ./...", "deny"}})
	clean := scratchProject(t, map[string]string{
		"proj/go.mod":     "module x\n\ngo 1.21\n",
		"proj/main.go":    "package main\n\nimport \"os\"\n\nfunc main() { os.RemoveAll(os.Args[1]); os.Remove(\"out.tmp\") }\n",
		"proj/lib/lib.go": "package lib\n\nfunc F() int { return 1 }\n",
		"proj/cmd/x/x.c":  "int main(void){ return 0; }\n",
	})
	checkDecisions(t, clean, []struct{ cmd, want string }{
		{"go build ./...", "allow"},
		{"go build -o bin/app .", "allow"},
		{"make", "allow"},
	})
	r := Check(cfg, "gcc -c evil.c -o e.o && gcc e.o -o t")
	if len(r.Findings) != 1 {
		t.Errorf("an object linked later is judged once, got %d findings: %v", len(r.Findings), r.Findings)
	}
}

// TestBuiltForLaterRuns builds the judged C program with the real
// compiler in one command and runs it in another, as the agent's two
// calls do: the canary it removes is gone, so the build's verdict is
// about code that really runs.
func TestBuiltForLaterRuns(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("cc not installed")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "home", ".bashrc")
	if err := os.MkdirAll(filepath.Dir(canary), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(canary, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	build := "cc -x c - -o t <<'E'\n#include <stdlib.h>\nint main(void){ return system(\"rm -f ~/.bashrc\"); }\nE"
	env := map[string]string{"HOME": filepath.Join(dir, "home"), EnvProject: dir}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, dir)
	r := Check(cfg, build)
	found := false
	for _, f := range r.Findings {
		found = found || strings.Contains(f.Message, ".bashrc")
	}
	if !found {
		t.Fatalf("the build's findings do not name the program's deletion: %v", r.Findings)
	}
	for _, cmd := range []string{build, "./t"} {
		c := exec.Command("bash", "-c", cmd)
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+filepath.Join(dir, "home"))
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
	}
	if _, err := os.Stat(canary); !os.IsNotExist(err) {
		t.Fatalf("the program built in one call and run in the next left the canary: %v", err)
	}
}

// TestPycWrites: compiled Python written by name asks wherever it is
// (an import runs a __pycache__ file whose header matches the source's
// time and size instead of the source); Python's own compiling, a
// recursive copy of a tree with its caches and deleting caches pass.
func TestPycWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/m.py":                          "print('hi')\n",
		"proj/src/pkg/__init__.py":           "",
		"proj/src/pkg/__pycache__/x.pyc":     "bytecode",
		"proj/evil_src.py":                   "print('other')\n",
		"home/x.pyc":                         "bytecode",
		"proj/__pycache__/m.cpython-311.pyc": "bytecode",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cp ~/x.pyc __pycache__/m.cpython-311.pyc", "ask"},
		{"cp ~/x.pyc __pycache__/", "ask"},
		{"mv ~/x.pyc m.pyc", "ask"},
		{"base64 -d x.b64 > __pycache__/m.cpython-311.pyc", "ask"},
		{`python3 -c "open('__pycache__/m.cpython-311.pyc','wb').write(b'x')"`, "ask"},
		{`python3 -c "import py_compile; py_compile.compile('evil_src.py', cfile='__pycache__/m.cpython-311.pyc')"`, "ask"},
		{`python3 -c "import py_compile; py_compile.compile('evil_src.py', '__pycache__/m.cpython-311.pyc')"`, "ask"},
		// Look-alikes.
		{"python3 -m compileall src", "allow"},
		{"python3 -m py_compile m.py", "allow"},
		{`python3 -c "import py_compile; py_compile.compile('m.py')"`, "allow"},
		{"find . -name '*.pyc' -delete", "allow"},
		{"rm -rf __pycache__", "allow"},
		{"cp -r src backup", "allow"},
		{"cp m.py m2.py", "allow"},
		{"echo pyc > notes.txt", "allow"},
		{"cat __pycache__/m.cpython-311.pyc | xxd | head", "allow"},
	})
}

// TestForgedPycRuns shows, with the real python3, what the write rule is
// about: a __pycache__ file whose header carries the source's mtime and
// size runs its own code on import, while the source says something else.
func TestForgedPycRuns(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "m.py"), []byte("print('source')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	forge := `import importlib.util, marshal, os, struct, sys
st = os.stat("m.py")
code = compile("open('canary', 'w').close()", "m.py", "exec")
os.makedirs("__pycache__", exist_ok=True)
with open("__pycache__/m." + sys.implementation.cache_tag + ".pyc", "wb") as f:
    f.write(importlib.util.MAGIC_NUMBER + struct.pack("<III", 0, int(st.st_mtime) & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF) + marshal.dumps(code))
`
	for _, args := range [][]string{{"-c", forge}, {"-c", "import m"}} {
		c := exec.Command(py, args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "HOME="+filepath.Join(dir, "home"), "PYTHONDONTWRITEBYTECODE=")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "canary")); err != nil {
		t.Fatalf("the forged bytecode did not run: %v", err)
	}
	env := map[string]string{"HOME": filepath.Join(dir, "home"), EnvProject: dir}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, dir)
	tag, err := exec.Command(py, "-c", "import sys; print(sys.implementation.cache_tag)").Output()
	if err != nil {
		t.Fatal(err)
	}
	cmd := "cp /tmp/forged.pyc __pycache__/m." + strings.TrimSpace(string(tag)) + ".pyc"
	if got := Check(cfg, cmd).Decision.String(); got != "ask" {
		t.Errorf("%s: %s, want ask", cmd, got)
	}
}

// TestDecodedMadeExecutable: a file the command decodes (base64 -d, xxd
// -r, openssl base64 -d, uudecode) or writes as binary bytes and then
// makes executable is a program for a later call to run, which the hook
// will see only as a binary it cannot read: the chmod asks. Look-alikes:
// a decoded image, a chmod that takes x away, encoding, a file rewritten
// by another program, a script written as text.
func TestDecodedMadeExecutable(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/build.sh": "echo hi\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"echo f0VMRgIBAQA= | base64 -d > t; chmod +x t", "ask"},
		{"base64 --decode blob.b64 > t && chmod 755 t", "ask"},
		{"xxd -r -p hex.txt > t; chmod u+x t", "ask"},
		{"openssl base64 -d -in b.txt > t; chmod a=rwx t", "ask"},
		{"uudecode -o /dev/stdout x.uu > t; chmod 700 t", "ask"},
		{`printf '\x7fELF\x02\x01\x01' > t; chmod +x t`, "ask"},
		{"base64 -d b.txt > t; chmod -R go-w,u+x t", "ask"},
		// Look-alikes.
		{"base64 -d blob.b64 > img.png; chmod 644 img.png", "allow"},
		{"base64 -d blob.b64 > t; chmod -x t", "allow"},
		{"base64 blob > t; chmod +x t", "allow"},
		{"base64 -d b > t; cat other > t; chmod +x t", "allow"},
		{`printf '#!/bin/sh\necho hi\n' > s.sh; chmod +x s.sh`, "allow"},
		{"cat $(which unzipsfx) a.zip > f && chmod 755 f", "allow"},
		{"chmod +x build.sh", "allow"},
	})
}
