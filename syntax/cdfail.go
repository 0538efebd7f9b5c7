package syntax

import (
	"os"
	"strings"
)

// A cd that does not happen (red team 7, T): bash stays where it was
// when cd fails — a directory that does not exist, "too many arguments"
// — and goes on with the next command unless set -e is on or the cd is
// part of an && / || chain (andOr models those); after enable -n cd the
// builtin is gone and cd is a program, which cannot move the shell.

// dirBit is the bit of state.dirOff for a directory builtin.
func dirBit(name string) uint8 {
	switch name {
	case "cd":
		return 1
	case "pushd":
		return 2
	case "popd":
		return 4
	}
	return 0
}

// enableDirBuiltins models enable [-n] NAME…: -n turns the directory
// builtins named off, enable NAME turns them on again. enable -p, -a,
// -s and -f do something else with the names (print, load) and are
// left alone, as is a name only run time knows.
func enableDirBuiltins(args []Arg, st *state) {
	off := false
	for _, a := range args {
		if !a.Static {
			continue
		}
		v := a.Value
		if len(v) > 1 && v[0] == '-' {
			for _, l := range v[1:] {
				switch l {
				case 'n':
					off = true
				case 'f', 'p', 'a', 's', 'd':
					return
				}
			}
			continue
		}
		if b := dirBit(v); b != 0 {
			if off {
				st.dirOff |= b
			} else {
				st.dirOff &^= b
			}
		}
	}
}

// dirTooMany reports a cd or pushd given more than one directory: bash
// refuses it ("too many arguments") and stays. A pattern counts as the
// words it expands to now (cd /tmp/x/m* with two matches).
func (w *walker) dirTooMany(call *Call) bool {
	if call.Name != "cd" && call.Name != "pushd" {
		return false
	}
	operands := 0
	ended := false
	for _, a := range call.Args {
		switch {
		case !ended && a.Static && a.Value == "--":
			ended = true
		case !ended && a.Static && len(a.Value) > 1 && a.Value[0] == '-' && !(call.Name == "pushd" && dirStackIndex(a.Value)):
		case !a.Static:
			return false // may be no word at all, or several
		case a.Glob && a.Pattern() != "":
			words := w.expandedWords(call.Dir, a)
			if words == nil {
				return false
			}
			operands += len(words)
		default:
			operands++
		}
	}
	return operands > 1
}

// noteMkdir records the directories a mkdir call makes.
func (w *walker) noteMkdir(call *Call) {
	_, operands := ScanOptions(call.Args, OptSpec{ShortVal: "m", LongEq: true, LongVal: []string{"mode", "context"}})
	for _, k := range operands {
		a := call.Args[k]
		if !a.Static {
			continue
		}
		if d := call.Dir.Join(a.Value); d.Known {
			w.mkdirs = append(w.mkdirs, d.Path)
		}
	}
}

// cdMayFail reports a directory cd is to enter that is not there when
// the hook runs and that no mkdir earlier in the command made, or that
// is there but cannot be entered: the cd may fail. A machine whose files are not read, or a directory only
// known at run time, says nothing.
func (w *walker) cdMayFail(d Dir) bool {
	if w.read == nil || !d.Known {
		return false
	}
	if w.cur != nil && w.cur.links != nil && len(w.cur.links.m) > 0 {
		// ln -s /proc/self/fd d; cd d: a link the command made is there
		// when cd runs; its target decides.
		if phys := physicalPath(d.Path, w.cur.links, false); phys != d.Path {
			d = Dir{Path: phys, Known: true}
		}
	}
	if _, ok := shellFdDir(d, d.Path); ok {
		return false // /proc/$$/fd: the shell's own, there while it runs
	}
	if c := shellFdCanon(d.Path); c != d.Path {
		// /proc/thread-self, /proc/$$/task/$$: the shell's own process
		// directory, /proc/self to the kernel.
		d = Dir{Path: c, Known: true}
	}
	if w.isDir(d) {
		// A directory there that the user cannot search (no x
		// permission): bash says "Permission denied" and stays. Its
		// "." is looked up through it, as chdir would.
		_, err := os.Stat(d.Path + "/.")
		return err != nil && os.IsPermission(err)
	}
	for _, m := range w.mkdirs {
		if pathWithin(m, d.Path) {
			return false
		}
	}
	return true
}

// cdSurelyFails reports a cd (cdMayFail's directory d) that cannot
// succeed when it runs: the directory is absent when the hook runs, the
// operand is written as a plain word naming it from / or from the
// working directory (./x, ../x: no CDPATH search, no ~), and nothing that ran before it in the command could
// have made it: every earlier call is one bash runs itself (echo, cd,
// export), a function of the script (whose own calls are listed), or
// a program that writes no file (inertPrograms), and no code
// only known at run time ran. bash then prints "No such file or
// directory" and stays where it was, with PWD and OLDPWD as they were
// (PWD=~; cd /nonexistent; rm -rf "$PWD"/.ssh deletes ~/.ssh). A trap's
// text, walked where trap sets it, runs later: never sure there.
func (w *walker) cdSurelyFails(c scope, call *Call, st *state, d Dir) bool {
	if call.Name != "cd" || !d.Known || w.isDir(d) || c.sc == nil || c.sc.Kind == "trap" {
		return false
	}
	operands := 0
	for _, a := range call.Args {
		if !a.Static {
			return false
		}
		if a.Value == "-L" || a.Value == "-P" || a.Value == "-e" || a.Value == "-@" {
			continue
		}
		operands++
		v := a.Value
		if a.Raw != v {
			// Written as it is: not ~ or $HOME (the home directory
			// is taken to be there), no quoting or expansion.
			return false
		}
		if !(strings.HasPrefix(v, "/") || v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../")) {
			return false
		}
	}
	if operands != 1 {
		return false
	}
	return !w.earlierMayWrite(call, st)
}

// earlierMayWrite reports a call walked before call that may have
// written files: anything but a call bash runs itself (echo, cd,
// export), a function of the script (whose own calls are listed) or a
// program that writes no file (inertPrograms), found where the system
// keeps it. Code only known at run time may write too.
func (w *walker) earlierMayWrite(call *Call, st *state) bool {
	if len(w.m.Hidden) > 0 || len(w.m.Unparsed) > 0 {
		return true
	}
	for _, k := range w.m.Calls {
		if k == nil || k == call {
			continue
		}
		if runByShell(k) {
			continue
		}
		if st != nil {
			if _, fn := st.funcs[k.Name]; fn && len(k.Wrappers) == 0 && k.NameArg.Static && !strings.Contains(k.NameArg.Value, "/") {
				continue
			}
		}
		if inertPrograms.Has(k.Name) && k.NameArg.Static && !strings.Contains(k.NameArg.Value, "/") &&
			k.PathDir == "" && !k.PathRunTime && len(k.Wrappers) == 0 {
			continue
		}
		return true
	}
	return false
}
