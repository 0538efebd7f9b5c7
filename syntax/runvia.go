package syntax

import (
	"encoding/base64"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Programs run text the command hands them in their environment or in an
// option: a pager, an editor, a browser, an askpass helper, an ssh
// transport or proxy, a compiler; options an interpreter reads from its
// environment (NODE_OPTIONS=--require ./x.js); modules an interpreter
// loads before the program (node -r, perl -M, ruby -r, python -m). Each
// is a nested script or program text, judged as if typed.

// varUse is what a program does with an environment variable's value.
type varUse int

const (
	// varText: a shell command line the program runs (sh -c "VALUE ARGS").
	varText varUse = iota + 1
	// varLessOpen: less's input preprocessor (LESSOPEN="|cmd %s").
	varLessOpen
	// varOptions: options the program reads before its own words.
	varOptions
	// varLessKey: a lesskey source less reads (LESSKEYIN=FILE), or its
	// text (LESSKEY_CONTENT).
	varLessKey
	// varRustFlags: rustc's flags, which cargo hands every rustc it runs
	// (RUSTFLAGS, CARGO_ENCODED_RUSTFLAGS): -C linker=PROG names a
	// program rustc runs to link.
	varRustFlags
)

// commandVarText are the variables whose whole value programs run as a
// command line, by name. Build tools run the compiler variables the same
// way (make's $(CC) -c x.c is run by sh -c).
var commandVarText = lazy.Set{List: []string{
	"EDITOR", "VISUAL", "FCEDIT", "PAGER", "BROWSER", "TERMINAL", "GIT_EXTERNAL_DIFF", "GIT_SSH",
	"SVN_SSH", // svn+ssh://: the tunnel svn starts (its [tunnels] ssh default)
	"CC", "CXX", "CPP", "LD", "AR", "AS", "NM", "RANLIB", "STRIP", "OBJCOPY", "OBJDUMP", "FC", "F77",
	"MAKE", "PKG_CONFIG", "RUSTC", "RUSTDOC", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER",
	"CARGO_BUILD_RUSTC", "CARGO_BUILD_RUSTDOC", "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
	"JAVACMD",             // mvn, ant, gradle: the java they run (toolroots.go)
	"ACK_PAGER_COLOR",     // ack's pager when it colours (ACK_PAGER ends in PAGER)
	"KAKOUNE_POSIX_SHELL", // the shell kak runs every %sh{…} with (kakoune.go)
}}

// commandVarSuffixes are the endings of the names programs give such
// variables by convention: GIT_PAGER, MANPAGER, SYSTEMD_PAGER, GH_PAGER;
// GIT_EDITOR, GIT_SEQUENCE_EDITOR, SUDO_EDITOR, KUBE_EDITOR; GH_BROWSER;
// SUDO_ASKPASS, SSH_ASKPASS, GIT_ASKPASS; GIT_SSH_COMMAND; RSYNC_RSH,
// CVS_RSH; GIT_PROXY_COMMAND; cargo's CARGO_TARGET_<triple>_RUNNER,
// CARGO_TARGET_<triple>_LINKER and CARGO_BUILD_RUSTC_WRAPPER.
var commandVarSuffixes = []string{"PAGER", "EDITOR", "_BROWSER", "ASKPASS", "_SSH_COMMAND", "_RSH", "_PROXY_COMMAND", "_RUNNER", "_RUSTC_WRAPPER", "_LINKER"}

// rustFlagsVar reports a variable cargo reads rustc's (or rustdoc's)
// flags from: RUSTFLAGS, RUSTDOCFLAGS, their CARGO_ENCODED_ forms (words
// separated by 0x1f), CARGO_BUILD_RUSTFLAGS and
// CARGO_TARGET_<triple>_RUSTFLAGS.
func rustFlagsVar(name string) bool {
	switch name {
	case "RUSTFLAGS", "RUSTDOCFLAGS", "CARGO_ENCODED_RUSTFLAGS", "CARGO_ENCODED_RUSTDOCFLAGS", "CARGO_BUILD_RUSTFLAGS", "CARGO_BUILD_RUSTDOCFLAGS":
		return true
	}
	return strings.HasPrefix(name, "CARGO_TARGET_") && strings.HasSuffix(name, "_RUSTFLAGS")
}

// rustLinkers returns the programs rustc flags make it run: the linker of
// -C linker=PROG (also -Clinker=PROG, --codegen linker=PROG), and the
// linker a C compiler driver is told to use through -C link-arg/link-args
// (-fuse-ld=PATH, --ld-path=PATH: cc runs PATH). Other codegen options
// (-C target-cpu=native, -C opt-level=3) name no program.
func rustLinkers(name, v string) []string {
	var words []string
	if strings.HasPrefix(name, "CARGO_ENCODED_") {
		words = strings.Split(v, "\x1f")
	} else {
		words = strings.Fields(v)
	}
	return rustLinkerWords(words)
}

// rustLinkerWords returns the programs rustc's flags words make it run
// (rustLinkers).
func rustLinkerWords(words []string) []string {
	var out []string
	driver := func(a string) {
		for _, p := range []string{"-fuse-ld=", "--ld-path="} {
			if x, ok := strings.CutPrefix(a, p); ok && strings.Contains(x, "/") {
				out = append(out, x)
			}
		}
	}
	for i := 0; i < len(words); i++ {
		wd := words[i]
		var opt string
		switch {
		case (wd == "-C" || wd == "--codegen") && i+1 < len(words):
			i++
			opt = words[i]
		case strings.HasPrefix(wd, "--codegen="):
			opt = strings.TrimPrefix(wd, "--codegen=")
		case strings.HasPrefix(wd, "-C"):
			opt = strings.TrimPrefix(wd, "-C")
		default:
			continue
		}
		k, val, _ := strings.Cut(opt, "=")
		switch strings.ReplaceAll(k, "_", "-") {
		case "linker":
			if val != "" {
				out = append(out, val)
			}
		case "link-arg":
			driver(val)
		case "link-args":
			for _, a := range strings.Fields(val) {
				driver(a)
			}
		}
	}
	return out
}

// optionVars are the variables whose value is options of a program: the
// program named, or, for an interpreter, every run of it the command
// starts (NODE_OPTIONS reaches npm, which is node).
var optionVars = lazy.Value[map[string]struct {
	program string
	any     bool
}]{New: func() map[string]struct {
	program string
	any     bool
} {
	return map[string]struct {
		program string
		any     bool
	}{
		"TAR_OPTIONS": {"tar", false}, "LESS": {"less", false}, "ZIPOPT": {"zip", false},
		"UNZIP": {"unzip", false}, "UNZIPOPT": {"unzip", false},
		"NODE_OPTIONS": {"node", true}, "PERL5OPT": {"perl", true}, "RUBYOPT": {"ruby", true},
	}
}}

// commandVar returns what programs do with the variable name.
func commandVar(name string) varUse {
	switch name {
	case "LESSOPEN", "LESSCLOSE":
		return varLessOpen
	case "LESSKEYIN", "LESSKEYIN_SYSTEM", "LESSKEY_CONTENT", "LESSKEY", "LESSKEY_SYSTEM":
		return varLessKey
	case "PROMPT_COMMAND", "BASH_ENV", "ENV":
		return 0 // the shell's own (startup, prompt): read elsewhere
	}
	if _, ok := optionVars.Get()[name]; ok {
		return varOptions
	}
	if rustFlagsVar(name) {
		return varRustFlags
	}
	if commandVarText.Has(name) {
		return varText
	}
	for _, s := range commandVarSuffixes {
		if strings.HasSuffix(name, s) {
			return varText
		}
	}
	return 0
}

// commandVars judges, at a call, the values of the variables a program
// runs: given to it (a prefix assignment, env NAME=value) or set earlier
// in the command. A variable the script set without export counts too:
// EDITOR and its kind usually come exported from the environment, and the
// new value is then what programs see. Each value is judged once.
func (w *walker) commandVars(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name == "" || runByShell(call) {
		return // bash runs these itself: no program sees the variables
	}
	if startsNoProgram(call, st) {
		return // ls, cat, wc: no pager, editor or helper is ever run
	}
	type val struct {
		name, text string
		dynamic    bool
		exported   bool
		// open: a value none of its candidates cover, or one a
		// command's output chose (X=$(cat f); NODE_OPTIONS=$X).
		open bool
	}
	var vals []val
	prefixed := map[string]bool{}
	if call.Expr != nil {
		for _, as := range call.Expr.Assigns {
			if as.Name == nil || as.Value == nil || commandVar(as.Name.Value) == 0 {
				continue
			}
			r := &resolver{src: c.sc.Src, dir: call.Dir, st: w.cur}
			a := r.arg(as.Value)
			vals = append(vals, val{as.Name.Value, a.Value, !a.Static, false, !a.Static && (len(a.Candidates()) == 0 || a.Printed || a.SubstOpen())})
			if !a.Static {
				// NODE_OPTIONS="${X-}--require ./e.js": each value it
				// takes with the run-time parts unset or empty.
				for _, cand := range a.Candidates() {
					vals = append(vals, val{as.Name.Value, cand, false, false, false})
				}
			}
			prefixed[as.Name.Value] = true
		}
	}
	names := make([]string, 0, len(envWords))
	for name := range envWords {
		if commandVar(name) != 0 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		vals = append(vals, val{name, envWords[name], false, true, false})
		prefixed[name] = true
	}
	if e := call.envEdit; e != nil {
		// env NODE_OPTIONS="${X-}…": the values of the wrappers' words
		// only run time knows.
		names = names[:0]
		for name, a := range e.set {
			if a != nil && !a.Static && commandVar(name) != 0 {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			a, _ := e.get(name)
			for _, cand := range a.Candidates() {
				vals = append(vals, val{name, cand, false, true, false})
			}
			if len(a.Candidates()) == 0 || a.Printed || a.SubstOpen() {
				vals = append(vals, val{name, a.Value, true, true, true})
			}
			prefixed[name] = true
		}
	}
	names = names[:0]
	for name := range st.vars {
		if !prefixed[name] && commandVar(name) != 0 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		v := st.vars[name]
		vs := v.values()
		if !v.known && !v.seeded && !v.forgotten {
			vs = append(vs, v.maybe...) // export NODE_OPTIONS=${X:-…}
		}
		for _, s := range vs {
			vals = append(vals, val{name, s, false, true, false})
		}
		if !v.known && !v.seeded && !v.forgotten && !v.nameref && (len(vs) == 0 || v.printed) {
			vals = append(vals, val{name, "$" + name, true, true, true})
		}
	}
	for _, v := range vals {
		if strings.TrimSpace(v.text) == "" {
			continue
		}
		key := v.name + "=" + v.text
		targets := w.editorTargetsFor(call, v.name)
		key += editKey(targets)
		if w.ranVars[key] {
			continue
		}
		if w.ranVars == nil {
			w.ranVars = map[string]bool{}
		}
		w.ranVars[key] = true
		kind := v.name
		if v.exported {
			kind += " (exported)"
		}
		switch commandVar(v.name) {
		case varText:
			from := len(w.m.Calls)
			w.runEditor(c, call, targets, v.text, kind, v.dynamic) // editorvars.go
			if pagerVar(v.name) {
				w.pagerScriptReaders(from, call, kind) // pagerscript.go
			}
			if len(targets) == 0 && (strings.HasSuffix(v.name, "EDITOR") || v.name == "VISUAL") {
				// A message file handed to a shell or an interpreter
				// runs (editorvars.go).
				w.editorScriptReaders(from, call, kind)
			}
		case varLessOpen:
			w.child(c, call, lessOpenCommand(v.text), nil, kind, v.dynamic)
		case varLessKey:
			// Any less the command starts (git's and man's pager too)
			// reads it.
			if v.name == "LESSKEY_CONTENT" {
				w.lessKeyContent(c, call, v.text, !v.open, kind)
			} else if !v.dynamic || v.open {
				compiled := v.name == "LESSKEY" || v.name == "LESSKEY_SYSTEM"
				w.lessKeyFile(c, call, v.text, !v.dynamic, kind, compiled)
			}
		case varRustFlags:
			for _, p := range rustLinkers(v.name, v.text) {
				w.child(c, call, Quote(p), nil, kind+" -C linker", v.dynamic)
			}
		case varOptions:
			o := optionVars.Get()[v.name]
			if v.open && o.any && !sizeOptionsOnly(v.text) && !strings.HasPrefix(c.sc.Kind, v.name) {
				// The options only run time knows may load code
				// (--require, -M, -r): asked about, as MAKEFILES is
				// (not again inside the reading of the options
				// themselves).
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v.name,
					What: o.program + " takes the options " + v.name + " holds, only known at run time (an option may load code)"})
			}
			switch {
			case o.any:
				// The interpreter's module search variables go with it.
				// Each word of the value is one option (node honours
				// double quotes, perl and ruby split at blanks): quoted
				// again, so a ; in a data: URL stays in its word.
				words := ""
				for _, f := range optionWords(v.text) {
					words += " " + Quote(f)
				}
				if l, _ := preloadProgram(call); l != "" && optionsVarOf(l) == v.name {
					// PERL5OPT=-Mevil perl -I. …: the command line's -I
					// directories are searched for the variable's
					// modules too (call.modPath: -I first, then the
					// variable's and PERL5LIB's).
					for _, d := range call.modPath {
						words += " -I" + Quote(d)
					}
				}
				w.child(c, call, modulePathAssigns(st, envWords)+o.program+words+" -e 1", nil, kind, v.dynamic)
			case call.Name == o.program || o.program == "tar" && (call.Name == "gtar" || call.Name == "bsdtar"):
				args := call.Args
				if o.program == "tar" {
					// GNU tar spells out an old-style first word (xf A as
					// -x -f A) before it puts TAR_OPTIONS' words after
					// the program's name: TAR_OPTIONS=--to-command=sh tar
					// xf x.tar runs each member, as with tar -xf x.tar
					// (checked with GNU tar 1.34).
					args = TarArgs(args)
				}
				text := call.Name + " " + v.text
				for _, a := range args {
					text += " " + Quote(a.Value)
				}
				w.child(c, call, text, nil, kind, v.dynamic)
			case o.program == "less":
				// $LESS reaches every less the command starts, git's and
				// man's pager among them: its lesskey options are read
				// now.
				w.child(c, call, "less "+v.text, nil, kind, v.dynamic)
			default:
				delete(w.ranVars, key) // judged when the program runs
			}
		}
	}
}

