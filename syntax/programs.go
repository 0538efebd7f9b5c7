package syntax

import (
	"encoding/base64"
	"os"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
	"github.com/google/shlex"
	sh "mvdan.cc/sh/v3/syntax"
)

// programs models shell text that other programs run: trap, watch, flock
// -c, script -c, at, batch, crontab, git's hooks for commands (submodule
// foreach, rebase --exec, bisect run, core.sshCommand, core.pager,
// core.fsmonitor, GIT_SSH_COMMAND), tar's command options, npx of a
// deleting package, and docker run with a host directory mounted.
func (w *walker) programs(c scope, call *Call) bool {
	w.optionCommands(c, call)
	if w.escapes(c, call) || w.compose(c, call) || w.netExec(c, call) {
		return true
	}
	if call.Name == "git" {
		defer w.gitURLScope()()
		w.gitEnvConfig(c, call)
	}
	w.clientConfig(c, call)
	if text, dynamic, ok := sudoShellText(call); ok {
		w.child(c, call, text, nil, "sudo -s", dynamic) // sudoshell.go
	}
	w.gitDashed(c, call)
	if last := lastWrapper(call); last == "flock" && (call.NameArg.Value == "-c" || call.NameArg.Value == "--command") && len(call.Args) > 0 {
		w.childArg(c, call, &call.Args[0], "flock -c")
		return true
	}
	switch call.Name {
	case "transmission-cli":
		// transmission-cli -f SCRIPT (--finish SCRIPT) runs SCRIPT when
		// the torrent is done: a script on disk, read by its #! line.
		opts, _ := ScanOptions(call.Args, OptSpec{ShortVal: "wbdufgpt", LongEq: true,
			LongVal: []string{"download-dir", "blocklist", "downlimit", "uplimit", "finish", "config-dir", "port", "tos"}})
		for _, o := range opts {
			if (o.Name == "f" || o.Name == "finish") && o.HasVal {
				if !o.Val.Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
						What: "transmission-cli runs " + clip(o.Val.Raw, 60) + ", a script only known at run time, when the torrent is done"})
					continue
				}
				w.scriptFile(c, call, o.Val, "")
			}
		}
	case "trap":
		args := call.Args
		if len(args) > 0 && args[0].Value == "--" && args[0].Static {
			args = args[1:] // trap -- ACTION SIGNAL…
		}
		// Any trap command naming DEBUG may replace or remove the DEBUG
		// trap set before (trap - DEBUG): its effects are no longer certain.
		w.debugReset(args)
		w.returnReset(args)
		if len(args) >= 2 && onlyReturn(args[1:]) && !w.returnMayFire(c, call) {
			// A RETURN trap runs when a function or a sourced file
			// returns: nothing in this command can.
			break
		}
		if len(args) >= 2 && args[0].Value != "-" && args[0].Value != "" && !strings.HasPrefix(args[0].Value, "-") && !isNumber(args[0].Value) {
			// The trap's text runs in this shell when the signal
			// comes, with its variables, functions and aliases: judged
			// now, and again with the state the script ends in
			// (pendingTraps), when an EXIT trap runs and any other may.
			var st *state
			if w.cur != nil {
				st = w.cur.clone()
			} else {
				st = newState(call.Dir, w.home)
			}
			a := &args[0]
			n := len(w.m.Calls)
			// The action is walked without the traps' assignments: bash
			// runs no DEBUG trap inside a trap's action.
			w.childEnd = nil
			tv := w.trapVars
			w.trapVars = nil
			cur := w.cur
			w.childIn(c, call, a.Value, a, "trap", !a.Static, st, call.Dir)
			// The action's own calls left w.cur in its state: the
			// shell that sets the trap is the one before.
			w.cur = cur
			w.trapVars = tv
			after := w.childEnd
			w.traps = append(w.traps, pendingTrap{c: c, call: call, text: a.Value, dynamic: !a.Static})
			moves := a.Value != "" && !a.Static
			var to Dir // where a trap that is one cd DIR goes
			// absTarget: that DIR is absolute, the same wherever the trap
			// runs (a relative one goes further each time it runs).
			absTarget := false
			var funcs map[string]bool
			for _, inner := range w.m.Calls[n:] {
				if !moves && inner.Name != "" && inner.RunBy == call {
					// A function the trap calls may be declared after the
					// trap (trap f DEBUG; f(){ cd ~; }): any function of
					// that name in the script counts as moving.
					if funcs == nil {
						funcs = declaredFuncs(c.sc)
					}
					moves = funcs[inner.Name]
				}
				switch inner.Name {
				case "cd", "pushd", "popd":
					moves = true
					if len(w.m.Calls[n:]) == 1 && inner.Name == "cd" && len(inner.Args) == 1 && inner.Args[0].Static && !strings.HasPrefix(inner.Args[0].Value, "-") {
						to = inner.Dir.Join(inner.Args[0].Value)
						absTarget = strings.HasPrefix(inner.Args[0].Value, "/")
					}
				}
			}
			if trapRunsBetween(args[1:]) && w.cur != nil {
				// What the action assigns: trap 'X=~' DEBUG sets X before
				// every later command, an ERR trap may have.
				var called []string
				for _, inner := range w.m.Calls[n:] {
					if inner.Name != "" && inner.RunBy == call && w.cur.funcs[inner.Name].body == nil {
						if funcs == nil {
							funcs = declaredFuncs(c.sc)
						}
						if funcs[inner.Name] {
							called = append(called, inner.Name)
						}
					}
				}
				w.trapVarEffects(c, call, a.Value, !a.Static, w.cur, after, args[1:], called)
			}
			if moves && trapRunsBetween(args[1:]) {
				// trap 'cd ~' DEBUG runs before every command after it
				// (there: each command runs in DIR), ERR after a failure,
				// a signal's at any time: the directory they run in is no
				// longer known.
				w.trapMovesDir = true
				if onlyDebug(args[1:]) && to.Known && (w.trapDir == Dir{} || w.trapDir == to) {
					w.trapDir = to
				} else {
					w.trapDir, w.trapDirMixed = Dir{}, true
				}
				if to.Known && absTarget {
					w.trapTargets = append(w.trapTargets, to.Path)
				} else {
					w.trapAnyDir = true
				}
			}
		}
		return true
	case "watch":
		// watch(1): the words are joined and run with sh -c, or, with
		// -x/--exec, run as the command and its arguments.
		opts, _ := ScanOptions(call.Args, watchSpec)
		for _, o := range opts {
			if o.Name == "x" || o.Name == "exec" {
				w.argvChild(c, call, afterOptions(call.Args, watchSpec), "watch -x", nil, call.Dir)
				return true
			}
		}
		w.joined(c, call, afterOptions(call.Args, watchSpec), "watch")
		return true
	case "xterm", "uxterm", "urxvt", "rxvt", "urxvtc", "st", "alacritty", "konsole", "tilix", "lxterminal", "qterminal",
		"xfce4-terminal", "terminator", "mate-terminal", "gnome-terminal", "kgx", "ptyxis", "wezterm", "kitty", "foot":
		return w.terminalCommand(c, call)
	case "systemctl":
		w.systemdUnits(c, call)
		return false
	case "xdg-mime", "xdg-settings", "gio":
		w.mimeSetter(c, call) // codeconfig.go
		return false
	case "pueue":
		// pueue add [OPTIONS] COMMAND…: the daemon joins the words and
		// runs them through sh -c, in -w/--working-directory.
		if len(call.Args) == 0 || call.Args[0].Value != "add" {
			return false
		}
		rest := call.Args[1:]
		opts, _ := ScanOptions(rest, pueueAddSpec)
		words := afterOptions(rest, pueueAddSpec)
		dir := call.Dir
		for _, o := range opts {
			if (o.Name == "w" || o.Name == "working-directory") && o.HasVal {
				dir = dir.Join(o.Val.Value)
				if !o.Val.Static {
					dir = Dir{}
				}
			}
		}
		parts := make([]string, len(words))
		dynamic := false
		for i, a := range words {
			parts[i] = a.Value
			dynamic = dynamic || !a.Static
		}
		if len(parts) > 0 {
			w.childIn(c, call, strings.Join(parts, " "), nil, "pueue add", dynamic, nil, dir)
		}
		return true
	case "flock":
		for i, a := range call.Args {
			if (a.Value == "-c" || a.Value == "--command") && i+1 < len(call.Args) {
				w.childArg(c, call, &call.Args[i+1], "flock -c")
				return true
			}
		}
	case "script":
		if w.optionScripts(c, call, call.Args, scriptSpec, []string{"c", "command"}, "script -c") {
			return true
		}
	case "at", "batch":
		opts, _ := ScanOptions(call.Args, atSpec)
		for _, o := range opts {
			switch o.Name {
			case "l", "r", "d", "c", "V":
				return true // list, remove, show jobs, version
			case "f":
				if o.HasVal {
					w.scriptFile(c, call, o.Val, "sh")
				}
				return true
			}
		}
		for _, in := range w.stdinTexts(c, call) {
			w.child(c, call, in.text, nil, call.Name, in.dynamic)
		}
		if r, ok := call.Fd(0).File(); ok && r.Op == "<" {
			// at now < job.sh: the job is the file's text.
			w.scriptFile(c, call, r.Target, "sh")
		}
		return true
	case "crontab":
		w.crontab(c, call)
		return true
	case "git":
		w.git(c, call)
	case "gh", "glab":
		w.ghCLI(c, call)
	case "tar", "bsdtar", "gtar":
		w.tar(c, call)
	case "rimraf", "del", "del-cli", "rimraf-cli":
		w.deletingPackage(c, call, call.Name, call.Args)
	case "cpy", "copyfiles":
		w.copyingPackage(c, call, call.Name, call.Args)
	case "shx":
		w.shx(c, call, call.Args)
	case "virtualenv":
		w.venvClear(c, call, call.Args)
	case "docker", "podman", "nerdctl":
		w.dockerRun(c, call)
		w.containerStdin(c, call) // containerstdin.go
		w.containerExec(c, call)  // docker exec/start into a container made here (containerexec.go)
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// npxLaunchers maps npm packages whose command has another name to it.
var npxLaunchers = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"dotenv-cli": "dotenv", "@dotenvx/dotenvx": "dotenvx", "localtunnel": "lt", "cpy-cli": "cpy"}
}}

func lastWrapper(c *Call) string {
	if len(c.Wrappers) == 0 {
		return ""
	}
	return c.Wrappers[len(c.Wrappers)-1]
}

// childArg walks the shell text in one word; edits in it can reach the
// command when the word is static.
func (w *walker) childArg(c scope, call *Call, a *Arg, kind string) {
	w.child(c, call, a.Value, a, kind, !a.Static)
}

// joined walks words that a program joins with spaces and runs with sh -c
// (watch, git submodule foreach). One word is the script itself.
func (w *walker) joined(c scope, call *Call, words []Arg, kind string) {
	switch len(words) {
	case 0:
	case 1:
		w.childArg(c, call, &words[0], kind)
	default:
		parts := make([]string, len(words))
		dynamic := false
		for i, a := range words {
			parts[i] = a.Value
			dynamic = dynamic || !a.Static
		}
		w.child(c, call, strings.Join(parts, " "), nil, kind, dynamic)
	}
}

// optionScripts walks, as shell text, the value of every option of args
// (read with spec) named in names: script -c, git rebase --exec. It
// reports whether one was given.
func (w *walker) optionScripts(c scope, call *Call, args []Arg, spec OptSpec, names []string, kind string) bool {
	opts, _ := ScanOptions(args, spec)
	found := false
	for _, o := range opts {
		if !slices.Contains(names, o.Name) {
			continue
		}
		found = true
		switch {
		case !o.HasVal:
		case o.Attached:
			w.child(c, call, o.Val.Value, nil, kind, !o.Val.Static)
		default:
			w.childArg(c, call, &args[o.Idx+1], kind)
		}
	}
	return found
}

// scriptSpec is script(1)'s options (util-linux; getopt_long, which
// permutes: script /dev/null -qc CMD).
var scriptSpec = OptSpec{ShortVal: "BcEImOoT", ShortOpt: "t", LongEq: true, Abbrev: true,
	LongVal:  []string{"log-in", "log-out", "log-io", "log-timing", "logging-format", "command", "echo", "output-limit"},
	LongFlag: []string{"append", "return", "flush", "force", "quiet", "timing", "help", "version"}}

// gitRebaseSpec is git rebase's options (git rebase -h, git 2.39;
// parse-options: abbreviations, options anywhere before "--").
var gitRebaseSpec = OptSpec{ShortVal: "CxsX", ShortOpt: "Sr", LongEq: true, Abbrev: true,
	LongVal: []string{"onto", "whitespace", "empty", "exec", "strategy", "strategy-option"},
	LongFlag: []string{"keep-base", "no-keep-base", "verify", "no-verify", "quiet", "verbose", "stat", "no-stat", "signoff",
		"committer-date-is-author-date", "reset-author-date", "ignore-whitespace", "ignore-date", "force-rebase", "no-ff",
		"continue", "skip", "abort", "quit", "edit-todo", "show-current-patch", "apply", "merge", "interactive",
		"rerere-autoupdate", "no-rerere-autoupdate", "autosquash", "no-autosquash", "update-refs", "no-update-refs",
		"gpg-sign", "no-gpg-sign", "autostash", "no-autostash", "rebase-merges", "no-rebase-merges", "fork-point",
		"no-fork-point", "root", "reschedule-failed-exec", "no-reschedule-failed-exec", "reapply-cherry-picks",
		"no-reapply-cherry-picks"}}

