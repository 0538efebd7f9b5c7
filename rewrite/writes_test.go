package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestWritesThroughEveryDoor: each program option or operand that names
// an output file goes through the path guards, read as the program's
// manual describes it (issue 12 class 6).
func TestWritesThroughEveryDoor(t *testing.T) {
	t.Parallel()
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"sort -o .env data", Deny},
		{"strace -o .env true", Deny},
		{"strace -f -o .env ls", Deny}, // the wrapper's output file
		{"ltrace --output=.env true", Deny},
		{"history -w .env", Deny},
		{"sort data -o .env", Deny},
		{"sort --output=.env data", Deny},
		{"sort -uo .env data", Deny},
		{"uniq data .env", Deny},
		{"uniq -c data ~/notes.txt", Ask},
		{"split -l 10 data .env", Deny}, // .envaa, .envab, …
		{"csplit -f .env data /x/", Deny},
		{"git diff --output=.env", Deny},
		{"find . -fprint .env", Deny},
		{"find . -name '*.go' -fprintf ~/.bashrc '%p\\n'", Deny},
		{"find / -fls /etc/cron.d/x", Deny},
		{"find . -fprint0 /tmp/list", Allow},
		{"find . -name '*.go' -fprint files.txt", Allow},
		{"find . -name -fprint", Allow}, // -fprint is the pattern here
		{"git log -p --output .git/config", Deny},
		{"git format-patch -o .git/hooks HEAD~1", Deny},
		{"gawk -i inplace '{print}' .env", Deny},
		{"awk -i inplace -v x=1 '{print}' .env", Deny},
		{"gawk --include=inplace '{print}' id.pem", Deny},
		{"ruby -i -pe 'x' .env", Deny},
		{"ruby -i.bak -pe 'x' .env", Deny},
		{"perl -pi -e 's/a/b/' .env", Deny},
		{"patch .env fix.diff", Deny},
		{"patch -o .env a fix.diff", Deny},
		{"gzip .env", Deny},
		{"gzip -r /etc", Deny}, // -r compresses every file under it
		{"gzip --recursive -d /etc/", Deny},
		{"gzip /etc/passwd", Deny},
		{"xz -9 id.pem", Deny},
		{"bzip2 -f server.key", Deny},
		{"gunzip .env.gz", Deny}, // writes .env
		{"git mv a .env", Deny},
		{"git rm .git/description", Ask}, // deleting a protected path asks
		{"ssh-keygen -f .env -N ''", Deny},
		// yq -i and sd edit their files in place (sd -p previews); a
		// diff corral cannot read, applied under -d/--directory, writes
		// there.
		{"yq -i '.a = 1' .env", Deny},
		{"yq --inplace '.a = 1' .git/config", Deny},
		{"sd foo bar .env", Deny},
		{"patch -p0 -d .git/hooks < missing.patch", Deny},
		{"git apply --directory=.git/hooks missing.patch", Deny},
		{"ssh-keygen -t ed25519 -f ~/.ssh/id_x", Deny},
		{"rsync -a src/ .git/", Deny},
		{"rsync -a conf .env", Deny},
		{"tar -xf x.tar -C .git", Deny},
		{"tar xzf x.tgz --directory=.git/hooks", Deny},
		// Creating or changing an archive writes the archive file.
		{"tar -cf ~/.bashrc src", Deny},
		{"tar --create --file=.git/config src", Deny},
		{"tar rf .env x", Deny},
		{"unzip x.zip -d .git", Deny},
		{"unzip -o x.zip -d ~/.ssh", Deny},
		// Look-alikes.
		{"sort -o out.txt data", Allow},
		{"strace -o trace.txt ls", Allow},
		{"strace -c ls", Allow},
		{"history -w hist.txt", Allow},
		{"yq '.a' .env.example", Allow},
		{"yq -i '.a = 1' config.yaml", Allow},
		{"sd -p foo bar .env", Allow},
		{"sort data", Allow},
		{"sort -k 2 .env", Allow}, // reads .env
		{"uniq .env", Allow},
		{"uniq -c data out.txt", Allow},
		{"split -l 10 data part-", Allow},
		{"git diff --stat", Allow},
		{"git diff -- .env", Allow},
		{"gawk '{print}' .env", Allow},
		{"awk -i lib.awk '{print}' .env", Allow},
		{"ruby -e 'puts 1' .env", Allow},
		{"patch -p1 < fix.diff", Allow},
		{"patch --dry-run .env fix.diff", Allow},
		{"gzip -c .env > /tmp/x.gz", Allow},
		{"gzip -l archive.gz", Allow},
		{"gzip -k data.txt", Allow},
		{"gzip -d --force * /etc", Allow}, // a directory without -r: gzip ignores it
		{"bzip2 /usr", Allow},
		{"gzip ./build/", Allow},
		{"git mv a b", Allow},
		{"git rm --cached .env", Allow},
		{"ssh-keygen -l -f ~/.ssh/id_ed25519", Allow},
		{"ssh-keygen -y -f id > id.pub", Allow},
		// -e and -i print the converted key on stdout (ssh-keygen(1)).
		{"ssh-keygen -e -f ~/.ssh/id_rsa.pub", Allow},
		{"ssh-keygen -e -m PEM -f ~/.ssh/id_rsa.pub > pub.txt", Allow},
		{"ssh-keygen -i -m PKCS8 -f pub.pem", Allow},
		{"rsync -a src/ build/", Allow},
		{"rsync -a src/ host:.git/", Allow},
		{"tar -cf x.tar -C .git .", Allow}, // creates an archive of .git
		{"tar czf dist/out.tgz src", Allow},
		{"tar -cf - src", Allow},
		{"tar -xf x.tar -C build", Allow},
		{"unzip -l x.zip", Allow},
		{"unzip x.zip -d vendor", Allow},
		{"echo 'sort -o .env x'", Allow},
	})
}

