package syntax

import (
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// The static subset.
//
// corral calls a word static only when every part of it is in a subset
// whose bash semantics it models exactly; anything else is left to run
// time (the word is dynamic, which rules treat as unknown). The subset is
// a whitelist, checked on the syntax before anything is expanded:
//
//   - unquoted literal text, with a tilde only as ~ or ~/ at the start,
//     and braces only in the forms of exactBraces;
//   - '…', "…" (not $"…", which is translated), and $'…' whose escapes
//     decodeANSIC decodes exactly;
//   - parameters by name, position or one of # @ *, with the operators of
//     exactParam, while IFS is bash's default.
//
// Within the subset, mvdan.cc/sh/v3/expand does the expansion; FuzzExpand
// and TestExpandOracle hold it to real bash's output.

// defaultIFS is the IFS bash sets itself at start-up.
const defaultIFS = " \t\n"

// exactWord reports whether every part of w is in the static subset.
func (r *resolver) exactWord(w *sh.Word) bool {
	if !r.exactParts(w.Parts, false) {
		return false
	}
	if !exactBraces(braceText(w.Parts)) {
		return false
	}
	if !r.unsplit && r.splitsBesideEmptyQuote(w.Parts) {
		// (Unsplit words, and ifsFields's own splitting, keep the
		// empty quoted text as bash does.)
		return false
	}
	return !dollarAfterExpansion(w.Parts)
}

// dollarAfterExpansion reports an unquoted, unescaped $ that starts no
// expansion ($=, $/, a $ at the end) after an unquoted parameter
// expansion: bash 5 then does not split what that expansion gives
// (a='x y'; $a$= is one field, "x y$="), which mvdan's expand does.
func dollarAfterExpansion(parts []sh.WordPart) bool {
	param := false
	for _, p := range parts {
		switch p := p.(type) {
		case *sh.ParamExp:
			param = true
		case *sh.Lit:
			if !param {
				continue
			}
			for i := 0; i < len(p.Value); i++ {
				switch p.Value[i] {
				case '\\':
					i++
				case '$':
					return true
				}
			}
		}
	}
	return false
}

func (r *resolver) exactParts(parts []sh.WordPart, quoted bool) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *sh.Lit:
		case *sh.SglQuoted:
			if p.Dollar {
				if _, ok := decodeANSIC(p.Value); !ok {
					return false
				}
			}
		case *sh.DblQuoted:
			if p.Dollar || !r.exactParts(p.Parts, true) {
				return false // $"…" is looked up in a message catalogue
			}
			if len(p.Parts) > 1 && slices.ContainsFunc(p.Parts, atFields) {
				return false // "x$@": mvdan joins what bash keeps apart
			}
		case *sh.ParamExp:
			if !r.exactParam(p, quoted) {
				return false
			}
		case *sh.ArithmExp:
			// Checked by scanArithm: numbers and variables holding them.
		case *sh.CmdSubst, *sh.ProcSubst:
			// Dynamic by themselves (scan).
		case *sh.ExtGlob:
			// @(…), !(…), +(…): a pattern, kept as written (bash only
			// parses one with extglob on), unless quotes or expansions
			// inside need reading.
			if quoted || strings.ContainsAny(p.Pattern.Value, "'\"$`\\") {
				return false
			}
		default:
			return false // anything newer
		}
	}
	return true
}

