package syntax

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// Files whose presence or time this command changes before a later
// program looks at them: make decides which rules run by what is on disk
// (a built-in rule's source, a checkout for a file that is not there,
// .DEFAULT for a target no file is, a makefile older than what it is made
// from), and the disk at hook time does not show a file touch makes or rm
// takes away a moment before.

// touchSpec, mkdirSpec: the options of touch and mkdir that take a value
// (GNU coreutils), so that a value is not taken for a file.
var (
	touchSpec = OptSpec{ShortVal: "drt", LongEq: true, Abbrev: true,
		LongVal:  []string{"date", "reference", "time"},
		LongFlag: []string{"no-create", "no-dereference", "help", "version"}}
	mkdirSpec = OptSpec{ShortVal: "mZ", LongEq: true, Abbrev: true,
		LongVal:  []string{"mode", "context"},
		LongFlag: []string{"parents", "verbose", "help", "version"}}
)

// noteTouched records the files call makes, changes the time of or
// removes by name: touch, truncate, rm, rmdir, mkdir, both sides of mv
// and the destination of cp, install and ln (the texts noteWrite and
// noteCopy follow are recorded there too).
func (w *walker) noteTouched(call *Call) {
	var ops []int
	switch call.Name {
	case "touch":
		_, ops = ScanOptions(call.Args, touchSpec)
	case "truncate":
		_, ops = ScanOptions(call.Args, OptSpec{ShortVal: "rs", LongEq: true, Abbrev: true, LongVal: []string{"reference", "size"}})
	case "mkdir":
		_, ops = ScanOptions(call.Args, mkdirSpec)
	case "rm", "rmdir", "unlink", "mv":
		_, ops = ScanOptions(call.Args, OptSpec{ShortVal: "tS", LongEq: true, LongVal: []string{"target-directory", "suffix", "backup"}})
	case "cp", "install", "ln":
		// The destination: the last operand (or a file in it); -t DIR
		// is followed by noteCopy's writes.
		_, all := ScanOptions(call.Args, OptSpec{ShortVal: "tSmogZ", LongEq: true, LongVal: []string{"target-directory", "suffix", "backup", "mode", "owner", "group", "context", "reflink", "sparse", "preserve", "no-preserve"}})
		if len(all) > 1 {
			ops = all[len(all)-1:]
		}
	case "ar":
		w.noteArExtract(call)
		return
	default:
		w.noteExtract(call) // tar -x, unzip (extracted.go)
		return
	}
	for _, i := range ops {
		w.markTouchedArg(call.Dir, call.Args[i])
	}
}

// noteArExtract records the files ar x ARCHIVE [MEMBER…] writes in the
// working directory: the members named, or every member of the archive
// on disk (its headers read, GNU long names too). An operation, an
// archive or a member only run time knows, an archive this command
// wrote or corral cannot read, or ar's --output DIR make any file one
// that may have changed.
func (w *walker) noteArExtract(call *Call) {
	var words []Arg
	for _, a := range call.Args {
		if !a.Static {
			w.touchedAny = true
			return
		}
		if strings.HasPrefix(a.Value, "--") {
			if strings.HasPrefix(a.Value, "--output") {
				w.touchedAny = true
				return
			}
			continue // --plugin and the like: not an operand here
		}
		words = append(words, a)
	}
	if len(words) < 2 || !strings.Contains(strings.TrimPrefix(words[0].Value, "-"), "x") {
		return
	}
	if len(words) > 2 {
		for _, m := range words[2:] {
			w.markTouchedArg(call.Dir, m)
		}
		return
	}
	d := call.Dir.Join(words[1].Value)
	text, ok := w.readScript(d)
	if !ok {
		w.touchedAny = true
		return
	}
	names, ok := arMembers(text)
	if !ok {
		w.touchedAny = true
		return
	}
	for _, n := range names {
		w.markTouched(call.Dir.Join(n), true)
	}
}

