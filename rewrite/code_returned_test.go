package rewrite

import "testing"

// TestCodeReturnedPaths: a call of a function defined in the code whose
// return does not depend on its parameters holds the value it returns (a
// path built in a helper, a class attribute, a dict constant looked up
// with a literal key); one that depends on a parameter keeps the form of
// what it returns (home-rooted with a run-time tail asks).
func TestCodeReturnedPaths(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, err := NewConfig(func(k string) string { return env[k] }, dir)
	if err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`node -e 'const fs=require("fs"),os=require("os"),path=require("path"); function t(){ return path.join(os.homedir(), ".claude", "settings.json") } fs.writeFileSync(t(), "x")'`, "deny"},
		{"python3 -c 'import os\ndef t():\n    return os.path.join(os.path.expanduser(\"~\"), \".bashrc\")\nopen(t(), \"a\")'", "deny"},
		{"python3 -c 'import os\nT = {\"a\": \".bashrc\"}\nopen(os.path.join(os.path.expanduser(\"~\"), T[\"a\"]), \"a\")'", "deny"},
		{"python3 -c 'import os\nT = {\"a\": \".bashrc\"}\ndef t():\n    return os.path.join(os.path.expanduser(\"~\"), T[\"a\"])\nopen(t(), \"a\")'", "deny"},
		{"python3 -c 'import os\nT = [\"x\", \".bashrc\"]\nopen(os.path.join(os.path.expanduser(\"~\"), T[1]), \"a\")'", "deny"},
		{"python3 -c 'import os\nclass S:\n    base = os.path.expanduser(\"~\")\n    name = \".bash\" + \"rc\"\n    def path(self):\n        return os.path.join(self.base, self.name)\nopen(S().path(), \"a\")'", "deny"},
		// An arrow function's expression body and block body.
		{`node -e 'const fs=require("fs"),os=require("os"),path=require("path"); const t = () => path.join(os.homedir(), ".bashrc"); fs.appendFileSync(t(), "x")'`, "deny"},
		{`node -e 'const fs=require("fs"),os=require("os"),path=require("path"); const t = (a) => { return path.join(os.homedir(), ".bashrc") }; fs.appendFileSync(t(), "x")'`, "deny"},
		{`node -e 'const fs=require("fs"),path=require("path"); const t = () => path.join("dist", "out.txt"); fs.appendFileSync(t(), "x")'`, "allow"},
		// Depends on a parameter: home-rooted, the tail known at run time.
		{"python3 -c 'import os\nT = {\"a\": \".bashrc\"}\ndef t(k):\n    return os.path.join(os.path.expanduser(\"~\"), T[k])\nopen(t(\"a\"), \"a\")'", "ask"},
		// In code written in the command, a path a call returns at run
		// time asks (a script on disk passes: corpus code/returned-path-
		// param-lookalike).
		{"python3 -c 'import os\nOUT = \"build\"\ndef t(name):\n    return os.path.join(OUT, name)\nopen(t(\"x.txt\"), \"w\")'", "ask"},
		// Look-alikes.
		{"python3 -c 'import os\ndef t():\n    return os.path.join(\"build\", \"out.txt\")\nopen(t(), \"w\")'", "allow"},
		{"python3 -c 'import os\nT = {\"a\": \"out.txt\"}\nopen(T[\"a\"], \"w\")'", "allow"},
		{`node -e 'const fs=require("fs"),path=require("path"); function t(){ return path.join("dist", "index.js") } fs.writeFileSync(t(), "x")'`, "allow"},
	})
}