// gitDifftoolSpec is git difftool's own options (git-difftool(1); the
// others are git diff's): -x/--extcmd CMD runs CMD through the shell
// for each file.
var gitDifftoolSpec = OptSpec{ShortVal: "tx", LongEq: true, Abbrev: true,
	LongVal: []string{"tool", "extcmd"},
	LongFlag: []string{"gui", "no-gui", "prompt", "no-prompt", "dir-diff", "no-dir-diff", "tool-help", "symlinks", "no-symlinks",
		"trust-exit-code", "no-trust-exit-code"}}

// gitSendEmailSpec is git send-email's options with a value
// (git-send-email(1); Getopt::Long, which takes abbreviations): --to-cmd,
// --cc-cmd, --header-cmd and --sendmail-cmd are run through the shell.
var gitSendEmailSpec = OptSpec{LongEq: true, Abbrev: true,
	LongVal: []string{"from", "to", "cc", "bcc", "subject", "reply-to", "in-reply-to", "compose-encoding", "transfer-encoding",
		"8bit-encoding", "smtp-server", "smtp-server-port", "smtp-server-option", "smtp-encryption", "smtp-domain", "smtp-user",
		"smtp-pass", "smtp-auth", "smtp-ssl-cert-path", "sendmail-cmd", "to-cmd", "cc-cmd", "header-cmd", "identity",
		"suppress-cc", "confirm", "envelope-sender", "batch-size", "relogin-delay", "no-to", "no-cc", "no-bcc"},
	LongFlag: []string{"annotate", "compose", "quiet", "dry-run", "validate", "no-validate", "format-patch", "no-format-patch",
		"suppress-from", "no-suppress-from", "chain-reply-to", "no-chain-reply-to", "thread", "no-thread", "signed-off-by-cc",
		"no-signed-off-by-cc", "cc-cover", "no-cc-cover", "to-cover", "no-to-cover", "force", "smtp-debug", "xmailer", "no-xmailer",
		"dump-aliases", "no-header-cmd", "no-identity", "no-annotate"}}

// gitInstawebSpec is git instaweb's options (git-instaweb.sh's
// OPTIONS_SPEC, read by git rev-parse --parseopt: abbreviations).
var gitInstawebSpec = OptSpec{ShortVal: "pdbm", LongEq: true, Abbrev: true,
	LongVal:  []string{"port", "httpd", "browser", "module-path"},
	LongFlag: []string{"local", "stop", "start", "restart"}}

// gitDaemonSpec is git daemon's options (daemon.c reads each as
// --name=value, whole, with no abbreviation and no value in a word of its
// own): --access-hook=PATH is run through the shell, with the service,
// the repository and the client's host appended, before each request.
var gitDaemonSpec = OptSpec{LongEq: true,
	LongFlag: []string{"access-hook", "listen", "port", "base-path", "interpolated-path", "timeout", "init-timeout",
		"max-connections", "pid-file", "user", "group", "user-path", "enable", "disable", "allow-override", "forbid-override",
		"log-destination", "inetd", "verbose", "syslog", "export-all", "strict-paths", "base-path-relaxed", "reuseaddr",
		"detach", "informative-errors", "no-informative-errors"}}

// gitGrepSpec is git grep's options that take a value (git-grep(1));
// -O/--open-files-in-pager take an optional one, attached, and run it as
// the pager through the shell.
var gitGrepSpec = OptSpec{ShortVal: "efABCm", ShortOpt: "O", LongEq: true, Abbrev: true,
	LongVal: []string{"max-depth", "threads", "after-context", "before-context", "context", "max-count", "and", "or", "not"},
	LongFlag: []string{"cached", "no-index", "untracked", "no-exclude-standard", "exclude-standard", "recurse-submodules",
		"text", "textconv", "no-textconv", "ignore-case", "word-regexp", "invert-match", "full-name", "extended-regexp",
		"basic-regexp", "perl-regexp", "fixed-strings", "line-number", "column", "files-with-matches", "name-only",
		"files-without-match", "open-files-in-pager", "null", "only-matching", "count", "color", "no-color", "break", "heading",
		"show-function", "function-context", "all-match", "quiet"}}

// afterOptions returns the words after a program's leading options, read
// with its spec by the one scanner (options end at the first operand).
func afterOptions(args []Arg, spec OptSpec) []Arg {
	spec.Stop = true
	_, operands := ScanOptions(args, spec)
	if len(operands) == 0 {
		return nil
	}
	return args[operands[0]:]
}

// pueueAddSpec is pueue add's options (pueue add --help, pueue 3).
var pueueAddSpec = OptSpec{ShortVal: "dgaolw", LongEq: true, Stop: true,
	LongVal:  []string{"delay", "group", "after", "priority", "label", "working-directory"},
	LongFlag: []string{"escape", "immediate", "stashed", "print-task-id", "follow", "help"}}

// watchSpec is watch(1)'s options (procps-ng; getopt_long with "+": they
// end at the command): -n/--interval and -q/--equexit take a value,
// -d/--differences an optional one.
var watchSpec = OptSpec{ShortVal: "nq", ShortOpt: "d", LongEq: true, Abbrev: true, Stop: true,
	LongVal: []string{"interval", "equexit"},
	LongFlag: []string{"beep", "color", "no-color", "differences", "errexit", "chgexit", "precise", "no-title", "no-wrap", "no-rerun",
		"exec", "help", "version"}}

// submoduleForeachSpec is git submodule foreach's options (git-submodule(1)).
var submoduleForeachSpec = OptSpec{LongEq: true, Abbrev: true, Stop: true, LongFlag: []string{"recursive", "quiet"}, ShortVal: ""}

// crontab models crontab FILE and crontab - (the table on standard input):
// each entry's command is a script.
func (w *walker) crontab(c scope, call *Call) {
	var file *Arg
	for i := range call.Args {
		v := call.Args[i].Value
		switch {
		case v == "-l" || v == "-r" || v == "-e" || v == "-i" || v == "-T":
			return
		case v == "-u" || v == "-s":
			if v == "-u" {
				i++
			}
		case v == "-":
		case !strings.HasPrefix(v, "-"):
			file = &call.Args[i]
		}
	}
	var tables []stdinText
	if file != nil {
		if !file.Static {
			return
		}
		if text, ok := w.readScript(call.Dir.Join(file.Value)); ok {
			tables = append(tables, stdinText{text: text, kind: file.Value})
		}
	} else {
		tables = w.stdinTexts(c, call)
	}
	for _, t := range tables {
		for _, cmd := range cronCommands(t.text) {
			w.child(c, call, cmd, nil, "crontab", t.dynamic)
		}
	}
}

// cronCommands returns the commands of a crontab: after five time fields
// (or an @ keyword), up to the first unescaped % (the rest is stdin).
func cronCommands(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || isAssignment(strings.Fields(line)[0]) && !strings.HasPrefix(line, "@") {
			continue
		}
		n := 5
		if strings.HasPrefix(line, "@") {
			n = 1
		}
		rest := line
		for k := 0; k < n; k++ {
			rest = strings.TrimLeft(rest, " \t")
			i := strings.IndexAny(rest, " \t")
			if i < 0 {
				rest = ""
				break
			}
			rest = rest[i:]
		}
		rest = strings.TrimSpace(rest)
		var b strings.Builder
		for i := 0; i < len(rest); i++ {
			if rest[i] == '\\' && i+1 < len(rest) && rest[i+1] == '%' {
				b.WriteByte('%')
				i++
				continue
			}
			if rest[i] == '%' {
				break
			}
			b.WriteByte(rest[i])
		}
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// gitShellKeys are git configuration keys whose value is a shell command.
var gitShellKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"core.sshcommand": true, "core.pager": true, "core.fsmonitor": true,
		"core.editor": true, "sequence.editor": true, "diff.external": true, "core.askpass": true, "credential.helper": true,
		// git-config(1): the signing program, the proxy for git://, the
		// hook upload-pack runs to make packs, the command that lists
		// an alternate's refs.
		"gpg.program": true, "core.gitproxy": true, "uploadpack.packobjectshook": true, "core.alternaterefscommand": true}
}}

// gitDriverKey reports a key of a named driver or per-command setting
// whose value git runs through the shell: filter.<d>.clean, .smudge and
// .process (on add and checkout of files .gitattributes maps), diff.<d>
// .textconv and .command, merge.<d>.driver, pager.<cmd>,
// hook.<name>.command, trailer.<t>.command, man.<tool>.cmd,
// interactive.diffFilter and the others below (git-config(1)).
func gitDriverKey(key string) bool {
	first, rest, ok := strings.Cut(key, ".")
	if !ok {
		return false
	}
	last := rest
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		last = rest[i+1:]
	}
	switch first {
	case "filter":
		return last == "clean" || last == "smudge" || last == "process"
	case "diff":
		return last == "textconv" || last == "command"
	case "merge":
		return last == "driver"
	case "pager":
		return !strings.Contains(rest, ".")
	case "hook":
		return last == "command" && strings.Contains(rest, ".")
	case "remote":
		// The program git starts for a fetch or push: on this machine
		// when the remote is a local path.
		return last == "uploadpack" || last == "receivepack"
	case "gpg":
		// gpg.ssh.program, gpg.x509.program; gpg.ssh.defaultKeyCommand
		// runs when no signing key is configured.
		return last == "program" || last == "defaultkeycommand"
	case "mergetool", "difftool", "browser":
		// <tool>.cmd is shell text; <tool>.path the program git runs in
		// place of a known tool's (git difftool -t vimdiff).
		return last == "cmd" || last == "path" && strings.Contains(rest, ".")
	case "guitool":
		return last == "cmd" && strings.Contains(rest, ".")
	case "sendemail":
		// sendemail.headerCmd makes each mail's headers.
		return last == "tocmd" || last == "cccmd" || last == "sendmailcmd" || last == "headercmd"
	case "tar":
		// tar.<format>.command: git archive pipes its tar stream through
		// it, by the shell, for that --format or -o FILE.<format> (red
		// team 15 GX1).
		return last == "command" && strings.Contains(rest, ".")
	case "lfs":
		// git-lfs: a custom transfer agent's program, an extension's
		// clean and smudge commands.
		return strings.HasPrefix(rest, "customtransfer.") && last == "path" ||
			strings.HasPrefix(rest, "extension.") && (last == "clean" || last == "smudge")
	case "trailer":
		// git interpret-trailers runs trailer.<token>.command (and .cmd)
		// to make the trailer's value.
		return (last == "command" || last == "cmd") && strings.Contains(rest, ".")
	case "man":
		// git help -m with man.viewer=<tool>: man.<tool>.cmd is shell
		// text, man.<tool>.path the program run.
		return (last == "cmd" || last == "path") && strings.Contains(rest, ".")
	case "interactive":
		// git add -p pipes each hunk through interactive.diffFilter.
		return rest == "difffilter"
	case "imap":
		return rest == "tunnel" // git imap-send's tunnel command
	case "instaweb":
		return rest == "httpd" || rest == "browser"
	}
	return false
}

