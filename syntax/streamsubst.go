package syntax

import (
	"slices"
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// A command substitution whose only command copies out a stream the
// command opened (exec 3< <(echo ~/.ssh/id_rsa); k=$(cat <&3),
// $(head -1 /dev/fd/$fd), "$(cat /proc/self/fd/${P[0]})") prints what
// the stream's producer printed: corral gives the word those values, as
// read and mapfile of the stream get its lines (reads.go). The readers
// are cat (no option but -u), head and tail of whole lines (-n K, -K),
// and tr -d of plain characters; the stream is their standard input
// (<&3, <&$fd, < <(…)) or the one operand /dev/stdin, /dev/fd/N or
// /proc/self/fd/N (N a literal, $fd after exec {fd}<…, ${P[0]}).

// substStream returns the stream the single command of cs copies out,
// how it shapes it, and whether other commands may share the stream.
// The command's call is used when the walk has made it (x=$(cat <&3):
// the assignment's substitutions are walked first); else (the words of
// a call, resolved before their substitutions run) its words and its
// one <& duplication are read in the state st.
func (w *walker) substStream(c scope, st *state, cs *sh.CmdSubst) (in Stream, shape passFilter, shared, ok bool) {
	if cs == nil || len(cs.Stmts) != 1 || len(cs.Last) > 0 {
		return
	}
	stmt := cs.Stmts[0]
	ce, isCall := stmt.Cmd.(*sh.CallExpr)
	// $(< /dev/fd/3) is bash's cat of the file.
	bare := stmt.Cmd == nil && len(stmt.Redirs) == 1 && stmt.Redirs[0].Op == sh.RdrIn && stmt.Redirs[0].N == nil
	if stmt.Negated || stmt.Background || stmt.Coprocess || !bare && (!isCall || len(ce.Assigns) > 0 || len(ce.Args) == 0) {
		return
	}
	var name string
	var args []Arg
	var stdin func(n int) (Stream, bool)
	var call *Call
	if isCall {
		call = w.callOf(ce)
	}
	if bare {
		r := &resolver{src: c.sc.Src, dir: st.dir, st: st}
		name, args = "cat", []Arg{r.arg(stmt.Redirs[0].Word)}
		stdin = func(n int) (Stream, bool) {
			// $(< /dev/stdin): the standard input of the shell where the
			// word is expanded (stdinvalue.go).
			s, found := st.fds[n]
			return s, found
		}
	} else if call != nil {
		if len(call.Wrappers) > 0 || !call.NameArg.Static {
			return
		}
		name, args = call.Name, call.Args
		stdin = func(n int) (Stream, bool) {
			s := call.Fd(n)
			return s, true
		}
	} else {
		r := &resolver{src: c.sc.Src, dir: st.dir, st: st}
		// The name first: only a filter's words are needed, and each
		// word's own substitutions would be computed again by this fresh
		// resolver at every depth of $(echo $(echo …)) (n³ work).
		if head := r.arg(ce.Args[0]); !head.Static || !passFilterName(head.Value) {
			return
		}
		// The operands that name a stream are static or a descriptor's
		// variable ($fd, ${P[0]}): a word with a command substitution of
		// its own names none.
		for _, wd := range ce.Args[1:] {
			if holdsCmdSubst(wd) {
				return
			}
		}
		for _, wd := range ce.Args {
			args = append(args, r.arg(wd))
		}
		if !args[0].Static {
			return
		}
		name, args = args[0].Value, args[1:]
		var dup *Stream
		for _, rd := range stmt.Redirs {
			if rd.Op != sh.DplIn || rd.N != nil && rd.N.Value != "0" || dup != nil {
				return
			}
			dup = w.dupTarget(c, st, rd.Word)
			if dup == nil {
				return
			}
		}
		stdin = func(n int) (Stream, bool) {
			if n == 0 && dup != nil {
				return *dup, true
			}
			// $(cat), $(head -1): the substitution inherits the standard
			// input of the shell where the word is expanded, not the
			// call's own redirections, which bash applies after its
			// words (stdinvalue.go).
			s, found := st.fds[n]
			return s, found
		}
	}
	f, ops, isFilter := passFilterOf(name, args)
	if !isFilter || name == "tr" && len(ops) > 0 || call != nil && w.shadowed[call] {
		return
	}
	if _, fn := st.funcs[name]; fn && call == nil {
		return // a function of that name runs instead
	}
	if _, al := st.aliases[name]; al && call == nil {
		return
	}
	shape = f
	fd := 0
	switch {
	case len(ops) == 0:
	case len(ops) > 1:
		return
	case ops[0].Static && ops[0].Value == "-":
	case ops[0].Static:
		n, isFd := fdPath(ops[0].Value)
		if !isFd || n == 1 || n == 2 {
			return
		}
		fd = n
	default:
		s := w.fdRefStream(st, ops[0].Raw)
		if s == nil {
			return
		}
		return *s, shape, true, true
	}
	in, ok = stdin(fd)
	if !ok {
		return
	}
	shared = call == nil && !firstStdinReader(c, cs, in) || call != nil && !ownInput(call, in) || in.Kind == StreamInherited
	return in, shape, shared, true
}

// dupTarget returns the stream the target of a <& duplication names in
// the state st: a descriptor number the state holds, $fd after
// exec {fd}<…, a coprocess's ${P[0]}.
func (w *walker) dupTarget(c scope, st *state, wd *sh.Word) *Stream {
	if lit := wd.Lit(); lit != "" {
		n, err := strconv.Atoi(lit)
		if err != nil || lit != strconv.Itoa(n) {
			return nil
		}
		if s, ok := st.fds[n]; ok {
			return &s
		}
		return nil
	}
	src, ok := nodeText(c.sc.Src, wd)
	if !ok {
		return nil
	}
	if s := w.coprocFd(src); s != nil {
		return s
	}
	return w.namedFd(st, src)
}

// trPlainSet returns the bytes a tr set of plain characters names
// (backslash-n and backslash-t read as newline and tab): false for
// ranges, classes and other escapes, which corral does not expand.
func trPlainSet(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && (s[i+1] == 'n' || s[i+1] == 't' || s[i+1] == '\\'):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte('\\')
			}
		case c == '\\' || c == '[' || c == '-' && i > 0 && i < len(s)-1 || c >= 0x80:
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), b.Len() > 0
}

