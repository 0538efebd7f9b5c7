package rewrite

import (
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuiltinCodeWords: bash's builtins that run a word as code — eval,
// trap's action, source of a descriptor fed by a here-string — with the
// spellings red team 7 used: "--" before the word (bash's eval and source
// take no options and skip it, read and trap end their options there),
// a trap or here-string whose text is only known at run time, and one a
// substitution decodes (base64 -d of a here-string is computed, sv1:
// the decoded text is judged, so those deny). Each row runs in real bash with a payload that
// touches a canary (proving bash runs the text), then corral judges the
// same row with a destructive payload.
func TestBuiltinCodeWords(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}"})
	rows := []struct {
		cmd  string // PAYLOAD stands for the code; B64 for its base64
		want string
	}{
		{`eval -- "PAYLOAD"`, "deny"},
		{`eval -- "$(base64 -d <<< B64)"`, "deny"},
		{`x=$(base64 -d <<< B64); eval -- "$x"`, "deny"},
		{`command eval -- "$(base64 -d <<< B64)"`, "deny"},
		{`trap "$(base64 -d <<< B64)" EXIT`, "deny"},
		{`x=$(base64 -d <<< B64); trap -- "$x" EXIT`, "deny"},
		{`x=$(base64 -d <<< B64); trap "$x" EXIT`, "deny"},
		{`source /dev/stdin <<< "$(base64 -d <<< B64)"`, "deny"},
		{`x=$(base64 -d <<< B64); source /dev/stdin <<< "$x"`, "deny"},
		{`x=$(base64 -d <<< B64); . /dev/fd/3 3<<< "$x"`, "deny"},
		{`source -- /dev/stdin <<< "PAYLOAD"`, "deny"},
		{"x=$(base64 -d <<< B64); . /dev/stdin <<EOF\n$x\nEOF", "deny"},
		{`read -r -- x <<< 'a[$(PAYLOAD)]'; (( x ))`, "deny"},
	}
	for _, r := range rows {
		dir := t.TempDir()
		canary := filepath.Join(dir, "ran")
		run := strings.NewReplacer("PAYLOAD", "touch "+canary, "B64", b64("touch "+canary)).Replace(r.cmd)
		c := exec.Command("bash", "-c", run+"\ntrue")
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Errorf("%s: bash: %v %s", run, err, out)
		}
		if _, err := os.Stat(canary); err != nil {
			t.Errorf("%s: bash did not run the text (no canary): the row does not show a bypass", run)
		}
		cmd := strings.NewReplacer("PAYLOAD", "rm -rf ~", "B64", b64("rm -rf ~")).Replace(r.cmd)
		if got := Check(cfg, cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", cmd, got, r.want)
		}
	}
	// Look-alikes: a static trap, a reset, the usual set-ups.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`trap 'rm -f "$tmp"' EXIT`, "allow"},
		{`trap - EXIT`, "allow"},
		{`trap "" INT`, "allow"},
		{`trap -- 'echo done' EXIT`, "allow"},
		{`eval "$(ssh-agent -s)"`, "allow"},
		{`eval -- "$(pyenv init -)"`, "allow"},
		{`source /dev/stdin <<< "export A=1"`, "allow"},
		{`read -r -- v <<< "1.2"; echo "$v"`, "allow"},
	})
}

// b64 is base64 of s, as base64 -d reads it back.
func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
