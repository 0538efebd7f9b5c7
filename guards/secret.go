package guards

import (
	"bytes"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/corral-dev/corral/internal/credname"
	"github.com/corral-dev/corral/internal/lazy"
)

// Secrets is the secret class of the path module: files whose content must
// not reach the agent (private keys, cloud credentials, .env files). Reads
// of them are judged by every tool that reads (the Read, Grep and Glob
// tools, cat and the other Bash readers, copies and archives, uploads).
//
// A secret pattern is either anchored (~/.ssh, ~/.aws/credentials,
// /etc/ssl/private: the path and everything under it) or a file-name glob
// that matches at any depth (.env, .env.*, *.pem, id_rsa). Exceptions use
// the same two forms (*.pub, ~/.ssh/known_hosts*), and Allowed names single
// paths a user let through. The zero Secrets holds nothing.
type Secrets struct {
	patterns []secretPattern
	except   []secretPattern
	allowed  []string
	// Verdict is what a read of a secret gets: Deny by default, Ask when
	// a policy says so.
	Verdict Verdict
	// Source is where the list was last changed ("default", a file).
	Source string
}

type secretPattern struct {
	raw string
	// dir is the anchored form; name the any-depth file-name glob (or
	// relative path of globs, matched against a path's last segments).
	dir  *pattern
	name string
	// content, when set, is a test of the file itself: the name alone
	// does not make it a secret (credentials.json is as often a fixture
	// as a key), what it holds does.
	content func(abs string) bool
}

