package syntax

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// More programs run text an option or a variable hands them; each value
// is a nested script, judged as if typed (issue 12, class 4):
//
//   - strace -o '|CMD' and -o '!CMD' (also ltrace) pipe the trace into CMD;
//   - sort --compress-program=PROG runs PROG on the data it spills (PROG
//     sh runs the data itself: the sorted lines are a script);
//   - split --filter=COMMAND runs COMMAND with $SHELL -c for each chunk;
//   - install -s --strip-program=PROG, sdiff and diff3 --diff-program=PROG
//     run PROG (a program, not shell text);
//   - make --eval=TEXT / -E TEXT, and --eval in MAKEFLAGS: a line of
//     Makefile text, whose $(shell CMD) runs CMD;
//   - npx -c CMD, npm exec -c CMD: a shell command line;
//   - rsync -e/--rsh CMD: the remote shell, started on this machine;
//   - go test/run -exec PROG, go build/test/vet/run -toolexec PROG, go vet
//     -vettool=PROG: a program run with its arguments;
//   - cargo --config 'target.T.runner="CMD"' (and .linker, build.rustc-wrapper):
//     a program cargo runs;
//   - dpkg --pre-invoke=CMD, apt-get -o DPkg::Pre-Invoke::=CMD, apt-get
//     -c FILE, dpkg-buildpackage --hook-NAME=CMD and debian/rules: the
//     package tools' hooks (packagehooks.go);
//   - packer build's shell-local provisioners (packer.go);
//   - kak -e/-E CMDS, -p (commands on stdin) and -f KEYS: the %sh{…}
//     expansions and the shell keys (!, |, $) judged as typed, sourced
//     files read (kakoune.go);
//   - rg --pre PROG (also from RIPGREP_CONFIG_PATH's file): PROG FILE for
//     each file searched, judged as find PATHS -type f -exec PROG {} \;
//     (rgpre.go);
//   - ugrep --filter=EXTS:COMMAND (also from ug's .ugrep): COMMAND for
//     each file, judged as rg --pre's; --pager and --view (ugrep.go);
//   - a TeX engine with -shell-escape: the document's \write18{CMD}
//     (texshell.go);
//   - salt-call cmd.run CMD and cmd.exec_code LANG CODE (saltcall.go);
//   - rebar3's pre_hooks/post_hooks and rebar.config.script (rebar.go);
//   - makepkg's PKGBUILD, rpmbuild's spec sections and the %(CMD) rpm
//     expands (pkgbuilds.go);
//   - latexmk's latexmkrc, -r FILE and -e CODE (Perl) and its command
//     options and variables, -pdflatex=CMD (latexmk.go);
//   - mlr --prepipe CMD, --prepipex CMD: shell text Miller runs on each
//     input file;
//   - svn --editor-cmd, --config-option config:tunnels:NAME=CMD, hg
//     --config hooks.NAME=CMD and HGRCPATH (vcsconfig.go);
//   - python3 -m pdb -c CMD: a debugger command, Python code when not one
//     of pdb's own (!stmt, any statement);
//   - PERL5DB=CODE with perl -d: the debugger perl loads, Perl code;
//   - PYTHONSTARTUP=FILE with python3 -i (or no program): a script read
//     before the prompt.