// startsNoProgram reports a call of a program that runs no other
// program whatever its words and environment (inertPrograms: ls, cat,
// wc, grep, …), found where the system keeps it: named without a slash,
// not a function of the script, not shadowed by a PATH directory this
// command put first, and with no wrapper but those that only exec their
// command. Such a program never reads PAGER, EDITOR, LESSOPEN or the
// options variables, so PAGER=sh ls runs no pager while PAGER=sh man ls
// does. git is not here: git log runs the pager.
func startsNoProgram(call *Call, st *state) bool {
	if !inertPrograms.Has(call.Name) || !call.NameArg.Static || strings.Contains(call.NameArg.Value, "/") ||
		call.PathDir != "" || call.PathRunTime || call.Choice != nil {
		return false
	}
	if st != nil {
		if _, fn := st.funcs[call.Name]; fn {
			return false
		}
	}
	for _, wr := range call.Wrappers {
		if !execOnlyWrappers.Has(wr) {
			return false
		}
	}
	return true
}

// execOnlyWrappers are the commands that run their command line with
// nothing of their own in between (no pager, editor or helper program):
// env, command, exec, nice, nohup, timeout, time.
var execOnlyWrappers = lazy.Set{List: []string{"env", "command", "exec", "nice", "nohup", "timeout", "time"}}

// optionWords splits an options variable (NODE_OPTIONS, PERL5OPT,
// RUBYOPT) into its words as the interpreter does: at blanks, with
// double quotes grouping and a backslash escaping the next character
// inside them (node's ParseNodeOptionsEnvVar).
func optionWords(v string) []string {
	var out []string
	var cur strings.Builder
	in, have := false, false
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case in && ch == '\\' && i+1 < len(v):
			i++
			cur.WriteByte(v[i])
		case ch == '"':
			in, have = !in, true
		case !in && (ch == ' ' || ch == '\t' || ch == '\n'):
			if have || cur.Len() > 0 {
				out = append(out, cur.String())
			}
			cur.Reset()
			have = false
		default:
			cur.WriteByte(ch)
		}
	}
	if have || cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// scpSpec and sftpSpec are scp(1)'s and sftp(1)'s.
var (
	scpSpec  = OptSpec{ShortVal: "cDFiJlSoPX"}
	sftpSpec = OptSpec{ShortVal: "BbcDFiJloPRSs"}
)

// sshCommandKeys are the ssh_config(5) keywords whose value ssh runs
// on this machine with the user's shell: ProxyCommand to reach the host,
// LocalCommand after connecting (with PermitLocalCommand), and
// KnownHostsCommand to list host keys.
var sshCommandKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"proxycommand": true, "localcommand": true, "knownhostscommand": true}
}}

// madeHere reports a file this command writes, copies or links at path
// (with text corral knows or not).
func (w *walker) madeHere(path string) bool {
	_, wrote := w.written[path]
	_, copied := w.programs2[path]
	return wrote || copied || w.opaque[path]
}

// batSpec is bat's options that take a value (bat --help, bat 0.24).
var batSpec = OptSpec{ShortVal: "lmHrd", LongEq: true, LongVal: []string{"language", "map-syntax", "highlight-line", "line-range",
	"style", "theme", "tabs", "wrap", "paging", "pager", "color", "decorations", "italic-text", "terminal-width", "file-name",
	"diff-context", "nonprintable-notation", "binary", "ignored-suffix", "strip-ansi", "set-terminal-title"}}

