package syntax

import (
	"os"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// The environment a program starts with reaches every program it starts
// in turn, and any of them may be bash: a script run by its path whose
// first line is #!/usr/bin/env bash (bs.sh, and system commands that are
// bash scripts, such as Debian's ldd), make's recipe shell when the
// makefile or the command line sets SHELL to bash, git's hooks and
// aliases, npm's scripts, interpreter code that runs bash, timeout,
// xargs and find -exec running any of those. bash acts on two kinds of
// variable in the environment it starts with (bash(1), INVOCATION and
// FUNCTIONS):
//   - BASH_FUNC_NAME%%=() { BODY; } defines the function NAME before the
//     script runs, and a command NAME the script runs then calls BODY
//     (ls, echo, make: any command, since a function wins over a
//     program);
//   - BASH_ENV=FILE: a bash that is not interactive sources FILE first.
//
// So when the command gives a program (not bash itself, which startup and
// the imported functions below judge where it starts) such a variable,
// the function bodies and the file's text are judged as code run there
// (red team 17 BF1): a harmless body or file passes, a missing file or a
// body only known at run time asks. Each value is judged once per
// command. The user's own environment (variables the command did not
// set) is not judged.

// inheritedBash judges, at call, what a bash its program starts (call
// itself when it is bash) runs from the environment the command gives
// it.
func (w *walker) inheritedBash(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name == "" || len(call.Wrappers) == 0 && shellOwn.Has(call.Name) {
		return // bash runs these itself: no program sees the variables
	}
	w.importedFuncs(c, call, st)
	if c.sc.Kind == "env -S" && len(call.Args) > 0 {
		// env -S "BASH_FUNC_ls%%='() {…}' CMD": env takes the word for
		// NAME=value; read as a shell line, it is the command name.
		if name, val, ok := strings.Cut(call.NameArg.Value, "="); ok {
			if fn, isFn := lang.BashFuncName(name); isFn {
				w.importedFunc(c, call, name, fn, Arg{Value: val, Raw: call.NameArg.Raw, Static: call.NameArg.Static}, "any bash env -S starts", name)
			}
		}
	}
	if !isBash(call.Name) {
		w.inheritedBashEnv(c, call, st, envWords)
	}
}

// importedFuncs judges the functions bash imports from the environment
// call's program starts with: env 'BASH_FUNC_f%%=() { …; }' CMD (the
// wrappers' words), or such a variable the command exported before. The
// body is walked as a function that is called.
func (w *walker) importedFuncs(c scope, call *Call, st *state) {
	type fnVar struct {
		name, fn string
		val      Arg
	}
	var vars []fnVar
	seen := map[string]bool{}
	for _, a := range call.pre {
		name, val, ok := strings.Cut(a.Value, "=")
		fn, isFn := lang.BashFuncName(name)
		if !ok || !isFn {
			continue
		}
		if e, decided := call.envEdit.get(name); decided && e == nil {
			continue // env -u after it
		}
		seen[name] = true
		vars = append(vars, fnVar{name, fn, Arg{Value: val, Raw: a.Raw, Static: a.Static}})
	}
	if st != nil && (call.envEdit == nil || !call.envEdit.cleared) {
		var names []string
		for name, v := range st.vars {
			if _, isFn := lang.BashFuncName(name); isFn && !seen[name] && v.exported && (v.set || !v.known) {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			if _, decided := call.envEdit.get(name); decided {
				continue
			}
			v := st.vars[name]
			fn, _ := lang.BashFuncName(name)
			vars = append(vars, fnVar{name, fn, Arg{Value: v.str, Raw: name, Static: v.known}})
		}
	}
	who := "bash"
	if !isBash(call.Name) {
		who = "any bash " + clip(call.Name, 30) + " is or starts"
	}
	for _, v := range vars {
		w.importedFunc(c, call, v.name, v.fn, v.val, who, v.name)
	}
}

// importedFunc judges the function fn a bash imports from the
// environment variable name with the value val: walked as a function that
// is called (a value that is no function definition is nothing to bash;
// one only known at run time asks). who says which bash; origin names
// where the code comes from in the findings. Each value is judged once.
func (w *walker) importedFunc(c scope, call *Call, name, fn string, val Arg, who, origin string) {
	key := "BASH_FUNC " + name + "=" + val.Value
	if !val.Static {
		key = "BASH_FUNC " + name + " " + val.Raw
	}
	if w.ranVars[key] {
		return
	}
	if w.ranVars == nil {
		w.ranVars = map[string]bool{}
	}
	w.ranVars[key] = true
	if !val.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
			What: who + " imports the function " + clip(fn, 30) + " from its environment, with a body only known at run time"})
		return
	}
	if !strings.HasPrefix(strings.TrimSpace(val.Value), "()") {
		return // not a function definition: bash imports nothing
	}
	// The body is what runs; a name bash allows but the parser may not
	// (apt-get, a.b) is walked under a plain one.
	if !isName(fn) {
		fn = "imported_function"
	}
	saved := w.origin
	w.origin = origin + " (a function " + who + " imports)"
	w.child(c, call, fn+" "+val.Value+"\n"+fn, nil, "imported function", false)
	w.origin = saved
}

