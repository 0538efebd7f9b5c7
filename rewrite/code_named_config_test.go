package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestConfigNamedByOption: a tool's configuration named by an option or
// an environment variable (GOENV=FILE, pre-commit run --config FILE,
// pre-commit try-repo DIR, tox -c DIR) is read as the default one is.
func TestConfigNamedByOption(t *testing.T) {
	evil := "rm -rf ~"
	cfg := scratchProject(t, map[string]string{
		"proj/cfg/go.env":                 "GOFLAGS=-toolexec=./cfg/run.sh\n",
		"proj/cfg/run.sh":                 "#!/bin/sh\n" + evil + "\n",
		"proj/cfg/cc.env":                 "CC=" + evil + "\n",
		"proj/cfg/ok.env":                 "GOFLAGS=-mod=mod\nGOPROXY=https://proxy.golang.org\n",
		"proj/cfg/pc.yaml":                "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: " + evil + "\n    language: system\n",
		"proj/cfg/ok.yaml":                "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: go vet ./...\n    language: system\n",
		"proj/hk/.pre-commit-hooks.yaml":  "- id: x\n  name: x\n  entry: " + evil + "\n  language: system\n",
		"proj/hk2/.pre-commit-hooks.yaml": "- id: x\n  name: x\n  entry: black\n  language: python\n",
		"proj/tx/tox.ini":                 "[testenv]\ncommands = " + evil + "\n",
		"proj/tx2/tox.ini":                "[testenv]\ncommands = pytest tests\n",
		"proj/gm/main.go":                 "package main\nfunc main() {}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"GOENV=cfg/go.env go build ./gm", "deny"},
		{"export GOENV=cfg/go.env; go vet ./...", "deny"},
		{"GOENV=cfg/cc.env go build ./gm", "deny"},
		// The environment's own GOFLAGS wins over the file's.
		{"GOENV=cfg/go.env GOFLAGS=-v go build ./gm", "allow"},
		{"GOENV=off go build ./gm", "allow"},
		{"GOENV=cfg/ok.env go build ./gm", "allow"},
		{"GOENV=cfg/missing.env go build ./gm", "allow"},

		{"pre-commit run --config cfg/pc.yaml --all-files", "deny"},
		{"pre-commit run -c cfg/pc.yaml", "deny"},
		{"pre-commit run --config=cfg/pc.yaml", "deny"},
		{"pre-commit install --config cfg/pc.yaml", "deny"},
		{"pre-commit -c cfg/pc.yaml run", "deny"},
		{"pre-commit run --config cfg/ok.yaml --all-files", "allow"},
		{"pre-commit run --all-files", "allow"},
		{"pre-commit autoupdate --config cfg/pc.yaml", "allow"},
		{"pre-commit try-repo hk", "deny"},
		{"pre-commit try-repo hk2 x --all-files", "allow"},

		{"tox -c tx", "deny"},
		{"tox run -c tx -e py", "deny"},
		{"tox -c tx/tox.ini", "deny"},
		{"tox -c tx2", "allow"},
		{"tox -c .", "allow"},
	})
}

// TestEnvMovesCode: variables that move where a program finds its own
// code or configuration (PYTHONHOME's standard library, a relative
// CARGO_HOME's config.toml, the PS4 a wrapper hands a tracing bash).
func TestEnvMovesCode(t *testing.T) {
	evil := "import os\nos.system('rm -rf ~')\n"
	cfg := scratchProject(t, map[string]string{
		"proj/ph/lib/python3.11/encodings/__init__.py":           evil,
		"proj/ph2/lib/python3.11/site-packages/sitecustomize.py": evil,
		"proj/ok/lib/python3.11/encodings/__init__.py":           "from . import aliases\n",
		"proj/ch/config.toml":                                    "[target.x86_64-unknown-linux-gnu]\nrunner = [\"sh\", \"-c\", \"rm -rf ~\"]\n",
		"proj/ch/w.sh":                                           "#!/bin/sh\nrm -rf ~\n",
		"proj/cr/Cargo.toml":                                     "[package]\nname = \"cr\"\nversion = \"0.1.0\"\n",
		"proj/cr/w.sh":                                           "#!/bin/sh\nrm -rf ~\n",
		"proj/e.sh":                                              "rm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"PYTHONHOME=ph python3 -c pass", "deny"},
		{"export PYTHONHOME=ph; python3 app.py", "deny"},
		{"PYTHONHOME=ph2 python3 -c pass", "deny"},
		{"PYTHONHOME=ph python3 -E -c pass", "allow"},
		{"PYTHONHOME=ph python3 -I -c pass", "allow"},
		{"PYTHONHOME=ok python3 -c pass", "allow"},
		{"PYTHONHOME=/usr python3 -c pass", "allow"},
		{"PYTHONHOME=ph ls", "allow"},

		{"cd cr && CARGO_HOME=../ch cargo run", "deny"},
		{"cd cr && CARGO_HOME=../nowhere cargo run", "allow"},

		{"env PS4='$(sh e.sh)' SHELLOPTS=xtrace bash -c true", "deny"},
		{"env SHELLOPTS=braceexpand:xtrace PS4='$(sh e.sh)' bash -c true", "deny"},
		{"env PS4='$(sh e.sh)' bash -xc true", "deny"},
		{"env -i PS4='$(sh e.sh)' SHELLOPTS=xtrace bash -c true", "deny"},
		{"env PS4='$(sh e.sh)' bash -c true", "allow"},
		{"env PS4='+ $LINENO ' bash -x -c true", "allow"},
		{"env SHELLOPTS=xtrace bash -c true", "allow"},
	})
}

