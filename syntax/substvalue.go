package syntax

import (
	"os/exec"
	"strings"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// SubstFields returns the fields a dynamic word becomes when its only
// run-time parts are command substitutions whose output is known from
// their text: echo or printf of words without expansions, and true, false
// and : (which print nothing). The output of an unquoted substitution is
// split into fields and is a glob (Glob set); a quoted one is not. ok is
// false for any other word ($(ls *.go), "$x", $((1+1))): its value is
// only known at run time. A word split out of a brace expansion is not
// read again (its Word is the whole word).
func SubstFields(a Arg) ([]Arg, bool) {
	if a.Static || a.Word == nil || a.Split {
		return nil, false
	}
	var fields []Arg
	var cur strings.Builder
	started, glob, subst := false, false, false
	flush := func() {
		if started {
			f := Arg{Value: cur.String(), Static: true, Glob: glob, Start: a.Start, End: a.End, Raw: a.Raw}
			if glob {
				f.SetPattern(f.Value)
			}
			fields = append(fields, f)
		}
		cur.Reset()
		started, glob = false, false
	}
	var part func(p sh.WordPart, quoted bool) bool
	part = func(p sh.WordPart, quoted bool) bool {
		switch p := p.(type) {
		case *sh.Lit:
			v := p.Value
			if quoted {
				v = unescapeDouble(v)
			} else {
				glob = glob || strings.ContainsAny(unescapedGlob(v), "*?[")
				v = unescapeBare(v)
			}
			cur.WriteString(v)
			started = true
		case *sh.SglQuoted:
			v, err := expand.Literal(&expand.Config{}, &sh.Word{Parts: []sh.WordPart{p}})
			if err != nil {
				return false
			}
			cur.WriteString(v)
			started = true
		case *sh.DblQuoted:
			started = true
			for _, q := range p.Parts {
				if !part(q, true) {
					return false
				}
			}
		case *sh.CmdSubst:
			out, ok := knownOutput(p)
			if !ok {
				return false
			}
			subst = true
			if quoted {
				cur.WriteString(out)
				started = true
				return true
			}
			// Unquoted: split at blanks; each piece is a glob.
			for i, piece := range strings.FieldsFunc(out, isIFS) {
				if i > 0 || strings.IndexFunc(out, isIFS) == 0 {
					flush()
				}
				cur.WriteString(piece)
				started = true
				glob = glob || strings.ContainsAny(piece, "*?[")
			}
			if out != "" && isIFS(rune(out[len(out)-1])) {
				flush()
			}
		default:
			return false
		}
		return true
	}
	for _, p := range a.Word.Parts {
		if !part(p, false) {
			return nil, false
		}
	}
	flush()
	return fields, subst
}

func isIFS(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }

// knownOutput returns what a command substitution prints when its text
// says: echo or printf of words without expansions (globs in them are
// left for the caller, who globs the output anyway), or a command that
// prints nothing. Trailing newlines are dropped, as bash drops them.
func knownOutput(cs *sh.CmdSubst) (string, bool) {
	if len(cs.Stmts) != 1 {
		return "", false
	}
	st := cs.Stmts[0]
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || st.Negated || st.Background || len(st.Redirs) > 0 || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return "", false
	}
	words := make([]string, len(ce.Args))
	for i, w := range ce.Args {
		for _, p := range w.Parts {
			switch p := p.(type) {
			case *sh.Lit, *sh.SglQuoted:
			case *sh.DblQuoted:
				for _, q := range p.Parts {
					if _, ok := q.(*sh.Lit); !ok {
						return "", false
					}
				}
			default:
				return "", false
			}
		}
		v, err := expand.Literal(&expand.Config{}, w)
		if err != nil {
			return "", false
		}
		words[i] = v
	}
	var out string
	switch words[0] {
	case "true", "false", ":":
		return "", true
	case "echo":
		var ok bool
		if out, ok = BashEcho(words[1:]); !ok || strings.IndexByte(out, 0) >= 0 {
			return "", false
		}
	case "printf":
		if len(words) < 2 || strings.HasPrefix(words[1], "-") {
			return "", false
		}
		var ok bool
		if out, ok = printfText(words[1], words[2:]); !ok || strings.IndexByte(out, 0) >= 0 {
			return "", false
		}
	default:
		return "", false
	}
	return strings.TrimRight(out, "\n"), true
}

