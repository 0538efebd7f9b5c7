package syntax

import "strings"

// ScriptWord returns the word whose value a call runs as shell code in
// this shell or a new one, when that is one word: eval's one argument,
// a trap's action (after trap's "--"), sh -c's script, a here-string a
// shell reads as its script, and for source and "." the file word or,
// when that file is one of the call's descriptors (/dev/stdin,
// /dev/fd/3, /proc/self/fd/0), the here-string behind it (source
// /dev/stdin <<< "$x"). kind is how the text reaches the shell ("eval",
// "trap", "bash -c", "herestring"); file reports a word that names a
// file to run rather than being the text (source F, bash F). nil when
// the call runs no such word.
func ScriptWord(call *Call) (a *Arg, kind string, file bool) {
	switch {
	case call.Name == "eval" && len(call.Args) == 1:
		return &call.Args[0], "eval", false
	case call.Name == "trap":
		args := call.Args
		if len(args) > 0 && args[0].Static && args[0].Value == "--" {
			args = args[1:]
		}
		if len(args) < 2 {
			return nil, "", false
		}
		if v := args[0].Value; args[0].Static && (v == "" || v == "-" || strings.HasPrefix(v, "-") || isNumber(v)) {
			return nil, "", false // trap - SIG, trap -p, trap 0 … (reset)
		}
		return &args[0], "trap", false
	case call.Name == "source" || call.Name == ".":
		if len(call.Args) == 0 {
			return nil, "", false
		}
		if n, ok := fdPath(call.Args[0].Value); ok && call.Args[0].Static {
			if a, kind, ok := fdScriptWord(call.Fd(n)); ok {
				return a, kind, false
			}
		}
		return &call.Args[0], "source", true
	case IsShell(call.Name):
		if idx, stdin := ShellScript(call); idx >= 0 {
			return &call.Args[idx], "bash -c", false
		} else if i := ShellFile(call); i >= 0 {
			return &call.Args[i], "bash -c", true
		} else if stdin {
			// bash <<< "$(cat s.sh)": the here-string is the script.
			var a *Arg
			for i := range call.Redirs {
				if r := &call.Redirs[i]; r.Node != nil && r.Op == "<<<" && !r.Target.Static {
					a = &r.Target
				}
			}
			if a != nil {
				return a, "herestring", false
			}
			if a, kind, ok := fdScriptWord(call.Fd(0)); ok && kind == "heredoc" {
				return a, kind, false
			}
		}
	}
	return nil, "", false
}

// fdScriptWord returns the word a descriptor that a shell reads as its
// script holds: a here-string's word, or an unquoted here-document's
// body as it is expanded where it opens (source /dev/stdin <<EOF⏎$x⏎EOF
// runs whatever $x holds).
func fdScriptWord(in Stream) (*Arg, string, bool) {
	a, ok := in.TextWord()
	switch {
	case !ok:
		return nil, "", false
	case in.Redirect.Op == "<<<":
		return &a, "herestring", true
	case !a.Static:
		return &a, "heredoc", true
	}
	return nil, "", false
}
