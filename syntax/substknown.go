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

// ifsFields returns the fields bash makes of a word that is one unquoted
// variable ($c, ${c}) holding a known string while the script has set
// IFS to another known value: IFS=,; c=rm,-rf,/; $c runs rm. Other words
// under another IFS stay dynamic (mvdan's expand splits them differently
// from bash: TestExpandGrammarIFS).
func (r *resolver) ifsFields(w *sh.Word) ([]Arg, bool) {
	if r.st == nil || len(w.Parts) != 1 {
		return nil, false
	}
	p, ok := w.Parts[0].(*sh.ParamExp)
	if !ok || p.Param == nil || !isName(p.Param.Value) || p.Excl || p.Length || p.Width || p.IsSet ||
		p.NestedParam != nil || p.Flags != nil || len(p.Modifiers) > 0 || p.Names != 0 || p.Index != nil ||
		p.Exp != nil || p.Slice != nil || p.Repl != nil {
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
	v := r.st.get(p.Param.Value)
	if !v.known || !v.set || v.array || strings.ContainsAny(v.str, "*?[\\") && !r.st.noGlob {
		return nil, false
	}
	a := r.span(w)
	var out []Arg
	for _, f := range splitIFS(v.str, ifs.str) {
		g := a
		g.Value, g.Static = f, true
		out = append(out, g)
	}
	for i := range out {
		out[i].Split = len(out) > 1
	}
	return out, true
}

// splitIFS splits s as bash splits an unquoted expansion on ifs: IFS
// white space (space, tab, newline in ifs) around a field is dropped and
// a run of it separates once; every other IFS character ends a field,
// so two in a row make an empty one; a last one makes none after it.
func splitIFS(s, ifs string) []string {
	if ifs == "" {
		if s == "" {
			return nil
		}
		return []string{s}
	}
	white := func(c byte) bool { return (c == ' ' || c == '\t' || c == '\n') && strings.IndexByte(ifs, c) >= 0 }
	other := func(c byte) bool { return !white(c) && strings.IndexByte(ifs, c) >= 0 }
	var out []string
	i := 0
	for i < len(s) && white(s[i]) {
		i++
	}
	for i < len(s) {
		start := i
		for i < len(s) && !white(s[i]) && !other(s[i]) {
			i++
		}
		out = append(out, s[start:i])
		// One delimiter: white space, at most one other character, white
		// space.
		for i < len(s) && white(s[i]) {
			i++
		}
		if i < len(s) && other(s[i]) {
			i++
			for i < len(s) && white(s[i]) {
				i++
			}
		}
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