// exactParam reports whether a parameter expansion is in the static
// subset: a valid parameter, no indirection (${!x}), no @ operator, and
// for operators on a value, a value of ASCII bytes only (bash counts,
// matches and changes case per character of the locale).
func (r *resolver) exactParam(p *sh.ParamExp, quoted bool) bool {
	if r.st != nil && r.exactKeys(p) {
		// mvdan joins the indexes with a space before it splits them
		// on IFS: only bash's default IFS, or "${!a[@]}", gives bash's
		// fields.
		w, _ := p.Index.(*sh.Word)
		ifs, set := r.st.vars["IFS"]
		return quoted && w.Lit() == "@" || !set || ifs.known && ifs.set && ifs.str == defaultIFS
	}
	if p.Param == nil || !validParam(p.Param.Value) || p.Excl || p.Width || p.IsSet ||
		p.NestedParam != nil || p.Flags != nil || len(p.Modifiers) > 0 || p.Names != 0 {
		return false
	}
	name := p.Param.Value
	if r.st != nil {
		if v, ok := r.st.vars["IFS"]; ok && (!v.known || !v.set || v.str != defaultIFS) {
			// Splitting and joining on another IFS: see ifsFields. A
			// quoted expansion is not split, and only * (and [*]) join
			// with IFS.
			star := name == "*"
			if w, ok := p.Index.(*sh.Word); ok && w.Lit() == "*" {
				star = true
			}
			if !quoted && !r.unsplit || star && (quoted || !r.ifsSplit) {
				// In a word bash does not split (r.unsplit, an
				// assignment's value), an unquoted expansion is its
				// value as it is, as mvdan's Literal gives it.
				return false
			}
		}
	}
	special := !isName(name)
	if p.Index != nil {
		if special || !r.tightIndex(p.Index) || !r.exactIndex(p) {
			return false
		}
	}
	if promptParam(p) {
		// ${x@P} of a value corral can expand as a prompt: prepare puts
		// the value in its place (patsub.go).
		_, ok := r.promptValue(p)
		return ok
	}
	if !p.Length && p.Exp == nil && p.Slice == nil && p.Repl == nil {
		return true
	}
	if name == "#" {
		// ${#+}, ${#%}, ${#-x}: bash reads the length of the parameter
		// after #, mvdan $# with an operator.
		return false
	}
	asciiVal := r.asciiValue(name)
	if !asciiVal && !plainPatsub(p) {
		// A pattern substitution computes a value outside ASCII where
		// every locale gives the same one (patsubValue), and so does a
		// removal of a value bash matches byte by byte (trimExtValue).
		_, ok := r.trimExtValue(p)
		return ok
	}
	if quoted && (dollarInSingleQuotes(p.Exp) || p.Repl != nil && (sglDollar(p.Repl.Orig) || sglDollar(p.Repl.With))) {
		// "${x/'a$(b'/c}": inside double quotes bash's scanner does not
		// take the single quotes of an operator's word as quoting, so
		// $( … and ` start a substitution there (FuzzExpand), where
		// mvdan reads a quoted literal.
		return false
	}
	if p.Length {
		// ${#x}, ${#arr[@]}, ${#@}: nothing else may follow (${#%} is
		// the length of $% in bash, a failure).
		return p.Exp == nil && p.Slice == nil && p.Repl == nil
	}
	switch {
	case p.Slice != nil:
		if special || p.Exp != nil || p.Repl != nil {
			return false
		}
		if v := r.st.get(name); v.assoc || v.idx != nil {
			return false // in hash order, or over holes: see arrays.go
		}
		if arr := r.st.get(name).array; arr || p.Index != nil {
			// ${arr[@]:1}, ${arr[*]:1:2}: the elements from an
			// offset, on an array whose elements are known.
			w, ok := p.Index.(*sh.Word)
			if !arr || !ok || (w.Lit() != "@" && w.Lit() != "*") {
				return false
			}
		}
		return digitsWord(p.Slice.Offset) && (p.Slice.Length == nil || digitsWord(p.Slice.Length))
	case p.Repl != nil:
		if slashPattern(p) {
			return false
		}
		if plainPatsub(p) {
			if _, ok := r.patsubValue(p); ok {
				return true // computed as bash matches (patsubglob.go)
			}
			if extPattern(p) || !asciiVal {
				return false // its meaning depends on extglob, or the locale
			}
		}
		if p.Exp != nil {
			return false
		}
		if quotedAnchor(p.Repl.Orig) {
			return false // ${x/''#p/r}: bash anchors after removing '', mvdan does not
		}
		if anchoredParam(p) {
			// ${x/#p/r}, ${x/%p/r}: mvdan does not anchor them;
			// prepare computes them (anchored.go), on every
			// element for ${x[@]/#p/r} and ${@/%p/r}
			// (anchoredelems.go).
			if _, ok := elemsAnchored(p); ok {
				pat := anchoredPattern(p)
				return (len(pat.Parts) == 0 || patternWord(pat, quoted)) && replacementWord(p.Repl.With)
			}
			return anchoredExact(p, quoted)
		}
		return patternWord(p.Repl.Orig, false) && replacementWord(p.Repl.With)
	case p.Exp != nil:
		if name == "*" || name == "@" {
			// ${*+}, ${@:-w}: mvdan's expand gives $* its fields where
			// bash gives the operator's word (FuzzExpand).
			return false
		}
		if (p.Exp.Op == sh.ErrorUnset || p.Exp.Op == sh.ErrorUnsetOrNull) && p.Index != nil {
			// "${u[@]?}" of an unset array: bash stops with "parameter
			// not set" where mvdan's expand gives no field (FuzzExpand).
			return false
		}
		switch p.Exp.Op {
		case sh.DefaultUnset, sh.DefaultUnsetOrNull, sh.AlternateUnset, sh.AlternateUnsetOrNull,
			sh.AssignUnset, sh.AssignUnsetOrNull, sh.ErrorUnset, sh.ErrorUnsetOrNull:
			if computedInside(p.Exp.Word) {
				// "${d+0${a/#*x}}": prepare computes the substitutions
				// mvdan reads otherwise (anchors, globs, toggles,
				// prompts) at the top of a word only (FuzzExpand).
				return false
			}
			return r.valueWord(p.Exp.Word, quoted)
		case sh.RemSmallPrefix, sh.RemLargePrefix, sh.RemSmallSuffix, sh.RemLargeSuffix:
			// An empty pattern (${x#}, ${x%%}) removes nothing: the value.
			if p.Exp.Word == nil || len(p.Exp.Word.Parts) == 0 {
				return true
			}
			if _, ok := r.trimExtValue(p); ok {
				return true // computed as bash matches (patsubglob.go)
			}
			if extWord(p.Exp.Word) && (r.st == nil || !r.st.extglobSet || r.st.extglob) {
				// ${x%X!(b)}: with extglob on (or a start-up file's
				// choice) bash matches the group, where mvdan's expand
				// takes its text as characters.
				return false
			}
			return patternWord(p.Exp.Word, quoted)
		case sh.UpperFirst, sh.UpperAll, sh.LowerFirst, sh.LowerAll:
			return p.Exp.Word == nil || len(p.Exp.Word.Parts) == 0
		}
	}
	return false
}

