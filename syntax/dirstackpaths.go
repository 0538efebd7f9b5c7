package syntax

import "slices"

// The directory stack when the paths through a script disagree about it.
//
// After pushd D && make the shell is in one of two states: pushd failed
// (no such D), the stack is as it was and the shell where it was; or it
// worked, D is the working directory and the stack holds the directory
// left. A popd then goes back to the start on both: on the first, an
// empty stack makes it fail ("directory stack empty") and the shell
// stays; on the second it returns. A single stack cannot say that, so
// with a stack not known the state keeps each stack a path can have,
// with the directory that path is in (state.stackPaths), and pushd,
// popd and dirs -c change each on its own (eachStack). Where the stacks
// come to agree again (both empty after that popd) the stack is known.

// maxStackPaths bounds the stacks a state keeps; past it the stack is
// not known (a loop that pushes each pass).
const maxStackPaths = 4

// stackPath is one directory stack a path of the script can have, and
// where the shell is on that path (one of the working directory's
// candidates; Dir{} when not known).
type stackPath struct {
	stack []Dir
	dir   Dir
}

func (p stackPath) same(o stackPath) bool {
	return p.dir == o.dir && slices.Equal(p.stack, o.stack)
}

// forgetStack makes the directory stack unknown.
func (st *state) forgetStack() {
	st.stack, st.stackKnown, st.stackPaths = nil, false, nil
}

// pathsOfStack returns the stacks st's paths can have: its one stack
// when known, in its working directory; nil when not known at all.
func (st *state) pathsOfStack() []stackPath {
	if st.stackKnown {
		return []stackPath{{stack: st.stack, dir: st.dir}}
	}
	return st.stackPaths
}

// setStackPaths stores the stacks paths can have: the stack is known
// when they all agree, kept as alternatives when there are a few, not
// known otherwise (or when paths is nil).
func (st *state) setStackPaths(paths []stackPath) {
	var out []stackPath
	for _, p := range paths {
		i := slices.IndexFunc(out, func(o stackPath) bool { return slices.Equal(o.stack, p.stack) })
		if i < 0 {
			out = append(out, p)
			continue
		}
		out[i].dir = dirUnion(out[i].dir, p.dir)
	}
	switch {
	case len(out) == 0 || len(out) > maxStackPaths:
		st.forgetStack()
	case len(out) == 1:
		st.stack, st.stackKnown, st.stackPaths = out[0].stack, true, nil
	default:
		st.stack, st.stackKnown, st.stackPaths = nil, false, out
	}
}

// mergedStackPaths is the stacks the merge of st and o can have, st's
// directory being stDir (before merge changed it).
func mergedStackPaths(st *state, stDir Dir, o *state) []stackPath {
	a, b := st.pathsOfStack(), o.pathsOfStack()
	if a == nil || b == nil {
		return nil
	}
	if st.stackKnown {
		a = []stackPath{{stack: st.stack, dir: stDir}}
	}
	return append(slices.Clone(a), b...)
}

// dirUnion is the directory that is one of a's and b's candidates; not
// known when either is not.
func dirUnion(a, b Dir) Dir {
	ca, cb := a.Candidates(), b.Candidates()
	if ca == nil || cb == nil {
		return Dir{}
	}
	return dirOneOf(append(slices.Clone(ca), cb...))
}

// within reports whether every candidate of d is one of in's.
func (d Dir) within(in Dir) bool {
	c, all := d.Candidates(), in.Candidates()
	if c == nil || all == nil {
		return false
	}
	for _, x := range c {
		if !slices.Contains(all, x) {
			return false
		}
	}
	return true
}

// stackPathsMoved records that the shell moved to st.dir on every path
// (a cd, a trap's cd, a directory no longer known): where each path is
// is no more than that.
func (st *state) stackPathsMoved() {
	if st.stackKnown || st.stackPaths == nil {
		return
	}
	paths := slices.Clone(st.stackPaths)
	for i := range paths {
		paths[i].dir = st.dir
	}
	st.setStackPaths(paths)
}

// eachStack applies op, a change to a known stack s made in directory
// here that returns the directory after it, to each stack st's paths can
// have, and returns the directory after it: one of theirs. With a stack
// not known at all the result is unknown: the stack stays so and the
// directory is unknownDir.
func eachStack(st *state, unknownDir Dir, op func(s *state, here Dir) Dir) Dir {
	if st.stackKnown {
		return op(st, st.dir)
	}
	if st.stackPaths == nil {
		return unknownDir
	}
	var out []stackPath
	var dirs []string
	anywhere := false
	for _, p := range st.stackPaths {
		here := p.dir
		if !here.within(st.dir) {
			// A path's directory must be one the shell can be in.
			here = st.dir
		}
		s := &state{stack: p.stack, stackKnown: true}
		d := op(s, here)
		if !s.stackKnown {
			st.forgetStack()
			return Dir{}
		}
		out = append(out, stackPath{stack: s.stack, dir: d})
		c := d.Candidates()
		anywhere = anywhere || c == nil
		dirs = append(dirs, c...)
	}
	st.setStackPaths(out)
	if anywhere {
		return Dir{}
	}
	return dirOneOf(dirs)
}

// dirsClear applies dirs to the stack: dirs -c empties it (bash checks
// every operand first: dirs -c +x fails and clears nothing). Options
// come one to a word (dirs -lc is an invalid number); a word only run
// time knows, or one past --, leaves the stack unknown when -c is there.
func dirsClear(args []Arg, st *state) {
	clear, sure := false, true
	for i, a := range args {
		switch {
		case !a.Static:
			sure = false
		case a.Value == "--":
			sure = sure && i == len(args)-1
		case a.Value == "-c":
			clear = true
		case a.Value == "-l" || a.Value == "-p" || a.Value == "-v" || dirStackIndex(a.Value):
		default:
			return // bash: invalid option or number; nothing changes
		}
	}
	switch {
	case !sure && (clear || slices.ContainsFunc(args, func(a Arg) bool { return !a.Static })):
		st.forgetStack()
	case clear:
		st.stack, st.stackKnown, st.stackPaths = nil, true, nil
	}
}
