package syntax

import (
	"strconv"
	"strings"
	"unicode"
)

// Programs that type text into another terminal through its remote
// control, or into the focused window: the shell there reads the text as
// commands, as tmux send-keys' (detached.go). Text typed without a final
// Enter is judged all the same, as send-keys' is: it sits at the prompt
// until someone presses Enter.

// termPart is one piece of what a program types: text from its command
// line, a file's text (File) or its standard input's (Stdin).
type termPart struct {
	Text  typedText
	File  *Arg
	Stdin bool
	// Script: the file's or input's text is an xdotool script, whose
	// commands type text (xdotoolScript); Args are its $0 (the script's
	// name, "-" for standard input), $1, $2….
	Script bool
	Args   []Arg
}

// termSend is what one call types and into what ("kitty send-text").
type termSend struct {
	Kind  string
	Parts []termPart
	// Runs are programs with their arguments the call starts (xdotool
	// exec).
	Runs [][]Arg
}

// kittyGlobalSpec is kitten @'s global options (before the subcommand;
// the hidden @send-text form takes them among its own).
var kittyGlobalSpec = OptSpec{LongEq: true, Stop: true, LongVal: []string{"to", "password", "password-file", "password-env", "use-password"}}

// kittySendSpec is kitten @ send-text's options, with the global ones of
// the @send-text form. kitty's parser stops at the first operand.
var kittySendSpec = OptSpec{ShortVal: "mt", LongEq: true, Stop: true, LongVal: []string{"match", "match-tab", "from-file", "bracketed-paste",
	"to", "password", "password-file", "password-env", "use-password"}}

// termSendOf returns what call types into a terminal: kitty's and
// kitten's @ send-text, wezterm cli send-text, zellij action write-chars
// and write, xdotool type and key, ydotool type and key, wtype.
func termSendOf(call *Call) (termSend, bool) {
	args := call.Args
	switch call.Name {
	case "kitty", "kitten":
		return kittySend(args)
	case "wezterm":
		return weztermSend(args)
	case "zellij":
		return zellijSend(args)
	case "xdotool":
		return xdotoolSend(args)
	case "ydotool":
		return ydotoolSend(args)
	case "wtype":
		return wtypeSend(args)
	}
	return termSend{}, false
}

// argsText is words typed one after another, joined by sep, each decoded
// by dec (nil: as written).
func argsText(words []Arg, sep string, dec func(string) string) typedText {
	var b strings.Builder
	dynamic := false
	for i, a := range words {
		if i > 0 {
			b.WriteString(sep)
		}
		v := a.Value
		if dec != nil {
			v = dec(v)
		}
		b.WriteString(v)
		dynamic = dynamic || !a.Static
	}
	return typedText{Text: b.String(), Dynamic: dynamic}
}

// kittySend reads kitty @ [global options] send-text [options] TEXT…
// (also kitty @send-text): the words are joined by spaces, each decoded
// as an ANSI-C string (kittyText), then the file of --from-file and the
// input of --stdin follow, both sent as they are (kitten @ send-text's
// order).
func kittySend(args []Arg) (termSend, bool) {
	if len(args) == 0 || !args[0].Static {
		return termSend{}, false
	}
	var rest []Arg
	switch args[0].Value {
	case "@":
		_, ops := ScanOptions(args[1:], kittyGlobalSpec)
		if len(ops) == 0 {
			return termSend{}, false
		}
		sub := args[1+ops[0]]
		if sub.Static && sub.Value == "action" {
			return kittyActionSend(args[1+ops[0]+1:])
		}
		if !sub.Static || sub.Value != "send-text" {
			return termSend{}, false
		}
		rest = args[1+ops[0]+1:]
	case "@send-text":
		rest = args[1:]
	default:
		return termSend{}, false
	}
	opts, ops := ScanOptions(rest, kittySendSpec)
	words := make([]Arg, 0, len(ops))
	for _, i := range ops {
		words = append(words, rest[i])
	}
	ts := termSend{Kind: "kitty send-text"}
	if len(words) > 0 {
		ts.Parts = append(ts.Parts, termPart{Text: argsText(words, " ", kittyText)})
	}
	for _, o := range opts {
		if o.Name == "from-file" && o.HasVal {
			f := o.Val
			ts.Parts = append(ts.Parts, termPart{File: &f})
		}
	}
	for _, o := range opts {
		if o.Name == "stdin" {
			ts.Parts = append(ts.Parts, termPart{Stdin: true})
			break
		}
	}
	return ts, len(ts.Parts) > 0
}