// asciiValue reports whether the known value of a parameter (each element
// of an array or of the positional parameters) is ASCII. An unknown one
// is dynamic anyway.
func (r *resolver) asciiValue(name string) bool {
	var vals []string
	switch name {
	case "@", "*":
		if r.st != nil {
			vals = r.st.pos
		}
	default:
		v := r.st.get(name)
		vals = append([]string{v.str}, v.list...)
	}
	for _, s := range vals {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				return false
			}
		}
	}
	return true
}

// exactIndex reports a subscript corral reads as bash does: [@] and
// [*] (of an associative array with one element at most, or its
// length), a key of an associative array (assocKey), and for an indexed
// array decimal digits or arithmetic over known numbers ([-1], [i+1]).
func (r *resolver) exactIndex(p *sh.ParamExp) bool {
	name, ok := r.st.resolve(p.Param.Value)
	if !ok {
		return false
	}
	v := r.st.get(name)
	if w, ok := p.Index.(*sh.Word); ok && len(w.Parts) == 1 && (w.Lit() == "@" || w.Lit() == "*") {
		if v.knownAssoc() {
			// One element: its order is known. ${#m[@]} prepare writes
			// as the number (assocLengths). None: mvdan's expand gives an
			// empty field where bash gives none.
			plain := p.Exp == nil && p.Slice == nil && p.Repl == nil
			return plain && (len(v.list) == 1 || p.Length)
		}
		return !v.assoc || !v.known
	}
	if v.assoc {
		_, ok := r.assocKey(p.Index)
		return ok
	}
	if indexWord(p.Index) {
		return true
	}
	_, ok = r.arithIndex(p.Index)
	return ok && v.known && v.set && v.array
}

// indexWord reports an array index corral models: @, * or a decimal
// number written as is.
func indexWord(x sh.ArithmExpr) bool {
	w, ok := x.(*sh.Word)
	if !ok {
		return false
	}
	if l, ok := w.Lit(), len(w.Parts) == 1; ok && (l == "@" || l == "*") {
		return true
	}
	return digitsWord(x)
}

