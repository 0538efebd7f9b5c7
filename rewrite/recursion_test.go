package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecursionAndEmptySource: a recursive function runs its body again
// from the state at the recursive call, so what the later runs do is
// judged (f(){ rm -rf "$d"; d=~; f; } deletes ~ on its second run), and
// what it leaves unknown is only what the functions can change: a
// recursion, a source of /dev/null or of a file that is not there before
// a denied command no longer turn its deny into an ask that corral
// confirm accepts (red team 20 RF1, proven). A function that names HOME,
// evaluates text or changes directory still leaves those unknown.
// The oracle runs the recursive bodies in real bash with echo in place
// of rm.
func TestRecursionAndEmptySource(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":       "x\n",
		"home/.bashrc":      "# rc\n",
		"home/.ssh/id_rsa":  "KEY\n",
		"home/.claude/.k":   "x\n",
		"proj/lib/setup.sh": "export A=1\n",
	})
	rows := []struct{ cmd, want string }{
		// Later runs of a recursive body.
		{`f(){ rm -rf "$d"; d=~; f; }; d=x; f`, "deny"},
		{`f(){ rm -rf "$d"; d=/; [ -z "$s" ] && { s=1; f; }; }; d=x; f`, "deny"},
		{`f(){ g; }; g(){ rm -rf "$d"; d=~; f; }; d=x; f`, "deny"},
		// A function called again in another state, or after another
		// function was redefined, is walked again.
		{`g(){ rm -rf "$d"; }; f(){ g; }; d=x; f; d=~; f`, "deny"},
		{`g(){ :; }; f(){ g; }; f; g(){ rm -rf ~; }; f`, "deny"},
		{`g(){ ls "$d"; }; f(){ g; }; d=x; f; d=y; f`, "allow"},
		// A denied command after a recursion or an empty source stays
		// denied.
		{`f(){ [ -n "$1" ] && f; }; f 1; rm -f ~/.bashrc`, "deny"},
		{`f(){ g; }; g(){ f; }; f; rm -f ~/.bashrc`, "deny"},
		{`x(){ x; }; x; cat ~/.ssh/id_rsa`, "deny"},
		{`function f { f; }; f; rm -f ~/.bashrc`, "deny"},
		{`source /dev/null; rm -f ~/.bashrc`, "deny"},
		{`. /dev/null 2>&1; cat ~/.ssh/id_rsa`, "deny"},
		{`source ./missing.sh; rm -f ~/.bashrc`, "deny"},
		// What the functions can change stays unknown.
		{`f(){ HOME=/tmp/q; f; }; f; rm -f ~/.bashrc`, "ask"},
		{`f(){ let HOME=5; f; }; f; rm -f ~/.bashrc`, "ask"},
		{`f(){ eval "$1"; f; }; f x; rm -f ~/.bashrc`, "ask"},
		{`f(){ builtin eval "$1"; f; }; f x; rm -f ~/.bashrc`, "ask"},
		{`f(){ command "$c"; f; }; f; rm -f ~/.bashrc`, "ask"},
		// Look-alikes.
		{`f(){ n=$((n+1)); [ "$n" -lt 3 ] && f; }; f; echo done`, "allow"},
		{`walk(){ for d in "$1"/*; do [ -d "$d" ] && walk "$d"; echo "$d"; done; }; walk lib`, "allow"},
		{`source /dev/null; ls`, "allow"},
		{`source ./lib/setup.sh; echo "$A"`, "allow"},
	}
	checkDecisions(t, cfg, rows)

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	home := cfg.Home
	for _, script := range []string{
		`f(){ echo "$d"; d=~; [ -z "$s" ] && { s=1; f; }; }; d=x; f; true`,
		`f(){ g; }; g(){ echo "$d"; d=~; [ -z "$s" ] && { s=1; f; }; }; d=x; f; true`,
	} {
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("bash %q: %v", script, err)
		}
		if got := strings.Fields(string(out)); len(got) != 2 || got[0] != "x" || filepath.Clean(got[1]) != home {
			t.Errorf("bash %q printed %q, want x then %s", script, out, home)
		}
	}
}
