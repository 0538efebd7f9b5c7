package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// wrapper describes a command that runs another command given in its
// arguments, with the options that take a value, so that the wrapped
// command is found whatever options come first.
type wrapper struct {
	// shortVal lists the one-letter options that take a value.
	shortVal string
	// longVal lists the long options (without "--") that take a value
	// when it is not attached with "=".
	longVal []string
	// chdir lists the options whose value is the wrapped command's
	// working directory.
	chdir []string
	// positional is the number of words after the options before the
	// command (timeout's duration, chroot's new root).
	positional int
	// assigns skips NAME=value words before the command (env, sudo).
	assigns bool
	// query lists options that make the wrapper look the command up
	// instead of running it (command -v).
	query string
	// split lists the options whose value is a string split into the
	// command's words (env -S, --split-string).
	split []string
	// script lists options that make the wrapper run a shell string
	// instead of a command (runuser -c): then it is not unwrapped, and the
	// string is a nested script.
	script []string
	// verbs, when set, are the subcommands that run the command (bundle
	// exec, poetry run): the command follows the verb, its options (read
	// with the same table) and verbPositional words (direnv exec DIR).
	verbs          []string
	verbPositional int
}

// wrappers is the table of known wrappers. A name spelled with a path or a
// backslash is looked up by its base name.
var wrappers = lazy.Value[map[string]wrapper]{New: func() map[string]wrapper {
	return map[string]wrapper{
		"sudo": {shortVal: "ugpCDrtTUh", longVal: []string{"user", "group", "host", "prompt", "chdir", "role", "type", "other-user", "close-from", "command-timeout", "chroot"},
			chdir: []string{"D", "chdir"}, assigns: true},
		"doas":         {shortVal: "uC"},
		"env":          {shortVal: "uCSP", longVal: []string{"unset", "chdir", "split-string"}, chdir: []string{"C", "chdir"}, assigns: true, split: []string{"S", "split-string"}},
		"command":      {query: "vV"},
		"builtin":      {},
		"exec":         {shortVal: "a"},
		"nice":         {shortVal: "n", longVal: []string{"adjustment"}},
		"nohup":        {},
		"time":         {shortVal: "fo", longVal: []string{"format", "output"}},
		"timeout":      {shortVal: "sk", longVal: []string{"signal", "kill-after"}, positional: 1},
		"stdbuf":       {shortVal: "ioe", longVal: []string{"input", "output", "error"}},
		"setsid":       {},
		"ionice":       {shortVal: "cnp", longVal: []string{"class", "classdata", "pid", "pgid", "uid"}, query: "pP"},
		"chronic":      {},
		"nocorrect":    {},
		"noglob":       {},
		"unbuffer":     {},
		"torsocks":     {},
		"proxychains":  {shortVal: "f"},
		"proxychains4": {shortVal: "f"},
		"chroot":       {longVal: []string{"userspec", "groups"}, positional: 1},
		"runuser":      {shortVal: "ugG", longVal: []string{"user", "group", "supp-group"}, script: []string{"-c", "--command", "--session-command"}},
		"pkexec":       {longVal: []string{"user"}},
		"taskset":      {positional: 1, query: "p"},
		// chrt [options] PRIORITY COMMAND…; -p works on a running process, -m
		// shows the priority ranges.
		"chrt":     {shortVal: "TPD", longVal: []string{"sched-runtime", "sched-period", "sched-deadline"}, positional: 1, query: "pm"},
		"nsenter":  {shortVal: "tSG", longVal: []string{"target", "setuid", "setgid"}},
		"unshare":  {shortVal: "SGRw", longVal: []string{"propagation", "setgroups", "setuid", "setgid", "root", "wd", "map-user", "map-group", "map-users", "map-groups"}},
		"flock":    {shortVal: "wEc", longVal: []string{"timeout", "conflict-exit-code"}, positional: 1},
		"busybox":  {},
		"toybox":   {},
		"parallel": {shortVal: "jSPaNIdEnLlsX", longVal: []string{"jobs", "results", "sshlogin", "arg-file", "delay", "timeout", "tmpdir", "joblog", "retries", "max-args", "max-lines", "colsep", "workdir", "env", "halt", "memfree", "load", "basefile", "return", "transfer-file", "tag-string", "rpl", "sshloginfile", "sshdelay", "max-procs"}},
		"sem":      {shortVal: "j", longVal: []string{"jobs", "id", "semaphoretimeout", "timeout"}},
		// systemd-run runs the command as a transient unit (systemd-run(1)).
		"systemd-run": {shortVal: "upEMH", longVal: []string{"unit", "property", "setenv", "machine", "host", "description", "slice",
			"uid", "gid", "nice", "working-directory", "on-active", "on-boot", "on-startup", "on-unit-active", "on-unit-inactive",
			"on-calendar", "timer-property", "path-property", "socket-property", "service-type", "shell", "json"},
			chdir: []string{"working-directory"}},
		// run0 is systemd's sudo (run0(1)).
		"run0": {shortVal: "ugD", longVal: []string{"user", "group", "nice", "chdir", "setenv", "unit", "property", "description",
			"slice", "machine", "background", "shell-prompt-prefix"}, chdir: []string{"D", "chdir"}},
		"dbus-launch":      {},
		"dbus-run-session": {longVal: []string{"config-file", "dbus-daemon"}},
		// screen runs a command in a new window (screen -dm CMD); -X sends a
		// screen command instead (see detached).
		"screen": {shortVal: "cehpStTsRrx", query: "Xlsrx"},
		// systemd-inhibit holds a lock while the command runs; --list runs none.
		"systemd-inhibit": {longVal: []string{"what", "who", "why", "mode"}, query: "l"},
		// Tools that run a command in an environment they prepare, from their
		// manuals: bundle exec, poetry run (-C/--directory: its working
		// directory), pipenv run, uv run, conda/mamba/micromamba run
		// (--cwd), direnv exec DIR, perf stat/record/trace; and programs that
		// run their operands as a command under a tracer, a fake root or
		// clock, a sandbox, a virtual display or an agent: fakeroot, faketime
		// TIMESTAMP, firejail, flatpak-spawn, cpulimit (-p/-e limit a running
		// process instead), strace, ltrace, valgrind, xvfb-run, ssh-agent
		// (-k kills one instead), catchsegv.
		"bundle":        {longVal: []string{"gemfile"}, verbs: []string{"exec"}},
		"poetry":        {shortVal: "CP", longVal: []string{"directory", "project"}, chdir: []string{"C", "directory"}, verbs: []string{"run"}},
		"pipenv":        {verbs: []string{"run"}},
		"uv":            {shortVal: "p", longVal: []string{"directory", "project", "with", "with-editable", "with-requirements", "python", "package", "env-file", "extra", "group", "only-group", "index", "index-url", "extra-index-url", "find-links", "cache-dir", "config-file", "color"}, chdir: []string{"directory"}, verbs: []string{"run"}},
		"conda":         {shortVal: "np", longVal: []string{"name", "prefix", "cwd"}, chdir: []string{"cwd"}, verbs: []string{"run"}},
		"mamba":         {shortVal: "np", longVal: []string{"name", "prefix", "cwd"}, chdir: []string{"cwd"}, verbs: []string{"run"}},
		"micromamba":    {shortVal: "np", longVal: []string{"name", "prefix", "cwd"}, chdir: []string{"cwd"}, verbs: []string{"run"}},
		"direnv":        {verbs: []string{"exec"}, verbPositional: 1},
		"perf":          {shortVal: "eoGCptrIxcFm", longVal: []string{"event", "output", "pid", "tid", "repeat", "cpu", "cgroup"}, verbs: []string{"stat", "record", "trace"}},
		"fakeroot":      {shortVal: "lisb", longVal: []string{"lib", "faked"}},
		"faketime":      {longVal: []string{"date-prog"}, positional: 1},
		"firejail":      {},
		"flatpak-spawn": {},
		"cpulimit":      {shortVal: "l", longVal: []string{"limit"}, query: "pe"},
		"strace":        {shortVal: "eoOpPsSuIabEXU"},
		"ltrace":        {shortVal: "aAeFlnopsuDw"},
		"valgrind":      {},
		"xvfb-run":      {shortVal: "efnpsw", longVal: []string{"error-file", "auth-file", "server-num", "xauth-protocol", "server-args", "wait"}},
		"ssh-agent":     {shortVal: "aEOPt", query: "k"},
		"catchsegv":     {},
		// xargs: -J and -R are BSD's; GNU's --replace, --eof and --max-lines
		// take their value only after "=".
		"xargs": {shortVal: "adEIJLnPRs", longVal: []string{"arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"}},
	}
}}

