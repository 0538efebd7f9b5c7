package syntax

import (
	"path/filepath"
	"slices"
	"strings"
)

// GNU make's $(file <P) is P's text, which make uses as it stands: a
// recipe line holding it runs that text, $(eval …) of it reads it as
// Makefile text (red team 17 MK1). fileText gives that text when make
// reads P as it is on disk now; makeFileRead finds the references whose
// text corral could not know in a line judged.

// fileText returns the text $(file <p) gives (p in expanded form): the
// file's text, "" when there is no such file (make reads nothing and
// says nothing). ok is false when the text is only known when make runs:
// p names a run-time reference, make's directory is unknown, the command
// changes the file first with text corral does not know, a rule of the
// Makefile (or an earlier $(file >p,…)) makes it, or it cannot be read.
func (e *makeEval) fileText(p string) (string, bool) {
	if p == "" || strings.Contains(strings.ReplaceAll(p, "$$", ""), "$") || e.opts.read == nil {
		return "", false
	}
	name := strings.ReplaceAll(p, "$$", "$")
	if !filepath.IsAbs(name) && e.opts.dir == "" {
		return "", false
	}
	if e.lookups++; e.lookups > maxMakeLookups {
		e.incomplete = true
		return "", false
	}
	if e.makesFile(name) {
		return "", false
	}
	for _, a := range e.actions {
		if (a.kind == "write" || a.kind == "append") && strings.ReplaceAll(a.text, "$$", "$") == name {
			return "", false
		}
	}
	// The reader gives the text a write earlier in the command left
	// (printf … > F && make), and fails, asking itself, for a change
	// whose text only run time knows.
	abs := e.abs(name)
	if t, ok := e.opts.read(abs); ok {
		return t, true
	}
	if !e.changed(name) && e.opts.absent != nil && e.opts.absent(abs) {
		return "", true
	}
	return "", false
}

// makesFile reports a target of the rules read so far that is name, or
// a pattern rule's target that matches it: make may write the file
// before a recipe that reads it is expanded.
func (e *makeEval) makesFile(name string) bool {
	clean := filepath.Clean(name)
	for _, r := range e.rules {
		if len(r.recipe) == 0 {
			continue
		}
		for _, t := range r.targets {
			t = strings.ReplaceAll(t, "$$", "$")
			if t == name || filepath.Clean(t) == clean || e.abs(t) == e.abs(name) {
				return true
			}
			if strings.Contains(t, "%") {
				if _, ok := makeMatch(t, name); ok {
					return true
				}
			}
		}
	}
	return false
}

// makeFileRead reports a $(file <P) (also ${file <P}) left in expanded
// text: a file's text only make's run knows, used where the reference
// stands.
func makeFileRead(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		if s[i+1] == '$' {
			i++
			continue
		}
		if s[i+1] != '(' && s[i+1] != '{' {
			continue
		}
		rest := s[i+2:]
		if !strings.HasPrefix(rest, "file") || len(rest) < 5 || (rest[4] != ' ' && rest[4] != '\t') {
			continue
		}
		if strings.HasPrefix(strings.TrimLeft(rest[4:], " \t"), "<") {
			return true
		}
	}
	return false
}

// maxMakeRestarts bounds the times make is followed reading its
// makefiles again after remaking one.
const maxMakeRestarts = 3

