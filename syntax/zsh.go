package syntax

import (
	"path"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// zsh as the agent's shell.
//
// Claude Code runs the Bash tool's command in the user's shell: zsh on
// macOS (its shell snapshots are snapshot-zsh-*.sh) and wherever $SHELL
// is zsh. Options.Shell says so; the command is then parsed as bash (the
// bash text corral models means the same in zsh for the most part) and
// the zsh meanings of bash-valid text are judged (zshbuiltins(1),
// zshexpn(1), zshoptions(1) of zsh 5.9):
//
//   - echo interprets backslash escapes by default (BSD_ECHO is off):
//     $(echo '.git\x2fhooks\x2fpre-commit') is .git/hooks/pre-commit.
//     print does too, unless -r or -R.
//   - =cmd at a word's start is the path of cmd (EQUALS, "= expansion"):
//     echo … | =sh pipes into sh.
//   - a glob followed by (…) is a glob qualifier list; (e:CODE:) and
//     (+func) run code for each file: any pattern group corral parses in
//     a word (bash's extglob *(…), ?(…), …) asks, as does a command zsh
//     parses but bash does not (echo src(e:'…':)).
//   - emulate [-LR] MODE -c CODE runs CODE (in MODE's emulation).
//   - print -P expands prompt sequences and, with PROMPT_SUBST (which a
//     user's .zshrc or theme sets), $(…), `…` and ${…}: text with those
//     asks.
//
// A program's own shell (bash -c, sh -c, a script run by path) is not
// the agent's: its text is judged as bash, as before.

// IsZsh reports whether shell, a path or a name ($SHELL,
// CLAUDE_CODE_SHELL), is zsh.
func IsZsh(shell string) bool {
	b := path.Base(strings.ReplaceAll(shell, "\\", "/"))
	b = strings.TrimSuffix(b, ".exe")
	return b == "zsh" || strings.HasPrefix(b, "zsh-") || strings.HasPrefix(b, "zsh5")
}

// zshEcho is what zsh's echo builtin prints: bash's echo -e (escapes
// interpreted by default; -E turns them off, -n drops the newline).
func zshEcho(args []string) (string, bool) {
	return BashEcho(append([]string{"-e"}, args...))
}

// zshPrintSpec are zsh's print options (zshbuiltins(1)): -u FD, -C COLS,
// -f FORMAT, -v NAME, -x/-X TAB take values; the first operand ends them.
func zshPrintSpec() OptSpec {
	return OptSpec{ShortVal: "uCfvxX", ShortOpt: "abcDilmnNoOpPrRsSz", Stop: true}
}

// zshPrint is what zsh's print prints for static words, when its options
// are only -r (raw) and -n (no newline): escapes interpreted as echo's
// otherwise.
func zshPrint(args []Arg) (string, bool) {
	opts, ops := ScanOptions(args, zshPrintSpec())
	raw, newline := false, true
	for _, o := range opts {
		switch {
		case o.Plus:
			return "", false
		case o.Name == "r":
			raw = true
		case o.Name == "n":
			newline = false
		default:
			return "", false
		}
	}
	words := make([]string, 0, len(ops))
	for _, i := range ops {
		if !args[i].Static || args[i].Glob {
			return "", false
		}
		words = append(words, args[i].Value)
	}
	flags := "-e"
	if raw {
		flags = "-E"
	}
	if !newline {
		flags += "n"
	}
	// The words are given after the flags as operands: a word that looks
	// like an echo option is text here.
	if len(words) > 0 && len(words[0]) > 1 && words[0][0] == '-' && strings.Trim(words[0][1:], "neE") == "" {
		return "", false // BashEcho would take it for an option
	}
	out, ok := BashEcho(append([]string{flags}, words...))
	return out, ok && strings.IndexByte(out, 0) < 0
}

// zshPrintFed is what zsh's print writes into a pipe (print 'rm -rf ~' |
// sh in the agent's zsh, red team 16 ZS1): computed for static words with
// -r and -n (zshPrint); any other option (-l one word a line, -P, -f) or a
// word only known at run time leaves the text to run time, judged for
// what its words hold.
func zshPrintFed(src *Call) (text string, dynamic, ok bool) {
	if t, ok := zshPrint(src.Args); ok {
		return t, false, true
	}
	opts, ops := ScanOptions(src.Args, zshPrintSpec())
	sep := " "
	for _, o := range opts {
		if o.Name == "l" {
			sep = "\n"
		}
	}
	words := make([]string, 0, len(ops))
	for _, i := range ops {
		words = append(words, src.Args[i].Value)
	}
	return unescapeC(strings.Join(words, sep)) + "\n", true, true
}

// zshCall judges the zsh-only meanings of a call in the agent's zsh;
// true when the call is handled.
func (w *walker) zshCall(c scope, call *Call, st *state) bool {
	switch call.Name {
	case "emulate":
		// emulate [-lLR] [{+|-}o NAME …] MODE [-c CODE]: CODE runs in
		// this shell, in MODE's emulation (sh and ksh: bash's meanings).
		opts, ops := ScanOptions(call.Args, OptSpec{ShortVal: "oc", ShortOpt: "lLR", Plus: true})
		for _, o := range opts {
			if o.Name != "c" || o.Plus || !o.HasVal {
				continue
			}
			mode := ""
			if len(ops) > 0 && call.Args[ops[0]].Static {
				mode = call.Args[ops[0]].Value
			}
			saved := st.zsh
			st.zsh = mode == "zsh" || mode == ""
			code := o.Val
			w.childIn(c, call, code.Value, &code, "emulate -c", !code.Static, st, st.dir)
			st.zsh = saved
			return true
		}
	case "setopt", "unsetopt", "set":
		if on, text := zshGlobSubstOn(call); on {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: text,
				What: "zsh's GLOB_SUBST makes every later unquoted expansion a glob, and a glob qualifier in a value (e:CODE:) runs code: corral does not judge zsh's qualifiers"})
		}
	case "print":
		opts, ops := ScanOptions(call.Args, zshPrintSpec())
		for _, o := range opts {
			if o.Name != "P" || o.Plus {
				continue
			}
			for _, i := range ops {
				a := call.Args[i]
				if !a.Static || strings.ContainsAny(a.Value, "$`") {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
						What: "zsh's print -P expands $(…), `…` and ${…} in its text when PROMPT_SUBST is set (a .zshrc or theme sets it): code corral does not judge"})
					return false
				}
			}
		}
	}
	return false
}

