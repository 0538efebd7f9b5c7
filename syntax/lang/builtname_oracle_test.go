package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuiltNameOracle runs the real interpreters (when installed) on
// calls reached through names built at run time, each told to touch a
// canary file in a temporary directory: the canary exists afterwards
// exactly when the built name reached the function that runs, and the
// analysis must find that run with the canary in its command.
func TestBuiltNameOracle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, prog string
		l          Lang
		args       []string // the script goes on stdin when args is empty
		script     string   // CANARY stands for the canary's path
	}{
		{"tcl-var-command", "tclsh", Tcl, nil, "set c ex; append c ec; $c touch CANARY\n"},
		{"tcl-string-cat", "tclsh", Tcl, nil, "[string cat ex ec] touch CANARY\n"},
		{"tcl-join", "tclsh", Tcl, nil, "set c [join {ex ec} {}]\n$c touch CANARY\n"},
		{"tcl-eval-list", "tclsh", Tcl, nil, "eval [list exec touch CANARY]\n"},
		{"tcl-expand-list", "tclsh", Tcl, nil, "set c exec; {*}[list $c touch CANARY]\n"},
		{"tcl-expand-var", "tclsh", Tcl, nil, "set l [list exec touch CANARY]; {*}$l\n"},
		{"lua-meta-index", "lua", Lua, []string{"-e"}, `setmetatable({}, {__index=os}).execute("touch CANARY")`},
		{"r-right-assign", "Rscript", R, []string{"-e"}, `system -> f; f("touch CANARY")`},
		{"lua-built-key", "lua", Lua, []string{"-e"}, `local o=os; o["exe".."cute"]("touch CANARY")`},
		{"lua-G-index", "lua", Lua, []string{"-e"}, `_G["os"]["execute"]("touch CANARY")`},
		{"lua-load", "lua", Lua, []string{"-e"}, `load("os.execute('touch CANARY')")()`},
		{"r-get-paste", "Rscript", R, []string{"-e"}, `f <- get(paste0("sys","tem")); f("touch CANARY")`},
		{"r-do-call", "Rscript", R, []string{"-e"}, `do.call("system", list("touch CANARY"))`},
		{"r-eval-parse", "Rscript", R, []string{"-e"}, `eval(parse(text="system('touch CANARY')"))`},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		canary := filepath.Join(t.TempDir(), "canary")
		script := strings.ReplaceAll(tc.script, "CANARY", canary)
		var cmd *exec.Cmd
		if len(tc.args) == 0 {
			cmd = exec.Command(bin)
			cmd.Stdin = strings.NewReader(script)
		} else {
			cmd = exec.Command(bin, append(tc.args, script)...)
		}
		out, err := cmd.CombinedOutput()
		if _, serr := os.Stat(canary); serr != nil {
			t.Errorf("%s: the canary was not made (%v, %s)", tc.name, err, out)
			continue
		}
		found := false
		for _, e := range Analyze(tc.l, script) {
			if (e.Kind == Exec || e.Kind == Shell) && (strings.Contains(e.Text, canary) || strings.Contains(strings.Join(e.Argv, " "), canary)) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: the interpreter ran the canary's command; the analysis found %+v", tc.name, Analyze(tc.l, script))
		}
	}
}
