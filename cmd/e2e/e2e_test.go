package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// runTimeout bounds one run of the CLI.
const runTimeout = 120 * time.Second

// fileBody is what the loopback file server serves.
const fileBody = `{"downloaded": true}` + "\n"

// moduleRoot finds the repository root (the folder with go.mod).
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// claudeBin finds the Claude Code CLI (CORRAL_CLAUDE_BIN, else the one
// .ci/install-e2e.sh put in <cache>/claude) and checks that it runs.
// Without one the test skips, or fails when CORRAL_E2E=require.
func claudeBin(t *testing.T) string {
	t.Helper()
	return findAgent(t, agentCLI{name: "claude", bin: "claude"}).path
}

// fileServer serves fileBody on loopback for the download scenarios and
// counts the uploads (POST and PUT requests) it receives.
type fileServer struct {
	*httptest.Server
	posts atomic.Int64
}

// uploads is how many uploads the server received.
func (f *fileServer) uploads() int64 { return f.posts.Load() }

// newFileServer starts a fileServer for the test.
func newFileServer(t *testing.T) *fileServer {
	f := &fileServer{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost || r.Method == http.MethodPut {
			f.posts.Add(1)
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, fileBody)
	}))
	t.Cleanup(f.Close)
	return f
}

// machine is one scenario's temporary world: a home, a git project with
// the hook registered in .claude/settings.json, a sandbox, a directory
// outside the project, and a probe file in the home.
type machine struct {
	t                                     *testing.T
	root, home, project, sandbox, outside string
	probe                                 string
	claude                                string
	hookLog                               string
	// steps is the scripted conversation of the scenario.
	steps []step
	// sessionID is the CLI's session, once it has run.
	sessionID string
	// env is added to the CLI's environment (and so the hook's).
	env []string
	// args are added to the CLI's command line (--mcp-config FILE).
	args []string
}

