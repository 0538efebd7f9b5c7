package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestComputedExportNames: export, declare -x, typeset -x, readonly and
// local with a name bash computes (a variable, brace expansion, a value
// read from a file, a printf -v or read under set -a) set the variable
// a later program loads code from (red team 7, 0d). Real bash runs each
// row with x.sh = a canary, which only runs when BASH_ENV was set and
// exported; corral judges the row with x.sh = rm -rf ~.
func TestComputedExportNames(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/x.sh":                  "rm -rf ~\n",
		"proj/vars.txt":              "BASH_ENV=./x.sh\n",
	})
	rows := []struct{ cmd, want string }{
		{`n=BASH_ENV; export "$n=./x.sh"; bash -c :`, "deny"},
		{`n=BASH_ENV; export $n=./x.sh; bash -c :`, "deny"},
		{`n=BASH_ENV; declare -x "$n=./x.sh"; bash -c :`, "deny"},
		{`n=BASH_ENV; declare -gx $n=./x.sh; bash -c :`, "deny"},
		{`export BASH_E{NV,}=./x.sh; bash -c :`, "deny"},
		{`export {BASH_ENV,X}=./x.sh; bash -c :`, "deny"},
		{`typeset -x BASH_E{NV,}=./x.sh; bash -c :`, "deny"},
		{`export 'BASH_ENV=./x.sh'; bash -c :`, "deny"},
		{`n=BASH_ENV; f() { local -x "$n=./x.sh"; bash -c :; }; f`, "deny"},
		{`read -r kv < vars.txt; export "$kv"; bash -c :`, "deny"},
		{`IFS== read -r n v < vars.txt; printf -v "$n" %s "$v"; export "$n"; bash -c :`, "deny"},
		{`n=BASH_ENV; declare -n r=$n; r=./x.sh; export "$n"; bash -c :`, "deny"},
		{`set -a; read -r BASH_ENV <<< ./x.sh; bash -c :`, "deny"},
		{`set -a; n=BASH_ENV; printf -v $n %s ./x.sh; bash -c :`, "deny"},
		{`export BASH_ENV; read -r BASH_ENV <<< ./x.sh; bash -c :`, "deny"},
		{`export BASH_ENV; printf -v BASH_ENV %s ./x.sh; bash -c :`, "deny"},
		// Names only run time knows: any code-loading variable.
		{`export $(cat vars.txt); bash -c :`, "ask"},
		{`export $(<vars.txt); bash -c :`, "ask"},
		{`declare -x $(<vars.txt); bash -c :`, "ask"},
		{`export "$(cat vars.txt)"; bash -c :`, "ask"},
		{`set -a; printf -v "$(cut -d= -f1 vars.txt)" %s ./x.sh; bash -c :`, "ask"},
	}
	for _, r := range rows {
		dir := t.TempDir()
		canary := filepath.Join(dir, "ran")
		if err := os.WriteFile(filepath.Join(dir, "x.sh"), []byte("touch "+canary+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "vars.txt"), []byte("BASH_ENV=./x.sh\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c := exec.Command("bash", "-c", r.cmd)
		c.Dir = dir
		c.Env = append(os.Environ(), "BASH_ENV=")
		if out, err := c.CombinedOutput(); err != nil {
			t.Errorf("%s: bash: %v %s", r.cmd, err, out)
		}
		if _, err := os.Stat(canary); err != nil {
			t.Errorf("%s: bash did not run x.sh: the row shows no bypass", r.cmd)
		}
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`export A{1,2}=3; echo "$A1"`, "allow"},
		{`for v in A B; do export "$v=1"; done; make`, "allow"},
		{`export "$n=1"; make`, "allow"},
		{`export "$VAR"`, "allow"},
		{`export $(grep -v '^#' .env.example | xargs)`, "allow"},
		{`n=LOG_LEVEL; export "$n=debug"; bash -c :`, "allow"},
		{`printf -v "$n" %s ./x.sh; bash -c :`, "allow"},
	})
}