// restart follows make once it has remade makefiles: an included file
// that was missing (include gen.mk with a rule gen.mk: …) or a makefile
// it read that is out of date. make runs the recipe that makes it, then
// reads every makefile again, the new text included, and runs what that
// text says (red team 17 MK1). Where the recipe's result is known
// (remadeText) the makefiles are read again with it; where it is not,
// the command asks.
func (e *makeEval) restart(srcs []makeSource, opts makeOpts, evals int, dry bool, restarts int, order []string, lines map[string][]makeVal) []makeAction {
	var out []makeAction
	texts := map[string]string{}
	changed := false
	for _, f := range order {
		if !slices.Contains(e.missing, f) && !slices.Contains(e.readFiles, f) {
			continue // a prerequisite of a remade makefile
		}
		before, beforeOK := e.makefileText(srcs, evals, f)
		t, ok := e.remadeText(f, before, beforeOK, lines[f])
		if !ok {
			out = append(out, makeAction{kind: "remade", text: f, where: f})
			continue
		}
		texts[e.abs(f)] = t
		// A text that is the one read changes nothing make reads.
		changed = changed || !beforeOK || t != before || slices.Contains(e.missing, f)
	}
	if !changed {
		return out
	}
	if restarts >= maxMakeRestarts || opts.read == nil {
		for _, f := range order {
			if _, ok := texts[e.abs(f)]; ok {
				out = append(out, makeAction{kind: "remade", text: f, where: f})
			}
		}
		return out
	}
	next := opts
	prev := opts.read
	next.read = func(p string) (string, bool) {
		if t, ok := texts[filepath.Clean(p)]; ok {
			return t, true
		}
		return prev(p)
	}
	nsrcs := make([]makeSource, len(srcs))
	for i, s := range srcs {
		nsrcs[i] = s
		if i >= evals && !strings.HasPrefix(s.name, "make ") {
			if t, ok := texts[e.abs(s.name)]; ok {
				nsrcs[i].text = t
			}
		}
	}
	return append(out, makePlanRestart(nsrcs, next, evals, dry, restarts+1)...)
}

// makefileText is the text make read for makefile f: a makefile it was
// given, else the file on disk ("" when there is none).
func (e *makeEval) makefileText(srcs []makeSource, evals int, f string) (string, bool) {
	for i, s := range srcs {
		if i >= evals && !strings.HasPrefix(s.name, "make ") && e.abs(s.name) == e.abs(f) {
			return s.text, true
		}
	}
	if e.opts.read == nil {
		return "", false
	}
	if t, ok := e.opts.read(e.abs(f)); ok {
		return t, true
	}
	if e.opts.absent != nil && e.opts.absent(e.abs(f)) {
		return "", true
	}
	return "", false
}

// remadeText is the text makefile f holds after the lines of the recipe
// that remakes it ran (expanded, in make's form), from cur, its text
// before, when corral models each of them: cp/ln/install SRC f, cat
// SRC… > f (or >>), a C compiler's -M/-MM dependency rules into f (rules
// with no recipe), and lines that write no file (rm, touch, mkdir,
// echo, printf, true, :, set). Any other line, a redirection to another
// file, quoting, an expansion, a pattern among the files copied or a
// run-time reference makes the text unknown.
func (e *makeEval) remadeText(f, cur string, curOK bool, lines []makeVal) (string, bool) {
	target := e.abs(f)
	for _, v := range lines {
		if v.unres {
			return "", false
		}
		text := makeShellText(strings.TrimLeft(v.text, "@-+ \t"))
		if depsRecipe(text, func(f string) bool { return e.abs(f) == target }, func(f string) (string, bool) { return e.fileText(escapeMake(f)) }) {
			cur, curOK = "", true // the manual's -M | sed idiom (makedeps.go)
			continue
		}
		if strings.ContainsAny(text, "'\"`$\\|<(){}#\n") || strings.Contains(text, makeRefWord) || strings.Contains(strings.ReplaceAll(text, "&&", ""), "&") {
			return "", false
		}
		for _, cmd := range strings.Split(strings.ReplaceAll(text, "&&", ";"), ";") {
			words := strings.Fields(cmd)
			if len(words) == 0 {
				continue
			}
			var args []string
			out, appendOut := "", false
			for i := 0; i < len(words); i++ {
				w := words[i]
				switch {
				case w == ">" || w == ">>":
					if i+1 >= len(words) {
						return "", false
					}
					out, appendOut = words[i+1], w == ">>"
					i++
				case strings.HasPrefix(w, ">>"):
					out, appendOut = w[2:], true
				case strings.HasPrefix(w, ">"):
					out = w[1:]
				case strings.Contains(w, ">"):
					return "", false // 2>x, 1>x: another descriptor
				default:
					args = append(args, w)
				}
			}
			if len(args) == 0 || strings.ContainsAny(out, "*?[~") {
				return "", false
			}
			toF := out != "" && e.abs(out) == target
			if out != "" && !toF && out != "/dev/null" {
				return "", false
			}
			name := args[0]
			mentions := slices.ContainsFunc(args[1:], func(o string) bool { return e.abs(o) == target })
			switch spec, copies := CopyOptions(name); {
			case copies && name != "mv":
				// cp/ln/install SRC f: f holds SRC's text.
				ops := makeOperands(args[1:], spec)
				if toF || len(ops) != 2 || e.abs(ops[1]) != target || strings.ContainsAny(ops[0], "*?[~") {
					if mentions || toF || ops == nil || slices.ContainsFunc(ops, func(o string) bool { return strings.ContainsAny(o, "*?[~") }) {
						return "", false
					}
					continue // a copy to another file
				}
				t, ok := e.fileText(escapeMake(ops[0]))
				if !ok {
					return "", false
				}
				cur, curOK = t, true
			case name == "cat":
				if !toF {
					if mentions {
						return "", false
					}
					continue
				}
				var b strings.Builder
				for _, src := range args[1:] {
					if strings.HasPrefix(src, "-") || strings.ContainsAny(src, "*?[~") || e.abs(src) == target {
						return "", false // standard input, an option, a pattern, f itself
					}
					t, ok := e.fileText(escapeMake(src))
					if !ok {
						return "", false
					}
					b.WriteString(t)
				}
				if appendOut {
					if !curOK {
						return "", false
					}
					cur += b.String()
				} else {
					cur, curOK = b.String(), true
				}
			case isCompilerName(filepath.Base(name)) && makeDepsOnly(args[1:]) && depsNamesSafe(args, func(f string) (string, bool) { return e.fileText(escapeMake(f)) }):
				// -M/-MM print make rules that only list
				// prerequisites (to standard output, -o or -MF).
				if toF || mentions {
					cur, curOK = "", true
				}
			case name == "rm", name == "touch", name == "mkdir", name == "true", name == ":", name == "echo", name == "printf", name == "set":
				// No text written: f stays as it is, or is gone (rm),
				// which leaves make nothing more to read.
				if toF {
					return "", false
				}
			default:
				return "", false
			}
		}
	}
	return cur, curOK
}

