package syntax

import (
	"errors"
	"io/fs"
	"os"
)

// A program given its configuration file by name reads whatever that name
// opens. When the name is one of the call's own descriptors (/dev/stdin,
// /dev/fd/N, /proc/self/fd/N) or a process substitution (<(…)), the
// configuration is the text that descriptor carries: a here-document or
// here-string, what an earlier stage of a pipeline writes, what the
// substitution prints, or the file a redirection opened on it (ssh -F
// /dev/stdin host <<< 'ProxyCommand …', printf '…' | npm --userconfig
// /dev/stdin test, ssh -F <(echo …) host, ssh -F /dev/fd/3 host 3< cfg).
// configText reads that text as the same file on disk is read.

// streamConfig is the text the file name a opens when a names one of
// call's descriptors or a process substitution. named is false for any
// other name (an ordinary file). known is false when the text is only
// known at run time (a download piped in, a variable, a coprocess);
// dynamic is true when the text is known but holds parts only run time
// fills in.
func (w *walker) streamConfig(c scope, call *Call, a Arg) (text string, dynamic, known, named bool) {
	if ps, ok := w.m.ArgStream(a); ok {
		if ps.Pipe.Subst != "<(" {
			return "", false, false, true
		}
		text, dynamic, known = w.procText(c, ps.Pipe)
		return text, dynamic, known, true
	}
	if !a.Static {
		return "", false, false, false
	}
	n, ok := fdPath(a.Value)
	if !ok {
		return "", false, false, false
	}
	s := call.Fd(n)
	if n == 0 || s.Same(call.Fd(0)) {
		if ins := w.stdinTexts(c, call); len(ins) == 1 {
			return ins[0].text, ins[0].dynamic, true, true
		} else if len(ins) > 1 {
			return "", false, false, true
		}
	}
	if text, dynamic, ok, isPipe := w.otherPipeText(c, s); isPipe {
		return text, dynamic, ok, true
	}
	switch s.Kind {
	case StreamInherited, StreamClosed:
		// The agent's own descriptor (nothing the command gives it), or
		// one closed: no configuration text.
		return "", false, true, true
	case StreamPipe:
		if s.Pipe != nil && s.Pipe.Subst == "<(" {
			text, dynamic, known = w.procText(c, s.Pipe) // 3< <(echo …)
			return text, dynamic, known, true
		}
		if text, static, ok := s.Text(); ok {
			return text, !static, true, true // 3<<< '…'
		}
		if s.Pipe != nil && s.Pipe.Subst == "" && s.Stage > 0 && s.Stage < len(s.Pipe.Calls) {
			text, dynamic, known = w.producedText(c, s.Pipe, s.Stage-1)
			return text, dynamic, known, true
		}
	case StreamFile:
		r, _ := s.File()
		if r.Op != "<" && r.Op != "<>" || !r.Target.Static {
			return "", false, false, true
		}
		if _, again := fdPath(r.Target.Value); again || r.Target.Value == os.DevNull {
			return "", false, r.Target.Value == os.DevNull, true
		}
		d := r.Dir.Join(expandTilde(r.Target.Value, w.home))
		if text, ok := w.readScript(d); ok {
			return text, false, true, true
		}
		if d.Known {
			if _, err := os.Stat(d.Path); errors.Is(err, fs.ErrNotExist) {
				// < missing: bash does not run the command.
				return "", false, true, true
			}
		}
	}
	return "", false, false, true
}

// configText returns the text of the configuration file a names for
// call: an ordinary file as readScript reads it, or what one of the
// call's descriptors or a process substitution carries (streamConfig).
// Text only known at run time there is reported as hidden (what says
// what the program does with it, "ssh reads its configuration") and
// ok is false.
func (w *walker) configText(c scope, call *Call, a Arg, what string) (string, bool) {
	text, dynamic, known, named := w.streamConfig(c, call, a)
	if !named {
		if !a.Static {
			return "", false
		}
		return w.readScript(call.Dir.Join(expandTilde(a.Value, w.home)))
	}
	if !known || dynamic {
		name := a.Raw
		if name == "" {
			name = a.Value
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
			What: what + " from " + clip(name, 40) + ", text only known at run time"})
		return "", false
	}
	return text, true
}

// streamNamed reports whether a names one of the call's descriptors
// (/dev/stdin, /dev/fd/N, /proc/self/fd/N) or is a process
// substitution: a configuration read from there is the text it carries
// (configText), not a file on disk.
func (w *walker) streamNamed(a Arg) bool {
	if _, ok := w.m.ArgStream(a); ok {
		return true
	}
	if !a.Static {
		return false
	}
	_, ok := fdPath(a.Value)
	return ok
}

// configFileText is the text of the configuration file v names for
// call: what a descriptor or process substitution carries (configText,
// which reports text only known at run time as hidden) or the file on
// disk. a is v's word when the command gives one (a process
// substitution is known by its word).
func (w *walker) configFileText(c scope, call *Call, d Dir, a *Arg, what string) (string, bool) {
	if a != nil && w.streamNamed(*a) {
		return w.configText(c, call, *a, what)
	}
	if a == nil {
		v := Arg{Value: d.Path, Raw: d.Path, Static: true}
		if d.Known && w.streamNamed(v) {
			return w.configText(c, call, v, what)
		}
	}
	return w.readScript(d)
}
