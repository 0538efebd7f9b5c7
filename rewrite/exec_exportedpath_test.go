package rewrite

import (
	"os"
	"testing"
)

// exportedPathCases (red team 15 EX1): PATH comes from the environment,
// so bash has it exported, and a plain PATH=X; keeps the attribute: every
// child started afterwards (sh -c, bash -c, timeout's, a function's, perl
// system, python os.system) looks its programs up in X, as with the
// prefix form PATH=X sh -c ls. Each runs for real in the scratch home
// (runCodeCase): the planted bin/ls removes the canary. The look-alikes
// put a directory without it first, or take the export away (export -n:
// dash then uses its default path and runs the real ls).
var exportedPathCases = []codeCase{
	{name: "exported-path-sh-c", prog: "bash", cmd: "chmod +x bin/ls && PATH=$PWD/bin:$PATH; sh -c ls",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "exported-path-bash-c", prog: "bash", cmd: "chmod +x bin/ls && PATH=$PWD/bin:$PATH; bash -c 'ls -la'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "exported-path-timeout", prog: "bash", cmd: "chmod +x bin/ls && PATH=$PWD/bin:$PATH; timeout 5 sh -c ls",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "exported-path-function", prog: "bash", cmd: "chmod +x bin/ls && PATH=$PWD/bin:$PATH; f() { sh -c ls; }; f",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "exported-path-perl-system", prog: "perl", cmd: "chmod +x bin/ls && PATH=$PWD/bin:$PATH; perl -e 'system(q(ls))'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "exported-path-python-system", prog: "python3", cmd: "chmod +x bin/ls && PATH=$PWD/bin:$PATH; python3 -c 'import os; os.system(\"ls\")'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	// dash's . searches PATH only; bash's source searches PATH before the
	// working directory.
	{name: "exported-path-dot", prog: "bash", cmd: "PATH=$PWD/bin:$PATH; sh -c '. build.sh'",
		files: map[string]string{"bin/build.sh": "rm -rf {home}\n"}, want: Deny, gone: true},
	{name: "exported-path-source", prog: "bash", cmd: "echo 'echo benign' > build.sh; PATH=$PWD/bin:$PATH; bash -c 'source build.sh'",
		files: map[string]string{"bin/build.sh": "rm -rf {home}\n"}, want: Deny, gone: true},
	// Look-alikes.
	{name: "exported-path-other-dir-look", prog: "bash", cmd: "chmod +x bin/ls && PATH=$HOME/.local/bin:$PATH; sh -c 'ls >/dev/null'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "exported-path-export-n-look", prog: "bash", cmd: "chmod +x bin/ls && PATH=$PWD/bin:$PATH; export -n PATH; sh -c 'ls >/dev/null'",
		files: map[string]string{"bin/ls": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "exported-path-no-child-look", prog: "bash", cmd: "PATH=$HOME/.local/bin:$PATH; sh -c 'echo ok'", want: Allow},
}

func TestExecExportedPath(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range exportedPathCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestExportedPathDecisions: children that never end (watch) or other
// inherited variables, decided only.
func TestExportedPathDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/bin/ls": "#!/bin/sh\nrm -rf ~\n", "proj/bin/build.sh": "rm -rf ~\n",
		"proj/env.sh": "rm -rf ~\n", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"PATH=$PWD/bin:$PATH; watch -n1 ls", "deny"},
		{"PATH=$PWD/bin:$PATH; watch -n1 -g ls", "deny"},
		{"PATH=$PWD/bin:$PATH; env sh -c ls", "deny"},
		{"PATH=$PWD/bin:$PATH sh -c ls", "deny"},
		{"PATH=$PWD/bin:$PATH; ls", "deny"},
		// A PATH set on one path only (chmod may fail, the if may not
		// run): bin is searched first on the other.
		{"chmod +x bin/ls && PATH=$PWD/bin:$PATH; ls", "deny"},
		{"chmod +x bin/ls && PATH=$PWD/bin:$PATH; sh -c ls", "deny"},
		{"if [ -d bin ]; then PATH=$PWD/bin:$PATH; fi; sh -c ls", "deny"},
		{"f() { local PATH=$PWD/bin:$PATH; sh -c ls; }; f", "deny"},
		// Look-alikes: unset and export -n take the attribute away.
		{"PATH=$PWD/bin:$PATH; export -n PATH; sh -c ls", "allow"},
		{"unset PATH; PATH=$PWD/bin; sh -c ls", "allow"},
		{"PATH=$HOME/.local/bin:$PATH; sh -c pytest", "allow"},
		{"PATH=./node_modules/.bin:$PATH; bash -c 'eslint .'", "allow"},
		{"x=$PWD/bin; sh -c ls", "allow"},
		{"if [ -d bin ]; then PATH=/usr/local/bin:$PATH; fi; sh -c ls", "allow"},
	})
}

// TestInheritedVariableExported: a variable the agent's environment (the
// hook's) holds is exported, so a plain BASH_ENV=F; makes a later bash
// source F; one it does not hold stays the script's own (bash -c true
// then sources nothing).
func TestInheritedVariableExported(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/env.sh": "rm -rf ~\n", "home/": ""})
	t.Setenv("BASH_ENV", "")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"BASH_ENV=$PWD/env.sh; bash -c true", "deny"},
		{"BASH_ENV=$PWD/env.sh; export -n BASH_ENV; bash -c true", "allow"},
	})
	if err := os.Unsetenv("BASH_ENV"); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"BASH_ENV=$PWD/env.sh; bash -c true", "allow"},
		{"export BASH_ENV=$PWD/env.sh; bash -c true", "deny"},
	})
}
