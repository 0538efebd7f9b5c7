package lang

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGoEffects: Go's strings, comments and the os, os/exec and syscall
// calls that run, delete, write or read, from the package documentation.
// Look-alikes: the call's name in a string, a raw string or a comment, a
// printed command, a path assigned twice.
func TestGoEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"exec-shell", `exec.Command("sh", "-c", "rm -rf ~").Run()`, []string{"exec exec.Command: sh -c rm -rf ~"}},
		{"exec-argv", "cmd := exec.CommandContext(ctx, \"git\", \"clone\", `https://x/y`)", []string{"exec exec.CommandContext: git clone https://x/y"}},
		{"exec-var", `exec.Command(name, "-x").Run()`, []string{"hidden exec.Command: name"}},
		{"exec-spread", `exec.Command("rm", args...).Run()`, []string{`hidden exec.Command: "rm", args...`}},
		{"syscall-exec", `syscall.Exec("/bin/rm", []string{"rm", "-rf", "/srv"}, os.Environ())`, []string{"exec syscall.Exec: /bin/rm -rf /srv"}},
		{"removeall", `os.RemoveAll("/srv")`, []string{"delete -r os.RemoveAll: /srv"}},
		{"remove", `os.Remove("a.txt")`, []string{"delete os.Remove: a.txt"}},
		{"join-home", `os.RemoveAll(filepath.Join(os.Getenv("HOME"), ".ssh"))`, []string{"delete -r os.RemoveAll: ~/.ssh"}},
		{"userhomedir", "func main() {\n\thome, _ := os.UserHomeDir()\n\tos.RemoveAll(home)\n}\n", []string{"delete -r os.RemoveAll: ~"}},
		{"const", "const victim = \"/srv\"\n\nfunc main() {\n\tos.RemoveAll(victim)\n}\n", []string{"delete -r os.RemoveAll: /srv"}},
		{"short-var", "func main() {\n\td := \"/srv\"\n\tos.RemoveAll(d)\n}\n", []string{"delete -r os.RemoveAll: /srv"}},
		{"writefile", `os.WriteFile("/etc/x", nil, 0o644)`, []string{"write os.WriteFile: /etc/x"}},
		{"openfile-append", `os.OpenFile("/home/u/.bashrc", os.O_APPEND|os.O_WRONLY, 0)`, []string{"append os.OpenFile: /home/u/.bashrc"}},
		{"readfile", `os.ReadFile("/home/u/.ssh/id_rsa")`, []string{"read os.ReadFile: /home/u/.ssh/id_rsa"}},
		// os.Rename is mv -T (red team of 2026-12-05: the home
		// directory moved away was allowed).
		{"rename-home", "func main() {\n\th, _ := os.UserHomeDir()\n\tos.Rename(h, \"/tmp/gone\")\n}\n", []string{"shell os.Rename: mv -T -- ~ '/tmp/gone'"}},
		{"rename-getenv", `os.Rename(os.Getenv("HOME"), "/tmp/gone")`, []string{"shell os.Rename: mv -T -- ~ '/tmp/gone'"}},
		{"rename-onto-home", `os.Rename(f.Name(), filepath.Join(os.Getenv("HOME"), ".bashrc"))`, []string{"write os.Rename: ~/.bashrc (home)"}},
		{"rename-temp", `os.Rename(f.Name(), "out.txt")`, []string{"write os.Rename: out.txt"}},
		// Look-alikes.
		{"string", `fmt.Println("os.RemoveAll(\"/\")")`, nil},
		{"raw-string", "s := `exec.Command(\"rm\", \"-rf\", \"/\")`", nil},
		{"comment", "// os.RemoveAll(\"/\")\n/* exec.Command(\"rm\") */\nx := 1", nil},
		{"reassigned", "func main() {\n\td := \"/a\"\n\td = \"/b\"\n\tos.RemoveAll(d)\n}\n", []string{"hidden os.RemoveAll: d"}},
		{"temp", `os.RemoveAll(t.TempDir())`, []string{"hidden os.RemoveAll: t.TempDir()"}},
	} {
		var got []string
		for _, e := range Analyze(Go, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestGoImports: the import paths of a Go file's import declarations, in
// each spelling go accepts; a string that only says "import" is none.
func TestGoImports(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"package main\n\nimport \"fmt\"\n", []string{"fmt"}},
		{"package main\n\nimport _ \"m/lib\"\nimport . \"m/dot\"\nimport x \"m/named\"\n", []string{"m/lib", "m/dot", "m/named"}},
		{"package main\n\nimport (\n\t\"os\"\n\t// a comment \"m/no\"\n\tl \"m/lib\"\n\t_ `m/raw`\n)\n", []string{"os", "m/lib", "m/raw"}},
		{"package main; import \"a\"; import (\"b\"; c \"d\")\n", []string{"a", "b", "d"}},
		// Look-alikes.
		{"package main\n\nfunc main() { s := \"import \\\"m/x\\\"\"; _ = s }\n", nil},
		{"package main\n\n/*\nimport \"m/hidden\"\n*/\n", nil},
		{"", nil},
		{"import (", nil},
	} {
		got := GoImports(tc.src)
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("GoImports(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestGoPreambleAndHeldPaths: the C of a cgo preamble is read as C; a
// path from os.ExpandEnv("$HOME/…") or returned by a helper that uses
// none of its parameters is known. Look-alikes: a cgo wrapper of a
// library, another variable expanded, a helper joining its parameter.
func TestGoPreambleAndHeldPaths(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"cgo-block", "package main\n\n/*\n#include <stdlib.h>\nstatic void run(void) { system(\"rm -rf ~\"); }\n*/\nimport \"C\"\n\nfunc main() {\n\tC.run()\n}\n", []string{"shell system: rm -rf ~ @5"}},
		{"cgo-lines", "package main\n\n// #include <stdlib.h>\n// static void run(void) { system(\"rm -rf ~\"); }\nimport \"C\"\n\nfunc main() { C.run() }\n", []string{"shell system: rm -rf ~ @4"}},
		{"expandenv", "func main() {\n\tp, _ := os.ReadFile(os.ExpandEnv(\"$HOME/.ssh/id_rsa\"))\n\tos.Stdout.Write(p)\n}\n", []string{"read os.ReadFile: ~/.ssh/id_rsa (home) @2"}},
		{"getenv-concat", "func main() {\n\tos.ReadFile(os.Getenv(\"HOME\") + \"/.ssh/id_rsa\")\n}\n", []string{"read os.ReadFile: ~/.ssh/id_rsa (home) @2"}},
		{"helper", "func target() string {\n\th, _ := os.UserHomeDir()\n\treturn filepath.Join(h, \".claude\", \"settings.json\")\n}\n\nfunc main() {\n\tos.WriteFile(target(), []byte(`{}`), 0o644)\n}\n", []string{"write os.WriteFile: ~/.claude/settings.json (home) @7"}},
		{"helper-two-results", "func target() (string, error) {\n\treturn filepath.Join(os.Getenv(\"HOME\"), \".bashrc\"), nil\n}\n\nfunc main() {\n\tp, _ := target()\n\tos.Remove(p)\n}\n", []string{"delete os.Remove: ~/.bashrc @7"}},
		{"helper-assigned", "func target() string {\n\th, _ := os.UserHomeDir()\n\treturn filepath.Join(h, \".bashrc\")\n}\n\nfunc main() {\n\tp := target()\n\tos.Remove(p)\n}\n", []string{"delete os.Remove: ~/.bashrc @8"}},
		// Look-alikes.
		{"cgo-lib", "package main\n\n// #cgo LDFLAGS: -lsqlite3\n// #include <sqlite3.h>\nimport \"C\"\n\nfunc main() { C.sqlite3_open(nil, nil) }\n", nil},
		{"expandenv-gopath", "func main() {\n\tos.WriteFile(os.ExpandEnv(\"$GOPATH/bin/x\"), nil, 0o755)\n}\n", []string{"write os.WriteFile:  (run time: /bin/x) @2"}},
		{"helper-param", "func out(name string) string {\n\treturn filepath.Join(\"build\", name)\n}\n\nfunc main() {\n\tos.WriteFile(out(\"x.txt\"), nil, 0o644)\n}\n", []string{"write os.WriteFile:  (run time: x.txt) @6"}},
		{"helper-project", "func out() string {\n\treturn filepath.Join(\"build\", \"x.txt\")\n}\n\nfunc main() {\n\tos.WriteFile(out(), nil, 0o644)\n}\n", []string{"write os.WriteFile: build/x.txt @6"}},
	} {
		var got []string
		for _, e := range Analyze(Go, tc.src) {
			got = append(got, describe(e)+" @"+strconv.Itoa(e.Line))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.name, diff)
		}
	}
}

