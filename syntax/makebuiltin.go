package syntax

import (
	"path/filepath"
	"sort"
	"strconv"
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
	// terminal: a %:: rule, whose source must exist (make does not
	// chain another rule to make it).
	terminal bool
}

// makeImplicitRules are the built-in rules, in make's order (make takes
// the first whose source exists).
var makeImplicitRules = lazy.Value[[]makeImplicit]{New: func() []makeImplicit {
	var out []makeImplicit
	link := func(ext, v string) {
		out = append(out, makeImplicit{"%", "%." + ext, []string{"$(LINK." + v + ") $^ $(LOADLIBES) $(LDLIBS) -o $@"}, false})
	}
	compile := func(ext, v string) {
		out = append(out, makeImplicit{"%.o", "%." + ext, []string{"$(COMPILE." + v + ") $(OUTPUT_OPTION) $<"}, false})
	}
	link("o", "o")
	for _, ext := range strings.Fields("c cc C cpp p f F m r") {
		link(ext, ext)
		compile(ext, ext)
	}
	out = append(out,
		makeImplicit{"%.f", "%.F", []string{"$(PREPROCESS.F) $(OUTPUT_OPTION) $<"}, false},
		makeImplicit{"%.f", "%.r", []string{"$(PREPROCESS.r) $(OUTPUT_OPTION) $<"}, false},
		makeImplicit{"%.c", "%.y", []string{"$(YACC.y) $<", "mv -f y.tab.c $@"}, false},
		makeImplicit{"%.c", "%.l", []string{"@$(RM) $@", "$(LEX.l) $< > $@"}, false},
		makeImplicit{"%.m", "%.ym", []string{"$(YACC.m) $<", "mv -f y.tab.c $@"}, false},
	)
	link("s", "s")
	out = append(out, makeImplicit{"%.o", "%.s", []string{"$(COMPILE.s) -o $@ $<"}, false})
	link("S", "S")
	out = append(out,
		makeImplicit{"%.o", "%.S", []string{"$(COMPILE.S) -o $@ $<"}, false},
		makeImplicit{"%.s", "%.S", []string{"$(PREPROCESS.S) $< > $@"}, false},
		makeImplicit{"%", "%.mod", []string{"$(COMPILE.mod) -o $@ -e $@ $^"}, false},
		makeImplicit{"%.o", "%.mod", []string{"$(COMPILE.mod) -o $@ $<"}, false},
		makeImplicit{"%.sym", "%.def", []string{"$(COMPILE.def) -o $@ $<"}, false},
		makeImplicit{"%.dvi", "%.tex", []string{"$(TEX) $<"}, false},
	)
	for _, ext := range strings.Fields("texinfo texi txinfo") {
		out = append(out,
			makeImplicit{"%.info", "%." + ext, []string{"$(MAKEINFO) $(MAKEINFO_FLAGS) $< -o $@"}, false},
			makeImplicit{"%.dvi", "%." + ext, []string{"$(TEXI2DVI) $(TEXI2DVI_FLAGS) $<"}, false})
	}
	out = append(out,
		makeImplicit{"%.c", "%.w", []string{"$(CTANGLE) $< - $@"}, false},
		makeImplicit{"%.tex", "%.w", []string{"$(CWEAVE) $< - $@"}, false},
		makeImplicit{"%.p", "%.web", []string{"$(TANGLE) $<"}, false},
		makeImplicit{"%.tex", "%.web", []string{"$(WEAVE) $<"}, false},
		makeImplicit{"%", "%.sh", []string{"cat $< >$@", "chmod a+x $@"}, false},
	)
	// Version control checkouts: terminal rules, run only for a file
	// that is not there ($(CHECKOUT,v) tests $(wildcard $@)); marked +,
	// so make -n runs them too.
	for _, src := range []string{"%,v", "RCS/%,v", "RCS/%"} {
		out = append(out, makeImplicit{"%", src, []string{"$(CHECKOUT,v)"}, true})
	}
	for _, src := range []string{"s.%", "SCCS/s.%"} {
		out = append(out, makeImplicit{"%", src, []string{"$(GET) $(GFLAGS) $(SCCS_OUTPUT_OPTION) $<"}, true})
	}
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
		// make's value is +$(if $(wildcard $@),,$(CO) $(COFLAGS) $< $@):
		// the rule is only read for a file that is not there.
		"CHECKOUT,v": "+$(CO) $(COFLAGS) $< $@",
	}
}}

// makeDefaultSuffixes is make's .SUFFIXES list before a Makefile
// changes it: an old-style suffix rule (.c.o:) needs both in it.
var makeDefaultSuffixes = lazy.Value[[]string]{New: func() []string {
	return strings.Fields(".out .a .ln .o .c .cc .C .cpp .p .f .F .m .r .y .l .ym .yl .s .S .mod .sym .def .h .info .dvi .tex .texinfo .texi .txinfo .w .ch .web .sh .elc .el")
}}

