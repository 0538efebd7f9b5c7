package syntax

import (
	"path/filepath"
	"slices"
	"strings"
)

// Kakoune runs shell text from its own command language (issue 12, class
// 4): a %sh{…} expansion in a command runs its text with sh, and so do
// the keys !, |, $, <a-!> and <a-|> of normal mode (a prompt whose line
// is shell text). kak -e CMDS and -E CMDS give commands that run when a
// client or the server starts, kak -p SESSION sends the commands of its
// standard input to a session, and kak -f KEYS types KEYS in each file.
// The commands are read for
//
//   - every %sh expansion, with any delimiter kak accepts (a nestable
//     pair (), [], {}, <> counted as kak counts it, or one punctuation
//     character that ends it): its text is judged as typed, and is read
//     again for the expansions it prints for kak to evaluate;
//   - the keys of execute-keys (exec) and map, read as the keys of -f;
//   - echo -to-shell-script SCRIPT, which runs SCRIPT with sh;
//   - source FILE: the file's commands (a file corral cannot read asks);
//   - the kakrc and autoload scripts of a configuration directory the
//     command names (kakConfig).
//
// The keys are followed through kak's modes: a shell prompt's line up to
// <ret> is judged as typed, a : prompt's line is read as commands, and
// the text typed in insert mode or at a search prompt is passed over.
// The text of a quoted word is read wherever it is, as hooks and
// define-command bodies run it later: a %sh in a quoted echo argument is
// judged although kak would print it.

// kakoune judges the shell text the kak command call runs.
func (w *walker) kakoune(c scope, call *Call) {
	args := call.Args
	w.kakConfig(c, call)
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if !args[i].Static {
			continue
		}
		if v == "--" {
			break
		}
		switch v {
		case "-e", "-E", "-f", "-p", "-c", "-s", "-i", "-ui", "-debug":
		default:
			continue
		}
		if i+1 >= len(args) {
			break
		}
		i++
		a := args[i]
		k := &kakReader{w: w, c: c, call: call, dynamic: !a.Static, kind: "kak " + v}
		if !a.Static && (v == "-e" || v == "-E" || v == "-f") {
			// Commands or keys only known at run time: they ask by
			// their rule words.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: a.Raw,
				What: "kak " + v + " runs commands only known at run time, where %sh{…} runs shell text"})
		}
		switch v {
		case "-e", "-E":
			k.commands(a.Value, 0)
		case "-f":
			k.keys(a.Value, 0)
		case "-p":
			in := call.Fd(0)
			text, dynamic, ok := w.inputText(c, in)
			if !ok {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
					What: "kak -p sends the commands of its standard input, which corral does not know, to a session, where %sh{…} runs shell text"})
				continue
			}
			k.dynamic = dynamic
			k.commands(text, 0)
		}
	}
}

// kakConfig reads the user configuration kak loads at start (not with
// -n, nor with -clear, -l, -version, -help), when the command chooses
// its directory: KAKOUNE_CONFIG_DIR, else $XDG_CONFIG_HOME/kak. Its
// kakrc and the *.kak files under autoload/ (two levels read) are
// commands. A directory only known at run time asks. The user's own
// ~/.config/kak is theirs: a write there asks already.
func (w *walker) kakConfig(c scope, call *Call) {
	for _, a := range call.Args {
		if a.Value == "--" {
			break
		}
		switch a.Value {
		case "-n", "-clear", "-l", "-version", "-help", "-p", "-f":
			return
		}
	}
	dir := ""
	if v, known, set := w.envOf(c, call, "KAKOUNE_CONFIG_DIR"); set {
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
				What: "kak loads its kakrc and autoload scripts from KAKOUNE_CONFIG_DIR, a directory only known at run time"})
			return
		}
		dir = v
	} else if v, known, set := w.envOf(c, call, "XDG_CONFIG_HOME"); set {
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
				What: "kak loads its kakrc and autoload scripts from $XDG_CONFIG_HOME/kak, a directory only known at run time"})
			return
		}
		dir = v + "/kak"
	}
	if dir == "" {
		return
	}
	d := call.Dir.Join(expandTilde(dir, w.home))
	if !d.Known {
		return
	}
	k := &kakReader{w: w, c: c, call: call, kind: "kak config"}
	files := []string{d.Join("kakrc").Path}
	for _, pat := range []string{"autoload/*.kak", "autoload/*/*.kak"} {
		for _, m := range w.globNames(d, pat) {
			files = append(files, d.Join(m).Path)
		}
	}
	autoload := d.Join("autoload").Path
	for p := range w.written {
		if up := filepath.Dir(p); strings.HasSuffix(p, ".kak") && (up == autoload || filepath.Dir(up) == autoload) {
			files = append(files, p)
		}
	}
	slices.Sort(files[1:])
	for _, f := range slices.Compact(files) {
		if text, ok := w.readScript(Dir{Path: f, Known: true}); ok {
			k.commands(text, 0)
		}
	}
}

