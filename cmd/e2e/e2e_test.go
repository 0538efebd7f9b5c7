package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// moduleRoot finds the repository root (where go.mod is).
func moduleRoot(t *testing.T) string {
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
}

// claudeBin finds the Claude Code CLI, or skips (fails with CORRAL_E2E=require).
func claudeBin(t *testing.T) string {
	t.Helper()
	candidates := []string{os.Getenv("CORRAL_CLAUDE_BIN")}
	cache := os.Getenv("CORRAL_E2E_CACHE")
	if cache == "" {
		cache = filepath.Join(moduleRoot(t), ".cache", "e2e")
	}
	candidates = append(candidates, filepath.Join(cache, "node_modules", ".bin", "claude"))
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if out, err := exec.Command(c, "--version").CombinedOutput(); err == nil {
			t.Logf("Claude Code CLI %s at %s", strings.TrimSpace(string(out)), c)
			return c
		}
	}
	msg := "the Claude Code CLI is not installed; run .ci/install-e2e.sh (npm install @anthropic-ai/claude-code into .cache/e2e)"
	if os.Getenv("CORRAL_E2E") == "require" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// machine is one scenario's temporary world.
type machine struct {
	t                            *testing.T
	root, home, project, sandbox string
	corral, claude               string
}

func newMachine(t *testing.T, claude, corral string) *machine {
	root := t.TempDir()
	m := &machine{t: t, root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "project"),
		sandbox: filepath.Join(root, "sandbox"), corral: corral, claude: claude}
	for _, d := range []string{m.home, m.project} {
		os.MkdirAll(d, 0o755)
	}
	git := exec.Command("git", "init", "-q", m.project)
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	settings := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
		"matcher": "Bash|Write|Edit|MultiEdit|NotebookEdit",
		"hooks":   []any{map[string]any{"type": "command", "command": corral + " hook"}},
	}}}}
	b, _ := json.MarshalIndent(settings, "", "  ")
	os.MkdirAll(filepath.Join(m.project, ".claude"), 0o755)
	os.WriteFile(filepath.Join(m.project, ".claude", "settings.json"), b, 0o644)
	return m
}

