package syntax

import (
	"slices"
	"strconv"
	"strings"
)

// Programs whose own command language has a way out to the shell, or
// that run a command they are given: ed's !, dc's !, the MySQL and
// PostgreSQL clients' \! (and mysql's system), socat's EXEC: and SYSTEM:
// addresses, and the file watchers and sandboxes that run a command
// (entr, watchexec, nodemon --exec, bwrap, moreutils' pee and mispipe).
// What they run is modelled as the command it is.

// escapes models call when it is one of these programs; it reports
// whether call was handled.
func (w *walker) escapes(c scope, call *Call) bool {
	switch call.Name {
	case "ed", "red":
		// ed [-s] [-p PROMPT] [FILE]: its commands come on stdin.
		// red is restricted: it refuses !.
		if call.Name == "red" {
			return false
		}
		file, bang := edOperand(call)
		if bang != nil {
			// ed '!CMD' edits CMD's output.
			w.child(c, call, bang.Value, nil, "ed !", !bang.Static)
		}
		for _, in := range w.commandInput(c, call) {
			w.inputChildren(c, call, in, w.edScript(call, in.text, file), "ed !")
		}
		return true
	case "dc":
		opts, operands := ScanOptions(call.Args, dcSpec)
		for _, o := range opts {
			switch o.Name {
			case "e", "expression":
				if o.HasVal {
					for _, cmd := range dcShellCommands(o.Val.Value) {
						w.child(c, call, cmd, nil, "dc !", !o.Val.Static)
					}
				}
			case "f", "file":
				if o.HasVal {
					w.dcFile(c, call, o.Val)
				}
			}
		}
		for _, i := range operands {
			w.dcFile(c, call, call.Args[i])
		}
		for _, in := range w.commandInput(c, call) {
			w.inputChildren(c, call, in, dcShellCommands(in.text), "dc !")
		}
		return true
	case "mysql", "mariadb", "psql":
		spec, names := mysqlSpec, []string{"e", "execute"}
		if call.Name == "psql" {
			spec, names = psqlSpec, []string{"c", "command"}
		}
		opts, _ := ScanOptions(call.Args, spec)
		for _, o := range opts {
			if o.HasVal && slices.Contains(names, o.Name) {
				for _, cmd := range sqlClientShell(call.Name, o.Val.Value) {
					w.child(c, call, cmd, nil, call.Name+" \\!", !o.Val.Static)
				}
			}
			if call.Name == "psql" && (o.Name == "f" || o.Name == "file") && o.HasVal && o.Val.Static {
				if text, ok := w.readScript(call.Dir.Join(o.Val.Value)); ok {
					for _, cmd := range sqlClientShell(call.Name, text) {
						w.child(c, call, cmd, nil, call.Name+" \\!", false)
					}
				}
			}
		}
		for _, in := range w.commandInput(c, call) {
			w.inputChildren(c, call, in, sqlClientShell(call.Name, in.text), call.Name+" \\!")
		}
		if call.Name == "psql" {
			w.psqlProgram(c, call) // COPY … PROGRAM, \copy … program, \o |cmd (syntax/psql.go)
		}
		return true
	case "socat":
		// socat [options] ADDRESS ADDRESS: EXEC:cmd runs cmd as a program
		// and its arguments, SYSTEM:cmd through sh -c, SHELL:cmd (socat
		// 1.8) through $SHELL -c.
		_, operands := ScanOptions(call.Args, OptSpec{})
		for _, i := range operands {
			a := call.Args[i]
			kind, rest, ok := strings.Cut(a.Value, ":")
			if !ok {
				continue
			}
			switch strings.ToUpper(kind) {
			case "EXEC", "SYSTEM", "SHELL":
				cmd := socatCommand(rest)
				w.child(c, call, cmd, nil, "socat "+strings.ToUpper(kind), !a.Static)
			}
		}
		return true
	case "entr":
		// entr [-acdnprsz] UTILITY [ARGS]: -s runs UTILITY's text with
		// the shell.
		opts, operands := ScanOptions(call.Args, OptSpec{Stop: true})
		if len(operands) == 0 {
			return true
		}
		shell := false
		for _, o := range opts {
			shell = shell || o.Name == "s"
		}
		rest := call.Args[operands[0]:]
		if shell {
			w.childArg(c, call, &rest[0], "entr -s")
			return true
		}
		w.argvChild(c, call, rest, "entr", call.env, call.Dir)
		return true
	case "watchexec":
		// watchexec [options] [--] COMMAND…: run with a shell (sh -c of
		// the words joined) unless --shell=none.
		_, operands := ScanOptions(call.Args, watchexecSpec)
		if len(operands) == 0 {
			return true
		}
		w.joined(c, call, call.Args[operands[0]:], "watchexec")
		return true
	case "nodemon":
		// nodemon --exec CMD (-x) runs CMD through the shell.
		if w.optionScripts(c, call, call.Args, nodemonSpec, []string{"x", "exec"}, "nodemon --exec") {
			return true
		}
		return false
	case "chokidar":
		// chokidar-cli: chokidar PATTERN… -c CMD runs CMD through the
		// shell on each change (and once at start with --initial).
		if w.optionScripts(c, call, call.Args, chokidarSpec, []string{"c", "command"}, "chokidar --command") {
			return true
		}
		return false
	case "nix":
		// nix develop|shell [INSTALLABLES] -c/--command CMD ARGS…: the
		// words after -c are the command (nix(1)).
		if len(call.Args) == 0 || call.Args[0].Value != "develop" && call.Args[0].Value != "shell" {
			return false
		}
		for i, a := range call.Args {
			if (a.Value == "-c" || a.Value == "--command") && i+1 < len(call.Args) {
				return w.argvChild(c, call, call.Args[i+1:], "nix "+call.Args[0].Value+" --command", call.env, call.Dir)
			}
		}
		return false
	case "mise", "rtx":
		// mise exec|x [TOOL@VERSION…] -- CMD ARGS… (mise-exec(1)); -c
		// CMD is shell text.
		if len(call.Args) == 0 || call.Args[0].Value != "exec" && call.Args[0].Value != "x" {
			return false
		}
		for i, a := range call.Args {
			switch {
			case a.Value == "--" && i+1 < len(call.Args):
				return w.argvChild(c, call, call.Args[i+1:], "mise exec", call.env, call.Dir)
			case (a.Value == "-c" || a.Value == "--command") && i+1 < len(call.Args):
				w.childArg(c, call, &call.Args[i+1], "mise exec -c")
				return true
			}
		}
		return false
	case "sops":
		// sops exec-env FILE CMD and sops exec-file FILE CMD run CMD
		// with /bin/sh -c, the decrypted values in its environment or
		// in the file CMD's {} names (sops 3, "sops exec-env --help").
		if len(call.Args) == 0 || call.Args[0].Value != "exec-env" && call.Args[0].Value != "exec-file" {
			return false
		}
		rest := call.Args[1:]
		_, operands := ScanOptions(rest, sopsExecSpec)
		if len(operands) < 2 {
			return false
		}
		w.childArg(c, call, &rest[operands[1]], "sops "+call.Args[0].Value)
		return true
	case "hyperfine":
		// hyperfine runs each command operand, and the --prepare,
		// --setup, --cleanup and --conclude commands, with a shell.
		opts, operands := ScanOptions(call.Args, hyperfineSpec)
		for _, o := range opts {
			switch o.Name {
			case "p", "prepare", "s", "setup", "c", "cleanup", "conclude":
				if o.HasVal {
					v := o.Val
					w.childArg(c, call, &v, "hyperfine --"+o.Name)
				}
			}
		}
		for _, i := range operands {
			w.childArg(c, call, &call.Args[i], "hyperfine")
		}
		return true
	case "capsh":
		// capsh [OPTIONS] -- ARGS… runs /bin/bash with ARGS (capsh(1)).
		for i, a := range call.Args {
			if a.Value == "--" {
				words := append([]Arg{{Value: "bash", Raw: "bash", Static: true}}, call.Args[i+1:]...)
				return w.argvChild(c, call, words, "capsh --", call.env, call.Dir)
			}
		}
		return false
	case "xjobs", "rush":
		return w.lineRunners(c, call)
	case "pee":
		// pee CMD…: each operand is shell text, given the same stdin
		// (moreutils pee(1); its options are long flags).
		for i := range call.Args {
			if a := &call.Args[i]; !strings.HasPrefix(a.Value, "--") || !a.Static {
				w.childArg(c, call, a, "pee")
			}
		}
		return true
	case "mispipe":
		// mispipe CMD1 CMD2 runs CMD1 | CMD2, each with sh -c (moreutils
		// mispipe(1)): judged as that pipeline, so CMD2 sh runs what
		// CMD1 prints.
		if len(call.Args) != 2 {
			return false
		}
		a, b := call.Args[0], call.Args[1]
		w.child(c, call, "{ "+a.Value+"\n} | { "+b.Value+"\n}", nil, "mispipe", !a.Static || !b.Static)
		return true
	case "concurrently":
		// concurrently [options] CMD…: each operand is shell text
		// (yargs: options anywhere).
		_, operands := ScanOptions(call.Args, concurrentlySpec)
		for _, i := range operands {
			w.childArg(c, call, &call.Args[i], "concurrently")
		}
		return true
	case "doppler", "infisical":
		// doppler run --command TEXT, infisical run --command TEXT:
		// TEXT is shell text.
		if len(call.Args) > 0 && call.Args[0].Value == "run" {
			return w.optionScripts(c, call, call.Args[1:], OptSpec{LongEq: true, ShortVal: "pc",
				LongVal: []string{"command", "project", "config", "token", "fallback", "env", "path", "projectId", "tags", "domain"}},
				[]string{"command"}, call.Name+" run --command")
		}
		return false
	case "env-cmd":
		// env-cmd --use-shell CMD…: the words are joined and run by the
		// shell.
		opts, operands := ScanOptions(call.Args, envCmdSpec)
		for _, o := range opts {
			if o.Name == "use-shell" && len(operands) > 0 {
				w.joined(c, call, call.Args[operands[0]:], "env-cmd --use-shell")
				return true
			}
		}
		return false
	case "xe":
		// xe -s SCRIPT: the script is shell text.
		return w.optionScripts(c, call, call.Args, OptSpec{ShortVal: "fNjsIA", Stop: true}, []string{"s"}, "xe -s")
	case "xdg-su":
		// xdg-su [-u USER] -c COMMAND: COMMAND is shell text.
		return w.optionScripts(c, call, call.Args, OptSpec{ShortVal: "uc"}, []string{"c"}, "xdg-su -c")
	case "npm":
		// npm exec -c/--call TEXT runs TEXT with the script shell.
		if len(call.Args) > 0 && (call.Args[0].Value == "exec" || call.Args[0].Value == "x") {
			return w.optionScripts(c, call, call.Args[1:], OptSpec{ShortVal: "cw", LongEq: true,
				LongVal: []string{"package", "call", "workspace"}, LongFlag: []string{"yes", "no", "workspaces", "include-workspace-root"}},
				[]string{"c", "call"}, "npm exec --call")
		}
		return false
	case "bwrap":
		// bwrap [options] COMMAND [ARGS]: options take zero, one or two
		// words (bwrap(1)).
		if i := bwrapCommand(call.Args); i >= 0 {
			w.argvChild(c, call, call.Args[i:], "bwrap", call.env, call.Dir)
		}
		return true
	}
	return false
}

