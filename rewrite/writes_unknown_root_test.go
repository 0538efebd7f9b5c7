package rewrite

import (
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestRunTimeWriteTargets checks writes to a path only known at run time:
// a known tail under a run-time directory is judged under the directories
// the run-time part can be (the root when it is empty, the project, the
// home directory, the working directory); a whole path a program prints
// asks; a path from the environment or a file name with a known suffix
// passes.
func TestRunTimeWriteTargets(t *testing.T) {
	t.Parallel()
	proj := "/home/u/proj"
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto,
		Paths: guards.DefaultPolicy().WithSelfProtection(nil, proj+"/agent_sandbox")}
	testRuleWith(t, cfg, "bash-write", []ruleCase{
		// A known tail that is a protected file under some directory.
		{`echo x > "$DIR/.git/hooks/pre-commit"`, Ask},
		{`echo x > $X/.bashrc`, Ask},
		{`echo x >> "${X}/.bashrc"`, Ask},
		{`echo x > $X/etc/passwd`, Ask},
		{`cp key "$D/.ssh/authorized_keys"`, Ask},
		{`echo x | tee "$D/.git/config"`, Ask},
		// The whole path is printed by a program.
		{`: > $(cat f)`, Ask},
		{`echo x > "$(cat f)"`, Ask},
		{"echo x > `cat f`", Ask},
		{`echo x | tee "$(cat f)"`, Ask},
		{`X=$(cat f); : > $X`, Ask},
		{`X="$(cat f)"; echo x >> "$X"`, Ask},
		{`X=$(cat f); [ -n "$Y" ] && X=a; : > $X`, Ask},
		// Look-alikes: a path from the environment, a file name with a
		// known suffix, a tail no guard protects, mktemp, a value the
		// command replaces, a prefix assignment only the call sees.
		{`: > $X`, Allow},
		{`cmd > "$OUT"`, Allow},
		{`echo x > "$LOG"`, Allow},
		{`echo x > "$OUT/build.log"`, Allow},
		{`echo x > "$TMPDIR/x.txt"`, Allow},
		{`for f in *.txt; do sort $f > $f.sorted; done`, Allow},
		{`LOG=$(date +%F).log; cmd > "$LOG"`, Allow},
		{`f=$(basename "$p"); echo x > "$f.txt"`, Allow},
		{`t=$(mktemp); echo x > "$t"`, Allow},
		{`echo x > "$(mktemp)"`, Allow},
		{`X=$(cat f); X=out.txt; : > $X`, Allow},
		{`t=$(tty) echo ee | tee $t`, Allow},
		{`echo x > $(echo out.txt)`, Allow},
		{`gcrane completion bash > $(brew --prefix)/etc/bash_completion.d/gcrane`, Allow},
		// ${X:?} stops the shell when X is empty: never the root.
		{`echo x > "${X:?}/etc/passwd"`, Allow},
	})
}
