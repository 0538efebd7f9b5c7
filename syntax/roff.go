package syntax

import (
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
// includes.
func (w *walker) roffText(c scope, call *Call, text, where string, depth int, budget *int) {
	type stream struct {
		file   string
		append bool
		lines  []string
	}
	var order []string
	ran := 0
	streams := map[string]*stream{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] != '.' && line[0] != '\'' {
			continue
		}
		rest := strings.TrimLeft(line[1:], " \t")
		req, arg, _ := strings.Cut(rest, " ")
		if i := strings.IndexByte(req, '\t'); i >= 0 {
			req, arg = req[:i], req[i+1:]+" "+arg
		}
		arg = strings.TrimLeft(arg, " \t")
		switch req {
		case "sy", "pso":
			if ran++; ran > maxConfigValues {
				w.m.Truncated = true
				continue
			}
			w.runTaskText(c, call, call.Dir, arg, where+" (."+req+")", false)
		case "open", "opena":
			name, file, _ := strings.Cut(arg, " ")
			file = strings.TrimSpace(file)
			if name == "" || file == "" {
				continue
			}
			if _, ok := streams[name]; !ok {
				if len(order) >= maxConfigValues {
					w.m.Truncated = true
					continue
				}
				order = append(order, name)
			}
			streams[name] = &stream{file: file, append: req == "opena"}
		case "write", "writec":
			name, body, _ := strings.Cut(arg, " ")
			if s, ok := streams[name]; ok && len(s.lines) < maxConfigValues {
				s.lines = append(s.lines, strings.TrimPrefix(body, "\""))
			}
		case "so", "mso":
			if depth < maxRoffDepth && req == "so" && arg != "" && *budget > 0 {
				*budget--
				if inc, ok := w.readScript(call.Dir.Join(strings.TrimSpace(arg))); ok {
					w.roffText(c, call, inc, strings.TrimSpace(arg), depth+1, budget)
				}
			}
		}
	}
	for _, name := range order {
		s := streams[name]
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
