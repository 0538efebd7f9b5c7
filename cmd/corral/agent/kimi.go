package agent

import (
	"encoding/json"
	"path/filepath"
)

// kimiCode is Moonshot's Kimi Code CLI (DESIGN.md; moonshotai.github.io/
// kimi-code/en/customization/hooks): [[hooks]] tables in
// ~/.kimi-code/config.toml with only event, matcher, command and timeout;
// Claude Code's field names in; exit status 2 blocks. No rewrite and no
// ask: corral refuses and names the sandboxed command.
type kimiCLI struct{ tomlHooks }

var kimi = kimiCLI{tomlHooks{
	agent:   "kimi",
	file:    func(t Target) string { return filepath.Join(t.Home, ".kimi-code", "config.toml") },
	detect:  []string{".kimi-code", ".kimi"},
	event:   "PreToolUse",
	matcher: "Bash|Shell|WriteFile|StrReplaceFile|ReadFile|Glob|Grep",
}}

var kimiTools = tools{
	{"Bash", Shell, []string{"command"}},
	{"Shell", Shell, []string{"command"}},
	{"WriteFile", Write, []string{"path", "file_path"}},
	{"StrReplaceFile", Edit, []string{"path", "file_path"}},
	{"ReadFile", Read, []string{"path", "file_path"}},
	{"Glob", Read, []string{"directory", "path"}},
	{"Grep", Read, []string{"path"}},
}

func (kimiCLI) Name() string  { return "kimi" }
func (kimiCLI) Title() string { return "Kimi Code" }
func (kimiCLI) Caps() Caps    { return Caps{} }

func (kimiCLI) Recognize(f map[string]json.RawMessage) bool {
	if !eventIs(f, "PreToolUse") {
		return false
	}
	_, id := f["tool_call_id"]
	return id || hasTool(f, tools{{name: "Shell"}, {name: "WriteFile"}, {name: "StrReplaceFile"}, {name: "ReadFile"}})
}

func (kimiCLI) Decode(data []byte) (*Request, error) {
	return decodeClaudeShape(data, "kimi", kimiTools, preToolUse.Get())
}

func (k kimiCLI) Encode(req *Request, a Answer) Reply { return exit2(fit(k.Caps(), k.Title(), a)) }
