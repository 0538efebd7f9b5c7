package lang

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"
)

// pyTextCall reads, for Python, a call at token k (name its dotted name,
// j the token after it) whose value is text the code shows exactly:
// chr(N) of an integer literal, and base64.b64decode (or
// urlsafe_b64decode) of a literal, a path as bytes, with an optional
// .decode() to str. The value is computed only when nothing in the code
// can give the name another meaning (pyPristine): chr, base64 and
// b64decode never bound, assigned or imported from elsewhere, and no
// globals(), setattr, builtins or sys.modules. next is the index after
// the call.
func (p *parser) pyTextCall(name string, k, j, b int) (string, int, bool) {
	if j >= b || !isP(p.toks[j], "(") {
		return "", 0, false
	}
	local := p.toks[k].text
	switch name {
	case "chr":
		if local != "chr" || !isP(p.tok(j+2), ")") || j+2 >= b || !p.pyPristine("chr") {
			return "", 0, false
		}
		n, err := strconv.ParseInt(strings.ReplaceAll(p.tok(j+1).text, "_", ""), 0, 32)
		if err != nil || p.tok(j+1).kind != tIdent || n <= 0 || n > utf8.MaxRune || n >= 0xD800 && n <= 0xDFFF {
			return "", 0, false
		}
		return string(rune(n)), j + 3, true
	case "base64.b64decode", "base64.urlsafe_b64decode":
		if !p.pyPristine(local) || !p.pyPristine("base64") || !p.pyPristine(lastSegment(name)) {
			return "", 0, false
		}
		if p.pathDepth >= maxPathDepth {
			return "", 0, false
		}
		p.pathDepth++
		args, next := p.args(j, ")")
		p.pathDepth--
		if next > b || len(args) != 1 || !args[0].lit || args[0].key != "" {
			return "", 0, false
		}
		enc := base64.StdEncoding
		if strings.HasPrefix(lastSegment(name), "urlsafe") {
			enc = base64.URLEncoding
		}
		raw, err := enc.DecodeString(args[0].str)
		if err != nil || !utf8.Valid(raw) || strings.ContainsRune(string(raw), 0) {
			return "", 0, false
		}
		// .decode(), .decode("utf-8"): the same text as str.
		if next+2 < b && isP(p.toks[next], ".") && isI(p.toks[next+1], "decode") && isP(p.toks[next+2], "(") {
			dargs, dnext := p.args(next+2, ")")
			if dnext > b || len(dargs) > 1 || len(dargs) == 1 && (!dargs[0].lit || dargs[0].key != "" && dargs[0].key != "encoding" ||
				!utf8Codec(dargs[0].str)) {
				return "", 0, false
			}
			next = dnext
		}
		return string(raw), next, true
	}
	return "", 0, false
}

// utf8Codec reports a codec name that decodes UTF-8 (or ASCII, its
// subset) as Python spells it.
func utf8Codec(s string) bool {
	switch strings.ToLower(strings.ReplaceAll(s, "_", "-")) {
	case "utf-8", "utf8", "u8", "ascii", "us-ascii":
		return true
	}
	return false
}

// pyPristine reports whether the Python name is only used, never bound:
// not assigned, defined, a parameter or loop variable, imported as or
// from elsewhere (import base64 itself is the module), and not reachable
// by name (globals(), setattr, exec: rebindsByName; builtins,
// __builtins__, sys.modules, importlib, __import__).
func (p *parser) pyPristine(name string) bool {
	if p.rebindsByName() || p.hasIdent("builtins", "__builtins__", "modules", "importlib", "__import__") {
		return false
	}
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != name {
			continue
		}
		prev, next := p.tok(i-1), p.tok(i+1)
		if isP(prev, ".") {
			// m.name: an attribute; m.name = … changes it.
			if isP(next, "=") || isP(next, ",") {
				return false
			}
			continue
		}
		if isI(prev, "import") || isP(prev, ",") {
			// import base64, import os, base64: the module itself, in
			// an import statement (from m import base64 is m's; import
			// x as base64 is x).
			st := i - 1
			for st > 0 && (isP(p.tok(st-1), ",") || isP(p.tok(st-1), ".") || p.tok(st-1).kind == tIdent) && !isI(p.tok(st), "import") {
				st--
			}
			if !isI(p.tok(st), "import") || name != "base64" || isI(next, "as") || isP(next, ".") {
				return false
			}
			if s := p.tok(st - 1); !(st == 0 || s.kind == tNewline || isP(s, ";")) {
				return false
			}
			continue
		}
		if isI(prev, "def") || isI(prev, "class") || isI(prev, "as") || isI(prev, "for") || isI(prev, "lambda") ||
			isI(prev, "global") || isI(prev, "nonlocal") || isP(prev, ",") || isP(prev, "*") {
			return false
		}
		if isP(next, "=") || isP(next, ",") || isP(next, ":") || isI(next, "in") || isP(next, ")") || isP(next, "]") {
			return false
		}
		if assignOps.Get()[next.text] && isP(p.tok(i+2), "=") {
			return false
		}
	}
	return true
}

// pyJoin reads, at the literal separator at token k, SEP.join(LIST)
// with LIST a list or tuple of literals: their values joined by SEP.
// The value's leading ~ is the home directory's when the first item's
// was (os.path.expanduser("~")); a later item that is the home directory
// leaves the value unknown. next is the index after the call.
func (p *parser) pyJoin(k, b int) (string, bool, int, bool) {
	if p.pathDepth >= maxPathDepth {
		return "", false, 0, false
	}
	p.pathDepth++
	args, next := p.args(k+3, ")")
	p.pathDepth--
	if next > b || len(args) != 1 || !args[0].isList || args[0].key != "" {
		return "", false, 0, false
	}
	homes := args[0].argvHomes()
	for i, h := range homes {
		if h && i > 0 {
			return "", false, 0, false
		}
	}
	return strings.Join(args[0].list, p.toks[k].text), len(homes) > 0 && homes[0], next, true
}
