package guards

import (
	"runtime"
	"testing"
)

// patternTable is a pattern with paths it matches and paths it does not.
type patternTable []struct {
	pattern string
	match   []string
	noMatch []string
}

// seed001Patterns is seed 001 REQ-9's table, plus case sensitivity.
var seed001Patterns = patternTable{
	{".git/**", []string{".git/config", ".git/hooks/pre-commit", ".git"}, []string{".github/workflows", "sub/.git/config"}},
	{"*.key", []string{"server.key", "api.key"}, []string{"keys/server.key", "server.KEY"}},
	{"src/**", []string{"src/index.ts", "src/lib/util.ts"}, []string{"test/src/mock.ts", "srcx/a", "Src/a"}},
	{"plugins/**/agents/*.md", []string{"plugins/iflow/agents/foo.md", "plugins/a/b/agents/foo.md", "plugins/agents/foo.md"}, []string{"plugins/iflow/skills/foo.md", "plugins/iflow/agents/sub/foo.md"}},
	{"*.md", []string{"README.md", "CHANGELOG.md"}, []string{"docs/guide.md", "readme.MD"}},
	{".env*", []string{".env", ".env.production"}, []string{"config/.env", "x.env"}},
	{"./docs/**", []string{"docs/a.md"}, []string{"src/a.md"}},
}

// seed000Patterns is seed 000's table; its patterns lose a leading ./ or /.
var seed000Patterns = patternTable{
	{"src/workers/**", []string{"src/workers/pool.ts", "src/workers/sub/deep.ts"}, []string{"src/core/utils.ts"}},
	{"src/**/*.ts", []string{"src/workers/pool.ts", "src/core/utils.ts", "src/a.ts"}, []string{"docs/README.md", "src/a.js"}},
	{"*.md", []string{"README.md"}, []string{"src/README.md"}},
	{"docker/**", []string{"docker/Dockerfile", "docker/compose.yml"}, []string{"src/docker.ts"}},
	{"./docs/**", []string{"docs/a.md"}, []string{"src/a.md"}},
	{"/docs/**", []string{"docs/a.md"}, []string{"src/a.md"}},
}

func TestProjectPatterns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		table patternTable
		strip bool
	}{{"seed 001", seed001Patterns, false}, {"seed 000", seed000Patterns, true}} {
		for _, tt := range tc.table {
			p, err := parsePattern(tt.pattern, tc.strip)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if p.anchored {
				t.Errorf("%s: %s taken as anchored", tc.name, tt.pattern)
			}
			for _, m := range tt.match {
				if !p.matchProject(m, "/p/"+m) {
					t.Errorf("%s: %s should match %s", tc.name, tt.pattern, m)
				}
			}
			for _, m := range tt.noMatch {
				if p.matchProject(m, "/p/"+m) {
					t.Errorf("%s: %s should not match %s", tc.name, tt.pattern, m)
				}
			}
			if p.matchProject(".", "/p") || p.matchProject("", "/p") {
				t.Errorf("%s: %s matched the project root", tc.name, tt.pattern)
			}
		}
	}
}

