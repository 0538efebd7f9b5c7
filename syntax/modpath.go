package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// An interpreter looks for the modules a program loads in directories
// its options and environment name, before its own library: perl's -I and
// PERL5LIB (PERLLIB when PERL5LIB is not set; perlrun(1)), ruby's -I and
// RUBYLIB (ruby(1)), PYTHONPATH (python(1): after the script's
// directory, before the standard library, so a json.py there is the json
// every import gets), NODE_PATH (node's modules documentation: after the
// node_modules directories). A module of a library's name put there
// shadows the library, and Python's site module imports sitecustomize and
// usercustomize from the path at start-up, before any program runs. So a
// directory the command puts on the path is searched the way the
// interpreter searches it, and the files found are read as the program's
// own code. Only what the command sets counts: a prefix assignment, env's
// NAME=value, or a variable the script exported; the agent's inherited
// environment is the user's.

// modulePathVars are the variables each interpreter reads its module
// search directories from, the first one set winning.
var modulePathVars = lazy.Value[map[lang.Lang][]string]{New: func() map[lang.Lang][]string {
	return map[lang.Lang][]string{
		lang.Python: {"PYTHONPATH"},
		lang.Perl:   {"PERL5LIB", "PERLLIB"},
		lang.Ruby:   {"RUBYLIB"},
		lang.JS:     {"NODE_PATH"},
	}
}}

// commandEnv returns the value the program call starts sees for
// variable name when this command sets it (env's NAME=value words,
// a prefix assignment or an exported variable of the script); ok is
// false when the command does not set it or its value is only known at
// run time.
func commandEnv(st *state, envWords map[string]string, name string) (string, bool) {
	if v, ok := envWords[name]; ok {
		return v, true
	}
	v, ok := st.vars[name]
	if !ok || !v.exported || !v.known || !v.set {
		return "", false
	}
	return v.str, true
}

// modulePath returns the module search directories call's interpreter
// is given, in the order it searches them: -I options first (perl, ruby),
// then the environment's. Python's -I and -E ignore PYTHONPATH.
func (w *walker) modulePath(call *Call, st *state, envWords map[string]string) []string {
	l, _ := preloadProgram(call)
	if l == "" && (envWords["PYTHONPATH"] != "" || st.vars["PYTHONPATH"].exported) && w.startsPython(call) {
		l = lang.Python // pip, pytest, ./manage.py: CPython's search path
	}
	vars := modulePathVars.Get()[l]
	if vars == nil {
		return nil
	}
	var dirs []string
	pl, name := preloadProgram(call)
	if spec, ok := interpSpecFor(l, name); ok && name != "bun" && name != "deno" && pl == l {
		opts, _ := ScanOptions(call.Args, spec.opts)
		for _, o := range opts {
			switch {
			case l == lang.Python && (o.Name == "I" || o.Name == "E") && !o.Long:
				return nil
			case (l == lang.Perl || l == lang.Ruby) && o.Name == "I" && o.HasVal && o.Val.Static:
				dirs = append(dirs, o.Val.Value)
			}
		}
		if ov := optionsVarOf(l); ov != "" {
			// PERL5OPT=-I. perl -Mevil, RUBYOPT=-Ilib ruby -rx: the
			// variable's switches are read after the command line's and
			// its -I directories join the same search path, before
			// PERL5LIB and RUBYLIB (perlrun(1), ruby(1)).
			if val, ok := commandEnv(st, envWords, ov); ok {
				var words []Arg
				for _, f := range optionWords(val) {
					words = append(words, Arg{Value: f, Raw: Quote(f), Static: true})
				}
				vopts, _ := ScanOptions(words, spec.opts)
				for _, o := range vopts {
					if o.Name == "I" && o.HasVal && o.Val.Static {
						dirs = append(dirs, o.Val.Value)
					}
				}
			}
		}
	}
	for _, v := range vars {
		val, ok := commandEnv(st, envWords, v)
		if !ok {
			// PYTHONPATH=lib:$PYTHONPATH: the directories before the
			// part only run time knows are searched first.
			sv, set := st.vars[v]
			if _, given := envWords[v]; given || !set || !sv.exported || sv.head == "" {
				continue
			}
			parts := strings.Split(sv.head, ":")
			val, ok = strings.Join(parts[:len(parts)-1], ":"), true
		}
		for _, d := range strings.Split(val, ":") {
			if d != "" {
				dirs = append(dirs, d)
			}
		}
		break
	}
	return dirs
}

