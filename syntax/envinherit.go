package syntax

import "os"

// A variable the shell inherits from its environment is exported: bash
// marks every variable it imports for export, and a later plain
// assignment (PATH=/tmp/e:$PATH; with no export) keeps the attribute, so
// every child the shell starts afterwards (sh -c ls, perl -e
// 'system("ls")', watch ls, a function's sh -c) gets the new value, as
// the prefix form PATH=… sh -c ls gives it. Which variables the agent's
// shell inherits is the environment of the agent, which the hook shares
// (Claude Code starts both): PATH and HOME always, and any other name set
// in the hook's own environment (GIT_EDITOR, LANG, a BASH_ENV the user
// set). A name the environment does not hold is the script's own until
// it is exported. unset NAME drops the attribute (the variable is then
// the script's own), as export -n and declare +x do.

// mergeSearchHead keeps, for a search-path variable (PATH and the
// interpreters' module paths) that holds v on one path and o on another,
// the directories either path puts first: chmod +x bin/ls &&
// PATH=$PWD/bin:$PATH; sh -c ls searches bin first when chmod succeeds
// and the inherited PATH when it fails, and both readings are covered by
// searching bin, then the inherited PATH. vAbsent and oAbsent report a
// path on which the variable is the inherited one (never assigned). A
// value only known at run time on either path keeps out as either made
// it.
func mergeSearchHead(name string, out, v, o variable, vAbsent, oAbsent bool) variable {
	if name != "PATH" && !modulePathVar(name) || out.nameref {
		return out
	}
	hv, onlyV, okV := searchHead(v, vAbsent)
	ho, onlyO, okO := searchHead(o, oAbsent)
	if !okV || !okO {
		return out
	}
	if hv+ho == "" {
		// Inherited on both paths, perhaps with entries appended
		// (PATH=$PATH:/opt/bin on one): the hook's PATH comes first.
		out.inherits = name == "PATH" && !out.known
		if out.inherits {
			out.tail = joinEntries(v.tail, o.tail)
		}
		return out
	}
	out.head, out.headOnly = hv+ho, onlyV || onlyO
	return out
}

// searchHead returns the directories, each followed by a colon, that a
// search-path variable's value starts with, and whether what follows
// them is other than the inherited value (see variable.head). A known
// value is all head, followed (an over-reading) by the inherited value;
// an inherited one has no head. ok is false for a value only known at
// run time with no known start.
func searchHead(v variable, absent bool) (head string, only, ok bool) {
	switch {
	case absent, v.inherits:
		return "", false, true
	case v.head != "":
		return v.head, v.headOnly, true
	case v.known && v.set && !v.array && v.str != "":
		return v.str + ":", false, true
	}
	return "", false, false
}

// inheritedVar reports that name is inherited from the environment (see
// above), and so exported whenever the shell assigns it before unset
// drops it.
func inheritedVar(name string) bool {
	if name == "PATH" || name == "HOME" {
		return true
	}
	_, ok := os.LookupEnv(name)
	return ok
}
