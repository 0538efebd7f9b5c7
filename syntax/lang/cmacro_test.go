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
	x, _ := cExpand(src)
	if len(x) > len(src)+maxCExpandGrowth+maxCLineGrowth*2 {
		t.Fatalf("expanded to %d bytes from %d", len(x), len(src))
	}
	if strings.Count(x, "\n") != strings.Count(src, "\n") {
		t.Fatal("lines changed")
	}
	_ = Analyze(C, src)
}
