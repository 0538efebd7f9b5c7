package syntax

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// makeSpec is GNU make's options (make 4.3 --help; getopt_long, so a long
// option may be abbreviated: make --eva=… is --eval). -j, -l and -O take
// an optional attached value, and the long options with an optional value
// take it only after "=".
var makeSpec = OptSpec{ShortVal: "CEfIoW", ShortOpt: "jlO", LongEq: true, Abbrev: true,
	LongVal: []string{"directory", "eval", "file", "makefile", "include-dir", "old-file", "assume-old", "what-if",
		"new-file", "assume-new", "jobserver-style", "jobserver-auth"},
	LongFlag: []string{"always-make", "debug", "environment-overrides", "help", "ignore-errors", "jobs", "keep-going",
		"load-average", "max-load", "check-symlink-times", "just-print", "dry-run", "recon", "output-sync",
		"print-data-base", "question", "no-builtin-rules", "no-builtin-variables", "silent", "quiet", "no-silent",
		"no-keep-going", "stop", "touch", "trace", "version", "print-directory", "no-print-directory",
		"warn-undefined-variables", "shuffle"}}

// makeRun models make [options] [targets]: what make runs while it reads
// the Makefiles (-f FILE, -f - from a here-document, -C DIR, --eval=TEXT,
// MAKEFILES) and the recipes of the targets (makePlan), its options read
// with makeSpec. make -n, -q and -t, however spelled (-kn, --dry), still
// read the files and run the lines marked + or naming $(MAKE); -v and -h
// run nothing.
func (w *walker) makeRun(c scope, call *Call) {
	dir := call.Dir
	var files, evals, procs, incDirs []string
	var targets []string
	dry, noBuiltin, envWins, alwaysMake := false, false, false, false
	silent, trace := false, false
	var whatIf []Arg
	stdin, info := false, false
	args := call.Args
	opts, operands := ScanOptions(args, makeSpec)
	skip := map[int]bool{}
	for _, o := range opts {
		switch o.Name {
		case "v", "h", "version", "help":
			// make prints and exits, but only after it has made the
			// command line's variables (make -v 'X!=CMD' runs CMD).
			info = true
		case "n", "q", "t", "dry-run", "just-print", "recon", "question", "touch":
			// make still reads its makefiles (their $(shell …) runs),
			// remakes them, and runs the recipe lines marked + or
			// naming $(MAKE).
			dry = true
		case "r", "no-builtin-rules":
			noBuiltin = true
		case "s", "silent", "quiet":
			silent = true
		case "no-silent":
			silent = false
		case "trace":
			trace = true
		case "e", "environment-overrides":
			envWins = true
		case "B", "always-make":
			alwaysMake = true
		case "W", "what-if", "new-file", "assume-new":
			// make takes FILE as just changed.
			if o.HasVal {
				whatIf = append(whatIf, o.Val)
			}
		case "I", "include-dir":
			if o.HasVal {
				incDirs = append(incDirs, o.Val.Value)
			}
		case "f", "file", "makefile":
			if !o.HasVal {
				continue
			}
			if ps, ok := w.m.ArgStream(o.Val); ok && ps.Pipe.Subst == "<(" {
				// make -f <(printf …): the Makefile is what it prints.
				if text, _, ok := w.procText(c, ps.Pipe); ok {
					procs = append(procs, text)
				} else {
					w.procScript(c, ps.Pipe, call)
				}
			} else if o.Val.Value == "-" {
				stdin = true
			} else {
				files = append(files, w.makeFileNames(call, o.Val)...)
			}
		case "C", "directory":
			// -C a -C b is a/b; a pattern, a run-time value: dirword.go.
			dir = w.optionDir(dir, o)
		case "E", "eval":
			if o.HasVal {
				evals = append(evals, o.Val.Value)
			}
		case "j", "l", "jobs", "load-average", "max-load":
			// make reads a number after -j, -l and their long forms as
			// their value (-j 4), not as a target.
			if (!o.HasVal || o.Val.Value == "") && o.Idx+1 < len(args) && isNumber(args[o.Idx+1].Value) {
				skip[o.Idx+1] = true
			}
		}
	}
	// Variable definitions: GNUMAKEFLAGS's, MAKEFLAGS's, then the
	// command line's (makecmdvars.go); the other words are goals.
	var cmdVars []makeCmdVar
	// make reads MAKEFLAGS and GNUMAKEFLAGS as words of its command
	// line: a NAME=value there is a command-line variable too.
	for _, name := range []string{"GNUMAKEFLAGS", "MAKEFLAGS"} {
		v, known, set := w.envOf(c, call, name)
		choices, _, maybe := w.envChoices(c, call, name, true)
		if !set && !maybe {
			continue
		}
		// Its options count as the command line's: -e, -I DIR,
		// --eval=TEXT (make 4.3 ignores a -f there). The first word
		// may be one-letter options without a dash (ke). A value the
		// shell set on some paths only: each value it may have.
		flagVals := []string{v}
		if !known {
			flagVals = choices
		}
		for _, fv := range flagVals {
			var flags []Arg
			for i, word := range makeFlagsWords(fv) {
				if word == "--" {
					break
				}
				if i == 0 && !strings.HasPrefix(word, "-") && !strings.Contains(word, "=") {
					word = "-" + word
				}
				if strings.HasPrefix(word, "-") {
					flags = append(flags, Arg{Value: word, Raw: name, Static: true})
				} else if len(flags) > 0 && flags[len(flags)-1].Value == "-I" {
					flags = append(flags, Arg{Value: word, Raw: name, Static: true})
				}
			}
			fo, _ := ScanOptions(flags, makeSpec)
			for _, o := range fo {
				switch o.Name {
				case "e", "environment-overrides":
					envWins = true
				case "s", "silent", "quiet":
					silent = true
				case "trace":
					trace = true
				case "I", "include-dir":
					if o.HasVal {
						incDirs = append(incDirs, o.Val.Value)
					}
				case "E", "eval":
					if o.HasVal {
						evals = append(evals, o.Val.Value)
					}
				}
			}
			// MAKEFLAGS=SHELL=./x.sh, 'X!=CMD': command-line variables
			// (GNU make 4.3 with canaries: they ran).
			cmdVars = append(cmdVars, makeCmdVar{op: "flags", value: fv, static: known || len(choices) > 0, from: name, raw: name})
		}
	}
	argVars, operandTargets := makeCmdVarArgs(args, operands, skip)
	targets = append(targets, operandTargets...)
	cmdVars = append(cmdVars, argVars...)
	overrides := makeCmdOverrides(cmdVars)
	w.makeCmdHidden(call, cmdVars)
	// SHELL=… given on the command line or in MAKEFLAGS (GNU make does
	// not take SHELL from the environment): the program every recipe
	// line runs with.
	var shells []Arg
	for _, cv := range makeCmdDefs(cmdVars) {
		if cv.name == "SHELL" && cv.op != "!=" {
			shells = append(shells, Arg{Value: strings.TrimSpace(cv.value), Raw: cv.raw, Static: cv.static && !strings.Contains(cv.value, "$")})
		}
	}
	dir = w.linkedDir(dir) // ln -s DIR l && make -C l
	inner := *call
	inner.Dir = dir
	if info {
		w.makeFiles(c, call, &inner, nil, makeOpts{overrides: overrides, cmdVars: cmdVars, cmdOnly: true}, 0, false)
		return
	}
	var srcs []makeSource
	for _, text := range procs {
		srcs = append(srcs, makeSource{"make -f <(…)", text})
	}
	if stdin {
		for _, in := range w.makeStdin(c, call) {
			srcs = append(srcs, makeSource{"make -f - (" + in.kind + ")", in.text})
		}
	}
	for _, f := range files {
		if stdinName(f, false) {
			// make -f /dev/stdin reads the Makefile on stdin, as -f - does.
			if !stdin {
				stdin = true
				for _, in := range w.makeStdin(c, call) {
					srcs = append(srcs, makeSource{"make -f " + f + " (" + in.kind + ")", in.text})
				}
			}
			continue
		}
		if _, isFd := fdPath(f); isFd {
			// make -f /dev/fd/3 3<<<'…' (or 3< FILE, 3< <(…)): the
			// makefile is what the descriptor reads.
			text, dynamic, known, named := w.streamConfig(c, call, Arg{Value: f, Raw: f, Static: true})
			if named {
				if !known || dynamic {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f,
						What: "make reads its makefile from " + f + ", whose text is only known at run time"})
				}
				if known && text != "" {
					srcs = append(srcs, makeSource{"make -f " + f, text})
				}
				continue
			}
		}
		if !strings.HasPrefix(f, "/") && w.runTimeDir(call, dir, f) {
			continue
		}
		for _, text := range w.makeReadEach(dir.Join(f)) {
			srcs = append(srcs, makeSource{f, text})
		}
	}
	if len(files) == 0 && !stdin && dir.Known {
		found := false
		for _, f := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if text, ok := w.readScript(Dir{Path: filepath.Join(dir.Path, f), Known: true}); ok {
				srcs = append(srcs, makeSource{f, text})
				found = true
				break
			}
		}
		if !found && !noBuiltin && !dry && len(evals) == 0 {
			w.makeImplicitC(c, call, dir, targets)
		}
	} else if len(files) == 0 && !stdin {
		if len(procs) == 0 {
			w.runTimeDir(call, dir, "its Makefile")
		}
		srcs = append(srcs, w.makeDefaultFiles(dir)...)
	}
	// make evaluates --eval text before it reads its makefiles.
	var evalSrcs []makeSource
	for i, e := range evals {
		evalSrcs = append(evalSrcs, makeSource{fmt.Sprintf("make --eval #%d", i+1), e})
	}
	srcs = append(evalSrcs, srcs...)
	for _, s := range srcs {
		for _, m := range makeShellVar.Get().FindAllStringSubmatch(s.text, -1) {
			shells = append(shells, Arg{Value: strings.TrimSpace(m[1]), Raw: "SHELL in " + s.name, Static: !strings.Contains(m[1], "$")})
		}
	}
	for _, sh := range shells {
		w.makeShell(c, &inner, sh)
	}
	w.makeShellFlags(c, call, &inner, operands)
	w.makeBuiltins(c, &inner, overrides)
	for _, f := range whatIf {
		w.markTouchedArg(dir, f)
	}
	w.makeFiles(c, call, &inner, srcs, makeOpts{overrides: overrides, cmdVars: cmdVars, includeDirs: incDirs, goals: targets, noBuiltin: noBuiltin, envWins: envWins, alwaysMake: alwaysMake, silent: silent, trace: trace}, len(evals), dry)
}

