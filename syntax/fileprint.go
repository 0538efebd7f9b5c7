package syntax

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// The text a program prints from its inputs (red team 16 FP1). A text
// filter (cat, head, tail, sed, awk, grep, cut, sort, paste, fold, nl,
// jq -r, unzip -p, …) prints text taken from the files it reads: its
// operands, or its standard input when that is a file (cat < f), a
// descriptor opened on one earlier (exec 3< f; cat <&3), a socket
// (/dev/tcp/H/P) or the pipe from a stage that printed a file. When
// that output reaches a shell (eval "$(…)", bash -c "$(…)", source
// <(…), … | sh) it is the script. For the filters whose output the file
// alone decides and that corral computes (cat with any input route,
// head and tail with a line or byte count, sed -n p, awk 1) the text is
// computed and judged as the script. For any other way of printing a
// file the text is only known at run time: it is judged for what the
// files hold (a superset: tail -n 1 is judged as the whole file, so
// what the file would be denied for is denied), and it asks. A file
// corral cannot read (a socket, a download this command made, a file
// that is not there yet, a glob) gives text only run time knows: it
// asks.

// printerSpec returns the options of a text filter that prints what it
// reads from files, and whether its first operand is its program
// (a sed script, an awk program, a grep pattern, a jq filter) unless
// an option in progOpts gives the program instead. ok is false for any
// other program.
func printerSpec(name string) (spec OptSpec, progFirst bool, progOpts []string, ok bool) {
	switch name {
	case "cat":
		return OptSpec{Abbrev: true, LongFlag: []string{"show-all", "number-nonblank", "show-ends", "number", "squeeze-blank",
			"show-tabs", "show-nonprinting", "help", "version"}}, false, nil, true
	case "tac":
		return OptSpec{ShortVal: "s", LongVal: []string{"separator"}, LongFlag: []string{"before", "regex"}, LongEq: true, Abbrev: true}, false, nil, true
	case "head", "tail":
		return OptSpec{ShortVal: "ncs", LongVal: []string{"lines", "bytes", "sleep-interval", "pid", "max-unchanged-stats"},
			LongFlag: []string{"quiet", "silent", "verbose", "zero-terminated", "follow", "retry"}, LongEq: true, Abbrev: true}, false, nil, true
	case "sed", "gsed":
		return sedSpec, true, []string{"e", "f", "expression", "file"}, true
	case "awk", "gawk", "mawk", "nawk":
		return awkInPlaceSpec, true, []string{"f", "e", "source", "file", "E", "exec"}, true
	case "grep", "egrep", "fgrep":
		return OptSpec{ShortVal: "efmABCdD", LongVal: []string{"regexp", "file", "max-count", "after-context", "before-context", "context",
			"directories", "devices", "label", "include", "exclude", "exclude-from", "exclude-dir", "binary-files", "color", "colour",
			"group-separator"}, LongEq: true, Abbrev: true}, true, []string{"e", "f", "regexp", "file"}, true
	case "cut":
		return OptSpec{ShortVal: "bcdf", LongVal: []string{"bytes", "characters", "delimiter", "fields", "output-delimiter"}, LongEq: true, Abbrev: true}, false, nil, true
	case "sort":
		return OptSpec{ShortVal: "kotTS", LongVal: []string{"key", "output", "field-separator", "temporary-directory", "buffer-size",
			"parallel", "batch-size", "compress-program", "files0-from", "random-source", "sort"}, LongEq: true, Abbrev: true}, false, nil, true
	case "uniq":
		return OptSpec{ShortVal: "fsw", LongVal: []string{"skip-fields", "skip-chars", "check-chars", "all-repeated", "group"}, LongEq: true, Abbrev: true}, false, nil, true
	case "paste":
		return OptSpec{ShortVal: "d", LongVal: []string{"delimiters"}, LongEq: true, Abbrev: true}, false, nil, true
	case "fold", "fmt":
		return OptSpec{ShortVal: "wpg", LongVal: []string{"width", "prefix", "goal"}, LongEq: true, Abbrev: true}, false, nil, true
	case "nl":
		return OptSpec{ShortVal: "bdfhilnsvw", LongVal: []string{"body-numbering", "section-delimiter", "footer-numbering", "header-numbering",
			"line-increment", "join-blank-lines", "number-format", "number-separator", "starting-line-number", "number-width"}, LongEq: true, Abbrev: true}, false, nil, true
	case "expand", "unexpand":
		return OptSpec{ShortVal: "t", LongVal: []string{"tabs"}, LongEq: true, Abbrev: true}, false, nil, true
	case "strings":
		return OptSpec{ShortVal: "netTo", LongVal: []string{"bytes", "encoding", "radix", "target", "output-separator"}, LongEq: true, Abbrev: true}, false, nil, true
	case "jq", "gojq", "jaq":
		return OptSpec{ShortVal: "fL", LongVal: []string{"from-file", "indent"}, LongEq: false}, true, []string{"f", "from-file"}, true
	}
	return OptSpec{}, false, nil, false
}

