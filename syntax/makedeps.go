package syntax

import (
	"path"
	"path/filepath"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// The GNU make manual's dependency idiom ("Generating Prerequisites
// Automatically") remakes an included NAME.d with the C compiler's -M
// rules edited by sed:
//
//	%.d: %.c
//		@set -e; rm -f $@; \
//		 $(CC) -M $(CPPFLAGS) $< > $@.$$$$; \
//		 sed 's,\($*\)\.o[ :]*,\1.o $@ : ,g' < $@.$$$$ > $@; \
//		 rm -f $@.$$$$
//
// or, shorter, $(CC) -M $< | sed '…' > $@. make runs that recipe before
// it reads NAME.d, also with -n, -q, -p (the manual: those options do not
// prevent updating makefiles). The compiler prints rules that only list
// prerequisites, and an s command whose replacement adds no line, no
// recipe (";", a tab), no reference ("$") and no other command keeps
// them so: NAME.d holds rules with no recipe, as after $(CC) -MM $< > $@
// (remadeText).

// depsRecipe reports whether the recipe line text, as make hands it to
// the shell, only writes dependency rules into the file target names
// (isTarget): commands of ";" or "&&" lists that are set, true, :, rm,
// a C compiler with -M or -MM whose output goes to a file or a pipe, and
// sed with one safe s command reading that output (through the pipe,
// "<" or an operand) into target or another file it stays in. A
// word that is not plain text, another redirection or command, or
// output the line does not follow makes it false.
//
// read gives a file's text by its name ("" for one not there), for the
// names the compiler's rules will hold (depsNamesSafe).
func depsRecipe(text string, isTarget func(string) bool, read func(string) (string, bool)) bool {
	text = strings.ReplaceAll(text, "\\\n", "")
	f, err := sh.NewParser().Parse(strings.NewReader(text), "")
	if err != nil || len(f.Stmts) == 0 {
		return false
	}
	deps := map[string]bool{} // files that hold dependency rules
	wrote := false
	var stmt func(s *sh.Stmt) bool
	stmt = func(s *sh.Stmt) bool {
		if s.Negated || s.Background || s.Coprocess {
			return false
		}
		switch x := s.Cmd.(type) {
		case *sh.BinaryCmd:
			switch x.Op {
			case sh.AndStmt:
				return len(s.Redirs) == 0 && stmt(x.X) && stmt(x.Y)
			case sh.Pipe:
				// COMPILER -M … | sed 'S' > F
				if len(s.Redirs) != 0 || len(x.X.Redirs) != 0 {
					return false
				}
				cc, ok1 := x.X.Cmd.(*sh.CallExpr)
				sd, ok2 := x.Y.Cmd.(*sh.CallExpr)
				if !ok1 || !ok2 || x.Y.Negated || x.Y.Background {
					return false
				}
				ccw, ok := depsWords(cc)
				if !ok || !depsCompiler(ccw) || !depsNamesSafe(ccw, read) {
					return false
				}
				out, ok := depsSed(sd, x.Y.Redirs, nil, true)
				if !ok {
					return false
				}
				deps[out] = true
				wrote = wrote || isTarget(out)
				return true
			}
			return false
		case *sh.CallExpr:
			words, ok := depsWords(x)
			if !ok || len(words) == 0 || len(x.Assigns) != 0 {
				return false
			}
			switch name := words[0]; {
			case name == "set" || name == "true" || name == ":" || name == "rm":
				if len(s.Redirs) != 0 {
					return false
				}
				if name == "rm" {
					for _, w := range words[1:] {
						delete(deps, w)
					}
				}
				return true
			case depsCompiler(words) && depsNamesSafe(words, read):
				// COMPILER -M … > F
				out, ok := redirOut(s.Redirs, nil)
				if !ok || out == "" {
					return false
				}
				deps[out] = true
				wrote = wrote || isTarget(out)
				return true
			case name == "sed":
				out, ok := depsSed(x, s.Redirs, deps, false)
				if !ok {
					return false
				}
				deps[out] = true
				wrote = wrote || isTarget(out)
				return true
			}
		}
		return false
	}
	for _, s := range f.Stmts {
		if !stmt(s) {
			return false
		}
	}
	return wrote
}

// depsWords returns a simple command's words when each is plain text
// (unquoted letters with no escape, or single-quoted).
func depsWords(c *sh.CallExpr) ([]string, bool) {
	out := make([]string, 0, len(c.Args))
	for _, w := range c.Args {
		s, ok := depsWord(w)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

func depsWord(w *sh.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	var b strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *sh.Lit:
			if strings.ContainsAny(x.Value, "\\*?[~") {
				return "", false
			}
			b.WriteString(x.Value)
		case *sh.SglQuoted:
			if x.Dollar {
				return "", false
			}
			b.WriteString(x.Value)
		case *sh.ParamExp:
			// $$, the shell's process ID: the same word each time
			// (the manual's temporary $@.$$$$).
			if !x.Short || x.Param == nil || x.Param.Value != "$" {
				return "", false
			}
			b.WriteString("$$")
		default:
			return "", false
		}
	}
	return b.String(), true
}

// depsCompiler reports a C compiler's words that print dependency rules
// to standard output only: -M or -MM, and no -o, -MF, -MT, -MQ (another
// output, or target names the words choose).
func depsCompiler(words []string) bool {
	if len(words) == 0 || !isCompilerName(filepath.Base(words[0])) || !makeDepsOnly(words[1:]) {
		return false
	}
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-o") || strings.HasPrefix(w, "-MF") || strings.HasPrefix(w, "-MT") || strings.HasPrefix(w, "-MQ") || strings.HasPrefix(w, "@") {
			return false
		}
	}
	return true
}

