package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Variables that make a program run code it finds in them or in a place
// they name, which the agent can set on any command line:
//   - PS0, PS1 and PS2 of an interactive shell (bash -i, sh -i) are
//     expanded as prompts, their command substitutions run (bash(1),
//     PROMPTING; PS4 under set -x is specialVar's);
//   - SHELL is the program script, tmux, screen, sudo -s, su -m, flock
//     -c, systemd-run --shell and unshare/nsenter/chroot without a command
//     start as the user's shell;
//   - GIT_EXEC_PATH and git --exec-path=DIR: git runs its helper programs
//     (git-NAME for a command that is not built in) from DIR and puts DIR
//     first in the PATH of every program it starts (git(1));
//   - LD_PRELOAD and LD_AUDIT naming a library outside the system's
//     directories that existed before the command (one this command built
//     or wrote is loader's): its code runs in the program and corral
//     cannot read it;
//   - LD_LIBRARY_PATH naming a directory outside the system's that holds
//     shared libraries: the loader takes any library the program links
//     (libselinux.so.1 for ls) from there first, and runs its
//     constructors (ld.so(8));
//   - GCONV_PATH naming a directory outside the system's with a
//     gconv-modules file: glibc's iconv_open (iconv, and any program
//     converting a character set) loads the modules it lists (iconv(3),
//     gconv-modules(5)).

// shellEnv judges those variables at call.
func (w *walker) shellEnv(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name == "" || runByShell(call) {
		return
	}
	w.interactivePrompts(c, call, st, envWords)
	w.tracePrompt(c, call, st, envWords)
	w.userShell(c, call, st, envWords)
	w.gitExecPath(c, call, st, envWords)
	w.preloadOnDisk(call, st, envWords)
	w.libraryPathOnDisk(call, st, envWords)
	w.gconvPath(call, st, envWords)
	w.opensslConf(c, call)
	w.javaAgents(c, call)
	w.javaClassPath(c, call) // javaloaded.go
	w.optionLibraries(c, call)
}

// envValue returns the value the program call starts gets for name:
// given on its command line or exported earlier. known is false for a
// value only known at run time; a value only known at run time that the
// command did not change is the user's own environment's, and not set.
func envValue(call *Call, st *state, envWords map[string]string, name string) (val string, known, set bool) {
	if v, ok := envWords[name]; ok {
		return v, true, true
	}
	if a, decided := call.envEdit.get(name); decided {
		if a == nil {
			return "", false, false
		}
		return a.Value, a.Static, true
	}
	v, ok := st.vars[name]
	if !ok || !v.exported || v.known && !v.set || !v.known && !slices.Contains(call.EnvChanged, name) {
		return "", false, false
	}
	return v.str, v.known, true
}

// tracePrompt expands the PS4 a wrapper (env PS4=… bash -x) hands a
// shell that traces: bash -x or an xtrace in the SHELLOPTS it imports
// (env PS4='$(…)' SHELLOPTS=xtrace bash -c true). The shell expands PS4
// before each traced command, so its substitutions run. A PS4 assigned
// in the shell itself is expanded where it is assigned (specialVar).
func (w *walker) tracePrompt(c scope, call *Call, st *state, envWords map[string]string) {
	ps4, ok := envWords["PS4"]
	if !ok || !IsShell(call.Name) {
		return
	}
	t := ShellTrace(call)
	if v, known, set := envValue(call, st, envWords, "SHELLOPTS"); set && known {
		t = t.merge(shellOptsTrace(v))
	}
	if t.Xtrace {
		w.prompt(c, ps4, st)
	}
}