// digitsWord reports a slice bound or index written as decimal digits.
func digitsWord(x sh.ArithmExpr) bool {
	w, ok := x.(*sh.Word)
	if !ok || len(w.Parts) != 1 {
		return false
	}
	l := w.Lit()
	if l == "" || len(l) > 9 {
		return false
	}
	for i := 0; i < len(l); i++ {
		if l[i] < '0' || l[i] > '9' {
			return false
		}
	}
	return true
}

// patternWord reports a pattern of ${x#p}, ${x%p} or ${x/p/…} corral
// models: literal ASCII text with * and ? (no bracket expression, no
// backslash, no tilde), and outside double quotes '…' and "…" of plain
// text.
func patternWord(w *sh.Word, quoted bool) bool {
	if w == nil || len(w.Parts) == 0 {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *sh.Lit:
			if !plainText(p.Value, `\[]{}~'"$`+"`") {
				return false
			}
		case *sh.SglQuoted:
			if quoted || p.Dollar || !plainText(p.Value, `\`) {
				return false
			}
		case *sh.DblQuoted:
			if quoted || p.Dollar || len(p.Parts) > 1 {
				return false
			}
			for _, q := range p.Parts {
				l, ok := q.(*sh.Lit)
				if !ok || !plainText(l.Value, `\$`+"`") {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// extWord reports a pattern word holding an extended operator's opening
// (?( *( +( @( !( ) in its unquoted text.
func extWord(w *sh.Word) bool {
	for _, q := range w.Parts {
		switch q := q.(type) {
		case *sh.Lit:
			if hasExtOperator(q.Value) {
				return true
			}
		case *sh.ExtGlob:
			return true
		}
	}
	return false
}

// replacementWord reports a replacement of ${x/p/r} corral models:
// literal ASCII text without & (bash 5.2 puts the match there), quotes or
// backslashes; none at all is fine.
func replacementWord(w *sh.Word) bool {
	if w == nil {
		return true
	}
	for _, p := range w.Parts {
		l, ok := p.(*sh.Lit)
		if !ok || !plainText(l.Value, `\&[]{}~'"$*?`+"`") {
			return false
		}
	}
	return true
}

// valueWord reports a word of ${x:-w} and the like corral models:
// parameters in the subset, literal text without braces, backslashes or
// a leading tilde, and outside double quotes '…', $'…' and "…" (inside
// them bash keeps single quotes, which mvdan removes).
func (r *resolver) valueWord(w *sh.Word, quoted bool) bool {
	if w == nil {
		return true
	}
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *sh.Lit:
			bad := `{}'"~`
			if !quoted {
				bad += "*?[" // a pattern bash would glob
			}
			if !escapedText(p.Value, bad, quoted) || i == 0 && strings.HasPrefix(p.Value, "~") {
				return false
			}
		case *sh.SglQuoted:
			// mvdan splits the quoted text of ${u:-'a b'} as if it
			// were not quoted: only text without blanks or patterns.
			v := p.Value
			if p.Dollar {
				var ok bool
				if v, ok = decodeANSIC(v); !ok {
					return false
				}
			}
			if quoted || !plainText(v, " \t*?[") || v == "" {
				// ${1+''}: bash keeps an empty field, mvdan drops it.
				return false
			}
		case *sh.DblQuoted:
			if quoted || p.Dollar || len(p.Parts) == 0 {
				// ${1+""}: bash keeps an empty field, mvdan drops it.
				return false
			}
			// "…" of plain text without blanks only: mvdan splits
			// what is quoted there (${u:-"$a"}, ${u:-"a b"}), bash
			// does not.
			for _, q := range p.Parts {
				if l, ok := q.(*sh.Lit); !ok || !escapedText(l.Value, " \t*?[", true) {
					return false
				}
			}
		case *sh.ParamExp:
			if !r.exactParam(p, quoted) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// escapedText reports whether the literal text s of an operator's word
// is plainText without the bytes in bad, but for characters a backslash
// escapes (bashEscapes gives bash's value for them): any printable one
// inside double quotes (quoted), and outside them none that the word's
// expansion splits or globs where bash, for whom it is quoted, does not
// (${u:-a\ b} is one field). A backslash ending s is not modelled.
func escapedText(s, bad string, quoted bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			if !plainText(s[i:i+1], bad) {
				return false
			}
			continue
		}
		i++
		if i == len(s) || !plainText(s[i:i+1], "") || !quoted && strings.IndexByte(" \t*?[", s[i]) >= 0 {
			return false
		}
	}
	return true
}

// plainText reports whether s is printable ASCII (and tabs) without any
// of the bytes in bad.
func plainText(s, bad string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' && c != '\t' || c >= 0x7f || strings.IndexByte(bad, c) >= 0 {
			return false
		}
	}
	return true
}

