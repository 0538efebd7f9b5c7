package syntax

import "strings"

// sudo -s/--shell and -i/--login with a command do not run it as words:
// sudo(8) joins the words into one string for "$SHELL -c", each byte that
// is not alphanumeric, '_', '-' or '$' escaped with a backslash
// (parse_args.c, "quote potential meta characters"). A '$' is left as it
// is, so the shell expands "$NAME" there: sudo -s rm -rf '$HOME' deletes
// the home directory though the word the agent quoted is literal. The
// command is judged as those words (wrappers.go) and, when one holds a
// '$', as the shell text sudo builds.

// sudoShellText returns the "$SHELL -c" text sudo -s/-i builds from
// call's words, when sudo wraps call in shell mode and the text holds a
// '$'.
func sudoShellText(call *Call) (text string, dynamic, ok bool) {
	pre := call.PreWords()
	k := -1
	for i, a := range pre {
		if a.Static && wrapperName(a.Value) == "sudo" {
			k = i
		}
	}
	if k < 0 {
		return "", false, false
	}
	sw, _ := wrapperFor("sudo")
	rest := pre[k+1:]
	opts, ops := ScanOptions(rest, sw.opts)
	shell := false
	for _, o := range opts {
		switch o.Name {
		case "s", "shell", "i", "login":
			shell = true
		}
	}
	if !shell {
		return "", false, false
	}
	var words []Arg
	if len(ops) > 0 {
		words = append(words, rest[ops[0]:]...)
	}
	for len(words) > 0 && words[0].Static && isAssignment(words[0].Value) {
		words = words[1:] // sudo -s VAR=value cmd: the command's environment
	}
	words = append(words, call.NameArg)
	words = append(words, call.Args...)
	var b strings.Builder
	dollar := false
	for i, a := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		dynamic = dynamic || !a.Static
		for j := 0; j < len(a.Value); j++ {
			ch := a.Value[j]
			switch {
			case ch == '$':
				dollar = true
			case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9', ch == '_', ch == '-':
			default:
				b.WriteByte('\\')
			}
			b.WriteByte(ch)
		}
	}
	return b.String(), dynamic, dollar
}
