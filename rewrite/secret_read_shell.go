package rewrite

import "fmt"

// checkShellReads judges the files a shell reads through its own
// channels (syntax.ShellRead): a start-up file (BASH_ENV, ENV,
// --rcfile/--init-file), a history loaded (history -r/-n FILE, HISTFILE
// with history -r or an interactive bash) or readline's bindings (bind -f
// FILE, INPUTRC with bash -i). A history or a bindings file is printed as
// it is, as cat prints it; a start-up file is run, and bash quotes each
// line that is no command in its error ("bash: -----BEGIN: command not
// found"), a key's body line by line. A project file whose lines are all
// assignments prints nothing itself but leaves its values in variables
// the shell may print, and a program that is no shell may start a bash
// that reads BASH_ENV: both ask.
func checkShellReads(p *Pass) {
	for _, c := range p.Model.Calls {
		for _, r := range c.ShellReads {
			s, ok := p.secretOf(c.Dir, r.Arg)
			if !ok {
				continue
			}
			verb := fmt.Sprintf("%s (through %s) reads", c.Name, r.Channel)
			switch {
			case r.Maybe:
				verb = fmt.Sprintf("%s may start a bash that runs (through %s)", c.Name, r.Channel)
				p.maybeSecret = true
			case r.Runs:
				verb = fmt.Sprintf("%s runs as shell code (through %s), quoting each line that is no command in its errors,", c.Name, r.Channel)
				if s.Path.InProject && assignableLines(s.Path.Abs, true) {
					p.maybeSecret = true
				}
			}
			p.reportSecret(c, s, verb)
			break
		}
	}
}
