package syntax

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A command name without a slash that is not a function or one of
// bash's builtins runs the first file of that name in the directories of
// PATH (bash's search_for_command; an empty entry, and an unset PATH, is
// the working directory). The PATH a call runs with is the shell's
// variable where the call is (a plain assignment, export, declare, local
// in a function, a subshell's copy) with the call's prefix assignments
// and an env PATH=… word applied (callAs, pathVar). pathSearch says
// whether that PATH may make the name run a file other than the system's
// program of that name: a directory that is not one of the system's
// (systemPrograms) searched before a system directory that holds the
// program — a relative entry, ".", an empty one, the project, /tmp, a
// home directory — or a part only run time knows. pathProgram reads the
// file found there as a script (scriptfile.go); the rules never approve
// such a call on their own (rewrite/approve.go).

// bashBuiltins are the names bash runs itself whatever PATH holds
// (bash 5.2, enable -a), the special builtins included, but for the
// ones that run code in the current shell (eval, source, "."): those are
// the runner table's HostRunner kind, which isBuiltin asks.
var bashBuiltins = lazy.Set{List: []string{":", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd",
	"command", "compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo", "enable",
	"exec", "exit", "export", "false", "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let",
	"local", "logout", "mapfile", "popd", "printf", "pushd", "pwd", "read", "readarray", "readonly", "return",
	"set", "shift", "shopt", "suspend", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask",
	"unalias", "unset", "wait"}}

// Builtin reports a name bash runs itself, whatever PATH holds (eval,
// source and "." aside: they run shell text).
func Builtin(name string) bool { return bashBuiltins.Has(name) }

// maxPathEntries bounds the entries of a PATH looked at.
const maxPathEntries = 64

// inheritedFirst reports a PATH value, as written, that starts with the
// PATH the shell inherits: $PATH or ${PATH}, alone or followed by more
// entries (PATH=$PATH:/opt/bin).
func inheritedFirst(val string) bool {
	_, ok := afterInherited(val)
	return ok
}

// afterInherited cuts the inherited PATH ($PATH or ${PATH}) from the
// head of a PATH value and returns what follows it: nothing, or a colon
// and the entries after it. ok is false when the value does not start
// with the inherited PATH as a whole entry ($PATHX is another variable).
func afterInherited(val string) (rest string, ok bool) {
	for _, p := range []string{"$PATH", "${PATH}"} {
		if rest, ok := strings.CutPrefix(val, p); ok && (rest == "" || rest[0] == ':') {
			return rest, true
		}
	}
	return "", false
}

// appendedEntries returns the known entries a PATH value that starts
// with the inherited PATH appends after it, up to the first part only run
// time knows, joined by colons (./bin of $PATH:./bin:$X).
func appendedEntries(val string) string {
	val, ok := afterInherited(val)
	if !ok {
		return ""
	}
	rest, ok := strings.CutPrefix(val, ":")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "$`"); i >= 0 {
		rest = rest[:i]
		j := strings.LastIndexByte(rest, ':')
		if j < 0 {
			return ""
		}
		rest = rest[:j]
	}
	return rest
}

// joinEntries joins two lists of PATH entries, either of them empty.
func joinEntries(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + ":" + b
}