// Default secret patterns. ~/.ssh holds private keys under any name; its
// public parts are exceptions.
var (
	defaultSecrets = []string{
		"~/.ssh", "~/.aws/credentials", "~/.config/gcloud", "~/.azure",
		"~/.kube/config", "~/.docker/config.json", "~/.netrc", "~/.npmrc", "~/.pypirc",
		"~/.git-credentials", "~/.gnupg", "~/.password-store",
		// Tokens the command-line tools and the agents themselves keep.
		"~/.config/gh/hosts.yml", "~/.config/hub", "~/.claude/.credentials.json", "~/.codex/auth.json",
		"~/.gemini/oauth_creds.json", "~/.vault-token", "~/.cargo/credentials", "~/.cargo/credentials.toml",
		"~/.gem/credentials", "~/.terraform.d/credentials.tfrc.json",
		// Database, storage and cloud clients' passwords and tokens, and
		// the environment of every process (tokens the agent was not
		// given).
		"~/.pgpass", "~/.my.cnf", "~/.config/rclone/rclone.conf", "~/.s3cfg", "~/.boto",
		"~/.config/doctl/config.yaml", "~/.local/share/keyrings", "/proc/*/environ",
		// The system's password hashes, host keys, VPN keys and saved
		// network passwords, and the secrets a container is given.
		"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/ssh/ssh_host_*_key",
		"/etc/wireguard", "/etc/NetworkManager/system-connections", "/run/secrets", "/var/run/secrets",
		// More tools' stored tokens: git's XDG credential store, AWS's
		// cached SSO and session credentials, Copilot, Hugging Face,
		// sops' age keys, Maven, Gradle and Composer repository passwords.
		"~/.config/git/credentials", "~/.aws/sso/cache", "~/.aws/cli/cache",
		"~/.config/github-copilot/hosts.json", "~/.config/github-copilot/apps.json",
		"~/.cache/huggingface/token", "~/.cache/huggingface/stored_tokens", "~/.huggingface/token",
		"~/.config/sops/age/keys.txt", "~/.m2/settings.xml", "~/.m2/settings-security.xml",
		"~/.gradle/gradle.properties", "~/.config/composer/auth.json", "~/.composer/auth.json",
		// Data platforms' and hosting services' command-line logins.
		"~/.kaggle/kaggle.json", "~/.config/kaggle/kaggle.json", "~/.databrickscfg",
		"~/.snowflake/config.toml", "~/.snowflake/connections.toml", "~/.snowsql/config", "~/.dbt/profiles.yml",
		"~/.vercel/auth.json", "~/.local/share/com.vercel.cli/auth.json", "~/.netlify/config.json",
		"~/.config/netlify/config.json", "~/.config/heroku/config.json", "~/.fly/config.yml",
		"~/.config/ngrok/ngrok.yml", "~/.wrangler/config/default.toml", "~/.config/.wrangler/config/default.toml",
		"~/.config/hcloud/cli.toml", "~/.config/op/config", "~/.op/config", "~/.config/Bitwarden CLI/data.json",
		"~/.android/adbkey", "~/.tsh/keys", "~/.mcp-auth",
		// Podman's registry logins (docker's config.json's sibling),
		// atuin's shell history database, cryptocurrency wallet keys (red
		// team 15 SD1).
		"~/.config/containers/auth.json", "/run/user/*/containers/auth.json", "~/.local/share/atuin/history.db",
		"~/.config/solana/id.json", "~/.ethereum/keystore",
		// Browsers' saved passwords and session cookies.
		"~/.mozilla/firefox/*/logins.json", "~/.mozilla/firefox/*/key4.db", "~/.mozilla/firefox/*/cookies.sqlite",
		"~/.config/google-chrome/*/Login Data", "~/.config/google-chrome/*/Cookies",
		"~/.config/chromium/*/Login Data", "~/.config/chromium/*/Cookies",
		// Shell and client histories: what was typed, tokens and
		// passwords given on a command line among it.
		"~/.bash_history", "~/.zsh_history", "~/.zhistory", "~/.sh_history", "~/.history",
		"~/.local/share/fish/fish_history", "~/.psql_history", "~/.mysql_history", "~/.python_history",
		"~/.node_repl_history", "~/.rediscli_history", "~/.sqlite_history",
		".env", ".env.*", "*.pem", "*.key", "*.p12", "*.pfx",
		"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk",
		// In projects: Terraform state (every resource's attributes,
		// passwords included, in plain text), Cloudflare's and
		// Streamlit's local secrets, Java keystores.
		"*.tfstate", "*.tfstate.backup", ".dev.vars", ".dev.vars.*", "secrets.toml", "*.jks", "*.keystore",
		// Files that are credentials by name wherever they are (a copy
		// of a home credential in a project is as secret as the
		// original): PuTTY's private keys, GnuPG's and PGP's secret keyrings, git's
		// credential store, netrc and Emacs' authinfo (passwords by
		// host), PostgreSQL's, Vault's, s3cmd's, boto's, cargo's and
		// AWS's.
		"*.ppk", "secring.gpg", "secring.skr", ".git-credentials", ".netrc", ".pgpass", ".vault-token", ".s3cfg", ".boto",
		".authinfo", ".authinfo.gpg", ".cargo/credentials", ".cargo/credentials.toml", ".aws/credentials",
		// More tools' logins under the home directory: Pulumi's access
		// token, Terraform's CLI configuration (its credentials blocks),
		// Oracle Cloud's configuration (a key's pass phrase) and session
		// tokens, Supabase's, Stripe's, CircleCI's and ngrok's tokens,
		// the Heroku gem's old store, an Ansible vault password, sbt's
		// and Ivy's repository passwords, mail clients' passwords
		// (msmtp, fetchmail, isync) and FileZilla's saved sites.
		"~/.pulumi/credentials.json", "~/.terraformrc", "~/.oci/config", "~/.oci/sessions", "~/.supabase/access-token",
		"~/.config/stripe/config.toml", "~/.circleci/cli.yml", "~/.ngrok2/ngrok.yml", "~/.heroku/credentials",
		"~/.ansible/vault_pass*", "~/.sbt/.credentials", "~/.ivy2/.credentials", "~/.msmtprc", "~/.config/msmtp/config",
		"~/.fetchmailrc", "~/.mbsyncrc", "~/.config/isyncrc", "~/.config/filezilla/sitemanager.xml", "~/.config/filezilla/recentservers.xml",
	}
	// Names that are often an ordinary project file (a fixture, a
	// sample, a tokenizer's vocabulary) and a credential only for what
	// the file holds: a Google service-account key ("private_key": a
	// PEM key), an OAuth client's secret, a stored refresh token. The
	// file is read (at most contentPeek bytes) only when its name matches.
	defaultContentSecrets = []string{
		"*credential*.json", "*service*account*.json", "*key*.json", "*adminsdk*.json", "*secret*.json", "token.json",
	}
	// direnv's .envrc is shell code the shell runs on entering the
	// directory: as often only `use flake`, `layout python` or
	// `PATH_add bin` as `export API_KEY=…`. It is a secret when it
	// assigns a credential's name a literal value (assignsCredential);
	// one that fetches it at run time (`export T=$(pass show t)`) or
	// loads a .env (`dotenv`) holds none itself.
	defaultShellSecrets     = []string{".envrc"}
	defaultSecretExceptions = []string{
		"*.pub", "~/.ssh/known_hosts*", "~/.ssh/config",
		".env.example", ".env.sample", ".env.template", ".env.*.example", ".env.*.sample", ".env.*.template",
		// Committed templates of other tools (Symfony's .env.dist,
		// dotenv-defaults, dotenv-safe's schema) and TypeScript's
		// declarations of import.meta.env: no values of their own.
		".env.dist", ".env.*.dist", ".env.defaults", ".env.schema", ".env.d.ts",
		".dev.vars.example", ".dev.vars.sample", ".dev.vars.template",
	}
)

