package syntax

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// GNU make's built-in implicit rules and the variables they use, as
// make -p -f /dev/null prints them (make 4.3): a target with no recipe of
// its own whose source is on disk is made with one of these, with the
// Makefile's values of CC, CXX, AS, LINK.c… (CC = rm -rf ~ ; in the file
// runs with prog.c beside it).

// makeImplicit is one built-in pattern rule: target and source pattern,
// recipe lines in make text.
type makeImplicit struct {
	target, source string
	recipe         []string
}

// makeImplicitRules are the built-in rules, in make's order (make takes
// the first whose source exists).
var makeImplicitRules = lazy.Value[[]makeImplicit]{New: func() []makeImplicit {
	var out []makeImplicit
	link := func(ext, v string) {
		out = append(out, makeImplicit{"%", "%." + ext, []string{"$(LINK." + v + ") $^ $(LOADLIBES) $(LDLIBS) -o $@"}})
	}
	compile := func(ext, v string) {
		out = append(out, makeImplicit{"%.o", "%." + ext, []string{"$(COMPILE." + v + ") $(OUTPUT_OPTION) $<"}})
	}
	link("o", "o")
	for _, ext := range strings.Fields("c cc C cpp p f F m r") {
		link(ext, ext)
		compile(ext, ext)
	}
	out = append(out,
		makeImplicit{"%.f", "%.F", []string{"$(PREPROCESS.F) $(OUTPUT_OPTION) $<"}},
		makeImplicit{"%.f", "%.r", []string{"$(PREPROCESS.r) $(OUTPUT_OPTION) $<"}},
		makeImplicit{"%.c", "%.y", []string{"$(YACC.y) $<", "mv -f y.tab.c $@"}},
		makeImplicit{"%.c", "%.l", []string{"@$(RM) $@", "$(LEX.l) $< > $@"}},
		makeImplicit{"%.m", "%.ym", []string{"$(YACC.m) $<", "mv -f y.tab.c $@"}},
	)
	link("s", "s")
	out = append(out, makeImplicit{"%.o", "%.s", []string{"$(COMPILE.s) -o $@ $<"}})
	link("S", "S")
	out = append(out,
		makeImplicit{"%.o", "%.S", []string{"$(COMPILE.S) -o $@ $<"}},
		makeImplicit{"%.s", "%.S", []string{"$(PREPROCESS.S) $< > $@"}},
		makeImplicit{"%", "%.mod", []string{"$(COMPILE.mod) -o $@ -e $@ $^"}},
		makeImplicit{"%.o", "%.mod", []string{"$(COMPILE.mod) -o $@ $<"}},
		makeImplicit{"%.sym", "%.def", []string{"$(COMPILE.def) -o $@ $<"}},
		makeImplicit{"%.dvi", "%.tex", []string{"$(TEX) $<"}},
	)
	for _, ext := range strings.Fields("texinfo texi txinfo") {
		out = append(out,
			makeImplicit{"%.info", "%." + ext, []string{"$(MAKEINFO) $(MAKEINFO_FLAGS) $< -o $@"}},
			makeImplicit{"%.dvi", "%." + ext, []string{"$(TEXI2DVI) $(TEXI2DVI_FLAGS) $<"}})
	}
	out = append(out,
		makeImplicit{"%.c", "%.w", []string{"$(CTANGLE) $< - $@"}},
		makeImplicit{"%.tex", "%.w", []string{"$(CWEAVE) $< - $@"}},
		makeImplicit{"%.p", "%.web", []string{"$(TANGLE) $<"}},
		makeImplicit{"%.tex", "%.web", []string{"$(WEAVE) $<"}},
		makeImplicit{"%", "%.sh", []string{"cat $< >$@", "chmod a+x $@"}},
	)
	return out
}}

