package syntax

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// Command substitutions whose output the words say.
//
// $(echo /), `pwd`, $(dirname "$PWD"), $(basename ~/x .txt) print what
// their words and the shell's state say, with nothing read from the
// machine: corral computes that output and the word is static, so
// rm -rf $(echo ~) is judged as rm -rf ~. Only commands whose output
// corral reproduces byte for byte are computed (the oracle tests hold
// the results to real bash); anything else leaves the word to run time.

// errUnknownSubst is what the expander is told about a substitution
// whose output is not known; scan marks such words dynamic first, so
// it is only a guard.
var errUnknownSubst = errors.New("command substitution output not known")

// substResult is a computed substitution: out is what it prints.
type substResult struct {
	out string
	ok  bool
}

// knownSubst returns what the command substitution prints, when a
// single simple command of a known kind with static words prints it.
func (r *resolver) knownSubst(cs *sh.CmdSubst) (string, bool) {
	if r.substs == nil {
		r.substs = map[*sh.CmdSubst]substResult{}
	}
	if res, ok := r.substs[cs]; ok {
		return res.out, res.ok
	}
	key := pureKey{cs, r.st != nil && r.st.zsh}
	if r.pure != nil && !r.mask {
		if res, ok := r.pure.out[key]; ok {
			r.substs[cs] = res
			return res.out, res.ok
		}
	}
	// Mark it first: a word cannot hold itself, but a bound on the work
	// costs nothing.
	r.substs[cs] = substResult{}
	out, ok := r.computeSubst(cs)
	r.substs[cs] = substResult{out, ok}
	if r.pure != nil && !r.mask && r.pure.isPure(cs) {
		r.pure.out[key] = substResult{out, ok}
	}
	return out, ok
}