// invocation is a command found by unwrapping.
type invocation struct {
	wrappers []string
	words    []Arg
	dir      Dir
	extra    bool
	argFile  string
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
}

// unwrap takes the wrappers off words and returns the command they run.
func unwrap(words []Arg, dir Dir) invocation {
	inv := invocation{words: words, dir: dir}
	for len(inv.words) > 0 && len(inv.wrappers) < 32 {
		first := inv.words[0]
		if !first.Static {
			break
		}
		name := base(first.Value)
		spec, ok := wrappers.Get()[name]
		if !ok || spec.runsScript(inv.words) {
			break
		}
		i, chdir, split, prefix, query := spec.skipOptions(inv.words)
		if query {
			break
		}
		if len(spec.verbs) > 0 {
			// bundle exec CMD: only the verb runs a command.
			if i >= len(inv.words) || !inv.words[i].Static || !contains(spec.verbs, inv.words[i].Value) {
				break
			}
			j, vdir, _, _, vquery := spec.skipOptions(inv.words[i:])
			if vquery {
				break
			}
			i += j + spec.verbPositional
			if vdir != nil {
				chdir = vdir
			}
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
					inv.inputs = inv.words[j+1:]
					inv.words = inv.words[:j]
					break
				}
			}
			if i >= len(inv.words) {
				inv.wrappers = append(inv.wrappers, name)
				inv.words = nil
				inv.inputsAreCommands = true
				return inv
			}
		}
		if i >= len(inv.words) {
			break
		}
		if name == "chroot" {
			inv.dir = Dir{}
		}
		if chdir != nil {
			if chdir.Static {
				inv.dir = inv.dir.Join(chdir.Value)
			} else {
				inv.dir = Dir{}
			}
		}
		if name == "xargs" || name == "parallel" || name == "sem" {
			inv.extra = true
			if f := argFileOption(spec, inv.words[1:i]); f != "" {
				inv.argFile = f
			}
		}
		inv.wrappers = append(inv.wrappers, name)
		if name == "xargs" {
			inv.replace = xargsReplace(inv.words[1:i])
		}
		inv.words = inv.words[i:]
	}
	return inv
}