var defaultSecretsOnce = lazy.Value[*Secrets]{New: DefaultSecrets}

// secretEdit is a policy file's "secrets" section, validated when read.
type secretEdit struct {
	add, remove, allow []string
	verdict            Verdict
	hasVerdict         bool
	source             string
}

func parseSecretEdit(source string, raw json.RawMessage) (*secretEdit, error) {
	var sec struct {
		Add    []string `json:"add"`
		Remove []string `json:"remove"`
		Allow  []string `json:"allow"`
		Action string   `json:"action"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sec); err != nil {
		return nil, fmt.Errorf("secrets: %v", err)
	}
	e := &secretEdit{add: sec.Add, remove: sec.Remove, allow: sec.Allow, source: source}
	switch strings.ToLower(sec.Action) {
	case "":
	case "deny", "block":
		e.verdict, e.hasVerdict = Deny, true
	case "ask", "confirm":
		e.verdict, e.hasVerdict = Ask, true
	default:
		return nil, fmt.Errorf("secrets.action %q: use deny or ask", sec.Action)
	}
	// Validate now, so that apply cannot fail.
	if _, err := e.applyErr(DefaultSecrets()); err != nil {
		return nil, fmt.Errorf("secrets: %v", err)
	}
	return e, nil
}

func (e *secretEdit) apply(base *Secrets) *Secrets {
	s, _ := e.applyErr(base)
	return s
}

func (e *secretEdit) applyErr(base *Secrets) (*Secrets, error) {
	s := base.Clone()
	s.Source = e.source
	if err := s.Add(e.add...); err != nil {
		return s, err
	}
	if err := s.Remove(e.remove...); err != nil {
		return s, err
	}
	if err := s.Allow(e.allow...); err != nil {
		return s, err
	}
	if e.hasVerdict {
		s.Verdict = e.verdict
	}
	return s, nil
}

// DefaultSecrets is the built-in secret class, denied on read.
func DefaultSecrets() *Secrets {
	s := &Secrets{Verdict: Deny, Source: DefaultSource}
	s.patterns = make([]secretPattern, 0, len(defaultSecrets)+len(defaultContentSecrets)+len(defaultShellSecrets)+len(mcpTokenFiles.List))
	if err := s.Add(defaultSecrets...); err != nil {
		panic(err)
	}
	s.except = make([]secretPattern, 0, len(defaultSecretExceptions))
	for _, n := range defaultContentSecrets {
		s.patterns = append(s.patterns, secretPattern{raw: n, name: n, content: holdsCredential})
	}
	for _, n := range defaultShellSecrets {
		s.patterns = append(s.patterns, secretPattern{raw: n, name: n, content: assignsCredential})
	}
	for _, n := range mcpTokenFiles.List {
		sp, err := parseSecretPattern(n)
		if err != nil {
			panic(err)
		}
		sp.content = mcpTokens
		s.patterns = append(s.patterns, sp)
	}
	for _, e := range defaultSecretExceptions {
		p, err := parseSecretPattern(e)
		if err != nil {
			panic(err)
		}
		s.except = append(s.except, p)
	}
	return s
}

func parseSecretPattern(raw string) (secretPattern, error) {
	sp := secretPattern{raw: raw}
	switch {
	case raw == "":
		return sp, fmt.Errorf("empty secret pattern")
	case strings.HasPrefix(raw, "/") || raw == "~" || strings.HasPrefix(raw, "~/"):
		p, err := parsePattern(raw, false)
		if err != nil {
			return sp, err
		}
		sp.dir = &p
	case strings.Contains(raw, "/"):
		// A relative path (.aws/credentials): the last segments of a
		// path, at any depth.
		for _, seg := range strings.Split(raw, "/") {
			if seg == "" || seg == "." || seg == ".." || seg == "**" || !doublestar.ValidatePattern(seg) {
				return sp, fmt.Errorf("secret pattern %q: use a file name or a relative path of names (matched at any depth: .aws/credentials), or a path starting with / or ~/", raw)
			}
		}
		sp.name = raw
	case !doublestar.ValidatePattern(raw):
		return sp, fmt.Errorf("invalid glob pattern %q", raw)
	default:
		sp.name = raw
	}
	return sp, nil
}

// Clone returns a copy that can be changed without changing s.
func (s *Secrets) Clone() *Secrets {
	if s == nil {
		return &Secrets{Verdict: Deny}
	}
	c := *s
	c.patterns = append([]secretPattern(nil), s.patterns...)
	c.except = append([]secretPattern(nil), s.except...)
	c.allowed = append([]string(nil), s.allowed...)
	return &c
}

// Add adds secret patterns.
func (s *Secrets) Add(raws ...string) error {
	s.patterns = slices.Grow(s.patterns, len(raws))
	for _, r := range raws {
		p, err := parseSecretPattern(r)
		if err != nil {
			return err
		}
		s.patterns = append(s.patterns, p)
	}
	return nil
}

// Remove drops patterns (as written in the list) and adds them as
// exceptions, so that removing "*.key" also stops a more general pattern
// from matching foo.key.
func (s *Secrets) Remove(raws ...string) error {
	for _, r := range raws {
		p, err := parseSecretPattern(r)
		if err != nil {
			return err
		}
		kept := s.patterns[:0]
		for _, q := range s.patterns {
			if q.raw != r {
				kept = append(kept, q)
			}
		}
		s.patterns = kept
		s.except = append(s.except, p)
	}
	return nil
}

// Allow lets single paths through (absolute, or starting with ~/).
func (s *Secrets) Allow(paths ...string) error {
	for _, p := range paths {
		if !filepath.IsAbs(p) && !strings.HasPrefix(p, "~/") {
			return fmt.Errorf("secret allow %q: give an absolute path or one starting with ~/", p)
		}
		s.allowed = append(s.allowed, p)
	}
	return nil
}

// Patterns lists the secret patterns and the exceptions, sorted, for
// people (policy show, doctor).
func (s *Secrets) Patterns() (patterns, exceptions []string) {
	if s == nil {
		return nil, nil
	}
	for _, p := range s.patterns {
		patterns = append(patterns, p.raw)
	}
	for _, p := range s.except {
		exceptions = append(exceptions, p.raw)
	}
	sort.Strings(patterns)
	sort.Strings(exceptions)
	return patterns, exceptions
}

// Secret is a path found to be secret, and the pattern that says so.
type Secret struct {
	Path    Path
	Pattern string
	// LinkOf is the secret file Path is a hard link to, when it is one.
	LinkOf string
	// ViaLink is the secret's name that is a symbolic link leading to
	// Path, when Path is secret through one (.env -> config/env.txt).
	ViaLink string
}

// Reason is the one-line explanation given to the agent and the person.
func (s Secret) Reason(verb string) string {
	if s.ViaLink != "" {
		return s.viaLinkReason(verb)
	}
	if s.LinkOf != "" {
		return fmt.Sprintf("%s %s: it is a hard link to %s (the same file), which matches the secret pattern %q; to let that file through, add it to \"secrets\": {\"allow\": [%q]} in a user policy (not the project's)",
			verb, s.Path.Abs, s.LinkOf, s.Pattern, s.LinkOf)
	}
	return fmt.Sprintf("%s %s: it matches the secret pattern %q; to let this one path through, add it to \"secrets\": {\"allow\": [%q]} in a user policy (not the project's)",
		verb, s.Path.Abs, s.Pattern, s.Path.Abs)
}

func (sp secretPattern) match(home string, abs, given string) bool {
	return sp.matchFold(home, abs, given, foldsCase(abs))
}

// matchFold is match, folding case when fold is set: on macOS's and
// Windows' file systems .ENV is .env and ~/.AWS/credentials is
// ~/.aws/credentials.
func (sp secretPattern) matchFold(home string, abs, given string, fold bool) bool {
	if sp.dir != nil {
		return sp.dir.matchAnchoredFold(home, abs, fold) && (sp.content == nil || sp.content(abs))
	}
	name := sp.name
	if fold {
		name = strings.ToLower(name)
	}
	for _, p := range []string{abs, given} {
		if p == "" {
			continue
		}
		if fold {
			p = strings.ToLower(p)
		}
		if tailMatch(name, p) {
			return sp.content == nil || sp.content(abs)
		}
	}
	return false
}

// tailMatch reports whether the last segments of the path p match the
// name pattern, one segment for each of the pattern's (.env names the
// file, .aws/credentials the file and its directory).
func tailMatch(name, p string) bool {
	if !strings.Contains(name, "/") {
		ok, _ := doublestar.Match(name, filepath.Base(p))
		return ok
	}
	want := strings.Split(name, "/")
	var have []string
	for _, seg := range strings.Split(filepath.Clean(p), "/") {
		if seg != "" && seg != "." {
			have = append(have, seg)
		}
	}
	if len(have) < len(want) {
		return false
	}
	have = have[len(have)-len(want):]
	for i := range want {
		if ok, _ := doublestar.Match(want[i], have[i]); !ok {
			return false
		}
	}
	return true
}

// lastSeg is a name pattern's file-name part.
func lastSeg(name string) string {
	return name[strings.LastIndex(name, "/")+1:]
}

// Match reports whether path is a secret: it matches a pattern (the
// resolved path, or for a file-name pattern also the name as given, so a
// symbolic link named .env counts) and no exception, and was not allowed.
func (s *Secrets) Match(env Env, path string) (Secret, bool) {
	return s.match(env, path, true)
}

// match is Match; throughProc says whether another process's root or
// working directory (/proc/PID/root/…, /proc/PID/cwd/…) is looked
// through, which the paths tried for it do not do again.
func (s *Secrets) match(env Env, path string, throughProc bool) (Secret, bool) {
	if s == nil || path == "" {
		return Secret{}, false
	}
	np := Normalize(env, path)
	if isPseudo(np.Abs) || harmlessDevice(np.Abs) {
		if throughProc {
			for _, c := range s.procCandidates(env, path) {
				if sec, ok := s.match(env, c, false); ok {
					sec.Path = np
					return sec, true
				}
			}
		}
		// Only a pattern written for /proc names a file there
		// (/proc/*/environ: a process's environment).
		// A task's directory holds its process's entries
		// (/proc/1/task/1/environ is /proc/1/environ; red team 17
		// PR1c): the pattern is tried on the path without it too.
		forms := []string{np.Abs}
		if f, ok := procTaskless(np.Abs); ok {
			forms = append(forms, f)
		}
		for _, p := range s.patterns {
			if !strings.HasPrefix(p.raw, "/proc/") {
				continue
			}
			for _, f := range forms {
				if ok, _ := doublestar.Match(p.raw, f); ok {
					return Secret{Path: np, Pattern: p.raw}, true
				}
			}
		}
		return Secret{}, false
	}
	given := ""
	if !strings.ContainsAny(path, "$`") {
		given = path
	}
	for _, a := range s.allowed {
		if Normalize(env, a).Abs == np.Abs {
			return Secret{}, false
		}
	}
	for _, e := range s.except {
		if e.match(env.Home, np.Abs, given) {
			return Secret{}, false
		}
	}
	for _, p := range s.patterns {
		if p.match(env.Home, np.Abs, given) {
			if p.raw == "*.pem" && publicPEM(np.Abs) {
				// A certificate bundle (/etc/ssl/certs/ca-certificates.pem,
				// certifi's cacert.pem) is public: no private key in it.
				continue
			}
			return Secret{Path: np, Pattern: p.raw}, true
		}
	}
	if throughProc {
		// The target of a secret's name that is a symbolic link
		// (.env -> config/env.txt) is that secret.
		if sec, ok := s.viaSecretLink(env, np); ok {
			return sec, true
		}
		// A hard link of a secret file (ln ~/.ssh/id_rsa k) is that file.
		for _, twin := range linkTwins(np.Abs, func() []linkSpec { return s.linkSpecs(env) }) {
			if sec, ok := s.match(env, twin, false); ok {
				return Secret{Path: np, Pattern: sec.Pattern, LinkOf: sec.Path.Abs}, true
			}
		}
	}
	return Secret{}, false
}

