package syntax

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTmuxSpecsOracle checks the option letters of the tmux commands
// that run a shell command (tmuxShellCommands) and of those that hold
// other commands, formats or typed text (tmuxCommandOpts) against the installed
// tmux's own usage lines (tmux list-commands, which needs no server):
// every option the usage shows with a value takes one here, and no
// option the usage shows alone does. Letters tmux reads but does not
// show (split-window -p) or that a newer tmux added (run-shell -c) may
// be extra.
func TestTmuxSpecsOracle(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed")
	}
	out, err := exec.Command(bin, "-S", filepath.Join(t.TempDir(), "s"), "-f", "/dev/null", "list-commands").Output()
	if err != nil {
		t.Skipf("tmux list-commands: %v", err)
	}
	extra := map[string]string{"split-window": "p", "run-shell": "c", "send-keys": "c", "confirm-before": "c",
		"source-file": "t", "display-menu": "bCHsS"}
	specs := map[string]string{}
	for name, spec := range tmuxShellCommands.Get() {
		specs[name] = spec
	}
	for name, spec := range tmuxCommandOpts.Get() {
		specs[name] = spec
	}
	flags := regexp.MustCompile(`\[-([A-Za-z0-9]+)\]`)
	valued := regexp.MustCompile(`\[-([A-Za-z]) [a-z-]+\]`)
	seen := 0
	for _, line := range strings.Split(string(out), "\n") {
		name, _, _ := strings.Cut(line, " ")
		spec, ok := specs[name]
		if !ok {
			continue
		}
		seen++
		want := ""
		for _, m := range valued.FindAllStringSubmatch(line, -1) {
			want += m[1]
			if !strings.Contains(spec, m[1]) {
				t.Errorf("%s: -%s takes a value (%q), not in %q", name, m[1], line, spec)
			}
		}
		for _, m := range flags.FindAllStringSubmatch(line, -1) {
			for _, f := range m[1] {
				// split-window's usage lists -e among the letters alone
				// and with its value: the value wins (tmux's getopt string).
				if strings.ContainsRune(spec, f) && !strings.ContainsRune(want, f) {
					t.Errorf("%s: -%c takes no value (%q), but %q has it", name, f, line, spec)
				}
			}
		}
		for _, f := range spec {
			if !strings.ContainsRune(want, f) && !strings.ContainsRune(extra[name], f) {
				t.Errorf("%s: %q has -%c, which the usage %q does not show with a value", name, spec, f, line)
			}
		}
	}
	if seen < 7+len(tmuxCommandOpts.Get()) {
		t.Errorf("only %d of the commands found in tmux list-commands:\n%s", seen, out)
	}
}