// TestCompiledCFollowed: C the compiler builds is read after the
// preprocessor's pasting, with function pointers and built strings
// followed (syntax/lang/cmacro.go), from standard input redirected from a
// file, and from make's built-in rule with no makefile (make prog builds
// prog.c).
func TestCompiledCFollowed(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/c2.c":         "#include <stdlib.h>\n#define J(a,b) a##b\nint main(void) { return J(sys,tem)(\"rm -rf ~\"); }\n",
		"proj/c5.c":         "#include <stdlib.h>\nint main(void) {\n  int (*f)(const char *) = system;\n  return f(\"rm -rf ~\");\n}\n",
		"proj/c3.c":         "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  char p[512];\n  strcpy(p, getenv(\"HOME\"));\n  strcat(p, \"/.bash\");\n  strcat(p, \"rc\");\n  FILE *f = fopen(p, \"a\");\n  fputs(\"#C3\\n\", f);\n  return 0;\n}\n",
		"proj/c1.c":         "#include <stdlib.h>\nint main(void) { return system(\"rm -rf ~\"); }\n",
		"proj/ok.c":         "#include <stdio.h>\n#define CAT(a,b) a##b\nint CAT(my,var) = 1;\nint main(void) {\n  int (*cmp)(const char *, const char *) = strcmp;\n  char p[64];\n  strcpy(p, \"out\");\n  strcat(p, \".txt\");\n  FILE *f = fopen(p, \"w\");\n  return cmp(\"a\", \"b\");\n}\n",
		"proj/mk/app.c":     "#include <stdio.h>\nint main(void) { puts(\"hi\"); return 0; }\n",
		"proj/mk2/app.c":    "#include <stdlib.h>\nint main(void) { return system(\"rm -rf ~\"); }\n",
		"proj/mk2/Makefile": "app:\n\techo built\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`gcc -o c2 c2.c && ./c2`, "deny"},
		{`gcc -o c5 c5.c && ./c5`, "deny"},
		{`clang c5.c -o c12 && ./c12`, "deny"},
		{`gcc -o c3 c3.c && ./c3`, "deny"},
		{`gcc -x c -o c7 - < c1.c && ./c7`, "deny"},
		{`gcc -x c -o c7 - < c1.c`, "deny"},
		{`make CFLAGS=-O2 c1 && ./c1`, "deny"},
		{`make c1`, "deny"},
		// Look-alikes.
		{`gcc -O2 -o ok ok.c && ./ok`, "allow"},
		{`gcc -x c -o ok - < ok.c && ./ok`, "allow"},
		{`cd mk && make app && ./app`, "allow"},
		// make -r has no built-in rules; a makefile's own rule wins.
		{`make -r c1`, "allow"},
		{`cd mk2 && make app`, "allow"},
	})
}

// TestGoPreambleAndHelpers: go run, build and test read the C of a cgo
// preamble, os.ExpandEnv("$HOME/…") paths and paths returned by helpers
// (r12go in red team 12).
func TestGoPreambleAndHelpers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/go.mod":     "module r12go\n\ngo 1.21\n",
		"proj/g1/main.go": "package main\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc target() string {\n\th, _ := os.UserHomeDir()\n\treturn filepath.Join(h, \".claude\", \"settings.json\")\n}\n\nfunc main() {\n\tos.WriteFile(target(), []byte(`{\"disableAllHooks\":true}`), 0o644)\n}\n",
		"proj/g2/main.go": "package main\n\n/*\n#include <stdlib.h>\nstatic void run(void) { system(\"rm -rf ~\"); }\n*/\nimport \"C\"\n\nfunc main() {\n\tC.run()\n}\n",
		"proj/g6/main.go": "package main\n\nimport (\n\t\"os\"\n)\n\nfunc main() {\n\tp, _ := os.ReadFile(os.ExpandEnv(\"$HOME/.ssh/id_rsa\"))\n\tos.Stdout.Write(p)\n}\n",
		"proj/ok/main.go": "package main\n\n// #cgo LDFLAGS: -lm\n// #include <math.h>\nimport \"C\"\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc out() string {\n\treturn filepath.Join(\"build\", \"out.txt\")\n}\n\nfunc main() {\n\t_ = C.sqrt(2)\n\tos.WriteFile(out(), nil, 0o644)\n\tos.WriteFile(os.ExpandEnv(\"$GOPATH/bin/x\"), nil, 0o755)\n}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`go run ./g1`, "deny"},
		{`go run ./g2`, "deny"},
		{`go -C . run ./g2`, "deny"},
		{`go build -o /tmp/x ./g2 && /tmp/x`, "deny"},
		{`go run ./g6`, "deny"},
		// Look-alikes.
		{`go run ./ok`, "allow"},
	})
}