// onDisk reports whether make finds name as a file (or as a target the
// Makefile names, which make counts as one it can make), in the
// directory make runs in or through vpath/VPATH.
func (e *makeEval) onDisk(name string) bool {
	_, ok := e.locate(name)
	return ok
}

// locate returns the name make uses for name: itself when it is a
// target of the Makefile or a file in make's directory, else the path
// vpath or VPATH finds it at (make then hands that path to the recipe
// as $< and $^).
func (e *makeEval) locate(name string) (string, bool) {
	if e.known == nil {
		// Read once the Makefile is read: the targets it names, and
		// each file looked for.
		e.known = map[string]bool{}
		e.found = map[string]string{}
		for _, r := range e.rules {
			if !makeIsPattern(r) {
				for _, t := range r.targets {
					e.known[t] = true
				}
			}
		}
	}
	if ok, seen := e.known[name]; seen {
		if ok {
			return name, true
		}
		p, found := e.found[name]
		return p, found
	}
	ok := e.fileThere(name)
	e.known[name] = ok
	if ok || filepath.IsAbs(name) {
		return name, ok
	}
	for _, d := range e.searchDirs(name) {
		p := filepath.Join(d, name)
		if e.known[p] || e.fileThere(p) {
			e.found[name] = p
			return p, true
		}
	}
	return name, false
}

func (e *makeEval) fileThere(name string) bool {
	if e.opts.read == nil || e.opts.dir == "" {
		return false
	}
	if e.lookups++; e.lookups > maxMakeLookups {
		e.incomplete = true
		return false
	}
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(e.opts.dir, p)
	}
	_, ok := e.opts.read(p)
	return ok || e.changed(name)
}

// changed reports a file this command makes, changes or removes before
// make runs: it may be there or not, older or newer, whatever the disk
// holds now.
func (e *makeEval) changed(name string) bool {
	if e.opts.changed == nil || e.opts.dir == "" {
		return false
	}
	if !filepath.IsAbs(name) {
		name = filepath.Join(e.opts.dir, name)
	}
	return e.opts.changed(name)
}

// staleMakefile reports a makefile make read that a rule with a recipe
// makes from a prerequisite that is newer, not a file (a target such as
// FORCE) or changed by this command (or named by make -W), or any with
// make -B: make remakes it before anything else, also with -n.
func (e *makeEval) staleMakefile(f string) bool {
	for _, r := range e.rules {
		if makeIsPattern(r) || len(r.recipe) == 0 || !containsStr(r.targets, f) {
			continue
		}
		if e.opts.alwaysMake {
			return true
		}
		for _, p := range r.prereqs {
			if r.staticPat != "" || strings.Contains(p, "$") {
				return true
			}
			if e.changed(p) || !e.fileThere(p) {
				return true
			}
			if e.opts.newer != nil && e.opts.dir != "" && e.opts.newer(e.abs(p), e.abs(f)) {
				return true
			}
		}
	}
	return false
}

func (e *makeEval) abs(name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(e.opts.dir, name)
}

// searchDirs are the directories make searches for a prerequisite not
// in its directory: those of the vpath directives whose pattern matches
// the name, in order, then VPATH's.
func (e *makeEval) searchDirs(name string) []string {
	var dirs []string
	for _, v := range e.vpaths {
		if _, ok := makeMatch(v.pattern, name); ok {
			dirs = append(dirs, v.dirs...)
		}
	}
	if e.vars["VPATH"] != nil {
		t, _ := e.expand("$(VPATH)", &makeCtx{where: "VPATH"})
		dirs = append(dirs, makeSearchPath(makeShellText(t))...)
	}
	return dirs
}

// makeSearchPath splits a vpath or VPATH directory list (colons or
// blanks).
func makeSearchPath(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == ' ' || r == '\t' })
}

// vpath records a vpath directive: vpath PATTERN DIRS adds a search,
// vpath PATTERN and a bare vpath clear.
func (e *makeEval) vpath(rest, where string) {
	t, _ := e.expand(rest, &makeCtx{where: where})
	t = makeShellText(t)
	pat, dirs := makeFirstWord(strings.TrimSpace(t))
	if pat == "" {
		e.vpaths = nil
		return
	}
	if strings.TrimSpace(dirs) == "" {
		var keep []makeVpath
		for _, v := range e.vpaths {
			if v.pattern != pat {
				keep = append(keep, v)
			}
		}
		e.vpaths = keep
		return
	}
	if len(e.vpaths) < maxMakeRules {
		e.vpaths = append(e.vpaths, makeVpath{pat, makeSearchPath(dirs)})
	}
}

