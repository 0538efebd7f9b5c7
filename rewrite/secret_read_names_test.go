package rewrite

import (
	"strings"
	"testing"
)

// TestSecretReadNameTests judges a recursive read narrowed by file names
// (grep -r --include=GLOB, rg -g GLOB, find -name GLOB) by the names it
// reads: grep(1) reads "only files whose base name matches GLOB" under
// --include, find's -name tests the base name, and rg -g includes only the
// files its globs match. Such a read of / or ~ reaches an anchored secret
// directory (~/.ssh, ~/.aws) only when a name it reads can be one of the
// files there (id_rsa, credentials): "*" and "id_*" can, "*.py" cannot.
// The disk is not looked at (NoGlobMatches), so only the names decide.
func TestSecretReadNameTests(t *testing.T) {
	t.Parallel()
	cfg := realWorldConfig()
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		// Narrowed to names no secret directory's files have.
		{"grep -r --include='*.py' TODO /", false},
		{"grep -rl pattern / --include=*.conf", false},
		{"grep -r --include='*.py' TODO ~", false},
		{"rg --hidden -g '*.go' TODO ~", false},
		{"find ~ -name '*.py' -exec cat {} +", false},
		{"find / -type f -name '*.log' -exec grep -l error {} \\;", false},
		// A directory inside a secret, or names aimed at secrets.
		{"grep -r --include='*.py' TODO ~/.ssh", true},
		{"grep -r --include='*.pem' BEGIN /", true},
		{"grep -r --include='.env*' KEY ~", true},
		{"grep -r --include='id_*' x ~", true},
		// Names that narrow nothing: the same read as without them.
		{"grep -r --include='*' TODO ~", true},
		{"grep -r --include='*.py' --include='*' x /", true},
		{"grep -r --include='*' --exclude='id_*' x ~", true}, // ~/.aws/credentials
		{"rg -g '*' --hidden x ~", true},
		{"find ~ -name '*' -exec cat {} +", true},
		{"find / -name '*' -exec grep x {} +", true},
		{"find ~ -type f -name '*' | xargs cat", true},
		// Without names, as before.
		{"grep -r TODO /", true},
		{"grep -r --exclude='*.pem' TODO /", true},
		{"rg --hidden TODO ~", true},
		// A ripgrep glob that names hidden files is an override that
		// brings them back (checked with the real rg in
		// TestRipgrepGlobOverridesHidden).
		{"rg -g '*' x ~", true},
		// Look-alikes that stay allowed: ripgrep skips hidden directories
		// unless told, a shallow find does not reach ~/.ssh's files, and a
		// project is ordinary to read.
		{"rg -g '*.go' x ~", false},
		{"find ~ -maxdepth 1 -name '*' -exec cat {} +", false},
		{"grep -r --include='*' x .", false},
		{"find . -name '*' -exec cat {} +", false},
		{`echo "grep -r --include='*' x ~"`, false},
	} {
		r := Check(cfg, tc.cmd)
		denied := false
		for _, f := range r.Findings {
			if f.Rule == "secret-read" && f.Decision == Deny && strings.Contains(f.Message, "secret pattern") {
				denied = true
			}
		}
		if denied != tc.deny {
			t.Errorf("%s: secret-read deny %v, want %v (%s %v)", tc.cmd, denied, tc.deny, r.Decision, r.Findings)
		}
	}
}