// optionCode judges the code these options and variables hand a program.
func (w *walker) optionCode(c scope, call *Call) {
	w.fedPrograms(c, call) // the same, with the words xargs or parallel feed
	args := call.Args
	value := func(i int, long, short string) (Arg, int, bool) {
		v := args[i].Value
		switch {
		case long != "" && v == "--"+long && i+1 < len(args):
			return args[i+1], i + 1, true
		case long != "" && strings.HasPrefix(v, "--"+long+"="):
			a := args[i]
			a.Value = strings.TrimPrefix(v, "--"+long+"=")
			return a, i, true
		case short != "" && v == "-"+short && i+1 < len(args):
			return args[i+1], i + 1, true
		case short != "" && len(v) > len(short)+1 && strings.HasPrefix(v, "-"+short) && !strings.HasPrefix(v, "--"):
			a := args[i]
			a.Value = v[len(short)+1:]
			return a, i, true
		}
		return Arg{}, i, false
	}
	text := func(a Arg, kind string) {
		w.child(c, call, a.Value, nil, kind, !a.Static)
	}
	for i, a := range call.pre {
		// strace and ltrace run the command after their options: the
		// -o of the wrapper words.
		if base := baseName(a.Value); a.Static && (base == "strace" || base == "ltrace") {
			w.traceOutput(c, call, call.pre[i+1:], base)
		}
	}
	switch call.Name {
	case "strace", "ltrace":
		w.traceOutput(c, call, args, call.Name)
	case "erl":
		w.erlRun(c, call)
	case "sort":
		for i := 0; i < len(args); i++ {
			if a, next, ok := value(i, "compress-program", ""); ok {
				text(a, "sort --compress-program")
				if a.Static && RunnerOf(baseName(strings.Fields(a.Value + " x")[0])) != NotRunner {
					// The program reads what sort spills as its
					// script: the sorted lines are code.
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
						What: "sort --compress-program=" + a.Value + " runs the data sort spills as " + a.Value + " code"})
				}
				i = next
			}
		}
	case "split":
		// split --filter=COMMAND (--fil=, --filter COMMAND) writes each
		// chunk to the standard input of $SHELL -c COMMAND.
		opts, _ := ScanOptions(args, splitSpec)
		for _, o := range opts {
			if o.Name == "filter" && o.HasVal {
				text(o.Val, "split --filter")
			}
		}
	case "install", "sdiff", "diff3":
		// install -s --strip-program=PROG runs PROG on each installed
		// file; sdiff and diff3 --diff-program=PROG run PROG to compare
		// (a program started with its arguments, no shell).
		long := "diff-program"
		spec := OptSpec{LongEq: true, Abbrev: true, LongVal: []string{long}, ShortVal: "owI", LongFlag: []string{"help", "version"}}
		if call.Name == "install" {
			long = "strip-program"
			spec, _ = CopyOptions("install")
		}
		opts, _ := ScanOptions(args, spec)
		strip := call.Name != "install"
		for _, o := range opts {
			strip = strip || o.Name == "s" || o.Name == "strip"
		}
		for _, o := range opts {
			if o.Name == long && o.HasVal && strip {
				w.argvChild(c, call, []Arg{o.Val}, call.Name+" --"+long, call.env, call.Dir)
			}
		}
	case "dpkg":
		// dpkg --pre-invoke=CMD and the other hooks (packagehooks.go).
		w.dpkgHooks(c, call, args)
	case "dpkg-buildpackage", "debuild":
		// --hook-NAME=CMD and the package's debian/rules (packagehooks.go).
		w.dpkgBuildpackage(c, call)
	case "apt-get", "apt", "aptitude":
		// apt-get -o DPkg::Pre-Invoke::=CMD, -c FILE (packagehooks.go).
		w.aptHooks(c, call)
	case "kak":
		// kak -e/-E CMDS, -p SESSION (stdin), -f KEYS: %sh{…} and the
		// shell keys (kakoune.go).
		w.kakoune(c, call)
	case "rg":
		// rg --pre PROG runs PROG FILE for each file it searches
		// (rgpre.go).
		w.rgPre(c, call)
	case "ugrep", "ug", "ugrep+", "ug+":
		// ugrep --filter=EXTS:COMMAND runs COMMAND for each file of
		// those extensions (ugrep.go).
		w.ugrepFilter(c, call)
	case "salt-call":
		// salt-call cmd.run CMD (saltcall.go).
		w.saltCall(c, call)
	case "rebar3":
		// rebar.config's pre_hooks/post_hooks, rebar.config.script (rebar.go).
		w.rebar3(c, call)
	case "packer":
		// packer build: the template's shell-local steps (packer.go).
		w.packerRun(c, call)
	case "makepkg":
		// PKGBUILD and its functions (pkgbuilds.go).
		w.makepkg(c, call)
	case "rpm", "rpmbuild", "rpmspec":
		// %(CMD) in --eval and specs, rpmbuild's %build (pkgbuilds.go).
		w.rpmTools(c, call)
	case "latexmk":
		// latexmkrc, -r FILE, -e CODE (Perl) and -pdflatex=CMD (latexmk.go).
		w.latexmk(c, call)
	case "mlr":
		// Miller's --prepipe CMD runs CMD < FILE, --prepipex CMD runs CMD
		// FILE, through the shell, for each input file (mlr help
		// flags); a word of its own or --prepipe=CMD.
		for i := 0; i < len(args); i++ {
			for _, name := range []string{"prepipe", "prepipex"} {
				if a, next, ok := value(i, name, ""); ok {
					text(a, "mlr --"+name)
					i = next
				}
			}
		}
	case "svn":
		// svn --editor-cmd, --config-option config:tunnels:… (vcsconfig.go).
		w.svnOptions(c, call)
	case "hg", "chg":
		// hg --config hooks.NAME=CMD, HGRCPATH (vcsconfig.go).
		w.hgOptions(c, call)
	case "rsync":
		// rsync -e/--rsh CMD, RSYNC_RSH, RSYNC_CONNECT_PROG: the programs
		// rsync starts on this machine (rsyncshell.go).
		w.rsyncShell(c, call)
	case "make", "gmake":
		for i := 0; i < len(args); i++ {
			if a, next, ok := value(i, "eval", "E"); ok {
				w.makeEval(c, call, a)
				i = next
			}
		}
		// GNU make reads GNUMAKEFLAGS as it reads MAKEFLAGS (and then
		// empties it for the makes below).
		for _, name := range []string{"MAKEFLAGS", "GNUMAKEFLAGS"} {
			v, known, set := w.envOf(c, call, name)
			if !set {
				continue
			}
			// make splits the value at blanks its backslashes do not
			// escape; the text after --eval= is read to the end, where
			// the $(shell …) it holds closes.
			for rest := v; ; {
				i := strings.Index(rest, "--eval=")
				if i < 0 {
					break
				}
				rest = rest[i+len("--eval="):]
				w.makeEval(c, call, Arg{Value: rest, Raw: rest, Static: known})
			}
		}
	case "npx", "npm", "pnpm":
		if call.Name != "npx" && (len(args) == 0 || args[0].Value != "exec" && args[0].Value != "x") {
			return
		}
		for i := 0; i < len(args); i++ {
			if args[i].Value == "--" {
				break
			}
			if a, next, ok := value(i, "call", "c"); ok {
				text(a, call.Name+" -c")
				i = next
			}
		}
	case "go":
		for i := 0; i < len(args); i++ {
			if args[i].Value == "--" || args[i].Value == "-args" {
				break
			}
			for _, name := range []string{"exec", "toolexec", "vettool"} {
				if a, next, ok := value(i, name, ""); ok || args[i].Value == "-"+name && i+1 < len(args) {
					if !ok {
						a, next = args[i+1], i+1
					}
					if !ok && strings.HasPrefix(args[i].Value, "-"+name+"=") {
						a.Value = strings.TrimPrefix(args[i].Value, "-"+name+"=")
					}
					text(a, "go -"+name)
					i = next
				}
				if v, ok := strings.CutPrefix(args[i].Value, "-"+name+"="); ok {
					a := args[i]
					a.Value = v
					text(a, "go -"+name)
				}
			}
		}
	case "cargo":
		for i := 0; i < len(args); i++ {
			a, next, ok := value(i, "config", "")
			if !ok {
				continue
			}
			i = next
			key, val, found := strings.Cut(a.Value, "=")
			key = strings.TrimSpace(key)
			if !found || !(strings.HasSuffix(key, ".runner") || strings.HasSuffix(key, ".linker") || strings.HasSuffix(key, "rustc-wrapper")) {
				continue
			}
			a.Value = strings.Trim(strings.TrimSpace(val), `"'`)
			text(a, "cargo --config "+key)
		}
	}
	if texEngines.Has(call.Name) {
		// pdflatex -shell-escape: the document's \write18{CMD} (texshell.go).
		w.texShell(c, call)
	}
	if l := lang.ForProgram(call.Name); l == lang.Python {
		// python3 -m pdb -c CMD … (also after -X/-W values): the
		// debugger's commands.
		if m, rest, ok := PythonModuleArgs(call); ok && m.Value == "pdb" {
			for j := len(args) - len(rest); j < len(args); j++ {
				if a, next, ok := value(j, "command", "c"); ok {
					w.program(c, call, lang.Python, strings.TrimPrefix(a.Value, "!"), "pdb -c", !a.Static, "")
					j = next
					continue
				}
				if !strings.HasPrefix(args[j].Value, "-") {
					break
				}
			}
		}
		if p, ok := interpreterProgram(call); ok {
			w.breakpointHook(c, call, p)
		}
		if vals, open, set := w.envChoices(c, call, "PYTHONSTARTUP", false); set {
			interactive := false
			for _, a := range args {
				interactive = interactive || a.Value == "-i" || strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "i")
			}
			if p, _ := interpreterProgram(call); interactive || p.stdin && !p.hasCode {
				for _, v := range vals {
					if v != "" {
						w.scriptFile(c, call, Arg{Value: v, Raw: v, Static: true}, string(lang.Python))
					}
				}
				if open {
					w.scriptFile(c, call, Arg{Value: "$PYTHONSTARTUP", Raw: "$PYTHONSTARTUP"}, string(lang.Python))
				}
			}
		}
	}
	if l := lang.ForProgram(call.Name); l == lang.Perl {
		debug := false
		for _, a := range args {
			debug = debug || strings.HasPrefix(a.Value, "-d") && !strings.HasPrefix(a.Value, "-d:")
		}
		if vals, _, set := w.envChoices(c, call, "PERL5OPT", false); set && slices.ContainsFunc(vals, perlOptDebug) {
			debug = true // PERL5OPT=-d: every perl runs under the debugger
		}
		if v, known, set := w.envOf(c, call, "PERL5DB"); set && debug {
			w.program(c, call, lang.Perl, v, "PERL5DB", !known, "")
		}
		if debug {
			// perl5db.pl runs ./.perldb (perldb.ini without /dev/tty;
			// else the one in HOME) as Perl before
			// its first prompt (red team 9 D).
			w.rcFiles(c, call, lang.Perl, ".perldb", "perldb.ini")
		}
	}
	if call.Name == "irb" {
		// irb runs $IRBRC or ~/.irbrc (homeRC) and the working directory's
		// .irbrc, irb.rc, _irbrc and $irbrc as Ruby before its first
		// prompt (red team 9 D).
		// $IRBRC or the home's ~/.irbrc: homeRC.
		w.rcFiles(c, call, lang.Ruby, ".irbrc", "irb.rc", "_irbrc", "$irbrc")
	}
}

