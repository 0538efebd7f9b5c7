package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// tclWord is one word of a Tcl command.
type tclWord struct {
	// val is the word's value when lit; raw its source text.
	val, raw string
	lit      bool
	// brace reports a {…} word (no substitution: code or data).
	brace bool
	// expand reports a word after {*}: the elements of the list it
	// holds are words of the command.
	expand bool
	off    int
}

// maxTclDepth bounds scripts nested in scripts (bodies, [command]
// substitutions).
const maxTclDepth = 16

// tcl reads Tcl (tclsh, wish, expect): exec and open "|…" run a program
// (with exec's own pipes and redirections), expect's spawn runs one and
// its system runs shell text; file delete deletes (a tree with -force);
// open with a write mode writes and without reads. The bodies of control
// structures and procedures and [command] substitutions are scripts too;
// the words of puts and set are data.
func tcl(src string) []Effect {
	return tclFetches(tclScript(src, 0, 0)) // tclfetch.go
}

func tclScript(src string, base, depth int) []Effect {
	return tclRun(src, base, depth, newTclEnv(src))
}

// tclRun reads the script src with the variables env knows
// (tclvars.go): a word whose value they give is read as that literal
// (set c exec; $c rm x is exec rm x), and a command named at run time
// with arguments is Hidden.
func tclRun(src string, base, depth int, env *tclEnv) []Effect {
	if depth > maxTclDepth {
		return nil
	}
	var out []Effect
	r := &tclReader{src: src}
	for steps := 0; r.i < len(src) && steps < 1<<16; steps++ {
		words, subs := r.command()
		for _, s := range subs {
			out = append(out, tclRun(s.val, base+s.off, depth+1, env)...)
		}
		if len(words) == 0 {
			continue
		}
		words = env.expand(env.resolve(words))
		if len(words) == 0 {
			continue
		}
		env.assign(words, depth)
		if !words[0].lit {
			if (len(words) > 1 || words[0].expand) && !(len(words) > 1 && words[1].lit && tkWidgetOps.Has(words[1].val)) {
				out = append(out, Effect{Kind: Hidden, Call: words[0].raw, Text: "a command named at run time: " + tclRaw(words), Offset: base + words[0].off})
			}
			continue
		}
		out = append(out, tclCommand(words, base, depth, env)...)
	}
	return out
}

// tkWidgetOps are subcommands of Tk widgets ($w configure -bg red in a
// procedure given the widget's path), which no command that runs or
// deletes takes as its first argument: a command word only known at run
// time followed by one is not asked about.
var tkWidgetOps = lazy.Set{List: []string{"configure", "cget", "itemconfigure", "entryconfigure", "coords", "xview", "yview",
	"see", "index", "selection", "itemcget", "tag", "mark", "bbox", "curselection", "flash", "select", "deselect", "toggle"}}

// tclBodies are the Tcl commands whose brace words are scripts.
var tclBodies = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"if": true, "while": true, "for": true, "foreach": true, "proc": true, "catch": true,
		"uplevel": true, "after": true, "switch": true, "try": true, "namespace": true, "time": true, "lmap": true,
		"dict": true, "apply": true, "interact": true, "bind": true, "trace": true, "fileevent": true, "timeout": true}
}}