// makeImplicitVars are the built-in recursive variables the rules name
// (make -p), beside the plain programs of makeBuiltinDefaults.
var makeImplicitVars = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"OUTPUT_OPTION": "-o $@",
		"CPP":           "$(CC) -E",
		"LINK.o":        "$(CC) $(LDFLAGS) $(TARGET_ARCH)",
		"LINK.c":        "$(CC) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.c":     "$(CC) $(CFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.cc":       "$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.cc":    "$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.C":        "$(LINK.cc)",
		"COMPILE.C":     "$(COMPILE.cc)",
		"LINK.cpp":      "$(LINK.cc)",
		"COMPILE.cpp":   "$(COMPILE.cc)",
		"LINK.p":        "$(PC) $(PFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.p":     "$(PC) $(PFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.f":        "$(FC) $(FFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.f":     "$(FC) $(FFLAGS) $(TARGET_ARCH) -c",
		"LINK.F":        "$(FC) $(FFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.F":     "$(FC) $(FFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"PREPROCESS.F":  "$(FC) $(FFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -F",
		"LINK.m":        "$(OBJC) $(OBJCFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.m":     "$(OBJC) $(OBJCFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.r":        "$(FC) $(FFLAGS) $(RFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.r":     "$(FC) $(FFLAGS) $(RFLAGS) $(TARGET_ARCH) -c",
		"PREPROCESS.r":  "$(FC) $(FFLAGS) $(RFLAGS) $(TARGET_ARCH) -F",
		"LINK.s":        "$(CC) $(ASFLAGS) $(LDFLAGS) $(TARGET_MACH)",
		"COMPILE.s":     "$(AS) $(ASFLAGS) $(TARGET_MACH)",
		"LINK.S":        "$(CC) $(ASFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_MACH)",
		"COMPILE.S":     "$(CC) $(ASFLAGS) $(CPPFLAGS) $(TARGET_MACH) -c",
		"PREPROCESS.S":  "$(CC) -E $(CPPFLAGS)",
		"COMPILE.mod":   "$(M2C) $(M2FLAGS) $(MODFLAGS) $(TARGET_ARCH)",
		"COMPILE.def":   "$(M2C) $(M2FLAGS) $(DEFFLAGS) $(TARGET_ARCH)",
		"YACC.y":        "$(YACC) $(YFLAGS)",
		"YACC.m":        "$(YACC) $(YFLAGS)",
		"LEX.l":         "$(LEX) $(LFLAGS) -t",
		"OBJC":          "cc",
		"M2C":           "m2c",
		"TEXI2DVI":      "texi2dvi",
		"CTANGLE":       "ctangle",
		"CWEAVE":        "cweave",
		"TANGLE":        "tangle",
		"WEAVE":         "weave",
	}
}}

// makeDefaultSuffixes is make's .SUFFIXES list before a Makefile
// changes it: an old-style suffix rule (.c.o:) needs both in it.
var makeDefaultSuffixes = lazy.Value[[]string]{New: func() []string {
	return strings.Fields(".out .a .ln .o .c .cc .C .cpp .p .f .F .m .r .y .l .ym .yl .s .S .mod .sym .def .h .info .dvi .tex .texinfo .texi .txinfo .w .ch .web .sh .elc .el")
}}

// onDisk reports whether make finds name as a file (or as a target the
// Makefile names, which make counts as one it can make).
func (e *makeEval) onDisk(name string) bool {
	if e.known == nil {
		// Read once the Makefile is read: the targets it names, and
		// each file looked for.
		e.known = map[string]bool{}
		for _, r := range e.rules {
			if !makeIsPattern(r) {
				for _, t := range r.targets {
					e.known[t] = true
				}
			}
		}
	}
	if ok, seen := e.known[name]; seen {
		return ok
	}
	ok := false
	if e.opts.read != nil && e.opts.dir != "" {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(e.opts.dir, p)
		}
		_, ok = e.opts.read(p)
	}
	e.known[name] = ok
	return ok
}

// implicit returns the recipe lines of the first built-in rule that
// makes goal from a source on disk, and that source.
func (e *makeEval) implicit(goal string, explicitPrereqs []string) ([]makeStep, string) {
	if e.noBuiltin {
		return nil, ""
	}
	for _, r := range makeImplicitRules.Get() {
		stem, ok := makeMatch(r.target, goal)
		if !ok || stem == "" {
			continue
		}
		src := strings.Replace(r.source, "%", stem, 1)
		if !e.onDisk(src) {
			continue
		}
		ps := append([]string{src}, explicitPrereqs...)
		auto := makeAutos(goal, ps, stem)
		var own []makeStep
		for i, l := range r.recipe {
			own = append(own, makeStep{target: goal, text: l, file: "make's built-in rule " + r.target + ": " + r.source, line: i + 1, auto: auto})
		}
		return own, src
	}
	return nil, ""
}