// printInput is one input a file printer reads.
type printInput struct {
	name string // as written, for people
	text string
	read bool // text is the input's whole text
	// missing reports a file not there when the hook runs, which no
	// download of this command may be.
	missing bool
}

// filePrint is what stage i of p prints from files, when it is a text
// filter reading at least one file (or the output of a stage that
// printed one).
type filePrint struct {
	call *Call
	// text is the printed text when computed, else the inputs' text
	// (what the output is taken from), when every input was read.
	text string
	// computed reports that text is exactly what the call prints;
	// read that every input's text is known.
	computed, read bool
	// from names the inputs, for people.
	from []string
}

// filePrint reports what stage i of pipeline p prints when it is a
// text filter whose output comes from files: ok is false for any other
// stage (a program printing its own text, a filter of a here-document
// or of another program's output), which the callers judge as before.
func (w *walker) filePrint(c scope, p *Pipeline, i int) (filePrint, bool) {
	return w.filePrintDepth(c, p, i, 0)
}

func (w *walker) filePrintDepth(c scope, p *Pipeline, i, depth int) (filePrint, bool) {
	if p == nil || i < 0 || i >= len(p.Calls) || depth > 8 {
		return filePrint{}, false
	}
	call := p.Calls[i]
	if call == nil {
		return filePrint{}, false
	}
	unzip := call.Name == "unzip" && w.unzipPrints(call)
	spec, progFirst, progOpts, ok := printerSpec(call.Name)
	if !ok && !unzip {
		return filePrint{}, false
	}
	fp := filePrint{call: call, read: true}
	if unzip {
		// unzip -p/-c ARCHIVE: the members' text, which corral does
		// not extract here: only known at run time.
		fp.read = false
		fp.from = []string{call.Text()}
		return fp, true
	}
	opts, ops := ScanOptions(call.Args, spec)
	prog, progUnknown := "", false
	if progFirst {
		given := false
		for _, o := range opts {
			if slices.Contains(progOpts, o.Name) {
				given = true
				if o.HasVal && o.Val.Static && prog == "" && o.Name != "f" && o.Name != "file" && o.Name != "from-file" {
					prog = o.Val.Value
				}
			}
		}
		if !given {
			if len(ops) == 0 {
				return filePrint{}, false
			}
			if a := call.Args[ops[0]]; a.Static {
				prog = a.Value
			} else {
				progUnknown = true // sed "$(cat x)" f: any script
			}
			ops = ops[1:]
		}
	}
	var inputs []printInput
	stdin := len(ops) == 0
	for _, k := range ops {
		a := call.Args[k]
		if ps, ok := w.m.ArgStream(a); ok && ps.Pipe != nil {
			return filePrint{}, false // cat <(…): the substitution's (producedText)
		}
		if a.Static && (a.Value == "-" || a.Value == "/dev/stdin") {
			stdin = true
			continue
		}
		if isAwk(call.Name) && a.Static && strings.Contains(a.Value, "=") && isName(strings.SplitN(a.Value, "=", 2)[0]) {
			continue // awk's var=value operand
		}
		if call.Name == "uniq" && len(inputs) == 1 {
			break // uniq IN OUT: OUT is written
		}
		inputs = append(inputs, w.printFile(call, a))
	}
	if stdin {
		in, ok := w.printStdin(c, call, p, i, depth)
		if !ok {
			if len(inputs) == 0 {
				return filePrint{}, false
			}
			in = printInput{name: "standard input"}
		}
		inputs = append(inputs, in)
	}
	if len(inputs) == 0 {
		return filePrint{}, false
	}
	missing := true
	for _, in := range inputs {
		missing = missing && in.missing
	}
	if missing {
		return filePrint{}, false // nothing there to print: as before
	}
	var b strings.Builder
	for _, in := range inputs {
		fp.from = append(fp.from, in.name)
		fp.read = fp.read && in.read
		b.WriteString(in.text)
	}
	if !fp.read {
		return fp, true
	}
	fp.text = b.String()
	if strings.HasPrefix(fp.text, "\x7fELF") || strings.Contains(fp.text[:min(len(fp.text), 8192)], "\x00") {
		// A program's or an archive's bytes (cat $(which unzipsfx) a.zip
		// > f: a self-extracting archive) are no script text: only known
		// at run time, as before this model, not bytes the command made.
		fp.read, fp.text = false, ""
		return fp, true
	}
	if progUnknown {
		return fp, true
	}
	if t, ok := printedExactly(call.Name, opts, prog, fp.text, len(inputs), call); ok {
		fp.text, fp.computed = t, true
	}
	return fp, true
}

