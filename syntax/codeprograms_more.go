package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// m4Program reads the input an m4 call expands (m4(1)): its file operands
// ("-" and no operand: standard input), where syscmd and esyscmd run
// shell text. -D/-U/-I/-d/-o/-t/-F/-R/-l take a value.
func (w *walker) m4Program(c scope, call *Call) {
	_, operands := ScanOptions(call.Args, OptSpec{ShortVal: "DUIotFRlL", ShortOpt: "d", LongEq: true, Abbrev: true,
		LongVal:  []string{"define", "undefine", "include", "debugfile", "trace", "freeze-state", "reload-state", "arglength", "nesting-limit", "word-regexp"},
		LongFlag: []string{"prefix-builtins", "synclines", "fatal-warnings", "quiet", "silent", "traditional", "gnu", "interactive", "help", "version", "debug"}})
	stdin := len(operands) == 0
	var pieces []codePiece
	for _, k := range operands {
		if a := call.Args[k]; a.Static && a.Value == "-" {
			stdin = true
			continue
		}
		pieces = append(pieces, codePiece{file: &call.Args[k]})
	}
	w.runPieces(c, call, lang.M4, call.Name, pieces)
	if stdin {
		for _, in := range w.codeOnStdin(c, call) {
			w.program(c, call, lang.M4, in.text, call.Name+" ("+in.kind+" on stdin)", in.dynamic, "")
		}
	}
}

// ghcProgram reads the expressions ghc -e EXPR evaluates (GHC's user
// guide: expression evaluation mode); ghc compiles its other operands
// without running them.
func (w *walker) ghcProgram(c scope, call *Call) {
	pieces := optionPieces(call.Args, []string{"-e"}, nil, "")
	w.runPieces(c, call, lang.Haskell, call.Name+" -e", pieces)
}

// cmakeCommandMode reads the tools of cmake -E that run a command
// (cmake(1), Run a Command-Line Tool): chdir DIR CMD ARG… runs CMD in DIR,
// env [--unset=VAR] [--modify …] [NAME=VALUE]… [--] CMD ARG… and time CMD
// ARG… run it. The command is judged as typed (in DIR: cd DIR && CMD).
func (w *walker) cmakeCommandMode(c scope, call *Call, args []Arg) {
	raw := func(as []Arg) string {
		parts := make([]string, len(as))
		for k, a := range as {
			parts[k] = a.Raw
			if a.Raw == "" {
				parts[k] = Quote(a.Value)
			}
		}
		return strings.Join(parts, " ")
	}
	dynamic := false
	for _, a := range args {
		dynamic = dynamic || !a.Static
	}
	var text string
	switch tool, rest := args[0].Value, args[1:]; {
	case tool == "chdir" && len(rest) >= 2:
		text = "cd -- " + raw(rest[:1]) + " && " + raw(rest[1:])
	case tool == "time" && len(rest) >= 1:
		text = raw(rest)
	case tool == "env":
		k := 0
		for k < len(rest) && (strings.HasPrefix(rest[k].Value, "--unset=") || strings.HasPrefix(rest[k].Value, "--modify") ||
			strings.Contains(rest[k].Value, "=") && !strings.HasPrefix(rest[k].Value, "-")) {
			if rest[k].Value == "--modify" {
				k++
			}
			k++
		}
		if k < len(rest) && rest[k].Value == "--" {
			k++
		}
		if k < len(rest) {
			text = raw(rest[k:])
		}
	}
	if text == "" {
		return
	}
	w.child(c, call, text, nil, "cmake -E "+args[0].Value, dynamic)
}

// cmakeScript reads the script cmake -P FILE runs (cmake(1): the options
// before -P, -D VAR=VALUE, set its variables; the words after it are the
// script's arguments).
func (w *walker) cmakeScript(c scope, call *Call) {
	args := call.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-D" || v == "-U" || v == "-C":
			i++
		case v == "-P" && i+1 < len(args):
			w.runPieces(c, call, lang.CMake, call.Name+" -P", []codePiece{{file: &args[i+1]}})
			return
		case v == "-E" && i+1 < len(args):
			w.cmakeCommandMode(c, call, args[i+1:])
			return
		case v == "-E" || v == "--build" || v == "--install" || v == "--":
			return
		}
	}
}
