package guards

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

type decideCase struct {
	path    string
	action  Action
	verdict Verdict
	rule    string
	pattern string
	// message is the exact message, or a prefix of it when it ends in "…".
	message string
	context string
}

func (tt decideCase) check(t *testing.T, pol *Policy, e Env) {
	t.Helper()
	d := pol.Decide(e, tt.path, tt.action)
	ok := d.Verdict == tt.verdict && d.Rule == tt.rule && d.Pattern == tt.pattern && d.PathContext == tt.context
	if m, prefix := strings.CutSuffix(tt.message, "…"); prefix {
		ok = ok && strings.HasPrefix(d.Message, m)
	} else {
		ok = ok && d.Message == tt.message
	}
	if !ok {
		t.Errorf("%s %s: got %s rule=%q pattern=%q context=%q message=%q\nwant %s rule=%q pattern=%q context=%q message=%q",
			tt.action, tt.path, d.Verdict, d.Rule, d.Pattern, d.PathContext, d.Message,
			tt.verdict, tt.rule, tt.pattern, tt.context, tt.message)
	}
	if d.Path.Given != tt.path {
		t.Errorf("%s: Decision.Path.Given = %q", tt.path, d.Path.Given)
	}
}

// Seed 001's scenarios with the built-in defaults.
func TestDecideSeed001(t *testing.T) {
	t.Parallel()
	tests := []decideCase{
		{".git/config", Write, Deny, "protected-path", ".git/**", "Protected path: .git/config cannot be modified", "safe"},
		{"secrets.key", Write, Deny, "protected-path", "*.key", "Protected path: secrets.key cannot be modified", "safe"},
		{"node_modules/x/y.js", Write, Deny, "protected-path", "node_modules/**", "Protected path: node_modules/x/y.js cannot be modified", "safe"},
		{".env", Write, Deny, "protected-path", ".env*", "Protected path: .env cannot be modified", "safe"},
		{".env.production", Write, Deny, "protected-path", ".env*", "Protected path: .env.production cannot be modified", "safe"},
		{"cert.pem", Write, Deny, "protected-path", "*.pem", "Protected path: cert.pem cannot be modified", "safe"},
		{"package-lock.json", Write, Deny, "protected-path", "package-lock.json", "Protected path: package-lock.json cannot be modified", "safe"},
		{"yarn.lock", Write, Deny, "protected-path", "yarn.lock", "Protected path: yarn.lock cannot be modified", "safe"},
		{"src/index.ts", Write, Warn, "warned-path", "src/**", "Production path: src/index.ts - ensure this is intentional", "safe"},
		{project + "/src/file.ts", Write, Warn, "warned-path", "src/**", "Production path: src/file.ts - ensure this is intentional", "safe"},
		{"plugins/iflow-dev/agents/new-agent.md", Write, Warn, "warned-path", "plugins/**/agents/*.md", "Production path: plugins/iflow-dev/agents/new-agent.md - ensure this is intentional", "safe"},
		{"plugins/x/commands/c.md", Write, Warn, "warned-path", "plugins/**/commands/*.md", "Production path: plugins/x/commands/c.md - ensure this is intentional", "safe"},
		{"plugins/x/skills/s/SKILL.md", Write, Warn, "warned-path", "plugins/**/skills/**", "Production path: plugins/x/skills/s/SKILL.md - ensure this is intentional", "safe"},
		{".claude-plugin/plugin.json", Write, Warn, "warned-path", ".claude-plugin/**", "Production path: .claude-plugin/plugin.json - ensure this is intentional", "safe"},
		{"docs/README.md", Write, Allow, "safe-path", "docs/**", "", "safe"},
		{"./docs/new-doc.md", Write, Allow, "safe-path", "docs/**", "", "safe"},
		{"agent_sandbox/2026-02-04/test/script.py", Write, Allow, "safe-path", "agent_sandbox/**", "", "safe"},
		{"tests/a_test.go", Write, Allow, "safe-path", "tests/**", "", "safe"},
		{"README.md", Write, Allow, "safe-path", "*.md", "", "safe"},
		// Unmatched: silent; the guardrails layer says why it is safe.
		{"random/file.txt", Write, Allow, "safe-path", "(project)", "", "safe"},
		{"docs/guide.md", Write, Allow, "safe-path", "docs/**", "", "safe"},
		// Seed 001's *.key matches at the root only (REQ-9); keys, certificates
		// and .env files are protected at any depth by the defaults' own
		// **/ patterns (issue 12: a secret in a subdirectory is as secret).
		{"keys/server.key", Write, Deny, "protected-path", "**/*.key", "Protected path: keys/server.key cannot be modified", "safe"},
		{"deploy/tls/cert.pem", Write, Deny, "protected-path", "**/*.pem", "Protected path: deploy/tls/cert.pem cannot be modified", "safe"},
		{"config/.env.local", Write, Deny, "protected-path", "**/.env*", "Protected path: config/.env.local cannot be modified", "safe"},
		// Seed 001's patterns are project-relative: outside, they match nothing.
		{"/home/u/other/.git/config", Write, Ask, "outside-safe-path", "", "Outside safe paths: /home/u/other/.git/config is not in the project, the sandbox, a safe path or a git repository", "outside"},
	}
	for _, tt := range tests {
		tt.check(t, DefaultPolicy(), env)
	}
}

