package guards

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSecretsMatch(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u", Sandbox: "/p/agent_sandbox"}
	s := DefaultSecrets()
	tests := []struct {
		path    string
		pattern string // "" when not a secret
	}{
		{"~/.ssh/id_rsa", "~/.ssh"},
		{"/home/u/.ssh/id_ed25519", "~/.ssh"},
		{"~/.ssh/work_key", "~/.ssh"},
		{"~/.ssh/id_rsa.pub", ""},
		{"~/.ssh/known_hosts", ""},
		{"~/.ssh/known_hosts.old", ""},
		{"~/.ssh/config", ""},
		{"~/.aws/credentials", "~/.aws/credentials"},
		{"~/.aws/config", ""},
		{"~/.config/gcloud/application_default_credentials.json", "~/.config/gcloud"},
		{"~/.kube/config", "~/.kube/config"},
		{"~/.docker/config.json", "~/.docker/config.json"},
		{"~/.netrc", "~/.netrc"},
		{"~/.npmrc", "~/.npmrc"},
		{"~/.git-credentials", "~/.git-credentials"},
		{"~/.gnupg/private-keys-v1.d/x.key", "~/.gnupg"},
		{"~/.password-store/bank.gpg", "~/.password-store"},
		{"~/.config/gh/hosts.yml", "~/.config/gh/hosts.yml"},
		{"~/.config/gh/config.yml", ""},
		{"~/.claude/.credentials.json", "~/.claude/.credentials.json"},
		{"~/.claude/settings.json", ""},
		{"~/.codex/auth.json", "~/.codex/auth.json"},
		{"~/.codex/config.toml", ""},
		{"~/.gemini/oauth_creds.json", "~/.gemini/oauth_creds.json"},
		{"~/.vault-token", "~/.vault-token"},
		{"~/.cargo/credentials.toml", "~/.cargo/credentials.toml"},
		{"~/.cargo/config.toml", ""},
		{"~/.pgpass", "~/.pgpass"},
		{"~/.my.cnf", "~/.my.cnf"},
		{"~/.config/rclone/rclone.conf", "~/.config/rclone/rclone.conf"},
		{"~/.local/share/keyrings/login.keyring", "~/.local/share/keyrings"},
		{"/proc/1/environ", "/proc/*/environ"},
		{"/proc/self/environ", "/proc/*/environ"},
		// A task's directory holds its process's environ (red team 17 PR1c).
		{"/proc/1/task/1/environ", "/proc/*/environ"},
		{"/proc/self/task/4242/environ", "/proc/*/environ"},
		{"/proc/self/task/../task/7/environ", "/proc/*/environ"},
		// /proc/thread-self is PID/task/TID: two levels (red team 18 PR1d).
		{"/proc/thread-self/../../environ", "/proc/*/environ"},
		{"/proc/thread-self/environ", "/proc/*/environ"},
		{"/proc/thread-self/status", ""},
		{"/proc/thread-self/../status", ""},
		{"/proc/1/task/1/status", ""},
		{"/proc/1/task/environ", ""},
		{"/proc/self/status", ""},
		{"/proc/cpuinfo", ""},
		{".env", ".env"},
		{"config/.env", ".env"},
		{".env.local", ".env.*"},
		{"deploy/.env.production", ".env.*"},
		{".env.example", ""},
		{".env.sample", ""},
		{".env.template", ""},
		{".env.local.example", ""},
		{".env.dist", ""},
		{".env.local.dist", ""},
		{".env.defaults", ""},
		{".env.schema", ""},
		{"src/.env.d.ts", ""},
		{".env.ts", ".env.*"},
		{".env.distant", ".env.*"},
		{"certs/server.pem", "*.pem"},
		{"/etc/ssl/private/site.key", "*.key"},
		{"cert.p12", "*.p12"},
		{"cert.pfx", "*.pfx"},
		{"backup/id_rsa", "id_rsa"},
		{"backup/id_rsa.pub", ""},
		{"src/id_mapping.go", ""},
		{"README.md", ""},
		{"environment.ts", ""},
		{".envrc", ""},
		{"/dev/null", ""},
		{"/dev/stdin", ""},
	}
	for _, tc := range tests {
		got, ok := s.Match(env, tc.path)
		if ok != (tc.pattern != "") || got.Pattern != tc.pattern {
			t.Errorf("Match(%q) = %q, %v; want %q", tc.path, got.Pattern, ok, tc.pattern)
		}
	}
}

func TestSecretsSymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("K=v"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A link with an innocent name to a secret is the secret; a link named
	// like a secret is treated as one too.
	if err := os.Symlink(".env", filepath.Join(dir, "notes.txt")); err != nil {
		t.Skip("no symlinks:", err)
	}
	env := Env{Project: dir, Cwd: dir, Home: "/nonexistent-home"}
	if _, ok := DefaultSecrets().Match(env, "notes.txt"); !ok {
		t.Error("a link to .env is not a secret")
	}
}

func TestSecretsHolds(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u"}
	s := DefaultSecrets()
	for dir, want := range map[string]bool{
		"~":                true,  // holds ~/.ssh
		"/home":            true,  // holds the home's secrets
		"/":                true,  // holds everything
		"~/.ssh":           true,  // is one
		"~/.config":        true,  // holds ~/.config/gcloud
		"~/.config/nvim":   false, // beside it
		"/p":               false, // a project: .env files are judged by name only
		"/p/src":           false,
		"~/projects/thing": false,
	} {
		if _, got := s.Holds(env, dir, true); got != want {
			t.Errorf("Holds(%q) = %v, want %v", dir, got, want)
		}
	}
}

func TestSecretsHoldsSkippingHidden(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u"}
	s := DefaultSecrets()
	// ripgrep and the Grep tool skip hidden directories: searching ~ does
	// not read ~/.ssh, but searching ~/.ssh itself does.
	for dir, want := range map[string]bool{
		"~":           false,
		"~/.ssh":      true,
		"~/.ssh/keys": true,
		"~/.config":   true, // ~/.config/gcloud is one step down, not hidden
		"/":           true, // /etc/shadow, with no hidden step
		"/etc":        true,
		"/etc/ssh":    true, // ssh_host_*_key
		"/usr":        false,
		"~/.kube":     true, // holds config with no hidden step
	} {
		if _, got := s.Holds(env, dir, false); got != want {
			t.Errorf("Holds(%q, skipping hidden) = %v, want %v", dir, got, want)
		}
	}
}

func TestSecretsGlobReaches(t *testing.T) {
	t.Parallel()
	s := DefaultSecrets()
	for glob, want := range map[string]bool{
		"**/*.pem":      true,
		".env*":         true,
		"**/.env":       true,
		"**/id_*":       true,
		"*.key":         true,
		"*":             false,
		"**/*":          false,
		"**/*.go":       false,
		"src/**/*.ts":   false,
		".env.example":  false,
		"**/*.{ts,pem}": false, // also an ordinary glob: judged by the files it names
	} {
		if _, got := s.GlobReaches(glob); got != want {
			t.Errorf("GlobReaches(%q) = %v, want %v", glob, got, want)
		}
	}
}

func TestSecretsPolicyEdit(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u"}
	p, err := ParsePolicy("user.json", []byte(`{"corral": 1, "secrets": {"add": ["*.tfstate", "~/.vault-token"], "remove": ["*.key"], "allow": ["~/.ssh/id_test"], "action": "ask"}}`))
	if err != nil {
		t.Fatal(err)
	}
	s := DefaultPolicy().Merge(p).Secrets()
	if s.Verdict != Ask {
		t.Errorf("verdict %v, want ask", s.Verdict)
	}
	for path, want := range map[string]bool{
		"prod.tfstate":   true,
		"~/.vault-token": true,
		"site.key":       false,
		"~/.ssh/id_test": false,
		"~/.ssh/id_rsa":  true,
		".env":           true,
	} {
		if _, got := s.Match(env, path); got != want {
			t.Errorf("after the edit, Match(%q) = %v, want %v", path, got, want)
		}
	}
	// The defaults are untouched by a file's edit.
	if _, ok := DefaultPolicy().Secrets().Match(env, "site.key"); !ok {
		t.Error("an edit changed the default secrets")
	}
	for _, bad := range []string{
		`{"corral": 1, "secrets": {"add": ["a//b"]}}`,
		`{"corral": 1, "secrets": {"add": ["a/../b"]}}`,
		`{"corral": 1, "secrets": {"add": ["**/b"]}}`,
		`{"corral": 1, "secrets": {"add": ["[x"]}}`,
		`{"corral": 1, "secrets": {"allow": ["relative/path"]}}`,
		`{"corral": 1, "secrets": {"action": "allow"}}`,
		`{"corral": 1, "secrets": {"ad": ["x"]}}`,
		`{"corral": 1, "secrets": ["x"]}`,
	} {
		if _, err := ParsePolicy("bad.json", []byte(bad)); err == nil {
			t.Errorf("ParsePolicy(%s) accepted it", bad)
		}
	}
}

