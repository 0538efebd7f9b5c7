package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Body returns the text a here-document (<<, <<-) or here-string (<<<)
// feeds to standard input, and whether that text is known before the
// command runs: a here-string whose word is static, or a here-document
// whose delimiter is quoted or whose body holds no expansion. ok is false
// for every other redirection.
func (r Redirect) Body() (text string, static, ok bool) {
	if r.Node == nil {
		return "", false, false
	}
	switch r.Node.Op {
	case sh.WordHdoc:
		return r.Target.Value, r.Target.Static, true
	case sh.Hdoc, sh.DashHdoc:
		h := r.Node.Hdoc
		if h == nil || r.Script == nil {
			return "", true, true
		}
		start, end := int(h.Pos().Offset()), int(h.End().Offset())
		if start < 0 || end > len(r.Script.Src) || start > end {
			return "", false, true
		}
		text = r.Script.Src[start:end]
		// The body as parsed ends with the closing delimiter line.
		if t, cut := strings.CutSuffix(text, r.Target.Value); cut {
			text = strings.TrimRight(t, "\t")
		}
		if r.Target.Raw != r.Target.Value {
			return text, true, true // a quoted delimiter: the body is text
		}
		if v, ok := hdocUnescaped(text); ok {
			return v, true, true
		}
		return text, false, true
	}
	return "", false, false
}

// hdocUnescaped returns the text bash makes of the body of an unquoted
// here-document that holds no expansion: a backslash is removed before
// $, `, \ and a newline (which goes too), and kept before any other
// character (bash's manual, "Here Documents"); echo \$(rm -rf ~) in the
// body is the line echo $(rm -rf ~). ok is false when an unescaped $ or
// ` may start an expansion.
func hdocUnescaped(body string) (string, bool) {
	if !strings.ContainsAny(body, "$`\\") {
		return body, true
	}
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '$', '`':
			return "", false
		case '\\':
			i++ // the escaped character
		}
	}
	return hdocLit(body), true
}