// zshEqualsName is the program a command word names under zsh's =
// expansion (=sh is the path of sh), or "".
func zshEqualsName(a Arg) string {
	if !a.Static || len(a.Value) < 2 || a.Value[0] != '=' || strings.ContainsAny(a.Value[1:], "/=") {
		return ""
	}
	return a.Value[1:]
}

// zshPatterns lists, for a script the agent's zsh runs, the pattern
// groups in its words (bash's extglob forms: zsh reads *(…) as a glob
// with qualifiers, and (e:CODE:) or (+func) runs code), and the
// expansions zsh globs by their ~ flag (zshexpn(1): ${~spec} and $~spec
// turn GLOB_SUBST on for spec, so a value *(e:CODE:) runs CODE; bash
// fails on ${~x} and prints $~x as it is, which corral parses as a
// value only run time knows and as text).
func (w *walker) zshPatterns(top *Script) {
	if top == nil || top.File == nil {
		return
	}
	walkTree(top.File, func(n sh.Node) bool {
		what := ""
		switch n := n.(type) {
		case *sh.ExtGlob:
			what = "zsh reads a glob followed by (…) as glob qualifiers, and (e:CODE:) or (+func) runs code for each file: corral does not judge zsh's qualifiers"
		case *sh.ParamExp:
			start, end := int(n.Pos().Offset()), int(n.End().Offset())
			if end <= len(top.Src) && start < end && zshGlobFlag(top.Src[start:end], "${") {
				what = zshGlobFlagWhat
			}
		case *sh.Lit:
			// $~x is a literal $ then ~x to bash: read at the source.
			start := int(n.Pos().Offset())
			for i := 0; i < len(n.Value) && start+i < len(top.Src); i++ {
				if n.Value[i] == '\\' {
					i++
				} else if n.Value[i] == '$' && zshGlobFlag(top.Src[start+i:], "$") {
					what = zshGlobFlagWhat
					break
				}
			}
		}
		if what == "" {
			return true
		}
		start, end := int(n.Pos().Offset()), int(n.End().Offset())
		if end > len(top.Src) || start > end {
			return true
		}
		call := &Call{Script: top, Start: start, End: end, Name: "zsh"}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: top.Src[start:end], What: what})
		return true
	})
}

