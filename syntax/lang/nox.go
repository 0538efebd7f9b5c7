package lang

// Nox is a noxfile.py: Python whose sessions run commands through
// session.run(PROG, ARGS…) (also run_always and run_install), each word
// an argument, as nox documents; read as Python plus those calls.
const Nox Lang = "nox"

// noxRuns returns the commands a noxfile's sessions run.
func noxRuns(src string) []Effect {
	src = pySource(Python, src)
	p := &parser{src: src, toks: lex(Python, src), l: Python}
	p.consts = p.constants()
	p.indexScoped(p.scopedConstants())
	var out []Effect
	for _, c := range p.findCalls(false, func(n string) bool {
		return n == "session.run" || n == "session.run_always" || n == "session.run_install"
	}) {
		if !c.parens {
			continue
		}
		args := positional(c.args)
		if len(args) == 0 {
			continue
		}
		e := execOf(c, args)
		if e.Kind == Hidden && args[0].lit {
			// A literal program with run-time arguments: it matters
			// when the program can do harm.
			e.Built = true
			e.Text = args[0].str + " " + e.Text
		}
		out = append(out, e)
	}
	return out
}