// xargsReplace returns the string xargs replaces by each input in the
// command it runs (-I STR, -i[STR], --replace[=STR], BSD's -J STR; -i
// and --replace alone mean {}), or "" when it appends the inputs.
func xargsReplace(opts []Arg) string {
	replace := ""
	for k := 0; k < len(opts); k++ {
		v := opts[k].Value
		switch {
		case v == "--":
			return replace
		case v == "--replace":
			replace = "{}"
		case strings.HasPrefix(v, "--replace="):
			replace = strings.TrimPrefix(v, "--replace=")
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				l := v[j]
				rest := v[j+1:]
				if l == 'i' {
					replace = "{}"
					if rest != "" {
						replace = rest
					}
					break
				}
				if strings.IndexByte(wrappers.Get()["xargs"].shortVal, l) < 0 {
					continue
				}
				if rest == "" && k+1 < len(opts) {
					k++
					rest = opts[k].Value
				}
				if l == 'I' || l == 'J' {
					replace = rest
				}
				break
			}
		}
	}
	return replace
}

// skipOptions returns the index of the wrapped command in words (words[0]
// is the wrapper), the value of a working-directory option, the string of
// env -S with what precedes it in its word (-S in -S'…'), and whether the
// wrapper only looks a command up.
func (w wrapper) skipOptions(words []Arg) (i int, chdir, split *Arg, splitPrefix string, query bool) {
	i = 1
	isChdir := func(opt string) bool {
		for _, c := range w.chdir {
			if c == opt {
				return true
			}
		}
		return false
	}
	value := func(opt string, attached string, hasAttached bool) {
		var v *Arg
		if hasAttached {
			a := words[i]
			a.Value = attached
			v = &a
		} else if i+1 < len(words) {
			i++
			v = &words[i]
		}
		if v == nil {
			return
		}
		if isChdir(opt) {
			chdir = v
		}
		if contains(w.split, opt) {
			split = v
			if hasAttached {
				splitPrefix = strings.TrimSuffix(words[i].Value, attached)
			}
		}
	}
	for i < len(words) {
		a := words[i]
		if !a.Static {
			return
		}
		v := a.Value
		switch {
		case v == "--":
			i++
			return
		case v == "-" && w.assigns:
			i++
			continue
		case strings.HasPrefix(v, "--") && len(v) > 2:
			opt, attached, has := strings.Cut(v[2:], "=")
			if !has && contains(w.longVal, opt) {
				value(opt, "", false)
			} else if has && contains(w.longVal, opt) {
				value(opt, attached, true)
			}
			i++
			if split != nil {
				return
			}
			continue
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				c := v[j]
				if strings.IndexByte(w.query, c) >= 0 {
					return i, nil, nil, "", true
				}
				if strings.IndexByte(w.shortVal, c) >= 0 {
					if j+1 < len(v) {
						value(string(c), v[j+1:], true)
					} else {
						value(string(c), "", false)
					}
					break
				}
			}
			i++
			if split != nil {
				return
			}
			continue
		case w.assigns && isAssignment(v):
			i++
			continue
		}
		break
	}
	for n := 0; n < w.positional && i < len(words); n++ {
		i++
	}
	return
}

