package lang

import "strings"

// runtimePart stands for a value only known at run time in the template
// of a built string.
const runtimePart = "\x00"

// runText is the effect of a call that runs its argument as shell text,
// for the languages whose strings are often built ("rm " $1,
// "ls " .. dir, paste("rm", f)): a literal is a Shell effect; a built
// string whose run-time values are never in the place of a command name
// is a Built Hidden effect (it matters only when its literal parts name a
// command that can do harm); anything else is Hidden.
func runText(l Lang, c call, a *arg) Effect {
	switch {
	case a == nil:
		return Effect{Kind: Hidden, Call: c.name, Offset: c.off}
	case a.lit:
		return Effect{Kind: Shell, Call: c.name, Text: a.str, Offset: c.off}
	case a.isList:
		return Effect{Kind: Exec, Call: c.name, Argv: a.list, Offset: c.off}
	}
	return builtText(l, c.name, a.text, c.off)
}

// builtText judges the source text of a built shell string.
func builtText(l Lang, name, text string, off int) Effect {
	e := Effect{Kind: Hidden, Call: name, Text: text, Offset: off}
	tpl := template(l, text)
	if strings.Trim(tpl, runtimePart+" \t\n") == "" {
		return e // nothing of it is known
	}
	e.Built = !commandPlace(tpl)
	return e
}

// template returns a built string expression's value with each run-time
// part replaced by runtimePart: literals are kept, concatenation
// operators dropped, sprintf/string.format/paste of a literal format
// expanded with its conversions as run-time parts, and anything else
// (a variable, a field, a call) is one run-time part.
func template(l Lang, text string) string {
	text = pySource(l, text)
	p := &parser{src: text, toks: lex(l, text), l: l}
	var b strings.Builder
	p.templateRange(&b, 0, len(p.toks))
	return b.String()
}

func (p *parser) templateRange(b *strings.Builder, from, to int) {
	for k := from; k < to; k++ {
		t := p.toks[k]
		switch {
		case t.kind == tNewline:
		case t.kind == tString && t.lit:
			b.WriteString(t.text)
		case t.kind == tPunct && (t.text == "+" || t.text == "." || t.text == ".." || t.text == "&" || t.text == ","):
		case t.kind == tPunct && t.text == "(":
			end := p.matchForward(k)
			p.templateRange(b, k+1, min(end, to))
			k = end
		case t.kind == tIdent && p.tok(k+1).text == "(":
			end := p.matchForward(k + 1)
			name := t.text
			if k >= 2 && p.tok(k-1).text == "." && p.tok(k-2).kind == tIdent {
				name = p.tok(k-2).text + "." + name
			}
			args, _ := p.args(k+1, ")")
			switch {
			case (name == "sprintf" || name == "string.format" || name == "format" || name == "sprint") && len(args) > 0 && args[0].lit:
				b.WriteString(formatTemplate(args[0].str))
			case name == "paste" || name == "paste0" || name == "string" || name == "concat":
				sep := " "
				if name != "paste" {
					sep = ""
				}
				if s := keyword(args, "sep"); s != nil && s.lit {
					sep = s.str
				}
				for i, a := range positional(args) {
					if i > 0 {
						b.WriteString(sep)
					}
					b.WriteString(template(p.l, a.text))
				}
			default:
				b.WriteString(runtimePart)
			}
			k = end
		case t.kind == tPunct && t.text == "$":
			// An awk field ($1, $NF, $(i+1)).
			b.WriteString(runtimePart)
			if n := p.tok(k + 1); n.kind == tPunct && n.text == "(" {
				k = p.matchForward(k + 1)
			} else {
				k++
			}
		default:
			b.WriteString(runtimePart)
			if n := p.tok(k + 1); t.kind == tIdent && n.kind == tPunct && n.text == "[" {
				k = p.matchForward(k + 1) // a[i]
			}
		}
	}
}

// matchForward returns the index of the token that closes the bracket at
// i, or the last token.
func (p *parser) matchForward(i int) int {
	depth := 0
	for j := i; j < len(p.toks); j++ {
		t := p.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(p.toks) - 1
}

// formatTemplate is a printf format with its conversions as run-time
// parts and %% as %.
func formatTemplate(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("-+ #0123456789.*lhqjzt", f[j]) >= 0 {
			j++
		}
		b.WriteString(runtimePart)
		i = j
	}
	return b.String()
}

// commandPlace reports whether a run-time part of a template stands where
// the shell takes a command name: at the start, after a separator, or
// after a program that runs its arguments (sudo, env, xargs, sh -c).
func commandPlace(tpl string) bool {
	for i := 0; i < len(tpl); i++ {
		if tpl[i] != runtimePart[0] {
			continue
		}
		before := strings.TrimRight(tpl[:i], " \t'\"")
		if before == "" {
			return true
		}
		if strings.IndexByte(";&|(\n`", before[len(before)-1]) >= 0 || strings.HasSuffix(before, "$(") {
			return true
		}
		j := strings.LastIndexAny(before, " \t;&|(\n`'\"")
		switch before[j+1:] {
		case "sudo", "env", "xargs", "exec", "command", "eval", "nohup", "nice", "time", "builtin", "doas", "timeout", "-c", "watch", "parallel", "busybox":
			return true
		}
	}
	return false
}
