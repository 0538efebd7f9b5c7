package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// scopeOracleRow is a command judged by corral and run by real bash with
// "echo RM" in place of "rm -rf": home says whether bash (with env added
// to its environment) hands the home directory to the deletion.
type scopeOracleRow struct {
	cmd, want string
	env       []string
	home      bool
}

// checkScopeOracle judges each row and runs it in bash (rm -rf replaced
// by echo) from the project, with HOME the scratch home.
func checkScopeOracle(t *testing.T, cfg *Config, rows []scopeOracleRow) {
	t.Helper()
	for _, r := range rows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	for _, r := range rows {
		script := strings.ReplaceAll(r.cmd, "rm -rf", "echo RM")
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
		cmd.Dir = cfg.Cwd
		cmd.Env = append([]string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}, r.env...)
		out, _ := cmd.Output()
		var words []string
		for _, l := range strings.Split(string(out), "\n") {
			if rest, ok := strings.CutPrefix(l, "RM"); ok {
				for _, f := range strings.Fields(rest) {
					words = append(words, filepath.Clean(f))
				}
			}
		}
		if got := slices.Contains(words, filepath.Clean(cfg.Home)); got != r.home {
			t.Errorf("bash %q (%v) handed the deletion %q: home %v, want %v", script, r.env, words, got, r.home)
		}
	}
}

// TestArrayElementAtRunTimeIndex: an element assigned at an index only
// run time knows (a[$X]=~, a[$i]=~ or a+=(…) in a loop's passes) is a
// value any element may hold: the array was taken as unknown with no
// values, or as unset, so rm -rf "${d[1]}" after the loop passed while
// bash deletes the home directory (red team scope3). The loop's
// fixed point keeps the values each pass adds.
func TestArrayElementAtRunTimeIndex(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.bashrc": "# rc\n"})
	checkScopeOracle(t, cfg, []scopeOracleRow{
		{`for i in 0 1; do d[$i]=~; done; rm -rf "${d[1]}"`, "ask", nil, true},
		{`for i in 1; do d[$i]=~; done; rm -rf "${d[1]}"`, "ask", nil, true},
		{`i=0; while [ $i -lt 2 ]; do d[$i]=~; i=$((i+1)); done; rm -rf "${d[1]}"`, "ask", nil, true},
		{`for ((i=0;i<2;i++)); do d[i]=~; done; rm -rf "${d[1]}"`, "ask", nil, true},
		{`for i in 0 1; do d[$i]=~; done; rm -rf "${d[@]}"`, "ask", nil, true},
		{`for x in a ~; do d+=("$x"); done; rm -rf "${d[@]}"`, "ask", nil, true},
		{`d=(); for x in a ~; do d[${#d[@]}]=$x; done; rm -rf "${d[1]}"`, "ask", nil, true},
		{`d[$X]=~; rm -rf "${d[1]}"`, "ask", []string{"X=1"}, true},
		{`d[$X]=~; rm -rf "${d[@]}"`, "ask", nil, true},
		{`x=(a b); [ -n "$X" ] && x=(c ~); rm -rf "${x[1]}"`, "ask", []string{"X=1"}, true},
		// Known indexes stay exact.
		{`i=1; d[$i]=~; rm -rf "${d[1]}"`, "deny", nil, true},
		{`for i in 0 1; do d=~; done; rm -rf "$d"`, "deny", nil, true},
		// Look-alikes: every value is harmless.
		{`for i in 0 1 2; do a[$i]=$i; done; rm -rf "build/${a[1]}"`, "allow", nil, false},
		{`for i in 1 2; do d[$i]=build$i; done; rm -rf "${d[@]}"`, "allow", nil, false},
		{`files=(); for f in *.o; do files+=("$f"); done; rm -rf "${files[@]}"`, "allow", nil, false},
		{`x=(a b); if [ -n "$X" ]; then x=(c d); fi; rm -rf "${x[@]}"`, "allow", nil, false},
		{`declare -A m; for k in a b; do m[$k]=out/$k; done; rm -rf "${m[@]}"`, "allow", nil, false},
	})
}

