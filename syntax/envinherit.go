package syntax

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A variable the shell inherits from its environment is exported: bash
// marks every variable it imports for export, and a later plain
// assignment (PATH=/tmp/e:$PATH; with no export) keeps the attribute, so
// every child the shell starts afterwards (sh -c ls, perl -e
// 'system("ls")', watch ls, a function's sh -c) gets the new value, as
// the prefix form PATH=… sh -c ls gives it. The command's own text does
// not say what the environment holds, so the names below are taken as
// inherited: the ones every login environment has (PATH, HOME, USER, …)
// and the ones whose inherited value would make a child run code or read
// a file the value names (BASH_ENV, ENV, GIT_*, the interpreters' module
// paths, the dynamic linker's). Reading such a name as exported when the
// environment did not hold it only shows the child a value it would not
// get: an over-reading, never a miss. unset NAME drops the attribute
// (the variable is then the script's own), as export -n and declare +x
// do.

// inheritedNames are the variables taken as inherited from the
// environment (see above), besides codeLoadingVars and the prefixes of
// inheritedPrefixes.
var inheritedNames = lazy.Set{List: []string{
	"PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "TERM", "TMPDIR", "TMP", "TEMP", "CDPATH",
	"PYTHONPATH", "PERLLIB", "NODE_PATH", "GEM_HOME", "GEM_PATH", "BUNDLE_GEMFILE", "NPM_CONFIG_PREFIX",
	"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_DIRS",
	"XDG_DATA_DIRS", "GOPATH", "GOFLAGS", "GOTOOLCHAIN", "CARGO_HOME", "RUSTUP_HOME", "JAVA_HOME",
	"JAVA_TOOL_OPTIONS", "GCONV_PATH", "KUBECONFIG", "DOCKER_CONFIG", "DOCKER_HOST",
}}

// inheritedPrefixes are the prefixes of families of variables taken as
// inherited (git's, npm's, pip's and uv's settings).
var inheritedPrefixes = lazy.Value[[]string]{New: func() []string {
	return []string{"GIT_", "npm_config_", "NPM_CONFIG_", "PIP_", "UV_", "LC_"}
}}

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
	if !okV || !okO || hv+ho == "" {
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
	case absent:
		return "", false, true
	case v.head != "":
		return v.head, v.headOnly, true
	case v.known && v.set && !v.array && v.str != "":
		return v.str + ":", false, true
	}
	return "", false, false
}

// inheritedVar reports that name is taken as inherited from the
// environment, and so exported whenever the shell assigns it before
// unset drops it.
func inheritedVar(name string) bool {
	if inheritedNames.Has(name) || slices.Contains(codeLoadingVars, name) {
		return true
	}
	for _, p := range inheritedPrefixes.Get() {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
