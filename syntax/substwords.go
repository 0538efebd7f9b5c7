package syntax

import (
	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// SubstWords returns the words of the one simple command a dynamic word
// runs and prints, when the word is that command substitution alone
// ($(git rev-parse wip), "$(…)" or `…`) and the command is literal text:
// no expansion, redirection or assignment, one statement. A rule that
// knows what such a command prints (git rev-parse REV prints REV's
// commit) can judge the word as that value; ok is false otherwise.
func SubstWords(a Arg) ([]string, bool) {
	if a.Static || a.Word == nil || a.Split {
		return nil, false
	}
	cs := wholeCmdSubst(a.Word)
	if cs == nil || len(cs.Stmts) != 1 {
		return nil, false
	}
	st := cs.Stmts[0]
	call, ok := st.Cmd.(*sh.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, false
	}
	var out []string
	for _, w := range call.Args {
		for _, p := range w.Parts {
			switch p.(type) {
			case *sh.Lit, *sh.SglQuoted:
			case *sh.DblQuoted:
				for _, q := range p.(*sh.DblQuoted).Parts {
					if _, lit := q.(*sh.Lit); !lit {
						return nil, false
					}
				}
			default:
				return nil, false
			}
		}
		v, err := expand.Literal(&expand.Config{}, w)
		if err != nil {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}
