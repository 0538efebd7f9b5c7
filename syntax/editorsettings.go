package syntax

import (
	"encoding/json"
)

// VS Code's settings that drop its prompt before a project's folderOpen
// tasks. A project's .vscode/settings.json (or a workspace file's
// "settings") with task.allowAutomaticTasks "on" makes VS Code run the
// tasks marked "runOn": "folderOpen" as soon as the folder is opened,
// outside the agent. The Write and Edit tools and a Bash write whose
// text corral knows (echo, printf, a here-document, tee, cp of a file it
// reads) are judged by the same function, AllowsAutomaticTasks.

// EditorSettingsFile reports a VS Code folder settings file
// (.vscode/settings.json) or another agent's settings file whose text can
// approve its tools or register MCP servers (AgentSettingsFile: Cursor
// CLI's, Amp's, Continue's, Aider's, Goose's).
func EditorSettingsFile(path string) bool {
	return AgentSettingsFile(path)
}

// AllowsAutomaticTasks reports a VS Code settings text (settings.json,
// or a workspace file's "settings") that sets task.allowAutomaticTasks
// to "on" (true in older versions), dotted or nested under "task":
// folderOpen tasks then run without a prompt.
func AllowsAutomaticTasks(text string) bool {
	var doc map[string]json.RawMessage
	if json.Unmarshal([]byte(StripJSONC(text)), &doc) != nil {
		return false
	}
	on := func(m map[string]json.RawMessage) bool {
		raw, ok := m[automaticTasksKey]
		if !ok {
			// The nested form VS Code reads the same way:
			// {"task": {"allowAutomaticTasks": "on"}}.
			var task map[string]json.RawMessage
			if t, ok := m["task"]; !ok || json.Unmarshal(t, &task) != nil {
				return false
			}
			if raw, ok = task["allowAutomaticTasks"]; !ok {
				return false
			}
		}
		var v any
		if json.Unmarshal(raw, &v) != nil {
			return false
		}
		return v == "on" || v == true
	}
	if on(doc) {
		return true
	}
	var settings map[string]json.RawMessage
	if raw, ok := doc["settings"]; ok && json.Unmarshal(raw, &settings) == nil {
		return on(settings)
	}
	return false
}

const automaticTasksKey = "task.allowAutomaticTasks"

// editorSettingsWrite judges call's write of text (known or not) to the
// file at path when it is a VS Code settings file: known text that lets
// folderOpen tasks run without the prompt asks, other known text passes
// (as a Write of it does); text only known at run time asks whatever
// the writing command is told, for a program can set the key without
// naming it (jq '.["task.allow"+"AutomaticTasks"]="on"', sed -i of an
// "off", a file made earlier in the command and moved there).
func (w *walker) editorSettingsWrite(c scope, call *Call, path, text string, known bool) {
	if !EditorSettingsFile(path) {
		return
	}
	name := relTo(call.Dir.Path, path)
	if agentSettingsKindOf(path) != vscodeSettings {
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " writes " + name + " with text only known at run time: it may approve the agent's tools or register MCP servers, which that agent then runs outside corral's hook"})
		} else if key, ok := AgentSettingsApproval(path, text); ok {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " writes " + name + " with " + key + ", " + EditorApprovalEffect(key)})
		}
		return
	}
	if known {
		if AllowsAutomaticTasks(text) {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " writes " + name + " with " + automaticTasksKey + " on: VS Code then runs the project's folderOpen tasks without its prompt, outside the agent"})
		}
		if key, ok := EditorAgentApproval(text); ok {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " writes " + name + " with " + key + ", " + EditorApprovalEffect(key)})
		}
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
		What: call.Name + " writes " + name + " with text only known at run time: it may set " + automaticTasksKey + " on, and VS Code then runs the project's folderOpen tasks without its prompt"})
}

// editorAgentKeys are the settings of the agents that run inside VS Code
// that approve their own tool calls (Copilot's agent mode "YOLO" switches,
// CVE-2025-53773; Roo Code's and Cline's command allow-lists, Amp's
// allow-all) and VS Code's own MCP servers (the "mcp" key, programs the
// editor's agents start): set by the project's settings file, they drop
// those agents' prompts, outside corral's hook (red team 16 RG1b).
var editorAgentKeys = []string{
	"chat.tools.autoApprove", "chat.tools.global.autoApprove", "chat.tools.terminal.autoApprove",
	"chat.tools.edits.autoApprove", "chat.tools.urls.autoApprove", "chat.agent.autoApprove",
	"github.copilot.chat.agent.autoApprove", "roo-cline.allowedCommands", "roo-cline.alwaysAllowExecute",
	"cline.allowedCommands", "amp.dangerouslyAllowAll", "amp.commands.allowlist", "amp.permissions", "mcp",
}

// EditorAgentApproval returns the first key of editorAgentKeys a VS Code
// settings text (or a workspace file's "settings") sets to anything but
// false, null or an empty value, dotted or nested ({"chat": {"tools":
// {"autoApprove": true}}}).
func EditorAgentApproval(text string) (string, bool) {
	var doc map[string]any
	if json.Unmarshal([]byte(StripJSONC(text)), &doc) != nil {
		return "", false
	}
	docs := []map[string]any{doc}
	if st, ok := doc["settings"].(map[string]any); ok {
		docs = append(docs, st)
	}
	for _, d := range docs {
		for _, key := range editorAgentKeys {
			if v, ok := settingAt(d, key); ok && settingOn(v) {
				return key, true
			}
		}
	}
	return "", false
}

// settingAt finds a dotted VS Code setting written whole ("a.b.c") or
// nested in objects under any split of its parts ({"a": {"b.c": …}}).
func settingAt(m map[string]any, key string) (any, bool) {
	if v, ok := m[key]; ok {
		return v, true
	}
	for i := 0; i < len(key); i++ {
		if key[i] != '.' {
			continue
		}
		if sub, ok := m[key[:i]].(map[string]any); ok {
			if v, ok := settingAt(sub, key[i+1:]); ok {
				return v, true
			}
		}
	}
	return nil, false
}

// settingOn reports a value that turns a setting on: anything but false,
// null, "", "off", an empty list or an empty object.
func settingOn(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != "" && x != "off"
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

// EditorApprovalEffect says what a key of editorAgentKeys does.
func EditorApprovalEffect(key string) string {
	switch key {
	case "mcp":
		return "which registers MCP servers that VS Code's agents start, outside corral's hook"
	case "mcpServers", "amp.mcpServers", "experimental.modelContextProtocolServers", "extensions":
		return "which registers MCP servers that the agent starts, outside corral's hook"
	}
	for _, k := range editorAgentKeys {
		if k == key {
			return "which lets an agent inside VS Code run tools or commands without its prompt, outside corral's hook"
		}
	}
	return "which lets that agent run tools or commands without its prompt, outside corral's hook"
}
