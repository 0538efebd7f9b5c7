package syntax

import (
	"path/filepath"
	"slices"
	"strings"
)

// makeStdin returns the texts make reads as a makefile on its standard
// input (-f -, -f /dev/stdin): a here-document or here-string, what the
// stage before prints, or the file redirected in (make -f - < FILE).
func (w *walker) makeStdin(c scope, call *Call) []stdinText {
	out := w.codeOnStdin(c, call)
	if in, ok := w.stdinFileText(call); ok {
		out = append(out, in)
	}
	return out
}

// makeReadEach returns the texts of the file at d for each directory it
// may be in: its path when known, each of the few it is one of (cd DIR
// && …; make -f FILE, where the cd may have failed).
func (w *walker) makeReadEach(d Dir) []string {
	var out []string
	for _, p := range d.Candidates() {
		if text, ok := w.readScript(Dir{Path: p, Known: true}); ok {
			out = append(out, text)
		}
	}
	return out
}

// makeShellFlags judges .SHELLFLAGS given on the command line or in
// MAKEFLAGS/GNUMAKEFLAGS: make runs each recipe line as $(SHELL)
// $(.SHELLFLAGS) LINE, so the value replaces -c (.SHELLFLAGS=./x.sh makes
// /bin/sh run the file ./x.sh for every line of any makefile). It is
// judged as that command line with the recipe standing as RECIPE.
func (w *walker) makeShellFlags(c scope, call, inner *Call, operands []int) {
	var vals []Arg
	for _, i := range operands {
		if v, ok := makeShellFlagsValue(call.Args[i].Value); ok {
			vals = append(vals, Arg{Value: v, Raw: call.Args[i].Raw, Static: call.Args[i].Static})
		}
	}
	for _, name := range []string{"MAKEFLAGS", "GNUMAKEFLAGS"} {
		v, known, set := w.envOf(c, call, name)
		if !set {
			continue
		}
		for _, word := range makeFlagsWords(v) {
			if fv, ok := makeShellFlagsValue(word); ok {
				vals = append(vals, Arg{Value: fv, Raw: name, Static: known})
			}
		}
	}
	for _, a := range vals {
		if !a.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
				What: "make runs its recipes as $(SHELL) " + clip(a.Value, 40) + " LINE (.SHELLFLAGS, " + a.Raw + "), flags only known at run time"})
			continue
		}
		text := "/bin/sh"
		for _, f := range strings.Fields(a.Value) {
			text += " " + Quote(f)
		}
		w.child(c, inner, text+" RECIPE", nil, "make .SHELLFLAGS", false)
	}
}

// makeShellFlagsValue returns the value of a .SHELLFLAGS=…, :=, ::= or
// override assignment word.
func makeShellFlagsValue(word string) (string, bool) {
	name, val, ok := strings.Cut(word, "=")
	if !ok {
		return "", false
	}
	name = strings.TrimSpace(strings.TrimRight(name, ":+?!"))
	name = strings.TrimSpace(strings.TrimPrefix(name, "override "))
	return val, name == ".SHELLFLAGS"
}

// makeFileNames returns the makefiles -f's word a names: the word, the
// files a pattern matches, or the values a word set on some paths only
// takes (cd DIR && f=X; make -f "$f"). A name with no value corral can
// work out, one a command's output chose (make -f "$(ls GNU*)"), is
// asked about, as a script file only known at run time is; a variable of
// the user's environment (make -f "$MAKEFILE") is left to make.
func (w *walker) makeFileNames(call *Call, a Arg) []string {
	if a.Static && !a.Glob {
		return []string{a.Value}
	}
	var out []string
	for _, n := range w.scriptNames(call, a) {
		if n != "" {
			out = append(out, n)
		}
	}
	if !a.Static {
		for _, n := range a.Candidates() {
			// mk/ is what mk/$x gives when x is empty: a directory, no
			// makefile; run time names the file.
			if n != "" && !strings.HasSuffix(n, "/") && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	if !a.Static && (len(out) == 0 || a.Printed || a.SubstOpen()) {
		// No file named (an unset variable's one candidate is "", which
		// names none, and mk/$x's is mk/): make -f "$mk" reads what run
		// time says.
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: call.Name + " reads the makefile " + clip(a.Raw, 40) + ", a file only known at run time"})
	}
	if len(out) == 0 && a.Static {
		out = append(out, a.Value)
	}
	return out
}

// makeDefaultFiles returns the makefile make reads with no -f in a
// directory that is one of a few (cd sub && x=1; make): the first of
// GNUmakefile, makefile and Makefile in each.
func (w *walker) makeDefaultFiles(dir Dir) []makeSource {
	var out []makeSource
	for _, d := range dir.Candidates() {
		for _, f := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if text, ok := w.readScript(Dir{Path: filepath.Join(d, f), Known: true}); ok {
				out = append(out, makeSource{f, text})
				break
			}
		}
	}
	return out
}
