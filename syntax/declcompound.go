package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Quoted compound array assignments given to a declaration builtin (red
// team 16, DC1). bash's declare, typeset, local, readonly and export read
// an argument NAME=VALUE (or NAME+=VALUE) whose VALUE, after expansion,
// starts with "(" and ends with ")" as the compound assignment
// NAME=(…) when the variable is an array: -a or -A among the options, or
// (declare, typeset) a NAME that already is one. The parentheses may come
// from quotes or from a variable (declare -a 'a=($(cmd))',
// declare -a a='($(cmd))', v='a=(…)'; declare -a "$v"): bash parses the
// text inside again and expands it, so its command substitutions,
// arithmetic and subscripts run. A plain assignment (a='($(cmd))',
// a+='(…)') and a declaration of a variable that is no array
// (declare x='(…)') keep the text as data. (bash 5.2; declare.c,
// declare_internal: "if the value looks like a compound assignment
// (...)", and the manual: "declare … name=value … If -a is supplied
// and the value is a compound assignment …".)

// compoundKind is the kind of the script bash parses out of such a value:
// it runs in the shell itself.
const compoundKind = "compound assignment"

// declArrayFlags reports whether a declaration's options give its
// variables the indexed (-a) or associative (-A) array attribute.
func declArrayFlags(d *sh.DeclClause) bool {
	for _, a := range d.Args {
		if a.Name != nil || a.Value == nil {
			continue
		}
		f := LitText(a.Value)
		if strings.HasPrefix(f, "-") && strings.ContainsAny(f, "aA") {
			return true
		}
	}
	return false
}

// compoundShape reports a value bash reads as a compound assignment.
func compoundShape(v string) bool {
	return len(v) >= 2 && v[0] == '(' && v[len(v)-1] == ')'
}

// maybeParen reports whether a word may expand to text that starts with
// "(": false when its first character is written out and is another one.
func maybeParen(wd *sh.Word) bool {
	first, ok := writtenStart(wd)
	return ok && (first == "" || first[0] == '(')
}

// writtenStart returns the text a word starts with as written (a literal,
// single-quoted or double-quoted literal first part; "" when its first
// part is anything else), and false for no word.
func writtenStart(wd *sh.Word) (string, bool) {
	if wd == nil || len(wd.Parts) == 0 {
		return "", false
	}
	switch p := wd.Parts[0].(type) {
	case *sh.Lit:
		return p.Value, true
	case *sh.SglQuoted:
		return p.Value, true
	case *sh.DblQuoted:
		if len(p.Parts) > 0 {
			if l, ok := p.Parts[0].(*sh.Lit); ok {
				return l.Value, true
			}
		}
	}
	return "", true
}

// declCompound walks an assignment a declaration builtin is given whose
// value bash may read as a compound array assignment (see above). It
// reports whether it did: the caller then leaves the assignment to the
// text walked. array says the options give the array attribute.
func (w *walker) declCompound(c scope, st *state, d *sh.DeclClause, flags []string, a *sh.Assign, array bool) bool {
	if a.Name == nil || a.Value == nil || a.Array != nil || a.Index != nil || a.Naked {
		return false
	}
	variant := d.Variant.Value
	if !array {
		if variant != "declare" && variant != "typeset" {
			return false
		}
		n, ok := st.resolve(a.Name.Value)
		if !ok || !st.get(n).array {
			return false
		}
	}
	r := w.resolver(c, st)
	val := r.literal(a.Value, true)
	if val.Static {
		if !compoundShape(val.Value) {
			return false
		}
		w.declCompoundText(c, st, variant, flags, a.Name.Value, a.Append, val.Value)
		return true
	}
	if !maybeParen(a.Value) {
		return false
	}
	vals, complete := w.runTimeTexts(c, st, a.Value)
	for _, v := range vals {
		if compoundShape(v) {
			w.declCompoundText(c, st, variant, flags, a.Name.Value, a.Append, v)
		}
	}
	if !complete {
		w.compoundUnknown(variant, a.Name.Value)
	}
	st.forget(a.Name.Value)
	return true
}

// declCompoundWord walks a declaration word whose name only run time
// knows (declare -a "$v"), under the array attribute: each NAME=(…) text
// it may hold is walked; a text only run time knows asks.
func (w *walker) declCompoundWord(c scope, st *state, d *sh.DeclClause, flags []string, word *sh.Word) {
	if !maybeName(word) {
		return
	}
	vals, complete := w.runTimeTexts(c, st, word)
	for _, v := range vals {
		name, text, ok := strings.Cut(v, "=")
		appended := strings.HasSuffix(name, "+")
		name = strings.TrimSuffix(name, "+")
		if ok && isName(name) && compoundShape(text) {
			w.declCompoundText(c, st, d.Variant.Value, flags, name, appended, text)
		}
	}
	if !complete {
		w.compoundUnknown(d.Variant.Value, "")
	}
}

// maybeName reports whether a word may expand to text that starts with a
// name: false when its first character is written out and cannot.
func maybeName(wd *sh.Word) bool {
	first, ok := writtenStart(wd)
	if !ok {
		return false
	}
	if first == "" {
		return true
	}
	ch := first[0]
	return ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z'
}

// runTimeTexts returns the texts a word only run time knows may expand
// to, when they are known: the values of a variable that a file read at
// hook time or the paths before gave it, the lines of a file a command
// substitution prints. complete is false when other texts are possible.
func (w *walker) runTimeTexts(c scope, st *state, wd *sh.Word) (vals []string, complete bool) {
	if name, ok := onlyParam(wd); ok {
		v := st.get(name)
		if v.known {
			return nil, false // an array, or a special parameter
		}
		w.chosenEval(name, v)
		vals = v.evalVals()
		complete = len(vals) > 0 && len(v.maybe) == 0 && (len(v.cands) > 0 || len(v.fileVals) > 0)
		return vals, complete
	}
	if vals, ok := w.substFileVals(c, st, wd); ok {
		return vals, true
	}
	if vals, ok := w.substReaderVals(c, st, wd); ok {
		return vals, true
	}
	return nil, false
}

// compoundText walks NAME=TEXT (TEXT "(…)") as the compound assignment
// bash makes of it, with the declaration's own options, in this shell.
func (w *walker) declCompoundText(c scope, st *state, variant string, flags []string, name string, appended bool, text string) {
	var b strings.Builder
	b.WriteString(variant)
	for _, f := range flags {
		if strings.HasPrefix(f, "-") || strings.HasPrefix(f, "+") {
			b.WriteString(" " + f)
		}
	}
	b.WriteString(" " + name)
	if appended {
		b.WriteString("+")
	}
	b.WriteString("=" + text)
	w.childIn(c, nil, b.String(), nil, compoundKind, false, st, st.dir)
}

// compoundUnknown records a compound assignment whose text only run time
// knows: whatever $(…) it holds runs.
func (w *walker) compoundUnknown(variant, name string) {
	what := variant + " reads a value only known at run time as a compound array assignment (NAME=(…)), whose command substitutions run"
	if name != "" {
		what = variant + " reads the value of " + name + ", only known at run time, as a compound array assignment (" + name + "=(…)), whose command substitutions run"
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Always: true, What: what})
}
