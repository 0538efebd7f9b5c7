package syntax

// ShellRead is a file a shell reads through one of its own channels
// rather than as its script: a start-up file (BASH_ENV, ENV, --rcfile),
// its history (history -r, HISTFILE) or readline's bindings (bind -f,
// INPUTRC). bash prints the lines of such a file in its errors ("bash:
// LINE: command not found", "readline: F: line 1: LINE: no key sequence
// terminator") or, for a history, as the history list.
type ShellRead struct {
	// Channel says how the file is read ("BASH_ENV", "--rcfile",
	// "history -r", "bind -f", "INPUTRC", "HISTFILE").
	Channel string
	// Arg is the file, with Static false when run time chooses it; a ~
	// at the start is the home directory.
	Arg Arg
	// Runs reports that the file is run as shell code (a start-up file),
	// whose lines reach the output only when they are no commands; the
	// others are printed as they are (a history listed, readline's
	// errors).
	Runs bool
	// Maybe reports that the program is no shell but may start one that
	// reads it: BASH_ENV in the environment of make, git, npm.
	Maybe bool
}

// shellReads records the files call's shell reads through its own
// channels (Call.ShellReads), from bash(1) INVOCATION, HISTORY and
// READLINE INIT FILE:
//   - bash not interactive sources $BASH_ENV first, and any other program
//     given BASH_ENV may start such a bash (a make recipe, a git hook);
//   - an interactive shell (-i) sources --rcfile/--init-file FILE, a POSIX
//     one (sh -i, bash --posix -i) $ENV; an interactive bash loads
//     $HISTFILE into its history and readline reads $INPUTRC;
//   - history -r/-n [FILE] loads FILE (by default the shell's $HISTFILE)
//     into the history, which history and fc -l print; set -o history
//     with HISTFILE set loads it too;
//   - bind -f FILE reads FILE as readline bindings, each bad line quoted
//     in the error.
//
// A variable counts when the command set it (prefix, env NAME=value,
// export or a plain assignment for the shell's own HISTFILE): the
// user's own environment is not known here.
func (w *walker) shellReads(c scope, call *Call) {
	add := func(channel string, v string, known, runs, maybe bool) {
		if known && v == "" {
			return
		}
		if known {
			v = expandTilde(v, w.home)
		}
		call.ShellReads = append(call.ShellReads, ShellRead{Channel: channel, Arg: Arg{Value: v, Raw: v, Static: known}, Runs: runs, Maybe: maybe})
	}
	env := func(name string, channel string, runs, maybe bool) {
		if v, known, set := w.envValue(c, call, name, true); set {
			add(channel, v, known, runs, maybe)
		}
	}
	switch {
	case IsShell(call.Name):
		sw := readShell(call)
		for _, i := range sw.rcfiles {
			a := call.Args[i]
			call.ShellReads = append(call.ShellReads, ShellRead{Channel: "--rcfile", Arg: a, Runs: true})
		}
		if sw.interactive {
			env("ENV", "ENV", true, false)
			env("INPUTRC", "INPUTRC", false, false)
			env("HISTFILE", "HISTFILE", false, false)
		} else if isBash(call.Name) {
			env("BASH_ENV", "BASH_ENV", true, false)
		} else {
			// sh, dash: no BASH_ENV, but the bash a script of theirs
			// starts reads it.
			env("BASH_ENV", "BASH_ENV", true, true)
		}
	case call.Name == "history":
		load, file := false, -1
		for i, a := range call.Args {
			switch {
			case !a.Static:
				if file < 0 && load {
					file = i
				}
			case a.Value == "--":
			case len(a.Value) > 1 && a.Value[0] == '-' && file < 0:
				for _, r := range a.Value[1:] {
					if r == 'r' || r == 'n' {
						load = true
					}
				}
			case file < 0:
				file = i
			}
		}
		if !load {
			return
		}
		if file >= 0 {
			call.ShellReads = append(call.ShellReads, ShellRead{Channel: "history -r/-n", Arg: call.Args[file]})
		} else if v, known, set := w.envOf(c, call, "HISTFILE"); set {
			add("history -r/-n with HISTFILE", v, known, false, false)
		}
	case call.Name == "set":
		// set -o history turns history on in a shell that is not
		// interactive; bash then loads $HISTFILE.
		for i, a := range call.Args {
			if a.Static && a.Value == "-o" && i+1 < len(call.Args) && call.Args[i+1].Value == "history" {
				if v, known, set := w.envOf(c, call, "HISTFILE"); set {
					add("set -o history", v, known, false, false)
				}
				return
			}
		}
	case call.Name == "bind":
		for i, a := range call.Args {
			if !a.Static || len(a.Value) < 2 || a.Value[0] != '-' || a.Value == "--" {
				continue
			}
			// -f FILE, -fFILE, or f ending a cluster (-qf FILE); the
			// options before it that take a value (-m, -q, -u, -r, -x)
			// end the cluster with theirs.
			for j := 1; j < len(a.Value); j++ {
				r := a.Value[j]
				if r == 'f' {
					if j+1 < len(a.Value) {
						add("bind -f", a.Value[j+1:], true, false, false)
					} else if i+1 < len(call.Args) {
						call.ShellReads = append(call.ShellReads, ShellRead{Channel: "bind -f", Arg: call.Args[i+1]})
					}
					break
				}
				if r == 'm' || r == 'q' || r == 'u' || r == 'r' || r == 'x' {
					break
				}
			}
		}
	case call.Name == "" || runByShell(call):
		// echo, cd, export: the shell runs them itself, starting nothing.
	default:
		// make, git, npm: a bash they start (a recipe with SHELL=bash,
		// a hook, a script) sources BASH_ENV.
		env("BASH_ENV", "BASH_ENV", true, true)
	}
}