// arMembers lists the member names of an ar archive (the common format:
// !<arch>, 60-byte headers; GNU's / and /SYM64/ symbol tables skipped,
// // its long names, /N a name there, a trailing / dropped).
func arMembers(text string) ([]string, bool) {
	const magic = "!<arch>\n"
	if !strings.HasPrefix(text, magic) {
		return nil, false
	}
	var names []string
	long := ""
	for pos := len(magic); pos < len(text); {
		if pos+60 > len(text) || len(names) >= maxTouched {
			return nil, false
		}
		name := strings.TrimRight(text[pos:pos+16], " ")
		size, err := strconv.Atoi(strings.TrimSpace(text[pos+48 : pos+58]))
		if err != nil || size < 0 || pos+60+size > len(text) {
			return nil, false
		}
		data := text[pos+60 : pos+60+size]
		switch {
		case name == "/" || name == "/SYM64/" || name == "__.SYMDEF" || name == "__.SYMDEF SORTED":
		case name == "//":
			long = data
		case strings.HasPrefix(name, "#1/"):
			return nil, false // BSD long names: the name is inside the data
		case strings.HasPrefix(name, "/"):
			off, err := strconv.Atoi(name[1:])
			if err != nil || off < 0 || off >= len(long) {
				return nil, false
			}
			n, _, _ := strings.Cut(long[off:], "/\n")
			names = append(names, n)
		default:
			names = append(names, strings.TrimSuffix(name, "/"))
		}
		pos += 60 + size + size%2
	}
	return names, true
}

// markTouchedArg records the file a word names in dir: each value a
// variable that different paths set may give it (F=Makefile; touch
// "$F"), and, for a name only run time knows, any file.
func (w *walker) markTouchedArg(dir Dir, a Arg) {
	if a.Static {
		w.markTouched(dir.Join(a.Value), true)
		return
	}
	if a.OneOf && len(a.Candidates()) > 0 {
		for _, c := range a.Candidates() {
			w.markTouched(dir.Join(c), true)
		}
		return
	}
	w.touchedAny = true
}

// markTouched records d as changed by this command (a name only run
// time knows is not followed).
func (w *walker) markTouched(d Dir, static bool) {
	if !static || !d.Known {
		if static {
			w.touchedAny = true // a file in a directory only run time knows
		}
		return
	}
	if w.touched == nil {
		w.touched = map[string]bool{}
	}
	if len(w.touched) < maxTouched {
		w.touched[d.Path] = true
	}
}

// maxTouched bounds the files recorded.
const maxTouched = 4096

// changedHere reports whether this command may have made, changed or
// removed the file at path before now.
func (w *walker) changedHere(path string) bool {
	if w.touchedAny || w.touched[path] || w.opaque[path] {
		return true
	}
	_, ok := w.written[path]
	return ok
}

// addedText returns what the file at path holds once add is appended to
// it (>>, &>>, tee -a), or, with over, written over its start (<>, which
// opens the file without truncating it): the text this command wrote
// there before, else the file on disk, else (no such file) nothing. A
// recipe line appended to a Makefile continues its last rule, a line
// appended to a script runs after the script's own. ok is false when
// what the file holds is not known: written earlier in this command with
// content only known at run time, or on disk but not readable as a
// script (too large, not a regular file); the caller then takes the file
// as written with unknown content. Without a reader the disk is not
// looked at and the file is taken to be empty.
func (w *walker) addedText(path, add string, over bool) (string, bool) {
	old, ok := w.written[path]
	switch {
	case ok:
	case w.opaque[path]:
		return "", false
	case w.read == nil:
	default:
		text, err := w.read(path)
		if err != nil {
			if _, lerr := os.Lstat(path); errors.Is(lerr, fs.ErrNotExist) {
				break // no file yet: it holds what is added
			}
			return "", false
		}
		if w.files += len(text); w.files > MaxScriptBytes {
			if w.m != nil {
				w.m.Truncated = true
			}
			return "", false
		}
		old = text
	}
	if over {
		if len(add) < len(old) {
			return add + old[len(add):], true
		}
		return add, true
	}
	return old + add, true
}
