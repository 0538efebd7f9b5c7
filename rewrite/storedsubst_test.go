package rewrite

import (
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestStoredSubstDeletion holds a variable set to the whole output of a
// command substitution to the inline substitution's verdict (red team 15
// RG7): rm -rf "$x" after x=$(cat f) asks as rm -rf "$(cat f)" does.
func TestStoredSubstDeletion(t *testing.T) {
	t.Parallel()
	proj := "/home/u/proj"
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto,
		Paths: guards.DefaultPolicy().WithSelfProtection(nil, proj+"/agent_sandbox")}
	testRuleWith(t, cfg, "rm-root", []ruleCase{
		{`rm -rf "$(cat f)"`, Ask},
		{`x=$(cat f); rm -rf "$x"`, Ask},
		{`x="$(cat f)"; rm -rf "$x"`, Ask},
		{"x=`cat f`; rm -rf $x", Ask},
		{`export x=$(cat f); rm -rf "$x"`, Ask},
		// tr -s (squeeze) is a filter corral does not compute; tr of
		// classes alone is computed (textfilters.go), and the same
		// declare with it is bash-delete's deny of ~/.ssh.
		{`declare x=$(tr -s '[:upper:]' '[:lower:]' <<< /HOME/U/.SSH); rm -rf "$x"`, Ask},
		{`x=$(curl -s https://example.com/t); rm -rf "$x"`, Ask},
		{`x=$(cat f); find "$x" -delete`, Ask},
		{`x=$(cat f); eval "rm -rf $x"`, Ask},
		// Look-alikes: mktemp's new directory, a known tail, names a
		// loop reads, a value from the environment, a non-recursive rm.
		{`x=$(mktemp -d); rm -rf "$x"`, Allow},
		{`find . -name node_modules | while read -r d; do rm -rf "$d"; done`, Allow},
		{`rm -rf "$BUILD_DIR"`, Allow},
		{`d=$(pwd); ls "$d"`, Allow},
		{`v=$(git rev-parse --short HEAD); echo $v`, Allow},
	})
}