// optionCommands judges the commands programs run from their own options
// and files: ssh's, scp's and sftp's -o ProxyCommand=…, -F FILE, -S
// PROGRAM; less's +!CMD; man's -P PAGER and -H BROWSER; bat's, ack's and
// ag's --pager CMD; zip's -TT CMD.
func (w *walker) optionCommands(c scope, call *Call) {
	switch call.Name {
	case "enable":
		// enable -f FILE NAME loads a builtin from a shared object into
		// bash: code corral cannot read runs as NAME.
		opts, _ := ScanOptions(call.Args, OptSpec{ShortVal: "f"})
		for _, o := range opts {
			if o.Name == "f" && o.HasVal {
				if d := call.Dir.Join(o.Val.Value); o.Val.Static && d.Known && w.read != nil && !w.madeHere(d.Path) {
					if _, err := os.Lstat(d.Path); errors.Is(err, fs.ErrNotExist) {
						// No such file: nothing loads (pyenv's realpath.dylib
						// off macOS), unless an earlier call makes it
						// (DiskReads: curl -o lib.so …; enable -f ./lib.so).
						w.noteAbsentRead(d.Path)
						continue
					}
				}
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Value,
					What: "enable -f loads a builtin into bash from " + o.Val.Value + ", code corral cannot read"})
			}
		}
	case "wget", "wget2":
		// wget --use-askpass=COMMAND runs COMMAND (a program, not shell
		// text) to ask for the credentials.
		for i, a := range call.Args {
			v, ok := strings.CutPrefix(a.Value, "--use-askpass=")
			if !ok && a.Value == "--use-askpass" && i+1 < len(call.Args) {
				v, ok = call.Args[i+1].Value, true
			}
			if ok && v != "" {
				w.argvChild(c, call, []Arg{{Value: v, Raw: v, Static: a.Static}}, "wget --use-askpass", call.env, call.Dir)
			}
		}
	case "hash":
		// hash -p PATH NAME makes NAME run PATH, whatever NAME says.
		opts, ops := ScanOptions(call.Args, OptSpec{ShortVal: "p"})
		for _, o := range opts {
			if o.Name != "p" || !o.HasVal {
				continue
			}
			for _, i := range ops {
				if name := call.Args[i].Value; !o.Val.Static || baseName(o.Val.Value) != name {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Value,
						What: "hash -p makes " + name + " run " + o.Val.Value})
				}
			}
		}
	case "ssh", "scp", "sftp", "autossh":
		spec := sshSpec
		switch call.Name {
		case "scp":
			spec = scpSpec
		case "sftp":
			spec = sftpSpec
		}
		opts, _ := ScanOptions(call.Args, spec)
		if call.Name != "scp" && call.Name != "sftp" {
			// ssh reads options after the destination too (ssh host
			// -o … cmd), up to the remote command.
			opts = opts[:0]
			host, cmd := sshDestination(call.Args)
			if host < 0 {
				host, cmd = len(call.Args), len(call.Args)
			}
			before, _ := ScanOptions(call.Args[:host], spec)
			opts = append(opts, before...)
			if host+1 < cmd {
				after, _ := ScanOptions(call.Args[host+1:cmd], spec)
				opts = append(opts, after...)
			}
		}
		for _, o := range opts {
			if !o.HasVal {
				continue
			}
			switch o.Name {
			case "o":
				w.sshOption(c, call, o.Val, "-o")
			case "F":
				// -F FILE, also -F /dev/stdin, -F /dev/fd/3, -F <(…):
				// the text that name opens (configText).
				w.sshConfigFile(c, call, o.Val, 0)
			case "S", "D":
				if call.Name == "ssh" && o.Name == "S" || call.Name == "ssh" && o.Name == "D" {
					continue // ssh -S ctl_path, -D port
				}
				// scp/sftp -S PROGRAM (run instead of ssh), -D
				// SFTP_SERVER (run here instead of on the host).
				w.child(c, call, Quote(o.Val.Value), nil, call.Name+" -"+o.Name, !o.Val.Static)
			}
		}
	case "run-parts":
		w.runParts(c, call)
	case "lesskey":
		w.lessKeyCompile(c, call)
	case "less":
		w.lessKeyOptions(c, call)
		for i := range call.Args {
			a := &call.Args[i]
			if !strings.HasPrefix(a.Value, "+") {
				continue
			}
			cmd := strings.TrimPrefix(strings.TrimPrefix(a.Value, "+"), "+")
			switch {
			case strings.HasPrefix(cmd, "!"):
				// less's ! command runs the rest with the shell; % is
				// the file being viewed.
				w.child(c, call, strings.ReplaceAll(cmd[1:], "%", "FILE"), nil, "less +!", !a.Static)
			case strings.HasPrefix(cmd, "|") && len(cmd) > 2:
				// |m CMD pipes the text to mark m into CMD.
				w.child(c, call, cmd[2:], nil, "less +|", !a.Static)
			}
		}
	case "man":
		spec := OptSpec{ShortVal: "CdDeEiIlLmMpPrRsStTwWxXZK", ShortOpt: "HTX", LongEq: true, Abbrev: true,
			LongVal: []string{"config-file", "locale", "systems", "sections", "extension", "pager", "prompt", "preprocessor", "manpath", "encoding", "recode"}}
		spec.ShortVal = strings.NewReplacer("H", "", "T", "", "X", "").Replace(spec.ShortVal)
		opts, _ := ScanOptions(call.Args, spec)
		for _, o := range opts {
			switch {
			case !o.HasVal || o.Val.Value == "":
			case o.Name == "P" || o.Name == "pager":
				// The pager reads the page (man -P sh -l ./x.1 runs its
				// text: ackpager.go, pagerscript.go).
				v := o.Val
				w.runPager(c, call, &v, "man -"+o.Name)
			case o.Name == "H" || o.Name == "html":
				w.child(c, call, o.Val.Value, nil, "man -"+o.Name, !o.Val.Static)
			}
		}
	case "bat", "batcat":
		// bat --pager CMD runs CMD (split into words as a shell would)
		// with its output, unless paging is off (-P, --paging=never);
		// BAT_PAGER and PAGER are the pager variables' (pagerscript.go).
		opts, _ := ScanOptions(call.Args, batSpec)
		var pager *Arg
		never := false
		for _, o := range opts {
			switch {
			case o.Name == "P" || o.Name == "no-paging":
				never = true
			case o.Name == "paging" && o.HasVal:
				never = o.Val.Static && o.Val.Value == "never"
			case o.Name == "pager" && o.HasVal:
				v := o.Val
				pager = &v
			}
		}
		if !never {
			// The pager reads the files bat prints (ackpager.go).
			w.runPager(c, call, pager, call.Name+" --pager")
		}
	case "ack", "ack-grep":
		// ack --pager=CMD runs its output through CMD (Perl's open
		// '|-', the shell for text with its metacharacters), also from
		// its rc files and ACK_OPTIONS (ackpager.go).
		w.ackPager(c, call)
	case "ag":
		// The Silver Searcher's --pager CMD is popen(3)'s shell text
		// (getopt_long: --pager=CMD, an abbreviation); --nopager turns
		// it off.
		pager := longPager(call.Args, false, func(name string) bool { return strings.HasPrefix("nopager", name) && len(name) > 2 })
		w.runPager(c, call, pager, "ag --pager")
	case "zip":
		// zip -T's test command (-TT, --unzip-command) is shell text.
		for i := 0; i < len(call.Args); i++ {
			a := call.Args[i]
			text, attached, ok := zipTestCommand(a.Value)
			switch {
			case !ok:
			case !attached && i+1 < len(call.Args):
				w.childArg(c, call, &call.Args[i+1], "zip "+a.Value)
				i++
			case attached && text != "":
				w.child(c, call, text, nil, "zip -TT", !a.Static)
			}
		}
	}
}

// zipTestCommand reads one word of zip as Info-ZIP's option parser does
// for the test command: -TT CMD, -TTCMD, -TT=CMD, --unzip-command CMD,
// --unzip-command=CMD and any unambiguous abbreviation of the long name
// (--unz…; --un is also --unicode). attached reports that the command
// is in the word itself; ok that the word is that option.
func zipTestCommand(v string) (text string, attached, ok bool) {
	if long, isLong := strings.CutPrefix(v, "--"); isLong {
		name, val, eq := strings.Cut(long, "=")
		if len(name) < 3 || !strings.HasPrefix("unzip-command", name) {
			return "", false, false
		}
		return val, eq, true
	}
	rest, isTT := strings.CutPrefix(v, "-TT")
	if !isTT {
		return "", false, false
	}
	if rest == "" {
		return "", false, true
	}
	return strings.TrimPrefix(rest, "="), true, true
}

// sshOption judges one -o option: "Key=Value" or "Key Value".
func (w *walker) sshOption(c scope, call *Call, a Arg, where string) {
	key, val, ok := strings.Cut(strings.TrimSpace(a.Value), "=")
	if !ok {
		key, val, ok = strings.Cut(strings.TrimSpace(a.Value), " ")
	}
	key = strings.ToLower(strings.TrimSpace(key))
	val = strings.TrimSpace(val)
	if !ok || !sshCommandKeys.Get()[key] || strings.EqualFold(val, "none") || val == "" {
		return
	}
	w.child(c, call, val, nil, "ssh "+where+" "+key, !a.Static)
}

// sshConfigFile judges the ssh configuration file a names (-F a): each
// line as sshConfigLine does, and the files its Include lines name
// (ssh_config(5): globs allowed, a relative name is under ~/.ssh, as for
// the user's own file, which -F's file is taken as), depth bounded as
// ssh bounds it (16).
func (w *walker) sshConfigFile(c scope, call *Call, a Arg, depth int) {
	if _, sub := w.m.ArgStream(a); sub {
		return // -F <(…): ssh closes descriptors above 2 first (below)
	}
	if n, ok := fdPath(a.Value); ok && a.Static && n > 2 {
		// ssh closes every descriptor above stderr before it reads its
		// configuration (OpenSSH 9.2: -F /dev/fd/3 "Can't open user
		// config file", and it exits): only stdin, stdout and stderr
		// can carry one.
		return
	}
	if vagrantSSHConfig(call, a) {
		return
	}
	text, ok := w.configText(c, call, a, "ssh reads its configuration, which can run programs,")
	if !ok || depth > 16 {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		key, rest, _ := strings.Cut(line, " ")
		if k, v, eq := strings.Cut(key, "="); eq {
			key, rest = k, v+" "+rest
		}
		if !strings.EqualFold(key, "include") {
			w.sshConfigLine(c, call, line, a.Value)
			continue
		}
		for _, f := range strings.Fields(strings.TrimPrefix(strings.TrimSpace(rest), "=")) {
			f = strings.Trim(f, `"`)
			if strings.HasPrefix(f, "~") {
				f = expandTilde(f, w.home)
			} else if !filepath.IsAbs(f) {
				f = filepath.Join(w.home, ".ssh", f)
			}
			matches, err := filepath.Glob(f)
			if err != nil || len(matches) == 0 {
				matches = []string{f} // /dev/stdin; a file this command writes
			}
			if len(matches) > 64 {
				w.m.Truncated = true // the rest are not read
				matches = matches[:64]
			}
			for _, m := range matches {
				w.sshConfigFile(c, call, Arg{Value: m, Raw: m, Static: true}, depth+1)
			}
		}
	}
}

