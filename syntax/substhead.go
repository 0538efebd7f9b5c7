package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// The known head of a PATH-like value whose first entries a command
// substitution prints (red team 18 EX1c): PATH="$(echo DIR; :):$PATH"
// searches DIR first, as PATH="DIR:$PATH" does, so a program there
// shadowing a later command's name is read as that command. The value's
// text is taken part by part up to the first part only run time knows,
// each substitution whose output corral computes (echo, printf, a list
// or compound of them: knownSubst) spliced in; the rest is kept as
// written for inheritsPath.

// substHead returns the text of the assignment value w up to its first
// part only run time knows, with the computed substitutions spliced in,
// and the rest as written without its quotes ("$PATH" is $PATH). ok is
// false when no substitution was spliced or a literal part is one this
// reading does not expand (a tilde, a backslash, a glob): the caller's
// reading of the word stands.
func (r *resolver) substHead(w *sh.Word) (head, rest string, ok bool) {
	if w == nil || r.mask {
		return "", "", false
	}
	var b, tail strings.Builder
	stopped, spliced, bad := false, false, false
	var walk func(parts []sh.WordPart)
	walk = func(parts []sh.WordPart) {
		for _, p := range parts {
			if bad {
				return
			}
			if stopped {
				if dq, isDq := p.(*sh.DblQuoted); isDq {
					walk(dq.Parts)
					continue
				}
				tail.WriteString(rawOf(r.src, p))
				continue
			}
			switch p := p.(type) {
			case *sh.Lit:
				if strings.ContainsAny(p.Value, "~\\*?[") {
					bad = true
					return
				}
				b.WriteString(p.Value)
			case *sh.SglQuoted:
				if p.Dollar {
					bad = true
					return
				}
				b.WriteString(p.Value)
			case *sh.DblQuoted:
				walk(p.Parts)
			case *sh.CmdSubst:
				out, known := r.knownSubst(p)
				if !known {
					stopped = true
					tail.WriteString(rawOf(r.src, p))
					continue
				}
				// An assignment's value is not split or globbed; $( )
				// drops the trailing newlines.
				b.WriteString(strings.TrimRight(out, "\n"))
				spliced = true
			case *sh.ParamExp:
				v := r.literal(&sh.Word{Parts: []sh.WordPart{&sh.DblQuoted{Parts: []sh.WordPart{p}}}}, false)
				if v.Static {
					b.WriteString(v.Value)
					continue
				}
				stopped = true
				tail.WriteString(rawOf(r.src, p))
			default:
				stopped = true
				tail.WriteString(rawOf(r.src, p))
			}
		}
	}
	walk(w.Parts)
	if bad || !spliced || !stopped {
		return "", "", false
	}
	return b.String(), tail.String(), true
}