// TestFunctionNamedLikeWrapper: bash looks a name up among the functions
// before builtins and programs, so a function called command, env, nice,
// nohup, sudo, timeout, exec, builtin or stdbuf runs its body with every
// word after its name; corral took the name as the wrapper and judged
// "~" as the program it runs (command() { rm -rf "$@"; }; command ~ was
// allow; red team scope3). The wrapper's own reading is still judged.
func TestFunctionNamedLikeWrapper(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.bashrc": "# rc\n"})
	checkScopeOracle(t, cfg, []scopeOracleRow{
		{`command() { rm -rf "$@"; }; command ~`, "deny", nil, true},
		{`env() { rm -rf "$@"; }; env ~`, "deny", nil, true},
		{`nice() { rm -rf "$@"; }; nice ~`, "deny", nil, true},
		{`nohup() { rm -rf "$@"; }; nohup ~`, "deny", nil, true},
		{`sudo() { rm -rf "$@"; }; sudo ~`, "deny", nil, true},
		{`timeout() { rm -rf "$2"; }; timeout 5 ~`, "deny", nil, true},
		{`exec() { rm -rf "$@"; }; exec ~`, "deny", nil, true},
		{`builtin() { rm -rf "$@"; }; builtin ~`, "deny", nil, true},
		{`stdbuf() { rm -rf "$@"; }; stdbuf ~`, "deny", nil, true},
		// A function defined on one path only: the wrapper may run.
		{`[ -n "$X" ] && command() { :; }; command rm -rf ~`, "deny", nil, true},
		// Look-alikes.
		{`env() { :; }; env FOO=1 ls`, "allow", nil, false},
		{`command() { builtin command "$@"; }; command ls`, "allow", nil, false},
		{`nice() { echo "$@"; }; nice -n 5 make`, "allow", nil, false},
		{`timeout() { echo "$@"; }; timeout 5 ls`, "allow", nil, false},
	})
}

// TestPrefixPromotedAndElementTargets: d=~ export d (readonly d, declare
// -x d, declare -r d) gives the shell's own d the prefix's value, which
// outlives the command; printf -v, read and declare given an element
// (a[1], 'a[$i]', "a[1]=…") assign it. Each was allow: the prefix was
// taken as the command's only, and an element target made the array
// unknown with no values (red team scope3). export and readonly refuse
// an element, and declare d, export -n d, declare -g d leave d as it was.
func TestPrefixPromotedAndElementTargets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.bashrc": "# rc\n"})
	checkScopeOracle(t, cfg, []scopeOracleRow{
		{`d=~ export d; rm -rf "$d"`, "deny", nil, true},
		{`d=~ readonly d; rm -rf "$d"`, "deny", nil, true},
		{`d=~ declare -x d; rm -rf "$d"`, "deny", nil, true},
		{`d=~ declare -r d; rm -rf "$d"`, "deny", nil, true},
		{`d=~ typeset -x d; rm -rf "$d"`, "deny", nil, true},
		{`d=~ command export d; rm -rf "$d"`, "deny", nil, true},
		{`d=~ export -p d > /dev/null; rm -rf "$d"`, "deny", nil, true},
		{`printf -v a[1] %s ~; rm -rf "${a[1]}"`, "ask", nil, true},
		{`printf -v 'a[$i]' %s ~; rm -rf "${a[@]}"`, "ask", nil, true},
		{`read 'a[$X]' <<< ~; rm -rf "${a[@]}"`, "ask", nil, true},
		{`declare "a[1]=$HOME"; rm -rf "${a[1]}"`, "deny", nil, true},
		{`declare "a[\$X]=$HOME"; rm -rf "${a[@]}"`, "ask", nil, true},
		{`x='a[$X]'; declare "$x=$HOME"; rm -rf "${a[@]}"`, "ask", nil, true},
		// Look-alikes: bash leaves the shell's d unset, or refuses.
		{`d=~ declare d; rm -rf "$d"`, "allow", nil, false},
		{`d=~ export -n d; rm -rf "$d"`, "allow", nil, false},
		{`d=~ declare -g d; rm -rf "$d"`, "allow", nil, false},
		{`d=~ declare +x d; rm -rf "$d"`, "allow", nil, false},
		{`d=~ export x; rm -rf "$d"`, "allow", nil, false},
		{`d=~ true; rm -rf "$d"`, "allow", nil, false},
		{`export "a[1]=$HOME"; rm -rf "${a[1]}"`, "allow", nil, false},
		{`printf -v 'a[1]' %s build; rm -rf "${a[1]}"`, "allow", nil, false},
		{`read 'a[0]' <<< dist; rm -rf "${a[@]}"`, "allow", nil, false},
	})
}