// Deletions under seed 001: protected asks, regenerable warns, and a
// directory counts with what it holds.
func TestDecideSeed001Delete(t *testing.T) {
	t.Parallel()
	tests := []decideCase{
		{".env", Delete, Ask, "protected-path", ".env*", "Protected path: .env cannot be modified", "safe"},
		{".git", Delete, Ask, "protected-path", ".git/**", "Protected path: .git cannot be modified", "safe"},
		{".git/index.lock", Delete, Ask, "protected-path", ".git/**", "Protected path: .git/index.lock cannot be modified", "safe"},
		{"node_modules", Delete, Warn, "protected-path", "node_modules/**", "Protected path: deleting node_modules (node_modules/**), which its package manager makes again", "safe"},
		{"package-lock.json", Delete, Warn, "protected-path", "package-lock.json", "Protected path: deleting package-lock.json (package-lock.json), which its package manager makes again", "safe"},
		{".", Delete, Ask, "protected-path", ".git/**", "Protected path: deleting . would delete .git/**, which cannot be modified", "safe"},
		{"./", Delete, Ask, "protected-path", ".git/**", "Protected path: deleting . would delete .git/**, which cannot be modified", "safe"},
		{"plugins", Delete, Warn, "warned-path", "plugins/**/agents/*.md", "Production path: plugins - ensure this is intentional", "safe"},
		{"src/old.ts", Delete, Warn, "warned-path", "src/**", "Production path: src/old.ts - ensure this is intentional", "safe"},
		{"build", Delete, Allow, "safe-path", "(project)", "", "safe"},
		{"docs/old.md", Delete, Allow, "safe-path", "docs/**", "", "safe"},
	}
	for _, tt := range tests {
		tt.check(t, DefaultPolicy(), env)
	}
}