// kakReader reads the commands and keys of one kak option.
type kakReader struct {
	w       *walker
	c       scope
	call    *Call
	dynamic bool
	kind    string
}

// kakMaxDepth bounds the nesting of commands inside commands.
const kakMaxDepth = 8

// shell judges text kak runs with sh.
func (k *kakReader) shell(text, how string, depth int) {
	if strings.TrimSpace(text) == "" {
		return
	}
	k.w.child(k.c, k.call, text, nil, k.kind+" "+how, k.dynamic)
	// What the script prints kak may evaluate as commands
	// (evaluate-commands %sh{echo "…"}): the text is read for the
	// expansions it holds.
	k.expansions(text, depth+1)
}

// expansions judges the %sh expansions of text.
func (k *kakReader) expansions(text string, depth int) {
	if depth > kakMaxDepth {
		return
	}
	for _, e := range kakExpansions(text) {
		if e.typ == "sh" {
			k.shell(e.body, "%sh{…}", depth)
		}
	}
}

// commands reads a text of kak commands: its expansions, then the
// commands that run keys, files or scripts.
func (k *kakReader) commands(text string, depth int) {
	if depth > kakMaxDepth {
		return
	}
	k.expansions(text, depth)
	k.commandWords(text, depth)
}

// commandWords reads the commands of text for the keys, files and
// scripts they run (the expansions are read once, by commands).
func (k *kakReader) commandWords(text string, depth int) {
	if depth > kakMaxDepth {
		return
	}
	for _, cmd := range kakWords(text) {
		if len(cmd) == 0 {
			continue
		}
		switch name := cmd[0]; name {
		case "exec", "execute-keys":
			if rest := kakOperands(cmd[1:]); len(rest) > 0 {
				k.keys(strings.Join(rest, " "), depth+1)
			}
		case "map":
			// map [-docstring TEXT] SCOPE MODE KEY KEYS: KEYS run when
			// KEY is typed (exec KEY types it).
			if rest := kakOperands(cmd[1:]); len(rest) >= 4 {
				k.keys(rest[3], depth+1)
			}
		case "source":
			if rest := kakOperands(cmd[1:]); len(rest) > 0 {
				k.source(rest[0], depth)
			}
		case "echo":
			for j := 1; j+1 < len(cmd); j++ {
				if cmd[j] == "-to-shell-script" {
					k.shell(cmd[j+1], "echo -to-shell-script", depth)
				}
			}
		}
		// Quoted words hold commands run later (hooks, define-command,
		// evaluate-commands, try … catch): read as commands too.
		for _, word := range cmd[1:] {
			if strings.ContainsAny(word, " \t\n;") {
				k.commandWords(word, depth+1)
			}
		}
	}
}

