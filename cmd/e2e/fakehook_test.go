package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeHookEnv, when set, makes the test binary act as a PreToolUse hook of
// its own (fakeHook) that appends every input it gets to the file the
// variable names. TestHarness uses it to prove the harness and the CLI's
// hook protocol without corral.
const fakeHookEnv = "CORRAL_E2E_FAKE_HOOK"

// hookInput is the part of the PreToolUse input the stand-in hook reads.
type hookInput struct {
	HookEventName string         `json:"hook_event_name"`
	ToolName      string         `json:"tool_name"`
	ToolInput     map[string]any `json:"tool_input"`
	ToolUseID     string         `json:"tool_use_id"`
	Cwd           string         `json:"cwd"`
	SessionID     string         `json:"session_id"`
}

// fakeHook is a tiny stand-in for corral: it denies any Bash command that
// mentions chmod and any Write to a file named .env, rewrites
// "curl -o data.json" so that the file lands in CONTENT_FILTER_SANDBOX_DIR
// (approving it and telling the model in additionalContext), and says
// nothing about anything else.
func fakeHook(logPath string, stdin io.Reader, stdout, stderr io.Writer) int {
	raw, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, "fake hook:", err)
		return 1
	}
	if f, err := os.OpenFile(logPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
		fmt.Fprintf(f, "%s\n", strings.TrimSpace(string(raw)))
		f.Close()
	}
	var in hookInput
	if err := json.Unmarshal(raw, &in); err != nil {
		fmt.Fprintln(stderr, "fake hook: bad input:", err)
		return 0
	}
	out := map[string]any{"hookEventName": "PreToolUse"}
	command, _ := in.ToolInput["command"].(string)
	filePath, _ := in.ToolInput["file_path"].(string)
	sandbox := os.Getenv("CONTENT_FILTER_SANDBOX_DIR")
	switch {
	case in.ToolName == "Bash" && strings.Contains(command, "chmod"):
		out["permissionDecision"] = "deny"
		out["permissionDecisionReason"] = "fake hook: chmod is not allowed here"
	case in.ToolName == "Write" && filepath.Base(filePath) == ".env":
		out["permissionDecision"] = "deny"
		out["permissionDecisionReason"] = "fake hook: .env is a protected file"
	case in.ToolName == "Bash" && strings.Contains(command, "curl -o data.json"):
		dest := filepath.Join(sandbox, "data.json")
		updated := map[string]any{}
		for k, v := range in.ToolInput {
			updated[k] = v
		}
		updated["command"] = fmt.Sprintf("mkdir -p %s && %s", sandbox, strings.Replace(command, "-o data.json", "-o "+dest, 1))
		out["permissionDecision"] = "allow"
		out["permissionDecisionReason"] = "fake hook: download moved to the sandbox"
		out["updatedInput"] = updated
		out["additionalContext"] = "fake hook: the download is at " + dest
	default:
		return 0
	}
	_ = json.NewEncoder(stdout).Encode(map[string]any{"hookSpecificOutput": out})
	return 0
}