// git models the shell text git runs for a command: -c KEY=VALUE of a
// key that runs a program, submodule foreach, rebase --exec, bisect run,
// and git config of such a key.
func (w *walker) git(c scope, call *Call) {
	w.gitFed(c, call)
	args := call.Args
	dir := call.Dir
	var gitDirOpt, workTreeOpt *Arg
	bare := false
	opts, operands := ScanOptions(args, GitGlobalOptions)
	for _, o := range opts {
		switch {
		case o.Name == "c" && o.HasVal && o.Attached:
			v := o.Val
			w.gitConfigWord(c, call, &v)
		case o.Name == "c" && o.HasVal:
			w.gitConfigWord(c, call, &args[o.Idx+1])
		case o.Long && o.Name == "config-env" && o.HasVal:
			// --config-env=KEY=ENVVAR: KEY takes the variable's value.
			key, env, found := strings.Cut(o.Val.Value, "=")
			if !found || !o.Val.Static {
				continue
			}
			if v, known, set := w.envOf(c, call, env); set {
				w.gitConfig(c, call, &Arg{Static: known}, key+"="+v)
			} else if gitShellKeys.Get()[strings.ToLower(key)] || gitDriverKey(strings.ToLower(key)) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Value,
					What: "git takes " + key + ", a setting that runs a program, from $" + env + ", only known at run time"})
			}
		case o.Name == "C" && o.HasVal:
			// A pattern, a run-time value (dirword.go).
			dir = w.optionDir(dir, o)
		case o.Long && (o.Name == "git-dir" || o.Name == "work-tree"):
			// Taken relative to the directory git ends in after every
			// -C, as git sets GIT_DIR and resolves it at setup.
			v := Arg{}
			if o.HasVal {
				v = o.Val
			}
			if o.Name == "git-dir" {
				gitDirOpt = &v
			} else {
				workTreeOpt = &v
			}
		case o.Long && o.Name == "bare":
			bare = true
		}
	}
	if len(operands) == 0 {
		return
	}
	i := operands[0]
	sub, rest := args[i].Value, args[i+1:]
	defer w.gitRewrittenURLs(c, call, sub, rest) // gitinsteadof.go
	// Each repository the call may open (gitdir.go: a pattern's
	// matches; a directory only run time knows asks).
	repos := w.gitRepos(call, sub, dir, gitDirOpt, workTreeOpt, bare)
	for _, r := range repos {
		w.gitHooks(c, call, sub, rest, r)
		w.gitRepoConfig(c, call, sub, r)
		w.gitGlobalConfig(c, call, sub, r)
	}
	repo := gitRepoAt{}
	if len(repos) > 0 {
		repo = repos[0]
	}
	w.gitHelpers(c, call, args[:i], sub, rest)
	w.gitEditors(c, call) // editorvars.go
	call.FetchedFrom = w.fetchedFrom(sub, rest, repo)
	switch sub {
	case "for-each-repo":
		w.gitForEachRepo(c, call, opts, rest, repo) // gitdir.go
	case "submodule":
		for j, a := range rest {
			if a.Value == "foreach" {
				w.joined(c, call, afterOptions(rest[j+1:], submoduleForeachSpec), "git submodule foreach")
				return
			}
		}
	case "rebase":
		w.optionScripts(c, call, rest, gitRebaseSpec, []string{"x", "exec"}, "git rebase --exec")
	case "difftool":
		w.optionScripts(c, call, rest, gitDifftoolSpec, []string{"x", "extcmd"}, "git difftool --extcmd")
	case "send-email":
		w.optionScripts(c, call, rest, gitSendEmailSpec, []string{"to-cmd", "cc-cmd", "header-cmd", "sendmail-cmd"}, "git send-email")
	case "grep":
		w.optionScripts(c, call, rest, gitGrepSpec, []string{"O", "open-files-in-pager"}, "git grep --open-files-in-pager")
	case "instaweb":
		// git instaweb -d/--httpd CMD runs CMD's words (with the
		// configuration file appended) as the web server, as the key
		// instaweb.httpd does (it was allowed).
		w.optionScripts(c, call, rest, gitInstawebSpec, []string{"d", "httpd"}, "git instaweb --httpd")
	case "daemon":
		// git daemon --access-hook=CMD runs CMD with sh -c when a client
		// asks for a repository: git ls-remote git://localhost/r.git
		// started it (it was allowed).
		w.optionScripts(c, call, rest, gitDaemonSpec, []string{"access-hook"}, "git daemon --access-hook")
	case "clone", "fetch", "pull", "ls-remote", "push", "archive", "remote", "send-pack", "fetch-pack":
		w.gitTransport(c, call, sub, rest)
		if sub == "clone" {
			w.gitTemplate(c, call, sub, opts, rest, dir)
			// clone -c/--config KEY=VALUE sets the key in the new
			// repository before it fetches and checks out (git-clone(1)):
			// a key that runs a program runs it then, as git -c does.
			copts, _ := ScanOptions(rest, gitTemplateSpec)
			for _, o := range copts {
				if (o.Name == "c" || o.Name == "config") && o.HasVal {
					v := o.Val
					w.gitConfigWord(c, call, &v)
				}
			}
		}
	case "init":
		w.gitTemplate(c, call, sub, opts, rest, dir)
	case "bisect":
		if len(rest) > 1 && rest[0].Value == "run" {
			w.child(c, call, rawJoin(rest[1:]), nil, "git bisect run", false)
		}
	case "config":
		if key, val, ok := GitConfigSet(rest); ok {
			if strings.EqualFold(key.Value, "core.hooksPath") {
				if hooks, ok := w.projectHooksDir(call, rest, val, repo); ok {
					// A hooks directory of the project's own (git config
					// core.hooksPath .githooks): judged as husky's is, by
					// the hooks it holds now; a later git command of the
					// agent reads them again (gitHooks).
					for _, n := range allGitHooks.Get() {
						if _, ok := w.readScript(hooks.Join(n)); ok {
							w.scriptFile(c, call, Arg{Value: hooks.Join(n).Path, Raw: path.Join(val.Value, n), Static: true}, "")
						}
					}
					return
				}
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
					What: "git config core.hooksPath makes git run the hooks in " + val.Value + " on later commands"})
				return
			}
			if strings.EqualFold(key.Value, "core.worktree") && (!val.Static || w.project == "" || !call.Dir.Join(val.Value).Known || !pathWithin(call.Dir.Join(val.Value).Path, w.project)) {
				// Every later git command of this repository (stash,
				// checkout, reset, also the user's) writes its tracked
				// files under that directory (verified with git 2.39;
				// -c core.worktree= on a found repository is not read).
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
					What: "git config core.worktree makes later git commands write the repository's tracked files under " + val.Raw})
			}
			if k := strings.ToLower(key.Value); k == "trace2.normaltarget" || k == "trace2.eventtarget" || k == "trace2.perftarget" {
				// Read from the global and system configuration: every later
				// git appends its trace to the file (an absolute path).
				if v, ok := envFileValue(val.Value, val.Static, true); ok {
					v.Start, v.End = val.Start, val.End
					call.EnvFiles = append(call.EnvFiles, EnvFile{Name: "git config " + key.Value, Arg: v})
				}
			}
			w.noteGitEditor(key, val) // editorvars.go
			first := len(w.m.Calls)
			w.gitConfig(c, call, val, key.Value+"="+val.Value)
			w.gitMergeStrategyKey(call, key.Value, val)
			w.gitConfigSets(rest, key, val, repo)
			w.gitConfigStored(c, call, key, val) // gitstored.go
			switch lk, lv := strings.ToLower(key.Value), strings.ToLower(val.Value); {
			case lk == "init.templatedir":
				// Every later git init and clone (also the user's,
				// outside the agent) copies DIR/hooks into the new
				// repository, and a clone runs post-checkout from it.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
					What: "git config init.templateDir " + clip(val.Raw, 40) + " makes every later clone and init install, and a clone run, the hooks of that directory, whatever they hold then"})
			case (lk == "protocol.ext.allow" || lk == "protocol.allow") && (lv == "always" || !val.Static):
				// git-remote-ext(1): the ext:: transport runs the
				// command of the URL; kept on, any remote or
				// submodule URL of that form runs at a later fetch.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
					What: "git config " + key.Value + " " + clip(val.Raw, 20) + " lets later fetches, pushes and clones run the command of any ext:: URL a remote or submodule holds"})
			}
			// A setting kept for later commands that runs a file the agent
			// can write: what that file holds when git runs it (also a git
			// the user runs outside the agent) is not known now, as for
			// core.hooksPath. The value's commands are the calls its
			// reading just added (wrappers taken off: env ./x.sh).
			if lk := strings.ToLower(key.Value); val.Static && gitRunsValue(lk, val.Value) {
				for _, nc := range w.m.Calls[first:] {
					f := callFile(nc, w.project)
					if f == "" {
						f = w.missingProgram(nc)
					}
					if f != "" {
						w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f,
							What: "git config " + key.Value + " makes git run " + f + " on later commands, also those run outside the agent, whatever that file holds then"})
						break
					}
				}
			}
		}
	}
}

// gitConfigSets records git config KEY VALUE of the repository's own
// configuration (no --global, --system, --file, --worktree) as a write of
// its config file, so that a later git call of the same command reads
// the setting (git config core.fsmonitor ./x.sh && … && git status).
func (w *walker) gitConfigSets(rest []Arg, key, val *Arg, repo gitRepoAt) {
	opts, _ := ScanOptions(rest, gitConfigSpec)
	for _, o := range opts {
		switch o.Name {
		case "global", "system", "file", "f", "worktree", "blob":
			return
		}
	}
	if repo.config == "" || !key.Static {
		return
	}
	section, name, ok := strings.Cut(key.Value, ".")
	if !ok {
		return
	}
	head := "[" + section + "]"
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		head = "[" + section + " \"" + name[:i] + "\"]"
		name = name[i+1:]
	}
	text, ok := w.written[repo.config]
	if !ok && w.read != nil {
		if b, err := os.ReadFile(repo.config); err == nil && len(b) <= 64<<10 {
			text = string(b)
		}
	}
	w.setWritten(repo.config, text+"\n"+head+"\n\t"+name+" = "+val.Value+"\n")
}

// GitGlobalOptions are git's options before its subcommand (git(1)): git
// compares them whole (no abbreviations); -C and -c take the next word,
// the long ones "=value" or the next word; --exec-path and --list-cmds
// take theirs only after "=" (alone, --exec-path prints a path).
var GitGlobalOptions = OptSpec{ShortVal: "Cc", LongEq: true, Stop: true,
	LongVal: []string{"git-dir", "work-tree", "namespace", "config-env", "super-prefix", "attr-source", "shallow-file"},
	LongFlag: []string{"exec-path", "list-cmds", "paginate", "no-pager", "no-replace-objects", "no-lazy-fetch",
		"no-optional-locks", "no-advice", "bare", "literal-pathspecs", "glob-pathspecs", "noglob-pathspecs",
		"icase-pathspecs", "html-path", "man-path", "info-path", "version", "help"}}

// gitConfigSpec is git config's options (git-config(1), parse-options:
// abbreviations as GNU, options anywhere before "--").
var gitConfigSpec = OptSpec{ShortVal: "ft", LongEq: true, Abbrev: true,
	LongVal: []string{"file", "blob", "type", "default", "comment", "value", "url"},
	LongFlag: []string{"global", "system", "local", "worktree", "get", "get-all", "get-regexp", "get-urlmatch", "replace-all",
		"add", "unset", "unset-all", "rename-section", "remove-section", "list", "fixed-value", "edit", "get-color",
		"get-colorbool", "bool", "int", "bool-or-int", "bool-or-str", "path", "expiry-date", "null", "name-only", "includes",
		"no-includes", "show-origin", "show-scope", "all", "regexp", "no-type", "no-value"}}

// gitConfigReads are git config's options and subcommands that read or
// remove a setting rather than set one.
var gitConfigReads = []string{"get", "get-all", "get-regexp", "get-urlmatch", "get-color", "get-colorbool", "unset", "unset-all",
	"l", "list", "remove-section", "rename-section", "e", "edit"}

// GitConfigSet reads the arguments of git config (after the subcommand
// word) and returns the key and value it sets: git config KEY VALUE, with
// --add/--replace-all/--global/--file F and the like, or git config set
// KEY VALUE. ok is false when it reads, lists or removes.
//
// git config stops reading options at its first operand
// (PARSE_OPT_STOP_AT_NON_OPTION; verified with git 2.39): in git config
// alias.l '-c core.pager=x log' the word after the key is the value, as
// is "--bool" in git config alias.n --bool, and the subcommand set reads
// its own options before its key.
func GitConfigSet(rest []Arg) (key, val *Arg, ok bool) {
	spec := gitConfigSpec
	spec.Stop = true
	opts, operands := ScanOptions(rest, spec)
	if len(operands) > 0 && (rest[operands[0]].Value == "set" || rest[operands[0]].Value == "add") {
		// git config set [--all] [--type=T] [--comment=C] KEY VALUE (git 2.46).
		at := operands[0] + 1
		more, sub := ScanOptions(rest[at:], spec)
		opts = append(opts, more...)
		operands = operands[:1]
		for _, i := range sub {
			operands = append(operands, at+i)
		}
	}
	for _, o := range opts {
		if slices.Contains(gitConfigReads, o.Name) || o.Ambiguous != nil {
			return nil, nil, false // a read, or an abbreviation git refuses
		}
	}
	if len(operands) > 0 && rest[operands[0]].Static && slices.Contains(gitConfigReads, rest[operands[0]].Value) {
		return nil, nil, false // git config get/list/unset/… (git 2.46)
	}
	if len(operands) > 0 && (rest[operands[0]].Value == "set" || rest[operands[0]].Value == "add") && len(operands) >= 3 {
		operands = operands[1:]
	}
	if len(operands) < 2 {
		return nil, nil, false
	}
	return &rest[operands[0]], &rest[operands[1]], true
}

// gitEnvConfig models the configuration git takes from its environment,
// as if each entry were given with -c: GIT_CONFIG_PARAMETERS (the
// shell-quoted 'key=value' words git -c itself passes to its children)
// and GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n. A
// value comes from the call's prefix, env, or what the script exported.
func (w *walker) gitEnvConfig(c scope, call *Call) {
	lookup := func(name string) (string, bool, bool) { return w.envOf(c, call, name) }
	// The settings of the files the environment points git at come
	// before the environment's own, which override them (git reads the
	// files first): GIT_CONFIG_GLOBAL=c.cfg git clean with
	// clean.requireForce=false in c.cfg cleans.
	var fileConfig []string
	defer func() {
		if len(fileConfig) > 0 {
			call.GitEnvConfig = append(fileConfig, call.GitEnvConfig...)
		}
	}()
	if v, known, ok := lookup("GIT_CONFIG_PARAMETERS"); ok {
		// git writes the entries shell-quoted ('alias.x=!rm -rf ~',
		// 'key'='value'), as shlex reads them.
		kvs, err := shlex.Split(v)
		if err != nil {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
				What: "git reads GIT_CONFIG_PARAMETERS, whose quoting corral cannot read"})
		}
		for _, kv := range kvs {
			w.gitConfig(c, call, &Arg{Static: known}, kv)
			call.GitEnvConfig = append(call.GitEnvConfig, kv)
		}
	}
	// Configuration files the environment points git at: GIT_CONFIG_GLOBAL
	// and GIT_CONFIG_SYSTEM name them, HOME and XDG_CONFIG_HOME move the
	// user's (HOME's .gitconfig and .config/git/config, git/config under
	// XDG_CONFIG_HOME). A file there is read whole and each
	// of its keys judged as git -c KEY=VALUE is; the user's own home is not
	// read (its files are protected).
	for _, env := range []struct{ name, file string }{
		{"GIT_CONFIG_GLOBAL", ""}, {"GIT_CONFIG_SYSTEM", ""}, {"HOME", ".gitconfig"}, {"HOME", ".config/git/config"}, {"XDG_CONFIG_HOME", "git/config"},
	} {
		v, known, ok := lookup(env.name)
		if !ok && w.assignedRunTime(call, env.name) {
			// export HOME=$(cmd), export "$kv": a value the command
			// gave it that only run time knows.
			ok = true
		}
		if !ok || known && (v == "" || v == "/dev/null") {
			continue
		}
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
				What: "git reads its configuration from " + env.name + ", a place only known at run time"})
			continue
		}
		d := call.Dir.Join(expandTilde(v, w.home))
		if !d.Known || env.name == "HOME" && d.Path == w.home {
			continue
		}
		if env.file != "" {
			d = d.Join(env.file)
		}
		// GIT_CONFIG_GLOBAL=/dev/stdin: the text stdin carries (configText).
		text, read := w.configText(c, call, Arg{Value: d.Path, Raw: v, Static: true}, "git reads its configuration, which can make it run programs,")
		if !read {
			continue
		}
		for _, kv := range gitConfigEntries(text) {
			w.gitConfig(c, call, &Arg{Static: true}, kv)
			fileConfig = append(fileConfig, kv)
			// The trace2 targets, which git reads only from the system
			// and global files (git -c sets none): this git appends its
			// trace to the file, an absolute path (git 2.39 expands no
			// "~" there), as git config trace2.normalTarget F does for
			// every later git.
			key, val, _ := strings.Cut(kv, "=")
			if k := strings.ToLower(key); k == "trace2.normaltarget" || k == "trace2.eventtarget" || k == "trace2.perftarget" {
				if a, ok := envFileValue(val, true, true); ok {
					call.EnvFiles = append(call.EnvFiles, EnvFile{Name: env.name + " " + d.Path + ": " + key, Arg: a})
				}
			}
		}
	}
	if v, _, ok := lookup("GIT_CONFIG_COUNT"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n > 64 {
			n = 64
		}
		for i := 0; i < n; i++ {
			key, _, okK := lookup("GIT_CONFIG_KEY_" + strconv.Itoa(i))
			val, known, okV := lookup("GIT_CONFIG_VALUE_" + strconv.Itoa(i))
			if okK && okV {
				w.gitConfig(c, call, &Arg{Static: known}, key+"="+val)
				call.GitEnvConfig = append(call.GitEnvConfig, key+"="+val)
			}
		}
	}
}

