package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompilerDiagnosticsSecrets: a C compiler and ruby's syntax check
// quote the lines of a file they cannot parse, so a secret given to them
// is printed (red team 7, class G). gcc/cc/clang's -c, -S and -E take no
// value and -xc is -x c: the secret after them is an input, not an
// option's value; ruby -c/-wc/-y/--dump read the script and quote its
// bad lines. Each row runs the real program (when installed) on a canary
// secret and must print it; corral then judges the same row.
func TestCompilerDiagnosticsSecrets(t *testing.T) {
	t.Parallel()
	const secret = "S3cretPass"
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"home/.aws/credentials":      "aws_secret_access_key = " + secret + "/Zq+7@k\n",
		"proj/.env":                  "DATABASE_URL=postgres://admin:" + secret + "@db.example.com/app\n",
		"proj/main.c":                "int main(void) { return 0; }\n",
		"proj/app.rb":                "puts 1\n",
	})
	rows := []struct {
		cmd, want string
	}{
		{`gcc -x c -c .env -o /dev/null`, "ask"},
		{`gcc -x c -o /dev/null -c .env`, "ask"},
		{`cc -fsyntax-only -xc .env`, "ask"},
		{`cc -c -xc .env -o /dev/null`, "ask"},
		{`gcc -S -x c .env -o /dev/null`, "ask"},
		{`gcc -x c -c ~/.aws/credentials -o /dev/null`, "ask"},
		{`clang -c -xc .env -o /dev/null`, "ask"},
		{`ruby -c .env`, "ask"},
		{`ruby -wc .env`, "ask"},
		{`ruby -c ~/.aws/credentials`, "ask"},
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	for rel, content := range map[string]string{
		".env":                  "DATABASE_URL=postgres://admin:" + secret + "@db.example.com/app\n",
		"home/.aws/credentials": "aws_secret_access_key = " + secret + "/Zq+7@k\n",
	} {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range rows {
		prog := strings.Fields(r.cmd)[0]
		if _, err := exec.LookPath(prog); err == nil {
			c := exec.Command("bash", "-c", r.cmd)
			c.Dir = dir
			c.Env = append(os.Environ(), "HOME="+home)
			out, _ := c.CombinedOutput()
			if !strings.Contains(string(out), secret) {
				t.Errorf("%s: %s did not print the secret: the row shows no leak (%s)", r.cmd, prog, out)
			}
		}
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
		}
	}
	// Look-alikes: compiling and checking the project's own sources.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`gcc -c main.c -o main.o`, "allow"},
		{`cc -S -xc main.c -o main.s`, "allow"},
		{`gcc -x c -c main.c`, "allow"},
		{`ruby -c app.rb`, "allow"},
		{`ruby -wc app.rb`, "allow"},
	})
}
