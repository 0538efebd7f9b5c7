package rewrite

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestPipRequirementFiles: the lines of a requirements file are judged as
// the same requirements on the command line (red team 6, row 14).
func TestPipRequirementFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/req-e.txt":    "requests==2.31\n-e git+https://github.com/x/y#egg=y\n",
		"proj/req-ok.txt":   "flask>=2  # web\nnumpy\n-e .\n--index-url https://pypi.org/simple\n",
		"proj/req-at.txt":   "foo @ https://x.example/foo-1.0.tar.gz ; python_version>\"3\"\n",
		"proj/req-nest.txt": "-r sub/req.txt\n",
		"proj/sub/req.txt":  "--extra-index-url=https://evil.example/simple\nfoo\n",
		"proj/req-cont.txt": "git+https://github.com/x/\\\ny.git\n",
		"proj/req-git.txt":  "# deps\ngit+https://github.com/x/y.git\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pip install -r req-e.txt", "ask"},
		{"pip install -rreq-at.txt", "ask"},
		{"pip install --requirement=req-nest.txt", "ask"},
		{"pip3 install -r req-cont.txt", "ask"},
		{"python3 -m pip install -r req-git.txt", "ask"},
		{"uv pip install -r req-git.txt", "ask"},
		{"pip install -c req-git.txt flask", "ask"},
		{"echo numpy > r.txt && pip install -r r.txt", "ask"},
		// Look-alikes: registry names, the project itself, pypi.org,
		// a file that is not there, one named at run time, the sandbox.
		{"pip install -r req-ok.txt", "allow"},
		{"pip install -r missing.txt", "allow"},
		{"pip install -r \"$REQS\"", "allow"},
		{"pip install -r sub/../req-ok.txt -c req-ok.txt", "allow"},
		{"cd " + cfg.Sandbox + " && pip install -r ../req-ok.txt", "allow"},
	})
}

// TestPipRequirementFileRuns runs the real pip, offline, on a
// requirements file whose -e line names a local git repository: pip
// clones it into ./src of the project and runs its setup.py, which is
// what corral asks about.
func TestPipRequirementFileRuns(t *testing.T) {
	t.Parallel()
	for _, prog := range []string{"pip3", "git"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog + " not installed")
		}
	}
	cfg := scratchProject(t, map[string]string{"y/setup.py": "import os, pathlib\npathlib.Path(os.environ['MARK']).write_text('ran')\nfrom setuptools import setup\nsetup(name='y', version='0.1')\n"})
	root := filepath.Dir(cfg.Project)
	env := append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "GIT_CONFIG_NOSYSTEM=1",
		"MARK="+filepath.Join(root, "marker"), "PIP_NO_INPUT=1", "PIP_DISABLE_PIP_VERSION_CHECK=1")
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-qm", "y"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = filepath.Join(root, "y"), env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if err := os.MkdirAll(cfg.Project, 0o755); err != nil {
		t.Fatal(err)
	}
	req := "-e git+file://" + filepath.Join(root, "y") + "#egg=y\n"
	if err := os.WriteFile(filepath.Join(cfg.Project, "requirements.txt"), []byte(req), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := Check(cfg, "pip install -r requirements.txt"); r.Decision != Ask {
		t.Errorf("pip install -r requirements.txt: %s %v, want ask", r.Decision, r.Findings)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pip3", "download", "--no-deps", "--no-build-isolation", "--no-index", "-d", "out", "-r", "requirements.txt")
	cmd.Dir, cmd.Env = cfg.Project, env
	_ = cmd.Run() // the build itself may fail; what matters is what ran
	if _, err := os.Stat(filepath.Join(root, "marker")); err != nil {
		t.Errorf("pip did not run the cloned setup.py: %v", err)
	}
	if _, err := os.Stat(filepath.Join(cfg.Project, "src", "y", "setup.py")); err != nil {
		t.Errorf("pip did not clone the editable requirement into the project: %v", err)
	}
}
