package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Command substitutions whose output depends on nothing but their text.
//
// A resolver remembers the substitutions it computed (knownSubst), but the
// walker makes a resolver per command, and each command nested n deep in
// $(echo $(echo …)) computes every substitution below it again: n² work
// for a text of size n (TestPathological nested-cmdsubst-500). A
// substitution that only runs echo, printf, true, false and : on words
// without parameters, arithmetic, globs, tildes or redirections prints
// the same text wherever it stands, in bash as in zsh's reading (echo
// differs there: the shell is part of the key), so the walker keeps its
// output once for every resolver it makes.

// pureKey is a pure substitution as read by one shell.
type pureKey struct {
	cs  *sh.CmdSubst
	zsh bool
}

// pureSubsts is the walker's record of pure substitutions: their output
// and, for every substitution looked at, whether it is pure.
type pureSubsts struct {
	out  map[pureKey]substResult
	pure map[*sh.CmdSubst]bool
}

// isPure reports whether cs prints the same text wherever it stands.
func (ps *pureSubsts) isPure(cs *sh.CmdSubst) bool {
	if p, ok := ps.pure[cs]; ok {
		return p
	}
	pure := true
	walkTree(cs, func(n sh.Node) bool {
		if !pure {
			return false
		}
		switch n := n.(type) {
		case nil: // Walk's call after a node's children
		case *sh.CmdSubst:
			if n != cs {
				if p, ok := ps.pure[n]; ok {
					pure = p
					return false
				}
			}
			if len(n.Last) > 0 {
				pure = false
			}
		case *sh.Stmt:
			if n.Negated || n.Background || n.Coprocess || len(n.Redirs) > 0 {
				pure = false
			}
		case *sh.CallExpr:
			if len(n.Assigns) > 0 || len(n.Args) == 0 {
				pure = false
				break
			}
			name, ok := plainWord(n.Args[0])
			switch {
			case !ok:
				pure = false
			case name == "echo" || name == "printf" || name == "true" || name == "false" || name == ":":
			default:
				pure = false
			}
		case *sh.Word, *sh.DblQuoted, *sh.SglQuoted:
		case *sh.Lit:
			if strings.ContainsAny(n.Value, "*?[~\\{") {
				pure = false
			}
		default:
			// Parameters, arithmetic, process substitution, any other
			// command: depends on where it stands.
			pure = false
		}
		return pure
	})
	ps.pure[cs] = pure
	return pure
}
