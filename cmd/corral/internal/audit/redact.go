package audit

import (
	"regexp"
	"strings"
	"sync"

	"github.com/corral-dev/corral/internal/lazy"
)

// Redacted replaces every secret Redact finds.
const Redacted = "[REDACTED]"

// Redact returns s with the secrets it recognises replaced by [REDACTED]:
// passwords and tokens in URLs (https://user:TOKEN@host,
// https://TOKEN@host), Authorization, Cookie and API-key header values,
// Bearer tokens, curl's -u user:password, mysql's -p<password>, sshpass -p,
// redis-cli -a, registry logins' -p, --password/--token style flags,
// NAME=value and "name": "value" pairs whose name ends in token, secret,
// password and the like, private key blocks, and well-known token shapes
// (ghp_…, github_pat_…, glpat-…, sk-…, xoxb-…, AKIA…, AIza…, npm_…, hf_…,
// JSON Web Tokens). What identifies the secret's place (the user name, the
// flag, the header, the quotes) is kept.
//
// Redact leaves ordinary commands alone: a value is redacted only where a
// name, flag, header or its own shape marks it as a secret, and a value
// that only refers to a variable ($TOKEN, "${TOKEN}", $(cat f)) is kept.
// Redact is deterministic and idempotent: redacting its result changes
// nothing.
func Redact(s string) string {
	if s == "" {
		return s
	}
	lower := strings.ToLower(s)
	for _, r := range redactions.Get() {
		if !r.need(lower) {
			continue
		}
		if t := r.apply(s); t != s {
			s, lower = t, strings.ToLower(t)
		}
	}
	return s
}

// redaction finds secrets: re finds where one may be and value says which
// bytes of s, given the match's submatch indexes m, are the secret
// (start == end: none here).
type redaction struct {
	need  func(lower string) bool // a cheap test on the lower-cased text: can re match at all?
	re    func() *regexp.Regexp   // compiled on first use, when need passes
	value func(s string, m []int) (start, end int)
}

// anyOf needs one of the lower-case words in the text.
func anyOf(words ...string) func(string) bool {
	return func(lower string) bool {
		for _, w := range words {
			if strings.Contains(lower, w) {
				return true
			}
		}
		return false
	}
}

// allOf needs every one of its tests to pass.
func allOf(needs ...func(string) bool) func(string) bool {
	return func(lower string) bool {
		for _, n := range needs {
			if !n(lower) {
				return false
			}
		}
		return true
	}
}