// TestGoMethodReturns: a method of the code's own type returns the
// command or path a call runs or opens (goMethods), read where the
// receiver's type is given by the code; a method returning a harmless
// value passes, and a receiver whose type is not one known type, a
// method using its receiver's fields, an interface or a promoted method
// stay unknown (asked about).
func TestGoMethodReturns(t *testing.T) {
	t.Parallel()
	head := "package main\n\nimport (\n\t\"os\"\n\t\"os/exec\"\n)\n\n"
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"value-recv", "type C struct{}\n\nfunc (c C) cmd() string { return \"rm -rf ~\" }\n\nfunc main() {\n\tvar c C\n\texec.Command(\"sh\", \"-c\", c.cmd()).Run()\n}\n",
			[]string{"exec exec.Command: sh -c rm -rf ~"}},
		{"pointer-recv", "type C struct{ n int }\n\nfunc (*C) dir() string {\n\treturn \"/srv\"\n}\n\nfunc main() {\n\tc := &C{n: 1}\n\tos.RemoveAll(c.dir())\n}\n",
			[]string{"delete -r os.RemoveAll: /srv"}},
		{"composite", "type C struct{}\n\nfunc (C) cmd() string { return \"rm -rf ~\" }\n\nfunc main() {\n\texec.Command(\"sh\", \"-c\", C{}.cmd()).Run()\n}\n",
			[]string{"exec exec.Command: sh -c rm -rf ~"}},
		{"new", "type C struct{}\n\nfunc (c *C) cmd() string { return \"rm -rf ~\" }\n\nfunc main() {\n\tc := new(C)\n\texec.Command(\"bash\", \"-c\", c.cmd()).Run()\n}\n",
			[]string{"exec exec.Command: bash -c rm -rf ~"}},
		{"const-in-body", "type C struct{}\n\nfunc (c C) target() string {\n\th, _ := os.UserHomeDir()\n\treturn h + \"/.bashrc\"\n}\n\nfunc main() {\n\tc := C{}\n\tos.WriteFile(c.target(), nil, 0o644)\n}\n",
			[]string{"write os.WriteFile: ~/.bashrc (home)"}},
		{"in-method", "type C struct{}\n\nfunc (c C) cmd() string { return \"rm -rf ~\" }\n\nfunc (c C) run() { exec.Command(\"sh\", \"-c\", c.cmd()).Run() }\n\nfunc main() { C{}.run() }\n",
			[]string{"exec exec.Command: sh -c rm -rf ~"}},
		{"param", "type C struct{}\n\nfunc (C) cmd() string { return \"rm -rf ~\" }\n\nfunc run(c C) { exec.Command(\"sh\", \"-c\", c.cmd()).Run() }\n",
			[]string{"exec exec.Command: sh -c rm -rf ~"}},
		// Unknown: a receiver bound to something else, two types, a
		// field, an interface, a decoy function of the same name.
		{"two-types", "type C struct{}\ntype D struct{}\n\nfunc (C) cmd() string { return \"ls\" }\nfunc (D) cmd() string { return \"rm -rf ~\" }\n\nfunc a() { c := C{}; _ = c }\nfunc main() {\n\tc := D{}\n\texec.Command(\"sh\", \"-c\", c.cmd()).Run()\n}\n",
			[]string{"hidden exec.Command: c.cmd()"}},
		{"rebound", "type C struct{}\n\nfunc (C) cmd() string { return \"ls\" }\n\nfunc main() {\n\tc := C{}\n\tc = other()\n\texec.Command(\"sh\", \"-c\", c.cmd()).Run()\n}\n",
			[]string{"hidden exec.Command: c.cmd()"}},
		{"field", "type C struct{ s string }\n\nfunc (c C) cmd() string { return c.s }\n\nfunc main() {\n\tc := C{s: \"rm -rf ~\"}\n\texec.Command(\"sh\", \"-c\", c.cmd()).Run()\n}\n",
			[]string{"hidden exec.Command: cmd()"}},
		{"decoy-func", "type C struct{}\n\nfunc (C) cmd() string { return \"ls\" }\n\nvar cmd = func() string { return \"rm -rf ~\" }\n\nfunc main() {\n\texec.Command(\"sh\", \"-c\", cmd()).Run()\n}\n",
			[]string{"hidden exec.Command: cmd()"}},
		{"builder", "type C struct{}\n\nfunc (C) String() string { return \"ls\" }\n\nfunc main() {\n\tvar b strings.Builder\n\tb.WriteString(\"rm -rf ~\")\n\texec.Command(\"sh\", \"-c\", b.String()).Run()\n}\n",
			[]string{"hidden exec.Command: b.String()"}},
		// Look-alikes: a method returning a harmless command or path.
		{"look-ls", "type C struct{}\n\nfunc (c C) cmd() string { return \"ls\" }\n\nfunc main() {\n\tvar c C\n\texec.Command(\"sh\", \"-c\", c.cmd()).Run()\n}\n",
			[]string{"exec exec.Command: sh -c ls"}},
		{"look-path", "type C struct{}\n\nfunc (C) out() string { return \"build/out.txt\" }\n\nfunc main() {\n\tc := &C{}\n\tos.WriteFile(c.out(), nil, 0o644)\n}\n",
			[]string{"write os.WriteFile: build/out.txt"}},
	} {
		var got []string
		for _, e := range Analyze(Go, head+tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
