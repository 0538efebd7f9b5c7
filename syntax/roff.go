package syntax

import (
	"sort"
	"strings"
)

// groff, troff and nroff in unsafe mode (-U) obey the requests of a
// document that reach outside it: .sy passes the rest of its line to
// system(3) (a shell command line), .pso runs its line as a command and
// reads its output as input, and .open/.opena STREAM FILE create
// (truncate) or append to FILE, which .write/.writec STREAM TEXT then
// fill. Without -U (safer mode, the default) those requests are errors
// and nothing runs. .so FILE includes another document in both modes, so
// it is followed (to a bounded depth).

// maxRoffDepth bounds the depth of the .so inclusions followed, and
// maxRoffIncludes their number in one call.
const (
	maxRoffDepth    = 4
	maxRoffIncludes = 16
)

// roffSpec is groff's options: the one-letter options that take a value
// (groff --help; troff and nroff take the same ones).
var roffSpec = OptSpec{ShortVal: "TmPMFIdfnorwWKDLx"}

// roffRun reads the documents groff -U processes: the file operands, or
// standard input ("-", or no operand: its here-documents and the text
// piped in).
func (w *walker) roffRun(c scope, call *Call) {
	opts, operands := ScanOptions(call.Args, roffSpec)
	unsafe := false
	for _, o := range opts {
		switch {
		case o.Long && (o.Name == "help" || o.Name == "version"), !o.Long && (o.Name == "v" || o.Name == "h"):
			return
		case !o.Long && o.Name == "U":
			unsafe = true
		case !o.Long && o.Name == "S":
			unsafe = false // the last of -S and -U wins
		}
	}
	if !unsafe {
		return
	}
	stdin := len(operands) == 0
	budget := maxRoffIncludes
	for _, i := range operands {
		a := call.Args[i]
		switch {
		case a.Value == "-" && a.Static:
			stdin = true
		case !a.Static:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: call.Name + " -U obeys the .sy requests of a document only known at run time"})
		default:
			if text, ok := w.readScript(call.Dir.Join(a.Value)); ok {
				w.roffText(c, call, text, a.Value, 0, &budget)
			}
		}
	}
	if stdin {
		for _, f := range inputFiles(call, 0, 0) {
			if in := call.Fd(0); in.Kind == StreamFile {
				if text, ok := w.readScript(Dir{Path: f, Known: true}); ok {
					w.roffText(c, call, text, relTo(call.Dir.Path, f), 0, &budget) // groff -U < doc
				}
			}
		}
		for _, in := range w.codeOnStdin(c, call) {
			if in.dynamic {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: in.kind,
					What: call.Name + " -U obeys the .sy requests of a " + in.kind + " only known at run time"})
				continue
			}
			w.roffText(c, call, in.text, call.Name+" "+in.kind, 0, &budget)
		}
	}
}

// roffText models the requests of one document: .sy and .pso lines as
// command lines, .open/.opena with the .write/.writec lines of their
// stream as a redirect that writes FILE, .so FILE as the document it
// includes. The ways a document spells a request otherwise are followed
// as groff follows them: the control characters .cc and .c2 set (and .ec,
// .eo for the escape character), a request renamed or aliased (.rn,
// .als), a string interpolated into the line (.ds x sy then .\*x or
// .\*[x]), and a macro (.de/.am NAME [END] … ..) whose body runs where it
// is called, its \$1…\$9, \$*, \$@ replaced by the call's arguments.
// A macro never called by name is read once at the end without
// arguments, since a trap (.wh, .it, .em) may call it.
func (w *walker) roffText(c scope, call *Call, text, where string, depth int, budget *int) {
	d := &roffDoc{w: w, c: c, call: call, where: where, depth: depth, budget: budget,
		cc: '.', c2: '\'', esc: '\\', macros: map[string][]string{}, called: map[string]bool{},
		strs: map[string]string{}, alias: map[string]string{}, streams: map[string]*roffStream{}}
	d.run(strings.Split(text, "\n"), 0)
	var names []string
	for n := range d.macros {
		if !d.called[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		d.called[n] = true
		d.run(d.macros[n], 1)
	}
	for _, name := range d.order {
		s := d.streams[name]
		op := " > "
		if s.append {
			op = " >> "
		}
		body := strings.Join(s.lines, "\n")
		if body != "" {
			body += "\n"
		}
		w.runTaskText(c, call, call.Dir, "printf %s "+shellQuote(body)+op+shellQuote(s.file), where+" (."+map[bool]string{false: "open", true: "opena"}[s.append]+")", false)
	}
}

// maxRoffLines bounds the lines one document's reading processes (macro
// calls included), and maxRoffCalls the depth of nested macro calls.
const (
	maxRoffLines = 8192
	maxRoffCalls = 8
)

type roffStream struct {
	file   string
	append bool
	lines  []string
}

// roffDoc is the state of one document as groff reads it.
type roffDoc struct {
	w           *walker
	c           scope
	call        *Call
	where       string
	depth       int
	budget      *int
	cc, c2, esc byte // esc 0: escapes off (.eo)
	macros      map[string][]string
	called      map[string]bool
	strs        map[string]string
	alias       map[string]string // a name .als or .rn gave: the request or macro it is
	order       []string
	streams     map[string]*roffStream
	ran, steps  int
	stopped     bool
}

// name resolves a request or macro name through the aliases (each
// alias holds the name it was resolved to when it was made).
func (d *roffDoc) name(n string) string {
	if t, ok := d.alias[n]; ok {
		return t
	}
	return n
}

// interpolate replaces the string interpolations (\*x, \*(xx, \*[name])
// of s with the strings' values (an undefined string is empty).
func (d *roffDoc) interpolate(s string) string {
	if d.esc == 0 || !strings.Contains(s, string([]byte{d.esc, '*'})) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != d.esc || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		if s[i+1] == d.esc {
			b.WriteString(s[i : i+2])
			i++
			continue
		}
		if i+2 >= len(s) || s[i+1] != '*' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 2
		var n string
		switch s[j] {
		case '(':
			if j+3 > len(s) {
				b.WriteString(s[i:])
				return b.String()
			}
			n, i = s[j+1:j+3], j+2
		case '[':
			k := strings.IndexByte(s[j:], ']')
			if k < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			n, _, _ = strings.Cut(s[j+1:j+k], " ")
			i = j + k
		default:
			n, i = s[j:j+1], j
		}
		if b.Len() < 1<<16 {
			b.WriteString(d.strs[n])
		}
	}
	return b.String()
}