// escapeCommands returns the shell commands that text on the stdin of
// program name runs, for the programs whose command language has a way
// out to the shell.
func escapeCommands(name, text string) ([]string, bool) {
	switch name {
	case "ed":
		return edShellCommands(text), true
	case "dc":
		return dcShellCommands(text), true
	case "mysql", "mariadb", "psql":
		return sqlClientShell(name, text), true
	}
	return nil, false
}

// escapeCommandsOf is escapeCommands for the program call runs, with
// what its words add (the file ed edits: its buffer, what a bare w
// writes).
func (w *walker) escapeCommandsOf(call *Call, text string) ([]string, bool) {
	if call.Name == "ed" {
		file, _ := edOperand(call)
		return w.edScript(call, text, file), true
	}
	return escapeCommands(call.Name, text)
}

// edScript is edScriptRead with the files ed reads read from disk (or
// from what this command wrote), relative to the call's directory.
func (w *walker) edScript(call *Call, text, file string) []string {
	return edScriptRead(text, file, func(f string) (string, bool) {
		// A file this command changed at run time (ed's own operand
		// among them) is not known: the buffer is judged as the file
		// then (CMD < FILE), which asks.
		saved := w.reading
		w.reading = nil
		defer func() { w.reading = saved }()
		return w.readScript(call.Dir.Join(f))
	})
}

