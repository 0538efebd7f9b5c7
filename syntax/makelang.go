package syntax

import (
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A model of GNU make's own language, as make reads a Makefile before it
// runs anything: variables (recursive =, simple :=, ?=, +=, !=, define,
// target-specific ones), conditionals, include, the functions that act
// while the file is read ($(shell), $(file), $(eval)), .RECIPEPREFIX,
// .DEFAULT_GOAL, explicit, static pattern and pattern rules. What it
// yields is the shell text make hands the shell: the commands that run
// while the file is read, whatever the target, and the recipe lines of
// the targets made, each expanded as make expands it. Text only run time
// knows (a variable from the environment, $(shell …)'s output, a computed
// include) is kept as the reference it is and reported as unresolved.

// Bounds on the work one Makefile can ask for.
const (
	maxMakeFiles    = 32      // files read through include
	maxMakeNest     = 8       // include and $(eval) nesting
	maxMakeExpand   = 1 << 20 // bytes of text expanded in all
	maxMakeDepth    = 48      // nested references while expanding one text
	maxMakeRules    = 4096
	maxMakeVariants = 8   // values a variable may hold after conditionals make cannot decide
	maxMakeGoals    = 256 // targets followed from the goals
	maxMakeWords    = 512 // words $(foreach) walks
)

// makeVal is one value a variable may hold: raw make text when
// recursive, expanded text (with $$ for a dollar) when simple.
type makeVal struct {
	text      string
	recursive bool
	unres     bool // holds text only known at run time
	undef     bool // the variable is not set on this path
}

// makeVar is a variable; more than one value when conditionals make
// cannot decide here set it differently.
type makeVar struct {
	vals   []makeVal
	origin string // "file", "override", "command line", "default", "environment"
}

// makeAssign is a target-specific assignment (target: NAME = value).
type makeAssign struct {
	name, op, value string
	export          bool // target: export NAME = value: in the recipes' environment
	private         bool // target: private NAME = value: not passed to prerequisites
}

// makeRule is one rule of a Makefile.
type makeRule struct {
	targets, prereqs []string
	recipe           []string
	lines            []int
	file             string
	// staticPat is the target pattern of a static pattern rule
	// (objs: %.o: %.c), whose prereqs are patterns.
	staticPat string
	// second is the prerequisites' text after the first expansion, for
	// a rule read after .SECONDEXPANSION: (make expands it again).
	second string
}

// makeAction is something make does while it reads the file: a command
// $(shell …) or != runs, a file $(file >P,…) writes, text corral cannot
// read ($(eval) of run-time text, load, guile).
type makeAction struct {
	kind  string // "shell", "write", "append", "read", "hidden", "always", "stdin-include", "print"
	text  string // expanded text: $$ is a dollar, $(…) a run-time reference
	unres bool
	hint  string
	where string
	// line is a recipe line as written when text is it wrapped in
	// $(SHELL) $(.SHELLFLAGS) with exported variables before it.
	line string
	// used are the variables holding an included file's text that the
	// text expanded (a "print" names what make prints); values are
	// their expanded values (shell text), by name; exported those of
	// them in the recipe's environment.
	used     []makeUse
	values   map[string][]string
	exported []makeUse
}

// makeOpts is what the reader knows of make's run.
type makeOpts struct {
	dir  string // directory make runs in; "" when unknown
	read func(path string) (string, bool)
	env  func(name string) (value string, known, set bool)
	// envVals gives the values a variable of make's environment that is
	// set but not known may hold (the shell set it on some paths: true
	// && export CMD=…), and open for a value none of them covers.
	envVals func(name string) (vals []string, open bool)
	// changed reports a file (absolute path) the command made, changed
	// or removed before make runs; newer one whose file on disk is
	// newer than another's.
	changed func(path string) bool
	newer   func(a, b string) bool
	// absent reports a path with no file at all (a read that fails for
	// another reason is not an empty text).
	absent    func(path string) bool
	overrides map[string]Arg
	// cmdVars are the variable definitions of the command line and
	// MAKEFLAGS, in the order make makes them (makecmdvars.go); a name
	// they define is not taken from overrides.
	cmdVars []makeCmdVar
	// cmdOnly: make reads no makefile (make -v, -h, or none there):
	// only the command-line definitions act.
	cmdOnly     bool
	includeDirs []string
	goals       []string
	makefiles   string // MAKEFILES from the environment
	noBuiltin   bool   // make -r
	envWins     bool   // make -e: the environment's variables over the Makefile's
	alwaysMake  bool   // make -B: every target, the makefiles too, is remade
	silent      bool   // make -s: recipe lines are not printed
	trace       bool   // make --trace: every recipe line is printed
}

// makeEval is the state of make reading its makefiles.
type makeEval struct {
	opts       makeOpts
	vars       map[string]*makeVar
	tvars      map[string][]makeAssign
	rules      []*makeRule
	actions    []makeAction
	seen       map[string]bool
	first      string
	prefix     byte
	files      int
	work       int
	incomplete bool // something make reads could not be followed
	oneShell   bool
	missing    []string          // included files that are not there (make tries to make them)
	noActions  bool              // reading text whose $(shell …) is judged elsewhere
	evalText   string            // that text (make --eval's): only its own $(shell …) is skipped
	noBuiltin  bool              // make -r: no built-in implicit rules
	secondExp  bool              // .SECONDEXPANSION: seen; later rules' prerequisites are expanded again
	exports    map[string]bool   // variables export puts in the recipes' environment (false: unexport)
	exportAll  bool              // .EXPORT_ALL_VARIABLES: or a bare export
	known      map[string]bool   // targets the file names and files looked for (onDisk)
	found      map[string]string // files found through vpath/VPATH
	lookups    int
	vpaths     []makeVpath
	chains     map[string]bool     // canMake's answers, by name and depth
	specifics  map[string]bool     // specific's answers
	tries      int                 // rules matched in the chain search
	inter      map[string]int      // intermediate files a chain of implicit rules makes, by depth
	gone       map[string]bool     // targets whose built-in rule's source the command may remove
	envVars    map[string]*makeVar // environment variables with more than one value (envVar)
	readFiles  []string            // the makefiles read, by the name make gives them as targets
	// curFile is the included file being read (absolute), "" for a
	// makefile make was given; taint maps a variable to the included
	// files whose text its value may hold (include .env: API_KEY).
	curFile   string
	taint     map[string][]string
	nameTaint map[string][]makeUse // targets named by such a variable's value
}

// makeUse is a variable whose value holds an included file's text, used
// where a text was expanded.
type makeUse struct {
	name  string
	files []string
}

func newMakeEval(opts makeOpts) *makeEval {
	e := &makeEval{opts: opts, vars: map[string]*makeVar{}, tvars: map[string][]makeAssign{}, seen: map[string]bool{}, prefix: '\t'}
	for name, v := range makeBuiltinDefaults.Get() {
		e.vars[name] = &makeVar{vals: []makeVal{{text: escapeMake(v)}}, origin: "default"}
	}
	for name, v := range makeImplicitVars.Get() {
		e.vars[name] = &makeVar{vals: []makeVal{{text: v, recursive: true}}, origin: "default"}
	}
	e.vars["MAKE"] = &makeVar{vals: []makeVal{{text: "make"}}, origin: "default"}
	e.vars["SHELL"] = &makeVar{vals: []makeVal{{text: "/bin/sh"}}, origin: "default"}
	e.vars["MAKECMDGOALS"] = &makeVar{vals: []makeVal{{text: escapeMake(strings.Join(opts.goals, " "))}}, origin: "default"}
	if opts.dir != "" {
		e.vars["CURDIR"] = &makeVar{vals: []makeVal{{text: escapeMake(opts.dir)}}, origin: "default"}
	}
	names := make([]string, 0, len(opts.overrides))
	for name := range opts.overrides {
		names = append(names, name)
	}
	sort.Strings(names)
	defined := map[string]bool{}
	for _, cv := range makeCmdDefs(opts.cmdVars) {
		defined[cv.name] = true
	}
	for _, name := range names {
		if defined[name] {
			continue // made by commandLine, in order
		}
		a := opts.overrides[name]
		// A variable on the command line is recursive (NAME=value):
		// its text is expanded where it is used.
		e.vars[name] = &makeVar{vals: []makeVal{{text: a.Value, recursive: true, unres: !a.Static}}, origin: "command line"}
	}
	return e
}

// escapeMake writes a literal text in expanded form ($ as $$).
func escapeMake(s string) string { return strings.ReplaceAll(s, "$", "$$") }

// makeShellText turns expanded text into the shell text make runs:
// references only run time knows become a plain word.
func makeShellText(s string) string {
	return strings.ReplaceAll(dropMakeRefs(s), "$$", "$")
}

func (e *makeEval) act(a makeAction) {
	if e.noActions && a.kind == "shell" && evalShellJudged(e.evalText, a.text) {
		// make --eval='X:=$(shell …)': the option's own $(shell …) is
		// judged with the option (optionCode). What the text makes make
		// read is followed here as in a Makefile on disk: the files it
		// includes, a load, $(file <F), $(eval …) of other text, a !=
		// (red team 19 MK2).
		return
	}
	key := a.kind + "\x00" + a.text
	if e.seen[key] {
		return
	}
	e.seen[key] = true
	e.actions = append(e.actions, a)
}

// evalShellJudged reports whether text, a $(shell …) command make runs
// while it reads --eval text, is written in that text inside $(shell …)
// or ${shell …}, where the option's reader judged it already.
func evalShellJudged(eval, text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return true
	}
	return strings.Contains(eval, "$(shell "+t) || strings.Contains(eval, "${shell "+t)
}

