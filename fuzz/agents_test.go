package fuzz

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/rewrite"
)

// agentInputs are hook inputs in each agent's documented shape (see
// cmd/corral/app/adapters_test.go for their sources), with deny-worthy
// commands, and shapes mixed between agents.
var agentInputs = []string{
	`{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}`,
	`{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"turn_id":"t","model":"m"}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":["bash","-lc","rm -rf ~"]},"turn_id":"t"}`,
	`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"mkfs.ext4 /dev/sda"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"run_shell_command","tool_input":{"command":"rm -rf ~"}}`,
	`{"timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":"{\"command\":\"rm -rf ~\"}"}`,
	`{"timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":{"command":"rm -rf ~"}}`,
	`{"timestamp":1,"cwd":"/p","toolName":"bash","toolArgs":"not json"}`,
	`{"hook_event_name":"preToolUse","conversation_id":"c","tool_name":"Shell","tool_input":{"command":"rm -rf ~"},"workspace_roots":["/p"]}`,
	`{"hook_event_name":"beforeShellExecution","conversation_id":"c","command":"rm -rf ~","cwd":"/p"}`,
	`{"agent_action_name":"pre_run_command","trajectory_id":"t","tool_info":{"command_line":"rm -rf ~","cwd":"/p"}}`,
	`{"hookName":"PreToolUse","taskId":"t","preToolUse":{"toolName":"execute_command","parameters":{"command":"rm -rf ~"}}}`,
	`{"event":"PreToolUse","tool_name":"bash","tool_input":{"command":"rm -rf ~"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Execute","tool_input":{"command":"rm -rf ~"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Shell","tool_input":{"command":"rm -rf ~"},"tool_call_id":"c"}`,
	`{"hook_event_name":"preToolUse","cwd":"/p","tool_name":"execute_bash","tool_input":{"command":"rm -rf ~"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"launch-process","tool_input":{"command":"rm -rf ~"}}`,
	`{"hook_event_name":"pre_tool_call","tool_name":"terminal","tool_input":{"command":"rm -rf ~"}}`,
	`{"toolCall":{"name":"run_command","args":{"CommandLine":"rm -rf ~","Cwd":"/p"}}}`,
	`{"hook_event_name":"tool.execute.before","tool":"bash","args":{"command":"rm -rf ~"}}`,
	// Mixed shapes: one agent's fields under another's event.
	`{"hook_event_name":"BeforeTool","toolName":"bash","toolArgs":"{\"command\":\"rm -rf ~\"}"}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~"},"toolCall":{"name":"x"}}`,
	`{"agent_action_name":"pre_run_command","tool_info":{"command_line":5}}`,
	`{"preToolUse":null,"hookName":"PreToolUse"}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"cmd":"rm -rf ~","command":"ls"}}`,
	// Cline 3.x: a refusal of its own tools that lets the run go on.
	`{"hookName":"tool_call","taskId":"c1","tool_call":{"id":"1","name":"run_commands","input":{"commands":["ls","rm -rf ~"]}}}`,
	`{"hookName":"tool_call","taskId":"c1","tool_call":{"id":"1","name":"editor","input":{"path":".env","new_text":"A=1"}}}`,
	// Cursor's beforeMCPExecution: tool_input as a JSON text or an object.
	`{"hook_event_name":"beforeMCPExecution","conversation_id":"c","workspace_roots":["/p"],"tool_name":"execute_command","tool_input":"{\"command\":\"rm -rf ~\"}","command":"npx s"}`,
	`{"hook_event_name":"beforeMCPExecution","tool_name":"write_file","tool_input":{"path":".git/hooks/pre-commit","content":1}}`,
	// Windsurf's pre_mcp_tool_use: arguments as an object or a JSON text.
	`{"agent_action_name":"pre_mcp_tool_use","trajectory_id":"t","tool_info":{"mcp_server_name":"sh","mcp_tool_name":"execute_command","mcp_tool_arguments":"{\"command\":\"rm -rf ~\"}"}}`,
	`{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_tool_name":"write_file","mcp_tool_arguments":[1]}}`,
	// MCP servers' tools, judged by their input's shape.
	`{"hook_event_name":"PreToolUse","tool_name":"mcp__shell__execute_command","tool_input":{"command":"rm -rf ~","cwd":"/p"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__edit_file","tool_input":{"path":".mcp.json","edits":[{"oldText":"a","newText":"b"},7]}}`,
	`{"hook_event_name":"BeforeTool","tool_name":"mcp_fs_move_file","tool_input":{"source":["~/.bashrc",{"path":1}],"destination":"file://x"},"mcp_context":{"tool_name":"move_file"}}`,
}