// optionsVarOf returns the variable perl and ruby read more switches
// from.
func optionsVarOf(l lang.Lang) string {
	switch l {
	case lang.Perl:
		return "PERL5OPT"
	case lang.Ruby:
		return "RUBYOPT"
	}
	return ""
}

// modulePathVar reports a variable an interpreter reads its module
// search directories from.
func modulePathVar(name string) bool {
	switch name {
	case "PYTHONPATH", "PERL5LIB", "PERLLIB", "RUBYLIB", "NODE_PATH":
		return true
	}
	return false
}

// moduleStartup judges the modules an interpreter runs from its search
// directories before the program: Python's sitecustomize and
// usercustomize (not with -S, which skips the site module).
func (w *walker) moduleStartup(c scope, call *Call) {
	w.pythonWarningModules(c, call)
	w.interactiveStdin(c, call) // interactive.go
	if len(call.modPath) == 0 || !w.startsPython(call) {
		return
	}
	for _, o := range pythonInterpreterOpts(call) {
		if o.Name == "S" && !o.Long {
			return
		}
	}
	for _, mod := range []string{"sitecustomize", "usercustomize"} {
		w.pythonSearch(c, call, call.modPath, []string{mod + ".py", mod + "/__init__.py"})
	}
}

// searchModule judges the first file of a module found in call's search
// directories (an Include effect with Search set).
func (w *walker) searchModule(c scope, call *Call, l lang.Lang, file, what, label string, dynamic bool) {
	for _, d := range call.modPath {
		p := filepath.Join(d, file)
		dir := call.Dir.Join(p)
		if !dir.Known {
			return
		}
		if l == lang.Python && w.pythonZipModule(c, call, p) {
			return
		}
		if l == lang.Python && w.pyCompiled(c, call, dir.Path, what) {
			return // an extension module or bytecode found first
		}
		if w.exists(dir.Path) || l == lang.Perl && strings.HasSuffix(p, ".pm") && w.exists(dir.Path+"c") {
			w.include(c, call, l, p, what, label, dynamic, false)
			return
		}
	}
}

// pythonZipModule judges a module file Python's zipimport loads from an
// archive on its module path (PYTHONPATH=lib.zip, sys.path.insert(0,
// "deps.egg")): file is ARCHIVE/MEMBER, ARCHIVE a file named .zip, .egg,
// .whl or .pyz; the member is read as the program's Python, and one that
// cannot be read asks. It reports whether file is in such an archive.
func (w *walker) pythonZipModule(c scope, call *Call, file string) bool {
	parts := strings.Split(filepath.ToSlash(file), "/")
	for k := 1; k < len(parts) && k < 32; k++ {
		switch filepath.Ext(parts[k-1]) {
		case ".zip", ".egg", ".whl", ".pyz":
		default:
			continue
		}
		archive := strings.Join(parts[:k], "/")
		if archive == "" {
			continue
		}
		d := call.Dir.Join(archive)
		if !d.Known || w.isDir(d) || !w.exists(d.Path) && !w.opaque[d.Path] {
			continue
		}
		if w.opaqueRun(call, d, archive) {
			return true
		}
		text, ok := w.readScript(d)
		if !ok {
			return false
		}
		rel := strings.Join(parts[k:], "/")
		switch member, body, st := zipMember(text, []string{rel}); st {
		case zipUnread:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: archive,
				What: call.Name + " imports " + member + " from the zip archive " + archive + ", which corral cannot read"})
		case zipFound:
			w.program(c, call, lang.Python, body, archive+" (zip) "+member, false, archive)
		}
		return true
	}
	return false
}

// exists reports whether path is a file this command wrote or one on
// disk.
func (w *walker) exists(path string) bool {
	if _, ok := w.written[path]; ok {
		return true
	}
	if w.read == nil {
		return false
	}
	_, err := w.read(path)
	if err != nil {
		w.noteAbsentRead(path) // a file an earlier call may make (changed_here.go)
	}
	return err == nil
}

// modulePathAssigns returns the module search variables call is given,
// as prefix assignments for a nested command line that starts the same
// interpreter (PERL5OPT=-Mx reaches perl with PERL5LIB).
func modulePathAssigns(st *state, envWords map[string]string) string {
	var b strings.Builder
	for _, name := range []string{"NODE_PATH", "PERL5LIB", "PERLLIB", "PYTHONPATH", "RUBYLIB"} {
		if v, ok := commandEnv(st, envWords, name); ok {
			b.WriteString(name + "=" + Quote(v) + " ")
		}
	}
	return b.String()
}
