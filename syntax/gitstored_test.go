package syntax

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestGitSplitCmdline: an alias's value split into words as git's
// split_cmdline splits it (quotes group, a backslash outside single
// quotes takes the next character, nothing expands), and the values git
// refuses.
func TestGitSplitCmdline(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want []string
		ok   bool
	}{
		{"push --force origin main", []string{"push", "--force", "origin", "main"}, true},
		{"  log\t-1  ", []string{"log", "-1"}, true},
		{`log "--format=%s two"`, []string{"log", "--format=%s two"}, true},
		{`log '--format=a\b' x\ y "q\"r"`, []string{"log", `--format=a\b`, "x y", `q"r`}, true},
		{`log $HOME ~ $(id)`, []string{"log", "$HOME", "~", "$(id)"}, true},
		{`log ""`, []string{"log", ""}, true},
		{`log "open`, nil, false},
		{`log end\`, nil, false},
		{"", nil, true},
	} {
		got, ok := gitSplitCmdline(tt.in)
		if ok != tt.ok || !slices.Equal(got, tt.want) {
			t.Errorf("gitSplitCmdline(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestGitSplitCmdlineOracle: the real git splits an alias as
// gitSplitCmdline does. git rev-parse --sq-quote prints the words it is
// given, each quoted, so an alias of it shows the words git made of the
// value.
func TestGitSplitCmdlineOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home := t.TempDir()
	for _, v := range []string{`a  b`, `"--format=%s two" x`, `'a\b' x\ y "q\"r" "s\\t"`, `$HOME ~ $(id) ';'`, `a "" b`, `"open`, `end\`} {
		cmd := exec.Command("git", "-c", "alias.q=rev-parse --sq-quote "+v, "q")
		cmd.Dir = home
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1"}
		out, err := cmd.Output()
		argv, ok := gitSplitCmdline(v)
		if err != nil {
			if ok {
				t.Errorf("%q: git fails (%v), corral splits it into %q", v, err, argv)
			}
			continue
		}
		want := strings.TrimSpace(string(out))
		var q []string
		for _, a := range argv {
			q = append(q, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
		}
		if got := strings.Join(q, " "); !ok || got != want {
			t.Errorf("%q: corral %s (%v), git %s", v, got, ok, want)
		}
	}
}

// TestGitConfigTrueOracle: gitConfigTrue reads a boolean as git does
// (git config --bool prints what git makes of the value, or fails).
func TestGitConfigTrueOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home := t.TempDir()
	for _, v := range []string{"true", "YES", "On", "1", "2", "-1", "0", "00", "0x10", "0x0", "1k", "0k", "010", "false", "No", "off", "", "maybe", "tru"} {
		cmd := exec.Command("git", "-c", "x.y="+v, "config", "--bool", "x.y")
		cmd.Dir = home
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1"}
		out, err := cmd.Output()
		want := err == nil && strings.TrimSpace(string(out)) == "true"
		if got := gitConfigTrue(v); got != want {
			t.Errorf("gitConfigTrue(%q) = %v, git reads it as %q (%v)", v, got, strings.TrimSpace(string(out)), err)
		}
	}
}

// TestGitConfigSetStops: git config reads options only before its first
// operand, so a value that starts with "-" is the value (git config
// alias.l '-c core.pager=x log', git config alias.n --bool), and git
// config set reads its own options before the key.
func TestGitConfigSetStops(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args     []string
		key, val string
		ok       bool
	}{
		{[]string{"alias.l", "-c core.pager=x log"}, "alias.l", "-c core.pager=x log", true},
		{[]string{"alias.n", "--bool"}, "alias.n", "--bool", true},
		{[]string{"alias.up", "--get"}, "alias.up", "--get", true},
		{[]string{"alias.up", "push -f", "--global"}, "alias.up", "push -f", true},
		{[]string{"--global", "alias.up", "push -f"}, "alias.up", "push -f", true},
		{[]string{"--", "alias.up", "push -f"}, "alias.up", "push -f", true},
		{[]string{"alias.up", "--", "x"}, "alias.up", "--", true},
		{[]string{"set", "--all", "alias.up", "push -f"}, "alias.up", "push -f", true},
		{[]string{"set", "alias.up", "push -f"}, "alias.up", "push -f", true},
		{[]string{"--get", "alias.up"}, "", "", false},
		{[]string{"get", "alias.up"}, "", "", false},
		{[]string{"--unset", "alias.up", "x"}, "", "", false},
		{[]string{"alias.up"}, "", "", false},
	} {
		var rest []Arg
		for _, a := range tt.args {
			rest = append(rest, Arg{Value: a, Raw: a, Static: true})
		}
		key, val, ok := GitConfigSet(rest)
		if ok != tt.ok || ok && (key.Value != tt.key || val.Value != tt.val) {
			t.Errorf("GitConfigSet(%q) = %v, want %q %q %v", tt.args, ok, tt.key, tt.val, tt.ok)
			if ok {
				t.Logf("got %q %q", key.Value, val.Value)
			}
		}
	}
}

// TestGitConfigSetStopsOracle: the real git stores the word after the
// key as the value even when it starts with "-".
func TestGitConfigSetStopsOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home := t.TempDir()
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = home
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1"}
		out, err := cmd.CombinedOutput()
		return strings.TrimSpace(string(out)), err
	}
	for _, v := range []string{"-c core.pager=x log", "--bool", "--get"} {
		if out, err := git("config", "--global", "alias.l", v); err != nil {
			t.Fatalf("git config --global alias.l %q: %v %s", v, err, out)
		}
		got, err := git("config", "--global", "--get", "alias.l")
		if err != nil || got != v {
			t.Errorf("git config alias.l %q stored %q (%v)", v, got, err)
		}
	}
}