// assignedRunTime reports an exported variable the command assigned a
// value a program chose (export HOME=$(cmd), or HOME after export "$kv"
// of a run-time kv), where call's program starts: not the value the
// shell started with, nor one only made unknown (a source of a file
// corral cannot read).
func (w *walker) assignedRunTime(call *Call, name string) bool {
	if _, decided := call.envEdit.get(name); decided {
		return false
	}
	for _, st := range []*state{w.cur, call.env} {
		if st == nil {
			continue
		}
		if v, ok := st.vars[name]; ok {
			return !v.known && v.printed && v.exported && !v.seeded && !v.forgotten && !v.nameref
		}
	}
	return false
}

// envOf returns the value of the environment variable name that call
// runs with: env's or sudo's NAME=value (or env -u, env -i), its prefix
// assignment, or what the script set; known is false for a value only run time knows, ok for a variable
// the command sets at all.
func (w *walker) envOf(c scope, call *Call, name string) (value string, known, ok bool) {
	return w.envValue(c, call, name, false)
}

// envValue is envOf; with exportedOnly, a shell variable counts only when
// it is exported, as the program sees it.
func (w *walker) envValue(c scope, call *Call, name string, exportedOnly bool) (value string, known, ok bool) {
	// The wrappers act last: env -u NAME removes what the prefix gave,
	// env NAME=value replaces it.
	if a, decided := call.envEdit.get(name); decided {
		if a == nil {
			return "", false, false
		}
		return a.Value, a.Static, true
	}
	if call.Expr != nil {
		for _, as := range call.Expr.Assigns {
			if as.Name != nil && as.Name.Value == name && as.Value != nil {
				r := &resolver{src: c.sc.Src, dir: call.Dir, st: w.cur}
				a := r.arg(as.Value)
				return a.Value, a.Static, true
			}
		}
	}
	for _, st := range []*state{call.env, w.cur} {
		if st == nil {
			continue
		}
		v, ok := st.vars[name]
		switch {
		case !ok:
		case exportedOnly && (!v.set || !v.exported):
			return "", false, false
		case v.set:
			return v.str, v.known, true
		}
	}
	return "", false, false
}

// envChoices returns the values the environment variable name may have
// where call's program starts, for a reader to judge each (see envValue
// for where it is looked up): the value when static, else the values it
// takes with each part only run time knows unset or empty (NODE_OPTIONS=
// "${X-}--require ./e.js", PERL5OPT=${X:--Mevil}, export
// MAKEFILES=${X:-evil.mk}: the agent controls the whole value). open
// reports a value none of those cover, or one a command's output chose
// (X=$(cat f); NODE_OPTIONS=$X): the reader asks. A part that is a
// variable the command never set is the user's own environment.
func (w *walker) envChoices(c scope, call *Call, name string, exportedOnly bool) (vals []string, open, set bool) {
	choices := func(a Arg) ([]string, bool, bool) {
		if a.Static {
			return []string{a.Value}, false, true
		}
		if paths, ok := kubeconfigWriterPaths(a.Word, w.home); ok {
			return paths, false, true // KUBECONFIG=$(k3d kubeconfig write x)
		}
		return a.Candidates(), len(a.Candidates()) == 0 || a.Printed || a.SubstOpen(), true
	}
	if a, decided := call.envEdit.get(name); decided {
		if a == nil {
			return nil, false, false
		}
		return choices(*a)
	}
	if call.Expr != nil {
		for _, as := range call.Expr.Assigns {
			if as.Name != nil && as.Name.Value == name && as.Value != nil {
				r := &resolver{src: c.sc.Src, dir: call.Dir, st: w.cur}
				return choices(r.arg(as.Value))
			}
		}
	}
	for _, st := range []*state{call.env, w.cur} {
		if st == nil {
			continue
		}
		v, ok := st.vars[name]
		switch {
		case !ok:
		case v.known && exportedOnly && (!v.set || !v.exported):
			return nil, false, false
		case v.known && v.set:
			return []string{v.str}, false, true
		case !v.known && (v.exported || !exportedOnly) && !v.seeded && !v.forgotten && !v.nameref:
			vals := append(append([]string(nil), v.cands...), v.maybe...)
			return vals, len(vals) == 0 || v.printed, true
		}
	}
	return nil, false, false
}

// gitConfig models git -c KEY=VALUE.
// gitConfigWord is gitConfig for a KEY=VALUE word (git -c, git clone
// -c): a key only known at run time (git -c "$K=V", git -c "$KV") can be
// any setting, core.pager or an alias among them (it was allowed).
func (w *walker) gitConfigWord(c scope, call *Call, a *Arg) {
	if !a.Static {
		if rawKey, _, _ := strings.Cut(a.Raw, "="); strings.ContainsAny(rawKey, "$`") {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: "git -c " + clip(a.Raw, 40) + " sets a configuration key only known at run time, which can be one that runs a program (core.pager, alias.*)"})
			return
		}
	}
	w.gitConfig(c, call, a, a.Value)
}

func (w *walker) gitConfig(c scope, call *Call, a *Arg, kv string) {
	key, val, ok := strings.Cut(kv, "=")
	if !ok {
		return
	}
	key = strings.ToLower(key)
	w.noteGitURL(key, kv, a) // gitinsteadof.go
	if gitRunTimeCodeValue(key, a) {
		// git config alias.st "$(cat F)": a program's output git runs
		// (editorvars.go).
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: "git sets " + key + ", a setting whose value git runs, to " + clip(a.Raw, 40) + ", only known at run time"})
	}
	switch {
	case key == "core.hookspath":
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: "git -c core.hooksPath=" + val + " runs the hooks in " + val})
	case strings.HasPrefix(key, "url.") && (strings.HasSuffix(key, ".insteadof") || strings.HasSuffix(key, ".pushinsteadof")) &&
		gitInsteadOfHelper(kv) != "":
		// url.<base>.insteadOf=<prefix>: a URL that starts with <prefix>
		// becomes <base> and the rest (git-config(1)), so a base of
		// ext::CMD runs CMD and a base NAME::… runs git-remote-NAME at
		// the next fetch, clone or push of such a URL (red team 15 RG3).
		base := gitInsteadOfHelper(kv)
		if strings.HasPrefix(strings.ToLower(base), "ext::") {
			if argv := extArgv(base[len("ext::"):]); len(argv) > 0 {
				w.child(c, call, quoteArgv(argv), nil, "git ext:: transport (url.*.insteadOf)", !a.Static)
			}
			break
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: "git " + clip(kv, 60) + " makes URLs that start with " + clip(val, 30) + " go through the remote helper program of " + clip(base, 30)})
	case strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".vcs") && val != "":
		// remote.<name>.vcs=NAME: git hands that remote's URL to
		// git-remote-NAME (ext runs the URL as a command).
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: "git " + clip(kv, 60) + " makes git run the remote helper git-remote-" + clip(val, 20) + " for that remote"})
	case (strings.HasPrefix(key, "remote.") && (strings.HasSuffix(key, ".url") || strings.HasSuffix(key, ".pushurl")) ||
		strings.HasPrefix(key, "url.") && strings.HasSuffix(key, ".insteadof")) && strings.HasPrefix(strings.ToLower(val), "ext::"):
		// An ext:: URL kept for a remote: git runs its command at
		// each fetch or push there (where the ext protocol is allowed).
		if argv := extArgv(val[len("ext::"):]); len(argv) > 0 {
			w.child(c, call, quoteArgv(argv), nil, "git ext:: transport", !a.Static)
		}
	case key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path"):
		// The included file is read as configuration: what it sets
		// (a pager, hooks, aliases) corral does not see.
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: "git " + key + "=" + val + " makes git read its configuration, which can make it run programs, from " + val})
	case gitRunsValue(key, val):
		text := strings.TrimPrefix(val, "!")
		if gitProgramPathKey(key) {
			text = shellQuote(val) // a program's path, not shell text
		}
		if key == "core.gitproxy" {
			text, _, _ = strings.Cut(text, " for ") // COMMAND for DOMAIN
		}
		from := len(w.m.Calls)
		if st, ok := w.gitShellAliasParams(call, key, val); ok {
			// git-config(1): a shell alias runs with the words after
			// it as its arguments (git runs sh -c 'TEXT "$@"' TEXT
			// ARGS…), so git -c 'alias.x=!git clone' x URL clones URL.
			w.childIn(c, call, text+` "$@"`, nil, "git "+key, !a.Static, st, call.Dir)
		} else {
			w.child(c, call, text, nil, "git "+key, !a.Static)
		}
		if gitPagerKey(key) {
			w.pagerScriptReaders(from, call, "git "+key) // pagerscript.go
		}
		if key == "core.editor" || key == "sequence.editor" {
			w.editorScriptReaders(from, call, "git "+key) // editorvars.go
		}
	}
}

// gitMergeStrategyKey asks about git config of pull.twohead=NAME,
// pull.octopus=NAME or branch.B.mergeOptions=-s NAME: a later git merge
// or git pull (into B) runs git-merge-NAME, found on PATH then, when no
// -s is given. git -c of these keys is looked up now (gitHelpers).
func (w *walker) gitMergeStrategyKey(call *Call, key string, val *Arg) {
	if !GitStrategyKey(key) {
		return
	}
	switch names := GitMergeStrategies(key, val.Value); {
	case !val.Static:
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
			What: "git config " + key + " sets the merge strategies git merge runs to " + clip(val.Raw, 40) + ", only known at run time"})
	case len(names) > 0:
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
			What: "git config " + key + "=" + clip(val.Value, 40) + " makes git merge and git pull run the merge strategy program git-merge-" +
				clip(names[0], 20) + " from PATH"})
	}
}

// gitShellAliasParams returns the state a "!" alias (key alias.NAME,
// lower case) starts in when call is the git command that runs it (git
// [global options] NAME ARGS…): its positional parameters are ARGS, as
// git hands them to the shell ($0 is the alias's text). ok is false for
// any other call or key.
func (w *walker) gitShellAliasParams(call *Call, key, val string) (*state, bool) {
	name, isAlias := strings.CutPrefix(key, "alias.")
	if !isAlias || !strings.HasPrefix(val, "!") || call.Name != "git" || call.ExtraArgs {
		return nil, false
	}
	_, operands := ScanOptions(call.Args, GitGlobalOptions)
	if len(operands) == 0 || !call.Args[operands[0]].Static || !strings.EqualFold(call.Args[operands[0]].Value, name) ||
		operands[0]+1 >= len(call.Args) {
		return nil, false // no words after the alias: its text alone
	}
	st := call.env
	if st == nil {
		st = w.cur.exportedOnly(call.Dir, w.home)
	}
	st = st.clone()
	st.pos, st.posKnown, st.posOpts = nil, true, nil
	st.setVar("0", variable{known: true, set: true, str: strings.TrimPrefix(val, "!")})
	for _, a := range call.Args[operands[0]+1:] {
		if !a.Static {
			st.pos, st.posKnown = nil, false
			break
		}
		st.pos = append(st.pos, a.Value)
	}
	return st, true
}

// gitInsteadOfHelper returns the base URL of url.<base>.insteadOf=… (kv
// as given, case kept) when git hands the URLs it makes to a remote
// helper program (ext::, NAME::, NAME:// of no scheme git speaks itself
// but ext), else "".
func gitInsteadOfHelper(kv string) string {
	k, _, _ := strings.Cut(kv, "=")
	j := strings.LastIndexByte(k, '.')
	if j <= len("url.") {
		return ""
	}
	base := k[len("url."):j]
	if strings.HasPrefix(strings.ToLower(base), "ext::") {
		return base
	}
	if name, ok := GitRemoteHelper(base); ok && !GitOwnTransport(name) {
		return base
	}
	return ""
}

