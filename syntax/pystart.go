package syntax

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Every start of CPython runs its site module before the program: the
// .pth files and usercustomize of the user site PYTHONUSERBASE names, and
// the sitecustomize and usercustomize modules found on PYTHONPATH. That
// is so for python3 by name and just as much for a console script (pip,
// pytest: PythonConsoleScript), a script file whose #! line names Python
// (./manage.py, .venv/bin/black), and uv run FILE.py, which all start the
// same interpreter. startsPython tells those calls apart from the rest.

// startsPython reports whether call starts CPython: an interpreter by
// name, a console script, a script whose #! line names Python, or a .py
// file a venv wrapper runs (uv run x.py).
func (w *walker) startsPython(call *Call) bool {
	if lang.ForProgram(call.Name) == lang.Python || PythonConsoleScript(call.Name) {
		return true
	}
	if n := len(call.Wrappers); n > 0 && slices.Contains(venvWrappers, call.Wrappers[n-1]) && call.NameArg.Static &&
		strings.HasSuffix(call.NameArg.Value, ".py") {
		return true
	}
	if !call.NameArg.Static || !strings.Contains(call.NameArg.Value, "/") {
		return false
	}
	text, ok := w.readScript(call.Dir.Join(call.NameArg.Value))
	return ok && lang.ForFile(call.NameArg.Value, text) == lang.Python && strings.HasPrefix(text, "#!")
}

// pythonInterpreterOpts returns the options of call when it is a Python
// interpreter by name (python3 -S …), nil otherwise: a console script's
// words are its own program's.
func pythonInterpreterOpts(call *Call) []Option {
	if lang.ForProgram(call.Name) != lang.Python {
		return nil
	}
	spec, ok := interpSpecFor(lang.Python, "python")
	if !ok {
		return nil
	}
	opts, _ := ScanOptions(call.Args, spec.opts)
	return opts
}