// rcFiles reads the start-up files names (relative to call's directory)
// a program runs as code in language l, when they are there: what the
// command wrote, else the disk.
func (w *walker) rcFiles(c scope, call *Call, l lang.Lang, names ...string) {
	if !call.Dir.Known {
		return
	}
	for _, n := range names {
		d := call.Dir.Join(n)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		name := relTo(call.Dir.Path, d.Path)
		w.program(c, call, l, text, name, false, name)
	}
}

// perlOptDebug reports a PERL5OPT value that turns on perl's debugger:
// a word -d (the dash is optional there, and switches may be bundled,
// -wd), not -d:Module, which loads Devel::Module instead of PERL5DB.
// The value of -M, -m, -I, -D and -C is the rest of its word.
func perlOptDebug(v string) bool {
	for _, f := range optionWords(v) {
		f = strings.TrimPrefix(f, "-")
	letters:
		for i := 0; i < len(f); i++ {
			switch f[i] {
			case 'd':
				if i+1 < len(f) && f[i+1] == ':' {
					break letters
				}
				return true
			case 'M', 'm', 'I', 'D', 'C':
				break letters
			}
		}
	}
	return false
}

// makeEval judges a line of Makefile text make --eval evaluates: its
// $(shell CMD) and ${shell CMD} run CMD.
func (w *walker) makeEval(c scope, call *Call, a Arg) {
	t := a.Value
	for _, open := range []string{"$(shell ", "${shell "} {
		closer := byte(')')
		if open[1] == '{' {
			closer = '}'
		}
		rest := t
		for n := 0; n < 16; n++ {
			i := strings.Index(rest, open)
			if i < 0 {
				break
			}
			body := rest[i+len(open):]
			depth, end := 1, -1
			for k := 0; k < len(body); k++ {
				switch body[k] {
				case open[1]:
					depth++
				case closer:
					depth--
				}
				if depth == 0 {
					end = k
					break
				}
			}
			if end < 0 {
				w.child(c, call, body, nil, "make --eval $(shell)", !a.Static)
				break
			}
			w.child(c, call, body[:end], nil, "make --eval $(shell)", !a.Static)
			rest = body[end+1:]
		}
	}
	if !strings.Contains(t, "$(shell") && !strings.Contains(t, "${shell") && strings.Contains(t, "$") && !a.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: t,
			What: "make --eval evaluates Makefile text only known at run time"})
	}
}