// braceText returns the unquoted literal text of a word with every other
// part (quotes, expansions) as one NUL byte, which no literal holds.
func braceText(parts []sh.WordPart) string {
	var b strings.Builder
	for _, p := range parts {
		if l, ok := p.(*sh.Lit); ok {
			b.WriteString(l.Value)
		} else {
			b.WriteByte(0)
		}
	}
	return b.String()
}

// exactBraces reports whether the braces in a word's unquoted text (see
// braceText) are in forms whose bash expansion corral models:
//   - no opening or no closing brace, or braces in a text with no comma
//     or .. (all literal: }},0);
//   - expansions: comma lists whose items are plain text (letters,
//     digits, _ . / : @ + = % - * ? [ ] ! ^ #, a leading ~ or ~/) or nested
//     expansions, and sequences of integers written without leading zeros
//     or of letters of one case, with an optional increment;
//   - one literal pair without comma or .. ({}, {x}) and no other brace.
//
// Anything else (a quote or expansion inside braces, {a}{b,c}, {0},},
// {01..10}, {A..a}) is left to run time.
func exactBraces(s string) bool {
	open, closing := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			open++
		case '}':
			closing++
		}
	}
	if open == 0 || closing == 0 || !braceSeparators(s) {
		return true // every brace is literal
	}
	pairs, literals := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '}':
			return false // a closing brace with no opening one
		case '{':
			end, literal, ok := braceExpr(s, i, false)
			if !ok {
				return false
			}
			pairs++
			if literal {
				literals++
			}
			i = end - 1
		}
	}
	return literals == 0 || pairs == 1
}

// braceSeparators reports an unquoted, unescaped comma or .. in a word's
// text: without one, bash expands no brace (grep -E '[0-9]'{2}, \d{4}
// and awk {print} words are literal).
func braceSeparators(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ',':
			return true
		case '.':
			if i+1 < len(s) && s[i+1] == '.' {
				return true
			}
		}
	}
	return false
}

// braceExpr reads the brace pair that starts at s[start] and returns the
// index after its closing brace, whether bash takes it literally (no
// comma, not a sequence), and whether it is in the modelled forms. A
// nested pair must be an expansion.
func braceExpr(s string, start int, nested bool) (end int, literal, ok bool) {
	itemStart := start + 1
	commas := false
	for i := start + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{':
			e, lit, ok := braceExpr(s, i, true)
			if !ok || lit {
				return 0, false, false
			}
			i = e - 1
		case c == '}':
			body := s[start+1 : i]
			if !itemOK(s[itemStart:i], nested, s[i:]) {
				return 0, false, false
			}
			if commas {
				return i + 1, false, true
			}
			if braceSequence(body) {
				return i + 1, false, true
			}
			if nested || strings.Contains(body, "..") || strings.ContainsAny(body, "{~") {
				return 0, false, false
			}
			return i + 1, true, true
		case c == ',':
			if !itemOK(s[itemStart:i], nested, s[i:]) {
				return 0, false, false
			}
			commas = true
			itemStart = i + 1
		case c == '~' && i == itemStart:
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("_./:@+=%-*?[]!^#", c) >= 0:
		default:
			return 0, false, false // quotes, expansions, escapes, [, ~ inside an item
		}
	}
	return 0, false, false // no closing brace
}