// edSpec is GNU ed's options (ed --help, 1.19; getopt_long).
var edSpec = OptSpec{ShortVal: "p", LongEq: true, Abbrev: true, LongVal: []string{"prompt"},
	LongFlag: []string{"extended-regexp", "traditional", "help", "loose-exit-status", "quiet", "silent", "restricted",
		"verbose", "version", "strip-trailing-cr", "unsafe-names"}}

// edOperand returns the file ed edits ("" when none or only known at
// run time), or the operand "!CMD", whose output ed edits.
func edOperand(call *Call) (string, *Arg) {
	_, operands := ScanOptions(call.Args, edSpec)
	if len(operands) == 0 {
		return "", nil
	}
	a := call.Args[operands[0]]
	if strings.HasPrefix(a.Value, "!") {
		cmd := a
		cmd.Value = a.Value[1:]
		return "", &cmd
	}
	if !a.Static {
		return "", nil
	}
	return a.Value, nil
}

// escapeReader reports a program whose stdin commands can reach the
// shell (escapeCommands).
func escapeReader(name string) bool {
	_, ok := escapeCommands(name, "")
	return ok
}

// concurrentlySpec is concurrently's options that take a value
// (concurrently --help, 8.x).
var concurrentlySpec = OptSpec{ShortVal: "mncplt", LongEq: true, LongVal: []string{"max-processes", "names", "names-separator",
	"prefix-colors", "prefix", "prefix-length", "timestamp-format", "success", "kill-signal", "restart-tries", "restart-after",
	"default-input-target", "hide", "teardown", "pad-prefix"}}