// vagrantSSHConfig reports an ssh -F naming the pipe from vagrant
// ssh-config (vagrant ssh-config --host default | ssh -F /dev/stdin
// default, an everyday nl2bash line): vagrant prints the configuration
// of its own machine from the Vagrantfile, which vagrant runs as Ruby
// anyway, so that text adds nothing vagrant itself could not do; it is
// not asked about as run-time text.
func vagrantSSHConfig(call *Call, a Arg) bool {
	n, ok := fdPath(a.Value)
	if !ok || !a.Static {
		return false
	}
	s := call.Fd(n)
	if s.Kind != StreamPipe || s.Pipe == nil || s.Pipe.Subst != "" || s.Stage < 1 || s.Stage >= len(s.Pipe.Calls) {
		return false
	}
	src := s.Pipe.Calls[s.Stage-1]
	if src == nil || src.Name != "vagrant" {
		return false
	}
	_, ops := ScanOptions(src.Args, OptSpec{})
	return len(ops) > 0 && src.Args[ops[0]].Value == "ssh-config"
}

// sshConfigLine judges one line of an ssh configuration file named by -F:
// the command keywords, and Match exec "CMD", which ssh runs to decide
// whether the block applies.
func (w *walker) sshConfigLine(c scope, call *Call, line, file string) {
	if line == "" || line[0] == '#' {
		return
	}
	key, rest, _ := strings.Cut(line, " ")
	if k, v, ok := strings.Cut(key, "="); ok {
		key, rest = k, v+" "+rest
	}
	key = strings.ToLower(key)
	rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "="))
	switch {
	case sshCommandKeys.Get()[key] && !strings.EqualFold(rest, "none") && rest != "":
		w.child(c, call, rest, nil, "ssh -F "+file+": "+key, false)
	case key == "match":
		words := strings.Fields(rest)
		for i, f := range words {
			if strings.EqualFold(f, "exec") && i+1 < len(words) {
				cmd := strings.Join(words[i+1:], " ")
				if strings.HasPrefix(cmd, `"`) {
					if end := strings.Index(cmd[1:], `"`); end >= 0 {
						cmd = cmd[1 : end+1]
					}
				} else {
					cmd = words[i+1]
				}
				w.child(c, call, cmd, nil, "ssh -F "+file+": Match exec", false)
			}
		}
	}
}

// perlLoadedModules are the modules a perl command line loads with -M or
// -m (perl -MFile::Copy -e 'copy(…)', -MIPC::Open3; not -M-MODULE, which
// is "no MODULE"), at most 32, each a plain module name.
func perlLoadedModules(call *Call) []string {
	if call == nil || lang.ForProgram(call.Name) != lang.Perl {
		return nil
	}
	spec, ok := interpSpecFor(lang.Perl, strings.TrimRight(call.Name, "0123456789."))
	if !ok {
		return nil
	}
	opts, _ := ScanOptions(call.Args, spec.opts)
	var out []string
	for _, o := range opts {
		if (o.Name == "M" || o.Name == "m") && o.HasVal && o.Val.Static && len(out) < 32 {
			mod := o.Val.Value
			if i := strings.IndexAny(mod, "=; "); i >= 0 {
				mod = mod[:i]
			}
			if mod != "" && strings.Trim(mod, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:") == "" {
				out = append(out, mod)
			}
		}
	}
	return out
}

// preloads judges the code an interpreter loads before its program:
// node -r/--require, --import, --loader (a file, a package in
// node_modules, or a data: URL); perl -M/-m (a use statement, and the
// module file in an -I directory); ruby -r (a file, or one in an -I
// directory); python -m MODULE (looked up first in the working directory).
func (w *walker) preloads(c scope, call *Call) {
	l, name := preloadProgram(call)
	if l == "" || name == "bun" || name == "deno" {
		return
	}
	spec, ok := interpSpecFor(l, name)
	if !ok {
		return
	}
	opts, _ := ScanOptions(call.Args, spec.opts)
	dirs := call.modPath // -I, then PERL5LIB, RUBYLIB, PYTHONPATH
	for _, o := range opts {
		if !o.HasVal || !o.Val.Static {
			continue
		}
		v := o.Val.Value
		switch {
		case l == lang.JS && (o.Name == "r" || o.Name == "require" || o.Name == "import" || o.Name == "loader" || o.Name == "experimental-loader"):
			if code, ok := lang.DataURLCode(v); ok {
				w.program(c, call, l, code, call.Name+" --"+o.Name+" data:", false, "")
				continue
			}
			var cands []string
			relative := strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/")
			if relative && (o.Name == "r" || o.Name == "require") {
				// -r ./x: the file require finds (x, x.js, x.json,
				// x.node, the directory's main or index).
				if d := call.Dir.Join(v); d.Known {
					if f := w.nodeRequireFile(d.Path); f != "" && !w.nativeLoad(c, call, l, f, call.Name+" --"+o.Name+" "+v) && !strings.HasSuffix(f, ".json") {
						w.firstFile(c, call, []string{f}, string(l))
					}
				}
				continue
			}
			if relative {
				cands = []string{v, v + ".js", v + ".cjs", v + ".mjs", v + "/index.js"}
			} else if !strings.Contains(v, ":") {
				// A package: node_modules/PKG here or above (or the
				// project's own name), the file Node's resolver finds,
				// by require for -r, by import for --import and the
				// loaders (nodepkg.go). A native addon asks.
				what := call.Name + " --" + o.Name + " " + v
				files, bad := w.nodeResolveAll(call.Dir, v, nodeLoadOf(call, o.Name != "r" && o.Name != "require"))
				if bad != "" {
					w.nodeUnread(call, bad, what)
				}
				for _, f := range files {
					if !w.nativeLoad(c, call, l, f, what) && !strings.HasSuffix(f, ".json") {
						w.firstFile(c, call, []string{f}, string(l))
					}
				}
				continue
			}
			if len(cands) > 0 && w.nativeLoad(c, call, l, cands[0], call.Name+" --"+o.Name+" "+v) {
				continue
			}
			w.firstFile(c, call, cands, string(l))
		case l == lang.Perl && (o.Name == "M" || o.Name == "m"):
			mod := strings.TrimPrefix(v, "-")
			if lib, ok := strings.CutPrefix(mod, "lib="); ok {
				// -Mlib=DIR,… is use lib: the later -M modules are
				// searched in DIR first.
				for _, d := range strings.Split(lib, ",") {
					if d != "" {
						dirs = append([]string{d}, dirs...)
					}
				}
			}
			code := "use " + mod + ";"
			if i := strings.IndexAny(mod, "="); i >= 0 {
				code = "use " + mod[:i] + " split(/,/, q{" + mod[i+1:] + "});"
			}
			w.program(c, call, l, code, call.Name+" -"+o.Name, false, "")
			file := mod
			if i := strings.IndexAny(file, "=; "); i >= 0 {
				file = file[:i]
			}
			var cands []string
			for _, d := range dirs {
				// Foo.pmc before Foo.pm in each directory, as require does.
				f := d + "/" + strings.ReplaceAll(file, "::", "/")
				cands = append(cands, f+".pmc", f+".pm")
			}
			w.firstFile(c, call, cands, string(l))
		case l == lang.Ruby && o.Name == "r":
			var cands []string
			if strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") {
				// require tries NAME.rb before NAME itself.
				cands = []string{v + ".rb", v + ".so", v}
				if strings.HasSuffix(v, ".rb") || strings.HasSuffix(v, ".so") {
					cands = []string{v}
				}
			} else {
				for _, d := range dirs {
					cands = append(cands, d+"/"+v+".rb", d+"/"+v+".so", d+"/"+v)
				}
			}
			if w.nativeFirst(c, call, l, cands, call.Name+" -r"+v) {
				continue
			}
			w.firstFile(c, call, cands, string(l))
		case l == lang.Python && o.Name == "m":
			// python -m puts the working directory first on the module
			// path: a module of that name there runs, not the library's.
			// A directory of the path may be a zip archive (zipimport).
			w.pythonRunModule(c, call, append(w.pyPathZero(c, call, "."), dirs...), v) // not under -P, -I (pysafepath.go)
		}
	}
}

// firstFile judges the first of cands (relative to the call's directory)
// that is a file corral can read, in language as; it reports whether
// there was one.
func (w *walker) firstFile(c scope, call *Call, cands []string, as string) bool {
	for _, p := range cands {
		d := call.Dir.Join(p)
		if !d.Known {
			return false
		}
		_, ok := w.written[d.Path]
		if !ok && w.read != nil {
			_, err := w.read(d.Path)
			ok = err == nil
		}
		if ok {
			w.scriptFile(c, call, Arg{Value: p, Raw: p, Static: true}, as)
			return true
		}
	}
	return false
}

