package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A name a program computes (red team 19 PI2's limit). corral judges what
// a command substitution prints by the tokens of its own text
// (substmentions.go), which bounds what a program that only prints its
// input can print. Program code is not bounded so: print("/h/.ba" +
// "shrc"), process.env.HOME + "/.bashrc", a decoder's output, a shell's
// ${a}shrc, or static text passed through a filter corral does not
// compute (echo ~/.bashrx | sed s/x$/c/) make a name that is in no token.
// Such a substitution given unquoted to a deleter or writer is not the
// list of files a listing found (find, ls, git ls-files, cat LIST): it
// is a path the program computed, as one in double quotes is.

// ComputesText reports that call, a command of a command substitution,
// computes the text it prints rather than printing names a listing or a
// file gives: an interpreter running program code or a script, a shell,
// a decoder, or a filter (any program but a lister or a reader of files)
// whose input is static text the command gives (echo or printf of static
// words, a static here-string or here-document). It returns the program,
// for people.
func ComputesText(call *Call) (string, bool) {
	if call == nil || call.Name == "" {
		return "", false
	}
	if _, runs := interpreterProgram(call); runs {
		return call.Name, true
	}
	if IsShell(call.Name) || call.Name == "eval" {
		return call.Name, true
	}
	if IsEncoder(call.Name) {
		// Not echo, printf, tr, od or rev: a listing's names pass
		// through them (ls | tr '\n' ' ', echo $(ls)).
		return call.Name, true
	}
	if staticSource(call) || awkOwnText(call) {
		return call.Name, true
	}
	return "", false
}

// textCoders are programs other than awk whose first operand is a
// program that computes text (jq '.a + .b'): with no input, what they
// print is what the program makes.
var textCoders = lazy.Set{List: []string{"jq", "gojq", "jaq", "yq"}}

// awkOwnText reports an awk program (or a jq-like one, textCoders) given
// no input file and no pipe or file on its standard input (awk 'BEGIN {
// print ENVIRON["HOME"] "/.bashrc" }', jq -n '"/h/.ba" + "shrc"'): what
// it prints is what its code computes, not fields of a listing (git
// status | awk '{print $2}', awk '{print $1}' LIST, jq -r .f[] m.json).
func awkOwnText(call *Call) bool {
	if !awkNames.Has(call.Name) && !textCoders.Has(call.Name) || call.PipeIndex > 0 || call.Fd(0).Kind != StreamInherited {
		return false
	}
	if awkNames.Has(call.Name) {
		prog, ok := AwkProgram(call)
		if !ok {
			return false
		}
		// gawk --help: -f, -v, -F, -e, -E, -i, -l take a value.
		_, operands := ScanOptions(call.Args, OptSpec{ShortVal: "fvFeEil", LongEq: true,
			LongVal: []string{"file", "assign", "field-separator", "source", "exec", "include", "load"}})
		for _, k := range operands {
			if a := call.Args[k]; a.Start != prog.Start && !strings.Contains(a.Raw, "=") {
				return false // an input file
			}
		}
		return true
	}
	// jq --arg NAME VALUE takes two words: the scanner reads the second
	// as an operand, an input file, and the call passes.
	_, operands := ScanOptions(call.Args, OptSpec{ShortVal: "L", LongVal: []string{"arg", "argjson", "slurpfile", "rawfile", "indent"}})
	return len(operands) == 1
}

// IsEncoder reports a program that decodes its input into other bytes
// (base64, xxd, openssl, gunzip, …), other than the printers echo,
// printf, tr, od and rev, through which a listing's or a handed name
// passes (ls f | rev | cut -c8- | rev; rev of static text is computed or
// staticSource's).
func IsEncoder(name string) bool {
	switch name {
	case "echo", "printf", "tr", "od", "rev":
		return false
	}
	return encoders.Get()[name]
}

// staticSource reports a filter whose input is static text the command
// gives: a stage after echo or printf of static words, or a here-string
// or here-document with no run-time part. (A computed filter of such text
// makes the substitution known, so only filters corral does not compute
// reach here.)
func staticSource(call *Call) bool {
	if call.Name == "echo" || call.Name == "printf" {
		return false
	}
	if call.Pipe != nil && call.PipeIndex > 0 {
		first := call.Pipe.Stage(0)
		if first == nil || first.Name != "echo" && first.Name != "printf" || len(first.Args) == 0 {
			return false
		}
		for _, a := range first.Args {
			if !a.Static {
				return false
			}
		}
		return true
	}
	for _, r := range call.Redirs {
		if r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<" && r.Target.Static {
			return true
		}
	}
	return false
}
