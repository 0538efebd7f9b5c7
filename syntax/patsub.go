package syntax

import (
	"os"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// Pattern substitution replacements (bash 5.2's patsub_replacement).
//
// With the option on, its default, an unquoted & in the replacement of
// ${x/pat/rep} stands for the text the pattern matched: x=r;
// ${x/r/&m} is rm. A backslash before it (\&) or quotes around it ("&")
// keep a literal &, and an & that an unquoted expansion in the
// replacement brings (y='&'; ${x/b/$y}) is replaced too. mvdan's expand
// keeps every & literal, so corral writes the replacement out itself
// before the word goes to expand; shopt -u patsub_replacement turns that
// off.

// patsubAmp reports a pattern substitution whose replacement may hold an
// & bash replaces: an & in an unquoted literal part, or an unquoted
// expansion, while the option is on.
func (r *resolver) patsubAmp(p *sh.ParamExp) bool {
	if p.Repl == nil || p.Repl.With == nil || r.st != nil && r.st.noPatsub {
		return false
	}
	for _, q := range p.Repl.With.Parts {
		switch q := q.(type) {
		case *sh.Lit:
			if strings.Contains(q.Value, "&") {
				return true
			}
		case *sh.ParamExp, *sh.CmdSubst, *sh.ArithmExp:
			return true
		}
	}
	return false
}

// patsubLiteral rewrites a pattern substitution whose replacement holds
// an & bash replaces (patsubAmp) into one whose replacement is literal
// text, ok false when that cannot be done: the pattern is not a literal
// (what it matched varies), or the replacement holds a part corral
// cannot expand here.
func (r *resolver) patsubLiteral(p *sh.ParamExp) (*sh.ParamExp, bool) {
	pat, ok := literalPattern(p.Repl.Orig)
	if !ok {
		return nil, false
	}
	var b strings.Builder
	for _, q := range p.Repl.With.Parts {
		switch q := q.(type) {
		case *sh.Lit:
			v := q.Value
			for i := 0; i < len(v); i++ {
				switch {
				case v[i] == '\\' && i+1 < len(v):
					i++
					b.WriteByte(v[i])
				case v[i] == '&':
					b.WriteString(pat)
				default:
					b.WriteByte(v[i])
				}
			}
		case *sh.SglQuoted, *sh.DblQuoted:
			env := r.env()
			v, err := safeLiteral(r.cfg(env), &sh.Word{Parts: []sh.WordPart{q}})
			if err != nil || len(env.unknown) > 0 {
				return nil, false
			}
			b.WriteString(v)
		case *sh.ParamExp:
			env := r.env()
			v, err := safeLiteral(r.cfg(env), &sh.Word{Parts: []sh.WordPart{q}})
			if err != nil || len(env.unknown) > 0 {
				return nil, false
			}
			// bash's quote removal takes an unquoted backslash of the
			// value as an escape of the & after it.
			for i := 0; i < len(v); i++ {
				switch {
				case v[i] == '\\' && i+1 < len(v) && v[i+1] == '&':
					i++
					b.WriteByte('&')
				case v[i] == '&':
					b.WriteString(pat)
				default:
					b.WriteByte(v[i])
				}
			}
		default:
			return nil, false
		}
	}
	q := *p
	repl := *p.Repl
	repl.With = &sh.Word{Parts: []sh.WordPart{&sh.SglQuoted{Left: p.Repl.With.Pos(), Right: p.Repl.With.End(), Value: b.String()}}}
	q.Repl = &repl
	return &q, true
}

// literalPattern returns the text a pattern of a substitution matches
// when it matches one text only (no glob character), without the # or %
// that anchors it.
func literalPattern(w *sh.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*sh.Lit)
	if !ok {
		return "", false
	}
	v := l.Value
	if strings.HasPrefix(v, "#") || strings.HasPrefix(v, "%") {
		v = v[1:]
	}
	if v == "" || strings.ContainsAny(v, "*?[]\\()!+@'\"$`") {
		return "", false
	}
	return v, true
}

// Prompt expansion of a known value (${x@P}).
//
// bash expands the value as a prompt: backslash escapes (\u, \w, \h, …),
// then parameter expansions and command substitutions in what they leave,
// the way double-quoted text is expanded (quotes are characters).
// x='$HOME'; rm -rf ${x@P} is rm -rf ~. corral decodes the escapes whose
// value the text and the state give (decodePrompt: \n, \\, octal, \[ \],
// \w and \W of a known directory, …) and expands the result as a
// document in the current state. An escape only run time answers (\u,
// \h, the time), a backquote or a command substitution leave the word
// without a value before run time, and its variable is taken as unknown.

// effectiveUID is the user id \$ of a prompt answers for (a variable for
// the tests).
var effectiveUID = os.Geteuid

// promptParam reports ${x@P} of a plain variable.
func promptParam(p *sh.ParamExp) bool {
	return p.Exp != nil && p.Exp.Op == sh.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P" &&
		p.Param != nil && isName(p.Param.Value) && p.Index == nil && !p.Excl && !p.Length && !p.Width &&
		p.Slice == nil && p.Repl == nil && p.Names == 0
}