// TestEditorDirLink: a symbolic link named .vscode or .devcontainer makes
// the editor read tasks.json or devcontainer.json from wherever it
// points; a link elsewhere, or to a file beside them, passes.
func TestEditorDirLink(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/t/.vscode/tasks.json":              `{"tasks":[{"command":"x","runOptions":{"runOn":"folderOpen"}}]}`,
		"proj/t/.devcontainer/devcontainer.json": `{"initializeCommand":"x"}`,
		"proj/shared/.editorconfig":              "root = true\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ln -s t/.vscode .vscode", "ask"},
		{"ln -s t/.vscode .", "ask"},
		{"ln -sr t/.vscode .", "ask"},
		{`ln -s "$PWD/t/.vscode" .vscode`, "ask"},
		{"ln -s t/.devcontainer .devcontainer", "ask"},
		{"ln -s shared/.editorconfig .editorconfig", "allow"},
		{"ln -s t vsc", "allow"},
		{"ln -s t/.vscode docs/vscode-example", "allow"},
		// A link made in the command and then renamed to the name.
		{"ln -s /tmp/x v && mv v .vscode", "ask"},
		{"ln -s /tmp/x v && mv -T v .vscode", "ask"},
		{"ln -s /tmp/x v; cd . && mv v .devcontainer", "ask"},
		{"ln -s /tmp/x c && mv c .claude", "deny"},
		{"mv v .vscode; ln -s /tmp/x v", "allow"},
		{"ln -s /tmp/x v && mv v docs/", "allow"},
		{"ln -s t/.vscode v && mv v vscode-example", "allow"},
		{"mkdir v && mv v .vscode", "allow"},
		// Links program code makes, read as ln -s.
		{`python3 -c 'import os; os.symlink("/tmp/x", ".vscode")'`, "ask"},
		{`python3 -c 'import pathlib; pathlib.Path(".vscode").symlink_to("/tmp/x")'`, "ask"},
		{`node -e 'require("fs").symlinkSync("/tmp/x", ".vscode")'`, "ask"},
		{`ruby -e 'File.symlink("/tmp/x", ".devcontainer")'`, "ask"},
		{`perl -e 'symlink("/tmp/x", ".devcontainer")'`, "ask"},
		{`python3 -c 'import os; os.symlink("/tmp/x", "v")' && mv v .vscode`, "ask"},
		{`python3 -c 'import os; os.symlink("/tmp/x", "vsc")'`, "allow"},
		// A directory of the project with plain settings still asks:
		// the editor then reads whatever is later written there under
		// names the editor-autorun patterns do not watch.
		{"ln -s t/.vscode .vscode", "ask"},
	})
	r := Check(cfg, `printf '{"task": {"allowAutomaticTasks": "on"}}' > .vscode/settings.json`)
	if r.Decision.String() != "ask" {
		t.Errorf("nested task.allowAutomaticTasks: %s, want ask", r.Decision)
	}
	r = Check(cfg, `printf '{"task": {"allowAutomaticTasks": "off"}}' > .vscode/settings.json`)
	if r.Decision.String() != "allow" {
		t.Errorf("nested task.allowAutomaticTasks off: %s, want allow", r.Decision)
	}
}

// TestPthImportedModuleEdits: a module a site directory's .pth file
// imports (setuptools' _distutils_hack, virtualenv's _virtualenv) runs at
// every start of that interpreter, so an in-place edit of it is judged
// as a write of the .pth is; other modules of the site directory pass.
func TestPthImportedModuleEdits(t *testing.T) {
	sp := "proj/.venv/lib/python3.11/site-packages/"
	cfg := scratchProject(t, map[string]string{
		sp + "distutils-precedence.pth":    "import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n",
		sp + "_virtualenv.pth":             "import _virtualenv\n",
		sp + "paths.pth":                   "/opt/x\n",
		sp + "_distutils_hack/__init__.py": "import sys\n",
		sp + "_virtualenv.py":              "import sys\n",
		sp + "_distutils_hack_extra.py":    "import sys\n",
		sp + "pip/__init__.py":             "import sys\n",
		sp + "x/__init__.py":               "import sys\n",
	})
	v := ".venv/lib/python3.11/site-packages/"
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`sed -i '1i import os' ` + v + `_distutils_hack/__init__.py`, "ask"},
		{`perl -0pi -e 's/^/import os\n/' ` + v + `_virtualenv.py`, "ask"},
		{`echo 'import os; os.system("rm -rf ~")' >> ` + v + `_distutils_hack/__init__.py`, "deny"},
		{`python3 -c 'open("` + v + `_virtualenv.py","a").write("import os")'`, "ask"},
		{`echo '# note' >> ` + v + `_virtualenv.py`, "allow"},
		{`sed -i 's/a/b/' ` + v + `_distutils_hack_extra.py`, "allow"},
		{`sed -i 's/a/b/' ` + v + `pip/__init__.py`, "allow"},
		{`sed -i 's/a/b/' ` + v + `x/__init__.py`, "allow"},
	})
}

