package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCExpandOracle compiles and runs each shape of TestCExpand's
// preprocessor and function-pointer rows with the real gcc, the command
// pointed at a canary: the program runs the command exactly where corral
// reads a shell call (or asks, for a pointer it does not follow), and the
// look-alikes run nothing and are read as nothing.
func TestCExpandOracle(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	head := "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
	for _, tc := range []struct {
		name, src string
		flags     []string
		want      string // "shell", "hidden" or "" (nothing read, nothing run)
	}{
		{"splice-name", "int main(void) {\n  sys\\\ntem(\"CMD\");\n  return 0;\n}\n", nil, "shell"},
		{"splice-define", "#define J(a,b) \\\n  a##b\nint main(void) { J(sys,tem)(\"CMD\"); return 0; }\n", nil, "shell"},
		{"trigraph-splice", "int main(void) {\n  sys??/\ntem(\"CMD\");\n  return 0;\n}\n", []string{"-std=c11"}, "shell"},
		{"digraph-define", "%:define R sys%:%:tem\nint main(void) { R(\"CMD\"); return 0; }\n", nil, "shell"},
		{"nested", "#define RUN(c) system(c)\n#define GO RUN(\"CMD\")\nint main(void) { GO; return 0; }\n", nil, "shell"},
		{"chain", "#define S system\n#define R S\nint main(void) { R(\"CMD\"); return 0; }\n", nil, "shell"},
		{"paste-through", "#define J(a,b) a##b\n#define K J(sys,tem)\nint main(void) { K(\"CMD\"); return 0; }\n", nil, "shell"},
		{"string-macro", "#define C \"CMD\"\nint main(void) { system(C); return 0; }\n", nil, "shell"},
		{"stringize", "#define Q(x) #x\nint main(void) { system(Q(CMD)); return 0; }\n", nil, "shell"},
		{"variadic", "#define J(a,b) a##b\n#define RUN(...) J(sys,tem)(__VA_ARGS__)\nint main(void) { RUN(\"CMD\"); return 0; }\n", nil, "shell"},
		{"args-over-lines", "#define J(a,b) a##b\nint main(void) {\n  J(sys,\n    tem)(\"CMD\");\n  return 0;\n}\n", nil, "shell"},
		{"ifdef-branches", "#ifndef NEVER\n#define R system\n#else\n#define R puts\n#endif\nint main(void) { R(\"CMD\"); return 0; }\n", nil, "shell"},
		{"ifdef-branches-late", "#ifdef NEVER\n#define R puts\n#else\n#define R system\n#endif\nint main(void) { R(\"CMD\"); return 0; }\n", nil, "shell"},
		{"undef-in-branch", "#define R system\n#ifdef NEVER\n#undef R\n#define R puts\n#endif\nint main(void) { R(\"CMD\"); return 0; }\n", nil, "shell"},
		{"struct-designated", "struct ops { int (*f)(const char *); };\nstruct ops s = {.f = system};\nint main(void) { return s.f(\"CMD\"); }\n", nil, "shell"},
		{"struct-member", "struct ops { int (*f)(const char *); } s, *p = &s;\nint main(void) {\n  s.f = system;\n  return p->f(\"CMD\");\n}\n", nil, "shell"},
		{"struct-positional", "struct {int (*f)(const char*);} s = {system};\nint main(void) { return s.f(\"CMD\"); }\n", nil, "hidden"},
		{"ptr-array", "int (*t[])(const char *) = {system};\nint main(void) { return t[0](\"CMD\"); }\n", nil, "hidden"},
		{"ptr-passed", "static int run(int (*g)(const char *), const char *c) { return g(c); }\nint main(void) {\n  int (*f)(const char *) = system;\n  return run(f, \"CMD\");\n}\n", nil, "hidden"},
		{"paren-callee", "int main(void) { return (system)(\"CMD\"); }\n", nil, "shell"},
		// Look-alikes.
		{"look-undef", "#define R system\n#undef R\n#define R puts\nint main(void) { R(\"CMD\"); return 0; }\n", nil, ""},
		{"look-member-puts", "struct {int (*f)(const char *);} s;\nint main(void) { s.f = puts; s.f(\"CMD\"); return 0; }\n", nil, ""},
		{"look-log", "#define LOG(x) printf(\"%s\\n\", x)\n#define VERSION \"1.0\"\nint main(void) { LOG(\"CMD\"); puts(VERSION); return 0; }\n", nil, ""},
		{"look-struct", "struct {int (*cmp)(const char *, const char *);} s = {strcmp};\nint main(void) { return s.cmp(\"CMD\", \"b\") == 0; }\n", nil, ""},
	} {
		canary := filepath.Join(dir, tc.name+".ran")
		cmdText := "touch " + canary
		src := head + strings.ReplaceAll(tc.src, "CMD", cmdText)
		var kinds []string
		for _, e := range Analyze(C, src) {
			switch {
			case e.Kind == Shell && e.Text == cmdText:
				kinds = append(kinds, "shell")
			case e.Kind == Hidden:
				kinds = append(kinds, "hidden")
			default:
				kinds = append(kinds, describe(e))
			}
		}
		got := strings.Join(kinds, ",")
		if tc.name == "nested" {
			got = strings.TrimPrefix(got, "hidden,") // the body system(c) itself
		}
		if got != tc.want {
			t.Errorf("%s: corral reads %q, want %q", tc.name, got, tc.want)
		}
		cfile := filepath.Join(dir, tc.name+".c")
		bin := filepath.Join(dir, tc.name)
		if err := os.WriteFile(cfile, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		build := exec.Command(gcc, append(append([]string{}, tc.flags...), "-w", "-o", bin, cfile)...)
		build.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home}
		if out, err := build.CombinedOutput(); err != nil {
			t.Errorf("%s: gcc: %v\n%s", tc.name, err, out)
			continue
		}
		run := exec.Command(bin)
		run.Dir = dir
		run.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home}
		run.Run()
		_, statErr := os.Stat(canary)
		if ran := statErr == nil; ran != (tc.want != "") {
			t.Errorf("%s: the program ran the command: %v, corral reads %q", tc.name, ran, tc.want)
		}
	}
}
