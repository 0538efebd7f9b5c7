package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// printedPathSubst is the output of a substitution that prints back the
// paths it is given (red team 16 PI1): ls of files (ls PATH, ls -d GLOB:
// each name as written, the pattern expanded as bash does, sorted), and
// compgen -G PATTERN (bash's own glob printer). A directory ls would
// list, an option that changes what is printed (-l, -F, …), a name
// that is not there now (ls prints nothing for it, but the command may
// make it first) and more than 64 names are left to run time. handled
// reports a statement it reads.
func (r *resolver) printedPathSubst(st *sh.Stmt) (out string, ok, handled bool) {
	ce, isCall := st.Cmd.(*sh.CallExpr)
	if !isCall || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return "", false, false
	}
	name := ce.Args[0].Lit()
	if name != "ls" && name != "compgen" {
		return "", false, false
	}
	// The program itself (no function or alias of its name), its words
	// static (staticCall, listednames.go).
	_, args, plain := r.staticCall(st)
	if !plain || !r.dir.Known {
		return "", false, true
	}
	if name == "compgen" {
		out, ok = r.compgenGlob(args)
	} else {
		out, ok = r.lsNames(args)
	}
	return out, ok, true
}

// maxPrintedPaths bounds the names a printed-path substitution gives.
const maxPrintedPaths = 64

