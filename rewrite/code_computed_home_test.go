package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeRComputedHome: R code whose path is computed from literals by
// file.path, paste0, paste(…, sep = "/"), path.expand or normalizePath,
// and Sys.getenv("HOME"), is judged by the path it computes (asked as
// code only known at run time before; denied now as rm -rf ~/.ssh is).
// Look-alikes: a project or /tmp path computed the same way stays
// allowed, paste with its default blank separator names no home file,
// another variable than HOME stays only known at run time.
func TestCodeRComputedHome(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/build/a.o": "x\n", "home/.ssh/id_rsa": "KEY\n", "home/.bashrc": "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`Rscript -e 'unlink(file.path(Sys.getenv("HOME"), ".ssh"), recursive=TRUE)'`, "deny"},
		{`Rscript -e 'unlink(file.path("~", ".ssh", "id_rsa"))'`, "deny"},
		{`Rscript -e 'unlink(path.expand("~/.ssh"), recursive = TRUE)'`, "deny"},
		{`Rscript -e 'unlink(normalizePath("~/.ssh"), recursive = TRUE)'`, "deny"},
		{`Rscript -e 'unlink(paste0(Sys.getenv("HOME"), "/.ssh"), recursive=TRUE)'`, "deny"},
		{`Rscript -e 'unlink(paste(Sys.getenv("HOME"), ".ssh", sep = "/"), recursive=TRUE)'`, "deny"},
		{`Rscript -e 'file.remove(file.path(Sys.getenv("HOME"), ".bashrc"))'`, "deny"},
		{`Rscript -e 'writeLines("x", file.path(Sys.getenv("HOME"), ".bashrc"))'`, "deny"},
		{`Rscript -e 'cat("x", file = paste0("~/", ".bashrc"), append = TRUE)'`, "deny"},
		{`Rscript -e 'unlink(file.path(file.path(Sys.getenv("HOME"), ".ssh"), "id_rsa"))'`, "deny"},
		// Look-alikes.
		{`Rscript -e 'unlink(file.path("/tmp", "x"))'`, "allow"},
		{`Rscript -e 'unlink(file.path("build", "a.o"))'`, "allow"},
		{`Rscript -e 'writeLines("x", file.path("out", "x.txt"))'`, "allow"},
		{`Rscript -e 'print(file.path(Sys.getenv("HOME"), ".ssh"))'`, "allow"},
		// paste's default separator is a blank: "~ .ssh" is a file of
		// the working directory (R expands only ~ and ~/).
		{`Rscript -e 'unlink(paste(Sys.getenv("HOME"), ".ssh"), recursive=TRUE)'`, "allow"},
		{`Rscript -e 'unlink(file.path(Sys.getenv("OUT"), ".ssh"), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(file.path(tempdir(), "x"))'`, "allow"}, // the session directory (TestRSessionTempdir)
		{`Rscript -e 'unlink(file.path(Sys.getenv("HOME"), ".ssh", fsep = x), recursive=TRUE)'`, "ask"},
	})
}

// computedHomeOracle runs, for each row whose interpreter is installed,
// the program against a scratch home holding ~/.ssh/id_rsa: corral's
// decision is deny exactly when the run deletes the key.
func computedHomeOracle(t *testing.T, rows []computedHomeRow) {
	for _, tc := range rows {
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
			if out, err := cmd.CombinedOutput(); err != nil && !tc.mayFail {
				t.Fatalf("%s: %v\n%s", tc.prog, err, out)
			}
			_, statErr := os.Stat(key)
			if gone := os.IsNotExist(statErr); gone != tc.deletes {
				t.Fatalf("%s %q deleted %s: %v, want %v", tc.prog, tc.argv, key, gone, tc.deletes)
			}
		})
	}
}

type computedHomeRow struct {
	name, prog string
	argv       []string
	deletes    bool
	// mayFail: the program may exit non-zero (a look-alike whose
	// removal of a missing file fails).
	mayFail bool
}

// TestCodeRComputedHomeOracle runs the R rows above where Rscript is
// installed: the denied ones delete the key, the look-alikes do not.
func TestCodeRComputedHomeOracle(t *testing.T) {
	t.Parallel()
	computedHomeOracle(t, []computedHomeRow{
		{name: "file-path", prog: "Rscript", argv: []string{"-e", `unlink(file.path(Sys.getenv("HOME"), ".ssh"), recursive=TRUE)`}, deletes: true},
		{name: "paste0", prog: "Rscript", argv: []string{"-e", `unlink(paste0(Sys.getenv("HOME"), "/.ssh/id_rsa"))`}, deletes: true},
		{name: "paste-sep", prog: "Rscript", argv: []string{"-e", `file.remove(paste(Sys.getenv("HOME"), ".ssh", "id_rsa", sep = "/"))`}, deletes: true},
		{name: "path-expand", prog: "Rscript", argv: []string{"-e", `unlink(path.expand("~/.ssh"), recursive = TRUE)`}, deletes: true},
		{name: "paste-blank-look", prog: "Rscript", argv: []string{"-e", `unlink(paste(Sys.getenv("HOME"), ".ssh"), recursive=TRUE)`}},
		{name: "tmp-look", prog: "Rscript", argv: []string{"-e", `unlink(file.path("/tmp", "corral-no-such-file"))`}},
	})
}

