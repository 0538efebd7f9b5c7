package rewrite

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// childEnvCases (red team 17 BF1, EX1b): the environment a program starts
// with reaches every program it starts in turn. bash imports a function
// from BASH_FUNC_NAME%%=() { … } and sources BASH_ENV first, so such a
// variable given to a program that starts bash (a #!/usr/bin/env bash
// script run by path, make with SHELL set to bash, python's subprocess,
// timeout, find -exec) runs its code there; a PATH whose first directory
// the agent writes makes a program an interpreter or make runs by name
// (os.system("ls"), a recipe's ls) the file found there. Each runs for
// real in the scratch home: the payload removes the canary. The
// look-alikes give harmless bodies and files, or a PATH without the
// planted program first.
var childEnvCases = []codeCase{
	{name: "func-shebang-script", prog: "bash", cmd: "chmod +x bs.sh && env 'BASH_FUNC_ls%%=() { rm -rf {home}; }' ./bs.sh",
		files: map[string]string{"bs.sh": bashScript}, want: Deny, gone: true},
	{name: "func-timeout-script", prog: "bash", cmd: "chmod +x bs.sh && env 'BASH_FUNC_ls%%=() { rm -rf {home}; }' timeout 5 ./bs.sh",
		files: map[string]string{"bs.sh": bashScript}, want: Deny, gone: true},
	{name: "func-find-exec-script", prog: "bash", cmd: "chmod +x bs.sh && env 'BASH_FUNC_ls%%=() { rm -rf {home}; }' find . -maxdepth 1 -name bs.sh -exec {} \\;",
		files: map[string]string{"bs.sh": bashScript}, want: Deny, gone: true},
	{name: "func-make-bash-shell", prog: "make", cmd: "env 'BASH_FUNC_echo%%=() { rm -rf {home}; }' make -f b.mk",
		files: map[string]string{"b.mk": bashMakefile}, want: Deny, gone: true},
	{name: "func-make-shell-operand", prog: "make", cmd: "env 'BASH_FUNC_echo%%=() { rm -rf {home}; }' make -f ok.mk SHELL=/bin/bash",
		files: map[string]string{"ok.mk": "all:\n\techo ok\n"}, want: Deny, gone: true},
	{name: "func-python-subprocess", prog: "python3", cmd: "chmod +x bs.sh && env 'BASH_FUNC_ls%%=() { rm -rf {home}; }' python3 -c 'import subprocess; subprocess.run([\"./bs.sh\"])'",
		files: map[string]string{"bs.sh": bashScript}, want: Deny, gone: true},
	{name: "bash-env-shebang-script", prog: "bash", cmd: "chmod +x bs.sh && BASH_ENV=./x.sh ./bs.sh",
		files: map[string]string{"bs.sh": bashScript, "x.sh": "rm -rf {home}\n"}, want: Deny, gone: true},
	{name: "bash-env-make", prog: "make", cmd: "env BASH_ENV=$PWD/x.sh make -f b.mk",
		files: map[string]string{"b.mk": bashMakefile, "x.sh": "rm -rf {home}\n"}, want: Deny, gone: true},
	{name: "bash-env-exported-make", prog: "make", cmd: "export BASH_ENV=$PWD/x.sh; make -f b.mk",
		files: map[string]string{"b.mk": bashMakefile, "x.sh": "rm -rf {home}\n"}, want: Deny, gone: true},
	{name: "bash-env-python-subprocess", prog: "python3", cmd: "chmod +x bs.sh && BASH_ENV=$PWD/x.sh python3 -c 'import subprocess; subprocess.run([\"./bs.sh\"])'",
		files: map[string]string{"bs.sh": bashScript, "x.sh": "rm -rf {home}\n"}, want: Deny, gone: true},
	// Code that sets them in its own environment or in one it hands a
	// child (lang.SetsShellEnv).
	{name: "code-func-python", prog: "python3", cmd: "python3 -c 'import os,subprocess; e=dict(os.environ); e[\"BASH_FUNC_echo%%\"]=\"() { rm -rf {home}; }\"; subprocess.run([\"bash\",\"-c\",\"echo hi\"], env=e)'",
		want: Deny, gone: true},
	{name: "code-func-perl", prog: "perl", cmd: "perl -e '$ENV{\"BASH_FUNC_ls%%\"}=\"() { rm -rf {home}; }\"; system(\"bash -c ls\")'",
		want: Deny, gone: true},
	{name: "code-bash-env-python", prog: "python3", cmd: "python3 -c 'import os,subprocess; os.environ[\"BASH_ENV\"]=\"x.sh\"; subprocess.run([\"bash\",\"-c\",\"true\"])'",
		files: map[string]string{"x.sh": "rm -rf {home}\n"}, want: Deny, gone: true},
	{name: "code-func-harmless-look", prog: "python3", cmd: "python3 -c 'import os,subprocess; e=dict(os.environ); e[\"BASH_FUNC_ls%%\"]=\"() { echo hi; }\"; subprocess.run([\"bash\",\"-c\",\"ls\"], env=e)'",
		want: Allow},
	{name: "code-bash-env-read-look", prog: "python3", cmd: "python3 -c 'import os; print(os.environ.get(\"BASH_ENV\"))'", want: Allow},
	// EX1b: PATH given through env reaches the interpreter's and make's
	// children.
	{name: "env-path-python-system", prog: "python3", cmd: "chmod +x bin/ls && env PATH=$PWD/bin:$PATH python3 -c 'import os; os.system(\"ls\")'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "env-path-python-subprocess", prog: "python3", cmd: "chmod +x bin/ls && timeout 20 env PATH=$PWD/bin:$PATH python3 -c 'import subprocess; subprocess.run([\"ls\"])'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "env-path-perl-system", prog: "perl", cmd: "chmod +x bin/ls && env PATH=$PWD/bin:$PATH perl -e 'system(q(ls))'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "env-path-make-recipe", prog: "make", cmd: "chmod +x bin/ls && env PATH=$PWD/bin:$PATH make -f ls.mk",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n", "ls.mk": "all:\n\tls\n"}, want: Deny, gone: true},
	// Look-alikes.
	{name: "func-harmless-look", prog: "bash", cmd: "chmod +x bs.sh && env 'BASH_FUNC_ls%%=() { echo hi; }' ./bs.sh",
		files: map[string]string{"bs.sh": bashScript}, want: Allow},
	{name: "env-lang-script-look", prog: "bash", cmd: "chmod +x bs.sh && env LANG=C ./bs.sh",
		files: map[string]string{"bs.sh": bashScript}, want: Allow},
	{name: "bash-env-empty-look", prog: "bash", cmd: "chmod +x bs.sh && BASH_ENV= ./bs.sh",
		files: map[string]string{"bs.sh": bashScript}, want: Allow},
	{name: "bash-env-harmless-look", prog: "make", cmd: "export BASH_ENV=$PWD/x.sh; make -f b.mk",
		files: map[string]string{"b.mk": bashMakefile, "x.sh": "set -o pipefail\n"}, want: Allow},
	{name: "make-bash-shell-look", prog: "make", cmd: "make -f ok.mk SHELL=/bin/bash",
		files: map[string]string{"ok.mk": "all:\n\techo ok\n"}, want: Allow},
	{name: "env-foo-make-look", prog: "make", cmd: "env FOO=1 make -f ok.mk",
		files: map[string]string{"ok.mk": "all:\n\techo ok\n"}, want: Allow},
	{name: "export-f-look", prog: "bash", cmd: "f() { echo hi; }; export -f f; f; bash -c f", want: Allow},
	{name: "env-path-print-look", prog: "python3", cmd: "chmod +x bin/ls && env PATH=$PWD/bin:$PATH python3 -c 'print(1)'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "env-path-node-bin-look", prog: "python3", cmd: "chmod +x bin/ls && env PATH=$PWD/node_modules/.bin:$PATH python3 -c 'import os; os.system(\"ls >/dev/null\")'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "env-path-absolute-look", prog: "python3", cmd: "chmod +x bin/ls && env PATH=$PWD/bin:$PATH python3 -c 'import os; os.system(\"/bin/ls >/dev/null\")'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
}

