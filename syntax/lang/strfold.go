package lang

import (
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
)

// Literal string transforms that name a function: a program can spell
// the name of the function it calls reversed, rotated or encoded and
// undo that at run time (PHP strrev("metsys")(…), $f =
// str_rot13("flfgrz"); $f(…), base64_decode("c3lzdGVt"); Ruby
// send("metsys".reverse, …); Python getattr(os, "metsys"[::-1]),
// base64.b64decode("c3lzdGVt").decode(), codecs.decode("flfgrz",
// "rot13"); JavaScript atob("ZXZhbA=="), "lave".split("").reverse()
// .join(""), ["ev", "al"].join(""), String.fromCharCode(101, …); Perl
// scalar reverse("metsys"), decode_base64("…")). foldStrings evaluates
// each such transform of literals before the lookups are read, when
// what it gives is a plain name (letters, digits, _): the lookups then
// see the literal name, as for "sys"."tem". A transform whose result is
// anything else (a path, code) is left as it was: the path readers
// judge its form (runtimepath.go) and evaluators ask about code they
// cannot read. PHP's variable variable ${"f"} is the variable $f.

// maxFoldLen bounds the literals a transform is evaluated on.
const maxFoldLen = 256

// foldStrings rewrites the tokens until no transform is left to fold
// (at most maxPasses passes: one per level of nesting).
func (p *parser) foldStrings() {
	switch p.l {
	case Python, JS, Ruby, Perl, PHP:
	default:
		return
	}
	for pass := 0; pass < maxPasses; pass++ {
		if !p.rewriteWith(p.foldAt) {
			break
		}
	}
}

