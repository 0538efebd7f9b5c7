package syntax

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// truth is what the model knows of a condition's exit status before it
// runs: it certainly succeeds, certainly fails, or only run time knows.
type truth int

const (
	unknownTruth truth = iota
	alwaysTrue
	alwaysFalse
)

func (t truth) not() truth {
	switch t {
	case alwaysTrue:
		return alwaysFalse
	case alwaysFalse:
		return alwaysTrue
	}
	return unknownTruth
}

func truthOf(b bool) truth {
	if b {
		return alwaysTrue
	}
	return alwaysFalse
}

// condTruth returns whether a condition list (the statements between if
// and then, or one side of && and ||) certainly succeeds or fails, read
// in state st before it runs. Only conditions whose words are all known
// are decided: true, false and :, [ and test comparing strings and
// integers, [[ ]] with the same tests (== and != match a pattern), and
// those joined by !, && and ||. Anything else (a file test, a run-time
// word, a command, a builtin the script redefined as a function or an
// alias) is unknown.
func (w *walker) condTruth(c scope, list []*sh.Stmt, st *state) truth {
	if len(list) != 1 {
		return unknownTruth
	}
	return w.stmtTruth(c, list[0], st, 0)
}

// maxTruthDepth bounds the && / || / ! nesting a condition is read to.
const maxTruthDepth = 32

func (w *walker) stmtTruth(c scope, s *sh.Stmt, st *state, depth int) truth {
	if s == nil || s.Background || s.Coprocess || len(s.Redirs) > 0 || depth > maxTruthDepth {
		return unknownTruth
	}
	var t truth
	switch cmd := s.Cmd.(type) {
	case *sh.CallExpr:
		t = w.callTruth(c, cmd, st)
	case *sh.BinaryCmd:
		x := w.stmtTruth(c, cmd.X, st, depth+1)
		switch cmd.Op {
		case sh.AndStmt:
			if x == alwaysFalse {
				t = alwaysFalse
			} else if x == alwaysTrue {
				t = w.stmtTruth(c, cmd.Y, st, depth+1)
			}
		case sh.OrStmt:
			if x == alwaysTrue {
				t = alwaysTrue
			} else if x == alwaysFalse {
				t = w.stmtTruth(c, cmd.Y, st, depth+1)
			}
		}
	case *sh.TestClause:
		if len(st.aliases) == 0 {
			t = w.testExprTruth(c, cmd.X, st, depth+1)
		}
	case *sh.Block:
		if len(cmd.Stmts) == 1 {
			t = w.stmtTruth(c, cmd.Stmts[0], st, depth+1)
		}
	case *sh.Subshell:
		if len(cmd.Stmts) == 1 {
			t = w.stmtTruth(c, cmd.Stmts[0], st, depth+1)
		}
	}
	if s.Negated {
		t = t.not()
	}
	return t
}

// callTruth decides true, false, :, [ and test with known words.
func (w *walker) callTruth(c scope, ce *sh.CallExpr, st *state) truth {
	if len(ce.Args) == 0 && len(ce.Assigns) > 0 {
		// An assignment succeeds unless a command substitution in it
		// fails (or the variable is read-only, which the model does not
		// know).
		subst := false
		walkTree(ce, func(n sh.Node) bool {
			switch n.(type) {
			case *sh.CmdSubst:
				subst = true
			}
			return !subst
		})
		if subst {
			return unknownTruth
		}
		return alwaysTrue
	}
	if len(ce.Args) == 0 || len(ce.Assigns) > 0 || len(st.aliases) > 0 {
		return unknownTruth
	}
	r := w.resolver(c, st)
	var words []string
	for _, word := range ce.Args {
		for _, a := range r.fields(word) {
			// A lone [ or ] is no pattern: bash keeps it as it is.
			if !a.Static || a.Glob && a.Value != "[" && a.Value != "]" {
				return unknownTruth
			}
			words = append(words, a.Value)
		}
	}
	if len(words) == 0 {
		return unknownTruth
	}
	name := words[0]
	if _, ok := st.funcs[name]; ok {
		return unknownTruth
	}
	switch name {
	case "true", ":":
		return alwaysTrue
	case "false":
		return alwaysFalse
	case "test":
		return testTruth(words[1:])
	case "[":
		if words[len(words)-1] != "]" {
			return unknownTruth
		}
		return testTruth(words[1 : len(words)-1])
	}
	return unknownTruth
}

// testTruth decides the test builtin's arguments the way it reads them by
// their number (POSIX), for string and integer comparisons only.
func testTruth(args []string) truth {
	switch len(args) {
	case 0:
		return alwaysFalse
	case 1:
		return truthOf(args[0] != "")
	case 2:
		switch args[0] {
		case "!":
			return testTruth(args[1:]).not()
		case "-n":
			return truthOf(args[1] != "")
		case "-z":
			return truthOf(args[1] == "")
		}
	case 3:
		if t := binaryTruth(args[1], args[0], args[2], false); t != unknownTruth {
			return t
		}
		if args[0] == "!" {
			return testTruth(args[1:]).not()
		}
		if args[0] == "(" && args[2] == ")" {
			return testTruth(args[1:2])
		}
	case 4:
		if args[0] == "!" {
			return testTruth(args[1:]).not()
		}
	}
	return unknownTruth
}