func isAwk(name string) bool {
	return name == "awk" || name == "gawk" || name == "mawk" || name == "nawk"
}

// unzipPrints reports whether unzip prints members to standard output
// (-p, -c and letters clustered with them before the archive).
func (w *walker) unzipPrints(call *Call) bool {
	opts, _ := ScanOptions(call.Args, OptSpec{ShortVal: "dxP", Stop: true})
	for _, o := range opts {
		if o.Name == "p" || o.Name == "c" {
			return true
		}
	}
	return false
}

// printFile is operand a of a file printer: the file's text when corral
// reads it (as it reads a script, with what this command wrote there),
// else a name only.
func (w *walker) printFile(call *Call, a Arg) printInput {
	in := printInput{name: a.Value}
	if !a.Static || a.Glob {
		return in // cat /tmp/x/*, cat "$f": which files only run time knows
	}
	d := call.Dir.Join(a.Value)
	if d.Known && d.Path == "/dev/null" {
		in.read = true
		return in
	}
	if d.Known {
		in.name = d.Path
	}
	if text, ok := w.readScript(d); ok {
		in.text, in.read = text, true
		return in
	}
	if d.Known && !w.opaque[d.Path] && w.read != nil && !underDev(d.Path) && !w.downloadsBefore(call) {
		if _, err := os.Lstat(d.Path); errors.Is(err, fs.ErrNotExist) {
			// Not there, and nothing this command fetches may be it:
			// judged as before, as bash script.sh of a missing file
			// is (cat script.sh | bash).
			in.read, in.missing = true, true
		}
	}
	return in
}

// underDev reports whether p names something under /dev, where bash
// itself opens sockets (/dev/tcp/H/P, /dev/udp/H/P) and descriptors
// that are no file on disk.
func underDev(p string) bool {
	for q := p; q != "/" && q != "."; q = filepath.Dir(q) {
		if q == "/dev" {
			return true
		}
	}
	return false
}

// downloadsBefore reports whether a download runs in this command before
// call: a file not there when the hook runs may be what it saves (curl
// -O, wget name it after the URL or the server's answer).
func (w *walker) downloadsBefore(call *Call) bool {
	for _, c := range w.m.Calls {
		if c != call && downloaders.Get()[c.Name] && (call.Start == 0 || c.Start < call.Start || c.Script != call.Script) {
			return true
		}
	}
	return false
}

