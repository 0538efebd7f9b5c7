package syntax

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// What read stores, as bash's read builtin (read.def) computes it.
//
// read takes one record from its input: the bytes up to the delimiter
// (a newline; the first byte of -d's word, NUL for -d ''), which it
// drops, or up to EOF; -n N stops after N characters too, and -N N reads
// exactly N (or up to EOF) and treats no byte as a delimiter. NUL bytes
// are dropped unless NUL is the delimiter. Without -r a backslash
// escapes the next character, which is kept and splits no field
// (escapeReadRecord); an escaped newline or delimiter, after which the
// record goes on, corral leaves to run time. The record is then assigned: with no
// name, to REPLY as it is; with -N, untouched by IFS (the first name
// takes it all); else split by IFS as readFields does, so IFS= read -rd
// '' v keeps the newline a here-string ends with, and read -d '' v of
// several lines keeps the newlines inside.

// readSpec is what read's options ask for.
type readSpec struct {
	raw bool
	// delim is the byte a record ends at, or -1 (-N).
	delim int
	// nchars is -n's or -N's count, or -1.
	nchars int
	// exact reports -N: no delimiter, no IFS splitting.
	exact bool
	// timeout reports a -t of more than 0 seconds: static input is
	// there at once, a pipe's may not be.
	timeout bool
	// array is -a's name; names are the operands.
	array string
	names []string
	fd    int
	// in is the stream -u names when only run time gives its number
	// (a coprocess's ${P[0]}, exec {fd}<'s $fd).
	in *Stream
}

// readOptSpec is read's options for ScanOptions: bash's internal getopt
// clusters letters, a letter that takes a value takes the rest of its
// word or the next, and the first operand ends the options.
func readOptSpec() OptSpec { return OptSpec{ShortVal: "adinNptu", Stop: true} }

// readSpecOf reads read's words; ok is false for an option bash refuses
// (it then assigns nothing), a value only run time knows (other than
// -u's stream), or a name that is no identifier.
func (w *walker) readSpecOf(call *Call, st *state) (readSpec, bool) {
	spec := readSpec{delim: '\n', nchars: -1}
	opts, ops := ScanOptions(call.Args, readOptSpec())
	ok := true
	for _, o := range opts {
		if o.Long {
			return spec, false
		}
		if o.HasVal && !o.Val.Static && o.Name != "u" {
			return spec, false
		}
		switch o.Name {
		case "r":
			spec.raw = true
		case "s", "e":
			// -s (no echo) and -e (readline) change nothing when the
			// input is no terminal, which input the command holds is not.
		case "i", "p":
			// Readline's initial text and the prompt: a terminal's only.
			if !o.HasVal {
				return spec, false
			}
		case "a":
			if !o.HasVal || !isName(o.Val.Value) {
				return spec, false
			}
			spec.array = o.Val.Value
		case "d":
			if !o.HasVal {
				return spec, false
			}
			spec.delim = 0
			if o.Val.Value != "" {
				spec.delim = int(o.Val.Value[0])
			}
		case "n", "N":
			if !o.HasVal {
				return spec, false
			}
			n, err := strconv.Atoi(o.Val.Value)
			if err != nil || n < 0 {
				return spec, false
			}
			spec.nchars = n
			spec.exact = o.Name == "N"
		case "t":
			f, err := strconv.ParseFloat(o.Val.Value, 64)
			if !o.HasVal || err != nil || f <= 0 {
				return spec, false // -t 0 reads nothing and assigns nothing
			}
			spec.timeout = true
		case "u":
			if spec.fd, spec.in, ok = w.uStream(o, st); !ok {
				return spec, false
			}
		default:
			return spec, false
		}
	}
	if spec.exact {
		spec.delim = -1
	}
	for _, i := range ops {
		a := call.Args[i]
		if !a.Static || !isName(a.Value) && !elemTarget(a.Value) {
			return spec, false
		}
		spec.names = append(spec.names, a.Value)
	}
	if spec.array != "" && len(spec.names) > 0 {
		return spec, false // read -a NAME takes no other names
	}
	return spec, true
}

