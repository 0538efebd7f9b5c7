package syntax

import (
	"strconv"
	"strings"
)

// less (582 and later) reads a lesskey source: the file named by
// --lesskey-src=FILE (any unambiguous abbreviation, also inside $LESS),
// LESSKEYIN or LESSKEYIN_SYSTEM, or the text of --lesskey-content=TEXT
// and LESSKEY_CONTENT (less 643). Its #env section sets variables as
// less sees them, and LESSOPEN and LESSCLOSE there are input
// preprocessors: shell commands less runs on every file it opens, even
// with its output in a pipe. Each source is read and those values are
// judged as the LESSOPEN variable is.

// lessOpenCommand returns the command line a LESSOPEN or LESSCLOSE value
// runs: the leading | (or ||) and - markers dropped, %s standing for the
// file.
func lessOpenCommand(v string) string {
	text := strings.TrimPrefix(strings.TrimPrefix(v, "|"), "|")
	text = strings.TrimPrefix(text, "-")
	return strings.ReplaceAll(text, "%s", "FILE")
}

// lessKeyOpener is a LESSOPEN or LESSCLOSE setting of a lesskey source,
// with its line.
type lessKeyOpener struct {
	line  int
	value string
}

// lessKeyOpeners returns the LESSOPEN and LESSCLOSE values the #env
// section of a lesskey source sets, escapes undone (\| is |).
func lessKeyOpeners(text string) []lessKeyOpener {
	var out []lessKeyOpener
	inEnv := false
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			switch strings.Fields(line + " ")[0] {
			case "#env":
				inEnv = true
			case "#command", "#line-edit", "#stop":
				inEnv = false
			}
			continue
		}
		if !inEnv {
			continue
		}
		name, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		// NAME = VALUE; a later less also takes NAME += VALUE.
		name = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(name), "+"))
		if name != "LESSOPEN" && name != "LESSCLOSE" {
			continue
		}
		var b strings.Builder
		val = strings.TrimSpace(val)
		for i := 0; i < len(val); i++ {
			if val[i] == '\\' && i+1 < len(val) {
				i++
			}
			b.WriteByte(val[i])
		}
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, lessKeyOpener{n + 1, s})
		}
	}
	return out
}

// lessKeyText judges the preprocessors a lesskey source's text sets;
// file names the source in findings ("" for text given whole).
func (w *walker) lessKeyText(c scope, call *Call, text, file, where string) {
	for _, o := range lessKeyOpeners(text) {
		origin := where
		if file != "" {
			origin = file
		}
		w.origin = origin + ":" + strconv.Itoa(o.line) + " (lesskey #env)"
		w.child(c, call, lessOpenCommand(o.value), nil, where+" #env LESSOPEN", false)
		w.origin = ""
	}
}

// lessKeyContent judges lesskey source text given whole
// (--lesskey-content, LESSKEY_CONTENT); text only run time knows is asked
// about.
func (w *walker) lessKeyContent(c scope, call *Call, text string, static bool, where string) {
	if !static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: text,
			What: "less reads lesskey text (" + where + ") only known at run time, whose #env section can set LESSOPEN, a command less runs"})
		return
	}
	w.lessKeyText(c, call, text, "", where)
}

// lessKeySource judges the lesskey source file less reads at the call:
// read (relative to the call's directory) and its #env preprocessors
// judged; a name only run time knows, or a file corral cannot read, is
// asked about.
func (w *walker) lessKeySource(c scope, call *Call, file string, static bool, where string) {
	if file == "" {
		return
	}
	what := "less reads the lesskey source " + file + " (" + where + "), whose #env section can set LESSOPEN, a command less runs"
	if !static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file, What: what + "; the name is only known at run time"})
		return
	}
	d := call.Dir.Join(file)
	key := "lesskey " + d.Path
	if w.ranVars[key] {
		return
	}
	if w.ranVars == nil {
		w.ranVars = map[string]bool{}
	}
	w.ranVars[key] = true
	text, ok := w.readScript(d)
	if !ok {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file, What: what + "; corral cannot read it"})
		return
	}
	w.lessKeyText(c, call, text, file, where+" "+file)
}

// lessKeyOptions judges the lesskey sources less's own options name:
// --lesskey-src=FILE or --lesskey-src FILE (any unambiguous prefix down
// to --lesskey-s) and --lesskey-content=TEXT (down to --lesskey-c).
func (w *walker) lessKeyOptions(c scope, call *Call) {
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		if a.Value == "--" {
			return
		}
		name, val, hasVal := strings.Cut(a.Value, "=")
		if !strings.HasPrefix(name, "--") {
			continue
		}
		name = strings.ToLower(name[2:])
		src := len(name) > len("lesskey-") && strings.HasPrefix("lesskey-src", name)
		content := len(name) > len("lesskey-") && strings.HasPrefix("lesskey-content", name)
		if !src && !content {
			continue
		}
		static := a.Static
		if !hasVal && i+1 < len(call.Args) {
			i++
			val, static = call.Args[i].Value, call.Args[i].Static
		}
		if src {
			w.lessKeySource(c, call, val, static, "less --lesskey-src")
		} else {
			w.lessKeyContent(c, call, val, static, "less --lesskey-content")
		}
	}
}
