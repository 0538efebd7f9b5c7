package rewrite

import "github.com/corral-dev/corral/syntax"

// movedCandidates is resolveMoved for every value word a can take: its
// value when static, else each of its candidates (syntax.Arg.Candidates:
// the values different paths gave a variable, and those it has when an
// unknown variable is unset or empty): f=b/setup.sh assigned in one
// branch, git clone URL && f=b/x.sh; cp $f src/, copies b/x.sh, which
// the clone's rewrite moved into the sandbox, or nothing. None when run
// time alone knows the value.
func movedCandidates(c *syntax.Call, ix relocationIndex, a syntax.Arg) []string {
	if a.Static {
		if p, ok := resolveMoved(c, ix, a); ok {
			return []string{p}
		}
		return nil
	}
	var out []string
	for _, v := range a.Candidates() {
		if v == "" {
			continue // an empty unquoted word is no operand
		}
		b := a
		b.Value, b.Static, b.OneOf = v, true, false
		if p, ok := resolveMoved(c, ix, b); ok {
			out = append(out, p)
		}
	}
	return out
}

// valueRead returns the file under the sandbox whose content a word of
// call c expands (syntax.Arg.From: a variable that x=$(cat F), x=$(< F),
// read, mapfile or source filled from F), or "": echo "$x" > p after
// x=$(cat agent_sandbox/x) copies that file out as cat would.
func (p *Pass) valueRead(c *syntax.Call, ix relocationIndex) string {
	if argPrinter(c) {
		// echo "$(cat agent_sandbox/x)" > p: a substitution in the
		// printer's words that reads a sandbox file hands its content
		// to the words, as x=$(cat …); echo "$x" does.
		for _, w := range p.Model.Calls {
			if w.Host == c && w.Subst == "$(" && w != c {
				if src := p.sandboxRead(w, ix, false); src != "" {
					return src
				}
			}
		}
		// echo "$(< agent_sandbox/x)" > p: bash's cat of the file, a
		// substitution with no command and so no call.
		for _, a := range c.Args {
			for _, f := range syntax.FileSubstFiles(a.Word) {
				if src, ok := p.sandboxWord(c, ix, syntax.Arg{Value: f, Raw: f, Static: true}); ok {
					return src
				}
			}
		}
	}
	for _, a := range c.Args {
		for _, f := range a.From() {
			for _, q := range movedCandidates(c, ix, syntax.Arg{Value: f, Static: true}) {
				if p.inSandboxPath(q) {
					return q
				}
			}
		}
	}
	return ""
}
