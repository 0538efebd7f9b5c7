package syntax

import (
	"strings"

	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// The names a listing prints reach xargs as its inputs (red team 20
// LS1): cd ~ && ls -a | grep rc | xargs rm -f deleted ~/.bashrc, and ls
// -A ~/.claude | sed "s|^|$HOME/.claude/|" | xargs rm -f the hook
// registration. A listing of a directory (ls, dir, vdir with -a/-A or
// not, compgen -f PREFIX, stat -c %n of a pattern) prints the names of
// its entries, and the filters after it keep some of them (grep of a
// plain string, head, sort: listednames.go's filteredNames) or put a
// fixed prefix before each (sed 's|^|PREFIX|'). Each line is then one
// of the names the pattern they match stands for — bare names, or the
// prefix joined to them — so xargs's input is that pattern, judged by
// every consumer as the pattern written out is (xargs rm -f of .*rc*
// in the home directory as rm -f ~/.*rc*). The pattern must name some
// file now (else the names are left to run time, as before).

// listedInputs returns xargs's input when the stages before it in its
// pipeline list names from the disk: one word, the pattern the names
// match (with GlobDot when the listing shows hidden names), taken where
// xargs runs.
func (w *walker) listedInputs(c scope, st *state, call *Call) ([]Arg, bool) {
	in := call.Fd(0)
	if in.Kind != StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Pipe.Coproc ||
		in.Stage <= 0 || in.Stage > len(in.Pipe.Stmts) || in.Stage >= len(in.Pipe.Calls) {
		return nil, false
	}
	r := w.resolver(c, st)
	if r.mask || !r.dir.Known || !call.Dir.Known {
		return nil, false
	}
	l, ok := r.listedStream(in.Pipe.Stmts[:in.Stage])
	if !ok || l.pat == "" {
		return nil, false
	}
	abs := l.pat
	if !strings.HasPrefix(abs, "/") {
		abs = pattern.QuoteMeta(call.Dir.Path, 0) + "/" + abs
	}
	opts := GlobOpts(0)
	if l.dot {
		opts = GlobDot
	}
	if len(GlobFiles(abs, opts)) == 0 {
		return nil, false
	}
	a := Arg{Value: l.pat, Raw: l.pat + " (from ls)", Static: true, Glob: true, GlobOpts: opts}
	a.SetPattern(l.pat)
	return []Arg{a}, true
}

// listedStream is the pattern of the names the pipeline stages stmts
// print: a listing, then filters that keep some of its lines or put a
// fixed prefix before each.
func (r *resolver) listedStream(stmts []*sh.Stmt) (nameList, bool) {
	if len(stmts) == 0 {
		return nameList{}, false
	}
	l, ok := r.listing(stmts[0])
	if !ok {
		return nameList{}, false
	}
	for _, s := range stmts[1:] {
		if p, isPrefix := r.sedPrefix(s); isPrefix {
			// A prefix made of pattern characters would match more
			// than it names: they are quoted.
			l = nameList{pat: pattern.QuoteMeta(p, 0) + l.pat, dot: l.dot}
			continue
		}
		if l, ok = r.filteredNames(l, s); !ok {
			return nameList{}, false
		}
	}
	return l, true
}

// listing is the pattern of the names a listing command prints: ls (and
// dir, vdir, which print as ls -C does), compgen (namePattern), or stat
// -c %n of its operands (their names as written).
func (r *resolver) listing(st *sh.Stmt) (nameList, bool) {
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return nameList{}, false
	}
	ce, isCall := st.Cmd.(*sh.CallExpr)
	if !isCall || len(ce.Args) == 0 {
		return nameList{}, false
	}
	switch ce.Args[0].Lit() {
	case "ls", "compgen":
		return r.namePattern(st)
	case "dir", "vdir", "stat":
	default:
		return nameList{}, false
	}
	name, args, ok := r.staticCall(st)
	if !ok {
		return nameList{}, false
	}
	if name != "stat" {
		return r.lsPattern(args)
	}
	return statNames(args)
}

// statNames is stat -c %n (--format=%n, --printf='%n\n') of one pattern
// operand: the names it matches.
func statNames(args []Arg) (nameList, bool) {
	spec := OptSpec{ShortVal: "ct", LongEq: true, LongVal: []string{"format", "printf"}}
	opts, operands := ScanOptions(args, spec)
	named := false
	for _, o := range opts {
		switch o.Name {
		case "c", "format", "printf":
			if !o.HasVal || strings.Trim(o.Val.Value, `%n\`) != "" {
				return nameList{}, false
			}
			named = true
		case "L", "dereference":
		default:
			return nameList{}, false
		}
	}
	if !named || len(operands) != 1 {
		return nameList{}, false
	}
	a := args[operands[0]]
	if !a.Glob {
		return nameList{}, false // one name: printedpath.go's
	}
	pat := a.Pattern()
	if pat == "" {
		pat = a.Value
	}
	base := pat[strings.LastIndexByte(pat, '/')+1:]
	return nameList{pat: pat, dot: strings.HasPrefix(base, ".")}, true
}

// sedPrefix reads sed 's|^|PREFIX|' (any delimiter, g flag or none):
// the text put before every line, when it is fixed.
func (r *resolver) sedPrefix(st *sh.Stmt) (string, bool) {
	if len(st.Redirs) > 0 {
		return "", false
	}
	name, args, ok := r.staticCall(st)
	if !ok || name != "sed" {
		return "", false
	}
	if len(args) == 2 && args[0].Value == "-e" {
		args = args[1:]
	}
	if len(args) != 1 || args[0].Glob {
		return "", false
	}
	v := args[0].Value
	if len(v) < 4 || v[0] != 's' {
		return "", false
	}
	parts := strings.Split(v[2:], v[1:2])
	if len(parts) != 3 || parts[0] != "^" || parts[2] != "" && parts[2] != "g" ||
		strings.ContainsAny(parts[1], `\&`+"\n") || parts[1] == "" {
		return "", false
	}
	return parts[1], true
}