func (r redaction) apply(s string) string {
	matches := r.re().FindAllStringSubmatchIndex(s, -1)
	if matches == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range matches {
		if m[0] < last {
			continue // inside the secret just replaced
		}
		start, end := r.value(s, m)
		if start >= end || start < last || s[start:end] == Redacted {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(Redacted)
		last = end
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// The value finders. Each is given the text and the index where a secret
// may start, and returns the secret's bounds.

// shellWord is a shell word's value: the inside of a quoted string that
// ends the word, or an unquoted run up to a space or shell operator. A
// value that is a variable or command substitution ($X, ${X}, $(…)) is no
// secret.
func shellWord(s string, i int) (int, int) {
	if i >= len(s) {
		return i, i
	}
	if q := s[i]; q == '\'' || q == '"' {
		j := strings.IndexByte(s[i+1:], q)
		if j < 0 {
			// An unterminated quote: the command was cut short, so take
			// the rest of the word.
			return unquotedRun(s, i+1)
		}
		j += i + 1
		inner := s[i+1 : j]
		// The quote must close the word; otherwise it is more likely the
		// end of a string that merely mentions the name ("password=").
		if inner == "" || isSpace(inner[0]) || (j+1 < len(s) && !endsWord(s[j+1])) {
			return i, i
		}
		if q == '"' && inner[0] == '$' {
			return i, i
		}
		return i + 1, j
	}
	return unquotedRun(s, i)
}

func unquotedRun(s string, i int) (int, int) {
	j := i
	for j < len(s) && !stopsWord(s[j]) {
		j++
	}
	if j == i || s[i] == '$' {
		return i, i
	}
	return i, j
}

// flagWord is shellWord for the argument of a flag: an argument that looks
// like another flag or a redirection is none.
func flagWord(s string, i int) (int, int) {
	if i < len(s) && s[i] == '-' {
		return i, i
	}
	return shellWord(s, i)
}

// headerValue is an HTTP header's value: the rest of the string up to a
// quote or a line end. A bare scheme word ("Bearer") is no value.
func headerValue(s string, i int) (int, int) {
	j := i
	for j < len(s) && s[j] != '\'' && s[j] != '"' && s[j] != '\n' && s[j] != '\r' {
		j++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	if j == i || isSpace(s[i]) || s[i] == '$' {
		return i, i
	}
	switch strings.ToLower(s[i:j]) {
	case "bearer", "basic", "token", "digest", "negotiate", "bot":
		return i, i
	}
	return i, j
}

// bearerToken is a token after "Bearer": at least 8 token characters with
// a digit or punctuation among them, so that English ("bearer bonds") is
// left alone.
func bearerToken(s string, i int) (int, int) {
	j := i
	tokenish := false
	for j < len(s) && isTokenChar(s[j]) {
		if !isLetter(s[j]) {
			tokenish = true
		}
		j++
	}
	if j-i < 8 || !tokenish {
		return i, i
	}
	return i, j
}

// jsonString is the inside of a JSON string whose opening quote ends just
// before i; escaped says the quotes are themselves escaped (\") because
// the JSON sits inside a shell string.
func jsonString(s string, i int, escaped bool) (int, int) {
	for j := i; j < len(s); j++ {
		switch {
		case escaped && strings.HasPrefix(s[j:], `\"`):
			return i, j
		case !escaped && s[j] == '\\':
			j++
		case !escaped && s[j] == '"':
			return i, j
		case s[j] == '\n':
			return i, i
		}
	}
	return i, i
}

// userinfo is the secret in a URL's user information: the password of
// user:password, or the whole of a bare token (a known prefix, or 32 or
// more letters and digits).
func userinfo(s string, start, end int) (int, int) {
	info := s[start:end]
	if i := strings.IndexByte(info, ':'); i >= 0 {
		pass := info[i+1:]
		if pass == "" || pass[0] == '$' {
			return start, start
		}
		return start + i + 1, end
	}
	if knownTokenPrefix(info) || (len(info) >= 32 && hasDigit(info) && hasLetter(info)) {
		return start, end
	}
	return start, start
}

func knownTokenPrefix(s string) bool {
	for _, p := range []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "x-access-token"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// stopsWord reports whether c ends an unquoted shell word or query value.
func stopsWord(c byte) bool {
	return isSpace(c) || strings.IndexByte("'\"&;|<>()`", c) >= 0
}

// endsWord reports whether c may follow a closing quote that ends a word.
func endsWord(c byte) bool {
	return isSpace(c) || strings.IndexByte("&;|<>)`,}'\"", c) >= 0
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isTokenChar(c byte) bool {
	return isLetter(c) || isDigit(c) || strings.IndexByte("._~+/=-", c) >= 0
}

func hasDigit(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r < 128 && isDigit(byte(r)) }) >= 0
}

func hasLetter(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r < 128 && isLetter(byte(r)) }) >= 0
}

// after finds the secret with find, starting where submatch group g ends.
func after(g int, find func(s string, i int) (int, int)) func(string, []int) (int, int) {
	return func(s string, m []int) (int, int) { return find(s, m[2*g+1]) }
}

// group is submatch g, when ok (nil: always) accepts it.
func group(g int, ok func(string) bool) func(string, []int) (int, int) {
	return func(s string, m []int) (int, int) {
		start, end := m[2*g], m[2*g+1]
		if start < 0 || (ok != nil && !ok(s[start:end])) {
			return 0, 0
		}
		return start, end
	}
}

// shaped is the whole match, when ok accepts submatch g.
func shaped(g int, ok func(string) bool) func(string, []int) (int, int) {
	return func(s string, m []int) (int, int) {
		if !ok(s[m[2*g]:m[2*g+1]]) {
			return 0, 0
		}
		return m[0], m[1]
	}
}

func digitAndLetter(s string) bool { return hasDigit(s) && hasLetter(s) }

// secretNameList are the endings of names that mark a value as secret:
// GITHUB_TOKEN=, access_token=, --api-key=, "client_secret": …
const secretNameList = `token|secret|password|passwd|passphrase|api_key|apikey|api-key|access_key|access-key|secret_key|secret-key|private_key|private-key|auth_key|mysql_pwd`

const secretNames = `(?:` + secretNameList + `)`

// jsonSecretNames adds headers given as a JSON object
// ({"Authorization": "Bearer …"}).
const jsonSecretNames = `(?:` + secretNameList + `|authorization|cookie)`

// anySecretWord is the need of the rules built on secretNames.
func anySecretWord(lower string) bool {
	return anyOf("token", "secret", "passw", "passphrase", "key", "mysql_pwd")(lower)
}

// anyJSONSecretWord is the need of the rules built on jsonSecretNames.
func anyJSONSecretWord(lower string) bool {
	return anyOf("token", "secret", "passw", "passphrase", "key", "mysql_pwd", "authorization", "cookie")(lower)
}

// Where a command word may start: the beginning, after a space, an
// operator, or a directory (/usr/bin/mysql).
const cmdStart = "(?:^|[\\s;&|(/`])"

// Up to the end of the simple command.
const sameCommand = `[^\n;&|]*?`

// lazyRE compiles expr on first use: a hook call compiles only the
// expressions whose need passes for the text it logs.
func lazyRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// redactions are built on first use, off the start-up path of hook calls
// that log nothing, and each expression is compiled only when its need
// passes. Structural rules come first, token shapes last,
// so that NAME=ghp_… keeps its NAME.
var redactions = lazy.Value[[]redaction]{New: func() []redaction {
	return []redaction{
		// Private key blocks, up to their END line or the end of the text.
		{anyOf("private key"), lazyRE(`(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)`),
			group(1, func(v string) bool { return strings.TrimSpace(v) != "" })},
		// URL user information; the greedy class stops at the last @ of
		// the authority.
		{allOf(anyOf("://"), anyOf("@")), lazyRE(`\b[A-Za-z][A-Za-z0-9+.-]*://([^\s/?#'"<>` + "`" + `]+)@`),
			func(s string, m []int) (int, int) { return userinfo(s, m[2], m[3]) }},
		// Header values (the name starts a word or a quoted string, so
		// that https://x-access-token:… is left to the URL rule).
		{allOf(anyOf(":"), anyOf("authorization", "api-key", "apikey", "token", "cookie")), lazyRE(`(?i)(?:^|[\s'"])(?:authorization|proxy-authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|private-token|x-goog-api-key|cookie|set-cookie)[ \t]*:[ \t]*(?:(?:bearer|basic|token|digest|negotiate|bot)[ \t]+)?`),
			after(0, headerValue)},
		{anyOf("bearer"), lazyRE(`(?i)\bbearer[ \t]+`), after(0, bearerToken)},
		// curl -u user:password (also -uuser:password, --user=…, -U for the proxy).
		{allOf(anyOf("curl"), anyOf(":")), lazyRE(cmdStart + `curl\b` + sameCommand + `\s(?:-u|--user|-U|--proxy-user)(?:[ \t]+|=)?['"]?[^\s:'"]*:`),
			after(0, unquotedRun)},
		// mysql -p<password> (the password is attached to -p).
		{anyOf("mysql", "mariadb"), lazyRE(cmdStart + `(?:mysql|mariadb)[a-z_-]*\b` + sameCommand + `\s(-p)\S`), after(1, shellWord)},
		{anyOf("sshpass"), lazyRE(cmdStart + `sshpass[ \t]+-p[ \t]*`), after(0, shellWord)},
		{anyOf("redis-cli"), lazyRE(cmdStart + `redis-cli\b` + sameCommand + `\s(?:-a|--pass)[ \t]+`), after(0, flagWord)},
		{anyOf("login"), lazyRE(cmdStart + `(?:docker|podman|nerdctl|buildah|skopeo|helm|oras)\b` + sameCommand + `\blogin\b` + sameCommand + `\s-p(?:[ \t]+|=)`),
			after(0, flagWord)},
		// --password value, --api-token value, …
		{allOf(anyOf("--"), anySecretWord), lazyRE(`(?i)(?:^|\s)--(?:[a-z0-9]+[-_])*` + secretNames + `[ \t]+`), after(0, flagWord)},
		{allOf(anyOf("--"), anySecretWord), lazyRE(`(?i)(?:^|\s)--(?:[a-z0-9]+[-_])+secret[ \t]+`), after(0, flagWord)},
		// NAME=value, --password=value, ?access_token=value.
		{allOf(anyOf("="), anySecretWord), lazyRE(`(?i)(?:^|[^A-Za-z0-9_.-])[A-Za-z0-9_.-]*` + secretNames + `=`), after(0, shellWord)},
		// "password": "value" in JSON, also with escaped quotes inside a shell string.
		{allOf(anyOf(`"`), anyOf(":"), anyJSONSecretWord), lazyRE(`(?i)"[A-Za-z0-9_.-]*` + jsonSecretNames + `"\s*:\s*"`),
			func(s string, m []int) (int, int) { return jsonString(s, m[1], false) }},
		{allOf(anyOf(`\"`), anyJSONSecretWord), lazyRE(`(?i)\\"[A-Za-z0-9_.-]*` + jsonSecretNames + `\\"\s*:\s*\\"`),
			func(s string, m []int) (int, int) { return jsonString(s, m[1], true) }},
		// Well-known token shapes.
		{anyOf("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), lazyRE(`\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}`), group(0, nil)},
		{anyOf("github_pat_"), lazyRE(`\bgithub_pat_[A-Za-z0-9_]{20,}`), group(0, nil)},
		{anyOf("glpat-"), lazyRE(`\bglpat-[A-Za-z0-9_-]{16,}`), group(0, nil)},
		{anyOf("sk-"), lazyRE(`\bsk-(?:ant-|proj-|svcacct-|admin-)?([A-Za-z0-9_-]{20,})`), shaped(1, digitAndLetter)},
		{anyOf("k_live_", "k_test_"), lazyRE(`\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}`), group(0, nil)},
		{anyOf("xox"), lazyRE(`\bxox[abposre]-[A-Za-z0-9-]{10,}`), group(0, hasDigit)},
		{anyOf("akia", "asia", "agpa", "aida", "aroa", "anpa", "aipa"), lazyRE(`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|AIPA)[A-Z0-9]{16}\b`), group(0, hasDigit)},
		{anyOf("aiza"), lazyRE(`\bAIza[0-9A-Za-z_-]{35}\b`), group(0, nil)},
		{anyOf("npm_"), lazyRE(`\bnpm_[A-Za-z0-9]{36}\b`), group(0, nil)},
		{anyOf("hf_"), lazyRE(`\bhf_[A-Za-z0-9]{30,}\b`), group(0, hasDigit)},
		{anyOf("pypi-"), lazyRE(`\bpypi-[A-Za-z0-9_-]{50,}`), group(0, nil)},
		{anyOf("eyj"), lazyRE(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`), group(0, nil)},
	}
}}