// printStdin is a file printer's standard input when it is a file (cat
// < f, exec 3< f; cat <&3, a /dev/tcp socket) or the output of an
// earlier stage that printed files (cat f | head -5): ok is false for
// any other input (a here-document, another program's output).
func (w *walker) printStdin(c scope, call *Call, p *Pipeline, i, depth int) (printInput, bool) {
	in := call.Fd(0)
	if rd, ok := in.File(); ok {
		if rd.Proc != nil || rd.Node == nil {
			return printInput{}, false
		}
		if !rd.Target.Static {
			return printInput{name: rd.Target.Raw}, true
		}
		d := rd.Dir.Join(rd.Target.Value)
		return w.printFile(&Call{Dir: rd.Dir}, Arg{Value: d.Path, Static: d.Known}), true
	}
	if in.Kind == StreamPipe && in.Pipe == p && in.Stage == i && i > 0 {
		prev, ok := w.filePrintDepth(c, p, i-1, depth+1)
		if !ok {
			return printInput{}, false
		}
		out := printInput{name: strings.Join(prev.from, ", "), read: prev.read, text: prev.text}
		return out, true
	}
	return printInput{}, false
}

// printedExactly computes what a file printer prints from text, the
// concatenation of its n inputs, when the program and its options
// decide it alone: cat without options, head and tail of one input
// with a count of lines or bytes, a sed script sedprog.go models and
// awk 1 (and its spellings that print every line). ok is false for
// anything else.
func printedExactly(name string, opts []Option, prog, text string, n int, call *Call) (string, bool) {
	switch name {
	case "cat":
		return text, len(opts) == 0
	case "head", "tail":
		if n != 1 {
			return "", false // headers between the files (==> f <==)
		}
		lines, count, plus := true, 10, false
		for _, o := range opts {
			v := ""
			switch {
			case o.Name == "n" || o.Name == "lines", o.Name == "c" || o.Name == "bytes":
				if !o.HasVal || !o.Val.Static {
					return "", false
				}
				v = o.Val.Value
				lines = o.Name == "n" || o.Name == "lines"
			case len(o.Name) == 1 && o.Name[0] >= '0' && o.Name[0] <= '9' && !o.Long:
				// head -5, tail -20: the word's digits are the count.
				v = strings.TrimPrefix(call.Args[o.Idx].Value, "-")
				lines = true
			case o.Name == "q" || o.Name == "quiet" || o.Name == "silent":
				continue
			default:
				return "", false
			}
			if name == "tail" && strings.HasPrefix(v, "+") {
				plus, v = true, v[1:]
			}
			k, err := strconv.Atoi(v)
			if err != nil || k < 0 {
				return "", false
			}
			count = k
		}
		return headTail(name == "head", lines, plus, count, text), true
	case "sed", "gsed":
		return sedPrinted(opts, prog, text, n)
	case "tac":
		if f, _, ok := tacFilter(nil); ok && n == 1 && len(opts) == 0 {
			return f(text) // one file's lines in reverse order (revfilters.go)
		}
	case "awk", "gawk", "mawk", "nawk":
		p := strings.Join(strings.Fields(prog), "")
		if len(opts) == 0 && (p == "1" || p == "{print}" || p == "{print$0}" || p == "{print;}" || p == "{print$0;}") {
			return text, true
		}
	}
	return "", false
}

// sedPrinted computes what sed prints of text, the concatenation of its
// n inputs, with the options opts and, when no -e gives the script, the
// script prog (sedprog.go): every -e script in order, -n, -E/-r, -s and
// -u; any other option (-f, -z, --posix, --debug, -i) or a script only
// known at run time leaves the output to run time. Several inputs are
// computed only for a script that prints every line as it is (GNU sed
// reads them as one stream, a file's last line without a newline
// included).
func sedPrinted(opts []Option, prog, text string, n int) (string, bool) {
	quiet, ext, given := false, false, false
	var scripts []string
	for _, o := range opts {
		switch o.Name {
		case "n", "quiet", "silent":
			quiet = true
		case "e", "expression":
			given = true
			if !o.HasVal || !o.Val.Static {
				return "", false
			}
			scripts = append(scripts, o.Val.Value)
		case "E", "r", "regexp-extended":
			ext = true
		case "u", "unbuffered", "s", "separate", "sandbox":
		default:
			return "", false
		}
	}
	if !given {
		scripts = []string{prog}
	}
	if n != 1 {
		p := strings.TrimSpace(strings.Join(scripts, "\n"))
		if quiet && (p == "p" || p == "1,$p") || !quiet && p == "" {
			return text, true
		}
		return "", false
	}
	return sedOutput(scripts, quiet, ext, text)
}

