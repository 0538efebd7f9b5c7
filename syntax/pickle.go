package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A pickle is a program for Python's unpickler: its GLOBAL and INST
// opcodes (protocols 0 to 3: c/i MODULE\nNAME\n) and STACK_GLOBAL (4 and
// 5: the two strings before \x93) import any callable, and REDUCE calls
// it, so pickle.load of a file runs whatever the file names
// (cos\nsystem\n(S'rm -rf ~'\ntR. is plain ASCII the Write tool makes).
// corral reads the file's imports (red team 9 S): one that names a
// module that runs commands, deletes or loads code (os, subprocess,
// shutil, builtins' eval/exec/__import__ …) asks; the classes of an
// ordinary data pickle (numpy, pandas, torch, collections) pass.

// pickleGlobal matches the GLOBAL and INST opcodes of a pickle with
// their newline-ended names.
var pickleGlobal = lazy.Regexp{Expr: `[ci]([A-Za-z_][\w.]*)\n([A-Za-z_][\w.]*)\n`}

// maxPickleImports bounds the imports read from one pickle.
const maxPickleImports = 64

// pickleImports returns the module and name pairs a pickle imports:
// GLOBAL and INST, and STACK_GLOBAL (\x93) after two SHORT_BINUNICODE
// strings (\x8c LEN BYTES, each maybe memoized with \x94).
func pickleImports(b string) [][2]string {
	var out [][2]string
	for _, m := range pickleGlobal.Get().FindAllStringSubmatch(b, maxPickleImports) {
		out = append(out, [2]string{m[1], m[2]})
	}
	// back returns the short string that ends at end (before a memo).
	back := func(end int) (string, int, bool) {
		if end > 0 && b[end-1] == 0x94 {
			end--
		}
		for n := 1; n <= 255 && end-n-2 >= 0; n++ {
			if b[end-n-2] == 0x8c && int(b[end-n-1]) == n {
				return b[end-n : end], end - n - 2, true
			}
		}
		return "", 0, false
	}
	for i := 0; i < len(b) && len(out) < maxPickleImports; i++ {
		if b[i] != 0x93 {
			continue
		}
		name, at, ok := back(i)
		if !ok {
			continue
		}
		if mod, _, ok := back(at); ok {
			out = append(out, [2]string{mod, name})
		}
	}
	return out
}

// pickleRisky are the modules whose every callable a pickle may not
// import (the first dotted part); pickleRiskyBuiltins the builtins that
// run or reach code.
var pickleRisky = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"os": true, "posix": true, "nt": true, "subprocess": true, "pty": true, "shutil": true,
		"runpy": true, "code": true, "commands": true, "importlib": true, "webbrowser": true, "ctypes": true,
		"socket": true, "sys": true, "pickle": true, "_pickle": true, "marshal": true, "types": true, "pdb": true,
		"multiprocessing": true, "asyncio": true, "popen2": true, "timeit": true, "distutils": true, "pip": true}
}}

var pickleRiskyBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"eval": true, "exec": true, "compile": true, "__import__": true, "getattr": true,
		"setattr": true, "open": true, "execfile": true, "apply": true, "breakpoint": true, "globals": true,
		"vars": true, "input": true}
}}

// pickleRiskyImport returns the first "module.name" a pickle's text
// imports that runs commands or code, or "".
func pickleRiskyImport(text string) string {
	for _, m := range pickleImports(text) {
		mod, name := m[0], m[1]
		first, _, _ := strings.Cut(mod, ".")
		switch {
		case pickleRisky.Get()[first]:
		case (first == "builtins" || first == "__builtin__") && pickleRiskyBuiltins.Get()[name]:
		case first == "operator" && (name == "methodcaller" || name == "attrgetter"):
		default:
			continue
		}
		return mod + "." + name
	}
	return ""
}

// pickleFile models the load of the pickle file name by call: what the
// command wrote there, else the file on disk, asks when it imports a
// callable that runs commands or code. A file corral cannot read (a
// large model) or that does not exist passes.
func (w *walker) pickleFile(c scope, call *Call, name, what string) {
	d := call.Dir.Join(name)
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	if imp := pickleRiskyImport(text); imp != "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
			What: what + " unpickles " + name + ": loading it calls " + imp})
	}
}