func TestAnchoredPatterns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		match   []string
		noMatch []string
	}{
		{"/etc", []string{"/etc", "/etc/hosts", "/etc/a/b"}, []string{"/etcetera/x", "/", "/usr/etc"}},
		{"/etc/", []string{"/etc/hosts"}, []string{"/etcx"}},
		{"~/.ssh", []string{"/home/u/.ssh", "/home/u/.ssh/config"}, []string{"/home/u/.sshx", "/home/u", "/root/.ssh/config"}},
		{"~/projects/*", []string{"/home/u/projects/app", "/home/u/projects/app/src/main.py"}, []string{"/home/u/projects", "/home/u/other/app"}},
		{"/srv/*/data", []string{"/srv/a/data", "/srv/a/data/x"}, []string{"/srv/a/b/data", "/srv/a"}},
		{"/*/secret", []string{"/x/secret/y"}, []string{"/x/y/secret"}},
		{"~", []string{"/home/u", "/home/u/x"}, []string{"/home/uu"}},
	}
	for _, tt := range tests {
		p, err := parsePattern(tt.pattern, false)
		if err != nil || !p.anchored {
			t.Fatalf("%s: %+v %v", tt.pattern, p, err)
		}
		for _, m := range tt.match {
			if !p.matchAnchored(home, m) {
				t.Errorf("%s should match %s", tt.pattern, m)
			}
		}
		for _, m := range tt.noMatch {
			if p.matchAnchored(home, m) {
				t.Errorf("%s should not match %s", tt.pattern, m)
			}
		}
		if p.matchProject(tt.pattern, "/p/"+tt.pattern) {
			t.Errorf("an anchored pattern matched a project path")
		}
	}
	p, _ := parsePattern("~/.ssh", false)
	if p.matchAnchored("", "/home/u/.ssh") {
		t.Error("~ without a home matched")
	}
}

func TestHolds(t *testing.T) {
	t.Parallel()
	project := []struct {
		pattern, rel string
		want         bool
	}{
		{".git/**", ".", true},
		{"*.key", ".", true},
		{".git/**", "src", false},
		{"plugins/**/agents/*.md", "plugins", true},
		{"plugins/**/agents/*.md", "plugins/x", true},
		{"plugins/**/agents/*.md", "src", false},
		{"**/*.key", "build", false},
		{"a/b/c", "a", true},
		{"a/b/c", "a/b", true},
		{"a/b/c", "a/b/c", false},
		{"a/*/c", "a/x", true},
	}
	for _, tt := range project {
		p, _ := parsePattern(tt.pattern, false)
		if got := p.holdsProject(tt.rel); got != tt.want {
			t.Errorf("%s holds %s = %v, want %v", tt.pattern, tt.rel, got, tt.want)
		}
	}
	anchored := []struct {
		pattern, abs string
		want         bool
	}{
		{"~/.ssh", "/home/u", true},
		{"~/.ssh", "/", true},
		{"~/.ssh", "/home/u/.ssh", false},
		{"~/.ssh", "/home/u/proj", false},
		{"/etc", "/", true},
		{"/srv/*/data", "/srv", true},
		{"/srv/*/data", "/srv/a", false},
	}
	for _, tt := range anchored {
		p, _ := parsePattern(tt.pattern, false)
		if got := p.holdsAnchored(home, tt.abs); got != tt.want {
			t.Errorf("%s held by %s = %v, want %v", tt.pattern, tt.abs, got, tt.want)
		}
	}
}

func TestParsePatternErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		raw   string
		strip bool
	}{{"", false}, {"./", false}, {"[unclosed", false}, {"src/{a,b", false}, {"../x/**", false}, {"/", true}, {"./", true}} {
		if p, err := parsePattern(tt.raw, tt.strip); err == nil {
			t.Errorf("parsePattern(%q, %v) = %+v, want an error", tt.raw, tt.strip, p)
		}
	}
}