// procCandidates are the paths a path through another process's /proc
// directory can name. /proc/PID/root/X is X as that process sees it: /X
// for a process in the same mount namespace (Normalize already makes it
// /X when PID is a number or self; here PID is any word, a glob such as
// [0-9]* or a stand-in for a process only known at run time).
// /proc/PID/cwd/X is X relative to that process's working directory,
// which is not known: it is tried from every directory where it could
// reach a secret: /, the home directory, the project and the working
// directory (Claude Code, the agent's parent, runs in the project) and
// their parents, and the parents of each anchored secret's directory
// (/proc/1/cwd/root/.ssh/id_rsa is /root/.ssh/id_rsa for a process
// running in /; /proc/1/cwd/README.md is not taken to be in ~/.ssh). A
// file-name pattern (.env, id_rsa) matches whatever the directory.
func (s *Secrets) procCandidates(env Env, path string) []string {
	link, rest, ok := procLink(procAlias(env, absolute(env, path)))
	if !ok {
		return nil
	}
	switch link {
	case "root":
		return []string{"/" + rest}
	case "cwd":
	default:
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(d string) {
		for d != "" && filepath.IsAbs(d) {
			d = filepath.Clean(d)
			if !seen[d] {
				seen[d] = true
				c := d + "/" + rest
				if d == "/" {
					c = "/" + rest
				}
				out = append(out, c)
			}
			if d == "/" {
				return
			}
			d = filepath.Dir(d)
		}
	}
	add("/")
	add(env.Home)
	add(projectRoot(env))
	if filepath.IsAbs(env.Cwd) {
		add(env.Cwd)
	}
	for _, p := range s.patterns {
		if p.dir == nil || strings.HasPrefix(p.raw, "/proc/") {
			continue
		}
		if base, _, ok := p.dir.anchorOf(env.Home); ok {
			add(filepath.Dir(base)) // not the directory itself: every name is a secret there
		}
	}
	return out
}

// procTaskless returns a path in a task's directory of /proc
// (/proc/PID/task/TID/X) as the same path in its process's
// (/proc/PID/X): the entries a task shares with its process (environ,
// cwd, root) are found either way.
func procTaskless(p string) (string, bool) {
	r, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return "", false
	}
	segs := strings.SplitN(r, "/", 4)
	if len(segs) < 4 || !procID(segs[0]) || segs[1] != "task" || !procID(segs[2]) {
		return "", false
	}
	return "/proc/" + segs[0] + "/" + segs[3], true
}