// makeSource is one text make reads as a makefile.
type makeSource struct{ name, text string }

// makeFiles reads the makefiles as make does (syntax/makelang.go) and
// judges what make runs (makePlan).
func (w *walker) makeFiles(c scope, call, inner *Call, srcs []makeSource, opts makeOpts, evals int, dry bool) {
	// make reads the files MAKEFILES names before its own, and without
	// one of its own: given on its command line (make MAKEFILES=x.mk, or
	// in MAKEFLAGS), which wins, or exported to it.
	mf, given := opts.overrides["MAKEFILES"]
	open := false
	if opts.cmdOnly {
		given = false // make -v, -h: no makefile is read
	} else if given {
		mf.Value = strings.TrimSpace(mf.Value)
		open = !mf.Static
	} else if vals, o, set := w.envChoices(c, call, "MAKEFILES", true); set {
		// Each value it may have (${X:-evil.mk}) is read: their files
		// together.
		mf, given, open = Arg{Value: strings.TrimSpace(strings.Join(vals, " ")), Static: true}, true, o
	}
	if open {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "MAKEFILES",
			What: "make reads the makefiles MAKEFILES names, only known at run time"})
	} else if given && mf.Value != "" {
		opts.makefiles = mf.Value
	}
	if len(srcs) == 0 && opts.makefiles == "" {
		if len(opts.cmdVars) == 0 {
			return
		}
		// No makefile: the command line's definitions still act.
		opts.cmdOnly = true
	}
	if inner.Dir.Known {
		opts.dir = inner.Dir.Path
	}
	opts.read = func(p string) (string, bool) { return w.readScript(Dir{Path: p, Known: true}) }
	opts.env = func(name string) (string, bool, bool) {
		v, known, set := w.envValue(c, call, name, true)
		if !set && name == "OS" && runtime.GOOS != "windows" {
			// Windows sets OS=Windows_NT in every environment; make runs
			// here, on the hook's system, where nothing sets it (the
			// ifeq ($(OS),Windows_NT) of cross-platform Makefiles).
			return "", true, true
		}
		return v, known, set
	}
	opts.changed = w.changedHere
	opts.absent = func(p string) bool {
		if w.read == nil {
			return false
		}
		_, err := os.Lstat(p)
		return errors.Is(err, fs.ErrNotExist)
	}
	opts.newer = func(a, b string) bool {
		if w.read == nil {
			return false
		}
		fa, err1 := os.Stat(a)
		fb, err2 := os.Stat(b)
		return err1 == nil && err2 == nil && fa.ModTime().After(fb.ModTime())
	}
	opts.envVals = func(name string) ([]string, bool) {
		vals, open, _ := w.envChoices(c, call, name, true)
		return vals, open
	}
	for _, r := range makePlan(srcs, opts, evals, dry) {
		w.origin = r.where
		switch r.kind {
		case "hidden":
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: strings.TrimSpace(strings.ReplaceAll(r.text, "$$", "$") + " " + r.hint),
				Always: makeFileRead(r.text + " " + r.hint),
				What:   "make reads Makefile text at " + r.where + " that is only known when make runs"})
		case "runtime-shell":
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.ReplaceAll(r.text, "$$", "$"),
				What: "make runs its recipes as $(SHELL) $(.SHELLFLAGS) LINE, with a shell or options only known at run time"})
		case "remade":
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: r.text,
				What: "make remakes the makefile " + clip(r.text, 40) + " and reads it again, with text only its recipe's run gives"})
		case "stdin-include":
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: r.text,
				What: "make reads, at " + r.where + " (" + r.text + "), makefile text from its standard input, which is only known when make runs"})
		case "always":
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: r.text,
				What: "make loads " + clip(r.text, 40) + " at " + r.where + ", native code corral cannot read"})
		case "print":
			// make prints a recipe line it runs, expanded, and the text
			// of $(info …), $(warning …) and $(error …): the values of
			// the variables an included file set are printed there.
			w.m.Prints = append(w.m.Prints, VarPrint{Script: call.Script, Start: call.Start, End: call.End, Sources: makeSources(r.used, false), Dir: call.Dir})
		case "read":
			// $(file <P) reads P into make, whose text may then reach
			// a recipe: judged as the shell's read of P.
			w.child(c, inner, ": < "+shellQuote(makeShellText(r.text)), nil, "make $(file)", r.unres)
		case "write", "append":
			op := " > "
			if r.kind == "append" {
				op = " >> "
			}
			w.child(c, inner, ":"+op+shellQuote(makeShellText(r.text)), nil, "make $(file)", r.unres)
		default:
			kind, what := "make recipe", "the recipe"
			if r.kind == "shell" {
				kind, what = "make $(shell)", "the $(shell …)"
			}
			if r.unres {
				n := len(w.m.Calls)
				w.child(c, inner, makeShellText(r.text), nil, kind, true)
				w.makeTaint(w.m.Calls[n:], r)
				if f := makeSubFiles(w.m.Calls[n:]); f != "" {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.ReplaceAll(r.text, "$$", "$"),
						What: "the recipe at " + r.where + " starts a make that reads a makefile only known when make runs"})
				}
				line := r.text
				if r.line != "" {
					line = r.line
				}
				// A file's text make reads with $(file <P) and runs there
				// asks whatever it holds: corral could not read it.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: strings.TrimSpace(strings.ReplaceAll(line, "$$", "$") + " " + r.hint),
					Always: makeFileRead(r.text + " " + r.hint),
					What:   what + " at " + r.where + " uses make variables or functions, so its commands are only known when make runs"})
			} else {
				n := len(w.m.Calls)
				w.child(c, inner, strings.ReplaceAll(r.text, "$$", "$"), nil, kind, false)
				w.makeTaint(w.m.Calls[n:], r)
			}
		}
		w.origin = ""
	}
}