// makeVpath is one vpath directive.
type makeVpath struct {
	pattern string
	dirs    []string
}

// Bounds on the search for chains of implicit rules.
const (
	maxMakeChain   = 6    // rules in one chain
	maxMakeLookups = 4096 // files looked for on disk
	maxMakeChains  = 1 << 14
	maxMakeTries   = 1 << 18 // rules matched against names in all
)

// tried counts one rule matched against a name; false once the chain
// search has done its share of work (the reading is then incomplete).
func (e *makeEval) tried() bool {
	if e.tries++; e.tries > maxMakeTries {
		e.incomplete = true
		return false
	}
	return true
}

// implicitMatch matches name against a rule's target pattern and returns
// the source it names: a pattern without a slash is matched against the
// name's last element, the name's directory put back before the source
// (make's rule for src/a.o from %.o: %.c is src/a.c).
func implicitMatch(target, source, name string) (src, stem string, ok bool) {
	dir, base := "", name
	if !strings.Contains(target, "/") {
		if k := strings.LastIndexByte(name, '/'); k >= 0 {
			dir, base = name[:k+1], name[k+1:]
		}
	}
	st, ok := makeMatch(target, base)
	if !ok || st == "" {
		return "", "", false
	}
	return dir + strings.Replace(source, "%", st, 1), dir + st, true
}

// specific reports a name make counts as a known type of file (one that
// ends in a suffix of .SUFFIXES, as make's own %.c: and the like do,
// or that a pattern rule's specific target matches): make does not apply
// a non-terminal match-anything rule (%: %.c) to it.
func (e *makeEval) specific(name string) bool {
	for _, s := range makeDefaultSuffixes.Get() {
		if strings.HasSuffix(name, s) && len(name) > len(s) {
			return true
		}
	}
	if v, ok := e.specifics[name]; ok {
		return v
	}
	if e.specifics == nil {
		e.specifics = map[string]bool{}
	}
	e.specifics[name] = true
	for _, r := range e.rules {
		if !e.tried() {
			return true
		}
		if !makeIsPattern(r) {
			continue
		}
		for _, t := range r.targets {
			if t == "%" {
				continue
			}
			if _, ok := makeMatch(t, name); ok {
				return true
			}
		}
	}
	e.specifics[name] = false
	return false
}

// builtinApplies reports whether built-in rule r may make name at this
// depth of a chain (0: a target or prerequisite the Makefile names), and
// its source.
func (e *makeEval) builtinApplies(r makeImplicit, name string, depth int) (string, string, bool) {
	if r.target == "%" && !r.terminal && (depth > 0 || e.specific(name)) {
		// Non-terminal match-anything rules make neither intermediate
		// files nor files of a known type.
		return "", "", false
	}
	if r.terminal && e.onDisk(name) && !e.changed(name) {
		// A checkout runs only for a file that is not there (one this
		// command removes or makes may be either).
		return "", "", false
	}
	return implicitMatch(r.target, r.source, name)
}

// canMake reports whether make can have name: a file (or target), or
// one a chain of pattern rules (the Makefile's, then built-in ones) makes
// from files there, each rule taken at most once in a chain.
func (e *makeEval) canMake(name string, depth int) bool {
	if e.onDisk(name) {
		return true
	}
	if depth >= maxMakeChain {
		return false
	}
	key := name + "\x00" + strconv.Itoa(depth)
	if v, ok := e.chains[key]; ok {
		return v
	}
	if e.chains == nil {
		e.chains = map[string]bool{}
	}
	if len(e.chains) > maxMakeChains {
		e.incomplete = true
		return false
	}
	e.chains[key] = false // a chain back to name makes nothing
	ok := e.userRuleMakes(name, depth)
	if !ok && !e.noBuiltin {
		for _, r := range makeImplicitRules.Get() {
			src, _, m := e.builtinApplies(r, name, depth)
			if !m {
				continue
			}
			if r.terminal && e.onDisk(src) || !r.terminal && e.canMake(src, depth+1) {
				ok = true
				break
			}
		}
	}
	e.chains[key] = ok
	return ok
}

