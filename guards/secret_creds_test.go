package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCredentialFilesByName: files that are credentials by name are
// secrets at any depth (a copy of ~/.git-credentials in a project too),
// tools' logins under ~ are, and ordinary files with near names are not.
func TestCredentialFilesByName(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u", Sandbox: "/p/agent_sandbox"}
	s := DefaultSecrets()
	for path, want := range map[string]string{
		"id_rsa.ppk":                 "*.ppk",
		"keys/deploy.ppk":            "*.ppk",
		"secring.gpg":                "secring.gpg",
		"backup/secring.skr":         "secring.skr",
		".git-credentials":           ".git-credentials",
		"/p/ci/.netrc":               ".netrc",
		".pgpass":                    ".pgpass",
		".vault-token":               ".vault-token",
		".s3cfg":                     ".s3cfg",
		".boto":                      ".boto",
		".authinfo":                  ".authinfo",
		".authinfo.gpg":              ".authinfo.gpg",
		".aws/credentials":           ".aws/credentials",
		"/p/deploy/.aws/credentials": ".aws/credentials",
		".cargo/credentials.toml":    ".cargo/credentials.toml",
		".cargo/credentials":         ".cargo/credentials",
		"~/.aws/credentials":         "~/.aws/credentials",
		"~/.git-credentials":         "~/.git-credentials",
		// Under ~.
		"~/.pulumi/credentials.json":            "~/.pulumi/credentials.json",
		"~/.terraformrc":                        "~/.terraformrc",
		"~/.oci/config":                         "~/.oci/config",
		"~/.oci/sessions/DEFAULT/token":         "~/.oci/sessions",
		"~/.supabase/access-token":              "~/.supabase/access-token",
		"~/.config/stripe/config.toml":          "~/.config/stripe/config.toml",
		"~/.circleci/cli.yml":                   "~/.circleci/cli.yml",
		"~/.ngrok2/ngrok.yml":                   "~/.ngrok2/ngrok.yml",
		"~/.heroku/credentials":                 "~/.heroku/credentials",
		"~/.ansible/vault_pass.txt":             "~/.ansible/vault_pass*",
		"~/.sbt/.credentials":                   "~/.sbt/.credentials",
		"~/.ivy2/.credentials":                  "~/.ivy2/.credentials",
		"~/.msmtprc":                            "~/.msmtprc",
		"~/.fetchmailrc":                        "~/.fetchmailrc",
		"~/.mbsyncrc":                           "~/.mbsyncrc",
		"~/.config/filezilla/sitemanager.xml":   "~/.config/filezilla/sitemanager.xml",
		"~/.config/filezilla/recentservers.xml": "~/.config/filezilla/recentservers.xml",
		// Look-alikes.
		"README.md":                     "",
		"credentials.py":                "",
		"docs/aws/credentials.md":       "",
		"aws/credentials":               "",
		".aws/config":                   "",
		".cargo/config.toml":            "",
		"netrc.go":                      "",
		"src/secring.go":                "",
		"~/.oci/oci_api_key_public.pem": "*.pem", // *.pem's, as before: not an exception here
		"~/.pulumi/workspaces/x.json":   "",
		"~/.circleci/config.yml":        "",
		"~/.sbt/repositories":           "",
		"putty.ppk.txt":                 "",
		// No file on disk under these names: the content decides.
		"credentials.json":     "",
		"service-account.json": "",
	} {
		got, ok := s.Match(env, path)
		if ok != (want != "") || got.Pattern != want {
			t.Errorf("Match(%q) = %q, %v; want %q", path, got.Pattern, ok, want)
		}
	}
	// A relative pattern of several names is matched at any depth in a
	// policy's additions too, and what it names in a glob or a walk.
	p := DefaultSecrets()
	if err := p.Add("deploy/secret.txt"); err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Match(env, "/p/a/deploy/secret.txt"); !ok {
		t.Error("an added relative pattern does not match at depth")
	}
	if _, ok := p.Match(env, "/p/a/secret.txt"); ok {
		t.Error("an added relative pattern matches its last name alone")
	}
	if sec, ok := s.MatchGlob(env, ".aws/cred*"); !ok || sec.Pattern != ".aws/credentials" {
		t.Errorf("MatchGlob(.aws/cred*) = %q, %v", sec.Pattern, ok)
	}
}