// TarOptions is GNU tar's command line (tar --help; argp, which takes any
// unambiguous prefix of a long option). An option whose value is optional
// (--backup[=CONTROL], --checkpoint[=N]) takes none from the next word.
// Read it through TarArgs, which spells out the old-style first word.
var TarOptions = OptSpec{ShortVal: "CFHIKLNTVXbfg", LongEq: true, Abbrev: true,
	LongVal:  []string{"add-file", "after-date", "blocking-factor", "checkpoint-action", "directory", "exclude", "exclude-from", "exclude-ignore", "exclude-ignore-recursive", "exclude-tag", "exclude-tag-all", "exclude-tag-under", "file", "files-from", "format", "group", "group-map", "hole-detection", "index-file", "info-script", "label", "level", "listed-incremental", "mode", "mtime", "new-volume-script", "newer", "newer-mtime", "no-quote-chars", "owner", "owner-map", "pax-option", "quote-chars", "quoting-style", "record-size", "rmt-command", "rsh-command", "sort", "sparse-version", "starting-file", "strip-components", "suffix", "tape-length", "to-command", "transform", "use-compress-program", "volno-file", "warning", "xattrs-exclude", "xattrs-include", "xform"},
	LongFlag: []string{"absolute-names", "acls", "anchored", "append", "atime-preserve", "auto-compress", "backup", "block-number", "bzip2", "catenate", "check-device", "check-links", "checkpoint", "clamp-mtime", "compare", "compress", "concatenate", "confirmation", "create", "delay-directory-restore", "delete", "dereference", "diff", "exclude-backups", "exclude-caches", "exclude-caches-all", "exclude-caches-under", "exclude-vcs", "exclude-vcs-ignores", "extract", "force-local", "full-time", "get", "gunzip", "gzip", "hard-dereference", "help", "ignore-case", "ignore-command-error", "ignore-failed-read", "ignore-zeros", "incremental", "interactive", "keep-directory-symlink", "keep-newer-files", "keep-old-files", "list", "lzip", "lzma", "lzop", "multi-volume", "no-acls", "no-anchored", "no-auto-compress", "no-check-device", "no-delay-directory-restore", "no-ignore-case", "no-ignore-command-error", "no-null", "no-overwrite-dir", "no-recursion", "no-same-owner", "no-same-permissions", "no-seek", "no-selinux", "no-unquote", "no-verbatim-files-from", "no-wildcards", "no-wildcards-match-slash", "no-xattrs", "null", "numeric-owner", "occurrence", "old-archive", "one-file-system", "one-top-level", "overwrite", "overwrite-dir", "portability", "posix", "preserve-order", "preserve-permissions", "read-full-records", "recursion", "recursive-unlink", "remove-files", "restrict", "same-order", "same-owner", "same-permissions", "seek", "selinux", "show-defaults", "show-omitted-dirs", "show-snapshot-field-ranges", "show-stored-names", "show-transformed-names", "skip-old-files", "sparse", "test-label", "to-stdout", "totals", "touch", "uncompress", "ungzip", "unlink-first", "unquote", "update", "usage", "utc", "verbatim-files-from", "verbose", "verify", "version", "wildcards", "wildcards-match-slash", "xattrs", "xz", "zstd"}}

// TarArgs returns tar's words with an old-style first word (tar xzf
// a.tar, tar cIf CMD a.tar) spelled as the letters it stands for, one
// word each, each letter that takes a value followed by its value: the
// next word after the first, in turn (tar cIf CMD a.tar is tar -c -I CMD
// -f a.tar).
func TarArgs(args []Arg) []Arg {
	if len(args) == 0 || !args[0].Static || args[0].Value == "" || strings.HasPrefix(args[0].Value, "-") ||
		strings.Trim(args[0].Value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return args
	}
	old, rest := args[0], args[1:]
	out := make([]Arg, 0, len(args)+len(old.Value))
	for _, l := range old.Value {
		a := old
		a.Value = "-" + string(l)
		out = append(out, a)
		if strings.ContainsRune(TarOptions.ShortVal, l) && len(rest) > 0 {
			out, rest = append(out, rest[0]), rest[1:]
		}
	}
	return append(out, rest...)
}

// vimArgs returns vim's words with each cluster of one-letter options
// (vim -sc CMD, ex -es, -cCMD) spelled one option a word, as vim reads
// them (main.c's command_line_scan): letters go on until one that takes
// a value, which is the last of its word (-c takes the rest of the word
// when there is one, as -V does); digits belong to the letter before
// (-o2, -V9). A word that is not such a cluster is left as it is.
func vimArgs(args []Arg) []Arg {
	var out []Arg
	for i, a := range args {
		v := a.Value
		if v == "--" {
			out = append(out, args[i:]...)
			return out
		}
		if !a.Static || len(v) < 3 || v[0] != '-' || v[1] == '-' {
			out = append(out, a)
			continue
		}
		for j := 1; j < len(v); {
			k := j + 1
			switch {
			case v[j] == 'c' || v[j] == 'V':
				k = len(v)
			default:
				for k < len(v) && v[k] >= '0' && v[k] <= '9' {
					k++
				}
			}
			part := a
			part.Value = "-" + v[j:j+1]
			out = append(out, part)
			if rest := v[j+1 : k]; rest != "" {
				if v[j] == 'c' {
					val := a
					val.Value = rest
					out = append(out, val)
				} else {
					out[len(out)-1].Value += rest
				}
			}
			j = k
		}
	}
	return out
}

// mountedText replaces, in text, each path that starts with the mount
// point ctr (a whole path component: /h, /h/x, not /hx) with the same path
// under host.
func mountedText(text, ctr, host string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		j := strings.Index(text[i:], ctr)
		if j < 0 {
			b.WriteString(text[i:])
			break
		}
		j += i
		end := j + len(ctr)
		before := j == 0 || strings.ContainsRune(" \t\n;&|('\"=:`", rune(text[j-1]))
		after := end == len(text) || strings.ContainsRune("/ \t\n;&|)'\"`", rune(text[end]))
		b.WriteString(text[i:j])
		switch {
		case before && after && host == "/" && end < len(text) && text[end] == '/':
			// /host/etc under a mount of / is /etc.
		case before && after:
			b.WriteString(host)
		default:
			b.WriteString(ctr)
		}
		i = end
	}
	return b.String()
}

// copySpecs are the options of the programs that copy a file's content
// to another name (coreutils 9: cp, mv, ln, install; getopt_long).
var copySpecs = [...]struct {
	name string
	spec OptSpec
}{
	{"cp", OptSpec{ShortVal: "St", LongEq: true, Abbrev: true, LongVal: []string{"suffix", "target-directory", "no-preserve", "sparse"},
		LongFlag: []string{"archive", "attributes-only", "backup", "copy-contents", "debug", "dereference", "force", "interactive", "link",
			"no-clobber", "no-dereference", "no-target-directory", "one-file-system", "parents", "preserve", "recursive", "reflink",
			"remove-destination", "strip-trailing-slashes", "symbolic-link", "update", "verbose", "keep-directory-symlink", "context", "help", "version"}}},
	{"mv", OptSpec{ShortVal: "St", LongEq: true, Abbrev: true, LongVal: []string{"suffix", "target-directory"},
		LongFlag: []string{"backup", "debug", "exchange", "force", "interactive", "no-clobber", "no-copy", "no-target-directory",
			"strip-trailing-slashes", "update", "verbose", "context", "help", "version"}}},
	{"ln", OptSpec{ShortVal: "St", LongEq: true, Abbrev: true, LongVal: []string{"suffix", "target-directory"},
		LongFlag: []string{"backup", "directory", "force", "interactive", "logical", "no-dereference", "no-target-directory", "physical",
			"relative", "symbolic", "verbose", "help", "version"}}},
	{"install", OptSpec{ShortVal: "gmoSt", LongEq: true, Abbrev: true, LongVal: []string{"group", "mode", "owner", "suffix", "target-directory", "strip-program"},
		LongFlag: []string{"backup", "compare", "debug", "directory", "no-target-directory", "preserve-timestamps", "strip", "verbose",
			"preserve-context", "context", "help", "version"}}},
}

// CopyOptions returns the options of cp, mv, ln or install: the one
// table both the shell model and the rules read them with.
func CopyOptions(name string) (OptSpec, bool) {
	for _, c := range copySpecs {
		if c.name == name {
			return c.spec, true
		}
	}
	return OptSpec{}, false
}

