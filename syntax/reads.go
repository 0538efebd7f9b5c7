package syntax

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Values that read, mapfile and printf -v store.
//
// read [-r] NAME, mapfile -t NAME and printf -v NAME store what their
// input or format says; when that is in the command (a static
// here-string or here-document, or the output of a static echo, printf
// or cat <<EOF in the pipeline stage before), corral stores bash's value.
// A read that shares its input with other commands (the condition of
// while read d; do …; done <<EOF, or { read a; read b; } <<EOF) reads a
// line that depends on how many were read before: the variable is one
// of the lines (each, bounded by MaxReadLines), which a rule judges
// value by value, never "unknown, so pass". Anything else stays unknown
// (reads forgot it).

// MaxReadLines bounds the lines of a shared input whose values a read
// is known to take; past it the variable is unknown.
const MaxReadLines = 64

// knownReads returns the variable mapfile or printf -v sets and the
// value it gets, when its input is in the command (mapfileVar,
// printfVar). read's are splitReads'.
func (w *walker) knownReads(c scope, call *Call, st *state) (string, variable, bool) {
	if len(call.Wrappers) > 0 {
		return "", variable{}, false
	}
	switch call.Name {
	case "printf":
		return printfVar(call.Args)
	case "mapfile", "readarray":
		return w.mapfileVar(c, call, st)
	}
	return "", variable{}, false
}

// readIFS returns the characters read trims around a single variable's
// line: the white space in IFS (bash's default, or the call's IFS=…
// prefix). ok is false for another prefix, or an IFS with other
// characters, which split differently.
func (w *walker) readIFS(c scope, call *Call, st *state) (string, bool) {
	ifs, known := w.readIFSAny(c, call, st)
	if !known || strings.Trim(ifs, " \t\n") != "" {
		return "", false
	}
	return strings.ReplaceAll(ifs, "\n", ""), true
}

// readInput returns the text a call reads on its standard input when
// the command holds it: a static here-document or here-string, its own
// or one around a compound command it is in, or what a static echo,
// printf or cat of a static here-document prints into the pipe it
// reads. shared reports input the call shares with other commands (a
// loop's or a block's), which a read reads one line of, not always the
// first.
func (w *walker) readInput(c scope, call *Call) (text string, shared, ok bool) {
	in := call.Fd(0)
	if ownStream(call, in) && in.Redirect.Node != nil && in.Redirect.Node.Op == sh.RdrIn {
		// read -r x < cmds.txt: the call's own last input is a file,
		// which a file on disk (or written by this command) gives.
		if text, ok := w.readFileInput(call, in); ok {
			return text, false, true
		}
	}
	if in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "<(" {
		// read -r d < <(echo …): what the substitution prints.
		text, dynamic, ok := w.procText(c, in.Pipe)
		if !ok || dynamic {
			return "", false, false
		}
		// The call's own < <(…) starts at the first line; one around a
		// block or loop it is in ({ read -r x; read -r y; } < <(…)) is
		// shared with the other commands there.
		return text, !ownInput(call, in), true
	}
	if _, _, here := in.Text(); here {
		// read v < /dev/stdin <<< …, read v <<< … < /dev/fd/0, read v
		// 3<<< … <&3: the descriptor table after the call's own
		// redirections, in order, leads to one here-string or
		// here-document: its own, which the read starts at, or one
		// opened around it (eval 'read v < /dev/stdin' <<< …, a
		// block's), shared with the other commands there.
		if text, ok := w.fdText(in); ok {
			return text, !ownStream(call, in), true
		}
	}
	for i, r := range call.Redirs {
		if r.Node.Op == sh.DplIn && i == len(call.Redirs)-1 && in.Kind == StreamPipe && in.Pipe == nil && in.Redirect.Node != nil {
			// read -r d <&3 of a descriptor a here-string or here-document
			// opened ({ …; } 3<<< "$x", exec 3<<X, f 3<<< …): that text,
			// shared with the other readers of the descriptor.
			if text, ok := w.fdText(in); ok {
				return text, true, true
			}
		}
		if r.Node.Op == sh.RdrIn || r.Node.Op == sh.DplIn || r.Node.Op == sh.RdrInOut {
			return "", false, false // another input comes after or before
		}
	}
	if in.Kind == StreamPipe && in.Pipe != nil && in.Redirect.Node == nil {
		prev := in.Pipe.Stage(in.Stage - 1)
		if prev == nil || !prev.Fd(1).Same(in) {
			return "", false, false
		}
		out, ok := w.printed(c, prev)
		return out, in.Pipe.Stage(in.Stage) != call, ok
	}
	if text, ok := w.readFileInput(call, in); ok {
		return text, !ownStream(call, in), true
	}
	ins := w.stdinTexts(c, call)
	if len(ins) != 1 {
		return "", false, false
	}
	shared = !ownStream(call, in)
	text = ins[0].text
	if ins[0].dynamic {
		// An unquoted here-document whose expansions are known.
		if text, ok = expandedHeredoc(heredocOf(call, in)); !ok {
			return "", false, false
		}
	}
	return fedText(text, ins[0].kind == "here-string", heredocOf(call, in).Op == "<<-"), shared, true
}

