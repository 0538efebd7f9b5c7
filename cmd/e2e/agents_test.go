package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// agentCLI is one coding agent's CLI, as the shared scenarios drive it:
// how to find it, which tools it calls, which model API it talks to and
// how to point it there, and how to run it headless.
type agentCLI struct {
	// name is the agent's name for `corral init --agent` and the cache
	// folder .ci/install-e2e.sh installs it into.
	name string
	// bin is the CLI's command in node_modules/.bin.
	bin string
	// path is the CLI found by findAgent; version what it printed.
	path, version string
	// shell and write are the agent's tool calls that run a command and
	// write a file.
	shell func(m *machine, command string) step
	write func(m *machine, path, content string) step
	// noRewrite says the agent does not apply a rewritten command from
	// a hook: corral refuses and names the sandboxed command, and the
	// scripted model runs that next.
	noRewrite bool
	// emptyOutputSometimes says the agent's shell tool sometimes reports
	// "(empty)" for a command that printed something (seen with Qwen Code
	// 0.24.4 on a loaded machine, 2 runs in 8). Where the scenario only
	// reads a command's output to show the model what is on disk, that
	// answer is accepted; what is on disk is checked directly.
	emptyOutputSometimes bool
	// envFile is the protected file the write tool tries to write
	// (default .env).
	envFile string
	// standIn starts the stand-in for the agent's model API and returns
	// the base URL to give the CLI.
	standIn func(t *testing.T, s *script) string
	// configure writes the agent's own configuration into the machine
	// (its home, its project) for the stand-in at api, and returns the
	// environment variables the CLI needs.
	configure func(t *testing.T, m *machine, api string) []string
	// args are the CLI's arguments for a headless run of prompt.
	args func(m *machine, prompt string) []string
	// finished reports whether the CLI's stdout shows the scripted
	// conversation ended with finalText.
	finished func(stdout []byte) bool
}

// envName is the protected file the scenario writes with the agent's
// write tool.
func (a agentCLI) envName() string {
	if a.envFile != "" {
		return a.envFile
	}
	return ".env"
}

// findAgent finds the CLI of a (CORRAL_<NAME>_BIN, else the one
// .ci/install-e2e.sh put in <cache>/<name>/node_modules/.bin) and checks that
// it runs. Without one the test skips, or fails when CORRAL_E2E=require.
func findAgent(t *testing.T, a agentCLI) agentCLI {
	t.Helper()
	cache := os.Getenv("CORRAL_E2E_CACHE")
	if cache == "" {
		cache = filepath.Join(moduleRoot(t), ".cache", "e2e")
	}
	envName := "CORRAL_" + strings.ToUpper(a.name) + "_BIN"
	var tried []string
	for _, c := range []string{os.Getenv(envName), filepath.Join(cache, a.name, "node_modules", ".bin", a.bin)} {
		if c == "" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, c, "--version")
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		cancel()
		if err == nil {
			a.path = c
			// The version is the last line with a digit (Codex warns
			// first, Copilot CLI adds a line about updates after it).
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			a.version = strings.TrimSpace(lines[len(lines)-1])
			for i := len(lines) - 1; i >= 0; i-- {
				if strings.ContainsAny(lines[i], "0123456789") {
					a.version = strings.TrimSpace(lines[i])
					break
				}
			}
			t.Logf("%s CLI %s at %s, %s", a.name, a.version, c, network)
			return a
		}
		tried = append(tried, fmt.Sprintf("%s: %v", c, err))
	}
	missing(t, fmt.Sprintf("the %s CLI is not installed (tried %s); run .ci/install-e2e.sh, or set %s", a.name, strings.Join(tried, "; "), envName))
	return a
}

// missing skips the test for want of what msg names, or fails it when
// CORRAL_E2E=require (CI): there, a test that cannot run is a failure.
func missing(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("CORRAL_E2E") == "require" {
		t.Fatal(msg + " (CORRAL_E2E=require)")
	}
	t.Skip(msg)
}

