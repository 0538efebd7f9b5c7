package syntax

import (
	"bytes"
	"strings"
	"unicode/utf8"

	sh "mvdan.cc/sh/v3/syntax"
)

// bashEscapes returns w with the backslash escapes of its literal text
// written as bash reads them, for mvdan's expand to give bash's value: in
// an unquoted word \c is c for every character c (\/etc/passwd is
// /etc/passwd, \$\(rm\) the text $(rm)), where expand.Literal, which
// reads assignments' values, redirections' targets and the candidates of
// dynamic words, keeps the backslashes (its Fields removes them). Each
// escaped character becomes a one-character single-quoted part, so that
// what the backslash quoted stays quoted: \~ is no home directory, ~\/x
// no tilde prefix (bash leaves ~/x), \* no pattern. A backslash that ends
// the word (the end of the script) is kept, as bash keeps it.
// Double-quoted text needs nothing: the parser drops \ before a newline,
// and expand removes it only before $, `, " and \, as bash does.
//
// The word of ${x:-w}, ${x:+w}, ${x:=w} and ${x:?w}, which expand reads
// as an unquoted word wherever the expansion stands, follows the quoting
// of the expansion in bash: unquoted, \c is c (${u:-\/etc} is /etc);
// inside double quotes the backslash goes only before $, `, ", \ and }
// ("${u:-\/etc}" is \/etc, "${u:-\$y}" is $y). A replacement's word
// (${x/p/\/}) loses every backslash in bash 5.2, quoted or not. A
// removal's pattern (${x#\*}) keeps its backslashes: expand matches with
// them. Double quotes inside an operator's word inside double quotes
// ("${u:-"\/"}" is / in bash) are left as they are (exact.go keeps such
// a word dynamic). w itself is not changed.
func bashEscapes(w *sh.Word) *sh.Word {
	out, _ := escapeWord(w, false, 0)
	return out
}

// maxEscapeDepth bounds how deep bashEscapes goes into the words of
// nested parameter expansions; deeper ones are left as written.
const maxEscapeDepth = 32

// escapeWord is bashEscapes of a word read in a double-quoted expansion
// (quoted) or not; changed reports a new word.
func escapeWord(w *sh.Word, quoted bool, depth int) (*sh.Word, bool) {
	if w == nil || depth > maxEscapeDepth {
		return w, false
	}
	var out []sh.WordPart
	for i, p := range w.Parts {
		np, changed := escapePart(p, quoted, depth)
		if !changed && out == nil {
			continue
		}
		if out == nil {
			out = append(make([]sh.WordPart, 0, len(w.Parts)+4), w.Parts[:i]...)
		}
		if changed {
			out = append(out, np...)
		} else {
			out = append(out, p)
		}
	}
	if out == nil {
		return w, false
	}
	return &sh.Word{Parts: out}, true
}

// escapePart returns the parts bashEscapes makes of p, changed false when
// p stays as it is.
func escapePart(p sh.WordPart, quoted bool, depth int) ([]sh.WordPart, bool) {
	switch p := p.(type) {
	case *sh.Lit:
		if !escapesInside(p.Value) {
			return nil, false
		}
		if quoted {
			return appendEscaped(nil, p, []byte(dqEscapable)), true
		}
		return appendEscaped(nil, p, nil), true
	case *sh.DblQuoted:
		if quoted {
			return nil, false // "${u:-"…"}": see bashEscapes
		}
		var parts []sh.WordPart
		for i, q := range p.Parts {
			if _, ok := q.(*sh.ParamExp); !ok {
				if parts != nil {
					parts = append(parts, q)
				}
				continue
			}
			nq, changed := escapePart(q, true, depth)
			if !changed {
				if parts != nil {
					parts = append(parts, q)
				}
				continue
			}
			if parts == nil {
				parts = append([]sh.WordPart(nil), p.Parts[:i]...)
			}
			parts = append(parts, nq...)
		}
		if parts == nil {
			return nil, false
		}
		return []sh.WordPart{&sh.DblQuoted{Left: p.Left, Right: p.Right, Dollar: p.Dollar, Parts: parts}}, true
	case *sh.ParamExp:
		var exp *sh.Expansion
		var repl *sh.Replace
		if p.Exp != nil && p.Exp.Word != nil && valueOp(p.Exp.Op) {
			if w, changed := escapeWord(p.Exp.Word, quoted, depth+1); changed {
				exp = &sh.Expansion{Op: p.Exp.Op, Word: w}
			}
		}
		if p.Repl != nil && p.Repl.With != nil {
			if w, changed := escapeWord(p.Repl.With, false, depth+1); changed {
				repl = &sh.Replace{All: p.Repl.All, Orig: p.Repl.Orig, With: w}
			}
		}
		if exp == nil && repl == nil {
			return nil, false
		}
		np := *p
		if exp != nil {
			np.Exp = exp
		}
		if repl != nil {
			np.Repl = repl
		}
		return []sh.WordPart{&np}, true
	}
	return nil, false
}