func tclCommand(words []tclWord, base, depth int, env *tclEnv) []Effect {
	name := words[0]
	if !name.lit {
		return nil
	}
	off := base + name.off
	var out []Effect
	cmd := strings.TrimPrefix(name.val, "::")
	// eval joins its words into a script; expect's pattern-action lists
	// (expect, expect_after, expect_before) hold bodies.
	if cmd == "apply" && len(words) > 1 && words[1].lit {
		// apply {ARGS BODY ?NS?} ?ARG…?: BODY is the script (the
		// lambda's arguments are values only the call gives: $p in
		// the body is a word only run time knows).
		if l := tclList(words[1].val, base+words[1].off+1); len(l) >= 2 && l[1].lit {
			return tclRun(l[1].val, l[1].off+1, depth+1, env)
		}
		return nil
	}
	if len(words) >= 3 && words[1].lit && words[1].val == "eval" && !tclBodies.Get()[cmd] {
		// interp eval PATH SCRIPT…, and a child interpreter's own
		// command, NAME eval SCRIPT… (interp create NAME): the words
		// are joined into a script run in that interpreter, as eval's.
		rest := words[2:]
		if cmd == "interp" {
			rest = words[3:]
		}
		parts := make([]string, 0, len(rest))
		for _, w := range rest {
			if !w.lit {
				return []Effect{{Kind: Hidden, Call: cmd + " eval", Text: w.raw, Offset: off}}
			}
			parts = append(parts, w.val)
		}
		if len(parts) > 0 {
			return tclRun(strings.Join(parts, " "), off, depth+1, env)
		}
		return nil
	}
	if tclBodies.Get()[cmd] || cmd == "eval" || strings.HasPrefix(cmd, "expect") {
		if cmd == "eval" && len(words) > 1 {
			parts := make([]string, 0, len(words)-1)
			known := true
			for _, w := range words[1:] {
				parts = append(parts, w.val)
				known = known && w.lit
			}
			if known {
				return tclRun(strings.Join(parts, " "), off, depth+1, env)
			}
			return []Effect{{Kind: Hidden, Call: "eval", Text: words[1].raw, Offset: off}}
		}
		for _, w := range words[1:] {
			if w.brace {
				out = append(out, tclRun(w.val, base+w.off+1, depth+1, env)...)
			}
		}
		return out
	}
	out = append(out, tclNetCommand(cmd, words, off)...) // tclfetch.go
	switch cmd {
	case "load":
		// load ?-global? ?-lazy? ?--? FILE ?PREFIX? ?INTERP?: FILE is
		// dlopen'd (its constructors run) and its PREFIX_Init called.
		// A path with a slash is judged as LD_PRELOAD's library; a name
		// without one is looked up in the system's directories; an
		// empty name is a package linked into the program.
		args := words[1:]
		for len(args) > 0 && args[0].lit && strings.HasPrefix(args[0].val, "-") {
			opt := args[0].val
			args = args[1:]
			if opt == "--" {
				break
			}
		}
		if len(args) > 0 {
			switch f := args[0]; {
			case !f.lit:
				out = append(out, Effect{Kind: Hidden, Call: "load", Text: f.raw + " (a native library named at run time)", Offset: off})
			case strings.Contains(f.val, "/"):
				out = append(out, Effect{Kind: Include, Call: "load", Path: f.val, Offset: off, Relative: true, Text: NativeLib})
			}
		}
	case "source":
		// source ?-encoding NAME? FILE: the file's script runs here (a
		// relative name is the working directory's).
		if len(words) >= 2 {
			f := words[len(words)-1]
			if f.lit {
				out = append(out, Effect{Kind: Include, Call: "source", Path: f.val, Offset: off})
			} else {
				out = append(out, Effect{Kind: Hidden, Call: "source", Text: f.raw, Offset: off})
			}
		}
	case "exec", "spawn":
		args := words[1:]
		for len(args) > 0 && args[0].lit && strings.HasPrefix(args[0].val, "-") && args[0].val != "-" {
			opt := args[0].val
			args = args[1:]
			if opt == "--" {
				break
			}
		}
		out = append(out, tclExec(cmd, args, off))
	case "system":
		// expect's system joins its words and runs them with /bin/sh.
		parts := make([]string, 0, len(words)-1)
		known := true
		for _, w := range words[1:] {
			parts = append(parts, w.val)
			known = known && w.lit
		}
		if known {
			out = append(out, Effect{Kind: Shell, Call: "system", Text: strings.Join(parts, " "), Offset: off})
		} else {
			out = append(out, tclBuilt("system", words[1:], off))
		}
	case "open":
		if len(words) < 2 {
			break
		}
		f := words[1]
		if f.lit && strings.HasPrefix(f.val, "|") {
			out = append(out, tclExec("open |", tclList(strings.TrimPrefix(f.val, "|"), f.off), off))
			break
		}
		if !f.lit {
			if strings.HasPrefix(strings.Trim(f.raw, `"{`), "|") {
				out = append(out, Effect{Kind: Hidden, Call: "open |", Text: f.raw, Offset: off})
			} else if len(words) > 2 && (!words[2].lit || strings.ContainsAny(words[2].val, "wa+") || strings.Contains(words[2].val, "WRONLY") || strings.Contains(words[2].val, "RDWR")) {
				// A file named at run time opened to write (tclfetch.go).
				out = append(out, Effect{Kind: Fetch, Call: "open", Text: tclWriteMark, Offset: off})
			}
			break
		}
		mode := "r"
		if len(words) > 2 && words[2].lit {
			mode = words[2].val
		}
		if strings.ContainsAny(mode, "wa+") || strings.Contains(mode, "WRONLY") || strings.Contains(mode, "RDWR") || strings.Contains(mode, "CREAT") {
			out = append(out, Effect{Kind: Write, Call: "open", Path: f.val, Append: strings.Contains(mode, "a") || strings.Contains(mode, "APPEND"), Offset: off})
		} else {
			out = append(out, Effect{Kind: Read, Call: "open", Path: f.val, Offset: off})
		}
	case "file":
		if len(words) >= 4 && words[1].lit && (words[1].val == "rename" || words[1].val == "copy" || words[1].val == "link") {
			out = append(out, tclFileMove(words[1].val, words[2:], off))
			break
		}
		if len(words) < 3 || !words[1].lit || words[1].val != "delete" {
			break
		}
		force := false
		args := words[2:]
		for len(args) > 0 && args[0].lit && strings.HasPrefix(args[0].val, "-") {
			if args[0].val == "-force" {
				force = true
			}
			done := args[0].val == "--"
			args = args[1:]
			if done {
				break
			}
		}
		for _, a := range args {
			if !a.lit {
				out = append(out, Effect{Kind: Hidden, Call: "file delete", Text: a.raw, Offset: off})
				continue
			}
			// Tcl 8 expands a leading ~ in file names.
			out = append(out, Effect{Kind: Delete, Call: "file delete", Path: a.val, Recursive: force, Tilde: strings.HasPrefix(a.val, "~"), Offset: off})
		}
	}
	return out
}

