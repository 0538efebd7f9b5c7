package lang

import (
	"strconv"
	"strings"
	"testing"
)

// TestCExpand: the C reader sees the call the preprocessor pastes, the
// function a pointer holds and the path a buffer is built to, on the
// line where it stands.
func TestCExpand(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"paste", "#include <stdlib.h>\n#define J(a,b) a##b\nint main(void) { return J(sys,tem)(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @3"},
		{"paste-object", "#define S sys ## tem\nint main(void) { S(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @2"},
		{"alias-macro", "#define RUN system\nint main(void) { RUN(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @2"},
		{"funcptr", "#include <stdlib.h>\nint main(void) {\n  int (*f)(const char *) = system;\n  return f(\"rm -rf ~\");\n}\n", "shell system: rm -rf ~ @4"},
		{"funcptr-deref", "int main(void) {\n  int (*f)(const char *);\n  f = &system;\n  return (*f)(\"rm -rf ~\");\n}\n", "shell system: rm -rf ~ @4"},
		{"strcat", "int main(void) {\n  char p[512];\n  strcpy(p, getenv(\"HOME\"));\n  strcat(p, \"/.bash\");\n  strcat(p, \"rc\");\n  FILE *f = fopen(p, \"a\");\n}\n", "append fopen: ~/.bashrc (home) @6"},
		{"snprintf", "int main(void) {\n  const char *h = getenv(\"HOME\");\n  char p[512];\n  snprintf(p, sizeof p, \"%s/.bashrc\", h);\n  int fd = open(p, O_WRONLY|O_APPEND);\n}\n", "append open: ~/.bashrc (home) @5"},
		// Look-alikes: ordinary macros, pointers and buffers.
		{"look-macro", "#define CAT(a,b) a##b\nint CAT(my,var) = 1;\nint main(void) { printf(\"%d\", myvar); }\n", ""},
		{"look-ptr", "int (*cmp)(const void *, const void *) = strcmp;\nint main(void) { return cmp(\"a\", \"b\"); }\n", ""},
		{"look-buf", "int main(void) {\n  char p[512];\n  strcpy(p, getenv(\"HOME\"));\n  strcat(p, \"/.cache/app.log\");\n  FILE *f = fopen(p, \"a\");\n}\n", "append fopen: ~/.cache/app.log (home) @5"},
		// Lines a backslash continues (red team: issue 9 leftovers).
		{"splice-name", "int main(void) {\n  sys\\\ntem(\"rm -rf ~\");\n}\n", "shell system: rm -rf ~ @2"},
		{"splice-define", "#define J(a,b) \\\n  a##b\nint main(void) { J(sys,tem)(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @3"},
		{"splice-string", "int main(void) {\n  system(\"rm -rf \\\n~\");\n}\n", "shell system: rm -rf ~ @2"},
		{"trigraph-splice", "int main(void) {\n  sys??/\ntem(\"rm -rf ~\");\n}\n", "shell system: rm -rf ~ @2"},
		{"digraph-define", "%:define R sys%:%:tem\nint main(void) { R(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @2"},
		// Nested macros, strings from macros, stringizing, variadic.
		{"nested", "#define RUN(c) system(c)\n#define GO RUN(\"rm -rf ~\")\nint main(void) { GO; }\n", "hidden system: c @1; shell system: rm -rf ~ @3"},
		{"chain", "#define S system\n#define R S\nint main(void) { R(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @3"},
		{"paste-through", "#define J(a,b) a##b\n#define K J(sys,tem)\nint main(void) { K(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @3"},
		{"string-macro", "#define CMD \"rm -rf ~\"\nint main(void) { system(CMD); }\n", "shell system: rm -rf ~ @2"},
		{"stringize", "#define Q(x) #x\nint main(void) { system(Q(rm -rf ~)); }\n", "shell system: rm -rf ~ @2"},
		{"variadic", "#define J(a,b) a##b\n#define RUN(...) J(sys,tem)(__VA_ARGS__)\nint main(void) { RUN(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @3"},
		{"args-over-lines", "#define J(a,b) a##b\nint main(void) {\n  J(sys,\n    tem)(\"rm -rf ~\");\n}\n", "shell system: rm -rf ~ @3"},
		{"ifdef-branches", "#ifndef NEVER\n#define R system\n#else\n#define R puts\n#endif\nint main(void) { R(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @6"},
		{"ifdef-branches-late", "#ifdef NEVER\n#define R puts\n#else\n#define R system\n#endif\nint main(void) { R(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @6"},
		{"undef-in-branch", "#define R system\n#ifdef NEVER\n#undef R\n#define R puts\n#endif\nint main(void) { R(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @6"},
		// Function pointers in structs and passed on.
		{"struct-designated", "#include <stdlib.h>\nstruct ops { int (*f)(const char *); };\nstruct ops s = {.f = system};\nint main(void) { return s.f(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @4"},
		{"struct-member", "struct ops { int (*f)(const char *); } s, *p = &s;\nint main(void) {\n  s.f = system;\n  return p->f(\"rm -rf ~\");\n}\n", "shell system: rm -rf ~ @4"},
		{"struct-positional", "struct {int (*f)(const char*);} s = {system};\nint main(void) { s.f(\"rm -rf ~\"); }\n", "hidden system: system used as a value (a function pointer corral does not follow) @1"},
		{"ptr-array", "int (*t[])(const char *) = {system};\nint main(void) { t[0](\"rm -rf ~\"); }\n", "hidden system: system used as a value (a function pointer corral does not follow) @1"},
		{"ptr-passed", "static int run(int (*g)(const char *), const char *c) { return g(c); }\nint main(void) {\n  int (*f)(const char *) = system;\n  return run(f, \"rm -rf ~\");\n}\n", "hidden system: system used as a value (a function pointer corral does not follow) @4"},
		{"paren-callee", "int main(void) { return (system)(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @1"},
		{"addr-remove", "int (*ops[])(const char *) = {&remove};\nint main(void) { return ops[0](\"x\"); }\n", "hidden remove: remove used as a value (a function pointer corral does not follow) @1"},
		// Look-alikes: harmless macros, members, values.
		{"look-log", "#define LOG(x) printf(\"%s\\n\", x)\n#define VERSION \"1.0\"\nint main(void) { LOG(\"rm -rf ~\"); puts(VERSION); }\n", ""},
		{"look-undef", "#define R system\n#undef R\n#define R puts\nint main(void) { R(\"rm -rf ~\"); }\n", ""},
		{"look-struct", "struct {int (*cmp)(const char *, const char *);} s = {strcmp};\nstruct file_operations fops = {.open = dev_open, .release = dev_release};\nint main(void) { return s.cmp(\"a\", \"b\"); }\n", ""},
		{"look-member-puts", "struct {int (*f)(const char *);} s;\nint main(void) { s.f = puts; s.f(\"rm -rf ~\"); }\n", ""},
		{"look-vars", "#include <stdbool.h>\nint main(void) { bool remove = false; int open = 0; if (remove || open) return 1; return 0; }\n", ""},
		{"look-decl", "int system(const char *);\nextern FILE *popen(const char *, const char *);\n", ""},
		{"large-file", "#define fopen fopen64\nint main(void) { FILE *f = fopen(\"/etc/x\", \"w\"); }\n", "write fopen64: /etc/x @2"},
		{"many-idents", "#define R system\nint main(void) { int " + strings.Repeat("a, ", 300) + "z; R(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @2"},
		{"self-ref", "#define f(x) f(x)\n#define g g\nint main(void) { f(1); g; system(\"ls\"); }\n", "shell system: ls @3"},
		{"budget", "#define E\nint main(void) { " + strings.Repeat("E ", 300) + "system(\"ls\"); }\n", "hidden #define: more macro or function pointer expansions than corral follows @1"},
		{"mult-not-decl", "int main(void) { int n = 2; return n * system(\"rm -rf ~\"); }\n", "shell system: rm -rf ~ @1"},
	} {
		var got []string
		for _, e := range Analyze(C, tc.src) {
			got = append(got, describe(e)+" @"+strconv.Itoa(e.Line))
		}
		g := strings.Join(got, "; ")
		if g != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, g, tc.want)
		}
	}
}

// TestCExpandBounded: self-pasting macros and buffers built from
// themselves stay small and fast.
func TestCExpandBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("#define D(x) x##x##x##x\n#define A(x) A##x\nint main(void) {\n  char p[9];\n  strcpy(p, \"a\");\n")
	for i := 0; i < 2000; i++ {
		b.WriteString("  strcat(p, p); D(D(D(D(A(A(A(q))))))); strcpy(p, p);\n")
	}
	b.WriteString("  system(p);\n}\n")
	src := b.String()
	x, _, unread := cExpand(src)
	if !unread {
		t.Error("a text past the bounds is not reported unread")
	}
	if len(x) > len(src)+maxCExpandGrowth+maxCLineGrowth*2 {
		t.Fatalf("expanded to %d bytes from %d", len(x), len(src))
	}
	if strings.Count(x, "\n") != strings.Count(src, "\n") {
		t.Fatal("lines changed")
	}
	_ = Analyze(C, src)
}
