package rewrite

import "testing"

// gdbCases are gdb's ways to run shell text that red team 13 GD found
// open: the exec-wrapper and the arguments of run/start/set args, which
// gdb hands to $SHELL -c "exec WRAPPER PROGRAM ARGS" (startup-with-shell
// is on by default), and long options by a prefix getopt_long_only takes
// (--eval, -init-eval) or added in gdb 11 (-eiex), and the working
// directory's .gdbinit, which gdb runs once its auto-load safe path
// admits it (-iex 'set auto-load safe-path /'). Each runs the real gdb
// on a canary home; the look-alikes run harmless text.
var gdbCases = []codeCase{
	{name: "gdb-exec-wrapper", prog: "gdb", cmd: `gdb -batch -nx -ex "set exec-wrapper sh -c 'rm -rf {home}' sh" -ex run /bin/true`, want: Deny, gone: true},
	{name: "gdb-exec-wrapper-prefix", prog: "gdb", cmd: `gdb -batch -nx -ex "set exec-w sh -c 'rm -rf {home}' sh" -ex r /bin/true`, want: Deny, gone: true},
	{name: "gdb-run-substitution", prog: "gdb", cmd: `gdb -batch -nx -ex 'run $(rm -rf {home})' /bin/true`, want: Deny, gone: true},
	{name: "gdb-set-args-substitution", prog: "gdb", cmd: "gdb -batch -nx -ex 'set args `rm -rf {home}`' -ex start /bin/true", want: Deny, gone: true},
	{name: "gdb-eval-prefix", prog: "gdb", cmd: `gdb -batch -nx --eval 'shell rm -rf {home}'`, want: Deny, gone: true},
	{name: "gdb-init-eval-one-dash", prog: "gdb", cmd: `gdb -batch -nx -init-eval='shell rm -rf {home}'`, want: Deny, gone: true},
	{name: "gdb-early-init-eval", prog: "gdb", cmd: `gdb -batch -nx -eiex 'shell rm -rf {home}'`, want: Deny, gone: true},
	{name: "gdb-early-init-command", prog: "gdb", cmd: `gdb -batch -nx --early-init-c=x.gdb`, files: map[string]string{"x.gdb": "shell rm -rf {home}\n"}, want: Deny, gone: true},
	// --args by a prefix: the program gdb runs is rm.
	{name: "gdb-args-prefix", prog: "gdb", cmd: `gdb -batch -nx -ex run --arg /bin/rm -rf {home}`, want: Deny, gone: true},
	// The working directory's .gdbinit, once the safe path admits it.
	{name: "gdb-local-gdbinit-safe-path", prog: "gdb", cmd: `gdb -batch -iex 'set auto-load safe-path /'`, files: map[string]string{".gdbinit": "shell rm -rf {home}\n"}, want: Deny, gone: true},
	{name: "gdb-local-gdbinit-nx-look", prog: "gdb", cmd: `gdb -batch -nx -iex 'set auto-load safe-path /'`, files: map[string]string{".gdbinit": "shell rm -rf {home}\n"}, want: Allow},
	{name: "gdb-local-gdbinit-look", prog: "gdb", cmd: `gdb -batch -iex 'set auto-load safe-path /'`, files: map[string]string{".gdbinit": "set pagination off\n"}, want: Allow},
	{name: "gdb-exec-wrapper-look", prog: "gdb", cmd: `gdb -batch -nx -ex 'set exec-wrapper env FOO=1' -ex run /bin/true`, want: Allow},
	{name: "gdb-run-args-look", prog: "gdb", cmd: `gdb -batch -nx -ex 'run --help' /bin/true`, want: Allow},
	{name: "gdb-eval-look", prog: "gdb", cmd: `gdb -batch -nx --eval 'echo rm -rf {home}\n'`, want: Allow},
	{name: "gdb-args-look", prog: "gdb", cmd: `gdb -batch -nx -ex run --args /bin/echo -ex 'shell rm -rf {home}'`, want: Allow},
}

func TestGdbShellText(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gdb")
	}
	for _, tc := range gdbCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}
