package syntax

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// makeRule is one rule of a Makefile: its targets, prerequisites and
// recipe lines (with their line numbers).
type makeRule struct {
	targets, prereqs []string
	recipe           []string
	lines            []int
}

// makefile is what corral reads of a Makefile.
type makefile struct {
	rules []*makeRule
	// plain reports a Makefile without $(shell …), includes or
	// conditionals, whose recipes can be read as written.
	plain bool
}

// parseMakefile reads the rules of a Makefile: "targets: prerequisites"
// lines followed by tab-indented recipe lines, with backslash
// continuations.
func parseMakefile(text string) makefile {
	mf := makefile{plain: !strings.Contains(text, "$(shell") && !strings.Contains(text, "${shell")}
	var cur *makeRule
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line, n := lines[i], i+1
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = line[:len(line)-1] + "\n" + lines[i]
		}
		if strings.HasPrefix(line, "\t") {
			if cur != nil {
				cur.recipe = append(cur.recipe, line[1:])
				cur.lines = append(cur.lines, n)
			}
			continue
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		first := strings.Fields(trimmed)[0]
		switch first {
		case "include", "-include", "sinclude", "ifeq", "ifneq", "ifdef", "ifndef", "define", "export", "vpath", "override":
			mf.plain = false
			cur = nil
			continue
		case "else", "endif", "endef":
			cur = nil
			continue
		}
		colon := strings.Index(trimmed, ":")
		eq := strings.Index(trimmed, "=")
		if colon < 0 || eq >= 0 && eq < colon || strings.HasPrefix(trimmed[colon:], ":=") || strings.HasPrefix(trimmed[colon:], "::=") {
			cur = nil // a variable
			continue
		}
		rest := strings.TrimLeft(trimmed[colon+1:], ":")
		r := &makeRule{targets: strings.Fields(trimmed[:colon])}
		recipe := ""
		if j := strings.Index(rest, ";"); j >= 0 {
			recipe = strings.TrimSpace(rest[j+1:])
			rest = rest[:j]
		}
		if strings.Contains(rest, "=") {
			cur = nil // a target-specific variable
			continue
		}
		r.prereqs = strings.Fields(strings.ReplaceAll(rest, "|", " "))
		if recipe != "" {
			r.recipe = append(r.recipe, recipe)
			r.lines = append(r.lines, n)
		}
		mf.rules = append(mf.rules, r)
		cur = r
	}
	return mf
}

// defaultGoal is the first target that is not special or a pattern.
func (mf makefile) defaultGoal() string {
	for _, r := range mf.rules {
		for _, t := range r.targets {
			if !strings.HasPrefix(t, ".") && !strings.Contains(t, "%") && !strings.Contains(t, "$") {
				return t
			}
		}
	}
	return ""
}

// recipes returns the recipe lines that making goal runs: its
// prerequisites' first, then its own, each target once.
func (mf makefile) recipes(goal string, seen map[string]bool, out *[]recipeLine) {
	if seen[goal] || len(seen) > 256 {
		return
	}
	seen[goal] = true
	for _, r := range mf.rules {
		if !contains(r.targets, goal) {
			continue
		}
		for _, p := range r.prereqs {
			mf.recipes(p, seen, out)
		}
		for i, l := range r.recipe {
			*out = append(*out, recipeLine{target: goal, text: l, line: r.lines[i], prereqs: r.prereqs})
		}
	}
}

type recipeLine struct {
	target, text string
	line         int
	prereqs      []string
}

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

