package lang

import (
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// What the C preprocessor and simple data flow make of a call before the
// C reader looks for it (cExpand):
//   - lines a backslash continues are one line (also inside a name or a
//     string), trigraphs and the %: digraph are what they stand for;
//   - every macro is expanded where it is used, after its #define and
//     until an #undef, the result read again for further macros (nested
//     macros: #define RUN(c) system(c), #define GO RUN("…"), GO), with ##
//     pasting (#define J(a,b) a##b, then J(sys,tem)("…") is system("…")),
//     #p stringizing and variadic arguments; a call of a function-like
//     macro may go on over the next lines; a name defined again without an
//     #undef in force (the branches of #if/#else) is read with each of its
//     definitions;
//   - a name a function of the reader's table is assigned to (a function
//     pointer: int (*f)(const char *) = system; or f = &system;, a
//     struct's member s.f = system; or {.f = system}) is that function
//     where it is called (f("…"), (*f)("…"), s.f("…"), p->f("…")), and
//     the function itself where the pointer is passed on;
//   - a buffer or pointer built with strcpy, strcat, strncpy, strncat,
//     sprintf and snprintf ("%s" holes only), or assigned getenv("HOME") or
//     a literal, is the concatenation of its pieces where a call of the
//     table receives it (strcpy(p, getenv("HOME")); strcat(p, "/.bashrc");
//     fopen(p, "a") opens ~/.bashrc), as the straight-line text gives them.
//
// A function of the table used as a value anywhere else (an initializer
// {system}, an array element, an argument) is asked about by the C
// reader (clang). The expansion stays on each line, so lines keep their
// numbers; cExpandOffset maps an offset of the expanded text back.

// maxCMacros bounds the macros kept, maxCExpansions the expansions made
// on one line, maxCExpandGrowth how much longer the text may grow; past
// them the expansion stops and the source asks (cExpand's unread).
const (
	maxCMacros       = 256
	maxCExpansions   = 256
	maxCExpandGrowth = 1 << 16
	maxCLineGrowth   = 1 << 12
	maxCPiece        = 1 << 10
)

// cMacro is one #define the expansion uses.
type cMacro struct {
	params []string // nil for an object-like macro
	fn     bool
	body   string
}

// maxCCandidates bounds the definitions kept for one name: a name
// defined again without an #undef in force (the branches of #if/#else,
// or an #undef inside a conditional) has each definition as a
// candidate, and a line using it is read once per candidate.
const maxCCandidates = 4

// cSinkNames are the calls of the C reader's table (clang): what a
// function pointer or a built buffer matters to.
var cSinkNames = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`system popen _popen execl execlp execle execv execvp execve execvpe
		posix_spawn posix_spawnp unlink remove rmdir remove_all unlinkat syscall nftw ftw fts_open
		fopen freopen open openat creat`) {
		m[n] = true
	}
	return m
}}

var cDefine = lazy.Regexp{Expr: `^\s*#\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?\s*(.*?)\s*$`}

// cDirective matches a preprocessor line: its directive and the rest.
var cDirective = lazy.Regexp{Expr: `^\s*#\s*([A-Za-z_]\w*)\s*(.*?)\s*$`}

// cFuncPtr matches a function pointer bound to a name: (*f)(…) = NAME or
// f = &NAME (a struct's member too: s.f = NAME, p->f = NAME), the
// statement ending there.
var cFuncPtr = lazy.Regexp{Expr: `(?:\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\([^;{}]*\)|\b([A-Za-z_]\w*))\s*=\s*&?\s*([A-Za-z_]\w*)\s*;`}

// cDesignated matches a struct member a designated initializer binds to
// a function: {.f = NAME, …}.
var cDesignated = lazy.Regexp{Expr: `\.\s*([A-Za-z_]\w*)\s*=\s*&?\s*([A-Za-z_]\w*)\s*[,}]`}

