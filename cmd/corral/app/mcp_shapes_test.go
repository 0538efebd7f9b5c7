package app

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestClassifyMCPShapes (red team 16 MC1): one mapping from an MCP
// tool's input to shell text, code of a language, or a mode change. A
// language field naming a shell (bash, sh, shell, shellscript, zsh, an
// interpreter field, code-runner's languageId) makes the code that
// shell's -c text; an interpreter field names the interpreter of a
// script; a language corral does not read is unread (asked); code
// whose language is not named, and a notebook or ide server's, is
// IPython's (its !cmd and %%bash run the shell); a program with an
// argument list, an argv alone, a field whose name says command and a
// notebook path handed to a runner are what runs; a permission tool is
// chmod or chown of its paths.
func TestClassifyMCPShapes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		server, tool, input string
		want                mcpCall
	}{
		{"x", "execute", `{"language": "bash", "code": "rm -f ~/.bashrc"}`, mcpCall{command: "bash -c 'rm -f ~/.bashrc'"}},
		{"x", "execute", `{"language": "shell", "source": "ls"}`, mcpCall{command: "sh -c ls"}},
		{"x", "run_code", `{"lang": "/bin/zsh", "code": "ls"}`, mcpCall{command: "zsh -c ls"}},
		{"x", "run-code", `{"languageId": "shellscript", "code": "ls"}`, mcpCall{command: "sh -c ls"}},
		{"x", "run_script", `{"interpreter": "python3", "script": "print(1)"}`, mcpCall{command: "python3 -c 'print(1)'"}},
		{"x", "run_script", `{"interpreter": "/usr/bin/env ruby", "script": "puts 1"}`, mcpCall{command: "ruby -e 'puts 1'"}},
		{"x", "run_command", `{"command": "ls", "shell": "zsh"}`, mcpCall{command: "zsh -c ls"}},
		{"x", "execute", `{"language": "powershell", "code": "Remove-Item x"}`, mcpCall{unread: "powershell"}},
		{"x", "run_command", `{"command": "Remove-Item x", "shell": "pwsh"}`, mcpCall{unread: "pwsh"}},
		{"x", "execute", `{"language": "go", "command": "go test ./..."}`, mcpCall{command: "go test ./..."}},
		{"ide", "executeCode", `{"code": "print(1)"}`, mcpCall{command: "ipython -c 'print(1)'"}},
		{"x", "executeCode", `{"code": "x"}`, mcpCall{command: "ipython -c x; node -e x"}},
		{"x", "run", `{"program": "rm", "arguments": ["-f", "a b"]}`, mcpCall{command: "rm -f 'a b'"}},
		{"x", "run_process", `{"mode": "executable", "argv": ["rm", "-f", "x"]}`, mcpCall{command: "rm -f x"}},
		{"x", "run_command", `{"bash_command": "make"}`, mcpCall{command: "make"}},
		{"x", "bash", `{"code": "make"}`, mcpCall{command: "bash -c make"}},
		{"x", "run_in_terminal", `{"expression": "make"}`, mcpCall{command: "sh -c make"}},
		{"x", "bash", `{"language": "python", "code": "print(1)"}`, mcpCall{command: "python3 -c 'print(1)'"}},
		{"x", "bash", `{"command": "make", "source": "agent"}`, mcpCall{command: "make"}},
		{"x", "shell", `{"commands": ["ls", "make"]}`, mcpCall{command: "ls\nmake"}},
		{"x", "execute_notebook", `{"notebook_path": "~/n.ipynb"}`, mcpCall{command: "jupyter execute -- ~/n.ipynb"}},
		{"fs", "chmod", `{"path": "~/.claude", "mode": "000"}`, mcpCall{perms: "chmod -- 000 ~/.claude", writes: []string{"~/.claude"}, words: []mcpText{{"mode", "000"}}}},
		{"fs", "set_permissions", `{"path": "a", "mode": 511, "recursive": true}`, mcpCall{perms: "chmod -R -- 777 a\nchmod -R -- 511 a", writes: []string{"a"}}},
		{"fs", "chown", `{"path": "a", "owner": "root", "group": "wheel"}`, mcpCall{perms: "chown -- root:wheel a"}},
		// look-alikes: code a tool stores, a chat message's or a search's
		// command, a language a tool that only formats names
		{"x", "create_snippet", `{"language": "bash", "code": "rm -rf ~"}`, mcpCall{}},
		{"x", "format", `{"language": "powershell", "code": "Remove-Item x"}`, mcpCall{}},
		{"slack", "send_message", `{"channel": "dev", "command": "rm -rf ~"}`, mcpCall{words: []mcpText{{"channel", "dev"}}}},
		{"x", "search_history", `{"command": "rm -rf ~"}`, mcpCall{}},
	} {
		var in map[string]any
		if err := json.Unmarshal([]byte(tc.input), &in); err != nil {
			t.Fatal(err)
		}
		got := classifyMCPOf(tc.server, tc.tool, in)
		if d := cmp.Diff(tc.want, got, cmp.AllowUnexported(mcpCall{}, mcpText{})); d != "" {
			t.Errorf("%s %s %s (-want +got):\n%s", tc.server, tc.tool, tc.input, d)
		}
	}
}