// Seed 000's scenarios through FILE_RESTRICTIONS.
func TestDecideSeed000(t *testing.T) {
	t.Parallel()
	for _, tt := range seed000Patterns {
		al, err := AllowListFromEnv(`["` + tt.pattern + `"]`)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tt.match {
			if d := al.Decide(env, m, Write); d.Verdict != Allow || d.Rule != "allowlist" || d.Pattern != tt.pattern {
				t.Errorf("%s should allow %s: %+v", tt.pattern, m, d)
			}
		}
		for _, m := range tt.noMatch {
			want := "File restriction: " + m + " is outside allowed patterns: ['" + tt.pattern + "']"
			if d := al.Decide(env, m, Write); d.Verdict != Deny || d.Rule != "allowlist" || d.Message != want {
				t.Errorf("%s should deny %s: %+v, want %q", tt.pattern, m, d, want)
			}
		}
	}

	al, _ := AllowListFromEnv(`["src/workers/**", "src/core/**"]`)
	tests := []decideCase{
		{"src/workers/pool.ts", Write, Allow, "allowlist", "src/workers/**", "", "n/a"},
		{"/home/u/proj/src/core/x.ts", Write, Allow, "allowlist", "src/core/**", "", "n/a"},
		{"docs/bar.md", Write, Deny, "allowlist", "", "File restriction: docs/bar.md is outside allowed patterns: ['src/workers/**', 'src/core/**']", "n/a"},
		{"src/workers/../core/x.ts", Write, Deny, "traversal", "", "File restriction: path contains directory traversal: src/workers/../core/x.ts", "n/a"},
		{"../proj/src/core/x.ts", Write, Deny, "traversal", "", "File restriction: path contains directory traversal: ../proj/src/core/x.ts", "n/a"},
		{"/etc/passwd", Write, Deny, "allowlist", "", "File restriction: /etc/passwd is outside allowed patterns: ['src/workers/**', 'src/core/**']", "n/a"},
		{"src/x.ts", Delete, Deny, "allowlist", "", "File restriction: src/x.ts is outside allowed patterns: …", "n/a"},
		// Streams are not files: 2>/dev/null stays possible.
		{"/dev/null", Write, Allow, "device", "", "", "n/a"},
		{"/dev/stderr", Write, Allow, "device", "", "", "n/a"},
		// A name with two dots is no traversal.
		{"src/workers/a..b.ts", Write, Allow, "allowlist", "src/workers/**", "", "n/a"},
	}
	for _, tt := range tests {
		tt.check(t, al, env)
	}

	// Combined with the defaults, the most severe verdict wins.
	pol := DefaultPolicy().Merge(al)
	for _, tt := range []decideCase{
		{"src/workers/pool.ts", Write, Warn, "warned-path", "src/**", "Production path: src/workers/pool.ts - ensure this is intentional", "safe"},
		{"docs/a.md", Write, Deny, "allowlist", "", "File restriction: docs/a.md is outside allowed patterns: …", "safe"},
		{"/etc/hosts", Write, Deny, "allowlist", "", "File restriction: /etc/hosts is outside allowed patterns: …", "blocked"},
	} {
		tt.check(t, pol, env)
	}
}

func TestAllowListFromEnv(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"", "[]", "  ", " [ ] "} {
		if p, err := AllowListFromEnv(v); p != nil || err != nil {
			t.Errorf("AllowListFromEnv(%q) = %v, %v; want no restriction", v, p, err)
		}
	}
	for _, v := range []string{"not json", `"src/**"`, `{"a": 1}`, `[1]`, `["[bad"]`, `[""]`} {
		p, err := AllowListFromEnv(v)
		if err == nil || p != nil {
			t.Errorf("AllowListFromEnv(%q) = %v, %v; want an error", v, p, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "FILE_RESTRICTIONS: ") {
			t.Errorf("error %q does not name FILE_RESTRICTIONS", err)
		}
	}
}

