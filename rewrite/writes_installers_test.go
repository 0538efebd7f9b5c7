package rewrite

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
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
		"proj/cfg/setup.cfg":             "[metadata]\nname = fake\n\n[options.entry_points]\nconsole_scripts =\n    other = fake:other\n    corral = fake:main\n",
		"proj/cfg2/setup.cfg":            "[metadata]\nname = t\n\n[options.entry_points]\nconsole_scripts =\n    mytool = t:main\n",
		"home/go/bin/.keep":              "",
		"proj/nomod/main.go":             "package main\nfunc main() {}\n",
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
	writeTgz(t, filepath.Join(proj, "fake.tgz"), map[string]string{"package/package.json": `{"name": "fake", "bin": {"corral": "x.js"}}`})
	writeTgz(t, filepath.Join(proj, "tool.tgz"), map[string]string{"package/package.json": `{"name": "tool", "bin": {"mytool": "x.js"}}`})
	writeGem(t, filepath.Join(proj, "corral-1.0.gem"), "--- !ruby/object:Gem::Specification\nname: corral\nbindir: exe\nexecutables:\n- corral\n- other\nextensions: []\n")
	writeGem(t, filepath.Join(proj, "tool-1.0.gem"), "--- !ruby/object:Gem::Specification\nname: tool\nexecutables:\n- mytool\n")
	if err := os.MkdirAll(filepath.Join(home, ".local", "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(home, ".local", "share", "gem", "ruby", "3.1.0", "bin"), 0o755); err != nil {
		t.Fatal(err)
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
		// Issue 12: GOBIN exported earlier in the line, an npm tarball,
		// setup.cfg entry points, a gem's executables.
		{"export GOBIN=" + bin + "; go install ./cmd/corral", Deny},
		// A go.mod go mod init writes earlier in the command names the
		// module, and so the program.
		{"cd nomod && go mod init corral && go install", Deny},
		{"cd nomod && go mod init example.com/corral/v2 && go install .", Deny},
		{"cd nomod && go mod init example.com/tool && go install", Allow},
		{"go mod init corral && cd nomod && go install", Allow},
		{"GOBIN=" + bin + "; export GOBIN && go install ./cmd/...", Deny},
		{"export GOBIN=~/.local/bin\ngo install ./cmd/corral", Deny},
		{"npm i -g ./fake.tgz --prefix " + filepath.Dir(bin), Deny},
		{"npm install -g file:fake.tgz --prefix " + filepath.Dir(bin), Deny},
		{"pipx install ./cfg", Deny},
		{"pip install --user ./py", Deny},
		{"pip3 install --user ./cfg", Deny},
		{"gem install --user-install ./corral-1.0.gem -n ~/bin", Deny},
		{"npm i -g corral --prefix " + filepath.Dir(bin), Deny},
		{"npm install --global @someone/corral@1.2.0 --prefix " + filepath.Dir(bin), Deny},
		{"gem install corral-1.0.gem --bindir " + bin, Deny},
		// The verb after npm's own options, or a prefix npm accepts.
		{"npm -g install ./fake --prefix " + filepath.Dir(bin), Deny},
		{"npm --prefix " + filepath.Dir(bin) + " --loglevel info i -g ./fake", Deny},
		{"npm --global --prefix=" + filepath.Dir(bin) + " instal ./fake", Deny},
		{"pnpm --dir . add -g ./fake --global-dir x", Allow},
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
		{"npm --prefix " + filepath.Dir(bin) + " install ./fake", Allow},
		{"npm --cache /tmp/c -g install ./tool --prefix " + filepath.Dir(bin), Allow},
		{"npm install", Allow},
		{"pipx install ./py2", Allow},
		{"PNPM_HOME=" + bin + " pnpm add -g ./tool", Allow},
		{"pnpm add ./fake", Allow},
		{"uv tool install ruff", Allow},
		{"export GOBIN=" + bin + "; go install ./cmd/mytool", Allow},
		{"export GOBIN=" + bin + "; cd cmd/mytool && go install", Allow},
		{"npm i -g ./tool.tgz --prefix " + filepath.Dir(bin), Allow},
		{"pipx install ./cfg2", Allow},
		{"pip install --user ./py2", Ask}, // the user site's .pth files (checkPipUser), not corral
		{"pip install ./py", Allow},       // into the active environment
		{"gem install --user-install ./tool-1.0.gem", Allow},
		{"gem install --user-install rails", Allow},
		{"npm i -g typescript --prefix " + filepath.Dir(bin), Allow},
		{"npm i corral", Allow}, // into ./node_modules
	} {
		got := Check(cfg, tc.cmd).Decision
		if tc.want == Allow && got > Warn || tc.want != Allow && got != tc.want {
			t.Errorf("%s: decision %v, want %v (%v)", tc.cmd, got, tc.want, Check(cfg, tc.cmd).Findings)
		}
	}
}

// writeTgz writes a gzip-compressed tar of the files at p.
func writeTgz(t *testing.T, p string, files map[string]string) {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	tw := tar.NewWriter(z)
	for name, text := range files {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(text)), Typeflag: tar.TypeReg})
		tw.Write([]byte(text))
	}
	tw.Close()
	z.Close()
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeGem writes a .gem (a plain tar holding metadata.gz, the gzipped
// YAML specification, and data.tar.gz) with the specification spec.
func writeGem(t *testing.T, p, spec string) {
	t.Helper()
	var meta bytes.Buffer
	z := gzip.NewWriter(&meta)
	z.Write([]byte(spec))
	z.Close()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, f := range []struct {
		name string
		data []byte
	}{{"metadata.gz", meta.Bytes()}, {"data.tar.gz", nil}} {
		tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.data)), Typeflag: tar.TypeReg})
		tw.Write(f.data)
	}
	tw.Close()
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPyScriptNames: setup.cfg's entry points and scripts, read as
// setuptools 65's read_configuration reads this text (console_scripts
// [other, corral], gui_scripts [g], scripts [bin/a.sh, tools/corral]).
func TestPyScriptNames(t *testing.T) {
	t.Parallel()
	d := t.TempDir()
	text := "[metadata]\nname = fake\n\n[options]\nscripts = bin/a.sh\n  tools/corral\n\n[options.entry_points]\nconsole_scripts =\n    other = fake:other\n    corral = fake:main\ngui_scripts = g = fake:g\n\n[other]\nconsole_scripts =\n    no = x:y\n"
	if err := os.WriteFile(filepath.Join(d, "setup.cfg"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got := pyScriptNames(d)
	want := []string{"a.sh", "corral", "other", "corral", "g"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("pyScriptNames = %q, want %q", got, want)
	}
}
