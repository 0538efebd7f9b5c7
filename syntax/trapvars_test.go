package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestTrapVarsAgainstBash checks what a variable holds after a trap whose
// action assigns it: a DEBUG trap runs before every simple command of the
// shell that set it (not inside a subshell, a substitution or a function
// without set -T), so its constant assignments are certain there; an ERR,
// RETURN or signal trap may have run or not, so the variable is one of its
// old value and the trap's. Each script runs in real bash with $C true and
// false, and every value bash prints must be one corral allows.
func TestTrapVarsAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	home := t.TempDir()
	tests := []struct {
		src  string
		want string // the values of the last call's word, space-separated; "?" when any
	}{
		{`trap 'X=a' DEBUG; X=b; echo "$X"`, "a"},
		{`trap 'X=a' DEBUG; X=b && echo "$X"`, "a"},
		{`trap 'X=a' DEBUG; for i in 1 2; do X=b; echo "$X"; done`, "a"},
		{`trap 'X=a' DEBUG; X=b echo "$X"`, "a"},
		{`trap 'unset X' DEBUG; X=b; echo "${X-none}"`, "none"},
		{`trap 'X=~' DEBUG; X=b; echo "$X"`, "~"},
		// A function declared before the trap, or after it.
		{`f(){ X=a; }; trap f DEBUG; X=b; echo "$X"`, "a"},
		{`trap f DEBUG; f(){ X=a; }; X=b; echo "$X"`, "?"},
		// Not run inside a subshell or a function: possible only.
		{`X=b; trap 'X=a' DEBUG; (echo "$X")`, "a b"},
		{`trap 'X=a' DEBUG; f(){ X=b; echo "$X"; }; f`, "a b"},
		// set -T (set -o functrace, shopt -s extdebug) or the function's
		// trace attribute: functions, substitutions and subshells
		// inherit the DEBUG trap, which then runs there before every
		// command. Without them it stays possible (a start-up file may
		// turn functrace on).
		{`trap 'X=a' DEBUG; set -T; f(){ X=b; echo "$X"; }; f`, "a"},
		{`set -o functrace; trap 'X=a' DEBUG; f(){ X=b; echo "$X"; }; f`, "a"},
		{`shopt -s extdebug; trap 'X=a' DEBUG; f(){ X=b; echo "$X"; }; f`, "a"},
		{`trap 'X=a' DEBUG; set -T; (X=b; echo "$X")`, "a"},
		{`trap 'X=a' DEBUG; set -T; X=b; echo "$(X=b; echo "$X")" >/dev/null; echo "$X"`, "a"},
		{`trap 'X=a' DEBUG; f(){ X=b; echo "$X"; }; declare -ft f; f`, "a"},
		{`trap 'X=a' DEBUG; f(){ X=b; echo "$X"; }; typeset -f -t f; f`, "a"},
		{`trap 'X=a' DEBUG; f(){ X=b; echo "$X"; }; declare -ft f; declare +ft f; f`, "a b"},
		{`trap 'X=a' DEBUG; set -T; set +T; f(){ X=b; echo "$X"; }; f`, "a b"},
		{`trap 'X=a' DEBUG; set -T; set +o functrace; (X=b; echo "$X")`, "a b"},
		{`trap 'X=a' DEBUG; $C && set -T; f(){ X=b; echo "$X"; }; f`, "a b"},
		{`trap 'X=a' DEBUG; g(){ local -; set -T; }; g; f(){ X=b; echo "$X"; }; f`, "a b"},
		{`trap 'X=a' DEBUG; set -T; set -o $O; f(){ X=b; echo "$X"; }; f`, "a b"},
		// A value that depends on the state when the trap runs.
		{`trap 'X=$Y' DEBUG; Y=a; echo "$X"`, "?"},
		// Removed or replaced: possible only.
		{`trap 'X=a' DEBUG; trap - DEBUG; X=b; echo "$X"`, "a b"},
		{`trap 'X=a' DEBUG; trap 'Z=1' DEBUG; X=b; echo "$X"`, "a b"},
		// ERR, RETURN, a signal: may have run.
		{`trap 'X=a' ERR; X=b; $C; echo "$X"`, "a b"},
		// A RETURN trap runs as a function returns when the function
		// inherits it (set -T, declare -t): certain right after the call.
		{`trap 'X=a' RETURN; X=b; set -T; f(){ :; }; f; echo "$X"`, "a"},
		{`trap 'X=a' RETURN; X=b; f(){ :; }; declare -ft f; f; echo "$X"`, "a"},
		{`trap 'X=a' RETURN; X=b; f(){ :; }; f; echo "$X"`, "a b"},
		// Defining the function again keeps the trace attribute;
		// unset -f drops it with the function.
		{`trap 'X=a' RETURN; X=b; f(){ :; }; declare -ft f; f(){ :; }; f; echo "$X"`, "a"},
		{`trap 'X=a' RETURN; X=b; f(){ :; }; declare -ft f; unset -f f; f(){ :; }; f; echo "$X"`, "a b"},
		{`trap 'X=a' DEBUG; f(){ :; }; declare -ft f; f(){ X=b; echo "$X"; }; f`, "a"},
		{`trap 'X=a' RETURN; X=b; set -T; f(){ :; }; set +T; f; echo "$X"`, "a b"},
		{`trap 'X=a' RETURN; set -T; f(){ X=c; }; f; echo "$X"`, "a"},
		{`trap 'X=a' RETURN; set -T; f(){ local X=c; }; X=b; f; echo "$X"`, "a b"},
		{`trap 'X=a' RETURN; trap - RETURN; X=b; set -T; f(){ :; }; f; echo "$X"`, "a b"},
		{`$C && trap 'X=a' RETURN; X=b; set -T; f(){ :; }; f; echo "$X"`, "a b"},
		{`trap 'X=a' RETURN; set -T; f(){ :; }; f; X=b; echo "$X"`, "a b"},
		// A DEBUG trap set on one path only: possible after the join.
		{`$C && trap 'X=a' DEBUG; X=b; echo "$X"`, "a b"},
		{`if $C; then trap 'X=a' DEBUG; fi; X=b; echo "$X"`, "a b"},
		{`f(){ trap 'X=a' DEBUG; }; f; X=b; echo "$X"`, "a"},
		{`(trap 'X=a' DEBUG); X=b; echo "$X"`, "a b"},
		// The directory and a variable from the same DEBUG trap.
		{`trap 'X=a; cd ~' DEBUG; X=b; echo "$X"`, "a"},
		{`trap 'X=a' INT; X=b; echo "$X"`, "a b"},
		// Traps that assign nothing, or only at exit.
		{`trap 'echo hi >/dev/null' DEBUG; X=b; echo "$X"`, "b"},
		{`trap 'X=a' EXIT; X=b; echo "$X"`, "b"},
	}
	o := Options{Cwd: home, Home: home}
	for _, tt := range tests {
		m, err := Analyze(tt.src, o)
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		var c *Call
		for _, x := range m.Calls {
			if x.Name == "echo" && x.RunBy == nil && len(x.Args) == 1 {
				c = x // the last echo of the script itself, not a trap's
			}
		}
		if c == nil {
			t.Fatalf("%q: no echo call", tt.src)
		}
		a := c.Args[0]
		got := "?"
		switch {
		case a.Static:
			got = a.Value
		case a.OneOf:
			vals := slices.Clone(a.Candidates())
			slices.Sort(vals)
			got = strings.Join(vals, " ")
		}
		want := strings.ReplaceAll(tt.want, "~", home)
		if got != want {
			t.Errorf("%q: corral reads the last word as %q, want %q", tt.src, got, want)
		}
		for _, cond := range []string{"true", "false"} {
			cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tt.src)
			cmd.Dir = home
			cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "C=" + cond, "O=errexit"}
			out, _ := cmd.Output()
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			real := lines[len(lines)-1]
			if want != "?" && !slices.Contains(strings.Fields(want), real) {
				t.Errorf("%q with C=%s: bash prints %q, not one of %q", tt.src, cond, real, want)
			}
		}
	}
}

