package syntax

import (
	"os"
	"path/filepath"
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
// name, a console script, a script whose #! line names Python, a .py
// file a venv wrapper runs (uv run x.py), or gdb, whose embedded Python
// runs its site module at every start (even with -nx: the user site's
// .pth files under HOME run, checked with gdb 13).
func (w *walker) startsPython(call *Call) bool {
	if lang.ForProgram(call.Name) == lang.Python || PythonConsoleScript(call.Name) || call.Name == "gdb" {
		return true
	}
	if n := len(call.Wrappers); n > 0 && slices.Contains(venvWrappers, call.Wrappers[n-1]) && call.NameArg.Static &&
		strings.HasSuffix(call.NameArg.Value, ".py") {
		return true
	}
	if !call.NameArg.Static {
		return false
	}
	p := call.Dir.Join(call.NameArg.Value)
	if !strings.Contains(call.NameArg.Value, "/") {
		// A console script no table lists, found through the PATH the
		// command set (source .venv/bin/activate; tool): its #! line
		// tells.
		var ok bool
		if p, ok = w.pathScript(call); !ok {
			return false
		}
	}
	text, ok := w.readScript(p)
	return ok && lang.ForFile(p.Path, text) == lang.Python && strings.HasPrefix(text, "#!")
}

// pathScript returns the file the PATH this command set leads call's
// program name to, when that is in a directory that is not a system one
// (a venv's bin after activate, PATH=bin:$PATH), as pathProgram finds it.
func (w *walker) pathScript(call *Call) (Dir, bool) {
	if call.Name == "" || !call.NameArg.Static || strings.Contains(call.NameArg.Value, "/") || w.callState == nil {
		return Dir{}, false
	}
	v, ok := w.pathVar(w.callState)
	if !ok {
		return Dir{}, false
	}
	dirs, _ := pathDirs(v)
	for i, d := range dirs {
		if i >= 64 {
			break
		}
		if d == "" {
			d = "."
		}
		p := call.Dir.Join(d).Join(call.NameArg.Value)
		if !p.Known {
			return Dir{}, false
		}
		if _, wrote := w.written[p.Path]; wrote {
			return p, true
		}
		if w.read == nil {
			continue
		}
		fi, err := os.Stat(p.Path)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if filepath.IsAbs(p.Path) && systemProgram(filepath.Dir(p.Path)+"/") {
			return Dir{}, false
		}
		return p, true
	}
	return Dir{}, false
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