// binaryTruth decides x op y for string equality and integer comparison;
// with match, == and != compare y as a pattern ([[ ]]).
func binaryTruth(op, x, y string, match bool) truth {
	switch op {
	case "=", "==":
		if match {
			return matchTruth(x, y)
		}
		return truthOf(x == y)
	case "!=":
		if match {
			return matchTruth(x, y).not()
		}
		return truthOf(x != y)
	case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		a, err1 := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		b, err2 := strconv.ParseInt(strings.TrimSpace(y), 10, 64)
		if err1 != nil || err2 != nil {
			return unknownTruth
		}
		switch op {
		case "-eq":
			return truthOf(a == b)
		case "-ne":
			return truthOf(a != b)
		case "-lt":
			return truthOf(a < b)
		case "-le":
			return truthOf(a <= b)
		case "-gt":
			return truthOf(a > b)
		}
		return truthOf(a >= b)
	}
	return unknownTruth
}

// matchTruth reports whether s matches the shell pattern pat (as case and
// [[ == ]] match: * also matches a slash).
func matchTruth(s, pat string) truth {
	expr, err := pattern.Regexp(pat, pattern.EntireString)
	if err != nil {
		return unknownTruth
	}
	return truthOf(regexpMatch(expr, s))
}

// testExprTruth decides a [[ ]] expression.
func (w *walker) testExprTruth(c scope, x sh.TestExpr, st *state, depth int) truth {
	if depth > maxTruthDepth {
		return unknownTruth
	}
	switch x := x.(type) {
	case *sh.Word:
		v, ok := w.testWord(c, x, st, false)
		if !ok {
			return unknownTruth
		}
		return truthOf(v != "")
	case *sh.ParenTest:
		return w.testExprTruth(c, x.X, st, depth+1)
	case *sh.UnaryTest:
		switch x.Op {
		case sh.TsNot:
			return w.testExprTruth(c, x.X, st, depth+1).not()
		case sh.TsNempStr, sh.TsEmpStr:
			word, ok := x.X.(*sh.Word)
			if !ok {
				return unknownTruth
			}
			v, ok := w.testWord(c, word, st, false)
			if !ok {
				return unknownTruth
			}
			return truthOf((v != "") == (x.Op == sh.TsNempStr))
		}
	case *sh.BinaryTest:
		switch x.Op {
		case sh.AndTest, sh.OrTest:
			l := w.testExprTruth(c, x.X, st, depth+1)
			if x.Op == sh.AndTest && l == alwaysFalse || x.Op == sh.OrTest && l == alwaysTrue {
				return l
			}
			if l == unknownTruth {
				return unknownTruth
			}
			return w.testExprTruth(c, x.Y, st, depth+1)
		}
		lw, ok1 := x.X.(*sh.Word)
		rw, ok2 := x.Y.(*sh.Word)
		if !ok1 || !ok2 {
			return unknownTruth
		}
		match := x.Op == sh.TsMatch || x.Op == sh.TsMatchShort || x.Op == sh.TsNoMatch
		l, ok1 := w.testWord(c, lw, st, false)
		r, ok2 := w.testWord(c, rw, st, match)
		if !ok1 || !ok2 {
			return unknownTruth
		}
		return binaryTruth(x.Op.String(), l, r, match)
	}
	return unknownTruth
}

// testWord returns the known value of a word in [[ ]] (no splitting, no
// pathname expansion), or, as a pattern, the word with its quoted pattern
// characters escaped.
func (w *walker) testWord(c scope, word *sh.Word, st *state, asPattern bool) (string, bool) {
	a := w.resolver(c, st).arg(word)
	if !a.Static {
		return "", false
	}
	if asPattern {
		if a.Glob {
			return a.Pattern(), true
		}
		return pattern.QuoteMeta(a.Value, 0), true
	}
	return a.Value, true
}

// caseBranch returns, for a case whose word and patterns (up to the one
// that matches) are known, the index of the item that runs, or -1 when no
// item matches; ok is false when only run time knows, or when an item
// falls through (;& or ;;&).
func (w *walker) caseBranch(c scope, cc *sh.CaseClause, st *state) (int, bool) {
	for _, item := range cc.Items {
		if item.Op != sh.Break && item.OpPos.IsValid() {
			return 0, false
		}
	}
	r := w.resolver(c, st)
	word := r.arg(cc.Word)
	if !word.Static {
		return 0, false
	}
	for i, item := range cc.Items {
		for _, p := range item.Patterns {
			pa := r.arg(p)
			if !pa.Static {
				return 0, false
			}
			pat := pattern.QuoteMeta(pa.Value, 0)
			if pa.Glob {
				pat = pa.Pattern()
			}
			switch matchTruth(word.Value, pat) {
			case alwaysTrue:
				return i, true
			case unknownTruth:
				return 0, false
			}
		}
	}
	return -1, true
}
