package rewrite

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestListingCutAsks: an archive or a git comparison whose listing
// corral's bounds cut short (more than 10,000 members or files, 4 MiB of
// names, 3 s) has members past the cut that are unknown: extracting it
// or checking it out asks, where before the members seen were judged and
// the rest dropped (red team 16 AX1: 10,050 members, the last
// .git/hooks/pre-commit or .claude/settings.json). Small archives and
// branches are judged by their members as before; listing, and
// extracting into the sandbox, pass.
func TestListingCutAsks(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/": ""})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	proj := cfg.Project
	many := make([]string, 0, 10051)
	for i := 0; i < 10050; i++ {
		many = append(many, fmt.Sprintf("d/%05d", i))
	}
	writeTar(t, proj+"/many.tar", false, append(many, ".git/hooks/pre-commit")...)
	writeTar(t, proj+"/many.tgz", true, append(many, ".git/hooks/pre-commit")...)
	writeTar(t, proj+"/manyok.tar", false, many...)
	writeZip(t, proj+"/many.zip", append(many, ".claude/settings.json")...)
	writeTar(t, proj+"/hook.tar", false, ".git/hooks/pre-commit")
	writeTar(t, proj+"/small.tgz", true, "pkg/a.txt", "pkg/b.txt")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"tar xf many.tar", "ask"},
		{"tar xzf many.tgz", "ask"},
		{"tar xf manyok.tar", "ask"}, // the members past the cut are unknown, whatever they are
		{"unzip -q many.zip", "ask"},
		{"tar xf hook.tar", "deny"},
		// Look-alikes.
		{"tar xzf small.tgz", "allow"},
		{"tar tf many.tar", "allow"},
		{"unzip -l many.zip", "allow"},
		{"tar xf many.tar -C agent_sandbox/x", "allow"},
	})
	if _, err := exec.LookPath("git"); err != nil {
		t.Logf("git not installed: the git rows not run")
		return
	}
	git := func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b",
			"HOME="+filepath.Dir(proj), "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("", "init", "-q", "-b", "main")
	git("", "add", "README")
	git("", "commit", "-qm", "base")
	blob := git("", "hash-object", "-w", "--stdin")
	hooks := git(`{"hooks":{}}`, "hash-object", "-w", "--stdin")
	var idx strings.Builder
	for _, n := range many {
		fmt.Fprintf(&idx, "100644 %s\t%s\n", blob, n)
	}
	git(idx.String(), "update-index", "--add", "--index-info")
	git("", "update-index", "--add", "--cacheinfo", "100644,"+hooks+",.claude/settings.json")
	git("", "commit", "-qm", "many")
	git("", "branch", "evil")
	git("", "reset", "-q", "--hard", "HEAD~1")
	git("", "checkout", "-q", "-b", "good")
	git("hi\n", "hash-object", "-w", "--stdin")
	git("", "update-index", "--add", "--cacheinfo", "100644,"+blob+",notes.txt")
	git("", "commit", "-qm", "notes")
	git("", "checkout", "-q", "-f", "main")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git checkout evil", "ask"},
		{"git merge evil", "ask"},
		// Look-alikes.
		{"git checkout good", "allow"},
		{"git merge good", "allow"},
		{"git log evil", "allow"},
		{"git diff --stat evil", "allow"},
	})
}