// args splits a macro call's arguments: blank-separated, "…" quoted ("" a
// quote inside).
func roffArgs(s string) []string {
	var out []string
	for len(out) < 64 {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		if s[0] == '"' {
			var b strings.Builder
			i := 1
			for ; i < len(s); i++ {
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						b.WriteByte('"')
						i++
						continue
					}
					break
				}
				b.WriteByte(s[i])
			}
			out = append(out, b.String())
			if i >= len(s) {
				break
			}
			s = s[i+1:]
			continue
		}
		f, rest, _ := strings.Cut(s, " ")
		out = append(out, f)
		s = rest
	}
	return out
}

// substitute replaces a macro body line's argument references with args.
func (d *roffDoc) substitute(line string, args []string) string {
	if d.esc == 0 || strings.IndexByte(line, d.esc) < 0 {
		return line
	}
	arg := func(n int) string {
		if n >= 1 && n <= len(args) {
			return args[n-1]
		}
		return ""
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] != d.esc || i+2 >= len(line) || line[i+1] != '$' {
			b.WriteByte(line[i])
			continue
		}
		j := i + 2
		switch ch := line[j]; {
		case ch >= '1' && ch <= '9':
			b.WriteString(arg(int(ch - '0')))
			i = j
		case ch == '*':
			b.WriteString(strings.Join(args, " "))
			i = j
		case ch == '@':
			q := make([]string, len(args))
			for k, a := range args {
				q[k] = `"` + a + `"`
			}
			b.WriteString(strings.Join(q, " "))
			i = j
		case ch == '[' || ch == '(':
			end, width := strings.IndexByte(line[j:], ']'), 0
			if ch == '(' {
				end, width = 3, 2
				if j+3 > len(line) {
					end = -1
				}
			}
			if end < 0 {
				b.WriteByte(line[i])
				continue
			}
			num := line[j+1 : j+end]
			if width == 2 {
				num = line[j+1 : j+3]
			}
			n := 0
			for _, r := range num {
				if r < '0' || r > '9' || n > 1000 {
					n = -1
					break
				}
				n = n*10 + int(r-'0')
			}
			b.WriteString(arg(n))
			if width == 2 {
				i = j + 2
			} else {
				i = j + end
			}
		default:
			b.WriteByte(line[i])
		}
	}
	return b.String()
}