// makeRun models make [options] [targets]: the recipes of the targets of
// the Makefile it reads (-f FILE, -f - from a here-document, -C DIR,
// --eval=TEXT), its options read with makeSpec. make -n, -q and
// --dry-run, however spelled (-kn, --dry), run nothing.
func (w *walker) makeRun(c scope, call *Call) {
	dir := call.Dir
	var files, evals, procs []string
	var targets []string
	stdin := false
	args := call.Args
	opts, operands := ScanOptions(args, makeSpec)
	skip := map[int]bool{}
	for _, o := range opts {
		switch o.Name {
		case "n", "q", "p", "v", "h", "dry-run", "just-print", "recon", "question", "print-data-base", "version", "help":
			return
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
				files = append(files, o.Val.Value)
			}
		case "C", "directory":
			if o.HasVal {
				dir = dir.Join(o.Val.Value)
			}
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
	// SHELL=… given on the command line (GNU make does not take SHELL
	// from the environment).
	var shells []Arg
	overrides := map[string]Arg{}
	for _, i := range operands {
		if v := args[i].Value; !skip[i] && !isAssignment(v) && !isAssignment(strings.Replace(v, ":=", "=", 1)) {
			targets = append(targets, v)
		} else if name, val, _ := strings.Cut(v, "="); !skip[i] && strings.TrimSpace(name) == "SHELL" {
			shells = append(shells, Arg{Value: val, Raw: args[i].Raw, Static: args[i].Static})
		} else if !skip[i] {
			// NAME=value, NAME:=value: a variable that overrides the
			// Makefile's own and make's built-in value.
			name = strings.TrimRight(name, ":")
			overrides[name] = Arg{Value: val, Raw: args[i].Raw, Static: args[i].Static}
		}
	}
	// make reads MAKEFLAGS and GNUMAKEFLAGS as words of its command
	// line: a NAME=value there is a command-line variable too.
	for _, name := range []string{"MAKEFLAGS", "GNUMAKEFLAGS"} {
		v, known, set := w.envOf(c, call, name)
		if !set {
			continue
		}
		for _, word := range makeFlagsWords(v) {
			if strings.HasPrefix(word, "-") || !isAssignment(strings.Replace(word, ":=", "=", 1)) {
				continue
			}
			n, val, _ := strings.Cut(word, "=")
			n = strings.TrimRight(n, ":")
			if _, ok := overrides[n]; !ok && n != "SHELL" {
				overrides[n] = Arg{Value: val, Raw: name, Static: known}
			}
		}
	}
	type source struct{ name, text string }
	var srcs []source
	for _, text := range procs {
		srcs = append(srcs, source{"make -f <(…)", text})
	}
	if stdin {
		for _, in := range w.codeOnStdin(c, call) {
			srcs = append(srcs, source{"make -f - (" + in.kind + ")", in.text})
		}
	}
	for _, f := range files {
		if stdinName(f, false) {
			// make -f /dev/stdin reads the Makefile on stdin, as -f - does.
			if !stdin {
				stdin = true
				for _, in := range w.codeOnStdin(c, call) {
					srcs = append(srcs, source{"make -f " + f + " (" + in.kind + ")", in.text})
				}
			}
			continue
		}
		if text, ok := w.readScript(dir.Join(f)); ok {
			srcs = append(srcs, source{f, text})
		}
	}
	if len(files) == 0 && !stdin && dir.Known {
		for _, f := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if text, ok := w.readScript(Dir{Path: filepath.Join(dir.Path, f), Known: true}); ok {
				srcs = append(srcs, source{f, text})
				break
			}
		}
	}
	for i, e := range evals {
		srcs = append(srcs, source{fmt.Sprintf("make --eval #%d", i+1), e})
	}
	inner := *call
	inner.Dir = dir
	for _, s := range srcs {
		for _, m := range makeShellVar.Get().FindAllStringSubmatch(s.text, -1) {
			shells = append(shells, Arg{Value: strings.TrimSpace(m[1]), Raw: "SHELL in " + s.name, Static: !strings.Contains(m[1], "$")})
		}
	}
	for _, sh := range shells {
		w.makeShell(c, &inner, sh)
	}
	w.makeBuiltins(c, &inner, overrides)
	for _, s := range srcs {
		mf := parseMakefile(s.text)
		goals := targets
		if len(goals) == 0 {
			if g := mf.defaultGoal(); g != "" {
				goals = []string{g}
			}
		}
		if strings.HasPrefix(s.name, "make --eval") {
			// Text given with --eval runs with whatever target is made:
			// all of its recipes count.
			goals = nil
			for _, r := range mf.rules {
				goals = append(goals, r.targets...)
			}
		}
		var lines []recipeLine
		seen := map[string]bool{}
		for _, g := range goals {
			mf.recipes(g, seen, &lines)
		}
		for _, l := range lines {
			text := strings.TrimLeft(l.text, "@-+ \t")
			where := fmt.Sprintf("%s:%d (target %s)", s.name, l.line, l.target)
			if exp, used, static := expandOverrides(text, overrides, l); used {
				// A variable given on the command line is spliced into
				// the recipe: the shell runs its text.
				if mf.plain && !strings.Contains(strings.ReplaceAll(exp, "$$", ""), "$") {
					w.origin = where
					w.child(c, &inner, strings.ReplaceAll(exp, "$$", "$"), nil, "make recipe", !static)
					w.origin = ""
					continue
				}
				// The recipe also names variables corral does not know:
				// the text given on the command line runs whatever they
				// expand to, judged with each a plain word (and the
				// line as written below, as one only known at run time).
				w.origin = where
				w.child(c, &inner, strings.ReplaceAll(dropMakeRefs(exp), "$$", "$"), nil, "make recipe", !static)
				w.origin = ""
			}
			unexpanded := strings.ReplaceAll(text, "$$", "")
			if !mf.plain || strings.Contains(unexpanded, "$") {
				// make expands its variables first: the shell text is only
				// known in part.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: text,
					What: "the recipe at " + where + " uses make variables or functions, so its commands are only known when make runs"})
				continue
			}
			w.origin = where
			w.child(c, &inner, strings.ReplaceAll(text, "$$", "$"), nil, "make recipe", false)
			w.origin = ""
		}
	}
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

// expandOverrides expands, in a recipe line, the references to the
// variables given on make's command line ($(CC), ${CFLAGS}) and, when
// one is used, the automatic variables of the rule ($@, $<, $^, $+).
// used reports that a command-line variable was referenced; static that
// every value spliced in is known.
func expandOverrides(text string, ov map[string]Arg, l recipeLine) (out string, used, static bool) {
	if len(ov) == 0 || !strings.Contains(text, "$") {
		return text, false, true
	}
	static = true
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch != '$' || i+1 >= len(text) {
			b.WriteByte(ch)
			continue
		}
		next := text[i+1]
		if next == '(' || next == '{' {
			closer := byte(')')
			if next == '{' {
				closer = '}'
			}
			if end := strings.IndexByte(text[i+2:], closer); end >= 0 {
				name := text[i+2 : i+2+end]
				if v, ok := ov[name]; ok {
					b.WriteString(v.Value)
					used, static = true, static && v.Static
					i += 2 + end
					continue
				}
			}
		}
		b.WriteByte(ch)
		b.WriteByte(next)
		i++
	}
	if !used {
		return text, false, true
	}
	out = b.String()
	first := ""
	if len(l.prereqs) > 0 {
		first = l.prereqs[0]
	}
	out = strings.NewReplacer("$$", "$$", "$@", l.target, "$<", first, "$^", strings.Join(l.prereqs, " "), "$+", strings.Join(l.prereqs, " ")).Replace(out)
	return out, true, static
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
			b.WriteString("MAKEVAR")
		default:
			i++
			b.WriteString("MAKEVAR")
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