// gitRunsValue reports whether git runs the value of configuration key
// (lower case) as a command: core.fsmonitor, core.pager, core.sshCommand
// and the other shell keys, filter and diff drivers, "!" aliases,
// submodule updates and credential helpers.
func gitRunsValue(key, val string) bool {
	switch {
	case key == "core.fsmonitor":
		// A boolean (git_config_get_maybe_bool: On, 1, no, ...) turns
		// the built-in daemon on or off; any other value is a hook.
		_, isBool := GitConfigBool(val)
		return !isBool
	case strings.HasPrefix(key, "credential.") && strings.HasSuffix(key, ".helper"):
		// gitcredentials(7): "!" starts shell text, an absolute path is
		// run as it is (with the words after it); any other name is
		// git-credential-NAME.
		return strings.HasPrefix(val, "!") || strings.HasPrefix(val, "/")
	case strings.HasPrefix(key, "sendemail.") && strings.HasSuffix(key, ".smtpserver"):
		// git-send-email(1): an absolute path is a sendmail-like
		// program, run with the mail on its input.
		return strings.HasPrefix(val, "/")
	}
	return gitShellKeys.Get()[key] || gitDriverKey(key) || strings.HasPrefix(key, "alias.") && strings.HasPrefix(val, "!") ||
		strings.HasPrefix(key, "submodule.") && strings.HasSuffix(key, ".update") && strings.HasPrefix(val, "!")
}

// gitProgramPathKey reports a key whose value git runs as a program's
// path, without a shell: difftool.<tool>.path, mergetool.<tool>.path,
// browser.<tool>.path, lfs.customtransfer.<name>.path,
// sendemail.smtpServer.
func gitProgramPathKey(key string) bool {
	return strings.HasSuffix(key, ".path") && (strings.HasPrefix(key, "difftool.") || strings.HasPrefix(key, "mergetool.") ||
		strings.HasPrefix(key, "browser.") || strings.HasPrefix(key, "lfs.customtransfer.")) ||
		strings.HasPrefix(key, "sendemail.") && strings.HasSuffix(key, ".smtpserver")
}

// callFile returns the file call runs when that file is one the agent
// can write and change later: a program named by a path ("./x.sh",
// "tools/fsmonitor", a file in the project by its absolute name), or the
// script a shell or an interpreter is given ("sh x.sh", "python3
// hooks/mon.py"); "" for an installed program ("less -FRX", "code
// --wait", "/usr/bin/git-lfs").
func callFile(call *Call, project string) string {
	if !call.NameArg.Static {
		return ""
	}
	if r := RunnerOf(call.Name); r == ShellRunner || r == InterpreterRunner {
		for _, a := range call.Args {
			if !a.Static {
				return ""
			}
			if !strings.HasPrefix(a.Value, "-") {
				return a.Value
			}
		}
		return ""
	}
	prog := call.NameArg.Value
	switch {
	case path.IsAbs(prog):
		// A file in the project, by its absolute name.
		for d := path.Dir(path.Clean(prog)); project != "" && d != "/" && d != "."; d = path.Dir(d) {
			if d == path.Clean(project) {
				return prog
			}
		}
		return ""
	case strings.Contains(prog, "/"):
		return prog
	}
	return ""
}

func rawJoin(args []Arg) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.Raw
	}
	return strings.Join(parts, " ")
}

// tar models the commands tar runs: --to-command, --use-compress-program
// (-I), --checkpoint-action=exec=, --info-script (-F) and
// --new-volume-script.
func (w *walker) tar(c scope, call *Call) {
	args := TarArgs(call.Args)
	opts, _ := ScanOptions(args, TarOptions)
	for _, o := range opts {
		if !o.HasVal || o.Val.Value == "" {
			continue
		}
		text := o.Val.Value
		switch o.Name {
		case "to-command", "use-compress-program", "I", "info-script", "new-volume-script", "F", "rsh-command", "rmt-command":
		case "checkpoint-action":
			cmd, ok := strings.CutPrefix(text, "exec=")
			if !ok {
				continue
			}
			text = cmd
		default:
			continue
		}
		if !o.Attached && o.Idx+1 < len(call.Args) && len(args) == len(call.Args) {
			w.childArg(c, call, &call.Args[o.Idx+1], "tar")
		} else {
			w.child(c, call, text, nil, "tar", !o.Val.Static)
		}
	}
}

// deletingPackages are npm packages whose command deletes its arguments
// recursively.
var deletingPackages = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"rimraf": true, "del-cli": true, "del": true, "rimraf-cli": true, "trash-cli": false}
}}

// npx models npx PKG ARGS (and bunx, pnpm dlx, npm exec): a package that
// deletes its arguments is rm -rf of them.
func (w *walker) npx(c scope, call *Call, args []Arg) {
	specs, i := npxSpecs(args)
	if w.npxLocal(c, call, specs, args, i) {
		return // npx .: the folder's install scripts and its bin
	}
	if i >= len(args) || !args[i].Static {
		return
	}
	name := args[i].Value
	if at := strings.LastIndexByte(name, '@'); at > 0 {
		name = name[:at]
	}
	if bin, ok := npxLaunchers.Get()[name]; ok {
		name = bin
	}
	// The package runs its command with the words after it, judged as if
	// typed by its name: npx cross-env X=1 CMD (a launcher runs its
	// operands), npx tsx app.ts (an interpreter its script), npx jest
	// (the suite), npx eslint (eslint.config.js), npx rimraf ~ (deletes
	// home), npx localtunnel --port 8000 (publishes a port).
	words := []string{name}
	dynamic := false
	for _, a := range args[i+1:] {
		words = append(words, a.Value)
		dynamic = dynamic || !a.Static
	}
	// A command of the project's node_modules/.bin runs first
	// (nodebin.go); deno x does not look there.
	env := call.env
	if env == nil {
		env = w.cur.exportedOnly(call.Dir, w.home)
	}
	if call.Name != "deno" {
		env = w.nodeBinEnv(env, call.Dir)
	}
	w.childIn(c, call, quoteArgv(words), nil, "npx "+name, dynamic, env, call.Dir)
}

// deletingPackage models the command of an npm package that deletes its
// arguments recursively (rimraf PATH…, del-cli PATH…) as rm -rf of them,
// run by npx or by its name (installed globally, in node_modules/.bin, or
// unwrapped from npm exec).
func (w *walker) deletingPackage(c scope, call *Call, name string, args []Arg) {
	if !deletingPackages.Get()[name] {
		return
	}
	var paths []string
	for _, a := range args {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		paths = append(paths, a.Raw)
	}
	if len(paths) == 0 {
		return
	}
	w.origin = name + " deletes its arguments like rm -rf"
	w.child(c, call, "rm -rf -- "+strings.Join(paths, " "), nil, "npx", false)
	w.origin = ""
}

// copyingPackages are npm packages whose command copies files into its
// last operand, a directory: cpy-cli's cpy SOURCE… DEST (--cwd=DIR: the
// directory the paths are read from; --rename=NAME: the copy's name) and
// copyfiles [-u N] [-f] [-e GLOB] SOURCE… DEST. Their options, from their
// manuals.
var copyingPackages = lazy.Value[map[string]OptSpec]{New: func() map[string]OptSpec {
	return map[string]OptSpec{
		"cpy":       {LongVal: []string{"cwd", "rename", "concurrency", "base"}, LongEq: true},
		"copyfiles": {ShortVal: "ue", LongVal: []string{"up", "exclude"}, LongEq: true},
	}
}}

// copyingPackage models the command of an npm package that copies files
// into a directory (copyingPackages), run by npx or by its name: cp -r of
// its sources into its destination, so that the destination is judged as
// cp's is (npx copyfiles evil.sh ~/.config/autostart, npx cpy-cli x
// ~ --rename=.bashrc). Sources are the package's patterns, passed as
// they are.
func (w *walker) copyingPackage(c scope, call *Call, name string, args []Arg) {
	spec, ok := copyingPackages.Get()[name]
	if !ok {
		return
	}
	opts, operands := ScanOptions(args, spec)
	if len(operands) < 2 {
		return
	}
	inner := *call
	rename := ""
	for _, o := range opts {
		switch {
		case name == "cpy" && o.Name == "cwd" && o.HasVal:
			if !o.Val.Static {
				return
			}
			inner.Dir = call.Dir.Join(o.Val.Value)
		case name == "cpy" && o.Name == "rename" && o.HasVal && o.Val.Static:
			rename = quoteArgv([]string{o.Val.Value})
		}
	}
	var srcs []string
	for _, k := range operands[:len(operands)-1] {
		srcs = append(srcs, args[k].Raw)
	}
	dest := args[operands[len(operands)-1]].Raw
	if rename != "" {
		dest += "/" + rename
	} else if !strings.HasSuffix(dest, "/") {
		dest += "/"
	}
	w.origin = name + " copies its sources into " + args[operands[len(operands)-1]].Value + " like cp -r"
	w.child(c, &inner, "cp -r -- "+strings.Join(srcs, " ")+" "+dest, nil, "npx", false)
	w.origin = ""
}

// dockerValueShort and dockerValueLong are docker run's options that take
// a value.
var dockerValueShort = "acehlmpuvw"
var dockerValueLong = []string{"add-host", "annotation", "attach", "blkio-weight", "cap-add", "cap-drop", "cgroup-parent", "cgroupns",
	"cidfile", "cpu-period", "cpu-quota", "cpu-shares", "cpus", "cpuset-cpus", "cpuset-mems", "device", "device-cgroup-rule",
	"dns", "dns-option", "dns-search", "domainname", "entrypoint", "env", "env-file", "expose", "gpus", "group-add",
	"health-cmd", "health-interval", "health-retries", "health-start-period", "health-timeout", "hostname", "ip", "ip6",
	"ipc", "isolation", "kernel-memory", "label", "label-file", "link", "log-driver", "log-opt", "mac-address", "memory",
	"memory-reservation", "memory-swap", "mount", "name", "network", "net", "network-alias", "pid", "pids-limit", "platform",
	"publish", "pull", "restart", "runtime", "security-opt", "shm-size", "stop-signal", "stop-timeout", "storage-opt",
	"sysctl", "tmpfs", "ulimit", "user", "userns", "uts", "volume", "volume-driver", "volumes-from", "workdir"}

// dockerRunSpec is docker run's options as its parser (spf13/pflag)
// reads them: letter clusters (-itv /:/x, -v/:/x), --name=value, and no
// abbreviations (docker refuses --volu); they end at the image.
var dockerRunSpec = OptSpec{ShortVal: dockerValueShort, LongVal: dockerValueLong, LongEq: true, Stop: true}

// dockerRun models docker run -v HOST:CONTAINER IMAGE CMD…: words of the
// command that name a path under a mounted host directory are that host
// path, so rm -rf /x with -v /:/x is rm -rf /. Commands that touch only
// the container's own files are not judged.
func (w *walker) dockerRun(c scope, call *Call) {
	args := call.Args
	// The client's own options before the subcommand (docker -H
	// unix:///s run …, podman --remote run …).
	for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") {
		switch n, _, eq := strings.Cut(args[0].Value, "="); {
		case !eq && (n == "-H" || n == "--host" || n == "-c" || n == "--context" || n == "--config" || n == "-l" ||
			n == "--log-level" || n == "--tlscacert" || n == "--tlscert" || n == "--tlskey" || n == "--url" || n == "--connection" ||
			n == "-n" || n == "--namespace" || n == "-a" || n == "--address"): // nerdctl's namespace and containerd address
			args = args[min(2, len(args)):]
		default:
			args = args[1:]
		}
	}
	if len(args) > 0 && args[0].Value == "container" {
		args = args[1:]
	}
	// docker create takes run's options and command, and docker start
	// (in this command or any later one) runs them: judged as run here,
	// where the options are seen.
	if len(args) == 0 || args[0].Value != "run" && args[0].Value != "create" {
		return
	}
	verb := args[0].Value
	args = args[1:]
	type mount struct {
		host, ctr string
		ro        bool
	}
	var mounts []mount
	hostDir := func(p string) Dir {
		if p == "~" || strings.HasPrefix(p, "~/") {
			// bash expands a leading ~ before : too (-v ~:/h).
			if w.home == "" {
				return Dir{}
			}
			p = w.home + p[1:]
		}
		return call.Dir.Join(p)
	}
	addVolume := func(spec string) {
		parts := strings.Split(spec, ":")
		if len(parts) >= 2 && strings.HasPrefix(parts[1], "/") {
			host := parts[0]
			if host == "." || strings.HasPrefix(host, "./") || strings.HasPrefix(host, "/") || strings.HasPrefix(host, "~") {
				if d := hostDir(host); d.Known {
					ro := len(parts) >= 3 && slices.Contains(strings.Split(parts[2], ","), "ro")
					mounts = append(mounts, mount{d.Path, cleanPath(parts[1]), ro})
				}
			}
		}
	}
	addMount := func(spec string) {
		src, dst, bind, ro := mountSpec(spec)
		if bind && src != "" && strings.HasPrefix(dst, "/") {
			if d := hostDir(src); d.Known {
				mounts = append(mounts, mount{d.Path, cleanPath(dst), ro})
			}
		}
	}
	opts, operands := ScanOptions(args, dockerRunSpec)
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "v", "volume":
			addVolume(o.Val.Value)
		case "mount":
			addMount(o.Val.Value)
		}
	}
	// A container that is the host (--privileged, a host PID namespace
	// with ptrace or admin rights, a raw disk, the engine's socket): its
	// command reaches every host file (nsenter -t 1, chroot
	// /proc/1/root, mount /dev/sda1, docker -H unix:///s run -v /:/h),
	// so it is judged as run on the host, as with -v /:/.
	escape := ""
	if why := containerHostEscape(opts, func(src string) (string, bool) {
		d := hostDir(src)
		return d.Path, d.Known
	}); why != "" {
		escape = why
		mounts = append(mounts, mount{"/", "/", false})
		if len(operands) < 2 || strings.HasPrefix(args[operands[1]].Value, "-") {
			// No command, or options for the image's entry point.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: call.Name + " " + verb + " " + why + " and runs the image's own command, which can change or delete anything on the host"})
			return
		}
	}
	// A writable mount of the root or the home directory hands the
	// container everything there: a command corral cannot map (the
	// image's own, or one it cannot read) can change or delete any of it.
	for _, mt := range mounts {
		if !mt.ro && (mt.host == "/" || w.home != "" && mt.host == w.home) && len(operands) < 2 {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: call.Name + " " + verb + " mounts " + mt.host + " writable at " + mt.ctr + " and runs the image's own command, which can change or delete anything there"})
			return
		}
	}
	// The first operand is the image; the command follows it.
	if len(operands) < 2 || len(mounts) == 0 {
		return
	}
	i := operands[0]
	cmd, _ := entrypointWords(opts, args[i+1:]) // --entrypoint rm IMG -rf /u (containerexec.go)
	mapped := false
	parts := make([]string, len(cmd))
	for k, a := range cmd {
		parts[k] = Quote(a.Value)
		if a.Static && !strings.HasPrefix(a.Value, "/") && strings.Contains(a.Value, "/") {
			// Shell text (sh -c 'rm -rf /h/*'): its mounted paths are
			// the host's too.
			text := a.Value
			for _, mt := range mounts {
				if mt.ctr != "/" {
					text = mountedText(text, mt.ctr, mt.host)
				}
			}
			if text != a.Value {
				parts[k], mapped = Quote(text), true
			}
			continue
		}
		if !a.Static || !strings.HasPrefix(a.Value, "/") {
			continue
		}
		p := cleanPath(a.Value)
		best := -1
		for m, mt := range mounts {
			if (p == mt.ctr || mt.ctr == "/" || strings.HasPrefix(p, mt.ctr+"/")) && (best < 0 || len(mt.ctr) > len(mounts[best].ctr)) {
				best = m
			}
		}
		if best < 0 {
			// A path of the container's own: not the host's business.
			parts[k] = Quote("container:" + p)
			continue
		}
		mt := mounts[best]
		rel := strings.TrimPrefix(strings.TrimPrefix(p, mt.ctr), "/")
		host := mt.host
		if rel != "" {
			host = cleanPath(mt.host + "/" + rel)
		}
		if strings.HasSuffix(a.Value, "/") && host != "/" {
			host += "/" // cp x /out/ names the directory, as on the host
		}
		parts[k] = Quote(host)
		mapped = true
	}
	if !mapped && escape == "" {
		return
	}
	w.origin = "the container's command, with its mounted paths as the host's"
	if escape != "" {
		w.origin = "the container's command, run on the host (" + call.Name + " run " + escape + ")"
	}
	inner := *call
	inner.Dir = Dir{}
	w.child(c, &inner, strings.Join(parts, " "), nil, "docker run", false)
	w.origin = ""
}