// valueOp reports an operator whose word is a value, not a pattern: the
// default, alternate, assigned and error words.
func valueOp(op sh.ParExpOperator) bool {
	switch op {
	case sh.DefaultUnset, sh.DefaultUnsetOrNull, sh.AlternateUnset, sh.AlternateUnsetOrNull,
		sh.AssignUnset, sh.AssignUnsetOrNull, sh.ErrorUnset, sh.ErrorUnsetOrNull:
		return true
	}
	return false
}

// dqEscapable are the characters a backslash escapes in the word of an
// operator of a double-quoted parameter expansion ("${u:-\}}" is }).
const dqEscapable = "$`\"\\}"

// escapesInside reports a backslash that escapes a character in s (not
// one alone at its end).
func escapesInside(s string) bool {
	i := strings.IndexByte(s, '\\')
	return i >= 0 && i < len(s)-1
}

// appendEscaped appends the parts of the literal l: its plain runs as
// literals, each character a backslash escapes as a single-quoted part.
// When only is not nil, a backslash escapes only the characters in it
// and is kept before others.
func appendEscaped(parts []sh.WordPart, l *sh.Lit, only []byte) []sh.WordPart {
	s := l.Value
	pos := l.ValuePos
	lit := func(v string) {
		if v != "" {
			parts = append(parts, &sh.Lit{ValuePos: pos, ValueEnd: l.ValueEnd, Value: v})
		}
	}
	for {
		i := strings.IndexByte(s, '\\')
		if i < 0 || i == len(s)-1 {
			lit(s) // a trailing backslash stays
			return parts
		}
		_, size := utf8.DecodeRuneInString(s[i+1:])
		if only != nil && (size != 1 || bytes.IndexByte(only, s[i+1]) < 0) {
			lit(s[:i+1+size]) // the backslash is text
			s = s[i+1+size:]
			continue
		}
		lit(s[:i])
		c := s[i+1 : i+1+size]
		if c != "\n" { // \<newline> is removed (the parser already does)
			parts = append(parts, &sh.SglQuoted{Left: pos, Right: l.ValueEnd, Value: c})
		}
		s = s[i+1+size:]
	}
}

// TildeText reports whether the unquoted literal lit that starts a word
// starts with a tilde bash leaves as text: an escaped \~, or a tilde
// prefix (up to the first unquoted slash) holding an escaped character
// (~\/x, ~ro\ot/x), which bash does not expand. The shell model gives
// such a word the value ~…, which is a name in the working directory.
func TildeText(lit string) bool {
	if strings.HasPrefix(lit, `\~`) {
		return true
	}
	if !strings.HasPrefix(lit, "~") {
		return false
	}
	for i := 1; i < len(lit); i++ {
		switch lit[i] {
		case '/':
			return false
		case '\\':
			return true
		}
	}
	return false
}

// LitText returns the text of a word written only as literal text —
// unquoted, single-quoted or double-quoted, with no expansion — after
// bash's quote removal: \-n, '-n' and "-n" are -n, as bash's builtins see
// them; "" when some part expands. (sh.Word.Lit keeps a backslash and
// gives "" for a quoted part.)
func LitText(w *sh.Word) string {
	if w == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *sh.Lit:
			b.WriteString(unescapeBare(p.Value))
		case *sh.SglQuoted:
			if p.Dollar {
				return ""
			}
			b.WriteString(p.Value)
		case *sh.DblQuoted:
			if p.Dollar {
				return ""
			}
			for _, q := range p.Parts {
				l, ok := q.(*sh.Lit)
				if !ok {
					return ""
				}
				b.WriteString(unescapeDouble(l.Value))
			}
		default:
			return ""
		}
	}
	return b.String()
}

// declByCall walks a declaration builtin (declare, typeset, local,
// export, readonly) that the parser reads as a plain command because its
// name is not written as the keyword: \declare, "export", builtin
// declare, command local, $d of d=declare. Bash runs the same builtin,
// on the arguments expanded as any command's (split, no assignment
// syntax), and the builtin reads each NAME=VALUE itself, so
// \declare -n x=HOME makes x a name reference as declare -n x=HOME does.
// The builtin is walked as the declaration of the arguments' values,
// each quoted, in this shell; an argument only run time knows may name
// any variable, and every variable's value is then unknown.
func (w *walker) declByCall(c scope, call *Call, st *state) {
	if _, ok := call.Stmt.Cmd.(*sh.DeclClause); ok || call.Expr == nil {
		return
	}
	var b strings.Builder
	b.WriteString(call.Name)
	for _, a := range call.Args {
		if !a.Static || a.Glob {
			st.forgetAll()
			return
		}
		b.WriteString(" " + Quote(a.Value))
	}
	w.childIn(c, nil, b.String(), nil, compoundKind, false, st, st.dir)
}