// readRecord returns the record read takes from the start of text: the
// bytes before the delimiter (or all, at EOF), NUL bytes dropped when
// NUL is no delimiter, at most nchars characters. ok is false when
// characters are not bytes (a count over text that is not ASCII).
func readRecord(text string, spec readSpec) (string, bool) {
	if spec.delim != 0 {
		text = strings.ReplaceAll(text, "\x00", "")
	}
	if spec.delim >= 0 {
		if i := strings.IndexByte(text, byte(spec.delim)); i >= 0 {
			text = text[:i]
		}
	}
	if spec.nchars >= 0 {
		for i := 0; i < len(text); i++ {
			if text[i] >= 0x80 {
				return "", false
			}
		}
		if len(text) > spec.nchars {
			text = text[:spec.nchars]
		}
	}
	return text, true
}

// readVars returns the variables read stores when its input is in the
// command: a record of input no other command shares (readRecord, then
// the assignment bash makes), or, for input other commands share (a
// loop's, a block's), any of its lines, each split as bash splits it
// (sharedSplitReads). ok is false for anything else, which leaves the
// names unknown.
func (w *walker) readVars(c scope, call *Call, st *state) (map[string]variable, bool) {
	if call.Name != "read" || len(call.Wrappers) > 0 {
		return nil, false
	}
	spec, ok := w.readSpecOf(call, st)
	if !ok {
		return nil, false
	}
	ifs, ok := w.readIFSAny(c, call, st)
	if !ok {
		return nil, false
	}
	if spec.exact {
		ifs = "" // -N: the characters read, not split
	}
	input, shared, ok := w.readSource(c, call, spec.fd, spec.in)
	if !ok {
		return nil, false
	}
	if spec.timeout && !w.readAtOnce(call, spec) {
		return nil, false
	}
	names, array := spec.names, spec.array != ""
	if array {
		names = []string{spec.array}
	}
	if shared {
		if spec.delim != '\n' || spec.nchars >= 0 || len(names) == 0 {
			return nil, false
		}
		return w.sharedSplitReads(input, ifs, names, spec.raw, array)
	}
	rec, ok := readRecord(input, spec)
	if !ok {
		return nil, false
	}
	restore := func(s string) string { return s }
	if !spec.raw && strings.Contains(rec, `\`) {
		// Backslashes are escapes without -r: each escaped character is
		// kept (and splits no field), the backslash dropped.
		var esc []rune
		if rec, esc, ok = escapeReadRecord(rec, ifs, spec); !ok {
			return nil, false
		}
		restore = func(s string) string {
			return strings.Map(func(r rune) rune {
				if r >= readEscBase && int(r-readEscBase) < len(esc) {
					return esc[r-readEscBase]
				}
				return r
			}, s)
		}
	}
	out := map[string]variable{}
	switch {
	case len(names) == 0:
		out["REPLY"] = variable{known: true, set: true, str: restore(rec)}
	case array:
		list := readFields(rec, ifs, 0, true)
		for i := range list {
			list[i] = restore(list[i])
		}
		out[names[0]] = variable{known: true, set: true, array: true, list: list}
	default:
		fields := readFields(rec, ifs, len(names), false)
		for i, n := range names {
			out[n] = variable{known: true, set: true, str: restore(fields[i])}
		}
	}
	return out, true
}

// readEscBase is the first of the private-use characters that stand, in
// a record being split, for the characters a backslash escaped.
const readEscBase = 0xE000

// maxReadEscapes bounds the escaped characters of one record.
const maxReadEscapes = 4096

// escapeReadRecord applies read's backslash escapes (no -r): each \C
// becomes a stand-in character IFS does not hold, whose C the returned
// list gives, so readFields splits the record as bash does (an escaped
// blank or IFS character splits nothing) and the stand-ins are put back
// after. ok is false for what is left to run time: a backslash that
// escapes the delimiter or a newline (the record goes on past it), -n and
// -N counts, a record or IFS that already holds such characters.
func escapeReadRecord(rec, ifs string, spec readSpec) (string, []rune, bool) {
	if spec.nchars >= 0 || spec.exact || !utf8.ValidString(rec) || strings.ContainsFunc(ifs, func(r rune) bool { return r >= 0x80 }) {
		return "", nil, false
	}
	var b strings.Builder
	var esc []rune
	rs := []rune(rec)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r >= readEscBase && r <= 0xF8FF {
			return "", nil, false
		}
		if r != '\\' {
			b.WriteRune(r)
			continue
		}
		if i+1 >= len(rs) || rs[i+1] == '\n' || len(esc) >= maxReadEscapes {
			return "", nil, false // the escaped delimiter or newline: the record goes on
		}
		i++
		b.WriteRune(readEscBase + rune(len(esc)))
		esc = append(esc, rs[i])
	}
	return b.String(), esc, true
}

// readAtOnce reports input a read -t finds there at once: a
// here-string's, a here-document's or a file's, not a pipe's a program
// may be slow to write.
func (w *walker) readAtOnce(call *Call, spec readSpec) bool {
	if spec.in != nil {
		return false
	}
	in := call.Fd(spec.fd)
	if _, ok := in.File(); ok {
		return true
	}
	_, _, ok := in.Text()
	return ok
}

// uStream returns the descriptor -u names (read -u 3, mapfile -u3), or
// the stream a number only run time knows leads to: a coprocess's
// (read -r -u ${P[0]} d) or the one exec {fd}< opened (-u $fd, -u$fd).
func (w *walker) uStream(o Option, st *state) (int, *Stream, bool) {
	if !o.HasVal {
		return 0, nil, false
	}
	if !o.Val.Static {
		raw := o.Val.Raw
		if o.Attached {
			// -u$fd, -u"${P[0]}": the value's own text.
			raw = strings.TrimPrefix(strings.TrimLeft(raw, `"`), o.Prefix)
		}
		in := w.coprocFd(raw)
		if in == nil {
			in = w.namedFd(st, raw)
		}
		return 0, in, in != nil
	}
	n, err := strconv.Atoi(o.Val.Value)
	if err != nil || n < 0 || n > 9 {
		return 0, nil, false
	}
	return n, nil, true
}