func TestSecretsMatchGlob(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u", Sandbox: "/p/agent_sandbox"}
	s := DefaultSecrets()
	tests := []struct {
		glob    string
		pattern string // "" when no path it matches is a secret
	}{
		{".en?", ".env"},
		{".e*", ".env"},
		{".env.*", ".env.*"},
		{"config/.en[v]", ".env"},
		{"*.pem", "*.pem"},
		{"certs/s*.key", "*.key"},
		{"~/.ssh/id_*", "~/.ssh"},
		{"/home/u/.ss?/id_rsa", "id_rsa"},
		{"/home/u/.ss?/work_key", "~/.ssh"},
		{"~/.ss[h]/*", "~/.ssh"},
		{"~/.aws/cred*", "~/.aws/credentials"},
		{"~/.a*/credentials", "~/.aws/credentials"},
		// known_host? can name known_hostz, a file under ~/.ssh that is no exception.
		{"~/.ssh/known_host?", "~/.ssh"},
		// Look-alikes: a * does not match a leading dot, an ordinary glob
		// is judged by the files it names, exceptions stay exceptions.
		{"*env*", ""},
		{"*", ""},
		{"*.go", ""},
		{"src/*", ""},
		{".env.exampl?", ""},
		{"~/.ssh/*.pub", ""},
		{"~/.ssh/known_hosts*", ""},
		{"~/.aws/conf*", ""},
		{`.en\?`, ""},
		{"READ*.md", ""},
		// Every hidden file: aimed at no secret in particular.
		{".*", ""},
		{".[!.]*", ""},
		{"..?*", ""},
		{".??*", ""},
		// ...but in the home it names ~/.netrc and ~/.ssh themselves.
		{"~/.*", "~/.ssh"},
	}
	for _, tc := range tests {
		got, ok := s.MatchGlob(env, tc.glob)
		if ok != (tc.pattern != "") || got.Pattern != tc.pattern {
			t.Errorf("MatchGlob(%q) = %q, %v; want %q", tc.glob, got.Pattern, ok, tc.pattern)
		}
	}
}

