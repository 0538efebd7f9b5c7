package rewrite

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGrepLeavesSecretsOut: a recursive grep of a tree that holds secret
// files by name is rewritten to leave them out (--exclude=NAME for each
// name on disk), and the rewritten command, run by the real bash and
// grep in the project, prints the other files' lines and none of the
// secrets'. An anchored secret under the tree (~/.ssh under ~), a secret
// named as the operand, or text corral cannot edit is still denied;
// a tree with no secret, or a search that only includes other names,
// passes as it is.
func TestGrepLeavesSecretsOut(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env": "TOKEN=TODO-secret\n", "proj/conf/server.key": "TODO-key\n", "proj/notes.txt": "TODO: write docs\n",
		"proj/src/a.go": "// TODO: a\n", "home/.ssh/id_rsa": "TODO-private\n",
	})
	for _, tc := range []struct{ cmd, want, rewritten string }{
		{"grep -rn TODO .", "rewrite", "grep --exclude=.env --exclude=server.key -rn TODO ."},
		{"grep -rl TODO", "rewrite", "grep --exclude=.env --exclude=server.key -rl TODO"},
		{"grep -rc TODO conf", "rewrite", "grep --exclude=server.key -rc TODO conf"},
		{"grep -R -e TODO -- .", "rewrite", "grep --exclude=.env --exclude=server.key -R -e TODO -- ."},
		{"grep -rn TODO src", "allow", ""},
		{"grep -rn --include='*.go' TODO .", "allow", ""},
		{"grep -rn --exclude=.env --exclude=server.key TODO .", "allow", ""},
		{"grep -rn TODO .env", "deny", ""},
		{"grep -rn TODO ~", "deny", ""},
		{"grep -rn TODO . ~/.ssh", "deny", ""},
	} {
		r := Check(cfg, tc.cmd)
		if got := r.Decision.String(); got != tc.want {
			t.Errorf("%s: %s, want %s (%v)", tc.cmd, got, tc.want, r.Findings)
			continue
		}
		if tc.rewritten != "" && r.Rewritten != tc.rewritten {
			t.Errorf("%s: rewritten to %q, want %q", tc.cmd, r.Rewritten, tc.rewritten)
		}
	}
	if _, err := exec.LookPath("grep"); err != nil {
		t.Skip("grep is not installed")
	}
	r := Check(cfg, "grep -rn TODO .")
	cmd := exec.Command("bash", "-c", r.Rewritten)
	cmd.Dir = cfg.Project
	out, _ := cmd.Output()
	got := string(out)
	if !strings.Contains(got, "notes.txt") || !strings.Contains(got, filepath.Join("src", "a.go")) {
		t.Errorf("the rewritten grep lost the project's own matches: %q", got)
	}
	if strings.Contains(got, "secret") || strings.Contains(got, "TODO-key") {
		t.Errorf("the rewritten grep printed a secret's line: %q", got)
	}
}