// cBuild matches a statement that builds a string in a buffer or sets a
// pointer: strcpy(p, …); strcat(p, …); sprintf(p, …); char *h = …;
var cBuild = lazy.Regexp{Expr: `^\s*(?:(strn?cpy|strn?cat|strlcpy|strlcat|s?n?printf)\s*\(\s*([A-Za-z_]\w*)\s*,(.*)\)\s*;|(?:(?:const\s+)?char\s*\*\s*(?:const\s+)?|char\s+)?([A-Za-z_]\w*)(\s*\[\s*\w*\s*\])?\s*=\s*(.+?)\s*;)\s*(?://.*)?$`}

// cExpand returns src with the macros, function pointers and built
// strings above expanded, whether it changed anything, and whether it
// stopped at a bound with macros or pointers left unexpanded (unread). It first does
// what the compiler's first phases do: trigraphs (??/ is a backslash,
// ??= a #) and digraphs (%: is #) are read as what they stand for, and a
// backslash at the end of a line joins the next line to it (anywhere:
// inside a name, sys\⏎tem, a string or a #define), the joined line
// keeping the place of the first and empty lines those of the others.
func cExpand(src string) (string, bool, bool) {
	if len(src) > 1<<20 {
		return src, false, false
	}
	unread := false
	text := cTrigraphs(src)
	lines := strings.Split(text, "\n")
	cSplice(lines)
	macros := map[string][]cMacro{}
	depth := 0
	total := len(src)
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		if d, rest, ok := cDirectiveOf(ln); ok {
			switch d {
			case "if", "ifdef", "ifndef":
				depth++
			case "endif":
				depth = max(depth-1, 0)
			case "undef":
				if depth == 0 {
					delete(macros, strings.TrimSpace(rest))
				}
			case "define":
				cNoteDefine(ln, macros)
			}
			continue
		}
		if len(macros) == 0 {
			continue
		}
		if total > len(src)+maxCExpandGrowth {
			unread = true // macros past the bound are not expanded
			continue
		}
		// A call of a function-like macro whose arguments go on over
		// the next lines: those lines are joined to it.
		out, more, amb, over := cExpandMacros(ln, macros, 0)
		for k := 1; more && k <= 32 && i+k < len(lines); k++ {
			if _, _, dir := cDirectiveOf(lines[i+k]); dir {
				break
			}
			ln += " " + lines[i+k]
			lines[i+k] = ""
			out, more, amb, over = cExpandMacros(ln, macros, 0)
		}
		unread = unread || over
		if amb {
			// A name with several definitions: the line as each gives it.
			for c := 1; c < maxCCandidates; c++ {
				if alt, _, _, _ := cExpandMacros(ln, macros, c); alt != out && !strings.Contains(out, alt) {
					out += " ; " + alt
				}
			}
		}
		total += len(out) - len(lines[i])
		lines[i] = out
	}
	aliases := map[string]string{}
	joined := strings.Join(lines, "\n")
	for _, m := range cFuncPtr.Get().FindAllStringSubmatch(joined, 256) {
		name := m[1] + m[2]
		if cSinkNames.Get()[m[3]] && !cSinkNames.Get()[name] {
			aliases[name] = m[3]
		}
	}
	for _, m := range cDesignated.Get().FindAllStringSubmatch(joined, 256) {
		if cSinkNames.Get()[m[2]] && !cSinkNames.Get()[m[1]] {
			aliases[m[1]] = m[2]
		}
	}
	bufs := map[string][]string{}
	for i, ln := range lines {
		if total > len(src)+maxCExpandGrowth {
			break
		}
		out := ln
		if len(aliases) > 0 {
			var over bool
			out, over = cExpandAliases(ln, aliases)
			unread = unread || over
		}
		if len(bufs) > 0 {
			out = cSubstBuffers(out, bufs)
		}
		cNoteBuild(out, bufs)
		total += len(out) - len(ln)
		lines[i] = out
	}
	x := strings.Join(lines, "\n")
	if x == src {
		return src, false, unread
	}
	return x, true, unread
}