// kittyActionSpec is kitten @ action's options that take a value.
var kittyActionSpec = OptSpec{ShortVal: "m", LongEq: true, Stop: true, LongVal: []string{"match"}}

// kittyActionSend reads kitty @ action [options] ACTION [ARGS…]: kitty
// joins the words with spaces and runs the text as a mappable action
// (rc/action.py). send_text MODES TEXT types TEXT, decoded as
// send-text's (kittyText), into the window when its keyboard mode is
// one of MODES (a comma-separated list of normal, application, kitty,
// all); combine SEP A SEP B… runs each action (kittyActionTexts). An
// action named at run time is text only known at run time.
func kittyActionSend(args []Arg) (termSend, bool) {
	_, ops := ScanOptions(args, kittyActionSpec)
	if len(ops) == 0 {
		return termSend{}, false
	}
	words := args[ops[0]:]
	all := argsText(words, " ", nil)
	ts := termSend{Kind: "kitty send_text"}
	for _, text := range kittyActionTexts(all.Text, 0) {
		ts.Parts = append(ts.Parts, termPart{Text: typedText{Text: text, Dynamic: all.Dynamic}})
	}
	if len(ts.Parts) == 0 && !words[0].Static {
		ts.Parts = append(ts.Parts, termPart{Text: typedText{Dynamic: true}})
	}
	return ts, len(ts.Parts) > 0
}

// kittyActionTexts returns the texts a kitty mappable action types:
// send_text's (when its modes include one a shell prompt is in), each
// of combine's actions', split as kitty splits them (str.split with at
// most one split, on Python's blanks).
func kittyActionTexts(action string, depth int) []string {
	if depth > maxNestedCommands {
		return nil
	}
	name, rest := pySplit1(action)
	switch name {
	case "send_text":
		modes, text := pySplit1(rest)
		if text == "" {
			return nil
		}
		for _, m := range strings.Split(modes, ",") {
			switch m {
			case "normal", "application", "kitty", "all":
				return []string{kittyText(text)}
			}
		}
	case "paste":
		// paste TEXT pastes TEXT, decoded as send_text's, into the window.
		if rest != "" {
			return []string{kittyText(rest)}
		}
	case "remote_control":
		// remote_control ARGS… runs kitty @ ARGS… (kittyRemoteCall):
		// its send-text and action send_text type.
		call := kittyRemoteCall(kittyWords(rest, false))
		if call == nil {
			return nil
		}
		ts, _ := kittySend(call.Args)
		var out []string
		for _, p := range ts.Parts {
			if p.File == nil && !p.Stdin {
				out = append(out, p.Text.Text)
			}
		}
		return out
	case "combine":
		sep, rest := pySplit1(rest)
		if sep == "" {
			return nil
		}
		var out []string
		for _, part := range strings.Split(rest, sep) {
			out = append(out, kittyActionTexts(part, depth+1)...)
		}
		return out
	}
	return nil
}

