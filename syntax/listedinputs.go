package syntax

import (
	"slices"
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
	if ce, ok := in.Pipe.Stmts[0].Cmd.(*sh.CallExpr); !ok || len(ce.Args) == 0 || !isLister(ce.Args[0].Lit()) {
		return nil, false
	}
	l, ldir, prefix, ok := r.listedStream(in.Pipe.Stmts[:in.Stage])
	if !ok || l.pat == "" {
		return nil, false
	}
	// A prefix made of pattern characters would match more than it
	// names: they are quoted.
	l.pat = pattern.QuoteMeta(prefix, 0) + l.pat
	abs := l.pat
	where := call.Dir
	if prefix == "" && ldir.Known && slices.ContainsFunc(call.Args, func(a Arg) bool { return call.HasPlaceholder(a.Value) }) {
		// ls -a ~ | grep rc | xargs -I{} rm -f ~/{}: the names are
		// put in a word of the command (placeholders.go); they are
		// names of the listed directory, whatever the word makes of
		// them.
		where = ldir
	}
	if !strings.HasPrefix(abs, "/") {
		abs = pattern.QuoteMeta(where.Path, 0) + "/" + abs
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
// fixed prefix before each. dir is where the listing's relative names
// are (its directory operand, or the working directory); prefix is the
// text put before each name.
func (r *resolver) listedStream(stmts []*sh.Stmt) (l nameList, dir Dir, prefix string, ok bool) {
	if len(stmts) == 0 {
		return nameList{}, Dir{}, "", false
	}
	if l, dir, ok = r.listing(stmts[0]); !ok {
		return nameList{}, Dir{}, "", false
	}
	for _, s := range stmts[1:] {
		if p, isPrefix := r.sedPrefix(s); isPrefix {
			prefix = p + prefix
			continue
		}
		if prefix != "" {
			return nameList{}, Dir{}, "", false // a filter of the joined text
		}
		if l, ok = r.filteredNames(l, s); !ok {
			return nameList{}, Dir{}, "", false
		}
	}
	return l, dir, prefix, true
}

// listedValues are the lines the pipeline stages stmts print when they
// list names from the disk, read now: the names of the entries the
// pattern matches (bare names of a directory's entries, the paths a
// pattern operand matches), each after the fixed prefix; the most
// telling MaxCandidates (hidden names and home paths first), sorted; nil
// when the stages are not such a listing or list nothing.
func (r *resolver) listedValues(stmts []*sh.Stmt) []string {
	if r.mask || !r.dir.Known || len(stmts) == 0 {
		return nil
	}
	if ce, ok := stmts[0].Cmd.(*sh.CallExpr); !ok || len(ce.Args) == 0 || !isLister(ce.Args[0].Lit()) {
		return nil // only a listing's words are resolved (listednames.go)
	}
	l, dir, prefix, ok := r.listedStream(stmts)
	if !ok || l.pat == "" || !dir.Known {
		return nil
	}
	abs := l.pat
	rel := !strings.HasPrefix(abs, "/")
	if rel {
		abs = pattern.QuoteMeta(dir.Path, 0) + "/" + abs
	}
	opts := GlobOpts(0)
	if l.dot {
		opts = GlobDot
	}
	var out []string
	for _, m := range GlobFiles(abs, opts) {
		if rel {
			m = strings.TrimPrefix(m, strings.TrimSuffix(dir.Path, "/")+"/")
		}
		if !slices.Contains(out, prefix+m) {
			out = append(out, prefix+m)
		}
	}
	if len(out) == 0 {
		return nil
	}
	home := ""
	if v := r.env().Get("HOME"); v.IsSet() {
		home = v.Str
	}
	return topMentions(out, home)
}

// listedSubstValues are the lines a command substitution that is a
// listing (through filters) prints now: listedValues of its stages.
func (r *resolver) listedSubstValues(cs *sh.CmdSubst) []string {
	if len(cs.Stmts) != 1 || len(cs.Last) > 0 {
		return nil
	}
	return r.listedValues(pipeStages(cs.Stmts[0]))
}

// listedElsewhere reports a command substitution listing the bare names
// of a directory other than the working directory ($(ls -A ~) run in the
// project): the pattern of listednames.go, taken where the word is used,
// would name other files; the names themselves are its values
// (listedSubstValues).
func (r *resolver) listedElsewhere(cs *sh.CmdSubst) bool {
	if len(cs.Stmts) != 1 || len(cs.Last) > 0 || !r.dir.Known {
		return false
	}
	stages := pipeStages(cs.Stmts[0])
	if len(stages) == 0 {
		return false
	}
	if ce, ok := stages[0].Cmd.(*sh.CallExpr); !ok || len(ce.Args) == 0 || !isLister(ce.Args[0].Lit()) {
		return false
	}
	l, dir, ok := r.listing(stages[0])
	return ok && !strings.HasPrefix(l.pat, "/") && dir.Path != r.dir.Path
}

// pipeStages returns the stages of the pipeline st is (st itself when it
// is not a pipeline); nil when a stage is negated, in the background or
// redirected as a whole, or |& joins them.
func pipeStages(st *sh.Stmt) []*sh.Stmt {
	b, ok := st.Cmd.(*sh.BinaryCmd)
	if !ok {
		return []*sh.Stmt{st}
	}
	if b.Op != sh.Pipe || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return nil
	}
	x := pipeStages(b.X)
	if x == nil {
		return nil
	}
	return append(x, b.Y)
}

// isLister reports a program listing names listing() reads.
func isLister(name string) bool {
	switch name {
	case "ls", "dir", "vdir", "compgen", "stat":
		return true
	}
	return false
}

// listing is the pattern of the names a listing command prints: ls (and
// dir, vdir, which print as ls -C does), compgen (namePattern), or stat
// -c %n of its operands (their names as written); dir is where its
// relative names are.
func (r *resolver) listing(st *sh.Stmt) (nameList, Dir, bool) {
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return nameList{}, Dir{}, false
	}
	ce, isCall := st.Cmd.(*sh.CallExpr)
	if !isCall || len(ce.Args) == 0 || !isLister(ce.Args[0].Lit()) {
		return nameList{}, Dir{}, false
	}
	name, args, ok := r.staticCall(st)
	if !ok {
		return nameList{}, Dir{}, false
	}
	var l nameList
	switch name {
	case "compgen":
		l, ok = compgenNames(args)
	case "stat":
		l, ok = statNames(args)
	default:
		l, ok = r.lsPattern(args)
	}
	if !ok {
		return nameList{}, Dir{}, false
	}
	dir := r.dir
	if name != "compgen" && name != "stat" && l.pat == "*" {
		// ls DIR: the bare names of DIR's entries.
		if _, operands := ScanOptions(args, OptSpec{}); len(operands) == 1 {
			dir = r.dir.Join(args[operands[0]].Value)
		}
	}
	return l, dir, true
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
