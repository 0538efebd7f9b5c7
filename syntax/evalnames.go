package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
)

// Bash evaluates text that looks like data in more places than $( ): a
// variable name written NAME[SUB] has its subscript expanded — as an
// arithmetic expression for an indexed array, as a word for an
// associative one — wherever a builtin takes a name (test -v, [[ -v ]],
// printf -v, read, mapfile, getopts, unset, declare 'a[SUB]=v'), and a
// string evaluated as arithmetic (the operands of [[ -eq ]] and its kin,
// declare -i's values, a variable named in $(( )) whose value names
// another) is an expression whose subscripts expand the same way. A
// command substitution there runs: test -v 'a[$(rm -rf ~)]' deletes the
// home directory. Each such text is walked as the arithmetic expression
// bash makes of it (": $((SUB))"), in the shell's own state.

// maxEvalTexts bounds the texts one command has walked so.
const maxEvalTexts = 256

// evalArith walks text that bash evaluates as an arithmetic expression,
// when it can run or read anything: a substitution, or a name whose
// value is itself evaluated.
func (w *walker) evalArith(c scope, text string, st *state) {
	if text == "" || w.evalTexts >= maxEvalTexts {
		return
	}
	if !arithRuns(text, st) {
		if !strings.ContainsAny(text, "=") && !strings.Contains(text, "++") && !strings.Contains(text, "--") {
			return
		}
		// Walked only for the variables it assigns: text bash cannot
		// read as an expression (it stops at the error) runs nothing.
		if _, err := parseSource(": $((" + text + "))"); err != nil {
			return
		}
	}
	w.evalTexts++
	w.childIn(c, nil, ": $(("+text+"))", nil, "arithmetic", false, st, st.dir)
}

// arithRuns reports arithmetic text that can run something when bash
// evaluates it: an expansion or quote (bash expands the text as if it
// were in double quotes, where single quotes do not hide a
// substitution), or a name whose known value is itself an expression
// that can (x='a[$(rm -rf ~)]'; let y=x; a subscript's names are
// evaluated too).
func arithRuns(text string, st *state) bool {
	if strings.ContainsAny(text, "$`'\"") {
		return true
	}
	for i := 0; i < len(text); {
		ch := text[i]
		if !(ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		if i > 0 && text[i-1] >= '0' && text[i-1] <= '9' {
			i = j
			continue // 0x1f, 16#ff: digits of a number
		}
		for _, val := range st.get(text[i:j]).evalVals() {
			if strings.ContainsAny(val, "$`") || evaluatesNames(val) {
				return true
			}
		}
		i = j
	}
	return false
}

// evalName walks the subscript of a variable name a builtin is given
// (NAME[SUB], with or without =VALUE after it).
func (w *walker) evalName(c scope, a Arg, st *state) {
	if !a.Static {
		// test -v "$x" after x=$(cat n.txt): each value the variable
		// may hold (a file's text read at hook time) is the name.
		if a.Word != nil {
			if name, ok := onlyParam(a.Word); ok {
				if v := st.get(name); !v.known {
					w.chosenEval(name, v)
					for _, val := range v.evalVals() {
						w.evalName(c, Arg{Value: val, Raw: val, Static: true}, st)
					}
				}
			}
		}
		return
	}
	v := a.Value
	if eq := strings.IndexByte(v, '='); eq >= 0 && strings.IndexByte(v[:eq], '[') < 0 {
		return // NAME=VALUE: no subscript
	}
	open := strings.IndexByte(v, '[')
	if open <= 0 || !isName(v[:open]) {
		return
	}
	end := strings.LastIndexByte(v, ']')
	if eq := strings.Index(v, "]="); eq > open {
		end = eq
	}
	if end <= open {
		return
	}
	sub := v[open+1 : end]
	if base, ok := st.resolve(v[:open]); ok && st.get(base).assoc {
		// An associative array's subscript is a string: expanded, not
		// evaluated.
		if strings.ContainsAny(sub, "$`") {
			w.prompt(c, sub, st)
		}
		return
	}
	w.evalArith(c, sub, st)
}

// evalNames walks the names and arithmetic strings a builtin call
// evaluates (see above).
func (w *walker) evalNames(c scope, call *Call, st *state) {
	args := call.Args
	switch call.Name {
	case "test", "[":
		for i, a := range args {
			switch {
			case a.Static && (a.Value == "-v" || a.Value == "-R") && i+1 < len(args):
				w.evalName(c, args[i+1], st)
			case a.Static && arithTestOps.Get()[a.Value] && i > 0 && i+1 < len(args):
				// test's -eq operands are integers (no evaluation).
			}
		}
	case "printf":
		for i, a := range args {
			if a.Static && a.Value == "-v" && i+1 < len(args) {
				w.evalName(c, args[i+1], st)
			}
			if a.Static && strings.HasPrefix(a.Value, "-v") && len(a.Value) > 2 {
				w.evalName(c, Arg{Value: a.Value[2:], Static: true}, st)
			}
		}
	case "read", "mapfile", "readarray", "unset", "getopts", "wait":
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				w.evalName(c, a, st)
			}
		}
	}
}