// tclFileMove is file rename, file copy or file link of args (after the
// subcommand): the shell command that does the same to the same paths,
// mv and cp -r (Tcl copies a directory whole; a last argument that is a
// directory receives the others), ln -s or ln for file link ?-symbolic|
// -hard? LINK TARGET. A path only run time knows asks.
func tclFileMove(sub string, args []tclWord, off int) Effect {
	call := "file " + sub
	opt := ""
	for len(args) > 0 && args[0].lit && strings.HasPrefix(args[0].val, "-") {
		if args[0].val == "-hard" || args[0].val == "-symbolic" {
			opt = args[0].val
		}
		done := args[0].val == "--"
		args = args[1:]
		if done {
			break
		}
	}
	if len(args) < 2 {
		return Effect{Kind: Hidden, Call: call, Offset: off}
	}
	words := make([]string, 0, len(args))
	for _, a := range args {
		if !a.lit {
			return Effect{Kind: Hidden, Call: call, Text: a.raw, Offset: off}
		}
		words = append(words, tclShellPath(a.val))
	}
	switch sub {
	case "rename":
		return Effect{Kind: Shell, Call: call, Text: "mv -- " + strings.Join(words, " "), Offset: off}
	case "copy":
		return Effect{Kind: Shell, Call: call, Text: "cp -r -- " + strings.Join(words, " "), Offset: off}
	}
	ln := "ln -s -- "
	if opt == "-hard" {
		ln = "ln -- "
	}
	// file link LINK TARGET: ln's operands are the other way round.
	return Effect{Kind: Shell, Call: call, Text: ln + words[1] + " " + words[0], Offset: off}
}