// cTrigraphs replaces the nine trigraphs (gcc reads them under -std=c89
// to c17 or -trigraphs; elsewhere they are rare enough to read so too).
func cTrigraphs(src string) string {
	if !strings.Contains(src, "??") {
		return src
	}
	return strings.NewReplacer("??=", "#", "??/", "\\", "??'", "^", "??(", "[", "??)", "]", "??!", "|", "??<", "{", "??>", "}", "??-", "~").Replace(src)
}

// cSplice joins each line ending in a backslash with the next, leaving
// an empty line in the place of each line joined.
func cSplice(lines []string) {
	for i := 0; i < len(lines); i++ {
		for k := i + 1; k < len(lines) && k-i <= 4096; k++ {
			ln := strings.TrimSuffix(lines[i], "\r")
			if !strings.HasSuffix(ln, "\\") {
				break
			}
			lines[i] = ln[:len(ln)-1] + lines[k]
			lines[k] = ""
		}
	}
}

// cDirectiveOf returns the directive of a preprocessor line (#NAME or
// the digraph %:NAME) and the rest of the line.
func cDirectiveOf(ln string) (string, string, bool) {
	t := strings.TrimLeft(ln, " \t")
	if strings.HasPrefix(t, "%:") {
		t = "#" + t[2:]
	}
	if !strings.HasPrefix(t, "#") {
		return "", "", false
	}
	m := cDirective.Get().FindStringSubmatch(t)
	if m == nil {
		return "", "", true
	}
	return m[1], m[2], true
}

// cNoteDefine records a #define line's macro: a name already defined
// gets the new body as a further candidate.
func cNoteDefine(ln string, macros map[string][]cMacro) {
	t := strings.TrimLeft(ln, " \t")
	if strings.HasPrefix(t, "%:") {
		t = "#" + t[2:]
	}
	m := cDefine.Get().FindStringSubmatch(t)
	if m == nil {
		return
	}
	mac := cMacro{body: strings.ReplaceAll(m[3], "%:%:", "##")}
	if m[2] != "" {
		mac.fn = true
		for _, p := range strings.Split(m[2][1:len(m[2])-1], ",") {
			mac.params = append(mac.params, strings.TrimSpace(p))
		}
	}
	old, ok := macros[m[1]]
	switch {
	case !ok && len(macros) >= maxCMacros:
	case !ok:
		macros[m[1]] = []cMacro{mac}
	case len(old) < maxCCandidates:
		for _, o := range old {
			if o.body == mac.body && o.fn == mac.fn && strings.Join(o.params, ",") == strings.Join(mac.params, ",") {
				return
			}
		}
		macros[m[1]] = append(old, mac)
	}
}

// cExpandMacros expands the macros used on one line, rescanning what
// each expansion gives, with candidate choice of a name defined more
// than once. It reports whether a function-like macro's arguments did
// not end on the line, whether a name with several definitions was
// expanded, and whether the expansions went past the bounds
// (maxCExpansions, maxCLineGrowth), the rest of the line left as it is.
// A macro whose expansion begins with its own name is not expanded again
// there (#define f(x) f(x), as the preprocessor leaves it).
func cExpandMacros(ln string, macros map[string][]cMacro, choice int) (string, bool, bool, bool) {
	limit := len(ln) + maxCLineGrowth
	more, amb := false, false
	n, pos := 0, 0
	blueName, blueAt := "", -1
	for {
		s, e, name := cNextIdent(ln, pos)
		if s < 0 {
			break
		}
		pos = e
		cands, ok := macros[name]
		if !ok || name == blueName && s == blueAt {
			continue // not a macro, or one its own expansion begins with
		}
		if n++; n > maxCExpansions || len(ln) > limit {
			return ln, more, amb, true
		}
		if len(cands) > 1 {
			amb = true
		}
		m := cands[min(choice, len(cands)-1)]
		if !m.fn {
			ln = ln[:s] + cPaste(m.body) + ln[e:]
			pos = s
			blueName, blueAt = name, s
			continue
		}
		rest := e
		for rest < len(ln) && (ln[rest] == ' ' || ln[rest] == '\t') {
			rest++
		}
		if rest >= len(ln) || ln[rest] != '(' {
			if rest >= len(ln) {
				more = true // the name ends the line: its ( may be on the next
			}
			continue
		}
		args, end, ok := cMacroArgs(ln, rest)
		if !ok {
			more = true
			continue
		}
		body, ok := cBindParams(m, args)
		if !ok {
			continue
		}
		ln = ln[:s] + cPaste(body) + ln[end:]
		pos = s
		blueName, blueAt = name, s
	}
	return ln, more, amb, false
}

