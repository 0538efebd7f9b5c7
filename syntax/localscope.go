package syntax

import "strconv"

// bash's dynamic scope of unset (localvar_unset off, the default): unset
// NAME inside a function finds the innermost visible NAME. When that is a
// local of the function running the unset, it stays, unset, and still
// shadows the caller's NAME. When it is a local of a caller (f(){ local
// d=/x; g; }; g(){ unset d; }), bash removes that local: the value it
// shadowed (the global, or a local further out) is visible again, in g
// and in f after g returns, and an assignment after it goes to that
// variable, which f's return no longer restores.
//
// The walker's frames record the value each local shadowed; which of
// them a path removed is state (a subshell's unset, or one on a path
// that may not run, removes nothing for the others): popMark.

// popMark records that a path removed the local of frame depth for a
// name: the frame's return must not restore the value it saved. maybe:
// only on some paths. resaved: a later local of the same frame (local
// d=/w after the unset) shadows saved, the value its return restores.
type popMark struct {
	maybe   bool
	resaved bool
	saved   variable
	// savedSet is false when resaved and the name was not set at all
	// (the return deletes it).
	savedSet bool
}

func popKey(depth int, name string) string {
	return strconv.Itoa(depth) + "\x00" + name
}

// localFrame returns the depth of the innermost frame in which name is a
// local this path has not removed, or -1.
func (w *walker) localFrame(name string, st *state) int {
	for i := len(w.frames) - 1; i >= 0; i-- {
		if _, ok := w.frames[i][name]; !ok {
			continue
		}
		if m, ok := st.popped[popKey(i, name)]; ok && !m.maybe && !m.resaved {
			continue
		}
		return i
	}
	return -1
}

// shadowedValue is the variable the local of frame depth shadows on this
// path, and whether there is one.
func (w *walker) shadowedValue(depth int, name string, st *state) (variable, bool) {
	if m, ok := st.popped[popKey(depth, name)]; ok && m.resaved {
		return m.saved, m.savedSet
	}
	if p := w.frames[depth][name]; p != nil {
		return *p, true
	}
	return variable{}, false
}

// unsetScoped applies unset NAME as bash does inside functions. It
// reports whether it did (false: NAME is no caller's local, and the
// unset removes the variable as at the top level).
func (w *walker) unsetScoped(name string, st *state) bool {
	depth := w.localFrame(name, st)
	top := len(w.frames) - 1
	if depth < 0 || depth == top {
		return false
	}
	key := popKey(depth, name)
	m, had := st.popped[key]
	v, ok := w.shadowedValue(depth, name, st)
	st.popped = cloneMap(st.popped)
	if st.popped == nil {
		st.popped = map[string]popMark{}
	}
	if had && m.maybe && !m.resaved {
		// Removed on some paths already: this unset removes it on the
		// others, or unsets what the first removal uncovered.
		cur := st.vars[name]
		if ok {
			st.vars[name] = either(v, variable{known: true, readonly: cur.readonly})
		}
		st.popped[key] = popMark{}
		return true
	}
	if ok {
		st.vars[name] = v
	} else {
		delete(st.vars, name)
	}
	st.popped[key] = popMark{}
	switch st.localUnset {
	case posixOn:
		// shopt -s localvar_unset: the caller's local stays, unset, as
		// in its own function.
		st.vars[name] = variable{known: true}
		delete(st.popped, key)
	case posixMay:
		st.vars[name] = either(st.vars[name], variable{known: true})
		st.popped[key] = popMark{maybe: true}
	}
	return true
}

// relocal records local NAME in the innermost frame after a path removed
// an earlier local of that frame: the new local shadows the value now
// visible, which the return restores.
func (w *walker) relocal(name string, st *state) {
	top := len(w.frames) - 1
	key := popKey(top, name)
	m, ok := st.popped[key]
	if !ok || m.resaved && !m.maybe {
		return
	}
	cur, set := st.vars[name]
	st.popped = cloneMap(st.popped)
	if m.maybe {
		// Removed on some paths only: the return restores the saved
		// value or the one visible now.
		if p := w.frames[top][name]; p != nil && set {
			cur = either(*p, cur)
		} else {
			cur = variable{}
		}
		set = true
	}
	st.popped[key] = popMark{resaved: true, saved: cur, savedSet: set}
}