// interactivePrompts expands the prompts an interactive shell shows.
func (w *walker) interactivePrompts(c scope, call *Call, st *state, envWords map[string]string) {
	if !IsShell(call.Name) || !interactiveShell(call) {
		return
	}
	if onTerminal(call) && call.Script.Runner != nil {
		// env PS1=… script -qc bash: the values the runner was handed
		// are in the shell's environment too.
		merged := call.Script.Runner.envEdit.words()
		for k, v := range envWords {
			merged[k] = v
		}
		envWords = merged
	}
	for _, name := range []string{"PS0", "PS1", "PS2"} {
		v, known, set := envValue(call, st, envWords, name)
		switch {
		case !set:
		case !known:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " -i expands " + name + ", a prompt only known at run time, whose substitutions run"})
		default:
			w.prompt(c, v, st)
		}
	}
	// PROMPT_COMMAND runs before each prompt: a known value is walked
	// where it is assigned (specialVar); one only known at run time that
	// this command set (x=$(cat f); PROMPT_COMMAND=$x bash -i) is code
	// corral cannot see.
	if v, given := envWords["PROMPT_COMMAND"]; given {
		// env PROMPT_COMMAND='…' bash -i: handed by a wrapper, no
		// assignment of the shell's walks it.
		w.childIn(c, nil, v, nil, "PROMPT_COMMAND", false, st.clone(), st.dir)
	} else if _, known, set := envValue(call, st, envWords, "PROMPT_COMMAND"); set && !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "PROMPT_COMMAND",
			What: call.Name + " -i runs PROMPT_COMMAND before each prompt, a command only known at run time"})
	}
}

// interactiveShell reports a shell that runs interactively: with -i, or,
// as bash decides it, with no -c string and no script file while its
// input is a terminal: script -c bash, tmux new-session bash and screen
// bash start it on the terminal they make (echo exit | env
// PROMPT_COMMAND=… script -qc bash /dev/null runs PROMPT_COMMAND, as
// the real script and bash show).
func interactiveShell(call *Call) bool {
	sw := readShell(call)
	if sw.interactive {
		return true
	}
	if sw.cflag || sw.noexec || sw.operand >= 0 && !sw.sflag {
		return false
	}
	return onTerminal(call)
}

// onTerminal reports a call whose input is the terminal a program that
// runs its text made (script, tmux, screen, byobu): not a later stage of
// a pipe, not redirected.
func onTerminal(call *Call) bool {
	if call.PipeIndex > 0 || call.Script == nil {
		return false
	}
	for _, r := range call.Redirs {
		if strings.HasPrefix(r.Op, "<") && (r.Fd == "" || r.Fd == "0") {
			return false
		}
	}
	if n := len(call.Wrappers); n > 0 {
		// screen bash, unbuffer bash: the program runs on their terminal.
		switch call.Wrappers[n-1] {
		case "screen", "byobu", "unbuffer":
			return true
		}
	}
	if call.Script.Runner == nil {
		return false
	}
	switch call.Script.Runner.Name {
	case "script", "tmux", "screen", "byobu":
		return true
	}
	return false
}

// shellStarters are the programs that start the user's shell, $SHELL,
// and when: always, or with one of the options listed, or when no
// command follows the options (unshare, nsenter, chroot).
var shellStarters = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"script": nil, "tmux": nil, "screen": nil, "byobu": nil,
		"sudo": {"-s", "--shell"}, "su": {"-m", "-p", "--preserve-environment"}, "runuser": {"-m", "-p", "--preserve-environment"},
		"flock": {"-c", "--command"}, "systemd-run": {"-S", "--shell"},
		"unshare": {""}, "nsenter": {""}, "chroot": {""},
	}
}}

// userShell judges the program SHELL names where a program starts it:
// anything but a shell of the system's runs as the agent wrote it.
func (w *walker) userShell(c scope, call *Call, st *state, envWords map[string]string) {
	starter := ""
	var when []string
	for _, name := range append(append([]string(nil), call.Wrappers...), call.Name) {
		if opts, ok := shellStarters.Get()[name]; ok {
			starter, when = name, opts
			break
		}
	}
	if starter == "" {
		return
	}
	if len(when) > 0 && !w.startsShell(call, starter, when) {
		return
	}
	v, known, set := envValue(call, st, envWords, "SHELL")
	if !set || known && v == "" {
		return
	}
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "SHELL",
			What: starter + " starts $SHELL, a program only known at run time"})
		return
	}
	if IsShell(filepath.Base(v)) && (!strings.Contains(v, "/") || systemPath(v)) {
		return
	}
	key := "SHELL=" + v
	if w.ranVars[key] {
		return
	}
	if w.ranVars == nil {
		w.ranVars = map[string]bool{}
	}
	w.ranVars[key] = true
	w.child(c, call, Quote(v), nil, "SHELL ("+starter+")", false)
}

