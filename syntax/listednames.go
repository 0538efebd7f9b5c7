package syntax

import (
	"os"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// Names a program lists from the disk, as the value of a word (red team
// 18 PI2 rest).
//
// compgen -f PREFIX prints the names of the files that start with
// PREFIX (hidden ones too, as readline's match-hidden-files does by
// default), compgen -G PAT the files PAT matches, and ls the entries of
// the working directory (with -a or -A the hidden ones too) or the
// matches of its pattern operand; a pipe into grep of a plain string
// keeps the names holding it, into head, tail, sort or uniq some of
// them. When printedpath.go cannot give the exact output (the
// working directory's entries, more names than it follows, none there
// now), a word that is only such a substitution takes as its one
// candidate the pattern those names match — PREFIX*, *, *bashrc* — which
// the path rules judge as they judge a pattern written out
// (candidateArgs: a OneOf value with pattern characters stands for every
// name it matches), so x=$(compgen -f ~/.bash); rm -f $x is judged as
// rm -f ~/.bash* and cd ~ && rm -f $(ls -a | grep bashrc) as rm -f
// .*bashrc* there, while rm -f $(ls *.o) stays rm -f *.o. The word stays
// dynamic: its value is the names, not the pattern.

// listedNames gives the word a (w) that is one command substitution
// listing names from the disk the pattern they match as its one
// candidate, and reports whether it did.
func (r *resolver) listedNames(a *Arg, w *sh.Word) bool {
	cs := wholeCmdSubst(w)
	if cs == nil || len(cs.Stmts) != 1 || len(cs.Last) > 0 || !r.dir.Known {
		return false
	}
	if r.listedElsewhere(cs) {
		return false // $(ls -A ~) in the project: the names (listedinputs.go)
	}
	l, ok := r.namePattern(cs.Stmts[0])
	if !ok {
		return false
	}
	// A pattern that names nothing now leaves the word to run time, as
	// before (the command may make the names).
	abs := l.pat
	if !strings.HasPrefix(abs, "/") {
		abs = pattern.QuoteMeta(r.dir.Path, 0) + "/" + abs
	}
	opts := GlobOpts(0)
	if l.dot {
		opts = GlobDot
	}
	if len(GlobFiles(abs, opts)) == 0 {
		return false
	}
	a.SetCandidates([]string{l.pat})
	a.OneOf = true
	if l.dot {
		a.GlobOpts |= GlobDot
	}
	return true
}

// nameList is the pattern the names a listing prints match: pat (quoted
// pattern characters escaped), with dot when its * and ? match a
// leading dot; lit, when the pattern is a literal prefix followed by *,
// is that prefix.
type nameList struct {
	pat string
	dot bool
	lit string
	// prefixed reports that lit is set (a prefix may be "").
	prefixed bool
}

// namePattern returns the pattern of the names the statement prints.
func (r *resolver) namePattern(st *sh.Stmt) (nameList, bool) {
	if st.Negated || st.Background || st.Coprocess {
		return nameList{}, false
	}
	for _, rd := range st.Redirs {
		if rd.N == nil || rd.N.Value != "2" {
			return nameList{}, false // only its errors may go elsewhere
		}
	}
	if b, ok := st.Cmd.(*sh.BinaryCmd); ok {
		if b.Op != sh.Pipe {
			return nameList{}, false
		}
		l, ok := r.namePattern(b.X)
		if !ok {
			return nameList{}, false
		}
		return r.filteredNames(l, b.Y)
	}
	if ce, isCall := st.Cmd.(*sh.CallExpr); !isCall || len(ce.Args) == 0 || ce.Args[0].Lit() != "compgen" && ce.Args[0].Lit() != "ls" {
		// Only a listing's words are resolved: resolving every
		// command's made nested substitutions cost O(n³)
		// (echo $(cat $(cat …)), 300 deep, took minutes).
		return nameList{}, false
	}
	name, args, ok := r.staticCall(st)
	if !ok {
		return nameList{}, false
	}
	switch name {
	case "compgen":
		return compgenNames(args)
	case "ls":
		return r.lsPattern(args)
	}
	return nameList{}, false
}

// staticCall returns the name and words of a simple command whose words
// are static and that runs the program of that name (no function or
// alias of it).
func (r *resolver) staticCall(st *sh.Stmt) (string, []Arg, bool) {
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return "", nil, false
	}
	name, ok := plainWord(ce.Args[0])
	if !ok {
		return "", nil, false
	}
	if r.st != nil {
		if _, fn := r.st.funcs[name]; fn {
			return "", nil, false
		}
		if _, al := r.st.aliases[name]; al {
			return "", nil, false
		}
	}
	var args []Arg
	for _, wd := range ce.Args[1:] {
		for _, f := range r.fields(wd) {
			if !f.Static {
				return "", nil, false
			}
			args = append(args, f)
		}
	}
	return name, args, true
}

