package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/syntax/lang"
)

// runTimeWord returns the shell form a word of an interpreter's
// argument vector lends the program's reader when the shell only knows
// it at run time (lang.Arg.Shell): the word as written, when its index
// in the vector is certain (no earlier word that can be any number of
// words) and it is one word of the command (not a field of a brace
// expansion or a split variable, whose text is the whole word's).
func runTimeWord(a Arg, certain bool) string {
	if !certain || a.Static || a.Split || a.Raw == "" {
		return ""
	}
	return a.Raw
}

// argvWordEffect judges an effect of program code whose path or
// argument holds words of its argument vector only known at run time
// (lang.Effect.ArgvWords): python3 -c 'open(sys.argv[1], "w")'
// "$(command echo ~/.bashrc)" writes the file : > "$(command echo
// ~/.bashrc)" writes, so it is judged as that command, with the word as
// the shell wrote it: its candidates (a ${x:-d} default, the paths a
// substitution mentions, the values a variable may hold) and a quoted
// substitution's one path a program chose ask or deny as they do for
// the shell's own write, deletion (rm -f --), read (cat --) and run. A
// load of a file such a word names (require(process.argv[1]), load
// ARGV[0], include $argv[1]) runs code only run time knows, as node
// "$f" does: it asks. A run of shell text where the word is not one
// single-quoted word is left to the first reading (a command built at
// run time).
func (w *walker) argvWordEffect(c scope, call *Call, e lang.Effect, argv []lang.Arg, l lang.Lang, at, origin string, dynamic bool) {
	if origin != "" && w.lenient > 0 {
		return // a test suite's own files (testrunners.go)
	}
	label := "in " + string(l) + " code (" + at + "): " + e.Call

	word := func(s string, tilde bool) (string, bool) {
		return argvShellWord(s, argv, tilde)
	}
	switch e.Kind {
	case lang.Write, lang.Delete, lang.Read:
		p, ok := word(e.Path, e.Tilde)
		if !ok {
			return
		}
		var cmd, verb string
		switch {
		case e.Kind == lang.Write && e.Append:
			cmd, verb = ": >> "+p, " writes "
		case e.Kind == lang.Write:
			cmd, verb = ": > "+p, " writes "
		case e.Kind == lang.Delete && e.Recursive:
			cmd, verb = "rm -rf -- "+p, " deletes "
		case e.Kind == lang.Delete && e.Dir:
			cmd, verb = "rmdir -- "+p, " deletes "
		case e.Kind == lang.Delete:
			cmd, verb = "rm -f -- "+p, " deletes "
		case e.Walk:
			depth := " -maxdepth 1"
			if e.Recursive {
				depth = ""
			}
			cmd, verb = "find "+p+depth+" -type f -exec cat {} +", " lists and opens the files of "
		default:
			cmd, verb = "cat -- "+p, " reads "
		}
		w.argvWordChild(c, call, cmd, label+verb+clip(p, 80)+", a word of its command line", dynamic, false)
	case lang.Exec:
		words := make([]string, 0, len(e.Argv))
		for _, a := range e.Argv {
			if _, home := lang.HomeWord(a); home {
				words = append(words, argvWord(a))
				continue
			}
			p, ok := word(a, false)
			if !ok {
				p = Quote(a)
			}
			words = append(words, p)
		}
		if len(words) == 0 {
			return
		}
		w.argvWordChild(c, call, strings.Join(words, " "), label, dynamic, true)
	case lang.Shell:
		if text, ok := singleQuotedWords(e.Text, argv); ok {
			w.argvWordChild(c, call, text, label, dynamic, true)
		}
	case lang.Include:
		switch e.Text {
		case "", lang.NodeRequire, lang.NativeLib, lang.PickleData:
		default:
			return
		}
		p, ok := word(e.Path, e.Tilde)
		if !ok {
			return
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: clip(p, 80),
			What: e.Call + " in " + string(l) + " code (" + at + ") loads " + clip(p, 60) + ", a word of its command line only known at run time: the code of a file only known at run time"})
	}
}

