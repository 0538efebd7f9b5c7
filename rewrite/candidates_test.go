package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestCandidatesAndSourceReachRules: a variable that different paths set
// differently reaches the rules as every value it can hold, and a file run
// with source or "." leaves what it sets in the caller's shell, so the
// dangerous value is seen either way; look-alikes whose every value is
// harmless pass.
func TestCandidatesAndSourceReachRules(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"home.sh":  "D=~\n",
		"build.sh": "D=build\n",
		"cd.sh":    "cd /\n",
		"clean.sh": "clean() { rm -rf \"$1\"; }\n",
	} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: root, Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`if [ -d x ]; then D=build; else D=~; fi; rm -rf $D`, Deny},
		{`if [ -d x ]; then D=build; else D=/; fi; rm -rf "$D"/*`, Deny},
		{`D=build; [ -d x ] && D=/etc; rm -rf "$D"`, Deny},
		{`case $1 in a) D=/usr;; *) D=out;; esac; rm -rf $D`, Deny},
		{`if [ -d x ]; then D=build; else D=dist; fi; rm -rf $D`, Allow},
		{`. ./home.sh; rm -rf $D`, Deny},
		{`source home.sh && rm -rf "$D"/`, Deny},
		{`. ./build.sh; rm -rf $D`, Allow},
		{`. ./cd.sh; rm -rf *`, Deny},
		{`. ./clean.sh; clean ~`, Deny},
		{`. ./clean.sh; clean build`, Allow},
	} {
		if r := Check(cfg, tc.cmd); r.Decision != tc.want {
			t.Errorf("%s: %s %v, want %s", tc.cmd, r.Decision, r.Findings, tc.want)
		}
	}
}

// TestCandidatesEveryPathRule: every rule that judges paths judges each
// value a word can take when different paths give a variable different
// values (syntax.Arg.OneOf), and the worst one wins: the command with
// the branch gets, for that rule, the worst decision of the commands
// with each value assigned outright. Look-alikes whose every value is
// harmless pass.
func TestCandidatesEveryPathRule(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: root, Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto,
		Paths: guards.DefaultPolicy(), NoGlobMatches: true}
	ruleDecision := func(cmd, rule string) Decision {
		got := Allow
		for _, f := range Check(cfg, cmd).Findings {
			if f.Rule == rule && f.Decision > got {
				got = f.Decision
			}
		}
		return got
	}
	for _, tc := range []struct {
		rule, cmd string
		values    []string
		flagged   bool // whether the worst value is flagged at all
	}{
		{"bash-delete", `rm -f $D`, []string{"build.log", "/etc/passwd"}, true},
		{"bash-delete", `rm -f "$D"`, []string{"build.log", "~/.bashrc"}, true},
		{"bash-delete", `rm -f $D`, []string{"build.log", "dist.log"}, false},
		{"bash-write", `echo x > $D`, []string{"out.txt", "/etc/passwd"}, true},
		{"bash-write", `cp a.txt "$D"`, []string{"b.txt", "~/.bashrc"}, true},
		{"bash-write", `echo x > $D`, []string{"out.txt", "log.txt"}, false},
		{"chmod-recursive", `chmod -R 755 $D`, []string{"build", "/"}, true},
		{"chmod-recursive", `chmod -R $D build`, []string{"755", "777"}, true},
		{"chmod-recursive", `chmod -R 755 $D`, []string{"build", "dist"}, false},
		{"secret-read", `cat $D`, []string{"README.md", "~/.ssh/id_rsa"}, true},
		{"secret-read", `cat "$D"`, []string{"README.md", ".env"}, true},
		{"secret-read", `cat $D`, []string{"README.md", ".env.example"}, false},
		{"disk-write", `dd if=x.img of=$D`, []string{"out.img", "/dev/sda"}, true},
		{"disk-write", `mkfs.ext4 $D`, []string{"disk.img", "/dev/sdb"}, true},
		{"disk-write", `cat x.img > $D`, []string{"out.img", "/dev/sda"}, true},
		{"disk-write", `dd if=x.img of=$D`, []string{"out.img", "copy.img"}, false},
		{"rm-root", `rm -rf $D`, []string{"build", "~"}, true},
	} {
		worst := Allow
		for _, v := range tc.values {
			if d := ruleDecision("D="+v+"; "+tc.cmd, tc.rule); d > worst {
				worst = d
			}
		}
		if (worst > Allow) != tc.flagged {
			t.Errorf("%s: the worst value gives %s for %s; the case expects flagged=%v", tc.cmd, worst, tc.rule, tc.flagged)
		}
		branch := "if [ -d x ]; then D=" + tc.values[0] + "; else D=" + tc.values[1] + "; fi; " + tc.cmd
		if got := ruleDecision(branch, tc.rule); got != worst {
			t.Errorf("%s: %s says %s, want %s (the worst of its values)", branch, tc.rule, got, worst)
		}
	}
}
