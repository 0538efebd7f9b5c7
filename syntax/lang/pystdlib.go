package lang

import (
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// PyStdlib is the Text of an Include effect whose Argv holds the top-level
// names of the standard-library modules that the program's imports load
// in turn (import unittest loads argparse, difflib, fnmatch…). Python
// looks each up on sys.path, whose first entry is the script's directory
// (the working directory for -c, -m and stdin): a project file of that
// name there is imported in its place, wherever the import is made.
const PyStdlib = "python-stdlib"

// pyStdlibTable lists, one module a line, the standard-library modules
// (top-level names) that importing the first one loads, reduced to the
// ones no other listed module already loads (the closure is taken at
// run time). Modules the interpreter imports before sys.path[0] is set
// (os, site, codecs…) and builtin ones cannot be shadowed and are left
// out. A line "M:main …" lists the modules that M's own file imports
// anywhere (run as python -m M, its main code runs) that importing M does
// not already load; a name a module only tries (msvcrt, org) is kept, as the attempt
// still searches sys.path. It is derived from the real interpreter by
// TestPyStdlibTable (-pystdlib.update rewrites pystdlib_table.go).
var pyStdlibTable = lazy.Value[map[string][]string]{New: func() map[string][]string {
	m := map[string][]string{}
	for _, line := range strings.Split(pyStdlibImportsText, "\n") {
		f := strings.Fields(line)
		if len(f) > 1 && f[0] != "#" {
			m[f[0]] = f[1:]
		}
	}
	return m
}}

// pyStdlibVersion is the interpreter version the table was derived from.
func pyStdlibVersion() string {
	v, _, _ := strings.Cut(pyStdlibImportsText, "\n")
	return strings.TrimPrefix(v, "# Python ")
}

// PyStdlibRuns returns, sorted, the top-level names of the
// standard-library modules python -m name loads: those importing it
// loads and those the module's own code imports as it runs as the
// program (http.server's main imports argparse), with theirs in turn.
func PyStdlibRuns(name string) []string {
	main := pyStdlibTable.Get()[name+":main"]
	out := PyStdlibImports(append([]string{name}, main...)...)
	for _, m := range main {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}

// PyStdlibNames returns, sorted, every name in the table: the modules a
// walk of the whole library (pydoc -k) may import.
func PyStdlibNames() []string {
	seen := map[string]bool{}
	var out []string
	for k, v := range pyStdlibTable.Get() {
		for _, n := range append([]string{strings.TrimSuffix(k, ":main")}, v...) {
			if top, _, _ := strings.Cut(n, "."); !seen[top] {
				seen[top] = true
				out = append(out, top)
			}
		}
	}
	sort.Strings(out)
	return out
}

// PyStdlibModule reports whether name (a.b or a) is a standard-library
// module the table knows, or the parent package of one.
func PyStdlibModule(name string) bool {
	t := pyStdlibTable.Get()
	if _, ok := t[name]; ok {
		return true
	}
	top, _, _ := strings.Cut(name, ".")
	_, ok := t[top]
	return ok
}

// PyStdlibImports returns, sorted, the top-level names of the
// standard-library modules that importing the modules names loads (a.b
// loads a first, then a.b), names themselves left out unless another
// loads them. Unknown names (a project's own module) load nothing here.
func PyStdlibImports(names ...string) []string {
	t := pyStdlibTable.Get()
	seen := map[string]bool{}
	var queue []string
	push := func(n string) {
		if !seen[n] {
			seen[n] = true
			queue = append(queue, n)
		}
	}
	for _, n := range names {
		parts := strings.Split(n, ".")
		for k := 1; k <= len(parts); k++ {
			for _, m := range t[strings.Join(parts[:k], ".")] {
				push(m)
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, m := range t[queue[i]] {
			push(m)
		}
	}
	out := queue
	sort.Strings(out)
	return out
}