// tclShellPath quotes a Tcl file name for shell text, keeping the
// leading ~ that Tcl 8 expands to the home directory.
func tclShellPath(v string) string {
	switch {
	case v == "~":
		return "~"
	case strings.HasPrefix(v, "~/"):
		return "~/" + shQuote(v[2:])
	}
	return shQuote(v)
}

// tclExec is the effect of exec or spawn of words: a program and its
// arguments, or, with exec's | and redirections, shell text that does
// the same.
func tclExec(name string, args []tclWord, off int) Effect {
	if len(args) == 0 {
		return Effect{Kind: Hidden, Call: name, Offset: off}
	}
	if !args[0].lit {
		return Effect{Kind: Hidden, Call: name, Text: args[0].raw, Offset: off}
	}
	rest, hidden := tclChannels(args)
	if hidden {
		return tclBuilt(name, args, off)
	}
	args = rest
	argv := make([]string, 0, len(args))
	shell := false
	for _, a := range args {
		if !a.lit {
			return tclBuilt(name, args, off)
		}
		if tclRedirect(a.val) {
			shell = true
		}
		argv = append(argv, a.val)
	}
	if !shell {
		return Effect{Kind: Exec, Call: name, Argv: argv, Offset: off}
	}
	q := make([]string, len(argv))
	for i, v := range argv {
		if tclRedirect(v) {
			q[i] = tclShellOp(v)
		} else {
			q[i] = shQuote(v)
		}
	}
	return Effect{Kind: Shell, Call: name, Text: strings.Join(q, " "), Offset: off}
}

// tclRedirect reports one of exec's pipe and redirection words: any word
// that begins with < (< f, <f, << text, <<text) or > is one to Tcl.
func tclRedirect(v string) bool {
	switch v {
	case "|", "|&", "<", ">", ">>", "2>", "2>>", ">&", ">>&", "&", "2>@1":
		return true
	}
	return strings.HasPrefix(v, "<") || strings.HasPrefix(v, ">") && len(v) > 1 && v[1] != '@' || strings.HasPrefix(v, "2>") && !strings.HasPrefix(v, "2>@")
}

// tclChannels takes exec's channel redirections out of its words: <@ CHAN,
// >@ CHAN, 2>@ CHAN, >&@ CHAN, the channel attached or the next word (2>@1
// is none). Tcl's standard channels are tclsh's own descriptors, which
// the program would inherit anyway (exec sh <@stdin reads what is piped
// into tclsh, as exec sh does: red team 18 RD2), so their words go; a
// program's input from another channel (an opened file, a socket) is
// text only run time knows: hidden.
func tclChannels(args []tclWord) (rest []tclWord, hidden bool) {
	rest = make([]tclWord, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		op, ch, ok := "", "", false
		if a.lit {
			for _, o := range []string{"2>@", ">&@", ">@", "<@"} {
				if r, found := strings.CutPrefix(a.val, o); found && !(o == "2>@" && r == "1") {
					op, ch, ok = o, r, true
					break
				}
			}
		}
		if !ok {
			rest = append(rest, a)
			continue
		}
		if ch == "" && i+1 < len(args) {
			i++
			ch = "?"
			if args[i].lit {
				ch = args[i].val
			}
		}
		if op == "<@" && ch != "stdin" {
			hidden = true
		}
	}
	return rest, hidden
}

// tclShellOp is the shell spelling of an exec operator word (2>@1 is
// 2>&1; an attached file name is kept).
func tclShellOp(v string) string {
	switch v {
	case "2>@1":
		return "2>&1"
	case "|&":
		return "2>&1 |"
	}
	if v == "<<" {
		return "<<<" // << TEXT: TEXT is the input
	}
	if rest, ok := strings.CutPrefix(v, "<<"); ok {
		return "<<<" + shQuote(rest)
	}
	for _, op := range []string{">>&", ">&", "2>>", "2>", ">>", ">", "<"} {
		if rest, ok := strings.CutPrefix(v, op); ok && rest != "" {
			return op + shQuote(rest)
		}
	}
	return v
}

