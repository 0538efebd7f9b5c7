package syntax

import (
	"slices"
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Text that reaches bash's arithmetic through a carrier (red team 16
// AR1). A value bash evaluates as arithmetic ($((n)), ((n)), [[ n -eq 1
// ]], a subscript, let) is itself an expression whose subscripts expand:
// a file holding a[$(cmd)] runs cmd when its text becomes such a value.
// x=$(cat f) and read x < f carry the file's text (fileVals, read at
// hook time) and x=$(prog) the program's (wroteRead: it asks); the same
// text carried by a for loop's variable (for n in $(cat f), "$(cat f)",
// `cat f`), by an array (a=($(cat f))), or by the positional parameters
// (set -- $(cat f), f "$(cat f)") is carried the same way here: the
// file's lines and their words are evaluated, a program's output asks.
// A program that prints a number (wc -l, seq) carries nothing
// (chosenOutput).

// carried is the text a word list may put in a variable: values read
// from files at hook time, and the first program whose output only run
// time knows.
type carried struct {
	vals []string
	call *Call
}

func (cr carried) empty() bool { return len(cr.vals) == 0 && cr.call == nil }

// carriedText returns what words that are command substitutions (or a
// variable carrying such text) put in the variable they fill.
func (w *walker) carriedText(c scope, st *state, words []*sh.Word) carried {
	var out carried
	for _, wd := range words {
		if wd == nil {
			continue
		}
		cs := wholeCmdSubst(wd)
		if cs == nil {
			if name, ok := onlyParam(wd); ok {
				if v := st.get(name); !v.known {
					out.vals = append(out.vals, v.fileVals...)
					if out.call == nil && v.wrotePath == "" {
						out.call = v.wroteRead
					}
				}
			}
			continue
		}
		if vals, ok := w.substFileVals(c, st, wd); ok {
			out.vals = append(out.vals, withFields(vals)...)
			continue
		}
		if vals, ok := w.substReaderVals(c, st, wd); ok {
			out.vals = append(out.vals, withFields(vals)...)
			continue
		}
		if call, ok := w.chosenOutput(c, st, cs); ok && out.call == nil && !printsNames(call) {
			out.call = call
		}
	}
	sort.Strings(out.vals)
	out.vals = slices.Compact(out.vals)
	if len(out.vals) > MaxReadLines {
		out.vals = out.vals[:MaxReadLines]
	}
	return out
}

// withFields returns the lines and the words each splits into (an
// unquoted substitution's fields).
func withFields(lines []string) []string {
	out := slices.Clone(lines)
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 1 {
			out = append(out, f...)
		}
	}
	return out
}

// carryInto gives a variable not known the text cr carries.
func (st *state) carryInto(name string, cr carried) {
	if cr.empty() {
		return
	}
	n, ok := st.resolve(name)
	if !ok {
		return
	}
	v := st.get(n)
	if v.known || v.nameref {
		return
	}
	v.fileVals = union(v.fileVals, cr.vals)
	if v.wroteRead == nil && cr.call != nil {
		v.wroteRead, v.wrotePath = cr.call, ""
	}
	st.setVar(n, v)
}

// positionalName reports $1…, $@ and $*.
func positionalName(name string) bool {
	if name == "@" || name == "*" {
		return true
	}
	return name != "" && name != "0" && strings.Trim(name, "0123456789") == ""
}

// posCarried evaluates the text the positional parameters carry, where
// they are only known at run time and a parameter is evaluated as
// arithmetic.
func (w *walker) posCarried(c scope, st *state) {
	if st.posKnown || st.posCarry.empty() {
		return
	}
	v := variable{fileVals: st.posCarry.vals, wroteRead: st.posCarry.call}
	w.chosenEval("1", v)
	for _, val := range st.posCarry.vals {
		w.evalArith(c, val, st)
	}
}

// argWords returns the words of args that are only known at run time.
func argWords(args []Arg) []*sh.Word {
	var out []*sh.Word
	for _, a := range args {
		if !a.Static && a.Word != nil {
			out = append(out, a.Word)
		}
	}
	return out
}

// carryArray gives an array not known the text its elements' command
// substitutions carry (a=($(cat f))).
func (w *walker) carryArray(c scope, st *state, a *sh.Assign, v variable) variable {
	var words []*sh.Word
	for _, e := range a.Array.Elems {
		if e.Value != nil {
			words = append(words, e.Value)
		}
	}
	cr := w.carriedText(c, st, words)
	v.fileVals = union(v.fileVals, cr.vals)
	if v.wroteRead == nil && cr.call != nil {
		v.wroteRead, v.wrotePath = cr.call, ""
	}
	return v
}

// printsNames reports compgen listing names of the shell's own (-e, -v,
// -A variable, -A function, …): names hold no subscript, so a loop over
// them (for v in $(compgen -v); do echo "${!v}"; done) evaluates nothing
// a program chose. -W, -G, -C, -F and -X put other text in the output.
func printsNames(call *Call) bool {
	if call.Name != "compgen" || len(call.Wrappers) > 0 {
		return false
	}
	for _, a := range call.Args {
		if !a.Static || strings.HasPrefix(a.Value, "-") && strings.ContainsAny(a.Value, "WGCFX") {
			return false
		}
	}
	return true
}