// noteCopy follows a file's content to the names a command gives it
// before it runs one of them: cp, mv, ln and install of a file written
// earlier in the command or on disk (a copy of a system program keeps the
// program's name: cp /bin/rm ./x makes ./x rm), and tee fed text corral
// knows. A name written with content corral cannot know is opaque: a
// later run of it asks (scriptFile).
func (w *walker) noteCopy(c scope, call *Call) {
	if len(call.Wrappers) > 0 && call.Wrappers[0] != "sudo" && call.Wrappers[0] != "command" {
		return
	}
	switch call.Name {
	case "tee":
		text, known := "", false
		if c.pipe != nil && c.pipeIndex > 0 && c.pipe.Calls[c.pipeIndex] == call {
			t, dynamic, ok := w.producedText(c, c.pipe, c.pipeIndex-1)
			text, known = t, ok && !dynamic
		} else {
			// tee f <<EOF, tee f <<< "…", tee f < g: the text of its
			// standard input.
			text, known = w.stdinCopyText(c, call)
		}
		appendMode := false
		opts, ops := ScanOptions(call.Args, OptSpec{LongEq: true, Abbrev: true, LongVal: []string{"output-error"},
			LongFlag: []string{"append", "ignore-interrupts", "help", "version"}})
		for _, o := range opts {
			appendMode = appendMode || o.Name == "a" || o.Name == "append"
		}
		for _, i := range ops {
			a := call.Args[i]
			d := call.Dir.Join(a.Value)
			if !a.Static || !d.Known {
				continue
			}
			if known {
				if appendMode {
					prev := w.written[d.Path]
					all, ok := w.addedText(d.Path, text, false)
					if !ok {
						w.setOpaque(d.Path)
						w.siteWrite(c, call, d.Path, "", false)
						continue
					}
					w.setWrittenPart(d.Path, all)
					w.siteWrite(c, call, d.Path, prev+text, true)
					continue
				}
				w.setWritten(d.Path, text)
			} else {
				w.setOpaque(d.Path)
			}
			w.siteWrite(c, call, d.Path, text, known)
		}
		return
	}
	if w.noteOutputs(c, call) {
		return
	}
	spec, ok := CopyOptions(call.Name)
	if !ok {
		return
	}
	opts, ops := ScanOptions(call.Args, spec)
	var target *Arg
	symbolic, noTarget := false, false
	for _, o := range opts {
		switch o.Name {
		case "t", "target-directory":
			if o.HasVal {
				v := o.Val
				target = &v
			}
		case "s", "symbolic":
			symbolic = call.Name == "ln"
		case "T", "no-target-directory":
			noTarget = true
		case "d", "directory":
			if call.Name == "install" {
				return // install -d makes directories
			}
		}
	}
	var srcs []Arg
	for _, i := range ops {
		srcs = append(srcs, call.Args[i])
	}
	dirDest := false
	if target == nil {
		if len(srcs) < 2 {
			return
		}
		last := srcs[len(srcs)-1]
		target, srcs = &last, srcs[:len(srcs)-1]
		dirDest = !noTarget && (len(srcs) > 1 || strings.HasSuffix(last.Value, "/") || w.isDir(call.Dir.Join(last.Value)))
	} else {
		dirDest = true
	}
	if !target.Static {
		return
	}
	for _, s := range srcs {
		dst := call.Dir.Join(target.Value)
		if dirDest {
			dst = dst.Join(baseName(s.Value))
		}
		if !dst.Known {
			continue
		}
		src := call.Dir.Join(s.Value)
		if symbolic && !strings.HasPrefix(s.Value, "/") {
			// ln -s names its target from the link's directory.
			src = Dir{Path: cleanPath(dst.Path[:strings.LastIndexByte(dst.Path, '/')+1] + s.Value), Known: true}
		}
		if p, ok := ShellProcPath(s.Value); ok && !s.Static && symbolic {
			// ln -s /proc/$$/fd l: a link into the shell's own /proc
			// directory, as /proc/self names it (cd -P l).
			s.Static, src = true, Dir{Path: p, Known: true}
		}
		if !s.Static || !src.Known {
			w.setOpaque(dst.Path)
			w.siteWrite(c, call, dst.Path, "", false)
			continue
		}
		if symbolic && w.cur != nil {
			// cd -P through the link resolves it (physical.go).
			w.cur.links.add(dst.Path, src.Path)
		}
		if n, ok := fdPath(src.Path); ok {
			// install /dev/stdin b.sh, cp /dev/fd/3 b: what the
			// descriptor carries, when corral knows it.
			if n == 0 && c.pipe != nil && c.pipeIndex > 0 && c.pipe.Calls[c.pipeIndex] == call {
				if t, dynamic, known := w.producedText(c, c.pipe, c.pipeIndex-1); known && !dynamic {
					w.setWritten(dst.Path, t)
					w.siteWrite(c, call, dst.Path, t, true)
					continue
				}
			}
			w.setOpaque(dst.Path)
			w.siteWrite(c, call, dst.Path, "", false)
			continue
		}
		if prog, ok := w.programs2[src.Path]; ok {
			w.setProgram(dst.Path, prog)
			continue
		}
		by, carried := w.earlierOf(src.Path)
		if text, ok := w.readScript(src); ok {
			if strings.HasPrefix(text, "\x7fELF") && systemProgram(src.Path) {
				w.setProgram(dst.Path, baseName(src.Path))
				continue
			}
			w.setWritten(dst.Path, text)
			w.siteWrite(c, call, dst.Path, text, true)
		} else if w.opaque[src.Path] || unreadableWhy(src.Path) != "" {
			// A source corral cannot read whole (over 1 MiB, a FIFO):
			// the copy holds text only run time knows (unreadable.go).
			w.setOpaque(dst.Path)
			w.siteWrite(c, call, dst.Path, "", false)
		} else {
			delete(w.written, dst.Path)
			w.siteCopyUnread(c, call, src, dst)
		}
		if carried {
			// mv t u of a file an earlier call decoded: u holds its bytes.
			w.carryEarlier(dst.Path, by)
		} else if len(w.earlier) > 0 {
			w.carryEarlierTree(src.Path, dst.Path)
		}
		if call.Name == "mv" {
			delete(w.written, src.Path)
		}
	}
}

func baseName(p string) string {
	p = strings.TrimRight(p, "/")
	return p[strings.LastIndexByte(p, '/')+1:]
}

// systemProgram reports a path in one of the system's program
// directories.
func systemProgram(p string) bool {
	for _, d := range systemPrograms {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// isDir reports a directory on disk at d, when corral reads the disk.
func (w *walker) isDir(d Dir) bool {
	if !d.Known || w.read == nil {
		return false
	}
	fi, err := os.Stat(d.Path)
	return err == nil && fi.IsDir()
}

func (w *walker) setWritten(p, text string) {
	if w.written == nil {
		w.written = map[string]string{}
	}
	w.written[p] = text
	w.bgReadRaced(p) // bgrace.go
	delete(w.earlier, p)
	if w.indexCollect && IsPackageIndexFile(p) {
		w.indexPending = append(w.indexPending, indexWrite{path: p, text: text})
	}
	w.noteCodeConfig(p, text, true)
	delete(w.opaque, p)
	delete(w.programs2, p)
}

func (w *walker) setOpaque(p string) {
	if w.opaque == nil {
		w.opaque = map[string]bool{}
	}
	w.opaque[p] = true
	w.bgReadRaced(p) // bgrace.go
	delete(w.earlier, p)
	w.noteCodeConfig(p, "", false)
	if w.numberFiles == nil {
		w.numberFiles = map[string]bool{}
	}
	delete(w.numberFiles, p)
	delete(w.written, p)
	delete(w.programs2, p)
}

func (w *walker) setProgram(p, prog string) {
	if w.programs2 == nil {
		w.programs2 = map[string]string{}
	}
	w.programs2[p] = prog
	delete(w.earlier, p)
	delete(w.written, p)
	delete(w.opaque, p)
}

// renamedProgram judges a call of a file this command made from a system
// program under another name (cp /bin/rm ./x; ./x -rf ~) as that program,
// and asks about one it wrote with content corral cannot know. It reports
// whether it did either.
func (w *walker) renamedProgram(c scope, call *Call) bool {
	d := call.Dir.Join(call.NameArg.Value)
	if !d.Known {
		return false
	}
	if prog, ok := w.programs2[d.Path]; ok {
		w.runProgramCopy(c, call, prog, call.NameArg.Value+" (a copy of "+prog+")")
		return true
	}
	return w.opaqueRun(call, d, call.NameArg.Value)
}

// runProgramCopy walks call as the program prog it is a copy or link of,
// with call's words.
func (w *walker) runProgramCopy(c scope, call *Call, prog, label string) {
	text := Quote(prog)
	dynamic := false
	for _, a := range call.Args {
		text += " " + Quote(a.Value)
		dynamic = dynamic || !a.Static
	}
	w.child(c, call, text, nil, label, dynamic)
}

// opaqueRun asks about running the file at d when this command wrote it
// with content corral cannot know.
func (w *walker) opaqueRun(call *Call, d Dir, name string) bool {
	if !d.Known {
		return false
	}
	if !w.opaque[d.Path] {
		return w.earlierRun(call, d, name)
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
		What: "runs " + name + ", which this command wrote with content only known at run time"})
	return true
}

// pendingTrap is a trap action set during the walk.
type pendingTrap struct {
	c       scope
	call    *Call
	text    string
	dynamic bool
}

// finalTraps walks each trap action again with the state the script ends
// in: an EXIT trap runs then, with the values the script gave its
// variables after the trap was set (trap 'rm -rf "$D"' EXIT; D=~), and a
// signal may come at any point after it.
func (w *walker) finalTraps(end *state) {
	traps := w.traps
	w.traps = nil
	for _, t := range traps {
		if w.full() {
			return
		}
		w.cur = end
		w.childIn(t.c, t.call, t.text, nil, "trap", t.dynamic, end.clone(), end.dir)
	}
}

// fishSpec is fish's command line (fish --help; getopt_long): -c/--command
// and -C/--init-command take the command text itself.
var fishSpec = OptSpec{ShortVal: "cCdofp", LongEq: true, Abbrev: true, Stop: true,
	LongVal: []string{"command", "init-command", "debug", "debug-output", "features", "profile", "profile-startup"},
	LongFlag: []string{"interactive", "login", "no-config", "no-execute", "private", "print-rusage-self",
		"print-debug-categories", "version", "help"}}

// nuSpec is nushell's: --commands/-c CMD, --execute/-e CMD (run, then
// stay interactive), --config FILE, --env-config FILE.
var nuSpec = OptSpec{ShortVal: "ceI", LongEq: true, Stop: true,
	LongVal:  []string{"commands", "execute", "config", "env-config", "include-path", "log-level", "log-target", "table-mode", "testbin", "plugin-config", "experimental-options"},
	LongFlag: []string{"login", "interactive", "stdin", "no-config-file", "no-std-lib", "no-history", "version", "help", "ide-check", "lsp", "mcp"}}

// otherShellCommands walks the command text fish and nu take in their own
// options (fish --command=CMD, -C CMD, nu --commands CMD, -e CMD), which
// the POSIX reading of a shell's words does not see, PowerShell's
// -Command and -EncodedCommand, whose language corral does not read, and
// osascript's do shell script.
func (w *walker) otherShellCommands(c scope, call *Call) {
	var spec OptSpec
	var names []string
	switch call.Name {
	case "fish":
		spec, names = fishSpec, []string{"command", "init-command", "C"}
	case "nu":
		spec, names = nuSpec, []string{"commands", "execute", "e"}
	case "gdb", "gdb-multiarch", "lldb", "cgdb", "rr":
		w.debuggee(c, call)
		return
	default:
		switch otherLanguage(call.Name) {
		case "powershell":
			w.powershell(c, call)
		case "applescript":
			w.osascript(c, call)
		}
		return
	}
	opts, _ := ScanOptions(call.Args, spec)
	for _, o := range opts {
		if !o.HasVal || !slices.Contains(names, o.Name) {
			continue
		}
		if o.Attached {
			w.child(c, call, o.Val.Value, nil, call.Name+" --"+o.Name, !o.Val.Static)
		} else {
			w.childArg(c, call, &call.Args[o.Idx+1], call.Name+" --"+o.Name)
		}
	}
}

// powerShellRisky are PowerShell's commands and aliases that delete,
// write, download or run other code, lower case.
var powerShellRisky = []string{"remove-item", "rm", "ri", "del", "erase", "rd", "rmdir", "clear-content", "set-content",
	"out-file", "add-content", "move-item", "mv", "copy-item", "cp", "new-item", "invoke-webrequest", "iwr", "wget",
	"curl", "invoke-restmethod", "irm", "invoke-expression", "iex", "start-process", "saps", "start", "invoke-command", "icm", "format-volume",
	"clear-disk", "stop-computer", "restart-computer"}

// powershell reads pwsh's -Command (any unambiguous prefix, any case, -c)
// and -EncodedCommand (-e, -ec: base64 of UTF-16LE text): PowerShell code
// corral has no reader for, asked about when it names a command that
// deletes, writes, downloads or runs other code.
func (w *walker) powershell(c scope, call *Call) {
	if f, ok := powerShellFile(call.Args); ok {
		// pwsh FILE (-File FILE): a script file, read as -Command text is.
		if !f.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f.Raw,
				What: call.Name + " runs " + clip(f.Raw, 40) + ", a PowerShell file only known at run time"})
			return
		}
		if text, ok := w.readScript(call.Dir.Join(f.Value)); ok {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: powerShellRiskyText(text), Text: text,
				What: call.Name + " runs " + f.Value + ", PowerShell code corral does not read"})
		}
		return
	}
	for i := 0; i < len(call.Args); i++ {
		v := strings.ToLower(call.Args[i].Value)
		if !strings.HasPrefix(v, "-") || len(v) < 2 {
			continue
		}
		name, attached, hasEq := strings.Cut(strings.TrimLeft(v, "-/"), ":")
		var text string
		var dynamic bool
		switch {
		case name == "c" || len(name) >= 2 && strings.HasPrefix("command", name):
			if hasEq {
				text = attached
			} else if i+1 < len(call.Args) {
				rest := call.Args[i+1:]
				parts := make([]string, len(rest))
				for k, a := range rest {
					parts[k] = a.Value
					dynamic = dynamic || !a.Static
				}
				text = strings.Join(parts, " ") // the rest of the line is the command
			}
		case name == "e" || name == "ec" || len(name) >= 2 && strings.HasPrefix("encodedcommand", name):
			if i+1 >= len(call.Args) {
				continue
			}
			a := call.Args[i+1]
			dynamic = !a.Static
			b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(a.Value))
			if err != nil || len(b)%2 != 0 {
				text, dynamic = a.Value, true
				break
			}
			u := make([]uint16, len(b)/2)
			for k := range u {
				u[k] = uint16(b[2*k]) | uint16(b[2*k+1])<<8
			}
			text = string(utf16.Decode(u))
		default:
			continue
		}
		if text == "" {
			return
		}
		risky := dynamic || powerShellRiskyText(text)
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: risky, Text: text,
			What: call.Name + " runs PowerShell code corral does not read: " + clip(text, 80)})
		return
	}
}

