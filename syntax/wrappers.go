package syntax

import (
	"slices"
	"strconv"
	"strings"
)

// wrapper describes a command that runs another command given in its
// arguments: its options as the one scanner reads them (ScanOptions), and
// what they mean for the command it runs, so that the wrapped command is
// found whatever options come first and however they are spelled.
type wrapper struct {
	// opts are the wrapper's options, from its documentation. Options
	// end at the first operand (every wrapper here stops there: GNU's
	// "+" in getopt's option string), which is where Stop is set.
	opts OptSpec
	// chdir lists the options whose value is the wrapped command's
	// working directory.
	chdir []string
	// positional is the number of words after the options before the
	// command (timeout's duration, chroot's new root).
	positional int
	// assigns skips NAME=value words before the command (env, sudo).
	assigns bool
	// settings: those NAME=value words are the wrapper's own settings
	// (ccache debug=true CC …), not the program's environment.
	settings bool
	// clears lists the options that start the program with an empty
	// environment (env -i) and unsets those that remove one variable
	// (env -u NAME).
	clears, unsets []string
	// query lists options that make the wrapper look the command up or
	// act on a running process instead of running it (command -v,
	// ionice -p).
	query []string
	// split lists the options whose value is a string split into the
	// command's words (env -S, --split-string).
	split []string
	// script lists options that make the wrapper run a shell string
	// instead of a command (runuser -c): then it is not unwrapped, and the
	// string is a nested script.
	script []string
	// needs, when set, lists options one of which must be given for the
	// words after the options to be a command: runuser -u USER CMD runs
	// CMD, runuser [-l] USER is su's form, whose operand is a user.
	needs []string
	// afterDashDash: the command is what follows "--", and there is none
	// without it: distrobox enter [NAME] [-- COMMAND], whose container
	// name is an operand.
	afterDashDash bool
	// verbs, when set, are the subcommands that run the command (bundle
	// exec, poetry run): the command follows the verb, its options (read
	// with the same table) and verbPositional words (direnv exec DIR).
	verbs          []string
	verbPositional int
	// optsAgain: options may follow the positional words too (setarch
	// ARCH -R CMD).
	optsAgain bool
	// ownOptions: an option before the command makes the program act on
	// itself and run nothing (ccache -s, sccache --show-stats, distcc
	// --show-hosts); its command is a first word that is no option.
	ownOptions bool
	// locations: the words before the command are hwloc locations
	// (core:0, 0x3, all), options may stand among them, and "--" ends
	// them (hwloc-bind).
	locations bool
	// loads: the wrapper is the dynamic loader, whose --preload, --audit
	// and --library-path load code into the program (ldsoloads.go).
	loads bool
}

// setarchOpts are setarch's options (util-linux 2.38): all flags.
var setarchOpts = OptSpec{LongEq: true, Abbrev: true, Stop: true,
	LongFlag: []string{"verbose", "3gb", "4gb", "uname-2.6", "addr-no-randomize", "fdpic-funcptrs", "mmap-page-zero",
		"addr-compat-layout", "read-implies-exec", "32bit", "short-inode", "whole-seconds", "sticky-timeouts", "list", "help", "version"}}

// apptainerOpts are apptainer's and singularity's options that take a
// value (apptainer exec --help).
var apptainerOpts = OptSpec{ShortVal: "BHWoS", LongEq: true, Stop: true, LongVal: []string{"bind", "home", "workdir", "env",
	"env-file", "overlay", "pwd", "scratch", "security", "app", "network", "network-args", "hostname", "dns", "fusemount",
	"mount", "apply-cgroups", "cpus", "memory", "cpu-shares", "cpuset-cpus", "cpuset-mems", "memory-reservation",
	"memory-swap", "pids-limit", "blkio-weight", "add-caps", "drop-caps", "config", "authfile", "docker-login"}}

// ldso is the dynamic loader's row of the wrapper table.
var ldso = wrapper{opts: OptSpec{Stop: true,
	LongVal:  []string{"library-path", "glibc-hwcaps-prepend", "glibc-hwcaps-mask", "inhibit-rpath", "audit", "preload", "argv0"},
	LongFlag: []string{"list", "verify", "inhibit-cache", "list-tunables", "list-diagnostics", "help", "version"}},
	query: []string{"list-tunables", "list-diagnostics", "help", "version"}, loads: true}

// gnu returns the spec of a GNU getopt_long program whose options end at
// the first operand: clusters, --name=value, and any unambiguous prefix
// of a long option.
func gnu(shortVal string, longVal, longFlag []string) OptSpec {
	return OptSpec{ShortVal: shortVal, LongVal: longVal, LongFlag: longFlag, LongEq: true, Abbrev: true, Stop: true}
}

// namedWrapper is one row of the wrapper table.
type namedWrapper struct {
	name string
	w    wrapper
}

