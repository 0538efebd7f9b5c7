package syntax

import (
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Words xargs or GNU parallel feed a program whose words are code (red
// team 14 XA1, beyond git: gitfed.go). make reads a fed NAME=VALUE,
// NAME!=CMD, -f FILE or --eval=TEXT as it reads a written one, and
// sqlite3 runs a fed statement or dot command (.shell, .output FILE,
// .open FILE) as it runs a written one. The call xargs builds with the
// inputs corral knows at hook time (a here-string, echo/printf before
// it, xargs -a FILE, parallel's :::) is judged as written: by the
// options that hand a program code (optionCode), and by make's and
// sqlite3's models. When the inputs are only known at run time and they
// land where a word is code (make's operands, sqlite3's statements), the
// call asks; where they only name a file or directory (xargs -I{} make
// -C {}, xargs -I{} sqlite3 {} .tables) it does not.

// maxFedCalls bounds the fed calls walked for one call.
const maxFedCalls = 16

// fedArgvList returns the argument vectors xargs or GNU parallel (sem)
// build for call: the inputs appended (all at once, as xargs packs
// them, and each alone), or put in place of the replace string (-I{},
// parallel's {}) in every word. ok is false when call is not so run or
// no input reaches it; known is false when the inputs are only known at
// run time (or too many to follow), then ph and placed tell where they
// land.
func (w *walker) fedArgvList(c scope, call *Call) (argvs [][]Arg, ph string, placed, known, ok bool) {
	last := lastWrapper(call)
	if !call.ExtraArgs || last != "xargs" && last != "parallel" && last != "sem" {
		return nil, "", false, false, false
	}
	ph = call.Replace
	if ph == "" && last != "xargs" {
		ph = "{}" // parallel replaces {} without being asked to
	}
	placed = slices.ContainsFunc(call.Args, func(a Arg) bool { return call.HasPlaceholder(a.Value) })
	if call.Replace != "" && !placed && last == "xargs" {
		return nil, ph, false, true, false // xargs -I{} CMD without {}: no input reaches it
	}
	inputs, known := w.templateInputs(c, call, call.Replace != "" || last != "xargs")
	if !known || len(inputs) > maxTemplateInputs {
		return nil, ph, placed, false, true
	}
	if placed {
		for _, in := range inputs {
			run := slices.Clone(call.Args)
			for i := range run {
				if call.HasPlaceholder(run[i].Value) {
					run[i] = call.FillArg(run[i], in)
				}
			}
			argvs = append(argvs, run)
		}
		return argvs, ph, placed, true, true
	}
	argvs = append(argvs, append(slices.Clone(call.Args), inputs...))
	if len(inputs) > 1 {
		// xargs -n1, -L1, parallel: one input a call.
		for _, in := range inputs {
			argvs = append(argvs, append(slices.Clone(call.Args), in))
		}
	}
	return argvs, ph, placed, true, true
}

// fedPrograms judges the calls xargs or parallel build for call with the
// words they feed it (see above).
func (w *walker) fedPrograms(c scope, call *Call) {
	isMake := call.Name == "make" || call.Name == "gmake"
	isSQL := call.Name == "sqlite3" || call.Name == "sqlite" || call.Name == "duckdb"
	if call.HasPlaceholder(call.NameArg.Value) {
		w.fedNameRuns(c, call)
	}
	argvs, _, placed, known, ok := w.fedArgvList(c, call)
	if !ok {
		return
	}
	if !known {
		code := false
		switch {
		case isMake:
			// Any operand may be NAME!=CMD; an option value (-C {})
			// only names a directory or file the model asks about.
			_, operands := ScanOptions(call.Args, makeSpec)
			code = !placed || slices.ContainsFunc(operands, func(i int) bool { return call.HasPlaceholder(call.Args[i].Value) })
		case isSQL:
			// The first operand is the database; every word after it
			// (and -cmd's) is a statement or a dot command.
			opts, operands := ScanOptions(call.Args, sqliteSpec.Get())
			code = !placed
			for k, i := range operands {
				code = code || k > 0 && call.HasPlaceholder(call.Args[i].Value)
			}
			for _, o := range opts {
				code = code || o.HasVal && call.HasPlaceholder(o.Val.Value) && (o.Name == "cmd" || o.Name == "c" || o.Name == "s")
			}
		}
		if code {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: lastWrapper(call) + " feeds " + call.Name + " words only known at run time, where a word is " + call.Name + " code (make's NAME!=CMD, sqlite3's .shell)"})
		}
		return
	}
	for i, argv := range argvs {
		if i >= maxFedCalls {
			break
		}
		inner := *call
		inner.Args = argv
		inner.ExtraArgs = false
		inner.Inputs = nil
		w.optionCode(c, &inner)
		switch {
		case isMake:
			w.makeRun(c, &inner)
		case isSQL:
			w.sqliteProgram(c, &inner)
		case call.Name != "git" && !IsShell(call.Name) && !slices.ContainsFunc(argv, func(a Arg) bool { return !a.Static }) &&
			(fedOption(call.Args, argv) || awkNames.Has(call.Name) || call.Name == "sed" || call.Name == "gsed"):
			// Any other program given an option this way, or an awk
			// or sed program: the command as xargs runs it, judged as
			// if written (tar --to-command=…, ssh -o ProxyCommand=…,
			// find . -exec …, awk 'BEGIN{system(…)}', sed '1e …').
			// Fed operands of other programs are judged by the rules
			// that read xargs' inputs (rm, cp, cat, …), and an
			// acquisition fed its URL keeps its rewrite.
			w.argvChild(c, call, append([]Arg{call.NameArg}, argv...), "xargs "+call.Name, nil, call.Dir)
		}
	}
}