// TestPrecisionWrites: writes that change no file, and look-alikes of
// secrets (issue 12 class 10).
func TestPrecisionWrites(t *testing.T) {
	t.Parallel()
	cfg := guardedConfig()
	testRuleWith(t, cfg, "bash-write", []ruleCase{
		{"echo x > /dev/stderr", Allow},
		{"echo x > /dev/stdout", Allow},
		{"echo x >/dev/tty", Allow},
		{"echo x > /dev/null", Allow},
		{"echo x > /dev/fd/3", Allow},
		{"echo x | tee /dev/stderr", Allow},
		{"echo x | tee /proc/self/fd/2", Allow},
		{"cmd 2>/dev/null >&2", Allow},
		{": > '{}'", Allow},                            // a file named {} in the project
		{"find . -exec sh -c 'cat a > {}' \\;", Allow}, // find replaces {}
	})
	testRuleWith(t, cfg, "bash-delete", []ruleCase{
		{"rm -f .git/index.lock", Allow},
		{"rm .git/refs/heads/main.lock", Allow},
		{"rm -f .git/description", Ask},
		{"rm -rf .git", Ask},
	})
	for _, tc := range []ruleCase{
		{"$PYTHON -m pip install -r requirements.txt", Allow},
		{"bash -n -c 'rm -rf /'", Allow},
		{"sh -n script.sh", Allow},
		{"bash -n script.sh && bash script.sh", Allow},
		{"bash -c 'rm -rf /'", Deny},
		{"bash -nc 'rm -rf /'", Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestWritesResolveWhatTheyReach: a path is judged as every file it can
// reach: the files a glob matches (in a real scratch project), the target
// of a link made earlier in the same command, the value a command
// substitution has when it prints nothing.
func TestWritesResolveWhatTheyReach(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	for _, d := range []string{".git", "lib"} {
		if err := os.Mkdir(filepath.Join(proj, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".env", ".git/config", "lib/a.go"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}
	testRuleWith(t, cfg, "bash-write", []ruleCase{
		{"echo x | tee .en?", Deny},
		{"echo x > .e*", Deny},
		{"cd .gi? && echo x > config", Deny},
		{"cd .g* && echo x > description", Deny},
		{"ln -s .git g && echo x > g/description", Deny},
		{"ln -s .git g; cd g && echo x > description", Deny},
		{"ln .env e && echo x > e", Deny},
		{"ln -s ../.env lib/e && echo x >> lib/e", Deny},
		{"ln -sf .git/hooks h && cp evil h/pre-push", Deny},
		// cp -s and cp -l make links as ln -s and ln do; a path through
		// several links is followed link by link.
		{"cp -s .env e && echo x >> e", Deny},
		{"cp --link .env e && echo x > e", Deny},
		{"ln -s . l; echo x > l/l/l/.env", Deny},
		// Links program code makes (os.symlink, fs.symlinkSync) before
		// the write; one made after it does not redirect it.
		{`python3 -c 'import os; os.symlink(".env", "e")' && echo x >> e`, Deny},
		{`node -e 'require("fs").symlinkSync(".git", "g")' && echo x > g/config`, Deny},
		{`echo x >> e; python3 -c 'import os; os.symlink("/etc/passwd", "e")'`, Allow},
		{"echo x > .env$(true)", Deny}, // true prints nothing: the target is .env
		{"echo x > .env`true`", Deny},
		{"echo x > \".env${SUFFIX}\"", Ask},
		{"cd \"$(git rev-parse --git-dir)\" && echo x > description", Deny},
		{"cd `git rev-parse --git-dir`; echo x > description", Deny},
		{"cd \"$(git rev-parse --git-path hooks)\" && echo x > pre-push", Deny},
		{"cd \"$(git rev-parse --show-toplevel)\" && echo x > lib/b.go", Allow},
		// Look-alikes.
		{"echo x | tee 'lib/?.go'", Allow}, // quoted: a file named ?.go
		{"echo x > li?/b.go", Allow},
		{"ln -s lib s && echo x > s/b.go", Allow},
		{"cp -r lib copy && echo x > copy/a.go", Allow}, // a copy, not a link
		{"echo x > out-$(date +%s).txt", Allow},
		{"echo x > \"$OUT\"", Allow},
	})
	// A link made after the write does not redirect it.
	for _, f := range Check(cfg, "echo x > g/description && ln -s .git g").Findings {
		if f.Text == "g/description" {
			t.Errorf("the write before ln is judged through the later link: %v", f)
		}
	}
}

// TestSandboxRootWrittenInto checks, against a sandbox root that exists
// as a directory, that writing into it passes (cp and mv put the file
// under it, ln makes a link inside a real directory even with -n) and
// that only deleting or replacing it is denied (rm -r, mv -T, mv of the
// root itself). It then runs the commands that pass with the real
// programs in the scratch project and checks that the root is still a
// directory afterwards, so the model matches what cp, mv and ln do.
func TestSandboxRootWrittenInto(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	sb := filepath.Join(proj, "agent_sandbox")
	if err := os.Mkdir(sb, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"a.txt", "b.txt", "c.txt"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: "/home/u", Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy().WithSelfProtection(nil, sb)}
	pass := []string{"cp a.txt agent_sandbox", "mv b.txt agent_sandbox", "ln -sfn /tmp agent_sandbox", "cp c.txt agent_sandbox/"}
	var cases []ruleCase
	for _, c := range pass {
		cases = append(cases, ruleCase{c, Allow})
	}
	cases = append(cases, ruleCase{"mv -T a.txt agent_sandbox", Deny}, ruleCase{"mv agent_sandbox old", Deny},
		ruleCase{"cp --no-target-directory a.txt agent_sandbox", Deny})
	testRuleWith(t, cfg, "bash-write", cases)
	if d := Check(cfg, "rm -rf agent_sandbox").Decision; d != Deny {
		t.Errorf("rm -rf agent_sandbox = %v, want deny", d)
	}
	for _, c := range pass {
		if _, err := exec.LookPath(strings.Fields(c)[0]); err != nil {
			continue
		}
		cmd := exec.Command("sh", "-c", c)
		cmd.Dir = proj
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
		if fi, err := os.Lstat(sb); err != nil || !fi.IsDir() {
			t.Fatalf("after %q the sandbox root is no longer a directory (%v)", c, err)
		}
	}
	for _, f := range []string{"a.txt", "b.txt", "c.txt", "tmp"} {
		if _, err := os.Lstat(filepath.Join(sb, f)); err != nil {
			t.Errorf("%s was not written into the sandbox root: %v", f, err)
		}
	}
}