// envCmdSpec is env-cmd's options (env-cmd --help).
var envCmdSpec = OptSpec{ShortVal: "fre", LongVal: []string{"file", "rc-file", "environments"}, LongEq: true, Stop: true,
	LongFlag: []string{"fallback", "no-override", "silent", "expand-envs", "recursive", "verbose", "use-shell", "version", "help"}}

// dcSpec is GNU dc's options (dc --help).
var dcSpec = OptSpec{ShortVal: "ef", LongEq: true, Abbrev: true,
	LongVal: []string{"expression", "file"}, LongFlag: []string{"help", "version"}}

// mysqlSpec is the MySQL and MariaDB client's options that take a value
// (mysql --help; my_getopt takes unambiguous prefixes); -e/--execute
// runs its statements, where \! and system run a shell command.
var mysqlSpec = OptSpec{ShortVal: "eDhPpuSAOXTWC", ShortOpt: "p", LongEq: true, Abbrev: true,
	LongVal: []string{"execute", "database", "host", "port", "user", "socket", "default-character-set", "character-sets-dir",
		"pager", "prompt", "protocol", "ssl-ca", "ssl-cert", "ssl-key", "defaults-file", "defaults-extra-file", "init-command",
		"connect-timeout", "max-allowed-packet", "net-buffer-length", "tee", "login-path", "plugin-dir", "default-auth"},
	LongFlag: []string{"batch", "silent", "verbose", "skip-column-names", "table", "vertical", "force", "help", "version",
		"no-defaults", "raw", "unbuffered", "password", "html", "xml", "line-numbers", "quick", "compress", "safe-updates"}}