// lsNames is what ls prints for file operands: each name as the command
// line gives it, one a line, in byte order (LC_COLLATE=C; another locale
// orders them otherwise, and every name is still one of them). -d
// prints a directory's name instead of its entries; -1, -a, -A and -U
// print names alike (-U keeps the order given).
func (r *resolver) lsNames(args []Arg) (string, bool) {
	dirsAsFiles, unsorted := false, false
	var ops []Arg
	opts := true
	for _, a := range args {
		v := a.Value
		switch {
		case opts && !a.Glob && v == "--":
			opts = false
		case opts && !a.Glob && v == "--directory":
			dirsAsFiles = true
		case opts && !a.Glob && strings.HasPrefix(v, "-") && len(v) > 1 && !strings.HasPrefix(v, "--"):
			for _, c := range v[1:] {
				switch c {
				case 'd':
					dirsAsFiles = true
				case 'U':
					unsorted = true
				case '1', 'a', 'A':
				default:
					return "", false
				}
			}
		case opts && !a.Glob && strings.HasPrefix(v, "-") && len(v) > 1:
			return "", false
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) == 0 {
		return "", false // the working directory's entries
	}
	var names []string
	for _, a := range ops {
		matches, ok := r.operandNames(a)
		if !ok {
			return "", false
		}
		names = append(names, matches...)
		if len(names) > maxPrintedPaths {
			return "", false
		}
	}
	for _, n := range names {
		d := r.dir.Join(n)
		if !d.Known {
			return "", false
		}
		fi, err := os.Stat(d.Path)
		if err != nil {
			return "", false
		}
		if fi.IsDir() && !dirsAsFiles {
			return "", false
		}
	}
	if !unsorted {
		slices.Sort(names)
	}
	var b strings.Builder
	for _, n := range names {
		if strings.ContainsAny(n, "\n") {
			return "", false
		}
		b.WriteString(n + "\n")
	}
	return b.String(), true
}

// operandNames returns the words bash gives a program for one field: the
// matches of a pattern (as loopGlob names them: relative to the
// directory for a relative pattern), the word itself when nothing
// matches, or the static word.
func (r *resolver) operandNames(a Arg) ([]string, bool) {
	if !a.Glob {
		return []string{a.Value}, true
	}
	pat := a.Pattern()
	if pat == "" {
		pat = a.Value
	}
	abs := pat
	if !strings.HasPrefix(pat, "/") {
		abs = pattern.QuoteMeta(r.dir.Path, 0) + "/" + pat
	}
	matches := GlobFiles(abs, a.GlobOpts)
	if len(matches) == 0 || len(matches) > maxPrintedPaths {
		return nil, false
	}
	matches = slices.DeleteFunc(matches, func(m string) bool { return a.IgnoresMatch(m, r.dir.Path) })
	out := make([]string, 0, len(matches))
	for _, m := range matches {
		if !strings.HasPrefix(pat, "/") {
			rel, err := filepath.Rel(r.dir.Path, m)
			if err != nil {
				return nil, false
			}
			m = rel
		}
		out = append(out, m)
	}
	return out, len(out) > 0
}

// compgenGlob is compgen -G PATTERN: the files the pattern matches, one
// a line, as bash's globbing gives them. The value is the pattern (its
// quotes were removed: compgen globs the string), so a backslash in it
// is left to run time.
func (r *resolver) compgenGlob(args []Arg) (string, bool) {
	if len(args) != 2 || args[0].Value != "-G" || strings.Contains(args[1].Value, `\`) || args[1].Value == "" {
		return "", false
	}
	pat := args[1].Value
	abs := pat
	if !strings.HasPrefix(pat, "/") {
		abs = pattern.QuoteMeta(r.dir.Path, 0) + "/" + pat
	}
	var opts GlobOpts
	if r.st != nil {
		opts = r.st.globOpts()
	}
	matches := GlobFiles(abs, opts)
	if len(matches) == 0 || len(matches) > maxPrintedPaths {
		return "", false
	}
	var b strings.Builder
	for _, m := range matches {
		if !strings.HasPrefix(pat, "/") {
			rel, err := filepath.Rel(r.dir.Path, m)
			if err != nil {
				return "", false
			}
			m = rel
		}
		if strings.Contains(m, "\n") {
			return "", false
		}
		b.WriteString(m + "\n")
	}
	return b.String(), true
}

// resolvedPathMore is what realpath and readlink -f print where
// resolvedPath leaves the path to run time (red team 16 PI1): realpath
// -s (--strip, --no-symlinks) prints the absolute path with . and ..
// removed as written, links not followed and the path not looked up
// (GNU realpath; with -e it must be there); realpath PATH and readlink
// -f PATH of a last component that is not there yet print the parent
// directory resolved and the name after it. A path with .. is left to
// the code before (bash's lexical .. is not the program's).
func (r *resolver) resolvedPathMore(name string, args []string) (out string, ok, handled bool) {
	var p string
	strip, mode := false, ""
	for _, a := range args {
		switch {
		case name == "realpath" && (a == "-s" || a == "--strip" || a == "--no-symlinks"):
			strip = true
		case a == "-e" || a == "-m" || a == "-f" || a == "--canonicalize-existing" || a == "--canonicalize-missing" || a == "--canonicalize":
			mode = a
		case a == "-E" && name == "realpath":
			mode = ""
		case strings.HasPrefix(a, "-"):
			return "", false, false
		case p != "":
			return "", false, false
		default:
			p = a
		}
	}
	if p == "" || name == "readlink" && mode != "-f" && mode != "--canonicalize" {
		return "", false, false
	}
	d := r.dir.Join(p)
	if !d.Known || !strings.HasPrefix(d.Path, "/") {
		return "", false, false
	}
	if strip {
		if mode == "-e" || mode == "--canonicalize-existing" {
			if _, err := os.Lstat(d.Path); err != nil {
				return "", false, true
			}
		}
		return filepath.Clean(d.Path) + "\n", true, true
	}
	if mode != "" && mode != "-f" && mode != "--canonicalize" {
		return "", false, false
	}
	if slices.Contains(strings.Split(p, "/"), "..") {
		return "", false, false
	}
	if _, err := os.Lstat(d.Path); !os.IsNotExist(err) {
		return "", false, false // there (or unreadable): resolvedPath's
	}
	parent, err := filepath.EvalSymlinks(filepath.Dir(d.Path))
	if err != nil {
		return "", false, false
	}
	if fi, err := os.Stat(parent); err != nil || !fi.IsDir() {
		return "", false, false
	}
	return filepath.Join(parent, filepath.Base(d.Path)) + "\n", true, true
}