// agentEnv is the environment every agent CLI runs with: nothing of the
// caller's but PATH (with the machine's bin first), a temporary home, no
// proxy, and corral's sandbox and state in the machine.
func (m *machine) agentEnv() []string {
	return []string{
		"PATH=" + filepath.Join(m.root, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + m.home,
		"USER=e2e",
		"TERM=dumb",
		"LANG=C.UTF-8",
		"no_proxy=127.0.0.1,localhost",
		"NO_PROXY=127.0.0.1,localhost",
		"CONTENT_FILTER_SANDBOX_DIR=" + m.sandbox,
		"CORRAL_STATE_DIR=" + filepath.Join(m.root, "state"),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"TMPDIR=" + os.TempDir(),
	}
}

// runAgent runs the agent's CLI headless in the project against the
// script's stand-in and checks that the conversation went through: every
// scripted call got a result back and the CLI finished with finalText.
func (m *machine) runAgent(a agentCLI, s *script) {
	m.t.Helper()
	api := a.standIn(m.t, s)
	env := append(m.agentEnv(), a.configure(m.t, m, api)...)
	env = append(env, m.env...)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, a.path, a.args(m, "Please do the task.")...)
	cmd.Dir = m.project
	cmd.Env = env
	cmd.Stdin = nil
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 10 * time.Second
	// The CLI runs in a process group of its own, killed whole once it
	// has exited (or timed out): a CLI's helper left behind (Cline's
	// database writer) must not write into the test's directories while
	// they are removed.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	start := time.Now()
	err := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	all, unknown := s.requests()
	m.t.Logf("%s ran %v (exit: %v); requests to the stand-in: %q", a.name, time.Since(start).Round(time.Millisecond), err, all)
	if len(unknown) > 0 {
		m.t.Logf("requests the stand-in did not understand: %q", unknown)
	}
	if ctx.Err() != nil {
		m.t.Fatalf("%s did not finish within %v\nstdout: %s\nstderr: %s", a.name, runTimeout, stdout.String(), stderr.String())
	}
	if got := len(s.toolResults()); got < len(s.steps) {
		m.t.Fatalf("%s sent %d tool results for %d scripted calls\nstdout: %s\nstderr: %s", a.name, got, len(s.steps), stdout.String(), stderr.String())
	}
	if !a.finished(stdout.Bytes()) {
		m.t.Fatalf("%s did not finish the scripted conversation (exit %v)\nstdout: %s\nstderr: %s", a.name, err, stdout.String(), stderr.String())
	}
}

// setUpUpstream makes a local bare repository and sends the machine's git
// there for https://github.com/acme/widget.git: through ~/.gitconfig, and
// through a git wrapper first on PATH that points GIT_CONFIG_GLOBAL back at
// it (Gemini CLI runs commands with GIT_CONFIG_GLOBAL=/dev/null).
func (m *machine) setUpUpstream() {
	m.t.Helper()
	work, bare := filepath.Join(m.root, "upstream"), filepath.Join(m.root, "repos", "widget.git")
	m.git("init", "-q", work)
	if err := os.WriteFile(filepath.Join(work, "README.md"), []byte("widget\n"), 0o644); err != nil {
		m.t.Fatal(err)
	}
	m.git("-C", work, "add", "README.md")
	m.git("-C", work, "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "commit", "-q", "-m", "first")
	m.git("clone", "-q", "--bare", work, bare)
	m.git("config", "--global", "url.file://"+bare+".insteadOf", "https://github.com/acme/widget.git")
	git, err := exec.LookPath("git")
	if err != nil {
		m.t.Fatal(err)
	}
	wrapper := fmt.Sprintf("#!/bin/sh\nGIT_CONFIG_GLOBAL=%q\nexport GIT_CONFIG_GLOBAL\nexec %q \"$@\"\n", filepath.Join(m.home, ".gitconfig"), git)
	m.writeFile(filepath.Join(m.root, "bin", "git"), wrapper, 0o755)
}

// writeFile writes a file of the test's, making its directory.
func (m *machine) writeFile(path, content string, mode os.FileMode) {
	m.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		m.t.Fatal(err)
	}
}