// startsShell reports whether starter, called as call, starts $SHELL:
// with one of the options when (sudo -s, flock -c), or, when is {""},
// with no command after its options (unshare, nsenter; chroot NEWROOT).
func (w *walker) startsShell(call *Call, starter string, when []string) bool {
	if starter != call.Name {
		// A wrapper that ran a command: sudo -s CMD runs $SHELL -c CMD.
		if when[0] == "" {
			return false
		}
		// flock FILE -c CMD: the wrapper ends before -c.
		for _, a := range append(append([]Arg(nil), call.pre...), call.NameArg) {
			if shellStartOption(a.Value, when) {
				return true
			}
		}
		return false
	}
	if when[0] == "" {
		operands := 0
		for _, a := range call.Args {
			if !strings.HasPrefix(a.Value, "-") {
				operands++
			}
		}
		return operands == 0 || starter == "chroot" && operands == 1
	}
	for _, a := range call.Args {
		if shellStartOption(a.Value, when) {
			return true
		}
	}
	return false
}

// shellStartOption reports whether word is one of the options when, as
// its own word or in a bundle of short options (sudo -Es).
func shellStartOption(word string, when []string) bool {
	for _, o := range when {
		if word == o || strings.HasPrefix(word, o+"=") {
			return true
		}
		if len(o) == 2 && len(word) > 2 && word[0] == '-' && word[1] != '-' && strings.ContainsRune(word[1:], rune(o[1])) {
			return true
		}
	}
	return false
}

// systemPath reports whether p is in a directory of the system's
// programs, which the agent does not write.
func systemPath(p string) bool {
	for _, s := range systemPrograms {
		if strings.HasPrefix(p, s) {
			return true
		}
	}
	return false
}

// gitExecPath judges the directory git runs its helpers from when the
// command sets it: git-NAME there is read as the script git runs for
// the command NAME; a directory only known at run time, or one with no
// such file, asks, since git puts it first in the PATH of every
// program it starts (git itself, ssh, the pager, hooks' commands).
func (w *walker) gitExecPath(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name != "git" {
		return
	}
	dir, known, set := envValue(call, st, envWords, "GIT_EXEC_PATH")
	sub := ""
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		v := a.Value
		if p, ok := strings.CutPrefix(v, "--exec-path="); ok {
			dir, known, set = p, a.Static, true
			continue
		}
		switch v {
		case "-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix", "--list-cmds", "--attr-source":
			i++
			continue
		}
		if !strings.HasPrefix(v, "-") {
			sub = v
			break
		}
	}
	if !set || known && dir == "" {
		return
	}
	d := call.Dir.Join(dir)
	if known && d.Known && systemPath(d.Path+"/") {
		return
	}
	if known && d.Known && !w.wroteUnder(d.Path) && !w.opaque[d.Path] {
		if w.read == nil {
			return // whether it holds programs is not known here
		}
		if emptyDir(d.Path) {
			return // no such directory, or an empty one: git finds nothing there
		}
	}
	if known && d.Known && sub != "" {
		helper := filepath.Join(d.Path, "git-"+sub)
		if w.exists(helper) {
			w.scriptFile(c, call, Arg{Value: helper, Raw: "git-" + sub, Static: true}, "")
			return
		}
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: dir,
		What: "git runs its helper programs from " + clip(dir, 60) + " and puts it first in the PATH of what it starts"})
}