// printfVar returns the variable printf -v NAME sets and its value, when
// BashPrintf computes it (else one only known at run time): the one option as bash's getopt reads it
// (-v NAME, -vNAME: printf -vv '%s' x sets v; "--" after it).
func printfVar(args []Arg) (string, variable, bool) {
	opts, ops := ScanOptions(args, OptSpec{ShortVal: "v", Stop: true})
	if len(opts) != 1 || opts[0].Long || opts[0].Name != "v" || !opts[0].HasVal || !opts[0].Val.Static || len(ops) == 0 {
		return "", variable{}, false
	}
	name := opts[0].Val.Value
	words := make([]string, 0, len(ops))
	for _, i := range ops {
		if !args[i].Static {
			return "", variable{}, false
		}
		words = append(words, args[i].Value)
	}
	if !isName(name) && !elemTarget(name) {
		return "", variable{}, false
	}
	out, ok := BashPrintf(words[0], words[1:])
	if !ok || strings.IndexByte(out, 0) >= 0 {
		// printf -v x '%*s' 3 ~, '%(%F)T': a value bash computes
		// that corral does not model: one only known at run time, as
		// x=$(printf …) of it is.
		return name, variable{printed: true, printedBy: "printf"}, true
	}
	return name, variable{known: true, set: true, str: out}, true
}

// mapfileVar returns the array mapfile (readarray) fills and its
// elements, when its input is in the command: the records up to each
// delimiter (a newline, or -d's first byte, NUL for an empty word), the last one
// also without it; -t drops the delimiter, -s N skips the first N, -n N
// keeps at most N (0: all); with no name the array is MAPFILE. IFS plays
// no part. Input other commands share gives each element any of its
// lines (-t only). -O (which keeps the old elements), -C and a NUL byte
// the records do not end at leave it unknown.
func (w *walker) mapfileVar(c scope, call *Call, st *state) (string, variable, bool) {
	opts, ops := ScanOptions(call.Args, OptSpec{ShortVal: "dnOsuCc", Stop: true})
	delim, trim, skip, count := byte('\n'), false, 0, 0
	fd, onlyT := 0, true
	var in *Stream
	for _, o := range opts {
		if o.Long || o.HasVal && !o.Val.Static && o.Name != "u" {
			return "", variable{}, false
		}
		switch o.Name {
		case "t":
			trim = true
			continue
		case "d":
			if !o.HasVal {
				return "", variable{}, false
			}
			delim = 0
			if o.Val.Value != "" {
				delim = o.Val.Value[0]
			}
		case "n", "s":
			if !o.HasVal {
				return "", variable{}, false
			}
			n, err := strconv.Atoi(o.Val.Value)
			if err != nil || n < 0 {
				return "", variable{}, false
			}
			if o.Name == "n" {
				count = n
			} else {
				skip = n
			}
		case "u":
			var ok bool
			if fd, in, ok = w.uStream(o, st); !ok {
				return "", variable{}, false
			}
			continue
		default:
			return "", variable{}, false
		}
		onlyT = false
	}
	name := "MAPFILE"
	switch len(ops) {
	case 0:
	case 1:
		if a := call.Args[ops[0]]; a.Static && isName(a.Value) {
			name = a.Value
			break
		}
		return "", variable{}, false
	default:
		return "", variable{}, false
	}
	input, shared, ok := w.readSource(c, call, fd, in)
	if !ok || delim != 0 && strings.IndexByte(input, 0) >= 0 {
		return "", variable{}, false
	}
	recs := strings.SplitAfter(input, string(delim))
	if recs[len(recs)-1] == "" {
		recs = recs[:len(recs)-1]
	}
	if shared {
		// exec 3< n.txt; …; mapfile -t -u3 a, mapfile -t -u $fd a
		// after exec {fd}< <(…), mapfile -t -u ${P[0]} a: the lines
		// left, so each element is any of the stream's lines (as
		// read -u gives one).
		if !trim || !onlyT || len(recs) == 0 || len(recs) > MaxReadLines {
			return "", variable{}, false
		}
		vals := make([]string, 0, len(recs))
		for _, l := range recs {
			vals = append(vals, strings.TrimSuffix(l, "\n"))
		}
		sort.Strings(vals)
		vals = slices.Compact(vals)
		return name, variable{array: true, cands: vals, candLen: len(recs), fileVals: vals}, true
	}
	recs = recs[min(skip, len(recs)):]
	if count > 0 && len(recs) > count {
		recs = recs[:count]
	}
	list := make([]string, len(recs))
	for i, r := range recs {
		if trim {
			r = strings.TrimSuffix(r, string(delim))
		}
		list[i] = r
	}
	return name, variable{known: true, set: true, array: true, list: list}, true
}