// makePlan reads the makefiles as make does and returns what make runs:
// the commands of $(shell …) and != and the files $(file >P,…) writes
// while it reads them, whatever the target; the recipes that remake a
// missing included file; the recipe lines of the targets made (with -n,
// -q or -t only the lines marked + or naming $(MAKE)). The first evals
// sources are --eval text, whose $(shell …) is judged with the option
// (optionCode) and whose every recipe counts. Texts are in make's
// expanded form ($$ for a dollar).
func makePlan(srcs []makeSource, opts makeOpts, evals int, dry bool) []makeAction {
	return makePlanRestart(srcs, opts, evals, dry, 0)
}

// makePlanRestart is makePlan after restarts make made: once it has
// remade a makefile it read (or tried to include), make reads every
// makefile again, the new text included (makefileread.go remadeText).
func makePlanRestart(srcs []makeSource, opts makeOpts, evals int, dry bool, restarts int) []makeAction {
	e := newMakeEval(opts)
	e.commandLine()
	if opts.cmdOnly {
		return e.actions
	}
	var evalGoals []string
	for i, s := range srcs {
		if i == evals && opts.makefiles != "" {
			// The files MAKEFILES names are read as -include is, and
			// the default goal is never one of theirs.
			e.include(escapeMake(opts.makefiles), "MAKEFILES", 0)
			e.first = ""
		}
		e.noActions, e.evalText = i < evals, ""
		if i < evals {
			e.evalText = s.text
		}
		if i >= evals && !strings.HasPrefix(s.name, "make ") {
			e.readFiles = append(e.readFiles, s.name)
		}
		n := len(e.rules)
		e.parse(s.name, s.text, 0)
		e.noActions, e.evalText = false, ""
		if i < evals {
			// Text given with --eval runs with whatever target is
			// made: all of its recipes count.
			for _, r := range e.rules[n:] {
				evalGoals = append(evalGoals, r.targets...)
			}
		}
	}
	if len(srcs) <= evals && opts.makefiles != "" {
		// No makefile of its own: make still reads MAKEFILES's.
		e.include(escapeMake(opts.makefiles), "MAKEFILES", 0)
		e.first = ""
	}
	e.suffixRules()
	e.noBuiltin = opts.noBuiltin
	var steps []makeStep
	seen := map[string]bool{}
	// make first remakes an included file that is not there, with the
	// rule that makes it (also with -n).
	for _, f := range e.missing {
		e.steps(f, seen, &steps, nil)
	}
	// It remakes one it read as well when a rule makes it and it is
	// older than a prerequisite: one this command changes first counts
	// (touch dep; make), as does one that is not a file.
	for _, f := range e.readFiles {
		if e.staleMakefile(f) {
			e.steps(f, seen, &steps, nil)
		}
	}
	remade := len(steps)
	goals := opts.goals
	if len(goals) == 0 {
		goals = e.goal()
	}
	for _, g := range append(goals, evalGoals...) {
		e.steps(g, seen, &steps, nil)
	}
	out := append([]makeAction(nil), e.actions...)
	// Each line runs as $(SHELL) $(.SHELLFLAGS) LINE with the exported
	// variables in its environment: read that way when the Makefile
	// changes either.
	globalWrap, wrapUnres := e.recipeShell(e.recipeEnv(nil, nil), nil)
	if wrapUnres && len(steps) > 0 {
		out = append(out, makeAction{kind: "runtime-shell", text: globalWrap, where: "SHELL and .SHELLFLAGS"})
	}
	wrap := globalWrap
	wrapped := func(text string) string {
		if wrap == "" {
			return text
		}
		return wrap + " " + escapeMake(shellQuote(makeShellText(text)))
	}
	// make prints each recipe line it runs, expanded, unless the line
	// starts with @ (after expansion), -s is given or .SILENT: names
	// the target (or nothing); with -n or --trace it prints every line.
	silentAll := opts.silent
	silentTargets := map[string]bool{}
	for _, r := range e.rules {
		if slices.Contains(r.targets, ".SILENT") {
			silentAll = silentAll || len(r.prereqs) == 0
			for _, p := range r.prereqs {
				silentTargets[p] = true
			}
		}
	}
	globalExported := e.exportedTaint(nil, nil)
	var shell []string
	shellUnres := false
	remadeLines := map[string][]makeVal{}
	var remadeOrder []string
	for i, s := range steps {
		n := len(e.actions)
		vals, hint, x := e.recipeText(s)
		if i < remade {
			if _, ok := remadeLines[s.target]; !ok {
				remadeOrder = append(remadeOrder, s.target)
			}
			if len(vals) != 1 {
				// Conditionals make decides at run time: one of several
				// lines runs.
				vals = append(vals, makeVal{unres: true})
			}
			remadeLines[s.target] = append(remadeLines[s.target], vals...)
		}
		for _, k := range []string{"@", "<", "^", "+", "?", "*", "%"} {
			// $@, $<, $^ … name a target or prerequisite that holds
			// an included file's value (all: $(API_KEY)).
			for _, word := range strings.Fields(s.auto[k]) {
				for _, u := range e.nameTaint[word] {
					if strings.Contains(s.text, "$"+k) || strings.Contains(s.text, "$("+k) || strings.Contains(s.text, "${"+k) {
						x.use(u.name, u.files)
					}
				}
			}
		}
		wrap = globalWrap
		if len(s.vars) > 0 {
			// The target's own variables (all: export NAME = …,
			// all: SHELL = …) change its lines' environment and shell.
			var u bool
			wrap, u = e.recipeShell(e.recipeEnv(s.vars, x), x)
			if u && !wrapUnres {
				wrapUnres = true
				out = append(out, makeAction{kind: "runtime-shell", text: wrap, where: "SHELL and .SHELLFLAGS of target " + s.target})
			}
		}
		// make expands a recipe before it runs it (with -n too): the
		// $(shell …) and $(file …) it holds act then.
		out = append(out, e.actions[n:]...)
		where := fmt.Sprintf("%s:%d (target %s)", s.file, s.line, s.target)
		exported := globalExported
		if len(s.vars) > 0 {
			exported = e.exportedTaint(s.vars, x)
		}
		values := e.usedValues(x)
		for _, v := range vals {
			shown := dry || opts.trace || !silentAll && !silentTargets[s.target] && !makeSilentLine(v.text)
			if shown && len(x.used) > 0 {
				out = append(out, makeAction{kind: "print", text: strings.TrimLeft(v.text, "@-+ \t"), used: x.used, where: where})
			}
			if dry && i >= remade {
				marked := strings.HasPrefix(strings.TrimLeft(s.text, "@- \t"), "+") ||
					strings.HasPrefix(strings.TrimLeft(v.text, "@- \t"), "+") ||
					strings.Contains(s.text, "$(MAKE)") || strings.Contains(s.text, "${MAKE}")
				if !marked {
					continue
				}
			}
			line := strings.TrimLeft(v.text, "@-+ \t")
			out = append(out, makeAction{kind: "recipe", text: wrapped(line), line: line, unres: v.unres || e.incomplete, hint: hint, where: where,
				used: x.used, values: values, exported: exported})
		}
		if e.oneShell && len(vals) > 0 {
			// .ONESHELL: a target's lines are one script (a cd on one
			// line holds for the next); read whole as well.
			shell = append(shell, strings.TrimLeft(vals[0].text, "@-+ \t"))
			shellUnres = shellUnres || vals[0].unres || e.incomplete
			if i+1 == len(steps) || steps[i+1].target != s.target {
				out = append(out, makeAction{kind: "recipe", text: wrapped(strings.Join(shell, "\n")), line: strings.Join(shell, "\n"), unres: shellUnres, hint: hint, where: where})
				shell, shellUnres = nil, false
			}
		}
	}
	return append(out, e.restart(srcs, opts, evals, dry, restarts, remadeOrder, remadeLines)...)
}