// TestHarness runs the real CLI with the stand-in hook instead of corral: it
// proves that the harness drives the CLI end to end and that the CLI
// honours what a hook says (a rewrite with additionalContext, a deny for
// Bash and for Write, silence), independently of corral's own state.
func TestHarness(t *testing.T) {
	claude := claudeBin(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	files := newFileServer(t)

	cases := []struct {
		name  string
		steps func(m *machine) []step
		check func(t *testing.T, m *machine, api *standIn)
	}{{
		name: "rewrite is applied and additionalContext reaches the model",
		steps: func(m *machine) []step {
			return []step{{"Bash", map[string]any{"command": "curl -o data.json " + files.URL + "/data.json", "description": "Download the data"}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantFile(filepath.Join(m.sandbox, "data.json"), fileBody)
			m.wantNoFile(filepath.Join(m.project, "data.json"))
			if told := api.toldAfterTool(); !strings.Contains(told, "fake hook: the download is at "+filepath.Join(m.sandbox, "data.json")) {
				t.Errorf("additionalContext did not reach the model; it was told:\n%s", told)
			}
			if api.sentAny("fake hook: download moved") {
				t.Error("the reason of an allow reached the model, which the CLI is not known to do")
			}
			ins := m.hookInputs()
			if len(ins) != 1 {
				t.Fatalf("the hook ran %d times, want once", len(ins))
			}
			in := ins[0]
			if in.HookEventName != "PreToolUse" || in.ToolName != "Bash" || in.ToolUseID != "toolu_e2e_1" || in.SessionID == "" {
				t.Errorf("hook input: %+v", in)
			}
			if in.ToolInput["description"] != "Download the data" {
				t.Errorf("hook tool_input lost the description: %v", in.ToolInput)
			}
			if real, _ := filepath.EvalSymlinks(m.project); in.Cwd != m.project && in.Cwd != real {
				t.Errorf("hook cwd %q, want the project %q", in.Cwd, m.project)
			}
		},
	}, {
		name: "deny stops a Bash command and the reason reaches the model",
		steps: func(m *machine) []step {
			return []step{{"Bash", map[string]any{"command": "chmod 777 " + m.probe, "description": "Open it up"}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantMode(m.probe, 0o600)
			r := api.toolResults()
			if len(r) != 1 || !r[0].IsError || !strings.Contains(r[0].Content, "fake hook: chmod is not allowed here") {
				t.Errorf("tool results: %+v", r)
			}
		},
	}, {
		name: "deny stops a Write",
		steps: func(m *machine) []step {
			return []step{{"Write", map[string]any{"file_path": filepath.Join(m.project, ".env"), "content": "TOKEN=1\n"}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantNoFile(filepath.Join(m.project, ".env"))
			if r := api.resultText(); !strings.Contains(r, "fake hook: .env is a protected file") {
				t.Errorf("tool results: %s", r)
			}
			if ins := m.hookInputs(); len(ins) != 1 || ins[0].ToolInput["file_path"] != filepath.Join(m.project, ".env") {
				t.Errorf("hook inputs: %+v", ins)
			}
		},
	}, {
		name: "a silent hook changes nothing, over two tool calls",
		steps: func(m *machine) []step {
			return []step{
				{"Bash", map[string]any{"command": "echo hello > out.txt", "description": "Write a file"}},
				{"Bash", map[string]any{"command": "cat out.txt", "description": "Read it back"}},
			}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantFile(filepath.Join(m.project, "out.txt"), "hello\n")
			r := api.toolResults()
			if len(r) != 2 || r[0].ID != "toolu_e2e_1" || r[1].ID != "toolu_e2e_2" || !strings.Contains(r[1].Content, "hello") {
				t.Errorf("tool results: %+v", r)
			}
			if n := len(m.hookInputs()); n != 2 {
				t.Errorf("the hook ran %d times, want 2", n)
			}
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newMachine(t, claude)
			m.hookLog = filepath.Join(m.root, "hook-inputs.jsonl")
			m.installHook(fmt.Sprintf("%s=%s %s", fakeHookEnv, m.hookLog, self))
			api := newStandIn(t, c.steps(m)...)
			m.run(api)
			c.check(t, m, api)
		})
	}
}

// hookInputs reads what the stand-in hook was given, in order.
func (m *machine) hookInputs() []hookInput {
	m.t.Helper()
	data, err := os.ReadFile(m.hookLog)
	if err != nil {
		m.t.Fatalf("the hook never ran: %v", err)
	}
	var ins []hookInput
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var in hookInput
		if err := json.Unmarshal([]byte(line), &in); err != nil {
			m.t.Fatalf("hook input %q: %v", line, err)
		}
		ins = append(ins, in)
	}
	return ins
}