// TestSecretsMoreDefaults: the credentials added to the defaults on
// 2026-11-29, each matched, and their look-alikes, not.
func TestSecretsMoreDefaults(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u", Sandbox: "/p/agent_sandbox"}
	s := DefaultSecrets()
	tests := []struct {
		path    string
		pattern string // "" when not a secret
	}{
		{"/etc/shadow", "/etc/shadow"},
		{"/etc/shadow-", "/etc/shadow-"},
		{"/etc/gshadow", "/etc/gshadow"},
		{"/etc/passwd", ""},
		{"/etc/group", ""},
		{"/etc/ssh/ssh_host_ed25519_key", "/etc/ssh/ssh_host_*_key"},
		{"/etc/ssh/ssh_host_rsa_key", "/etc/ssh/ssh_host_*_key"},
		{"/etc/ssh/ssh_host_ed25519_key.pub", ""},
		{"/etc/ssh/sshd_config", ""},
		{"/etc/wireguard/wg0.conf", "/etc/wireguard"},
		{"/etc/NetworkManager/system-connections/home.nmconnection", "/etc/NetworkManager/system-connections"},
		{"/etc/NetworkManager/NetworkManager.conf", ""},
		{"/run/secrets/db_password", "/run/secrets"},
		{"/var/run/secrets/kubernetes.io/serviceaccount/token", "/run/secrets"}, // or /var/run/secrets where /var/run is no link
		{"~/.config/git/credentials", "~/.config/git/credentials"},
		{"~/.config/git/config", ""},
		{"~/.config/git/ignore", ""},
		{"~/.aws/sso/cache/abc.json", "~/.aws/sso/cache"},
		{"~/.aws/cli/cache/abc.json", "~/.aws/cli/cache"},
		{"~/.aws/config", ""},
		{"~/.config/github-copilot/hosts.json", "~/.config/github-copilot/hosts.json"},
		{"~/.config/github-copilot/apps.json", "~/.config/github-copilot/apps.json"},
		{"~/.config/github-copilot/versions.json", ""},
		{"~/.cache/huggingface/token", "~/.cache/huggingface/token"},
		{"~/.cache/huggingface/hub/models--gpt2/config.json", ""},
		{"~/.huggingface/token", "~/.huggingface/token"},
		{"~/.config/sops/age/keys.txt", "~/.config/sops/age/keys.txt"},
		{"~/.m2/settings.xml", "~/.m2/settings.xml"},
		{"~/.m2/repository/org/x/x.jar", ""},
		{"~/.m2/repository/x.jar", ""},
		{"~/.gradle/gradle.properties", "~/.gradle/gradle.properties"},
		{"gradle.properties", ""},
		{"~/.gradle/caches/x.jar", ""},
		{"~/.config/composer/auth.json", "~/.config/composer/auth.json"},
		{"auth.json", ""},
		{"~/.kaggle/kaggle.json", "~/.kaggle/kaggle.json"},
		{"~/.databrickscfg", "~/.databrickscfg"},
		{"~/.snowflake/config.toml", "~/.snowflake/config.toml"},
		{"~/.snowflake/connections.toml", "~/.snowflake/connections.toml"},
		{"~/.snowsql/config", "~/.snowsql/config"},
		{"~/.dbt/profiles.yml", "~/.dbt/profiles.yml"},
		{"profiles.yml", ""},
		{"~/.vercel/auth.json", "~/.vercel/auth.json"},
		{"~/.local/share/com.vercel.cli/auth.json", "~/.local/share/com.vercel.cli/auth.json"},
		{"~/.netlify/config.json", "~/.netlify/config.json"},
		{"~/.config/heroku/config.json", "~/.config/heroku/config.json"},
		{"~/.fly/config.yml", "~/.fly/config.yml"},
		{"fly.toml", ""},
		{"~/.config/ngrok/ngrok.yml", "~/.config/ngrok/ngrok.yml"},
		{"~/.wrangler/config/default.toml", "~/.wrangler/config/default.toml"},
		{"wrangler.toml", ""},
		{"~/.config/hcloud/cli.toml", "~/.config/hcloud/cli.toml"},
		{"~/.config/op/config", "~/.config/op/config"},
		{"~/.config/Bitwarden CLI/data.json", "~/.config/Bitwarden CLI/data.json"},
		{"~/.android/adbkey", "~/.android/adbkey"},
		{"~/.android/adbkey.pub", ""},
		{"~/.android/avd/x.ini", ""},
		{"~/.tsh/keys/proxy/u", "~/.tsh/keys"},
		{"~/.mcp-auth/mcp-remote-0.1/abc_tokens.json", "~/.mcp-auth"},
		{"~/.config/containers/auth.json", "~/.config/containers/auth.json"},
		{"~/.config/containers/registries.conf", ""},
		{"~/.local/share/atuin/history.db", "~/.local/share/atuin/history.db"},
		{"~/.config/solana/id.json", "~/.config/solana/id.json"},
		{"~/.ethereum/keystore/UTC--2026-x", "~/.ethereum/keystore"},
		{"~/.ethereum/geth.ipc", ""},
		{"~/.mozilla/firefox/abc.default-release/logins.json", "~/.mozilla/firefox/*/logins.json"},
		{"~/.mozilla/firefox/abc.default-release/key4.db", "~/.mozilla/firefox/*/key4.db"},
		{"~/.mozilla/firefox/abc.default-release/prefs.js", ""},
		{"~/.config/google-chrome/Default/Login Data", "~/.config/google-chrome/*/Login Data"},
		{"~/.config/chromium/Profile 1/Login Data", "~/.config/chromium/*/Login Data"},
		{"~/.config/google-chrome/Default/Preferences", ""},
		{"~/.bash_history", "~/.bash_history"},
		{"~/.zsh_history", "~/.zsh_history"},
		{"~/.local/share/fish/fish_history", "~/.local/share/fish/fish_history"},
		{"~/.psql_history", "~/.psql_history"},
		{"~/.python_history", "~/.python_history"},
		{"~/.bashrc", ""},
		{"~/.zshrc", ""},
		{"terraform.tfstate", "*.tfstate"},
		{"infra/terraform.tfstate.d/prod/terraform.tfstate", "*.tfstate"},
		{"terraform.tfstate.backup", "*.tfstate.backup"},
		{"terraform.tf", ""},
		{"main.tf", ""},
		{"terraform.tfvars", ""},
		{".terraform.lock.hcl", ""},
		{".dev.vars", ".dev.vars"},
		{".dev.vars.staging", ".dev.vars.*"},
		{".dev.vars.example", ""},
		{".streamlit/secrets.toml", "secrets.toml"},
		{".streamlit/config.toml", ""},
		{"android/app/release.jks", "*.jks"},
		{"android/app/debug.keystore", "*.keystore"},
		{"src/keystore.go", ""},
		{"test/fixtures/credentials.json", ""},
		{"service-account.json", ""},
	}
	for _, tc := range tests {
		got, ok := s.Match(env, tc.path)
		if tc.pattern == "/run/secrets" && got.Pattern == "/var/run/secrets" {
			continue
		}
		if ok != (tc.pattern != "") || got.Pattern != tc.pattern {
			t.Errorf("Match(%q) = %q, %v; want %q", tc.path, got.Pattern, ok, tc.pattern)
		}
	}
}