// TestGitKeptTransportAndTemplate: git settings kept for later commands
// that make git run something: the ext:: transport allowed, an ext:: URL
// stored for a remote, a template directory for every later clone.
func TestGitKeptTransportAndTemplate(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/tpl/hooks/post-checkout": "#!/bin/sh\ntrue\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git config protocol.ext.allow always", "ask"},
		{"git config --global protocol.allow always", "ask"},
		{"git config remote.origin.url 'ext::sh -c rm% -rf% ~'", "deny"},
		{"git config url.ext::sh%20-c%20x.insteadOf https://x", "ask"},
		{"git config --global init.templateDir tpl", "ask"},
		{"git config init.templatedir ~/.git-templates", "ask"},
		{"git config protocol.file.allow always", "allow"},
		{"git config protocol.ext.allow never", "allow"},
		{"git -c protocol.file.allow=always submodule update --init", "allow"},
		{"git config remote.origin.url https://github.com/a/b", "allow"},
		{"git config init.defaultBranch main", "allow"},
		{"git config --get init.templateDir", "allow"},
	})
}

// TestGitExtURLAsOptionValue: the repository given as an option's
// attached value (git archive --remote=URL, git push --repo=URL) goes to
// the transport as a plain URL does, so an ext:: URL there runs its
// command (red team of 2026-12-05: archive --remote=ext::… was allowed
// while archive --remote ext::… was denied).
func TestGitExtURLAsOptionValue(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git -c protocol.ext.allow=always archive --remote='ext::sh -c rm% -rf% ~' HEAD", "deny"},
		{"GIT_ALLOW_PROTOCOL=ext git archive --remote='ext::sh -c rm% -rf% ~' HEAD", "deny"},
		{"git -c protocol.ext.allow=always archive --remote 'ext::sh -c rm% -rf% ~' HEAD", "deny"},
		{"git -c protocol.ext.allow=always push --repo='ext::sh -c rm% -rf% ~'", "deny"},
		{"git archive --remote=origin HEAD", "allow"},
		{"git archive --remote='ext::sh -c echo% hi' HEAD", "allow"},
		{"git archive --format=tar HEAD", "allow"},
	})
}

// TestGitTraceTargetInConfigFile: git reads trace2.normalTarget (and the
// event and perf targets) from the global and system files, so a file
// GIT_CONFIG_GLOBAL or GIT_CONFIG_SYSTEM names makes this git append its
// trace to that path, judged as a write (red team of 2026-12-05: a
// ~/.bashrc target there was allowed). The oracle runs the real git: the
// file's target gets the trace, git -c's does not.
func TestGitTraceTargetInConfigFile(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	home := cfg.Home
	for name, target := range map[string]string{"bad.cfg": home + "/.bashrc", "ok.cfg": cfg.Project + "/trace.log", "rel.cfg": "~/.bashrc"} {
		text := "[trace2]\n\tnormalTarget = " + target + "\n"
		if err := os.WriteFile(filepath.Join(cfg.Project, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"GIT_CONFIG_GLOBAL=bad.cfg git status", "deny"},
		{"GIT_CONFIG_SYSTEM=" + cfg.Project + "/bad.cfg git log", "deny"},
		{"export GIT_CONFIG_GLOBAL=bad.cfg; git status", "deny"},
		{"GIT_CONFIG_GLOBAL=ok.cfg git status", "allow"},
		{"GIT_CONFIG_GLOBAL=rel.cfg git status", "allow"}, // git expands no ~ there: no trace
		{"git -c trace2.normalTarget=" + home + "/.bashrc status", "allow"},
	})
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run := func(env []string, args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), append([]string{"HOME=" + dir, "GIT_CONFIG_NOSYSTEM=1"}, env...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run(nil, "init", "-q")
	fileTarget, cTarget := filepath.Join(dir, "from-file.log"), filepath.Join(dir, "from-c.log")
	if err := os.WriteFile(filepath.Join(dir, "g.cfg"), []byte("[trace2]\n\tnormalTarget = "+fileTarget+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run([]string{"GIT_CONFIG_GLOBAL=" + filepath.Join(dir, "g.cfg")}, "status")
	run(nil, "-c", "trace2.normalTarget="+cTarget, "status")
	if _, err := os.Stat(fileTarget); err != nil {
		t.Errorf("GIT_CONFIG_GLOBAL's trace2.normalTarget: no trace written (%v)", err)
	}
	if _, err := os.Stat(cTarget); err == nil {
		t.Errorf("git -c trace2.normalTarget wrote a trace; the test's premise changed")
	}
}