// makeSilentLine reports a recipe line (expanded) that make runs without
// printing it: @ among the prefix characters @, - and + it strips.
func makeSilentLine(text string) bool {
	t := strings.TrimLeft(text, " \t")
	for t != "" && strings.IndexByte("@-+", t[0]) >= 0 {
		if t[0] == '@' {
			return true
		}
		t = strings.TrimLeft(t[1:], " \t")
	}
	return false
}

// exportedTaint are the variables in a recipe's environment (make's
// exports, the target's own) whose values hold an included file's text.
func (e *makeEval) exportedTaint(vars []makeAssign, x *makeCtx) []makeUse {
	if len(e.taint) == 0 {
		return nil
	}
	var out []makeUse
	for _, kv := range e.recipeEnv(vars, x) {
		name, _, _ := strings.Cut(kv, "=")
		if fs := e.taint[name]; len(fs) > 0 {
			out = append(out, makeUse{name: name, files: fs})
		}
	}
	return out
}

// usedValues are the shell texts the variables x used may expand to,
// by name: where a recipe line holds one, it holds that file's text.
func (e *makeEval) usedValues(x *makeCtx) map[string][]string {
	if len(x.used) == 0 {
		return nil
	}
	out := map[string][]string{}
	for _, u := range x.used {
		for _, v := range e.expandAll("$("+u.name+")", &makeCtx{local: x.local, auto: x.auto, where: x.where, onlyActs: true}) {
			if t := strings.TrimSpace(makeShellText(v.text)); t != "" && !v.unres {
				out[u.name] = append(out[u.name], t)
			}
		}
	}
	return out
}