// pySplit1 is Python's s.split(maxsplit=1): the first blank-separated
// word and the rest after the blanks that follow it.
func pySplit1(s string) (first, rest string) {
	s = strings.TrimLeftFunc(s, pySpace)
	i := strings.IndexFunc(s, pySpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeftFunc(s[i:], pySpace)
}

// pySpace reports a character Python's str.split takes for a blank.
func pySpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// kittyText decodes the escapes of kitten @ send-text's text as kitty's
// ExpandANSICEscapes does: \a \b \e \E \f \n \r \t \v \\ \? \" \', \cX
// the control character of X, \xHH, \uHHHH, \UHHHHHHHH and \NNN (octal)
// the character of that code (a rune, written as UTF-8); a backslash
// before anything else stays with it.
func kittyText(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		c := s[i]
		if k := strings.IndexByte(`abeEfnrtv\?"'`, c); k >= 0 {
			b.WriteByte("\a\b\x1b\x1b\f\n\r\t\v\\?\"'"[k])
			continue
		}
		base, max, from := 0, 0, i+1
		switch {
		case c == 'c':
			if i+1 < len(s) {
				b.WriteByte(s[i+1] & 0x1f)
				i++
			} else {
				b.WriteString(`\c`)
			}
			continue
		case c == 'x':
			base, max = 16, 2
		case c == 'u':
			base, max = 16, 4
		case c == 'U':
			base, max = 16, 8
		case c >= '0' && c <= '7':
			base, max, from = 8, 3, i
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
			continue
		}
		j := from
		for j < len(s) && j < from+max && digitIn(s[j], base) {
			j++
		}
		if v, err := strconv.ParseUint(s[from:j], base, 32); err == nil && v <= 0x10ffff {
			b.WriteRune(rune(v))
		}
		i = j - 1
	}
	return b.String()
}

// digitIn reports whether c is a digit of base 8 or 16.
func digitIn(c byte, base int) bool {
	if base == 8 {
		return c >= '0' && c <= '7'
	}
	return hexDigit(c) >= 0
}

// weztermSend reads wezterm [options] cli [options] send-text [--pane-id
// N] [--no-paste] [TEXT]: TEXT as it is, or standard input without it.
// Without --no-paste the text goes as a bracketed paste, which a shell
// with bracketed paste mode keeps at the prompt until Enter; it is
// judged as typed text all the same.
func weztermSend(args []Arg) (termSend, bool) {
	_, ops := ScanOptions(args, OptSpec{LongEq: true, Stop: true, LongVal: []string{"config-file", "config"}})
	if len(ops) == 0 || args[ops[0]].Value != "cli" {
		return termSend{}, false
	}
	rest := args[ops[0]+1:]
	_, ops = ScanOptions(rest, OptSpec{LongEq: true, Stop: true, LongVal: []string{"class"}})
	if len(ops) == 0 || rest[ops[0]].Value != "send-text" {
		return termSend{}, false
	}
	rest = rest[ops[0]+1:]
	_, ops = ScanOptions(rest, OptSpec{LongEq: true, LongVal: []string{"pane-id"}})
	ts := termSend{Kind: "wezterm send-text"}
	if len(ops) == 0 {
		ts.Parts = []termPart{{Stdin: true}}
		return ts, true
	}
	ts.Parts = []termPart{{Text: argsText([]Arg{rest[ops[0]]}, "", nil)}}
	return ts, true
}

// zellijSend reads zellij [options] action write-chars CHARS (as they
// are) and zellij [options] action write BYTES… (each a decimal number).
func zellijSend(args []Arg) (termSend, bool) {
	_, ops := ScanOptions(args, OptSpec{ShortVal: "scln", LongEq: true, Stop: true,
		LongVal: []string{"session", "config", "config-dir", "data-dir", "layout", "max-panes", "new-session-with-layout"}})
	if len(ops) == 0 || args[ops[0]].Value != "action" && args[ops[0]].Value != "ac" {
		return termSend{}, false
	}
	rest := args[ops[0]+1:]
	if len(rest) == 0 || !rest[0].Static {
		return termSend{}, false
	}
	name := rest[0].Value
	_, ops = ScanOptions(rest[1:], OptSpec{ShortVal: "p", LongEq: true, LongVal: []string{"pane-id"}})
	words := make([]Arg, 0, len(ops))
	for _, i := range ops {
		words = append(words, rest[1+i])
	}
	switch {
	case name == "write-chars" && len(words) > 0:
		return termSend{Kind: "zellij write-chars", Parts: []termPart{{Text: argsText(words, " ", nil)}}}, true
	case name == "write" && len(words) > 0:
		t := typedText{}
		var b strings.Builder
		for _, a := range words {
			n, err := strconv.ParseUint(strings.TrimSpace(a.Value), 10, 8)
			if !a.Static || err != nil {
				t.Dynamic = true
				continue
			}
			b.WriteByte(byte(n))
		}
		t.Text = b.String()
		return termSend{Kind: "zellij write", Parts: []termPart{{Text: t}}}, true
	}
	return termSend{}, false
}