// fedNameRuns walks the commands xargs -I or parallel build when the
// replacement string is in the command's name (echo rm | xargs -I{} {}
// -rf ~, echo r | xargs -I{} {}m -rf ~): with each input known at hook
// time put in place in every word, the name included, each is the
// command written out.
func (w *walker) fedNameRuns(c scope, call *Call) {
	inputs, known := w.templateInputs(c, call, true)
	if !known || len(inputs) == 0 || len(inputs) > maxTemplateInputs {
		return
	}
	words := append([]Arg{call.NameArg}, call.Args...)
	var runs [][]Arg
	for _, in := range inputs {
		if in.Glob {
			return // a listing's names: no known command name
		}
		run := slices.Clone(words)
		for i := range run {
			if call.HasPlaceholder(run[i].Value) {
				run[i] = call.FillArg(run[i], in)
			}
		}
		if run[0].Static && run[0].Value != "" {
			runs = append(runs, run)
		}
	}
	// The commands built are whole: no word is appended at run time.
	call.ExtraArgs = false
	for _, run := range runs {
		w.argvChild(c, call, run, lastWrapper(call)+" "+run[0].Value, nil, call.Dir)
	}
	call.ExtraArgs = true
}

// sqliteSpec reads sqlite3's options (one dash, each taking the next
// word when sqliteValueOptions lists it) up to the database.
var sqliteSpec = lazy.Value[OptSpec]{New: func() OptSpec {
	spec := OptSpec{LongOne: true, Stop: true, LongFlag: []string{"A", "append", "ascii", "bail", "batch", "box", "column",
		"csv", "deserialize", "echo", "header", "help", "html", "interactive", "json", "line", "list", "markdown", "memtrace",
		"multiplex", "no-rowid-in-view", "nofollow", "noheader", "nonce", "quote", "readonly", "safe", "stats", "table", "tabs",
		"unsafe-testing", "version", "zip"}}
	for name := range sqliteValueOptions.Get() {
		if len(name) == 1 {
			spec.ShortVal += name
		} else {
			spec.LongVal = append(spec.LongVal, name)
		}
	}
	sort.Strings(spec.LongVal)
	b := []byte(spec.ShortVal)
	slices.Sort(b)
	spec.ShortVal = string(b)
	return spec
}}

// fedOption reports a word xargs or parallel put into argv (appended
// after the written words, or at the replace string) that is an option.
func fedOption(written, argv []Arg) bool {
	for i, a := range argv {
		fed := i >= len(written) || a.Value != written[i].Value
		if fed && strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			return true
		}
	}
	return false
}