// makeCond is an open conditional.
type makeCond struct {
	skip    bool // the lines of this branch are not read
	outer   bool // an enclosing conditional skips
	taken   bool // a branch known to be true was read
	unknown bool // make decides at run time: every branch is read as one alternative
	hadElse bool
	snap    map[string]*makeVar
	ends    []map[string]*makeVar
}

// parse reads one Makefile's text (a file, an included one, $(eval)'s).
func (e *makeEval) parse(name, text string, nest int) {
	if nest > maxMakeNest {
		e.incomplete = true
		return
	}
	lines := strings.Split(text, "\n")
	var cur []*makeRule
	var conds []*makeCond
	skipping := func() bool {
		for _, c := range conds {
			if c.skip {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(lines); i++ {
		n := i + 1
		line := strings.TrimSuffix(lines[i], "\r")
		if cur != nil && len(line) > 0 && line[0] == e.prefix {
			// A recipe line; a backslash-newline stays in the text the
			// shell gets, the next line's recipe prefix dropped.
			body := line[1:]
			for makeContinued(body) && i+1 < len(lines) {
				i++
				next := strings.TrimSuffix(lines[i], "\r")
				if len(next) > 0 && next[0] == e.prefix {
					next = next[1:]
				}
				body += "\n" + next
			}
			if !skipping() {
				for _, r := range cur {
					r.recipe = append(r.recipe, body)
					r.lines = append(r.lines, n)
				}
			}
			continue
		}
		for makeContinued(line) && i+1 < len(lines) {
			i++
			line = strings.TrimRight(line[:len(line)-1], " \t") + " " + strings.TrimLeft(strings.TrimSuffix(lines[i], "\r"), " \t")
		}
		word, rest := makeFirstWord(line)
		// define … endef: the body is kept as written.
		mods, w2, r2 := makeModifiers(word, rest)
		if w2 == "define" {
			var body []string
			depth := 1
			for i+1 < len(lines) {
				i++
				l := strings.TrimSuffix(lines[i], "\r")
				fw, _ := makeFirstWord(l)
				if fw == "define" || (fw == "override" || fw == "export" || fw == "private") && strings.Contains(l, "define") {
					depth++
				} else if fw == "endef" {
					depth--
					if depth == 0 {
						break
					}
				}
				body = append(body, l)
			}
			if skipping() {
				continue
			}
			cur = nil
			vname, op := makeDefineHead(r2)
			where := name + ":" + strconv.Itoa(n)
			vname = e.expandName(vname, where)
			e.assign(vname, op, strings.Join(body, "\n"), mods["override"], where)
			if mods["export"] {
				e.markExport(vname, true)
			}
			continue
		}
		line = makeStripComment(line)
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		word, rest = makeFirstWord(trimmed)
		where := name + ":" + strconv.Itoa(n)
		switch word {
		case "ifeq", "ifneq", "ifdef", "ifndef":
			c := &makeCond{}
			if skipping() {
				c.skip, c.outer = true, true
			} else {
				switch e.condition(word, rest, where) {
				case 1:
					c.taken = true
				case 0:
					c.skip = true
				default:
					c.unknown, c.snap = true, copyMakeVars(e.vars)
				}
			}
			conds = append(conds, c)
			continue
		case "else":
			if len(conds) == 0 {
				continue
			}
			c := conds[len(conds)-1]
			if c.outer {
				continue
			}
			cw, crest := makeFirstWord(rest)
			if c.unknown {
				c.ends = append(c.ends, e.vars)
				e.vars = copyMakeVars(c.snap)
				c.skip = false
				if cw == "" {
					c.hadElse = true
				}
				continue
			}
			if c.taken {
				c.skip = true
				continue
			}
			if cw == "" {
				c.skip, c.taken, c.hadElse = false, true, true
				continue
			}
			switch e.condition(cw, crest, where) {
			case 1:
				c.skip, c.taken = false, true
			case 0:
				c.skip = true
			default:
				c.skip, c.unknown, c.snap = false, true, copyMakeVars(e.vars)
			}
			continue
		case "endif":
			if len(conds) == 0 {
				continue
			}
			c := conds[len(conds)-1]
			conds = conds[:len(conds)-1]
			if c.unknown && !c.outer {
				ends := append(c.ends, e.vars)
				if !c.hadElse {
					ends = append(ends, c.snap)
				}
				e.vars = mergeMakeVars(ends)
			}
			continue
		}
		if skipping() {
			continue
		}
		switch word {
		case "include", "-include", "sinclude":
			cur = nil
			e.include(rest, where, nest)
			continue
		case "load", "-load":
			cur = nil
			e.act(makeAction{kind: "always", text: rest, where: where})
			continue
		case "vpath":
			e.vpath(rest, where)
			continue
		case "endef":
			continue
		case "export", "unexport":
			if rest == "" {
				// A bare export puts every variable in the recipes'
				// environment, as .EXPORT_ALL_VARIABLES: does.
				e.exportAll = word == "export"
				continue
			}
			if word == "unexport" {
				for _, n := range strings.Fields(e.expandName(rest, where)) {
					e.markExport(n, false)
				}
				continue
			}
		case "undefine":
			_, w, r := makeModifiers(word, rest)
			if w == "undefine" {
				delete(e.vars, strings.TrimSpace(r))
			}
			continue
		}
		mods, w2, r2 = makeModifiers(word, rest)
		body := trimmed
		if len(mods) > 0 {
			body = strings.TrimSpace(w2 + " " + r2)
		}
		if vname, op, value, ok := makeSplitAssign(body); ok {
			cur = nil
			vname = e.expandName(vname, where)
			e.assign(vname, op, value, mods["override"], where)
			if mods["export"] {
				e.markExport(vname, true)
			}
			continue
		}
		if len(mods) > 0 && !strings.Contains(body, ":") {
			// export NAME…: the variables go in the recipes'
			// environment.
			if mods["export"] {
				for _, n := range strings.Fields(e.expandName(body, where)) {
					e.markExport(n, true)
				}
			}
			continue
		}
		if rs := e.ruleLine(trimmed, name, n, where); rs != nil || makeTopIndex(trimmed, ':') >= 0 {
			cur = rs
			continue
		}
		// Any other line is expanded (its $(eval …), $(file …) and
		// $(shell …) act); what it expands to may be a rule.
		x := &makeCtx{where: where}
		out, _ := e.expand(trimmed, x)
		if strings.Contains(out, ":") {
			cur = e.ruleLine(out, name, n, where)
		} else {
			cur = nil
		}
	}
}

// ruleLine reads "targets: prerequisites [; recipe]" (also ::, static
// pattern rules and target-specific assignments). It returns the rules
// that take the recipe lines that follow.
func (e *makeEval) ruleLine(line, file string, n int, where string) []*makeRule {
	colon := makeTopIndex(line, ':')
	if colon < 0 {
		return nil
	}
	x := &makeCtx{where: where}
	targetsText, _ := e.expand(line[:colon], x)
	targets := makeArchiveWords(strings.Fields(targetsText))
	rest := line[colon+1:]
	rest = strings.TrimPrefix(rest, ":")
	recipe := ""
	if j := makeTopIndex(rest, ';'); j >= 0 {
		recipe = strings.TrimLeft(rest[j+1:], " \t")
		rest = rest[:j]
	}
	mods, w, r := makeModifiers(makeFirstWord(strings.TrimSpace(rest)))
	if name, op, value, ok := makeSplitAssign(strings.TrimSpace(w + " " + r)); ok && makeTopIndex(name, ':') < 0 {
		for _, t := range targets {
			e.tvars[t] = append(e.tvars[t], makeAssign{name: name, op: op, value: value, export: mods["export"], private: mods["private"]})
		}
		return nil
	}
	if len(targets) == 0 || len(e.rules) >= maxMakeRules {
		if len(e.rules) >= maxMakeRules {
			e.incomplete = true
		}
		return nil
	}
	static := ""
	if k := makeTopIndex(rest, ':'); k >= 0 {
		p, _ := e.expand(rest[:k], x)
		static = strings.TrimSpace(p)
		rest = rest[k+1:]
	}
	prereqText, _ := e.expand(rest, x)
	prereqs := makeArchiveWords(strings.Fields(strings.ReplaceAll(prereqText, "|", " ")))
	e.taintNames(x, append(slices.Clip(targets), prereqs...))
	var out []*makeRule
	rule := &makeRule{targets: targets, prereqs: prereqs, file: file, staticPat: static}
	if e.secondExp && strings.Contains(prereqText, "$$") {
		rule.second = prereqText
	}
	if recipe != "" {
		rule.recipe = append(rule.recipe, recipe)
		rule.lines = append(rule.lines, n)
	}
	e.rules = append(e.rules, rule)
	out = append(out, rule)
	for _, t := range targets {
		switch t {
		case ".ONESHELL":
			e.oneShell = true
		case ".SECONDEXPANSION":
			e.secondExp = true
		case ".EXPORT_ALL_VARIABLES":
			e.exportAll = true
		}
	}
	if e.first == "" && static == "" {
		for _, t := range targets {
			if (!strings.HasPrefix(t, ".") || strings.Contains(t, "/")) && !strings.Contains(t, "%") {
				e.first = t
				break
			}
		}
	} else if e.first == "" {
		for _, t := range targets {
			if !strings.HasPrefix(t, ".") {
				e.first = t
				break
			}
		}
	}
	return out
}

// makeSystemIncludeDirs are the directories make searches, after the
// -I ones, for an included name not found in its directory (its
// .INCLUDE_DIRS; /usr/gnu/include in some builds).
var makeSystemIncludeDirs = []string{"/usr/local/include", "/usr/gnu/include", "/usr/include"}

// includeSearch returns the directories make searches for an included
// name, in order: the working directory, the -I ones, make's own. -I-
// reads two ways: make 4.3 takes - for a directory of that name, make 4.4
// drops every directory named before it, its own included, so a later
// -I directory is searched first (make -Ia -I- -Ib finds b/x.mk before
// a/x.mk). Both searches are made and the first file each finds is read.
func (e *makeEval) includeSearch() [][]string {
	inc := e.opts.includeDirs
	out := [][]string{append(append([]string{e.opts.dir}, inc...), makeSystemIncludeDirs...)}
	if i := slices.Index(inc, "-"); i >= 0 {
		after := []string{e.opts.dir}
		for j := i + 1; j < len(inc); j++ {
			if inc[j] == "-" {
				after = after[:1]
				continue
			}
			after = append(after, inc[j])
		}
		out = append(out, after)
	}
	return out
}

// include reads the files an include line names, found beside the
// Makefile, in an -I directory or in make's system directories.
func (e *makeEval) include(rest string, where string, nest int) {
	x := &makeCtx{where: where, globs: true}
	text, unres := e.expand(rest, x)
	if unres {
		e.incomplete = true
		e.act(makeAction{kind: "hidden", text: "include " + text, unres: true, hint: strings.Join(x.hint, " "), where: where})
	}
	var names []string
	for _, f := range strings.Fields(text) {
		if strings.Contains(f, "$") {
			continue
		}
		if strings.ContainsAny(f, "*?[") {
			// A pattern (include .env*, include $(wildcard .env*)):
			// make reads the files it matches when it runs; those on
			// disk now are read, and others may be there then.
			e.incomplete = true
			names = append(names, e.includeMatches(f)...)
			continue
		}
		names = append(names, f)
	}
	for _, f := range names {
		if e.files++; e.files > maxMakeFiles {
			e.incomplete = true
			return
		}
		if stdinName(f, false) {
			// include /dev/stdin: make reads makefile text from its
			// standard input (echo 'x: ; CMD' | make, with a Makefile
			// holding the include), text corral does not follow there
			// (red team: make include from stdin).
			e.incomplete = true
			e.act(makeAction{kind: "stdin-include", text: "include " + f, where: where})
			continue
		}
		if f == "~" || strings.HasPrefix(f, "~/") {
			// make expands a leading ~ in the names include reads to
			// $(HOME).
			home, known, set := e.env("HOME")
			if !set || !known || home == "" {
				e.incomplete = true
				continue
			}
			f = home + f[1:]
		}
		found := false
		read := map[string]bool{}
		for _, dirs := range e.includeSearch() {
			for _, d := range dirs {
				p := f
				if !filepath.IsAbs(p) {
					if d == "" {
						continue
					}
					if !filepath.IsAbs(d) && e.opts.dir != "" {
						d = filepath.Join(e.opts.dir, d)
					}
					p = filepath.Join(d, f)
				}
				if t, ok := e.opts.read(p); ok {
					if !read[p] {
						read[p] = true
						e.readFiles = append(e.readFiles, f)
						prev := e.curFile
						e.curFile = p
						e.parse(f, t, nest+1)
						e.curFile = prev
					}
					found = true
					break
				}
				if filepath.IsAbs(f) {
					break
				}
			}
		}
		if !found {
			if e.opts.dir == "" {
				e.incomplete = true
			}
			e.missing = append(e.missing, f)
		}
	}
}

// makeAllPatterns reports words that are all glob patterns with no
// reference left in them.
func makeAllPatterns(ws []string) bool {
	for _, w := range ws {
		if strings.Contains(w, "$") || !strings.ContainsAny(w, "*?[") {
			return false
		}
	}
	return true
}

// includeMatches are the files a pattern an include line names matches
// on disk in make's directory now, in glob order (at most maxMakeFiles).
func (e *makeEval) includeMatches(pat string) []string {
	if e.opts.dir == "" || strings.HasPrefix(pat, "~") {
		return nil
	}
	full := pat
	if !filepath.IsAbs(pat) {
		full = filepath.Join(e.opts.dir, pat)
	}
	ms, err := filepath.Glob(full)
	if err != nil {
		return nil
	}
	var out []string
	for _, m := range ms {
		if len(out) == maxMakeFiles {
			break
		}
		if !filepath.IsAbs(pat) {
			if r, err := filepath.Rel(e.opts.dir, m); err == nil {
				m = r
			}
		}
		out = append(out, m)
	}
	return out
}

// condition decides ifeq/ifneq/ifdef/ifndef: 1 true, 0 false, -1 when
// only make knows.
func (e *makeEval) condition(kind, arg, where string) int {
	x := &makeCtx{where: where}
	var res bool
	switch kind {
	case "ifdef", "ifndef":
		name, unres := e.expand(strings.TrimSpace(arg), x)
		if unres {
			return -1
		}
		v := e.vars[strings.TrimSpace(name)]
		switch {
		case v == nil:
			val, known, set := e.env(strings.TrimSpace(name))
			if !set {
				return -1
			}
			if !known {
				return -1
			}
			res = val != ""
		case len(v.vals) > 1 || v.vals[0].undef:
			return -1
		default:
			res = v.vals[0].text != ""
		}
		if kind == "ifndef" {
			res = !res
		}
	default:
		a, b, ok := makeCondArgs(arg)
		if !ok {
			return -1
		}
		av, au := e.expand(a, x)
		bv, bu := e.expand(b, x)
		if au || bu || len(x.unsure) > 0 {
			return -1
		}
		res = av == bv
		if kind == "ifneq" {
			res = !res
		}
	}
	if res {
		return 1
	}
	return 0
}

// env is a variable of make's environment.
func (e *makeEval) env(name string) (string, bool, bool) {
	if e.opts.env == nil {
		return "", false, false
	}
	return e.opts.env(name)
}

// assign sets a variable as make does for op (=, :=, ::=, :::=, ?=, +=, !=).
func (e *makeEval) assign(name, op, value string, override bool, where string) {
	if name == "" {
		return
	}
	vars := e.vars
	old := vars[name]
	if old != nil && (old.origin == "command line" || old.origin == "override") && !override {
		// The command line wins, and so does an override assignment
		// made before (also by --eval); the value is still read, for
		// what expanding it runs.
		if op != "=" && op != "?=" && op != "+=" {
			e.expandAll(value, &makeCtx{where: where})
		}
		return
	}
	origin := "file"
	if override {
		origin = "override"
	}
	if e.opts.envWins && !override && (old == nil || old.origin == "default" || old.origin == "environment override") {
		// make -e: a variable set in make's environment keeps that
		// value; the Makefile's is still read, for what expanding it
		// runs.
		val, known, set := e.env(name)
		ev := e.envVar(name)
		if set || ev != nil {
			switch op {
			case ":=", "::=", ":::=":
				e.expandAll(value, &makeCtx{where: where})
			case "!=":
				for _, v := range e.expandAll(value, &makeCtx{where: where}) {
					e.act(makeAction{kind: "shell", text: v.text, unres: v.unres, where: where})
				}
			default:
				e.recursiveShells(value, where)
			}
			v := &makeVar{vals: []makeVal{{text: val, recursive: true}}, origin: "environment override"}
			if !known && ev != nil {
				v.vals = ev.vals
			} else if !known {
				v.vals = []makeVal{{text: "$(" + name + ")", unres: true}}
			}
			vars[name] = v
			return
		}
	}
	// A variable an included file sets holds that file's text, and so
	// does one a simple assignment gives a value holding such text
	// (KEY := $(API_KEY)); a recursive one's references are followed
	// where it is expanded.
	e.taintVar(name, e.curFile)
	switch op {
	case "=":
		vars[name] = &makeVar{vals: []makeVal{{text: value, recursive: true}}, origin: origin}
		e.recursiveShells(value, where)
	case ":=", "::=", ":::=":
		x := &makeCtx{where: where}
		vars[name] = &makeVar{vals: e.expandAll(value, x), origin: origin}
		e.taintVar(name, x.usedFiles()...)
	case "?=":
		if old != nil && old.origin != "default" {
			return
		}
		if old == nil {
			if _, _, set := e.env(name); set {
				return
			}
		}
		vars[name] = &makeVar{vals: []makeVal{{text: value, recursive: true}}, origin: origin}
		e.recursiveShells(value, where)
	case "+=":
		if old == nil {
			// A variable from make's environment is appended to
			// (CMD='touch a' with CMD += b is touch a b).
			var base []string
			if val, known, set := e.env(name); set && known {
				base = []string{val}
			} else if ev := e.envVar(name); ev != nil {
				for _, v := range ev.vals {
					if !v.unres {
						base = append(base, v.text)
					}
				}
			}
			nv := &makeVar{origin: origin}
			for _, b := range base {
				nv.vals = append(nv.vals, makeVal{text: makeJoin(b, value), recursive: true})
			}
			if len(nv.vals) == 0 {
				nv.vals = []makeVal{{text: value, recursive: true}}
			}
			vars[name] = nv
			e.recursiveShells(value, where)
			return
		}
		nv := &makeVar{origin: old.origin}
		for _, v := range old.vals {
			switch {
			case v.undef:
				nv.vals = append(nv.vals, makeVal{text: value, recursive: true})
			case v.recursive:
				nv.vals = append(nv.vals, makeVal{text: makeJoin(v.text, value), recursive: true, unres: v.unres})
			default:
				x := &makeCtx{where: where}
				t, u := e.expand(value, x)
				nv.vals = append(nv.vals, makeVal{text: makeJoin(v.text, t), unres: v.unres || u})
				e.taintVar(name, x.usedFiles()...)
			}
		}
		if old.vals[0].recursive {
			e.recursiveShells(value, where)
		}
		vars[name] = nv
	case "!=":
		for _, v := range e.expandAll(value, &makeCtx{where: where}) {
			e.act(makeAction{kind: "shell", text: v.text, unres: v.unres, where: where})
		}
		vars[name] = &makeVar{vals: []makeVal{{text: "$(shell)", unres: true}}, origin: origin}
	}
	if name == ".RECIPEPREFIX" {
		e.prefix = '\t'
		if t, _ := e.expand("$(.RECIPEPREFIX)", &makeCtx{where: where}); t != "" {
			e.prefix = t[0]
		}
	}
}

// taintNames records the target and prerequisite names that hold the
// value of a variable an included file set (all: $(API_KEY)): make
// prints such a name where it cannot make it, and hands it to recipes as
// $@, $<, $^.
func (e *makeEval) taintNames(x *makeCtx, names []string) {
	if len(x.used) == 0 {
		return
	}
	values := e.usedValues(x)
	for _, n := range names {
		for _, u := range x.used {
			for _, v := range values[u.name] {
				if strings.Contains(n, v) {
					if e.nameTaint == nil {
						e.nameTaint = map[string][]makeUse{}
					}
					e.nameTaint[n] = append(e.nameTaint[n], u)
				}
			}
		}
	}
}

// taintVar records that name's value may hold the text of files (a
// taint is never dropped: a later assignment that replaces the value
// keeps it, which errs toward the file's text).
func (e *makeEval) taintVar(name string, files ...string) {
	var fs []string
	for _, f := range files {
		if f != "" {
			fs = union(fs, []string{f})
		}
	}
	if len(fs) == 0 {
		return
	}
	if e.taint == nil {
		e.taint = map[string][]string{}
	}
	e.taint[name] = union(e.taint[name], fs)
}

func makeJoin(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// recursiveShells judges the $(shell …) calls a recursive value holds
// now: make runs them wherever the variable is expanded, which may be
// while the file is read.
func (e *makeEval) recursiveShells(value, where string) {
	if !strings.Contains(value, "shell") && !strings.Contains(value, "file") {
		return
	}
	x := &makeCtx{where: where, onlyActs: true}
	e.expand(value, x)
}

// expandAll expands s once for each combination of the values of the
// variables conditionals left open (at most maxMakeVariants).
func (e *makeEval) expandAll(s string, x *makeCtx) []makeVal {
	t, u := e.expand(s, x)
	if len(x.unsure) == 0 {
		return []makeVal{{text: t, unres: u}}
	}
	names := x.unsure
	combos := 1
	for _, n := range names {
		combos *= len(e.lookupVar(n, x).vals)
		if combos > maxMakeVariants {
			return []makeVal{{text: t, unres: true}}
		}
	}
	var out []makeVal
	seen := map[string]bool{}
	for k := 0; k < combos; k++ {
		pick := map[string]int{}
		rest := k
		for _, n := range names {
			c := len(e.lookupVar(n, x).vals)
			pick[n] = rest % c
			rest /= c
		}
		y := &makeCtx{auto: x.auto, local: x.local, where: x.where, pick: pick}
		t, u := e.expand(s, y)
		if seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, makeVal{text: t, unres: u || len(y.unsure) > len(names)})
	}
	return out
}

// makeCtx is where a text is expanded: a recipe's automatic variables,
// the target's own variables, $(call)'s arguments.
type makeCtx struct {
	auto     map[string]string
	local    map[string]*makeVar
	where    string
	pick     map[string]int
	unsure   []string
	hint     []string
	depth    int
	onlyActs bool // expanding only for the commands it runs
	used     []makeUse
	// globs reports an include's names: $(wildcard PATTERN) is the
	// pattern, which include matches against the disk.
	globs bool
}

// use records that x expanded a variable whose value holds included text.
func (x *makeCtx) use(name string, files []string) {
	for i, u := range x.used {
		if u.name == name {
			x.used[i].files = union(u.files, files)
			return
		}
	}
	x.used = append(x.used, makeUse{name: name, files: files})
}

// usedFiles are the files x's expansions used the text of.
func (x *makeCtx) usedFiles() []string {
	var out []string
	for _, u := range x.used {
		out = union(out, u.files)
	}
	return out
}

func (e *makeEval) lookupVar(name string, x *makeCtx) *makeVar {
	if v, ok := x.local[name]; ok {
		return v
	}
	if v := e.vars[name]; v != nil {
		return v
	}
	return e.envVar(name)
}

// envVar is a variable make takes from its environment (origin
// environment: the Makefile's own assignment replaces it, unless make
// -e) when the shell gave it one of several values (if …; then export
// CMD=a; fi, true && export CMD=b): each is a value the variable may
// hold, as for a conditional make cannot decide. nil when the variable
// is not set there, or is known (env), or nothing of its value is.
func (e *makeEval) envVar(name string) *makeVar {
	if e.opts.envVals == nil {
		return nil
	}
	if v, ok := e.envVars[name]; ok {
		return v
	}
	if e.envVars == nil {
		e.envVars = map[string]*makeVar{}
	}
	e.envVars[name] = nil
	if _, known, set := e.env(name); set && known {
		return nil
	}
	vals, open := e.opts.envVals(name)
	if len(vals) == 0 {
		return nil
	}
	v := &makeVar{origin: "environment"}
	for _, s := range vals {
		v.vals = append(v.vals, makeVal{text: s, recursive: true})
	}
	if open {
		v.vals = append(v.vals, makeVal{text: "$(" + name + ")", unres: true})
	}
	e.envVars[name] = v
	return v
}

func (e *makeEval) expandName(s, where string) string {
	t, _ := e.expand(strings.TrimSpace(s), &makeCtx{where: where})
	return strings.TrimSpace(t)
}

// expand expands make text: the result has $$ for a dollar and keeps, as
// written, each reference only run time can resolve (unres reports one).
func (e *makeEval) expand(s string, x *makeCtx) (string, bool) {
	if !strings.Contains(s, "$") {
		return escapeMake(s), false
	}
	if e.work += len(s); e.work > maxMakeExpand || x.depth > maxMakeDepth {
		e.incomplete = true
		return s, true
	}
	x.depth++
	defer func() { x.depth-- }()
	var b strings.Builder
	unres := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch != '$' {
			b.WriteByte(ch)
			continue
		}
		if i+1 >= len(s) {
			break
		}
		next := s[i+1]
		var ref string
		switch next {
		case '$':
			b.WriteString("$$")
			i++
			continue
		case '(', '{':
			end := makeClose(s, i+1)
			if end < 0 {
				// make stops: unterminated reference.
				b.WriteString(s[i:])
				return b.String(), true
			}
			ref = s[i+2 : end]
			raw := s[i : end+1]
			i = end
			t, u := e.reference(ref, raw, x)
			b.WriteString(t)
			unres = unres || u
		default:
			i++
			t, u := e.variable(string(next), "$"+string(next), x)
			b.WriteString(t)
			unres = unres || u
		}
	}
	return b.String(), unres
}

// reference expands the inside of $(…): a function call or a variable
// (also $(VAR:a=b)).
func (e *makeEval) reference(ref, raw string, x *makeCtx) (string, bool) {
	if fn, args, ok := makeFunction(ref); ok {
		return e.function(fn, args, raw, x)
	}
	name, u := e.expand(ref, x)
	if u {
		x.hint = append(x.hint, name)
		return raw, true
	}
	if k := strings.IndexByte(name, ':'); k >= 0 {
		if from, to, ok := strings.Cut(name[k+1:], "="); ok {
			val, vu := e.variable(name[:k], raw, x)
			if vu {
				return raw, true
			}
			if !strings.Contains(from, "%") {
				from, to = "%"+from, "%"+to
			}
			return makePatsubst(from, to, val), false
		}
	}
	return e.variable(name, raw, x)
}

// variable is the value of a variable reference.
func (e *makeEval) variable(name, raw string, x *makeCtx) (string, bool) {
	if x.auto != nil {
		if v, ok := makeAutomatic(name, x.auto); ok {
			return escapeMake(v), false
		}
	}
	v := e.lookupVar(name, x)
	if v == nil {
		if makeAutoName(name) {
			return "", false
		}
		if val, known, set := e.env(name); set {
			if known {
				// make reads a variable of its environment as a
				// recursive one: its $(shell …) runs where expanded.
				return e.expand(val, x)
			}
			return raw, true
		}
		// Not set in the file nor known in the environment: make
		// takes it from its environment, which corral does not see.
		return raw, true
	}
	if fs := e.taint[name]; len(fs) > 0 && x.local[name] == nil {
		x.use(name, fs)
	}
	idx := len(v.vals) - 1
	if len(v.vals) > 1 {
		if p, ok := x.pick[name]; ok {
			idx = p
		} else if !containsStr(x.unsure, name) {
			x.unsure = append(x.unsure, name)
		}
	}
	val := v.vals[idx]
	if len(v.vals) > 1 && x.pick == nil {
		for _, alt := range v.vals {
			x.hint = append(x.hint, alt.text)
		}
	}
	switch {
	case val.undef:
		if envVal, known, set := e.env(name); set && known {
			return e.expand(envVal, x)
		}
		return raw, true
	case val.recursive:
		t, u := e.expand(val.text, x)
		if val.unres {
			x.hint = append(x.hint, val.text)
		}
		return t, u || val.unres
	default:
		return val.text, val.unres
	}
}

func containsStr(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// function runs one of make's functions.
func (e *makeEval) function(fn string, rawArgs []string, raw string, x *makeCtx) (string, bool) {
	arg := func(i int) (string, bool) {
		if i >= len(rawArgs) {
			return "", false
		}
		return e.expand(rawArgs[i], x)
	}
	all := func() ([]string, bool) {
		var out []string
		u := false
		for i := range rawArgs {
			t, tu := arg(i)
			out = append(out, t)
			u = u || tu
		}
		return out, u
	}
	switch fn {
	case "shell":
		t, u := e.expand(strings.Join(rawArgs, ","), x)
		e.act(makeAction{kind: "shell", text: t, unres: u, hint: strings.Join(x.hint, " "), where: x.where})
		return "$(shell)", true
	case "file":
		op, _ := arg(0)
		op = strings.TrimSpace(op)
		var text string
		if len(rawArgs) > 1 {
			text, _ = e.expand(strings.Join(rawArgs[1:], ","), x)
		}
		kind := ""
		switch {
		case strings.HasPrefix(op, ">>"):
			kind, op = "append", op[2:]
		case strings.HasPrefix(op, ">"):
			kind, op = "write", op[1:]
		case strings.HasPrefix(op, "<"):
			// $(file <P) reads P (as written: make expands no ~);
			// what it holds is only known when make runs.
			p := strings.TrimSpace(op[1:])
			if p != "" {
				e.act(makeAction{kind: "read", text: p, unres: strings.Contains(strings.ReplaceAll(p, "$$", ""), "$"), where: x.where})
			}
			// Its value is P's text (one final newline dropped), used
			// as it stands wherever the reference is: a recipe line, an
			// $(eval) (red team 17 MK1). Read now when P is static and
			// nothing may change it before make reads it; otherwise the
			// reference stays, and makeFileRead asks where it is used.
			if t, ok := e.fileText(p); ok {
				return escapeMake(strings.TrimSuffix(t, "\n")), false
			}
			return raw, true
		}
		if kind != "" {
			p := strings.TrimSpace(op)
			e.act(makeAction{kind: kind, text: p, unres: strings.Contains(strings.ReplaceAll(p, "$$", ""), "$"), hint: text, where: x.where})
		}
		return "", false
	case "eval":
		t, u := e.expand(strings.Join(rawArgs, ","), x)
		if x.onlyActs {
			return "", false
		}
		if u {
			e.act(makeAction{kind: "hidden", text: t, unres: true, hint: strings.Join(x.hint, " "), where: x.where})
			e.incomplete = true
			return "", false
		}
		e.parse(x.where+" $(eval)", strings.ReplaceAll(t, "$$", "$"), strings.Count(x.where, "$(eval)")+1)
		return "", false
	case "guile":
		t, u := e.expand(strings.Join(rawArgs, ","), x)
		e.act(makeAction{kind: "hidden", text: t, unres: true, hint: strings.Join(x.hint, " "), where: x.where})
		_ = u
		return raw, true
	case "info", "warning", "error":
		// make prints the text (to stdout or stderr, which the agent
		// reads): a variable holding an included file's text there
		// prints that file's content.
		n := len(x.used)
		all()
		if len(x.used) > n && !x.onlyActs {
			e.act(makeAction{kind: "print", text: raw, used: append([]makeUse(nil), x.used[n:]...), where: x.where})
		}
		return "", false
	case "value":
		name, u := arg(0)
		if u {
			return raw, true
		}
		if v := e.lookupVar(strings.TrimSpace(name), x); v != nil && len(v.vals) == 1 && !v.vals[0].undef {
			if v.vals[0].recursive {
				return escapeMake(v.vals[0].text), v.vals[0].unres
			}
			return v.vals[0].text, v.vals[0].unres
		}
		return raw, true
	case "origin", "flavor":
		name, u := arg(0)
		v := e.lookupVar(strings.TrimSpace(name), x)
		if u || v == nil {
			return raw, true
		}
		if fn == "flavor" {
			if v.vals[0].recursive {
				return "recursive", false
			}
			return "simple", false
		}
		return v.origin, false
	case "call":
		name, u := arg(0)
		if u {
			all()
			return raw, true
		}
		args, _ := all()
		local := map[string]*makeVar{}
		for k, v := range x.local {
			local[k] = v
		}
		local["0"] = &makeVar{vals: []makeVal{{text: strings.TrimSpace(name)}}}
		for i := 1; i < len(args) || i < 10; i++ {
			a := ""
			if i < len(args) {
				a = args[i]
			}
			local[strconv.Itoa(i)] = &makeVar{vals: []makeVal{{text: a}}}
		}
		v := e.lookupVar(strings.TrimSpace(name), x)
		if v == nil {
			return "", false
		}
		y := &makeCtx{auto: x.auto, local: local, where: x.where, pick: x.pick, depth: x.depth, onlyActs: x.onlyActs}
		t, tu := e.variable(strings.TrimSpace(name), raw, y)
		x.unsure = append(x.unsure, y.unsure...)
		x.hint = append(x.hint, y.hint...)
		for _, u := range y.used {
			x.use(u.name, u.files)
		}
		return t, tu
	case "foreach":
		if len(rawArgs) < 3 {
			return "", false
		}
		name, u1 := arg(0)
		list, u2 := arg(1)
		if u1 || u2 {
			t, _ := e.expand(strings.Join(rawArgs[2:], ","), x)
			x.hint = append(x.hint, t)
			return raw, true
		}
		words := strings.Fields(list)
		if len(words) > maxMakeWords {
			words = words[:maxMakeWords]
			e.incomplete = true
		}
		var out []string
		unres := false
		for _, wd := range words {
			local := map[string]*makeVar{}
			for k, v := range x.local {
				local[k] = v
			}
			local[strings.TrimSpace(name)] = &makeVar{vals: []makeVal{{text: wd}}}
			y := &makeCtx{auto: x.auto, local: local, where: x.where, pick: x.pick, depth: x.depth, onlyActs: x.onlyActs}
			t, u := e.expand(strings.Join(rawArgs[2:], ","), y)
			x.unsure = append(x.unsure, y.unsure...)
			x.hint = append(x.hint, y.hint...)
			for _, u := range y.used {
				x.use(u.name, u.files)
			}
			out = append(out, t)
			unres = unres || u
		}
		return strings.Join(out, " "), unres
	case "if", "or", "and":
		if fn == "if" {
			cond, u := arg(0)
			then, u1 := arg(1)
			var els string
			u2 := false
			if len(rawArgs) > 2 {
				els, u2 = e.expand(strings.Join(rawArgs[2:], ","), x)
			}
			if u {
				x.hint = append(x.hint, then, els)
				return raw, true
			}
			if strings.TrimSpace(cond) != "" {
				return then, u1
			}
			return els, u2
		}
		args, u := all()
		if u {
			x.hint = append(x.hint, args...)
			return raw, true
		}
		last := ""
		for _, a := range args {
			a = strings.TrimSpace(a)
			if fn == "or" && a != "" {
				return a, false
			}
			if fn == "and" && a == "" {
				return "", false
			}
			last = a
		}
		if fn == "or" {
			return "", false
		}
		return last, false
	}
	args, u := all()
	if u {
		x.hint = append(x.hint, args...)
		return raw, true
	}
	get := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	words := func(i int) []string { return strings.Fields(get(i)) }
	switch fn {
	case "subst":
		if get(0) == "" {
			return get(2), false
		}
		return strings.ReplaceAll(get(2), get(0), get(1)), false
	case "patsubst":
		return makePatsubst(strings.TrimSpace(get(0)), strings.TrimSpace(get(1)), get(2)), false
	case "strip":
		return strings.Join(words(0), " "), false
	case "findstring":
		if strings.Contains(get(1), get(0)) {
			return get(0), false
		}
		return "", false
	case "filter", "filter-out":
		pats := words(0)
		var out []string
		for _, wd := range words(1) {
			hit := false
			for _, p := range pats {
				if _, ok := makeMatch(p, wd); ok {
					hit = true
					break
				}
			}
			if hit == (fn == "filter") {
				out = append(out, wd)
			}
		}
		return strings.Join(out, " "), false
	case "sort":
		ws := words(0)
		sort.Strings(ws)
		var out []string
		for i, wd := range ws {
			if i == 0 || ws[i-1] != wd {
				out = append(out, wd)
			}
		}
		return strings.Join(out, " "), false
	case "word":
		n, _ := strconv.Atoi(strings.TrimSpace(get(0)))
		ws := words(1)
		if n >= 1 && n <= len(ws) {
			return ws[n-1], false
		}
		return "", false
	case "wordlist":
		s, _ := strconv.Atoi(strings.TrimSpace(get(0)))
		t, _ := strconv.Atoi(strings.TrimSpace(get(1)))
		ws := words(2)
		if s < 1 {
			s = 1
		}
		if t > len(ws) {
			t = len(ws)
		}
		if s > t {
			return "", false
		}
		return strings.Join(ws[s-1:t], " "), false
	case "words":
		return strconv.Itoa(len(words(0))), false
	case "firstword":
		if ws := words(0); len(ws) > 0 {
			return ws[0], false
		}
		return "", false
	case "lastword":
		if ws := words(0); len(ws) > 0 {
			return ws[len(ws)-1], false
		}
		return "", false
	case "dir", "notdir", "suffix", "basename", "abspath":
		var out []string
		for _, wd := range words(0) {
			switch fn {
			case "dir":
				if k := strings.LastIndexByte(wd, '/'); k >= 0 {
					out = append(out, wd[:k+1])
				} else {
					out = append(out, "./")
				}
			case "notdir":
				out = append(out, wd[strings.LastIndexByte(wd, '/')+1:])
			case "suffix":
				base := wd[strings.LastIndexByte(wd, '/')+1:]
				if k := strings.LastIndexByte(base, '.'); k >= 0 {
					out = append(out, base[k:])
				}
			case "basename":
				base := wd[strings.LastIndexByte(wd, '/')+1:]
				if k := strings.LastIndexByte(base, '.'); k >= 0 {
					out = append(out, wd[:len(wd)-len(base)+k])
				} else {
					out = append(out, wd)
				}
			case "abspath":
				if !filepath.IsAbs(wd) {
					if e.opts.dir == "" {
						return raw, true
					}
					wd = filepath.Join(e.opts.dir, wd)
				}
				out = append(out, filepath.Clean(wd))
			}
		}
		return strings.Join(out, " "), false
	case "addsuffix", "addprefix":
		var out []string
		for _, wd := range words(1) {
			if fn == "addsuffix" {
				out = append(out, wd+get(0))
			} else {
				out = append(out, get(0)+wd)
			}
		}
		return strings.Join(out, " "), false
	case "join":
		a, b := words(0), words(1)
		var out []string
		for i := 0; i < len(a) || i < len(b); i++ {
			s := ""
			if i < len(a) {
				s = a[i]
			}
			if i < len(b) {
				s += b[i]
			}
			out = append(out, s)
		}
		return strings.Join(out, " "), false
	}
	if fn == "wildcard" {
		// A name without pattern characters is itself when the file
		// is there (make expands a leading ~ to $(HOME)): cat
		// $(wildcard ~/.ssh/id_rsa) reads that file.
		var out []string
		known := true
		for _, wd := range words(0) {
			if wd == "~" || strings.HasPrefix(wd, "~/") {
				home, hk, set := e.env("HOME")
				if !set || !hk || home == "" {
					known = false
					break
				}
				wd = home + wd[1:]
			}
			if strings.ContainsAny(wd, "*?[\\~$") || !e.fileThere(wd) {
				known = false
				break
			}
			out = append(out, wd)
		}
		if known && len(out) > 0 {
			return escapeMake(strings.Join(out, " ")), false
		}
		if x.globs && len(words(0)) > 0 && makeAllPatterns(words(0)) {
			// include $(wildcard .env*): the names include matches,
			// as it matches a pattern it is given itself.
			return escapeMake(strings.Join(words(0), " ")), false
		}
	}
	// $(wildcard …), $(realpath …) and the like: what the disk holds
	// when make runs.
	x.hint = append(x.hint, args...)
	return raw, true
}

// makeFunctions are GNU make's function names.
var makeFunctions = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return makeWords("shell file eval guile info warning error value origin flavor call foreach if or and " +
		"subst patsubst strip findstring filter filter-out sort word wordlist words firstword lastword dir notdir suffix " +
		"basename addsuffix addprefix join wildcard realpath abspath let intcmp")
}}

// makeWords is the set of make's words in s (function names, not
// programs).
func makeWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}