// psqlSpec is psql's options that take a value (psql --help; getopt_long
// with abbreviations): -c/--command runs its text, where \! runs a shell
// command; -f/--file reads a file of it.
var psqlSpec = OptSpec{ShortVal: "cdfvhpUPLoTFR", LongEq: true, Abbrev: true,
	LongVal: []string{"command", "dbname", "file", "set", "variable", "host", "port", "username", "pset", "log-file",
		"output", "table-attr", "field-separator", "record-separator"},
	LongFlag: []string{"list", "no-psqlrc", "single-transaction", "help", "version", "echo-all", "echo-errors", "echo-queries",
		"echo-hidden", "no-readline", "quiet", "single-step", "single-line", "no-align", "csv", "html", "expanded",
		"tuples-only", "no-password", "password", "field-separator-zero", "record-separator-zero"}}

// watchexecSpec is watchexec's options that take a value (watchexec
// --help, 1.x; clap: no abbreviations).
var watchexecSpec = OptSpec{ShortVal: "wWeEfjidsp", LongEq: true, Stop: true,
	LongVal: []string{"watch", "watch-non-recursive", "watch-file", "exts", "filter", "filter-file", "filter-prog", "ignore",
		"ignore-file", "debounce", "signal", "stop-signal", "stop-timeout", "shell", "env", "workdir", "delay-run", "poll",
		"on-busy-update", "project-origin", "emit-events-to", "log-file", "color", "wrap-process", "timeout", "fs-events",
		"socket"},
	LongFlag: []string{"restart", "clear", "postpone", "no-vcs-ignore", "no-project-ignore", "no-global-ignore",
		"no-default-ignore", "no-discover-ignore", "ignore-nothing", "no-meta", "notify", "only-emit-events", "print-events",
		"quiet", "bell", "no-environment", "no-process-group", "help", "version", "verbose", "manual", "completions"}}

// nodemonSpec is nodemon's options that take a value (nodemon --help
// options): -x/--exec CMD runs CMD.
var nodemonSpec = OptSpec{ShortVal: "xwiedC", LongEq: true,
	LongVal:  []string{"exec", "watch", "ignore", "ext", "delay", "config", "signal", "cwd"},
	LongFlag: []string{"legacy-watch", "quiet", "verbose", "no-stdin", "no-update-notifier", "on-change-only", "spawn", "help", "version"}}

// chokidarSpec is chokidar-cli's options that take a value (its README,
// "Usage"): -c/--command CMD is shell text.
var chokidarSpec = OptSpec{ShortVal: "cdti", LongEq: true,
	LongVal:  []string{"command", "debounce", "throttle", "ignore"},
	LongFlag: []string{"follow-symlinks", "initial", "polling", "poll-interval", "poll-interval-binary", "verbose", "silent", "help", "version"}}

// hyperfineSpec is hyperfine's options that take a value (hyperfine
// --help, 1.x; clap: no abbreviations).
// sopsExecSpec is sops exec-env's and exec-file's options that take a
// value (--user, --filename); the others are flags.
var sopsExecSpec = OptSpec{LongEq: true, LongVal: []string{"user", "filename", "config", "input-type", "output-type"}}

