package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRunTimeName runs the destination text corral writes for a source
// only known at run time, in bash, to check it names what the clone
// command would have.
func TestRunTimeName(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	cfg := testConfig()
	for _, tc := range []struct{ cmd, vars, want string }{
		{`gh repo clone "acme/$r"`, "r=widget", cfg.Sandbox + "/widget"},
		{`hg clone "$src"`, "src=https://hg.example.com/repo/", cfg.Sandbox + "/repo"},
		{`svn co "$U/trunk"`, "U=https://svn.example.com/p", cfg.Sandbox + "/trunk"},
		{`gh repo clone $r`, "r=https://github.com/acme/widget.git", cfg.Sandbox + "/widget"},
	} {
		r := Check(cfg, tc.cmd)
		if r.Decision != Rewrite {
			t.Errorf("%s: %s, want rewrite", tc.cmd, r.Decision)
			continue
		}
		// The destination is the last word of the rewritten command.
		dest := r.Rewritten[strings.LastIndex(r.Rewritten, " "+"/")+1:]
		out, err := exec.Command(bash, "-c", tc.vars+"; printf %s "+dest).Output()
		if err != nil || string(out) != tc.want {
			t.Errorf("%s: destination %s evaluates to %q (%v), want %q", tc.cmd, dest, out, err, tc.want)
		}
	}
	if r := Check(cfg, `gh repo clone "$(cat repo.txt)"`); r.Decision != Ask {
		t.Errorf("a command substitution as the source: %s, want ask", r.Decision)
	}
}

func TestGhRepoCloneOperands(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	sb := cfg.Sandbox
	for cmd, want := range map[string]string{
		"gh repo clone acme/widget":                          "gh repo clone acme/widget " + sb + "/widget",
		"gh repo clone acme/widget -- --depth 1 src":         "gh repo clone acme/widget " + sb + "/widget -- --depth 1 src",
		"gh repo clone acme/widget src -- -b dev":            "gh repo clone acme/widget " + sb + "/src -- -b dev",
		"gh repo clone -u up acme/widget":                    "gh repo clone -u up acme/widget " + sb + "/widget",
		"gh repo clone https://github.com/acme/widget.git .": "gh repo clone https://github.com/acme/widget.git " + sb + "/widget",
	} {
		r := Check(cfg, cmd)
		if r.Decision != Rewrite || r.Rewritten != want {
			t.Errorf("%s: %s %q, want %q", cmd, r.Decision, r.Rewritten, want)
		}
	}
}