// substStreamVals returns the values a command substitution that copies
// out a stream (see substStream) may give, when corral knows the text
// the stream carries: the stream's lines from the first (the call's own
// stream, or one no command read before) or from any line (a stream
// other commands share, which earlier reads may have used up in part:
// an empty rest is not counted, as for read), shaped as the reader
// shapes them, trailing newlines dropped as bash drops them. ok is
// false past MaxCandidates values.
func (w *walker) substStreamVals(c scope, st *state, cs *sh.CmdSubst) ([]string, bool) {
	in, shape, shared, ok := w.substStream(c, st, cs)
	if !ok {
		return nil, false
	}
	text, dynamic, ok := w.inputText(c, in)
	if !ok || dynamic {
		return nil, false
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	starts := 1
	if shared {
		starts = len(lines)
	}
	if len(lines) == 0 {
		if shared {
			return nil, false
		}
		return []string{""}, true
	}
	var vals []string
	for i := 0; i < starts; i++ {
		rest := lines[i:]
		v, known := shape(strings.Join(rest, ""))
		if !known {
			return nil, false
		}
		v = strings.ReplaceAll(strings.TrimRight(v, "\n"), "\x00", "")
		if shared && v == "" {
			continue
		}
		vals = append(vals, v)
	}
	slices.Sort(vals)
	vals = slices.Compact(vals)
	if len(vals) == 0 || len(vals) > MaxCandidates {
		return nil, false
	}
	return vals, true
}

// xargsStreamText returns the text of the stream xargs reads its inputs
// from, when corral knows it: its standard input (a process
// substitution, a stream exec opened, a coprocess's output) or the
// file of -a that names one (<(…), /dev/fd/N, /dev/fd/$fd).
func (w *walker) xargsStreamText(c scope, st *state, call *Call) (string, bool) {
	var in Stream
	switch {
	case call.ArgFile == "":
		in = call.Fd(0)
	case call.ArgFile == "?":
		a := call.argFileWord
		if ps, ok := w.m.ArgStream(a); ok {
			in = ps
			break
		}
		s := w.fdRefStream(st, a.Raw)
		if s == nil {
			return "", false
		}
		in = *s
	default:
		n, ok := fdPath(call.ArgFile)
		if !ok || n == 1 || n == 2 {
			return "", false
		}
		in = call.Fd(n)
	}
	text, dynamic, ok, isPipe := w.otherPipeText(c, in)
	if !isPipe {
		text, dynamic, ok = w.streamText(c, in)
	}
	return text, ok && !dynamic
}

// fdRefStream returns the stream a path of a descriptor only run time
// numbers names in the state st: /dev/fd/$fd, /proc/self/fd/${P[0]}.
func (w *walker) fdRefStream(st *state, raw string) *Stream {
	ref, found := fdRef(raw)
	if !found {
		return nil
	}
	if n, err := strconv.Atoi(ref); err == nil {
		if n > 2 && st != nil {
			// /proc/$$/fd/3: the shell's own descriptor 3.
			if s, ok := st.fds[n]; ok {
				return &s
			}
		}
		return nil
	}
	if s := w.coprocFd(ref); s != nil {
		return s
	}
	return w.namedFd(st, ref)
}

// holdsCmdSubst reports whether the word holds a command substitution.
func holdsCmdSubst(wd *sh.Word) bool {
	found := false
	walkTree(wd, func(n sh.Node) bool {
		if _, ok := n.(*sh.CmdSubst); ok {
			found = true
		}
		return !found
	})
	return found
}
