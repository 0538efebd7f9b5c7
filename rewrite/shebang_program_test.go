package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestShebangProgramCommand (issue 12, class 4): a script run directly
// whose #! line names a program that is no language corral reads (make,
// awk, sed, gdb, dc) is judged as the command line the kernel makes of
// it, the interpreter, the rest of the line as one argument, the
// script's path and its words: #!/usr/bin/make -f is make -f ./rules
// clean, read by make's model (./debian/rules clean of a recipe that
// deletes the home was allowed). ed -s edits its file, so a script of
// ed commands run directly passes, as do harmless recipes and programs.
// The oracle runs a real #!/usr/bin/make -f script: its recipe writes a
// canary.
func TestShebangProgramCommand(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/debian/rules": "#!/usr/bin/make -f\n%:\n\tdh $@\nclean:\n\trm -rf ~\n",
		"proj/mk":           "#!/usr/bin/make -sf\nall:\n\trm -rf ~/.ssh\n",
		"proj/a.awk":        "#!/usr/bin/awk -f\nBEGIN { system(\"rm -rf ~\") }\n",
		"proj/s.sed":        "#!/bin/sed -f\n1e rm -rf ~\n",
		"proj/g":            "#!/usr/bin/gdb -x\nshell rm -rf ~\n",
		"proj/d":            "#!/usr/bin/dc -f\n!rm -rf ~\n",
		"proj/ok.mk":        "#!/usr/bin/make -f\nall:\n\techo built\n",
		"proj/ok.awk":       "#!/usr/bin/awk -f\n{ print $1 }\n",
		"proj/e":            "#!/bin/ed -s\n!rm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"./debian/rules clean", "deny"},
		{"debian/rules clean", "deny"},
		{"fakeroot debian/rules clean", "deny"},
		{"./mk", "deny"},
		{"./a.awk", "deny"},
		{"./s.sed", "deny"},
		{"./g", "deny"},
		{"./d", "deny"},
		// look-alikes
		{"debian/rules build", "allow"},
		{"./ok.mk", "allow"},
		{"./ok.awk data.txt", "allow"},
		{"./e", "allow"},
	})
	t.Run("oracle", func(t *testing.T) {
		t.Parallel()
		mk, err := exec.LookPath("make")
		if err != nil {
			t.Skip("no make")
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		p := filepath.Join(dir, "rules")
		if err := os.WriteFile(p, []byte("#!"+mk+" -f\nclean:\n\t@echo pwned > "+canary+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(p, "clean")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s clean: %v %s", p, err, out)
		}
		if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
			t.Errorf("a #!make -f script did not run its recipe: %q", b)
		}
	})
}

// TestSystemPathPrograms: a program named by its path in a system
// directory (/usr/bin/git, /usr/bin/watch, /usr/bin/awk) is the program
// of that name, and what it runs is modelled as for the bare name; the
// path used to skip every model after the interpreters' (/usr/bin/watch
// 'rm -rf ~', /usr/bin/git -c core.pager=… log, /usr/bin/awk's system(),
// /usr/bin/make -f F were allowed). Its file is still not read as a
// script. The oracle runs the real /usr/bin/awk: its system() writes a
// canary.
func TestSystemPathPrograms(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/Makefile": "all:\n\trm -rf ~\n",
		"proj/x.mk":     "all:\n\techo hi\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"/usr/bin/watch 'rm -rf ~'", "deny"},
		{"/usr/bin/git -c core.pager='rm -rf ~' log", "deny"},
		{"/usr/bin/awk 'BEGIN{system(\"rm -rf ~\")}'", "deny"},
		{"/usr/bin/sed -n '1e rm -rf ~' x.mk", "deny"},
		{"/usr/bin/gdb -batch -ex 'shell rm -rf ~'", "deny"},
		{"/usr/bin/dc -e '!rm -rf ~'", "deny"},
		{"/usr/bin/make", "deny"},
		{"/usr/bin/flock /tmp/l -c 'cat ~/.ssh/id_rsa'", "deny"},
		// look-alikes
		{"/usr/bin/git status", "allow"},
		{"/usr/bin/awk '{print $1}' x.mk", "allow"},
		{"/usr/bin/make -f x.mk", "allow"},
		{"/bin/ls -la", "allow"},
		{"/usr/bin/watch -n 5 date", "allow"},
	})
	t.Run("oracle", func(t *testing.T) {
		t.Parallel()
		if _, err := os.Stat("/usr/bin/awk"); err != nil {
			t.Skip("no /usr/bin/awk")
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		cmd := exec.Command("/usr/bin/awk", "BEGIN{system(\"echo pwned > "+canary+"\")}")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("/usr/bin/awk: %v %s", err, out)
		}
		if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
			t.Errorf("/usr/bin/awk system() did not run: %q", b)
		}
	})
}