// makeSources are the variables of uses as the shell's variable sources.
func makeSources(uses []makeUse, exported bool) []VarSource {
	var out []VarSource
	for _, u := range uses {
		out = append(out, VarSource{Name: u.name, Files: u.files, Exported: exported})
	}
	return out
}

// makeTaint marks what a recipe line's commands get from the variables
// an included file set: a word holding one's value holds that file's
// content (echo $(API_KEY) prints it, curl -H … sends it), and a
// variable exported to the recipe is in each command's environment (env
// prints it), as when the shell sources the file.
func (w *walker) makeTaint(calls []*Call, r makeAction) {
	if len(r.exported) == 0 && len(r.values) == 0 {
		return
	}
	srcs := makeSources(r.exported, true)
	for _, c := range calls {
		if len(srcs) > 0 {
			c.Sources = append(slices.Clip(c.Sources), srcs...)
			c.Env = append(slices.Clip(c.Env), srcs...)
			slices.SortStableFunc(c.Env, func(a, b VarSource) int { return strings.Compare(a.Name, b.Name) })
		}
		var held []makeUse
		for i := range c.Args {
			a := &c.Args[i]
			for _, u := range r.used {
				for _, v := range r.values[u.name] {
					if strings.Contains(a.Value, v) {
						a.edit().from = union(a.From(), u.files)
						if !slices.ContainsFunc(held, func(h makeUse) bool { return h.name == u.name }) {
							held = append(held, u)
						}
					}
				}
			}
		}
		if len(held) > 0 {
			// The word's value came from the variable, as a shell's
			// $KEY after source .env does.
			c.Sources = append(slices.Clip(c.Sources), makeSources(held, false)...)
		}
	}
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// makeShellVar finds a Makefile's assignments to SHELL, the program its
// recipes run with.
var makeShellVar = lazy.Regexp{Expr: `(?m)^[ \t]*(?:override[ \t]+|export[ \t]+)*SHELL[ \t]*(?:[:!?+]|::)?=[ \t]*(.*?)[ \t]*$`}

// makeShell models the program make runs its recipes with (SHELL=PROG on
// the command line or in the Makefile): a shell of the table is the
// default reading; another program is run with -c and each recipe, so a
// script file there is read, and one only known at run time asks.
func (w *walker) makeShell(c scope, call *Call, sh Arg) {
	v := sh.Value
	if v == "" {
		return
	}
	if !sh.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
			What: "make runs its recipes with " + clip(v, 40) + " (" + sh.Raw + "), a program only known at run time"})
		return
	}
	prog := strings.Fields(v)[0]
	if IsShell(baseName(prog)) {
		return
	}
	w.argvChild(c, call, []Arg{{Value: prog, Raw: sh.Raw, Static: true}}, "make SHELL", nil, call.Dir)
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// makeBuiltinRules are the command lines of GNU make's built-in rules
// (make -p), by the variables they use; makeBuiltinDefaults the values
// those variables have when neither the command line nor the Makefile
// sets them.
var makeBuiltinRules = []string{
	"$(CC) $(CFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c -o FILE.o FILE.c",
	"$(CC) $(LDFLAGS) $(TARGET_ARCH) FILE.o $(LOADLIBES) $(LDLIBS) -o FILE",
	"$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c -o FILE.o FILE.cc",
	"$(CPP) $(CPPFLAGS) FILE.S",
	"$(AS) $(ASFLAGS) $(TARGET_MACH) -o FILE.o FILE.s",
	"$(FC) $(FFLAGS) $(TARGET_ARCH) -c -o FILE.o FILE.f",
	"$(PC) $(PFLAGS) $(TARGET_ARCH) -c -o FILE.o FILE.p",
	"$(AR) $(ARFLAGS) FILE.a FILE.o",
	"$(LD) $(LDFLAGS) FILE.o",
	"$(YACC) $(YFLAGS) FILE.y",
	"$(LEX) $(LFLAGS) -t FILE.l",
	"$(GET) $(GFLAGS) SCCS/s.FILE",
	"$(CO) $(COFLAGS) FILE,v",
	"$(TEX) FILE.tex",
	"$(MAKEINFO) $(MAKEINFO_FLAGS) FILE.texinfo",
	"$(RM) FILE",
}

