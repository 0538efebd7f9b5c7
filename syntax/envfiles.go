package syntax

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// EnvFile is a file a program writes because a variable of its
// environment names it:
// GIT_TRACE=/abs/file git status appends its trace there.
type EnvFile struct {
	// Name is the variable (GIT_TRACE) that names the file.
	Name string
	// Arg is the value, with Static false when run time chooses it.
	Arg Arg
}

// envFileVars are the environment variables that make a program write a
// file, read from each program's manual. abs marks the git trace
// variables, which take a file only as an absolute path (1, 2, true and
// 3–9 are descriptors, af_unix: a socket; a relative path is ignored);
// the others take any path, relative to the working directory.
//
// The history files are written when the program exits (less, the
// Python, Node and database prompts); SSLKEYLOGFILE is appended to by
// curl, Python's ssl and the other programs built on OpenSSL or NSS that
// honour it; GIT_INDEX_FILE is where git writes its index.
var envFileVars = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"GIT_TRACE": true, "GIT_TRACE_PACK_ACCESS": true, "GIT_TRACE_PACKET": true,
		"GIT_TRACE_PACKFILE": true, "GIT_TRACE_PERFORMANCE": true, "GIT_TRACE_SETUP": true,
		"GIT_TRACE_SHALLOW": true, "GIT_TRACE_CURL": true, "GIT_TRACE_REFS": true,
		"GIT_TRACE_FSMONITOR": true, "GIT_TRACE2": true, "GIT_TRACE2_EVENT": true,
		"GIT_TRACE2_PERF":   true,
		"GIT_INDEX_FILE":    false,
		"LESSHISTFILE":      false,
		"HISTFILE":          false,
		"PYTHON_HISTORY":    false,
		"NODE_REPL_HISTORY": false,
		"PSQL_HISTORY":      false,
		"MYSQL_HISTFILE":    false,
		"SQLITE_HISTORY":    false,
		"SSLKEYLOGFILE":     false,
	}
}}

// envFiles records the files the call's environment makes its program
// write (Call.EnvFiles). A variable counts when the call gives it (a
// prefix assignment, env NAME=value) or the shell exported it; the
// program need not be the one the manual names, since git, less and the
// prompts also run under other programs (a pager, a hook).
func (w *walker) envFiles(c scope, call *Call) {
	names := make([]string, 0, len(envFileVars.Get()))
	for name := range envFileVars.Get() {
		names = append(names, name)
	}
	sort.Strings(names)
	if call.Name == "history" && (len(call.Args) == 1 && (call.Args[0].Value == "-w" || call.Args[0].Value == "-a")) {
		// history -w/-a with no file writes $HISTFILE, the shell's own
		// variable (exported or not).
		if v, known, set := w.envOf(c, call, "HISTFILE"); set {
			if a, ok := envFileValue(v, known, false); ok {
				call.EnvFiles = append(call.EnvFiles, EnvFile{Name: "HISTFILE", Arg: a})
			}
		}
	}
	for _, name := range names {
		v, known, set := w.envValue(c, call, name, true)
		if !set {
			continue
		}
		if a, ok := envFileValue(v, known, envFileVars.Get()[name]); ok {
			call.EnvFiles = append(call.EnvFiles, EnvFile{Name: name, Arg: a})
		}
	}
}

// envFileValue reads a variable's value as the file it names; ok is false
// when it names none (empty, "-", a descriptor, a socket, or for a git
// trace a relative path, which git ignores).
func envFileValue(v string, known, abs bool) (Arg, bool) {
	a := Arg{Value: v, Raw: v, Static: known}
	if !known {
		return a, true
	}
	switch {
	case v == "" || v == "-":
		return a, false
	case abs:
		return a, strings.HasPrefix(v, "/")
	}
	return a, true
}

// loadEnvFiles gives st, the state a program starts with, the variables
// of the env files a loader puts into its environment (envFileLoads), as
// set -a; source FILE would: each NAME=value line of a file read at hook
// time sets NAME, exported, holding the file's content (a plain setting,
// DB_HOST=db.internal, holds none, as for source). A file named that
// cannot be read may set any variable; a default that is not there sets
// none.
func (w *walker) loadEnvFiles(st *state, dir Dir, must, maybe []Arg) {
	load := func(a Arg, named bool) {
		d := dir.Join(expandTilde(a.Value, w.home))
		file := sourcedPath(dir, a.Value)
		text, ok := "", false
		if a.Static && d.Known {
			text, ok = w.readScript(d)
		}
		if !ok {
			if named {
				st.wild = union(st.wild, []string{file})
				st.taint = true
			}
			return
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			line = strings.TrimSpace(strings.TrimPrefix(line, "export "))
			name, val, ok := strings.Cut(line, "=")
			name = strings.TrimSpace(name)
			if !ok || !isName(name) {
				continue
			}
			val = strings.Trim(strings.TrimSpace(val), `"'`)
			if PlainSetting(name, val) {
				continue
			}
			v := st.vars[name]
			st.setVar(name, variable{exported: true, from: union(v.from, []string{file})})
			st.taint = true
		}
	}
	for _, a := range must {
		load(a, true)
	}
	for _, a := range maybe {
		load(a, false)
	}
}