// preloadOnDisk asks about a library LD_PRELOAD or LD_AUDIT loads that
// is a file outside the system's directories which this command did not
// build or write (those are loader's): code corral cannot read.
func (w *walker) preloadOnDisk(call *Call, st *state, envWords map[string]string) {
	for _, name := range []string{"LD_PRELOAD", "LD_AUDIT"} {
		v, known, set := envValue(call, st, envWords, name)
		if !set || known && strings.TrimSpace(v) == "" {
			continue
		}
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: name + " loads into " + call.Name + " a library only known at run time"})
			continue
		}
		for _, lib := range strings.FieldsFunc(v, func(r rune) bool { return r == ':' || r == ' ' }) {
			if !strings.Contains(lib, "/") {
				continue // searched for in the system's library directories
			}
			d := call.Dir.Join(lib)
			if w.missingLibrary(d) {
				// Not there when the hook runs: whatever this command
				// or another process puts there first is loaded.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: lib,
					What: name + " loads " + d.Path + " into " + call.Name + ", a file not there when corral looked: what is put there before " + call.Name + " starts is code corral cannot read"})
				continue
			}
			if !w.unreadLibrary(d) {
				continue
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: lib,
				What: name + " loads " + d.Path + " into " + call.Name + ", a library whose code corral cannot read"})
		}
	}
}

// unreadLibrary reports whether d is compiled code a program loads that
// corral cannot read: a file outside the system's directories, on disk
// before the command (one this command built or wrote is loader's; a
// missing one loads nothing).
func (w *walker) unreadLibrary(d Dir) bool {
	if !d.Known || systemPath(d.Path) {
		return false
	}
	if _, ok := w.compiled[d.Path]; ok {
		return false
	}
	if _, ok := w.written[d.Path]; ok {
		return false
	}
	if w.read == nil {
		return false // whether it exists is not known here
	}
	if _, err := os.Stat(d.Path); err != nil && !w.opaque[d.Path] {
		return false
	}
	return true
}

// missingLibrary reports a library path outside the system's
// directories that is not on disk when the hook runs and that this
// command neither built nor wrote (those are loader's). The loader skips
// a missing LD_PRELOAD entry with a warning, but the command's earlier
// programs, a job left running by an earlier command or another user
// (in /tmp) can put a file there before the program starts: the same
// unread code as a library already there.
func (w *walker) missingLibrary(d Dir) bool {
	if !d.Known || systemPath(d.Path) || w.read == nil || w.opaque[d.Path] {
		return false
	}
	if _, ok := w.compiled[d.Path]; ok {
		return false
	}
	if _, ok := w.written[d.Path]; ok {
		return false
	}
	_, err := os.Stat(d.Path)
	return err != nil && os.IsNotExist(err)
}

// othersMayWrite reports a directory that, or whose nearest existing
// ancestor, any user may write (/tmp, /var/tmp, /dev/shm): a file can
// appear in it between the hook and the run.
func othersMayWrite(dir string) bool {
	for p := filepath.Clean(dir); ; p = filepath.Dir(p) {
		if fi, err := os.Stat(p); err == nil {
			return fi.IsDir() && fi.Mode().Perm()&0o002 != 0
		}
		if p == "/" || p == "." {
			return false
		}
	}
}

// emptyDir reports whether path is not a directory with an entry in it.
func emptyDir(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true
	}
	defer f.Close()
	names, _ := f.Readdirnames(1)
	return len(names) == 0
}