// LookedUp returns the program path a word names when the word is only a
// command substitution that looks a program up on PATH — "$(which
// NAME)", `command -v NAME`, $(type -P NAME), $(whence -p NAME) — as the
// lookup gives it when corral runs (the agent's shell searches the same
// PATH). ok is false for any other word, or when NAME is not found.
func LookedUp(a Arg) (string, bool) {
	if a.Static || a.Word == nil || len(a.Word.Parts) != 1 {
		return "", false
	}
	part := a.Word.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	cs, ok := part.(*sh.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return "", false
	}
	ce, ok := cs.Stmts[0].Cmd.(*sh.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(cs.Stmts[0].Redirs) > 0 {
		return "", false
	}
	var words []string
	for _, w := range ce.Args {
		v := w.Lit()
		if v == "" {
			return "", false
		}
		words = append(words, v)
	}
	name := ""
	switch {
	case len(words) == 2 && words[0] == "which":
		name = words[1]
	case len(words) == 3 && words[0] == "command" && words[1] == "-v",
		len(words) == 3 && words[0] == "type" && (words[1] == "-P" || words[1] == "-p"),
		len(words) == 3 && words[0] == "whence" && words[1] == "-p":
		name = words[2]
	}
	if name == "" || strings.Contains(name, "/") {
		return "", false
	}
	p, err := lookPath(name)
	if err != nil || !strings.HasPrefix(p, "/") {
		return "", false
	}
	return p, true
}

// lookPath finds a program on PATH (exec.LookPath).
var lookPath = exec.LookPath

// PrintedPath reports a dynamic word that a program chose at run time: it
// holds a command substitution whose output its text does not give (>
// $(cat f)), or a variable set to the whole output of one (x=$(cat f); >
// $x; Arg.Printed). $(mktemp …), which prints a new temporary file, does
// not count.
func PrintedPath(a Arg) bool {
	if a.Static || a.Word == nil {
		return false
	}
	if a.Printed {
		return true
	}
	found := false
	walkTree(a.Word, func(n sh.Node) bool {
		cs, ok := n.(*sh.CmdSubst)
		if !ok {
			return !found
		}
		if unknownSubst(cs) {
			found = true
		}
		return false
	})
	return found
}

// unknownSubst reports a command substitution whose output corral does
// not know, other than mktemp's.
func unknownSubst(cs *sh.CmdSubst) bool {
	if len(cs.Stmts) == 1 {
		if ce, ok := cs.Stmts[0].Cmd.(*sh.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "mktemp" {
			return false
		}
	}
	_, known := knownOutput(cs)
	return !known
}

// substFirst is the literal name of the first command of the command
// substitution word w is ("" when it has none).
func substFirst(w *sh.Word) string {
	if len(w.Parts) != 1 {
		return ""
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	cs, ok := part.(*sh.CmdSubst)
	if !ok || len(cs.Stmts) == 0 {
		return ""
	}
	st := cs.Stmts[0]
	if bc, ok := st.Cmd.(*sh.BinaryCmd); ok {
		// $(echo … | base64 -d), $(command -v a || command -v b): the
		// first command.
		for {
			if inner, ok := bc.X.Cmd.(*sh.BinaryCmd); ok {
				bc = inner
				continue
			}
			st = bc.X
			break
		}
	}
	if ce, ok := st.Cmd.(*sh.CallExpr); ok && len(ce.Args) > 0 {
		return ce.Args[0].Lit()
	}
	return ""
}

// onlyParam reports a word that is one plain parameter expansion ($A,
// "$A", ${A}, "${A}"), with the name.
func onlyParam(w *sh.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	pe, ok := part.(*sh.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Excl || pe.Length || pe.Index != nil {
		return "", false
	}
	return pe.Param.Value, true
}

// wholeSubst reports a word that is one command substitution whose output
// corral does not know, optionally double-quoted ($(cat f), "$(cat f)",
// `cat f`).
func wholeSubst(w *sh.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return false
		}
		part = dq.Parts[0]
	}
	cs, ok := part.(*sh.CmdSubst)
	return ok && unknownSubst(cs)
}

// PrintedVarHead reports a dynamic word that starts with a variable this
// command set to the whole output of a command substitution corral
// cannot read (x=$(cat f); rm -rf "$x" "$x/sub"): the value is only known
// at run time, as the inline "$(cat f)" is (PrintedHead). mktemp's
// output, a new temporary path, and the names read or mapfile take from
// a loop's input do not count.
func PrintedVarHead(a Arg) bool {
	if a.Static || !a.Printed || a.Word == nil || len(a.Word.Parts) == 0 {
		return false
	}
	switch a.PrintedBy() {
	case "mktemp", "read", "mapfile", "readarray":
		return false
	}
	part := a.Word.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) > 0 {
		part = dq.Parts[0]
	}
	pe, ok := part.(*sh.ParamExp)
	if ok && printedIndirection(pe) {
		return true
	}
	return ok && pe.Param != nil && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil && !pe.Excl && !pe.Length
}