// keyText is the text a key typed by name gives a shell: a line's end
// for Return, Enter, KP_Enter, Linefeed and ctrl+m, ctrl+j (as X keysyms
// name them; the names are matched without case), a space for space, a
// one-character name itself; nothing for other keys.
func keyText(name string) string {
	k := strings.ToLower(name)
	for _, p := range [...]string{"ctrl+", "control+", "c-"} {
		if rest, ok := strings.CutPrefix(k, p); ok {
			if rest == "m" || rest == "j" {
				return "\n"
			}
			return ""
		}
	}
	switch k {
	case "return", "enter", "kp_enter", "linefeed", "kpenter":
		return "\n"
	case "space":
		return " "
	}
	if len(name) == 1 && name[0] > ' ' && name[0] < 0x7f {
		return name
	}
	return ""
}

// xdotoolCommand reports a name xdotool runs as a command of a chain (a
// key command's keys end at one).
func xdotoolCommand(s string) bool {
	switch strings.ToLower(s) {
	case "type", "key", "keydown", "keyup", "mousemove", "mousemove_relative", "click", "mousedown", "mouseup",
		"getmouselocation", "search", "selectwindow", "behave", "windowactivate", "windowfocus", "windowsize",
		"windowmove", "windowmap", "windowunmap", "windowraise", "windowminimize", "windowkill", "windowclose",
		"windowquit", "windowname", "windowclass", "windowstate", "getactivewindow", "getwindowfocus",
		"getwindowname", "getwindowpid", "getwindowgeometry", "getwindowclassname", "set_window", "set_desktop",
		"get_desktop", "set_desktop_for_window", "get_desktop_for_window", "set_num_desktops",
		"get_num_desktops", "get_desktop_viewport", "set_desktop_viewport", "exec", "sleep", "behave_screen_edge",
		"help", "version", "getdisplaygeometry", "windowreparent", "windowlower":
		return true
	}
	return false
}