// redirOut returns the file a statement's redirections send standard
// output to ("" for none), and reports whether they are only that and,
// with in, a "<" of a file in in.
func redirOut(rs []*sh.Redirect, in map[string]bool) (string, bool) {
	out := ""
	for _, r := range rs {
		if r.N != nil && r.N.Value != "1" && !(r.Op == sh.RdrIn && r.N.Value == "0") {
			return "", false
		}
		w, ok := depsWord(r.Word)
		if !ok {
			return "", false
		}
		switch r.Op {
		case sh.RdrOut, sh.ClbOut:
			out = w
		case sh.RdrIn:
			if !in[w] {
				return "", false
			}
		default:
			return "", false
		}
	}
	return out, true
}

// depsSed returns the file sed writes when its call is sed 'S' with one
// safe s command (sedKeepsRules) reading dependency rules: from the pipe
// (piped), from "<" of a file in deps, or from operands in deps; its
// output redirected to a file.
func depsSed(c *sh.CallExpr, rs []*sh.Redirect, deps map[string]bool, piped bool) (string, bool) {
	words, ok := depsWords(c)
	if !ok || len(c.Assigns) != 0 || len(words) < 2 || words[0] != "sed" {
		return "", false
	}
	script, ops := words[1], words[2:]
	if script == "-e" && len(words) >= 3 {
		script, ops = words[2], words[3:]
	}
	if !sedKeepsRules(script) {
		return "", false
	}
	hasIn := false
	for _, r := range rs {
		if r.Op == sh.RdrIn {
			hasIn = true
		}
	}
	for _, o := range ops {
		if !deps[o] {
			return "", false
		}
	}
	if piped == (hasIn || len(ops) > 0) {
		return "", false // the pipe unread, or nothing of the rules read
	}
	out, ok := redirOut(rs, deps)
	if !ok || out == "" {
		return "", false
	}
	return out, true
}

