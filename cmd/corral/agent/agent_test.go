package agent

import (
	"strings"
	"testing"
)

func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range All {
		if seen[a.Name()] {
			t.Errorf("two adapters named %q", a.Name())
		}
		seen[a.Name()] = true
		if b := ByName(strings.ToUpper(a.Name())); b == nil || b.Name() != a.Name() {
			t.Errorf("ByName(%q) does not find it", strings.ToUpper(a.Name()))
		}
		if a.Title() == "" || len(a.Scopes()) == 0 {
			t.Errorf("%s: no title or no scope", a.Name())
		}
	}
	if len(All) < 14 {
		t.Errorf("%d agents, want at least 14", len(All))
	}
	if ByName("nope") != nil || ByName("all") != nil {
		t.Error("ByName found an agent that does not exist")
	}
}

func TestParseJSONPositions(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{\n  \"a\": 1,\n  \"b\": x\n}", "f:3:8:"},
		{"{\"a\": [1, 2,]}", "f:1:13:"},
		{"{\"a\": 1", "f:1:8: unexpected end of file"},
		{"{} {}", "f:1:4: '{' after top-level value"},
		{"[1]", "f:1:1: the file is not a JSON object"},
		{"\n\n  {\"a\" 1}", "f:3:8:"},
	} {
		_, err := parseJSONObject("f", []byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want prefix %q", tc.in, err, tc.want)
		}
	}
	o, err := parseJSONObject("f", []byte("  \n"))
	if err != nil || len(o.keys) != 0 {
		t.Errorf("an empty file is an empty object: %v %v", o, err)
	}
}