// refusal reports whether an answer refuses the call, in any agent's
// wire format.
func refusal(code int, stdout string) bool {
	if code == 2 {
		return true
	}
	var m map[string]any
	if json.Unmarshal([]byte(stdout), &m) != nil {
		return false
	}
	hs, _ := m["hookSpecificOutput"].(map[string]any)
	// Cline 3.x's own tools: a reason and an input that does nothing
	// (the run goes on; agent.clineRefusal).
	if _, override := m["overrideInput"]; override && m["errorMessage"] != nil && m["errorMessage"] != "" && m["cancel"] == nil {
		return true
	}
	return (hs != nil && hs["permissionDecision"] == "deny") || m["decision"] == "deny" || m["permissionDecision"] == "deny" ||
		m["permission"] == "deny" || m["cancel"] == true || m["decision"] == "block" || m["action"] == "deny"
}

// FuzzAgents feeds any JSON to an adapter chosen by the first argument
// (named with --agent) and to the one its shape is recognised as. The hook
// never crashes; when the adapter decodes the input into a shell command
// that the engine denies, the answer is a refusal.
func FuzzAgents(f *testing.F) {
	for i, s := range append(append([]string{}, agentInputs...), hookInputs...) {
		f.Add(uint8(i), s)
		f.Add(uint8(i+7), s)
	}
	dir := f.TempDir()
	env := map[string]string{
		"HOME":                       filepath.Join(dir, "home"),
		"CORRAL_STATE_DIR":           filepath.Join(dir, "state"),
		"CORRAL_AUDIT_LOG":           "off",
		"XDG_STATE_HOME":             filepath.Join(dir, "xdg"),
		"CLAUDE_PROJECT_DIR":         filepath.Join(dir, "project"),
		"CONTENT_FILTER_SANDBOX_DIR": filepath.Join(dir, "sandbox"),
	}
	for k, v := range env {
		f.Setenv(k, v)
	}
	if err := os.MkdirAll(env["CLAUDE_PROJECT_DIR"], 0o755); err != nil {
		f.Fatal(err)
	}
	getenv := func(k string) string { return env[k] }
	f.Fuzz(func(t *testing.T, which uint8, input string) {
		t.Chdir(env["CLAUDE_PROJECT_DIR"])
		data := []byte(input)
		check := func(ad agent.Adapter, args ...string) {
			code, stdout, stderr := checkHook(t, env, data, args...)
			req, err := ad.Decode(data)
			if err != nil || req.Event != agent.PreTool || req.Kind != agent.Shell {
				return
			}
			cwd := req.Cwd
			if cwd == "" {
				cwd = env["CLAUDE_PROJECT_DIR"]
			}
			cfg, _ := rewrite.NewConfig(getenv, cwd)
			if res := rewrite.Check(cfg, req.Command); res.Decision == rewrite.Deny && !refusal(code, stdout) {
				t.Fatalf("%s decodes %q as the command %q, which the engine denies, but the answer is not a refusal: exit %d, stdout %q, stderr %q",
					ad.Name(), input, req.Command, code, stdout, stderr)
			}
		}
		ad := agent.All[int(which)%len(agent.All)]
		check(ad, "--agent", ad.Name())
		if ad := agent.Recognize(data); ad != nil {
			check(ad)
		} else if code, stdout, _ := checkHook(t, env, data); stdout != "" || code != 0 {
			t.Fatalf("unrecognised input %q answered %q (exit %d)", input, stdout, code)
		}
	})
}