// restoreFrame puts back, as the function of frame depth returns, the
// values its locals shadowed, except where this path removed the local.
func (w *walker) restoreFrame(depth int, frame map[string]*variable, st *state) {
	for name, v := range frame {
		key := popKey(depth, name)
		m, popped := st.popped[key]
		switch {
		case !popped:
			if v == nil {
				delete(st.vars, name)
			} else {
				st.vars[name] = *v
			}
		case m.maybe:
			// Removed on some paths only: the value visible now, or the
			// one the return restores on the others.
			cur := st.vars[name]
			back := variable{known: true}
			if v != nil {
				back = *v
			}
			cur = either(cur, back)
			if m.resaved {
				cur = either(cur, m.saved)
			}
			st.vars[name] = cur
		case m.resaved:
			if !m.savedSet {
				delete(st.vars, name)
			} else {
				st.vars[name] = m.saved
			}
		}
		// certainly removed: the value visible now stays.
	}
	if len(st.popped) == 0 {
		return
	}
	st.popped = cloneMap(st.popped)
	prefix := strconv.Itoa(depth) + "\x00"
	for k := range st.popped {
		if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
			delete(st.popped, k)
		}
	}
	if len(st.popped) == 0 {
		st.popped = nil
	}
}

// mergePopped makes st's marks what is certain after st or o: a mark on
// one path only, or two that differ, is one that may hold.
func mergePopped(a, b map[string]popMark) map[string]popMark {
	if len(a) == 0 && len(b) == 0 {
		return nil
	}
	out := map[string]popMark{}
	for k, m := range a {
		if o, ok := b[k]; ok && o.same(m) {
			out[k] = m
			continue
		}
		out[k] = mayMark(m, b[k])
	}
	for k, m := range b {
		if _, ok := a[k]; !ok {
			out[k] = mayMark(m, popMark{})
		}
	}
	return out
}

func mayMark(a, b popMark) popMark {
	m := popMark{maybe: true}
	if a.resaved || b.resaved {
		m.resaved = true
		m.savedSet = true
		switch {
		case a.resaved && b.resaved:
			m.saved = either(a.saved, b.saved)
		case a.resaved:
			m.saved = a.saved
		default:
			m.saved = b.saved
		}
	}
	return m
}

func (m popMark) same(o popMark) bool {
	return m.maybe == o.maybe && m.resaved == o.resaved && m.savedSet == o.savedSet && m.saved.equal(o.saved)
}

// globalFrame returns the depth of the outermost frame in which name is
// a local this path has not removed (its saved value is the global
// variable), or -1 when no local shadows the global.
func (w *walker) globalFrame(name string, st *state) int {
	for i := range w.frames {
		if _, ok := w.frames[i][name]; !ok {
			continue
		}
		if m, ok := st.popped[popKey(i, name)]; ok && !m.maybe && !m.resaved {
			continue
		}
		return i
	}
	return -1
}

// asGlobal runs assign (declare -g NAME=…) on the global NAME while a
// function's local shadows it: bash gives the global the value and
// leaves the local visible, so the value comes back when the frame that
// shadowed the global returns (d=/x; f(){ local d=/y; declare -g d=~;
// }; f leaves d=~, and d is /y inside f).
func (w *walker) asGlobal(name string, st *state, assign func()) {
	depth := w.globalFrame(name, st)
	if depth < 0 {
		assign()
		return
	}
	key := popKey(depth, name)
	cur, had := st.vars[name]
	global, set := w.shadowedValue(depth, name, st)
	if set {
		st.vars[name] = global
	} else {
		delete(st.vars, name)
	}
	m := st.popped[key]
	assign()
	newGlobal, newSet := st.vars[name]
	if had {
		st.vars[name] = cur
	} else {
		delete(st.vars, name)
	}
	st.popped = cloneMap(st.popped)
	if st.popped == nil {
		st.popped = map[string]popMark{}
	}
	if m.maybe {
		// The frame's local was removed on some paths: the value the
		// return leaves is either.
		mark := popMark{maybe: true, resaved: true, savedSet: true, saved: newGlobal}
		if m.resaved {
			mark.saved = either(m.saved, newGlobal)
		}
		st.popped[key] = mark
		return
	}
	st.popped[key] = popMark{resaved: true, saved: newGlobal, savedSet: newSet}
}

// onOff is posixOn or posixOff.
func onOff(on bool) uint8 {
	if on {
		return posixOn
	}
	return posixOff
}
