package guards

import (
	"errors"
	"strings"
	"testing"
)

func TestParsePolicyFormats(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data   string
		allow        int
		write, guard bool
		path         string
		verdict      Verdict
		rule, source string
	}{
		{
			name:  "write-policies.json",
			data:  `{"protected": ["secret/**", "./vault/*.txt"], "warned": ["app/**"], "safe": ["notes/**"]}`,
			write: true, path: "vault/a.txt", verdict: Deny, rule: "protected-path", source: "write-policies.json",
		},
		{
			name: "write-policies.json", data: `{"protected": [], "warned": ["app/**"]}`,
			write: true, path: "app/x", verdict: Warn, rule: "warned-path", source: "write-policies.json",
		},
		{
			name: "guardrails.json",
			data: `{"version": 1, "safe_paths": ["~/.claude", "~/projects/*"], "blocked_paths": ["/etc", "~/.ssh"],
			  "rules": {"bash": [{"pattern": "rm -rf /", "action": "block"}, {"pattern": "shutdown", "action": "confirm", "name": "power"}]}}`,
			guard: true, path: "~/.ssh/x", verdict: Deny, rule: "blocked-path", source: "guardrails.json",
		},
		{
			name: "guardrails-minimal.json", data: `{"version": 1}`,
			guard: true, path: "/srv/x", verdict: Ask, rule: "outside-safe-path", source: "guardrails-minimal.json",
		},
		{
			name: "corral.json",
			data: `{"corral": 1, "sandbox": {"dir": "~/work/sandbox", "mode": "rewrite"}, "bash": {"commands": [{"prefix": "x", "action": "ask"}]},
			  "paths": {"allow_only": ["/src/**"], "protected": [".env*"], "warned": ["src/**"], "safe": ["docs/**"],
			    "blocked": ["/etc", "~/.ssh"], "safe_dirs": ["~/projects", "/tmp"], "git_aware": false}}`,
			allow: 1, write: true, guard: true, path: "docs/x", verdict: Deny, rule: "allowlist", source: "corral.json",
		},
		{
			name: "corral-bash-only.json", data: `{"corral": 1, "bash": {"rules": []}}`,
			path: "src/x", verdict: Warn, rule: "warned-path", source: "default",
		},
		{
			name: "corral-git.json", data: `{"corral": 1, "paths": {"git_aware": false}}`,
			guard: true, path: "/srv/x", verdict: Ask, rule: "outside-safe-path", source: "corral-git.json",
		},
		{
			name: "both.json", data: `{"protected": ["p/**"], "blocked_paths": ["/opt"]}`,
			write: true, guard: true, path: "/opt/x", verdict: Deny, rule: "blocked-path", source: "both.json",
		},
		{
			name: "list.json", data: ` ["src/**"] `,
			allow: 1, path: "lib/x", verdict: Deny, rule: "allowlist", source: "list.json",
		},
		{
			name: "empty-list.json", data: `[]`,
			path: "lib/x", verdict: Allow, rule: "safe-path", source: "default",
		},
	}
	for _, tt := range tests {
		p, err := ParsePolicy(tt.name, []byte(tt.data))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(p.allow) != tt.allow || (p.write != nil) != tt.write || (p.guard != nil) != tt.guard {
			t.Errorf("%s: layers allow=%d write=%v guard=%v", tt.name, len(p.allow), p.write != nil, p.guard != nil)
		}
		d := DefaultPolicy().Merge(p).Decide(env, tt.path, Write)
		if d.Verdict != tt.verdict || d.Rule != tt.rule || d.Source != tt.source {
			t.Errorf("%s: %s: %+v, want %s %s from %s", tt.name, tt.path, d, tt.verdict, tt.rule, tt.source)
		}
	}
}

// git_aware in corral's format turns detection off.
func TestParsePolicyGitAware(t *testing.T) {
	t.Parallel()
	on, _ := ParsePolicy("on", []byte(`{"corral": 1, "paths": {"blocked": []}}`))
	off, _ := ParsePolicy("off", []byte(`{"corral": 1, "paths": {"git_aware": false}}`))
	if !on.guard.gitAware || off.guard.gitAware {
		t.Errorf("git_aware: on=%v off=%v", on.guard.gitAware, off.guard.gitAware)
	}
}

func TestParsePolicyErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data string
		// want is the whole error message.
		want    string
		pattern string
	}{
		{"bad.json", `{"protected": [`, "bad.json:1:16: not valid JSON: unexpected end of file", ""},
		{"bad.json", "{\n  \"protected\": [\"a\",]\n}", "bad.json:2:21: not valid JSON: unexpected ']'", ""},
		{"empty.json", "  \n", "empty.json: empty policy file", ""},
		{"unknown.json", `{"hello": 1}`, `unknown.json:1:2: hello: unknown key "hello" (known: corral, protected, warned, safe, version, safe_paths, blocked_paths, rules)`, ""},
		{"w.json", `{"protected": [".git/**", "[unclosed"]}`, `w.json:1:27: protected[1]: invalid glob pattern "[unclosed"`, "[unclosed"},
		{"w.json", `{"warned": ["src/{a,b"]}`, `w.json:1:13: warned[0]: invalid glob pattern "src/{a,b"`, "src/{a,b"},
		{"w.json", `{"safe": [""]}`, `w.json:1:11: safe[0]: empty pattern ""`, ""},
		{"w.json", `{"safe": ["../up/**"]}`, `w.json:1:11: safe[0]: pattern "../up/**" contains ".."`, "../up/**"},
		{"w.json", `{"protected": "x"}`, "w.json:1:15: protected: want an array, got a string", ""},
		{"w.json", "{\"protected\": [\"a\"],\n \"protectd\": [\"b\"]}", `w.json:2:2: protectd: unknown key "protectd"; did you mean "protected"?`, ""},
		{"g.json", `{"version": 1, "blocked_paths": ["etc"]}`, `g.json:1:34: blocked_paths[0]: path "etc" must be absolute or start with ~/`, "etc"},
		{"g.json", `{"version": 1, "safe_paths": ["~/[x"]}`, `g.json:1:31: safe_paths[0]: invalid glob pattern "~/[x"`, "~/[x"},
		{"g.json", `{"version": "1"}`, `g.json:1:13: version: want a number, got a string`, ""},
		// An object where a list belongs must not silently drop a deny.
		{"g.json", `{"version": 1, "rules": {"bash": {"pattern": "rm -rf /", "action": "block"}}}`, `g.json:1:34: rules.bash: want an array, got an object`, ""},
		{"g.json", `{"rules": {"bash": [{"pattern": "(unclosed", "action": "block"}]}}`, "g.json:1:33: rules.bash[0].pattern: error parsing regexp: missing closing ): `(unclosed`", "(unclosed"},
		{"g.json", `{"rules": {"bash": [{"pattern": "x", "action": "whatever"}]}}`, `g.json:1:48: rules.bash[0].action: unknown action "whatever" (want block, confirm, warn or allow)`, ""},
		{"g.json", `{"rules": {"bash": [{"pattern": "x", "acton": "block"}]}}`, `g.json:1:38: rules.bash[0].acton: unknown key "acton"; did you mean "action"?`, ""},
		{"g.json", `{"rules": {"Bash": []}}`, `g.json:1:12: rules.Bash: unknown key "Bash"; did you mean "bash"?`, ""},
		{"g.json", `{"rules": {"write": [{"path_patterns": ["blocked_paths"], "action": "explode"}]}}`, `g.json:1:69: rules.write[0].action: unknown action "explode" (want block, confirm, warn or allow)`, ""},
		{"g.json", `{"rules": {"edit": [{"pattern": "(", "action": "block"}]}}`, "g.json:1:33: rules.edit[0].pattern: error parsing regexp: missing closing ): `(`", "("},
		{"g.json", `{"rules": {"write": [{"action": "block"}]}}`, `g.json:1:22: rules.write[0]: a rule needs "pattern" or "path_patterns"`, ""},
		{"g.json", `{"rules": {"write": [{"path_patterns": ["[x"], "action": "block"}]}}`, `g.json:1:41: rules.write[0].path_patterns[0]: invalid glob pattern "[x"`, "[x"},
		{"c.json", `{"corral": 1, "paths": {"allow_only": ["ok/**", "[bad"]}}`, `c.json:1:49: paths.allow_only[1]: invalid glob pattern "[bad"`, "[bad"},
		{"c.json", `{"corral": 1, "paths": {"blocked": ["rel"]}}`, `c.json:1:37: paths.blocked[0]: path "rel" must be absolute or start with ~/`, "rel"},
		{"c.json", `{"corral": 1, "paths": []}`, "c.json:1:24: paths: want an object, got an array", ""},
		{"c.json", `{"corral": 1, "paths": {"protected": [".env"], "future_key": 1}}`, `c.json:1:48: paths.future_key: unknown key "future_key" (known: allow_only, protected, warned, safe, blocked, safe_dirs, git_aware)`, ""},
		{"c.json", `{"corral": 1, "sandbox": {"mode": "rewrit"}}`, `c.json:1:35: sandbox.mode: "rewrit" is not rewrite or block; did you mean "rewrite"?`, ""},
		{"c.json", `{"corral": 1, "preset": "paranoia"}`, `c.json:1:25: preset: "paranoia" is not standard, strict or paranoid; did you mean "paranoid"?`, ""},
		{"c.json", `{"corral": 1, "bash": {"commands": [{"prefix": "terraform destroy"}]}}`, `c.json:1:37: bash.commands[0]: a rule needs "action"`, ""},
		{"c.json", `{"corral": 1, "agents": {"Explore": {"write": "deny"}}}`, `c.json:1:38: agents.Explore.write: unknown key "write"; did you mean "writes"?`, ""},
		{"c.json", `{"corral": 1, "agents": {"Explore": {"writes": "nope"}}}`, `c.json:1:48: agents.Explore.writes: unknown action "nope" (want block, confirm, warn or allow)`, ""},
		{"c.json", `{"corral": 1, "paths": {"git_aware": "no"}}`, `c.json:1:38: paths.git_aware: want true or false, got a string`, ""},
		{"l.json", `["ok", 3]`, "l.json:1:8: [1]: want a string, got a number", ""},
		{"n.json", `"x"`, "n.json:1:1: want an object (or an array of patterns), got a string", ""},
	}
	for _, tt := range tests {
		p, err := ParsePolicy(tt.name, []byte(tt.data))
		if err == nil {
			t.Errorf("%s %s: accepted: %+v", tt.name, tt.data, p)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("%s %s:\n got %s\nwant %s", tt.name, tt.data, err, tt.want)
		}
		var pe *PolicyError
		if !errors.As(err, &pe) || pe.File != tt.name || pe.Pattern != tt.pattern {
			t.Errorf("%s: not a *PolicyError naming the file and pattern %q: %#v", tt.name, tt.pattern, err)
		}
	}
}

func TestPolicyErrorUnwrap(t *testing.T) {
	t.Parallel()
	base := errors.New("boom")
	err := error(&PolicyError{File: "f", Field: "x[0]", Err: base})
	if !errors.Is(err, base) || !strings.HasPrefix(err.Error(), "f: x[0]: boom") {
		t.Errorf("PolicyError: %v", err)
	}
}