// corralSays runs `corral hook` directly with a Claude Code input for tool
// and input in the project, and returns its decision and reason: corral is
// deterministic, so this is what it told the agent (but for the session
// id, which only the confirm line holds).
func (m *machine) corralSays(corral, tool string, input map[string]any) (decision, reason string) {
	m.t.Helper()
	in, err := json.Marshal(map[string]any{"session_id": "e2e-direct", "cwd": m.project, "hook_event_name": "PreToolUse",
		"tool_name": tool, "tool_input": input})
	if err != nil {
		m.t.Fatal(err)
	}
	cmd := exec.Command(corral, "hook")
	cmd.Dir = m.project
	cmd.Env = append(append(m.agentEnv(), m.env...), "CLAUDE_PROJECT_DIR="+m.project, "CORRAL_AUDIT_LOG=off")
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		m.t.Fatalf("corral hook: %v\n%s", err, out)
	}
	var a hookAnswer
	if len(bytes.TrimSpace(out)) > 0 {
		if err := json.Unmarshal(out, &a); err != nil {
			m.t.Fatalf("corral hook printed %q: %v", out, err)
		}
	}
	return a.HookSpecificOutput.PermissionDecision, a.HookSpecificOutput.PermissionDecisionReason
}

// wantToldWhy checks that the i-th call's result reached the model with
// corral's reason for refusing what (a Claude Code tool and input with the
// same meaning): every line of the reason but the session-specific
// confirm line must be in what the model was told.
func (m *machine) wantToldWhy(corral string, s *script, i int, tool string, what map[string]any) {
	m.t.Helper()
	decision, reason := m.corralSays(corral, tool, what)
	if decision != "deny" && decision != "ask" {
		m.t.Errorf("corral does not refuse %v: %s %q", what, decision, reason)
		return
	}
	r := s.toolResults()
	if len(r) <= i {
		m.t.Errorf("no tool result %d: %+v", i, r)
		return
	}
	told := s.toldAfterTool()
	for _, line := range strings.Split(reason, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.Contains(line, "--session") {
			continue
		}
		if !strings.Contains(r[i].Content, line) && !strings.Contains(told, line) {
			m.t.Errorf("the model was not told corral's reason %q; result %d: %q", line, i, r[i].Content)
		}
	}
}

