package syntax

import (
	"strings"
)

// ackPager models ack's --pager=CMD (issue 12, class 4): ack opens CMD
// with Perl's open '|-' and writes its output there, so CMD is shell
// text. ack reads its options from the user's ackrc (~/.ackrc, or the
// file ACKRC names, wherever it is), the words of ACK_OPTIONS, then the
// command line (an ackrc given by --ackrc=FILE is read too); the last
// --pager or --nopager wins, and --noenv skips every rc file and
// ACK_OPTIONS. The project's .ackrc (the nearest at or above the
// working directory) cannot set --pager: ack 2.12 and later stop with
// an error ("forbidden in project .ackrc files"), so it is not read. An rc file holds one
// option a line, # comments. ACK_PAGER and ACK_PAGER_COLOR are
// command variables (runvia.go). ack 3 pages only a terminal's output,
// which script(1) and the like give it: judged whatever the output is,
// as bat --pager is.
func (w *walker) ackPager(c scope, call *Call) {
	noenv := false
	var rcs []Dir
	for i, a := range call.Args {
		if a.Value == "--" {
			break
		}
		switch {
		case a.Value == "--noenv":
			noenv = true
		case a.Value == "--ackrc" && i+1 < len(call.Args) && call.Args[i+1].Static:
			rcs = append(rcs, call.Dir.Join(expandTilde(call.Args[i+1].Value, w.home)))
		case strings.HasPrefix(a.Value, "--ackrc=") && a.Static:
			rcs = append(rcs, call.Dir.Join(expandTilde(strings.TrimPrefix(a.Value, "--ackrc="), w.home)))
		}
	}
	var args []Arg
	addRC := func(d Dir) {
		text, ok := w.readScript(d)
		if !ok {
			return
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if line != "" && !strings.HasPrefix(line, "#") {
				args = append(args, Arg{Value: line, Raw: line, Static: true})
			}
		}
	}
	if !noenv {
		if v, known, set := w.envOf(c, call, "ACKRC"); set && known && v != "" {
			addRC(call.Dir.Join(expandTilde(v, w.home)))
		} else if w.home != "" {
			addRC(Dir{Path: w.home + "/.ackrc", Known: true})
		}
		if v, known, set := w.envOf(c, call, "ACK_OPTIONS"); set && known {
			for _, f := range strings.Fields(v) {
				args = append(args, Arg{Value: f, Raw: f, Static: true})
			}
		}
	}
	for _, d := range rcs {
		addRC(d)
	}
	args = append(args, call.Args...)
	// --pager:s (Getopt::Long): the next word is the value unless it
	// is an option; --nopager and --no-pager turn it off.
	pager := longPager(args, true, func(name string) bool { return name == "nopager" || name == "no-pager" })
	w.runPager(c, call, pager, call.Name+" --pager")
}

// longPager returns the value of the last --pager in args before "--"
// (any prefix of three letters or more, as getopt_long and Getopt::Long
// take), nil when a later option off names turns it off. optional says
// the value may be left out: a following option is then no value.
func longPager(args []Arg, optional bool, off func(name string) bool) *Arg {
	var pager *Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Value == "--" {
			break
		}
		name, val, eq := strings.Cut(strings.TrimPrefix(a.Value, "--"), "=")
		switch {
		case !strings.HasPrefix(a.Value, "--") || len(name) < 3:
		case strings.HasPrefix("pager", name):
			switch {
			case eq:
				v := a
				v.Value = val
				pager = &v
			case i+1 < len(args) && (!optional || !strings.HasPrefix(args[i+1].Value, "-")):
				v := args[i+1]
				pager = &v
				i++
			}
		case off(name):
			pager = nil
		}
	}
	return pager
}

// runPager judges a pager given by option as shell text that reads the
// program's output (a pager of sh runs it: pagerscript.go).
func (w *walker) runPager(c scope, call *Call, pager *Arg, what string) {
	if pager == nil || pager.Value == "" {
		return
	}
	from := len(w.m.Calls)
	w.child(c, call, pager.Value, nil, what, !pager.Static)
	w.pagerScriptReaders(from, call, what)
}