// runsScript reports whether words (a wrapper's) carry an option that
// makes it run a shell string.
func (w wrapper) runsScript(words []Arg) bool {
	for _, a := range words[1:] {
		for _, o := range w.script {
			if a.Value == o || strings.HasPrefix(a.Value, o+"=") && strings.HasPrefix(o, "--") {
				return true
			}
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
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

// ShellCommandString reports a shell call given -c (alone or in a
// cluster: -ec), read as bash reads its options, whether or not its
// string is among the words (xargs sh -c supplies it at run time).
func ShellCommandString(c *Call) bool {
	if !shells.Get()[c.Name] || noExec(c) {
		return false
	}
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case !a.Static || v == "--" || v == "-":
			return false
		case v == "-o" || v == "+o" || v == "--rcfile" || v == "--init-file" || v == "-O" || v == "+O":
			i++
		case strings.HasPrefix(v, "--"):
		case len(v) > 1 && v[0] == '-':
			if strings.IndexByte(v[1:], 'c') >= 0 {
				return true
			}
		case len(v) > 1 && v[0] == '+':
		default:
			return false
		}
	}
	return false
}

// ShellFile returns the index in c.Args of a shell call's script file
// operand (bash x.sh, sh -e -- x.sh), or -1: none, or the shell runs a
// -c string or reads stdin (-s).
func ShellFile(c *Call) int {
	_, file, _ := shellWords(c)
	return file
}

// shellWords reads a shell's words as bash does: the index of the -c
// string, of the script file, and whether the script is read from stdin.
func shellWords(c *Call) (script, file int, stdin bool) {
	if !shells.Get()[c.Name] || noExec(c) {
		return -1, -1, false
	}
	cflag, sflag := false, false
	operand := func(i int) (int, int, bool) {
		switch {
		case cflag:
			return i, -1, false
		case sflag:
			return -1, -1, true
		}
		return -1, i, false // a script file
	}
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		if !a.Static {
			return operand(i)
		}
		switch {
		case v == "--" || v == "-":
			if i+1 < len(c.Args) {
				return operand(i + 1)
			}
			return -1, -1, !cflag
		case v == "-o" || v == "+o" || v == "--rcfile" || v == "--init-file" || v == "-O" || v == "+O":
			i++
		case strings.HasPrefix(v, "--"):
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			if v[0] == '-' && strings.IndexByte(v[1:], 'c') >= 0 {
				cflag = true
			}
			if v[0] == '-' && strings.IndexByte(v[1:], 's') >= 0 {
				sflag = true
			}
		default:
			return operand(i)
		}
	}
	return -1, -1, !cflag
}

// noExec reports a shell told to read its script without running it
// (bash -n, sh -o noexec): a syntax check runs nothing.
func noExec(c *Call) bool {
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case !a.Static || v == "--" || v == "-" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+"):
			return false
		case v == "-o" && i+1 < len(c.Args):
			if c.Args[i+1].Value == "noexec" {
				return true
			}
			i++
		case v == "+o" || v == "--rcfile" || v == "--init-file" || v == "-O" || v == "+O":
			i++
		case strings.HasPrefix(v, "--"):
		case v[0] == '-' && strings.IndexByte(v[1:], 'n') >= 0:
			return true
		}
	}
	return false
}

// argFileOption returns the file an xargs or parallel option list names
// with -a FILE, -aFILE, a cluster ending in a (-0a FILE), --arg-file FILE
// or --arg-file=FILE; "?" when the file is only known at run time.
func argFileOption(spec wrapper, opts []Arg) string {
	for j := 0; j < len(opts); j++ {
		a := opts[j]
		v := a.Value
		next := func() string {
			if j+1 < len(opts) {
				if opts[j+1].Static {
					return opts[j+1].Value
				}
				return "?"
			}
			return ""
		}
		switch {
		case !a.Static:
			continue
		case v == "--arg-file":
			return next()
		case strings.HasPrefix(v, "--arg-file="):
			return strings.TrimPrefix(v, "--arg-file=")
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
			for k := 1; k < len(v); k++ {
				if v[k] == 'a' {
					if k+1 < len(v) {
						return v[k+1:]
					}
					return next()
				}
				if strings.IndexByte(spec.shortVal, v[k]) >= 0 {
					break // the rest is this option's value
				}
			}
		}
	}
	return ""
}