// makeFunction splits "fn args" into the function's name and its
// comma-separated arguments (commas inside nested references stay).
func makeFunction(ref string) (string, []string, bool) {
	k := strings.IndexAny(ref, " \t")
	if k < 0 || !makeFunctions.Get()[ref[:k]] {
		return "", nil, false
	}
	fn := ref[:k]
	body := strings.TrimLeft(ref[k:], " \t")
	var args []string
	depth, start := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 && !makeOneArg.Get()[fn] {
				args = append(args, body[start:i])
				start = i + 1
			}
		}
	}
	args = append(args, body[start:])
	return fn, args, true
}

// makeOneArg are the functions whose one argument may hold commas.
var makeOneArg = lazy.Value[map[string]bool]{New: func() map[string]bool { return makeWords("shell eval info warning error guile") }}

// makeClose returns the index of the parenthesis or brace closing the
// one at s[open], counting only the same kind, as make does.
func makeClose(s string, open int) int {
	o := s[open]
	c := byte(')')
	if o == '{' {
		c = '}'
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case o:
			depth++
		case c:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// makeTopIndex finds ch outside variable references and function calls.
func makeTopIndex(s string, ch byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '$':
			if i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{') {
				if end := makeClose(s, i+1); end >= 0 {
					i = end
					continue
				}
			}
			if i+1 < len(s) {
				i++
			}
			continue
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		}
		if s[i] == ch && depth <= 0 {
			return i
		}
	}
	return -1
}