// atSpec is at's and batch's options (at 3.2, getopt): -q QUEUE, -f
// FILE, -u USER and -t TIME take a value; the rest are flags, so -mf
// FILE is -m -f FILE.
var atSpec = OptSpec{ShortVal: "qfut"}

// pipeTo models text piped into call: a shell, an interpreter, at or
// batch, crontab -. It reports whether call reads a script on stdin.
// parallelReadsStdin reports GNU parallel (or sem) given no command and
// no ::: inputs: it reads command lines on stdin and runs each through
// the shell.
func parallelReadsStdin(call *Call) bool {
	if lineRunnerFile(call) {
		return true
	}
	if call.Name != "" || len(call.Wrappers) == 0 {
		return false
	}
	if w := call.Wrappers[len(call.Wrappers)-1]; w != "parallel" && w != "sem" {
		return false
	}
	for _, a := range call.pre {
		if strings.HasPrefix(a.Value, ":::") {
			return false
		}
	}
	return true
}

func (w *walker) pipeTo(c scope, sink *Call, text string, dynamic bool) bool {
	if w.remoteStdinPipe(c, sink, text, dynamic) {
		return true // … | ssh localhost bash: from the home directory (remoteshell.go)
	}
	if w.containerStdinPipe(c, sink, text, dynamic) {
		return true // … | docker run -i -v ~:/h IMG sh (containerstdin.go)
	}
	if w.termSendPipe(c, sink, text, dynamic) {
		return true // … | kitty @ send-text --stdin (termsend.go)
	}
	if parallelReadsStdin(sink) {
		for _, line := range strings.Split(text, "\n") {
			if strings.TrimSpace(line) != "" {
				w.child(c, sink, line, nil, "parallel (stdin)", dynamic)
			}
		}
		return true
	}
	if _, stdin := ShellScript(sink); stdin || StartsShell(sink) {
		env := sink.env
		if env == nil {
			env = w.cur.exportedOnly(sink.Dir, w.home)
		}
		w.childIn(c, sink, text, nil, "pipe", dynamic, w.stdinShellParams(env, sink), sink.Dir)
		return true
	}
	if p, ok := interpreterProgram(sink); ok && p.stdin {
		w.program(c, sink, p.lang, text, sink.Name+" (pipe)", dynamic, "")
		return true
	}
	switch sink.Name {
	case "at", "batch":
		w.child(c, sink, text, nil, sink.Name, dynamic)
		return true
	case "sqlite3", "sqlite", "duckdb":
		// Input on stdin is read as sqlite3's (or duckdb's, whose shell
		// is sqlite3's) commands.
		w.program(c, sink, lang.SQLite, text, sink.Name+" (pipe)", dynamic, "")
		return true
	case "ed", "dc", "mysql", "mariadb", "psql":
		// Their commands on stdin can run shell commands (ed's and dc's
		// !, the SQL clients' \!).
		if cmds, ok := w.escapeCommandsOf(sink, text); ok {
			for _, cmd := range cmds {
				w.child(c, sink, cmd, nil, sink.Name+" (pipe)", dynamic)
			}
			if sink.Name == "psql" {
				w.program(c, sink, lang.Psql, text, "psql (pipe)", dynamic, "")
			}
			return true
		}
	case "crontab":
		if len(sink.Args) == 0 || len(sink.Args) == 1 && sink.Args[0].Value == "-" {
			for _, cmd := range cronCommands(text) {
				w.child(c, sink, cmd, nil, "crontab", dynamic)
			}
			return true
		}
	}
	return false
}

// readsScript reports whether call runs what it reads on stdin.
func readsScript(call *Call) bool {
	if _, stdin := ShellScript(call); stdin || StartsShell(call) {
		return true
	}
	if p, ok := interpreterProgram(call); ok && p.stdin && len(call.Redirs) == 0 {
		return true
	}
	// A script file that names standard input (bash /dev/stdin, python3
	// /dev/fd/0, source /proc/self/fd/0, or a descriptor duplicated from
	// it: bash /dev/fd/3 3<&0).
	if i := ShellFile(call); i >= 0 && namesStdin(call, call.Args[i]) {
		return true
	}
	if p, ok := interpreterProgram(call); ok && p.file != nil && namesStdin(call, *p.file) {
		return true
	}
	if parallelReadsStdin(call) {
		return true
	}
	if termSendReadsStdin(call) {
		return true // … | kitty @ send-text --stdin (termsend.go)
	}
	if sshLoopbackStdinScript(call) {
		return true // ssh localhost bash -s (remoteshell.go)
	}
	for _, run := range containerRunOf(call) {
		if _, _, ok := containerStdinRun(run, ""); ok {
			return true // docker run -i -v ~:/h IMG sh (containerstdin.go), exec -i (containerexec.go)
		}
	}
	switch call.Name {
	case "source", ".":
		return len(call.Args) > 0 && namesStdin(call, call.Args[0])
	case "at", "batch":
		return true
	case "crontab":
		return len(call.Args) == 0 || len(call.Args) == 1 && call.Args[0].Value == "-"
	}
	return false
}

// namesStdin reports whether the word a is a path that names call's
// standard input: /dev/stdin, /dev/fd/0, or /dev/fd/N of a descriptor
// that is the same stream.
func namesStdin(call *Call, a Arg) bool {
	n, ok := fdPath(a.Value)
	return ok && a.Static && (n == 0 || call.Fd(n).Same(call.Fd(0)))
}

// stageRef names stage I of pipeline P.
type stageRef struct {
	P *Pipeline
	I int
}

// maxTextVisits bounds the times one walk reads the text one pipe stage
// prints: a stage is read a few times by the stages after it, and a
// chain of compound stages with two copiers each would read it a number
// of times that doubles per stage.
const maxTextVisits = 512

// producedText returns the text a pipeline stage writes when it is known
// statically: echo and printf of static words (with echo -e and printf's
// escapes and %s), cat of a here-document or of script files, and
// base64 -d of such text.
func (w *walker) producedText(c scope, p *Pipeline, i int) (string, bool, bool) {
	if w.textVisits == nil {
		w.textVisits = map[stageRef]int{}
	}
	if w.textVisits[stageRef{p, i}]++; w.textVisits[stageRef{p, i}] > maxTextVisits {
		// { cat; cat; } | { cat; cat; } | … reads each stage twice as
		// often as the one after it: past the bound the text is not
		// known, and a shell that runs it asks.
		return "", false, false
	}
	src := p.Calls[i]
	if src == nil {
		return w.compoundText(c, p, i)
	}
	if copies, changed := passThrough(src); copies && readsStage(src, p, i) {
		// echo 'rm -rf ~' | cat | bash: what cat copies is what the
		// stage before it wrote (cat -n, xargs echo change it: only
		// known at run time, but judged for what it holds).
		text, dynamic, ok := w.producedText(c, p, i-1)
		return text, dynamic || changed, ok
	}
	if text, dynamic, ok, found := w.outerStageCopy(c, src); found {
		return text, dynamic, ok // … | bash -c 'cat | sh' (stdinconsumers.go)
	}
	if text, ok := w.filteredText(c, src); ok {
		return text, false, true // echo … | rev | sh, sh <(tac F) (filterfed.go)
	}
	if fp, ok := w.filePrint(c, p, i); ok {
		// cat < f, head -5 f, sed -n p <&3: the files' text, exact or
		// judged for what it holds (fileprint.go).
		return fp.text, !fp.computed, fp.read
	}
	if text, ok := yesPrinted(src); ok && !w.shadowed[src] {
		return text, false, true // yes 'rm -rf ~' | bash (yesiconv.go)
	}
	switch src.Name {
	case "print":
		if src.zshEcho {
			return zshPrintFed(src) // zsh's print: zsh.go
		}
	case "history", "fc":
		// history -p '!!': an entry of the history list (evalbuiltins.go).
		text, known := w.historyPrinted(src)
		return text, false, known
	case "echo", "printf":
		if w.substReadsStage(p, i) {
			// echo "$(cat)": the substitution's output is the stage
			// before it, a run-time value of the echoed text.
			text, _, ok := w.producedText(c, p, i-1)
			own, _, _ := echoText(src)
			if !ok {
				return "", false, false
			}
			return own + "\n" + text, true, true
		}
		return w.echoFedText(c, src)
	case "cat":
		if in := src.Fd(0); len(src.Args) == 0 && in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "<(" {
			return w.procText(c, in.Pipe) // cat < <(echo …)
		}
		if len(src.Args) == 0 {
			if t, dyn, _, spliced := w.catHdoc(c, src); spliced {
				return t, dyn, true // cat <<EOF / $(cat f) / EOF (heredoc.go)
			}
			ins := w.stdinTexts(c, src)
			if len(ins) == 1 {
				return ins[0].text, ins[0].dynamic, true
			}
			return "", false, false
		}
		var b strings.Builder
		for _, a := range src.Args {
			if ps, ok := w.m.ArgStream(a); ok && ps.Pipe.Subst == "<(" {
				// cat <(echo …): what the substitution prints.
				t, dynamic, known := w.procText(c, ps.Pipe)
				if !known || dynamic {
					return "", false, false
				}
				b.WriteString(t)
				continue
			}
			if !a.Static || strings.HasPrefix(a.Value, "-") {
				return "", false, false
			}
			t, ok := w.readScript(src.Dir.Join(a.Value))
			if !ok {
				return "", false, false
			}
			b.WriteString(t)
		}
		return b.String(), false, true
	case "base64":
		decode := false
		for _, a := range src.Args {
			if a.Value == "-d" || a.Value == "--decode" || a.Value == "-D" {
				decode = true
			}
		}
		if !decode {
			return "", false, false
		}
		var in string
		if i == 0 || p.Subst != "" {
			// base64 -d <<< TEXT: its here-string or here-document.
			ins := w.stdinTexts(c, src)
			if len(ins) != 1 || ins[0].dynamic {
				return "", false, false
			}
			in = ins[0].text
		} else {
			text, dynamic, ok := w.producedText(c, p, i-1)
			if !ok || dynamic {
				return "", false, false
			}
			in = text
		}
		out, err := base64.StdEncoding.DecodeString(strings.TrimSpace(in))
		if err != nil {
			return "", false, false
		}
		return string(out), false, true
	}
	return "", false, false
}