// cBindParams gives a function-like macro's body with its arguments in
// place: #p is the argument as a string, __VA_ARGS__ (or NAME of
// NAME...) the arguments after the named ones.
func cBindParams(m cMacro, args []string) (string, bool) {
	params := m.params
	if len(params) == 1 && params[0] == "" {
		if len(args) == 1 && args[0] == "" {
			return m.body, true
		}
		return "", false
	}
	if n := len(params); n > 0 && strings.HasSuffix(params[n-1], "...") {
		if len(args) < n-1 {
			return "", false
		}
		va := strings.TrimSpace(strings.TrimSuffix(params[n-1], "..."))
		if va == "" {
			va = "__VA_ARGS__"
		}
		named := append(append([]string(nil), params[:n-1]...), va)
		vals := append(append([]string(nil), args[:min(n-1, len(args))]...), strings.Join(args[min(n-1, len(args)):], ", "))
		return cSubstParams(m.body, named, vals), true
	}
	if len(args) != len(params) {
		return "", false
	}
	return cSubstParams(m.body, params, args), true
}

// cExpandAliases puts the function a pointer holds in the place of the
// pointer: where it is called (f("…"), (*f)("…"), s.f("…"), p->f("…"))
// the call is that function's, and where its value is passed on
// (run(f, "…"), return f) the function is, which the C reader then
// takes as a function used as a value.
func cExpandAliases(ln string, aliases map[string]string) (string, bool) {
	limit := len(ln) + maxCLineGrowth
	n, pos := 0, 0
	for {
		s, e, name := cNextIdent(ln, pos)
		if s < 0 {
			break
		}
		pos = e
		target, ok := aliases[name]
		if !ok {
			continue
		}
		if n++; n > maxCExpansions || len(ln) > limit {
			return ln, true
		}
		rest := strings.TrimLeft(ln[e:], " \t")
		switch {
		case strings.HasPrefix(rest, "("):
			// f("…"), s.f("…"), p->f("…"): the function f points to.
			b := strings.TrimRight(ln[:s], " \t")
			if strings.HasSuffix(b, ".") || strings.HasSuffix(b, "->") {
				s = cReceiverStart(ln, s)
			}
			ln = ln[:s] + target + ln[e:]
			pos = s + len(target)
		case strings.HasPrefix(rest, ")"):
			// (*f)("…"): the same call.
			b := strings.TrimRight(ln[:s], " \t")
			if strings.HasSuffix(b, "*") {
				b = strings.TrimRight(b[:len(b)-1], " \t")
				if strings.HasSuffix(b, "(") && strings.HasPrefix(strings.TrimLeft(rest[1:], " \t"), "(") {
					open := len(b) - 1
					close := e + strings.IndexByte(ln[e:], ')')
					ln = ln[:open] + target + ln[close+1:]
					pos = open + len(target)
				}
			}
		case strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "=="), strings.HasPrefix(rest, "["):
			// The pointer assigned, or an array of them.
		default:
			b := strings.TrimRight(ln[:s], " \t")
			if strings.HasSuffix(b, ".") || strings.HasSuffix(b, "->") || strings.HasSuffix(b, "*") {
				continue // a member named the same, or a declaration
			}
			if k := strings.LastIndexAny(b, " \t(,"); isIdentName(b[k+1:]) && b[k+1:] != "return" {
				continue // a declaration: int (*f)…, struct s f
			}
			ln = ln[:s] + target + ln[e:]
			pos = s + len(target)
		}
	}
	return ln, false
}