// powerShellRiskyText reports PowerShell text that names one of
// powerShellRisky's commands.
func powerShellRiskyText(text string) bool {
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if slices.Contains(powerShellRisky, f) {
			return true
		}
	}
	return false
}

// powerShellFile returns the script file a pwsh command line runs: the
// value of -File (-f, any unambiguous prefix), or the first word that is
// not an option when no -Command or -EncodedCommand comes first (pwsh's
// positional parameter is -File).
func powerShellFile(args []Arg) (Arg, bool) {
	for i := 0; i < len(args); i++ {
		v := strings.ToLower(args[i].Value)
		if !strings.HasPrefix(v, "-") || len(v) < 2 {
			return args[i], true
		}
		name := strings.TrimLeft(v, "-/")
		name, _, _ = strings.Cut(name, ":")
		switch {
		case name == "f" || len(name) >= 2 && strings.HasPrefix("file", name):
			if i+1 < len(args) {
				return args[i+1], true
			}
			return Arg{}, false
		case name == "c" || name == "e" || name == "ec" || len(name) >= 2 && (strings.HasPrefix("command", name) || strings.HasPrefix("encodedcommand", name)):
			return Arg{}, false
		case name == "ex" || name == "ep" || name == "wd" || name == "of" || name == "if" || name == "w" || name == "config" ||
			len(name) >= 3 && (strings.HasPrefix("executionpolicy", name) || strings.HasPrefix("workingdirectory", name) ||
				strings.HasPrefix("outputformat", name) || strings.HasPrefix("inputformat", name) || strings.HasPrefix("windowstyle", name) ||
				strings.HasPrefix("configurationname", name) || strings.HasPrefix("custompipename", name) || strings.HasPrefix("settingsfile", name) ||
				strings.HasPrefix("configurationfile", name)):
			i++
		}
	}
	return Arg{}, false
}

// appleShellScript matches AppleScript's do shell script with a string
// literal ("…", backslash escapes) and JavaScript for Automation's
// doShellScript("…"); appleShellAny any use of either.
var (
	appleShellScript = lazy.Regexp{Expr: `(?i)do\s+shell\s+script\s+"((?:[^"\\]|\\.)*)"|doShellScript\(\s*["']((?:[^"'\\]|\\.)*)["']\s*\)`}
	appleShellAny    = lazy.Regexp{Expr: `(?i)do\s+shell\s+script|doShellScript`}
)

