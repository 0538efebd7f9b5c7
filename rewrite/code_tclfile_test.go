package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTclFileMovesAndInterps: Tcl's file rename, file copy and file link
// are judged as the mv, cp -r and ln of the same paths; apply's lambda
// body and the script of interp eval PATH, or of a child interpreter's
// NAME eval, are scripts. Before: each was allowed (red team of
// 2026-12-05: file rename of the home directory, x eval {exec rm -rf …},
// apply {{p} {file delete -force $p}} HOME).
func TestTclFileMovesAndInterps(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	h := cfg.Home // exec passes ~ to the program as it is: Tcl expands it only in file names
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`tclsh <<< 'file rename ~ /tmp/gone'`, "deny"},
		{`tclsh <<< 'file rename -force -- ~/.ssh /tmp/gone'`, "deny"},
		{`tclsh <<< 'file rename $env(HOME) /tmp/gone'`, "ask"},
		{`tclsh <<< 'file copy ~/.ssh/id_rsa /tmp/k'`, "deny"},
		{`tclsh <<< 'file link ~/.bashrc a.txt'`, "deny"},
		{`tclsh <<< 'interp create x; x eval {exec rm -rf ` + h + `}'`, "deny"},
		{`tclsh <<< 'interp create x; interp eval x {exec rm -rf ` + h + `}'`, "deny"},
		{`tclsh <<< 'apply {{p} {file delete -force $p}} ~'`, "ask"},
		{`tclsh <<< 'apply {{} {exec rm -rf ` + h + `}}'`, "deny"},
		// Look-alikes.
		{`tclsh <<< 'file rename a.txt b.txt'`, "allow"},
		{`tclsh <<< 'file copy a.txt b.txt'`, "allow"},
		{`tclsh <<< 'file link -symbolic x ~/.bashrc'`, "allow"}, // x is the link
		{`tclsh <<< 'apply {{x} {puts $x}} hi'`, "allow"},
		{`tclsh <<< 'interp create x; x eval {puts hi}'`, "allow"},
		{`tclsh <<< 'puts "file rename ~ /tmp/gone"'`, "allow"},
	})
}

// TestTclFileMovesAndInterpsOracle runs the real tclsh: file rename moves
// the directory, file link makes LINK point at TARGET, and the scripts of
// a child interpreter's eval and of apply's body run.
func TestTclFileMovesAndInterpsOracle(t *testing.T) {
	tclsh, err := exec.LookPath("tclsh")
	if err != nil {
		t.Skip("tclsh not installed")
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tclsh)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("file rename d moved\nfile link -symbolic lnk moved\n" +
		"interp create x\nx eval {exec touch from-interp}\napply {{} {exec touch from-apply}}\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tclsh: %v\n%s", err, out)
	}
	for _, name := range []string{"moved", "from-interp", "from-apply"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if target, err := os.Readlink(filepath.Join(dir, "lnk")); err != nil || target != "moved" {
		t.Errorf("file link -symbolic lnk moved: %q, %v (want lnk -> moved)", target, err)
	}
}