var makeBuiltinDefaults = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"CC": "cc", "CXX": "g++", "CPP": "cc -E", "AS": "as", "FC": "f77", "PC": "pc",
		"AR": "ar", "ARFLAGS": "rv", "LD": "ld", "YACC": "yacc", "LEX": "lex", "GET": "get", "CO": "co", "TEX": "tex",
		"MAKEINFO": "makeinfo", "RM": "rm -f"}
}}

// makeBuiltins judges the built-in rules a command-line variable reaches
// (make CC='…' app, make CFLAGS='…'): make builds a target with no recipe
// of its own through them, and the shell runs the line with the value
// spliced in. A value only known at run time is left to the recipes that
// name it.
func (w *walker) makeBuiltins(c scope, call *Call, ov map[string]Arg) {
	// make takes its variables from the environment too: a built-in
	// rule uses an exported CFLAGS or LDLIBS (the Makefile may set its
	// own, which then wins; the value is judged all the same).
	vals := map[string]Arg{}
	for _, rule := range makeBuiltinRules {
		for rest := rule; ; {
			i := strings.Index(rest, "$(")
			if i < 0 {
				break
			}
			end := strings.IndexByte(rest[i:], ')')
			name := rest[i+2 : i+end]
			rest = rest[i+end+1:]
			if a, ok := ov[name]; ok {
				vals[name] = a
			} else if v, known, set := w.envValue(c, call, name, true); set {
				vals[name] = Arg{Value: v, Raw: name, Static: known}
			}
		}
	}
	if len(vals) == 0 {
		return
	}
	ov = vals
	for _, rule := range makeBuiltinRules {
		line, used := "", false
		for rest := rule; rest != ""; {
			i := strings.Index(rest, "$(")
			if i < 0 {
				line += rest
				break
			}
			end := strings.IndexByte(rest[i:], ')')
			name := rest[i+2 : i+end]
			line += rest[:i]
			if v, ok := ov[name]; ok && v.Static {
				line += v.Value
				used = true
			} else {
				line += makeBuiltinDefaults.Get()[name]
			}
			rest = rest[i+end+1:]
		}
		if used {
			w.child(c, call, line, nil, "make built-in rule", false)
		}
	}
}