// wrapperTable is the table of known wrappers, each with its options as
// its manual page or --help lists them. A name spelled with a path or a
// backslash is looked up by its base name. It is a list, not a map, so
// that it is static data rather than a map built at every start.
var wrapperTable = []namedWrapper{
	// sudo(8): getopt_long ("+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv"):
	// -h takes an optional attached host; --preserve-env an optional
	// list after "=".
	{"sudo", wrapper{opts: OptSpec{ShortVal: "aCcDgpRrTtUu", ShortOpt: "h", LongEq: true, Abbrev: true, Stop: true,
		LongVal: []string{"auth-type", "close-from", "login-class", "chdir", "group", "host", "prompt", "chroot", "role",
			"command-timeout", "type", "other-user", "user"},
		LongFlag: []string{"askpass", "bell", "background", "preserve-env", "edit", "set-home", "help", "login",
			"remove-timestamp", "reset-timestamp", "list", "no-update", "non-interactive", "preserve-groups", "stdin",
			"shell", "version", "validate"}},
		// -e/--edit is sudoedit (its operands are files, editorvars.go),
		// -l/--list lists what may run: neither runs a command.
		chdir: []string{"D", "chdir"}, assigns: true, query: []string{"e", "edit", "l", "list"}}},
	// doas(1): doas [-Lns] [-a style] [-C config] [-u user] command.
	{"doas", wrapper{opts: OptSpec{ShortVal: "aCu", Stop: true}}},
	// env(1), GNU coreutils; -P altpath is BSD's.
	{"env", wrapper{opts: gnu("uCSP", []string{"unset", "chdir", "split-string"},
		[]string{"ignore-environment", "null", "block-signal", "default-signal", "ignore-signal", "list-signal-handling",
			"debug", "help", "version"}),
		chdir: []string{"C", "chdir"}, assigns: true, split: []string{"S", "split-string"},
		clears: []string{"i", "ignore-environment"}, unsets: []string{"u", "unset"}}},
	// bash's builtins: command [-pVv], builtin, exec [-cl] [-a name].
	{"command", wrapper{opts: OptSpec{Stop: true}, query: []string{"v", "V"}}},
	{"builtin", wrapper{opts: OptSpec{Stop: true}}},
	{"exec", wrapper{opts: OptSpec{ShortVal: "a", Stop: true}}},
	// nice(1): -n N, --adjustment=N (and the old -N).
	{"nice", wrapper{opts: gnu("n", []string{"adjustment"}, []string{"help", "version"})}},
	{"nohup", wrapper{opts: gnu("", nil, []string{"help", "version"})}},
	// time(1), GNU time.
	{"time", wrapper{opts: gnu("fo", []string{"format", "output"}, []string{"append", "portability", "quiet", "verbose", "help", "version"})}},
	// timeout(1): timeout [OPTION] DURATION COMMAND.
	{"timeout", wrapper{opts: gnu("ks", []string{"kill-after", "signal"}, []string{"preserve-status", "foreground", "verbose", "help", "version"}),
		positional: 1}},
	// stdbuf(1).
	{"stdbuf", wrapper{opts: gnu("ioe", []string{"input", "output", "error"}, []string{"help", "version"})}},
	// setsid(1), util-linux.
	{"setsid", wrapper{opts: gnu("", nil, []string{"ctty", "fork", "wait", "help", "version"})}},
	// ionice(1): -p/-P/-u act on running processes.
	{"ionice", wrapper{opts: gnu("cnpPu", []string{"class", "classdata", "pid", "pgid", "uid"}, []string{"ignore", "help", "version"}),
		query: []string{"p", "P", "u", "pid", "pgid", "uid"}}},
	{"chronic", wrapper{opts: OptSpec{Stop: true}}},
	// The dynamic loader run as a program (ld.so(8), glibc 2.36's --help;
	// musl's takes --library-path, --preload, --argv0): it loads and runs
	// EXECUTABLE-FILE, which need not be executable. Long options only,
	// each value a word of its own (--argv0=x is refused).
	{"ld.so", ldso},
	{"ld-linux.so.2", ldso},
	{"ld-linux-x86-64.so.2", ldso},
	{"ld-linux-aarch64.so.1", ldso},
	{"ld-linux-armhf.so.3", ldso},
	{"ld-linux-riscv64-lp64d.so.1", ldso},
	{"ld64.so.1", ldso},
	{"ld64.so.2", ldso},
	{"ld-musl-x86_64.so.1", ldso},
	{"ld-musl-aarch64.so.1", ldso},
	{"nocorrect", wrapper{opts: OptSpec{Stop: true}}},
	{"noglob", wrapper{opts: OptSpec{Stop: true}}},
	{"unbuffer", wrapper{opts: OptSpec{Stop: true}}},
	// torsocks(1): -u user, -p pass, -a address, -P port.
	{"torsocks", wrapper{opts: OptSpec{ShortVal: "upaP", Stop: true}}},
	{"proxychains", wrapper{opts: OptSpec{ShortVal: "f", Stop: true}}},
	{"proxychains4", wrapper{opts: OptSpec{ShortVal: "f", Stop: true}}},
	// chroot(8): chroot [OPTION] NEWROOT [COMMAND…].
	{"chroot", wrapper{opts: gnu("", []string{"userspec", "groups"}, []string{"skip-chdir", "help", "version"}), positional: 1}},
	// runuser(1): -c/--command/--session-command run a shell string.
	{"runuser", wrapper{opts: runuserSpec, script: []string{"c", "command", "session-command"}, needs: []string{"u", "user"}}},
	// pkexec(1) compares its options whole.
	{"pkexec", wrapper{opts: OptSpec{LongVal: []string{"user"}, LongFlag: []string{"keep-cwd", "disable-internal-agent", "help", "version"}, Stop: true}}},
	// taskset(1): taskset [options] MASK COMMAND; -p works on a pid.
	{"taskset", wrapper{opts: gnu("", nil, []string{"all-tasks", "pid", "cpu-list", "help", "version"}), positional: 1, query: []string{"p", "pid"}}},
	// chrt(1): chrt [options] PRIORITY COMMAND…; -p works on a running
	// process, -m shows the priority ranges.
	{"chrt", wrapper{opts: gnu("TPD", []string{"sched-runtime", "sched-period", "sched-deadline"},
		[]string{"batch", "deadline", "fifo", "idle", "other", "rr", "reset-on-fork", "all-tasks", "max", "pid", "verbose", "help", "version"}),
		positional: 1, query: []string{"p", "m", "pid", "max"}}},
	// setarch(8), util-linux: setarch ARCH [options] [PROGRAM [ARG…]]
	// runs PROGRAM with a changed personality (none: a shell); its
	// links linux32, linux64, i386, x86_64 and uname26 take no ARCH.
	// --list prints the architectures.
	{"setarch", wrapper{opts: setarchOpts, positional: 1, optsAgain: true, query: []string{"list", "help", "version", "h", "V"}}},
	{"linux32", wrapper{opts: setarchOpts, query: []string{"list", "help", "version", "h", "V"}}},
	{"linux64", wrapper{opts: setarchOpts, query: []string{"list", "help", "version", "h", "V"}}},
	{"i386", wrapper{opts: setarchOpts, query: []string{"list", "help", "version", "h", "V"}}},
	{"x86_64", wrapper{opts: setarchOpts, query: []string{"list", "help", "version", "h", "V"}}},
	{"uname26", wrapper{opts: setarchOpts, query: []string{"list", "help", "version", "h", "V"}}},
	// proot(1): runs the command with a changed view of the file system
	// (none given: the host's), as the same user.
	{"proot", wrapper{opts: OptSpec{ShortVal: "rbmqwkiv", LongEq: true, Stop: true,
		LongVal:  []string{"rootfs", "bind", "mount", "qemu", "pwd", "cwd", "kernel-release", "change-id", "verbose"},
		LongFlag: []string{"root-id", "link2symlink", "kill-on-exit", "help", "usage", "version"}},
		chdir: []string{"w", "pwd", "cwd"}}},
	// nsenter(1): the namespace options take an optional attached file.
	{"nsenter", wrapper{opts: OptSpec{ShortVal: "tSGW", ShortOpt: "muinpCUTrw", LongEq: true, Abbrev: true, Stop: true,
		LongVal: []string{"target", "setuid", "setgid", "wdns"},
		LongFlag: []string{"all", "mount", "uts", "ipc", "net", "pid", "cgroup", "user", "time", "preserve-credentials", "root", "wd",
			"no-fork", "follow-context", "help", "version"}},
		// -w DIR/--wd=DIR (the value attached), -W/--wdns DIR: the
		// command's working directory.
		chdir: []string{"w", "wd", "W", "wdns"}}},
	// unshare(1).
	{"unshare", wrapper{opts: OptSpec{ShortVal: "RwSG", ShortOpt: "muinpUCT", LongEq: true, Abbrev: true, Stop: true,
		LongVal: []string{"map-user", "map-group", "map-users", "map-groups", "propagation", "setgroups", "root", "wd", "setuid",
			"setgid", "monotonic", "boottime"},
		LongFlag: []string{"mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "fork", "map-root-user", "map-current-user",
			"map-auto", "kill-child", "mount-proc", "keep-caps", "help", "version"}},
		chdir: []string{"w", "wd"}}},
	// flock(1): flock [options] FILE COMMAND…; "-c CMD" after FILE is
	// read by programs (it is no option of getopt's).
	{"flock", wrapper{opts: gnu("wE", []string{"timeout", "wait", "conflict-exit-code"},
		[]string{"shared", "exclusive", "unlock", "nonblock", "nonblocking", "nb", "close", "no-fork", "verbose", "help", "version"}),
		positional: 1}},
	{"busybox", wrapper{opts: OptSpec{Stop: true}}},
	{"toybox", wrapper{opts: OptSpec{Stop: true}}},
	// GNU parallel reads its options with Perl's Getopt::Long (bundling,
	// require_order: options end at the command; auto_abbrev: a long
	// option may be any unambiguous prefix, so the list below holds its
	// long options, from parallel(1)). -X, -x, -m, -k, -q, -u, -t, -p,
	// -r, -v, -g and -0 are flags; -i, -l and -D take an attached value
	// only, and the long options with an optional value (--replace,
	// --eof, --max-lines) take it only after "=".
	{"parallel", wrapper{opts: OptSpec{ShortVal: "aCdEIjJLnNPSsW", ShortOpt: "ilD", LongEq: true, Stop: true, Abbrev: true,
		LongVal: []string{
			"jobs", "max-procs", "results", "res", "sshlogin", "sshloginfile", "slf", "arg-file", "arg-file-sep", "arg-sep",
			"delay", "timeout", "tmpdir", "tempdir", "joblog", "retries", "max-args", "max-chars", "colsep", "workdir", "wd",
			"env", "halt", "halt-on-error", "memfree", "memsuspend", "load", "basefile", "bf", "return", "transfer-file",
			"tf", "tag-string", "tagstring", "rpl", "sshdelay", "block", "block-size", "bs", "compress-program",
			"decompress-program", "delimiter", "filter", "group-by", "header", "nice", "profile", "recend", "recstart",
			"trim", "trc", "template", "tmpl", "limit", "ssh", "termseq", "extensionreplace", "er", "basenamereplace", "bnr",
			"dirnamereplace", "dnr", "basenameextensionreplace", "bner", "seqreplace", "slotreplace", "sql", "sqlmaster", "sqlworker",
			"sqlandworker", "parens", "shard"},
		LongFlag: []string{
			"null", "xargs", "keep-order", "quote", "ungroup", "group", "verbose", "interactive", "no-run-if-empty",
			"version", "help", "pipe", "spreadstdin", "pipepart", "cat", "fifo", "files", "progress", "eta", "bar", "shuf",
			"dry-run", "line-buffer", "lb", "tag", "ctag", "nonall", "onall", "no-notice", "citation", "will-cite",
			"semaphore", "fg", "bg", "resume", "resume-failed", "retry-failed", "regexp", "remove-rec-sep", "rrs",
			"round-robin", "round", "skip-first-line", "tty", "open-tty", "link", "xapply", "cleanup", "transfer", "shebang",
			"shebang-wrap", "number-of-cpus", "number-of-cores", "number-of-threads", "number-of-sockets", "show-limits",
			"csv", "compress", "plus", "replace", "eof", "max-lines", "tmux", "tmuxpane", "hostgroups", "hgrp", "silent",
			"embed", "max-line-length-allowed", "latest-line", "ll", "record-env", "session", "color-failed", "cf", "bibtex",
			"gnu", "tollef"}},
		// --workdir/--wd DIR: the jobs run in DIR on this machine.
		chdir: []string{"workdir", "wd"}}},
	{"sem", wrapper{opts: OptSpec{ShortVal: "j", LongEq: true, Stop: true, LongVal: []string{"jobs", "id", "semaphoretimeout", "timeout"}}}},
	// systemd-run(1) runs the command as a transient unit.
	{"systemd-run", wrapper{opts: gnu("upEMH", []string{"unit", "property", "setenv", "machine", "host", "description", "slice",
		"uid", "gid", "nice", "working-directory", "on-active", "on-boot", "on-startup", "on-unit-active", "on-unit-inactive",
		"on-calendar", "timer-property", "path-property", "socket-property", "service-type", "json"},
		[]string{"help", "version", "no-ask-password", "user", "scope", "slice-inherit", "no-block", "remain-after-exit", "wait",
			"send-sighup", "same-dir", "pty", "pipe", "quiet", "collect", "shell", "on-timezone-change", "on-clock-change"}),
		chdir: []string{"working-directory"}}},
	// run0(1) is systemd's sudo.
	{"run0", wrapper{opts: gnu("ugD", []string{"user", "group", "nice", "chdir", "setenv", "unit", "property", "description",
		"slice", "machine", "background", "shell-prompt-prefix", "area"},
		[]string{"no-ask-password", "slice-inherit", "pty", "pipe", "help", "version"}),
		chdir: []string{"D", "chdir"}}},
	{"dbus-launch", wrapper{opts: OptSpec{Stop: true}}},
	// dbus-run-session(1) compares its options whole.
	{"dbus-run-session", wrapper{opts: OptSpec{LongVal: []string{"config-file", "dbus-daemon"}, LongFlag: []string{"help", "version"},
		LongEq: true, Stop: true}}},
	// screen runs a command in a new window (screen -dm CMD); -X sends a
	// screen command instead (see detached).
	{"screen", wrapper{opts: OptSpec{ShortVal: "cehpStTsRrx", Stop: true}, query: []string{"X", "l", "s", "r", "x"}}},
	// systemd-inhibit(1) holds a lock while the command runs; --list
	// runs none.
	{"systemd-inhibit", wrapper{opts: gnu("", []string{"what", "who", "why", "mode"}, []string{"help", "version", "no-pager", "no-legend", "list"}),
		query: []string{"l", "list"}}},
	// Tools that run a command in an environment they prepare, from
	// their manuals: bundle exec, poetry run (-C/--directory: its working
	// directory), pipenv run, uv run, conda/mamba/micromamba run (--cwd),
	// direnv exec DIR, perf stat/record/trace; and programs that run their
	// operands as a command under a tracer, a fake root or clock, a
	// sandbox, a virtual display or an agent: fakeroot, faketime
	// TIMESTAMP, firejail, flatpak-spawn, cpulimit (-p/-e limit a running
	// process instead), strace, ltrace, valgrind, xvfb-run, ssh-agent (-k
	// kills one instead), catchsegv. Their long options are compared
	// whole (no abbreviation is assumed).
	{"bundle", wrapper{opts: OptSpec{LongVal: []string{"gemfile"}, LongEq: true, Stop: true}, verbs: []string{"exec"}}},
	{"poetry", wrapper{opts: OptSpec{ShortVal: "CP", LongVal: []string{"directory", "project"}, LongEq: true, Stop: true},
		chdir: []string{"C", "directory"}, verbs: []string{"run"}}},
	{"pipenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"run"}}},
	// honcho run and foreman run [-e ENV] [-d ROOT] [-f PROCFILE] CMD
	// run CMD with ./.env (or -e's files) in its environment; their
	// start reads the Procfile (configtools.go).
	{"honcho", wrapper{opts: OptSpec{ShortVal: "edfp", LongVal: []string{"env", "app-root", "procfile", "port"}, LongEq: true, Stop: true},
		verbs: []string{"run"}}},
	{"foreman", wrapper{opts: OptSpec{ShortVal: "edfp", LongVal: []string{"env", "root", "procfile", "port"}, LongEq: true, Stop: true},
		verbs: []string{"run"}}},
	{"uv", wrapper{opts: OptSpec{ShortVal: "p", LongVal: []string{"directory", "project", "with", "with-editable", "with-requirements", "python",
		"package", "env-file", "extra", "group", "only-group", "index", "index-url", "extra-index-url", "find-links", "cache-dir",
		"config-file", "color"}, LongEq: true, Stop: true}, chdir: []string{"directory"}, verbs: []string{"run", "tool"}}},
	// uvx (uv tool run), pipx run, pdm run, rye run and hatch run run
	// their operand as a command in an environment they prepare (the
	// first two fetch the tool from the package index first).
	{"uvx", wrapper{opts: OptSpec{ShortVal: "pw", LongVal: []string{"from", "with", "with-editable", "with-requirements", "python",
		"index", "index-url", "extra-index-url", "find-links", "cache-dir", "config-file", "color", "directory", "project"},
		LongEq: true, Stop: true}, chdir: []string{"directory"}}},
	{"pipx", wrapper{opts: OptSpec{LongVal: []string{"spec", "python", "pip-args", "index-url"}, LongEq: true, Stop: true}, verbs: []string{"run"}}},
	{"pdm", wrapper{opts: OptSpec{ShortVal: "p", LongVal: []string{"project", "venv"}, LongEq: true, Stop: true}, verbs: []string{"run"}}},
	{"rye", wrapper{opts: OptSpec{LongVal: []string{"pyproject"}, LongEq: true, Stop: true}, verbs: []string{"run"}}},
	{"hatch", wrapper{opts: OptSpec{ShortVal: "e", LongVal: []string{"env", "data-dir", "cache-dir", "config"}, LongEq: true, Stop: true}, verbs: []string{"run"}}},
	{"conda", wrapper{opts: OptSpec{ShortVal: "np", LongVal: []string{"name", "prefix", "cwd"}, LongEq: true, Stop: true}, chdir: []string{"cwd"}, verbs: []string{"run"}}},
	{"mamba", wrapper{opts: OptSpec{ShortVal: "np", LongVal: []string{"name", "prefix", "cwd"}, LongEq: true, Stop: true}, chdir: []string{"cwd"}, verbs: []string{"run"}}},
	{"micromamba", wrapper{opts: OptSpec{ShortVal: "np", LongVal: []string{"name", "prefix", "cwd"}, LongEq: true, Stop: true}, chdir: []string{"cwd"}, verbs: []string{"run"}}},
	{"direnv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}, verbPositional: 1}},
	{"perf", wrapper{opts: OptSpec{ShortVal: "eoGCptrIxcFm", LongVal: []string{"event", "output", "pid", "tid", "repeat", "cpu", "cgroup"}, LongEq: true, Stop: true},
		verbs: []string{"stat", "record", "trace"}}},
	{"fakeroot", wrapper{opts: OptSpec{ShortVal: "lisb", LongVal: []string{"lib", "faked"}, LongEq: true, Stop: true}}},
	{"faketime", wrapper{opts: OptSpec{LongVal: []string{"date-prog"}, LongEq: true, Stop: true}, positional: 1}},
	{"firejail", wrapper{opts: OptSpec{LongEq: true, Stop: true}}},
	{"flatpak-spawn", wrapper{opts: OptSpec{LongEq: true, Stop: true}}},
	{"cpulimit", wrapper{opts: OptSpec{ShortVal: "lpe", LongVal: []string{"limit", "pid", "exe"}, LongEq: true, Stop: true}, query: []string{"p", "e", "pid", "exe"}}},
	{"strace", wrapper{opts: OptSpec{ShortVal: "eoOpPsSuIabEXU", Stop: true}}},
	{"ltrace", wrapper{opts: OptSpec{ShortVal: "aAeFlnopsuDw", Stop: true}}},
	{"valgrind", wrapper{opts: OptSpec{LongEq: true, Stop: true}}},
	{"xvfb-run", wrapper{opts: OptSpec{ShortVal: "efnpsw", LongVal: []string{"error-file", "auth-file", "server-num", "xauth-protocol", "server-args", "wait"}, LongEq: true, Stop: true}}},
	{"ssh-agent", wrapper{opts: OptSpec{ShortVal: "aEOPt", Stop: true}, query: []string{"k"}}},
	{"catchsegv", wrapper{opts: OptSpec{Stop: true}}},
	// More programs that run their operands as a command, from their
	// manuals: numactl(8), prlimit(1) (-p acts on a running process),
	// setpriv(1), cgexec(1), eatmydata, ifne (moreutils), rlwrap(1),
	// gosu, su-exec, daemontools' setuidgid/envuidgid/envdir/setlock/
	// softlimit/pgrphack, runit's chpst(8), s6's with-contenv, dtach(1)
	// and abduco(1) (the session name before the command; -a attaches),
	// toolbox run, distrobox enter, asdf exec, devbox run, pixi run, the
	// package managers' exec (npm exec, yarn exec, pnpm exec: -c/--call
	// is shell text), and xdg-su -c (shell text).
	{"numactl", wrapper{opts: OptSpec{ShortVal: "imNCpPwb", LongEq: true, Abbrev: true, Stop: true,
		LongVal: []string{"interleave", "membind", "cpunodebind", "physcpubind", "preferred", "preferred-many", "weighted-interleave",
			"balancing"}, LongFlag: []string{"localalloc", "all", "show", "hardware", "huge", "touch", "strict", "length", "offset",
			"shmmode", "shmid", "shm", "file"}}}},
	{"prlimit", wrapper{opts: OptSpec{ShortVal: "po", LongEq: true, Abbrev: true, Stop: true,
		LongVal: []string{"pid", "output"}, LongFlag: []string{"as", "core", "cpu", "data", "fsize", "locks", "memlock", "msgqueue", "nice",
			"nofile", "nproc", "rss", "rtprio", "rttime", "sigpending", "stack", "noheadings", "raw", "verbose", "help", "version"}},
		query: []string{"p", "pid"}}},
	{"setpriv", wrapper{opts: OptSpec{LongEq: true, Abbrev: true, Stop: true,
		LongVal: []string{"reuid", "regid", "ruid", "euid", "rgid", "egid", "groups", "inh-caps", "ambient-caps", "bounding-set",
			"securebits", "pdeathsig", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule", "ptracer"},
		LongFlag: []string{"dump", "clear-groups", "init-groups", "keep-groups", "no-new-privs", "reset-env", "help", "version"}}}},
	{"cgexec", wrapper{opts: OptSpec{ShortVal: "g", LongFlag: []string{"sticky"}, Stop: true}}},
	{"eatmydata", wrapper{opts: OptSpec{Stop: true}}},
	{"ifne", wrapper{opts: OptSpec{Stop: true}}},
	{"rlwrap", wrapper{opts: OptSpec{ShortVal: "bCDefFgHlOpPqsStwz", LongEq: true, Stop: true,
		LongVal: []string{"break-chars", "command-name", "history-no-dupes", "extra-char-after-completion", "file", "filter",
			"forget-matching", "history-filename", "logfile", "one-shot", "prompt-colour", "pre-given", "quote-characters",
			"histsize", "substitute-prompt", "set-term-name", "polling", "multi-line"}}}},
	{"gosu", wrapper{opts: OptSpec{Stop: true}, positional: 1}},
	{"su-exec", wrapper{opts: OptSpec{Stop: true}, positional: 1}},
	{"setuidgid", wrapper{opts: OptSpec{Stop: true}, positional: 1}},
	{"envuidgid", wrapper{opts: OptSpec{Stop: true}, positional: 1}},
	{"envdir", wrapper{opts: OptSpec{Stop: true}, positional: 1}},
	{"setlock", wrapper{opts: OptSpec{Stop: true}, positional: 1}},
	{"softlimit", wrapper{opts: OptSpec{ShortVal: "amdostrfcpl", Stop: true}}},
	{"pgrphack", wrapper{opts: OptSpec{Stop: true}}},
	{"chpst", wrapper{opts: OptSpec{ShortVal: "uUbe/nlLmdopfcrt", Stop: true}}},
	{"with-contenv", wrapper{opts: OptSpec{Stop: true}}},
	{"dtach", wrapper{opts: OptSpec{ShortVal: "cAnNer", Stop: true}, query: []string{"a", "p"}}},
	{"abduco", wrapper{opts: OptSpec{ShortVal: "cnAe", Stop: true}, query: []string{"a"}}},
	{"toolbox", wrapper{opts: OptSpec{ShortVal: "cdr", LongVal: []string{"container", "distro", "release"}, LongEq: true, Stop: true},
		verbs: []string{"run"}}},
	{"distrobox", wrapper{opts: OptSpec{ShortVal: "na", LongVal: []string{"name", "additional-flags"}, LongEq: true, Stop: true},
		verbs: []string{"enter"}, afterDashDash: true}},
	{"distrobox-enter", wrapper{opts: OptSpec{ShortVal: "na", LongVal: []string{"name", "additional-flags"}, LongEq: true, Stop: true},
		afterDashDash: true}},
	// dotenv-cli: dotenv [-e FILE]… [-v NAME=VALUE]… [--] COMMAND loads
	// the files into the command's environment (-p NAME prints one);
	// python-dotenv: dotenv [-f FILE] [-q MODE] [-e BOOL] run CMD (see
	// unwrap).
	{"dotenv", wrapper{opts: OptSpec{ShortVal: "evpfq", Stop: true}, query: []string{"p"}}},
	// torify(1): torsocks under another name.
	{"torify", wrapper{opts: OptSpec{Stop: true}}},
	{"asdf", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	// The version managers' exec (rbenv-exec(1) and its kin): COMMAND
	// runs with the selected version first on PATH.
	{"rbenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	{"pyenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	{"nodenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	{"goenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	{"jenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	{"plenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	// devenv shell COMMAND ARGS runs the command in the environment.
	{"devenv", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"shell"}}},
	{"devbox", wrapper{opts: OptSpec{ShortVal: "ce", LongVal: []string{"config", "environment", "env-file"}, LongEq: true, Stop: true},
		verbs: []string{"run"}}},
	{"pixi", wrapper{opts: OptSpec{ShortVal: "e", LongVal: []string{"manifest-path", "environment", "color"}, LongEq: true, Stop: true},
		verbs: []string{"run"}}},
	{"npm", wrapper{opts: NpmOptions,
		verbs: []string{"exec", "x"}, script: []string{"c", "call"}}},
	{"yarn", wrapper{opts: OptSpec{LongEq: true, Stop: true}, verbs: []string{"exec"}}},
	{"pnpm", wrapper{opts: OptSpec{LongVal: []string{"filter", "dir", "workspace-concurrency"}, ShortVal: "C", LongEq: true, Stop: true},
		verbs: []string{"exec"}}},
	{"xdg-su", wrapper{opts: OptSpec{ShortVal: "uc", Stop: true}, script: []string{"c"}}},
	// distrobox-host-exec(1): runs the command on the host.
	{"distrobox-host-exec", wrapper{opts: OptSpec{Stop: true}}},
	// caffeinate(8) (macOS): -t SECONDS, -w PID; the utility follows.
	{"caffeinate", wrapper{opts: OptSpec{ShortVal: "tw", Stop: true}}},
	// nq(1): queues the command (-c cleans, -q quiet).
	{"nq", wrapper{opts: OptSpec{Stop: true}}},
	// tsp(1) (task-spooler): -L LABEL, -D ID, -N SLOTS, -W ID queue the
	// command; the other letters act on the queue and run none.
	{"tsp", wrapper{opts: OptSpec{ShortVal: "LDNW", Stop: true},
		query: []string{"l", "S", "c", "t", "p", "i", "o", "r", "k", "K", "w", "s", "u", "U", "C", "h", "V", "T", "M"}}},
	// ip netns exec NAME COMMAND (ip-netns(8)).
	{"ip", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"netns"}, verbPositional: 2}},
	// Launchers that run their operands as a command (their manuals or
	// --help): daemonize(1) (-c DIR is the working directory), sshpass(1),
	// systemd-nspawn(1) (the command runs with DIR, -D, as its root: its
	// paths are judged as this machine's, as chroot's are, the cautious
	// side, and with -D / they are), machinectl shell MACHINE CMD, the
	// container inits tini, dumb-init and catatonit, s6-setuidgid USER,
	// host-spawn (runs on the host from a container), apptainer and
	// singularity exec IMAGE CMD (the home directory and the working
	// directory are the host's, bound by default), podman unshare.
	{"daemonize", wrapper{opts: OptSpec{ShortVal: "ceEoplu", Stop: true}, chdir: []string{"c"}}},
	// runcon(1): runcon CONTEXT CMD or runcon [-c] [-t TYPE]… CMD (see
	// unwrap).
	{"runcon", wrapper{opts: gnu("turl", []string{"type", "user", "role", "range"}, []string{"compute", "help", "version"})}},
	{"sshpass", wrapper{opts: OptSpec{ShortVal: "fdpP", ShortOpt: "e", Stop: true}, query: []string{"V", "h"}}},
	{"systemd-nspawn", wrapper{opts: gnu("DuLMSZipE", []string{"directory", "template", "user", "machine", "slice", "property",
		"image", "image-policy", "root-hash", "root-hash-sig", "verity-data", "pivot-root", "chdir", "bind", "bind-ro",
		"inaccessible", "tmpfs", "overlay", "overlay-ro", "setenv", "capability", "drop-capability", "ambient-capability",
		"network-interface", "network-macvlan", "network-ipvlan", "network-bridge", "network-zone", "network-veth-extra",
		"network-namespace-path", "port", "personality", "uuid", "register", "kill-signal", "link-journal", "resolv-conf",
		"timezone", "private-users-ownership", "notify-ready", "suppress-sync", "rlimit", "oom-score-adjust", "cpu-affinity",
		"hostname", "no-new-privileges", "system-call-filter", "selinux-context", "selinux-apparmor-profile", "load-credential",
		"set-credential", "console", "settings", "oci-bundle", "bind-user", "machine-directory"},
		[]string{"help", "version", "quiet", "boot", "as-pid2", "ephemeral", "read-only", "private-network", "network-veth",
			"keep-unit", "volatile", "private-users", "private-users-chown", "pipe", "no-pager", "user-namespace"})}},
	{"machinectl", wrapper{opts: gnu("pHMEsno", []string{"property", "host", "machine", "uid", "setenv", "signal", "lines",
		"output", "kill-whom", "format", "max-addresses"}, []string{"help", "version", "no-pager", "no-legend", "no-ask-password",
		"quiet", "all", "full", "value", "read-only", "mkdir", "force"}),
		verbs: []string{"shell"}, verbPositional: 1}},
	{"tini", wrapper{opts: OptSpec{ShortVal: "pe", Stop: true}, query: []string{"h", "l", "version"}}},
	{"dumb-init", wrapper{opts: gnu("r", []string{"rewrite"}, []string{"single-child", "verbose", "version", "help"}),
		query: []string{"V", "h", "version", "help"}}},
	{"catatonit", wrapper{opts: OptSpec{Stop: true}}},
	{"s6-setuidgid", wrapper{opts: OptSpec{Stop: true}, positional: 1}},
	{"host-spawn", wrapper{opts: OptSpec{LongOne: true, Stop: true, LongVal: []string{"env", "cwd"},
		LongFlag: []string{"no-pty", "pty", "version", "help"}}}},
	{"apptainer", wrapper{opts: apptainerOpts, verbs: []string{"exec"}, verbPositional: 1}},
	{"singularity", wrapper{opts: apptainerOpts, verbs: []string{"exec"}, verbPositional: 1}},
	{"podman", wrapper{opts: OptSpec{LongEq: true, Stop: true, ShortVal: "c", LongVal: []string{"root", "runroot", "storage-driver",
		"storage-opt", "log-level", "url", "connection", "identity", "cgroup-manager", "conmon", "events-backend", "hooks-dir",
		"imagestore", "module", "network-cmd-path", "network-config-dir", "runtime", "runtime-flag", "ssh", "tmpdir", "volumepath",
		"config"}}, verbs: []string{"unshare"}}},
	// The environment loaders of JavaScript and secret stores, which
	// run their operands as a command with variables set: cross-env
	// (NAME=value words first), env-cmd (-f/-r/-e take a value),
	// dotenvx run, nvm exec [VERSION] (see nodeVersionWord), volta run,
	// fnm exec, 1Password's op run, aws-vault exec PROFILE, doppler run,
	// infisical run, chamber exec SERVICE… -- (the services end at
	// "--"). doppler's and infisical's --command and env-cmd's
	// --use-shell are shell text (shellescapes).
	{"cross-env", wrapper{opts: OptSpec{Stop: true}, assigns: true}},
	// nyc COMMAND runs the command under coverage; its configuration's
	// require modules load in the command's node processes
	// (wrapperConfigs).
	{"nyc", wrapper{opts: OptSpec{ShortVal: "rienxt", LongEq: true, Stop: true, LongVal: []string{"reporter", "require",
		"include", "exclude", "extension", "temp-dir", "report-dir", "cwd", "nycrc-path", "instrumenter",
		"branches", "functions", "lines", "statements"}}}},
	{"env-cmd", wrapper{opts: OptSpec{ShortVal: "fre", LongVal: []string{"file", "rc-file", "environments"}, LongEq: true, Stop: true,
		LongFlag: []string{"fallback", "no-override", "silent", "expand-envs", "recursive", "verbose", "version", "help"}},
		script: []string{"use-shell"}}},
	{"dotenvx", wrapper{opts: OptSpec{ShortVal: "fe", LongVal: []string{"env-file", "env", "env-keys-file", "convention", "ignore",
		"log-level"}, LongEq: true, Stop: true}, verbs: []string{"run"}}},
	{"nvm", wrapper{opts: OptSpec{Stop: true}, verbs: []string{"exec"}}},
	{"volta", wrapper{opts: OptSpec{LongVal: []string{"node", "npm", "pnpm", "yarn", "env"}, LongEq: true, Stop: true},
		verbs: []string{"run"}}},
	{"fnm", wrapper{opts: OptSpec{LongVal: []string{"using", "log-level", "arch", "fnm-dir", "node-dist-mirror",
		"version-file-strategy"}, LongEq: true, Stop: true}, verbs: []string{"exec"}}},
	{"op", wrapper{opts: OptSpec{LongVal: []string{"env-file", "account", "cache", "config", "encoding", "session"}, LongEq: true, Stop: true},
		verbs: []string{"run"}}},
	{"aws-vault", wrapper{opts: OptSpec{ShortVal: "dtr", LongVal: []string{"duration", "mfa-token", "region", "backend", "prompt",
		"keychain", "pass-dir", "pass-cmd", "pass-prefix", "file-dir", "secret-service-collection", "config"}, LongEq: true, Stop: true},
		verbs: []string{"exec"}, verbPositional: 1}},
	{"doppler", wrapper{opts: OptSpec{ShortVal: "pc", LongVal: []string{"project", "config", "token", "fallback", "mount",
		"mount-format", "mount-template", "mount-max-reads", "name-transformer", "configuration", "api-host", "scope"},
		LongEq: true, Stop: true}, verbs: []string{"run"}, script: []string{"command"}}},
	{"infisical", wrapper{opts: OptSpec{LongVal: []string{"env", "path", "projectId", "tags", "token", "domain", "watch-interval",
		"project-config-dir"}, LongEq: true, Stop: true}, verbs: []string{"run"}, script: []string{"command"}}},
	{"chamber", wrapper{opts: OptSpec{ShortVal: "rb", LongVal: []string{"retries", "backend", "kms-key-alias", "min-throttle-delay"},
		LongEq: true, Stop: true}, verbs: []string{"exec"}, afterDashDash: true}},
	// moreutils and kin: lckdo [-w] [-W SECS] LOCKFILE CMD, niceload
	// (GNU parallel's; -p acts on running processes), retry (-t/--times,
	// -d/--delay, -u/--until), reflex [options] [--] CMD, xe (xargs'
	// kin: runs its command with the inputs, {} replaced; -s is shell
	// text, -f the file of inputs).
	{"lckdo", wrapper{opts: OptSpec{ShortVal: "W", LongFlag: []string{"wait", "quiet"}, Stop: true}, positional: 1}},
	{"niceload", wrapper{opts: OptSpec{ShortVal: "fnlmtsp", LongVal: []string{"factor", "nice", "load", "mem", "recheck", "suspend",
		"pid", "io", "run-io", "run-load", "run-mem", "start-io", "start-load", "start-mem"}, LongEq: true, Stop: true},
		query: []string{"p", "pid"}}},
	{"retry", wrapper{opts: OptSpec{ShortVal: "tdum", LongVal: []string{"times", "delay", "until", "message", "attempts", "sleep"},
		LongEq: true, LongOne: true, Stop: true}}},
	{"reflex", wrapper{opts: OptSpec{ShortVal: "rRgGcd", LongVal: []string{"regex", "inverse-regex", "glob", "inverse-glob", "config",
		"decoration"}, LongEq: true, Stop: true}}},
	{"xe", wrapper{opts: OptSpec{ShortVal: "fNjsIA", Stop: true}, script: []string{"s"}}},
	// Programs that run their operands as a command under a limit, a
	// profiler or an emulator (their manuals or --help): trickle(1)
	// (bandwidth), memusage(1) (glibc; abbreviations accepted),
	// heaptrack (-p attaches to a running process, -a opens a recorded
	// file), nocache(1), timelimit(1) (BSD getopt), aa-exec(8)
	// (AppArmor profile), fakechroot(1), arch-chroot(8) (the root
	// directory before the command, as chroot's), buildah unshare, and
	// the compiler wrappers ccache(1) (KEY=VALUE words first; an option
	// is a command of ccache's own), sccache and distcc, which run their
	// first word as the compiler, whatever program it is. QEMU's user-mode
	// emulators (qemu-x86_64, qemu-aarch64-static, …) read here as
	// "qemu-user" (see wrapperName) run their program operand; their
	// options take one dash or two and are compared whole. hwloc-bind(1)
	// takes locations before its command (see hwlocLocation).
	{"trickle", wrapper{opts: OptSpec{ShortVal: "duwtlnPL", Stop: true}}},
	{"memusage", wrapper{opts: gnu("npdbxy", []string{"progname", "png", "data", "buffer", "title", "x-size", "y-size"},
		[]string{"unbuffered", "no-timer", "mmap", "time-based", "total", "help", "usage", "version"})}},
	{"heaptrack", wrapper{opts: OptSpec{ShortVal: "opa", LongVal: []string{"output", "output-file", "pid", "analyze"},
		LongFlag: []string{"debug", "use-inject", "raw", "help", "version"}, Stop: true},
		query: []string{"p", "pid", "a", "analyze", "h", "help", "v", "version"}}},
	{"nocache", wrapper{opts: OptSpec{ShortVal: "n", Stop: true}}},
	{"timelimit", wrapper{opts: OptSpec{ShortVal: "SsTt", LongFlag: []string{"features"}, Stop: true}, query: []string{"features"}}},
	{"aa-exec", wrapper{opts: gnu("pn", []string{"profile", "namespace"}, []string{"immediate", "verbose", "debug", "help"})}},
	{"fakechroot", wrapper{opts: OptSpec{ShortVal: "ldecb", LongVal: []string{"lib", "elfloader", "environment", "config-dir", "bindir"},
		LongFlag: []string{"use-system-libs", "help", "version"}, LongEq: true, Stop: true}}},
	{"arch-chroot", wrapper{opts: OptSpec{ShortVal: "u", Stop: true}, positional: 1}},
	{"buildah", wrapper{opts: OptSpec{ShortVal: "m", LongEq: true, Stop: true, LongVal: []string{"root", "runroot", "storage-driver",
		"storage-opt", "registries-conf", "registries-conf-dir", "short-name-alias-conf", "userns-uid-map", "userns-gid-map",
		"default-mounts-file", "log-level", "cgroup-manager", "cpu-profile", "memory-profile", "mount"}}, verbs: []string{"unshare"}}},
	{"ccache", wrapper{opts: OptSpec{Stop: true}, assigns: true, settings: true, ownOptions: true}},
	{"sccache", wrapper{opts: OptSpec{Stop: true}, ownOptions: true}},
	{"distcc", wrapper{opts: OptSpec{Stop: true}, ownOptions: true}},
	{"qemu-user", wrapper{opts: OptSpec{ShortVal: "gLsEU0rBRdDp", LongOne: true, Stop: true,
		LongVal:  []string{"cpu", "dfilter", "trace", "plugin", "seed"},
		LongFlag: []string{"help", "strace", "singlestep", "one-insn-per-tb", "version"}},
		query: []string{"h", "help", "version"}}},
	{"hwloc-bind", wrapper{opts: OptSpec{LongEq: true, Stop: true,
		LongVal: []string{"mempolicy", "pid", "tid", "restrict", "restrict-flags", "best-memattr", "hbm-ratio"},
		LongFlag: []string{"cpubind", "membind", "get", "nodeset", "cpuset", "taskset", "logical", "physical", "single", "strict",
			"hbm", "no-hbm", "disallowed", "no-smt", "force", "quiet", "verbose", "version", "help", "get-last-cpu-location"}},
		locations: true}},
	// Web terminals, which run their operands as the command each visitor
	// gets (a program and its arguments, no shell): ttyd(1) (getopt_long;
	// -w/--cwd is the command's working directory), gotty (urfave/cli
	// over Go's flag package: one dash or two, "=" or the next word, no
	// abbreviation) and websocketd (Go's flag package; --dir serves a
	// directory of programs instead of one). What a served shell means is
	// the remote-access rule's; the command itself is judged as any other.
	{"ttyd", wrapper{opts: gnu("piUcHugswIebPfCKAtTmd", []string{"port", "interface", "socket-owner", "credential", "auth-header",
		"uid", "gid", "signal", "cwd", "index", "Bell", "base-path", "ping-interval", "srv-buf-size", "ssl-cert", "ssl-key", "ssl-ca",
		"client-option", "terminal-type", "max-clients", "debug", "reconnect"},
		[]string{"ipv6", "ssl", "url-arg", "writable", "readonly", "check-origin", "once", "exit-no-conn", "browser", "version", "help"}),
		chdir: []string{"w", "cwd"}, query: []string{"v", "h", "version", "help"}}},
	{"gotty", wrapper{opts: OptSpec{ShortVal: "apc", LongOne: true, LongEq: true, Stop: true,
		LongVal: []string{"address", "port", "credential", "random-url-length", "tls-crt", "tls-key", "tls-ca-crt", "index",
			"title-format", "reconnect-time", "max-connection", "timeout", "width", "height", "ws-origin", "term", "close-signal",
			"close-timeout", "config", "path"},
		LongFlag: []string{"permit-write", "random-url", "tls", "reconnect", "once", "permit-arguments", "pass-headers", "version",
			"help"}}, query: []string{"v", "h", "version", "help"}}},
	{"websocketd", wrapper{opts: OptSpec{LongOne: true, LongEq: true, Stop: true,
		LongVal: []string{"port", "address", "sslcert", "sslkey", "cgidir", "staticdir", "dir", "loglevel", "passenv", "maxforks",
			"header", "header-ws", "header-http", "closems", "origin"},
		LongFlag: []string{"ssl", "devconsole", "sameorigin", "binary", "reverselookup", "license", "help", "version"}},
		query: []string{"help", "version", "license"}}},
	// xargs(1): -J and -R are BSD's; GNU's -e, -i and -l take an
	// optional attached value, and --eof, --replace and --max-lines one
	// only after "=".
	{"xargs", wrapper{opts: OptSpec{ShortVal: "adEIJLnPRs", ShortOpt: "eil", LongEq: true, Abbrev: true, Stop: true,
		LongVal: []string{"arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"},
		LongFlag: []string{"null", "eof", "replace", "max-lines", "open-tty", "interactive", "no-run-if-empty", "show-limits",
			"verbose", "exit", "help", "version"}}}},
}

// gnuPrefixed are the wrappers Homebrew installs on macOS with a "g"
// before their name (coreutils' gtimeout, genv, …, findutils' gxargs,
// gnu-time's gtime): the same programs, read with the same rows.
var gnuPrefixed = []string{"env", "nice", "nohup", "timeout", "stdbuf", "chroot", "xargs", "time"}

// qemuUserArches are the guest architectures of QEMU's user-mode
// emulators, qemu-ARCH and Debian's qemu-ARCH-static: they run a
// program (qemu-system-ARCH, qemu-img and the others do not).
var qemuUserArches = []string{"aarch64", "aarch64_be", "alpha", "arm", "armeb", "cris", "hexagon", "hppa", "i386",
	"loongarch64", "m68k", "microblaze", "microblazeel", "mips", "mips64", "mips64el", "mipsel", "mipsn32", "mipsn32el",
	"nios2", "or1k", "ppc", "ppc64", "ppc64le", "riscv32", "riscv64", "s390x", "sh4", "sh4eb", "sparc", "sparc32plus",
	"sparc64", "x86_64", "xtensa", "xtensaeb"}

// wrapperName returns the row of the wrapper table a command name is
// read with: the name itself, or the program it is another name of
// (gtimeout is timeout, expect_unbuffer is Debian's unbuffer,
// qemu-aarch64-static is a QEMU user-mode emulator).
func wrapperName(name string) string {
	if rest, ok := strings.CutPrefix(name, "g"); ok && slices.Contains(gnuPrefixed, rest) {
		return rest
	}
	if name == "expect_unbuffer" {
		return "unbuffer"
	}
	if loaderName(name) {
		return "ld.so" // ldsoloads.go: every architecture's and version's name
	}
	if arch, ok := strings.CutPrefix(name, "qemu-"); ok {
		// qemu-ARCH-static: the statically linked build (a name, not
		// an option).
		if i := strings.LastIndexByte(arch, '-'); i >= 0 && arch[i+1:] == "static" {
			arch = arch[:i]
		}
		if slices.Contains(qemuUserArches, arch) {
			return "qemu-user"
		}
	}
	return name
}

// hwlocLocation reports a word hwloc-bind reads as a location rather
// than the start of its command (hwloc(7)): all, root, a bitmask
// (0x…), a list of indexes, TYPE:INDEX (core:0, pu:2-5, node:1.pu:0),
// os=NAME or pci=BUSID, each maybe after a modifier (~ x ^).
func hwlocLocation(v string) bool {
	if len(v) > 1 && strings.IndexByte("~x^", v[0]) >= 0 && hwlocPlainLocation(v[1:]) {
		return true
	}
	return hwlocPlainLocation(v)
}

func hwlocPlainLocation(v string) bool {
	switch {
	case v == "":
		return false
	case v == "all" || v == "root" || strings.HasPrefix(v, "0x") || strings.ContainsAny(v, ":="):
		return true
	}
	return strings.Trim(v, "0123456789,-") == ""
}

// wrapperFor returns the wrapper named name.
func wrapperFor(name string) (wrapper, bool) {
	name = wrapperName(name)
	for _, nw := range wrapperTable {
		if nw.name == name {
			return nw.w, true
		}
	}
	return wrapper{}, false
}

// invocation is a command found by unwrapping.
type invocation struct {
	wrappers []string
	words    []Arg
	dir      Dir
	extra    bool
	argFile  string
	// argFileWord is the word of xargs -a FILE when only run time knows
	// FILE (<(…), /dev/fd/$fd): the stream it may name.
	argFileWord Arg
	// split holds the string of env -S: the rest of the command is that
	// text, parsed again.
	split *Arg
	// splitPrefix is what precedes the string in its word when it is
	// attached to the option (-S in -S'…', --split-string= in
	// --split-string=…), as bash reads it; "" for a separate word.
	splitPrefix string
	// rest are the words after env -S's string, appended to it.
	rest []Arg
	// inputs are GNU parallel's arguments after ":::"; when no command is
	// given they are command lines themselves.
	inputs            []Arg
	inputsAreCommands bool
	// replace is the string xargs replaces by each input (-I), or "".
	replace string
	// rpl are GNU parallel's replacement strings (placeholders.go).
	rpl []replString
	// delim is the byte that ends each input of xargs -0 or -d, which
	// then takes every other byte literally; "" for blanks and quotes.
	delim string
	// envrc are the directories whose .envrc direnv exec DIR runs
	// before the command, with the directory they are relative to.
	envrc []Arg
	// env is what the wrappers do to the program's environment (nil:
	// nothing).
	env *envEdit
	// nodeBin reports a package manager's exec (npm exec, pnpm exec,
	// yarn exec): the command is looked up in node_modules/.bin first.
	nodeBin bool
}

// unwrap takes the wrappers off words and returns the command they run.
func unwrap(words []Arg, dir Dir) invocation {
	inv := invocation{words: words, dir: dir}
	for len(inv.words) > 0 && len(inv.wrappers) < 32 {
		first := inv.words[0]
		if !first.Static {
			break
		}
		name := wrapperName(base(first.Value))
		if name == "corepack" {
			words, ok := corepackCommand(inv.words)
			if !ok {
				break
			}
			inv.wrappers = append(inv.wrappers, name)
			inv.words = words
			continue
		}
		if name == "start-stop-daemon" {
			words, dir, ok := startStopDaemon(inv.words, inv.dir)
			if !ok {
				break
			}
			inv.wrappers = append(inv.wrappers, name)
			inv.words, inv.dir = words, dir
			continue
		}
		spec, ok := wrapperFor(name)
		if !ok {
			break
		}
		if name == "runcon" {
			// runcon CONTEXT CMD, or runcon [-c] [-t TYPE]… CMD: the
			// context is an operand only without the options.
			spec.positional = 1
			if opts, _ := ScanOptions(inv.words[1:], spec.opts); len(opts) > 0 {
				spec.positional = 0
			}
		}
		i, opts, split, prefix, query := spec.skipOptions(inv.words)
		if query || spec.runsScript(inv.words) {
			break
		}
		if len(spec.needs) > 0 && !slices.ContainsFunc(opts, func(o Option) bool { return slices.Contains(spec.needs, o.Name) }) {
			break
		}
		chdir := spec.chdirOption(opts)
		if len(spec.verbs) > 0 {
			// bundle exec CMD: only the verb runs a command.
			if i >= len(inv.words) || !inv.words[i].Static || !contains(spec.verbs, inv.words[i].Value) {
				break
			}
			if name == "uv" && inv.words[i].Value == "tool" {
				// uv tool run is uvx, with uvx's options after it.
				if i+1 >= len(inv.words) || !inv.words[i+1].Static || inv.words[i+1].Value != "run" {
					break
				}
				i++
				spec, _ = wrapperFor("uvx")
			}
			j, vopts, _, _, vquery := spec.skipOptions(inv.words[i:])
			if vquery {
				break
			}
			i += j + spec.verbPositional
			if name == "nvm" && i < len(inv.words) && nodeVersionWord(inv.words[i]) {
				i++ // nvm exec [VERSION] CMD
			}
			if d := spec.chdirOption(vopts); d != nil {
				chdir = d
			}
			if name == "direnv" && i-1 < len(inv.words) {
				inv.envrc = append(inv.envrc, inv.words[i-1])
			}
		}
		if len(spec.verbs) > 0 && packageRunners.Get()[name] != nil {
			inv.nodeBin = true // npm exec, pnpm exec, yarn exec
		}
		if spec.afterDashDash {
			dash := -1
			for j := 1; j < len(inv.words); j++ {
				if inv.words[j].Static && inv.words[j].Value == "--" {
					dash = j
					break
				}
			}
			if dash < 0 {
				break // distrobox enter NAME: an interactive shell, no command
			}
			i = max(i, dash+1)
		}
		if split != nil {
			inv.wrappers = append(inv.wrappers, name)
			inv.split, inv.splitPrefix = split, prefix
			inv.rest = inv.words[i:]
			inv.words = nil
			return inv
		}
		if name == "parallel" || name == "sem" {
			// The command ends at ":::" or "::::"; what follows are its
			// inputs, substituted at run time.
			for j := i; j < len(inv.words); j++ {
				if v := inv.words[j].Value; strings.HasPrefix(v, ":::") {
					if strings.HasPrefix(v, "::::") && j+1 < len(inv.words) {
						// :::: FILE: the inputs are the file's lines, as
						// xargs -a FILE's are; :::: <(find …) reads a pipe.
						inv.argFile = inv.words[j+1].Value
						if !inv.words[j+1].Static {
							inv.argFile, inv.argFileWord = "?", inv.words[j+1]
						}
					} else {
						inv.inputs = inv.words[j+1:]
					}
					inv.words = inv.words[:j]
					break
				}
			}
			if i >= len(inv.words) {
				inv.wrappers = append(inv.wrappers, name)
				inv.words = nil
				inv.inputsAreCommands = true
				if f := argFileOption(opts); f != "" && inv.argFile == "" {
					inv.argFile = f
				}
				return inv
			}
		}
		if name == "dotenv" && i < len(inv.words) && inv.words[i].Static && slices.Contains([]string{"list", "get", "set", "unset"}, inv.words[i].Value) {
			break // python-dotenv's own commands: dotenv list prints the file
		}
		if name == "dotenv" && i < len(inv.words) && inv.words[i].Static && inv.words[i].Value == "run" {
			// python-dotenv: dotenv [-f FILE] run [--[no-]override] CMD.
			_, ops := ScanOptions(inv.words[i+1:], dotenvRunSpec)
			i++
			if len(ops) > 0 {
				i += ops[0]
			} else {
				i = len(inv.words)
			}
		}
		if i < len(inv.words) && inv.words[i].Static && inv.words[i].Value == "--" {
			// aws-vault exec PROFILE -- CMD: "--" after the positional
			// words ends the wrapper's own.
			i++
		}
		if i >= len(inv.words) {
			break
		}
		if name == "chroot" || name == "systemd-nspawn" || name == "arch-chroot" {
			inv.dir = Dir{}
		}
		if chdir != nil {
			if chdir.Static {
				inv.dir = inv.dir.Join(chdir.Value)
			} else {
				inv.dir = Dir{}
			}
		}
		if name == "xargs" || name == "parallel" || name == "sem" || name == "xe" {
			inv.extra = true
			if f := argFileOption(opts); f != "" {
				inv.argFile = f
				if f == "?" {
					inv.argFileWord = argFileWord(opts)
				}
			}
		}
		inv.wrappers = append(inv.wrappers, name)
		inv.env = inv.env.wrapper(spec, inv.words[:i], opts)
		if spec.loads {
			inv.env = inv.env.loaderOptions(opts)
		}
		if name == "xargs" {
			inv.replace = xargsReplace(opts)
			inv.delim = xargsDelim(opts)
		}
		if name == "parallel" || name == "sem" {
			// parallel -0 / -d DELIM: its input items (of -a FILE, ::::
			// FILE, stdin) end at that byte, as xargs' do; one a line
			// otherwise.
			inv.delim = xargsDelim(opts)
			inv.rpl = parallelStrings(opts)
		}
		if name == "xe" {
			// xe replaces {} (or -I's string) by the input.
			inv.replace = "{}"
			for _, o := range opts {
				if o.Name == "I" && o.HasVal {
					inv.replace = o.Val.Value
				}
			}
		}
		inv.words = inv.words[i:]
		if (name == "parallel" || name == "sem") && len(inv.rpl) > 0 {
			inv.words = joinCodeWords(inv.words, inv.rpl[len(inv.rpl)-1])
		}
	}
	return inv
}

// joinCodeWords joins the command words of GNU parallel that one {=
// perl =} spans (code is its --parens pair): parallel joins its command's
// words with spaces before it reads the strings, so cp x {= s/y/rc/ =}
// holds one string in its last word, as cp x '{= s/y/rc/ =}' does. Only
// words known as written are joined.
func joinCodeWords(words []Arg, code replString) []Arg {
	if code.str == "" || code.end == "" {
		return words
	}
	var out []Arg
	for k := 0; k < len(words); k++ {
		a := words[k]
		open := strings.LastIndex(a.Value, code.str)
		if !a.Static || open < 0 || strings.Contains(a.Value[open+len(code.str):], code.end) {
			out = append(out, a)
			continue
		}
		m := -1
		for j := k + 1; j < len(words) && words[j].Static; j++ {
			if strings.Contains(words[j].Value, code.end) {
				m = j
				break
			}
		}
		if m < 0 {
			out = append(out, a)
			continue
		}
		for j := k + 1; j <= m; j++ {
			a.Value += " " + words[j].Value
			a.Raw += " " + words[j].Raw
		}
		a.End = words[m].End
		out = append(out, a)
		k = m
	}
	return out
}

// dotenvRunSpec is python-dotenv's run options (dotenv run --help).
var dotenvRunSpec = OptSpec{LongFlag: []string{"override", "no-override", "help"}, Stop: true}

// startStopDaemonSpec is start-stop-daemon's options (start-stop-daemon
// --help, dpkg 1.21; getopt_long, which permutes).
var startStopDaemonSpec = OptSpec{ShortVal: "pxnugcsardNPIkOR", LongEq: true, Abbrev: true,
	LongVal: []string{"pid", "ppid", "pidfile", "exec", "name", "user", "group", "chuid", "signal", "startas", "chroot", "chdir",
		"nicelevel", "procsched", "iosched", "umask", "output", "retry", "notify-timeout"},
	LongFlag: []string{"start", "stop", "status", "help", "version", "background", "notify-await", "no-close", "make-pidfile",
		"remove-pidfile", "test", "oknodo", "quiet", "verbose"}}

// startStopDaemon reads start-stop-daemon -S/--start: it runs the
// program of -a/--startas, or else of -x/--exec, with the words after
// "--" as its arguments, in -d/--chdir (/ by default) under -r/--chroot.
// It returns that command and its directory; ok is false for the other
// actions (--stop, --status), which start nothing.
func startStopDaemon(words []Arg, dir Dir) (cmd []Arg, d Dir, ok bool) {
	args := words[1:]
	end := len(args)
	for i, a := range args {
		if a.Static && a.Value == "--" {
			end = i
			break
		}
	}
	opts, _ := ScanOptions(args[:end], startStopDaemonSpec)
	start := false
	var exe, startas *Arg
	d = Dir{Path: "/", Known: true}
	for _, o := range opts {
		switch o.Name {
		case "S", "start":
			start = true
		case "x", "exec":
			if o.HasVal {
				v := o.Val
				exe = &v
			}
		case "a", "startas":
			if o.HasVal {
				v := o.Val
				startas = &v
			}
		case "d", "chdir":
			if o.HasVal {
				d = dir.Join(o.Val.Value)
				if !o.Val.Static {
					d = Dir{}
				}
			}
		case "r", "chroot":
			d = Dir{}
		}
	}
	if startas != nil {
		exe = startas
	}
	if !start || exe == nil {
		return nil, dir, false
	}
	cmd = []Arg{*exe}
	if end < len(args) {
		cmd = append(cmd, args[end+1:]...)
	}
	return cmd, d, true
}

// corepackCommand returns the command corepack NAME[@VERSION] ARGS runs:
// the package manager NAME (npm, npx, pnpm, pnpx, yarn, yarnpkg) with ARGS,
// the version taken off its word, as corepack's own binaries would run it
// (corepack pnpm dlx PKG is pnpm dlx PKG). corepack's own commands (enable,
// install, use, prepare, …) and its options run no package manager's
// command; nor is one unwrapped whose version is an address (NAME@URL:
// the remote-run rule judges that download under corepack's name).
func corepackCommand(words []Arg) ([]Arg, bool) {
	if len(words) < 2 || !words[1].Static {
		return nil, false
	}
	name, version, _ := strings.Cut(words[1].Value, "@")
	if strings.ContainsAny(version, ":/") || !corepackBinaries.Get()[name] {
		return nil, false
	}
	w := words[1]
	w.Value = name
	return append([]Arg{w}, words[2:]...), true
}

// nodeVersionWord reports a word nvm exec takes for the version to run
// with rather than the command: 18, v20.1.0, node, stable, iojs, system,
// lts/*, lts/hydrogen (--lts is an option, read with nvm's).
func nodeVersionWord(a Arg) bool {
	v := a.Value
	if !a.Static || v == "" {
		return false
	}
	switch {
	case v == "node" || v == "stable" || v == "iojs" || v == "system" || strings.HasPrefix(v, "lts/"):
		return true
	}
	v = strings.TrimPrefix(v, "v")
	if v == "" || v[0] < '0' || v[0] > '9' {
		return false
	}
	return strings.Trim(v, "0123456789.x") == ""
}

// xargsReplace returns the string xargs replaces by each input in the
// command it runs (-I STR, -i[STR], --replace[=STR], BSD's -J STR; -i
// and --replace alone mean {}), or "" when it appends the inputs. The
// last such option counts.
func xargsReplace(opts []Option) string {
	replace := ""
	for _, o := range opts {
		switch o.Name {
		case "I", "J":
			replace = o.Val.Value
		case "i", "replace":
			replace = "{}"
			if o.HasVal && o.Val.Value != "" {
				replace = o.Val.Value
			}
		}
	}
	return replace
}

// skipOptions reads a wrapper's words (words[0] is the wrapper) with the
// one option scanner and returns the index of the wrapped command, the
// options, the string of env -S with what precedes it in its word (-S in
// -S'…'), and whether the wrapper only looks a command up.
func (w wrapper) skipOptions(words []Arg) (i int, opts []Option, split *Arg, splitPrefix string, query bool) {
	args := words[1:]
	opts, operands := ScanOptions(args, w.opts)
	for k, o := range opts {
		if slices.Contains(w.query, o.Name) {
			return 0, nil, nil, "", true
		}
		if slices.Contains(w.split, o.Name) && o.HasVal {
			v := o.Val
			end := o.Idx + 1 // the word after the string
			if o.Attached {
				splitPrefix = o.Prefix
			} else {
				end++
			}
			return end + 1, opts[:k+1], &v, splitPrefix, false
		}
	}
	if w.ownOptions && len(opts) > 0 {
		return 0, nil, nil, "", true
	}
	i = len(words)
	if len(operands) > 0 {
		i = operands[0] + 1
	}
	if w.locations {
		i = w.skipLocations(words, i, &opts)
	}
	for i < len(words) && w.assigns && (words[i].Static && (words[i].Value == "-" || envAssignment(words[i].Value)) ||
		!words[i].Static && envWordAssign(words[i]) != "") {
		i++
	}
	for n := 0; n < w.positional && i < len(words); n++ {
		i++
	}
	if w.optsAgain && i < len(words) {
		more, ops := ScanOptions(words[i:], w.opts)
		for _, o := range more {
			if slices.Contains(w.query, o.Name) {
				return 0, nil, nil, "", true
			}
		}
		opts = append(opts, more...)
		if len(ops) > 0 {
			i += ops[0]
		} else {
			i = len(words)
		}
	}
	return i, opts, nil, "", false
}

// skipLocations reads hwloc-bind's words from i, the first operand:
// locations and options, in any order, up to "--" or the first word
// that is neither, which is the command.
func (w wrapper) skipLocations(words []Arg, i int, opts *[]Option) int {
	for i < len(words) {
		a := words[i]
		switch {
		case !a.Static:
			return i
		case a.Value == "--":
			return i + 1
		case strings.HasPrefix(a.Value, "-") && a.Value != "-":
			more, ops := ScanOptions(words[i:], w.opts)
			*opts = append(*opts, more...)
			if len(ops) == 0 {
				return len(words)
			}
			i += ops[0]
		case hwlocLocation(a.Value):
			i++
		default:
			return i
		}
	}
	return i
}

// chdirOption returns the value of the last option among opts that sets
// the wrapped command's working directory, or nil.
func (w wrapper) chdirOption(opts []Option) *Arg {
	var dir *Arg
	for _, o := range opts {
		if slices.Contains(w.chdir, o.Name) && o.HasVal {
			v := o.Val
			dir = &v
		}
	}
	return dir
}

// runsScript reports whether a wrapper's words carry an option that
// makes it run a shell string (runuser -c, --comm=…). su and runuser
// permute their words (getopt_long without "+"), so the option may
// follow the user name.
func (w wrapper) runsScript(words []Arg) bool {
	if len(w.script) == 0 {
		return false
	}
	spec := w.opts
	spec.Stop = false
	opts, _ := ScanOptions(words[1:], spec)
	for _, o := range opts {
		if slices.Contains(w.script, o.Name) {
			return true
		}
	}
	return false
}

// suSpec returns su(1)'s options (util-linux), with runuser's extra
// option to run a command as a user (-u USER) when given.
// runuserSpec is suSpec("u", "user") written out, so that the wrapper
// table holds no call and stays static data (TestRunuserSpec).
var runuserSpec = gnu("gGswcu", []string{"group", "supp-group", "shell", "whitelist-environment", "command", "session-command", "user"},
	[]string{"preserve-environment", "login", "fast", "pty", "help", "version"})

func suSpec(short string, long ...string) OptSpec {
	return gnu("gGswc"+short, append([]string{"group", "supp-group", "shell", "whitelist-environment", "command", "session-command"}, long...),
		[]string{"preserve-environment", "login", "fast", "pty", "help", "version"})
}

// suOptions reads su's or runuser's options wherever they stand (they
// permute their words: su USER -c CMD).
func suOptions(c *Call) []Option {
	spec := suSpec("")
	if c.Name == "runuser" {
		spec = suSpec("u", "user")
	}
	spec.Stop = false
	opts, _ := ScanOptions(c.Args, spec)
	return opts
}

// SuCommand returns the shell string su or runuser runs with -c,
// --command or --session-command (the last one given, abbreviated or
// not, before or after the user name): its word's index in c.Args and
// the text, which is the whole word unless attached (--comm=TEXT, -cTEXT).
func SuCommand(c *Call) (word int, text string, attached, ok bool) {
	for _, o := range suOptions(c) {
		if (o.Name == "c" || o.Name == "command" || o.Name == "session-command") && o.HasVal {
			word, text, attached, ok = o.Idx, o.Val.Value, o.Attached, true
			if !attached {
				word++
			}
		}
	}
	return word, text, attached, ok
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// envAssignment reports a word env (and the wrappers that take
// assignments) sets in the environment: any word with "=" after its first
// byte, as env puts it with putenv (BASH_FUNC_f%%=() {…} too).
func envAssignment(v string) bool {
	return strings.IndexByte(v, '=') > 0
}

// isAssignment reports whether v looks like NAME=value.
func isAssignment(v string) bool {
	name, _, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// IsShell reports whether name is a shell (RunnerOf gives ShellRunner).
func IsShell(name string) bool { return shells.Get()[name] }

// ShellScript inspects a shell call: it returns the index in c.Args of the
// -c string (or -1), and whether the shell reads its script from stdin (no
// -c and no script file).
func ShellScript(c *Call) (script int, stdin bool) {
	script, _, stdin = shellWords(c)
	return script, stdin
}

// ShellScriptFile returns the index in c.Args of the script file a shell
// call runs (bash x.sh), or -1.
func ShellScriptFile(c *Call) int {
	_, file, _ := shellWords(c)
	return file
}

// ShellCommandString reports a shell call given -c (alone or in a
// cluster: -ec, +c), read as bash reads its options, whether or not its
// string is among the words (xargs sh -c supplies it at run time).
func ShellCommandString(c *Call) bool {
	if !shells.Get()[c.Name] {
		return false
	}
	sw := readShell(c)
	return sw.cflag && !sw.noexec
}

// ShellFile returns the index in c.Args of a shell call's script file
// operand (bash x.sh, sh -e -- x.sh), or -1: none, or the shell runs a
// -c string or reads stdin (-s).
func ShellFile(c *Call) int {
	_, file, _ := shellWords(c)
	return file
}

// bashSpec is bash's command line (bash(1), "OPTIONS" and "INVOCATION"):
// the long options, read whole (no abbreviation: --rcf is refused) and
// with one dash too (-norc); then clusters of letters with "-" or "+",
// where -o and -O take the next word as the name of an option while the
// cluster goes on (-oc posix CMD); options end at the first operand, at
// "--" and at "-". c and s count with "+" too (bash +c CMD runs CMD). sh
// is read as bash too: where it is bash (macOS) it takes these options,
// and where it is dash the long ones make it refuse to run.
var bashSpec = OptSpec{ShortNext: "oO", Plus: true, LongOne: true, Stop: true,
	LongVal: []string{"rcfile", "init-file"},
	LongFlag: []string{"debug", "debugger", "dump-po-strings", "dump-strings", "help", "login", "noediting", "noprofile",
		"norc", "posix", "pretty-print", "restricted", "verbose", "version"}}

// posixShellSpec is the command line of the other shells (dash, ksh,
// zsh, …): letters with "-" or "+", -o NAME, "--".
var posixShellSpec = OptSpec{ShortNext: "o", Plus: true, Stop: true}

// shellCall is a shell's command line, read with its spec.
type shellCall struct {
	// cflag, sflag: -c (a command string), -s (the script on stdin).
	cflag, sflag bool
	// noexec reports -n or -o noexec, the last word of it counting: the
	// shell reads its script and runs nothing.
	noexec bool
	// operand is the index in c.Args of the first operand (the -c
	// string or the script file), or -1.
	operand int
	// rcfiles are the indexes of --rcfile/--init-file's values.
	rcfiles []int
	// login, interactive: -l/--login, -i; norc, noprofile: --norc,
	// --noprofile (bash), -f (zsh: no start-up files but .zshenv… none
	// at all with -f).
	login, interactive, norc, noprofile bool
	// trace are the options that echo what the shell reads or runs.
	trace TraceOpts
	// posix is --posix or -o posix (bash's POSIX mode).
	posix bool
}

// readShell reads a shell call's words as the shell does.
func readShell(c *Call) shellCall {
	spec := posixShellSpec
	if isBash(c.Name) || c.Name == "sh" {
		spec = bashSpec
	}
	opts, operands := ScanOptions(c.Args, spec)
	sw := shellCall{operand: -1}
	if len(operands) > 0 {
		sw.operand = operands[0]
		if a := c.Args[sw.operand]; a.Static && a.Value == "-" && (sw.operand == 0 || c.Args[sw.operand-1].Value != "--") {
			// "-" ends the options like "--" and is not an operand.
			sw.operand = -1
			if len(operands) > 1 {
				sw.operand = operands[1]
			}
		}
	}
	for _, o := range opts {
		switch {
		case o.Long && (o.Name == "rcfile" || o.Name == "init-file") && o.HasVal:
			sw.rcfiles = append(sw.rcfiles, o.Idx+1)
		case o.Long && o.Name == "login":
			sw.login = true
		case o.Long && o.Name == "norc":
			sw.norc = true
		case o.Long && o.Name == "noprofile":
			sw.noprofile = true
		case o.Long && o.Name == "verbose":
			sw.trace.Verbose = true
		case o.Long && o.Name == "posix":
			sw.posix = true
		case o.Long:
		case o.Name == "l":
			sw.login = !o.Plus
		case o.Name == "i":
			sw.interactive = !o.Plus
		case o.Name == "f" && c.Name == "zsh":
			sw.norc, sw.noprofile = true, true
		case o.Name == "c":
			sw.cflag = true
		case o.Name == "s":
			sw.sflag = true
		case o.Name == "n":
			sw.noexec = !o.Plus
			sw.trace.Noexec = !o.Plus
		case o.Name == "o" && o.HasVal:
			if o.Val.Value == "noexec" {
				sw.noexec = !o.Plus
			}
			if o.Val.Value == "posix" {
				sw.posix = !o.Plus
			}
			sw.trace.Named(o.Val.Value, !o.Plus)
		case len(o.Name) == 1:
			sw.trace.Letter(rune(o.Name[0]), !o.Plus)
		}
	}
	return sw
}

// shellWords reads a shell's words as bash does: the index of the -c
// string, of the script file, and whether the script is read from stdin.
func shellWords(c *Call) (script, file int, stdin bool) {
	if !shells.Get()[c.Name] {
		return -1, -1, false
	}
	sw := readShell(c)
	switch {
	case sw.noexec:
		return -1, -1, false
	case sw.cflag:
		return sw.operand, -1, false
	case sw.sflag || sw.operand < 0:
		return -1, -1, true
	}
	return -1, sw.operand, false
}

// startupFiles returns the start-up files (relative to the directory
// home names) a shell call reads before its script: zsh always its
// .zshenv, a login shell its profile, an interactive one its rc file.
// bash reads the first of its profiles that exists; all are returned.
func startupFiles(c *Call) []string {
	sw := readShell(c)
	if sw.noexec && c.Name != "zsh" {
		return nil
	}
	login := sw.login || strings.HasPrefix(c.NameArg.Value, "-")
	var out []string
	name := c.Name
	if isBash(name) {
		name = "bash"
	}
	switch name {
	case "zsh":
		if sw.norc {
			return nil
		}
		out = append(out, ".zshenv")
		if login {
			out = append(out, ".zprofile", ".zlogin")
		}
		if sw.interactive {
			out = append(out, ".zshrc")
		}
	case "bash":
		if login && !sw.noprofile {
			out = append(out, ".bash_profile", ".bash_login", ".profile")
		}
		if sw.interactive && !login && !sw.norc && len(sw.rcfiles) == 0 {
			out = append(out, ".bashrc")
		}
	default:
		// The other shells of the table: a POSIX login shell reads
		// .profile (read for the others too, the cautious side).
		if login {
			out = append(out, ".profile")
		}
	}
	return out
}

// ShellRCFiles returns the indexes in c.Args of the files a shell call
// names with --rcfile or --init-file (bash runs them first when it is
// interactive).
func ShellRCFiles(c *Call) []int {
	if !shells.Get()[c.Name] {
		return nil
	}
	return readShell(c).rcfiles
}

// argFileOption returns the file an xargs or parallel option list names
// with -a FILE, -aFILE, a cluster ending in a (-0a FILE), --arg-file FILE
// or --arg-file=FILE; "?" when the file is only known at run time.
func argFileOption(opts []Option) string {
	for _, o := range opts {
		if (o.Name == "a" || o.Name == "arg-file") && o.HasVal {
			if !o.Val.Static {
				return "?"
			}
			return o.Val.Value
		}
	}
	return ""
}

// argFileWord returns the word of the file an xargs or parallel option
// list names (see argFileOption).
func argFileWord(opts []Option) Arg {
	for _, o := range opts {
		if (o.Name == "a" || o.Name == "arg-file") && o.HasVal {
			return o.Val
		}
	}
	return Arg{}
}

// xargsDelim returns the byte that ends each input of xargs -0/--null or
// -d/--delimiter (GNU xargs: a character, a C escape such as \n or \t,
// \0NNN octal or \xHH hex), the last given winning; "" when neither is
// given or the delimiter cannot be read (blank and quote splitting then
// stands in for it).
func xargsDelim(opts []Option) string {
	delim := ""
	for _, o := range opts {
		switch o.Name {
		case "0", "null":
			delim = "\x00"
		case "d", "delimiter":
			delim = ""
			if !o.HasVal || !o.Val.Static {
				continue
			}
			v := o.Val.Value
			switch {
			case len(v) == 1:
				delim = v
			case len(v) == 2 && v[0] == '\\':
				if b, ok := map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', '0': 0, '\\': '\\', 'a': 7, 'b': 8, 'f': 12, 'v': 11}[v[1]]; ok {
					delim = string([]byte{b})
				}
			case strings.HasPrefix(v, "\\x") || strings.HasPrefix(v, "\\0"):
				base := 8
				if v[1] == 'x' {
					base = 16
				}
				if n, err := strconv.ParseUint(v[2:], base, 8); err == nil {
					delim = string([]byte{byte(n)})
				}
			}
		}
	}
	return delim
}

// xargsItems splits text into the inputs xargs reads from it: each piece
// between delimiters, taken literally, when delim is set (-0, -d);
// otherwise as xargsInputs does. complete is false when there are more
// than maxXargsItems of them, the rest being left out.
func xargsItems(text string, lines bool, delim string) (items []Arg, complete bool) {
	if delim == "" {
		items = xargsInputs(text, lines)
		return items, len(items) < maxXargsItems
	}
	for _, f := range strings.Split(text, delim) {
		if f == "" {
			continue
		}
		if len(items) == maxXargsItems {
			return items, false
		}
		items = append(items, Arg{Value: f, Raw: f, Static: true})
	}
	return items, true
}

// maxXargsItems bounds the inputs read from a text xargs reads.
const maxXargsItems = 256

// xargsInputs splits text into the arguments xargs reads from it: with
// -I (lines) each non-blank line, its leading blanks removed; otherwise
// the blank-separated words. Quotes ('…', "…") and backslashes are taken
// off in both, as GNU xargs does. At most 256 are kept.
func xargsInputs(text string, lines bool) []Arg {
	var out []Arg
	var b strings.Builder
	in := false
	var quote byte
	end := func() {
		if in && len(out) < maxXargsItems {
			out = append(out, Arg{Value: b.String(), Raw: b.String(), Static: true})
		}
		b.Reset()
		in = false
	}
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else {
				b.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			quote, in = ch, true
		case ch == '\\' && i+1 < len(text):
			i++
			b.WriteByte(text[i])
			in = true
		case ch == '\n' || !lines && (ch == ' ' || ch == '\t'):
			end()
		case lines && !in && (ch == ' ' || ch == '\t'):
			// leading blanks of a line
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	end()
	return out
}

// envEdit is what a command's wrappers do, in their order, to the
// environment the program they run starts with (env -i A=1 sudo B=2
// CMD): the one place that models it, read by every variable reader
// through envValue. cleared reports that env -i (or env -) started it
// empty: neither the shell's exported variables nor the prefix
// assignments reach the program, only what the wrappers after it give.
// set maps a name to the word that gives it (env's, sudo's, cross-env's
// NAME=value, the whole word) or to nil for a variable env -u removed.
//
// sudo is taken to pass the caller's exported variables on: its default
// policy (env_reset) keeps only a few, but the sudoers file, which a
// user cannot read, may keep any (env_keep, !env_reset, SETENV), and
// sudo -E and --preserve-env keep them all; doas likewise (keepenv).
// What the agent exported is so judged at the program either way.
type envEdit struct {
	cleared bool
	set     map[string]*Arg
}

// wrapper returns e after the wrapper whose words (the wrapper first, up
// to the program) and options are given.
func (e *envEdit) wrapper(spec wrapper, words []Arg, opts []Option) *envEdit {
	if !spec.assigns || spec.settings {
		return e
	}
	edit := func() *envEdit {
		if e == nil {
			e = &envEdit{}
		}
		if e.set == nil {
			e.set = map[string]*Arg{}
		}
		return e
	}
	for _, o := range opts {
		switch {
		case slices.Contains(spec.clears, o.Name):
			edit()
			e.cleared, e.set = true, map[string]*Arg{}
		case slices.Contains(spec.unsets, o.Name) && o.HasVal:
			edit().set[o.Val.Value] = nil
		}
	}
	// The NAME=value words (and env's "-") stand last, before the
	// program: walk back to their start, then read them in order.
	k := len(words)
	for k > 1 && (envWordAssign(words[k-1]) != "" || len(spec.clears) > 0 && words[k-1].Static && words[k-1].Value == "-") {
		k--
	}
	for j := k; j < len(words); j++ {
		a := words[j]
		if a.Static && a.Value == "-" {
			edit()
			e.cleared, e.set = true, map[string]*Arg{}
			continue
		}
		edit().set[envWordAssign(a)] = &words[j]
	}
	return e
}

// envWordAssign returns the name a wrapper's NAME=value word assigns,
// or "" for another word: a static one by its value, a word with a part
// only run time knows by its text (env NAME="$X" CMD).
func envWordAssign(a Arg) string {
	if a.Static {
		if !envAssignment(a.Value) {
			return ""
		}
		name, _, _ := strings.Cut(a.Value, "=")
		return name
	}
	// env takes any word with = for NAME=value, so the name is the
	// literal text before it (env "BASH_FUNC_ls%%=$(cat f)" CMD too).
	v := strings.TrimLeft(a.Raw, `"'`)
	name, _, ok := strings.Cut(v, "=")
	if !ok || name == "" || strings.ContainsAny(name, "$`\"'\\ \t\n") {
		return ""
	}
	return name
}

// get returns what the wrappers make of the variable name: decided
// reports that they give or remove it; val is then the value's word
// (NAME= taken off its value and candidates), nil when it is not set.
func (e *envEdit) get(name string) (val *Arg, decided bool) {
	if e == nil {
		return nil, false
	}
	a, ok := e.set[name]
	if !ok {
		return nil, e.cleared
	}
	if a == nil {
		return nil, true
	}
	v := *a
	prefix := name + "="
	_, v.Value, _ = strings.Cut(v.Value, "=")
	if !a.Static {
		cands := make([]string, 0, len(a.Candidates()))
		for _, c := range a.Candidates() {
			if rest, ok := strings.CutPrefix(c, prefix); ok {
				cands = append(cands, rest)
			}
		}
		v.SetCandidates(cands)
	}
	return &v, true
}

// words returns the static values the wrappers give, by name.
func (e *envEdit) words() map[string]string {
	out := map[string]string{}
	if e == nil {
		return out
	}
	for name, a := range e.set {
		if a != nil && a.Static {
			_, out[name], _ = strings.Cut(a.Value, "=")
		}
	}
	return out
}
