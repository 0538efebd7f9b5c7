package syntax

import (
	"encoding/json"
	"path/filepath"
	"strings"
)

// Other agents' settings files that approve their tool calls or register
// MCP servers, beside VS Code's folder settings (red team 16 RG1b). Each
// agent reads them at start, outside corral's hook: a file that allows
// every shell command, or starts a server (a program the agent runs), lets
// that agent do what corral would have asked about. A write of text that
// sets such a key asks (the Write and Edit tools in cmd/corral/app, a Bash
// write in editorSettingsWrite); harmless text passes, and text only known
// at run time asks. The files, from each agent's documentation:
//   - Cursor CLI: the project's .cursor/cli.json (only "permissions" is read
//     there) and the user's ~/.cursor/cli-config.json (also
//     $XDG_CONFIG_HOME/cursor/cli-config.json): a non-empty
//     permissions.allow list ("Shell(**)", "Mcp(server, tool)") or an
//     approvalMode other than the default; Cursor's ~/.cursor/permissions.json:
//     mcpAllowlist, terminalAllowlist.
//   - Amp: the workspace's .amp/settings.json(c) and the user's
//     ~/.config/amp/settings.json(c): amp.dangerouslyAllowAll,
//     amp.commands.allowlist, amp.permissions with an "allow" rule,
//     amp.mcpServers (dotted or nested, as VS Code's keys).
//   - Continue: the YAML (or older JSON) configuration in .continue/
//     (config.yaml, config.json, assistants/*.yaml, agents/*.yaml, in a
//     project or the home directory): a non-empty mcpServers (or
//     experimental.modelContextProtocolServers); the CLI's
//     ~/.continue/permissions.yaml: a non-empty allow list.
//   - Aider: .aider.conf.yml (project or home): yes-always true, which
//     confirms every question, shell commands included.
//   - Goose: ~/.config/goose/config.yaml: GOOSE_MODE auto (no approval)
//     and extensions (the MCP servers it starts).

// agentSettingsKind is which agent's settings file a path is.
type agentSettingsKind int

const (
	notAgentSettings agentSettingsKind = iota
	vscodeSettings
	cursorCLISettings
	cursorPermissions
	ampSettings
	continueConfig
	continuePermissions
	aiderConfig
	gooseConfig
)

// agentSettingsKindOf names the settings file at path by its last
// components (the same file in a project or under the home directory).
func agentSettingsKindOf(path string) agentSettingsKind {
	path = filepath.Clean(path)
	base := filepath.Base(path)
	dir := filepath.Dir(path)
	parent := filepath.Base(dir)
	grand := filepath.Base(filepath.Dir(dir))
	yaml := strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")
	switch {
	case base == "settings.json" && parent == ".vscode":
		return vscodeSettings
	case parent == ".cursor" && (base == "cli.json" || base == "cli-config.json"),
		parent == "cursor" && base == "cli-config.json" && grand == ".config":
		return cursorCLISettings
	case parent == ".cursor" && base == "permissions.json":
		return cursorPermissions
	case (base == "settings.json" || base == "settings.jsonc") && (parent == ".amp" || parent == "amp" && grand == ".config"):
		return ampSettings
	case parent == ".continue" && base == "permissions.yaml":
		return continuePermissions
	case parent == ".continue" && (base == "config.yaml" || base == "config.yml" || base == "config.json"),
		yaml && (parent == "assistants" || parent == "agents") && grand == ".continue":
		return continueConfig
	case base == ".aider.conf.yml" || base == ".aider.conf.yaml":
		return aiderConfig
	case parent == "goose" && grand == ".config" && (base == "config.yaml" || base == "config.yml"):
		return gooseConfig
	}
	return notAgentSettings
}

// AgentSettingsFile reports a settings file of an editor or agent whose
// text can approve that agent's tools or register MCP servers (VS Code's
// folder settings included).
func AgentSettingsFile(path string) bool {
	return agentSettingsKindOf(path) != notAgentSettings
}

// AgentSettingsApproval returns the key a settings text written to path
// sets that approves an agent's tools or registers MCP servers, for the
// files AgentSettingsFile reports; ok is false for harmless text and
// other files.
func AgentSettingsApproval(path, text string) (string, bool) {
	kind := agentSettingsKindOf(path)
	switch kind {
	case vscodeSettings:
		return EditorAgentApproval(text)
	case cursorCLISettings, cursorPermissions, ampSettings:
		var doc map[string]any
		if json.Unmarshal([]byte(StripJSONC(text)), &doc) != nil {
			return "", false
		}
		return jsonAgentApproval(kind, doc)
	case continueConfig:
		var doc map[string]any
		if json.Unmarshal([]byte(StripJSONC(text)), &doc) == nil {
			for _, key := range []string{"mcpServers", "experimental.modelContextProtocolServers"} {
				if v, ok := settingAt(doc, key); ok && settingOn(v) {
					return key, true
				}
			}
			return "", false
		}
		if agentYAMLKeySet(text, "mcpServers") {
			return "mcpServers", true
		}
	case continuePermissions:
		if agentYAMLKeySet(text, "allow") {
			return "allow", true
		}
	case aiderConfig:
		if v, ok := agentYAMLScalar(text, "yes-always"); ok && agentYAMLTrue(v) {
			return "yes-always", true
		}
	case gooseConfig:
		if v, ok := agentYAMLScalar(text, "GOOSE_MODE"); ok && strings.Trim(v, `"'`) == "auto" {
			return "GOOSE_MODE", true
		}
		if agentYAMLKeySet(text, "extensions") {
			return "extensions", true
		}
	}
	return "", false
}

