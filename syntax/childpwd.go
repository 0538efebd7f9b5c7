package syntax

import (
	"os"
	"path/filepath"
	"slices"
)

// childPWD gives PWD the value a new shell gives it at start-up (bash's
// set_pwd in variables.c, dash's getpwd): the PWD it inherits when that
// is an absolute path naming the directory it starts in (the same file,
// links followed), kept as written (bash in POSIX mode canonicalizes
// it: /a/./b/ is /a/b); else the physical directory, as getcwd gives it.
// PWD=~/homelink bash -c 'rm -rf "$PWD"/.ssh' deletes ~/.ssh only when
// the shell starts in the home directory; elsewhere $PWD is where it
// starts. parent is the directory of the shell that starts it, whose
// PWD (its logical directory) a child inherits when the command did not
// assign one; st is the child's state, dir where it starts. When the
// disk at hook time may not be the one the child sees (the command made
// or removed files first), both readings are kept as candidates.
func (w *walker) childPWD(parent Dir, st *state, dir Dir) {
	v, ok := st.vars["PWD"]
	if !ok {
		if !parent.Known || parent == dir {
			return // the shell's own directory, which $PWD then names
		}
		v = variable{known: true, set: true, str: parent.Path, exported: true}
	}
	if !v.known {
		return
	}
	if !dir.Known {
		if v.set && filepath.IsAbs(v.str) {
			st.setVar("PWD", variable{exported: true, maybe: []string{v.str}})
		} else {
			st.setVar("PWD", variable{exported: true})
		}
		return
	}
	physical := dir.Path
	if p, err := filepath.EvalSymlinks(dir.Path); err == nil {
		physical = p
	}
	if !v.set || !filepath.IsAbs(v.str) {
		st.setVar("PWD", variable{known: true, set: true, str: physical, exported: true})
		return
	}
	var kept []string
	switch st.posix {
	case posixOff:
		kept = []string{v.str}
	case posixOn:
		kept = []string{filepath.Clean(v.str)}
	default:
		kept = []string{v.str, filepath.Clean(v.str)}
	}
	a, errA := os.Stat(v.str)
	b, errB := os.Stat(dir.Path)
	sure := errB == nil && !w.touchedAny && len(w.touched) == 0 && len(w.mkdirs) == 0 && len(w.opaque) == 0
	var vals []string
	switch {
	case sure && errA != nil:
		vals = []string{physical} // no such directory: not the same
	case sure && os.SameFile(a, b):
		vals = kept
	case sure:
		vals = []string{physical}
	default:
		vals = append(kept, physical)
	}
	vals = slices.Compact(slices.Sorted(slices.Values(vals)))
	if len(vals) == 1 {
		st.setVar("PWD", variable{known: true, set: true, str: vals[0], exported: true})
		return
	}
	st.setVar("PWD", variable{exported: true, cands: vals})
}