// makeSplitAssign reads NAME OP VALUE where OP is an assignment operator
// found before any rule colon.
func makeSplitAssign(line string) (name, op, value string, ok bool) {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '$':
			if i+1 < len(line) && (line[i+1] == '(' || line[i+1] == '{') {
				if end := makeClose(line, i+1); end >= 0 {
					i = end
				}
			}
			continue
		case '=':
			j := i
			for j > 0 && strings.IndexByte("+?!:", line[j-1]) >= 0 && i-j < 3 {
				j--
			}
			op = line[j : i+1]
			if op != "=" && op != ":=" && op != "::=" && op != ":::=" && op != "+=" && op != "?=" && op != "!=" {
				// "a:b=c" is a target-specific assignment, read by the caller.
				if strings.Contains(line[:j], ":") {
					return "", "", "", false
				}
				op = op[len(op)-1:]
				j = i
			}
			name = strings.TrimSpace(line[:j])
			if name == "" || strings.ContainsAny(name, " \t") && !strings.Contains(name, "$") {
				return "", "", "", false
			}
			return name, op, strings.TrimLeft(line[i+1:], " \t"), true
		case ':':
			rest := line[i:]
			if strings.HasPrefix(rest, ":=") || strings.HasPrefix(rest, "::=") || strings.HasPrefix(rest, ":::=") {
				continue
			}
			return "", "", "", false
		}
	}
	return "", "", "", false
}

