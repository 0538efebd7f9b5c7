package syntax

// envPrinted reports whether the value the program call starts gets for
// the environment variable name (looked up as envValue does, exported
// variables only) is one a program chose at run time: the whole output
// of a command substitution corral cannot read (T=$(cat f) prog, export
// T=$(cat f)), as PrintedPath reports for a word. $(mktemp) is not.
func (w *walker) envPrinted(c scope, call *Call, name string) bool {
	if a, decided := call.envEdit.get(name); decided {
		return a != nil && PrintedPath(*a)
	}
	if call.Expr != nil {
		for _, as := range call.Expr.Assigns {
			if as.Name != nil && as.Name.Value == name && as.Value != nil {
				r := &resolver{src: c.sc.Src, dir: call.Dir, st: w.cur}
				return PrintedPath(r.arg(as.Value))
			}
		}
	}
	for _, st := range []*state{call.env, w.cur} {
		if st == nil {
			continue
		}
		if v, ok := st.vars[name]; ok {
			return v.set && v.exported && v.printed
		}
	}
	return false
}