// bashScript is a script run by its path that bash runs (through env, as
// such scripts usually start), and runs ls.
const bashScript = "#!/usr/bin/env bash\nls >/dev/null\n"

// bashMakefile runs its recipes with bash.
const bashMakefile = "SHELL := /bin/bash\nall:\n\techo ok\n"

func TestExecChildEnv(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range childEnvCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestChildEnvDecisions: the same mechanism through programs not run
// here (npm, git, a system command that is a bash script), values only
// known at run time and missing files, decided only.
func TestChildEnvDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/x.sh": "rm -rf ~\n", "proj/ok.sh": "set -o pipefail\n",
		"proj/bs.sh": bashScript, "proj/bin/ls": "#!/bin/sh\nrm -rf ~\n", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"export BASH_ENV=$PWD/x.sh; npm test", "deny"},
		{"export BASH_ENV=$PWD/x.sh; git commit --allow-empty -m x", "deny"},
		{"BASH_ENV=$PWD/x.sh ldd /bin/ls", "deny"},
		{"env BASH_ENV=x.sh sh -c ./bs.sh", "deny"},
		{"env 'BASH_FUNC_ls%%=() { rm -rf ~; }' sh -c ./bs.sh", "deny"},
		{"env 'BASH_FUNC_git-x%%=() { rm -rf ~; }' ./bs.sh", "deny"},
		{"env 'BASH_FUNC_ls%%=() { rm -rf ~; }' xargs -a /dev/null ./bs.sh", "deny"},
		{"env 'BASH_FUNC_ls%%=() { rm -rf ~; }' bash ./bs.sh", "deny"},
		{"env -S \"BASH_FUNC_ls%%='() { rm -rf ~; }' ./bs.sh\"", "deny"},
		{"env -S 'BASH_ENV=x.sh make'", "deny"},
		{"env -S \"BASH_FUNC_ls%%='() { echo hi; }' ./bs.sh\"", "allow"},
		// A body or a file only known at run time.
		{"env \"BASH_FUNC_ls%%=$(cat f)\" ./bs.sh", "ask"},
		{"export BASH_ENV=$(cat f); make", "ask"},
		// A file not there runs nothing (the program may start no
		// bash); one the command writes first is read as written.
		{"BASH_ENV=$PWD/none.sh ./bs.sh", "allow"},
		{"echo 'rm -rf ~' > new.sh; BASH_ENV=$PWD/new.sh ./bs.sh", "deny"},
		// EX1b through other wrappers and interpreters.
		{"env PATH=$PWD/bin:/usr/bin node -e 'require(\"child_process\").execSync(\"ls\")'", "deny"},
		{"env PATH=$PWD/bin:/usr/bin ruby -e 'system(\"ls\")'", "deny"},
		{"sudo PATH=$PWD/bin:/usr/bin python3 -c 'import os; os.system(\"ls\")'", "deny"},
		{"env -i PATH=$PWD/bin:/usr/bin python3 -c 'import os; os.system(\"ls\")'", "deny"},
		// Look-alikes.
		{"export BASH_ENV=$PWD/ok.sh; npm test", "allow"},
		{"env 'BASH_FUNC_ls%%=() { echo hi; }' make", "allow"},
		{"env 'BASH_FUNC_ls%%=not a function' ./bs.sh", "allow"},
		{"export BASH_ENV=$PWD/x.sh; env -u BASH_ENV make", "allow"},
		{"export BASH_ENV=$PWD/x.sh; env -i make", "allow"},
		{"BASH_ENV= make", "allow"},
		{"export BASH_ENV=$PWD/x.sh; echo hi", "allow"},
		{"PATH=$PWD/node_modules/.bin:$PATH npm test", "allow"},
		{"env PATH=$PWD/bin:/usr/bin python3 -c 'print(1)'", "allow"},
		{"env ENV=production node -e 1", "allow"},
	})
}

