package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSpecialIntegerVarsOracle: bash evaluates a value given to RANDOM,
// SRANDOM, OPTIND and HISTCMD as arithmetic, so a static 'a[$(cmd)]' runs
// cmd, in every assignment form (SECONDS through declare and for only);
// LINENO, OPTERR and COLUMNS do not (red team 17 SA1). Real bash proves which variables do it, with a
// canary payload; corral judges the same rows with a destructive one.
func TestSpecialIntegerVarsOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}"})
	forms := []string{
		`@V@='@P@'`,
		`export @V@='@P@'`,
		`@V@+='@P@'`,
		`declare @V@='@P@'`,
		`@V@='@P@' true`,
		`read @V@ <<< '@P@'`,
		`printf -v @V@ %s '@P@'`,
		`for @V@ in '@P@'; do :; done`,
		`IFS=, read -r a @V@ <<< 'x,@P@'`,
		`x='@P@'; export @V@=$x`,
	}
	// runs lists, for a variable bash evaluates only in some forms, the
	// forms where it does; a prefix assignment to a command (V='…' true)
	// never does in bash 5.2, which corral still denies (the text is a
	// substitution in arithmetic wherever it lands).
	runs := map[string][]int{"SECONDS": {3, 7}}
	check := func(name string, special bool) {
		for i, form := range forms {
			dir := t.TempDir()
			canary := filepath.Join(dir, "ran")
			row := strings.ReplaceAll(form, "@V@", name)
			cmd := strings.ReplaceAll(row, "@P@", "a[$(touch "+canary+")]")
			c := exec.Command("bash", "-c", cmd+"\ntrue")
			c.Dir = dir
			c.Env = append(os.Environ(), "HOME="+dir)
			_, _ = c.CombinedOutput()
			_, err := os.Stat(canary)
			evaluates := special && i != 4
			if only, ok := runs[name]; ok {
				evaluates = slices.Contains(only, i)
			}
			if ran := err == nil; ran != evaluates {
				t.Errorf("%s: bash ran the subscript: %v, want %v", row, ran, evaluates)
			}
			judged := strings.ReplaceAll(row, "@P@", "a[$(rm -rf ~)]")
			want := "allow"
			if special {
				want = "deny"
			}
			if got := Check(cfg, judged).Decision.String(); got != want {
				t.Errorf("%s: %s, want %s", judged, got, want)
			}
		}
	}
	for _, name := range []string{"RANDOM", "SRANDOM", "OPTIND", "HISTCMD", "SECONDS"} {
		check(name, true)
	}
	for _, name := range []string{"LINENO", "OPTERR", "COLUMNS"} {
		check(name, false)
	}
	// Look-alikes: numbers and the getopts idiom.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`RANDOM=42`, "allow"},
		{`OPTIND=1`, "allow"},
		{`SECONDS=0; sleep 1; echo $SECONDS`, "allow"},
		{`RANDOM=$$`, "allow"},
		{`OPTIND=$((OPTIND+1))`, "allow"},
		{`f() { local OPTIND; while getopts ab o; do :; done; shift $((OPTIND-1)); }; f -a`, "allow"},
		{`unset RANDOM; RANDOM='a[$(rm -rf ~)]'`, "allow"}, // unset drops the special meaning
	})
}