// source reads the commands of a file kak sources.
func (k *kakReader) source(name string, depth int) {
	if strings.ContainsAny(name, "%$`") {
		k.w.m.Hidden = append(k.w.m.Hidden, Hidden{Call: k.call, Always: true, Text: name,
			What: k.kind + " sources kak commands from " + clip(name, 40) + ", a file only known at run time"})
		return
	}
	text, ok := k.w.readScript(k.call.Dir.Join(expandTilde(name, k.w.home)))
	if !ok {
		k.w.m.Hidden = append(k.w.m.Hidden, Hidden{Call: k.call, Always: true, Text: name,
			What: k.kind + " sources kak commands from " + clip(name, 40) + ", which corral cannot read"})
		return
	}
	k.commands(text, depth+1)
}

// kakOperands drops the switches of a kak command (-draft, -client C,
// …) and returns its parameters.
func kakOperands(words []string) []string {
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case w == "--":
			return words[i+1:]
		case w == "-client" || w == "-try-client" || w == "-buffer" || w == "-save-regs" || w == "-docstring":
			i++
		case len(w) > 1 && w[0] == '-':
		default:
			return words[i:]
		}
	}
	return nil
}

// kakExpansion is one %type{…} of a kak command line.
type kakExpansion struct {
	typ, body string
}

// kakExpansions returns the %-expansions of text, at any depth of
// quoting (kak evaluates quoted text again in hooks and commands).
func kakExpansions(text string) []kakExpansion {
	var out []kakExpansion
	for i := 0; i < len(text); i++ {
		if text[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] == '_') {
			j++
		}
		if j >= len(text) {
			break
		}
		body, end, ok := kakDelimited(text, j)
		if !ok {
			continue
		}
		out = append(out, kakExpansion{typ: text[i+1 : j], body: body})
		if text[i+1:j] != "sh" {
			// %{…}, %opt{…}: their text is read for expansions too.
			out = append(out, kakExpansions(body)...)
		}
		i = end - 1
	}
	return out
}

// kakDelimited reads the delimited text that starts at text[j] (the
// opening delimiter): a nestable pair counted to its match, else a
// punctuation character up to the next one. end is the index after the
// closing delimiter; an unclosed text runs to the end, as a shell
// reading it would see it.
func kakDelimited(text string, j int) (body string, end int, ok bool) {
	open := text[j]
	var close byte
	switch open {
	case '{':
		close = '}'
	case '(':
		close = ')'
	case '[':
		close = ']'
	case '<':
		close = '>'
	default:
		if open <= ' ' || open >= 0x7f || open >= 'a' && open <= 'z' || open >= 'A' && open <= 'Z' || open >= '0' && open <= '9' {
			return "", 0, false
		}
		k := strings.IndexByte(text[j+1:], open)
		if k < 0 {
			return text[j+1:], len(text), true
		}
		return text[j+1 : j+1+k], j + 2 + k, true
	}
	level := 1
	for k := j + 1; k < len(text); k++ {
		switch text[k] {
		case open:
			level++
		case close:
			level--
			if level == 0 {
				return text[j+1 : k], k + 1, true
			}
		}
	}
	return text[j+1:], len(text), true
}

// kakWords splits a text of kak commands into commands of words, with
// quotes and %-delimited strings taken off: commands end at a newline
// or an unquoted ";", a # at a word's start comments out the line.
func kakWords(text string) [][]string {
	var cmds [][]string
	var cur []string
	var word strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			cur = append(cur, word.String())
			word.Reset()
			inWord = false
		}
	}
	endCmd := func() {
		endWord()
		if len(cur) > 0 {
			cmds = append(cmds, cur)
			cur = nil
		}
	}
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '\n' || ch == ';':
			endCmd()
		case ch == ' ' || ch == '\t':
			endWord()
		case ch == '#' && !inWord:
			for i < len(text) && text[i] != '\n' {
				i++
			}
			endCmd()
		case (ch == '\'' || ch == '"') && !inWord:
			// Quoted: a doubled quote is one quote character.
			inWord = true
			for i++; i < len(text); i++ {
				if text[i] == ch {
					if i+1 < len(text) && text[i+1] == ch {
						word.WriteByte(ch)
						i++
						continue
					}
					break
				}
				word.WriteByte(text[i])
			}
			endWord()
		case ch == '%' && !inWord:
			j := i + 1
			for j < len(text) && (text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] == '_') {
				j++
			}
			if j < len(text) {
				if body, end, ok := kakDelimited(text, j); ok {
					inWord = true
					if j == i+1 {
						word.WriteString(body) // %{…}: a string
					} else {
						word.WriteString(text[i:end]) // an expansion, kept
					}
					endWord()
					i = end - 1
					continue
				}
			}
			inWord = true
			word.WriteByte(ch)
		default:
			inWord = true
			word.WriteByte(ch)
		}
	}
	endCmd()
	return cmds
}