// killLeftovers kills the processes a CLI left running whose command
// line names a path under root: Cline's hub daemon (cline
// --cline-hub-daemon --cwd PROJECT) starts a session of its own, so the
// kill of the CLI's process group misses it, and it kept writing into
// the test's directory after the test removed it (one directory left
// in /tmp per run).
func killLeftovers(root string) {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, f := range procs {
		b, err := os.ReadFile(f)
		if err != nil || !bytes.Contains(b, []byte(root)) {
			continue
		}
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		if err != nil || pid == os.Getpid() {
			continue
		}
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

func newMachine(t *testing.T, claude string) *machine {
	t.Helper()
	root := t.TempDir()
	// Registered after TempDir's removal, so run before it: a CLI's
	// helper that outlives the CLI (Cline's database writer) may still be
	// writing its last files, and TempDir fails the test when a file
	// appears while it removes the tree. Retry until the tree is gone.
	t.Cleanup(func() {
		killLeftovers(root)
		for i := 0; i < 50 && os.RemoveAll(root) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	m := &machine{t: t, root: root, claude: claude,
		home: filepath.Join(root, "home"), project: filepath.Join(root, "project"),
		sandbox: filepath.Join(root, "sandbox"), outside: filepath.Join(root, "outside")}
	m.probe = filepath.Join(m.home, "probe.txt")
	for _, d := range []string{m.home, m.project, filepath.Join(m.outside, "keep")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(m.probe, []byte("probe\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// Known modes whatever the umask, for the chmod scenarios.
	if err := os.Chmod(m.home, 0o755); err != nil {
		t.Fatal(err)
	}
	m.git("init", "-q", m.project)
	return m
}

// git runs git with the machine's home, failing the test on error.
func (m *machine) git(args ...string) {
	m.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Env = append(os.Environ(), "HOME="+m.home, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		m.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// writeSkill writes the project skill .claude/skills/NAME/SKILL.md with
// the given description and body.
func (m *machine) writeSkill(name, description, body string) {
	m.t.Helper()
	dir := filepath.Join(m.project, ".claude", "skills", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		m.t.Fatal(err)
	}
	text := "---\nname: " + name + "\ndescription: " + description + "\n---\n\n" + body
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(text), 0o644); err != nil {
		m.t.Fatal(err)
	}
}

// installHook registers command as the project's PreToolUse hook for every
// tool that writes.
func (m *machine) installHook(command string) {
	m.t.Helper()
	settings := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
		"matcher": "Bash|Write|Edit|MultiEdit|NotebookEdit",
		"hooks":   []any{map[string]any{"type": "command", "command": command}},
	}}}}
	b, err := json.MarshalIndent(settings, "", "  ")
	if err != nil {
		m.t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(m.project, ".claude"), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(m.project, ".claude", "settings.json"), b, 0o644); err != nil {
		m.t.Fatal(err)
	}
}

// environ is the CLI's whole environment: nothing of the caller's but PATH,
// the stand-in as the API, no proxy, and the machine's extra variables.
func (m *machine) environ(api *standIn) []string {
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + m.home,
		"ANTHROPIC_BASE_URL=" + api.URL(),
		"ANTHROPIC_API_KEY=test",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"DISABLE_AUTOUPDATER=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"no_proxy=127.0.0.1,localhost",
		"NO_PROXY=127.0.0.1,localhost",
		"CONTENT_FILTER_SANDBOX_DIR=" + m.sandbox,
		"CORRAL_STATE_DIR=" + filepath.Join(m.root, "state"),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"TMPDIR=" + os.TempDir(),
	}
	if os.Geteuid() == 0 {
		env = append(env, "IS_SANDBOX=1")
	}
	return append(env, m.env...)
}

// cliResult is the part of `claude -p --output-format json` the tests read.
type cliResult struct {
	IsError   bool   `json:"is_error"`
	Result    string `json:"result"`
	SessionID string `json:"session_id"`
}

// run runs `claude -p` in the project against api and checks that the
// conversation went through: at least one tool result reached the model
// and the CLI printed the scripted final text.
func (m *machine) run(api *standIn) {
	m.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, m.claude, append([]string{"-p", "Please do the task.",
		"--permission-mode", "bypassPermissions", "--output-format", "json"}, m.args...)...)
	cmd.Dir = m.project
	cmd.Env = m.environ(api)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// A hook or tool left running must not hold the test past the timeout.
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	all, unknown := api.requests()
	m.t.Logf("claude ran %v (exit: %v); requests to the stand-in: %q", time.Since(start).Round(time.Millisecond), err, all)
	if len(unknown) > 0 {
		m.t.Logf("requests to endpoints the stand-in does not know: %q", unknown)
	}
	if ctx.Err() != nil {
		m.t.Fatalf("claude did not finish within %v\nstdout: %s\nstderr: %s", runTimeout, stdout.String(), stderr.String())
	}
	if len(api.toolResults()) == 0 {
		m.t.Fatalf("the CLI never sent a tool result back\nstdout: %s\nstderr: %s", stdout.String(), stderr.String())
	}
	var res cliResult
	if jerr := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); jerr != nil || res.Result != finalText || res.IsError {
		m.t.Fatalf("the CLI did not finish the scripted conversation (exit %v, %v): %+v\nstdout: %s\nstderr: %s", err, jerr, res, stdout.String(), stderr.String())
	}
	m.sessionID = res.SessionID
}

func (m *machine) wantFile(path, content string) {
	m.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		m.t.Errorf("want %s: %v (files: %s)", path, err, m.tree())
		return
	}
	if string(data) != content {
		m.t.Errorf("%s holds %q, want %q", path, data, content)
	}
}

func (m *machine) wantNoFile(path string) {
	m.t.Helper()
	if _, err := os.Lstat(path); err == nil {
		m.t.Errorf("%s exists and should not (files: %s)", path, m.tree())
	}
}

func (m *machine) wantMode(path string, mode fs.FileMode) {
	m.t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		m.t.Errorf("%s: %v", path, err)
		return
	}
	if st.Mode().Perm() != mode {
		m.t.Errorf("%s has mode %v, want %v", path, st.Mode().Perm(), mode)
	}
}

// tree lists the machine's files outside .git and the CLI's own state, for
// failure messages.
func (m *machine) tree() string {
	var paths []string
	_ = filepath.WalkDir(m.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == ".claude" || strings.HasSuffix(d.Name(), ".git")) {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(m.root, p)
			paths = append(paths, rel)
		}
		return nil
	})
	return strings.Join(paths, " ")
}
