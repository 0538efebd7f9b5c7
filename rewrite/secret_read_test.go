package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestSecretReadResolvesOperands: a reader's operand is judged as every
// path it can name — the files a glob matches in a real scratch project
// (bash's rules: * skips a leading dot), the patterns themselves, each
// word of a brace expansion, and a command substitution whose output its
// text shows. A substitution only known at run time is not judged.
func TestSecretReadResolvesOperands(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	for _, d := range []string{"certs", "lib"} {
		if err := os.Mkdir(filepath.Join(proj, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".env", "certs/server.pem", "certs/README", "lib/a.go", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		// On disk: certs/* holds server.pem, which no pattern names.
		{"cat certs/*", Deny},
		{"cd certs && head *", Deny},
		{"tail c?rts/[s]*", Deny},
		{"cat .??*", Deny},
		// From the patterns alone.
		{"cat .en?", Deny},
		{"cat {notes.txt,.env}", Deny},
		{"less $(echo .env)", Deny},
		{"cat `echo certs/server.pem`", Deny},
		{"cat < .e*", Deny},
		// Look-alikes.
		{"cat *", Allow}, // .env is hidden from *
		{"cat lib/*", Allow},
		{"cat certs/R*", Allow},
		{"cat $(ls lib/*.go)", Allow},
		{"cat \"$f\"", Allow},
		{"cat '.en?'", Allow},
	})
	// Without looking at disk only the patterns count.
	nodisk := *cfg
	nodisk.NoGlobMatches = true
	testRuleWith(t, &nodisk, "secret-read", []ruleCase{
		{"cat certs/*", Allow},
		{"cat .en?", Deny},
	})
}

// TestGitSecretRead: git prints a secret out of the object store (REV:PATH,
// :PATH, cat-file), as the changes to it (diff, log -p, show REV -- PATH),
// as its lines (blame, grep) or inside an archive; options read with git's
// own value-taking options, so a value is never taken for a path.
func TestGitSecretRead(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	cfg.NoGlobMatches = true
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{"git show HEAD:.env", Deny},
		{"git show HEAD~3:config/.env.production", Deny},
		{"git show :.env", Deny},
		{"git show :2:.env", Deny},
		{"git show HEAD:./.env", Deny},
		{"git show HEAD -- .env", Deny},
		{"git show --stat HEAD:.env", Deny}, // a blob is printed whatever --stat says
		{"git cat-file -p HEAD:.env", Deny},
		{"git cat-file blob v1.2:certs/site.key", Deny},
		{"git cat-file --textconv HEAD:.env", Deny},
		{"git cat-file --filters --path=.env 1a2b3c", Deny},
		{"git archive HEAD .env", Deny},
		{"git archive --output=x.zip --prefix=p/ HEAD id_rsa", Deny},
		{"git diff HEAD -- .env", Deny},
		{"git diff .env", Deny},
		{"git diff HEAD:.env HEAD~1:.env", Deny},
		{"git diff -- '.env*'", Deny},
		{"git diff -- ':(top).env'", Deny},
		{"git log -p -- .env", Deny},
		{"git log --patch --follow .env", Deny},
		{"git log -L 1,5:.env", Deny},
		{"git whatchanged -p .env", Deny},
		{"git blame .env", Deny},
		{"git grep -e KEY -- .env", Deny},
		{"git -C ../api --no-pager show main:.env", Deny},
		// Look-alikes.
		{"git show HEAD", Allow},
		{"git show HEAD:README.md", Allow},
		{"git show HEAD:.env.example", Allow},
		{"git show ':/fix .env loading'", Allow},
		{"git cat-file -t HEAD:.env", Allow},
		{"git cat-file -e HEAD:.env", Allow},
		{"git archive HEAD", Allow},
		{"git archive HEAD src", Allow},
		{"git diff --stat -- .env", Allow},
		{"git diff --name-only HEAD -- .env", Allow},
		{"git diff -- ':!.env'", Allow},
		{"git diff -- ':(exclude).env'", Allow},
		{"git log -- .env", Allow},
		{"git log --oneline --author .env", Allow},
		{"git log -p -S .env", Allow},
		{"git grep .env", Allow},
		{"git grep -n TOKEN -- src", Allow},
		{"git status .env", Allow},
		{"git add .env.example", Allow},
	})
}
