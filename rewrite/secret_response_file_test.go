package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestResponseFileSecrets: GCC, the GNU binutils and the JDK's launchers
// read a word @FILE as FILE's words and name each they cannot use in an
// error; git's --pathspec-from-file quotes the first line that matches
// nothing (red team 9, class P). Each row runs the real program (when
// installed, HOME a temporary directory, inside a throw-away repository)
// on a canary secret and must print it; corral then judges the row. A
// response file or pathspec list that is no secret passes, and so do
// @ words of programs that do not expand them.
func TestResponseFileSecrets(t *testing.T) {
	t.Parallel()
	const secret = "S3cretPass"
	files := map[string]string{
		".env":                  "API_KEY=sk-live-" + secret + "\n",
		"home/.aws/credentials": "[default]\naws_secret_access_key=" + secret + "\n",
	}
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"home/.aws/credentials":      files["home/.aws/credentials"],
		"proj/.env":                  files[".env"],
	})
	rows := []string{
		`gcc @.env`,
		`cc @.env -x c /dev/null`,
		`g++ @.env`,
		`gcc @"$HOME/.aws/credentials"`,
		`nm @.env`,
		`objdump -d @.env`,
		`ld @.env`,
		`as @.env`,
		`strip @.env`,
		`readelf -a @.env`,
		`size @.env`,
		`c++filt @.env`,
		`javac @.env`,
		`java @.env`,
		`git add --pathspec-from-file=.env`,
		`git add --pathspec-from-file .env`,
		`git rm --pathspec-from-file=.env`,
		`git commit -m x --pathspec-from-file=.env`,
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	for rel, content := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, gitErr := exec.LookPath("git")
	if gitErr == nil {
		if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v %s", err, out)
		}
	}
	for _, cmd := range rows {
		prog := strings.Fields(cmd)[0]
		if _, err := exec.LookPath(prog); err == nil {
			c := exec.Command("bash", "-c", cmd)
			c.Dir = dir
			c.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
				"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
			out, _ := c.CombinedOutput()
			if !strings.Contains(string(out), secret) {
				t.Errorf("%s: %s did not print the secret: the row shows no leak (%s)", cmd, prog, out)
			}
		}
		if got := Check(cfg, cmd).Decision.String(); got != "deny" {
			t.Errorf("%s: %s, want deny", cmd, got)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`x86_64-linux-gnu-gcc-12 @.env`, "deny"},
		// git quotes only the first line that matches nothing ("[default]"
		// here), but which line that is depends on the file: a read.
		{`git add --pathspec-from-file="$HOME/.aws/credentials"`, "deny"},
		{`f=.env; objdump -d @$f`, "deny"},
		{`git -C . stash push --pathspec-from-file=.env`, "deny"},
		// Look-alikes: response files and pathspec lists of the project.
		{`gcc @build/compile_flags.rsp main.c`, "allow"},
		{`javac @sources.txt`, "allow"},
		{`git add --pathspec-from-file=changed.txt`, "allow"},
		{`git add --pathspec-from-file=- < changed.txt`, "allow"},
		{`gcc -o app main.c @.env.example`, "allow"},
		{`echo @.env`, "allow"},
		{`npm install @types/node`, "allow"},
		{`git add -- --pathspec-from-file=.env`, "allow"},
	})
}