// arithTestOps are the operators whose operands [[ ]] evaluates as
// arithmetic expressions.
var arithTestOps = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-eq": true, "-ne": true, "-lt": true, "-le": true, "-gt": true, "-ge": true}
}}

// paramVals walks, as arithmetic, the values a word that is only a
// variable not known may hold, when a file read at hook time or the
// paths before gave them ([[ $x -gt 0 ]] after x=$(cat n.txt)).
func (w *walker) paramVals(c scope, wd *sh.Word, st *state) {
	if name, ok := onlyParam(wd); ok {
		w.arithValue(c, name, st)
	} else if cs := wholeCmdSubst(wd); cs != nil {
		// [[ $(cmd) -gt 1 ]], declare -i n=$(cmd): the printed text.
		w.chosenSubst(c, st, cs)
	}
}

// evalTest walks what a [[ ]] expression evaluates: the operands of its
// arithmetic comparisons and the name of -v.
func (w *walker) evalTest(c scope, t *sh.TestClause, st *state) {
	r := w.resolver(c, st)
	walkTree(t.X, func(n sh.Node) bool {
		switch x := n.(type) {
		case *sh.BinaryTest:
			if arithTestOps.Get()[x.Op.String()] {
				for _, side := range []sh.TestExpr{x.X, x.Y} {
					if wd, ok := side.(*sh.Word); ok {
						if a := r.arg(wd); a.Static {
							w.evalArith(c, a.Value, st)
						} else {
							w.paramVals(c, wd, st)
						}
					}
				}
			}
		case *sh.UnaryTest:
			if x.Op == sh.TsVarSet || x.Op == sh.TsRefVar {
				if wd, ok := x.X.(*sh.Word); ok {
					w.evalName(c, r.arg(wd), st)
				}
			}
		case *sh.CmdSubst, *sh.ProcSubst:
			return false
		}
		return true
	})
}

// declEvals walks what declare, typeset, local, export and readonly
// evaluate in a word that is not an assignment as written: a quoted
// NAME[SUB]=VALUE's subscript, and with -i its value, an arithmetic
// expression. (An assignment as written is walked by assign, which
// knows the variable's attributes.)
func (w *walker) declEvals(c scope, d *sh.DeclClause, st *state) {
	r := w.resolver(c, st)
	integer := false
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if f := LitText(a.Value); strings.HasPrefix(f, "-") {
				integer = integer || strings.Contains(f, "i")
				continue
			}
		}
	}
	for _, a := range d.Args {
		switch {
		case a.Naked && a.Name == nil && a.Value != nil:
			v := r.arg(a.Value)
			if strings.HasPrefix(v.Value, "-") || strings.HasPrefix(v.Value, "+") {
				continue
			}
			w.evalName(c, v, st)
			if _, val, ok := strings.Cut(v.Value, "="); ok && integer && v.Static {
				w.evalArith(c, val, st)
			}
		}
	}
}
