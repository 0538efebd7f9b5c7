package syntax

import "strings"

// TraceOpts are the shell options that make bash echo what it reads
// (verbose: set -v, -o verbose) or the commands it runs with their words
// expanded (xtrace: set -x, -o xtrace), and the one that makes it run
// nothing (noexec: -n, only counted on a shell's command line).
type TraceOpts struct{ Verbose, Xtrace, Noexec bool }

// Letter applies one option letter of a cluster (-x, +v, -n); on is
// false for "+".
func (t *TraceOpts) Letter(l rune, on bool) {
	switch l {
	case 'v':
		t.Verbose = on
	case 'x':
		t.Xtrace = on
	case 'n':
		t.Noexec = on
	}
}

// Named applies one option name of -o NAME / +o NAME.
func (t *TraceOpts) Named(name string, on bool) {
	switch name {
	case "verbose":
		t.Verbose = on
	case "xtrace":
		t.Xtrace = on
	case "noexec":
		t.Noexec = on
	}
}

// merge is what may be on after one path with t and another with o:
// an option on along either path may be on (the cautious reading for
// options that reveal what the shell runs).
func (t TraceOpts) merge(o TraceOpts) TraceOpts {
	return TraceOpts{Verbose: t.Verbose || o.Verbose, Xtrace: t.Xtrace || o.Xtrace}
}

// shellOptsTrace reads a SHELLOPTS value (colon-separated option names,
// as bash imports it from its environment at start-up).
func shellOptsTrace(v string) TraceOpts {
	var t TraceOpts
	for _, n := range strings.Split(v, ":") {
		if n != "noexec" {
			t.Named(n, true)
		}
	}
	return t
}

// ShellTrace returns the trace options a shell's command line turns on
// (bash -x, -v, -o xtrace, --verbose, the last word counting, "+"
// turning off). Xtrace is off under -n, which runs nothing; Verbose
// stays (bash -n -v still prints what it reads).
func ShellTrace(c *Call) TraceOpts {
	if !IsShell(c.Name) {
		return TraceOpts{}
	}
	t := readShell(c).trace
	if t.Noexec {
		t.Xtrace = false
	}
	return t
}