// osascript reads osascript's -e lines (osascript(1): AppleScript, or
// JavaScript with -l JavaScript): the text of do shell script "…" and
// doShellScript("…") is a nested script; one built at run time asks.
func (w *walker) osascript(c scope, call *Call) {
	var code []string
	dynamic := false
	for i := 0; i < len(call.Args); i++ {
		if call.Args[i].Value == "-e" && i+1 < len(call.Args) {
			code = append(code, call.Args[i+1].Value)
			dynamic = dynamic || !call.Args[i+1].Static
			i++
		}
	}
	text := strings.Join(code, "\n")
	literal := appleShellScript.Get().FindAllStringSubmatch(text, -1)
	for _, m := range literal {
		s := m[1] + m[2]
		s = strings.NewReplacer(`\"`, `"`, `\'`, `'`, `\\`, `\`).Replace(s)
		w.child(c, call, s, nil, "osascript do shell script", dynamic)
	}
	if n := len(appleShellAny.Get().FindAllStringIndex(text, -1)); n > len(literal) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: text,
			What: "osascript runs do shell script of text built at run time: " + clip(text, 80)})
	}
}

// debuggee walks the program a debugger starts, with its arguments, as a
// nested command: gdb --args PROG ARG…, gdb -ex run PROG, lldb -- PROG
// ARG…, lldb -f PROG, rr record PROG ARG…. The debugger runs it when told
// to (run, -ex r, -o run, -batch with run), which the agent's own text
// does; the program is judged whatever the debugger is told first.
func (w *walker) debuggee(c scope, call *Call) {
	args := call.Args
	var prog []Arg
	switch call.Name {
	case "rr":
		if len(args) > 1 && args[0].Value == "record" {
			prog = args[1:]
			for len(prog) > 0 && strings.HasPrefix(prog[0].Value, "-") {
				prog = prog[1:]
			}
		}
	case "lldb":
		for i, a := range args {
			switch {
			case a.Value == "--":
				prog = args[i+1:]
			case (a.Value == "-f" || a.Value == "--file") && i+1 < len(args):
				prog = args[i+1 : i+2]
			}
			if prog != nil {
				break
			}
		}
	default: // gdb
		// Options as gdb's getopt_long_only reads them (gdbOption):
		// --ar and -arg are --args.
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			code, _, has, isOpt := gdbOption(v)
			switch {
			case code == "args":
				prog = args[i+1:]
			case isOpt && code != "" && !has:
				i++
				continue
			case isOpt || strings.HasPrefix(v, "-"):
				continue
			default:
				prog = args[i : i+1] // gdb PROG [CORE|PID]
			}
			break
		}
	}
	if len(prog) == 0 {
		return
	}
	parts := make([]string, len(prog))
	dynamic := false
	for i, a := range prog {
		parts[i] = Quote(a.Value)
		dynamic = dynamic || !a.Static
	}
	w.child(c, call, strings.Join(parts, " "), nil, call.Name+" (the program it debugs)", dynamic)
}

// noteOutputs marks the files other programs write with content corral
// does not follow as opaque (a later run of one asks, see readScript):
// dd of=FILE, sponge FILE, sort -o FILE, uniq IN OUT, xxd -r IN OUT, an
// ed or ex session on FILE, and what gunzip, unxz, bunzip2, unzstd (or
// -d) make of FILE.gz; rsync SRC DEST copies SRC's content as cp does. It
// reports whether call was one of them.
func (w *walker) noteOutputs(c scope, call *Call) bool {
	opaque := func(a Arg) {
		if d := call.Dir.Join(a.Value); a.Static && d.Known {
			w.setOpaque(d.Path)
		}
	}
	args := call.Args
	if lang.ForProgram(call.Name) == lang.Python {
		// python3 -m zipapp SRC [-o OUT]: OUT, or SRC.pyz; python3 -m
		// zipfile -c ZIP FILES…: ZIP.
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == "-m" && args[i+1].Value == "zipfile" {
				if i+3 < len(args) && (args[i+2].Value == "-c" || args[i+2].Value == "--create") {
					opaque(args[i+3])
					return true
				}
				return false
			}
			if args[i].Value != "-m" || args[i+1].Value != "zipapp" {
				continue
			}
			var src, out Arg
			for j := i + 2; j < len(args); j++ {
				v := args[j].Value
				switch {
				case (v == "-o" || v == "--output") && j+1 < len(args):
					out = args[j+1]
					j++
				case (v == "-p" || v == "--python" || v == "-m" || v == "--main") && j+1 < len(args):
					j++
				case strings.HasPrefix(v, "-"):
				case src.Value == "":
					src = args[j]
				}
			}
			if out.Value == "" && src.Value != "" {
				out = src
				out.Value = strings.TrimSuffix(src.Value, "/") + ".pyz"
			}
			if out.Value != "" {
				opaque(out)
			}
			return true
		}
		return false
	}
	switch call.Name {
	case "curl":
		w.curlWriteOut(c, call) // -w '%output{F}TEXT' (curlwriteout.go)
	case "dd":
		w.ddCopy(c, call, opaque)
	case "sponge":
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				opaque(a)
			}
		}
	case "sort":
		for i, a := range args {
			switch {
			case (a.Value == "-o" || a.Value == "--output") && i+1 < len(args):
				opaque(args[i+1])
			case strings.HasPrefix(a.Value, "--output="):
				a.Value = strings.TrimPrefix(a.Value, "--output=")
				opaque(a)
			case strings.HasPrefix(a.Value, "-o") && len(a.Value) > 2:
				a.Value = a.Value[2:]
				opaque(a)
			}
		}
	case "mkfifo", "mknod":
		// A named pipe carries what another process writes into it at
		// run time (mkfifo f; sh -i < f 2>&1 | nc h 4444 > f): a
		// shell reading it runs text only known then. mknod NAME p
		// makes one too; its other types are devices.
		ops := make([]Arg, 0, len(args))
		skip := false
		for _, a := range args {
			switch {
			case skip:
				skip = false
			case a.Value == "-m" || a.Value == "--mode":
				skip = true
			case strings.HasPrefix(a.Value, "-"):
			default:
				ops = append(ops, a)
			}
		}
		if call.Name == "mknod" {
			if len(ops) >= 2 && (ops[1].Value == "p" || !ops[1].Static) {
				opaque(ops[0])
			}
			return true
		}
		for _, a := range ops {
			opaque(a)
		}
	case "uniq", "xxd":
		var ops []Arg
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				ops = append(ops, a)
			}
		}
		if len(ops) >= 2 {
			opaque(ops[1])
		}
	case "ed", "ex", "red":
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") {
				opaque(a)
			}
		}
	case "gunzip", "unxz", "bunzip2", "unzstd", "unlzma", "gzip", "xz", "bzip2", "zstd", "lzma":
		decompress := strings.HasPrefix(call.Name, "un") || call.Name == "gunzip" || call.Name == "bunzip2"
		for _, a := range args {
			decompress = decompress || a.Static && (a.Value == "--decompress" || len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.Contains(a.Value, "d"))
		}
		if !decompress {
			return true
		}
		for _, a := range args {
			// -c/--stdout writes to standard output, -t and -l only
			// read (gunzip -c t.gz > t leaves t.gz and writes no t).
			if a.Static && (a.Value == "--stdout" || a.Value == "--to-stdout" || a.Value == "--test" || a.Value == "--list" ||
				len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsAny(a.Value, "ctl")) {
				return true
			}
		}
		for _, a := range args {
			if strings.HasPrefix(a.Value, "-") {
				continue
			}
			for _, ext := range []string{".gz", ".tgz", ".xz", ".bz2", ".zst", ".lzma", ".z", ".Z"} {
				if strings.HasSuffix(a.Value, ext) {
					b := a
					b.Value = strings.TrimSuffix(a.Value, ext)
					if ext == ".tgz" {
						b.Value += ".tar"
					}
					opaque(b)
				}
			}
		}
	case "zip":
		// zip [-options] ARCHIVE FILE…: the archive (ARCHIVE.zip when
		// its name has no extension); python3 runs one's __main__.py.
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-b" || v == "-t" || v == "-tt" || v == "-n" || v == "-O" || v == "--out" || v == "-P" || v == "--password":
				i++
			case strings.HasPrefix(v, "-") && v != "-":
			default:
				opaque(args[i])
				if path.Ext(v) == "" {
					b := args[i]
					b.Value += ".zip"
					opaque(b)
				}
				i = len(args)
			}
		}
	case "rsync":
		var ops []Arg
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				ops = append(ops, a)
			}
		}
		if len(ops) < 2 {
			return true
		}
		dest := ops[len(ops)-1]
		for _, s := range ops[:len(ops)-1] {
			dst := call.Dir.Join(dest.Value)
			if strings.HasSuffix(dest.Value, "/") || len(ops) > 2 || w.isDir(dst) {
				dst = dst.Join(baseName(s.Value))
			}
			if !dst.Known || !dest.Static {
				continue
			}
			if text, ok := w.readScript(call.Dir.Join(s.Value)); ok && s.Static {
				w.setWritten(dst.Path, text)
			} else {
				w.setOpaque(dst.Path)
			}
		}
	default:
		return false
	}
	return true
}

// sizeOptionsOnly reports an options value whose only run-time parts are
// the numbers of options that size the interpreter's memory or stack
// (NODE_OPTIONS="--max-old-space-size=$(nproc)"): nothing the value can
// become loads code.
func sizeOptionsOnly(text string) bool {
	sizes := []string{"--max-old-space-size=", "--max-semi-space-size=", "--stack-size=", "--max-http-header-size=", "--stack-trace-limit="}
	for _, f := range optionWords(text) {
		at := strings.IndexAny(f, "$`")
		if at < 0 {
			continue
		}
		ok := false
		for _, p := range sizes {
			ok = ok || strings.HasPrefix(f, p) && at >= len(p)
		}
		if !ok {
			return false
		}
	}
	return true
}

// preloadProgram is the language and interpreter whose preload options
// call takes: its own, or ruby's for irb, whose -r FILE and -I DIR are
// ruby's (irb(1): it requires FILE before its first prompt).
func preloadProgram(call *Call) (lang.Lang, string) {
	if call.Name == "irb" {
		return lang.Ruby, "ruby"
	}
	return lang.ForProgram(call.Name), strings.TrimRight(call.Name, "0123456789.")
}

// stdinCopyText is the text a copying program (tee, dd without if=)
// reads on its standard input when corral knows it: a here-document or
// here-string, or the file a < redirection opens.
func (w *walker) stdinCopyText(c scope, call *Call) (string, bool) {
	if ins := w.stdinTexts(c, call); len(ins) == 1 {
		return ins[0].text, !ins[0].dynamic
	} else if len(ins) > 1 {
		return "", false
	}
	if f := stdinFile(call); f != nil {
		return w.readScript(call.Dir.Join(f.Value))
	}
	return "", false
}

// ddCopy notes the file dd of=F writes: the bytes of if=G (or of its
// standard input without if=) when dd copies them whole — no operand but
// if=, of=, bs=, ibs=, obs=, status= — and text corral knows; otherwise
// F is opaque (skip=, count=, conv= change what lands there).
func (w *walker) ddCopy(c scope, call *Call, opaque func(Arg)) {
	var outs []Arg
	var in *Arg
	whole := true
	for _, a := range call.Args {
		k, v, ok := strings.Cut(a.Value, "=")
		if !ok || !a.Static {
			whole = false
			continue
		}
		switch k {
		case "of":
			o := a
			o.Value = v
			outs = append(outs, o)
		case "if":
			i := a
			i.Value = v
			in = &i
		case "bs", "ibs", "obs", "status":
		default:
			whole = false
		}
	}
	text, known := "", false
	if whole && len(outs) == 1 {
		if in != nil {
			text, known = w.readScript(call.Dir.Join(in.Value))
		} else if c.pipe != nil && c.pipeIndex > 0 && c.pipe.Calls[c.pipeIndex] == call {
			t, dynamic, ok := w.producedText(c, c.pipe, c.pipeIndex-1)
			text, known = t, ok && !dynamic
		} else {
			text, known = w.stdinCopyText(c, call)
		}
	}
	for _, o := range outs {
		d := call.Dir.Join(o.Value)
		if known && o.Static && d.Known {
			w.setWritten(d.Path, text)
			w.siteWrite(c, call, d.Path, text, true)
			continue
		}
		opaque(o)
	}
}