// makeOperands are the operands of a copying program's words, read with
// its options table; nil when -t names the target directory.
func makeOperands(words []string, spec OptSpec) []string {
	args := make([]Arg, len(words))
	for i, w := range words {
		args[i] = Arg{Value: w, Raw: w, Static: true}
	}
	opts, ops := ScanOptions(args, spec)
	for _, o := range opts {
		if o.Name == "t" || o.Name == "target-directory" {
			return nil
		}
	}
	out := make([]string, len(ops))
	for i, k := range ops {
		out[i] = words[k]
	}
	return out
}

// makeDepsOnly reports compiler arguments that ask for dependency rules
// only (-M or -MM: preprocess, print the rules, compile nothing).
func makeDepsOnly(args []string) bool {
	return slices.Contains(args, "-M") || slices.Contains(args, "-MM")
}

// makeRefWord is the plain word dropMakeRefs puts in place of a
// reference only run time resolves.
const makeRefWord = "MAKEVAR"

// makeSubFiles reports a make a recipe line starts whose makefile or
// directory only make's run knows ($(MAKE) -f $(shell echo F), $(MAKE)
// -C $(DIR) with DIR from the environment): the sub-make reads a
// makefile corral cannot name (red team 17 MK1). The line's run-time references are the
// plain word dropMakeRefs leaves.
func makeSubFiles(calls []*Call) string {
	for _, c := range calls {
		if c.Name != "make" && c.Name != "gmake" {
			continue
		}
		opts, _ := ScanOptions(c.Args, makeSpec)
		for _, o := range opts {
			if !o.HasVal {
				continue
			}
			switch o.Name {
			case "f", "file", "makefile":
				if strings.Contains(o.Val.Value, makeRefWord) {
					return o.Val.Raw
				}
			case "C", "directory":
				// A directory whose root is a run-time value; one under
				// a static root (-C /lib/modules/$(shell uname -r)/build,
				// the kernel's out-of-tree module build) passes.
				if strings.HasPrefix(o.Val.Value, makeRefWord) {
					return o.Val.Raw
				}
			}
		}
	}
	return ""
}