// procLink splits a path in a process's /proc directory into the entry
// it goes through and the rest: /proc/PID/cwd/x (or
// /proc/PID/task/TID/cwd/x) is "cwd" and "x". The rest is kept as
// written, ".." included: it is taken from the link's target, not from
// /proc. PID is any word.
func procLink(p string) (link, rest string, ok bool) {
	r, ok := strings.CutPrefix(p, "/proc/")
	if !ok {
		return "", "", false
	}
	var segs []string
	for _, seg := range strings.Split(r, "/") {
		if seg != "" && seg != "." {
			segs = append(segs, seg)
		}
	}
	i := 1
	if len(segs) > 3 && segs[1] == "task" {
		i = 3
	}
	if i >= len(segs) || segs[0] == ".." || segs[i] == ".." {
		return "", "", false
	}
	return segs[i], strings.Join(segs[i+1:], "/"), true
}

// Holds reports whether a recursive read of dir (grep -r, tar, rsync, the
// Grep tool) reaches an anchored secret: dir is inside one, or holds one
// (grep -r x ~ reads ~/.ssh). hidden says whether the reader descends into
// hidden directories: grep -r and tar do, ripgrep and the Grep tool built on
// it do not, so for them ~ does not hold ~/.ssh. File-name patterns (.env,
// *.pem) are not searched for on disk: a recursive read of a project is
// ordinary work, and only naming such a file directly counts.
func (s *Secrets) Holds(env Env, dir string, hidden bool) (Secret, bool) {
	if s == nil || dir == "" {
		return Secret{}, false
	}
	np := Normalize(env, dir)
	if s.allowedDir(env, np.Abs) {
		return Secret{}, false
	}
	if isPseudo(np.Abs) {
		// grep -r x /proc/1/cwd: the directories it can be.
		for _, c := range s.procCandidates(env, dir) {
			if c = Normalize(env, c).Abs; isPseudo(c) {
				continue
			}
			if sec, ok := s.Holds(env, c, hidden); ok {
				sec.Path = np
				return sec, true
			}
		}
		return Secret{}, false
	}
	for _, p := range s.patterns {
		if p.dir == nil || strings.HasPrefix(p.raw, "/proc/") {
			continue // a search does not reach a process's files (Match reads them)
		}
		inside := p.dir.matchAnchored(env.Home, np.Abs)
		if inside {
			// Inside an anchored directory, a name its exceptions
			// leave out (~/.ssh/id_ed25519.pub, ~/.ssh/config) is a
			// file that holds no secret: tar czf k.tgz
			// ~/.ssh/id_ed25519.pub reads that file only.
			if _, ok := s.Match(env, dir); !ok {
				continue
			}
		}
		if !inside && p.dir.holdsAnchored(env.Home, np.Abs) && (hidden || !hiddenBetween(np.Abs, p.dir, env.Home)) {
			inside = true
		}
		if inside {
			return Secret{Path: np, Pattern: p.raw}, true
		}
	}
	return Secret{}, false
}