// foldAt folds the transform at token i of in, as the lookups do.
func (p *parser) foldAt(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	at := func(k int) token { return p.tokenAt(in, k) }
	lit := func(k int) (string, bool) {
		if tk := at(k); litStr(tk) && len(tk.text) <= maxFoldLen {
			return tk.text, true
		}
		return "", false
	}
	// The literal that ends out, as the receiver of a method.
	recv, recvOK := "", false
	if n := len(out); n > 0 && litStr(out[n-1]) && len(out[n-1].text) <= maxFoldLen && (n == 1 || !member(out[:n-1])) {
		recv, recvOK = out[n-1].text, true
	}
	folded := func(s string, j, drop int) ([]token, int, int, bool) {
		if !isIdentName(s) {
			return nil, 0, 0, false
		}
		return []token{{kind: tString, lit: true, text: s, off: t.off}}, j, drop, true
	}
	// A call of one literal argument: NAME("…").
	call1 := func() (string, string, int, bool) {
		if t.kind != tIdent || member(out) {
			return "", "", 0, false
		}
		name, after := dottedAt(in, i)
		if !isP(at(after), "(") {
			return "", "", 0, false
		}
		s, ok := lit(after + 1)
		if !ok || !isP(at(after+2), ")") {
			return "", "", 0, false
		}
		return p.al.resolve(name), s, after + 3, true
	}
	switch p.l {
	case PHP:
		if isP(t, "$") && isP(at(i+1), "{") && isP(at(i+3), "}") && at(i+1).off == t.off+1 {
			// ${"f"} is $f.
			if s, ok := lit(i + 2); ok && isIdentName(s) {
				return []token{{kind: tIdent, text: "$" + s, off: t.off}}, i + 4, 0, true
			}
		}
		if name, s, j, ok := call1(); ok {
			switch strings.TrimPrefix(strings.ToLower(name), "\\") {
			case "strrev":
				return folded(reverseString(s), j, 0)
			case "str_rot13":
				return folded(rot13(s), j, 0)
			case "base64_decode":
				return folded(decodeBase64(s), j, 0)
			case "hex2bin":
				return folded(decodeHex(s), j, 0)
			case "strtolower":
				return folded(strings.ToLower(s), j, 0)
			case "strtoupper":
				return folded(strings.ToUpper(s), j, 0)
			}
		}
		if (isI(t, "implode") || isI(t, "join")) && !member(out) && isP(at(i+1), "(") {
			// implode("", ["sys", "tem"]).
			if end, sp := p.bracketArgs(in, i+1); len(sp) == 2 {
				if sep, ok := lit(sp[0][0]); ok && sp[0][1] == sp[0][0]+1 {
					if parts, ok := p.literalList(in, sp[1]); ok {
						return folded(strings.Join(parts, sep), end+1, 0)
					}
				}
			}
		}
	case Python:
		if isP(t, "[") && recvOK && isP(at(i+1), "::") && isP(at(i+2), "-") && isI(at(i+3), "1") && isP(at(i+4), "]") {
			// "metsys"[::-1]
			return folded(reverseString(recv), i+5, 1)
		}
		if name, s, j, ok := call1(); ok {
			// The bytes decoded, and their .decode() to text:
			// base64.b64decode("c3lzdGVt").decode().
			if isP(at(j), ".") && isI(at(j+1), "decode") && isP(at(j+2), "(") {
				if end, sp := p.bracketArgs(in, j+2); end > 0 && (len(sp) == 0 || len(sp) == 1 && litStr(at(sp[0][0])) && utfName(at(sp[0][0]).text)) {
					j = end + 1
				}
			}
			switch name {
			case "base64.b64decode", "base64.standard_b64decode", "base64.decodebytes", "base64.urlsafe_b64decode":
				return folded(decodeBase64(s), j, 0)
			case "bytes.fromhex", "binascii.unhexlify", "binascii.a2b_hex":
				return folded(decodeHex(s), j, 0)
			}
		}
		if t.kind == tIdent && !member(out) {
			// codecs.decode("flfgrz", "rot13")
			name, after := dottedAt(in, i)
			if full := p.al.resolve(name); (full == "codecs.decode" || full == "codecs.encode") && isP(at(after), "(") {
				if s, ok := lit(after + 1); ok && isP(at(after+2), ",") && isP(at(after+4), ")") {
					if codec, ok := lit(after + 3); ok && strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(codec)) == "rot13" {
						return folded(rot13(s), after+5, 0)
					}
				}
			}
		}
		if isP(t, ".") && recvOK && isI(at(i+1), "join") && isP(at(i+2), "(") {
			// "".join(["ev", "al"])
			if end, sp := p.bracketArgs(in, i+2); len(sp) == 1 {
				if parts, ok := p.literalList(in, sp[0]); ok {
					return folded(strings.Join(parts, recv), end+1, 1)
				}
			}
		}
	case JS:
		if name, s, j, ok := call1(); ok && name == "atob" {
			return folded(decodeBase64(s), j, 0)
		}
		if isI(t, "String") && !member(out) && isP(at(i+1), ".") && isI(at(i+2), "fromCharCode") && isP(at(i+3), "(") {
			// String.fromCharCode(101, 118, 97, 108)
			if end, sp := p.bracketArgs(in, i+3); len(sp) > 0 {
				var b strings.Builder
				for _, s := range sp {
					n, err := strconv.Atoi(at(s[0]).text)
					if s[1] != s[0]+1 || err != nil || n <= 0 || n > 126 {
						return nil, 0, 0, false
					}
					b.WriteByte(byte(n))
				}
				return folded(b.String(), end+1, 0)
			}
		}
		if isI(t, "Buffer") && !member(out) && isP(at(i+1), ".") && isI(at(i+2), "from") && isP(at(i+3), "(") {
			// Buffer.from("c3lzdGVt", "base64").toString()
			s, ok := lit(i + 4)
			enc, ok2 := lit(i + 6)
			if ok && ok2 && isP(at(i+5), ",") && isP(at(i+7), ")") && isP(at(i+8), ".") && isI(at(i+9), "toString") && isP(at(i+10), "(") && isP(at(i+11), ")") {
				switch enc {
				case "base64", "base64url":
					return folded(decodeBase64(s), i+12, 0)
				case "hex":
					return folded(decodeHex(s), i+12, 0)
				}
			}
		}
		if isP(t, ".") && recvOK && isI(at(i+1), "split") && isP(at(i+2), "(") && isP(at(i+4), ")") &&
			isP(at(i+5), ".") && isI(at(i+6), "reverse") && isP(at(i+7), "(") && isP(at(i+8), ")") &&
			isP(at(i+9), ".") && isI(at(i+10), "join") && isP(at(i+11), "(") && isP(at(i+13), ")") {
			// "lave".split("").reverse().join("")
			if a, ok := lit(i + 3); ok && a == "" {
				if b, ok := lit(i + 12); ok && b == "" {
					return folded(reverseString(recv), i+14, 1)
				}
			}
		}
		if isP(t, "[") && (len(out) == 0 || !isP(out[len(out)-1], ")") && !isP(out[len(out)-1], "]") && out[len(out)-1].kind != tIdent) {
			// ["ev", "al"].join("")
			if c := p.closeOf(in, i); c > i && isP(at(c+1), ".") && isI(at(c+2), "join") && isP(at(c+3), "(") && isP(at(c+5), ")") {
				if sep, ok := lit(c + 4); ok {
					if parts, ok := p.literalList(in, [2]int{i, c + 1}); ok {
						return folded(strings.Join(parts, sep), c+6, 0)
					}
				}
			}
		}
	case Ruby:
		if isP(t, ".") && recvOK && isI(at(i+1), "reverse") && !isP(at(i+2), "(") {
			// "metsys".reverse
			return folded(reverseString(recv), i+2, 1)
		}
		if name, s, j, ok := call1(); ok && (name == "Base64.decode64" || name == "Base64.strict_decode64" || name == "Base64.urlsafe_decode64") {
			return folded(decodeBase64(s), j, 0)
		}
		if isP(t, "[") && (len(out) == 0 || !isP(out[len(out)-1], ")") && !isP(out[len(out)-1], "]") && out[len(out)-1].kind != tIdent) {
			// ["sys", "tem"].join
			if c := p.closeOf(in, i); c > i && isP(at(c+1), ".") && isI(at(c+2), "join") {
				if parts, ok := p.literalList(in, [2]int{i, c + 1}); ok {
					if !isP(at(c+3), "(") {
						return folded(strings.Join(parts, ""), c+3, 0)
					}
					if sep, ok := lit(c + 4); ok && isP(at(c+5), ")") {
						return folded(strings.Join(parts, sep), c+6, 0)
					}
				}
			}
		}
	case Perl:
		if isI(t, "scalar") && !member(out) && isI(at(i+1), "reverse") {
			// scalar reverse("metsys"), scalar reverse "metsys"
			if s, ok := lit(i + 3); ok && isP(at(i+2), "(") && isP(at(i+4), ")") {
				return folded(reverseString(s), i+5, 0)
			}
			if s, ok := lit(i + 2); ok {
				return folded(reverseString(s), i+3, 0)
			}
		}
		if name, s, j, ok := call1(); ok && (name == "decode_base64" || name == "MIME.Base64.decode_base64") {
			return folded(decodeBase64(s), j, 0)
		}
	}
	return nil, 0, 0, false
}

