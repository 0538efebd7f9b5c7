package rewrite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
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
	if p.Config.Paths == nil {
		return
	}
	srcs := c.Sources
	if c.Name == "env" || c.Name == "printenv" {
		// They print their environment, which holds what a loader put
		// there too (dotenv -e .env -- env, honcho run printenv KEY).
		srcs = append(slices.Clip(srcs), c.Env...)
	}
	if c.Name == "printenv" && len(srcs) > 0 {
		// printenv KEY prints that variable.
		var names []string
		for _, a := range c.Args {
			if a.Static && !strings.HasPrefix(a.Value, "-") {
				names = append(names, a.Value)
			}
		}
		if len(names) > 0 {
			if sec, name, ok := p.secretSource(c.Dir, srcs, names); ok {
				p.reportSecret(c, sec, fmt.Sprintf("%s prints %s, which holds the content of", c.Name, name))
			}
			return
		}
	}
	if !envPrinter(c) {
		return
	}
	if sec, name, ok := p.secretSource(c.Dir, srcs, nil); ok {
		p.reportSecret(c, sec, fmt.Sprintf("%s prints %s, which holds the content of", c.Name, name))
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

// secretSource returns the first secret file whose content a variable of
// srcs may hold, and how to name that variable: among names when given
// (a name srcs does not list may come from a file sourced unread), else
// every variable. A printer of the exported ones only (env, export -p)
// is judged as a printer of all of them: a variable the environment gave
// is already exported when a sourced file sets it.
func (p *Pass) secretSource(dir syntax.Dir, srcs []syntax.VarSource, names []string) (guards.Secret, string, bool) {
	for _, s := range srcs {
		switch {
		case len(names) > 0 && s.Name == "":
			// Sourced unread: a name no later assignment set may be it.
			listed := map[string]bool{}
			for _, o := range srcs {
				listed[o.Name] = true
			}
			n := ""
			for _, x := range names {
				if !listed[x] {
					n = x
					break
				}
			}
			if n == "" {
				continue
			}
			if sec, ok := p.secretFile(dir, s.Files); ok {
				return sec, "$" + n, true
			}
			continue
		case len(names) > 0 && !containsString(names, s.Name):
			continue
		}
		// exported is not a filter: a variable the environment gave
		// was exported before the file changed its value, and the
		// model does not know which ones it gave.
		if sec, ok := p.secretFile(dir, s.Files); ok {
			name := "the variables"
			if s.Name != "" {
				name = "$" + s.Name
			}
			return sec, name, true
		}
	}
	return guards.Secret{}, "", false
}

// secretFile returns the first of files (as syntax names them in a
// variable's sources) that is a secret.
func (p *Pass) secretFile(dir syntax.Dir, files []string) (guards.Secret, bool) {
	for _, f := range files {
		if sec, ok := p.secretOf(dir, syntax.Arg{Value: f, Static: true, Raw: f}); ok {
			return sec, true
		}
	}
	return guards.Secret{}, false
}

// argPrinters are the commands that print their arguments: echo and
// printf (not printf -v, which assigns).
func argPrinter(c *syntax.Call) bool {
	switch c.Name {
	case "echo", "printf", "print":
		for _, a := range c.Args {
			if c.Name == "printf" && (a.Value == "-v" || strings.HasPrefix(a.Value, "-v")) {
				return false
			}
		}
		return true
	}
	return false
}

// checkSecretVars judges the uses of variables that hold a secret file's
// content (source .env, B=$KEY): a command that prints such a variable
// (echo "$KEY", printf %s "$AWS_SECRET_ACCESS_KEY") and a declaration
// that prints the variables (export -p, declare -p, declare -p KEY)
// reads that file. Sending one to the network is the exfiltrate rule's.
func checkSecretVars(p *Pass) {
	if p.Config.Paths == nil {
		return
	}
	checkShellReads(p)
	checkFileReaders(p)
	checkConfigFileReaders(p)
	for _, c := range p.Model.Calls {
		if len(c.Sources) == 0 || !argPrinter(c) {
			continue
		}
		for _, a := range c.Args {
			if len(a.From()) == 0 {
				continue
			}
			if sec, ok := p.secretFile(c.Dir, a.From()); ok {
				p.reportSecret(c, sec, fmt.Sprintf("%s prints %s, which holds the content of", c.Name, a.Raw))
				break
			}
		}
	}
	for _, v := range p.Model.Prints {
		srcs := v.Sources
		if v.Readonly {
			// readonly -p lists the read-only variables only: a
			// sourced one is not, unless readonly was given it.
			srcs = nil
			for _, s := range v.Sources {
				if s.Readonly {
					srcs = append(srcs, s)
				}
			}
		}
		if len(srcs) == 0 {
			continue
		}
		sec, name, ok := p.secretSource(v.Dir, srcs, v.Names)
		if !ok {
			continue
		}
		d := Deny
		if p.Config.Paths.Secrets().Verdict == guards.Ask {
			d = Ask
		}
		text := v.Text()
		f := Finding{Rule: "secret-read", Decision: d, PathContext: "blocked", Text: text,
			Message: sec.Reason(fmt.Sprintf("%s prints %s, which holds the content of", strings.Fields(text + " ?")[0], name))}
		f.Start, f.End = topSpanOf(v.Script, v.Start, v.End)
		p.Report(nil, f)
	}
	checkSecretInput(p)
	checkTaintedPrints(p)
	checkTaintedReach(p)
}

// dotenvPrints judges python-dotenv's command line (dotenv [-f FILE] [-q
// MODE] [-e BOOL] list|get KEY, also as python3 -m dotenv): list and get
// print the values of FILE (./.env by default), a read of it; set,
// unset and run print none (run's command gets them in its environment:
// syntax's envFileLoads).
func (p *Pass) dotenvPrints(c *syntax.Call, args []syntax.Arg) bool {
	opts, ops := scan(args, optSpec{shortVal: "fqe", longVal: longOpts("file", "quote", "export"), longEq: true})
	if len(ops) == 0 || !args[ops[0]].Static {
		return false
	}
	if v := args[ops[0]].Value; v != "list" && v != "get" {
		return false
	}
	file := syntax.Arg{Value: ".env", Raw: ".env", Static: true}
	if f := find(opts, "f", "file"); len(f) > 0 {
		file = f[len(f)-1].val
	}
	if s, ok := p.secretOf(c.Dir, file); ok {
		p.reportSecret(c, s, fmt.Sprintf("%s %s prints the values of", c.Name, args[ops[0]].Value))
		return true
	}
	return false
}
