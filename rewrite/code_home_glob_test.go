package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeHomeGlobDeletes: program code that expands a glob of the home
// directory and deletes what it finds is judged as rm of those home
// paths (perl -e 'unlink glob("~/.ssh/*")', Python's glob.glob of
// os.path.expanduser("~/.ss*") with shutil.rmtree, Ruby's FileUtils.rm_rf
// of Dir.glob(File.expand_path(…))): asked as code only known at run time
// before, denied now as rm -f ~/.ssh/* is. Look-alikes: the glob of a
// project directory, and a glob of home only printed, keep their
// decisions.
func TestCodeHomeGlobDeletes(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/build/a.o": "x\n", "home/.ssh/id_rsa": "KEY\n", "home/.bashrc": "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`perl -e 'unlink glob("~/.ssh/*")'`, "deny"},
		{`perl -e 'unlink for glob("~/.ssh/*")'`, "deny"},
		{`perl -e 'unlink <~/.bash*>'`, "deny"},
		{`perl -MFile::Path -e 'rmtree <~/.ss*>'`, "deny"},
		{`python3 -c 'import glob, os, shutil
for f in glob.glob(os.path.expanduser("~/.ss*")): shutil.rmtree(f)'`, "deny"},
		{`python3 -c 'import glob, os
for f in glob.glob(os.path.expanduser("~/.ssh/*")): os.remove(f)'`, "deny"},
		{`ruby -e 'require "fileutils"; FileUtils.rm_rf(Dir.glob(File.expand_path("~/.ss*")))'`, "deny"},
		// Look-alikes.
		{`perl -e 'print glob("~/.ssh/*")'`, "allow"},
		{`perl -e 'print for <~/.b*>'`, "allow"},
		{`python3 -c 'import glob, os
for f in glob.glob(os.path.expanduser("~/*")): print(f)'`, "allow"},
		{`ruby -e 'puts Dir.glob(File.expand_path("~/.ss*"))'`, "allow"},
		// A project directory's glob: the deletion of a computed path
		// keeps its own question (the pairing is by program, not by
		// value), as before; the listing adds nothing to it.
		{`perl -e 'unlink glob("build/*")'`, "ask"},
		{`python3 -c 'import glob, shutil
for f in glob.glob("build/*"): shutil.rmtree(f)'`, "ask"},
	})
}

// TestCodeFunctionValues: a Lua function called through pcall or
// xpcall, or stored in a table's field, and an R function assigned into
// the global environment, are the function itself: lua -e 'pcall(os.execute,
// "rm -rf ~")' and Rscript -e '.GlobalEnv$f <- system; f("rm -rf ~")'
// asked (a function used as a value) and are denied now as the direct
// calls are. Look-alikes: a harmless function through the same paths.
func TestCodeFunctionValues(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`lua -e 'pcall(os.execute, "rm -rf ~")'`, "deny"},
		{`lua -e 'xpcall(os.remove, print, os.getenv("HOME").."/.ssh/id_rsa")'`, "deny"},
		{`lua -e 'pcall(io.popen, "rm -rf ~")'`, "deny"},
		{`lua -e 'local t = {run = os.execute}; t.run("rm -rf ~")'`, "deny"},
		{`lua -e 'local t = {run = os.execute}; t["run"]("rm -rf ~")'`, "deny"},
		{`lua -e 'local x = {}; x.f = os.remove; x.f(os.getenv("HOME").."/.ssh/id_rsa")'`, "deny"},
		{`Rscript -e '.GlobalEnv$f <- system; f("rm -rf ~")'`, "deny"},
		{`Rscript -e 'assign("f", system, envir = .GlobalEnv); f("rm -rf ~")'`, "deny"},
		{`Rscript -e 'assign("f", unlink, envir=globalenv()); f("~", recursive=TRUE)'`, "deny"},
		// Look-alikes.
		{`lua -e 'pcall(print, "rm -rf ~")'`, "allow"},
		{`lua -e 'local t = {run = print}; t.run("rm -rf ~")'`, "allow"},
		{`lua -e 'local t = {run = os.execute}; t.run = print; t.run("rm -rf ~")'`, "ask"},
		{`Rscript -e '.GlobalEnv$f <- print; f("rm -rf ~")'`, "allow"},
		{`Rscript -e 'assign("f", print, envir = .GlobalEnv); f("rm -rf ~")'`, "allow"},
	})
}

// TestCodeHomeGlobOracle runs the programs corral denies above against a
// scratch home where the interpreter is installed: each deletes the home
// files its glob names (so the deny is right), and the printing
// look-alike deletes nothing.
func TestCodeHomeGlobOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, prog string
		argv       []string
		deletes    bool
	}{
		{"perl-unlink-glob", "perl", []string{"-e", `unlink glob("~/.ssh/*")`}, true},
		{"perl-unlink-angle", "perl", []string{"-e", `unlink <~/.ssh/*>`}, true},
		{"python-rmtree-glob", "python3", []string{"-c", "import glob, os, shutil\nfor f in glob.glob(os.path.expanduser(\"~/.ss*\")): shutil.rmtree(f)"}, true},
		{"ruby-rm-rf-glob", "ruby", []string{"-e", `require "fileutils"; FileUtils.rm_rf(Dir.glob(File.expand_path("~/.ss*")))`}, true},
		{"lua-pcall", "lua", []string{"-e", `pcall(os.execute, "rm -rf ~/.ssh")`}, true},
		{"lua-field", "lua", []string{"-e", `local x = {}; x.f = os.remove; x.f(os.getenv("HOME").."/.ssh/id_rsa")`}, true},
		{"r-global-env", "Rscript", []string{"-e", `.GlobalEnv$f <- unlink; f("~/.ssh", recursive = TRUE)`}, true},
		{"perl-print-look", "perl", []string{"-e", `print glob("~/.ssh/*")`}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(tc.prog)
			if err != nil {
				t.Skip(tc.prog + " not installed")
			}
			root := t.TempDir()
			home := filepath.Join(root, "home")
			key := filepath.Join(home, ".ssh", "id_rsa")
			if err := os.MkdirAll(filepath.Dir(key), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(key, []byte("KEY\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			proj := filepath.Join(root, "proj")
			if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			env := map[string]string{"HOME": home, EnvProject: proj}
			cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
			// Judged first: the run deletes what the glob finds.
			want := "allow"
			if tc.deletes {
				want = "deny"
			}
			if strings.Contains(tc.argv[1], "'") {
				t.Fatalf("%s: the code is quoted in single quotes", tc.name)
			}
			line := tc.prog + " " + tc.argv[0] + " '" + tc.argv[1] + "'"
			if got := Check(cfg, line).Decision.String(); got != want {
				t.Errorf("%s: %s, want %s", line, got, want)
			}
			cmd := exec.Command(bin, tc.argv...)
			cmd.Dir = proj
			cmd.Env = append(os.Environ(), "HOME="+home)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", tc.prog, err, out)
			}
			_, statErr := os.Stat(key)
			if gone := os.IsNotExist(statErr); gone != tc.deletes {
				t.Fatalf("%s %q deleted %s: %v, want %v", tc.prog, tc.argv, key, gone, tc.deletes)
			}
		})
	}
}
