package lang

import "strings"

// shellMode is what a call's options say of its shell: none (absent or
// false), a shell (given and true) or maybe (a value the text does not
// show: shell=flag, **opts, spawn(cmd, args, opts)).
type shellMode int

const (
	noShell shellMode = iota
	withShell
	maybeShell
)

// or is the mode of two options taken together: a known shell wins over
// none, an unknown value over both.
func (m shellMode) or(n shellMode) shellMode { return max(m, n) }

// truthy is the shell mode a value's source text gives in language l:
// its literal false values (Python's False, None, 0 and empty strings,
// JavaScript's false, null, undefined, 0, ” and void 0) are none, its
// true literals a shell, anything else unknown.
func truthy(l Lang, text string) shellMode {
	t := strings.TrimSpace(text)
	for len(t) > 2 && t[0] == '(' && t[len(t)-1] == ')' {
		t = strings.TrimSpace(t[1 : len(t)-1])
	}
	switch t {
	case "0", "0.0", `""`, "''":
		return noShell
	case "1":
		return withShell
	}
	if l == Python {
		switch t {
		case "False", "None", "not 1", "not True", "b''", `b""`:
			return noShell
		case "True", "not 0", "not None", "not False":
			return withShell
		}
	} else {
		switch t {
		case "false", "null", "undefined", "void 0", "!1", "!true", "``", "NaN":
			return noShell
		case "true", "!0", "!false":
			return withShell
		}
	}
	if len(t) >= 2 && (t[0] == '"' || t[0] == '\'' || t[0] == '`') && t[len(t)-1] == t[0] && !strings.ContainsAny(t[1:len(t)-1], `"'`+"`\\$") {
		return withShell // shell: "/bin/bash", a non-empty string
	}
	return maybeShell
}

// maxOptionLiteral bounds the literals literalOption lexes.
const maxOptionLiteral = 4096

// literalOption finds key among the entries of the literal text: a
// Python dict ({"k": v}, dict(k=v)) or a JavaScript object ({k: v,
// "k": v}). It returns the source text of key's value and whether key
// is there; known is false when the text is no such literal, or an entry
// may hold key without naming it (a spread **o or ...o, a computed key
// [k] or a key held by a name, dict(o)). A key named without a value
// ({shell}, a getter get shell() {…}) is found with an empty value.
func literalOption(l Lang, text, key string) (val string, found, known bool) {
	text = strings.TrimSpace(text)
	if len(text) > maxOptionLiteral {
		return "", false, false
	}
	toks := lex(l, text)
	open := 0
	dict := false
	switch {
	case len(toks) > 1 && l == Python && toks[0].kind == tIdent && toks[0].text == "dict" && isP(toks[1], "("):
		open, dict = 1, true
	case len(toks) > 0 && isP(toks[0], "{"):
	default:
		return "", false, false
	}
	end := closeIndex(toks, open)
	if end != len(toks)-1 {
		return "", false, false // {…}.copy(), dict(…) | o: not the literal itself
	}
	known = true
	depth := 0
	s := open + 1
	for j := open + 1; j <= end; j++ {
		t := toks[j]
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
				continue
			case ")", "]", "}":
				if j < end {
					depth--
					continue
				}
			case ",":
			default:
				continue
			}
			if depth > 0 {
				continue
			}
		} else if j < end || t.kind == tNewline {
			continue
		}
		// The entry [s, j).
		e := toks[s:j]
		for len(e) > 0 && e[0].kind == tNewline {
			e = e[1:]
		}
		s = j + 1
		if len(e) == 0 {
			continue
		}
		sep := ":"
		if dict {
			sep = "="
		}
		k := ""
		switch {
		case len(e) >= 2 && isP(e[1], sep) && (e[0].kind == tIdent && (dict || l != Python) || e[0].kind == tString && e[0].lit && !dict):
			k = e[0].text
		default:
			// No key: value entry: a spread, a computed or named key, a
			// positional dict(o), a shorthand {shell} or a method.
			for _, x := range e {
				if x.kind == tIdent && x.text == key {
					return "", true, known
				}
			}
			if !(l == JS && e[0].kind == tIdent && len(e) == 1) {
				known = false // {...o}, {[k]: v}, {k: v} in Python, dict(o)
			}
			continue
		}
		if k != key {
			continue
		}
		from := e[2].off
		to := len(text)
		if j < len(toks) {
			to = toks[j].off
		}
		if len(e) < 3 {
			return "", true, known
		}
		return strings.TrimSpace(text[from:to]), true, known
	}
	return "", false, known
}

// closeIndex is the index of the bracket closing toks[i], or -1.
func closeIndex(toks []token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		if toks[j].kind != tPunct {
			continue
		}
		switch toks[j].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// pyShellMode is the shell of a subprocess call (subprocess.run, Popen,
// call, check_call, check_output): the keyword shell=, the ninth
// positional argument (Popen(args, bufsize, executable, stdin, stdout,
// stderr, preexec_fn, close_fds, shell)), or a dict unpacked into the
// keywords (**{"shell": True}, **dict(shell=True)); an unpacked value
// not written out (**opts) or a splat of positionals (*rest) may hold it.
func pyShellMode(c call) shellMode {
	if sh := keyword(c.args, "shell"); sh != nil {
		return truthy(Python, sh.text)
	}
	m := noShell
	n := 0
	for i, a := range c.args {
		if a.key != "" {
			continue
		}
		if rest, ok := strings.CutPrefix(a.text, "**"); ok {
			val, found, known := literalOption(Python, rest, "shell")
			switch {
			case found && val == "":
				m = m.or(maybeShell)
			case found:
				m = m.or(truthy(Python, val))
			case !known:
				m = m.or(maybeShell)
			}
			continue
		}
		if i > 0 && strings.HasPrefix(a.text, "*") && !a.isList {
			m = m.or(maybeShell) // run(cmd, *rest)
		}
		if n == 8 {
			m = m.or(truthy(Python, a.text))
		}
		n++
	}
	return m
}

// jsShellMode is the shell the options argument of spawn, spawnSync,
// execFile or execFileSync gives: none without one, the value of its
// shell key in an object literal ({shell: true}, {shell: "/bin/bash"}),
// maybe when the object is not written out (a variable, a call) or may
// hold the key unnamed ({...o}, {[k]: v}).
func jsShellMode(opts *arg) shellMode {
	if opts == nil {
		return noShell
	}
	val, found, known := literalOption(JS, opts.text, "shell")
	switch {
	case found && val == "":
		return maybeShell
	case found:
		return truthy(JS, val)
	case !known:
		return maybeShell
	}
	return noShell
}
