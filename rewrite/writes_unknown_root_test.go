package rewrite

import (
	"path/filepath"
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

// TestRunTimeDirSelfFiles: a name written or deleted in a directory only
// known at run time, or under a run-time head, can be a file the self
// layer protects wherever it is (~/.claude/settings.json after cd
// "$(cat d.txt)"), not only in the home directory or at the root; names
// no self file has pass.
func TestRunTimeDirSelfFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json":      "{}",
		"home/.config/corral/policy.json": "{}",
		"proj/d.txt":                      "x",
	})
	// corral's own policy file, as the hook gives it.
	cfg.Paths = cfg.Paths.WithSelfProtection([]string{filepath.Join(cfg.Home, ".config", "corral", "policy.json")}, cfg.Sandbox)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cd "$(cat d.txt)"; echo {} > settings.json`, "ask"},
		{"cd `cat d.txt` && cp /dev/null settings.json", "ask"},
		{`d=$(python3 gen.py); cd "$d"; echo x > policy.json`, "ask"},
		{`cd "$X"; rm -rf corral`, "ask"},
		{`echo {} > "$D/settings.json"`, "ask"},
		{`echo {} > "$D/.claude/settings.json"`, "ask"},
		// Look-alikes: names no protected file has.
		{`cd "$(cat d.txt)"; echo hi > notes.txt`, "allow"},
		{`cd "$X"; rm -rf build`, "allow"},
		{`echo {} > "$D/notes.json"`, "allow"},
		{`echo {} > "$D/ings.json"`, "allow"},
	})
}
