package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// What the C preprocessor and simple data flow make of a call before the
// C reader looks for it (cExpand):
//   - a macro whose body pastes tokens (#define J(a,b) a##b, then
//     J(sys,tem)("…") is system("…")), and an object-like macro that is
//     another name (#define RUN system), are expanded where they are used;
//   - a name a function of the reader's table is assigned to (a function
//     pointer: int (*f)(const char *) = system; or f = &system;) is that
//     function where it is called (f("…"), (*f)("…"));
//   - a buffer or pointer built with strcpy, strcat, strncpy, strncat,
//     sprintf and snprintf ("%s" holes only), or assigned getenv("HOME") or
//     a literal, is the concatenation of its pieces where a call of the
//     table receives it (strcpy(p, getenv("HOME")); strcat(p, "/.bashrc");
//     fopen(p, "a") opens ~/.bashrc), as the straight-line text gives them.
//
// The expansion stays on each line, so lines keep their numbers;
// cExpandOffset maps an offset of the expanded text back.

// maxCMacros bounds the macros kept, maxCExpansions the expansions made
// on one line, maxCExpandGrowth how much longer the text may grow.
const (
	maxCMacros       = 64
	maxCExpansions   = 64
	maxCExpandGrowth = 1 << 16
	maxCLineGrowth   = 1 << 12
	maxCPiece        = 1 << 10
)

// cMacro is one #define the expansion uses.
type cMacro struct {
	params []string // nil for an object-like macro
	fn     bool
	body   string
	line   int // the line that defines it
}

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

// cFuncPtr matches a function pointer bound to a name: (*f)(…) = NAME or
// f = &NAME, the statement ending there.
var cFuncPtr = lazy.Regexp{Expr: `(?:\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\([^;{}]*\)|\b([A-Za-z_]\w*))\s*=\s*&?\s*([A-Za-z_]\w*)\s*;`}

// cBuild matches a statement that builds a string in a buffer or sets a
// pointer: strcpy(p, …); strcat(p, …); sprintf(p, …); char *h = …;
var cBuild = lazy.Regexp{Expr: `^\s*(?:(strn?cpy|strn?cat|strlcpy|strlcat|s?n?printf)\s*\(\s*([A-Za-z_]\w*)\s*,(.*)\)\s*;|(?:(?:const\s+)?char\s*\*\s*(?:const\s+)?|char\s+)?([A-Za-z_]\w*)(\s*\[\s*\w*\s*\])?\s*=\s*(.+?)\s*;)\s*(?://.*)?$`}

// cExpand returns src with the macros, function pointers and built
// strings above expanded, and whether it changed anything.
func cExpand(src string) (string, bool) {
	if len(src) > 1<<20 {
		return src, false
	}
	lines := strings.Split(src, "\n")
	macros := map[string]cMacro{}
	for i, ln := range lines {
		if !strings.Contains(ln, "define") || strings.HasSuffix(ln, "\\") {
			continue
		}
		m := cDefine.Get().FindStringSubmatch(ln)
		if m == nil || len(macros) >= maxCMacros {
			continue
		}
		mac := cMacro{body: m[3], line: i}
		if m[2] != "" {
			mac.fn = true
			for _, p := range strings.Split(m[2][1:len(m[2])-1], ",") {
				mac.params = append(mac.params, strings.TrimSpace(p))
			}
		}
		switch {
		case strings.Contains(mac.body, "##"):
		case !mac.fn && isIdentName(mac.body) && cSinkNames.Get()[mac.body]:
		default:
			continue
		}
		macros[m[1]] = mac
	}
	aliases := map[string]string{}
	for _, m := range cFuncPtr.Get().FindAllStringSubmatch(src, 256) {
		name := m[1] + m[2]
		if cSinkNames.Get()[m[3]] && !cSinkNames.Get()[name] {
			aliases[name] = m[3]
		}
	}
	changed := false
	bufs := map[string][]string{}
	total := len(src)
	for i, ln := range lines {
		if total > len(src)+maxCExpandGrowth {
			break
		}
		out := ln
		if len(macros) > 0 || len(aliases) > 0 {
			out = cExpandLine(ln, i, macros, aliases)
		}
		if len(bufs) > 0 {
			out = cSubstBuffers(out, bufs)
		}
		cNoteBuild(out, bufs)
		if out != ln {
			total += len(out) - len(ln)
			lines[i] = out
			changed = true
		}
	}
	if !changed {
		return src, false
	}
	return strings.Join(lines, "\n"), true
}

// cExpandLine expands the macros and function pointers on one line.
func cExpandLine(ln string, lineNo int, macros map[string]cMacro, aliases map[string]string) string {
	if m, ok := macros[cDefinedName(ln)]; ok && m.line == lineNo {
		return ln // the definition itself
	}
	limit := len(ln) + maxCLineGrowth
	for n, pos := 0, 0; n < maxCExpansions && len(ln) <= limit; n++ {
		s, e, name := cNextIdent(ln, pos)
		if s < 0 {
			break
		}
		pos = e
		if target, ok := aliases[name]; ok {
			rest := strings.TrimLeft(ln[e:], " \t")
			if strings.HasPrefix(rest, "(") {
				// f("…"): the function f points to.
				ln = ln[:s] + target + ln[e:]
				pos = s + len(target)
				continue
			}
			if r := strings.TrimLeft(ln[e:], " \t"); strings.HasPrefix(r, ")") {
				// (*f)("…"): the same call.
				b := strings.TrimRight(ln[:s], " \t")
				if strings.HasSuffix(b, "*") {
					b = strings.TrimRight(b[:len(b)-1], " \t")
					if strings.HasSuffix(b, "(") && strings.HasPrefix(strings.TrimLeft(r[1:], " \t"), "(") {
						open := len(b) - 1
						close := e + strings.IndexByte(ln[e:], ')')
						ln = ln[:open] + target + ln[close+1:]
						pos = open + len(target)
						continue
					}
				}
			}
			continue
		}
		m, ok := macros[name]
		if !ok {
			continue
		}
		if !m.fn {
			ln = ln[:s] + cPaste(m.body) + ln[e:]
			pos = s
			continue
		}
		rest := e
		for rest < len(ln) && (ln[rest] == ' ' || ln[rest] == '\t') {
			rest++
		}
		if rest >= len(ln) || ln[rest] != '(' {
			continue
		}
		args, end, ok := cMacroArgs(ln, rest)
		if !ok || len(args) != len(m.params) && !(len(m.params) == 1 && m.params[0] == "" && len(args) == 1 && args[0] == "") {
			continue
		}
		body := m.body
		if len(args) == len(m.params) {
			body = cSubstParams(body, m.params, args)
		}
		ln = ln[:s] + cPaste(body) + ln[end:]
		pos = s
	}
	return ln
}

// cDefinedName returns the name a #define line defines, or "".
func cDefinedName(ln string) string {
	if m := cDefine.Get().FindStringSubmatch(ln); m != nil {
		return m[1]
	}
	return ""
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
		b.WriteString(body[pos:s])
		v := name
		for k, p := range params {
			if p == name {
				v = args[k]
			}
		}
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
	for n, pos := 0, 0; n < maxCExpansions; n++ {
		s, e, name := cNextIdent(ln, pos)
		if s < 0 {
			return ln
		}
		pos = e
		if !cSinkNames.Get()[name] {
			continue
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
	return ln
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
