package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestLessKeyCompiled reads the #env section of a compiled lesskey file
// as the real lesskey writes it (lesskey -o, when installed), and of the
// same bytes built here: LESSOPEN, LESSCLOSE, LESSEDIT and VISUAL are
// commands less runs; other variables are not read.
func TestLessKeyCompiled(t *testing.T) {
	src := "#command\nq quit\n#env\nLESSOPEN=|rm -rf ~ %s\nLESS=-R\nLESSEDIT=%E ?lm+%lm. %g\nVISUAL=rm -rf /srv;\n"
	want := []string{"LESSOPEN=|rm -rf ~ %s", "LESSEDIT=%E ?lm+%lm. %g", "VISUAL=rm -rf /srv;"}
	got := func(text string) []string {
		var out []string
		for _, o := range lessKeyOpeners(text) {
			out = append(out, o.name+"="+o.value)
		}
		return out
	}
	if g := got(src); !slices.Equal(g, want) {
		t.Errorf("source: got %q, want %q", g, want)
	}
	built := testLessKeyBin("LESSOPEN", "|rm -rf ~ %s", "LESS", "-R", "LESSEDIT", "%E ?lm+%lm. %g", "VISUAL", "rm -rf /srv;")
	if g := got(built); !slices.Equal(g, want) {
		t.Errorf("built compiled file: got %q, want %q", g, want)
	}
	if lessEditCommand("LESSEDIT", "%E ?lm+%lm. %g") != "editor  FILE" {
		t.Errorf("LESSEDIT command = %q", lessEditCommand("LESSEDIT", "%E ?lm+%lm. %g"))
	}
	// Truncated or odd bytes end the reading without a crash.
	for n := range len(built) {
		lessKeyCompiled(built[:n])
	}
	if _, err := exec.LookPath("lesskey"); err != nil {
		t.Skip("no lesskey here")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "k.src"), filepath.Join(dir, "k.bin")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("lesskey", "-o", out, in)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("lesskey: %v %s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if g := got(string(data)); !slices.Equal(g, want) {
		t.Errorf("real lesskey -o: got %q, want %q", g, want)
	}
}

// testLessKeyBin builds a compiled lesskey file with an empty command
// and line-editing section and the variables given (name, value, …).
func testLessKeyBin(vars ...string) string {
	var v string
	for i := 0; i+1 < len(vars); i += 2 {
		v += vars[i] + "\x00\x81" + vars[i+1] + "\x00"
	}
	return lessKeyMagic + "c\x00\x00e\x00\x00v" + string(rune(len(v)%64)) + string(rune(len(v)/64)) + v + "xEnd"
}