// TraceOutputs returns the values of strace's or ltrace's -o/--output
// among words (its options, up to the traced command): a file the trace
// is written to, or "|CMD"/"!CMD", a command it is piped into.
func TraceOutputs(words []Arg) []Arg {
	var out []Arg
	for i := 0; i < len(words); i++ {
		v := words[i].Value
		switch {
		case (v == "-o" || v == "--output") && i+1 < len(words):
			out = append(out, words[i+1])
			i++
		case strings.HasPrefix(v, "--output="):
			o := words[i]
			o.Value = strings.TrimPrefix(v, "--output=")
			out = append(out, o)
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			o := words[i]
			o.Value = v[2:]
			out = append(out, o)
		case !strings.HasPrefix(v, "-"):
			return out // the traced command begins
		}
	}
	return out
}

// traceOutput judges the commands strace's or ltrace's -o pipes into.
func (w *walker) traceOutput(c scope, call *Call, words []Arg, name string) {
	for _, out := range TraceOutputs(words) {
		if cmd, ok := strings.CutPrefix(out.Value, "|"); ok {
			w.child(c, call, cmd, nil, name+" -o |", !out.Static)
		} else if cmd, ok := strings.CutPrefix(out.Value, "!"); ok {
			w.child(c, call, cmd, nil, name+" -o !", !out.Static)
		}
	}
}

// splitSpec are GNU split's options (split --help); --numeric-suffixes
// and --hex-suffixes take a value only after "=".
var splitSpec = OptSpec{ShortVal: "abCltn", LongEq: true, Abbrev: true,
	LongVal:  []string{"suffix-length", "additional-suffix", "bytes", "line-bytes", "filter", "lines", "number", "separator"},
	LongFlag: []string{"numeric-suffixes", "hex-suffixes", "elide-empty-files", "unbuffered", "verbose", "help", "version"}}
