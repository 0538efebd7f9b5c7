package syntax

import (
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// catFedText returns the text a here-string or here-document feeds to
// standard input when its only run-time parts are command substitutions
// that print a file ("$(cat f)", "$(< f)", `cat f`): bash runs them
// before the program starts, so the program reads the file's text, with
// the word's literal parts around it (php <<< "<?php $(cat x.php)").
// files names the files read; ok is false when any other part (a
// variable, another command's output) is only known at run time, or a
// file cannot be read. hdoc says wd is a here-document's body, whose
// text is read as inside double quotes.
func (w *walker) catFedText(call *Call, wd *sh.Word, src string, hdoc bool) (text string, files []string, ok bool) {
	if wd == nil {
		return "", nil, false
	}
	var b strings.Builder
	var walk func(parts []sh.WordPart, quoted bool) bool
	walk = func(parts []sh.WordPart, quoted bool) bool {
		for _, p := range parts {
			switch n := p.(type) {
			case *sh.Lit:
				v := n.Value
				if !quoted && strings.Contains(v, "\\") {
					return false
				}
				b.WriteString(v)
			case *sh.SglQuoted:
				if n.Dollar {
					return false
				}
				b.WriteString(n.Value)
			case *sh.DblQuoted:
				if !walk(n.Parts, true) {
					return false
				}
			case *sh.CmdSubst:
				start, end := int(n.Pos().Offset()), int(n.End().Offset())
				if start < 0 || end > len(src) || start >= end || len(files) >= 8 {
					return false
				}
				m := catOutput.Get().FindStringSubmatch(src[start:end])
				if m == nil {
					return false
				}
				t, read := w.readScript(call.Dir.Join(m[1]))
				if !read {
					return false
				}
				// $(…) drops the trailing newlines of what it prints.
				b.WriteString(strings.TrimRight(t, "\n"))
				files = append(files, m[1])
			case *sh.ParamExp:
				// "$x" after x=$(cat f.py) (or $(< f.py)): the file's
				// text without its trailing newlines (substFileVals).
				// Unquoted, the value is split into words: not read.
				if !quoted || n.Excl || n.Length || n.Width || n.Index != nil || n.Slice != nil || n.Repl != nil || n.Exp != nil || n.Param == nil || len(files) >= 8 {
					return false
				}
				v, ok := w.cur.vars[n.Param.Value]
				if !ok || v.known || len(v.fileVals) != 1 {
					return false
				}
				b.WriteString(v.fileVals[0])
				files = append(files, "$"+n.Param.Value)
			default:
				return false
			}
		}
		return true
	}
	if !walk(wd.Parts, hdoc) || len(files) == 0 {
		return "", nil, false
	}
	return b.String(), files, true
}

// echoFedText is what echo or printf src prints (echoText), with each
// quoted word whose run-time parts only print files ("$x" after
// x=$(cat f.py), "$(cat f.py)", "$(< f.py)") taken as that text, as
// catFedText reads a here-string: x=$(cat f.py); echo "$x" | python3
// and printf '%s\n' "$x" | node hand the interpreter the file's text.
// The text stays dynamic when any other word is only known at run time.
func (w *walker) echoFedText(c scope, src *Call) (string, bool, bool) {
	text, dynamic, ok := echoText(src)
	if !ok || !dynamic {
		return text, dynamic, ok
	}
	args := slices.Clone(src.Args)
	fromFiles := false
	for i := range args {
		if args[i].Static {
			continue
		}
		t, _, fed := w.catFedText(src, args[i].Word, c.sc.Src, false)
		if !fed {
			// echo "$(tail -1 f)": what the substitution prints, exact
			// or the files' text it is taken from (fileprint.go).
			cs := wholeCmdSubst(args[i].Word)
			if cs == nil {
				return text, dynamic, ok
			}
			st, dyn, known, _ := w.substPrinted(c, src, cs)
			if !known {
				return text, dynamic, ok
			}
			// Unquoted, the text is split into words and joined by
			// spaces: judged for what it holds.
			_, quoted := args[i].Word.Parts[0].(*sh.DblQuoted)
			t, fromFiles = strings.TrimRight(st, "\n"), fromFiles || dyn || !quoted
		}
		args[i].Value, args[i].Static = t, true
	}
	resolved := *src
	resolved.Args = args
	text, dynamic, ok = echoText(&resolved)
	return text, dynamic || fromFiles, ok
}

// echoSubstWhy says why what echo or printf src prints is only known at
// run time and code-like: a quoted word that is a substitution printing
// a file's text corral does not compute (echo "$(grep . f)" | sh), or
// "" when there is none.
func (w *walker) echoSubstWhy(c scope, src *Call) string {
	if src.Name != "echo" && src.Name != "printf" {
		return ""
	}
	for _, a := range src.Args {
		if a.Static {
			continue
		}
		if cs := wholeCmdSubst(a.Word); cs != nil {
			if _, _, _, what := w.substPrinted(c, src, cs); what != "" {
				return what
			}
		}
	}
	return ""
}

// fedByVariable reports whether catFedText read one of its files through
// a variable holding its text ("$x"), which catFedText names "$x".
func fedByVariable(files []string) bool {
	for _, f := range files {
		if strings.HasPrefix(f, "$") {
			return true
		}
	}
	return false
}
