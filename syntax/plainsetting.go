package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/credname"
	"github.com/corral-dev/corral/internal/lazy"
)

// Which values of a sourced file are secrets. A file such as .env mixes
// credentials (DB_PASSWORD, API_KEY) with settings that are not secret
// (DB_HOST, PORT, NODE_ENV): a variable the file sets is taken to hold
// its content, a secret when the file is one, unless PlainSetting says
// it is a setting. The names are the user's, not the agent's, but the
// rule stays on the safe side: a name that is not clearly a setting, a
// value only known at run time and a value that looks like a credential
// all keep the variable secret.

// settingNameWords are the words that name a setting, not a credential:
// where a service is (HOST, PORT, URL), what it is called (NAME, REGION),
// how the program runs (ENV, DEBUG, LEVEL). A name needs one of them.
var settingNameWords = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"HOST", "HOSTNAME", "PORT", "ADDR", "ADDRESS", "DOMAIN", "URL", "URI", "ENDPOINT",
		"NAME", "DATABASE", "SCHEMA", "BUCKET", "QUEUE", "TOPIC", "REGION", "ZONE",
		"ENV", "ENVIRONMENT", "STAGE", "MODE", "DEBUG", "VERBOSE", "LEVEL", "LOG", "LOGLEVEL",
		"LOCALE", "LANG", "TZ", "TIMEZONE", "VERSION", "TIMEOUT", "WORKERS", "THREADS", "SIZE", "LIMIT",
		"ENABLED", "DISABLED", "PROTOCOL", "SCHEME", "PATH", "DIR"} {
		m[w] = true
	}
	return m
}}

// credentialPrefixes begin the tokens of common services (AWS access
// keys, GitHub, GitLab and Slack tokens, OpenAI and Stripe keys, Google
// API keys, a JSON Web Token).
var credentialPrefixes = []string{"AKIA", "ASIA", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-",
	"xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-", "sk-", "sk_live_", "sk_test_", "rk_live_", "pk_live_", "AIza", "eyJ"}

// PlainSetting reports whether a variable named name that a sourced file
// sets to value is a setting rather than a secret: its name has a
// setting word (DB_HOST, APP_PORT, NODE_ENV, LOG_LEVEL, AWS_REGION,
// REDIS_URL) and no credential part (KEY, TOKEN, SECRET, PASS, PWD,
// CRED, AUTH, PRIVATE, CERT, …), and its value does not look like a
// credential: no user or password in a URL (postgres://u:p@h), no PEM
// block, no known token prefix (AKIA, ghp_, sk-, eyJ, …), not a long run
// of letters and digits as keys are.
func PlainSetting(name, value string) bool {
	if credname.Secret(name) {
		return false
	}
	setting := false
	for _, w := range credname.Words(name) {
		setting = setting || settingNameWords.Get()[w]
	}
	return setting && !credentialLike(value)
}

// credentialLike reports a value that looks like a credential whatever
// its variable is called.
func credentialLike(v string) bool {
	if strings.Contains(v, "-----BEGIN") {
		return true
	}
	if _, rest, ok := strings.Cut(v, "://"); ok {
		// scheme://user:password@host, scheme://token@host
		auth, _, _ := strings.Cut(rest, "/")
		if strings.Contains(auth, "@") {
			return true
		}
	}
	for _, p := range credentialPrefixes {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	if len(v) < 20 {
		return false
	}
	letter, digit := false, false
	for _, r := range v {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letter = true
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune("+/=_-", r):
		default:
			return false // a blank, a dot, a colon: words, a host name, a path
		}
	}
	return letter && digit
}
