package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoMethodReturnsOracle runs the shapes of TestGoMethodReturns with
// the real go toolchain, each method's command pointed at its own
// canary: the commands corral reads from a method's return value are the
// ones the program runs (value and pointer receivers, C{}.m(), new(C), a
// call inside another method, a parameter), and where two types have a
// method of the same name the receiver's type decides which runs — the
// case corral leaves unknown.
func TestGoMethodReturnsOracle(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go")
	}
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := t.TempDir()
	c := func(n string) string { return "touch " + filepath.Join(dir, n) }
	src := "package main\n\nimport \"os/exec\"\n\n" +
		"type C struct{}\ntype P struct{ n int }\ntype D struct{}\n\n" +
		"func (c C) cmd() string { return \"" + c("value") + "\" }\n" +
		"func (*P) cmd() string { return \"" + c("pointer") + "\" }\n" +
		"func (D) cmd() string { return \"" + c("decoy") + "\" }\n" +
		"func (C) other() string { return \"" + c("composite") + "\" }\n" +
		"func (c C) run() { exec.Command(\"sh\", \"-c\", c.other()).Run() }\n" +
		"func param(p *P) { exec.Command(\"sh\", \"-c\", p.cmd()).Run() }\n\n" +
		"func main() {\n\tvar c C\n\texec.Command(\"sh\", \"-c\", c.cmd()).Run()\n" +
		"\tq := new(P)\n\tparam(q)\n\tC{}.run()\n}\n"
	var got []string
	for _, e := range Analyze(Go, src) {
		got = append(got, describe(e))
	}
	want := []string{"exec exec.Command: sh -c " + c("composite"), "exec exec.Command: sh -c " + c("pointer"), "exec exec.Command: sh -c " + c("value")}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("corral reads\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cache, _ := exec.Command(goBin, "env", "GOCACHE").Output() // the user's build cache, not a new one under the scratch home
	cmd := exec.Command(goBin, "run", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "GO111MODULE=off", "GOFLAGS=", "GOCACHE="+strings.TrimSpace(string(cache)))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	for _, n := range []string{"value", "pointer", "composite"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("the program did not run %s's command", n)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "decoy")); err == nil {
		t.Error("the decoy type's method ran")
	}
}