// userRuleMakes reports whether a pattern rule of the Makefile (with a
// recipe) makes name from prerequisites make can have.
func (e *makeEval) userRuleMakes(name string, depth int) bool {
	for _, r := range e.rules {
		if !makeIsPattern(r) || len(r.recipe) == 0 {
			continue
		}
		if !e.tried() {
			return false
		}
		for _, t := range r.targets {
			if t == "%" && depth > 0 {
				continue
			}
			stem, ok := makeMatch(t, name)
			if !ok {
				continue
			}
			all := true
			for _, p := range r.prereqs {
				if !e.canMake(strings.Replace(p, "%", stem, 1), depth+1) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
	}
	return false
}

// implicit returns the recipe lines of the built-in rule make picks for
// goal and the source it makes goal from: the first rule whose source
// is there, else the first whose source a chain of rules makes (an
// intermediate file, made first: prog from prog.y is yacc, then cc).
func (e *makeEval) implicit(goal string, explicitPrereqs []string) ([]makeStep, string) {
	if e.noBuiltin {
		return nil, ""
	}
	depth := e.inter[goal]
	for pass := 0; pass < 2; pass++ {
		for _, r := range makeImplicitRules.Get() {
			src, stem, ok := e.builtinApplies(r, goal, depth)
			if !ok {
				continue
			}
			if pass == 0 && !e.onDisk(src) || pass == 1 && (r.terminal || !e.canMake(src, depth+1)) {
				continue
			}
			if pass == 1 {
				if e.inter == nil {
					e.inter = map[string]int{}
				}
				e.inter[src] = depth + 1
			}
			found, _ := e.locate(src)
			ps := append([]string{found}, explicitPrereqs...)
			auto := makeAutos(goal, ps, stem)
			var own []makeStep
			for i, l := range r.recipe {
				own = append(own, makeStep{target: goal, text: l, file: "make's built-in rule " + r.target + ": " + r.source, line: i + 1, auto: auto})
			}
			return own, src
		}
	}
	return nil, ""
}

// archiveMember splits an archive member target, LIB(MEMBER).
func archiveMember(name string) (lib, member string, ok bool) {
	k := strings.IndexByte(name, '(')
	if k <= 0 || !strings.HasSuffix(name, ")") || k+2 >= len(name) {
		return "", "", false
	}
	return name[:k], name[k+1 : len(name)-1], true
}

// archiveSteps is make's built-in rule for an archive member, (%): %:
// $(AR) $(ARFLAGS) $@ $< puts the member, made first, into the archive.
func (e *makeEval) archiveSteps(goal string) ([]makeStep, string) {
	lib, member, ok := archiveMember(goal)
	if e.noBuiltin || !ok || !e.canMake(member, 1) {
		return nil, ""
	}
	found, _ := e.locate(member)
	auto := makeAutos(lib, []string{found}, "")
	auto["%"] = member
	if !e.onDisk(member) {
		if e.inter == nil {
			e.inter = map[string]int{}
		}
		e.inter[member] = 1
	}
	return []makeStep{{target: goal, text: "$(AR) $(ARFLAGS) $@ $<", file: "make's built-in rule (%): %", line: 1, auto: auto}}, member
}

// makeArchiveWords joins the words of an archive member list, as make
// reads them: lib.a(a.o b.o) is lib.a(a.o) lib.a(b.o).
func makeArchiveWords(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		k := strings.IndexByte(w, '(')
		if k <= 0 || strings.HasPrefix(w[k:], "$(") || strings.Contains(w, "$") {
			out = append(out, w)
			continue
		}
		lib := w[:k]
		members := []string{w[k+1:]}
		for !strings.HasSuffix(members[len(members)-1], ")") && i+1 < len(words) {
			i++
			members = append(members, words[i])
		}
		last := len(members) - 1
		members[last] = strings.TrimSuffix(members[last], ")")
		for _, m := range members {
			if m != "" {
				out = append(out, lib+"("+m+")")
			}
		}
	}
	return out
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
//
// With a step's context x, the target's own variables (x.local) are
// read and the ones it exports (all: export NAME = …) are in its
// environment too.
func (e *makeEval) recipeEnv(vars []makeAssign, x *makeCtx) []string {
	if x == nil {
		x = &makeCtx{}
	}
	own := map[string]bool{}
	for _, a := range vars {
		if a.export {
			own[a.name] = true
		}
	}
	var names []string
	seen := map[string]bool{}
	for name := range x.local {
		if !seen[name] && e.vars[name] == nil {
			seen[name] = true
			names = append(names, name)
		}
	}
	for name := range e.vars {
		names = append(names, name)
	}
	all := names
	names = nil
	for _, name := range all {
		v := e.lookupVar(name, x)
		if v == nil {
			continue
		}
		on, marked := e.exports[name]
		if own[name] {
			on, marked = true, true
		}
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
		vals := e.expandAll("$("+name+")", &makeCtx{where: "export " + name, local: x.local, auto: x.auto})
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
func (e *makeEval) recipeShell(env []string, local *makeCtx) (string, bool) {
	x := &makeCtx{where: "SHELL"}
	if local != nil {
		x.local, x.auto = local.local, local.auto
	}
	flagsVar := e.lookupVar(".SHELLFLAGS", x)
	shellVar := e.lookupVar("SHELL", x)
	custom := flagsVar != nil && flagsVar.origin != "default"
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