// sedKeepsRules reports a sed script of one s command, s/RE/REPL/FLAGS
// with any delimiter, whose flags are g, p, I, i or a number and whose
// replacement holds no newline, tab, ";", "$" and no escape other than
// \1…\9, \&, \\ and the delimiter's: lines of prerequisite rules stay
// such lines (the parts it copies are the rules' own words).
func sedKeepsRules(script string) bool {
	if len(script) < 4 || script[0] != 's' {
		return false
	}
	delim := script[1]
	if delim == '\\' || delim == '\n' || delim == ' ' {
		return false
	}
	var parts []string
	var cur strings.Builder
	for i := 2; i < len(script); i++ {
		c := script[i]
		if c == '\\' && i+1 < len(script) {
			cur.WriteByte(c)
			cur.WriteByte(script[i+1])
			i++
			continue
		}
		if c == delim {
			parts = append(parts, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteByte(c)
	}
	if len(parts) != 2 {
		return false
	}
	repl, flags := parts[1], cur.String()
	for _, f := range flags {
		if !strings.ContainsRune("gpIi0123456789", f) {
			return false
		}
	}
	if strings.ContainsAny(repl, "\n\t;$") || strings.ContainsAny(parts[0], "\n") {
		return false
	}
	for i := 0; i < len(repl); i++ {
		if repl[i] != '\\' {
			continue
		}
		if i+1 >= len(repl) {
			return false
		}
		n := repl[i+1]
		if !(n >= '1' && n <= '9' || n == '&' || n == '\\' || n == delim) {
			return false
		}
		i++
	}
	return true
}

// depsNamesSafe reports whether the rules a C compiler prints for the
// words (depsCompiler's) name only files whose names keep them rules:
// gcc escapes a space, $ and # in a name, not ";", after which make
// reads a recipe (#include "a;b.h" puts "a;b.h" in the rule, make runs
// "b.h"). The sources and the files they include with "…" (from the
// including file's directory, where the compiler looks first; one not
// there is a system header, out of the agent's reach) or a directory
// -I, -iquote, -isystem or -idirafter adds (each is read: any may be
// the one found), with -include and -imacros files, to a depth of 8 and
// 64 files, must name none with ";" or a control character, and include
// nothing by a macro.
func depsNamesSafe(words []string, read func(string) (string, bool)) bool {
	var srcs, dirs []string
	for i := 1; i < len(words); i++ {
		w := words[i]
		opt := ""
		for _, o := range []string{"-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros"} {
			if strings.HasPrefix(w, o) && (o == "-I" || w == o) {
				opt = o
				break
			}
		}
		switch {
		case opt != "":
			v := strings.TrimPrefix(w, opt)
			if v == "" {
				if i+1 >= len(words) {
					return false
				}
				i++
				v = words[i]
			}
			if opt == "-include" || opt == "-imacros" {
				srcs = append(srcs, v)
			} else {
				dirs = append(dirs, v)
			}
		case w == "-x" || w == "-D" || w == "-U":
			i++ // a value
		case strings.HasPrefix(w, "-i") || strings.HasPrefix(w, "--"):
			return false // another search or include option
		case strings.HasPrefix(w, "-"):
		default:
			srcs = append(srcs, w)
		}
	}
	if len(srcs) == 0 {
		return false // standard input: text only run time knows
	}
	seen := map[string]bool{}
	files := 0
	var check func(name string, depth int) bool
	// checkIn checks the file inc names in each directory the compiler
	// may find it in (any of them may be the one).
	checkIn := func(inc string, in []string, depth int) bool {
		if depsBadName(inc) {
			return false
		}
		if path.IsAbs(inc) {
			return check(inc, depth+1)
		}
		for _, d := range in {
			if !check(path.Join(d, inc), depth+1) {
				return false
			}
		}
		return true
	}
	check = func(name string, depth int) bool {
		if depsBadName(name) {
			return false
		}
		if seen[name] {
			return true
		}
		seen[name] = true
		if files++; files > 64 || depth > 8 {
			return false
		}
		text, ok := read(name)
		if !ok {
			return false
		}
		for _, ln := range strings.Split(text, "\n") {
			ln = strings.TrimSpace(ln)
			if !strings.HasPrefix(ln, "#") {
				continue
			}
			d := strings.TrimSpace(ln[1:])
			var rest string
			switch {
			case strings.HasPrefix(d, "include_next"):
				rest = d[len("include_next"):]
			case strings.HasPrefix(d, "include"):
				rest = d[len("include"):]
			case strings.HasPrefix(d, "import"):
				rest = d[len("import"):]
			case strings.HasPrefix(d, "embed"):
				rest = d[len("embed"):]
			default:
				continue
			}
			rest = strings.TrimSpace(rest)
			if rest == "" {
				continue
			}
			switch rest[0] {
			case '"':
				end := strings.IndexByte(rest[1:], '"')
				if end < 0 {
					return false
				}
				inc := rest[1 : 1+end]
				if !checkIn(inc, append([]string{path.Dir(name)}, dirs...), depth) {
					return false
				}
			case '<':
				end := strings.IndexByte(rest, '>')
				if end < 0 || !checkIn(rest[1:end], dirs, depth) {
					return false
				}
			default:
				return false // #include MACRO
			}
		}
		return true
	}
	for _, s := range srcs {
		if !check(s, 0) {
			return false
		}
	}
	return true
}

// depsBadName reports a file name that would end a rule's prerequisite
// list in make's reading: ";" (a recipe follows) or a control character.
func depsBadName(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] == ';' || name[i] < 0x20 || name[i] == 0x7f {
			return true
		}
	}
	return false
}
