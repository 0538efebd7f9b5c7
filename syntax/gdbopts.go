package syntax

import (
	"slices"
	"strings"
)

// gdb reads its options with getopt_long_only and no short ones: every
// option, one letter or many, is a long option, written with one dash or
// two, its value after "=" or in the next word, and any unambiguous
// prefix of a name stands for it (gdb --eval 'shell …', -eval-comm=…,
// -init-eval …, all run their text). gdbSpec is gdb 13's option table
// (gdb/main.c captured_main_1's long_options); Resolve gives a prefix's
// option, or each candidate of an ambiguous one (a gdb with fewer
// options would take it).
var gdbSpec = OptSpec{Abbrev: true, LongEq: true,
	LongVal: []string{"annotate", "se", "symbols", "s", "exec", "e", "core", "c", "pid", "p", "command", "x",
		"eval-command", "ex", "init-command", "ix", "init-eval-command", "iex", "early-init-command", "eix",
		"early-init-eval-command", "eiex", "ui", "interpreter", "i", "directory", "d", "data-directory", "D",
		"cd", "tty", "baud", "b", "l"},
	LongFlag: []string{"tui", "dbx", "readnow", "readnever", "r", "quiet", "q", "silent", "nh", "nx", "n",
		"batch-silent", "batch", "help", "h", "version", "configuration", "statistics", "write", "args",
		"nowindows", "nw", "windows", "w", "f", "fullname", "return-child-result", "epoch"}}

// gdbCodeOptions are gdb's options whose value is commands (text) or a
// file of commands (file).
var (
	gdbTextOptions = []string{"eval-command", "ex", "init-eval-command", "iex", "early-init-eval-command", "eiex"}
	gdbFileOptions = []string{"command", "x", "init-command", "ix", "early-init-command", "eix"}
)

// gdbOption reads the word w as gdb does: ok reports an option; code is
// "text" or "file" for one whose value is gdb commands, "args" for
// --args (the program and its arguments follow), "value" for another
// that takes a value, "" for a flag; val and has are the value after "=".
func gdbOption(w string) (code, val string, has, ok bool) {
	if !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
		return "", "", false, false
	}
	name := strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-")
	name, val, has = strings.Cut(name, "=")
	res, cands := gdbSpec.Resolve(name)
	if cands == nil {
		cands = []string{res}
	}
	takes := false
	for _, n := range cands {
		switch {
		case slices.Contains(gdbTextOptions, n):
			return "text", val, has, true
		case slices.Contains(gdbFileOptions, n):
			code = "file"
		case n == "args" && len(cands) == 1:
			return "args", "", false, true
		case slices.Contains(gdbSpec.LongVal, n):
			takes = true
		}
	}
	if code == "" && takes {
		code = "value"
	}
	return code, val, has, true
}

// gdbNoInit reports whether the word is gdb's -nx (-n, --nx): no
// .gdbinit is read, the home's nor the working directory's.
func gdbNoInit(w string) bool {
	if !strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
		return false
	}
	res, cands := gdbSpec.Resolve(strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-"))
	return cands == nil && (res == "nx" || res == "n")
}
