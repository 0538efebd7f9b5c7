package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A gcc specs file (-specs=FILE) is text in gcc's spec language that
// rewrites the command lines the driver runs (gcc's read_specs and
// do_spec): "*NAME:" entries replace or (with a leading +) extend a spec
// up to the next blank line, ".SUFFIX:" entries say how to compile files
// with that suffix (a command, or @LANGUAGE for a known one), "%include
// <FILE>", "%include_noerr <FILE>" and the %:include(FILE) function read
// another specs file, "%rename" renames a spec, and # starts a comment.
// Programs are run from it where
//
//   - the linker spec names the linker program (*linker: ./e.sh);
//   - a suffix entry's command runs for each file with that suffix;
//   - a new line inside any entry ends the command being built and
//     starts another, whose first word is a program (*cpp: -DX\n./e.sh
//     runs ./e.sh);
//   - an option in an entry loads code into a program it is handed to:
//     -fplugin=FILE (cc1), -plugin FILE (the linker);
//
// each judged as if typed (a program word spelt with % constructs asks).
// Option text otherwise passes (-nostdinc, -lc_nano, %(old_spec)).

// maxSpecsDepth bounds specs files read one inside another.
const maxSpecsDepth = 4

var (
	// specsInclude is a %:include(FILE) spec function in an entry.
	specsInclude = lazy.Regexp{Expr: `%:include\(\s*([^)\s]+)\s*\)`}
	// specsPlugin is an option that loads a library: cc1's -fplugin=FILE,
	// the linker's -plugin FILE / -plugin=FILE / --plugin FILE.
	specsPlugin = lazy.Regexp{Expr: `(?:^|[\s:{|;])(?:-fplugin=|-fpass-plugin=|--?plugin[= \t]+)([^\s}%|;:]+)`}
)

// specsEntry is one entry of a specs file: kind '*' (a spec), '.' (a
// suffix's compiler) or '%' (a directive), its name and its body.
type specsEntry struct {
	kind       byte
	name, body string
}

// parseSpecs reads a specs file's entries as gcc's read_specs does.
func parseSpecs(text string) []specsEntry {
	var out []specsEntry
	p := 0
	n := len(text)
	// skip passes blanks, newlines and # comment lines; a blank line
	// ends an entry's body.
	skip := func() {
		for p < n {
			switch text[p] {
			case ' ', '\t', '\n', '\r':
				p++
			case '#':
				for p < n && text[p] != '\n' {
					p++
				}
			default:
				return
			}
		}
	}
	for steps := 0; p < n && steps < 4096; steps++ {
		skip()
		if p >= n {
			break
		}
		if text[p] == '%' {
			end := strings.IndexByte(text[p:], '\n')
			if end < 0 {
				end = n - p
			}
			out = append(out, specsEntry{kind: '%', name: strings.TrimSpace(text[p+1 : p+end])})
			p += end
			continue
		}
		colon := strings.IndexByte(text[p:], ':')
		if colon < 0 {
			break // gcc stops: "specs file malformed"
		}
		kind := byte('.')
		name := strings.TrimSpace(text[p : p+colon])
		if strings.HasPrefix(name, "*") {
			kind, name = '*', strings.TrimSpace(name[1:])
		}
		p += colon + 1
		skip()
		start := p
		for p < n && !(text[p] == '\n' && (p+1 >= n || text[p+1] == '\n')) {
			p++
		}
		out = append(out, specsEntry{kind: kind, name: name, body: specsBody(text[start:p])})
	}
	return out
}

// specsBody is an entry's text as gcc keeps it: a backslash before a
// new line joins the lines, # to the line's end is a comment, a leading
// + (extend the spec) is dropped.
func specsBody(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i++
		case s[i] == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			if i < len(s) {
				b.WriteByte('\n')
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return strings.TrimPrefix(strings.TrimSpace(b.String()), "+")
}

// specsFile judges the specs file a compiler call reads (file, as given
// to -specs=, from the working directory), and those it includes.
func (w *walker) specsFile(c scope, call *Call, how, file string, depth int) {
	if depth >= maxSpecsDepth {
		return
	}
	d := call.Dir.Join(file)
	if !d.Known || systemPath(d.Path) {
		return
	}
	text, ok := w.readScript(d)
	if !ok {
		if w.opaque[d.Path] {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
				What: how + " " + d.Path + ": a specs file sets the programs " + call.Name + " runs, with content only known at run time"})
		}
		return
	}
	if strings.Contains(text[:min(len(text), 8192)], "\x00") {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
			What: how + " " + d.Path + ": a specs file that is not text sets the programs " + call.Name + " runs"})
		return
	}
	for _, e := range parseSpecs(text) {
		where := how + " " + file
		if e.kind == '%' {
			verb, arg, _ := strings.Cut(e.name, " ")
			if verb == "include" || verb == "include_noerr" {
				arg = strings.Trim(strings.TrimSpace(arg), "<>\"")
				if arg != "" {
					w.specsFile(c, call, where+" %include", arg, depth+1)
				}
			}
			continue
		}
		where += " " + string(e.kind) + e.name
		for _, m := range specsInclude.Get().FindAllStringSubmatch(e.body, 8) {
			w.specsFile(c, call, where+" %:include", m[1], depth+1)
		}
		for _, m := range specsPlugin.Get().FindAllStringSubmatch(e.body, 8) {
			w.compilerFile(c, call, where+" plugin", m[1])
		}
		for i, line := range strings.Split(e.body, "\n") {
			words := strings.Fields(line)
			if len(words) == 0 {
				continue
			}
			// The first line of a spec is options (the linker spec's
			// is the linker); a suffix's is its command unless it
			// names a language (@c).
			switch {
			case i > 0:
			case e.kind == '*' && e.name == "linker":
			case e.kind == '.' && !strings.HasPrefix(words[0], "@"):
			default:
				continue
			}
			if strings.ContainsAny(words[0], "%{}") {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: line,
					What: where + " runs a program whose name its spec text computes"})
				continue
			}
			var argv []Arg
			for _, s := range words {
				if !strings.ContainsAny(s, "%{}") {
					argv = append(argv, Arg{Value: s, Raw: s, Static: true})
				}
			}
			w.argvChild(c, call, argv, where, nil, call.Dir)
		}
	}
}