// literalList returns the strings of the list or array literal that the
// span s of in is exactly (["a", "b"], ("a", "b"), array("a", "b")).
func (p *parser) literalList(in []token, s [2]int) ([]string, bool) {
	a, b := s[0], s[1]
	if a < b && isI(in[a], "array") {
		a++
	}
	if b-a < 2 || !(isP(in[a], "[") || isP(in[a], "(")) || p.closeOf(in, a) != b-1 {
		return nil, false
	}
	var out []string
	for k := a + 1; k < b-1; k++ {
		switch {
		case litStr(in[k]) && len(in[k].text) <= maxFoldLen:
			out = append(out, in[k].text)
		case isP(in[k], ","):
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// utfName reports an encoding under which a plain name's bytes are its
// text.
func utfName(s string) bool {
	switch strings.ReplaceAll(strings.ToLower(s), "-", "") {
	case "utf8", "ascii", "latin1", "utf_8":
		return true
	}
	return false
}

func reverseString(s string) string {
	r := []rune(s)
	for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
		r[a], r[b] = r[b], r[a]
	}
	return string(r)
}

func rot13(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			b[i] = 'A' + (c-'A'+13)%26
		}
	}
	return string(b)
}

// decodeBase64 decodes s in the standard or the URL alphabet, padded or
// not; "" when it is neither.
func decodeBase64(s string) string {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return string(b)
		}
	}
	return ""
}

func decodeHex(s string) string {
	b, err := hex.DecodeString(s)
	if err != nil {
		return ""
	}
	return string(b)
}