func (r *resolver) computeSubst(cs *sh.CmdSubst) (string, bool) {
	if r.mask || len(cs.Last) > 0 {
		return "", false
	}
	if r.stream != nil {
		// k=$(cat <&3) after exec 3< <(echo …): the stream's text.
		if v, ok := r.stream(cs); ok {
			return v, true
		}
	}
	if r.listSubstShape(cs) {
		// $(echo P; :), $(true && echo P), $({ echo P; }), $(f): what
		// its statements print, when that is one text (substlist.go).
		if outs, ok := r.listOutputs(cs); ok && len(outs) == 1 {
			return outs[0], true
		}
		return "", false
	}
	// cd DIR; pwd and cd DIR && pwd: the subshell's command runs in DIR
	// when DIR is there now (a cd that fails leaves pwd elsewhere).
	var st *sh.Stmt
	var cd *sh.Stmt
	switch {
	case len(cs.Stmts) == 2:
		cd, st = cs.Stmts[0], cs.Stmts[1]
	case len(cs.Stmts) == 1:
		st = cs.Stmts[0]
		if b, ok := st.Cmd.(*sh.BinaryCmd); ok && b.Op == sh.AndStmt && !st.Negated && !st.Background && len(st.Redirs) == 0 {
			cd, st = b.X, b.Y
		}
	default:
		return "", false
	}
	if cd != nil {
		dir, ok := r.cdTarget(cd)
		if !ok {
			return "", false
		}
		inner := &resolver{src: r.src, dir: dir, st: r.st, wrote: r.wrote}
		return inner.computeSubst(&sh.CmdSubst{Stmts: []*sh.Stmt{st}})
	}
	if b, ok := st.Cmd.(*sh.BinaryCmd); ok && b.Op == sh.Pipe && !st.Negated && !st.Background && !st.Coprocess && len(st.Redirs) == 0 {
		if f, ok := r.stdinFilter(b.Y); ok {
			// $(echo ~/x | sed q), $(… | base64 | base64 -d): the filter's
			// output for what the stage before it prints (nested pipes
			// are left-leaning: a | b | c is (a | b) | c).
			in, ok := r.computeSubst(&sh.CmdSubst{Stmts: []*sh.Stmt{b.X}})
			if !ok {
				return "", false
			}
			return f(in)
		}
		// getent passwd NAME | cut -d: -f6: the user's home directory.
		return r.passwdHome(b.X, b.Y)
	}
	if out, ok, handled := r.filterSubst(st); handled {
		return out, ok
	}
	if out, ok, handled := r.printedPathSubst(st); handled {
		return out, ok // ls PATH, ls -d GLOB, compgen -G (printedpath.go)
	}
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return "", false
	}
	var words []string
	for _, w := range ce.Args {
		for _, f := range r.fields(w) {
			if !f.Static || f.Glob {
				return "", false
			}
			words = append(words, f.Value)
		}
	}
	if len(words) == 0 {
		return "", false
	}
	name, args := words[0], words[1:]
	switch name {
	case "true", "false", ":":
		return "", true
	case "echo":
		if r.st != nil && r.st.zsh {
			out, ok := zshEcho(args)
			return out, ok && strings.IndexByte(out, 0) < 0
		}
		if r.st != nil && r.st.echoEscapes && echoArgsEscape(args) {
			// sh -c 'eval "$(echo "\0143url …")"': dash's echo (and
			// bash's under xpg_echo) turns the escapes into bytes,
			// bash's echo prints them; which sh runs is only known at
			// run time (red team 19 DE1).
			return "", false
		}
		return exactEcho(args)
	case "print":
		if r.st != nil && r.st.zsh {
			as := make([]Arg, len(args))
			for i, a := range args {
				as[i] = Arg{Value: a, Static: true}
			}
			return zshPrint(as)
		}
		return "", false
	case "printf":
		return exactPrintf(args)
	case "pwd":
		if len(args) > 1 || len(args) == 1 && args[0] != "-L" && args[0] != "-P" || !r.dir.Known {
			return "", false
		}
		if len(args) == 1 && args[0] == "-P" || len(args) == 0 && r.st.physical {
			// pwd -P: the directory with its links resolved.
			return physicalPath(r.dir.Path, r.st.links, true) + "\n", true
		}
		return r.dir.Path + "\n", true
	case "dirname":
		if len(args) != 1 || strings.HasPrefix(args[0], "-") {
			return "", false
		}
		return dirnameOf(args[0]) + "\n", true
	case "which", "command", "type":
		return r.lookPath(name, args)
	case "realpath", "readlink":
		return r.resolvedPath(name, args)
	case "printenv":
		return r.printenvOutput(args)
	case "git":
		return r.gitRevParseOutput(args)
	case "basename":
		if len(args) == 0 || len(args) > 2 || strings.HasPrefix(args[0], "-") {
			return "", false
		}
		b := basenameOf(args[0])
		if len(args) == 2 && b != args[1] {
			b = strings.TrimSuffix(b, args[1])
		}
		return b + "\n", true
	}
	return "", false
}

// cdTarget returns the directory a plain cd DIR statement enters, when
// DIR is static, cannot be looked up on CDPATH (absolute, or starting
// with . or ..) and is a directory now.
func (r *resolver) cdTarget(st *sh.Stmt) (Dir, bool) {
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(ce.Assigns) > 0 || len(ce.Args) == 0 || len(ce.Args) > 2 {
		return Dir{}, false
	}
	var words []string
	for _, w := range ce.Args {
		for _, f := range r.fields(w) {
			if !f.Static || f.Glob {
				return Dir{}, false
			}
			words = append(words, f.Value)
		}
	}
	if len(words) == 1 && words[0] == "cd" {
		// cd alone enters $HOME.
		h := r.st.get("HOME")
		if !h.known || !h.set || !strings.HasPrefix(h.str, "/") {
			return Dir{}, false
		}
		words = append(words, h.str)
	}
	if len(words) != 2 || words[0] != "cd" {
		return Dir{}, false
	}
	p := words[1]
	if !strings.HasPrefix(p, "/") && p != "." && p != ".." && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
		return Dir{}, false
	}
	d := r.dir.Join(p)
	if !d.Known {
		return Dir{}, false
	}
	if fi, err := os.Stat(d.Path); err != nil || !fi.IsDir() {
		return Dir{}, false
	}
	return d, true
}

