package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// NameChoice is a command name only known at run time whose values form a
// bounded set: a parameter with a default or an alternative
// ("${G:-git}", ${RM:-rm}), a variable that different paths gave
// different values (c=rm; [ -n "$x" ] && c=ls; $c). (A substitution whose
// output corral computes, $(echo rm), is static already.) The call is
// then recorded
// once per value (a reading), each with Choice set, so that every rule
// judges each reading as the command it names and the worst verdict wins.
type NameChoice struct {
	// Word is the name word as the script holds it.
	Word Arg
	// Values are the values the word takes, one per reading, in the order
	// the readings are recorded.
	Values []string
	// Complete reports that Values are every value the word can take.
	// When it is false the call is also recorded as written, with the
	// name unknown (Name ""), as every run-time name is.
	Complete bool
}

// reading is one way a call with a NameChoice runs: the words bash runs
// when the name word takes value.
type reading struct {
	value string
	args  []Arg
}

// nameReadings returns the readings of a call whose name word (the first
// of inv.words) is a dynamic word with a bounded set of values, or nil.
// args are every word of the call, wrappers included, and inv what
// unwrap made of them.
func nameReadings(args []Arg, inv invocation) (*NameChoice, []reading) {
	if len(inv.words) == 0 || inv.words[0].Static || inv.words[0].Word == nil || inv.words[0].Split {
		return nil, nil
	}
	name := inv.words[0]
	at := -1
	for i := range args {
		if args[i].Word == name.Word && args[i].Start == name.Start && !args[i].Static {
			at = i
			break
		}
	}
	if at < 0 {
		return nil, nil
	}
	choice := &NameChoice{Word: name}
	var values [][]Arg
	if !name.OneOf && (len(name.Candidates()) == 0 || !hasDefault(name.Word)) {
		return nil, nil
	}
	choice.Complete = name.OneOf
	split := unquotedExpansion(name.Word)
	for _, v := range name.Candidates() {
		if v == "" && !name.OneOf {
			// An empty value guessed for an unknown variable is not one
			// the script gives: it is the unknown reading's.
			continue
		}
		choice.Values = append(choice.Values, v)
		values = append(values, valueFields(name, v, split))
	}
	if len(values) == 0 {
		return nil, nil
	}
	out := make([]reading, 0, len(values))
	for i, fields := range values {
		words := make([]Arg, 0, len(args)-1+len(fields))
		words = append(words, args[:at]...)
		words = append(words, fields...)
		words = append(words, args[at+1:]...)
		out = append(out, reading{value: choice.Values[i], args: words})
	}
	return choice, out
}

// valueFields returns the fields a name word gives when it has value v:
// one static word, or, when an unquoted expansion makes it, v split at
// blanks (none when v is blank: bash then runs the next word).
func valueFields(name Arg, v string, split bool) []Arg {
	field := func(s string) Arg {
		f := name
		f.Value, f.Static, f.OneOf = s, true, false
		f.Glob = name.Glob && strings.ContainsAny(s, "*?[")
		m := f.edit()
		m.candidates, m.unknown, m.pattern = nil, nil, ""
		if f.Glob {
			m.pattern = s
		}
		f.tidy()
		return f
	}
	if !split {
		return []Arg{field(v)}
	}
	pieces := strings.FieldsFunc(v, isIFS)
	out := make([]Arg, 0, len(pieces))
	for _, p := range pieces {
		f := field(p)
		f.Split = len(pieces) > 1
		out = append(out, f)
	}
	return out
}

// hasDefault reports whether a word holds a parameter expansion with a
// default or an alternative value (${x:-v}, ${x-v}, ${x:=v}, ${x=v},
// ${x:+v}, ${x+v}): the values it gives are then written in the script.
func hasDefault(w *sh.Word) bool {
	found := false
	walkTree(w, func(n sh.Node) bool {
		if p, ok := n.(*sh.ParamExp); ok && p.Exp != nil {
			switch p.Exp.Op {
			case sh.DefaultUnset, sh.DefaultUnsetOrNull, sh.AssignUnset, sh.AssignUnsetOrNull,
				sh.AlternateUnset, sh.AlternateUnsetOrNull:
				found = true
			}
		}
		return !found
	})
	return found
}

// unquotedExpansion reports whether a word holds an expansion outside
// double quotes, whose value bash splits into fields.
func unquotedExpansion(w *sh.Word) bool {
	for _, p := range w.Parts {
		switch p.(type) {
		case *sh.ParamExp, *sh.CmdSubst, *sh.ArithmExp:
			return true
		}
	}
	return false
}

// callReadings walks a call whose name has a bounded set of values: the
// call as written (when the set may not be complete) and each reading,
// each from a copy of the state; afterwards the state is what every
// reading agrees on.
func (w *walker) callReadings(c scope, s *sh.Stmt, ce *sh.CallExpr, st *state, args []Arg, inv invocation, choice *NameChoice, readings []reading) {
	var out *state
	add := func(b *state) {
		if out == nil {
			out = b
			return
		}
		out.merge(b)
	}
	// The pipeline stage holds the first call walked: the call as
	// written when the set may not be complete, else the first reading.
	stage := true
	if !choice.Complete {
		b := st.clone()
		w.callAs(c, s, ce, b, args, inv, nil, stage)
		stage = false
		add(b)
	}
	for _, rd := range readings {
		b := st.clone()
		w.callAs(c, s, ce, b, rd.args, unwrap(rd.args, st.dir), choice, stage)
		stage = false
		add(b)
	}
	*st = *out
	w.cur = st
}
