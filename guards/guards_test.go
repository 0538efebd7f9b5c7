package guards

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const (
	home    = "/home/u"
	project = "/home/u/proj"
)

var env = Env{Project: project, Cwd: project, Home: home, Sandbox: project + "/agent_sandbox"}

func TestNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cwd, in, abs, rel string
	}{
		{project, "src/a.ts", project + "/src/a.ts", "src/a.ts"},
		{project, "./docs/new-doc.md", project + "/docs/new-doc.md", "docs/new-doc.md"},
		{project, project + "/src/file.ts", project + "/src/file.ts", "src/file.ts"},
		{project, "a//b///c", project + "/a/b/c", "a/b/c"},
		{project, "a/./b/../c", project + "/a/c", "a/c"},
		{project, "docs/", project + "/docs", "docs"},
		{project, "../other/x", "/home/u/other/x", ""},
		{project, "../../../../../../x", "/x", ""},
		{project, "~/.ssh/config", "/home/u/.ssh/config", ""},
		{project, "~", "/home/u", ""},
		{project + "/sub", "x", project + "/sub/x", "sub/x"},
		{project, ".", project, "."},
		{project, "ünïcødé/файл.txt", project + "/ünïcødé/файл.txt", "ünïcødé/файл.txt"},
		{project, "/home/u/projector/x", "/home/u/projector/x", ""},
	}
	for _, tt := range tests {
		e := env
		e.Cwd = tt.cwd
		got := Normalize(e, tt.in)
		if got.Abs != tt.abs || got.Rel != tt.rel || got.InProject != (tt.rel != "") {
			t.Errorf("Normalize(%q from %s) = %+v, want abs %s rel %q", tt.in, tt.cwd, got, tt.abs, tt.rel)
		}
		if again := Normalize(e, got.Abs); again.Abs != got.Abs {
			t.Errorf("not idempotent: %s -> %s", got.Abs, again.Abs)
		}
	}
	if got := Normalize(env, ""); got.Abs != "" {
		t.Errorf("empty path: %+v", got)
	}
}

func TestNormalizeSymlinks(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	os.MkdirAll(filepath.Join(proj, ".git"), 0o755)
	os.MkdirAll(filepath.Join(proj, "docs"), 0o755)
	if err := os.Symlink("../.git", filepath.Join(proj, "docs", "link")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	e := Env{Project: proj, Cwd: proj, Home: root}
	got := Normalize(e, "docs/link/config")
	if got.Rel != ".git/config" {
		t.Errorf("docs/link/config normalised to %+v, want .git/config", got)
	}
	d := DefaultPolicy().Decide(e, "docs/link/config", Write)
	if d.Verdict != Deny || d.Rule != "protected-path" {
		t.Errorf("a write through a symlink into .git: %+v", d)
	}
	// A symlinked project root still matches.
	alias := filepath.Join(root, "alias")
	os.Symlink(proj, alias)
	if got := Normalize(Env{Project: alias, Cwd: alias}, "src/x"); got.Rel != "src/x" {
		t.Errorf("symlinked project: %+v", got)
	}
}

func TestWithin(t *testing.T) {
	t.Parallel()
	sb := "/home/u/proj/sandbox"
	for p, want := range map[string]bool{
		sb: true, sb + "/x": true, sb + "/a/b": true, sb + "/../x": false, sb + "-evil/x": false,
		"/home/u/proj": false, "relative/x": false, "": false,
	} {
		if got := Within(sb, p); got != want {
			t.Errorf("Within(%s, %q) = %v", sb, p, got)
		}
	}
}

// Seed 001 REQ-9's pattern table.
func TestSeed001Patterns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		match   []string
		noMatch []string
	}{
		{".git/**", []string{".git/config", ".git/hooks/pre-commit"}, []string{".github/workflows"}},
		{"*.key", []string{"server.key", "api.key"}, []string{"keys/server.key"}},
		{"src/**", []string{"src/index.ts", "src/lib/util.ts"}, []string{"test/src/mock.ts"}},
		{"plugins/**/agents/*.md", []string{"plugins/iflow/agents/foo.md"}, []string{"plugins/iflow/skills/foo.md"}},
		{"*.md", []string{"README.md", "CHANGELOG.md"}, []string{"docs/guide.md", "readme.MD"}},
	}
	for _, tt := range tests {
		p, err := ParsePolicy("t", []byte(`{"protected": ["`+tt.pattern+`"], "warned": [], "safe": []}`))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tt.match {
			if d := p.Decide(env, m, Write); d.Verdict != Deny || d.Pattern != tt.pattern {
				t.Errorf("%s should match %s: %+v", tt.pattern, m, d)
			}
		}
		for _, m := range tt.noMatch {
			if d := p.Decide(env, m, Write); d.Verdict == Deny {
				t.Errorf("%s should not match %s: %+v", tt.pattern, m, d)
			}
		}
	}
}