// xdotoolSend reads xdotool's chain of commands: type [options] TEXT…
// types each word, one after another with nothing between; without
// --args N or --terminator WORD it takes every word left, so a key
// command after it is typed as text (type 'ls' key Return types
// "lskeyReturn"). --file F types F's text ("-": standard input). key and
// keydown [options] KEY… press keys (keyText) up to the next command.
func xdotoolSend(args []Arg) (termSend, bool) {
	ts := termSend{Kind: "xdotool type"}
	if len(args) > 0 && !xdotoolCommand(args[0].Value) &&
		(args[0].Value == "-" || !strings.HasPrefix(args[0].Value, "-") || !args[0].Static) {
		// xdotool FILE [ARGS…], xdotool - [ARGS…]: a first word that is
		// no command names a script, read a line at a time
		// (xdotoolScript); "-" is standard input.
		f := args[0]
		p := termPart{Script: true, Args: args, File: &f}
		if f.Static && f.Value == "-" {
			p.File, p.Stdin = nil, true
		}
		ts.Parts = []termPart{p}
		return ts, true
	}
	typeSpec := OptSpec{ShortVal: "wd", LongOne: true, LongEq: true, Stop: true, LongVal: []string{"window", "delay", "args", "terminator", "file"}}
	keySpec := OptSpec{ShortVal: "wd", LongOne: true, LongEq: true, Stop: true, LongVal: []string{"window", "delay"}}
	for i := 0; i < len(args); {
		switch name := args[i].Value; {
		case strings.EqualFold(name, "type") && args[i].Static:
			rest := args[i+1:]
			opts, ops := ScanOptions(rest, typeSpec)
			arity, term, hasTerm := -1, "", false
			for _, o := range opts {
				switch {
				case o.Name == "file" && o.HasVal:
					f := o.Val
					if f.Static && f.Value == "-" {
						ts.Parts = append(ts.Parts, termPart{Stdin: true})
					} else {
						ts.Parts = append(ts.Parts, termPart{File: &f})
					}
				case o.Name == "args" && o.HasVal:
					if n, err := strconv.Atoi(o.Val.Value); err == nil {
						arity = n
					}
				case o.Name == "terminator" && o.HasVal:
					term, hasTerm = o.Val.Value, true
				}
			}
			start, end, next := xdoWords(rest, ops, arity, term, hasTerm)
			if end > start {
				ts.Parts = append(ts.Parts, termPart{Text: argsText(rest[start:end], "", nil)})
			}
			i += 1 + next
		case strings.EqualFold(name, "exec") && args[i].Static:
			// exec [--sync] [--args N] [--terminator WORD] CMD…: runs CMD
			// with its arguments, every word left unless --args or
			// --terminator ends it.
			rest := args[i+1:]
			opts, ops := ScanOptions(rest, OptSpec{LongOne: true, LongEq: true, Stop: true, LongVal: []string{"args", "terminator"}})
			arity, term, hasTerm := -1, "", false
			for _, o := range opts {
				switch {
				case o.Name == "args" && o.HasVal:
					if n, err := strconv.Atoi(o.Val.Value); err == nil {
						arity = n
					}
				case o.Name == "terminator" && o.HasVal:
					term, hasTerm = o.Val.Value, true
				}
			}
			start, end, next := xdoWords(rest, ops, arity, term, hasTerm)
			if end > start {
				ts.Runs = append(ts.Runs, rest[start:end])
			}
			i += 1 + next
		case (strings.EqualFold(name, "key") || strings.EqualFold(name, "keydown")) && args[i].Static:
			rest := args[i+1:]
			_, ops := ScanOptions(rest, keySpec)
			j := len(rest)
			if len(ops) > 0 {
				j = ops[0]
			}
			var b strings.Builder
			for ; j < len(rest) && !xdotoolCommand(rest[j].Value); j++ {
				b.WriteString(keyText(rest[j].Value))
			}
			if b.Len() > 0 {
				ts.Parts = append(ts.Parts, termPart{Text: typedText{Text: b.String()}})
			}
			i += 1 + j
		default:
			// Another command: its words up to the next command.
			i++
			for i < len(args) && !xdotoolCommand(args[i].Value) {
				i++
			}
		}
	}
	return ts, len(ts.Parts) > 0 || len(ts.Runs) > 0
}

// xdotoolScript reads an xdotool script as xdotool does (script_main):
// each line is a chain of commands (xdotoolSend), its words read by
// xdotoolLine; args are the script's $0, $1…. A $N past the arguments
// given stops xdotool: that line and the ones after it do not run.
func xdotoolScript(text string, args []Arg) (termSend, bool) {
	ts := termSend{Kind: "xdotool type"}
	for _, line := range strings.Split(text, "\n") {
		words, ok := xdotoolLine(line, args)
		if !ok {
			break
		}
		switch {
		case len(words) == 0:
		case !words[0].Static:
			// A command named by an argument only known at run time.
			ts.Parts = append(ts.Parts, termPart{Text: typedText{Dynamic: true}})
		case xdotoolCommand(words[0].Value):
			if sub, ok := xdotoolSend(words); ok {
				ts.Parts = append(ts.Parts, sub.Parts...)
				ts.Runs = append(ts.Runs, sub.Runs...)
			}
		}
	}
	return ts, len(ts.Parts) > 0 || len(ts.Runs) > 0
}