// fedText returns the text the shell feeds a command from a here-string
// (with its final newline) or a here-document (<<- drops the tabs that
// start each line).
func fedText(text string, hereString, dashDoc bool) string {
	switch {
	case hereString:
		text += "\n"
	case dashDoc:
		lines := strings.SplitAfter(text, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		text = strings.Join(lines, "")
	}
	return text
}

// fdText returns the text of a stream a here-string or here-document
// feeds, as the shell writes it (a here-string ends with a newline; an
// unquoted here-document's expansions must be known; <<- drops leading
// tabs).
func (w *walker) fdText(in Stream) (string, bool) {
	rd := in.Redirect
	text, static, ok := in.Text()
	if !ok {
		return "", false
	}
	if !static {
		if text, ok = expandedHeredoc(rd); !ok {
			return "", false
		}
	}
	return fedText(text, rd.Node.Op == sh.WordHdoc, rd.Node.Op == sh.DashHdoc), true
}

// ownInput reports an input stream that comes from the call's own
// redirections, which a read starts at the first line of: as ownStream,
// but a process substitution's (< <(…), 3< <(…)) is the call's own only
// when one of its redirections opened it, not an exec before it or the
// block or loop it is in.
func ownInput(call *Call, in Stream) bool {
	if in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "<(" && in.Redirect.Node == nil {
		for _, r := range call.Redirs {
			if r.Proc == in.Pipe {
				return true
			}
		}
		return false
	}
	return ownStream(call, in)
}

// heredocOf returns the here-document a call reads: its own, or the one
// its standard input leads to.
func heredocOf(call *Call, in Stream) Redirect {
	if !ownStream(call, in) {
		return in.Redirect
	}
	var rd Redirect
	for _, r := range call.Redirs {
		if r.Node.Op == sh.Hdoc || r.Node.Op == sh.DashHdoc {
			rd = r
		}
	}
	return rd
}

// printed returns what a pipeline stage prints when its words say it:
// echo or printf of static words, or cat of its own static
// here-document or here-string.
func (w *walker) printed(c scope, call *Call) (string, bool) {
	if len(call.Wrappers) > 0 || call.Expr != nil && len(call.Expr.Assigns) > 0 || !call.NameArg.Static {
		return "", false
	}
	var words []string
	for _, a := range call.Args {
		if !a.Static || a.Glob {
			return "", false
		}
		words = append(words, a.Value)
	}
	switch call.Name {
	case "echo":
		if call.echoEscapes && echoArgsEscape(words) {
			return "", false // dash's echo or bash's: run time decides (substknown.go)
		}
		return exactEcho(words)
	case "printf":
		return exactPrintf(words)
	case "yes":
		return yesText(words) // yes x | head -3 | while read -r l (yesiconv.go)
	case "cat":
		// cat f | while read -r l: f's lines (red team 16 AR1, readrecord.go).
		if t, ok := w.catPrinted(call); ok {
			return t, true
		}
	}
	// echo ~ | sed q | read -r d: a pass-through program (cat, sed q,
	// awk 1, base64 -d) prints its input shaped.
	f, ops, ok := passFilterOf(call.Name, call.Args)
	if !ok || w.shadowed[call] || len(ops) > 1 || len(ops) == 1 && ops[0].Value != "-" {
		return "", false
	}
	text, shared, ok := w.readInput(c, call)
	if !ok || shared {
		return "", false
	}
	return f(text)
}

// expandedHeredoc returns the text of an unquoted here-document,
// expanded where it opened, when every expansion in it is static.
func expandedHeredoc(rd Redirect) (string, bool) {
	if rd.expanded == nil || !rd.expanded.Static || strings.Contains(rd.expanded.Raw, `\`) {
		// A backslash escapes $, `, \ and a newline there, which the
		// expansion of a word does not model.
		return "", false
	}
	text := rd.expanded.Value
	if t, cut := strings.CutSuffix(text, rd.Target.Value); cut {
		text = strings.TrimRight(t, "\t")
	}
	return text, true
}

// readWord takes one word off s as bash's read does (read.def,
// get_word_from_string): IFS white space before it is skipped, the word
// ends at the first IFS character, and after it go IFS white space, at
// most one other IFS character, and IFS white space again. ok is false
// when nothing but IFS white space is left.
func readWord(s, ifs string) (word, rest string, ok bool) {
	isIFS := func(b byte) bool { return strings.IndexByte(ifs, b) >= 0 }
	isWS := func(b byte) bool { return (b == ' ' || b == '\t' || b == '\n') && isIFS(b) }
	i := 0
	for i < len(s) && isWS(s[i]) {
		i++
	}
	if i == len(s) {
		return "", "", false
	}
	j := i
	for j < len(s) && !isIFS(s[j]) {
		j++
	}
	word = s[i:j]
	for j < len(s) && isWS(s[j]) {
		j++
	}
	if j < len(s) && isIFS(s[j]) && !isWS(s[j]) {
		j++
		for j < len(s) && isWS(s[j]) {
			j++
		}
	}
	return word, s[j:], true
}

// readFields splits one line as read -r NAME… does with IFS ifs: each
// name but the last takes a word, the last the rest of the line (only a
// word when nothing but delimiters follows it, else the rest less its
// trailing IFS white space); with array, every word, as read -a does.
func readFields(line, ifs string, names int, array bool) []string {
	if ifs == "" {
		out := make([]string, max(names, 1))
		out[0] = line
		if array {
			return []string{line}
		}
		return out
	}
	isWS := func(b byte) bool { return (b == ' ' || b == '\t' || b == '\n') && strings.IndexByte(ifs, b) >= 0 }
	s := line
	for len(s) > 0 && isWS(s[0]) {
		s = s[1:]
	}
	var out []string
	if array {
		for {
			w, rest, ok := readWord(s, ifs)
			if !ok {
				return out
			}
			out = append(out, w)
			if rest == "" {
				return out
			}
			s = rest
		}
	}
	for n := 0; n < names-1; n++ {
		w, rest, ok := readWord(s, ifs)
		if !ok {
			w, rest = "", ""
		}
		out = append(out, w)
		s = rest
	}
	last := ""
	if s != "" {
		if w, rest, ok := readWord(s, ifs); ok && rest == "" {
			last = w
		} else {
			last = strings.TrimRightFunc(s, func(r rune) bool { return r < 0x80 && isWS(byte(r)) })
		}
	}
	return append(out, last)
}

// splitReads returns the values read stores (readVars).
func (w *walker) splitReads(c scope, call *Call, st *state) (map[string]variable, bool) {
	return w.readVars(c, call, st)
}

// sharedSplitReads is splitReads of an input other commands share (echo
// ~ x | { read -r a b; …; }, while read -r a b; do …; done < f): the line
// read is any of the input's, so each name holds the field bash's
// splitting gives it from one of them (at most MaxReadLines lines), and
// read -a fills an array each of whose elements is one of the fields.
func (w *walker) sharedSplitReads(input, ifs string, names []string, raw, array bool) (map[string]variable, bool) {
	lines := strings.SplitAfter(input, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 || len(lines) > MaxReadLines {
		return nil, false
	}
	vals := make([][]string, len(names))
	most := 0
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		if !raw && strings.Contains(l, `\`) {
			return nil, false
		}
		fields := readFields(l, ifs, len(names), array)
		if array {
			vals[0] = append(vals[0], fields...)
			most = max(most, len(fields))
			continue
		}
		for i := range names {
			vals[i] = append(vals[i], fields[i])
		}
	}
	out := map[string]variable{}
	for i, n := range names {
		vs := vals[i]
		sort.Strings(vs)
		vs = slices.Compact(vs)
		switch {
		case array && most == 0:
			return nil, false
		case array:
			out[n] = variable{array: true, cands: vs, candLen: most, fileVals: vs}
		case len(vs) == 1:
			out[n] = variable{known: true, set: true, str: vs[0]}
		default:
			out[n] = variable{cands: vs, fileVals: vs}
		}
	}
	return out, true
}

// readIFSAny returns the IFS a read splits with: bash's default, the
// shell's known value, or the call's IFS=… prefix.
func (w *walker) readIFSAny(c scope, call *Call, st *state) (string, bool) {
	ifs := defaultIFS
	known := true
	if v, ok := st.vars["IFS"]; ok {
		ifs, known = v.str, v.known
		if !v.set {
			ifs = " \t\n" // unset: as the default
		}
	}
	if call.Expr != nil {
		for _, a := range call.Expr.Assigns {
			if a.Name == nil || a.Name.Value != "IFS" || a.Index != nil || a.Array != nil || a.Append {
				return "", false
			}
			ifs, known = "", true
			if a.Value != nil {
				v := w.resolver(c, st).literal(a.Value, true)
				ifs, known = v.Value, v.Static
			}
		}
	}
	return ifs, known
}

// integerReads judges what read, mapfile and printf -v store into a
// variable declared -i: bash evaluates every value assigned to it as
// arithmetic, and a[$(cmd)] in that text runs cmd. A value the command
// holds (a static here-string, here-document or printf format) is
// evaluated where it is stored (reads); mapfile's lines each are
// evaluated here. A value only known at run time (a file's line) is
// judged as $((x)) of such a value is: the content of the user's files
// is not code corral reads.
func (w *walker) integerReads(c scope, call *Call, st *state, names []string, known string, kv variable, ok bool, split map[string]variable) {
	for _, n := range names {
		t, direct := st.resolve(n)
		if !direct || !st.get(t).integer {
			continue
		}
		if ok && n == known && kv.known && kv.set {
			if kv.array {
				for _, line := range kv.list {
					w.evalArith(c, line, st)
				}
			}
			continue // evaluated as it is stored
		}
		if v, found := split[n]; found && v.known && v.set && !v.array {
			continue
		}
		if call.Name == "mapfile" || call.Name == "readarray" {
			if text, shared, found := w.readInput(c, call); found && !shared {
				for _, line := range strings.SplitAfter(text, "\n") {
					if line != "" {
						w.evalArith(c, line, st)
					}
				}
			}
		}
	}
}

// readFileInput returns the text of the file a read's standard input is
// redirected from (while read -r l; do $l; done < cmds.txt), when it is
// a regular file corral can read at hook time (or one this command
// wrote): the lines the loop runs are then judged, not passed as
// unknown. A file of more lines than MaxReadLines leaves the variable
// unknown.
func (w *walker) readFileInput(call *Call, in Stream) (string, bool) {
	rd, ok := in.File()
	if !ok || rd.Op != "<" || rd.Fd != "" && rd.Fd != "0" || !rd.Target.Static || rd.Target.Value == "" {
		return "", false
	}
	return w.readDataFile(call, rd)
}

// readLineVals returns the lines of the file a read or mapfile reads
// from (its standard input or its -u descriptor), when corral can read
// it at hook time: whatever the options, the value is (part of) one of
// them, which bash may evaluate. At most MaxReadLines, sorted.
func (w *walker) readLineVals(call *Call) ([]string, bool) {
	if call.Name != "read" && call.Name != "mapfile" && call.Name != "readarray" {
		return nil, false
	}
	fd := readFd(call)
	if fd < 0 {
		return nil, false
	}
	in := call.Fd(fd)
	text, ok := "", false
	if fd == 0 {
		text, ok = w.readFileInput(call, in)
	} else {
		text, ok = w.readFdFile(call, in)
	}
	if !ok {
		return nil, false
	}
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(text, "\x00", ""), "\n"), "\n")
	if len(lines) > MaxReadLines {
		return nil, false
	}
	sort.Strings(lines)
	return slices.Compact(lines), true
}

// readFdFile returns the text of the file a descriptor other than the
// standard input is open on for reading (exec 3< n.txt; read -u3 x), when
// corral can read it at hook time (or this command wrote it).
func (w *walker) readFdFile(call *Call, in Stream) (string, bool) {
	rd, ok := in.File()
	if !ok || rd.Op != "<" && rd.Op != "<>" || !rd.Target.Static || rd.Target.Value == "" {
		return "", false
	}
	return w.readDataFile(call, rd)
}

// readDataFile reads the static target of an input redirection, joined
// to the directory it was opened in: a regular file (never /dev or /proc).
func (w *walker) readDataFile(call *Call, rd Redirect) (string, bool) {
	dir := rd.Dir
	if !dir.Known {
		dir = call.Dir
	}
	d := dir.Join(rd.Target.Value)
	if !d.Known || strings.HasPrefix(d.Path, "/dev/") || strings.HasPrefix(d.Path, "/proc/") {
		return "", false
	}
	return w.readScript(d)
}

// substFileVals returns the value a command substitution that only
// prints (part of) a file gives a variable (x=$(cat n.txt), "$(< n.txt)",
// $(head -1 n.txt), $(head -n 2 n.txt), $(sed -n 1p n.txt), with the file
// as operand or as the standard input), when the file is one corral can
// read at hook time or this command wrote: its text without the trailing
// newlines the substitution drops. The variable stays unknown to words;
// bash's evaluation of it as arithmetic or a name sees this value.
func (w *walker) substFileVals(c scope, st *state, wd *sh.Word) ([]string, bool) {
	path, lines, ok := w.substFile(c, st, wd)
	if !ok {
		return nil, false
	}
	text, ok := w.readScript(Dir{Path: path, Known: true})
	if !ok {
		return nil, false
	}
	if lines > 0 {
		parts := strings.SplitAfter(text, "\n")
		if len(parts) > lines {
			text = strings.Join(parts[:lines], "")
		}
	}
	text = strings.ReplaceAll(text, "\x00", "")
	return []string{strings.TrimRight(text, "\n")}, true
}

// substWroteFile returns the file a command substitution that only
// prints it reads (as substFileVals), when this command wrote it with
// content only run time knows.
func (w *walker) substWroteFile(c scope, st *state, wd *sh.Word) (string, bool) {
	path, _, ok := w.substFile(c, st, wd)
	if !ok || !w.opaque[path] || w.numberFiles[path] {
		return "", false
	}
	return path, true
}

// wroteInput returns the file a read's input is redirected from, when
// this command wrote it with content only run time knows.
func (w *walker) wroteInput(call *Call, in Stream) (string, bool) {
	rd, ok := in.File()
	if !ok || rd.Op != "<" && rd.Op != "<>" || !rd.Target.Static || rd.Target.Value == "" {
		return "", false
	}
	dir := rd.Dir
	if !dir.Known {
		dir = call.Dir
	}
	d := dir.Join(rd.Target.Value)
	if !d.Known || !w.opaque[d.Path] || w.numberFiles[d.Path] {
		return "", false
	}
	return d.Path, true
}

// wroteArith records the arithmetic evaluation of a variable read from
// a file this command wrote with content only run time knows: the
// program that wrote it chose the expression, and a[$(cmd)] in it runs
// cmd.
func (w *walker) wroteArith(name string, v variable) {
	key := name + "\x00" + v.wrotePath
	if w.wroteEvals == nil {
		w.wroteEvals = map[*Call]map[string]bool{}
	}
	if w.wroteEvals[v.wroteRead] == nil {
		w.wroteEvals[v.wroteRead] = map[string]bool{}
	}
	if w.wroteEvals[v.wroteRead][key] {
		return
	}
	w.wroteEvals[v.wroteRead][key] = true
	what := "arithmetic evaluates $" + name + ", read from " + v.wrotePath +
		", which this command wrote with content only known at run time (a[$(…)] in it runs)"
	if v.wrotePath == "" {
		what = "bash evaluates $" + name + " as arithmetic or a name, and its value is what " + v.wroteRead.Name +
			" printed, only known at run time (a[$(…)] in it runs)"
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: v.wroteRead, Always: true, Text: v.wrotePath, What: what})
}

// substFile returns the absolute path of the file a command
// substitution only prints (see substFileVals) and how many of its
// first lines (0: all).
func (w *walker) substFile(c scope, st *state, wd *sh.Word) (string, int, bool) {
	if wd == nil || len(wd.Parts) != 1 {
		return "", 0, false
	}
	part := wd.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	cs, ok := part.(*sh.CmdSubst)
	if !ok || len(cs.Stmts) != 1 || len(cs.Last) > 0 {
		return "", 0, false
	}
	stmt := cs.Stmts[0]
	if stmt.Negated || stmt.Background || stmt.Coprocess {
		return "", 0, false
	}
	r := w.resolver(c, st)
	file := ""
	for _, rd := range stmt.Redirs {
		if rd.Op != sh.RdrIn || rd.N != nil && rd.N.Value != "0" || file != "" {
			return "", 0, false
		}
		v := r.literal(rd.Word, true)
		if !v.Static || v.Value == "" {
			return "", 0, false
		}
		file = v.Value
	}
	var words []string
	if stmt.Cmd != nil {
		ce, ok := stmt.Cmd.(*sh.CallExpr)
		if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
			return "", 0, false
		}
		for _, a := range ce.Args {
			for _, f := range r.fields(a) {
				if !f.Static || f.Glob {
					return "", 0, false
				}
				words = append(words, f.Value)
			}
		}
	} else if file == "" {
		return "", 0, false
	} else {
		words = []string{"cat"} // $(< FILE) is bash's cat of FILE
	}
	lines := -1 // the whole file
	var ops []string
	switch words[0] {
	case "cat":
		for _, a := range words[1:] {
			if a != "--" && strings.HasPrefix(a, "-") {
				return "", 0, false
			}
			if a != "--" {
				ops = append(ops, a)
			}
		}
	case "head", "sed":
		for i := 1; i < len(words); i++ {
			a := words[i]
			n := ""
			switch {
			case words[0] == "head" && (a == "-n" || a == "--lines") && i+1 < len(words):
				i++
				n = words[i]
			case words[0] == "head" && strings.HasPrefix(a, "-n"):
				n = a[2:]
			case words[0] == "head" && len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9':
				n = a[1:]
			case words[0] == "sed" && a == "-n" && i+1 < len(words) && strings.HasSuffix(words[i+1], "p"):
				// sed -n 1p, sed -n 1,3p: from the first line.
				i++
				first, last, _ := strings.Cut(strings.TrimSuffix(words[i], "p"), ",")
				if first != "1" {
					return "", 0, false
				}
				n = last
				if n == "" {
					n = "1"
				}
			case !strings.HasPrefix(a, "-"):
				ops = append(ops, a)
				continue
			default:
				return "", 0, false
			}
			k, err := strconv.Atoi(n)
			if err != nil || k < 1 {
				return "", 0, false
			}
			lines = k
		}
		if lines < 0 && words[0] == "sed" {
			return "", 0, false
		}
		if lines < 0 {
			lines = 10
		}
	default:
		return "", 0, false
	}
	switch {
	case len(ops) == 1 && file == "":
		file = ops[0]
	case len(ops) != 0 || file == "":
		return "", 0, false
	}
	d := st.dir.Join(file)
	if !d.Known || strings.HasPrefix(d.Path, "/dev/") || strings.HasPrefix(d.Path, "/proc/") {
		return "", 0, false
	}
	return d.Path, max(lines, 0), true
}

// streamText is the text an input stream carries when the command holds
// it: a here-string or here-document, what a process substitution
// prints, a file corral can read.
func (w *walker) streamText(c scope, s Stream) (text string, dynamic, ok bool) {
	if t, static, found := s.Text(); found {
		if s.Redirect.Op == "<<<" {
			t += "\n"
		}
		return t, !static, true
	}
	if s.Kind == StreamPipe && s.Pipe != nil && s.Pipe.Subst == "<(" {
		return w.procText(c, s.Pipe)
	}
	if r, found := s.File(); found && (r.Op == "<" || r.Op == "<>") && r.Target.Static && r.Dir.Known {
		if t, read := w.readDataFile(nil, r); read {
			return t, false, true
		}
	}
	return "", false, false
}

// readSource returns the text read or mapfile reads from descriptor fd
// (or from coIn, the stream a -u of a coprocess or an exec {fd}< name
// leads to) when the command holds it; shared reports input other
// commands read too, of which a read takes a line that depends on how
// many were read before.
func (w *walker) readSource(c scope, call *Call, fd int, coIn *Stream) (input string, shared, ok bool) {
	if coIn == nil && fd == 0 {
		// read -r d <&"${P[0]}", read -r d <&$fd: its own input
		// duplicated from a coprocess or an exec {fd}< stream (when no
		// later redirection of its replaced it).
		in := call.Fd(0)
		for _, r := range call.Redirs {
			if r.Node.Op == sh.DplIn && (r.Fd == "" || r.Fd == "0") && r.Dup != nil && r.Dup.Same(in) {
				coIn = r.Dup
			}
		}
	}
	if coIn == nil {
		// exec 4<&${P[0]}; read v <&4 (or read -u 4 v): a descriptor
		// copied from a coprocess's output.
		if in := call.Fd(fd); in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Coproc && in.Stage == 1 {
			coIn = &in
		}
	}
	if coIn != nil {
		// Any line the coprocess (or the stream exec {fd}< opened)
		// prints: other reads may share it.
		var dynamic, isPipe bool
		input, dynamic, ok, isPipe = w.otherPipeText(c, *coIn)
		if !isPipe {
			input, dynamic, ok = w.streamText(c, *coIn)
		}
		ok, shared = ok && !dynamic, true
	} else if fd == 0 {
		input, shared, ok = w.readInput(c, call)
	} else {
		// A descriptor opened on a file: the call's own (read -u3 x
		// 3< f, read -u 1 x 1< f: bash reads from descriptor 1 or 2
		// as from any other) starts at the first line; one an earlier
		// exec opened (exec 3< n.txt) is shared by every read of it,
		// and the line read is any of the file's.
		in := call.Fd(fd)
		input, ok = w.readFdFile(call, in)
		if !ok {
			// exec 3< <(…), exec 3<<<…, exec 3<&${P[0]}: what the
			// substitution, here-string or coprocess carries.
			var dynamic, isPipe bool
			input, dynamic, ok, isPipe = w.otherPipeText(c, in)
			if !isPipe {
				input, dynamic, ok = w.streamText(c, in)
			}
			ok = ok && !dynamic
		}
		shared = !ownInput(call, in) || in.Kind == StreamInherited
	}
	return input, shared, ok
}
