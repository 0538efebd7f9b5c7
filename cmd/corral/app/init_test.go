package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fakeBinary = "/opt/corral/bin/corral"

// initArgs are init's flags for the scratch machine.
func (m *machine) registration(cmd string, args ...string) (int, string, string) {
	m.t.Helper()
	return m.run("", append([]string{cmd, "--binary", fakeBinary, "--project", m.project}, args...)...)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func backups(t *testing.T, path string) []string {
	t.Helper()
	m, err := filepath.Glob(path + ".corral-backup-*")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// oddSettings has another hook, permissions, unknown keys in an unusual
// order and compact formatting with tabs.
const oddSettings = "{\n\t\"zeta\": {\"keep\": [1, 2,3]},\n\t\"permissions\": {\"allow\": [\"Bash(ls)\"], \"deny\": []},\n\t\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"other-guard --rewrite\"}]}], \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify\"}]}]},\n\t\"alpha\": null\n}\n"

func TestInitClaudeMergesKeepsAndIsIdempotent(t *testing.T) {
	m := newMachine(t)
	path := filepath.Join(m.project, ".claude", "settings.json")
	writeFile(t, path, oddSettings)

	code, out, stderr := m.registration("init", "--scope", "project")
	if code != 0 {
		t.Fatalf("init: exit %d: %s %s", code, out, stderr)
	}
	got := readFile(t, path)
	for _, keep := range []string{`"zeta": {"keep": [1, 2,3]}`, `"permissions": {"allow": ["Bash(ls)"], "deny": []}`, `"alpha": null`,
		`"Stop": [{"hooks": [{"type": "command", "command": "notify"}]}]`, `"command": "other-guard --rewrite"`} {
		if !strings.Contains(got, keep) {
			t.Errorf("init lost or reformatted %s:\n%s", keep, got)
		}
	}
	// Key order is the file's.
	if zi, pi, hi, ai := strings.Index(got, `"zeta"`), strings.Index(got, `"permissions"`), strings.Index(got, `"hooks"`), strings.Index(got, `"alpha"`); !(zi < pi && pi < hi && hi < ai) {
		t.Errorf("key order changed:\n%s", got)
	}
	var s struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct{ Type, Command string }
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(got), &s); err != nil {
		t.Fatalf("init wrote invalid JSON: %v\n%s", err, got)
	}
	want := "/opt/corral/bin/corral hook --agent claude"
	pre := s.Hooks["PreToolUse"]
	if len(pre) != 2 || pre[1].Matcher != "^(Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob|Skill|ReadMcpResourceTool|mcp__.*)$" || pre[1].Hooks[0].Command != want || pre[1].Hooks[0].Type != "command" {
		t.Errorf("PreToolUse = %+v", pre)
	}
	if se := s.Hooks["SessionEnd"]; len(se) != 1 || se[0].Hooks[0].Command != want {
		t.Errorf("SessionEnd = %+v", se)
	}
	b := backups(t, path)
	if len(b) != 1 || readFile(t, b[0]) != oddSettings {
		t.Fatalf("backups %v (want one holding the original)", b)
	}
	if !strings.Contains(stderr, `"other-guard --rewrite"`) || !strings.Contains(stderr, "only one rewrite applies") {
		t.Errorf("no warning about the other Bash hook: %q", stderr)
	}

	// A second run changes nothing and writes no backup.
	code, out, _ = m.registration("init", "--scope", "project")
	if code != 0 || !strings.Contains(out, "already registered") || readFile(t, path) != got || len(backups(t, path)) != 1 {
		t.Errorf("second init: exit %d, %q; file changed: %v; backups %v", code, out, readFile(t, path) != got, backups(t, path))
	}

	// uninstall removes exactly what init added.
	code, out, _ = m.registration("uninstall", "--scope", "project")
	if code != 0 {
		t.Fatalf("uninstall: %d %s", code, out)
	}
	var before, after any
	_ = json.Unmarshal([]byte(oddSettings), &before)
	_ = json.Unmarshal([]byte(readFile(t, path)), &after)
	if !jsonEqual(before, after) {
		t.Errorf("uninstall did not restore the original:\n%s", readFile(t, path))
	}
	if strings.Contains(readFile(t, path), "corral") {
		t.Errorf("uninstall left corral in:\n%s", readFile(t, path))
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func TestInitScopes(t *testing.T) {
	m := newMachine(t)
	for scope, file := range map[string]string{
		"user":    filepath.Join(m.home, ".claude", "settings.json"),
		"project": filepath.Join(m.project, ".claude", "settings.json"),
		"local":   filepath.Join(m.project, ".claude", "settings.local.json"),
	} {
		code, out, stderr := m.registration("init", "--scope", scope)
		if code != 0 || !strings.Contains(readFile(t, file), `hook --agent claude`) {
			t.Errorf("--scope %s: exit %d %s %s", scope, code, out, stderr)
		}
	}
	// Without --scope, the user's file.
	m2 := newMachine(t)
	if code, _, _ := m2.registration("init"); code != 0 || !strings.Contains(readFile(t, filepath.Join(m2.home, ".claude", "settings.json")), "hook --agent claude") {
		t.Errorf("default scope is not user")
	}
	// An unknown scope or agent is an error, and nothing is written.
	if code, _, stderr := m2.registration("init", "--scope", "global"); code != 1 || !strings.Contains(stderr, "global") {
		t.Errorf("--scope global: %d %s", code, stderr)
	}
	if code, _, stderr := m2.registration("init", "--agent", "vim"); code != 1 || !strings.Contains(stderr, "unknown agent") {
		t.Errorf("--agent vim: %d %s", code, stderr)
	}
	// An agent with no such scope says which it has.
	if code, _, stderr := m2.registration("init", "--agent", "kimi", "--scope", "project"); code != 1 || !strings.Contains(stderr, "only from scope user") {
		t.Errorf("kimi --scope project: %d %s", code, stderr)
	}
}

func TestInitDryRun(t *testing.T) {
	m := newMachine(t)
	path := filepath.Join(m.home, ".claude", "settings.json")
	writeFile(t, path, "{\"model\": \"x\"}\n")
	code, out, _ := m.registration("init", "--dry-run")
	if code != 0 {
		t.Fatal(code)
	}
	if readFile(t, path) != "{\"model\": \"x\"}\n" || len(backups(t, path)) != 0 {
		t.Errorf("--dry-run changed the file or wrote a backup")
	}
	for _, want := range []string{"--- " + path, "+++ " + path, `-{"model": "x"}`, `+  "model": "x",`, `+            "command": "/opt/corral/bin/corral hook --agent claude"`, "would be registered"} {
		if !strings.Contains(out, want) {
			t.Errorf("dry-run output lacks %q:\n%s", want, out)
		}
	}
}

func TestInitInvalidJSONChangesNothing(t *testing.T) {
	m := newMachine(t)
	path := filepath.Join(m.home, ".claude", "settings.json")
	bad := "{\n  \"hooks\": {\n    \"PreToolUse\": [,]\n  }\n}\n"
	writeFile(t, path, bad)
	code, _, stderr := m.registration("init")
	if code != 1 || !strings.Contains(stderr, path+":3:20:") {
		t.Errorf("invalid JSON: exit %d, stderr %q (want %s:3:20)", code, stderr, path)
	}
	if readFile(t, path) != bad || len(backups(t, path)) != 0 {
		t.Errorf("invalid JSON file was changed")
	}
	// Truncated file: the error is at its end.
	writeFile(t, path, "{\"a\": [1,\n")
	if code, _, stderr := m.registration("init"); code != 1 || !strings.Contains(stderr, ":2:1: unexpected end of file") {
		t.Errorf("truncated: %d %q", code, stderr)
	}
	// hooks that is not an object is not overwritten.
	writeFile(t, path, `{"hooks": []}`)
	if code, _, stderr := m.registration("init"); code != 1 || !strings.Contains(stderr, "not an object") {
		t.Errorf("hooks array: %d %q", code, stderr)
	}
}

func TestInitReadOnly(t *testing.T) {
	m := newMachine(t)
	path := filepath.Join(m.home, ".claude", "settings.json")
	writeFile(t, path, "{}\n")
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := m.registration("init")
	if code != 1 || !strings.Contains(stderr, "read-only") || !strings.Contains(stderr, path) {
		t.Errorf("read-only file: %d %q", code, stderr)
	}
	if readFile(t, path) != "{}\n" || len(backups(t, path)) != 0 {
		t.Errorf("read-only file changed")
	}
	// A read-only directory: the file cannot be created.
	dir := filepath.Join(m.project, ".claude")
	if err := os.MkdirAll(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	code, _, stderr = m.registration("init", "--scope", "project")
	if code != 1 || !strings.Contains(stderr, "directory "+dir+" is read-only") {
		t.Errorf("read-only dir: %d %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "settings.json")); err == nil {
		t.Errorf("a file was created in a read-only directory")
	}
}

func TestInitSymlinkedSettings(t *testing.T) {
	m := newMachine(t)
	real := filepath.Join(m.home, "dotfiles", "claude-settings.json")
	writeFile(t, real, "{\"theme\": \"dark\"}\n")
	link := filepath.Join(m.home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := m.registration("init"); code != 0 {
		t.Fatalf("%d %s %s", code, out, stderr)
	}
	st, err := os.Lstat(link)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the symbolic link was replaced: %v", err)
	}
	if got := readFile(t, real); !strings.Contains(got, "hook --agent claude") || !strings.Contains(got, `"theme": "dark"`) {
		t.Errorf("the link's target was not updated:\n%s", got)
	}
	if b := backups(t, link); len(b) != 1 || readFile(t, b[0]) != "{\"theme\": \"dark\"}\n" {
		t.Errorf("backups %v", b)
	}
}

// TestInitEveryAgent registers and removes each agent in each of its
// scopes on a scratch machine: the file is valid in its format, a second
// run changes nothing, uninstall leaves no trace of corral.
func TestInitEveryAgent(t *testing.T) {
	for _, name := range []string{"claude", "codex", "gemini", "qwen", "copilot", "cursor", "windsurf", "cline", "crush",
		"factory", "kimi", "kiro", "augment", "hermes", "grok", "antigravity", "continue", "opencode"} {
		t.Run(name, func(t *testing.T) {
			m := newMachine(t)
			code, out, stderr := m.registration("init", "--agent", name)
			if code == 1 && strings.Contains(stderr, "only from scope project") {
				code, out, stderr = m.registration("init", "--agent", name, "--scope", "project")
			}
			if code != 0 {
				t.Fatalf("init: %d %s %s", code, out, stderr)
			}
			file := strings.TrimSpace(out[strings.Index(out, "registered in ")+len("registered in "):])
			file = file[:strings.Index(file, " (")]
			text := readFile(t, file)
			if !strings.Contains(text, "hook --agent "+name) && !strings.Contains(text, `"hook", "--agent", "opencode"`) {
				t.Errorf("%s does not run corral's hook:\n%s", file, text)
			}
			if strings.HasSuffix(file, ".json") && !json.Valid([]byte(text)) {
				t.Errorf("%s is not valid JSON:\n%s", file, text)
			}
			if code, out2, _ := m.run("", append([]string{"init", "--binary", fakeBinary, "--project", m.project, "--agent", name}, scopeArg(out)...)...); code != 0 || !strings.Contains(out2, "already registered") || readFile(t, file) != text {
				t.Errorf("second init: %d %s", code, out2)
			}
			if code, out3, stderr := m.registration("uninstall", "--agent", name); code != 0 {
				t.Fatalf("uninstall: %d %s %s", code, out3, stderr)
			}
			if b, err := os.ReadFile(file); err == nil && strings.Contains(string(b), "corral") {
				t.Errorf("uninstall left corral in %s:\n%s", file, b)
			}
		})
	}
}

func scopeArg(out string) []string {
	if strings.Contains(out, "(project scope)") {
		return []string{"--scope", "project"}
	}
	return nil
}

func TestInitKimiTOMLAndHermesYAML(t *testing.T) {
	m := newMachine(t)
	toml := filepath.Join(m.home, ".kimi-code", "config.toml")
	orig := "# my settings\ndefault_model = \"k2\"\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"notify-send done\"\n"
	writeFile(t, toml, orig)
	if code, out, stderr := m.registration("init", "--agent", "kimi"); code != 0 {
		t.Fatalf("%d %s %s", code, out, stderr)
	}
	got := readFile(t, toml)
	if !strings.HasPrefix(got, orig) || !strings.Contains(got, "[[hooks]]\nevent = \"PreToolUse\"\n") || !strings.Contains(got, `command = "/opt/corral/bin/corral hook --agent kimi"`) {
		t.Errorf("kimi config.toml:\n%s", got)
	}
	if code, _, _ := m.registration("uninstall", "--agent", "kimi"); code != 0 || readFile(t, toml) != orig {
		t.Errorf("uninstall did not restore config.toml:\n%s", readFile(t, toml))
	}
	writeFile(t, toml, "model = \"unterminated\n")
	if code, _, stderr := m.registration("init", "--agent", "kimi"); code != 1 || !strings.Contains(stderr, toml+":1:9: unterminated string") {
		t.Errorf("bad TOML: %d %q", code, stderr)
	}

	yaml := filepath.Join(m.home, ".hermes", "config.yaml")
	for _, tc := range []struct{ name, orig, want string }{
		{"empty-flow", "model: x\nhooks: {}\nmcp_servers: {}\n", "hooks:\n  pre_tool_call:\n    - matcher: "},
		{"block", "hooks:\n  on_session_end:\n    - command: bye\n", "hooks:\n  # >>> corral"},
		{"existing-event", "hooks:\n    pre_tool_call:\n    -   command: other\n", "    pre_tool_call:\n    # >>> corral"},
		{"none", "model: x\n", "model: x\n\n# >>> corral"},
	} {
		writeFile(t, yaml, tc.orig)
		if code, out, stderr := m.registration("init", "--agent", "hermes"); code != 0 {
			t.Fatalf("%s: %d %s %s", tc.name, code, out, stderr)
		}
		got := readFile(t, yaml)
		if !strings.Contains(got, tc.want) || !strings.Contains(got, `command: "/opt/corral/bin/corral hook --agent hermes"`) {
			t.Errorf("%s: config.yaml:\n%s", tc.name, got)
		}
		if code, _, _ := m.registration("uninstall", "--agent", "hermes"); code != 0 || readFile(t, yaml) != tc.orig {
			t.Errorf("%s: uninstall did not restore config.yaml:\n%q\nwant\n%q", tc.name, readFile(t, yaml), tc.orig)
		}
	}
	writeFile(t, yaml, "model: x\n\tbad: 1\n")
	if code, _, stderr := m.registration("init", "--agent", "hermes"); code != 1 || !strings.Contains(stderr, yaml+":2:1: tab") {
		t.Errorf("bad YAML: %d %q", code, stderr)
	}
}

func TestInitRefusesForeignHookFiles(t *testing.T) {
	m := newMachine(t)
	script := filepath.Join(m.home, ".cline", "hooks", "PreToolUse")
	writeFile(t, script, "#!/bin/sh\necho mine\n")
	if code, _, stderr := m.registration("init", "--agent", "cline"); code != 1 || !strings.Contains(stderr, "not written by corral") {
		t.Errorf("foreign Cline hook: %d %q", code, stderr)
	}
	if readFile(t, script) != "#!/bin/sh\necho mine\n" {
		t.Errorf("foreign hook replaced")
	}
	if code, _, _ := m.registration("uninstall", "--agent", "cline"); code != 0 || readFile(t, script) != "#!/bin/sh\necho mine\n" {
		t.Errorf("uninstall touched a foreign hook")
	}
}