// exactEcho is bash's builtin echo (xpg_echo off; BashEcho) of static
// words, without NUL bytes (which a command substitution drops).
func exactEcho(args []string) (string, bool) {
	out, ok := BashEcho(args)
	return out, ok && strings.IndexByte(out, 0) < 0
}

// echoArgsEscape reports echo words with a backslash after its options:
// text an echo that interprets escapes (dash's, POSIX's, bash's under
// shopt -s xpg_echo) prints otherwise than bash's echo does.
func echoArgsEscape(args []string) bool {
	for _, a := range args {
		if strings.Contains(a, `\`) {
			return true
		}
	}
	return false
}

// exactPrintf is bash's builtin printf of static words (BashPrintf); a
// format that starts with - (an option) is not modelled.
func exactPrintf(args []string) (string, bool) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return "", false
	}
	out, ok := BashPrintf(args[0], args[1:])
	// A NUL byte: bash drops it from a command substitution
	// ($(printf '.bash\0rc') is .bashrc): not modelled here.
	return out, ok && strings.IndexByte(out, 0) < 0
}

// dirnameOf is POSIX dirname: the operand without its last component
// and the slashes around it; "." when there is no slash, "/" for the
// root.
func dirnameOf(s string) string {
	t := strings.TrimRight(s, "/")
	if t == "" {
		if s == "" {
			return "."
		}
		return "/"
	}
	i := strings.LastIndexByte(t, '/')
	if i < 0 {
		return "."
	}
	t = strings.TrimRight(t[:i], "/")
	if t == "" {
		return "/"
	}
	return t
}

// Basename is basename(1) of s, for the rules (listing printers in rewrite).
func Basename(s string) string { return basenameOf(s) }

// basenameOf is POSIX basename without a suffix: the last component,
// "/" for the root, "" for "".
func basenameOf(s string) string {
	t := strings.TrimRight(s, "/")
	if t == "" {
		if s == "" {
			return ""
		}
		return "/"
	}
	return t[strings.LastIndexByte(t, '/')+1:]
}

// substHandler answers the expander's command substitutions with their
// computed output.
func (r *resolver) substHandler(w io.Writer, cs *sh.CmdSubst) error {
	out, ok := r.knownSubst(cs)
	if !ok {
		return errUnknownSubst
	}
	_, err := io.WriteString(w, out)
	return err
}

// cfg is the expander's configuration for env: its variables, and the
// substitutions whose output is known.
func (r *resolver) cfg(env expand.Environ) *expand.Config {
	// ExtGlob: an extended pattern stays one field as written (bash only
	// parses one with extglob on); no pathname expansion is done here.
	return &expand.Config{Env: env, CmdSubst: r.substHandler, ExtGlob: true}
}

// ifsFields returns the fields bash makes of a word while the script
// has set IFS to another known value: IFS=,; c=rm,-rf,/; $c runs rm, and
// so do x$c, $c$IFS$HOME and a=(rm,-rf,/); $a. mvdan's expand splits
// differently from bash there (every IFS character acts as white space:
// no empty fields, TestExpandGrammarIFS), so each part of the word is
// expanded alone, as one string, and splitPieces splits the results of
// the unquoted expansions as bash does. Words with braces, patterns bash
// would glob, or expansions that make a field per element ($@, ${a[*]},
// "${a[@]}") are left dynamic.
func (r *resolver) ifsFields(w *sh.Word) ([]Arg, bool) {
	if r.st == nil || len(w.Parts) == 0 {
		return nil, false
	}
	ifs, ok := r.st.vars["IFS"]
	if !ok || !ifs.known || !ifs.set || ifs.str == defaultIFS {
		return nil, false
	}
	for i := 0; i < len(ifs.str); i++ {
		if ifs.str[i] == 0 || ifs.str[i] >= 0x80 {
			return nil, false
		}
	}
	for _, p := range w.Parts {
		if !ifsPiece(p) {
			return nil, false
		}
		if l, ok := p.(*sh.Lit); ok && len(w.Parts) > 1 && strings.Contains(l.Value, "~") {
			// A tilde's expansion depends on the text around it (~$x,
			// ''A=x:~, A+=~${a[@]} keep it), which the parts expanded
			// alone do not see.
			return nil, false
		}
	}
	saved := r.unsplit
	r.unsplit, r.ifsSplit = true, true
	s := r.scan(w, false)
	r.unsplit, r.ifsSplit = saved, false
	if s.dynamic || s.braces {
		return nil, false
	}
	// A pattern in the fields (IFS=,; c='rm,-rf,/*'; $c) is globbed: a
	// field keeps it as a pattern, where no quoted or escaped text holds
	// a pattern character (which bash would match as itself).
	glob := s.glob && !r.st.noGlob
	pieces := make([]ifsText, 0, len(w.Parts))
	for i, p := range w.Parts {
		// Each part is prepared and expanded alone (prepare may put a
		// computed value, a literal, in place of an expansion, whose
		// text is split all the same).
		split, quoted := false, false
		switch p := p.(type) {
		case *sh.Lit:
		case *sh.SglQuoted, *sh.DblQuoted:
			quoted = true
		case *sh.ParamExp:
			split = true
			if elemsParam(p) {
				// Unquoted $@, $*, ${a[@]}, ${a[*]}: bash joins the
				// elements with IFS's first character and splits the
				// whole (set -- a, b; $@ is a, "" and b); with IFS
				// empty, each element is a field of its own.
				elems, ok := r.paramElems(p)
				if !ok {
					return nil, false
				}
				if ifs.str == "" {
					pieces = append(pieces, ifsText{elems: elems, split: true})
				} else {
					pieces = append(pieces, ifsText{text: strings.Join(elems, ifs.str[:1]), split: true})
				}
				continue
			}
		default:
			split = true
		}
		part := p
		if l, ok := p.(*sh.Lit); ok && i > 0 {
			// Not at the start: no tilde is expanded.
			part = &sh.Lit{Value: "x" + l.Value}
		}
		pw, ok := r.prepare(&sh.Word{Parts: []sh.WordPart{part}}, false)
		if !ok {
			return nil, false
		}
		// A fresh environment: prepare may have made up variables.
		env := r.env()
		env.canAssign = assignsPlainly(w)
		v, err := safeLiteral(r.cfg(env), pw)
		if err != nil || len(env.unknown) > 0 {
			return nil, false
		}
		if _, ok := part.(*sh.Lit); ok && i > 0 {
			v = strings.TrimPrefix(v, "x")
		}
		if glob && (strings.Contains(v, "\\") || quoted && strings.ContainsAny(v, "*?[")) {
			return nil, false
		}
		if l, ok := p.(*sh.Lit); ok && glob && strings.Contains(l.Value, "\\") {
			return nil, false
		}
		pieces = append(pieces, ifsText{text: v, split: split, quoted: quoted})
	}
	vals := splitPieces(pieces, ifs.str)
	if len(vals) > MaxFields {
		return nil, false
	}
	a := r.span(w)
	a.GlobOpts = r.st.globOpts()
	a.SetGlobIgnore(r.st.globIgnore())
	out := make([]Arg, 0, len(vals))
	for _, f := range vals {
		g := a
		g.Value, g.Static = f, true
		g.Split = len(vals) > 1
		if g.Glob = glob && strings.ContainsAny(f, "*?["); g.Glob {
			g.SetPattern(f)
		}
		out = append(out, g)
	}
	return out, true
}

// ifsPiece reports whether ifsFields models a part of a word: text,
// quotes without an expansion that makes a field per element, and
// parameters of one value whose operator words are plain text and
// parameters (bash splits ${u:-a,b} but not ${u:-"a,b"}).
func ifsPiece(p sh.WordPart) bool {
	switch p := p.(type) {
	case *sh.Lit, *sh.SglQuoted, *sh.ArithmExp, *sh.CmdSubst:
		return true
	case *sh.DblQuoted:
		return !p.Dollar && !splitsInQuotes(&sh.Word{Parts: p.Parts})
	case *sh.ParamExp:
		if p.Param == nil || p.Excl || p.Names != 0 || p.NestedParam != nil {
			return false
		}
		if elemsParam(p) {
			// Only plain: joinedElems.
			return !p.Length && !p.Width && !p.IsSet && p.Flags == nil && len(p.Modifiers) == 0 &&
				p.Exp == nil && p.Slice == nil && p.Repl == nil
		}
		var words []*sh.Word
		if p.Exp != nil {
			words = append(words, p.Exp.Word)
		}
		if p.Repl != nil {
			words = append(words, p.Repl.Orig, p.Repl.With)
		}
		for _, w := range words {
			if w == nil {
				continue
			}
			for _, q := range w.Parts {
				switch q := q.(type) {
				case *sh.Lit:
					if strings.ContainsAny(q.Value, "\\'\"") {
						return false
					}
				case *sh.ParamExp:
					if !ifsPiece(q) {
						return false
					}
				default:
					return false
				}
			}
		}
		return true
	}
	return false
}

// elemsParam reports $@, $*, ${a[@]} and ${a[*]}, with any operator.
func elemsParam(p *sh.ParamExp) bool {
	if p.Param != nil && (p.Param.Value == "@" || p.Param.Value == "*") {
		return true
	}
	ix, ok := p.Index.(*sh.Word)
	return ok && (ix.Lit() == "@" || ix.Lit() == "*")
}

// paramElems returns the elements of $@, $*, ${a[@]} or ${a[*]}, as
// "$@" gives them; ok is false for an array whose order corral does not
// know, or elements it does not know.
func (r *resolver) paramElems(p *sh.ParamExp) ([]string, bool) {
	q := &sh.ParamExp{Dollar: p.Dollar, Param: p.Param}
	if p.Index != nil {
		if v := r.st.get(p.Param.Value); v.assoc || v.idx != nil {
			return nil, false
		}
		q.Index = &sh.Word{Parts: []sh.WordPart{&sh.Lit{Value: "@"}}}
	} else {
		q.Param = &sh.Lit{Value: "@"}
	}
	env := r.env()
	vals, err := safeFields(r.cfg(env), MaxFields, &sh.Word{Parts: []sh.WordPart{&sh.DblQuoted{Parts: []sh.WordPart{q}}}})
	if err != nil || len(env.unknown) > 0 {
		return nil, false
	}
	return vals, true
}

// ifsText is one part of a word, expanded: text bash splits (the result
// of an unquoted expansion) or not, and whether it was quoted (a quoted
// part makes a field even when it is empty).
type ifsText struct {
	text          string
	split, quoted bool
	// elems: the elements of $@ (or an array) under an empty IFS, each
	// a field of its own (an empty one makes none).
	elems []string
}

// splitPieces makes fields of a word's expanded parts as bash splits
// them on ifs (an ASCII IFS other than the default): in the results of
// unquoted expansions, IFS white space (space, tab, newline in ifs)
// separates fields and a run of it counts once; every other IFS
// character, with the white space around it, ends a field, so two in a
// row make an empty one; one at the end of the word makes none after
// it; white space at the start or end of the word makes no field. Text
// that is not split (literal, quoted) joins the field it is in.
func splitPieces(pieces []ifsText, ifs string) []string {
	white := func(c byte) bool { return (c == ' ' || c == '\t' || c == '\n') && strings.IndexByte(ifs, c) >= 0 }
	var out []string
	var cur strings.Builder
	// inField: a field has begun (text, a quoted part, or the empty
	// field a delimiter ends); afterWhite: the last field was ended by
	// white space, which a following other IFS character joins.
	inField, afterWhite := false, false
	for _, p := range pieces {
		if p.elems != nil {
			for j, e := range p.elems {
				if j > 0 && inField {
					out = append(out, cur.String())
					cur.Reset()
					inField = false
				}
				cur.WriteString(e)
				inField = inField || e != ""
			}
			continue
		}
		if !p.split {
			cur.WriteString(p.text)
			if p.text != "" || p.quoted {
				inField, afterWhite = true, false
			}
			continue
		}
		for i := 0; i < len(p.text); i++ {
			c := p.text[i]
			switch {
			case ifs != "" && white(c):
				if inField {
					out = append(out, cur.String())
					cur.Reset()
					inField, afterWhite = false, true
				}
			case ifs != "" && strings.IndexByte(ifs, c) >= 0:
				if inField || !afterWhite {
					out = append(out, cur.String())
					cur.Reset()
				}
				inField, afterWhite = false, false
			default:
				cur.WriteByte(c)
				inField, afterWhite = true, false
			}
		}
	}
	if inField {
		out = append(out, cur.String())
	}
	return out
}

// resolvedPath is realpath PATH (-e, -m, -s) and readlink -f/-e/-m PATH
// for one operand: the absolute path with its links followed on the
// machine now, as the program would print it (-s and readlink without -f
// are left to run time, as is a path that is not there without -m).
func (r *resolver) resolvedPath(name string, args []string) (string, bool) {
	if out, ok, handled := r.resolvedPathMore(name, args); handled {
		return out, ok // realpath -s, a last component not there yet (printedpath.go)
	}
	var p string
	mode := ""
	for _, a := range args {
		switch {
		case a == "-e" || a == "-m" || a == "-f" || a == "--canonicalize-existing" || a == "--canonicalize-missing" || a == "--canonicalize":
			mode = a
		case strings.HasPrefix(a, "-"):
			return "", false
		case p != "":
			return "", false
		default:
			p = a
		}
	}
	if p == "" || name == "readlink" && mode == "" {
		return "", false
	}
	d := r.dir.Join(p)
	if !d.Known {
		return "", false
	}
	real, err := filepath.EvalSymlinks(d.Path)
	if err != nil {
		return "", false
	}
	return real + "\n", true
}

// lookPath is which NAME, command -v NAME and type -P NAME: the first
// executable file NAME in a directory of PATH (the command's own PATH
// when it set one), when the walk may look at the machine. command -v
// and type print a function's, an alias's or a builtin's name instead,
// which is left to run time.
func (r *resolver) lookPath(name string, args []string) (string, bool) {
	if !r.st.pathLookup || len(args) == 0 {
		return "", false
	}
	switch {
	case name == "which" && len(args) == 1:
	case name == "command" && len(args) == 2 && args[0] == "-v", name == "type" && len(args) == 2 && args[0] == "-P":
		args = args[1:]
	default:
		return "", false
	}
	prog := args[0]
	if prog == "" || strings.HasPrefix(prog, "-") {
		return "", false
	}
	if name != "which" {
		if _, ok := r.st.funcs[prog]; ok {
			return "", false
		}
		if _, ok := r.st.aliases[prog]; ok || shellOwn.Has(prog) || prog == "command" || prog == "type" || prog == "builtin" {
			return "", false
		}
	}
	if strings.Contains(prog, "/") {
		return "", false
	}
	path := os.Getenv("PATH")
	if v, ok := r.st.vars["PATH"]; ok {
		if !v.known || !v.set {
			return "", false
		}
		path = v.str
	}
	for _, d := range filepath.SplitList(path) {
		if !strings.HasPrefix(d, "/") {
			return "", false // a relative directory: where it is depends on the cwd at run time
		}
		p := filepath.Join(d, prog)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p + "\n", true
		}
	}
	return "", false
}

// filterCall returns the pass-through program (passthrough.go) the
// statement runs, with its operands, when its words are static.
func (r *resolver) filterCall(st *sh.Stmt) (passFilter, []Arg, bool) {
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return nil, nil, false
	}
	// The name first: the words of another command are not expanded
	// here (computeSubst expands them once).
	var words []Arg
	for i, w := range ce.Args {
		for _, f := range r.fields(w) {
			if !f.Static || f.Glob || len(words) == 0 && (!passFilterName(f.Value) || r.st != nil && r.shadowed(f.Value)) {
				return nil, nil, false
			}
			words = append(words, f)
		}
		if i == 0 && len(words) == 0 {
			return nil, nil, false
		}
	}
	if len(words) == 0 {
		return nil, nil, false
	}
	return passFilterOf(words[0].Value, words[1:])
}

// stdinFilter reports a statement that is a pass-through program
// reading only its standard input (no operand but "-", no redirection).
func (r *resolver) stdinFilter(st *sh.Stmt) (passFilter, bool) {
	if len(st.Redirs) > 0 {
		return nil, false
	}
	f, ops, ok := r.filterCall(st)
	if !ok || len(ops) > 1 || len(ops) == 1 && ops[0].Value != "-" {
		return nil, false
	}
	return f, true
}

// filterSubst is the output of a pass-through program whose input the
// command says: a here-string ($(sed q <<< ~/x), $(cat <<< WORD)), or a
// file an earlier command of this one wrote with static text (echo ~ >
// f; k=$(cat f), $(< f), $(head -1 f), $(sed q < f)). handled is false
// for a statement of another kind.
func (r *resolver) filterSubst(st *sh.Stmt) (out string, ok, handled bool) {
	var f passFilter
	var ops []Arg
	if st.Cmd == nil {
		// $(< FILE) is bash's cat of FILE.
		if st.Negated || st.Background || st.Coprocess || len(st.Redirs) != 1 || st.Redirs[0].Op != sh.RdrIn || st.Redirs[0].N != nil {
			return "", false, false
		}
		f = func(in string) (string, bool) { return in, true }
	} else {
		var isFilter bool
		if f, ops, isFilter = r.filterCall(st); !isFilter {
			return "", false, false
		}
	}
	if len(ops) > 1 || len(st.Redirs) > 1 {
		return "", false, true
	}
	in, known := "", false
	switch {
	case len(st.Redirs) == 1 && (st.Redirs[0].N == nil || st.Redirs[0].N.Value == "0") && (len(ops) == 0 || ops[0].Value == "-"):
		rd := st.Redirs[0]
		switch rd.Op {
		case sh.WordHdoc:
			if v := r.literal(rd.Word, true); v.Static {
				in, known = v.Value+"\n", true
			}
		case sh.RdrIn:
			if v := r.literal(rd.Word, true); v.Static {
				in, known = r.wroteText(v.Value)
			}
		}
	case len(st.Redirs) == 0 && len(ops) == 1 && ops[0].Value != "-":
		in, known = r.wroteText(ops[0].Value)
	}
	if !known {
		return "", false, true
	}
	out, ok = f(in)
	return out, ok, true
}

// wroteText is the static text an earlier command of this one wrote to
// the file path names (relative to the directory the substitution runs
// in).
func (r *resolver) wroteText(path string) (string, bool) {
	if r.wrote == nil || path == "" {
		return "", false
	}
	d := r.dir.Join(path)
	if !d.Known {
		return "", false
	}
	return r.wrote(d.Path)
}