// xdotoolLine splits one line of an xdotool script into its words as
// xdotool 3 does (script_main): blanks separate words; one that starts
// with a quote runs to the next such quote (no escapes), which ends it;
// "#" where a word starts ends the line. A word (quoted or not) that
// starts with "$" is replaced whole: $ and digits by that argument
// (atoi: $1foo is $1, $0 the script's name), $NAME by the environment
// variable (text only known at run time). xdotool then moves on by the
// length of what replaced the word, not of the word: a shorter argument
// leaves the rest of the word to be read as the next one ($1foo with
// "x" gives "x" then "oo"), a longer one skips text after it, and an
// empty one leaves the digits to be read as a word; an empty word ends
// the line. Where that length is only known at run time, the rest of the
// line is read as written, each word only known at run time; where it
// runs past the line's end (xdotool then reads what its buffer held
// before, most often nothing) the line is taken to end. ok is false for
// a $N past the arguments given, where xdotool stops.
func xdotoolLine(line string, args []Arg) (words []Arg, ok bool) {
	b := []byte(line)
	n := len(b)
	at := func(i int) byte { // b with its final NUL, and the NULs ending words
		if i >= n {
			return 0
		}
		return b[i]
	}
	known := true
	for pos := 0; at(pos) != 0; {
		for at(pos) == ' ' || at(pos) == '\t' {
			pos++
		}
		if at(pos) == 0 || at(pos) == '#' {
			break
		}
		stops := " \t"
		if q := at(pos); q == '"' || q == '\'' {
			pos++
			stops = string(q)
		}
		end := pos
		for at(end) != 0 && !strings.ContainsRune(stops, rune(at(end))) {
			end++
		}
		if end < n {
			b[end] = 0
		}
		word := string(b[pos:min(end, n)])
		tok := Arg{Value: word, Raw: word, Static: known}
		if name, isVar := strings.CutPrefix(word, "$"); isVar {
			pos++
			tok.Static = false
			if name != "" && name[0] >= '0' && name[0] <= '9' {
				i := 0
				for i < len(name) && name[i] >= '0' && name[i] <= '9' && i < 9 {
					i++
				}
				k, _ := strconv.Atoi(name[:i])
				if k >= len(args) {
					return words, false
				}
				tok = args[k]
				tok.Static = tok.Static && known
			}
		}
		if !tok.Static {
			// Where xdotool reads on is only known at run time.
			words = append(words, tok)
			known = false
			pos = end + 1
			continue
		}
		if tok.Value == "" {
			continue
		}
		words = append(words, tok)
		pos += len(tok.Value) + 1
		if pos > n+1 {
			break
		}
	}
	return words, true
}