// catPrinted is what cat of static files prints (no options, no
// standard input), for a read fed by it through a pipe (cat f | while
// read -r l; do …; done): the files' text, as read < f would see it
// (red team 16 AR1: the file's text reached arithmetic through the
// loop's variable unjudged).
func (w *walker) catPrinted(call *Call) (string, bool) {
	if w.shadowed[call] || len(call.Args) == 0 {
		return "", false
	}
	return w.catFilesText(call)
}

// pipedProgram returns the program whose output a read takes through a
// pipe or a process substitution when that is text the program chose and
// corral does not know (git log --format=%s | while read -r n; do echo
// $((n)); done, read -r n < <(git log -1 --format=%s)): the variable then
// holds that program's output as x=$(git log …) does (wroteRead), and
// bash's arithmetic of it asks, since a[$(cmd)] in it runs cmd (red team
// 16 AR1). A program that prints a number (seq, wc -l) or text corral
// knows (echo, cat of a file it reads) chose nothing.
func (w *walker) pipedProgram(c scope, call *Call) (*Call, bool) {
	in := call.Fd(readFd(call))
	if in.Kind != StreamPipe || in.Pipe == nil || in.Pipe.Coproc {
		return nil, false
	}
	var prev *Call
	switch in.Pipe.Subst {
	case "<(":
		prev = in.Pipe.Stage(0)
		if prev != nil && prev.Pipe != nil {
			prev = prev.Pipe.Stage(len(prev.Pipe.Calls) - 1)
		}
	case "":
		prev = in.Pipe.Stage(in.Stage - 1)
		if prev != nil && !prev.Fd(1).Same(in) {
			return nil, false
		}
	default:
		return nil, false
	}
	if prev == nil || prev.Name == "" || printsNumber(prev) || silentCall(prev) {
		return nil, false
	}
	if _, ok := w.printed(c, prev); ok {
		return nil, false
	}
	return prev, true
}

// readerStream returns the stream read, mapfile or readarray takes its input
// from: stdin, or the descriptor its last -u names (a number, a
// coprocess's ${P[0]}, the $fd of exec {fd}< …); StreamUnknown for a -u
// only run time resolves.
func (w *walker) readerStream(call *Call, st *state) Stream {
	spec := readOptSpec()
	if call.Name != "read" {
		spec = OptSpec{ShortVal: "dnOsuCc", Stop: true}
	}
	opts, _ := ScanOptions(call.Args, spec)
	in := call.Fd(0)
	for _, o := range opts {
		if o.Long || o.Name != "u" || !o.HasVal {
			continue
		}
		if o.Val.Static {
			if n, err := strconv.Atoi(o.Val.Value); err == nil && n >= 0 {
				in = call.Fd(n)
				continue
			}
		} else if _, s, ok := w.uStream(o, st); ok && s != nil {
			in = *s
			continue
		}
		in = Stream{Kind: StreamUnknown}
	}
	return in
}