// hiddenBetween reports whether the way from dir down to the pattern's
// directory passes a hidden segment (~/.ssh from ~).
func hiddenBetween(dir string, p *pattern, home string) bool {
	base, _, ok := p.anchorOf(home)
	if !ok {
		return false
	}
	rel, ok := relWithin(dir, base)
	if !ok {
		return false
	}
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") && seg != "." {
			return true
		}
	}
	return false
}

func (s *Secrets) allowedDir(env Env, abs string) bool {
	for _, a := range s.allowed {
		if Normalize(env, a).Abs == abs {
			return true
		}
	}
	return false
}

// Sample file names for GlobReaches: names a secret pattern is written to
// catch, and names of ordinary files.
var (
	secretSamples   = []string{".env", ".env.local", ".env.production", "server.pem", "server.key", "cert.p12", "cert.pfx", "id_rsa", "id_ed25519", "id_ecdsa", "credentials"}
	ordinarySamples = []string{"main.go", "README.md", "index.ts", "app.py", "Makefile", "config.json", "notes.txt", "a", "x.c"}
)

// HeldNames are typical names of the files an anchored secret directory
// holds under any name (~/.ssh/id_rsa, ~/.aws/credentials,
// ~/.gnupg/secring.gpg): a file-name test that matches one of them ("*",
// "id_*", "*rsa") reaches those files, one that matches none ("*.py") does
// not.
var HeldNames = []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "credentials", "secring.gpg"}