// hookPathHas reports that the PATH the shell inherits, the hook's own,
// holds a file name in one of its absolute directories: the program a
// name runs before any entry a command appends after that PATH.
func hookPathHas(name string) bool {
	for i, d := range strings.Split(os.Getenv("PATH"), ":") {
		if i >= maxPathEntries {
			break
		}
		if !filepath.IsAbs(d) {
			continue
		}
		if fi, err := os.Stat(filepath.Join(d, name)); err == nil && fi.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// shellRuns reports that the shell runs call itself, without looking its
// name up in PATH: a function (not behind command or a wrapper) or one of
// bash's builtins (not behind a wrapper that runs programs: env echo,
// xargs echo and exec echo run the file).
func shellRuns(call *Call, st *state) bool {
	inShell := len(call.Wrappers) == 0 || call.Wrappers[0] == "builtin" || call.Wrappers[0] == "command"
	if !inShell {
		return false
	}
	if bashBuiltins.Has(call.Name) || RunnerOf(call.Name) == HostRunner {
		return true
	}
	if st == nil || len(call.Wrappers) > 0 {
		return false
	}
	_, fn := st.funcs[call.Name]
	return fn
}

// pathSearch returns the first directory of the PATH call runs with that
// is not a system one and is searched for its name before a system
// directory holding that program ("." for an empty entry or an unset
// PATH), or runTime when a part only run time knows comes first
// (PATH=$X:$PATH, PATH=$(cat p)). A PATH the shell inherits, one of
// system directories only and one that finds the program in a system
// directory first (PATH=$PATH:./bin ls, PATH=/usr/bin:/bin:. ls) give
// neither. A name bash does not look up (a builtin, a function, a path)
// is searched for in no directory: any entry that is not a system one
// counts, wherever it is.
func (w *walker) pathSearch(call *Call, st, cmdState *state) (dir string, runTime bool) {
	name := ""
	if call.Name != "" && call.NameArg.Static && !strings.Contains(call.NameArg.Value, "/") && !shellRuns(call, st) {
		name = call.Name
	}
	v, ok := w.pathVar(cmdState)
	if !ok {
		return "", false // the PATH the shell inherits
	}
	var dirs []string
	rest := true // what follows dirs is only known at run time
	inherited := false
	switch {
	case v.known && v.set && !v.array:
		dirs, rest = strings.Split(v.str, ":"), false
	case v.known && !v.set:
		// Unset: bash looks in the working directory, a program's
		// execvp in the system's default path.
		if len(call.Wrappers) > 0 && call.Wrappers[0] != "command" {
			return "", false
		}
		dirs, rest = []string{""}, false
	case v.head != "":
		dirs = strings.Split(v.head, ":")
		dirs, rest, inherited = dirs[:len(dirs)-1], v.headOnly, !v.headOnly
	case v.inherits:
		rest, inherited = false, true
	}
	if inherited && v.tail != "" && name != "" && !hookPathHas(name) {
		// PATH=$PATH:./bin tool: a name the inherited PATH lacks is
		// found in what the command appended.
		dirs = append(dirs, strings.Split(v.tail, ":")...)
	}
	for i, d := range dirs {
		if i >= maxPathEntries {
			return "", true
		}
		if d == "" {
			d = "."
		}
		if filepath.IsAbs(d) && systemProgram(filepath.Clean(d)+"/") {
			if name != "" && w.read != nil {
				if fi, err := os.Stat(filepath.Join(d, name)); err == nil && fi.Mode().IsRegular() {
					return "", false // the system's program
				}
			}
			continue
		}
		return d, false
	}
	return "", rest
}

// OwnProgram reports that the program call runs may be a file other
// than the system's program of its name: its name is a path outside the
// system's directories (./ls, bin/cat, /tmp/x/ls), or PATH leads the
// name to a directory that is not a system one or only known at run time
// (PathDir, PathRunTime).
func OwnProgram(call *Call) bool {
	if call.PathDir != "" || call.PathRunTime {
		return true
	}
	a := call.NameArg
	if call.Name == "" || !a.Static || !strings.Contains(a.Value, "/") {
		return false
	}
	d := call.Dir.Join(a.Value)
	return !d.Known || !systemProgram(filepath.Clean(d.Path))
}

// shellPathProgram is pathProgram for the shell's own lookup of call's
// name, which with PATH unset is in the working directory (bash's
// search_for_command; execvp would search the system's default path).
func (w *walker) shellPathProgram(c scope, call *Call) bool {
	if st := w.callState; st != nil && w.envPath == nil && (len(call.Wrappers) == 0 || call.Wrappers[0] == "command") {
		if v, ok := st.vars["PATH"]; ok && v.known && !v.set {
			saved := w.callState
			n := st.clone()
			n.setVar("PATH", variable{known: true, set: true, str: "", exported: v.exported})
			w.callState = n
			defer func() { w.callState = saved }()
		}
	}
	return w.pathProgram(c, call)
}
