// Package credname tells a variable's name that marks a credential
// (API_KEY, GITHUB_TOKEN, DB_PASSWORD) from any other, for the shell
// model (syntax.PlainSetting) and the secret class (guards: a .envrc
// that assigns one a literal value).
package credname

import (
	"strings"
	"unicode"

	"github.com/corral-dev/corral/internal/lazy"
)

// secretNameParts are the parts of a variable's name that mark a
// credential wherever they appear in it (API_KEY, DBPASSWORD,
// GITHUB_TOKEN, AUTH_HOST): any one keeps the variable secret.
var secretNameParts = []string{"KEY", "TOKEN", "SECRET", "PASS", "PWD", "CRED", "AUTH", "PRIVATE", "CERT",
	"SALT", "SIGN", "COOKIE", "SESSION", "DSN", "BEARER", "JWT", "HMAC", "CIPHER", "ENCRYPT", "WEBHOOK"}

// secretNameWords are short words that mark a credential only as a
// whole word of the name (GITHUB_PAT, SMS_OTP, TWILIO_SID), not inside
// another (PATH, SPINNER).
var secretNameWords = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"PAT", "PIN", "OTP", "SID", "CONN", "CONNECTION", "LICENSE", "ACCOUNT"} {
		m[w] = true
	}
	return m
}}

// Secret reports whether name marks a credential: a credential part
// anywhere in it (secretNameParts) or a short credential word as a whole
// word of it (secretNameWords).
func Secret(name string) bool {
	upper := strings.ToUpper(name)
	for _, p := range secretNameParts {
		if strings.Contains(upper, p) {
			return true
		}
	}
	for _, w := range Words(name) {
		if secretNameWords.Get()[w] {
			return true
		}
	}
	return false
}

// Words splits a variable name into its words, upper-cased: at
// underscores and where a lower-case letter meets an upper-case one
// (dbHost is DB HOST).
func Words(name string) []string {
	var out []string
	var b strings.Builder
	prevLower := false
	flush := func() {
		if b.Len() > 0 {
			out = append(out, strings.ToUpper(b.String()))
			b.Reset()
		}
	}
	for _, r := range name {
		switch {
		case r == '_' || r == '-' || r == '.':
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		b.WriteRune(r)
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return out
}
