package syntax

import "strings"

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

// wrapperEnvVar is the variable a wrapper's NAME=value word only run
// time knows gives the program (env NAME="$X" CMD): exported, its value
// unknown; for a search path (env PATH=/tmp/x:$PATH python3 …) the
// directories before the first run-time part are kept as its head, so a
// child the program starts by name (os.system("ls")) is looked up there
// first, as for PATH=/tmp/x:$PATH; ls (red team 17 EX1b).
func wrapperEnvVar(name string, a Arg) variable {
	v := variable{exported: true}
	if name != "PATH" && !modulePathVar(name) {
		return v
	}
	_, val, _ := strings.Cut(a.Value, "=")
	if i := strings.IndexAny(val, "$`"); i > 0 {
		v.head = val[:i]
		v.headOnly = !inheritsPath(val[i:])
	}
	v.inherits = name == "PATH" && inheritedFirst(val)
	if v.inherits {
		v.tail = appendedEntries(val)
	}
	return v
}
