package syntax

import (
	"errors"
	"io/fs"
	"os"
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
	line        int
	name, value string
}

// lessKeyRuns reports whether a variable set in a lesskey file's #env
// section is a command less runs: the input preprocessors LESSOPEN and
// LESSCLOSE, and the editor its v command starts (LESSEDIT, whose %E is
// VISUAL or EDITOR).
func lessKeyRuns(name string) bool {
	switch name {
	case "LESSOPEN", "LESSCLOSE", "LESSEDIT", "VISUAL", "EDITOR":
		return true
	}
	return false
}

// lessKeyOpeners returns the command variables (lessKeyRuns) the #env
// section of a lesskey source sets, escapes undone (\| is |). A compiled
// lesskey file (lesskey -o, ~/.less) is read by lessKeyCompiled.
func lessKeyOpeners(text string) []lessKeyOpener {
	if strings.HasPrefix(text, lessKeyMagic) {
		return lessKeyCompiled(text)
	}
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
		if !lessKeyRuns(name) {
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
			out = append(out, lessKeyOpener{n + 1, name, s})
		}
	}
	return out
}

// lessKeyMagic starts a compiled lesskey file.
const lessKeyMagic = "\x00M+G"

// lessKeyCompiled reads the env section of a compiled lesskey file, as
// lesskey 590 writes it (seen with lesskey -o): the magic, then sections
// of a type byte ('c' commands, 'e' line editing, 'v' variables), a size
// in two bytes (low, high, base 64) and that many bytes, then "xEnd". The
// variables section holds NAME NUL, an action byte, VALUE NUL. line is
// the variable's place in the section (1, 2 …).
func lessKeyCompiled(data string) []lessKeyOpener {
	var out []lessKeyOpener
	i := len(lessKeyMagic)
	for i+3 <= len(data) {
		kind := data[i]
		if kind == 'x' {
			break
		}
		size := int(data[i+1]) + int(data[i+2])*64
		i += 3
		if i+size > len(data) {
			size = len(data) - i
		}
		if kind == 'v' {
			parts := strings.Split(data[i:i+size], "\x00")
			for k := 0; k+1 < len(parts); k += 2 {
				name, val := parts[k], parts[k+1]
				if len(val) > 0 && val[0] >= 0x80 {
					val = val[1:] // the action byte
				}
				if lessKeyRuns(name) && strings.TrimSpace(val) != "" {
					out = append(out, lessKeyOpener{k/2 + 1, name, strings.TrimSpace(val)})
				}
			}
		}
		i += size
	}
	return out
}

// lessEditCommand returns the command line a LESSEDIT, VISUAL or EDITOR
// value of a lesskey file runs: LESSEDIT's %E is the editor, its other
// %-escapes and ?…. conditionals stand for the file and line.
func lessEditCommand(name, v string) string {
	if name != "LESSEDIT" {
		return v + " FILE"
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '%' && i+1 < len(v):
			i++
			if v[i] == 'E' {
				b.WriteString("editor")
			} else {
				b.WriteString("FILE")
			}
		case v[i] == '?':
			// ?lm+%lm. : a prompt conditional up to its dot.
			if j := strings.IndexByte(v[i:], '.'); j > 0 {
				i += j
			}
		default:
			b.WriteByte(v[i])
		}
	}
	return b.String()
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
		cmd := lessOpenCommand(o.value)
		if o.name != "LESSOPEN" && o.name != "LESSCLOSE" {
			cmd = lessEditCommand(o.name, o.value)
		}
		w.child(c, call, cmd, nil, where+" #env "+o.name, false)
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
	w.lessKeyFile(c, call, file, static, where, false)
}

// lessKeyFile is lessKeySource for a source (compiled false: less parses
// it as text) or a compiled file (-k, --lesskey-file, LESSKEY, lesskey's
// output): less 590 refuses a file of the other form, so that one sets
// nothing.
func (w *walker) lessKeyFile(c scope, call *Call, file string, static bool, where string, compiled bool) {
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
	if w.ranVars[key] || compiled && w.ranVars["lesskey-out "+d.Path] {
		// Read already, or the output of a lesskey of this command,
		// whose source was judged there.
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
	if strings.HasPrefix(text, lessKeyMagic) != compiled {
		return // "Cannot use lesskey file": less reads nothing from it
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
		if strings.HasPrefix(a.Value, "-k") && !strings.HasPrefix(a.Value, "--") {
			// -k FILE, -kFILE: a (compiled) lesskey file.
			if len(a.Value) > 2 {
				w.lessKeyFile(c, call, a.Value[2:], a.Static, "less -k", true)
			} else if i+1 < len(call.Args) {
				i++
				w.lessKeyFile(c, call, call.Args[i].Value, call.Args[i].Static, "less -k", true)
			}
			continue
		}
		name, val, hasVal := strings.Cut(a.Value, "=")
		if !strings.HasPrefix(name, "--") {
			continue
		}
		name = strings.ToLower(name[2:])
		src := len(name) > len("lesskey-") && strings.HasPrefix("lesskey-src", name)
		content := len(name) > len("lesskey-") && strings.HasPrefix("lesskey-content", name)
		file := len(name) > len("lesskey-") && strings.HasPrefix("lesskey-file", name)
		if !src && !content && !file {
			continue
		}
		static := a.Static
		if !hasVal && i+1 < len(call.Args) {
			i++
			val, static = call.Args[i].Value, call.Args[i].Static
		}
		if file {
			w.lessKeyFile(c, call, val, static, "less --lesskey-file", true)
		} else if src {
			w.lessKeySource(c, call, val, static, "less --lesskey-src")
		} else {
			w.lessKeyContent(c, call, val, static, "less --lesskey-content")
		}
	}
}

// lessKeyCompile judges lesskey [-o OUT] [SRC]: the compiled file it
// writes (~/.less by default, which every less then reads) carries SRC's
// #env section, so the commands set there are judged as less's.
func (w *walker) lessKeyCompile(c scope, call *Call) {
	out := "~/.less"
	src, srcStatic := "", false
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		switch {
		case (a.Value == "-o" || a.Value == "--output") && i+1 < len(call.Args):
			i++
			out = call.Args[i].Value
		case strings.HasPrefix(a.Value, "--output="):
			out = strings.TrimPrefix(a.Value, "--output=")
		case strings.HasPrefix(a.Value, "-o") && len(a.Value) > 2:
			out = a.Value[2:]
		case strings.HasPrefix(a.Value, "-"):
		case src == "":
			src, srcStatic = a.Value, a.Static
		}
	}
	if strings.HasPrefix(out, "~/") && w.home != "" {
		out = w.home + out[1:]
	}
	if d := call.Dir.Join(out); d.Known {
		if w.ranVars == nil {
			w.ranVars = map[string]bool{}
		}
		w.ranVars["lesskey-out "+d.Path] = true
	}
	if d := call.Dir.Join(src); srcStatic && d.Known {
		if _, written := w.written[d.Path]; !written {
			if _, err := os.Lstat(d.Path); errors.Is(err, fs.ErrNotExist) {
				return // lesskey fails: nothing is written
			}
		}
	}
	w.lessKeySource(c, call, src, srcStatic, "lesskey, whose output less reads,")
}