func TestPrintKeepsUntouchedMembers(t *testing.T) {
	in := "{\n\t\"b\": {\"x\":1,   \"y\":[1,2]},\n\t\"a\": \"<&>\",\n\t\"hooks\": {}\n}\n"
	o, err := parseJSONObject("f", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := o.child("hooks", "")
	h.set("E", []any{"z"})
	out := string(printJSON(o, indentOf([]byte(in))))
	want := "{\n\t\"b\": {\"x\":1,   \"y\":[1,2]},\n\t\"a\": \"<&>\",\n\t\"hooks\": {\n\t\t\"E\": [\n\t\t\t\"z\"\n\t\t]\n\t}\n}\n"
	if out != want {
		t.Errorf("printed\n%s\nwant\n%s", out, want)
	}
}

func TestCheckTOML(t *testing.T) {
	good := `# comment
title = "x" # trailing
"quoted key" = 'lit'
a.b.c = 1_000
dt = 1979-05-27T07:32:00Z
arr = [
  1, 2, # comment inside
  "three",
]
inline = { x = 1, y = [true, false] }
ml = """
multi "quoted" \""" line
"""
lit = '''
raw \ here
'''

[table.sub]
k = -0.5

[[hooks]]
event = "PreToolUse"
`
	if err := checkTOML("f", []byte(good)); err != nil {
		t.Errorf("valid TOML refused: %v", err)
	}
	for _, tc := range []struct{ in, want string }{
		{"a = \"open\n", "f:1:5: unterminated string"},
		{"a = 1\n[table\n", "f:2:1: malformed table header"},
		{"just words\n", "f:1:1: expected key = value"},
		{"a =\n", "f:1:4: missing value after ="},
		{"a = [1, 2\n", "f:2:1: unclosed [ or {"},
		{"a = \"\"\"\nnever closed\n", "f:1:5: unterminated multi-line string"},
		{"a = 1 ]\n", "f:1:7: unbalanced ]"},
	} {
		err := checkTOML("f", []byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestCheckYAML(t *testing.T) {
	good := "a: 1\nb:\n  - \"x # not a comment\"\n  - 'it''s'\nc: {x: [1, 2]}  # comment\nd: don't care\n"
	if err := checkYAML("f", []byte(good)); err != nil {
		t.Errorf("valid YAML refused: %v", err)
	}
	for _, tc := range []struct{ in, want string }{
		{"a: 1\n\tb: 2\n", "f:2:1: tab character in indentation"},
		{"a: \"open\n", "f:1:4: unterminated quoted string"},
		{"a: [1, 2\n", "f:1:9: unclosed [ or {"},
	} {
		err := checkYAML("f", []byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestFit(t *testing.T) {
	rw := Answer{Decision: None, Reason: "corral: clone", Rewritten: "git clone u /sb/u", Context: "moved"}
	// An agent that can rewrite gets the rewrite.
	if got := fit(Caps{Rewrite: true, Ask: true}, "A", rw); got != rw {
		t.Errorf("rewrite-capable: %+v", got)
	}
	// A deny-only agent gets a deny naming the command to run.
	got := fit(Caps{}, "W", rw)
	if got.Decision != Deny || got.Rewritten != "" || got.Reason != "corral refused this command: external content must land in the sandbox, and W cannot take a rewritten command from a hook. Run exactly this instead:\ngit clone u /sb/u" {
		t.Errorf("deny-only: %+v", got)
	}
	// An ask on an agent without ask is a deny that says so.
	got = fit(Caps{Rewrite: true}, "C", Answer{Decision: Ask, Reason: "confirm"})
	if got.Decision != Deny || !strings.HasPrefix(got.Reason, "C cannot ask the user from a hook, so corral refused instead") || !strings.HasSuffix(got.Reason, "confirm") {
		t.Errorf("no ask: %+v", got)
	}
	// A rewrite to be asked about, on an agent that rewrites but cannot ask.
	got = fit(Caps{Rewrite: true}, "C", Answer{Decision: Ask, Rewritten: "x"})
	if got.Decision != Deny || !strings.Contains(got.Reason, "cannot ask the user") || !strings.HasSuffix(got.Reason, "instead:\nx") {
		t.Errorf("rewrite+ask on no-ask: %+v", got)
	}
	// A deny stays a deny.
	if got := fit(Caps{}, "W", Answer{Decision: Deny, Reason: "no"}); got.Decision != Deny || got.Reason != "no" {
		t.Errorf("deny: %+v", got)
	}
}

func TestIsCorralHook(t *testing.T) {
	for cmd, want := range map[string]bool{
		"/usr/local/bin/corral hook --agent claude":      true,
		"'/home/me/my tools/corral' hook --agent claude": true,
		"corral hook --agent claude":                     true,
		"/usr/local/bin/corral hook --agent codex":       false,
		"corral hook":                                     false,
		"other-guard hook --agent claude":                 false,
		"corral hook --agent claude --policy p.json":      false,
		"/opt/corral-1.2/bin/corral hook --agent claude":  true,
		"echo corral hook --agent claude && rm -rf ~/x ;": false,
	} {
		if got := IsCorralHook(cmd, "claude"); got != want {
			t.Errorf("IsCorralHook(%q) = %v", cmd, got)
		}
	}
	if !MentionsCorral("corral hook --policy x") || MentionsCorral("hookify") || BinaryOf("'/a b/corral' hook --agent x") != "/a b/corral" {
		t.Error("MentionsCorral/BinaryOf")
	}
}

func TestCommandOf(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want string
		ok   bool
	}{
		{"ls -la", "ls -la", true},
		{[]any{"bash", "-lc", "rm -rf ~"}, "rm -rf ~", true},
		{[]any{"/bin/zsh", "-c", "echo hi"}, "echo hi", true},
		{[]any{"rm", "-rf", "/tmp/a b"}, "rm -rf '/tmp/a b'", true},
		{[]any{"rm", 5}, "", false},
		{[]any{}, "", false},
		{5.0, "", false},
		{nil, "", false},
	} {
		got, ok := commandOf(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("commandOf(%v) = %q, %v", tc.in, got, ok)
		}
	}
}

func TestDiff(t *testing.T) {
	d := Diff("f", []byte("a\nb\nc\n"), []byte("a\nB\nc\nd\n"))
	want := "--- f\n+++ f\n a\n+B\n-b\n c\n+d\n"
	if d != want {
		t.Errorf("diff\n%s\nwant\n%s", d, want)
	}
	if d := Diff("f", nil, []byte("x\n")); d != "--- /dev/null\n+++ f\n+x\n" {
		t.Errorf("new file diff %q", d)
	}
}

func TestMatcherSelects(t *testing.T) {
	for m, want := range map[string]bool{"Bash|Write": true, "Write|Edit": false, "Edit.*": false, ".*": true, "": true, "*": true, "B.sh": true, "[": false} {
		if got := MatcherSelects(m, "Bash"); got != want {
			t.Errorf("MatcherSelects(%q, Bash) = %v", m, got)
		}
	}
	if !MatcherSelects("Edit.*", "NotebookEdit") {
		t.Error("an unanchored regex matcher Edit.* matches NotebookEdit")
	}
}

// TestMCPTools: a tool of an MCP server is decoded as Kind MCP with its
// server and own name, as each agent names it, and every installed
// matcher selects it.
func TestMCPTools(t *testing.T) {
	for _, tc := range []struct {
		agent, input, server, tool string
	}{
		{"claude", `{"hook_event_name":"PreToolUse","tool_name":"mcp__filesystem__write_file","tool_input":{"path":"a"}}`, "filesystem", "write_file"},
		{"claude", `{"hook_event_name":"PreToolUse","tool_name":"mcp__plugin_x_fs__read_file","tool_input":{}}`, "plugin_x_fs", "read_file"},
		{"codex", `{"hook_event_name":"PreToolUse","turn_id":"t","tool_name":"mcp__shell__run","tool_input":{}}`, "shell", "run"},
		{"qwen", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__edit_file","tool_input":{}}`, "fs", "edit_file"},
		{"gemini", `{"hook_event_name":"BeforeTool","tool_name":"mcp_my_fs_read_file","tool_input":{},"mcp_context":{"server_name":"my_fs","tool_name":"read_file"}}`, "my_fs", "read_file"},
		{"gemini", `{"hook_event_name":"BeforeTool","tool_name":"mcp_fs_read_file","tool_input":{}}`, "fs", "read_file"},
		// OpenCode: SERVER_TOOL, as its plugin hook sends it (recorded
		// from OpenCode 1.18.33, TestOpenCodeMCP); a custom tool without
		// an underscore is judged by its whole name.
		{"opencode", `{"hook_event_name":"tool.execute.before","tool":"fs_write_file","args":{"path":"a"}}`, "fs", "write_file"},
		{"opencode", `{"hook_event_name":"tool.execute.before","tool":"deploy","args":{}}`, "", "deploy"},
		// Cline CLI 3.x: SERVER__TOOL in tool_call (recorded from Cline
		// 3.0.65, cmd/e2e TestClineMCP); the extension's use_mcp_tool
		// names both.
		{"cline", `{"hookName":"tool_call","taskId":"t","tool_call":{"name":"fs__write_file","input":{"path":"a"}}}`, "fs", "write_file"},
		{"cline", `{"hookName":"tool_call","taskId":"t","tool_call":{"name":"team__deploy","input":{}}}`, "team", "deploy"},
		{"cline", `{"hookName":"tool_call","taskId":"t","tool_call":{"name":"deploy_0a1b2c3d","input":{}}}`, "", "deploy_0a1b2c3d"},
		// Copilot CLI: SERVER-TOOL (recorded from Copilot CLI 1.0.102,
		// cmd/e2e TestCopilotMCP); a server's own dashes stay with the
		// tool.
		{"copilot", `{"toolName":"fs-write_file","toolArgs":{"path":"a"}}`, "fs", "write_file"},
		{"copilot", `{"toolName":"github-mcp-server-get_me","toolArgs":"{}"}`, "github", "mcp-server-get_me"},
		{"cline", `{"hookName":"PreToolUse","taskId":"t","preToolUse":{"toolName":"use_mcp_tool","parameters":{"server_name":"fs","tool_name":"read_file","arguments":"{\"path\":\"a\"}"}}}`, "fs", "read_file"},
	} {
		req, err := ByName(tc.agent).Decode([]byte(tc.input))
		if err != nil {
			t.Fatalf("%s: %v", tc.input, err)
		}
		if req.Kind != MCP || req.MCPServer != tc.server || req.MCPTool != tc.tool {
			t.Errorf("%s: kind %q server %q tool %q, want mcp %q %q", tc.input, req.Kind, req.MCPServer, req.MCPTool, tc.server, tc.tool)
		}
	}
	// An agent's own tools keep their kinds; names that only look alike
	// are not MCP tools.
	for _, in := range []string{
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"mcp__","tool_input":{}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"mcp__server","tool_input":{}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"ListMcpResourcesTool","tool_input":{}}`,
	} {
		req, err := claudeCode.Decode([]byte(in))
		if err != nil || req.Kind == MCP {
			t.Errorf("%s: kind %q, err %v", in, req.Kind, err)
		}
	}
	// OpenCode's own tools keep their kinds, and the ones that touch
	// neither files nor commands are not judged as MCP tools.
	for tool, kind := range map[string]Kind{"bash": Shell, "write": Write, "read": Read, "todowrite": "", "task": "", "webfetch": "", "plan_exit": ""} {
		req, err := opencode.Decode([]byte(`{"hook_event_name":"tool.execute.before","tool":"` + tool + `","args":{"command":"ls","filePath":"a"}}`))
		if err != nil || req.Kind != kind {
			t.Errorf("opencode %s: kind %q, want %q, err %v", tool, req.Kind, kind, err)
		}
	}
	// Cline's own tools keep their kinds; the ones that touch nothing
	// (questions, web reads, sub-agents, agent teams) are not judged, nor
	// are the extension's tools other than use_mcp_tool.
	for tool, kind := range map[string]Kind{"run_commands": Shell, "editor": Write, "read_files": Read, "ask_question": "", "fetch_web_content": "", "spawn_agent": "", "team_task": "", "team_send_message": "", "submit_and_exit": ""} {
		req, err := cline.Decode([]byte(`{"hookName":"tool_call","taskId":"t","tool_call":{"name":"` + tool + `","input":{"commands":["ls"],"path":"a"}}}`))
		if err != nil || req.Kind != kind {
			t.Errorf("cline %s: kind %q, want %q, err %v", tool, req.Kind, kind, err)
		}
	}
	for _, tool := range []string{"browser_action", "ask_followup_question", "fs__write_file"} {
		req, err := cline.Decode([]byte(`{"hookName":"PreToolUse","taskId":"t","preToolUse":{"toolName":"` + tool + `","parameters":{"url":"a"}}}`))
		if err != nil || req.Kind != "" {
			t.Errorf("cline extension %s: kind %q, err %v", tool, req.Kind, err)
		}
	}
	// Copilot's own tools keep their kinds; the others are not judged.
	for tool, kind := range map[string]Kind{"bash": Shell, "create": Write, "view": Read, "sql": "", "read_agent": "", "fetch_copilot_cli_documentation": "", "-x": "", "x-": ""} {
		req, err := copilot.Decode([]byte(`{"toolName":"` + tool + `","toolArgs":{"command":"ls","path":"a"}}`))
		if err != nil || req.Kind != kind {
			t.Errorf("copilot %s: kind %q, want %q, err %v", tool, req.Kind, kind, err)
		}
	}
	for _, j := range []jsonHooks{claudeCode.jsonHooks, codexCLI.jsonHooks, qwenCode.jsonHooks, gemini.jsonHooks} {
		name := "mcp__fs__write_file"
		if j.agent == "gemini" {
			name = "mcp_fs_write_file"
		}
		if !MatcherSelects(j.events[0].matcher, name) {
			t.Errorf("%s: matcher %q does not select %s", j.agent, j.events[0].matcher, name)
		}
		// Anchored: a tool whose name only contains a guarded one is not
		// selected (TodoWrite, BashOutput).
		for _, other := range []string{"TodoWrite", "BashOutput", "xmcp__a__b"} {
			if MatcherSelects(j.events[0].matcher, other) {
				t.Errorf("%s: matcher %q selects %s", j.agent, j.events[0].matcher, other)
			}
		}
	}
}

func TestTypedLines(t *testing.T) {
	for in, want := range map[string]string{
		"ls\n":                        "ls\n",
		"ls{enter}":                   "ls\n",
		"rm -rf ~x{backspace}{enter}": "rm -rf ~\n",
		"rm -rf x~{left}{backspace}":  "rm -rf ~",
		"ab{left}{left}{left}c":       "cab",
		"ab{right}{right}c":           "abc",
		"{backspace}a":                "a",
		"{up}{x}{":                    "{up}{x}{",
		"é{backspace}ü":               "ü",
		"a\nb{enter}c":                "a\nb\nc",
	} {
		if got := typedLines(in); got != want {
			t.Errorf("typedLines(%q) = %q, want %q", in, got, want)
		}
	}
}
