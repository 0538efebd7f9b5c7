//go:build unix

package app

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/filelock"
	"github.com/corral-dev/corral/rewrite"
)

// TestHookLockHeld: another process holding corral's state files locked
// (the agent can run flock FILE sleep 3600 on the audit log or the
// record of decoded files) neither hangs the hook nor turns an ask into
// an allow. Every call still answers; a command that decodes a binary,
// and a Write of one, ask, since the record that would make running it
// ask later cannot be written; other commands keep their decisions.
// The locks are taken on separate open files, which conflict with the
// hook's as another process's would (flock(2) locks an open file).
func TestHookLockHeld(t *testing.T) {
	m := newMachine(t)
	old := filelock.Wait
	filelock.Wait = 150 * time.Millisecond
	defer func() { filelock.Wait = old }()
	state := m.env["CORRAL_STATE_DIR"]
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{m.env["CORRAL_AUDIT_LOG"], filepath.Join(state, "unread.json.lock")} {
		f, err := os.OpenFile(p, os.O_CREATE|os.O_RDWR, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			t.Fatal(err)
		}
	}
	elf := base64.StdEncoding.EncodeToString([]byte("\x7fELF\x02\x01\x01\x00rest"))
	cases := []struct{ cmd, want string }{
		{"echo " + elf + " | base64 -d > t", "ask"},
		{"rm -rf ~", "deny"},
		{"ls -la", ""},
		{"git status", ""},
	}
	for _, tc := range cases {
		start := time.Now()
		in := bashInput(tc.cmd)
		in["session_id"] = "s1"
		out, _, stderr := m.hook(in)
		if d := decisionOf(out); d != tc.want {
			t.Errorf("%s: decision %q, want %q (stderr %s)", tc.cmd, d, tc.want, stderr)
		}
		if took := time.Since(start); took > 20*time.Second {
			t.Errorf("%s: the hook took %v with the locks held", tc.cmd, took)
		}
		if tc.want == "ask" && !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "cannot record") {
			t.Errorf("%s: the ask does not say the record could not be written: %s", tc.cmd, out.HookSpecificOutput.PermissionDecisionReason)
		}
		if tc.want == "deny" && !strings.Contains(stderr, "audit log") {
			t.Errorf("%s: the lost audit line is not reported on stderr: %s", tc.cmd, stderr)
		}
	}
	w := map[string]any{"tool_name": "Write", "session_id": "s1", "hook_event_name": "PreToolUse",
		"tool_input": map[string]any{"file_path": filepath.Join(m.project, "tool"), "content": "\x7fELF\x02\x01\x01\x00"}}
	out, _, _ := m.hook(w)
	if d := decisionOf(out); d != "ask" {
		t.Errorf("Write of a binary with the record locked: decision %q, want ask", d)
	}
	w["tool_input"] = map[string]any{"file_path": filepath.Join(m.project, "notes.txt"), "content": "hello\n"}
	out, _, _ = m.hook(w)
	if d := decisionOf(out); d != "" && d != "allow" {
		t.Errorf("Write of text with the record locked: decision %q, want allow", d)
	}
}

// TestHookBudget: a shell command the engine cannot judge within the
// hook's budget is asked about (an agent that times the hook out would
// run it), with the reason, and the audit log says so. Within the budget
// the same command keeps its decision.
func TestHookBudget(t *testing.T) {
	m := newMachine(t)
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "cd d%d; ", i)
	}
	b.WriteString("rm -rf ~")
	old := hookBudget
	hookBudget = time.Millisecond
	out, _, _ := m.hook(bashInput(b.String()))
	hookBudget = old
	if d := decisionOf(out); d != "ask" || !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "could not finish judging") {
		t.Errorf("past the budget: decision %q, want ask with the reason (%+v)", d, out.HookSpecificOutput)
	}
	// The judgement left running ends on its own; once the hook has
	// answered it writes nothing: the log holds the budget's record only
	// (before, the late deny was appended after the test had ended).
	judgements.Wait()
	log, _ := os.ReadFile(m.env["CORRAL_AUDIT_LOG"])
	if n := strings.Count(string(log), "\n"); !strings.Contains(string(log), `"hook-budget"`) || n != 1 {
		t.Errorf("the audit log should hold the budget's record alone, has %d (late deny: %v)", n, strings.Contains(string(log), `"rm-root"`))
	}
	out, _, _ = m.hook(bashInput("cd d1; rm -rf ~"))
	if d := decisionOf(out); d != "deny" {
		t.Errorf("within the budget: decision %q, want deny", d)
	}
}

// TestEnginePanicAsks: a panic inside the engine, for a Bash command or a
// file write (judged through the same engine), becomes an ask naming the
// internal error, with a line on stderr and the rule in the audit log;
// the hook exits 0 with its JSON answer. Before: the Bash judgement's
// goroutine crashed the process (exit 2, no JSON), so an agent that runs
// the call when its hook fails would run it.
func TestEnginePanicAsks(t *testing.T) {
	m := newMachine(t)
	old := engineCheck
	engineCheck = func(*rewrite.Config, string) *rewrite.Result { panic("boom") }
	defer func() { engineCheck = old }()
	out, _, stderr := m.hook(bashInput("ls")) // m.hook fails the test on an exit other than 0
	if d := decisionOf(out); d != "ask" || !strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "internal error") ||
		!strings.Contains(out.HookSpecificOutput.PermissionDecisionReason, "boom") {
		t.Errorf("decision %q, want ask naming the internal error (%+v)", d, out.HookSpecificOutput)
	}
	if !strings.Contains(stderr, "internal error judging the command: boom") {
		t.Errorf("stderr does not say so: %q", stderr)
	}
	log, _ := os.ReadFile(m.env["CORRAL_AUDIT_LOG"])
	if !strings.Contains(string(log), `"internal-error"`) {
		t.Errorf("the audit log does not record the rule: %s", log)
	}
	engineCheck = old
	if out, _, _ := m.hook(bashInput("ls")); decisionOf(out) == "ask" {
		t.Errorf("with the engine working, ls is asked about: %+v", out.HookSpecificOutput)
	}
}