// itemOK reports whether one item of a comma list may start with its
// tilde: ~/… , or ~ alone in a pair that is not nested and is followed
// by the end of the word or a slash ({x,~}/y; bash reads {x,~}:z
// otherwise). A ~ anywhere else was refused by braceExpr. rest is the
// text from the comma or closing brace after the item.
func itemOK(item string, nested bool, rest string) bool {
	if !strings.HasPrefix(item, "~") || strings.HasPrefix(item, "~/") {
		return true
	}
	if item != "~" || nested {
		return false
	}
	end := strings.IndexByte(rest, '}')
	if end < 0 {
		return false
	}
	after := rest[end+1:]
	return after == "" || after[0] == '/'
}

// braceSequence reports a sequence expression corral models: two
// integers written without leading zeros (at most 6 digits) or two
// letters of the same case, and an optional nonzero increment.
func braceSequence(body string) bool {
	parts := strings.Split(body, "..")
	if len(parts) != 2 && len(parts) != 3 {
		return false
	}
	if len(parts) == 3 && (!plainInt(parts[2]) || strings.TrimPrefix(parts[2], "-") == "0") {
		return false
	}
	if plainInt(parts[0]) && plainInt(parts[1]) {
		return true
	}
	a, b := parts[0], parts[1]
	if len(a) != 1 || len(b) != 1 {
		return false
	}
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	upper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	return lower(a[0]) && lower(b[0]) || upper(a[0]) && upper(b[0])
}

// plainInt reports an integer without leading zeros or plus sign, of at
// most 6 digits: -12, 0, 7.
func plainInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || len(s) > 6 || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// decodeANSIC decodes the body of a $'…' string as bash does, following
// bash's documentation of ANSI-C quoting, and cuts it at the first NUL
// byte (bash ends the string there). ok is false for what corral does not
// decode exactly: \u and \U of a character outside ASCII (written in the
// locale's encoding), \c of anything but a letter, an octal escape above
// \377, a backslash before a byte that is not printable ASCII.
func decodeANSIC(body string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' || i+1 == len(body) {
			b.WriteByte(c)
			continue
		}
		i++
		c = body[i]
		if simple := strings.IndexByte(`abeEfnrtv\'"?`, c); simple >= 0 {
			b.WriteByte("\a\b\x1b\x1b\f\n\r\t\v\\'\"?"[simple])
			continue
		}
		switch {
		case c >= '0' && c <= '7':
			v, n := 0, 0
			for n < 3 && i+n < len(body) && body[i+n] >= '0' && body[i+n] <= '7' {
				v = v*8 + int(body[i+n]-'0')
				n++
			}
			if v > 0o377 {
				return "", false
			}
			b.WriteByte(byte(v))
			i += n - 1
		case c == 'x' && i+1 < len(body) && body[i+1] == '{':
			// \x{HEX…} (bash 5.2): the digits up to }; none is a NUL
			// byte, which ends the string (FuzzExpand: $'\x{' is "").
			j, v := i+2, 0
			for j < len(body) && hexDigit(body[j]) >= 0 && v < 0x80 {
				v = v*16 + hexDigit(body[j])
				j++
			}
			switch {
			case j == i+2:
				b.WriteByte(0)
				i = len(body) - 1
			case v >= 0x80:
				return "", false // the locale's encoding of a character
			case j == len(body):
				b.WriteByte(byte(v))
				i = j - 1
			case body[j] == '}':
				b.WriteByte(byte(v))
				i = j
			default:
				return "", false // a digit run not closed by }: not read here
			}
		case c == 'x' || c == 'u' || c == 'U':
			max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			v, n := 0, 0
			for n < max && i+1+n < len(body) {
				d := hexDigit(body[i+1+n])
				if d < 0 {
					break
				}
				v, n = v*16+d, n+1
			}
			switch {
			case n == 0:
				b.WriteByte('\\') // no digit: the escape stays as written
				b.WriteByte(c)
			case c != 'x' && v >= 0x80:
				return "", false // the locale's encoding of a character
			default:
				b.WriteByte(byte(v))
				i += n
			}
		case c == 'c':
			if i+1 < len(body) && (body[i+1]|0x20 >= 'a' && body[i+1]|0x20 <= 'z') {
				b.WriteByte(body[i+1] & 0x1f)
				i++
				continue
			}
			return "", false
		case c >= ' ' && c < 0x7f:
			// An unknown escape keeps its backslash.
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			// A backslash before a control byte or a byte outside
			// ASCII: bash doubles its internal quoting bytes (\x01,
			// \x7f) there.
			return "", false
		}
	}
	v := b.String()
	if j := strings.IndexByte(v, 0); j >= 0 {
		v = v[:j]
	}
	return v, true
}