// suffixRules turns old-style suffix rules (.c.o:, .x:) into the pattern
// rules they are, for the suffixes .SUFFIXES holds.
func (e *makeEval) suffixRules() {
	suffixes := map[string]bool{}
	for _, s := range makeDefaultSuffixes.Get() {
		suffixes[s] = true
	}
	for _, r := range e.rules {
		if containsStr(r.targets, ".SUFFIXES") {
			if len(r.prereqs) == 0 {
				suffixes = map[string]bool{}
			}
			for _, p := range r.prereqs {
				suffixes[p] = true
			}
		}
	}
	for _, r := range e.rules {
		if len(r.targets) != 1 || len(r.prereqs) != 0 || r.staticPat != "" || len(r.recipe) == 0 {
			continue
		}
		t := r.targets[0]
		if !strings.HasPrefix(t, ".") || strings.ContainsAny(t, "%/") {
			continue
		}
		if suffixes[t] {
			// .x: makes FILE from FILE.x.
			r.targets, r.prereqs = []string{"%"}, []string{"%" + t}
			continue
		}
		for i := 1; i < len(t); i++ {
			if t[i] == '.' && suffixes[t[:i]] && suffixes[t[i:]] {
				r.targets, r.prereqs = []string{"%" + t[i:]}, []string{"%" + t[:i]}
				break
			}
		}
	}
}

// maxMakeExports bounds the variables put before each recipe line.
const maxMakeExports = 64

func (e *makeEval) markExport(name string, on bool) {
	if e.exports == nil {
		e.exports = map[string]bool{}
	}
	e.exports[name] = on
}

// recipeEnv returns the NAME=value words (expanded form) of the variables
// make puts in every recipe line's environment: the ones export names,
// and with .EXPORT_ALL_VARIABLES: (or a bare export) every variable the
// Makefile or the command line sets. Values only run time knows keep a
// plain word in place of the reference.
func (e *makeEval) recipeEnv() []string {
	var names []string
	for name, v := range e.vars {
		on, marked := e.exports[name]
		if !marked {
			// Command-line variables are in the environment as
			// well (make exports them to its children).
			on = e.exportAll && v.origin != "default" || v.origin == "command line"
		}
		if on && isName(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) > maxMakeExports {
		names = names[:maxMakeExports]
		e.incomplete = true
	}
	var out []string
	for _, name := range names {
		if e.vars[name] == nil {
			continue
		}
		vals := e.expandAll("$("+name+")", &makeCtx{where: "export " + name})
		if len(vals) == 0 {
			continue
		}
		out = append(out, name+"="+escapeMake(shellQuote(makeShellText(vals[len(vals)-1].text))))
	}
	return out
}

// recipeShell returns the program and options make runs each recipe
// line with ($(SHELL) $(.SHELLFLAGS) LINE), in expanded form, when the
// Makefile changes them or exports variables (the line is then read as
// that shell's -c script, with that environment); "" when lines run as
// they read. unres reports a shell or options only run time knows.
func (e *makeEval) recipeShell(env []string) (string, bool) {
	flagsVar := e.vars[".SHELLFLAGS"]
	shellVar := e.vars["SHELL"]
	custom := flagsVar != nil && flagsVar.origin != "default"
	x := &makeCtx{where: "SHELL"}
	sh, u1 := e.expand("$(SHELL)", x)
	if shellVar != nil && shellVar.origin != "default" {
		if f := strings.Fields(makeShellText(sh)); len(f) > 0 && !IsShell(filepath.Base(f[0])) {
			custom = true
		}
	}
	if !custom && len(env) == 0 {
		return "", false
	}
	flags, u2 := "-c", false
	if flagsVar != nil {
		flags, u2 = e.expand("$(.SHELLFLAGS)", x)
	}
	words := append(append([]string{}, env...), strings.TrimSpace(sh), strings.TrimSpace(flags))
	return strings.Join(words, " "), u1 || u2
}