// compoundText returns what the commands of a compound pipeline stage
// ({ …; }, ( … ), a loop) print into the pipe, where corral knows it: the
// echo and printf of static words among them, in order. Any other command
// that writes to the pipe (crontab -l, cat f) prints what only run time
// knows, which makes the text dynamic. ok is false when no command of the
// stage prints known text. (crontab -l; echo '@reboot rm -rf ~') | crontab -
// installs the echoed line.
func (w *walker) compoundText(c scope, p *Pipeline, i int) (string, bool, bool) {
	var b strings.Builder
	dynamic, known := false, false
	for _, call := range w.m.Calls {
		out := call.Fd(1)
		if out.Kind != StreamPipe || out.Pipe != p || out.Stage != i+1 {
			continue
		}
		if copies, changed := passThrough(call); copies && readsStage(call, p, i) {
			// … | { cat; } | bash: the stage before it, copied.
			if t, dyn, ok := w.producedText(c, p, i-1); ok {
				b.WriteString(t)
				dynamic = dynamic || dyn || changed
				known = true
				continue
			}
		}
		switch call.Name {
		case "echo", "printf":
			if t, dyn, ok := w.echoFedText(c, call); ok {
				b.WriteString(t)
				if call.Name == "echo" && !echoNoNewline(call) {
					// echo ends its line: { echo set -e; cat f; } | sh is
					// two lines, not "set -e" joined to f's first.
					b.WriteByte('\n')
				}
				dynamic = dynamic || dyn
				known = true
				continue
			}
		case "cat":
			// (cat F) | sh, { cat F; } | sh, if …; then cat F; fi | sh:
			// the files' text, as for a simple stage (red team 17 CS1).
			if t, ok := w.catFilesText(call); ok {
				b.WriteString(t)
				known = true
				continue
			}
		}
		if printsNothing(call.Name) {
			continue // prints nothing into the pipe
		}
		dynamic = true
	}
	return b.String(), dynamic, known
}

// echoNoNewline reports echo's -n among its leading options.
func echoNoNewline(call *Call) bool {
	for _, a := range call.Args {
		if !a.Static || len(a.Value) < 2 || a.Value[0] != '-' || strings.Trim(a.Value[1:], "neE") != "" {
			return false
		}
		if strings.Contains(a.Value, "n") {
			return true
		}
	}
	return false
}

// catFilesText returns the text cat prints from the files it is given as
// static operands (no option, no standard input), read as the reader of
// the stage that runs it reads them (readScript).
func (w *walker) catFilesText(call *Call) (string, bool) {
	if len(call.Args) == 0 {
		return "", false
	}
	var b strings.Builder
	for _, a := range call.Args {
		if !a.Static || strings.HasPrefix(a.Value, "-") {
			return "", false
		}
		t, ok := w.readScript(call.Dir.Join(a.Value))
		if !ok {
			return "", false
		}
		b.WriteString(t)
	}
	return b.String(), true
}

// printsNothing reports a command that writes nothing to its output.
func printsNothing(name string) bool {
	switch name {
	case "true", "false", ":", "cd", "export", "set", "shopt", "local", "declare", "unset", "sleep", "test", "[", "[[", "exit", "return":
		return true
	}
	return false
}

// EchoText is what an echo or printf call prints: dynamic reports parts
// only known at run time, ok false a call that is neither or whose text
// corral cannot compute.
func EchoText(src *Call) (text string, dynamic, ok bool) { return echoText(src) }