// promptValue computes ${x@P} (promptParam) of a known value; ok is false
// when it cannot.
func (r *resolver) promptValue(p *sh.ParamExp) (string, bool) {
	v := r.st.get(p.Param.Value)
	if !v.known || v.array {
		return "", false
	}
	if !v.set {
		return "", true
	}
	if len(v.str) > 4096 {
		return "", false
	}
	// The escapes first (decodePrompt), then the expansions of what
	// they leave.
	text, ok := r.decodePrompt(v.str)
	if !ok {
		return "", false
	}
	if !strings.ContainsAny(text, "$`\\") {
		return text, true
	}
	if strings.Contains(text, "`") || strings.Contains(strings.ReplaceAll(text, `\$`, ""), "$(") || strings.Contains(text, "@P") || strings.Contains(text, `\"`) {
		// A substitution (whose commands are judged as run); \" is a
		// quote in bash's expansion and stays \" in a document's.
		return "", false
	}
	if n := len(text) - len(strings.TrimRight(text, `\`)); n%2 == 1 {
		text += `\` // a lone backslash at the end stays one
	}
	doc, err := newParser().Document(strings.NewReader(text))
	if err != nil {
		return "", false
	}
	subst := false
	walkTree(doc, func(n sh.Node) bool {
		switch n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst:
			subst = true
		}
		return !subst
	})
	if subst {
		return "", false
	}
	env := r.env()
	out, err := safeDocument(r.cfg(env), doc)
	if err != nil || len(env.unknown) > 0 {
		return "", false
	}
	return out, true
}

// promptNames returns the sorted names of the variables w expands as
// prompts (promptParam).
func promptNames(w *sh.Word) []string {
	var names []string
	walkTree(w, func(n sh.Node) bool {
		if p, ok := n.(*sh.ParamExp); ok && promptParam(p) && !slices.Contains(names, p.Param.Value) {
			names = append(names, p.Param.Value)
		}
		return true
	})
	slices.Sort(names)
	return names
}

// decodePrompt decodes the backslash escapes of a prompt as bash does
// (decode_prompt_string) into text for the expansion that follows: the
// directory escapes come out quoted (bash quotes them), octal escapes
// and the rest as they are (bash expands \044HOME to $HOME's value). ok
// is false when an escape's value is only known at run time (the host,
// the time, the version, the shell's name, the history and job counts,
// the terminal); \u is the name of the user corral runs as. \$ is # for
// the superuser and $ for anyone else, decided by the user corral runs
// as, the one whose shell runs the command.
func (r *resolver) decodePrompt(text string) (string, bool) {
	if !strings.Contains(text, "\\") {
		return text, true
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 == len(text) {
			b.WriteByte('\\') // a backslash at the end stays
			break
		}
		i++
		switch e := text[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'e':
			b.WriteByte(0x1b)
		case '\\':
			b.WriteByte('\\') // left for the expansion: \\$HOME is $HOME
		case '[', ']':
			// Readline's invisible-text markers: nothing here.
		case '0', '1', '2', '3', '4', '5', '6', '7':
			// Three octal digits: the byte (a NUL is dropped); fewer
			// are read otherwise by bash (\0 at the end, \01).
			n, j := 0, i
			for ; j < len(text) && j < i+3 && text[j] >= '0' && text[j] <= '7'; j++ {
				n = n*8 + int(text[j]-'0')
			}
			if j < i+3 {
				return "", false
			}
			i = j - 1
			if n&0xff != 0 {
				b.WriteByte(byte(n))
			}
		case 'w', 'W':
			dir, ok := r.promptDir(e == 'W')
			if !ok {
				return "", false
			}
			b.WriteString(escapeDoc(dir))
		case '$':
			// # for the superuser, else a $ bash quotes, so that it
			// expands nothing (\$HOME is the text $HOME). The shell
			// the agent runs is the hook's user's.
			if effectiveUID() == 0 {
				b.WriteByte('#')
			} else {
				b.WriteString(`\$`)
			}
		case 'u':
			// The user's name (getpwuid of the shell's uid): the hook's
			// own user (x='\u'; rm -rf "/home/${x@P}" is the home
			// directory: red team scope3).
			name, ok := currentUserName()
			if !ok {
				return "", false
			}
			b.WriteString(escapeDoc(name))
		case 'h', 'H', 'd', 't', 'T', '@', 'A', 'D', 'j', 'l', 's', 'v', 'V', '!', '#':
			return "", false
		default:
			// Not an escape: the backslash and the character stay.
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), true
}

// promptDir is \w (base false) or \W of a prompt: $PWD with $HOME
// written ~ (bash compares the text, and a home of / is not written
// so), or its last name; ok is false when either is only known at run
// time or PROMPT_DIRTRIM is set.
func (r *resolver) promptDir(base bool) (string, bool) {
	env := r.env()
	pwd := env.Get("PWD")
	home := env.Get("HOME")
	trim := env.Get("PROMPT_DIRTRIM")
	if !pwd.IsSet() || pwd.Kind != expand.String || home.Kind == expand.Indexed || trim.IsSet() && trim.Str != "" {
		return "", false
	}
	if u := env.unknown; len(u) > 0 && (len(u) > 1 || u[0] != "PROMPT_DIRTRIM") {
		return "", false
	}
	dir := pwd.Str
	if h := home.Str; home.IsSet() && len(h) > 1 {
		if rest, ok := strings.CutPrefix(dir, h); ok && (rest == "" || rest[0] == '/') {
			if base && rest == "" {
				return "~", true
			}
			dir = "~" + rest
		}
	}
	if base {
		if i := strings.LastIndexByte(dir, '/'); i > 0 {
			dir = dir[i+1:]
		}
	}
	return dir, true
}

// escapeDoc quotes text for a here-document's expansion: $, backquote
// and backslash are escaped.
func escapeDoc(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("$`\\", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
