package syntax

// Programs find their per-user files (~/.local/lib/pythonX.Y/site-packages
// with usercustomize, ~/.pdbrc, ~/.npmrc, ~/.bunfig.toml, ~/.rspec,
// ~/.cargo/config.toml, ~/.gitconfig, a shell's ~/.bashrc) under the HOME
// of their environment, not under the account's home: HOME=DIR python3
// -c pass imports DIR/.local/lib/python3.11/site-packages/usercustomize.py.
// A command that gives a program another HOME (a prefix assignment, env
// HOME=DIR, export HOME=DIR) makes those readers look in DIR, which the
// agent can write; corral reads the files there as it reads the user's
// own. A HOME only known at run time is asked about where the program
// runs code from it. (ssh reads ~/.ssh/config from the account's
// passwd entry, not from HOME: it is not one of these.)

// userHome returns the home directory whose per-user files call's
// program reads, and false when the command gave it a HOME only known at
// run time (HOME=$(mktemp -d) python3 x.py); then why, when not empty,
// says what the program takes from there and the call asks. The account's
// own home is returned when the command leaves HOME alone, or unsets it
// (programs then fall back to the passwd entry).
func (w *walker) userHome(c scope, call *Call, why string) (string, bool) {
	v, known, ok := w.envOf(c, call, "HOME")
	if !ok && !w.assignedRunTime(call, "HOME") {
		return w.home, true
	}
	if known {
		if v == "" {
			return w.home, true
		}
		d := call.Dir.Join(expandTilde(v, w.home))
		if d.Known {
			return d.Path, true
		}
	} else if !w.homeGivenRunTime(c, call) {
		// Made unknown without a new value (a source of a file corral
		// cannot read): the user's own, as other readers take it.
		return w.home, true
	}
	if why != "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "HOME",
			What: call.Name + " " + why + " under HOME, a directory only known at run time"})
	}
	return "", false
}

// homeGivenRunTime reports whether the command itself gave call's
// program a HOME whose value only run time knows: a prefix assignment
// or env word from a substitution or variable, or an exported
// assignment of one.
func (w *walker) homeGivenRunTime(c scope, call *Call) bool {
	if a, decided := call.envEdit.get("HOME"); decided {
		return a != nil && !a.Static
	}
	if call.Expr != nil {
		for _, as := range call.Expr.Assigns {
			if as.Name != nil && as.Name.Value == "HOME" && as.Value != nil {
				return true
			}
		}
	}
	return w.assignedRunTime(call, "HOME")
}
