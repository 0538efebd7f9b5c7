package rewrite

import "testing"

// TestRepoPathSubst: a path whose head is the output of a substitution
// the repository on disk or the shell's exported variables decide
// ($(git rev-parse --show-toplevel), --git-path hooks, --git-common-dir,
// $(printenv HOME)) is judged as the path it names, so the project's
// .env, a key under ~/.ssh and .git/hooks are seen; ordinary files
// behind the same heads pass (syntax.TestGitSubstOracle holds the
// outputs to real git).
func TestRepoPathSubst(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/hooks/pre-commit.sample": "#!/bin/sh\n",
		"proj/.git/HEAD":                    "ref: refs/heads/main\n",
		"proj/.env":                         "KEY=x\n",
		"proj/README.md":                    "hi\n",
		"proj/e.sh":                         "echo hi\n",
		"proj/sub/":                         "",
		"home/.ssh/id_rsa":                  "k\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cat "$(git rev-parse --show-toplevel)/.env"`, "deny"},
		{`grep KEY "$(git rev-parse --show-toplevel)"/.env`, "deny"},
		{`cd sub && cat "$(git rev-parse --show-toplevel)/.env"`, "deny"},
		{`cat "$(dirname "$(git rev-parse --git-dir)")/.env"`, "deny"},
		{`cat "$(printenv HOME)/.ssh/id_rsa"`, "deny"},
		{`export K=$HOME/.ssh; cat "$(printenv K)/id_rsa"`, "deny"},
		{`cat "$(getent passwd root | cut -d: -f6)/.ssh/id_rsa"`, "deny"},
		{`ls "$(getent passwd root | cut -d: -f6)"`, "allow"},
		{`cp e.sh "$(git rev-parse --git-path hooks)/pre-commit"`, "deny"},
		{`cp e.sh "$(git rev-parse --git-path hooks/pre-commit)"`, "deny"},
		{`cat e.sh > "$(git rev-parse --git-path hooks)/pre-push"`, "deny"},
		{`install -m755 e.sh "$(git rev-parse --git-common-dir)/hooks/pre-commit"`, "deny"},
		{`cd sub && cp ../e.sh "$(git rev-parse --git-common-dir)/hooks/pre-commit"`, "deny"},
		{`cp e.sh "$(git rev-parse --path-format=absolute --git-path hooks)/pre-commit"`, "deny"},
		{`cd sub && cp ../e.sh "$(git rev-parse --path-format=relative --git-common-dir)/hooks/pre-commit"`, "deny"},
		// Look-alikes.
		{`cat "$(git rev-parse --show-toplevel)/README.md"`, "allow"},
		{`cat "$(git rev-parse --git-path hooks)/pre-commit.sample"`, "allow"},
		{`cat "$(git rev-parse --git-dir)/HEAD"`, "allow"},
		{`rm -rf "$(git rev-parse --show-toplevel)/build"`, "allow"},
		{`cd "$(git rev-parse --show-toplevel)" && ls`, "allow"},
		{`echo "$(printenv HOME)"`, "allow"},
		{`ls "$(printenv HOME)/.cache"`, "allow"},
		// Not computed: a variable the script did not export may come
		// from the environment, as today (a run-time read).
		{`x=/etc; cat "$(printenv x)/hostname"`, "allow"},
	})
}