var hyperfineSpec = OptSpec{ShortVal: "wrmMpcsSunLPiNo", LongEq: true,
	LongVal: []string{"warmup", "min-runs", "max-runs", "runs", "setup", "prepare", "conclude", "cleanup", "parameter-scan",
		"parameter-step-size", "parameter-list", "shell", "style", "sort", "time-unit", "export-asciidoc", "export-csv",
		"export-json", "export-markdown", "export-orgmode", "output", "input", "command-name", "min-benchmarking-time", "reference"},
	LongFlag: []string{"ignore-failure", "show-output", "no-shell", "help", "version"}}

// bwrapTwo and bwrapOne are bwrap's options that take two words and one
// word (bwrap(1)); the others are flags.
var (
	bwrapTwo = []string{"--bind", "--bind-try", "--dev-bind", "--dev-bind-try", "--ro-bind", "--ro-bind-try", "--symlink",
		"--setenv", "--file", "--bind-data", "--ro-bind-data", "--chmod", "--overlay-src"}
	bwrapOne = []string{"--args", "--argv0", "--userns", "--userns2", "--pidns", "--uid", "--gid", "--hostname", "--chdir",
		"--unsetenv", "--lock-file", "--sync-fd", "--remount-ro", "--exec-label", "--file-label", "--proc", "--dev", "--tmpfs",
		"--mqueue", "--dir", "--seccomp", "--add-seccomp-fd", "--block-fd", "--userns-block-fd", "--info-fd",
		"--json-status-fd", "--cap-add", "--cap-drop", "--perms", "--size", "--tmp-overlay", "--ro-overlay"}
)

// bwrapCommand returns the index of bwrap's command in args, or -1.
func bwrapCommand(args []Arg) int {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			if i+1 < len(args) {
				return i + 1
			}
			return -1
		case slices.Contains(bwrapTwo, v):
			i += 2
		case slices.Contains(bwrapOne, v):
			i++
		case strings.HasPrefix(v, "--"):
		default:
			return i
		}
	}
	return -1
}

// dcFile models dc FILE and dc -f FILE: a file of dc's commands.
func (w *walker) dcFile(c scope, call *Call, a Arg) {
	if !a.Static || a.Value == "-" {
		return
	}
	if text, ok := w.readScript(call.Dir.Join(a.Value)); ok {
		for _, cmd := range dcShellCommands(text) {
			w.child(c, call, cmd, nil, "dc !", false)
		}
	}
}

// commandInput returns the command text these programs read on stdin:
// its here-documents and here-strings, or the file a "< FILE" opens
// (ed -s f < x.ed runs x.ed's !cmd lines, red team 9 R). A pipe is
// read where the pipeline is (escapeReader).
func (w *walker) commandInput(c scope, call *Call) []stdinText {
	out := w.stdinTexts(c, call)
	if in, ok := w.stdinFileText(call); ok {
		out = append(out, in)
	}
	return out
}

// inputChildren walks the shell commands cmds found in the input in of
// call; those of a file are marked with the file and line they are on.
func (w *walker) inputChildren(c scope, call *Call, in stdinText, cmds []string, label string) {
	saved := w.origin
	for _, cmd := range cmds {
		if in.file != "" {
			line := 1
			if i := strings.Index(in.text, cmd); i >= 0 {
				line += strings.Count(in.text[:i], "\n")
			}
			w.origin = clip(in.file, 60) + ":" + strconv.Itoa(line)
		}
		w.child(c, call, cmd, nil, label, in.dynamic)
		w.origin = saved
	}
}

// edFileWord is a file name an ed command names, as a shell word: ed
// takes the rest of the line as it is; a leading ~ is taken as the home
// directory (GNU ed does not expand it, but judging the home directory
// only adds asks).
func edFileWord(f string) string {
	if f == "~" || strings.HasPrefix(f, "~/") {
		return "~" + Quote(f[1:])
	}
	return Quote(f)
}