// TestSecretsThroughProc: another process's root is /, its working
// directory is unknown: a file-name pattern matches whatever it is, an
// anchored one when some directory it could be leads there.
func TestSecretsThroughProc(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/p", Cwd: "/p", Home: "/home/u", Sandbox: "/p/agent_sandbox"}
	s := DefaultSecrets()
	for path, want := range map[string]string{
		"/proc/1/root/etc/shadow":              "/etc/shadow",
		"/proc/123/root/home/u/.ssh/id_rsa":    "~/.ssh",
		"/proc/[0-9]*/root/etc/shadow":         "/etc/shadow",
		"/proc/0/cwd/.env":                     ".env",
		"/proc/1/cwd/config/.env.local":        ".env.*",
		"/proc/1/task/1/cwd/.env":              ".env",
		"/proc/1/cwd/home/u/.ssh/id_ecdsa_key": "~/.ssh",                 // from /
		"/proc/1/cwd/u/.config/gh/hosts.yml":   "~/.config/gh/hosts.yml", // from /home
		"/proc/1/cwd/.config/gh/hosts.yml":     "~/.config/gh/hosts.yml", // from ~
		"/proc/1/cwd/.aws/credentials":         ".aws/credentials",       // at any depth
		"/proc/1/cwd/../.env":                  ".env",
		"/proc/1/cwd/etc/shadow":               "/etc/shadow",
		"/proc/1/cwd/README.md":                "",
		"/proc/1/cwd/src/main.go":              "",
		"/proc/1/cwd/.env.example":             "",
		"/proc/1/status":                       "",
		"/proc/1/root/etc/hostname":            "",
		"/proc/1/cwd":                          "",
		"/proc/sys/kernel/hostname":            "",
	} {
		got, ok := s.Match(env, path)
		if ok != (want != "") || got.Pattern != want {
			t.Errorf("Match(%q) = %q, %v; want %q", path, got.Pattern, ok, want)
		}
	}
	for dir, want := range map[string]bool{
		"/proc/1/cwd":        true, // it can be / or ~
		"/proc/1/cwd/src":    false,
		"/proc/1/root/etc":   true,
		"/proc/1/root/usr":   false,
		"/proc/1/cwd/.ssh":   true,
		"/proc/1/task/2/cwd": true,
	} {
		if _, got := s.Holds(env, dir, true); got != want {
			t.Errorf("Holds(%q) = %v, want %v", dir, got, want)
		}
	}
}