// run processes lines (a document, or a macro body at call depth calls).
func (d *roffDoc) run(lines []string, calls int) {
	for i := 0; i < len(lines); i++ {
		if d.steps++; d.steps > maxRoffLines {
			if !d.stopped {
				// What the rest of the document does is not read: that
				// is asked about, since a document can pad itself with
				// macro calls to hide a late .sy.
				d.stopped = true
				d.w.m.Truncated = true
				d.w.m.Hidden = append(d.w.m.Hidden, Hidden{Call: d.call, Always: true, Text: d.where,
					What: d.call.Name + " -U obeys the requests of " + d.where + ", more than corral follows (macro calls, lines)"})
			}
			return
		}
		line := strings.TrimRight(lines[i], "\r")
		if line == "" || line[0] != d.cc && line[0] != d.c2 {
			continue
		}
		rest := d.interpolate(strings.TrimLeft(line[1:], " \t"))
		req, arg, _ := strings.Cut(rest, " ")
		if k := strings.IndexByte(req, '\t'); k >= 0 {
			req, arg = req[:k], req[k+1:]+" "+arg
		}
		arg = strings.TrimLeft(arg, " \t")
		name := d.name(req)
		switch name {
		case "de", "de1", "am", "am1":
			f := strings.Fields(arg)
			end := "."
			if len(f) > 1 {
				end = f[1]
			}
			var body []string
			j := i + 1
			for ; j < len(lines); j++ {
				l := strings.TrimRight(lines[j], "\r")
				if strings.TrimRight(l, " \t") == "."+end { // a dot whatever .cc is (groff 1.22)

					break
				}
				if d.esc != 0 {
					l = strings.ReplaceAll(l, string([]byte{d.esc, d.esc}), string(d.esc)) // copy mode
				}
				body = append(body, l)
			}
			i = j
			if len(f) == 0 {
				continue
			}
			m := d.name(f[0])
			if strings.HasPrefix(name, "am") {
				body = append(append([]string(nil), d.macros[m]...), body...)
			}
			if len(body) > maxRoffLines {
				body = body[:maxRoffLines]
			}
			delete(d.alias, f[0])
			d.macros[f[0]] = body
			if end != "." {
				i = j - 1 // the end line .END is read next: it calls END
			}
		case "ds", "ds1", "as", "as1":
			n, v, _ := strings.Cut(arg, " ")
			v = strings.TrimPrefix(strings.TrimLeft(v, " \t"), "\"")
			if strings.HasPrefix(name, "as") {
				v = d.strs[n] + v
			}
			if n != "" && len(v) < 1<<12 {
				d.strs[n] = v
			}
		case "als":
			f := strings.Fields(arg)
			if len(f) == 2 {
				d.alias[f[0]] = d.name(f[1])
			}
		case "rn":
			f := strings.Fields(arg)
			if len(f) == 2 {
				old := d.name(f[0])
				if body, ok := d.macros[old]; ok {
					d.macros[f[1]] = body
					delete(d.macros, old)
				} else {
					d.alias[f[1]] = old
				}
				d.alias[f[0]] = "\x00removed"
			}
		case "cc", "c2":
			ch := byte('.')
			if name == "c2" {
				ch = '\''
			}
			if arg != "" {
				ch = arg[0]
			}
			if name == "cc" {
				d.cc = ch
			} else {
				d.c2 = ch
			}
		case "ec":
			d.esc = '\\'
			if arg != "" {
				d.esc = arg[0]
			}
		case "eo":
			d.esc = 0
		case "if", "ie", "el", "while":
			// The branch a condition guards, whichever way it goes:
			// .if n .sy CMD, .el .sy CMD (a \{ block's own lines are
			// read as lines).
			k := strings.IndexByte(arg, d.cc)
			if name != "el" {
				k = strings.Index(arg, " "+string(d.cc)) + 1
			}
			if k >= 0 && k < len(arg) && arg[k] == d.cc && calls < maxRoffCalls {
				d.run([]string{arg[k:]}, calls+1)
			}
		case "do":
			if calls < maxRoffCalls {
				d.run([]string{string(d.cc) + arg}, calls+1) // the request, in groff's own mode
			}
		case "sy", "pso":
			if d.ran++; d.ran > maxConfigValues {
				d.w.m.Truncated = true
				continue
			}
			d.w.runTaskText(d.c, d.call, d.call.Dir, arg, d.where+" (."+name+")", false)
		case "open", "opena":
			sn, file, _ := strings.Cut(arg, " ")
			file = strings.TrimSpace(file)
			if sn == "" || file == "" {
				continue
			}
			if _, ok := d.streams[sn]; !ok {
				if len(d.order) >= maxConfigValues {
					d.w.m.Truncated = true
					continue
				}
				d.order = append(d.order, sn)
			}
			d.streams[sn] = &roffStream{file: file, append: name == "opena"}
		case "write", "writec":
			sn, body, _ := strings.Cut(arg, " ")
			if s, ok := d.streams[sn]; ok && len(s.lines) < maxConfigValues {
				s.lines = append(s.lines, strings.TrimPrefix(body, "\""))
			}
		case "so":
			if d.depth < maxRoffDepth && arg != "" && *d.budget > 0 {
				*d.budget--
				if inc, ok := d.w.readScript(d.call.Dir.Join(strings.TrimSpace(arg))); ok {
					d.w.roffText(d.c, d.call, inc, strings.TrimSpace(arg), d.depth+1, d.budget)
				}
			}
		default:
			d.invoke(name, roffArgs(arg), calls)
		}
	}
}

// invoke runs the body of the macro name, when there is one, with args.
func (d *roffDoc) invoke(name string, args []string, calls int) {
	body, ok := d.macros[name]
	if !ok || calls >= maxRoffCalls || d.steps > maxRoffLines {
		return
	}
	d.called[name] = true
	lines := make([]string, len(body))
	for k, l := range body {
		lines[k] = d.substitute(l, args)
	}
	d.run(lines, calls+1)
}