// Seed 002's path table, with git-aware detection, in a temporary home.
func TestDecideSeed002(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	h := filepath.Join(root, "home")
	for _, repo := range []string{"random-repo", ".aws", ".pyenv", "work/.tools/x", "made"} {
		os.MkdirAll(filepath.Join(h, repo, ".git"), 0o755)
		os.WriteFile(filepath.Join(h, repo, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	}
	os.MkdirAll(filepath.Join(h, "Downloads"), 0o755)
	os.MkdirAll(filepath.Join(h, "nohead", ".git"), 0o755)
	g, err := ParsePolicy("guardrails.json", []byte(`{"version": 1,
		"safe_paths": ["~/.claude", "~/projects"],
		"blocked_paths": ["/etc", "/usr", "/var", "/boot", "/sys", "/proc", "~/.ssh", "~/.gnupg", "~/.aws"],
		"rules": {"bash": [{"pattern": "rm -rf /", "action": "block"}],
		  "write": [{"path_patterns": ["blocked_paths"], "action": "block"}, {"path_patterns": ["outside_safe_paths"], "action": "confirm"}],
		  "edit": [{"path_patterns": ["blocked_paths"], "action": "block"}, {"path_patterns": ["outside_safe_paths"], "action": "confirm"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	pol := DefaultPolicy().Merge(g)
	proj := filepath.Join(h, "proj")
	e := Env{Project: proj, Cwd: proj, Home: h, Sandbox: filepath.Join(h, "sandbox")}
	const src = "guardrails.json"
	tests := []struct {
		path    string
		verdict Verdict
		rule    string
		pattern string
		context string
	}{
		{"/etc/hosts", Deny, "blocked-path", "/etc", "blocked"},
		{"~/.ssh/config", Deny, "blocked-path", "~/.ssh", "blocked"},
		{"~/.claude/hooks/test.py", Allow, "safe-path", "~/.claude", "safe"},
		{"~/projects/myapp/src/main.py", Allow, "safe-path", "~/projects", "safe"},
		{"~/random-repo/file.txt", Allow, "safe-path", "(git repository)", "safe"},
		{"~/random-repo/new/dir/file.txt", Allow, "safe-path", "(git repository)", "safe"},
		{"~/Downloads/file.txt", Ask, "outside-safe-path", "", "outside"},
		// Not an intentional project: a tool installed by git clone in a
		// hidden directory (on PATH, or run at every shell start), a
		// repository's own .git, a .git directory git would not take for
		// a repository.
		{"~/.pyenv/shims/git", Ask, "outside-safe-path", "", "outside"},
		{"~/work/.tools/x/bin/run", Ask, "outside-safe-path", "", "outside"},
		{"~/random-repo/.git/hooks/pre-commit", Ask, "outside-safe-path", "", "outside"},
		{"~/random-repo/.git", Ask, "outside-safe-path", "", "outside"},
		{"~/nohead/file.txt", Ask, "outside-safe-path", "", "outside"},
		{"~/made/src/x.go", Allow, "safe-path", "(git repository)", "safe"},
		{"~/sandbox/x", Allow, "safe-path", "(sandbox)", "safe"},
		{"~/sandbox/../x", Ask, "outside-safe-path", "", "outside"},
		{"~/sandbox-evil/x", Ask, "outside-safe-path", "", "outside"},
		{"/usr/local/bin/x", Deny, "blocked-path", "/usr", "blocked"},
		// Blocked wins over git (~/.aws holds a .git).
		{"~/.aws/credentials", Deny, "blocked-path", "~/.aws", "blocked"},
		// A file's layer replaces the built-in one: /tmp is no longer safe.
		{"/tmp/corral-guards-test-nonexistent/x", Ask, "outside-safe-path", "", "outside"},
		{"src/x.go", Warn, "warned-path", "src/**", "safe"},
		{"notes.txt", Allow, "safe-path", "(project)", "safe"},
	}
	for _, tt := range tests {
		for _, a := range []Action{Write, Delete} {
			d := pol.Decide(e, tt.path, a)
			if tt.rule == "warned-path" || tt.pattern == "(project)" {
				if d.Verdict != tt.verdict || d.Rule != tt.rule || d.PathContext != tt.context {
					t.Errorf("%s %s: %+v", a, tt.path, d)
				}
				continue
			}
			if d.Verdict != tt.verdict || d.Rule != tt.rule || d.Pattern != tt.pattern || d.PathContext != tt.context || d.Source != src {
				t.Errorf("%s %s: %+v, want %s %s %s %s", a, tt.path, d, tt.verdict, tt.rule, tt.pattern, tt.context)
			}
		}
	}
	// Deleting a directory that holds a blocked one is blocked too.
	for _, p := range []string{"~", "~/", "/"} {
		d := pol.Decide(e, p, Delete)
		if d.Verdict != Deny || d.Rule != "blocked-path" || !strings.Contains(d.Message, "would delete") {
			t.Errorf("delete %s: %+v", p, d)
		}
		if d := pol.Decide(e, p, Write); p != "/" && d.Verdict == Deny {
			t.Errorf("write %s is no deletion of what it holds: %+v", p, d)
		}
	}
}

// The built-in guardrails layer: temporary directories are safe; the
// blocked system directories do not apply inside the project.
func TestDecideDefaultGuardrails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env     Env
		path    string
		verdict Verdict
		rule    string
		context string
	}{
		{env, "/tmp/x", Allow, "safe-path", "safe"},
		{env, "/var/tmp/x", Allow, "safe-path", "safe"},
		{env, "/var/folders/ab/T/x", Allow, "safe-path", "safe"},
		{env, "/private/tmp/x", Allow, "safe-path", "safe"},
		{env, "/var/lib/x", Deny, "blocked-path", "blocked"},
		{env, "/etc/hosts", Deny, "blocked-path", "blocked"},
		{env, "~/.ssh/id_rsa", Deny, "blocked-path", "blocked"},
		{env, "~/.claude/agents/x.md", Ask, "agent-commands", "safe"},
		{env, "~/.claude/notes.md", Allow, "safe-path", "safe"},
		// Files that register hooks or run at login: the agent could switch
		// corral off through them (issue 12), safe directory or not.
		{env, "~/.claude/settings.json", Deny, "self-protection", "safe"},
		{env, "~/.claude/settings.local.json", Deny, "self-protection", "safe"},
		{env, "~/.claude/state/guardrails.json", Deny, "self-protection", "safe"},
		{env, "~/.config/corral/policy.json", Deny, "self-protection", "outside"},
		{env, "~/.codex/hooks.json", Deny, "self-protection", "outside"},
		{env, "~/.gemini/settings.json", Deny, "self-protection", "outside"},
		{env, "~/.bashrc", Deny, "self-protection", "outside"},
		{env, "~/.zshrc", Deny, "self-protection", "outside"},
		// Sourced by Debian's .bashrc (and Fedora's: ~/.bashrc.d/*),
		// fish's autoloaded functions and conf.d, user systemd units and
		// desktop autostart entries.
		{env, "~/.bash_aliases", Deny, "self-protection", "outside"},
		{env, "~/.bashrc.d/x.sh", Deny, "self-protection", "outside"},
		{env, "~/.config/fish/functions/ls.fish", Deny, "self-protection", "outside"},
		{env, "~/.config/fish/conf.d/x.fish", Deny, "self-protection", "outside"},
		{env, "~/.config/systemd/user/x.service", Deny, "self-protection", "outside"},
		{env, "~/.config/autostart/x.desktop", Deny, "self-protection", "outside"},
		// Issue 12: the user manager's runtime unit directory and
		// PowerShell's current-user modules.
		{env, "/run/user/1000/systemd/user/x.service", Deny, "self-protection", "outside"},
		{env, "~/.local/share/powershell/Modules/M/M.psm1", Deny, "self-protection", "outside"},
		{env, "~/.xprofile", Deny, "self-protection", "outside"},
		{env, "~/.config/fish/fish_variables", Ask, "outside-safe-path", "outside"},
		{env, "~/.ssh/authorized_keys", Deny, "blocked-path", "blocked"},
		{env, ".claude/settings.json", Deny, "self-protection", "safe"},
		{env, ".corral.json", Deny, "self-protection", "safe"},
		{env, ".cursor/hooks.json", Deny, "self-protection", "safe"},
		{env, "vendor/lib/.git/hooks/pre-commit", Deny, "self-protection", "safe"},
		// A subagent's text can run commands outside the hook: a write
		// asks by path (the hook then judges a Write by its text).
		{env, ".claude/agents/x.md", Ask, "agent-commands", "safe"},
		{env, "~/Downloads/x", Ask, "outside-safe-path", "outside"},
		{env, "/srv/x", Ask, "outside-safe-path", "outside"},
		{env, "agent_sandbox/x", Allow, "safe-path", "safe"},
		{Env{Project: "/var/www/app", Cwd: "/var/www/app", Home: home}, "lib/x.php", Allow, "safe-path", "safe"},
		{Env{Project: "/var/www/app", Cwd: "/var/www/app", Home: home}, "/var/log/x", Deny, "blocked-path", "blocked"},
		{Env{Project: "/var/www/app", Cwd: "/var/www/app", Home: home, Sandbox: "/var/sb"}, "/var/sb/x", Allow, "safe-path", "safe"},
		// The home directory is no project: its files are outside.
		{Env{Project: home, Cwd: home, Home: home}, "notes.txt", Ask, "outside-safe-path", "outside"},
	}
	for _, tt := range tests {
		for _, a := range []Action{Write, Delete} {
			d := DefaultPolicy().Decide(tt.env, tt.path, a)
			verdict, rule := tt.verdict, tt.rule
			if a == Delete && rule == AgentCodeRule {
				verdict, rule = Allow, "safe-path" // deleting a command runs nothing
			}
			if d.Verdict != verdict || d.Rule != rule || d.PathContext != tt.context {
				t.Errorf("%s %s from %s: %+v, want %s %s %s", a, tt.path, tt.env.Project, d, tt.verdict, tt.rule, tt.context)
			}
		}
	}
}

// guardrails.json's rules.write and rules.edit change what blocked and
// outside paths get, and may add rules.
func TestDecideGuardrailsRules(t *testing.T) {
	t.Parallel()
	g, err := ParsePolicy("g.json", []byte(`{"version": 1, "safe_paths": [], "blocked_paths": ["/etc", "/opt"],
	  "rules": {
	    "write": [{"path_patterns": ["blocked_paths"], "action": "confirm"},
	              {"path_patterns": ["outside_safe_paths"], "action": "allow"},
	              {"name": "prod-config", "pattern": "\\.prod\\.ya?ml$", "action": "warn"},
	              {"path_patterns": ["/srv/**"], "action": "block", "outside_safe_paths": true}],
	    "edit": [{"path_patterns": ["/opt"], "action": "block"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	e := Env{Project: project, Cwd: project, Home: home}
	tests := []decideCase{
		{"/etc/hosts", Write, Ask, "blocked-path", "/etc", "Blocked path: /etc/hosts is under /etc and cannot be modified", "blocked"},
		{"/opt/x", Write, Deny, "guardrails-rule", "/opt", "Guardrail rule guardrails-rule (/opt): /opt/x", "blocked"},
		{"/home/u/Downloads/x", Write, Allow, "outside-safe-path", "", "", "outside"},
		{"/home/u/Downloads/a.prod.yaml", Write, Warn, "prod-config", `\.prod\.ya?ml$`, "Guardrail rule prod-config (\\.prod\\.ya?ml$): /home/u/Downloads/a.prod.yaml", "outside"},
		{"config/a.prod.yml", Write, Warn, "prod-config", `\.prod\.ya?ml$`, "Guardrail rule prod-config (\\.prod\\.ya?ml$): /home/u/proj/config/a.prod.yml", "safe"},
		{"/srv/data", Delete, Deny, "guardrails-rule", "/srv/**", "Guardrail rule guardrails-rule (/srv/**): /srv/data", "outside"},
	}
	for _, tt := range tests {
		tt.check(t, g, e)
	}
}

func TestDecideLayers(t *testing.T) {
	t.Parallel()
	a, _ := AllowListFromEnv(`["src/**", "docs/**"]`)
	b, _ := ParsePolicy("mine.json", []byte(`{"corral": 1, "paths": {"allow_only": ["src/**"]}}`))
	w, _ := ParsePolicy("write-policies.json", []byte(`{"protected": ["secret/**"], "warned": ["**"], "safe": ["docs/**"]}`))
	pol := DefaultPolicy().Merge(a).Merge(b).Merge(w)
	tests := []decideCase{
		// Every allow-list must pass: docs/ passes the first, not the second.
		{"docs/a.md", Write, Deny, "allowlist", "", "File restriction: docs/a.md is outside allowed patterns: ['src/**']", "safe"},
		// The file's seed 001 layer replaced the defaults: .env is no longer protected.
		{"src/.env", Write, Warn, "warned-path", "**", "Production path: src/.env - ensure this is intentional", "safe"},
		// Protected first, then warned, then safe: secret/ is outside both
		// allow-lists too, and the earlier layer wins the tie.
		{"secret/k", Write, Deny, "allowlist", "", "File restriction: secret/k is outside allowed patterns: ['src/**', 'docs/**']", "safe"},
	}
	for _, tt := range tests {
		tt.check(t, pol, env)
	}
	// Warned before safe inside the seed 001 layer.
	tt := decideCase{"docs/a.md", Write, Warn, "warned-path", "**", "Production path: docs/a.md - ensure this is intentional", "safe"}
	tt.check(t, DefaultPolicy().Merge(w), env)

	want := []string{"allow-list FILE_RESTRICTIONS", "allow-list mine.json", "write policy write-policies.json", "guardrails default"}
	if got := pol.Sources(); !reflect.DeepEqual(got, want) {
		t.Errorf("Sources() = %q, want %q", got, want)
	}
}

func TestMerge(t *testing.T) {
	t.Parallel()
	def := DefaultPolicy()
	w, _ := ParsePolicy("w.json", []byte(`{"protected": ["x/**"]}`))
	g, _ := ParsePolicy("g.json", []byte(`{"version": 1, "blocked_paths": ["/opt"]}`))
	merged := def.Merge(w).Merge(g)
	if merged.write != w.write || merged.guard != g.guard {
		t.Error("a file's layers do not replace the defaults")
	}
	if def.write.source != DefaultSource || def.guard.source != DefaultSource {
		t.Error("Merge changed its receiver")
	}
	// A file with only an allow-list keeps the layers it merges into.
	a, _ := AllowListFromEnv(`["src/**"]`)
	if m := merged.Merge(a); m.write != w.write || m.guard != g.guard || len(m.allow) != 1 {
		t.Errorf("merging an allow-list: %+v", m)
	}
	// Nil on either side.
	var none *Policy
	if m := none.Merge(def); m.write != def.write || m.guard != def.guard {
		t.Error("nil.Merge(def) lost def's layers")
	}
	if m := def.Merge(nil); m.write != def.write || m.guard != def.guard {
		t.Error("def.Merge(nil) lost def's layers")
	}
	if d := none.Decide(env, ".git/config", Write); d.Verdict != Allow || d.Path.Rel != ".git/config" {
		t.Errorf("a nil policy allows: %+v", d)
	}
	if d := (&Policy{}).Decide(env, "/etc/x", Delete); d.Verdict != Allow || d.PathContext != "n/a" {
		t.Errorf("an empty policy allows: %+v", d)
	}
}

func TestVerdict(t *testing.T) {
	t.Parallel()
	if !(Allow < Warn && Warn < Ask && Ask < Deny) {
		t.Error("verdicts out of order")
	}
	for v, s := range map[Verdict]string{Allow: "allow", Warn: "warn", Ask: "ask", Deny: "deny", Verdict(9): "Verdict(9)"} {
		if v.String() != s {
			t.Errorf("%d.String() = %q, want %q", int(v), v.String(), s)
		}
	}
	b, err := json.Marshal(Decision{Verdict: Ask})
	if err != nil || !strings.Contains(string(b), `"verdict":"ask"`) {
		t.Errorf("Decision JSON: %s %v", b, err)
	}
	if Write.String() != "write" || Delete.String() != "delete" {
		t.Error("Action.String")
	}
	for s, want := range map[string]Verdict{"block": Deny, "DENY": Deny, "confirm": Ask, "ask": Ask, "warn": Warn, "allow": Allow} {
		if v, ok := ParseAction(s); !ok || v != want {
			t.Errorf("ParseAction(%q) = %v, %v", s, v, ok)
		}
	}
	if _, ok := ParseAction("maybe"); ok {
		t.Error("ParseAction accepted maybe")
	}
}

func TestPyRepr(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"src/**": `'src/**'`, "it's": `"it's"`, `a'b"c`: `'a\'b"c'`, `back\slash`: `'back\\slash'`, "tab\t": `'tab\t'`,
	} {
		if got := pyRepr(in); got != want {
			t.Errorf("pyRepr(%q) = %s, want %s", in, got, want)
		}
	}
}
