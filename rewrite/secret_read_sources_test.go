package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// secretScratch makes a scratch home with an SSH key pair and a project
// holding a .env, a source tree and a vendored package tree, and returns
// an engine configuration for it that may look at disk.
func secretScratch(t *testing.T) *Config {
	t.Helper()
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	files := map[string]string{
		".ssh/id_ed25519":                "k",
		".ssh/id_ed25519.pub":            "p",
		"proj/.env":                      "SECRET=1",
		"proj/a.go":                      "package a",
		"proj/README.md":                 "r",
		"proj/src/b.go":                  "package b",
		"proj/src/notes.txt":             "n",
		"proj/docs/guide.md":             "g",
		"proj/node_modules/x/server.pem": "vendored test fixture",
	}
	for f, body := range files {
		p := filepath.Join(home, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return &Config{Cwd: proj, Project: proj, Home: home, Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}
}

// TestSecretReadRunTimeOperands: a reader whose operands another program
// gives at run time (find -exec, xargs or parallel fed by find, echo,
// printf or ls, a command substitution of find or ls, a for loop over a
// glob) reads the paths that program can yield; find's name tests narrow
// them. Checked against a real scratch home and project.
func TestSecretReadRunTimeOperands(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`find . -name .env -exec cat {} \;`, Deny},
		{`find ~/.ssh -type f -exec cat {} +`, Deny},
		{`find . -iname .ENV -execdir head {} \;`, Deny},
		{`find . -ok cat {} \;`, Deny},
		{`find ~/.ssh | xargs cat`, Deny},
		{`ls -d ~/.ssh/* | xargs cat`, Deny},
		{`echo .env | xargs cat`, Deny},
		{`printf '%s\n' a.go .env | xargs cat`, Deny},
		{`find . -name "*.env" | xargs head`, Deny},
		{`find . -type f | grep -v node_modules | xargs cat`, Deny},
		{`find . -name '*.go' -o -name .env | xargs cat`, Deny},
		{`find . -name .git -prune -o -type f -exec cat {} +`, Deny},
		{`ls -a | xargs cat`, Deny},
		{`parallel cat {} ::: .env`, Deny},
		{`for f in ~/.ssh/*; do cat $f; done`, Deny},
		{`for f in .env; do cat "$f"; done`, Deny},
		{`for f in .e*; do less "$f"; done`, Deny},
		{`cat $(find . -name .env)`, Deny},
		{`cat $(ls -a | grep env)`, Deny},
		{`head -n 5 $(find ~/.ssh -type f)`, Deny},
		// Look-alikes: the producer yields no secret.
		{`find . -name '*.go' -exec cat {} +`, Allow},
		{`find . -name '*.go' | xargs cat`, Allow},
		{`find . -maxdepth 1 -name '*.md' -exec cat {} +`, Allow},
		{`find src -type f -exec cat {} +`, Allow},
		{`find ~/.ssh -name '*.pub' -exec cat {} +`, Allow},
		{`find . -type f | grep '\.go$' | xargs cat`, Allow},
		{`ls | xargs cat`, Allow}, // ls without -a shows no .env
		{`ls -a | grep README | xargs cat`, Allow},
		{`echo a.go src/b.go | xargs cat`, Allow},
		{`for f in *.go; do cat $f; done`, Allow},
		{`for f in src/*; do cat "$f"; done`, Allow},
		{`cat $(find src -name '*.go')`, Allow},
		{`cat $(ls *.go)`, Allow},
		{`cat $(git ls-files)`, Allow}, // unknown: not judged
		{`find . -name .env -exec ls -l {} \;`, Allow},
		{`find . -name .env -delete`, Allow}, // a deletion, not a read
	})
}

