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

// gitBoolRows are values with what git's git_config_bool makes of them:
// on, or ok false where git dies ("bad boolean config value").
var gitBoolRows = []struct {
	v      string
	on, ok bool
}{
	{"true", true, true}, {"YES", true, true}, {"On", true, true}, {"oN", true, true},
	{"false", false, true}, {"No", false, true}, {"OFF", false, true}, {"", false, true},
	{"1", true, true}, {"2", true, true}, {"-1", true, true}, {"+1", true, true}, {"0", false, true},
	{"00", false, true}, {"-0", false, true}, {"010", true, true}, {"07", true, true}, {"0x10", true, true},
	{"0X1", true, true}, {"0x0", false, true}, {"-0x1", true, true}, {"1k", true, true}, {"0k", false, true},
	{"1K", true, true}, {"1M", true, true}, {"1g", true, true}, {"-1k", true, true}, {"0x1k", true, true},
	{" 1", true, true}, {"\t1", true, true}, {"\v1", true, true}, {" -1", true, true},
	{"2147483647", true, true}, {"-2147483647", true, true}, {"0x7fffffff", true, true},
	{"2097151k", true, true}, {"-2097151k", true, true}, {"2047m", true, true},
	// git dies on these.
	{"2147483648", false, false}, {"-2147483648", false, false}, {"0x80000000", false, false},
	{"2g", false, false}, {"-2g", false, false}, {"2097152k", false, false}, {"2048m", false, false},
	{"9223372036854775808", false, false}, {"08", false, false}, {"0b1", false, false}, {"1_0", false, false},
	{"1e3", false, false}, {"1t", false, false}, {"1kb", false, false}, {"1 k", false, false}, {"1 ", false, false},
	{"1k ", false, false}, {"0x", false, false}, {"0xg", false, false}, {"0xk", false, false}, {"k", false, false},
	{"-", false, false}, {"+-1", false, false}, {" ", false, false}, {" true", false, false}, {"true ", false, false},
	{"maybe", false, false}, {"tru", false, false}, {"y", false, false},
}

// TestGitConfigBool: GitConfigBool reads a value as git's
// git_config_bool does (gitBoolRows).
func TestGitConfigBool(t *testing.T) {
	t.Parallel()
	for _, r := range gitBoolRows {
		if on, ok := GitConfigBool(r.v); on != r.on || ok != r.ok {
			t.Errorf("GitConfigBool(%q) = %v, %v, want %v, %v", r.v, on, ok, r.on, r.ok)
		}
	}
}

// TestGitConfigBoolOracle: the real git config --type=bool prints true
// or false for each row of gitBoolRows as GitConfigBool reads it, and
// fails where GitConfigBool says git does; a key given with no value
// (git -c x.y) is true.
func TestGitConfigBoolOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home := t.TempDir()
	git := func(setting string) (string, error) {
		cmd := exec.Command("git", "-c", setting, "config", "--type=bool", "x.y")
		cmd.Dir = home
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1", "LC_ALL=C"}
		out, err := cmd.Output()
		return strings.TrimSpace(string(out)), err
	}
	for _, r := range gitBoolRows {
		out, err := git("x.y=" + r.v)
		on, ok := GitConfigBool(r.v)
		if ok != (err == nil) || ok && on != (out == "true") {
			t.Errorf("%q: GitConfigBool = %v, %v; git config --type=bool printed %q (%v)", r.v, on, ok, out, err)
		}
	}
	if out, err := git("x.y"); err != nil || out != "true" {
		t.Errorf("git -c x.y: git config --type=bool printed %q (%v), want true", out, err)
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