// dropMakeRefs puts a plain word, MAKEVAR, in place of each variable
// reference ($(X), ${X}, $X) left in a recipe line, keeping $$.
func dropMakeRefs(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '$' || i+1 >= len(text) {
			b.WriteByte(text[i])
			continue
		}
		switch next := text[i+1]; next {
		case '$':
			b.WriteString("$$")
			i++
		case '(', '{':
			closer := byte(')')
			if next == '{' {
				closer = '}'
			}
			depth, j := 0, i+1
			for ; j < len(text); j++ {
				if text[j] == next {
					depth++
				} else if text[j] == closer {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			i = j
			b.WriteString(makeRefWord)
		default:
			i++
			b.WriteString(makeRefWord)
		}
	}
	return b.String()
}

// makeFlagsWords splits MAKEFLAGS as make does: at blanks a backslash
// does not escape, each backslash before a blank or a backslash dropped.
func makeFlagsWords(v string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case ch == '\\' && i+1 < len(v) && (v[i+1] == ' ' || v[i+1] == '\t' || v[i+1] == '\\'):
			i++
			cur.WriteByte(v[i])
		case ch == ' ' || ch == '\t' || ch == '\n':
			if cur.Len() > 0 {
				out = append(out, cur.String())
			}
			cur.Reset()
		default:
			cur.WriteByte(ch)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// makeImplicitC models make's built-in rules with no makefile: make
// TARGET compiles and links TARGET.c (also .cc, .cpp, .C) into TARGET
// (GNU make's %: %.c), a program the command or a later one runs. Its
// source is then read as a compiler's is (noteCompile).
func (w *walker) makeImplicitC(c scope, call *Call, dir Dir, targets []string) {
	for _, t := range targets {
		if t == "" || strings.ContainsAny(t, "%$") || strings.HasSuffix(t, "/") {
			continue
		}
		for _, ext := range []string{".c", ".cc", ".cpp", ".C"} {
			src := dir.Join(t + ext)
			if _, ok := w.readScript(src); !ok {
				continue
			}
			out := dir.Join(t)
			if w.compiled == nil {
				w.compiled = map[string]compiledFile{}
			}
			w.compiled[out.Path] = compiledFile{compiler: "make", sources: []compiledSource{{name: t + ext, dir: src}}, call: call, c: c}
			delete(w.earlier, out.Path)
			break
		}
	}
}