// TestCodeLuaLocalConstants: a Lua local declared once at the chunk's
// level to a value the text shows (local h = os.getenv("HOME")) is that
// value where it is used after the declaration (os.remove(h ..
// "/.ssh/id_rsa") was asked as code only known at run time; denied now
// as rm ~/.ssh/id_rsa is). Every other way to bind the name keeps it
// only known at run time: a second assignment (in a function too), a
// list of names (local a, h = …), a parameter or loop variable, a use
// before the declaration, a local of a block, and _G, _ENV, load and
// debug, which can bind names from strings or reach the locals.
func TestCodeLuaLocalConstants(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/build/a.o": "x\n", "home/.ssh/id_rsa": "KEY\n", "home/.bashrc": "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`lua -e 'local h = os.getenv("HOME"); os.remove(h .. "/.ssh/id_rsa")'`, "deny"},
		{"lua -e 'local h = os.getenv(\"HOME\")\nos.remove(h .. \"/.ssh/id_rsa\")'", "deny"},
		{`lua -e 'local h <const> = os.getenv("HOME"); os.remove(h .. "/.ssh/id_rsa")'`, "deny"},
		{`lua -e 'local p = os.getenv("HOME") .. "/.ssh/id_rsa"; os.remove(p)'`, "deny"},
		{`lua -e 'local h = os.getenv("HOME"); local f = io.open(h .. "/.bashrc", "a")'`, "deny"},
		{`lua -e 'local h = os.getenv("HOME"); local function f() os.remove(h .. "/.ssh/id_rsa") end; f()'`, "deny"},
		// Look-alikes: a harmless constant, and a home path printed.
		{`lua -e 'local h = "/tmp"; os.remove(h .. "/x")'`, "allow"},
		{`lua -e 'local d = "build"; os.remove(d .. "/a.o")'`, "allow"},
		{`lua -e 'local h = os.getenv("HOME"); print(h .. "/.ssh/id_rsa")'`, "allow"},
		// Bound again: the value at the use is only known at run time.
		{`lua -e 'local h = "/tmp"; h = os.getenv("HOME"); os.remove(h .. "/.ssh/id_rsa")'`, "ask"},
		{"lua -e 'local h = \"/tmp\"\nlocal function g() h = os.getenv(\"HOME\") end\ng(); os.remove(h .. \"/.ssh/id_rsa\")'", "ask"},
		{`lua -e 'local a, h = "/tmp"; os.remove(h .. "/x")'`, "ask"},
		{`lua -e 'local h = "/tmp"; local a; a, h = 1, os.getenv("HOME"); os.remove(h .. "/.ssh/id_rsa")'`, "ask"},
		{`lua -e 'local h = "/tmp"; function f(h) os.remove(h .. "/x") end'`, "ask"},
		{`lua -e 'local h = "/tmp"; for h in io.lines() do os.remove(h .. "/x") end'`, "ask"},
		{`lua -e 'os.remove(h .. "/x"); local h = "/tmp"'`, "ask"},
		{`lua -e 'if x then local h = "/tmp" end os.remove(h .. "/x")'`, "ask"},
		{`lua -e 'local h = "/tmp"; local h = os.getenv("HOME"); os.remove(h .. "/.ssh/id_rsa")'`, "ask"},
		{`lua -e 'local h = "/tmp"; _G.h = 1; os.remove(h .. "/x")'`, "ask"},
		{`lua -e 'local h = "/tmp"; _ENV = {}; os.remove(h .. "/x")'`, "ask"},
		{`lua -e 'local h = "/tmp"; load("x = 1")(); os.remove(h .. "/x")'`, "ask"},
		{`lua -e 'local h = "/tmp"; debug.setlocal(1, 1, "x"); os.remove(h .. "/x")'`, "ask"},
	})
}

// TestCodeLuaLocalConstantsOracle runs the Lua rows where lua is
// installed: the denied ones delete the key, the look-alikes do not.
func TestCodeLuaLocalConstantsOracle(t *testing.T) {
	t.Parallel()
	computedHomeOracle(t, []computedHomeRow{
		{name: "local", prog: "lua", argv: []string{"-e", `local h = os.getenv("HOME"); os.remove(h .. "/.ssh/id_rsa")`}, deletes: true},
		{name: "local-chain", prog: "lua", argv: []string{"-e", `local p = os.getenv("HOME") .. "/.ssh/id_rsa"; os.remove(p)`}, deletes: true},
		{name: "tmp-look", prog: "lua", argv: []string{"-e", `local h = "/tmp"; os.remove(h .. "/corral-no-such-file")`}},
	})
}
