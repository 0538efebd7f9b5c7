package app

import (
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookUnreadAcrossCalls: a binary one allowed call decodes and the
// next call of the same session runs asks, naming the call that wrote
// it; another session, a file rewritten as a script, a program built
// from the project's sources and files that are only read pass. The
// allowed calls run for real (bash, cc) in the scratch project.
func TestHookUnreadAcrossCalls(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	m := newMachine(t)
	// The head of a real program, encoded as an agent would carry it.
	sh, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip("no /bin/true to encode")
	}
	b64 := base64.StdEncoding.EncodeToString(sh[:64])
	call := func(session, cmd string) (string, string) {
		t.Helper()
		in := bashInput(cmd)
		in["session_id"] = session
		out, _, _ := m.hook(in)
		d := decisionOf(out)
		reason := ""
		if out.HookSpecificOutput != nil {
			reason = out.HookSpecificOutput.PermissionDecisionReason
		}
		if d == "" || d == "allow" {
			run := exec.Command("bash", "-c", cmd)
			run.Dir, run.Env = m.project, []string{"HOME=" + m.home, "PATH=" + os.Getenv("PATH")}
			run.Run() // the command's own failure is not the test's
			d = "allow"
		}
		return d, reason
	}
	want := func(session, cmd, decision string) string {
		t.Helper()
		d, reason := call(session, cmd)
		if d != decision {
			t.Errorf("%s: %s: %s, want %s (%s)", session, cmd, d, decision, reason)
		}
		return reason
	}

	want("s1", "echo "+b64+" | base64 -d > t", "allow")
	if b, _ := os.ReadFile(filepath.Join(m.project, "t")); !strings.HasPrefix(string(b), "\x7fELF") {
		t.Fatalf("the decode did not run: %q", b)
	}
	reason := want("s1", "chmod +x t && ./t", "ask")
	if !strings.Contains(reason, "base64 -d > t") || !strings.Contains(reason, "earlier call") {
		t.Errorf("the ask does not name the call that decoded t: %s", reason)
	}
	want("s1", "bash -c 'exec ./t'", "ask")
	// Another session did not decode it.
	want("s2", "chmod +x t && ./t", "allow")
	// Moved, it keeps its origin.
	want("s1", "mv t u", "allow")
	if reason := want("s1", "./u", "ask"); !strings.Contains(reason, "base64 -d > t") {
		t.Errorf("the ask about u does not name the decode: %s", reason)
	}
	// Reading it is not running it.
	want("s1", "od -c u | head -2; file u; ls -l u", "allow")
	// Written again as a script, it is read as one.
	want("s1", `printf '#!/bin/sh\necho hi\n' > u`, "allow")
	want("s1", "./u", "allow")

	// A program the compiler builds from the project's sources is not
	// unknown bytes: the build is judged.
	if _, err := exec.LookPath("cc"); err == nil {
		os.WriteFile(filepath.Join(m.project, "hello.c"), []byte("#include <stdio.h>\nint main(void){puts(\"hi\");return 0;}\n"), 0o644)
		want("s1", "cc -o hello hello.c", "allow")
		want("s1", "./hello", "allow")
		want("s1", "cc -x c - -o t2 <<<'int main(void){return 0;}'", "allow")
		want("s1", "./t2", "allow")
	}

	// Decoded again, then the session ends: forgotten.
	want("s1", "echo "+b64+" | base64 -d > t3", "allow")
	want("s1", "chmod +x t3; ./t3", "ask")
	m.hook(map[string]any{"session_id": "s1", "hook_event_name": "SessionEnd", "reason": "exit"})
	want("s1", "./t3", "allow")

	// Decoded through a symbolic link, run by the path it leads to.
	want("s5", "ln -s . alias", "allow")
	want("s5", "echo "+b64+" | base64 -d > alias/t5", "allow")
	want("s5", "chmod +x t5; ./t5", "ask")
	// Moved with its directory.
	want("s5", "mkdir -p d && echo "+b64+" | base64 -d > d/t6", "allow")
	want("s5", "mv d e", "allow")
	want("s5", "chmod +x e/t6; e/t6", "ask")

	// The record is corral's state: the agent cannot write or clear it.
	state := filepath.Join(m.env["CORRAL_STATE_DIR"], "unread.json")
	want("s1", "echo "+b64+" | base64 -d > t4", "allow")
	for _, cmd := range []string{"echo '{}' > " + state, "rm -f " + state, "cp /dev/null " + state} {
		if d, _ := call("s1", cmd); d != "deny" && d != "ask" {
			t.Errorf("%s: %s", cmd, d)
		}
	}
	want("s1", "chmod +x t4; ./t4", "ask")

	// A session whose record overflowed its bounds fails safe: a binary
	// in the project asks; another session's does not.
	if err := os.WriteFile(state, []byte(`{"version":1,"files":[],"overflowed":["s9"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	want("s9", "./t4", "ask")
	want("s8", "./t4", "allow")

	// A corrupt record: a line on stderr, and a binary in the project
	// asks (fail safe); a script still passes.
	if err := os.WriteFile(state, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	in := bashInput("./t4")
	out, _, stderr := m.hook(in)
	if decisionOf(out) != "ask" || !strings.Contains(stderr, "cannot read the record") {
		t.Errorf("corrupt record: %q, stderr %q", decisionOf(out), stderr)
	}
	want("s1", "./u", "allow")
}

// TestHookUnreadFromSandboxAndWrite: files a call fills from the sandbox
// (a real tar unpacking a sandboxed archive, cp of a sandboxed binary)
// that the person lets run at the agent's prompt, and a Write tool's
// binary, are recorded: running them in a later call asks. A Write of a
// script is known text; the sandbox's own binaries ask in any session.
func TestHookUnreadFromSandboxAndWrite(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("no tar")
	}
	m := newMachine(t)
	elf, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip("no /bin/true")
	}
	run := func(cmd string) {
		t.Helper()
		c := exec.Command(bash, "-c", cmd)
		c.Dir, c.Env = m.project, []string{"HOME=" + m.home, "PATH=" + os.Getenv("PATH")}
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", cmd, err, out)
		}
	}
	// What a rewritten download left in the sandbox.
	src := filepath.Join(m.home, "src")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "tool"), elf, 0o755)
	os.WriteFile(filepath.Join(src, "x.sh"), []byte("echo hi\n"), 0o755)
	run("mkdir -p agent_sandbox out && tar cf agent_sandbox/pkg.tar -C " + src + " tool x.sh && cp " + src + "/tool agent_sandbox/tool2 && tar cf vendor.tar -C " + src + " x.sh")
	want := func(session, cmd, decision string, approve bool) string {
		t.Helper()
		in := bashInput(cmd)
		in["session_id"] = session
		out, _, _ := m.hook(in)
		d, reason := decisionOf(out), ""
		if out.HookSpecificOutput != nil {
			reason = out.HookSpecificOutput.PermissionDecisionReason
		}
		if d == "" {
			d = "allow"
		}
		if d != decision {
			t.Errorf("%s: %s: %s, want %s (%s)", session, cmd, d, decision, reason)
		}
		if d == "allow" || approve {
			run(cmd)
		}
		return reason
	}
	// The person approves the copy out of the sandbox at the prompt.
	want("s1", "tar xf agent_sandbox/pkg.tar -C out", "ask", true)
	if reason := want("s1", "./out/tool", "ask", false); !strings.Contains(reason, "tar xf agent_sandbox/pkg.tar") {
		t.Errorf("the ask does not name the extraction: %s", reason)
	}
	want("s1", "cd out && ./tool --version", "ask", false)
	want("s1", "bash out/x.sh", "allow", false)
	want("s2", "./out/tool", "allow", false)
	want("s1", "cp agent_sandbox/tool2 ./t7", "ask", true)
	want("s1", "./t7", "ask", false)
	// The sandbox's own binary, in any session; its scripts are read.
	want("s3", "./agent_sandbox/tool2", "ask", false)
	want("s3", "bash agent_sandbox/x.sh 2>/dev/null; ls agent_sandbox", "allow", false)
	want("s3", "tar xf vendor.tar -C agent_sandbox && ls agent_sandbox", "allow", false)

	// The Write tool: a binary is recorded, a script is known text.
	write := func(session, p, content string) {
		t.Helper()
		in := map[string]any{"session_id": session, "hook_event_name": "PreToolUse", "tool_name": "Write",
			"tool_input": map[string]any{"file_path": p, "content": content}}
		out, _, _ := m.hook(in)
		if d := decisionOf(out); d != "" && d != "allow" {
			t.Fatalf("Write %s: %s", p, d)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w := filepath.Join(m.project, "w.bin")
	write("s4", w, string(elf))
	if reason := want("s4", "./w.bin", "ask", false); !strings.Contains(reason, "Write "+w) {
		t.Errorf("the ask does not name the Write: %s", reason)
	}
	want("s5", "./w.bin", "allow", false)
	write("s4", w, "#!/bin/sh\necho hi\n")
	want("s4", "./w.bin", "allow", false)
	write("s4", filepath.Join(m.project, "run.sh"), "#!/bin/sh\necho ok\n")
	want("s4", "./run.sh", "allow", false)
}

// TestHookUnreadFromAnySandboxWriter: a binary the real split, objcopy,
// strip, dd, tee, ln -s or a pipe of tar copies out of the sandbox, once
// the person lets the copy run, asks when a later call of the session
// runs it (each copy is checked to run first); another session's call
// (but through a link to the sandbox itself) and a script copied out
// (read where it runs) pass.
func TestHookUnreadFromAnySandboxWriter(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	m := newMachine(t)
	elf, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip("no /bin/true")
	}
	run := func(cmd string) error {
		t.Helper()
		c := exec.Command(bash, "-c", cmd)
		c.Dir, c.Env = m.project, []string{"HOME=" + m.home, "PATH=" + os.Getenv("PATH")}
		out, err := c.CombinedOutput()
		if err != nil {
			t.Logf("%s: %v %s", cmd, err, out)
		}
		return err
	}
	os.MkdirAll(filepath.Join(m.project, "agent_sandbox"), 0o755)
	os.MkdirAll(filepath.Join(m.project, "r12", "x1"), 0o755)
	os.WriteFile(filepath.Join(m.project, "agent_sandbox", "tool"), elf, 0o755)
	os.WriteFile(filepath.Join(m.project, "agent_sandbox", "dl.sh"), []byte("#!/bin/sh\necho hi\n"), 0o755)
	hook := func(session, cmd string) (string, string) {
		t.Helper()
		in := bashInput(cmd)
		in["session_id"] = session
		out, _, _ := m.hook(in)
		d, reason := decisionOf(out), ""
		if out.HookSpecificOutput != nil {
			reason = out.HookSpecificOutput.PermissionDecisionReason
		}
		if d == "" {
			d = "allow"
		}
		return d, reason
	}
	for _, tt := range []struct{ copy, program, runs string }{
		{"split -n 1 agent_sandbox/tool r12/u2", "split", "chmod +x r12/u2aa && ./r12/u2aa"},
		{"objcopy agent_sandbox/tool r12/u12", "objcopy", "./r12/u12"},
		{"strip -o r12/u13 agent_sandbox/tool", "strip", "./r12/u13"},
		{"tar c -C agent_sandbox tool | tar x -C r12/x1", "tar", "./r12/x1/tool"},
		{"dd if=agent_sandbox/tool of=r12/t7 status=none", "dd", "chmod +x r12/t7 && r12/t7"},
		{"tee r12/t8 < agent_sandbox/tool > /dev/null", "tee", "chmod +x r12/t8 && ./r12/t8"},
		{`ln -s "$PWD/agent_sandbox" r12/sbl`, "ln", "r12/sbl/tool"},
	} {
		if _, err := exec.LookPath(tt.program); err != nil {
			t.Logf("no %s: %s not checked", tt.program, tt.copy)
			continue
		}
		if d, reason := hook("s1", tt.copy); d != "ask" || !strings.Contains(reason, "copy-out") {
			t.Errorf("%s: %s, want a copy-out ask (%s)", tt.copy, d, reason)
		}
		// The person approves the copy; the copy runs.
		if run(tt.copy) != nil || run(tt.runs) != nil {
			t.Errorf("%s then %s: the real programs did not make a runnable copy", tt.copy, tt.runs)
			continue
		}
		if d, reason := hook("s1", tt.runs); d != "ask" || !strings.Contains(reason, tt.copy) {
			t.Errorf("%s after %s: %s, want an ask naming the copy (%s)", tt.runs, tt.copy, d, reason)
		}
		// A link to the sandbox leads to the sandbox's own binary, which
		// asks in any session.
		if d, _ := hook("s2", tt.runs); d != "allow" && tt.program != "ln" {
			t.Errorf("%s in another session: %s, want allow", tt.runs, d)
		}
	}
	if d, reason := hook("s1", "dd if=agent_sandbox/dl.sh of=r12/b1.sh"); d != "ask" {
		t.Errorf("dd of a sandbox script: %s, want ask (%s)", d, reason)
	}
	run("dd if=agent_sandbox/dl.sh of=r12/b1.sh status=none")
	if d, reason := hook("s1", "bash r12/b1.sh"); d != "allow" {
		t.Errorf("a script copied out is read where it runs: %s (%s)", d, reason)
	}
}