// run runs claude -p against the stand-in and returns its output.
func (m *machine) run(api *standIn, extraEnv ...string) string {
	m.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, m.claude, "-p", "Please do the task.", "--permission-mode", "bypassPermissions", "--output-format", "json")
	cmd.Dir = m.project
	cmd.Env = append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + m.home, "ANTHROPIC_BASE_URL=" + api.srv.URL, "ANTHROPIC_API_KEY=test-key",
		"DISABLE_TELEMETRY=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1",
		"no_proxy=127.0.0.1,localhost", "NO_PROXY=127.0.0.1,localhost", "CONTENT_FILTER_SANDBOX_DIR=" + m.sandbox,
		"CORRAL_STATE_DIR=" + filepath.Join(m.root, "state"), "GIT_CONFIG_GLOBAL=" + filepath.Join(m.root, "gitconfig"),
		"GIT_TERMINAL_PROMPT=0", "http_proxy=" + os.Getenv("CORRAL_E2E_HTTP_PROXY"),
	}, extraEnv...)
	if os.Geteuid() == 0 {
		cmd.Env = append(cmd.Env, "IS_SANDBOX=1")
	}
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		m.t.Fatalf("claude timed out; output:\n%s\nrequests: %d, unknown endpoints: %v", out, len(api.bodies), api.unknown)
	}
	if err != nil {
		m.t.Logf("claude exited with %v", err)
	}
	api.mu.Lock()
	n, results, unknown := len(api.bodies), len(api.results), api.unknown
	api.mu.Unlock()
	m.t.Logf("claude sent %d Messages API requests, %d tool results; other endpoints: %v", n, results, unknown)
	if results == 0 {
		m.t.Fatalf("the CLI never sent a tool result back; output:\n%s", out)
	}
	return string(out)
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func TestClaudeCode(t *testing.T) {
	claude := claudeBin(t)
	if os.Getenv("CORRAL_E2E_NETNS") == "inside" {
		t.Log("running in a network namespace with only loopback")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	corral := filepath.Join(t.TempDir(), "corral")
	build := exec.Command("go", "build", "-o", corral, "./cmd/corral")
	build.Dir = moduleRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	// A file server on loopback for the download scenario.
	files := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"downloaded": true}`)
	}))
	defer files.Close()

	t.Run("clone lands in the sandbox and the model is told", func(t *testing.T) {
		m := newMachine(t, claude, corral)
		bare := filepath.Join(m.root, "repos", "widget.git")
		work := filepath.Join(m.root, "work")
		script := fmt.Sprintf("git init -q %s && cd %s && git -c user.name=t -c user.email=t@e commit -q --allow-empty -m first && git clone -q --bare . %s", work, work, bare)
		if out, err := exec.Command("bash", "-c", script).CombinedOutput(); err != nil {
			t.Fatalf("fixture: %v %s", err, out)
		}
		os.WriteFile(filepath.Join(m.root, "gitconfig"), []byte(fmt.Sprintf("[url \"file://%s\"]\n\tinsteadOf = https://github.com/acme/widget.git\n[protocol \"file\"]\n\tallow = always\n", bare)), 0o644)
		api := newStandIn(t, "Bash", map[string]any{"command": "git clone https://github.com/acme/widget.git", "description": "Clone the repository"})
		out := m.run(api)
		if !exists(filepath.Join(m.sandbox, "widget", ".git")) {
			t.Fatalf("the clone is not in the sandbox %s\nclaude: %s\ntool results: %s", m.sandbox, out, api.toolResults())
		}
		if exists(filepath.Join(m.project, "widget")) {
			t.Error("the clone landed in the project")
		}
		if !api.sent(filepath.Join(m.sandbox, "widget")) {
			t.Errorf("the model was never told where the clone is; tool results: %s", api.toolResults())
		}
		// corral's additionalContext, not just git's own output, reached
		// the model.
		if !api.sent("corral rewrote this command") {
			t.Errorf("corral's additionalContext never reached the model")
		}
	})

	t.Run("curl -o lands in the sandbox", func(t *testing.T) {
		m := newMachine(t, claude, corral)
		api := newStandIn(t, "Bash", map[string]any{"command": "curl -s -o data.json " + files.URL + "/data.json", "description": "Download"})
		out := m.run(api)
		data, err := os.ReadFile(filepath.Join(m.sandbox, "data.json"))
		if err != nil || !strings.Contains(string(data), "downloaded") {
			t.Fatalf("download not in the sandbox: %v\nclaude: %s\ntool results: %s", err, out, api.toolResults())
		}
		if exists(filepath.Join(m.project, "data.json")) {
			t.Error("the download landed in the project")
		}
		if !api.sent(filepath.Join(m.sandbox, "data.json")) {
			t.Error("the model was never told where the download is")
		}
	})

	t.Run("a Write to .env is refused", func(t *testing.T) {
		m := newMachine(t, claude, corral)
		target := filepath.Join(m.project, ".env")
		api := newStandIn(t, "Write", map[string]any{"file_path": target, "content": "SECRET=1\n"})
		m.run(api)
		if exists(target) {
			t.Fatal(".env was written")
		}
		if r := api.toolResults(); !strings.Contains(r, "Protected path") {
			t.Errorf("the model was not told why: %s", r)
		}
	})

	t.Run("chmod -R 777 ~ does not run", func(t *testing.T) {
		m := newMachine(t, claude, corral)
		probe := filepath.Join(m.home, "probe")
		os.WriteFile(probe, []byte("x"), 0o600)
		api := newStandIn(t, "Bash", map[string]any{"command": "chmod -R 777 ~", "description": "Fix permissions"})
		m.run(api)
		if st, _ := os.Stat(probe); st.Mode().Perm() != 0o600 {
			t.Fatalf("chmod ran: %v", st.Mode().Perm())
		}
		if r := api.toolResults(); !strings.Contains(r, "chmod-recursive") {
			t.Errorf("tool result does not name the rule: %s", r)
		}
	})

	t.Run("rm -rf outside the project does not run", func(t *testing.T) {
		m := newMachine(t, claude, corral)
		outside := filepath.Join(m.home, "Documents")
		os.MkdirAll(filepath.Join(outside, "keep"), 0o755)
		// HOME is a temporary directory under /tmp, a default safe path;
		// seed 002's own configuration is used so that it is not.
		gr := filepath.Join(m.root, "guardrails.json")
		os.WriteFile(gr, []byte(`{"version":1,"safe_paths":["~/.claude"],"blocked_paths":["/etc"],"rules":{"bash":[]}}`), 0o644)
		api := newStandIn(t, "Bash", map[string]any{"command": "rm -rf " + outside, "description": "Clean up"})
		m.run(api, "CORRAL_POLICY="+gr)
		if !exists(filepath.Join(outside, "keep")) {
			t.Fatal("rm -rf ran outside the project")
		}
	})

	t.Run("an ordinary command runs unchanged", func(t *testing.T) {
		m := newMachine(t, claude, corral)
		api := newStandIn(t, "Bash", map[string]any{"command": "echo hello-from-e2e > out.txt && cat out.txt", "description": "Say hello"})
		m.run(api)
		data, err := os.ReadFile(filepath.Join(m.project, "out.txt"))
		if err != nil || strings.TrimSpace(string(data)) != "hello-from-e2e" {
			t.Fatalf("the command did not run: %v %q", err, data)
		}
		if r := api.toolResults(); !strings.Contains(r, "hello-from-e2e") {
			t.Errorf("the model did not get the output: %s", r)
		}
	})
}
