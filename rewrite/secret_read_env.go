package rewrite

import (
	"fmt"

	"github.com/corral-dev/corral/syntax"
)

// envPrinter reports whether call c prints the shell's variables or the
// environment with their values: env and printenv with no operand, set with
// no argument, export -p or a bare export, declare/typeset -p or -x with no
// name or a bare declare. (compgen -v prints names only.)
func envPrinter(c *syntax.Call) bool {
	switch c.Name {
	case "env", "printenv":
		for _, a := range c.Args {
			if !a.Static || a.Value == "" || a.Value[0] != '-' || a.Value == "-" {
				return false // printenv NAME, env - cmd
			}
		}
		return true
	case "set":
		return len(c.Args) == 0
	case "export", "declare", "typeset":
		for _, a := range c.Args {
			if !a.Static || a.Value == "" || a.Value[0] != '-' {
				return false // a name: one variable is set or shown
			}
			for _, ch := range a.Value[1:] {
				if ch == 'f' || ch == 'F' {
					return false // functions, not variables
				}
			}
		}
		if c.Name == "export" {
			return true // export, export -p
		}
		if len(c.Args) == 0 {
			return true
		}
		for _, a := range c.Args {
			for _, ch := range a.Value[1:] {
				if ch == 'p' || ch == 'x' {
					return true
				}
			}
		}
	}
	return false
}

// checkSecretEnv judges a command that prints the variables after the
// same script sourced a secret file (source .env; env): the secret's
// values are then printed. Sourcing a project's .env to run a program
// passes; only printing them all is a read.
func (p *Pass) checkSecretEnv(c *syntax.Call) {
	if p.Config.Paths == nil || !envPrinter(c) {
		return
	}
	for _, s := range p.Model.Calls {
		if s.Script != c.Script || s.End > c.Start || s.Name != "source" && s.Name != "." || len(s.Args) == 0 {
			continue
		}
		if sec, ok := p.secretOf(s.Dir, s.Args[0]); ok {
			p.reportSecret(c, sec, fmt.Sprintf("%s prints the variables that %q set from", c.Name, s.Text()))
			return
		}
	}
}
