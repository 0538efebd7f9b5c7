package syntax

import (
	"path/filepath"
	"slices"
	"strings"
)

// bash's cd is logical: it keeps the text of the directory it entered
// (its PWD) and reads a relative target against that text, dropping each
// ".." with the name before it. After exec 3<~; cd /dev/fd/3 the text
// is /dev/fd/3 while the directory is the home directory, so cd .. goes
// to /dev/fd (the shell's descriptor directory), not to the parent of
// the home directory; cd -P .. goes there.

// fdLogicalTarget returns the target cd reads when the directory it
// starts in was entered through a descriptor (state.fdLogical): a
// relative one joined to that text, which the cases for absolute paths
// then resolve. Other targets are returned as they are.
func (w *walker) fdLogicalTarget(call *Call, st *state, target *Arg) *Arg {
	from := st.fdLogical
	st.fdLogical = ""
	if from == "" || target == nil || !target.Static || target.Glob || target.Value == "" || target.Value == "-" ||
		strings.HasPrefix(target.Value, "/") || strings.HasPrefix(target.Value, "+") || cdPhysical(call, st) ||
		cdPathSearched(target.Value, st) || call.env != nil && cdPathSearched(target.Value, call.env) {
		return target
	}
	abs := *target
	abs.Value = from + "/" + target.Value
	if clean := filepath.Clean(abs.Value); len(fdFilesBelow(clean, call.Route, true)) == 0 && w.isDir(Dir{Path: clean, Known: true}) {
		if _, isFd := shellFdDir(Dir{}, clean); !isFd {
			// /dev/fd/.. is /dev: the text, not the kernel's
			// /proc/self/fd/.. (bash drops ".." with the name before).
			abs.Value = clean
		}
	}
	abs.Raw = abs.Value
	return &abs
}

// noteFdLogical records the text a logical cd to an absolute target
// leaves as bash's PWD when it goes through a descriptor to the directory
// next (fdLogical); any other cd leaves none.
func (w *walker) noteFdLogical(call *Call, st *state, target *Arg, next Dir) {
	if target == nil || !target.Static || target.Glob || !strings.HasPrefix(target.Value, "/") || !next.Known || cdPhysical(call, st) {
		return
	}
	// The text as bash keeps it: /dev/fd stays /dev/fd (its .. is /dev).
	text := filepath.Clean(target.Value)
	if text == next.Path {
		return
	}
	disk := w.read != nil
	if d, ok := shellFdDir(Dir{}, text); ok && d == next.Path {
		st.fdLogical = text
		return
	}
	ps := fdFilesBelow(text, call.Route, true)
	if len(ps) == 1 && physicalPath(ps[0], st.links, disk) == next.Path && !slices.Contains(strings.Split(text, "/"), "..") {
		st.fdLogical = text
	}
}