// makeModifiers strips export, override, private and unexport before an
// assignment or define.
func makeModifiers(word, rest string) (map[string]bool, string, string) {
	mods := map[string]bool{}
	for word == "export" || word == "override" || word == "private" || word == "unexport" {
		if rest == "" || strings.HasPrefix(strings.TrimSpace(rest), "=") || strings.HasPrefix(strings.TrimSpace(rest), ":") {
			break
		}
		mods[word] = true
		word, rest = makeFirstWord(rest)
	}
	if len(mods) == 0 {
		return nil, word, rest
	}
	return mods, word, rest
}

// makeDefineHead reads "NAME [op]" after define.
func makeDefineHead(s string) (string, string) {
	s = strings.TrimSpace(s)
	for _, op := range []string{":::=", "::=", ":=", "+=", "?=", "!=", "="} {
		if strings.HasSuffix(s, op) {
			return strings.TrimSpace(strings.TrimSuffix(s, op)), op
		}
	}
	return s, "="
}

func makeFirstWord(s string) (string, string) {
	s = strings.TrimLeft(s, " \t")
	k := strings.IndexAny(s, " \t")
	if k < 0 {
		return s, ""
	}
	return s[:k], strings.TrimLeft(s[k:], " \t")
}

// makeContinued reports a line ending in an odd number of backslashes.
func makeContinued(s string) bool {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// makeStripComment drops a comment (# not after a backslash).
func makeStripComment(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' {
			if i > 0 && s[i-1] == '\\' {
				s = s[:i-1] + s[i:]
				i--
				continue
			}
			return s[:i]
		}
	}
	return s
}

