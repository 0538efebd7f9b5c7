package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMapfileSharedStream: mapfile (and readarray) -u of a descriptor
// that other commands may read too — one exec 3< or exec {fd}< opened,
// or a coprocess's output — fills the array with the lines the stream
// has left, so each element is any of its lines, as read -u gives one.
// Each row runs in real bash with HOME a scratch directory holding a
// canary key, to show the element really is that path; corral must
// deny it.
func TestMapfileSharedStream(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/README.md":             "hi\n",
	})
	rows := []string{
		`exec 3< <(echo ~/.ssh/id_rsa); mapfile -t -u3 a; cat "${a[0]}"`,
		`exec 3< <(echo ~/.ssh/id_rsa); read -r -u3 k; cat "$k"`,
		`exec 3<<<~/.ssh/id_rsa; readarray -t -u 3 a; cat "${a[0]}"`,
		`exec {fd}< <(echo ~/.ssh/id_rsa); mapfile -t -u $fd a; cat "${a[0]}"`,
		`exec {fd}< <(printf '%s\n' x ~/.ssh/id_rsa); mapfile -t -u "$fd" a; cat "${a[1]}"`,
		`exec {fd}< <(printf '%s\n' x ~/.ssh/id_rsa); mapfile -t -u "$fd" a; for f in "${a[@]}"; do cat "$f"; done`,
		`coproc P { echo ~/.ssh/id_rsa; }; mapfile -t -u ${P[0]} a; cat "${a[0]}"`,
		`{ read -r x; mapfile -t a; cat "${a[0]}"; } < <(printf '%s\n' x ~/.ssh/id_rsa)`,
	}
	for _, cmd := range rows {
		if !bashPrintsCanaryKey(t, bash, cmd) {
			t.Errorf("%s: bash did not print the canary key: the row shows no read", cmd)
		}
		if got := Check(cfg, cmd).Decision.String(); got != "deny" {
			t.Errorf("%s: %s, want deny", cmd, got)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`exec 3< <(echo README.md); mapfile -t -u3 a; cat "${a[0]}"`, "allow"},
		{`exec {fd}< <(git ls-files); mapfile -t -u $fd a; wc -l "${a[@]}"`, "allow"},
		{`coproc P { ls; }; mapfile -t -u ${P[0]} a; echo "${a[@]}"`, "allow"},
		{`exec {fd}< <(echo ~/.ssh/id_rsa); mapfile -t -u $fd a; echo "${#a[@]}"`, "allow"},
		{`mapfile -t a < <(echo ~/.ssh/id_rsa); cat "${a[0]}"`, "deny"},
	})
}

// bashPrintsCanaryKey runs cmd in real bash with HOME a scratch
// directory whose ~/.ssh/id_rsa holds a canary, and reports whether the
// canary was printed.
func bashPrintsCanaryKey(t *testing.T, bash, cmd string) bool {
	t.Helper()
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("CANARY-KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(bash, "--norc", "--noprofile", "-c", cmd)
	c.Dir = home
	c.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "LC_ALL=C"}
	out, _ := c.CombinedOutput()
	return strings.Contains(string(out), "CANARY-KEY")
}

// TestNamedFdScope: the stream exec {fd}<… opens is scoped as the
// variable fd is: gone after a subshell or command substitution that
// opened it, kept after a block, a function or a branch that may run,
// and seen by a subshell and by a child shell the variable is exported
// to. Each row runs in real bash: the key is printed exactly when corral
// denies.
func TestNamedFdScope(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}"})
	rows := []struct{ cmd, want string }{
		{`exec {fd}< <(echo ~/.ssh/id_rsa); read -r -u $fd k; cat "$k"`, "deny"},
		{`{ exec {fd}< <(echo ~/.ssh/id_rsa); }; read -r -u $fd k; cat "$k"`, "deny"},
		{`f() { exec {fd}< <(echo ~/.ssh/id_rsa); }; f; read -r -u $fd k; cat "$k"`, "deny"},
		{`if true; then exec {fd}< <(echo ~/.ssh/id_rsa); fi; mapfile -t -u $fd a; cat "${a[0]}"`, "deny"},
		{`exec {fd}< <(echo ~/.ssh/id_rsa); ( read -r -u $fd k; cat "$k" )`, "deny"},
		{`exec {fd}< <(echo ~/.ssh/id_rsa); export fd; bash -c 'read -r -u $fd k; cat "$k"'`, "deny"},
		{`( exec {fd}< <(echo ~/.ssh/id_rsa) ); read -r -u $fd k; cat "$k"`, "allow"},
		{`x=$(exec {fd}< <(echo ~/.ssh/id_rsa)); read -r -u $fd k; cat "$k"`, "allow"},
		{`exec {fd}< <(echo ~/.ssh/id_rsa); exec {fd}<&-; read -r -u $fd k; cat "$k"`, "allow"},
	}
	for _, r := range rows {
		if printed := bashPrintsCanaryKey(t, bash, r.cmd); printed != (r.want == "deny") {
			t.Errorf("%s: bash printed the key: %v; the row wants %s", r.cmd, printed, r.want)
		}
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
		}
	}
}