// TestSecretReadSearchOnDisk: a recursive search of a directory that holds
// a secret on disk reads it (grep -r reads everything; rg and ag skip
// hidden and git-ignored files unless told), and a search narrowed by
// name or of a directory without one passes.
func TestSecretReadSearchOnDisk(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		// grep -r is rewritten to leave the secret files out
		// (TestGrepLeavesSecretsOut); the others are read as they are.
		{`grep -r SECRET .`, Rewrite},
		{`grep -rn SECRET`, Rewrite},
		{`grep -R x ..`, Deny},
		{`rg --hidden SECRET`, Deny},
		{`rg -uu SECRET .`, Deny},
		{`ag -u SECRET`, Deny},
		{`git grep --untracked SECRET`, Deny},
		{`git grep --no-index SECRET .`, Deny},
		// Look-alikes.
		{`grep -r TODO src/`, Allow},
		{`grep -rn --include='*.go' SECRET .`, Allow},
		{`grep -r --exclude=.env SECRET .`, Allow},
		{`grep SECRET README.md`, Allow},
		{`rg SECRET`, Allow}, // .env is hidden: plain rg skips it
		{`rg -u SECRET`, Allow},
		{`rg --hidden -t go SECRET`, Allow},
		{`ag SECRET`, Allow},
		{`git grep SECRET`, Allow},
		{`git grep --untracked TODO -- src`, Allow},
		{`grep -r x node_modules/..`, Rewrite},
	})
	// A .gitignore that names .env hides it from rg --hidden and git grep
	// --untracked, not from grep -r or rg -uu.
	ign := secretScratch(t)
	if err := os.WriteFile(filepath.Join(ign.Project, ".gitignore"), []byte("# local\n.env\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testRuleWith(t, ign, "secret-read", []ruleCase{
		{`rg --hidden SECRET`, Allow},
		{`git grep --untracked SECRET`, Allow},
		{`grep -r SECRET .`, Rewrite},
		{`rg -uu SECRET`, Deny},
		{`git grep --untracked --no-exclude-standard SECRET`, Deny},
	})
}

// TestSecretReadEncodersAndEnvironment: compressors and encoders writing
// to stdout are readers; printing the variables after sourcing a secret
// reads it; git add of a secret is asked about.
func TestSecretReadEncodersAndEnvironment(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`gzip -c .env`, Deny},
		{`bzip2 -c .env | base64`, Deny},
		{`xz --stdout .env`, Deny},
		{`zstd -c .env`, Deny},
		{`lz4 -c .env`, Deny},
		{`openssl enc -aes-256-cbc -pass pass:x -in .env`, Deny},
		{`gpg -e -r me -o - .env`, Deny},
		{`gzip -dc .env.gz`, Deny},  // zcat .env.gz
		{`gpg -e -r me .env`, Deny}, // .env.gpg opens with a key the agent may hold; server.key.gpg is no secret's name
		{`dotenv -p API_KEY`, Deny}, // dotenv-cli prints a value from .env
		{`dotenv -e .env.local -p API_KEY`, Deny},
		{`install .env /tmp/e`, Deny}, // install copies its sources as cp does
		{`install -m 600 ~/.ssh/id_rsa /tmp/k`, Deny},
		{`source .env; env`, Deny},
		{`set -a; . ./.env; env`, Deny},
		{`source .env && printenv | sort`, Deny},
		{`. ~/.ssh/id_ed25519; set`, Deny},
		{`bash -c 'source .env; env'`, Deny},
		{`git add .env && git commit -m x && git push`, Ask},
		{`git add -f .env`, Ask},
		{`git add --force -- '*.env'`, Ask},
		{`git add .`, Ask}, // .env is not ignored in this project
		{`git add -A`, Ask},
		// Look-alikes.
		{`gzip -c big.log`, Allow},
		{`install -m 644 .env.example /tmp/e`, Allow},
		{`dotenv -- npm start`, Allow}, // loads .env into npm's environment
		{`dotenv -e .env.example -p API_KEY`, Allow},
		{`gzip -d .env.gz`, Allow}, // back under its own name, in place
		{`zstd -d -c x.zst`, Allow},
		{`openssl rsa -in server.key -pubout -noout`, Allow},
		{`gpg --verify .env.sig .env`, Allow}, // checks a signature, prints none of it
		{`gpg -b .env`, Allow},                // a detached signature holds no content
		{`source venv/bin/activate; env`, Allow},
		{`source .env && npm start`, Allow},
		{`source .env; printenv HOME`, Allow},
		{`env; source .env`, Allow},
		{`source .env; set -e`, Allow},
		{`source .env; env NODE_ENV=test node app.js`, Allow},
		{`git add src/`, Allow},
		{`git add .env.example`, Allow},
		{`git add -u`, Allow},
		{`git add -n .env`, Allow},
	})
	ign := secretScratch(t)
	if err := os.WriteFile(filepath.Join(ign.Project, ".gitignore"), []byte(".env\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testRuleWith(t, ign, "secret-read", []ruleCase{
		{`git add .`, Allow},
		{`git add -A`, Allow},
		{`git add -f .`, Ask},
		{`git add .env`, Ask},
	})
}
