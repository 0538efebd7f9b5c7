package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// The environment a wrapper gives the program it runs (env NAME=value,
// env -i, env -u NAME, sudo NAME=value) is the one every reader of a
// code-loading variable sees: make's MAKEFILES, Python's PYTHONSTARTUP
// and PYTHONBREAKPOINT, node's NODE_OPTIONS. Run for real where the
// program is installed; the payload removes the scratch home.
var envWrapCases = []codeCase{
	{name: "env-makefiles", prog: "make", cmd: "env MAKEFILES=evil.mk make -f ok.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Deny, gone: true},
	{name: "env-i-makefiles", prog: "make", cmd: "env -i PATH=\"$PATH\" MAKEFILES=evil.mk make -f ok.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Deny, gone: true},
	{name: "nice-env-makefiles", prog: "make", cmd: "nice -n 1 env -u X MAKEFILES=evil.mk make -f ok.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Deny, gone: true},
	{name: "env-u-makefiles-look", prog: "make", cmd: "export MAKEFILES=evil.mk; env -u MAKEFILES make -f ok.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Allow},
	{name: "env-i-clears-look", prog: "make", cmd: "export MAKEFILES=evil.mk; env -i PATH=\"$PATH\" make -f ok.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Allow},
	{name: "env-cc-look", prog: "make", cmd: "env CC=clang make -f ok.mk",
		files: map[string]string{"ok.mk": "all:\n\t@true\n"}, want: Allow},
	{name: "timeout-env-pythonstartup", prog: "python3", cmd: "timeout 20 env PYTHONSTARTUP=./x.py python3 -i </dev/null",
		files: map[string]string{"x.py": "import shutil\nshutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "env-pythonbreakpoint", prog: "python3", cmd: "env PYTHONBREAKPOINT=evilmod.f python3 -c 'breakpoint()'",
		files: map[string]string{"evilmod.py": "import shutil\nshutil.rmtree('{home}')\ndef f(): pass\n"}, want: Deny, gone: true},
	// make MAKEFILES=x.mk: a command-line variable make reads as it
	// reads the environment's, with or without a makefile of its own.
	{name: "make-makefiles-operand", prog: "make", cmd: "make -f ok.mk MAKEFILES=evil.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Deny, gone: true},
	{name: "make-makefiles-no-makefile", prog: "make", cmd: "make MAKEFILES=evil.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n"}, want: Deny, gone: true},
	{name: "makeflags-makefiles", prog: "make", cmd: "MAKEFLAGS='MAKEFILES=evil.mk' make -f ok.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Deny, gone: true},
	{name: "make-makefiles-ok-look", prog: "make", cmd: "make -f ok.mk MAKEFILES=common.mk CC=clang",
		files: map[string]string{"common.mk": "CFLAGS += -O2\n", "ok.mk": "all:\n\t@true\n"}, want: Allow},
	// A value with a part only run time knows: each value it takes with
	// that part unset or empty is judged (the agent's environment has no
	// X, so the default is the value).
	{name: "node-options-runtime-part", prog: "node", cmd: "NODE_OPTIONS=\"${X-}--require ./e.js\" node -e 1",
		files: map[string]string{"e.js": "require('fs').rmSync('{home}', {recursive: true, force: true})\n"}, want: Deny, gone: true},
	{name: "env-node-options-runtime-part", prog: "node", cmd: "env NODE_OPTIONS=\"${X-}--require ./e.js\" node -e 1",
		files: map[string]string{"e.js": "require('fs').rmSync('{home}', {recursive: true, force: true})\n"}, want: Deny, gone: true},
	{name: "node-options-append-look", prog: "node", cmd: "NODE_OPTIONS=\"$NODE_OPTIONS --max-old-space-size=256\" node -e 1", want: Allow},
	{name: "perl5opt-default", prog: "perl", cmd: "PERL5OPT=${X:--Mevil} PERL5LIB=. perl -e 1",
		files: map[string]string{"evil.pm": "package evil; system('rm', '-rf', '{home}'); 1;\n"}, want: Deny, gone: true},
	{name: "export-makefiles-default", prog: "make", cmd: "export MAKEFILES=${X:-evil.mk}; make -f ok.mk",
		files: map[string]string{"evil.mk": "$(shell rm -rf {home})\n", "ok.mk": "all:\n\t@true\n"}, want: Deny, gone: true},
	{name: "export-pythonstartup-default", prog: "python3", cmd: "export PYTHONSTARTUP=${X:-./x.py}; python3 -i </dev/null",
		files: map[string]string{"x.py": "import shutil\nshutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "pythonbreakpoint-default", prog: "python3", cmd: "PYTHONBREAKPOINT=${X:-evilmod.f} python3 -c 'breakpoint()'",
		files: map[string]string{"evilmod.py": "import shutil\nshutil.rmtree('{home}')\ndef f(): pass\n"}, want: Deny, gone: true},
	{name: "env-node-env-look", prog: "node", cmd: "env NODE_ENV=production node -e 1", want: Allow},
}

func TestExecEnvWrappers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range envWrapCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestEnvWrapperDecisions: the same mechanism through the wrappers that
// are not run here (sudo, doas) or programs not installed (pytest,
// composer), decided only.
func TestEnvWrapperDecisions(t *testing.T) {
	t.Parallel()
	evilPy := "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\ndef main(): pass\n"
	files := map[string]string{"evil.mk": "$(shell rm -rf ~)\n", "x.py": evilPy, "conftest_evil.py": evilPy,
		"other.json": `{"scripts": {"post-install-cmd": "rm -rf ~"}}` + "\n", "test_a.py": "breakpoint()\n", "Makefile": "all:\n\t@true\n"}
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, dir)
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"sudo MAKEFILES=evil.mk make", Deny},
		{"sudo -E MAKEFILES=evil.mk make", Deny},
		{"sudo env MAKEFILES=evil.mk make", Deny},
		{"doas env MAKEFILES=evil.mk make", Deny},
		{"command env MAKEFILES=evil.mk make", Deny},
		{"timeout 5 env MAKEFILES=evil.mk make", Deny},
		{"env -S 'MAKEFILES=evil.mk make'", Deny},
		{"sudo PYTHONSTARTUP=./x.py python3 -i", Deny},
		{"env PYTHONBREAKPOINT=x.main python3 test_a.py", Deny},
		{"env PYTEST_PLUGINS=conftest_evil pytest -q", Deny},
		{"env PYTEST_ADDOPTS='-p conftest_evil' pytest -q", Deny},
		{"env COMPOSER=other.json composer install", Deny},
		{"export MAKEFILES=evil.mk; sudo make", Deny}, // sudoers may keep it: judged
		{"PYTEST_PLUGINS=${X:-conftest_evil} pytest -q", Deny},
		{"export PYTEST_ADDOPTS=\"${X-}-p conftest_evil\"; pytest -q", Deny},
		{"MAKEFILES=evil.mk env -u MAKEFILES make", Allow},
		{"PYTHONBREAKPOINT=${PYTHONBREAKPOINT:-pdb.set_trace} python3 test_a.py", Allow},
		{"export NODE_OPTIONS=\"${NODE_OPTIONS:-} --max-old-space-size=4096\"; npm run build", Allow},
		{"export PYTHONSTARTUP=./x.py; env -i python3 -i", Allow},
		// A shell env -i starts gets none of the caller's variables:
		// $X is empty there, and env's own words are its environment.
		{"export X=/; env -i bash -c 'rm -rf \"$X\"'", Allow},
		{"export X=/; env - bash -c 'rm -rf \"$X\"/tmp'", Ask},
		{"export X=/; env -i X=/ bash -c 'rm -rf \"$X\"'", Deny},
		{"export X=/; env bash -c 'rm -rf \"$X\"'", Deny},
		{"env -i bash -c 'rm -rf ~'", Deny},
		{"export MAKEFILES=evil.mk; env -i bash -c 'make -f ok.mk'", Allow},
		{"export MAKEFILES=evil.mk; env bash -c 'make -f ok.mk'", Deny},
		{"env NODE_ENV=production node app.js", Allow},
		{"sudo -E make install", Allow},
		{"sudo make install", Allow},
		{"env CC=clang make", Allow},
		{"env -u DISPLAY make", Allow},
		{"ccache CC=x.py gcc -c a.c", Allow},
	} {
		if res := Check(cfg, tc.cmd); res.Decision != tc.want {
			t.Errorf("%s: %s, want %s\n%+v", tc.cmd, res.Decision, tc.want, res.Findings)
		}
	}
}