// echoText is what echo or printf prints, when its words are static.
func echoText(src *Call) (string, bool, bool) {
	args := src.Args
	escapes := false
	if src.Name == "echo" {
		escapes = src.zshEcho // zsh's echo: escapes unless -E (zsh.go)
		for len(args) > 0 && args[0].Static && (args[0].Value == "-e" || args[0].Value == "-n" || args[0].Value == "-en" || args[0].Value == "-ne" || args[0].Value == "-E") {
			escapes = escapes && args[0].Value != "-E" || strings.Contains(args[0].Value, "e")
			args = args[1:]
		}
	}
	if src.Name == "printf" && len(args) > 0 && args[0].Static && args[0].Value == "--" {
		args = args[1:] // printf -- FORMAT: a format that starts with -
	}
	dynamic := false
	vals := make([]string, len(args))
	for k, a := range args {
		vals[k] = a.Value
		dynamic = dynamic || !a.Static
	}
	if src.Name == "printf" && len(vals) > 0 && !dynamic {
		text, ok := printfText(vals[0], vals[1:])
		return text, !ok, true
	}
	text := strings.Join(vals, " ")
	if escapes {
		text = unescapeC(text)
	} else if src.echoEscapes && src.Name == "echo" && strings.Contains(text, `\`) {
		// sh -c 'echo "a\nrm -rf ~" > t.sh': dash's echo writes two
		// lines where bash's writes one; which is only known at run time.
		dynamic = true
	}
	return text, dynamic, true
}

// printfText is what printf prints for its format and arguments
// (BashPrintf); ok is false when corral does not model it.
func printfText(format string, args []string) (string, bool) {
	return BashPrintf(format, args)
}

// unescapeC decodes echo -e's backslash escapes (and those of printf's
// %b argument), as bash's echo does: \a \b \e \E \f \n \r \t \v \\,
// \0NNN (zero and up to three octal digits), \xHH (one or two hex
// digits), \uHHHH and \UHHHHHHHH; \c ends the output. Any other
// backslash is kept as written.
func unescapeC(s string) string { return unescapeWith(s, escEcho) }

// The three dialects of backslash escapes: echo -e's, printf's format's
// and printf's %b argument's, which differ in octal and quotes.
const (
	escEcho = iota
	escFormat
	escB
)

func unescapeWith(s string, mode int) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			i++
			continue
		}
		if s[i+1] == 'c' {
			break
		}
		v, n := unescapeOne(s[i:], mode)
		b.WriteString(v)
		i += n
	}
	return b.String()
}

// unescapeOne decodes the escape sequence at the start of s (a backslash
// and what follows) and returns its value and length. echo -e's octal
// form is \0NNN, the format's \NNN (one to three digits), %b's either;
// only the format takes \' and \" as the quote.
func unescapeOne(s string, mode int) (string, int) {
	if len(s) < 2 {
		return s, len(s)
	}
	digits := func(from, max int, ok func(byte) bool) int {
		j := from
		for j < len(s) && j < from+max && ok(s[j]) {
			j++
		}
		return j
	}
	isOct := func(c byte) bool { return c >= '0' && c <= '7' }
	switch c := s[1]; c {
	case 'a':
		return "\a", 2
	case 'b':
		return "\b", 2
	case 'e', 'E':
		return "\x1b", 2
	case 'f':
		return "\f", 2
	case 'n':
		return "\n", 2
	case 'r':
		return "\r", 2
	case 't':
		return "\t", 2
	case 'v':
		return "\v", 2
	case '\\':
		return "\\", 2
	case '\'', '"':
		if mode != escFormat {
			return s[:2], 2
		}
		return string(c), 2
	case 'x':
		j := digits(2, 2, isHex)
		if j == 2 {
			return s[:2], 2
		}
		v, _ := strconv.ParseUint(s[2:j], 16, 8)
		return string([]byte{byte(v)}), j
	case 'u', 'U':
		max := 4
		if c == 'U' {
			max = 8
		}
		j := digits(2, max, isHex)
		if j == 2 {
			return s[:2], 2
		}
		v, _ := strconv.ParseUint(s[2:j], 16, 32)
		return string(rune(v)), j
	}
	if isOct(s[1]) {
		from := 1
		switch {
		case mode == escEcho && s[1] != '0':
			return s[:2], 2
		case mode != escFormat && s[1] == '0':
			from = 2
		}
		j := digits(from, 3, isOct)
		if j == from {
			return "\x00", j
		}
		v, _ := strconv.ParseUint(s[from:j], 8, 16)
		return string([]byte{byte(v)}), j
	}
	return s[:2], 2
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// hiddenPipe records a stage that runs, as a script, text an earlier
// stage produces at run time. A download piped into a shell is the
// pipe-shell rule's; a compound stage is judged by what it holds.
func (w *walker) hiddenPipe(p *Pipeline, i int) { w.hiddenPipeTo(p, i, p.Calls[i]) }

// hiddenPipeTo is hiddenPipe for sink, a command that reads the pipe into
// stage i of p as its script: the stage's own call, or one inside it
// (stdinconsumers.go).
func (w *walker) hiddenPipeTo(p *Pipeline, i int, sink *Call) {
	src := p.Calls[i-1]
	if src == nil {
		// A compound stage ({ rev; } | sh): the command in it that
		// writes what only run time knows into the pipe.
		src = w.compoundWriter(p, i)
		if src == nil {
			return
		}
	}
	for _, st := range p.Calls[:i] {
		if st == nil {
			continue
		}
		if downloaders.Get()[st.Name] {
			return
		}
	}
	if src.Name == "cat" {
		// A file this command made with content only known at run time
		// (a named pipe: mkfifo f; cat f | sh -i 2>&1 | nc h 4444 > f,
		// a download, sed -i's result) is a script corral cannot see.
		for _, a := range src.Args {
			if d := src.Dir.Join(a.Value); a.Static && d.Known && w.opaque[d.Path] {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: src.Text(), Always: true,
					What: sink.Name + " runs, as a script, " + d.Path + ", which this command made with content only known at run time"})
				return
			}
		}
	}
	copies, _ := passThrough(src)
	if copies && readsStage(src, p, i-1) || (src.Name == "echo" || src.Name == "printf") && w.substReadsStage(p, i-1) {
		// echo … | cat | bash, … | xargs echo | bash, … | echo "$(cat)"
		// | bash: the text is the earlier stage's, which corral could
		// not know; judged as that stage's output.
		j := i - 1
		for j > 0 && p.Calls[j] != nil {
			if cp, _ := passThrough(p.Calls[j]); !(cp && readsStage(p.Calls[j], p, j)) && !w.substReadsStage(p, j) {
				break
			}
			j--
		}
		if j == i-1 {
			return
		}
		src = p.Calls[j]
		copies, _ = passThrough(src)
		copies = copies && readsStage(src, p, j)
		if src == nil {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: p.Calls[i-1].Text(), Always: true,
				What: sink.Name + " runs, as a script, what a compound command prints through " + p.Calls[i-1].Name + ", which is only known at run time"})
			return
		}
	}
	if src.Name == "cat" && !copies || (src.Name == "echo" || src.Name == "printf") && !xargsRun(src) {
		// Files corral could not read (they do not exist yet, as for
		// bash f) and echo of run-time words, which are parsed as they are.
		return
	}
	var text []string
	for _, st := range p.Calls[:i] {
		// crontab's only output is its listing (crontab -l): the
		// user's table, data to the stages after it.
		if st != nil && st.Name != "crontab" {
			text = append(text, st.Text())
		}
	}
	if src.Name == lang.SQLiteOutput {
		// sqlite3's .output |sh: the queries print the script.
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: strings.Join(text, " | "), Always: true,
			What: sink.Name + " runs, as a script, what sqlite3's queries print, which is only known at run time"})
		return
	}
	// Text a program computes (rev, tr, xxd -r, base32 -d, sed, a
	// decompressor) and hands to a shell is a script corral cannot see,
	// whatever the words around it name: it asks. Commands whose output
	// is shell set-up meant to be run (kubectl completion bash, pyenv
	// init -, brew shellenv), and a crontab edited on its way back
	// (crontab -l | sed … | crontab -: the user's own jobs), are asked
	// about only when their text names a risky command.
	always := !setupOutput.Get().MatchString(src.Text()) && sink.Name != "crontab"
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: strings.Join(text, " | "), Always: always,
		What: sink.Name + " runs, as a script, the output of " + clip(src.Text(), 60) + ", which is only known at run time"})
}

// compoundWriter returns the first command of a compound stage whose
// output goes into the pipe to stage i of p and is not known text (echo
// or printf of static words, a builtin that prints nothing): nil when
// there is none.
func (w *walker) compoundWriter(p *Pipeline, i int) *Call {
	for _, call := range w.m.Calls {
		out := call.Fd(1)
		if out.Kind != StreamPipe || out.Pipe != p || out.Stage != i {
			continue
		}
		if call.Name == "echo" || call.Name == "printf" {
			if _, dyn, ok := echoText(call); ok && !dyn {
				continue
			}
		}
		if printsNothing(call.Name) {
			continue
		}
		return call
	}
	return nil
}

// passThrough reports whether call writes to its standard output what it
// reads on its standard input: cat with no file but standard input (cat,
// cat -, cat /dev/stdin), tee (its files get a copy), pv, sponge with no
// file, dd with no if=; changed when it alters the text on the way (cat
// -n, dd conv=…) or prints the words it reads (xargs echo, xargs printf).
func passThrough(call *Call) (copies, changed bool) {
	if call == nil {
		return false, false
	}
	switch call.Name {
	case "echo", "printf":
		return xargsRun(call), true
	case "tee", "pv":
		for _, a := range call.Args {
			if call.Name == "pv" && !strings.HasPrefix(a.Value, "-") {
				return false, false // pv FILE
			}
		}
		return true, false
	case "sponge":
		return len(call.Args) == 0, false
	case "dd":
		for _, a := range call.Args {
			if strings.HasPrefix(a.Value, "if=") || !a.Static {
				return false, false
			}
			changed = changed || strings.HasPrefix(a.Value, "conv=") || strings.HasPrefix(a.Value, "cbs=")
		}
		return true, changed
	case "cat":
		opts := true
		for _, a := range call.Args {
			v := a.Value
			switch {
			case !a.Static:
				return false, false
			case opts && v == "--":
				opts = false
			case opts && v == "-u":
			case opts && strings.HasPrefix(v, "-") && v != "-":
				changed = true // -n, -A, -s, -v …
			case v == "-" || v == "/dev/stdin" || v == "/dev/fd/0" || v == "/proc/self/fd/0":
			default:
				return false, false // a file
			}
		}
		return true, changed
	}
	return false, false
}

// PassThrough is passThrough for the rules: the pipe walks of package
// rewrite read these copiers as line filters (rewrite/line_filters.go),
// so that what the shell model follows as text and what the rules follow
// as lines agree.
func PassThrough(call *Call) (copies, changed bool) { return passThrough(call) }

// xargsRun reports whether call is run by xargs, which gives it the
// words it reads as arguments.
func xargsRun(call *Call) bool {
	n := len(call.Wrappers)
	return n > 0 && call.Wrappers[n-1] == "xargs"
}

// readsStage reports whether call reads the pipe into stage i of p.
func readsStage(call *Call, p *Pipeline, i int) bool {
	if i <= 0 {
		return false
	}
	in := call.Fd(0)
	return in.Kind == StreamPipe && in.Pipe == p && in.Stage == i
}

// substReadsStage reports whether a command in a substitution of stage i
// of p reads that stage's input: echo "$(cat)" prints the pipe.
func (w *walker) substReadsStage(p *Pipeline, i int) bool { return w.m.substReadsStage(p, i) }

// substReadsStage is the walker's, over the calls of m.
func (m *Model) substReadsStage(p *Pipeline, i int) bool {
	if i <= 0 {
		return false
	}
	for _, call := range m.Calls {
		if call.Subst != "" && readsStage(call, p, i) {
			return true
		}
	}
	return false
}

// stageStdinScript returns the script a word that is only $(cat) (or
// $(cat -)) gives eval or sh -c whose standard input is the pipe into a
// pipeline's stage (the stage's own call, or a call inside a compound
// stage, which shares the pipe): the substitution inherits that input,
// so the word is the text the stage before prints, when that is known
// (red team 18 PS1: echo 'rm -rf ~' | eval "$(cat)" is
// echo 'rm -rf ~' | sh).
func (w *walker) stageStdinScript(c scope, call *Call, a Arg) (string, bool) {
	in := call.Fd(0)
	if in.Kind != StreamPipe || in.Pipe == nil || in.Stage <= 0 || in.Pipe.Subst != "" {
		return "", false
	}
	first, _, ok := a.WholeSubst()
	if !ok || first != "cat" {
		return "", false
	}
	part := a.Word.Parts[0]
	if dq, isDq := part.(*sh.DblQuoted); isDq {
		part = dq.Parts[0]
	}
	cs := part.(*sh.CmdSubst)
	if len(cs.Stmts) != 1 || len(cs.Stmts[0].Redirs) > 0 {
		return "", false
	}
	ce := cs.Stmts[0].Cmd.(*sh.CallExpr)
	if len(ce.Assigns) > 0 || len(ce.Args) > 2 || len(ce.Args) == 2 && ce.Args[1].Lit() != "-" {
		return "", false
	}
	if !w.m.ScriptReadsPipe(call, a) {
		return "", false
	}
	text, _, known := w.producedText(c, in.Pipe, in.Stage-1)
	return text, known
}

// pipedScript walks the script word a of eval or sh -c (kind) when it is
// text read from the pipe into call's stage: the piped text itself when
// the word is only $(cat) and that text is known; otherwise, when a
// substitution in the word reads the pipe ($(head), $(cat /dev/stdin),
// $(</dev/stdin), a producer only run time knows), the script is text
// the command computes from what is piped in, which asks. It reports
// whether it judged the word.
func (w *walker) pipedScript(c scope, call *Call, a Arg, kind string, st *state, dir Dir) bool {
	if text, ok := w.stageStdinScript(c, call, a); ok {
		w.childIn(c, call, text, nil, kind, false, st, dir)
		return true
	}
	if a.Static {
		return false
	}
	if !w.m.ScriptReadsPipe(call, a) {
		// exec < <(curl URL); eval "$(cat)" (stdinvalue.go).
		return w.stdinScriptUnknown(c, call, a, kind)
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
		What: kind + " runs " + clip(a.Raw, 40) + ", text made from what is piped into it, which corral cannot compute"})
	return true
}

// ScriptReadsPipe reports whether the script word a of call (eval's, sh
// -c's) reads the pipe into call's pipeline stage: a command substitution
// in the stage inherits the stage's standard input, the pipe, as does
// $(</dev/stdin); so in curl URL | eval "$(cat)" and … | sh -c "$(cat)"
// the script is the text piped in (red team 18 PS1). A call inside a
// compound stage ({ eval "$(cat)"; }) shares the stage's pipe.
func (m *Model) ScriptReadsPipe(call *Call, a Arg) bool {
	in := call.Fd(0)
	if a.Static || in.Kind != StreamPipe || in.Pipe == nil || in.Stage <= 0 || in.Pipe.Subst != "" {
		return false
	}
	return wordReadsStdinFile(a) || m.substReadsStage(in.Pipe, in.Stage)
}

// wordReadsStdinFile reports a word with a substitution $(< F) of the
// standard input: /dev/stdin, /dev/fd/0, /proc/self/fd/0.
func wordReadsStdinFile(a Arg) bool {
	if a.Word == nil {
		return false
	}
	found := false
	walkTree(a.Word, func(n sh.Node) bool {
		cs, ok := n.(*sh.CmdSubst)
		if !ok || found {
			return !found
		}
		if len(cs.Stmts) == 1 && cs.Stmts[0].Cmd == nil && len(cs.Stmts[0].Redirs) == 1 {
			r := cs.Stmts[0].Redirs[0]
			if r.Op == sh.RdrIn && r.Word != nil {
				switch r.Word.Lit() {
				case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// DockerRunOptions returns docker run's (and create's) options that take a
// value: the letters, and the long names without "--".
func DockerRunOptions() (short string, long []string) {
	return dockerValueShort, append([]string(nil), dockerValueLong...)
}

// gitProgramOptions are the options of git's transport commands whose
// value is a command git runs through the shell: clone, fetch, pull and
// ls-remote -u/--upload-pack, push --receive-pack/--exec, archive --exec.
var gitProgramOptions = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-u": true, "--upload-pack": true, "--receive-pack": true, "--exec": true}
}}

// gitTransport models the programs a git transport command runs: the
// value of --upload-pack and the like (shell text, for local and ssh
// remotes), and an ext:: URL, whose command git runs directly.
func (w *walker) gitTransport(c scope, call *Call, sub string, rest []Arg) {
	for j := 0; j < len(rest); j++ {
		a := &rest[j]
		v := a.Value
		name, val, attached := strings.Cut(v, "=")
		switch {
		case gitProgramOptions.Get()[v] && j+1 < len(rest) && !(v == "-u" && sub == "push"):
			// push -u is --set-upstream.
			w.childArg(c, call, &rest[j+1], "git "+sub+" "+v)
			j++
		case attached && strings.HasPrefix(name, "--") && gitProgramOptions.Get()[name]:
			w.child(c, call, val, nil, "git "+sub+" "+name, !a.Static)
		case strings.HasPrefix(v, "-u") && len(v) > 2 && sub != "push":
			w.child(c, call, v[2:], nil, "git "+sub+" -u", !a.Static)
		case strings.HasPrefix(strings.ToLower(v), "ext::"):
			argv := extArgv(v[len("ext::"):])
			if len(argv) > 0 {
				w.child(c, call, quoteArgv(argv), nil, "git ext:: transport", !a.Static)
			}
		case attached && strings.HasPrefix(name, "--") && strings.HasPrefix(strings.ToLower(val), "ext::"):
			// The repository given as an option's value: archive
			// --remote=ext::…, push --repo=ext::… (git-archive(1),
			// git-push(1)) reach the transport as a plain URL does.
			if argv := extArgv(val[len("ext::"):]); len(argv) > 0 {
				w.child(c, call, quoteArgv(argv), nil, "git "+sub+" "+name+" (ext:: transport)", !a.Static)
			}
		}
	}
}

// extArgv splits the command of an ext:: URL as git-remote-ext does: words
// are separated by unescaped spaces, "% " is a space and "%%" a percent
// sign; the %S/%s/%G/%V placeholders are left as they are.
func extArgv(s string) []string {
	var out []string
	var b strings.Builder
	started := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '%' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '%'):
			b.WriteByte(s[i+1])
			started = true
			i++
		case ch == ' ':
			if started {
				out = append(out, b.String())
				b.Reset()
				started = false
			}
		default:
			b.WriteByte(ch)
			started = true
		}
	}
	if started {
		out = append(out, b.String())
	}
	return out
}

// trapRunsBetween reports whether a trap set for these conditions can run
// between two commands of the script: any but EXIT (or 0), which runs
// only at its end.
func trapRunsBetween(sigs []Arg) bool {
	for _, a := range sigs {
		if !a.Static {
			return true
		}
		switch strings.ToUpper(strings.TrimPrefix(strings.ToUpper(a.Value), "SIG")) {
		case "EXIT", "0":
		default:
			return true
		}
	}
	return false
}

// onlyReturn reports a trap set for RETURN alone (written out).
func onlyReturn(sigs []Arg) bool {
	for _, a := range sigs {
		if !a.Static || !strings.EqualFold(a.Value, "RETURN") {
			return false
		}
	}
	return len(sigs) > 0
}

// returnMayFire reports whether a RETURN trap set by call can run: bash
// runs it when a sourced file or a function returns (a function only
// under set -T, extdebug or declare -t, which a start-up file may set, so
// any function counts). It can when it is set inside a function or a
// script that is not the command's own text (a sourced file, eval, a
// trap's action), or when the command's text declares a function, runs
// eval, source or ., a command whose name only run time knows or that
// may be another (alias, command, builtin), a callback (mapfile,
// readarray), or sets another trap (whose action may source a file).
func (w *walker) returnMayFire(c scope, call *Call) bool {
	if len(w.frames) > 0 || c.sc == nil || c.sc.Parent != nil || c.sc.Kind != "" || c.sc.File == nil {
		return true
	}
	may := false
	walkTree(c.sc.File, func(n sh.Node) bool {
		if may {
			return false
		}
		switch n := n.(type) {
		case *sh.FuncDecl:
			may = true
		case *sh.CallExpr:
			if len(n.Args) == 0 {
				return true
			}
			name, ok := plainWord(n.Args[0])
			switch {
			case !ok || RunnerOf(name) == HostRunner:
				may = true
			case name == "alias" || name == "command" || name == "builtin" || name == "mapfile" || name == "readarray":
				may = true
			case name == "trap" && n != call.Expr:
				may = true
			}
		}
		return !may
	})
	return may
}

// onlyDebug reports whether a trap is set for DEBUG alone, which runs
// before every simple command.
func onlyDebug(sigs []Arg) bool {
	for _, a := range sigs {
		if !a.Static || strings.ToUpper(a.Value) != "DEBUG" {
			return false
		}
	}
	return len(sigs) > 0
}

// declaredFuncs are the names of the functions declared anywhere in sc
// and the scripts it is nested in.
func declaredFuncs(sc *Script) map[string]bool {
	out := map[string]bool{}
	for ; sc != nil; sc = sc.Parent {
		if sc.File == nil {
			continue
		}
		walkTree(sc.File, func(n sh.Node) bool {
			if fd, ok := n.(*sh.FuncDecl); ok && fd.Name != nil {
				out[fd.Name.Value] = true
			}
			return true
		})
	}
	return out
}

// projectHooksDir returns the directory git config core.hooksPath VALUE
// points the repository's own hooks at, when it is one of the project's
// (outside its .git), and whether it is: a relative value is taken from
// the top of the work tree, where git runs hooks. A value for every
// repository (--global, --system) or in another file, one known only at
// run time, or a directory elsewhere is not.
func (w *walker) projectHooksDir(call *Call, rest []Arg, val *Arg, repo gitRepoAt) (Dir, bool) {
	top := Dir{Path: repo.top, Known: repo.top != ""}
	if !top.Known {
		// No repository on disk yet (git init earlier in this command):
		// git's work tree is where it runs.
		top = call.Dir
	}
	if !val.Static || val.Value == "" || w.project == "" || !top.Known {
		return Dir{}, false
	}
	opts, _ := ScanOptions(rest, gitConfigSpec)
	for _, o := range opts {
		switch o.Name {
		case "global", "system", "file", "f", "blob":
			return Dir{}, false
		}
	}
	d := top.Join(val.Value)
	if !d.Known {
		return Dir{}, false
	}
	clean, project := path.Clean(d.Path), path.Clean(w.project)
	inside := false
	for p := clean; p != "/" && p != "."; p = path.Dir(p) {
		if path.Base(p) == ".git" {
			return Dir{}, false
		}
		if p == project {
			inside = true
			break
		}
	}
	return d, inside
}

// mountSpec reads a --mount value (type=bind,source=S,target=D,readonly):
// its source, its target, whether it is a bind mount and whether it is
// read-only.
func mountSpec(spec string) (src, dst string, bind, ro bool) {
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "source", "src":
			src = v
		case "target", "dst", "destination":
			dst = v
		case "type":
			bind = v == "bind"
		case "readonly", "ro":
			ro = v == "" || v == "true" || v == "1"
		}
	}
	return src, dst, bind, ro
}

// gitDashed walks git-SUB, by git's exec path
// (/usr/lib/git-core/git-reset) or on PATH, as the git SUB it is: git
// SUB runs that program with the same words, so every rule judges it as
// that git command (git-stash, git-reset --hard, git-push --force were
// allowed). git-clone is the clone rule's own.
func (w *walker) gitDashed(c scope, call *Call) {
	if sub, ok := strings.CutPrefix(call.Name, "git-"); ok && gitDashedSub(sub) {
		w.child(c, call, "git "+sub+" "+rawJoin(call.Args), nil, call.Name, false)
	}
}

// gitDashedSub reports a SUB of a program named git-SUB that is one of
// git's own commands (GitOwnCommand: installed in its exec path): letters,
// digits and dashes. git-clone, judged by the clone rule itself, is left
// out, and so is git-lfs, another program that git lfs runs (its filter
// process, git-lfs filter-process, is configured in the repositories a git
// command reads: walked as git lfs it would lead back to itself).
func gitDashedSub(sub string) bool {
	if sub == "" || sub == "clone" || sub == "lfs" || len(sub) > 64 || !GitOwnCommand(sub) {
		return false
	}
	for _, r := range sub {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