// cReceiverStart returns where the receiver of the member at s begins:
// s.f, a.b->f, t[0].f.
func cReceiverStart(ln string, s int) int {
	i := s
	for i > 0 {
		c := ln[i-1]
		switch {
		case isIdent(c), c == '.', c == '[', c == ']':
			i--
		case c == '>' && i >= 2 && ln[i-2] == '-':
			i -= 2
		default:
			return i
		}
	}
	return i
}

// cPaste joins the tokens around each ##.
func cPaste(body string) string {
	for {
		i := strings.Index(body, "##")
		if i < 0 {
			return body
		}
		body = strings.TrimRight(body[:i], " \t") + strings.TrimLeft(body[i+2:], " \t")
	}
}

// cSubstParams puts each argument in the place of its parameter in body.
func cSubstParams(body string, params, args []string) string {
	var b strings.Builder
	pos := 0
	for {
		s, e, name := cNextIdent(body, pos)
		if s < 0 {
			b.WriteString(body[pos:])
			return b.String()
		}
		before := body[pos:s]
		v, param := name, false
		for k, p := range params {
			if p == name {
				v, param = args[k], true
			}
		}
		// #p: the argument as a string literal (not ## pasting).
		if t := strings.TrimRight(before, " \t"); param && strings.HasSuffix(t, "#") && !strings.HasSuffix(t, "##") {
			before = t[:len(t)-1]
			v = strconv.Quote(strings.Join(strings.Fields(v), " "))
		}
		b.WriteString(before)
		b.WriteString(v)
		pos = e
	}
}