// A RETURN trap runs when a function or a sourced file returns. Set in a
// command where nothing can return to it, its action is not judged (bash
// never runs it); wherever bash may run it, it is. Each row runs in bash
// (the action prints RAN; its text holds R AN): a row bash runs it in
// must have the action among corral's calls, and the rows marked skipped
// must not.
func TestReturnTrapScope(t *testing.T) {
	bash := bashPath(t)
	dir := oracleDir(t)
	if err := os.WriteFile(filepath.Join(dir, "s.sh"), []byte("echo s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const act = `trap 'printf %s%s R AN' RETURN; `
	for _, tc := range []struct {
		src     string
		skipped bool
	}{
		{act + `echo a`, true},
		{act + `ls; echo "f(){ :; }"`, true},
		{act + `f(){ :; }; f`, false},                     // no functrace: bash skips it, a start-up file may not
		{act + `set -T; f(){ :; }; f`, false},             // functrace: runs
		{`f(){ :; }; declare -ft f; ` + act + `f`, false}, // the trace attribute: runs
		{`shopt -s extdebug; f(){ :; }; ` + act + `f`, false},
		{act + `. ./s.sh`, false},
		{act + `source ./s.sh`, false},
		{act + `eval '. ./s.sh'`, false},
		{`s=source; ` + act + `$s ./s.sh`, false},
		{`f(){ ` + act + `:; }; f`, false}, // set in a function: runs when it returns
		{`trap '. ./s.sh' EXIT; ` + act + `:`, false},
		{`x=y; ` + act + `echo done`, true},
		// Under set -T a subshell and a substitution inherit the trap
		// (lex2): their functions run it.
		{`set -T; ` + act + `(f(){ :; }; f)`, false},
		{`set -o functrace; ` + act + `echo "$(f(){ :; }; f)"`, false},
		{`set -o functrace; ` + act + `echo hi`, true}, // nothing returns
		// Set in a sourced file: runs as that file returns.
		{`echo "trap 'printf %s%s R AN' RETURN" > t.sh; . ./t.sh`, false},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		cancel()
		runs := strings.Contains(string(out), "RAN")
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		judged := false
		for _, c := range m.Calls {
			if c.Name == "printf" && len(c.Args) == 3 && c.Args[1].Value == "R" {
				judged = true
			}
		}
		if runs && !judged {
			t.Errorf("%s: bash runs the RETURN trap (%q), corral does not judge it", tc.src, out)
		}
		if tc.skipped && (judged || runs) {
			t.Errorf("%s: judged %v, bash runs it %v; want neither", tc.src, judged, runs)
		}
		if !tc.skipped && !judged {
			t.Errorf("%s: not judged, want judged", tc.src)
		}
	}
}

// TestDebugTrapAtEnd: a DEBUG trap set by the command's last statement is
// still judged, because an agent's shell runs the command inside a text
// that goes on after it: Claude Code runs `eval 'CMD' < /dev/null && pwd
// -P >| FILE`, and bash runs the DEBUG trap before that pwd. Each row runs
// in bash that way; wherever bash runs the action (it prints RAN; its
// text holds R AN), corral must have it among its calls. A plain bash -c
// with nothing after the trap never runs it (the first row shows both).
// A RETURN trap set last is not run by the wrapper (eval and pwd return
// nothing), as TestReturnTrapScope has it.
func TestDebugTrapAtEnd(t *testing.T) {
	bash := bashPath(t)
	dir := oracleDir(t)
	const act = `trap 'printf %s%s R AN' DEBUG`
	for _, tc := range []struct {
		src       string
		wrapRuns  bool // bash runs the action under the agent's wrapper
		plainRuns bool // … as bash -c SRC alone
	}{
		{act, true, false},
		{`echo a; ` + act, true, false},
		{`{ ` + act + `; }`, true, false},
		{`f(){ ` + act + `; }; f`, true, false},
		{act + `; echo b`, true, true},
		{`(` + act + `)`, false, false},
	} {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		judged := false
		for _, c := range m.Calls {
			if c.Name == "printf" && len(c.Args) == 3 && c.Args[1].Value == "R" {
				judged = true
			}
		}
		if !judged {
			t.Errorf("%s: the DEBUG trap's action is not judged", tc.src)
		}
		for _, run := range []struct {
			script string
			want   bool
		}{
			{`eval "$SRC" < /dev/null && pwd -P >| ` + filepath.Join(dir, "cwd"), tc.wrapRuns},
			{tc.src, tc.plainRuns},
		} {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", run.script)
			cmd.Dir = dir
			cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "SRC=" + tc.src}
			out, _ := cmd.CombinedOutput()
			cancel()
			if got := strings.Contains(string(out), "RAN"); got != run.want {
				t.Errorf("%s: bash -c %q runs the action: %v, the row says %v (%q)", tc.src, run.script, got, run.want, out)
			}
		}
	}
}