// jsonAgentApproval judges the JSON settings of Cursor and Amp.
func jsonAgentApproval(kind agentSettingsKind, doc map[string]any) (string, bool) {
	switch kind {
	case cursorCLISettings:
		if v, ok := settingAt(doc, "permissions.allow"); ok && settingOn(v) {
			return "permissions.allow", true
		}
		if v, ok := doc["approvalMode"].(string); ok && v != "" && v != "default" && v != "ask" && v != "manual" {
			return "approvalMode", true
		}
	case cursorPermissions:
		for _, key := range []string{"mcpAllowlist", "terminalAllowlist"} {
			if v, ok := doc[key]; ok && settingOn(v) {
				return key, true
			}
		}
	case ampSettings:
		for _, key := range []string{"amp.dangerouslyAllowAll", "amp.commands.allowlist", "amp.mcpServers"} {
			if v, ok := settingAt(doc, key); ok && settingOn(v) {
				return key, true
			}
		}
		if v, ok := settingAt(doc, "amp.permissions"); ok {
			rules, _ := v.([]any)
			for _, r := range rules {
				if m, ok := r.(map[string]any); ok && m["action"] == "allow" {
					return "amp.permissions", true
				}
			}
		}
	}
	return "", false
}

// agentYAMLLines returns the lines of a YAML text without comments (a # at
// the start of a line or after a space, outside quotes) and trailing
// space.
func agentYAMLLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		quote := byte(0)
		for j := 0; j < len(l); j++ {
			c := l[j]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == '#' && (j == 0 || l[j-1] == ' ' || l[j-1] == '\t'):
				l = l[:j]
			}
		}
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return lines
}

// agentYAMLKeyAt returns the value written after key (quoted or not) as a
// mapping key on line l, at any depth (also as a list item's first key:
// "- key: v"), and whether l holds it.
func agentYAMLKeyAt(l, key string) (string, bool) {
	t := strings.TrimLeft(l, " \t")
	t = strings.TrimLeft(strings.TrimPrefix(t, "-"), " \t")
	for _, k := range []string{key, `"` + key + `"`, `'` + key + `'`} {
		if rest, ok := strings.CutPrefix(t, k); ok {
			rest = strings.TrimLeft(rest, " \t")
			if v, ok := strings.CutPrefix(rest, ":"); ok && (v == "" || v[0] == ' ' || v[0] == '\t') {
				return strings.TrimSpace(v), true
			}
		}
	}
	return "", false
}

// agentYAMLKeySet reports a YAML text where key, at any depth, has a value
// that is not empty: an inline value other than [], {}, null, ~, "" or
// false, or a block of more indented lines or list items under it. An
// anchor or alias counts as set.
func agentYAMLKeySet(text, key string) bool {
	lines := agentYAMLLines(text)
	for i, l := range lines {
		v, ok := agentYAMLKeyAt(l, key)
		if !ok {
			continue
		}
		switch v {
		case "[]", "{}", "null", "~", `""`, "''", "false":
			continue
		case "":
			indent := len(l) - len(strings.TrimLeft(l, " \t"))
			for _, n := range lines[i+1:] {
				if strings.TrimSpace(n) == "" {
					continue
				}
				ni := len(n) - len(strings.TrimLeft(n, " \t"))
				if ni > indent || ni == indent && strings.HasPrefix(strings.TrimLeft(n, " \t"), "-") {
					return true
				}
				break
			}
			continue
		}
		return true
	}
	return false
}

// agentYAMLScalar returns the inline value of key on any line of a YAML text.
func agentYAMLScalar(text, key string) (string, bool) {
	for _, l := range agentYAMLLines(text) {
		if v, ok := agentYAMLKeyAt(l, key); ok && v != "" {
			return v, true
		}
	}
	return "", false
}

// agentYAMLTrue reports a YAML 1.1 true value.
func agentYAMLTrue(v string) bool {
	switch strings.ToLower(strings.Trim(v, `"'`)) {
	case "true", "yes", "on", "y":
		return true
	}
	return false
}