// makeCondArgs reads ifeq's (a,b), 'a' 'b' or "a" "b".
func makeCondArgs(s string) (string, string, bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		in := s[1 : len(s)-1]
		k := makeTopIndex(in, ',')
		if k < 0 {
			return "", "", false
		}
		return strings.TrimSpace(in[:k]), strings.TrimSpace(in[k+1:]), true
	}
	var parts []string
	for len(s) > 0 && len(parts) < 2 {
		q := s[0]
		if q != '"' && q != '\'' {
			return "", "", false
		}
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return "", "", false
		}
		parts = append(parts, s[1:1+end])
		s = strings.TrimSpace(s[end+2:])
	}
	if len(parts) != 2 {
		return "", "", false
	}
	return parts[0], parts[1], true
}

// makeMatch matches a word against a make pattern (one %): the stem.
func makeMatch(pat, word string) (string, bool) {
	k := strings.IndexByte(pat, '%')
	if k < 0 {
		return "", pat == word
	}
	pre, suf := pat[:k], pat[k+1:]
	if len(word) < len(pre)+len(suf) || !strings.HasPrefix(word, pre) || !strings.HasSuffix(word, suf) {
		return "", false
	}
	return word[len(pre) : len(word)-len(suf)], true
}

func makePatsubst(from, to, text string) string {
	var out []string
	for _, wd := range strings.Fields(text) {
		if stem, ok := makeMatch(from, wd); ok {
			if strings.Contains(from, "%") {
				wd = strings.Replace(to, "%", stem, 1)
			} else {
				wd = to
			}
		}
		out = append(out, wd)
	}
	return strings.Join(out, " ")
}