// dcShellCommands returns the shell commands of dc text: "!" runs the rest
// of the line, except !<, !> and != (comparisons); in a [string] (which
// may run as a macro) the rest of the string's line.
func dcShellCommands(text string) []string {
	var out []string
	depth := 0
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; {
		case ch == '[':
			depth++
		case ch == ']' && depth > 0:
			depth--
		case ch == '#' && depth == 0:
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case ch == '!':
			// Inside a [string] too: a string run as a macro (x) runs its
			// ! to the end of the string's line.
			if i+1 < len(text) && strings.IndexByte("<>=", text[i+1]) >= 0 {
				i++
				continue
			}
			stop := "\n"
			if depth > 0 {
				stop = "\n]"
			}
			end := strings.IndexAny(text[i+1:], stop)
			if end < 0 {
				end = len(text) - i - 1
			}
			out = append(out, text[i+1:i+1+end])
			i += end
		}
	}
	return out
}

// sqlClientShell returns the shell commands in the text of a MySQL or
// PostgreSQL client: \! CMD (to the end of the line), and mysql's
// "system CMD" statement.
func sqlClientShell(client, text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		for {
			i := strings.Index(line, `\!`)
			if i < 0 {
				break
			}
			cmd := line[i+2:]
			if client != "psql" {
				// mysql ends a command at ; or \g.
				if j := strings.IndexAny(cmd, ";"); j >= 0 {
					cmd = cmd[:j]
				}
			}
			out = append(out, cmd)
			line = line[i+2+len(cmd):]
		}
		if client != "psql" {
			t := strings.TrimSpace(line)
			if rest, ok := strings.CutPrefix(strings.ToLower(t), "system "); ok {
				out = append(out, strings.TrimSuffix(t[len(t)-len(rest):], ";"))
			}
		}
	}
	return out
}

// socatCommand returns the command of a socat EXEC: or SYSTEM: address:
// the text before its first option (",opt").
func socatCommand(rest string) string {
	depth, quote := 0, byte(0)
	for i := 0; i < len(rest); i++ {
		ch := rest[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case (ch == ')' || ch == ']' || ch == '}') && depth > 0:
			depth--
		case ch == ',' && depth == 0:
			return rest[:i]
		}
	}
	return rest
}

// EscapeReadsStdin reports whether call is a program whose command
// language reaches the shell (ed's and dc's !, the SQL clients' \! and
// system) and that takes its commands from standard input: ed always;
// dc, mysql, mariadb and psql unless an option gives them their commands
// (dc -e/-f FILE, mysql -e, psql -c or -f FILE; -f - is stdin).
func EscapeReadsStdin(call *Call) bool {
	var spec OptSpec
	var own []string
	switch call.Name {
	case "ed":
		return true
	case "dc":
		spec, own = dcSpec, []string{"e", "expression", "f", "file"}
	case "mysql", "mariadb":
		spec, own = mysqlSpec, []string{"e", "execute"}
	case "psql":
		spec, own = psqlSpec, []string{"c", "command", "f", "file"}
	default:
		return false
	}
	opts, operands := ScanOptions(call.Args, spec)
	for _, o := range opts {
		if slices.Contains(own, o.Name) && !(o.HasVal && o.Val.Value == "-" && (o.Name == "f" || o.Name == "file")) {
			return false
		}
	}
	if call.Name == "dc" && len(operands) > 0 {
		return false // dc FILE runs the file
	}
	return true
}

// PsqlFiles returns the files psql -f/--file runs (not "-", stdin).
func PsqlFiles(call *Call) []Arg {
	var out []Arg
	if call.Name != "psql" {
		return nil
	}
	opts, _ := ScanOptions(call.Args, psqlSpec)
	for _, o := range opts {
		if (o.Name == "f" || o.Name == "file") && o.HasVal && o.Val.Value != "-" {
			out = append(out, o.Val)
		}
	}
	return out
}
