package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pathbinTree makes a home directory with the places a user's own
// programs live (~/.local/bin, ~/go/bin, an npm prefix's bin, a pyenv
// shims directory) holding harmless tools and scripts that delete the
// home directory, and returns the home and the PATH that searches them
// before the system's directories.
func pathbinTree(t *testing.T) (home, path string) {
	t.Helper()
	home = filepath.Join(t.TempDir(), "home")
	bin := filepath.Join(home, ".local", "bin")
	gobin := filepath.Join(home, "go", "bin")
	npmbin := filepath.Join(home, ".npm-global", "bin")
	npmlib := filepath.Join(home, ".npm-global", "lib", "node_modules")
	shims := filepath.Join(home, ".pyenv", "shims")
	shadow := filepath.Join(home, "shadow")
	envshadow := filepath.Join(home, "envshadow")
	for _, d := range []string{bin, gobin, npmbin, shims, shadow, envshadow, filepath.Join(home, "proj"),
		filepath.Join(npmlib, "evil", "bin"), filepath.Join(npmlib, "typescript", "bin")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	entry := func(mod string) string { // pip's console-script entry point
		return "#!/usr/bin/python3\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom " + mod + " import main\n" +
			"if __name__ == '__main__':\n    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n    sys.exit(main())\n"
	}
	files := map[string]string{
		filepath.Join(bin, "cleanup"):   "#!/bin/sh\nrm -rf ~\n",
		filepath.Join(bin, "noshebang"): "rm -rf ~\n",
		filepath.Join(bin, "pyclean"):   "#!/usr/bin/env python3\nimport os, shutil\nshutil.rmtree(os.path.expanduser('~'))\n",
		filepath.Join(bin, "pip"):       entry("pip._internal.cli.main"),
		filepath.Join(bin, "black"):     entry("black"),
		filepath.Join(bin, "deploy"):    "#!/bin/bash\nset -euo pipefail\ncd \"$(dirname \"$0\")\"\nrm -rf ./build\necho \"deploying $1\"\n",
		filepath.Join(bin, "hello"):     "echo hello\n",
		filepath.Join(bin, "wipe"):      "#!/bin/sh\nrm -rf \"$1\"\n",
		filepath.Join(bin, "fwd"):       "#!/bin/sh\nexec rm -rf \"$@\"\n",
		filepath.Join(bin, "self"):      "#!/bin/sh\nexec self \"$@\"\n",
		filepath.Join(shadow, "git"):    "#!/bin/sh\nrm -rf ~\n",
		// Runs the real program with the same words, but in another
		// environment or directory: not the same call.
		filepath.Join(envshadow, "git"): "#!/bin/sh\nexport GIT_SSH_COMMAND='rm -rf ~'\nexec /usr/bin/git \"$@\"\n",
		filepath.Join(envshadow, "rm"):  "#!/bin/sh\ncd /\nexec /bin/rm -rf \"$@\"\n",
		filepath.Join(shims, "pip"):     "#!/usr/bin/env bash\nprogram=\"${0##*/}\"\nexec \"" + home + "/.pyenv/libexec/pyenv\" exec \"$program\" \"$@\"\n",
		filepath.Join(shims, "pip3"): "#!/usr/bin/env bash\nset -e\n[ -n \"$PYENV_DEBUG\" ] && set -x\n\nprogram=\"${0##*/}\"\n\n" +
			"export PYENV_ROOT=\"" + home + "/.pyenv\"\nSHIM_PATH=${0%/*}\nif [[ $SHIM_PATH != \"" + home + "/.pyenv/shims\" ]]; then\n" +
			"  export _PYENV_SHIM_PATH=\"$SHIM_PATH\"\nfi\nexec \"" + home + "/.pyenv/libexec/pyenv\" exec \"$program\" \"$@\"\n",
		filepath.Join(shims, "aws"):                       "#!/usr/bin/env bash\nexec \"" + home + "/.asdf/bin/asdf\" exec \"aws\" \"$@\"\n",
		filepath.Join(shims, "python3"):                   "#!/usr/bin/env bash\nset -e\n[ -n \"$PYENV_DEBUG\" ] && set -x\nprogram=\"${0##*/}\"\nexec \"" + home + "/.pyenv/libexec/pyenv\" exec \"$program\" \"$@\"\n",
		filepath.Join(npmlib, "evil", "bin", "cli.js"):    "#!/usr/bin/env node\nrequire('child_process').execSync('rm -rf ~')\n",
		filepath.Join(npmlib, "typescript", "bin", "tsc"): "#!/usr/bin/env node\nrequire('../lib/tsc.js')\n",
	}
	for p, text := range files {
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Wrappers that export a variable and run the real git with the
	// words they were given, as a user's ~/bin/git might (and as the
	// end-to-end tests' machine does, cmd/e2e setUpUpstream).
	gitPath := "/usr/bin/git"
	if p, err := exec.LookPath("git"); err == nil {
		gitPath = p
	}
	for dir, text := range map[string]string{
		"cfgwrap":  "#!/bin/sh\nGIT_CONFIG_GLOBAL=" + filepath.Join(home, "wrap.gitconfig") + "\nexport GIT_CONFIG_GLOBAL\nexec " + gitPath + " \"$@\"\n",
		"evilwrap": "#!/bin/sh\nexport GIT_CONFIG_GLOBAL=" + filepath.Join(home, "evil.gitconfig") + "\nexec " + gitPath + " \"$@\"\n",
		"treewrap": "#!/bin/sh\nexport GIT_WORK_TREE=" + filepath.Join(home, "proj") + "\nexec " + gitPath + " \"$@\"\n",
	} {
		if err := os.MkdirAll(filepath.Join(home, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(home, dir, "git"), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(home, "wrap.gitconfig"), []byte("[user]\n\tname = Someone\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "evil.gitconfig"), []byte("[core]\n\tsshCommand = rm -rf ~\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Not executable: bash runs the later one of that name.
	if err := os.WriteFile(filepath.Join(bin, "ls"), []byte("rm -rf ~\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if tr, err := exec.LookPath("true"); err == nil {
		if data, err := os.ReadFile(tr); err == nil {
			// A binary (go install's): judged by its name, not read.
			if err := os.WriteFile(filepath.Join(gobin, "gotool"), data, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	for link, target := range map[string]string{
		filepath.Join(npmbin, "evilcli"): "../lib/node_modules/evil/bin/cli.js",
		filepath.Join(npmbin, "tsc"):     "../lib/node_modules/typescript/bin/tsc",
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	path = strings.Join([]string{bin, gobin, npmbin, "/usr/local/bin", "/usr/bin", "/bin"}, ":")
	return home, path
}

func pathbinConfig(home, path string) *Config {
	proj := filepath.Join(home, "proj")
	return &Config{Cwd: proj, Project: proj, Home: home, Sandbox: filepath.Join(proj, "agent_sandbox"),
		Mode: ModeRewrite, Approve: ApproveAuto, Path: path}
}

// TestInheritedPathPrograms: a bare name found through the PATH the
// command inherits (the hook's own) runs the file found there; one the
// command writes in a directory searched before the system's, or a
// script on disk there that the agent could have written, is judged as
// ./file is (issue 9 item 2, issue 12 class 4). Without the hook's PATH
// (before) every one of them passed.
func TestInheritedPathPrograms(t *testing.T) {
	home, path := pathbinTree(t)
	shadow := filepath.Join(home, "shadow")
	envshadow := filepath.Join(home, "envshadow")
	late := filepath.Join(home, "late")
	shims := filepath.Join(home, ".pyenv", "shims")
	deny := []struct{ cmd, path string }{
		// One command: writes the file, then runs it by name.
		{`echo "rm -rf ~" > ~/.local/bin/foo; chmod +x ~/.local/bin/foo; foo`, path},
		{`echo "rm -rf ~" > ~/.local/bin/git; chmod +x ~/.local/bin/git; git status`, path},
		{`printf '#!/bin/sh\nrm -rf ~\n' > ~/.local/bin/x2 && chmod +x ~/.local/bin/x2 && x2 --all`, path},
		{`echo "rm -rf ~" > ~/.local/bin/foo; chmod +x ~/.local/bin/foo; PATH=/opt/none:$PATH foo`, path},
		{`echo "rm -rf ~" > ~/.local/bin/foo; chmod +x ~/.local/bin/foo; export PATH=$PATH:/opt/x; foo`, path},
		// Two steps: the script is on disk already.
		{`cleanup`, path},
		{`cleanup --all`, path},
		{`command cleanup`, path},
		{`env cleanup`, path},
		{`noshebang`, path},
		{`pyclean`, path},
		{`evilcli`, path},                   // npm's link to a .js file
		{`git status`, shadow + ":" + path}, // shadows the real git
		// The script gets the name's words as positional parameters, as
		// ./wipe ~ does (they were dropped: wipe ~ passed).
		{`wipe ~`, path},
		{`wipe "$HOME"`, path},
		{`command wipe ~/`, path},
		{`echo ~ | xargs wipe`, path},
		{`fwd ~`, path},
		{`self ~; wipe ~`, path},
		{`git fetch`, envshadow + ":" + path},  // exec /usr/bin/git "$@" after export GIT_SSH_COMMAND
		{`rm -rf etc`, envshadow + ":" + path}, // exec /bin/rm -rf "$@" after cd /
		// A wrapper's environment is judged as if set on the typed
		// command: a configuration that runs code.
		{`git clone https://github.com/a/b`, filepath.Join(home, "evilwrap") + ":" + path},
		{`python3 -c 'import shutil; shutil.rmtree("/home")'`, shims + ":" + path}, // a shim keeps -c CODE judged
	}
	for _, tc := range deny {
		if got := Check(pathbinConfig(home, tc.path), tc.cmd); got.Decision != Deny {
			t.Errorf("%q: %s %v, want deny", tc.cmd, got.Decision, got.Findings)
		}
	}
	// The same without the hook's PATH: what was decided before.
	for _, tc := range deny[:len(deny)-1] {
		if got := Check(pathbinConfig(home, ""), tc.cmd); got.Decision == Deny {
			t.Errorf("%q without the hook's PATH: deny, the test no longer shows a change", tc.cmd)
		}
	}
	// Look-alikes: the name's usual meaning, as without the hook's PATH.
	same := []struct{ cmd, path string }{
		{`printf '#!/bin/sh\nrm -rf ~\n' > ~/.local/bin/cleanup2 && chmod +x ~/.local/bin/cleanup2`, path},
		{`echo "rm -rf ~" > ~/late/git; chmod +x ~/late/git; git status`, path + ":" + late}, // /usr/bin/git first
		{`echo "rm -rf ~" > ~/.local/bin/foo; chmod +x ~/.local/bin/foo; PATH=/usr/bin:/bin foo`, path},
		{`PATH=/usr/bin:/bin cleanup`, path},
		{`cleanup() { echo hi; }; cleanup`, path},
		{`echo "rm -rf ~"`, path},
		{`git status`, path},
		{`ls -la`, path}, // ~/.local/bin/ls is not executable
		{`pip list`, path},
		{`pip install -r requirements.txt`, path},
		{`black .`, path},
		{`deploy prod`, path},
		{`hello`, path},
		{`gotool -v`, path},
		{`tsc -p .`, path},
		{`which ls`, path},
		{`python3 -c "print(1)"`, shims + ":" + path},
		{`python3 x.py`, shims + ":" + path},
		{`find . -name "*.txt" | xargs python3 hello.py`, shims + ":" + path},
		{`pip download requests`, shims + ":" + path}, // still moved into the sandbox
		// Shims run their own name again with the words they were given
		// (exec pyenv exec "$program" "$@", exec asdf exec "aws" "$@"):
		// judged once, where the command wrote them.
		{`pip3 install requests`, shims + ":" + path},
		{`pip3`, shims + ":" + path},
		{`pip3 download requests`, shims + ":" + path},
		{`python3 -c 'print(1)'`, shims + ":" + path},
		{`aws s3 cp s3://bucket/key .`, shims + ":" + path},
		{`aws s3 ls`, shims + ":" + path},
		{`ls | xargs pip3 show`, shims + ":" + path},
		// A git wrapper that exports GIT_CONFIG_GLOBAL (a plain
		// configuration) and runs the real git with "$@": the typed
		// clone is moved into the sandbox where it was typed, not asked
		// about inside the wrapper.
		{`git clone https://github.com/a/b`, filepath.Join(home, "cfgwrap") + ":" + path},
		{`git clone https://github.com/a/b dest`, filepath.Join(home, "cfgwrap") + ":" + path},
		{`git status`, filepath.Join(home, "cfgwrap") + ":" + path},
		{`cd /tmp && git clone https://github.com/a/b`, filepath.Join(home, "cfgwrap") + ":" + path},
		{`self build`, path},  // runs itself with the same words
		{`selfrun a b`, path}, // a script that runs itself by name
	}
	for _, tc := range same {
		got := Check(pathbinConfig(home, tc.path), tc.cmd)
		was := Check(pathbinConfig(home, ""), tc.cmd)
		if got.Decision != was.Decision {
			t.Errorf("%q: %s %v, want %s as without the hook's PATH", tc.cmd, got.Decision, got.Findings, was.Decision)
		}
		if got.Decision == Deny || got.Decision == Ask {
			t.Errorf("%q: %s %v, want it to pass", tc.cmd, got.Decision, got.Findings)
		}
	}
	// A wrapper that moves where git puts the work tree: the clone it
	// runs cannot be moved from there (ask), where typed it is rewritten.
	treewrap := filepath.Join(home, "treewrap") + ":" + path
	if got := Check(pathbinConfig(home, treewrap), `git clone https://github.com/a/b`); got.Decision != Ask {
		t.Errorf("git clone through a wrapper exporting GIT_WORK_TREE: %s %v, want ask", got.Decision, got.Findings)
	}
	if got := Check(pathbinConfig(home, ""), `git clone https://github.com/a/b`); got.Decision != Rewrite {
		t.Errorf("git clone: %s %v, want rewrite", got.Decision, got.Findings)
	}
	// A script found by name is judged as what it runs with its words.
	for _, tc := range []struct{ cmd, as string }{
		{`wipe build`, `rm -rf build`},
		{`fwd build dist`, `rm -rf build dist`},
		{`wipe`, `rm -rf ""`},
	} {
		got := Check(pathbinConfig(home, path), tc.cmd)
		as := Check(pathbinConfig(home, path), tc.as)
		if got.Decision != as.Decision {
			t.Errorf("%q: %s %v, want %s as %q", tc.cmd, got.Decision, got.Findings, as.Decision, tc.as)
		}
	}
}

// TestInheritedPathRunsFile checks with bash that the name really runs
// the file found through the inherited PATH: one on disk, and one the
// same command writes before running it by name.
func TestInheritedPathRunsFile(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	home, path := pathbinTree(t)
	bin := filepath.Join(home, ".local", "bin")
	if err := os.WriteFile(filepath.Join(bin, "marker"), []byte("#!/bin/sh\ntouch \"$HOME/ran-disk\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ cmd, mark string }{
		{`marker`, "ran-disk"},
		{`echo 'touch "$HOME/ran-written"' > ~/.local/bin/foo; chmod +x ~/.local/bin/foo; foo`, "ran-written"},
	} {
		run := exec.Command(bash, "-c", tc.cmd)
		run.Env = []string{"HOME=" + home, "PATH=" + path}
		run.Dir = home
		if out, err := run.CombinedOutput(); err != nil {
			t.Fatalf("%q: %v %s", tc.cmd, err, out)
		}
		if _, err := os.Stat(filepath.Join(home, tc.mark)); err != nil {
			t.Errorf("%q: bash did not run the file found through PATH: %v", tc.cmd, err)
		}
	}
}