// GlobReaches reports whether a file-name glob (the last segment of a Glob
// tool pattern or a Grep tool glob) is aimed at secrets: it matches a
// typical secret's name that is itself a secret under s, and no ordinary
// file name. "**/*.pem" and ".env*" are; "*", "**/*.go" are not.
func (s *Secrets) GlobReaches(glob string) (string, bool) {
	if s == nil || glob == "" {
		return "", false
	}
	seg := glob
	if i := strings.LastIndex(glob, "/"); i >= 0 {
		seg = glob[i+1:]
	}
	for _, o := range ordinarySamples {
		if ok, _ := doublestar.Match(seg, o); ok {
			return "", false
		}
	}
	for _, n := range secretSamples {
		if ok, _ := doublestar.Match(seg, n); !ok {
			continue
		}
		for _, p := range s.patterns {
			if p.name == "" {
				continue
			}
			if ok, _ := doublestar.Match(p.name, n); ok && !s.excepted(n) {
				return p.raw, true
			}
		}
	}
	return "", false
}

func (s *Secrets) excepted(name string) bool {
	for _, e := range s.except {
		if e.name != "" {
			if ok, _ := doublestar.Match(e.name, name); ok {
				return true
			}
		}
	}
	return false
}

// ordinaryDotSamples are names of ordinary hidden files: a glob that
// matches one (.*, .[!.]*, .??*) is aimed at every hidden file, not at
// secrets, and only the files it matches on disk count.
var ordinaryDotSamples = []string{".gitignore", ".bashrc", ".profile", ".config", ".github"}

// MatchGlob reports whether a path that a shell glob can match is a
// secret, judged from the patterns alone (what is on disk is the caller's
// to match): cat .en? and cat .e* can read .env, head ~/.ss?/id_* a key
// under ~/.ssh. pattern is the word as bash matches it (quoted pattern
// characters escaped with a backslash), ~ expanded or not, relative to
// env.Cwd when not absolute. As in bash without dotglob, a * or ? does not
// match a leading dot. A file-name glob counts when it is aimed at secrets
// the way GlobReaches says (it matches a typical secret's name and no
// ordinary one, so cat * does not count); a glob whose directories match
// an anchored secret's (~/.ss?/…) counts for what it names below it, so
// ~/.ss?/*.pub stays an exception.
func (s *Secrets) MatchGlob(env Env, pattern string) (Secret, bool) {
	return s.MatchGlobOpts(env, pattern, GlobFlags{})
}

// GlobFlags are the shell options that change what a glob matches, as
// they are where the word is expanded: Dot is dotglob (* and ? match a
// leading dot; a non-empty GLOBIGNORE turns it on), NoCase nocaseglob.
type GlobFlags struct{ Dot, NoCase bool }