// inheritedBashEnv judges the file BASH_ENV names where a program that
// is not bash gets it (BASH_ENV=x make, export BASH_ENV=x; ./bs.sh): any
// bash it starts, not interactive, sources the file first.
func (w *walker) inheritedBashEnv(c scope, call *Call, st *state, envWords map[string]string) {
	val, known, set := envValue(call, st, envWords, "BASH_ENV")
	if _, decided := call.envEdit.get("BASH_ENV"); !set && !decided {
		if v, ok := st.vars["BASH_ENV"]; ok && v.exported && (!v.known || v.set) {
			val, known, set = v.str, v.known, true
		}
	}
	if set {
		w.bashEnvFile(c, call, val, known, "a file any bash "+clip(call.Name, 30)+" is or starts runs first")
	}
}

// bashEnvFile judges the file BASH_ENV names, val (known false: only
// known at run time), where a program that may start bash gets it; what
// says which bash runs it. Each value is judged once.
func (w *walker) bashEnvFile(c scope, call *Call, val string, known bool, what string) {
	if known && val == "" {
		return
	}
	if known && w.read != nil {
		// A file that is not there and that the command does not write
		// runs nothing: unlike bash itself (startup), the program may
		// start no bash at all (env BASH_ENV=f python3 -c 'print(1)').
		d := call.Dir.Join(expandTilde(val, w.home))
		if _, written := w.written[d.Path]; d.Known && !written && !w.opaque[d.Path] {
			if _, err := os.Lstat(d.Path); err != nil {
				return
			}
		}
	}
	key := "BASH_ENV=" + val
	if !known {
		key = "BASH_ENV " + call.Name
	}
	if w.ranVars[key] {
		return
	}
	if w.ranVars == nil {
		w.ranVars = map[string]bool{}
	}
	w.ranVars[key] = true
	w.startupFile(c, call, "BASH_ENV", val, known, what)
}

// codeShellEnv judges the functions and the BASH_ENV program code in
// language l puts in the environment of the programs it starts
// (lang.SetsShellEnv: e["BASH_FUNC_echo%%"] = "() { …; }";
// subprocess.run(["bash", …], env=e), $ENV{BASH_ENV} = "x.sh"; system
// "make"): any bash among them imports or sources them. where names the
// code in the findings.
func (w *walker) codeShellEnv(c scope, call *Call, l lang.Lang, text, where string) {
	for _, v := range lang.SetsShellEnv(l, text) {
		who := "any bash the code starts"
		if fn, ok := lang.BashFuncName(v.Name); ok {
			w.importedFunc(c, call, v.Name, fn, Arg{Value: v.Value, Raw: v.Name, Static: v.Known}, who, "in "+string(l)+" code ("+where+"): "+v.Name)
			continue
		}
		w.bashEnvFile(c, call, v.Value, v.Known, "a file "+who+" runs first")
	}
}

// startupFile judges the file a shell's start-up variable name (BASH_ENV,
// ENV) names, val (known false: only known at run time): read as the
// script the shell runs first; what says what runs it.
func (w *walker) startupFile(c scope, call *Call, name, val string, known bool, what string) {
	d := call.Dir.Join(expandTilde(val, w.home))
	if known && d.Known && d.Path == "/dev/null" {
		return // BASH_ENV=/dev/null: an empty file, nothing runs
	}
	_, written := w.written[d.Path]
	if !known || !d.Known || w.read == nil && !written && !w.opaque[d.Path] {
		// A file only known at run time, or a machine whose files
		// are not read.
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, What: name + " names " + what, Always: true})
		return
	}
	if _, ok := w.readScript(d); ok {
		w.scriptFile(c, call, Arg{Value: d.Path, Raw: name, Static: true}, "sh")
		return
	}
	// A file that exists but cannot be read, or that does not exist
	// yet (the command may make it before the shell starts: tar x,
	// a download): its code is only known at run time.
	why := ", which corral could not read (not a regular file of at most 1 MiB)"
	if _, err := os.Lstat(d.Path); err != nil && !w.opaque[d.Path] {
		why = ", which does not exist when corral looks"
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, What: name + " names " + d.Path + ", " + what + why})
}