// cNextIdent returns the next identifier of a C line at or after pos,
// outside strings, character literals and // comments: its start, end
// and text, or -1.
func cNextIdent(ln string, pos int) (int, int, string) {
	for i := pos; i < len(ln); i++ {
		c := ln[i]
		switch {
		case c == '"' || c == '\'':
			for i++; i < len(ln) && ln[i] != c; i++ {
				if ln[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(ln) && ln[i+1] == '/':
			return -1, -1, ""
		case isIdentStart(c) && (i == 0 || !isIdent(ln[i-1])):
			e := i
			for e < len(ln) && isIdent(ln[e]) {
				e++
			}
			return i, e, ln[i:e]
		}
	}
	return -1, -1, ""
}

// cMacroArgs reads the parenthesised arguments at ln[open] ('('): their
// trimmed texts split at top-level commas, the index after ')'.
func cMacroArgs(ln string, open int) ([]string, int, bool) {
	depth := 0
	start := open + 1
	var args []string
	for i := open; i < len(ln); i++ {
		switch c := ln[i]; c {
		case '"', '\'':
			for i++; i < len(ln) && ln[i] != c; i++ {
				if ln[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				args = append(args, strings.TrimSpace(ln[start:i]))
				return args, i + 1, true
			}
		case ',':
			if depth == 1 {
				args = append(args, strings.TrimSpace(ln[start:i]))
				start = i + 1
			}
		}
	}
	return nil, 0, false
}

// cNoteBuild records what a statement on the line does to a buffer or a
// pointer (bufs: the pieces of its value, as C expressions).
func cNoteBuild(ln string, bufs map[string][]string) {
	if !strings.Contains(ln, "=") && !strings.Contains(ln, "str") && !strings.Contains(ln, "printf") {
		return
	}
	m := cBuild.Get().FindStringSubmatch(ln)
	if m == nil {
		// Any other assignment of a buffer's element or the buffer: not
		// followed any further.
		for name := range bufs {
			if strings.Contains(ln, name) && (strings.Contains(ln, name+"[") || strings.Contains(ln, "&"+name) || strings.Contains(ln, name+" =")) {
				delete(bufs, name)
			}
		}
		return
	}
	if m[4] != "" {
		// char *h = EXPR; / char p[] = "…"; / h = EXPR;
		if strings.HasPrefix(strings.TrimSpace(m[6]), "{") || len(bufs) >= 64 {
			delete(bufs, m[4])
			return
		}
		bufs[m[4]] = []string{cPieces(m[6], bufs)}
		return
	}
	fn, name := m[1], m[2]
	args, _, ok := cMacroArgs("("+m[3]+")", 0)
	if !ok || len(args) == 0 {
		delete(bufs, name)
		return
	}
	switch fn {
	case "strcpy", "strncpy", "strlcpy":
		if len(bufs) < 64 {
			bufs[name] = []string{cPieces(args[0], bufs)}
		}
	case "strcat", "strncat", "strlcat":
		if old, ok := bufs[name]; ok && len(old) < 16 && len(strings.Join(old, "")) <= maxCPiece {
			bufs[name] = append(old, cPieces(args[0], bufs))
		}
	case "sprintf", "snprintf":
		if fn == "snprintf" {
			args = args[1:]
		}
		if v, ok := cFormat(args, bufs); ok && len(bufs) < 64 {
			bufs[name] = []string{v}
		} else {
			delete(bufs, name)
		}
	default:
		delete(bufs, name)
	}
}

// cPieces gives an expression with the values of the names it is (a
// buffer or pointer whose pieces are known) put in.
func cPieces(expr string, bufs map[string][]string) string {
	expr = strings.TrimSpace(expr)
	if v, ok := bufs[expr]; ok {
		if j := strings.Join(v, " + "); len(j) <= maxCPiece {
			return j
		}
	}
	return expr
}

// cFormat reads sprintf's format and arguments when the format is a
// literal whose only directives are %s: the pieces joined with +.
func cFormat(args []string, bufs map[string][]string) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	f := args[0]
	if len(f) < 2 || f[0] != '"' || f[len(f)-1] != '"' || strings.Contains(f, "%%") {
		return "", false
	}
	parts := strings.Split(f[1:len(f)-1], "%s")
	if len(parts)-1 != len(args)-1 || strings.Contains(strings.Join(parts, ""), "%") {
		return "", false
	}
	var out []string
	for i, p := range parts {
		if p != "" {
			out = append(out, `"`+p+`"`)
		}
		if i+1 < len(args) {
			out = append(out, cPieces(args[i+1], bufs))
		}
	}
	return strings.Join(out, " + "), len(out) > 0
}

// cSubstBuffers puts the value of a built buffer or pointer in the place
// of its name where a call of the table receives it as an argument.
func cSubstBuffers(ln string, bufs map[string][]string) string {
	n, pos := 0, 0
	for {
		s, e, name := cNextIdent(ln, pos)
		if s < 0 {
			return ln
		}
		pos = e
		if !cSinkNames.Get()[name] {
			continue
		}
		if n++; n > maxCExpansions {
			return ln
		}
		open := e
		for open < len(ln) && (ln[open] == ' ' || ln[open] == '\t') {
			open++
		}
		if open >= len(ln) || ln[open] != '(' {
			continue
		}
		args, end, ok := cMacroArgs(ln, open)
		if !ok {
			continue
		}
		repl := false
		for k, a := range args {
			if v, ok := bufs[a]; ok && isIdentName(a) {
				args[k] = strings.Join(v, " + ")
				repl = true
			}
		}
		if !repl {
			continue
		}
		call := name + "(" + strings.Join(args, ", ") + ")"
		ln = ln[:s] + call + ln[end:]
		pos = s + len(call)
	}
}

// cExpandOffset maps an offset of the expanded text to the same line of
// the original (its column kept when the line is long enough).
func cExpandOffset(orig, expanded string, off int) int {
	off = min(max(off, 0), len(expanded))
	line := strings.Count(expanded[:off], "\n")
	col := off - (strings.LastIndexByte(expanded[:off], '\n') + 1)
	start := 0
	for n := 0; n < line; n++ {
		i := strings.IndexByte(orig[start:], '\n')
		if i < 0 {
			return len(orig)
		}
		start += i + 1
	}
	end := strings.IndexByte(orig[start:], '\n')
	if end < 0 {
		end = len(orig) - start
	}
	return start + min(col, end)
}