const zshGlobFlagWhat = "zsh's ${~x} (and $~x) globs the value of x, and a glob qualifier there (e:CODE:) runs code: corral does not judge zsh's qualifiers"

// zshGlobFlag reports text that starts with open ("${" or "$") and a
// run of zsh's parameter flags ~, =, ^ that turns GLOB_SUBST on: a
// single ~ (a doubled one turns it off), before a name.
func zshGlobFlag(text, open string) bool {
	rest, ok := strings.CutPrefix(text, open)
	if !ok {
		return false
	}
	tildes, i := 0, 0
	for ; i < len(rest) && strings.IndexByte("~=^", rest[i]) >= 0; i++ {
		if rest[i] == '~' {
			tildes++
		}
	}
	if tildes != 1 || i == len(rest) {
		return false
	}
	c := rest[i]
	return c == '_' || c == '{' && open == "$" || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || open == "${" && strings.IndexByte("#(@*", c) >= 0
}

// zshGlobSubstOn reports a setopt, unsetopt or set -o of the agent's
// zsh that turns GLOB_SUBST on (zshoptions(1): names in any case, with
// any underscores; a "no" prefix inverts), and the word that does.
func zshGlobSubstOn(call *Call) (bool, string) {
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }
	for i, a := range call.Args {
		if !a.Static {
			continue
		}
		v := norm(a.Value)
		switch call.Name {
		case "setopt":
			if v == "globsubst" {
				return true, a.Value
			}
		case "unsetopt":
			if v == "noglobsubst" {
				return true, a.Value
			}
		case "set":
			if i > 0 && call.Args[i-1].Static && call.Args[i-1].Value == "-o" && v == "globsubst" {
				return true, a.Value
			}
		}
	}
	return false, ""
}

// zshChild reports whether the text a call runs as kind is read by zsh:
// a zsh (zsh -c, echo … | zsh) is, another shell is not, a program that
// runs shell text (an editor, watch, find -exec sh) uses /bin/sh, and
// emulate -c is set by zshCall.
func zshChild(call *Call, kind string, parent bool) bool {
	switch {
	case call == nil || kind == "emulate -c":
		return parent
	case IsShell(call.Name):
		return IsZsh(call.Name)
	}
	return false
}

// zshEqualsArgs gives the words of a call in zsh that start with an
// unquoted =NAME (EQUALS: the path of the program NAME, zshexpn(1)
// "= expansion") that path: the first executable NAME on PATH, as
// which NAME finds it when the walk may look at the machine, else a
// value only run time knows (cp x =git writes the git program).
func zshEqualsArgs(call *Call, st *state) {
	for i, a := range call.Args {
		name := zshEqualsName(a)
		if name == "" || !strings.HasPrefix(a.Raw, "=") {
			continue
		}
		r := &resolver{st: st, dir: call.Dir}
		if p, ok := r.lookPath("which", []string{name}); ok {
			call.Args[i].Value = strings.TrimSuffix(p, "\n")
			continue
		}
		call.Args[i].Static = false
	}
}