// TestChildEnvOracle: the programs the decisions above rest on behave so
// here: a bash started through env by a script's first line imports
// BASH_FUNC_ls%% and sources BASH_ENV, and make with SHELL=/bin/bash
// hands both to its recipe shell (each payload creates a file).
func TestChildEnvOracle(t *testing.T) {
	for _, p := range []string{"bash", "make", "env"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	dir := t.TempDir()
	home := t.TempDir()
	write := func(name, content string, mode os.FileMode) {
		if err := os.WriteFile(dir+"/"+name, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("bs.sh", bashScript, 0o755)
	write("b.mk", bashMakefile, 0o644)
	write("x.sh", "touch \"$HOME/from-env\"\n", 0o644)
	for _, tc := range []struct{ cmd, made string }{
		{"env 'BASH_FUNC_ls%%=() { touch \"$HOME/func\"; }' ./bs.sh", "func"},
		{"env 'BASH_FUNC_echo%%=() { touch \"$HOME/make-func\"; }' make -s -f b.mk", "make-func"},
		{"BASH_ENV=./x.sh ./bs.sh", "from-env"},
	} {
		run := exec.Command("bash", "-c", tc.cmd)
		run.Dir = dir
		run.Env = append(os.Environ(), "HOME="+home, "BASH_ENV=")
		out, _ := run.CombinedOutput()
		if _, err := os.Stat(home + "/" + tc.made); err != nil {
			t.Errorf("%s: %s not made (%s)", tc.cmd, tc.made, strings.TrimSpace(string(out)))
		}
		_ = os.Remove(home + "/" + tc.made)
	}
}