// MatchGlobOpts is MatchGlob under the shell options o: with dotglob
// *nv reaches .env, with nocaseglob .EN[V] does.
func (s *Secrets) MatchGlobOpts(env Env, pattern string, o GlobFlags) (Secret, bool) {
	if s == nil || pattern == "" {
		return Secret{}, false
	}
	pattern = expandHome(pattern, env.Home)
	if !strings.HasPrefix(pattern, "/") {
		pattern = escapeGlob(baseDir(env)) + "/" + pattern
	}
	segs := strings.Split(strings.Trim(pattern, "/"), "/")
	base := segs[len(segs)-1]
	dir := "/" + strings.Join(segs[:len(segs)-1], "/")
	// File-name patterns: a typical secret name the last segment reaches.
	ordinary := false
	f := o
	for _, o := range append(ordinarySamples, ordinaryDotSamples...) {
		if shellMatch(base, o, f) {
			ordinary = true
			break
		}
	}
	if !ordinary {
		for _, n := range secretSamples {
			if !shellMatch(base, n, f) {
				continue
			}
			if sec, ok := s.Match(env, unescapeGlob(dir)+"/"+n); ok {
				return sec, true
			}
		}
	}
	// Anchored patterns: the glob's leading segments match the anchor.
	for _, p := range s.patterns {
		if p.dir == nil {
			continue
		}
		anchor, rest, ok := p.dir.anchorOf(env.Home)
		if !ok || rest != "" || anchor == "/" {
			continue
		}
		as := strings.Split(strings.Trim(anchor, "/"), "/")
		if len(segs) < len(as) {
			continue
		}
		match := true
		for i := range as {
			if !shellMatch(segs[i], as[i], f) {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		cand := anchor
		if below := segs[len(as):]; len(below) > 0 {
			cand += "/" + unescapeGlob(strings.Join(below, "/"))
		}
		if sec, ok := s.Match(env, cand); ok {
			return sec, true
		}
	}
	return Secret{}, false
}

// shellMatch matches one path segment against one segment of a shell
// glob, as bash's pathname expansion does: without dotglob a leading dot
// is matched only by a dot; with nocaseglob letters match either case;
// [!…] negates like [^…].
func shellMatch(pattern, name string, f GlobFlags) bool {
	if !f.Dot && strings.HasPrefix(name, ".") && !strings.HasPrefix(pattern, ".") && !strings.HasPrefix(pattern, `\.`) {
		return false
	}
	if f.NoCase {
		pattern, name = strings.ToLower(pattern), strings.ToLower(name)
	}
	ok, err := path.Match(strings.ReplaceAll(pattern, "[!", "[^"), name)
	return err == nil && ok
}

// escapeGlob quotes the glob characters of a literal path.
func escapeGlob(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unescapeGlob drops the backslashes that quote glob characters; the
// characters left are taken literally.
func unescapeGlob(p string) string {
	if !strings.Contains(p, `\`) {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '\\' && i+1 < len(p) {
			i++
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// contentPeek is how much of a file holdsCredential reads.
const contentPeek = 64 << 10

// credentialKey finds a JSON member that holds a credential: a private
// key in PEM form (a Google service-account key), an OAuth client's
// secret or a refresh token, with a value that is not empty.
var credentialKey = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`"(private_key|client_secret|refresh_token)"\s*:\s*"[^"\s]{8,}`)
}}

// holdsCredential reports whether the regular file at abs holds a
// credential in its first contentPeek bytes. A file that is not there,
// not a regular file (a FIFO would block) or cannot be read holds none.
func holdsCredential(abs string) bool {
	data, ok := peekRegular(abs)
	return ok && credentialKey.Get().Match(data)
}

// maxPEM bounds the bytes of a .pem file read to tell a public one.
const maxPEM = 4 << 20

// publicPEM reports whether the regular file at abs is PEM text whose
// every block is public — certificates, certificate revocation lists,
// public keys, DH or EC parameters — with at least one such block and
// none holding a private or encrypted key. The whole file is read (up to
// maxPEM; a larger one is not public), so a key appended after a
// bundle's certificates keeps the file secret. A file that is not there
// or not regular is not public.
func publicPEM(abs string) bool {
	if fi, err := os.Stat(abs); err != nil || !fi.Mode().IsRegular() || fi.Size() > maxPEM {
		return false
	}
	f, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxPEM+1))
	if err != nil || len(data) > maxPEM || bytes.Contains(data, []byte("PRIVATE")) || bytes.Contains(data, []byte("ENCRYPTED")) {
		return false
	}
	blocks := 0
	for {
		b, rest := pem.Decode(data)
		if b == nil {
			break
		}
		switch b.Type {
		case "CERTIFICATE", "TRUSTED CERTIFICATE", "X509 CRL", "PUBLIC KEY", "RSA PUBLIC KEY", "DH PARAMETERS", "EC PARAMETERS", "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST":
		default:
			return false
		}
		blocks++
		data = rest
	}
	// What is left holds no other block's start (a broken one).
	return blocks > 0 && !bytes.Contains(data, []byte("-----BEGIN"))
}

// peekRegular reads the first contentPeek bytes of the regular file at
// abs, opened without waiting and checked again once open (a FIFO put
// there between the two would block a plain open).
func peekRegular(abs string) ([]byte, bool) {
	if fi, err := os.Stat(abs); err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	f, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	data, _ := io.ReadAll(io.LimitReader(f, contentPeek))
	return data, true
}

// shellAssignment finds a shell assignment at the start of a line
// (export and declare -x before it too): the name and the value's text.
var shellAssignment = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^[ \t]*(?:(?:export|declare[ \t]+-x|typeset[ \t]+-x)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)=([^\n]*)`)
}}

// assignsCredential reports whether the shell file at abs (a .envrc)
// assigns a credential's name (credname.Secret: API_KEY, AWS_SECRET_ACCESS_KEY,
// GITHUB_TOKEN) a literal of 8 or more bytes in its first contentPeek
// bytes: reading it shows the value. A value the shell computes when it
// runs ($(…), backquotes, $VAR) is not in the file.
func assignsCredential(abs string) bool {
	data, ok := peekRegular(abs)
	if !ok {
		return false
	}
	for _, m := range shellAssignment.Get().FindAllSubmatch(data, 4096) {
		if !credname.Secret(string(m[1])) {
			continue
		}
		v := strings.TrimSpace(string(m[2]))
		if i := strings.Index(v, " #"); i >= 0 {
			v = v[:i]
		}
		v = strings.Trim(strings.TrimRight(v, ";"), `"'`)
		if len(v) >= 8 && !strings.ContainsAny(v, "$`") {
			return true
		}
	}
	return false
}