// TestCredentialContent: names that are as often fixtures as keys
// (credentials.json, *key*.json, service-account.json) are secrets when
// the file holds a private key, a client secret or a refresh token in its
// first 64 KiB, and not otherwise; a FIFO so named is not opened.
func TestCredentialContent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := Env{Project: dir, Cwd: dir, Home: "/home/u", Sandbox: dir + "/agent_sandbox"}
	s := DefaultSecrets()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sa := `{"type": "service_account", "project_id": "p", "private_key_id": "abc",
  "private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n", "client_email": "x@p.iam.gserviceaccount.com"}`
	for name, tc := range map[string]struct {
		body string
		want string
	}{
		"service-account.json":         {sa, "*service*account*.json"},
		"gcloud-key.json":              {sa, "*key*.json"},
		"sa-key.json":                  {sa, "*key*.json"},
		"firebase-adminsdk-abc12.json": {sa, "*adminsdk*.json"},
		"credentials.json":             {`{"installed":{"client_id":"123.apps.googleusercontent.com","client_secret":"GOCSPX-abcdefghijkl"}}`, "*credential*.json"},
		"token.json":                   {`{"token": "ya29.x", "refresh_token": "1//0gabcdefghijk"}`, "token.json"},
		"client_secret_123.json":       {`{"web":{"client_secret" : "abcdefghijklmnop"}}`, "*secret*.json"},
		"fixtures/credentials.json":    {`{"user": "test", "password": ""}`, ""},
		"keys.json":                    {`{"greeting": "hello", "private_key_id": "x"}`, ""},
		"monkey.json":                  {`{"name": "george"}`, ""},
		"test/service_account.json":    {`{"type": "service_account", "private_key": ""}`, ""},
		"secrets.schema.json":          {`{"properties": {"client_secret": {"type": "string"}}}`, ""},
		"package.json":                 {`{"client_secret": "abcdefghijklmnop"}`, ""},                                                        // not a credential's name
		"big-key.json":                 {`{"pad": "` + strings.Repeat("x", 70<<10) + `", "private_key": "-----BEGIN PRIVATE KEY-----"}`, ""}, // past the bound
	} {
		p := write(name, tc.body)
		got, ok := s.Match(env, p)
		if ok != (tc.want != "") || got.Pattern != tc.want {
			t.Errorf("Match(%s) = %q, %v; want %q", name, got.Pattern, ok, tc.want)
		}
	}
	// A FIFO named like a key is not opened (it would block the hook).
	fifo := filepath.Join(dir, "pipe-key.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	done := make(chan bool)
	go func() {
		_, ok := s.Match(env, fifo)
		done <- ok
	}()
	select {
	case ok := <-done:
		if ok {
			t.Error("a FIFO counted as a credential")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Match blocked on a FIFO")
	}
	// A recursive read finds the key on disk by its content.
	if sec, ok := s.OnDisk(env, dir, Walk{Hidden: true, Exclude: []string{"service-account.json", "gcloud-key.json", "credentials.json", "token.json", "client_secret_123.json", "firebase-adminsdk-abc12.json"}}); !ok || filepath.Base(sec.Path.Abs) != "sa-key.json" {
		t.Errorf("OnDisk = %s, %v; want sa-key.json", sec.Path.Abs, ok)
	}
}

// TestEnvrcContent: a direnv .envrc is a secret when it assigns a
// credential's name a literal value (reading it shows the value); one
// that only sets up the shell, fetches the value at run time or loads a
// .env holds none itself.
func TestEnvrcContent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := Env{Project: dir, Cwd: dir, Home: "/home/u", Sandbox: dir + "/agent_sandbox"}
	s := DefaultSecrets()
	for i, tc := range []struct {
		body string
		want bool
	}{
		{"export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG\n", true},
		{"use flake\nexport GITHUB_TOKEN=\"ghp_abcdefghijklmnop\" # personal\n", true},
		{"  export DB_PASSWORD='hunter2hunter2';\n", true},
		{"OPENAI_API_KEY=sk-abcdefghijklmnop\n", true},
		{"declare -x STRIPE_SECRET=sk_live_abcdefgh\n", true},
		{"export TWILIO_SID=AC0123456789\n", true},
		// Look-alikes: no credential name, a value computed at run time,
		// a short value, a loaded .env, shell setup only.
		{"use flake\nlayout python3\nPATH_add bin\nexport NODE_ENV=development\n", false},
		{"export GITHUB_TOKEN=$(gh auth token)\nexport AWS_SECRET_ACCESS_KEY=`pass show aws`\n", false},
		{"export API_KEY=\"${API_KEY:-}\"\nexport DB_PASSWORD=$PGPASSWORD\n", false},
		{"export API_KEY=dev\n", false},
		{"dotenv\ndotenv_if_exists .env.local\n", false},
		{"# export API_KEY=sk-abcdefghijklmnop\n", false},
		{"export DATABASE_URL=postgres://localhost/app\nexport PATH=$PWD/bin:$PATH\n", false},
	} {
		sub := filepath.Join(dir, fmt.Sprint(i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(sub, ".envrc")
		if err := os.WriteFile(p, []byte(tc.body), 0o600); err != nil {
			t.Fatal(err)
		}
		got, ok := s.Match(env, p)
		if ok != tc.want || ok && got.Pattern != ".envrc" {
			t.Errorf("Match(.envrc of %q) = %q, %v; want %v", tc.body, got.Pattern, ok, tc.want)
		}
	}
	// Not there, or a FIFO: nothing is read and nothing held.
	if _, ok := s.Match(env, filepath.Join(dir, "none", ".envrc")); ok {
		t.Error("a .envrc not there is no secret")
	}
	fifo := filepath.Join(dir, "fifo", ".envrc")
	if err := os.MkdirAll(filepath.Dir(fifo), 0o755); err == nil && syscall.Mkfifo(fifo, 0o600) == nil {
		if _, ok := s.Match(env, fifo); ok {
			t.Error("a FIFO .envrc is no secret")
		}
	}
}
