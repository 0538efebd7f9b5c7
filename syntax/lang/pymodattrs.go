package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A Python module is reachable through every module that imported it
// (red team 19 IC1): a module's import statement binds the imported
// module as one of its attributes, so after import glob, glob.os is the
// module os, glob.os.remove is os.remove, tempfile._os (import os as _os)
// is os, os.path.os (posixpath's own import of os) is os again and
// shutil.posix is posix, whose functions are os's. The call readers name
// a module's functions by the module's own name; the tokens of a dotted
// name that starts with a standard-library module and goes on through
// module attributes are rewritten into that name (pyModuleAttr), before
// the lookups and calls are read, and so are the names an import binds
// (from glob import os; import os.path as p then p.os).

// pyModuleAttrTable maps each standard-library module (its own name, a
// package's submodules too) to its attributes that hold another module
// and that module's own name (glob: os → os; tempfile: _os → os; os:
// path → posixpath). A submodule held under its own name (xml.etree by
// xml) is no entry: it is the module of that full name. It is derived
// from the real interpreter by TestPyModuleAttrsTable (-pymodattrs.update
// rewrites pymodattrs_table.go).
var pyModuleAttrTable = lazy.Value[map[string]map[string]string]{New: func() map[string]map[string]string {
	m := map[string]map[string]string{}
	for _, line := range strings.Split(pyModuleAttrsText, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] == "#" {
			continue
		}
		attrs := map[string]string{}
		for _, a := range f[1:] {
			name, mod, ok := strings.Cut(a, "=")
			if !ok {
				mod = name
			}
			attrs[name] = mod
		}
		m[f[0]] = attrs
	}
	return m
}}

// pyHeldModules are the modules whose functions run or delete, read as
// themselves when they are an attribute of a module or object corral
// does not know (mylib.os is os).
var pyHeldModules = lazy.Set{List: []string{"os", "posix", "shutil", "subprocess", "pty"}}

// pyModuleAttrsVersion is the interpreter version the table was derived
// from.
func pyModuleAttrsVersion() string {
	v, _, _ := strings.Cut(pyModuleAttrsText, "\n")
	return strings.TrimPrefix(v, "# Python ")
}

// pyModuleSpelling is the name the call readers know module mod by:
// posixpath is os.path, posix is os (os's functions are posix's).
func pyModuleSpelling(mod string) string {
	switch mod {
	case "posixpath":
		return "os.path"
	case "posix":
		return "os"
	}
	return mod
}

// pyModuleWalk reads the parts of a dotted name as far as they reach
// modules: parts[0] a standard-library module, each next part a module
// attribute of the one before or its submodule. It returns the module
// reached (its own name) and the number of parts read; 0 when parts[0]
// is no standard-library module.
func pyModuleWalk(parts []string) (string, int) {
	t := pyModuleAttrTable.Get()
	if len(parts) == 0 {
		return "", 0
	}
	if _, ok := t[parts[0]]; !ok {
		return "", 0
	}
	mod, n := parts[0], 1
	for ; n < len(parts) && n < maxSegments; n++ {
		if to, ok := t[mod][parts[n]]; ok {
			mod = to
			continue
		}
		if _, ok := t[mod+"."+parts[n]]; ok {
			mod += "." + parts[n]
			continue
		}
		break
	}
	return mod, n
}

// pyModuleReach is pyModuleWalk, and for a name that does not start
// with a standard-library module, the module of pyHeldModules it reaches:
// a module corral does not know (the project's, a package's) holds the
// modules it imports under their own names too (mylib.os.remove and
// self.shutil.rmtree are os's and shutil's).
func pyModuleReach(parts []string) (string, int) {
	mod, n := pyModuleWalk(parts)
	if n > 0 {
		return mod, n
	}
	for k := 1; k < len(parts) && k < maxSegments; k++ {
		if pyHeldModules.Has(parts[k]) {
			return parts[k], k + 1
		}
	}
	return "", 0
}

// pyModuleName returns the dotted name the call readers know name by:
// its leading parts that reach a module through module attributes
// (glob.os.remove, tempfile._os.unlink, os.path.os.system) spelled as
// that module (os.remove, os.unlink, os.system). Other names are
// returned as they are.
func pyModuleName(name string) string {
	parts := strings.Split(name, ".")
	mod, n := pyModuleReach(parts)
	if n < 2 {
		return name
	}
	return strings.Join(append([]string{pyModuleSpelling(mod)}, parts[n:]...), ".")
}

// pyModuleAliases spells the names an import binds as the modules they
// are (from glob import os: os is os, not glob.os).
func pyModuleAliases(a aliases) {
	for k, v := range a {
		a[k] = pyModuleName(v)
	}
}

// pyModuleAttr rewrites, at token i of in, a dotted name that reaches a
// module through another module's attributes into that module's name
// (glob.os.remove into os.remove). A name that spells the module as a
// name the text binds to something else (import subprocess as os, then
// glob.os.remove) is only known at run time: Hidden.
func (p *parser) pyModuleAttr(in []token, i int, out []token) ([]token, int, int, bool) {
	t := in[i]
	if t.kind != tIdent || member(out) || !isP(p.tokenAt(in, i+1), ".") || p.tokenAt(in, i+2).kind != tIdent {
		return nil, 0, 0, false
	}
	first := strings.Split(p.al.resolve(t.text), ".")
	parts := first
	for j := i + 1; len(parts) < maxSegments && isP(p.tokenAt(in, j), ".") && p.tokenAt(in, j+1).kind == tIdent; j += 2 {
		parts = append(parts, p.tokenAt(in, j+1).text)
	}
	mod, n := pyModuleReach(parts)
	if n <= len(first) {
		return nil, 0, 0, false // no attribute of a module read here
	}
	spelled := pyModuleSpelling(mod)
	if spelled == strings.Join(parts[:n], ".") {
		return nil, 0, 0, false // os.path is os.path
	}
	top, _, _ := strings.Cut(spelled, ".")
	if bound, ok := p.al[top]; ok && bound != top {
		p.hidden(strings.Join(parts[:n], "."), strings.Join(parts[:n], ".")+" is the module "+spelled+", a name the code binds to "+bound, t.off)
		return nil, 0, 0, false
	}
	return nameToks(spelled, t.off), i + 1 + 2*(n-len(first)), 0, true
}
