package syntax

import "strings"

// source and . of text that is not a file on disk (red team 17 SS1):
// bash runs what it reads in the caller's own shell, whatever carries
// it, so the cd, the variables, the functions and the aliases that text
// sets are the caller's for the rest of the command, as a sourced file's
// are (sourceFile).

// sourceFd models source and . of one of the call's own descriptors
// (/dev/stdin, /dev/fd/N, /proc/self/fd/N). Text corral knows — a
// here-string, a here-document (an unquoted one as the outer shell
// expands it), a static process substitution opened on the descriptor
// (3< <(echo …)) — is walked in the caller's state st, and the file a
// redirection opens on it (< F) is sourceFile's. Anything else (a pipe:
// the stage runs in a subshell anyway; a coprocess; text only run time
// knows) is walked apart, as a script of its own (fdScript), and the call
// is reported as not read: the caller then forgets what the text may have
// set (sourceForgets). It reports whether the text was walked in st.
func (w *walker) sourceFd(c scope, call *Call, n int, st *state) bool {
	s := call.Fd(n)
	if st != nil {
		if r, ok := s.File(); ok && (r.Op == "<" || r.Op == "<>") && r.Target.Static {
			if _, again := fdPath(r.Target.Value); !again {
				// . /dev/stdin < env.sh is . env.sh.
				return w.sourceFile(c, call, r.Target, st)
			}
		}
		if text, ok := w.sourceFdText(c, s); ok {
			return w.sourceText(c, call, text, call.Name+" "+fdKind(s), st)
		}
	}
	w.fdScript(c, call, n, "sh")
	return false
}

// sourceFdText returns the text a descriptor carries when it is known
// before the command runs: a here-string's or a here-document's static
// text, or what a process substitution opened on it prints.
func (w *walker) sourceFdText(c scope, s Stream) (string, bool) {
	if s.Kind != StreamPipe {
		return "", false
	}
	if s.Pipe != nil {
		if s.Pipe.Subst != "<(" {
			return "", false // a pipeline's pipe: that stage is a subshell
		}
		text, dynamic, ok := w.procText(c, s.Pipe)
		return text, ok && !dynamic
	}
	text, static, ok := s.Text()
	if !ok {
		return "", false
	}
	if !static && s.Redirect.expanded != nil && s.Redirect.expanded.Static {
		// <<EOF⏎cd $HOME⏎EOF with HOME known: the text as expanded.
		return s.Redirect.expanded.Value, true
	}
	return text, static
}

// fdKind names how a descriptor's text reaches source, for the nested
// script's label.
func fdKind(s Stream) string {
	switch {
	case s.Pipe != nil:
		return "process substitution"
	case s.Redirect.Op == "<<<":
		return "here-string"
	}
	return "here-document"
}

// sourceText walks text that source or . runs in the caller's state st,
// as sourceFile walks a file's: the arguments after the file word are
// the positional parameters while it runs, and the caller's come back
// after. It reports whether the text was walked whole.
func (w *walker) sourceText(c scope, call *Call, text, label string, st *state) bool {
	restorePos := w.sourceArgs(call, st)
	n, truncated := len(w.m.Scripts), w.m.Truncated
	w.childIn(c, call, text, nil, "sourced", false, st, st.dir)
	restorePos()
	_ = label
	return len(w.m.Scripts) > n && w.m.Scripts[n].Src == text && w.m.Truncated == truncated
}

// sourceForgets applies to st what a source or . call whose text corral
// did not walk in st may have done: any variable may hold anything (the
// file's content, when a file is named). When the text is one the
// command hands over itself and corral does not know it — a descriptor's
// (. /dev/stdin <<< "$x", source /dev/fd/3 3< "$f") or a process
// substitution's output (source <(./gen.sh)) — it may also cd anywhere,
// so the working directory is only known at run time; except a
// program's own shell set-up (source <(kubectl completion bash), the
// setupOutput programs), which is that program's. A file named by a word
// (source "$NVM_DIR/nvm.sh", a file that is not there) keeps the
// directory: a limit (README), as an unread file's text is asked about
// where it matters (unreadScript, runtime-script).
func sourceForgets(call *Call, st *state) {
	file := ""
	if len(call.Args) > 0 && call.Args[0].Static && call.Args[0].Value != "" {
		file = sourcedPath(call.Dir, call.Args[0].Value)
	}
	st.forgetAllFrom(file)
	if len(call.Args) == 0 {
		return
	}
	a := call.Args[0]
	_, fd := fdPath(a.Value)
	proc := !a.Static && strings.HasPrefix(a.Raw, "<(") && !setupOutput.Get().MatchString(a.Raw)
	if fd && a.Static || proc {
		st.dir = Dir{}
		st.stackPathsMoved()
	}
}

// sourceArgs makes the arguments after a sourced file's word (source F
// A B, . /dev/stdin A <<< …) the positional parameters while its text
// runs, as bash does, and returns what gives the caller's back; with no
// such argument the caller's stay, and the text may change them.
func (w *walker) sourceArgs(call *Call, st *state) func() {
	if len(call.Args) <= 1 {
		return func() {}
	}
	pos, posKnown, posOpts := st.pos, st.posKnown, st.posOpts
	// source F *: a pattern gives its matches (globoptions.go).
	st.pos, st.posKnown = w.posWords(call.Args[1:], st.dir)
	st.posOpts = nil
	return func() { st.pos, st.posKnown, st.posOpts = pos, posKnown, posOpts }
}
