package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// makeCmdVarRows are make command lines whose variable definitions are
// make code (red team 14 MK1), each run by TestMakeCmdVarsOracle with
// the real make against a canary ~/.bashrc and judged by corral with the
// same home: gone is what make does to the canary, want corral's
// decision. CANARY stands for the canary's absolute path.
var makeCmdVarRows = []struct {
	cmd, want string
	gone      bool
	needs     string // a program the row needs besides make and bash
}{
	// != runs its command at once, whatever the makefile; -n and -v
	// too.
	{cmd: `make 'X!=rm -f ~/.bashrc'`, want: "deny", gone: true},
	{cmd: `make -n 'X!=rm -f ~/.bashrc'`, want: "deny", gone: true},
	{cmd: `make -v 'X!=rm -f ~/.bashrc'`, want: "deny", gone: true},
	{cmd: `make -h 'X!=rm -f ~/.bashrc'`, want: "deny", gone: true},
	// := and ::= expand at once; =, ?= and += are exported to the
	// recipe, expanded when it runs.
	{cmd: `make 'X:=$(shell rm -f ~/.bashrc)'`, want: "deny", gone: true},
	{cmd: `make 'X::=$(shell rm -f ~/.bashrc)'`, want: "deny", gone: true},
	{cmd: `make 'X=$(shell rm -f ~/.bashrc)'`, want: "deny", gone: true},
	{cmd: `make 'X?=$(shell rm -f ~/.bashrc)'`, want: "deny", gone: true},
	{cmd: `make 'X+=$(shell rm -f ~/.bashrc)'`, want: "deny", gone: true},
	{cmd: `make '.DEFAULT_GOAL:=$(shell rm -f ~/.bashrc)'`, want: "deny", gone: true},
	{cmd: `make 'MAKEFLAGS+=$(shell rm -f ~/.bashrc)'`, want: "deny", gone: true},
	// A name holding a reference is expanded.
	{cmd: `make '$(shell rm -f ~/.bashrc)=1'`, want: "deny", gone: true},
	// The same words in MAKEFLAGS and GNUMAKEFLAGS.
	{cmd: `MAKEFLAGS='X!=rm\ -f\ ~/.bashrc' make`, want: "deny", gone: true},
	{cmd: `GNUMAKEFLAGS='X!=rm\ -f\ ~/.bashrc' make`, want: "deny", gone: true},
	{cmd: `export MAKEFLAGS='X:=$$(shell\ rm\ -f\ ~/.bashrc)'; make`, want: "deny", gone: true},
	// make expands MAKEFLAGS's value as make text before it splits
	// it: a $(shell …) there runs, and $$ is a dollar of the words.
	{cmd: `MAKEFLAGS='$(shell rm -f ~/.bashrc)' make`, want: "deny", gone: true},
	{cmd: `GNUMAKEFLAGS='X:=$(shell rm -f ~/.bashrc)' make`, want: "deny", gone: true},
	// $(file >F,TEXT) writes F (here emptied of the canary text).
	{cmd: `make 'X:=$(file >CANARY,)'`, want: "deny"},
	// SHELL and .SHELLFLAGS: every recipe line runs as
	// $(SHELL) $(.SHELLFLAGS) 'LINE'.
	{cmd: `make SHELL=/usr/bin/perl .SHELLFLAGS=-eunlink+glob+q+~/.bashrc+`, want: "ask", gone: true, needs: "perl"},
	{cmd: `MAKEFLAGS='SHELL=/usr/bin/perl .SHELLFLAGS=-eunlink+glob+q+~/.bashrc+' make`, want: "ask", gone: true, needs: "perl"},
	{cmd: `make SHELL=/bin/rm '.SHELLFLAGS=-f CANARY'`, want: "deny", gone: true},
	// Look-alikes: ordinary variables, a shell that is a shell, a
	// $(shell …) or != that only reads.
	{cmd: `make CC=clang`, want: "allow"},
	{cmd: `make -j4 V=1`, want: "allow"},
	{cmd: `make PREFIX=/usr/local install`, want: "allow"},
	{cmd: `MAKEFLAGS=-j4 make`, want: "allow"},
	{cmd: `make SHELL=/bin/bash`, want: "allow"},
	{cmd: `make SHELL=/bin/bash .SHELLFLAGS=-ec`, want: "allow"},
	{cmd: `make 'VERSION!=echo 1.0'`, want: "allow"},
	{cmd: `make 'X:=$(shell echo hi)'`, want: "allow"},
	{cmd: `make -v`, want: "allow"},
	// $(shell\ rm…) in MAKEFLAGS is a reference to a variable of that
	// name (empty) when make expands the value: nothing runs.
	{cmd: `MAKEFLAGS='X:=$(shell\ rm\ -f\ ~/.bashrc)' make`, want: "allow"},
	{cmd: `echo 'X!=rm -f ~/.bashrc'`, want: "allow"},
}

const makeCmdVarsMakefile = "all:\n\t@echo ok\ninstall:\n\t@echo installing to $(PREFIX)\n"

// TestMakeCmdVars (red team 14 MK1): make's command-line and MAKEFLAGS
// variable definitions are read as make reads them (makecmdvars.go).
func TestMakeCmdVars(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/Makefile": makeCmdVarsMakefile, "home/.bashrc": "# canary\n"})
	canary := filepath.Join(filepath.Dir(cfg.Project), "home", ".bashrc")
	rows := []struct{ cmd, want string }{
		// A command only run time knows.
		{`make "X!=$CMD"`, "ask"},
		// A value only run time knows is left to the recipes using it.
		{`make CFLAGS="$FLAGS"`, "allow"},
	}
	for _, r := range makeCmdVarRows {
		rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(r.cmd, "CANARY", canary), r.want})
	}
	checkDecisions(t, cfg, rows)
}

// TestMakeCmdVarsOracle runs each row with the real GNU make (HOME a
// temp dir holding the canary) and requires what it does to the canary,
// so the rows above are make's behaviour, not a guess.
func TestMakeCmdVarsOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"make", "bash"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	if out, err := exec.Command("make", "--version").Output(); err != nil || !strings.HasPrefix(string(out), "GNU Make") {
		t.Skip("make is not GNU make")
	}
	for _, r := range makeCmdVarRows {
		if r.needs != "" {
			if _, err := exec.LookPath(r.needs); err != nil {
				continue
			}
		}
		if strings.Contains(r.cmd, "/usr/bin/perl") {
			if _, err := os.Stat("/usr/bin/perl"); err != nil {
				continue
			}
		}
		root := t.TempDir()
		proj, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
		for _, d := range []string{proj, home} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		canary := filepath.Join(home, ".bashrc")
		if err := os.WriteFile(filepath.Join(proj, "Makefile"), []byte(makeCmdVarsMakefile), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(canary, []byte("# canary\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmdText := strings.ReplaceAll(r.cmd, "CANARY", canary)
		cmd := exec.Command("bash", "-c", cmdText+" >/dev/null 2>&1; true")
		cmd.Dir = proj
		// make runs a command-line != with the environment's SHELL
		// (its own default is not set yet): the agent's shell has one.
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "SHELL=/bin/sh"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmdText, err, out)
		}
		data, err := os.ReadFile(canary)
		changed := err != nil || string(data) != "# canary\n"
		if r.gone && err == nil {
			t.Errorf("%s: make left the canary in place", cmdText)
		}
		if !r.gone && r.want == "allow" && changed {
			t.Errorf("%s: make changed the canary, but the row is a look-alike", cmdText)
		}
		if !r.gone && r.want != "allow" && !changed {
			t.Errorf("%s: make did not change the canary", cmdText)
		}
	}
}