// makeAutoName reports the automatic variables ($@, $(@D), …).
func makeAutoName(name string) bool {
	if name == "" {
		return false
	}
	if strings.IndexByte("@<^+*?|%", name[0]) < 0 {
		return false
	}
	return len(name) == 1 || name[1:] == "D" || name[1:] == "F"
}

func makeAutomatic(name string, auto map[string]string) (string, bool) {
	if !makeAutoName(name) {
		return "", false
	}
	v := auto[name[:1]]
	switch name[1:] {
	case "D":
		var out []string
		for _, wd := range strings.Fields(v) {
			d := filepath.Dir(wd)
			out = append(out, d)
		}
		return strings.Join(out, " "), true
	case "F":
		var out []string
		for _, wd := range strings.Fields(v) {
			out = append(out, filepath.Base(wd))
		}
		return strings.Join(out, " "), true
	}
	return v, true
}

func copyMakeVars(m map[string]*makeVar) map[string]*makeVar {
	out := make(map[string]*makeVar, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// mergeMakeVars joins the variables at the end of each branch of a
// conditional make decides at run time: a variable set differently holds
// any of the values.
func mergeMakeVars(ends []map[string]*makeVar) map[string]*makeVar {
	names := map[string]bool{}
	for _, m := range ends {
		for k := range m {
			names[k] = true
		}
	}
	out := map[string]*makeVar{}
	for name := range names {
		var vals []makeVal
		origin := ""
		same := true
		var first *makeVar
		for i, m := range ends {
			v := m[name]
			if i == 0 {
				first = v
			} else if v != first {
				same = false
			}
			if v == nil {
				vals = append(vals, makeVal{undef: true})
				continue
			}
			origin = v.origin
			vals = append(vals, v.vals...)
		}
		if same {
			out[name] = first
			continue
		}
		var uniq []makeVal
		seen := map[makeVal]bool{}
		for _, v := range vals {
			if !seen[v] {
				seen[v] = true
				uniq = append(uniq, v)
			}
		}
		if len(uniq) > maxMakeVariants {
			uniq = append(uniq[:maxMakeVariants-1], makeVal{text: "$(" + name + ")", unres: true})
		}
		out[name] = &makeVar{vals: uniq, origin: origin}
	}
	return out
}

// makeStep is one recipe line make runs for a target.
type makeStep struct {
	target, text, file string
	line               int
	auto               map[string]string
	vars               []makeAssign // the target's own variables, inherited ones first
}

// maxMakeTargetVars bounds the target-specific assignments one target
// is made with.
const maxMakeTargetVars = 256

// targetVars are the assignments goal is made with: those it inherits,
// then the pattern-specific ones whose pattern matches it, then its own.
func (e *makeEval) targetVars(goal string, inherit []makeAssign) []makeAssign {
	out := append([]makeAssign(nil), inherit...)
	var pats []string
	for t := range e.tvars {
		if strings.Contains(t, "%") {
			if _, ok := makeMatch(t, goal); ok {
				pats = append(pats, t)
			}
		}
	}
	sort.Strings(pats)
	for _, t := range pats {
		out = append(out, e.tvars[t]...)
	}
	out = append(out, e.tvars[goal]...)
	if len(out) > maxMakeTargetVars {
		out = out[len(out)-maxMakeTargetVars:]
		e.incomplete = true
	}
	return out
}

// goal returns the targets make builds with no target named: the value
// of .DEFAULT_GOAL, else the first target.
func (e *makeEval) goal() []string {
	if e.vars[".DEFAULT_GOAL"] != nil {
		var out []string
		for _, v := range e.expandAll("$(.DEFAULT_GOAL)", &makeCtx{}) {
			if !v.unres {
				out = append(out, strings.Fields(v.text)...)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	if e.first == "" {
		return nil
	}
	return []string{e.first}
}

// steps returns the recipe lines that making goal runs: its
// prerequisites' first (explicit and pattern rules), then its own.
//
// inherit are the target-specific variables of the targets that need
// goal: make gives them to the prerequisites it makes for them (all but
// the private ones), before goal's own pattern- and target-specific ones.
func (e *makeEval) steps(goal string, seen map[string]bool, out *[]makeStep, inherit []makeAssign) {
	if seen[goal] || len(seen) > maxMakeGoals {
		return
	}
	seen[goal] = true
	vars := e.targetVars(goal, inherit)
	var own []makeStep
	var prereqs []string
	explicit, hasRule := false, false
	// viaMember: the member make's archive rule puts in goal, lib.a(m.o);
	// defaultOK: no rule of goal's own keeps make from .DEFAULT.
	viaMember, defaultOK := "", false
	for _, r := range e.rules {
		if !containsStr(r.targets, goal) {
			continue
		}
		ps := r.prereqs
		stem := ""
		if r.staticPat != "" {
			s, ok := makeMatch(r.staticPat, goal)
			if !ok {
				continue
			}
			stem = s
			ps = nil
			for _, p := range r.prereqs {
				ps = append(ps, strings.Replace(p, "%", s, 1))
			}
		} else if makeIsPattern(r) {
			continue
		}
		hasRule = true
		if r.second != "" {
			ps = nil
			for _, p := range e.secondExpand(r.second, goal, stem) {
				if r.staticPat != "" {
					p = strings.Replace(p, "%", stem, 1)
				}
				ps = append(ps, p)
			}
		}
		prereqs = append(prereqs, ps...)
		if len(r.recipe) > 0 {
			explicit = true
			auto := makeAutos(goal, ps, stem)
			for i, l := range r.recipe {
				own = append(own, makeStep{target: goal, text: l, file: r.file, line: r.lines[i], auto: auto})
			}
		}
	}
	if !explicit {
		// Pattern rules: every one whose target pattern matches (make
		// picks one by what exists; each is read). For an archive
		// member, lib.a(m.o), make matches the patterns against the
		// member in parentheses, (m.o): a rule (%.o): %.o makes it.
		name := goal
		if _, member, ok := archiveMember(goal); ok {
			name = "(" + member + ")"
		}
		var matchAll []*makeRule
		matched := false
		for _, r := range e.rules {
			if !makeIsPattern(r) || len(r.recipe) == 0 {
				continue
			}
			for _, t := range r.targets {
				stem, ok := makeMatch(t, name)
				if !ok {
					continue
				}
				if t == "%" {
					matchAll = append(matchAll, r)
					break
				}
				var ps []string
				can := true
				pre := r.prereqs
				if r.second != "" {
					// After .SECONDEXPANSION: the prerequisites are
					// expanded again for this target ($$* is the
					// stem; a $$(shell …) there runs).
					pre = e.secondExpand(r.second, goal, stem)
				}
				for _, p := range pre {
					p = strings.Replace(p, "%", stem, 1)
					ps = append(ps, p)
					can = can && e.canMake(p, e.inter[goal]+1)
				}
				// Every such rule is read; one whose prerequisites make
				// cannot have does not keep make from its built-in
				// rules.
				matched = matched || can
				prereqs = append(prereqs, ps...)
				auto := makeAutos(goal, ps, stem)
				for i, l := range r.recipe {
					own = append(own, makeStep{target: goal, text: l, file: r.file, line: r.lines[i], auto: auto})
				}
				break
			}
		}
		if !matched {
			// An archive member, lib.a(m.o): make's (%): % rule.
			if bs, member := e.archiveSteps(goal); bs != nil {
				matched = true
				own = append(own, bs...)
				prereqs = append(prereqs, member)
				viaMember = member
			}
		}
		// gone: the built-in rule make takes for goal uses a source
		// this command may remove first (rm -f "$F" && make): without
		// it, and with no goal file, make runs .DEFAULT's recipe
		// instead, so both are read.
		gone := false
		if !matched {
			// make's built-in rules (%: %.c, %.o: %.c…) with the
			// Makefile's CC, CXX, LINK.c…, for a source on disk.
			if bs, src := e.implicit(goal, prereqs); bs != nil {
				matched = true
				own = append(own, bs...)
				gone = len(prereqs) == 0 && e.changed(src)
				prereqs = append(prereqs, src)
			}
		}
		if gone {
			if e.gone == nil {
				e.gone = map[string]bool{}
			}
			e.gone[goal] = true
		}
		defaultOK = !hasRule && len(matchAll) == 0 && (!e.onDisk(goal) || e.changed(goal))
		if (!matched && len(prereqs) == 0 || gone) && defaultOK {
			// .DEFAULT's recipe makes a target no rule makes.
			own = append(own, e.defaultSteps(goal)...)
		}
		if !matched {
			// A match-anything rule (%: …, %:: …) also makes a target
			// with prerequisites but no recipe (foo: bar), when its own
			// prerequisites can be had.
			explicitPre := len(prereqs) > 0
			for _, r := range matchAll {
				var ps []string
				can := true
				for _, p := range r.prereqs {
					p = strings.Replace(p, "%", goal, 1)
					ps = append(ps, p)
					can = can && (!explicitPre || e.canMake(p, e.inter[goal]+1))
				}
				if !can {
					continue
				}
				auto := makeAutos(goal, ps, goal)
				for i, l := range r.recipe {
					own = append(own, makeStep{target: goal, text: l, file: r.file, line: r.lines[i], auto: auto})
				}
			}
		}
	}
	if uses := e.nameTaint[goal]; len(uses) > 0 && len(own) == 0 && !hasRule && len(prereqs) == 0 && !e.onDisk(goal) {
		// make stops with "No rule to make target 'NAME'": the name,
		// a variable's value, is printed.
		e.act(makeAction{kind: "print", text: "No rule to make target " + goal, used: uses, where: "target " + goal})
	}
	// .EXTRA_PREREQS (make 4.3): prerequisites of every target (or of
	// the target whose own variable it is), made before it.
	extra := &makeCtx{where: ".EXTRA_PREREQS of " + goal, local: map[string]*makeVar{}}
	for _, a := range vars {
		if a.name == ".EXTRA_PREREQS" {
			extra.local[a.name] = &makeVar{vals: []makeVal{{text: a.value, recursive: true}}, origin: "file"}
		}
	}
	if extra.local[".EXTRA_PREREQS"] != nil || e.vars[".EXTRA_PREREQS"] != nil {
		for _, v := range e.expandAll("$(.EXTRA_PREREQS)", extra) {
			if !v.unres {
				prereqs = append(prereqs, strings.Fields(makeShellText(v.text))...)
			}
		}
	}
	var pass []makeAssign
	for _, a := range vars {
		if !a.private {
			pass = append(pass, a)
		}
	}
	for _, p := range prereqs {
		e.steps(p, seen, out, pass)
	}
	if viaMember != "" && e.gone[viaMember] && defaultOK {
		// The member's built-in rule uses a source this command may
		// remove first (rm -f m.c && make): without it make cannot
		// have the member, the archive rule does not apply, and make
		// runs .DEFAULT's recipe for lib.a(m.o) itself ($@ the
		// archive, $% the member), as real make does.
		own = append(own, e.defaultSteps(goal)...)
	}
	for i := range own {
		own[i].vars = vars
	}
	*out = append(*out, own...)
}

// defaultSteps returns .DEFAULT's recipe lines for goal.
func (e *makeEval) defaultSteps(goal string) []makeStep {
	var own []makeStep
	for _, r := range e.rules {
		if containsStr(r.targets, ".DEFAULT") && len(r.recipe) > 0 {
			auto := makeAutos(goal, nil, "")
			for i, l := range r.recipe {
				own = append(own, makeStep{target: goal, text: l, file: r.file, line: r.lines[i], auto: auto})
			}
		}
	}
	return own
}

// secondExpand expands a rule's prerequisites the second time, as make
// does after .SECONDEXPANSION: for the target it makes ($$(shell …)
// runs then).
func (e *makeEval) secondExpand(text, goal, stem string) []string {
	x := &makeCtx{auto: makeAutos(goal, nil, stem), where: "prerequisites of " + goal}
	out, _ := e.expand(strings.ReplaceAll(text, "$$", "$"), x)
	return strings.Fields(strings.ReplaceAll(out, "|", " "))
}

func makeIsPattern(r *makeRule) bool {
	if r.staticPat != "" {
		return false
	}
	for _, t := range r.targets {
		if strings.Contains(t, "%") {
			return true
		}
	}
	return false
}

func makeAutos(target string, prereqs []string, stem string) map[string]string {
	first := ""
	if len(prereqs) > 0 {
		first = prereqs[0]
	}
	var uniq []string
	seen := map[string]bool{}
	for _, p := range prereqs {
		if !seen[p] {
			seen[p] = true
			uniq = append(uniq, p)
		}
	}
	auto := map[string]string{"@": target, "<": first, "^": strings.Join(uniq, " "), "+": strings.Join(prereqs, " "),
		"?": strings.Join(uniq, " "), "*": stem, "|": "", "%": ""}
	if lib, member, ok := archiveMember(target); ok {
		// An archive member target, lib.a(m.o): $@ is the archive, $%
		// the member, in every recipe that makes it (its own rule's,
		// a pattern rule's, .DEFAULT's).
		auto["@"], auto["%"] = lib, member
	}
	return auto
}

// recipeText expands a recipe line for its target: each text make may
// hand the shell (more than one when conditionals left variables open).
func (e *makeEval) recipeText(s makeStep) ([]makeVal, string, *makeCtx) {
	x := &makeCtx{auto: s.auto, where: s.file + ":" + strconv.Itoa(s.line)}
	if as := s.vars; len(as) > 0 {
		x.local = map[string]*makeVar{}
		for _, a := range as {
			switch a.op {
			case ":=", "::=", ":::=":
				x.local[a.name] = &makeVar{vals: e.expandAll(a.value, &makeCtx{auto: s.auto, where: x.where}), origin: "file"}
			case "+=":
				base := e.vars[a.name]
				if prev, ok := x.local[a.name]; ok {
					base = prev
				}
				if base == nil {
					x.local[a.name] = &makeVar{vals: []makeVal{{text: a.value, recursive: true}}, origin: "file"}
					continue
				}
				nv := &makeVar{origin: base.origin}
				for _, v := range base.vals {
					if v.recursive {
						nv.vals = append(nv.vals, makeVal{text: makeJoin(v.text, a.value), recursive: true, unres: v.unres})
					} else {
						nv.vals = append(nv.vals, makeVal{text: makeJoin(v.text, escapeMake(a.value)), unres: v.unres})
					}
				}
				x.local[a.name] = nv
			default:
				if cl := e.vars[a.name]; cl != nil && cl.origin == "command line" {
					continue
				}
				x.local[a.name] = &makeVar{vals: []makeVal{{text: a.value, recursive: true}}, origin: "file"}
			}
		}
	}
	vals := e.expandAll(s.text, x)
	return vals, strings.Join(x.hint, " "), x
}