// TestMCPShapesDecisions (red team 16 MC1): the calls of the finding
// through the hook, and look-alikes that pass.
func TestMCPShapesDecisions(t *testing.T) {
	m := newMachine(t)
	h := m.home
	if err := os.MkdirAll(filepath.Join(h, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(h, ".claude", "settings.json"), []byte(`{"hooks": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	nb := `{"cells": [{"cell_type": "code", "metadata": {}, "source": ["print(1)\n", "!rm -f H/.bashrc"], "outputs": []}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	if err := os.WriteFile(filepath.Join(m.project, "a.ipynb"), []byte(strings.ReplaceAll(nb, "H/", h+"/")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tool, input string
		want        string // "" for no decision
		reason      string
	}{
		{"mcp__x__execute", `{"language": "bash", "code": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__execute", `{"language": "sh", "code": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__execute", `{"language": "shell", "source": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__execute_code", `{"language": "bash", "code": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__run_code", `{"lang": "bash", "code": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__run-code", `{"languageId": "shellscript", "code": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__execute", `{"language": "zsh", "code": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__execute", `{"language": "powershell", "code": "Remove-Item H/.bashrc"}`, "ask", "does not read"},
		{"mcp__ide__executeCode", `{"code": "!rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__ide__executeCode", `{"code": "%%bash\nrm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__ide__executeCode", `{"code": "%system rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__execute_ipython", `{"code": "x = 1\n!!rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__run_script", `{"interpreter": "python3", "script": "import os; os.system(\"rm -f H/.bashrc\")"}`, "deny", ".bashrc"},
		{"mcp__x__run", `{"program": "rm", "arguments": ["-f", "H/.bashrc"]}`, "deny", ".bashrc"},
		{"mcp__x__run_process", `{"mode": "executable", "argv": ["rm", "-f", "H/.bashrc"]}`, "deny", ".bashrc"},
		{"mcp__x__run_command", `{"bash_command": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__shell", `{"commands": ["ls", "rm -f H/.bashrc"]}`, "deny", ".bashrc"},
		{"mcp__x__bash", `{"code": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__x__terminal", `{"source": "rm -f H/.bashrc"}`, "deny", ".bashrc"},
		{"mcp__jupyter__execute_notebook", `{"notebook_path": "a.ipynb"}`, "deny", ".bashrc"},
		{"mcp__fs__chmod", `{"path": "~/.claude", "mode": "000"}`, "deny", "settings.json"},
		{"mcp__fs__set_permissions", `{"path": "H/.claude", "permissions": "000"}`, "deny", "settings.json"},
		{"mcp__fs__change_permissions", `{"path": "H/.bashrc", "mode": 511}`, "deny", ".bashrc"},
		// Look-alikes that pass.
		{"mcp__x__execute", `{"language": "bash", "code": "ls -la"}`, "", ""},
		{"mcp__ide__executeCode", `{"code": "print(1)"}`, "", ""},
		{"mcp__ide__executeCode", `{"code": "print(\"!rm -f H/.bashrc\")"}`, "", ""},
		{"mcp__x__run-code", `{"languageId": "python", "code": "print('%%bash')"}`, "", ""},
		{"mcp__fs__chmod", `{"path": "run.sh", "mode": "755"}`, "", ""},
		{"mcp__x__create_snippet", `{"language": "bash", "code": "rm -f H/.bashrc"}`, "", ""},
		{"mcp__x__format_code", `{"language": "powershell", "code": "Remove-Item x"}`, "", ""},
		{"mcp__slack__send_message", `{"channel": "dev", "command": "rm -f H/.bashrc"}`, "", ""},
		{"mcp__x__search_history", `{"command": "rm -f H/.bashrc"}`, "", ""},
		{"mcp__jupyter__read_notebook", `{"notebook_path": "a.ipynb"}`, "", ""},
	} {
		input := strings.ReplaceAll(tc.input, "H/", h+"/")
		var in map[string]any
		if err := json.Unmarshal([]byte(input), &in); err != nil {
			t.Fatal(err)
		}
		out, _, _ := m.hook(map[string]any{"session_id": "s", "hook_event_name": "PreToolUse", "tool_name": tc.tool, "tool_input": in})
		hs := out.HookSpecificOutput
		got, reason := "", ""
		if hs != nil {
			got, reason = hs.PermissionDecision, hs.PermissionDecisionReason
		}
		if got != tc.want || !strings.Contains(reason, tc.reason) {
			t.Errorf("%s %s: got %q %q, want %q mentioning %q", tc.tool, input, got, reason, tc.want, tc.reason)
		}
	}
}

// TestMCPShapesOracle runs the shell lines the mapping gives with the
// real bash (and IPython, when installed) against canaries in a scratch
// home: the quoted code, the program with its arguments and the mode
// change do what the server would do with the same input, so judging
// the line judges the call.
func TestMCPShapesOracle(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs bash")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	ipy, _ := exec.LookPath("ipython")
	if ipy != "" {
		if out, err := exec.Command(ipy, "--version").CombinedOutput(); err != nil {
			t.Logf("ipython does not start: %s", out)
			ipy = ""
		}
	}
	for _, tc := range []struct {
		server, tool, input string
		gone                bool // the canary is deleted (else made unreadable)
		ipython             bool
	}{
		{"x", "execute", `{"language": "bash", "code": "rm -f 'can ary' && echo \"$HOME\" >/dev/null"}`, true, false},
		{"x", "run_script", `{"interpreter": "sh", "script": "rm -f \"can ary\""}`, true, false},
		{"x", "run", `{"program": "rm", "arguments": ["-f", "can ary"]}`, true, false},
		{"x", "shell", `{"commands": ["true", "rm -f 'can ary'"]}`, true, false},
		{"fs", "chmod", `{"path": "can ary", "mode": "000"}`, false, false},
		{"fs", "set_permissions", `{"path": "can ary", "mode": 0}`, false, false},
		{"ide", "executeCode", `{"code": "!rm -f 'can ary'"}`, true, true},
		{"ide", "executeCode", `{"code": "%%bash\nrm -f 'can ary'"}`, true, true},
		{"ide", "executeCode", `{"code": "%system rm -f 'can ary'"}`, true, true},
	} {
		if tc.ipython && ipy == "" {
			continue
		}
		var in map[string]any
		if err := json.Unmarshal([]byte(tc.input), &in); err != nil {
			t.Fatal(err)
		}
		c := classifyMCPOf(tc.server, tc.tool, in)
		line := c.command
		if c.perms != "" {
			line = c.perms
		}
		if tc.ipython {
			// The worse reading's JavaScript half is not what the kernel
			// runs; IPython's is.
			line, _, _ = strings.Cut(line, "; node -e ")
			line = strings.Replace(line, "ipython -c", "ipython --quick -c", 1)
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "can ary")
		if err := os.WriteFile(canary, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "-c", line)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, _ := cmd.CombinedOutput()
		st, err := os.Stat(canary)
		switch {
		case tc.gone && err == nil:
			t.Errorf("%s %s: %q left the canary: %s", tc.tool, tc.input, line, out)
		case !tc.gone && (err != nil || st.Mode().Perm() != 0):
			t.Errorf("%s %s: %q did not take the canary's access away (%v): %s", tc.tool, tc.input, line, err, out)
		}
	}
}