// Seed 000's pattern table, through FILE_RESTRICTIONS.
func TestSeed000AllowList(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		match   []string
		noMatch []string
	}{
		{"src/workers/**", []string{"src/workers/pool.ts", "src/workers/sub/deep.ts"}, []string{"src/core/utils.ts"}},
		{"src/**/*.ts", []string{"src/workers/pool.ts", "src/core/utils.ts"}, []string{"docs/README.md"}},
		{"*.md", []string{"README.md"}, []string{"src/README.md"}},
		{"docker/**", []string{"docker/Dockerfile", "docker/compose.yml"}, []string{"src/docker.ts"}},
		{"./docs/**", []string{"docs/a.md"}, []string{"src/a.md"}},
	}
	for _, tt := range tests {
		p, err := AllowListFromEnv(`["` + tt.pattern + `"]`)
		if err != nil {
			t.Fatal(err)
		}
		pol := (&Policy{}).Merge(p)
		for _, m := range tt.match {
			if d := pol.Decide(env, m, Write); d.Verdict != Allow {
				t.Errorf("%s should allow %s: %+v", tt.pattern, m, d)
			}
		}
		for _, m := range tt.noMatch {
			d := pol.Decide(env, m, Write)
			if d.Verdict != Deny || !strings.Contains(d.Message, "is outside allowed patterns") {
				t.Errorf("%s should deny %s: %+v", tt.pattern, m, d)
			}
		}
	}
	p, _ := AllowListFromEnv(`["src/**"]`)
	pol := (&Policy{}).Merge(p)
	if d := pol.Decide(env, "src/../src/x.ts", Write); d.Verdict != Deny || d.Rule != "traversal" {
		t.Errorf("traversal: %+v", d)
	}
	if d := pol.Decide(env, "/etc/passwd", Write); d.Verdict != Deny {
		t.Errorf("outside the project: %+v", d)
	}
	for _, v := range []string{"", "[]", "  "} {
		if p, err := AllowListFromEnv(v); p != nil || err != nil {
			t.Errorf("AllowListFromEnv(%q) = %v, %v; want no restriction", v, p, err)
		}
	}
	if _, err := AllowListFromEnv("not json"); err == nil {
		t.Error("malformed FILE_RESTRICTIONS accepted")
	}
}

// Seed 001's scenarios with the built-in defaults.
func TestDefaultPolicySeed001(t *testing.T) {
	t.Parallel()
	p := DefaultPolicy()
	tests := []struct {
		path    string
		verdict Verdict
		message string
	}{
		{".git/config", Deny, "Protected path: .git/config cannot be modified"},
		{"secrets.key", Deny, "Protected path: secrets.key cannot be modified"},
		{"node_modules/x/y.js", Deny, "Protected path"},
		{".env", Deny, "Protected path"},
		{".env.production", Deny, "Protected path"},
		{"cert.pem", Deny, "Protected path"},
		{"package-lock.json", Deny, "Protected path"},
		{"yarn.lock", Deny, "Protected path"},
		{"src/index.ts", Warn, "Production path: src/index.ts - ensure this is intentional"},
		{project + "/src/file.ts", Warn, "Production path: src/file.ts - ensure this is intentional"},
		{"plugins/iflow-dev/agents/new-agent.md", Warn, "Production path"},
		{"plugins/x/commands/c.md", Warn, "Production path"},
		{"plugins/x/skills/s/SKILL.md", Warn, "Production path"},
		{".claude-plugin/plugin.json", Warn, "Production path"},
		{"docs/README.md", Allow, ""},
		{"./docs/new-doc.md", Allow, ""},
		{"agent_sandbox/2026-02-04/test/script.py", Allow, ""},
		{"tests/a_test.go", Allow, ""},
		{"README.md", Allow, ""},
		{"random/file.txt", Allow, ""},
		{"keys/server.key", Allow, ""},
	}
	for _, tt := range tests {
		d := p.Decide(env, tt.path, Write)
		if d.Verdict != tt.verdict || !strings.Contains(d.Message, tt.message) {
			t.Errorf("%s: %+v, want %s %q", tt.path, d, tt.verdict, tt.message)
		}
	}
	if d := p.Decide(env, ".env", Delete); d.Verdict != Ask {
		t.Errorf("deleting a protected path asks: %+v", d)
	}
}

