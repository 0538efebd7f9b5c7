package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// MaxLoopValues bounds how many values LoopValues returns.
const MaxLoopValues = 64

// LoopValues returns the values word a of call c takes when its only
// run-time parts are variables of enclosing for loops whose items are all
// static: in "for d in / /etc; do rm -rf "$d"; done" the word "$d" is "/"
// and then "/etc". An item that is a glob (for f in /*) gives a value
// marked Glob. ok is false when a is static, or when some run-time part is
// not such a loop variable; home resolves ~ in the items.
func LoopValues(c *Call, a Arg, home string) (vals []Arg, ok bool) {
	if a.Static || a.Word == nil || !c.Loop || c.Script == nil || c.Script.File == nil || c.Stmt == nil {
		return nil, false
	}
	// The for loops around the call, outermost first.
	var loops []*sh.WordIter
	pos := c.Stmt.Pos().Offset()
	for _, fc := range c.Script.forClauses() {
		if wi, isIter := fc.Loop.(*sh.WordIter); isIter && fc.DoPos.Offset() <= pos && pos < fc.DonePos.Offset() {
			loops = append(loops, wi)
		}
	}
	if len(loops) == 0 {
		return nil, false
	}
	r := &resolver{src: c.Script.Src, dir: c.Dir, st: newState(c.Dir, home)}
	// Each combination of the loops' items, the innermost loop varying
	// fastest; a later loop with the same name shadows an earlier one.
	combos := []map[string]string{{}}
	globVars := map[string]bool{}
	for _, wi := range loops {
		if wi.Name == nil || !wi.InPos.IsValid() {
			return nil, false // "for x; do" iterates over "$@"
		}
		var items []Arg
		for _, w := range wi.Items {
			for _, it := range r.fields(w) {
				if !it.Static {
					return nil, false
				}
				items = append(items, it)
			}
		}
		delete(globVars, wi.Name.Value)
		var next []map[string]string
		for _, b := range combos {
			for _, it := range items {
				vars := make(map[string]string, len(b)+1)
				for k, v := range b {
					vars[k] = v
				}
				vars[wi.Name.Value] = it.Value
				if it.Glob {
					globVars[wi.Name.Value] = true
				}
				next = append(next, vars)
				if len(next) > MaxLoopValues {
					return nil, false
				}
			}
		}
		combos = next
	}
	// A value from a glob item is itself a glob: "$f" of "for f in /*".
	glob := false
	walkTree(a.Word, func(n sh.Node) bool {
		if pe, isParam := n.(*sh.ParamExp); isParam && pe.Param != nil && globVars[pe.Param.Value] {
			glob = true
		}
		return true
	})
	for _, vars := range combos {
		st := newState(c.Dir, home)
		for k, v := range vars {
			st.assign(k, v)
		}
		r.st = st
		v := r.arg(a.Word)
		if !v.Static {
			return nil, false
		}
		v.Glob = v.Glob || glob && strings.ContainsAny(v.Value, "*?[")
		vals = append(vals, v)
	}
	return vals, true
}

// forClauses returns the for loops of the script's file, outermost
// first as a walk meets them, found once per script (a command of many
// loops asks LoopValues once per call in them).
func (s *Script) forClauses() []*sh.ForClause {
	if s.fors != nil {
		return *s.fors
	}
	fors := []*sh.ForClause{}
	walkTree(s.File, func(n sh.Node) bool {
		if fc, ok := n.(*sh.ForClause); ok {
			fors = append(fors, fc)
		}
		return true
	})
	s.fors = &fors
	return fors
}