// argvShellWord writes s, a path holding marks of run-time words of
// argv, as one shell word: its literal parts quoted (a leading ~ the
// program expands left bare), each word as the shell wrote it.
func argvShellWord(s string, argv []lang.Arg, tilde bool) (string, bool) {
	parts, ok := lang.ArgvParts(s)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i, p := range parts {
		if p.Word >= 0 {
			if p.Word >= len(argv) || argv[p.Word].Shell == "" {
				return "", false
			}
			b.WriteString(argv[p.Word].Shell)
			continue
		}
		t := p.Text
		if i == 0 && tilde && (t == "~" || strings.HasPrefix(t, "~/")) {
			b.WriteString("~")
			t = t[1:]
		}
		if t != "" {
			b.WriteString(Quote(t))
		}
	}
	return b.String(), true
}

// singleQuotedWords returns shell text whose run-time words each stand
// inside single quotes (the quoting a modelled call gives its operands,
// cp -- 'x' '<word>', or code's own '…' + sys.argv[1] + '…') with each
// word put there as the shell wrote it: the quotes closed around it, so
// the inner shell takes its value as one literal word. ok is false when
// a word stands anywhere else, where the inner shell reads its value
// as code.
func singleQuotedWords(text string, argv []lang.Arg) (string, bool) {
	parts, ok := lang.ArgvParts(text)
	if !ok {
		return "", false
	}
	var b strings.Builder
	// opened: the text so far ends with the quote that opens the
	// single-quoted section; closing: a word was put where that
	// section ends, so its closing quote is dropped.
	single, double, opened, closing := false, false, false, false
	for _, p := range parts {
		if p.Word >= 0 {
			if !single || p.Word >= len(argv) || argv[p.Word].Shell == "" {
				return "", false
			}
			s := b.String()
			if closing {
				// '<word><word>': the quotes are closed already.
				b.WriteString(argv[p.Word].Shell)
				continue
			}
			if opened {
				// '<word>…: the word itself, not an empty '' before it.
				b.Reset()
				b.WriteString(s[:len(s)-1])
			} else {
				b.WriteString("'")
			}
			b.WriteString(argv[p.Word].Shell)
			closing = true
			continue
		}
		t := p.Text
		if closing {
			if strings.HasPrefix(t, "'") {
				t, single = t[1:], false // …<word>': no '' after it
			} else {
				b.WriteString("'")
			}
			closing = false
		}
		opened = false
		for i := 0; i < len(t); i++ {
			opened = false
			switch ch := t[i]; {
			case single:
				single = ch != '\''
			case ch == '\\':
				i++
			case double:
				double = ch != '"'
			case ch == '\'':
				single, opened = true, true
			case ch == '"':
				double = true
			}
		}
		b.WriteString(t)
	}
	return b.String(), true
}

// argvWordChild walks text, the shell command that stands for an
// effect on run-time words, in the state of the shell that expanded the
// words (its variables, not only the exported ones: bash expands the
// word before the program starts), as a program the call runs in the
// directory of the effect. The shell's functions are not the program's:
// the command's : rm cat are the builtins and programs.
func (w *walker) argvWordChild(c scope, call *Call, text, origin string, dynamic, shell bool) {
	st := w.cur
	if st == nil {
		st = call.env
	}
	if st == nil {
		w.effect(c, call, text, origin, dynamic, shell)
		return
	}
	st = st.clone()
	st.funcs = nil
	dir := call.Dir
	d := w.effectDir
	if d != nil {
		dir = *d
	}
	w.effectDir = nil
	w.origin = origin
	n, calls := len(w.m.Scripts), len(w.m.Calls)
	w.childIn(c, call, text, nil, "program", dynamic, st, dir)
	w.effectDir = d
	w.origin = ""
	if shell && len(w.m.Scripts) > n {
		w.m.Scripts[n].FromCode = true
		w.codeFedShell(w.m.Scripts[n], w.m.Calls[calls:], origin)
	}
}

// oneField reports whether a is certainly one word of the program's
// argument vector: quoted run-time parts ("$x", "$(cmd)", "${x:-d}") and
// literal text, nothing that can split into several words or none
// ("$@", "${a[@]}", an unquoted $x or pattern).
func oneField(a Arg) bool {
	if a.Word == nil || a.Split || a.Glob || len(a.Word.Parts) == 0 {
		return false
	}
	for _, p := range a.Word.Parts {
		switch p := p.(type) {
		case *sh.Lit, *sh.SglQuoted:
		case *sh.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *sh.Lit, *sh.CmdSubst, *sh.ArithmExp:
				case *sh.ParamExp:
					if q.Param == nil || q.Param.Value == "@" || q.Index != nil || q.Names != 0 || q.Excl {
						return false
					}
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
