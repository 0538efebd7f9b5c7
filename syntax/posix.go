package syntax

import (
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// POSIX mode. A POSIX shell keeps the prefix assignments of a special
// builtin in the shell after the builtin returns (POSIX "Simple
// Commands", "Special Built-In Utilities"): CDPATH=~ : leaves CDPATH set
// to ~, where bash outside POSIX mode drops it with the command. dash
// (Debian's /bin/sh), ksh and the other POSIX shells do so always, bash
// in POSIX mode (--posix, -o posix, set -o posix, POSIXLY_CORRECT in its
// environment or assigned, or run as sh); bash also exports them there.
// Programs that run shell text with /bin/sh (watch, make, git, crontab)
// run it in POSIX mode, a script run by its path in its #! line's shell:
// both readings are kept for them. dash's echo also turns backslash
// escapes into bytes (echo "a\nb" writes two lines), as bash's does
// after shopt -s xpg_echo: a text echo writes with a backslash is then
// only known at run time.

const (
	posixOff uint8 = iota
	posixMay       // on some paths, or set by a value only run time knows
	posixOn
)

// childPosix is the POSIX mode of a new shell that call starts with the
// state st (its environment): a shell by its name, its options and
// POSIXLY_CORRECT or SHELLOPTS in its environment; any other program
// that runs shell text runs it with /bin/sh.
func childPosix(call *Call, st *state) uint8 {
	if call == nil {
		return st.posix
	}
	if !IsShell(call.Name) {
		// watch, make, git and crontab run it with /bin/sh; a script
		// run by its path (./t.sh) with whatever its #! line names.
		return posixMay
	}
	if !nonPOSIXShells.Get()[call.Name] {
		return posixOn
	}
	if call.Name != "bash" && call.Name != "rbash" {
		return posixOff
	}
	if readShell(call).posix {
		return posixOn
	}
	mode := posixOff
	if slices.Contains(call.Wrappers, "exec") || slices.Contains(call.Wrappers, "bwrap") {
		// exec -a sh bash, bwrap --argv0 sh bash: bash run under the
		// name sh is in POSIX mode.
		mode = posixMay
	}
	if v, ok := st.vars["POSIXLY_CORRECT"]; ok && v.exported {
		switch {
		case v.known && v.set:
			mode = posixOn
		case !v.known:
			mode = max(mode, posixMay)
		}
	}
	if v, ok := st.vars["SHELLOPTS"]; ok && v.exported && mode != posixOn {
		switch {
		case !v.known:
			mode = posixMay
		case v.set && shellOptsHas(v.str, "posix"):
			mode = posixOn
		}
	}
	return mode
}

func shellOptsHas(list, name string) bool {
	for _, o := range strings.Split(list, ":") {
		if o == name {
			return true
		}
	}
	return false
}

// posixMode is st's POSIX mode, with POSIXLY_CORRECT assigned in the
// script (bash turns POSIX mode on when it is set, off when unset).
func posixMode(st *state) uint8 {
	v, ok := st.vars["POSIXLY_CORRECT"]
	if !ok || v.seeded {
		return st.posix
	}
	switch {
	case !v.known:
		if st.posix == posixOn {
			return posixOn
		}
		return posixMay
	case v.set:
		return posixOn
	}
	return st.posix
}

// posixSpecialAssigns keeps a special builtin's prefix assignments in st
// when the shell may be in POSIX mode: certainly there, as one of two
// readings when it may be.
func (w *walker) posixSpecialAssigns(c scope, st *state, ce *sh.CallExpr, args []Arg) {
	if len(args) == 0 || !args[0].Static || !specialBuiltins.Get()[args[0].Value] {
		return
	}
	switch posixMode(st) {
	case posixOn:
		w.assign(c, st, ce.Assigns, true)
	case posixMay:
		kept := st.clone()
		w.assign(c, kept, ce.Assigns, true)
		st.merge(kept)
	}
}