// ydotoolSend reads ydotool type [options] TEXT… (each word typed, or
// the file of -f/--file, "-" standard input) and ydotool key [options]
// KEY…, whose keys are Linux key codes pressed (28:1 and 96:1 are Enter)
// or, in ydotool before 1.0, key names. Newer ydotool decodes \n, \t and
// \\ in the text unless told not to; they are decoded here.
func ydotoolSend(args []Arg) (termSend, bool) {
	if len(args) == 0 || !args[0].Static {
		return termSend{}, false
	}
	rest := args[1:]
	switch args[0].Value {
	case "type":
		opts, ops := ScanOptions(rest, OptSpec{ShortVal: "dDfHe", LongEq: true,
			LongVal: []string{"key-delay", "next-delay", "file", "key-hold", "escape", "delay"}})
		ts := termSend{Kind: "ydotool type"}
		for _, o := range opts {
			if o.Name != "f" && o.Name != "file" || !o.HasVal {
				continue
			}
			f := o.Val
			if f.Static && f.Value == "-" {
				ts.Parts = append(ts.Parts, termPart{Stdin: true})
			} else {
				ts.Parts = append(ts.Parts, termPart{File: &f})
			}
			return ts, true
		}
		words := make([]Arg, 0, len(ops))
		for _, i := range ops {
			words = append(words, rest[i])
		}
		if len(words) == 0 {
			return termSend{}, false
		}
		dec := strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`).Replace
		ts.Parts = []termPart{{Text: argsText(words, "", dec)}}
		return ts, true
	case "key":
		_, ops := ScanOptions(rest, OptSpec{ShortVal: "d", LongEq: true, LongVal: []string{"key-delay", "delay"}})
		var b strings.Builder
		for _, i := range ops {
			k := rest[i].Value
			switch code, state, ok := strings.Cut(k, ":"); {
			case ok && (code == "28" || code == "96") && state == "1":
				b.WriteString("\n")
			case !ok:
				for _, part := range strings.Split(k, "+") {
					b.WriteString(keyText(part))
				}
			}
		}
		if b.Len() == 0 {
			return termSend{}, false
		}
		return termSend{Kind: "ydotool key", Parts: []termPart{{Text: typedText{Text: b.String()}}}}, true
	}
	return termSend{}, false
}

// wtypeSend reads wtype's words in order: text is typed, -k KEY and -P
// KEY press a key (keyText), "-" types standard input; -M, -m and -p
// take a modifier or key, -d and -s a delay.
func wtypeSend(args []Arg) (termSend, bool) {
	ts := termSend{Kind: "wtype"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Static && (a.Value == "-k" || a.Value == "-P"):
			if i+1 < len(args) {
				i++
				if t := keyText(args[i].Value); t != "" {
					ts.Parts = append(ts.Parts, termPart{Text: typedText{Text: t}})
				}
			}
		case a.Static && (a.Value == "-M" || a.Value == "-m" || a.Value == "-p" || a.Value == "-d" || a.Value == "-s"):
			i++
		case a.Static && a.Value == "-":
			ts.Parts = append(ts.Parts, termPart{Stdin: true})
		case a.Static && strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
		default:
			ts.Parts = append(ts.Parts, termPart{Text: argsText([]Arg{a}, "", nil)})
		}
	}
	return ts, len(ts.Parts) > 0
}

// termSendReadsStdin reports whether call types what it reads on its
// standard input into a terminal (kitty @ send-text --stdin, wezterm cli
// send-text without TEXT, xdotool type --file -): a pipe into it is a
// script (readsScript, termSendPipe).
func termSendReadsStdin(call *Call) bool {
	ts, ok := termSendOf(call)
	if !ok {
		return false
	}
	for _, p := range ts.Parts {
		if p.Stdin {
			return true
		}
	}
	return false
}

// termSendCall models a call that types text into a terminal. Text read
// from a pipe is pipeTo's (termSendPipe). It reports whether it handled
// call.
func (w *walker) termSendCall(c scope, call *Call, st *state) bool {
	ts, ok := termSendOf(call)
	if !ok {
		return false
	}
	in := call.Fd(0)
	if termSendReadsStdin(call) && in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" {
		return true
	}
	w.termSendType(c, call, ts, nil, st)
	return true
}

// termSendPipe models text piped into a call that types its standard
// input into a terminal. It reports whether it handled sink.
func (w *walker) termSendPipe(c scope, sink *Call, text string, dynamic bool) bool {
	if !termSendReadsStdin(sink) {
		return false
	}
	ts, _ := termSendOf(sink)
	w.termSendType(c, sink, ts, &typedText{Text: text, Dynamic: dynamic}, w.cur)
	return true
}

// termSendType types the parts of ts, with stdin the text of standard
// input when it is a pipe's. A file or input only known at run time asks.
func (w *walker) termSendType(c scope, call *Call, ts termSend, stdin *typedText, st *state) {
	for _, words := range ts.Runs {
		w.argvChild(c, call, words, "xdotool exec", nil, call.Dir)
	}
	t, ok := w.termSendText(c, call, ts, stdin, st)
	if !ok || t.Text == "" && !t.Dynamic {
		return
	}
	w.typeInto(c, call, t, ts.Kind, st)
}

// termSendText returns the text the parts of ts type (termSendType); ok
// is false when a part's text is not known, which is reported hidden.
// An xdotool script (a part with Script) is read, then its commands'
// parts are typed in its place.
func (w *walker) termSendText(c scope, call *Call, ts termSend, stdin *typedText, st *state) (typedText, bool) {
	var t typedText
	for _, p := range ts.Parts {
		var text typedText
		switch {
		case p.File != nil:
			if p.File.Static && stdinName(p.File.Value, false) {
				in, ok := w.termSendText(c, call, termSend{Kind: ts.Kind, Parts: []termPart{{Stdin: true, Script: p.Script, Args: p.Args}}}, stdin, st)
				if !ok {
					return t, false
				}
				t = w.joinTyped(t, in)
				continue
			}
			s, ok := "", false
			if p.File.Static {
				s, ok = w.readScript(call.Dir.Join(expandTilde(p.File.Value, w.home)))
			}
			if !ok {
				what := ts.Kind + " types the text of " + clip(p.File.Raw, 60) + " into a terminal's shell"
				if p.Script {
					what = "xdotool runs the commands of " + clip(p.File.Raw, 60) + ", which type into a terminal's shell"
				}
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p.File.Raw,
					What: what + ", a file corral cannot read"})
				return t, false
			}
			text = typedText{Text: s}
		case p.Stdin:
			in, ok := w.termStdin(c, call, stdin)
			if !ok {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
					What: ts.Kind + " types its standard input into a terminal's shell, text only known at run time"})
				return t, false
			}
			text = in
		default:
			text = p.Text
		}
		if p.Script {
			sub, _ := xdotoolScript(text.Text, p.Args)
			for _, words := range sub.Runs {
				w.argvChild(c, call, words, "xdotool exec", nil, call.Dir)
			}
			if text.Dynamic {
				sub.Parts = append(sub.Parts, termPart{Text: typedText{Dynamic: true}})
			}
			in, ok := w.termSendText(c, call, sub, nil, st)
			if !ok {
				return t, false
			}
			text = in
		}
		t = w.joinTyped(t, text)
	}
	return t, true
}

// termStdin returns the text on call's standard input: a pipe's (pipe),
// a here-document's or here-string's, a "< FILE"'s; none when the input
// is the one the command line was started with.
func (w *walker) termStdin(c scope, call *Call, pipe *typedText) (typedText, bool) {
	if pipe != nil {
		return *pipe, true
	}
	if ins := w.stdinTexts(c, call); len(ins) > 0 {
		in := ins[len(ins)-1]
		if in.kind == "here-string" {
			in.text += "\n" // bash ends a here-string with a newline
		}
		return typedText{Text: in.text, Dynamic: in.dynamic}, true
	}
	if f := stdinFile(call); f != nil {
		text, ok := w.readScript(call.Dir.Join(f.Value))
		return typedText{Text: text}, ok
	}
	in := call.Fd(0)
	return typedText{}, in.Kind == StreamInherited && in.Fd == 0 || in.Kind == StreamClosed
}

// xdoWords returns where the words of an xdotool command that takes the
// rest of its line start and end (type, exec): the first operand, then
// --args N words, or up to --terminator WORD, which is skipped, or every
// word left; next is the index in rest after them.
func xdoWords(rest []Arg, ops []int, arity int, term string, hasTerm bool) (start, end, next int) {
	start = len(rest)
	if len(ops) > 0 {
		start = ops[0]
	}
	end, next = len(rest), len(rest)
	for j := start; j < len(rest); j++ {
		if arity > 0 && j-start == arity {
			return start, j, j
		}
		if hasTerm && rest[j].Value == term {
			return start, j, j + 1
		}
	}
	return start, end, next
}