// TestDefaultProtectedPrecision: the default protected patterns cover
// nested repositories' .git and secrets at any depth, and leave out the
// committed templates of a secret file (issue 12 classes 6 and 10).
func TestDefaultProtectedPrecision(t *testing.T) {
	t.Parallel()
	env := Env{Project: "/home/u/proj", Cwd: "/home/u/proj", Home: "/home/u"}
	pol := DefaultPolicy()
	for path, want := range map[string]Verdict{
		".env":                   Deny,
		".env.local":             Deny,
		"config/.env.production": Deny,
		"vendor/lib/.git/config": Deny,
		"sub/repo/.git/HEAD":     Deny,
		"deploy/tls/cert.pem":    Deny,
		".env.example":           Allow,
		".env.sample":            Allow,
		".env.template":          Allow,
		"web/.env.example":       Allow,
		// The backup copies cp -b, mv -b and editors keep of a
		// template are templates; of a secret, secrets.
		".env.example~":                Allow,
		"web/.env.sample.~3~":          Allow,
		".env.template~":               Allow,
		".env~":                        Deny,
		".env.local.~1~":               Deny,
		".env.local~":                  Deny,
		".env.~1~":                     Deny,
		".env.example~x":               Deny,
		"notes.txt~":                   Allow,
		"vendor/lib/.gitignore":        Allow,
		"vendor/lib/git/config":        Allow,
		"vendor/lib/.git/hooks/commit": Deny, // the guard's own layer
		// A virtualenv's programs (red team 15 RG9).
		".venv/bin/activate":            Deny,
		"venv/bin/python":               Deny,
		"services/api/.venv/bin/pytest": Deny,
		".venv/lib/python3.12/x.py":     Allow,
		"lib/venv.py":                   Allow,
		"tools/bin/run.sh":              Allow,
	} {
		if got := pol.Decide(env, path, Write).Verdict; got != want {
			t.Errorf("write %s: %s, want %s", path, got, want)
		}
	}
	// pip and venv make a virtualenv again: deleting one is routine.
	if got := pol.Decide(env, ".venv/bin/activate", Delete).Verdict; got != Warn {
		t.Errorf("delete .venv/bin/activate: %s, want warn", got)
	}
}

// TestCaseFold: where the file system ignores case, so do the patterns.
func TestCaseFold(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		glob, rel  string
		fold, want bool
	}{
		{".git/**", ".GIT/config", true, true},
		{".git/**", ".GIT/config", false, false},
		{"**/.env*", "web/.ENV", true, true},
		{"*.pem", "KEY.PEM", true, true},
		{"*.pem", "KEY.PEM", false, false},
		{"src/**", "SRC/a.go", true, true},
	} {
		p, err := parsePattern(tc.glob, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.matchProjectFold(tc.rel, tc.fold); got != tc.want {
			t.Errorf("%s ~ %s (fold %v) = %v, want %v", tc.glob, tc.rel, tc.fold, got, tc.want)
		}
	}
	if want := runtime.GOOS == "darwin" || runtime.GOOS == "windows"; goosFolds != want {
		t.Errorf("goosFolds = %v on %s", goosFolds, runtime.GOOS)
	}
}

// TestCaseFoldAnchoredAndSecret: on a case-insensitive file system
// (macOS, Windows: foldsCase) an anchored pattern and a secret pattern
// match a path spelled in another case, as the project patterns do; on
// a case-sensitive one they do not.
func TestCaseFoldAnchoredAndSecret(t *testing.T) {
	home := "/home/u"
	p, err := parsePattern("~/.ssh", false)
	if err != nil {
		t.Fatal(err)
	}
	if !p.matchAnchoredFold(home, "/home/u/.SSH/id_rsa", true) || p.matchAnchoredFold(home, "/home/u/.SSH/id_rsa", false) {
		t.Errorf("~/.ssh against ~/.SSH/id_rsa: fold %v, no fold %v", p.matchAnchoredFold(home, "/home/u/.SSH/id_rsa", true), p.matchAnchoredFold(home, "/home/u/.SSH/id_rsa", false))
	}
	env := secretPattern{name: ".env"}
	if !env.matchFold(home, "/p/.ENV", "", true) || env.matchFold(home, "/p/.ENV", "", false) {
		t.Errorf(".env against .ENV: fold %v, no fold %v", env.matchFold(home, "/p/.ENV", "", true), env.matchFold(home, "/p/.ENV", "", false))
	}
	aws, err := parsePattern("~/.aws/credentials", false)
	if err != nil {
		t.Fatal(err)
	}
	cred := secretPattern{dir: &aws}
	if !cred.matchFold(home, "/home/u/.AWS/Credentials", "", true) {
		t.Errorf("~/.aws/credentials does not match ~/.AWS/Credentials when folding")
	}
	if cred.matchFold(home, "/home/u/.aws/config", "", true) {
		t.Errorf("~/.aws/credentials matches ~/.aws/config")
	}
}
