package lang

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/corral-dev/corral/internal/lazy"
)

// pyIdentNFKC returns a Python identifier as the interpreter knows it:
// Python reads every identifier in NFKC form (PEP 3131, the language
// reference's "Identifiers and keywords"), so os.ｓｙｓｔｅｍ, os.𝐬𝐲𝐬𝐭𝐞𝐦 and
// shutil.rmtree spelled with a long s (ſ) are os.system and
// shutil.rmtree. Only the characters whose NFKC form is ASCII are
// folded (nfkcASCII): every name the analysis knows is ASCII. A keyword
// is not an identifier and is not folded (ｉｍｐｏｒｔ os is a syntax
// error), so a name that folds to one stays as written.
func pyIdentNFKC(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		i := sort.Search(len(nfkcASCII), func(i int) bool { return nfkcASCII[i].hi >= r })
		if i == len(nfkcASCII) || nfkcASCII[i].lo > r {
			b.WriteRune(r)
			continue
		}
		run := nfkcASCII[i]
		if run.lo == run.hi {
			b.WriteString(run.to)
			continue
		}
		b.WriteRune(rune(run.to[0]) + r - run.lo)
	}
	out := b.String()
	if pyKeywords.Get()[out] {
		return s
	}
	return out
}

// pyKeywords are Python's reserved words, which are never spelled but in
// ASCII.
var pyKeywords = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true,
		"async": true, "await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
		"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true, "import": true,
		"in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true, "pass": true, "raise": true,
		"return": true, "try": true, "while": true, "with": true, "yield": true}
}}

// jsIdentEscapes returns a JavaScript identifier with its Unicode escape
// sequences read (ECMA-262 "Names and Keywords": an IdentifierName may
// spell any of its characters as \uXXXX or \u{X…}), so
// require("child_process").e\u0078ecSync is execSync. An escape that is
// not well formed is kept as written.
func jsIdentEscapes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) || s[i+1] != 'u' {
			b.WriteByte(s[i])
			i++
			continue
		}
		hex, n := "", 0
		switch {
		case i+2 < len(s) && s[i+2] == '{':
			end := strings.IndexByte(s[i+3:], '}')
			if end < 0 {
				b.WriteByte(s[i])
				i++
				continue
			}
			hex, n = s[i+3:i+3+end], 3+end+1
		case i+6 <= len(s):
			hex, n = s[i+2:i+6], 6
		}
		v, err := strconv.ParseUint(hex, 16, 32)
		if hex == "" || err != nil || v > utf8.MaxRune {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteRune(rune(v))
		i += n
	}
	return b.String()
}

// pySource returns program text as the parser reads it: for Python,
// every identifier in the form Python reads it (pyIdentNFKC), so the
// code's own imports and aliases, read from its text, see the names
// (from os import ｓｙｓｔｅｍ as x binds x to os.system). Each folded
// name is padded with spaces to its length in the source, so offsets
// and lines stay those of the source; a name whose folded form is longer
// (Ⅷ is VIII) is left as written. Strings and comments are not changed.
func pySource(l Lang, src string) string {
	if l != Python {
		return src
	}
	ascii := true
	for i := 0; i < len(src); i++ {
		if src[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return src
	}
	var b []byte
	for _, t := range lex(Python, src) {
		if t.kind != tIdent {
			continue
		}
		end := t.off
		for end < len(src) && isIdent(src[end]) {
			end++
		}
		if src[t.off:end] == t.text || len(t.text) > end-t.off {
			continue
		}
		if b == nil {
			b = []byte(src)
		}
		n := copy(b[t.off:end], t.text)
		for k := t.off + n; k < end; k++ {
			b[k] = ' '
		}
	}
	if b == nil {
		return src
	}
	return string(b)
}