// kakKeyChar returns the character a named key types.
func kakKeyChar(name string) (string, bool) {
	switch name {
	case "space":
		return " ", true
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "minus":
		return "-", true
	case "plus":
		return "+", true
	case "semicolon":
		return ";", true
	case "percent":
		return "%", true
	case "tab":
		return "\t", true
	case "backslash":
		return `\`, true
	}
	return "", false
}

// kakKeyList splits keys into kak's keys: <name> or one character.
func kakKeyList(keys string) []string {
	var out []string
	for i := 0; i < len(keys); {
		if keys[i] == '<' {
			if j := strings.IndexByte(keys[i:], '>'); j > 1 && !strings.ContainsAny(keys[i+1:i+j], " <") {
				out = append(out, keys[i:i+j+1])
				i += j + 1
				continue
			}
		}
		n := 1
		for n < len(keys)-i && keys[i+n]&0xC0 == 0x80 {
			n++
		}
		out = append(out, keys[i:i+n])
		i += n
	}
	return out
}

// keys follows keys typed in normal mode.
func (k *kakReader) keys(keys string, depth int) {
	if depth > kakMaxDepth {
		return
	}
	const (
		normal = iota
		insert
		prompt
		shellPrompt
		commandPrompt
	)
	mode := normal
	oneNormal := false // insert mode's <a-;>: one normal-mode key
	var line strings.Builder
	list := kakKeyList(keys)
	finish := func() {
		switch mode {
		case shellPrompt:
			k.shell(line.String(), "shell key", depth)
		case commandPrompt:
			k.commands(line.String(), depth+1)
		}
		line.Reset()
		mode = normal
	}
	for i := 0; i < len(list); i++ {
		key := list[i]
		switch mode {
		case insert:
			switch key {
			case "<esc>":
				mode = normal
			case "<a-;>":
				oneNormal = true
				mode = normal
			}
			continue
		case prompt, shellPrompt, commandPrompt:
			switch key {
			case "<ret>":
				finish()
			case "<esc>":
				line.Reset()
				mode = normal
			default:
				if len(key) > 1 && key[0] == '<' {
					if ch, ok := kakKeyChar(key[1 : len(key)-1]); ok {
						line.WriteString(ch)
					}
					continue
				}
				line.WriteString(key)
			}
			continue
		}
		back := oneNormal
		oneNormal = false
		switch key {
		case "!", "|", "$", "<a-!>", "<a-|>", "<a-$>":
			mode = shellPrompt
		case ":":
			mode = commandPrompt
		case "/", "?", "<a-/>", "<a-?>", "s", "S", "<a-k>", "<a-K>":
			mode = prompt // a regular expression
		case "i", "a", "I", "A", "o", "O", "c", "<a-c>":
			mode = insert
		case "f", "t", "F", "T", "<a-f>", "<a-t>", "<a-F>", "<a-T>", "r", "\"", "g", "v", "V", "<a-i>", "<a-a>",
			"[", "]", "{", "}", "<a-[>", "<a-]>", "<a-{>", "<a-}>":
			// A key that takes the next key as its argument (r!
			// replaces with "!", f! selects to it).
			i++
		}
		if back && mode == normal {
			mode = insert
		}
	}
	// Keys that end without <ret> leave a prompt open: nothing runs.
}