// wroteUnder reports whether this command wrote a file under dir.
func (w *walker) wroteUnder(dir string) bool {
	for p := range w.written {
		if strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

// maxLibDirEntries bounds the entries of one directory looked at for
// shared libraries.
const maxLibDirEntries = 4096

// libraryPathOnDisk asks about an LD_LIBRARY_PATH directory outside the
// system's directories that holds a shared library this command did not
// build or write (those are loader's) when the program started is a
// system program (ls, python3, git): the loader searches the directory
// before the system's, so any library the program links is taken from
// there, code corral cannot read. A program the project built (./app,
// build/bin/tool) is not judged by its libraries: its own code is as
// unread as theirs. An empty entry is the working directory; a value
// only known at run time is not judged (LD_LIBRARY_PATH=$CONDA_PREFIX/lib
// is everyday work; see the README's limits).
func (w *walker) libraryPathOnDisk(call *Call, st *state, envWords map[string]string) {
	v, known, set := envValue(call, st, envWords, "LD_LIBRARY_PATH")
	if !set || !known || w.read == nil || !w.systemProgram(call) {
		return
	}
	seen := map[string]bool{}
	for _, entry := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' }) {
		for _, dir := range strings.Split(entry, ":") {
			d := call.Dir
			if dir != "" {
				d = call.Dir.Join(dir)
			}
			if !d.Known || seen[d.Path] || systemPath(d.Path+"/") {
				continue
			}
			seen[d.Path] = true
			if lib := libraryOnDisk(d.Path, w); lib != "" {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: dir,
					What: "LD_LIBRARY_PATH makes the loader take " + call.Name + "'s libraries from " + d.Path + " first, which holds " + lib + ", a library whose code corral cannot read"})
				return
			}
			if othersMayWrite(d.Path) || w.earlierMayWrite(call, st) && !w.wroteUnder(d.Path) && len(w.librariesIn(d.Path)) == 0 {
				// No library there now, but one can be put there first:
				// by any user (a temp directory) or by a program this
				// command ran before (what it writes is not known; a
				// library it built or wrote there is loader's).
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: dir,
					What: "LD_LIBRARY_PATH makes the loader take " + call.Name + "'s libraries from " + d.Path + " first, where a library can be put before it starts: code corral cannot read"})
				return
			}
		}
	}
}

// systemProgram reports whether call starts a program of the system:
// a name looked up in PATH, or a path in the system's directories.
func (w *walker) systemProgram(call *Call) bool {
	if !strings.Contains(call.NameArg.Value, "/") {
		return true
	}
	d := call.Dir.Join(call.NameArg.Value)
	return d.Known && systemPath(d.Path)
}

// libraryOnDisk returns the name of a shared library (a name with .so)
// in dir that this command did not build or write, "" when there is
// none or dir cannot be read.
func libraryOnDisk(dir string, w *walker) string {
	f, err := os.Open(dir)
	if err != nil {
		return ""
	}
	defer f.Close()
	names, _ := f.Readdirnames(maxLibDirEntries)
	sort.Strings(names)
	for _, n := range names {
		if !strings.Contains(n, ".so") {
			continue
		}
		p := filepath.Join(dir, n)
		if _, ok := w.compiled[p]; ok {
			continue
		}
		if _, ok := w.written[p]; ok {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return n
		}
	}
	return ""
}

// gconvPath asks about GCONV_PATH naming a directory outside the
// system's whose gconv-modules file (or gconv-modules.d) exists or this
// command wrote: glibc loads the conversion modules it lists into the
// program that converts a character set. A value only known at run time
// asks too (setting GCONV_PATH is rare outside this use).
func (w *walker) gconvPath(call *Call, st *state, envWords map[string]string) {
	v, known, set := envValue(call, st, envWords, "GCONV_PATH")
	if !set || known && strings.TrimSpace(v) == "" {
		return
	}
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "GCONV_PATH",
			What: "GCONV_PATH makes glibc load character-set conversion modules into " + call.Name + " from a directory only known at run time"})
		return
	}
	for _, dir := range strings.Split(v, ":") {
		if dir == "" {
			continue
		}
		d := call.Dir.Join(dir)
		if !d.Known || systemPath(d.Path+"/") {
			continue
		}
		found := w.wroteUnder(d.Path)
		if !found && w.read != nil {
			for _, n := range []string{"gconv-modules", "gconv-modules.d"} {
				if _, err := os.Stat(filepath.Join(d.Path, n)); err == nil || w.opaque[filepath.Join(d.Path, n)] {
					found = true
				}
			}
		}
		if found {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: dir,
				What: "GCONV_PATH makes glibc load the conversion modules " + d.Path + "/gconv-modules lists into " + call.Name + ", code corral cannot read"})
			return
		}
	}
}
