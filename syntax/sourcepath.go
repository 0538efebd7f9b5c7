package syntax

import (
	"os"
	"strings"
)

// maxSearchDirs bounds the PATH entries a script name is looked up in.
const maxSearchDirs = 64

// searchScript returns the files a script operand without a slash may
// name when the shell looks it up in PATH, in the order bash tries them:
// source and . search PATH first (shopt sourcepath, on unless shopt -u
// turned it off) and fall back to the working directory; bash FILE (sh
// FILE where sh is bash) opens FILE in the working directory and, when
// there is none, searches PATH. found reports that the first file is the
// one the shell opens: every entry before it is known and holds no such
// file. When no entry of a PATH the command set holds the file now, nor
// the working directory, the name in each entry is a candidate. The
// entries after the known start of a PATH (PATH=~/bin:$PATH) are taken
// for the hook's own PATH. When an entry, or all of PATH, is only known
// at run time, the files found in the known entries are candidates, and
// so is the name in the home directory, where a secret the name could be
// kept lives (PATH=$D . id_rsa with D=~/.ssh). It returns nil for a name with a slash or only
// known at run time, and when the working directory's file is the one
// opened (the caller judges that one as written).
func (w *walker) searchScript(call *Call, a Arg, st *state, pathFirst bool) (paths []string, found bool) {
	if !a.Static || a.Value == "" || strings.Contains(a.Value, "/") || st == nil || w.read == nil {
		return nil, false
	}
	if pathFirst && st.noSourcePath {
		return nil, false
	}
	if !pathFirst && w.regularFile(call.Dir.Join(a.Value)) {
		return nil, false
	}
	v, ok := w.pathVar(st)
	var dirs []string
	// unknown: an entry before the one searched only run time knows;
	// rest: the whole PATH is only known then.
	unknown, rest := false, false
	var searched []string
	set := -1 // the entries the command set, when fewer than all
	switch {
	case !ok:
		// The PATH the shell inherits: the hook's own.
		dirs = strings.Split(os.Getenv("PATH"), ":")
	case v.known && v.set:
		dirs = strings.Split(v.str, ":")
	case v.known:
		return nil, false // unset: bash searches nothing
	case v.head != "" && v.headOnly:
		// PATH=~/bin:$X: the entries after the known ones are any
		// directories.
		dirs = strings.Split(v.head, ":")
		dirs = dirs[:len(dirs)-1]
		rest = true
	case v.head != "":
		// PATH=~/bin:$PATH: the entries after the known ones are taken
		// for the PATH the shell inherits, the hook's own.
		dirs = strings.Split(v.head, ":")
		set = len(dirs) - 1
		dirs = append(dirs[:set], strings.Split(os.Getenv("PATH"), ":")...)
	default:
		rest = true
	}
	for i, d := range dirs {
		if i >= maxSearchDirs {
			rest = true
			break
		}
		if d == "" {
			d = "." // an empty entry is the working directory
		}
		p := call.Dir.Join(d).Join(a.Value)
		if !p.Known {
			unknown = true
			continue
		}
		if w.regularFile(p) {
			if !unknown {
				return []string{p.Path}, true
			}
			paths = append(paths, p.Path)
			rest = false // found: the entries after it are not searched
			break
		}
		if set < 0 || i < set {
			searched = append(searched, p.Path)
		}
	}
	if len(paths) == 0 && ok && !w.regularFile(call.Dir.Join(a.Value)) {
		// In none of the entries of the PATH the command set, nor in
		// the working directory: a file put in one of them before the
		// command runs is the one (a secret is judged by its name
		// whether or not it is on disk, as cat's operand is).
		paths = searched
	}
	if (unknown || rest) && w.home != "" {
		paths = append(paths, Dir{Path: w.home, Known: true}.Join(a.Value).Path)
	}
	if unknown || rest {
		// An entry only run time knows is any directory: the name is
		// judged as one in an unknown process's working directory is
		// (from /, the home directory, the project, and the directories
		// of anchored secrets: PATH=~/bin:$X . credentials with X=~/.aws).
		paths = append(paths, AnyDirPrefix+a.Value)
	}
	return paths, false
}

// AnyDirPrefix starts a path that stands for a name in a directory only
// known at run time: the path through the working directory of a
// process that is none (/proc/0/cwd/NAME), which the secret class
// judges from every directory where NAME could reach a secret.
const AnyDirPrefix = "/proc/0/cwd/"

// inheritsPath reports whether the run-time rest of a PATH value is the
// PATH the shell inherits ($PATH, ${PATH}, with or without a leading
// colon), whose entries are the hook's own.
func inheritsPath(rest string) bool {
	rest = strings.TrimPrefix(rest, ":")
	return rest == "$PATH" || rest == "${PATH}"
}

// regularFile reports whether d is a regular file on disk or one the
// command wrote before.
func (w *walker) regularFile(d Dir) bool {
	if !d.Known {
		return false
	}
	if _, ok := w.written[d.Path]; ok {
		return true
	}
	fi, err := os.Stat(d.Path)
	return err == nil && fi.Mode().IsRegular()
}

// searchedArg returns a, or the file the shell finds for it in PATH
// (searchScript), with call.ScriptPaths set to the files it may be.
func (w *walker) searchedArg(call *Call, a Arg, pathFirst bool) Arg {
	st := w.callState
	if st == nil {
		st = w.cur
	}
	paths, found := w.searchScript(call, a, st, pathFirst)
	call.ScriptPaths = paths
	if found {
		a.Value = paths[0]
	}
	return a
}

// pathVar is the PATH a program the walker is at sees: env's PATH=…
// word when the call has one (a value only run time knows keeps its
// known start as head), else the shell's variable in st.
func (w *walker) pathVar(st *state) (variable, bool) {
	if e := w.envPath; e != nil {
		v := variable{known: e.Static, set: true, str: e.Value}
		if !e.Static {
			if i := strings.IndexAny(e.Value, "$`"); i >= 0 {
				v.head = e.Value[:i]
				v.headOnly = !inheritsPath(e.Value[i:])
			}
			v.inherits = inheritedFirst(e.Value)
			if v.inherits {
				v.tail = appendedEntries(e.Value)
			}
		}
		return v, true
	}
	if st == nil {
		return variable{}, false
	}
	v, ok := st.vars["PATH"]
	return v, ok
}