// hexDigit returns the value of a hexadecimal digit, or -1.
func hexDigit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// firstLit returns the first part of w when it is a literal.
func firstLit(w *sh.Word) (string, bool) {
	if w == nil || len(w.Parts) == 0 {
		return "", false
	}
	l, ok := w.Parts[0].(*sh.Lit)
	if !ok {
		return "", false
	}
	return l.Value, true
}

// splitsBesideEmptyQuote reports a word with an unquoted parameter
// expansion, which word splitting may cut, and a quoted part that is
// empty (two single quotes, "", "$b" with b empty). bash keeps the empty quoted text as
// a field of its own where the split falls beside it (x$e"" with e a tab
// is "x" and ""); mvdan's expand drops it.
func (r *resolver) splitsBesideEmptyQuote(parts []sh.WordPart) bool {
	unquoted, empty := false, false
	for _, p := range parts {
		if _, ok := p.(*sh.ParamExp); ok {
			unquoted = true
		}
	}
	if !unquoted {
		return false
	}
	for _, p := range parts {
		switch p := p.(type) {
		case *sh.SglQuoted:
			v := p.Value
			if p.Dollar {
				v, _ = decodeANSIC(v)
			}
			empty = empty || v == ""
		case *sh.DblQuoted:
			if !empty {
				v, err := safeLiteral(r.cfg(r.env()), &sh.Word{Parts: []sh.WordPart{p}})
				empty = err != nil || v == ""
			}
		}
	}
	return empty
}

// atFields reports "$@"-like expansions ($@, ${arr[@]}, with operators),
// which make several fields inside double quotes.
func atFields(p sh.WordPart) bool {
	pe, ok := p.(*sh.ParamExp)
	if !ok || pe.Param == nil || pe.Length {
		return false
	}
	if pe.Param.Value == "@" {
		return true
	}
	if w, ok := pe.Index.(*sh.Word); ok && w.Lit() == "@" {
		return true
	}
	return false
}

// dollarInSingleQuotes reports an operator word (${x:-'…'}) with a
// single-quoted part holding $ or a backquote.
func dollarInSingleQuotes(e *sh.Expansion) bool {
	return e != nil && sglDollar(e.Word)
}

// sglDollar reports a word with a single-quoted part holding $ or a
// backquote.
func sglDollar(w *sh.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		if q, ok := part.(*sh.SglQuoted); ok && strings.ContainsAny(q.Value, "$`") {
			return true
		}
	}
	return false
}

// computedInside reports an operator word holding a substitution, a case
// toggle or a prompt expansion: their values are computed at the top of a
// word only.
func computedInside(w *sh.Word) bool {
	found := false
	if w == nil {
		return false
	}
	walkTree(w, func(n sh.Node) bool {
		if pe, ok := n.(*sh.ParamExp); ok && (pe.Repl != nil || pe.Exp != nil && pe.Exp.Op == sh.OtherParamOps) {
			found = true
		}
		return !found
	})
	return found
}

// tightIndex reports an index written with no blank inside its brackets:
// mvdan reads ${a[* ]} as ${a[*]}, where bash takes "* " as arithmetic
// and fails (FuzzExpand). Without the source it is not known.
func (r *resolver) tightIndex(x sh.ArithmExpr) bool {
	if !x.Pos().IsValid() {
		// An index corral wrote (elemParam: declare -n r=a[1], y=a[@];
		// ${!y}) is the literal it holds.
		w, ok := x.(*sh.Word)
		return ok && len(w.Parts) == 1 && w.Lit() != ""
	}
	start, end := int(x.Pos().Offset()), int(x.End().Offset())
	if !x.Pos().IsValid() || start < 1 || end >= len(r.src) || start > end {
		return false
	}
	return r.src[start-1] == '[' && r.src[end] == ']'
}
