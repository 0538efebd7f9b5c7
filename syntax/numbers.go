package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Programs whose output is a number whatever their input holds. A value
// such a program printed (n=$(nproc), count=$(wc -l < f)) is digits and
// blanks when bash evaluates it as arithmetic or as a name: nothing in it
// can run. Any other program's output that corral cannot read is text a
// program chose, and a[$(cmd)] in it runs cmd (see progvalues.go).

// numberPrinter decides, from a call's words, whether its output is a
// number (or numbers and blanks, never a name or a subscript).
type numberPrinter func(call *Call) bool

// numberPrinters is the table of such programs, by name.
var numberPrinters = lazy.Value[map[string]numberPrinter]{New: func() map[string]numberPrinter {
	return map[string]numberPrinter{
		// wc prints counts and the names of its static file operands.
		"wc": staticCounts,
		// grep -c / --count: counts (and static file names).
		"grep":  countOption,
		"egrep": countOption,
		"fgrep": countOption,
		// nproc: the number of processors.
		"nproc": func(*Call) bool { return true },
		// date +FORMAT: a format with no text that could be a subscript.
		"date": dateNumber,
		// git rev-list --count REVS: one count, whatever REVS is.
		"git": func(call *Call) bool {
			return len(call.Args) > 0 && call.Args[0].Static && call.Args[0].Value == "rev-list" && hasStaticArg(call, "--count")
		},
		// stat -c/--format/--printf of numeric fields only (%s size,
		// %Y mtime, …): no name is printed.
		"stat": statNumber,
		// expr A OP B of an arithmetic operator: an integer (or an
		// error on stderr).
		"expr": func(call *Call) bool {
			return len(call.Args) == 3 && call.Args[1].Static && strings.Contains("+-*/%", call.Args[1].Value) && len(call.Args[1].Value) == 1
		},
		// id -u / -g: a user or group number.
		"id": func(call *Call) bool {
			for _, a := range call.Args {
				if a.Static && (a.Value == "-u" || a.Value == "-g" || a.Value == "-ru" || a.Value == "-rg") {
					return true
				}
			}
			return false
		},
		// seq [-w] FIRST [INCR] LAST: numbers, one a line (an operand
		// that is no number is an error on stderr); -f, -s and -t put
		// text of their own in the output.
		"seq": seqNumbers,
		// tput cols / lines / colors: a number.
		"tput": func(call *Call) bool {
			return len(call.Args) == 1 && call.Args[0].Static && (call.Args[0].Value == "cols" || call.Args[0].Value == "lines" || call.Args[0].Value == "colors")
		},
	}
}}

// printsNumber reports a call whose output is a count or a number
// whatever its input holds (the numberPrinters table). The file names
// wc and grep print beside a count are their static words; names found
// on disk or read from a file (-r, --files0-from) are not.
func printsNumber(call *Call) bool {
	if len(call.Wrappers) > 0 || !call.NameArg.Static {
		return false
	}
	p, ok := numberPrinters.Get()[call.Name]
	return ok && p(call)
}

func hasStaticArg(call *Call, v string) bool {
	for _, a := range call.Args {
		if a.Static && a.Value == v {
			return true
		}
	}
	return false
}

// staticCounts: wc with only static words, none reading names from a
// file or finding them on disk.
func staticCounts(call *Call) bool {
	for _, a := range call.Args {
		if !a.Static || a.Glob || strings.HasPrefix(a.Value, "--files0-from") {
			return false
		}
	}
	return true
}

// countOption: grep -c / --count with only static words, no recursion.
func countOption(call *Call) bool {
	count := false
	for _, a := range call.Args {
		if !a.Static || a.Glob {
			return false
		}
		switch {
		case a.Value == "--count":
			count = true
		case strings.HasPrefix(a.Value, "--recursive") || strings.HasPrefix(a.Value, "--dereference-recursive") || strings.HasPrefix(a.Value, "--directories") || strings.HasPrefix(a.Value, "--files0-from"):
			return false
		case len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsAny(a.Value, "rRd"):
			return false
		case len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.Contains(a.Value, "c"):
			count = true
		}
	}
	return count
}

// dateNumber: date whose +FORMAT is static and holds nothing a
// subscript or a name needs; without one, date prints its default text
// (letters: a name bash would evaluate, but never a subscript).
func dateNumber(call *Call) bool {
	for _, a := range call.Args {
		if strings.HasPrefix(a.Value, "+") && (!a.Static || strings.ContainsAny(a.Value, "[$`")) {
			return false
		}
	}
	return true
}

// statNumber: stat -c FMT / --format=FMT / --printf=FMT whose fields are
// numbers only.
func statNumber(call *Call) bool {
	format := ""
	for i, a := range call.Args {
		switch {
		case a.Static && (a.Value == "-c" || a.Value == "--format" || a.Value == "--printf") && i+1 < len(call.Args):
			if !call.Args[i+1].Static {
				return false
			}
			format = call.Args[i+1].Value
		case a.Static && (strings.HasPrefix(a.Value, "--format=") || strings.HasPrefix(a.Value, "--printf=")):
			_, format, _ = strings.Cut(a.Value, "=")
		case a.Static && strings.HasPrefix(a.Value, "-c") && len(a.Value) > 2:
			format = a.Value[2:]
		}
	}
	if format == "" {
		return false
	}
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case ch == '%' && i+1 < len(format):
			i++
			if !strings.ContainsRune("sbBfhigtTuXYZWxyzwoD%", rune(format[i])) || strings.ContainsRune("xyzw", rune(format[i])) {
				// %x/%y/%z/%w are dates in words; %n %N names.
				return false
			}
		case ch == '\\' || ch >= '0' && ch <= '9' || ch == ' ' || ch == '\t' || ch == '\n' || ch == ':' || ch == '.' || ch == ',' || ch == '-' || ch == '+':
		default:
			return false
		}
	}
	return true
}

// seqNumbers reports a seq call that prints numbers only: no option but
// -w/--equal-width among its static words (a negative number is an
// operand). Operands only known at run time are numbers or an error.
func seqNumbers(call *Call) bool {
	for _, a := range call.Args {
		if !a.Static || !strings.HasPrefix(a.Value, "-") || len(a.Value) == 1 {
			continue
		}
		if a.Value == "-w" || a.Value == "--equal-width" || a.Value == "--" {
			continue
		}
		if strings.Trim(a.Value[1:], "0123456789.") == "" {
			continue // -5, -1.5: a negative operand
		}
		return false
	}
	return true
}
