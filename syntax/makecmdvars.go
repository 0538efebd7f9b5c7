package syntax

import (
	"strings"
)

// Variable definitions on make's command line, and in MAKEFLAGS and
// GNUMAKEFLAGS (red team 14 MK1). GNU make reads each word that is not an
// option as a line of Makefile text first (main.c:
// handle_non_switch_argument, try_variable_definition with origin
// "command line"): a word that parses as an assignment is one, with any of
// make's operators, and is made before any makefile is read, even with -n,
// -q, -v or -h:
//
//   - X!=CMD runs CMD with the shell at once (make 4.3 with a canary:
//     make -v 'X!=touch f' makes f);
//   - X:=TEXT (::=, :::=) expands TEXT at once: its $(shell CMD) runs and
//     its $(file >F,TEXT) writes F;
//   - X=TEXT, X?=TEXT, X+=TEXT are recursive, and make exports
//     command-line variables to every recipe's environment, so TEXT is
//     expanded (its $(shell …) run) whenever a recipe runs, used or not;
//   - a name holding a reference is expanded too ('$(shell CMD)=1' runs
//     CMD);
//   - SHELL and .SHELLFLAGS set so are the program and options every
//     recipe line runs with: $(SHELL) $(.SHELLFLAGS) 'LINE', read as that
//     command (SHELL=/usr/bin/perl .SHELLFLAGS=-eCODE runs CODE).
//
// The command line wins over the makefile's own assignments (override
// aside): the makefile's are still read for what expanding them runs.
// make reads GNUMAKEFLAGS, then MAKEFLAGS, then its arguments, a later
// definition of a name replacing an earlier one.

// makeCmdVar is one variable definition of make's command line, or (op
// "flags") the whole value of MAKEFLAGS or GNUMAKEFLAGS: make expands
// that value as make text before it splits it into words (a
// $(shell CMD) in it runs; $$ there is a dollar of the words), and its
// definitions are made from the expanded words.
type makeCmdVar struct {
	name, op, value string
	static          bool   // the word is known at hook time
	from            string // "command line", "MAKEFLAGS" or "GNUMAKEFLAGS"
	raw             string // the word as written, for messages
}

// makeCmdAssign reads a word of make's command line as make does: an
// assignment when it parses as one (any of make's operators); a word with
// a comment character before the operator, or a name with blanks, is not
// (it is a target).
func makeCmdAssign(word string) (name, op, value string, ok bool) {
	if word == "" || word[0] == '-' {
		return "", "", "", false
	}
	name, op, value, ok = makeSplitAssign(word)
	if !ok || strings.Contains(name, "#") {
		return "", "", "", false
	}
	return name, op, value, true
}

// makeCmdVarArgs returns the command-line variable definitions of a make
// call's operands (words at skip are values of options) and its goals.
func makeCmdVarArgs(args []Arg, operands []int, skip map[int]bool) (vars []makeCmdVar, targets []string) {
	for _, i := range operands {
		if skip[i] {
			continue
		}
		a := args[i]
		if name, op, val, ok := makeCmdAssign(a.Value); ok {
			vars = append(vars, makeCmdVar{name: name, op: op, value: val, static: a.Static, from: "command line", raw: a.Raw})
			continue
		}
		targets = append(targets, a.Value)
	}
	return vars, targets
}

// makeFlagsVars returns the variable definitions among the words of a
// MAKEFLAGS or GNUMAKEFLAGS value (after the options; make writes them
// after "--"), as they read before make expands the value.
func makeFlagsVars(v, from string, static bool) []makeCmdVar {
	var out []makeCmdVar
	for _, word := range makeFlagsWords(v) {
		if name, op, val, ok := makeCmdAssign(word); ok {
			out = append(out, makeCmdVar{name: name, op: op, value: val, static: static, from: from, raw: from})
		}
	}
	return out
}

// makeCmdDefs returns the definitions of vars with each MAKEFLAGS value
// split into its own, as they read before make expands the value.
func makeCmdDefs(vars []makeCmdVar) []makeCmdVar {
	var out []makeCmdVar
	for _, v := range vars {
		if v.op == "flags" {
			out = append(out, makeFlagsVars(v.value, v.from, v.static)...)
		} else {
			out = append(out, v)
		}
	}
	return out
}

// makeCmdOverrides returns the value each command-line variable ends
// with, as a word (the last definition of a name wins): what the
// built-in rules and MAKEFILES read. A value computed by the shell (!=)
// is only known at run time.
func makeCmdOverrides(vars []makeCmdVar) map[string]Arg {
	out := map[string]Arg{}
	for _, v := range makeCmdDefs(vars) {
		a := Arg{Value: v.value, Raw: v.raw, Static: v.static}
		switch v.op {
		case "!=":
			a = Arg{Raw: v.raw}
		case "+=":
			if old, ok := out[v.name]; ok {
				a.Value = makeJoin(old.Value, v.value)
				a.Static = a.Static && old.Static
			}
		case "?=":
			if _, ok := out[v.name]; ok {
				continue
			}
		}
		out[v.name] = a
	}
	return out
}

// makeCmdHidden reports the command-line definitions whose effect only
// run time knows: a shell assignment (X!=…) of a word not known at hook
// time runs a command corral cannot read.
func (w *walker) makeCmdHidden(call *Call, vars []makeCmdVar) {
	for _, v := range makeCmdDefs(vars) {
		if v.op == "!=" && !v.static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v.raw,
				What: "make runs the shell command of " + clip(v.name+v.op+v.value, 40) + " (" + v.from + "), only known at run time"})
		}
	}
}

// commandLine makes the command-line variables as make does before it
// reads any makefile: each definition is a makefile line of its own, so
// := expands at once and != runs its command (the actions go to the
// plan), and the variable keeps the "command line" origin that wins over
// the makefile's assignments. A recursive value's $(shell …) and
// $(file …) are judged now: make exports the variable to every recipe,
// expanding it there.
func (e *makeEval) commandLine() {
	for _, cv := range e.opts.cmdVars {
		if cv.op == "flags" {
			if !cv.static {
				continue
			}
			// MAKEFLAGS='$(shell CMD)' runs CMD (make 4.3 with a
			// canary); the definitions are those of the words the
			// expansion gives.
			for _, v := range e.expandAll(cv.value, &makeCtx{where: cv.from}) {
				if v.unres {
					continue
				}
				text := strings.ReplaceAll(v.text, "$$", "$")
				for _, d := range makeFlagsVars(text, cv.from, true) {
					e.cmdAssign(d)
				}
			}
			continue
		}
		e.cmdAssign(cv)
	}
}

// cmdAssign makes one command-line variable definition.
func (e *makeEval) cmdAssign(cv makeCmdVar) {
	name := cv.name
	if strings.Contains(name, "$") {
		name = strings.ReplaceAll(e.expandName(name, cv.from), "$$", "$")
	}
	if name == "" {
		return
	}
	if !cv.static {
		// A word only run time knows (make X="$V"): its value is
		// left to the recipes that use it.
		e.vars[name] = &makeVar{vals: []makeVal{{text: cv.value, recursive: true, unres: true}}, origin: "command line"}
		return
	}
	// As an override assignment: the command line's own earlier
	// definition is replaced (or appended to), and make -e does not
	// put the environment's value first.
	e.assign(name, cv.op, cv.value, true, cv.from)
	if v := e.vars[name]; v != nil {
		v.origin = "command line"
	}
}