// hdocLit is the text of literal text of an unquoted here-document's
// body: a backslash removed before $, `, \ and a newline (which goes
// too), kept before any other character.
func hdocLit(v string) string {
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			switch v[i+1] {
			case '$', '`', '\\':
				i++
				b.WriteByte(v[i])
				continue
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// An unquoted here-document fed to a shell (bash <<EOF, sh -s <<EOF,
// cat <<EOF | sh) is expanded by the outer shell first — parameters,
// $(…), `…` — and the inner shell parses the result: $(cat f) in the
// body becomes f's script, newlines and redirections included (red
// team 16 HD1). hdocExpanded builds that text: literal parts as they
// are, parameters with their known values, and each command
// substitution with the text it prints when corral computes it (cat f,
// head -5 f, echo …: producedText). A substitution printing a file's
// text that corral does not compute (grep . f, a download, a socket)
// or text a program builds (base64 -d, python3 -c) is only known at run
// time and reaches the inner shell as code: why says so, and the text
// the files hold stands in for it. Any other program's output (echo
// "built $(date)") stays as written, as eval "$(tool)" does. spliced
// reports that some substitution's text was put in; ok is false for a
// quoted delimiter or any other redirection. A backslash is removed as
// bash removes it in such a body (hdocLit).
func (w *walker) hdocExpanded(c scope, call *Call, rd *Redirect, st *state) (text string, dynamic bool, why string, spliced, ok bool) {
	if rd == nil || rd.Node == nil || rd.Node.Hdoc == nil || (rd.Node.Op != sh.Hdoc && rd.Node.Op != sh.DashHdoc) ||
		rd.Target.Raw != rd.Target.Value || st == nil {
		return "", false, "", false, false
	}
	src := c.sc.Src
	var b strings.Builder
	var whys []string
	var walk func(parts []sh.WordPart) bool
	walk = func(parts []sh.WordPart) bool {
		for _, part := range parts {
			switch n := part.(type) {
			case *sh.Lit:
				// echo \`rm -rf ~\` in the body is the line
				// echo `rm -rf ~` to the shell it feeds.
				b.WriteString(hdocLit(n.Value))
			case *sh.CmdSubst:
				t, dyn, known, what := w.substPrinted(c, call, n)
				switch {
				case known:
					b.WriteString(strings.TrimRight(t, "\n"))
					spliced = true
					dynamic = dynamic || dyn
				default:
					b.WriteString(rawOf(src, n))
					dynamic = true
				}
				if what != "" {
					whys = append(whys, what)
				}
			default:
				// A parameter or arithmetic: its value when known.
				r := &resolver{src: src, dir: call.Dir, st: st}
				v := r.arg(&sh.Word{Parts: []sh.WordPart{&sh.DblQuoted{Parts: []sh.WordPart{part}}}})
				if v.Static {
					b.WriteString(v.Value)
					continue
				}
				dynamic = true
				if pe, ok := part.(*sh.ParamExp); ok && pe.Exp != nil && pe.Exp.Word != nil && len(pe.Exp.Word.Parts) > 0 {
					// ${X:-$(cat f)}: the default may be what expands.
					if !walk(pe.Exp.Word.Parts) {
						return false
					}
					continue
				}
				b.WriteString(rawOf(src, part))
			}
		}
		return true
	}
	if !walk(rd.Node.Hdoc.Parts) {
		return "", false, "", false, false
	}
	text = b.String()
	if t, cut := strings.CutSuffix(text, rd.Target.Value); cut {
		text = strings.TrimRight(t, "\t")
	}
	return text, dynamic, strings.Join(whys, "; "), spliced, true
}

// rawOf is node's text as written in src.
func rawOf(src string, n sh.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(src) || start > end {
		return ""
	}
	return src[start:end]
}

// substPrinted returns what command substitution cs prints, from the
// calls of its statements (walked already, as part of the host's
// words): known when corral has the text (computed, or the files a
// filter prints from), dynamic when that text is only what the output
// is taken from. what is non-empty when the output is only known at
// run time and is code-like (a file printed in a way corral does not
// compute, a file it cannot read, text a decoder or an interpreter
// builds).
func (w *walker) substPrinted(c scope, host *Call, cs *sh.CmdSubst) (text string, dynamic, known bool, what string) {
	if len(cs.Stmts) == 0 {
		return "", false, true, ""
	}
	start, end := int(cs.Pos().Offset()), int(cs.End().Offset())
	var last *Call
	for _, in := range w.m.Calls {
		if in.Script == c.sc && in.Subst != "" && in.Start >= start && in.End <= end && in != host {
			if downloaders.Get()[in.Name] {
				return "", false, false, "" // a download run as a script is the pipe-shell rule's
			}
			if last == nil || in.End >= last.End {
				last = in
			}
		}
	}
	if last == nil {
		return "", false, false, ""
	}
	if t, d, k, wh, ok := w.listPrinted(c, host, cs); ok {
		return t, d, k, wh // $(cat f; :), $(f) (substprinted.go)
	}
	return w.callPrinted(c, last)
}

// callPrinted is what the call last prints (substPrinted), with why when
// it is only known at run time and code-like.
func (w *walker) callPrinted(c scope, last *Call) (text string, dynamic, known bool, what string) {
	p, i := last.Pipe, last.PipeIndex
	if p == nil {
		p, i = &Pipeline{Calls: []*Call{last}}, 0
	}
	text, dynamic, known = w.producedText(c, p, i)
	if w.catHdocWhy(c, p, i) != "" {
		what = "a here-document cat prints, holding " + w.catHdocWhy(c, p, i)
	} else if fp, ok := w.filePrint(c, p, i); ok && !fp.computed {
		what = "the text " + fp.call.Name + " prints from " + clip(strings.Join(fp.from, ", "), 80)
	} else if !known && generatesCode(last) {
		what = "the output of " + clip(last.Text(), 60)
	}
	return text, dynamic, known, what
}

// hdocShell models a shell reading an unquoted here-document whose body
// has command substitutions (bash <<EOF / $(cat f) / EOF): the text the
// outer shell expands it to is the script (hdocExpanded), and a part
// only known at run time that is code-like asks.
func (w *walker) hdocShell(c scope, call *Call, rd *Redirect, st *state, env *state) {
	text, dynamic, why, spliced, ok := w.hdocExpanded(c, call, rd, st)
	if !ok {
		return
	}
	if why != "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: call.Name + " runs, as a script, a here-document its shell expands first, holding " + why + ", which is only known at run time"})
	}
	if spliced {
		w.childIn(c, call, text, nil, "heredoc", dynamic, env, call.Dir)
	}
}

// catHdoc is what cat prints of the unquoted here-document on its
// standard input, expanded as the outer shell does (hdocExpanded):
// spliced is false when no substitution's text was put in, and the
// callers read the body as before.
func (w *walker) catHdoc(c scope, call *Call) (text string, dynamic bool, why string, spliced bool) {
	for k := range call.Redirs {
		rd := &call.Redirs[k]
		if rd.Node == nil || rd.Node.Hdoc == nil || rd.Fd != "" && rd.Fd != "0" {
			continue
		}
		t, dyn, wh, sp, ok := w.hdocExpanded(c, call, rd, w.cur)
		if ok {
			text, dynamic, why, spliced = t, dyn, wh, sp
		}
	}
	return text, dynamic, why, spliced
}

// catHdocWhy is catHdoc's why for stage i of p when it is cat with no
// operand, else "".
func (w *walker) catHdocWhy(c scope, p *Pipeline, i int) string {
	if src := p.Calls[i]; src != nil && src.Name == "cat" && len(src.Args) == 0 {
		_, _, why, _ := w.catHdoc(c, src)
		return why
	}
	return ""
}

// hdocBody resolves the body of an unquoted here-document as bash
// expands it: parameters, arithmetic and substitutions as in a word, but
// its literal text with a here-document's escapes (hdocLit: \$, \`, \\
// and \<newline> only) and no tilde expansion, where a word's reading
// would remove every backslash. The Arg keeps the body's own span.
func (r *resolver) hdocBody(w *sh.Word) Arg {
	hw, changed := hdocWord(w)
	if !changed {
		return r.arg(w)
	}
	a := r.arg(hw)
	s := r.span(w)
	a.Word, a.Start, a.End, a.Raw = w, s.Start, s.End, s.Raw
	return a
}

// hdocWord returns w with each literal part that holds a backslash or a
// tilde written as single-quoted text of its here-document value.
func hdocWord(w *sh.Word) (*sh.Word, bool) {
	var out []sh.WordPart
	for i, p := range w.Parts {
		l, ok := p.(*sh.Lit)
		if !ok || !strings.ContainsAny(l.Value, `\~`) {
			if out != nil {
				out = append(out, p)
			}
			continue
		}
		if out == nil {
			out = append(make([]sh.WordPart, 0, len(w.Parts)), w.Parts[:i]...)
		}
		out = append(out, &sh.SglQuoted{Left: l.ValuePos, Right: l.ValuePos, Value: hdocLit(l.Value)})
	}
	if out == nil {
		return w, false
	}
	return &sh.Word{Parts: out}, true
}
