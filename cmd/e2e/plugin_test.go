package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/corral-dev/corral/cmd/corral/agent"
)

// copyTree copies the files under src into dst, keeping their modes.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if d.Name() == "bin" && filepath.Dir(p) == src {
				return filepath.SkipDir // a developer's own plugin/bin/corral
			}
			return os.MkdirAll(target, 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyMarketplace copies the repository's marketplace (.claude-plugin/) and
// the plugin folder it lists into dir, and returns the plugin's copy.
func copyMarketplace(t *testing.T, dir string) string {
	t.Helper()
	root := moduleRoot(t)
	var market struct {
		Name    string `json:"name"`
		Plugins []struct {
			Name   string `json:"name"`
			Source string `json:"source"`
		} `json:"plugins"`
	}
	data, err := os.ReadFile(filepath.Join(root, ".claude-plugin", "marketplace.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &market); err != nil {
		t.Fatalf(".claude-plugin/marketplace.json: %v", err)
	}
	if market.Name != "corral" || len(market.Plugins) != 1 || market.Plugins[0].Name != "corral" || !strings.HasPrefix(market.Plugins[0].Source, "./") {
		t.Fatalf(".claude-plugin/marketplace.json should list one plugin corral with a ./ source: %+v", market)
	}
	copyTree(t, filepath.Join(root, ".claude-plugin"), filepath.Join(dir, ".claude-plugin"))
	plugin := filepath.Join(dir, filepath.FromSlash(market.Plugins[0].Source))
	copyTree(t, filepath.Join(root, filepath.FromSlash(market.Plugins[0].Source)), plugin)
	return plugin
}

// TestPluginFiles checks the plugin's manifest and hooks: every hook
// command goes through ${CLAUDE_PLUGIN_ROOT} to an executable launcher in
// the plugin, for the tools corral checks.
func TestPluginFiles(t *testing.T) {
	plugin := copyMarketplace(t, t.TempDir())
	var manifest struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	data, err := os.ReadFile(filepath.Join(plugin, ".claude-plugin", "plugin.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &manifest); err != nil || manifest.Name != "corral" || manifest.Version == "" {
		t.Fatalf("plugin.json: %v %+v", err, manifest)
	}
	var hooks struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	data, err = os.ReadFile(filepath.Join(plugin, "hooks", "hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &hooks); err != nil {
		t.Fatalf("hooks.json: %v", err)
	}
	pre := hooks.Hooks["PreToolUse"]
	if len(pre) != 1 || len(hooks.Hooks["SessionEnd"]) != 1 {
		t.Fatalf("want one PreToolUse and one SessionEnd entry: %+v", hooks.Hooks)
	}
	for _, want := range []string{"Bash", "Write", "Edit", "MultiEdit", "NotebookEdit", "Read", "Skill", "mcp__filesystem__write_file"} {
		if !agent.MatcherSelects(pre[0].Matcher, want) {
			t.Errorf("PreToolUse matcher %q does not select %s", pre[0].Matcher, want)
		}
	}
	for event, entries := range hooks.Hooks {
		for _, e := range entries {
			for _, h := range e.Hooks {
				const prefix, suffix = `"${CLAUDE_PLUGIN_ROOT}/`, `" --agent claude`
				if h.Type != "command" || !strings.HasPrefix(h.Command, prefix) || !strings.HasSuffix(h.Command, suffix) {
					t.Errorf("%s hook %q does not run a quoted ${CLAUDE_PLUGIN_ROOT} path with --agent claude", event, h.Command)
					continue
				}
				script := filepath.Join(plugin, strings.TrimSuffix(strings.TrimPrefix(h.Command, prefix), suffix))
				if st, err := os.Stat(script); err != nil || st.Mode().Perm()&0o111 == 0 {
					t.Errorf("%s hook runs %s, which is not an executable file of the plugin (%v)", event, script, err)
				}
			}
		}
	}
}

// launcherEnv is an environment whose PATH holds only the tools the
// launcher itself uses, plus extra directories first.
func launcherEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	tools := t.TempDir()
	for _, name := range []string{"cat", "dirname"} {
		p, err := exec.LookPath(name)
		if err != nil {
			missing(t, name+" not found")
		}
		if err := os.Symlink(p, filepath.Join(tools, name)); err != nil {
			t.Fatal(err)
		}
	}
	return []string{"PATH=" + strings.Join(append(extra, tools), string(os.PathListSeparator)), "HOME=" + t.TempDir()}
}

// runLauncher runs the plugin's launcher with stdin and env.
func runLauncher(t *testing.T, plugin string, env []string, stdin string) (stdout, stderr string, code int) {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		missing(t, "sh not found")
	}
	cmd := exec.Command(sh, filepath.Join(plugin, "scripts", "corral-hook"))
	cmd.Env = append(env, "CLAUDE_PLUGIN_ROOT="+plugin)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// stub writes an executable script at path that prints name and its
// arguments and copies its stdin.
func stub(t *testing.T, path, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\necho " + name + " \"$@\"\nexec cat\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestPluginLauncher checks which corral the plugin's launcher runs, and
// that without one it fails open: exit 0, nothing on stdout, and on stderr
// how to install corral.
func TestPluginLauncher(t *testing.T) {
	plugin := copyMarketplace(t, t.TempDir())
	input := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`

	t.Run("no corral: fails open and says how to install it", func(t *testing.T) {
		stdout, stderr, code := runLauncher(t, plugin, launcherEnv(t), input)
		if code != 0 || stdout != "" {
			t.Errorf("exit %d, stdout %q; want exit 0 and no output", code, stdout)
		}
		for _, want := range []string{"corral is not installed", "NOT checked", "CGO_ENABLED=0 go install github.com/corral-dev/corral/cmd/corral@latest",
			"CGO_ENABLED=0 go build -o \"" + filepath.Join(plugin, "bin", "corral") + "\" ./cmd/corral", "CORRAL_BIN"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr lacks %q:\n%s", want, stderr)
			}
		}
	})
	t.Run("corral on PATH comes before the plugin's bin", func(t *testing.T) {
		onPath := t.TempDir()
		stub(t, filepath.Join(onPath, "corral"), "from-path")
		stub(t, filepath.Join(plugin, "bin", "corral"), "from-bin")
		defer os.RemoveAll(filepath.Join(plugin, "bin"))
		stdout, stderr, code := runLauncher(t, plugin, launcherEnv(t, onPath), input)
		if code != 0 || stdout != "from-path hook\n"+input {
			t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})
	t.Run("the plugin's bin/corral when PATH has none", func(t *testing.T) {
		stub(t, filepath.Join(plugin, "bin", "corral"), "from-bin")
		defer os.RemoveAll(filepath.Join(plugin, "bin"))
		stdout, stderr, code := runLauncher(t, plugin, launcherEnv(t), input)
		if code != 0 || stdout != "from-bin hook\n"+input {
			t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})
	t.Run("CORRAL_BIN first", func(t *testing.T) {
		onPath, chosen := t.TempDir(), filepath.Join(t.TempDir(), "my-corral")
		stub(t, filepath.Join(onPath, "corral"), "from-path")
		stub(t, chosen, "from-env")
		stdout, stderr, code := runLauncher(t, plugin, append(launcherEnv(t, onPath), "CORRAL_BIN="+chosen), input)
		if code != 0 || stdout != "from-env hook\n"+input {
			t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})
	t.Run("the real corral answers through it", func(t *testing.T) {
		corral := buildCorral(t)
		project := t.TempDir()
		in := `{"hook_event_name":"PreToolUse","cwd":"` + project + `","tool_name":"Write","tool_input":{"file_path":"` + filepath.Join(project, ".env") + `","content":"A=1"}}`
		env := append(launcherEnv(t, filepath.Dir(corral)), "CORRAL_AUDIT_LOG=off", "CORRAL_STATE_DIR="+t.TempDir())
		stdout, stderr, code := runLauncher(t, plugin, env, in)
		var a hookAnswer
		if err := json.Unmarshal([]byte(stdout), &a); err != nil || code != 0 || a.HookSpecificOutput.PermissionDecision != "deny" {
			t.Errorf("exit %d, stdout %q (%v), stderr %q; want corral's deny", code, stdout, err, stderr)
		}
	})
}

// claudeCmd runs one `claude` subcommand (not a conversation) in the
// machine's environment and fails the test if it fails.
func (m *machine) claudeCmd(api *standIn, args ...string) string {
	m.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, m.claude, args...)
	cmd.Dir = m.root
	cmd.Env = append(m.environ(api), m.env...)
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	out, err := cmd.CombinedOutput()
	m.t.Logf("claude %s: %v", strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	if err != nil {
		m.t.Fatalf("claude %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestClaudePlugin installs the repository's plugin into the real Claude
// Code CLI from a local directory marketplace (claude plugin marketplace
// add, claude plugin install corral@corral), with no hook in any settings
// file, and runs the sandbox and .env scenarios through it: once with
// corral on PATH, once with corral only in the plugin's bin/.
func TestClaudePlugin(t *testing.T) {
	claude := claudeBin(t)
	if _, err := exec.LookPath("git"); err != nil {
		missing(t, "git is not installed; run .ci/install-e2e.sh as root")
	}
	corral := buildCorral(t)

	scenarios := []struct {
		name string
		// inBin puts corral in the plugin's bin/ instead of on PATH.
		inBin bool
		setup func(m *machine)
		steps func(m *machine) []step
		check func(t *testing.T, m *machine, api *standIn)
	}{{
		name:  "git clone lands in the sandbox (corral on PATH)",
		setup: func(m *machine) { m.setUpUpstream() },
		steps: func(m *machine) []step {
			return []step{{"Bash", map[string]any{"command": "git clone https://github.com/acme/widget.git", "description": "Clone the widget repository"}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantFile(filepath.Join(m.sandbox, "widget", "README.md"), "widget\n")
			m.wantNoFile(filepath.Join(m.project, "widget"))
			m.wantTold(api, corral, filepath.Join(m.sandbox, "widget"))
		},
	}, {
		name:  "a Write to .env is refused (corral in the plugin's bin)",
		inBin: true,
		steps: func(m *machine) []step {
			return []step{{"Write", map[string]any{"file_path": filepath.Join(m.project, ".env"), "content": "API_TOKEN=secret\n"}}}
		},
		check: func(t *testing.T, m *machine, api *standIn) {
			m.wantNoFile(filepath.Join(m.project, ".env"))
			m.wantRefused(corral, api, 0)
		},
	}}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			m := newMachine(t, claude)
			bin := filepath.Join(m.root, "bin")
			if err := os.MkdirAll(bin, 0o755); err != nil {
				t.Fatal(err)
			}
			m.env = append(m.env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			plugin := copyMarketplace(t, filepath.Join(m.root, "marketplace"))
			if sc.inBin {
				data, err := os.ReadFile(corral)
				if err != nil {
					t.Fatal(err)
				}
				m.writeFile(filepath.Join(plugin, "bin", "corral"), string(data), 0o755)
			} else if err := os.Symlink(corral, filepath.Join(bin, "corral")); err != nil {
				t.Fatal(err)
			}
			if sc.setup != nil {
				sc.setup(m)
			}
			m.steps = sc.steps(m)
			api := newStandIn(t, m.steps...)
			if out := m.claudeCmd(api, "plugin", "validate", filepath.Join(m.root, "marketplace")); !strings.Contains(out, "Validation passed") {
				t.Errorf("claude plugin validate: %s", out)
			}
			m.claudeCmd(api, "plugin", "marketplace", "add", filepath.Join(m.root, "marketplace"))
			m.claudeCmd(api, "plugin", "install", "corral@corral")
			if out := m.claudeCmd(api, "plugin", "list"); !strings.Contains(out, "corral@corral") {
				t.Fatalf("claude plugin list does not show corral@corral:\n%s", out)
			}
			if _, err := os.Stat(filepath.Join(m.project, ".claude", "settings.json")); err == nil {
				t.Fatal("the project has its own hook settings; the plugin must be the only registration")
			}
			m.run(api)
			sc.check(t, m, api)
			if t.Failed() {
				audit, _ := os.ReadFile(filepath.Join(m.root, "state", "audit.jsonl"))
				t.Logf("files: %s\ncorral's audit log:\n%s\nthe model was told after the tool ran:\n%s", m.tree(), audit, api.toldAfterTool())
			}
		})
	}
}