// headTail returns the first (head) or last count lines or bytes of
// text; plus counts from the start (tail -n +K prints from the K-th).
func headTail(head, lines, plus bool, count int, text string) string {
	if !lines {
		switch {
		case head:
			return text[:min(count, len(text))]
		case plus:
			return text[min(max(count-1, 0), len(text)):]
		default:
			return text[max(len(text)-count, 0):]
		}
	}
	parts := strings.SplitAfter(text, "\n")
	if len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	switch {
	case head:
		parts = parts[:min(count, len(parts))]
	case plus:
		parts = parts[min(max(count-1, 0), len(parts)):]
	default:
		parts = parts[max(len(parts)-count, 0):]
	}
	return strings.Join(parts, "")
}

// printedAsk asks, for sink (a shell or eval running the text as a
// script), when stage i of p prints a file's text corral does not
// compute: the text is only known at run time. It reports whether it
// did.
func (w *walker) printedAsk(c scope, sink *Call, p *Pipeline, i int) bool {
	if src := p.Calls[i]; src != nil && src.Name == "cat" && len(src.Args) == 0 {
		// cat <<EOF / $(grep . f) / EOF | sh (heredoc.go).
		if _, _, why, _ := w.catHdoc(c, src); why != "" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Always: true,
				What: sink.Name + " runs, as a script, a here-document cat prints, holding " + why + ", which is only known at run time"})
			return true
		}
	}
	if src := p.Calls[i]; src != nil {
		// echo "$(grep . f)" | sh (stdinsubst.go).
		if why := w.echoSubstWhy(c, src); why != "" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: src.Text(), Always: true,
				What: sink.Name + " runs, as a script, what " + src.Name + " prints of " + why + ", which is only known at run time"})
			return true
		}
	}
	fp, ok := w.filePrint(c, p, i)
	if !ok || fp.computed {
		return false
	}
	from := clip(strings.Join(fp.from, ", "), 80)
	what := sink.Name + " runs, as a script, the text " + fp.call.Name + " prints from " + from + ", which is only known at run time"
	if !fp.read {
		what = sink.Name + " runs, as a script, the text " + fp.call.Name + " prints from " + from +
			", which corral cannot read (a socket, a download, a file not there yet): only known at run time"
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: fp.call.Text(), Always: true, What: what})
	return true
}

// hostSubstText returns the text a program's shell-string word prints
// when the word is one quoted command substitution whose output corral
// knows (script -qc "$(cat f)", tmux new -d "$(head -5 f)", watch -g
// "$(tail -1 f)"): computed, or the files' text it is taken from. A
// file's text printed in a way corral does not compute, or a file it
// cannot read, asks, as for eval "$(…)". ok is false for any other word,
// which the callers mask as before.
func (w *walker) hostSubstText(c scope, call *Call, host *Arg) (string, bool) {
	cs := wholeCmdSubst(host.Word)
	if cs == nil || call == nil {
		return "", false
	}
	if _, quoted := host.Word.Parts[0].(*sh.DblQuoted); !quoted {
		return "", false
	}
	text, _, known, what := w.substPrinted(c, call, cs)
	if what != "" && (known || strings.HasPrefix(what, "the text ")) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: host.Raw, Always: true,
			What: call.Name + " runs, as a script, " + what + ", which is only known at run time"})
	}
	if !known {
		return "", false
	}
	return strings.TrimRight(text, "\n"), true
}