// compgenNames is compgen -f PREFIX (-A file, -f -- PREFIX) and compgen
// -G PATTERN.
func compgenNames(args []Arg) (nameList, bool) {
	if len(args) == 3 && args[1].Value == "--" && !args[1].Glob {
		args = []Arg{args[0], args[2]}
	}
	if len(args) == 3 && args[0].Value == "-A" && args[1].Value == "file" {
		args = []Arg{{Value: "-f"}, args[2]}
	}
	if len(args) == 1 && args[0].Value == "-f" {
		args = append(args, Arg{Value: "", Static: true})
	}
	if len(args) != 2 {
		return nameList{}, false
	}
	v := args[1].Value
	switch args[0].Value {
	case "-f":
		// Readline matches hidden files unless the prefix's last
		// component is given without its dot: every name starting
		// with the prefix.
		base := v[strings.LastIndexByte(v, '/')+1:]
		return nameList{pat: pattern.QuoteMeta(v, 0) + "*", dot: base == "", lit: v, prefixed: true}, true
	case "-G":
		if v == "" || strings.Contains(v, `\`) {
			return nameList{}, false
		}
		return nameList{pat: v}, true
	}
	return nameList{}, false
}

// lsPattern is ls [-1aAUd] [OPERAND]: the working directory's entries
// (*), a directory's entries (bare names, taken in the working
// directory: *), or the names a pattern operand matches.
func (r *resolver) lsPattern(args []Arg) (nameList, bool) {
	dot, self := false, false
	var ops []Arg
	opts := true
	for _, a := range args {
		v := a.Value
		switch {
		case opts && !a.Glob && v == "--":
			opts = false
		case opts && !a.Glob && (v == "--all" || v == "--almost-all"):
			dot = true
		case opts && !a.Glob && v == "--directory":
			self = true
		case opts && !a.Glob && strings.HasPrefix(v, "-") && len(v) > 1 && !strings.HasPrefix(v, "--"):
			for _, c := range v[1:] {
				switch c {
				case 'a', 'A':
					dot = true
				case 'd':
					self = true
				case '1', 'U':
				default:
					return nameList{}, false // -l, -F and the like print more than names
				}
			}
		case opts && strings.HasPrefix(v, "-") && len(v) > 1:
			return nameList{}, false
		default:
			ops = append(ops, a)
		}
	}
	switch {
	case len(ops) == 0 && self:
		return nameList{}, false // ls -d prints "."
	case len(ops) == 0:
		return nameList{pat: "*", dot: dot, lit: "", prefixed: true}, true
	case len(ops) > 1:
		return nameList{}, false
	case ops[0].Glob:
		pat := ops[0].Pattern()
		if pat == "" {
			pat = ops[0].Value
		}
		return nameList{pat: pat}, true
	}
	d := r.dir.Join(ops[0].Value)
	if fi, err := os.Stat(d.Path); self || !d.Known || err != nil || !fi.IsDir() {
		// ls -d DIR prints DIR itself, not its entries (ls(1):
		// "list directories themselves, not their contents").
		return nameList{}, false // a file's name: printedpath.go's
	}
	return nameList{pat: "*", dot: dot, lit: "", prefixed: true}, true
}

// filteredNames is the pattern of the names l lists after the filter st:
// grep of a plain string keeps those holding it; head, tail, sort, uniq
// and grep of anything else keep some of them.
func (r *resolver) filteredNames(l nameList, st *sh.Stmt) (nameList, bool) {
	if len(st.Redirs) > 0 {
		return nameList{}, false
	}
	name, args, ok := r.staticCall(st)
	if !ok {
		return nameList{}, false
	}
	switch name {
	case "head", "tail", "sort", "uniq":
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") || a.Glob {
				if name == "head" || name == "tail" {
					if _, err := parseCount(a.Value); err == nil {
						continue // head -n 5
					}
				}
				return nameList{}, false // a file operand
			}
		}
		if l.pat == "*" {
			return nameList{}, false // some of the entries: not every one
		}
		return nameList{pat: l.pat, dot: l.dot}, true
	case "grep":
	default:
		return nameList{}, false
	}
	var expr string
	have, fixed := false, false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Glob:
			return nameList{}, false
		case v == "-F" || v == "--fixed-strings":
			fixed = true
		case v == "-e" && i+1 < len(args) && !have:
			i++
			expr, have = args[i].Value, true
		case strings.HasPrefix(v, "-"):
			// -v, -i, -x, -o …: other names or other text, left to
			// run time.
			return nameList{}, false
		case !have:
			expr, have = v, true
		default:
			return nameList{}, false // a file operand
		}
	}
	if !have || expr == "" {
		return nameList{}, false
	}
	if strings.ContainsRune(expr, '\n') {
		return nameList{}, false
	}
	lit, q, first, last := expr, pattern.QuoteMeta(expr, 0), false, false
	if !fixed {
		var ok bool
		if q, first, last, ok = plainRegexp(expr); !ok {
			return nameList{}, false
		}
		lit = strings.ReplaceAll(q, `\`, "")
		if strings.Contains(q, "?") {
			lit = "\x00" // a . of the expression: no prefix holds it
		}
	}
	if q == "" {
		return nameList{}, false
	}
	switch {
	case !l.prefixed:
		return nameList{}, false
	case l.lit == "" && first && last:
		return nameList{pat: q, dot: l.dot}, true
	case l.lit == "" && first:
		return nameList{pat: q + "*", dot: l.dot}, true
	case l.lit == "" && last:
		return nameList{pat: "*" + q, dot: l.dot}, true
	case first || last:
		return nameList{}, false
	case strings.Contains(l.lit, lit):
		return nameList{pat: l.pat, dot: l.dot}, true
	}
	// Names starting with the prefix and holding the string after it.
	return nameList{pat: pattern.QuoteMeta(l.lit, 0) + "*" + q + "*", dot: l.dot}, true
}

// plainRegexp reads a grep basic regular expression that is a plain
// string, with ^ and $ anchors, . for any character and \. for a dot:
// the glob that matches what it matches inside a name (. is ?), and
// whether it must start or end the line. Any other operator leaves ok
// false.
func plainRegexp(expr string) (glob string, first, last, ok bool) {
	if strings.HasPrefix(expr, "^") {
		first, expr = true, expr[1:]
	}
	if strings.HasSuffix(expr, "$") && !strings.HasSuffix(expr, `\$`) {
		last, expr = true, expr[:len(expr)-1]
	}
	var b strings.Builder
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		switch {
		case c == '\\' && i+1 < len(expr) && expr[i+1] == '.':
			b.WriteByte('.')
			i++
		case c == '.':
			b.WriteByte('?')
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '/':
			b.WriteByte(c)
		default:
			return "", false, false, false
		}
	}
	return b.String(), first, last, true
}

// parseCount reads a head/tail count operand (-5 is an option; a bare
// number follows -n).
func parseCount(s string) (int, error) {
	n := 0
	if s == "" {
		return 0, os.ErrInvalid
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, os.ErrInvalid
		}
		n = n*10 + int(c-'0')
	}
	return n, nil
}
