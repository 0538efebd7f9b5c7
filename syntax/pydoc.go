package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// pyDottedName matches a Python module name: identifiers joined by dots.
var pyDottedName = lazy.Regexp{Expr: `^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$`}

// pydocRun models pydoc (pydoc3, python3 -m pydoc) NAME…: pydoc imports
// each NAME to read its documentation, so the module's top-level code
// runs (red team 9 S). A NAME with a "/" that exists is loaded from that
// file (pydoc's importfile), as python3 NAME would run it; a dotted name
// is imported with the working directory first on the module path, so a
// project module (and one that shadows the library's) is read as an
// import is. -k (a search of the docstrings) imports the library's packages, found
// first in the working directory (pyStdlibShadows); -p and -b (a
// documentation server) import no NAME; -w NAME… writes NAME.html after importing it.
func (w *walker) pydocRun(c scope, call *Call, label string, args []Arg) {
	var names []Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Static {
			continue // a name only known at run time: nothing to read
		}
		switch v := a.Value; {
		case v == "-k" || strings.HasPrefix(v, "-k"):
			// The search walks every package on the module path,
			// importing each: a project file named as a library module
			// in the working directory (pydoc puts it first) runs.
			w.pyStdlibShadows(c, call, []string{"."}, lang.PyStdlibNames(), label+" -k", label, false)
			return
		case v == "-p" || v == "-b" || strings.HasPrefix(v, "-p"):
			return
		case v == "-n":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			names = append(names, a)
		}
	}
	w.importNames(c, call, label, names)
}

// inspectRun models python3 -m inspect [-d] MODULE[:QUALNAME]: the module
// is imported (its top-level code runs) to show its source.
func (w *walker) inspectRun(c scope, call *Call, label string, args []Arg) {
	for _, a := range args {
		if !a.Static || strings.HasPrefix(a.Value, "-") {
			continue
		}
		mod, _, _ := strings.Cut(a.Value, ":")
		w.importNames(c, call, label, []Arg{{Value: mod, Raw: a.Raw, Static: true}})
		return
	}
}

// importNames reads each name as Python imports it from the working
// directory: a path with a "/" as the file it names, a dotted name as
// "import NAME" in code given on the command line.
func (w *walker) importNames(c scope, call *Call, label string, names []Arg) {
	for _, a := range names {
		v := a.Value
		switch {
		case strings.Contains(v, "/"):
			words := []Arg{{Value: "python3", Raw: "python3", Static: true}, a}
			w.argvChild(c, call, words, label, call.env, call.Dir)
		case pyDottedName.Get().MatchString(v):
			w.program(c, call, lang.Python, "import "+v+"\n", label, false, "")
		}
	}
}
