package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestInstallerOutputs: installers whose output name no word gives —
// go install, cargo install --path, npm install -g / npm link, pipx and
// uv tool install — write a program named after the package they build.
// When that program is corral's own (the running hook binary, or a
// corral where the documented installs put it, which the plugin's
// launcher finds on PATH), the install replaces the guard and is
// denied; the same installs of other tools pass.
func TestInstallerOutputs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	home := filepath.Join(root, "home")
	bin := filepath.Join(root, "opt", "bin")
	files := map[string]string{
		"proj/go.mod":                    "module example.com/proj\n",
		"proj/cmd/corral/main.go":        "// Fake.\npackage main\n\nfunc main() {}\n",
		"proj/cmd/mytool/main.go":        "/* a tool */ package main\nfunc main() {}\n",
		"proj/internal/lib/lib.go":       "package lib\n",
		"proj/tools/corral/main_test.go": "package main\n",
		"proj/fake/package.json":         `{"name": "fake", "bin": {"corral": "x.js"}}`,
		"proj/fake2/package.json":        `{"name": "@me/corral", "bin": "x.js"}`,
		"proj/tool/package.json":         `{"name": "tool", "bin": {"mytool": "x.js"}}`,
		"proj/package.json":              `{"name": "proj", "bin": {"corral": "x.js"}}`,
		"proj/rs/Cargo.toml":             "[package]\nname = \"fake\"\n\n[[bin]]\nname = \"corral\"\npath = \"src/x.rs\"\n",
		"proj/rs2/Cargo.toml":            "[package]\nname = \"mytool\"\n",
		"proj/rs2/src/main.rs":           "fn main() {}\n",
		"proj/py/pyproject.toml":         "[project]\nname = \"fake\"\n\n[project.scripts]\ncorral = \"fake:main\"\n",
		"proj/py2/pyproject.toml":        "[project]\nname = \"t\"\n\n[project.scripts]\nmytool = \"t:main\"\n",
		"opt/bin/corral":                 "binary",
		"home/go/bin/.keep":              "",
	}
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(bin, "corral")
	sb := filepath.Join(proj, "agent_sandbox")
	cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto,
		Protected: []string{exe}, Paths: guards.DefaultPolicy().WithSelfProtection([]string{exe}, sb)}
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		// Over the running hook binary.
		{"GOBIN=" + bin + " go install ./cmd/corral", Deny},
		{"GOBIN=" + bin + " go install ./...", Deny},
		{"GOBIN=" + bin + " go install -v -ldflags '-s -w' ./cmd/...", Deny},
		{"GOPATH=" + filepath.Dir(bin) + " go install ./cmd/corral", Deny},
		{"GOBIN=" + bin + " go install -C cmd ./corral", Deny},
		{"GOBIN=" + bin + " go install example.com/x/cmd/corral@latest", Deny},
		{"cargo install --path rs --root " + filepath.Dir(bin), Deny},
		{"npm i -g ./fake --prefix " + filepath.Dir(bin), Deny},
		{"npm_config_prefix=" + filepath.Dir(bin) + " npm link", Deny},
		{"PIPX_BIN_DIR=" + bin + " pipx install ./py", Deny},
		{"UV_TOOL_BIN_DIR=" + bin + " uv tool install ./py", Deny},
		{"PNPM_HOME=" + bin + " pnpm add -g ./fake", Deny},
		{"BUN_INSTALL=" + filepath.Dir(bin) + " bun add -g ./fake", Deny},
		{"yarn global add file:./fake --prefix " + filepath.Dir(bin), Deny},
		// Where the documented installs put corral: ~/go/bin,
		// ~/.cargo/bin, ~/.local/bin.
		{"go install ./cmd/corral", Deny},
		{"cargo install --path ./rs", Deny},
		{"pipx install ./py", Deny},
		{"uv tool install ./py", Deny},
		{"npm install -g ./fake2 --prefix ~/.local", Deny},
		// Look-alikes: other names, no main package, local installs.
		{"go install ./cmd/mytool", Allow},
		{"GOBIN=" + bin + " go install ./cmd/mytool", Allow},
		{"go install ./internal/lib", Allow},
		{"go install ./tools/corral", Allow},
		{"go install golang.org/x/tools/gopls@latest", Allow},
		{"go build ./...", Allow},
		{"cargo install --path rs2", Allow},
		{"cargo install ripgrep", Allow},
		{"npm link ./tool", Allow},
		{"npm i -g ./tool --prefix " + filepath.Dir(bin), Allow},
		{"npm install ./fake", Allow},
		{"npm install", Allow},
		{"pipx install ./py2", Allow},
		{"PNPM_HOME=" + bin + " pnpm add -g ./tool", Allow},
		{"pnpm add ./fake", Allow},
		{"uv tool install ruff", Allow},
	} {
		got := Check(cfg, tc.cmd).Decision
		if tc.want == Allow && got > Warn || tc.want != Allow && got != tc.want {
			t.Errorf("%s: decision %v, want %v (%v)", tc.cmd, got, tc.want, Check(cfg, tc.cmd).Findings)
		}
	}
}