// agentScenarios are the four scenarios every agent runs: a clone lands
// in the sandbox, a deletion outside the project is refused and the model
// told why, a .env write is refused, an ordinary command runs.
var agentScenarios = []struct {
	name  string
	setup func(t *testing.T, m *machine)
	steps func(a agentCLI, m *machine) []step
	check func(t *testing.T, a agentCLI, m *machine, s *script, corral string)
}{{
	name:  "a clone lands in the sandbox",
	setup: func(t *testing.T, m *machine) { m.setUpUpstream() },
	steps: func(a agentCLI, m *machine) []step {
		steps := []step{a.shell(m, "git clone https://github.com/acme/widget.git")}
		if a.noRewrite {
			steps = append(steps, a.shell(m, sandboxedClone(m)))
		}
		return steps
	},
	check: func(t *testing.T, a agentCLI, m *machine, s *script, corral string) {
		if a.noRewrite {
			// The first clone was refused with the command to run
			// instead, which the model then ran.
			if r := s.toolResults(); len(r) < 1 || !strings.Contains(r[0].Content, "Run exactly this instead:\n"+sandboxedClone(m)) {
				t.Errorf("the refused clone did not name %q: %+v", sandboxedClone(m), r)
			}
		}
		m.wantFile(filepath.Join(m.sandbox, "widget", "README.md"), "widget\n")
		m.wantNoFile(filepath.Join(m.project, "widget"))
		if told := s.toldAfterTool(); !strings.Contains(told, filepath.Join(m.sandbox, "widget")) {
			t.Errorf("the model was never told that the clone is in %s; it was told:\n%s", filepath.Join(m.sandbox, "widget"), told)
		}
	},
}, {
	name: "a deletion outside the project is refused and the model is told why",
	setup: func(t *testing.T, m *machine) {
		// The temporary tree is under /tmp, one of corral's default
		// safe directories; this policy has none, so that a directory
		// beside the project is really outside.
		policy := filepath.Join(m.root, "policy.json")
		m.writeFile(policy, `{"corral": 1, "paths": {"safe_dirs": []}}`, 0o644)
		m.env = append(m.env, "CORRAL_POLICY="+policy)
	},
	steps: func(a agentCLI, m *machine) []step {
		// rm -r, not rm -rf: Codex refuses rm -f-style commands itself,
		// before any hook runs.
		return []step{a.shell(m, "rm -r "+m.outside), a.shell(m, "ls "+m.outside)}
	},
	check: func(t *testing.T, a agentCLI, m *machine, s *script, corral string) {
		if _, err := os.Stat(filepath.Join(m.outside, "keep")); err != nil {
			t.Errorf("rm -r ran outside the project: %v", err)
		}
		m.wantToldWhy(corral, s, 0, "Bash", map[string]any{"command": "rm -r " + m.outside})
		r := s.toolResults()
		switch {
		case len(r) != 2:
			t.Errorf("want two tool results: %+v", r)
		case strings.Contains(r[1].Content, "keep"):
		case a.emptyOutputSometimes && strings.Contains(r[1].Content, "(empty)"):
			t.Logf("%s reported (empty) for ls; the directory is checked on disk above", a.name)
		default:
			t.Errorf("the model should have seen the directory still there: %+v", r)
		}
	},
}, {
	name: "a .env write is refused",
	steps: func(a agentCLI, m *machine) []step {
		return []step{
			a.write(m, filepath.Join(m.project, a.envName()), "API_TOKEN=secret\n"),
			a.shell(m, "printf 'API_TOKEN=secret\\n' > .env"),
		}
	},
	check: func(t *testing.T, a agentCLI, m *machine, s *script, corral string) {
		m.wantNoFile(filepath.Join(m.project, a.envName()))
		m.wantNoFile(filepath.Join(m.project, ".env"))
		m.wantToldWhy(corral, s, 0, "Write", map[string]any{"file_path": filepath.Join(m.project, a.envName()), "content": "API_TOKEN=secret\n"})
		m.wantToldWhy(corral, s, 1, "Bash", map[string]any{"command": "printf 'API_TOKEN=secret\\n' > .env"})
	},
}, {
	name: "an ordinary command runs",
	steps: func(a agentCLI, m *machine) []step {
		return []step{a.shell(m, "echo hello > out.txt && cat out.txt")}
	},
	check: func(t *testing.T, a agentCLI, m *machine, s *script, corral string) {
		m.wantFile(filepath.Join(m.project, "out.txt"), "hello\n")
		if r := s.toolResults(); len(r) != 1 || !strings.Contains(r[0].Content, "hello") {
			t.Errorf("tool results: %+v", r)
		}
		if d, reason := m.corralSays(corral, "Bash", map[string]any{"command": "echo hello > out.txt && cat out.txt"}); d == "deny" || d == "ask" {
			t.Errorf("corral refuses an ordinary command: %s %q", d, reason)
		}
	},
}}

// sandboxedClone is the clone of the upstream with its destination in the
// sandbox: corral's rewrite of the plain clone.
func sandboxedClone(m *machine) string {
	return "git clone https://github.com/acme/widget.git " + filepath.Join(m.sandbox, "widget")
}

// runAgentScenarios runs the four scenarios under agent a with corral
// registered for it.
func runAgentScenarios(t *testing.T, a agentCLI) {
	a = findAgent(t, a)
	if _, err := exec.LookPath("git"); err != nil {
		missing(t, "git is not installed; run .ci/install-e2e.sh as root")
	}
	corral := buildCorral(t)
	for _, sc := range agentScenarios {
		t.Run(sc.name, func(t *testing.T) {
			m := newMachine(t, "")
			if err := os.MkdirAll(filepath.Join(m.root, "bin"), 0o755); err != nil {
				t.Fatal(err)
			}
			registerCorral(t, m, a.name, corral)
			if sc.setup != nil {
				sc.setup(t, m)
			}
			s := newScript(t, sc.steps(a, m)...)
			m.runAgent(a, s)
			sc.check(t, a, m, s, corral)
			if t.Failed() {
				audit, _ := os.ReadFile(filepath.Join(m.root, "state", "audit.jsonl"))
				t.Logf("files: %s\ncorral's audit log:\n%s\nresults: %+v\nthe model was told after the tool ran:\n%s", m.tree(), audit, s.toolResults(), s.toldAfterTool())
			}
		})
	}
}