// tclBuilt is a Hidden effect of words with run-time parts: Built when
// the program's name is a literal.
func tclBuilt(name string, words []tclWord, off int) Effect {
	raw := make([]string, len(words))
	for i, w := range words {
		raw[i] = w.raw
	}
	e := Effect{Kind: Hidden, Call: name, Text: strings.Join(raw, " "), Offset: off}
	e.Built = len(words) > 0 && words[0].lit && !strings.ContainsAny(words[0].val, " \t;|&")
	return e
}

// tclList splits a Tcl list (the words after open's |).
func tclList(s string, off int) []tclWord {
	r := &tclReader{src: s}
	words, _ := r.command()
	for i := range words {
		words[i].off += off
	}
	return words
}

// shQuote quotes a word for sh.
func shQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:@%+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

type tclReader struct {
	src string
	i   int
}

// command reads one command: its words, and the [command] substitutions
// in them (scripts that run first).
func (r *tclReader) command() ([]tclWord, []tclWord) {
	var words, subs []tclWord
	// Blank lines, separators and a comment where a command begins.
	for r.i < len(r.src) {
		c := r.src[r.i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' {
			r.i++
			continue
		}
		if c == '#' {
			for r.i < len(r.src) && r.src[r.i] != '\n' {
				if r.src[r.i] == '\\' {
					r.i++
				}
				r.i++
			}
			continue
		}
		break
	}
	for r.i < len(r.src) {
		c := r.src[r.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			r.i++
			continue
		case c == '\\' && r.i+1 < len(r.src) && r.src[r.i+1] == '\n':
			r.i += 2
			continue
		case c == '\n' || c == ';':
			r.i++
			return words, subs
		}
		w, s := r.word()
		words = append(words, w)
		subs = append(subs, s...)
		if len(words) > 4096 {
			break
		}
	}
	return words, subs
}

// word reads one word.
func (r *tclReader) word() (tclWord, []tclWord) {
	start := r.i
	expand := false
	if strings.HasPrefix(r.src[r.i:], "{*}") && r.i+3 < len(r.src) && !strings.ContainsRune(" \t\r\n;", rune(r.src[r.i+3])) {
		// {*} followed by a word (not a word of its own).
		r.i += 3
		expand = true
	}
	if r.i < len(r.src) && r.src[r.i] == '{' {
		depth := 0
		j := r.i
		for ; j < len(r.src); j++ {
			switch r.src[j] {
			case '\\':
				j++
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		body := r.src[r.i+1 : min(j, len(r.src))]
		r.i = min(j+1, len(r.src))
		return tclWord{val: body, raw: r.src[start:r.i], lit: true, brace: !expand, expand: expand, off: start}, nil
	}
	quoted := r.i < len(r.src) && r.src[r.i] == '"'
	if quoted {
		r.i++
	}
	var b strings.Builder
	lit := true
	var subs []tclWord
	for r.i < len(r.src) {
		c := r.src[r.i]
		if quoted && c == '"' {
			r.i++
			break
		}
		if !quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';') {
			break
		}
		switch c {
		case '\\':
			if r.i+1 < len(r.src) {
				n := r.src[r.i+1]
				r.i += 2
				switch n {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case '\n':
					b.WriteByte(' ')
				default:
					b.WriteByte(n)
				}
				continue
			}
		case '[':
			depth := 0
			j := r.i
			for ; j < len(r.src); j++ {
				switch r.src[j] {
				case '\\':
					j++
				case '[':
					depth++
				case ']':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			inner := r.src[r.i+1 : min(j, len(r.src))]
			subs = append(subs, tclWord{val: inner, off: r.i + 1})
			r.i = min(j+1, len(r.src))
			lit = false
			continue
		case '$':
			if r.i+1 < len(r.src) && (isIdent(r.src[r.i+1]) || r.src[r.i+1] == '{' || r.src[r.i+1] == ':') {
				lit = false
			}
		}
		b.WriteByte(c)
		r.i++
	}
	return tclWord{val: b.String(), raw: r.src[start:r.i], lit: lit, expand: expand, off: start}, subs
}
