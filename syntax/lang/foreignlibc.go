package lang

import (
	"slices"
	"strings"
)

// cFileFuncs are the C library's functions that open, create, truncate,
// rename or link a file by name, called through a foreign-function
// interface (Python's ctypes: libc = CDLL("libc.so.6"); libc.fopen(b"F",
// b"w")). A system library loaded by name passes; what its functions do
// is judged as the language's own calls are.
func cFileFuncs() []string {
	return []string{"fopen", "fopen64", "freopen", "freopen64", "open", "open64", "openat", "openat64", "creat", "creat64",
		"truncate", "truncate64", "rename", "renameat", "renameat2", "link", "linkat", "symlink", "symlinkat"}
}

// cFileCall is the effect of a cFileFuncs call with its C arguments:
// fopen(path, mode) reads, or writes with a mode holding w, a or +
// (appending with a); open(path, flags) as Python's os.open by its
// O_* flags; creat writes; truncate empties; rename(old, new) moves; link
// and symlink(target, name) make name. The *at forms take a directory
// descriptor first, which is taken as the working directory's.
func cFileCall(c call, fn string, args []arg) ([]Effect, bool) {
	if !slices.Contains(cFileFuncs(), fn) {
		return nil, false
	}
	base := strings.TrimSuffix(fn, "64")
	switch base {
	// The *at forms: renameat(olddirfd, old, newdirfd, new), linkat
	// likewise; symlinkat(target, newdirfd, name); openat(dirfd, path, …).
	case "renameat", "renameat2", "linkat":
		if len(args) >= 4 {
			args = []arg{args[1], args[3]}
		}
		base = strings.TrimSuffix(strings.TrimSuffix(base, "2"), "at")
	case "symlinkat":
		if len(args) >= 3 {
			args = []arg{args[0], args[2]}
		}
		base = "symlink"
	case "openat":
		if len(args) > 0 {
			args = args[1:]
		}
		base = "open"
	}
	first, second := argAt(args, 0), argAt(args, 1)
	one := func(e Effect, ok bool) ([]Effect, bool) {
		if !ok {
			return nil, true
		}
		return []Effect{e}, true
	}
	switch base {
	case "fopen", "freopen":
		if second != nil && second.lit && !strings.ContainsAny(second.str, "wa+") {
			return one(readEffect(c, first))
		}
		if second == nil || !second.lit {
			return one(pathEffect(c, Write, first, false))
		}
		e, ok := pathEffect(c, Write, first, false)
		e.Append = strings.Contains(second.str, "a") && !strings.Contains(second.str, "+")
		return one(e, ok)
	case "open":
		return openEffects(c, first, second), true
	case "creat":
		return one(pathEffect(c, Write, first, false))
	case "truncate":
		return one(truncateEffect(c, first))
	case "rename":
		return one(moveEffect(c, first, second, false))
	case "link", "symlink":
		return one(linkEffect(c, first, second, base == "symlink"))
	}
	return nil, false
}