// Seed 002's path table, with git-aware detection.
func TestGuardrailsSeed002(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	h := filepath.Join(root, "home")
	repo := filepath.Join(h, "random-repo")
	os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	os.MkdirAll(filepath.Join(h, "Downloads"), 0o755)
	p, err := ParsePolicy("guardrails.json", []byte(`{"version": 1, "safe_paths": ["~/.claude", "~/projects"],
		"blocked_paths": ["/etc", "/usr", "~/.ssh", "~/.aws"], "rules": {"bash": [{"pattern": "rm -rf /", "action": "block"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	pol := DefaultPolicy().Merge(p)
	e := Env{Project: filepath.Join(h, "proj"), Cwd: filepath.Join(h, "proj"), Home: h}
	tests := []struct {
		path    string
		verdict Verdict
		context string
	}{
		{"/etc/hosts", Deny, "blocked"},
		{"~/.ssh/config", Deny, "blocked"},
		{"~/.claude/hooks/test.py", Allow, "safe"},
		{"~/projects/myapp/src/main.py", Allow, "safe"},
		{"~/random-repo/file.txt", Allow, "safe"},
		{"~/Downloads/file.txt", Ask, "outside"},
		{"/usr/local/bin/x", Deny, "blocked"},
	}
	for _, tt := range tests {
		for _, a := range []Action{Write, Delete} {
			d := pol.Decide(e, tt.path, a)
			if d.Verdict != tt.verdict || d.PathContext != tt.context {
				t.Errorf("%s %s: %+v, want %s/%s", a, tt.path, d, tt.verdict, tt.context)
			}
		}
	}
	// Blocked wins over git.
	os.MkdirAll(filepath.Join(h, ".aws", ".git"), 0o755)
	if d := pol.Decide(e, "~/.aws/credentials", Write); d.Verdict != Deny {
		t.Errorf("a git repository under a blocked path: %+v", d)
	}
}

func TestDefaultBlockedSparesTheProject(t *testing.T) {
	t.Parallel()
	e := Env{Project: "/var/www/app", Cwd: "/var/www/app", Home: home}
	if d := DefaultPolicy().Decide(e, "lib/x.php", Write); d.Verdict != Allow {
		t.Errorf("a project under /var must stay workable: %+v", d)
	}
	if d := DefaultPolicy().Decide(e, "/var/log/x", Write); d.Verdict != Deny {
		t.Errorf("/var outside the project stays blocked: %+v", d)
	}
}

func TestParsePolicy(t *testing.T) {
	t.Parallel()
	own := `{"corral": 1, "sandbox": {"dir": "x"}, "bash": {"commands": []},
	  "paths": {"allow_only": ["src/**"], "protected": ["secret/**"], "blocked": ["/opt"], "safe_dirs": ["/tmp"]}}`
	p, err := ParsePolicy("own.json", []byte(own))
	if err != nil {
		t.Fatal(err)
	}
	pol := DefaultPolicy().Merge(p)
	if d := pol.Decide(env, "docs/x.md", Write); d.Verdict != Deny || d.Rule != "allowlist" {
		t.Errorf("own allow_only: %+v", d)
	}
	if d := pol.Decide(env, "src/x.ts", Write); d.Verdict != Allow {
		t.Errorf("own policy replaces the seed 001 defaults (src/** no longer warned): %+v", d)
	}
	if d := pol.Decide(env, "/opt/x", Write); d.Verdict != Deny || d.Source != "own.json" {
		t.Errorf("own blocked: %+v", d)
	}
	for name, bad := range map[string]string{
		"json":             `{"protected": [`,
		"pattern":          `{"protected": ["[unclosed"]}`,
		"unknown":          `{"hello": 1}`,
		"relative blocked": `{"version": 1, "blocked_paths": ["etc"]}`,
	} {
		if _, err := ParsePolicy(name, []byte(bad)); err == nil {
			t.Errorf("%s: accepted %s", name, bad)
		}
	}
	if p, err := ParsePolicy("list", []byte(`["src/**"]`)); err != nil || len(p.allow) != 1 {
		t.Errorf("array policy: %v %v", p, err)
	}
}

func TestCreateScratch(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	now := time.Date(2026, 2, 4, 10, 0, 0, 0, time.UTC)
	dir, err := CreateScratch(proj, "auth-investigation", now)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(proj, "agent_sandbox", "2026-02-04", "auth-investigation"); dir != want {
		t.Errorf("dir = %s, want %s", dir, want)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Fatal("scratch dir not created")
	}
	os.WriteFile(filepath.Join(proj, ".gitignore"), []byte("node_modules"), 0o644)
	for i := 0; i < 3; i++ {
		if _, err := CreateScratch(proj, "api-research", now); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := os.ReadFile(filepath.Join(proj, ".gitignore"))
	if string(got) != "node_modules\nagent_sandbox/\n" {
		t.Errorf(".gitignore = %q", got)
	}
	for _, bad := range []string{"", ".", "..", "a/b", "../x", "123", ".hidden", "a b"} {
		if _, err := CreateScratch(proj, bad, now); err == nil {
			t.Errorf("context %q accepted", bad)
		}
	}
}

func TestDeleteRegenerable(t *testing.T) {
	t.Parallel()
	if d := DefaultPolicy().Decide(env, "node_modules", Delete); d.Verdict != Warn {
		t.Errorf("deleting node_modules is routine (warn): %+v", d)
	}
	if d := DefaultPolicy().Decide(env, ".git", Delete); d.Verdict != Ask {
		t.Errorf("deleting .git asks: %+v", d)
	}
}

func TestDefaultTempDirs(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"/tmp/x", "/var/tmp/x", "/var/folders/ab/T/x", "/private/tmp/x"} {
		if d := DefaultPolicy().Decide(env, p, Write); d.Verdict != Allow {
			t.Errorf("%s: %+v", p, d)
		}
	}
	if d := DefaultPolicy().Decide(env, "/var/lib/x", Write); d.Verdict != Deny {
		t.Errorf("/var/lib stays blocked: %+v", d)
	}
}
