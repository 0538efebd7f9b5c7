package syntax

import (
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
func depsRecipe(text string, isTarget func(string) bool) bool {
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
				if !ok || !depsCompiler(ccw) {
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
			case depsCompiler(words):
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
