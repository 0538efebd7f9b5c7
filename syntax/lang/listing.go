package lang

import (
	"path"
	"strings"
)

// A program that lists a directory or expands a pattern, and opens paths
// it computes, reads what the listing finds: the names are made at run
// time, but the files they can name are known (Dir[".e*"].each{|f| puts
// File.read(f)}, fs.readdirSync(".") and fs.readFileSync(f)). Each
// language's reader gathers its listings with a literal pattern or
// directory, and its reads of a path only known at run time; the
// listings count as reads only when the program has such a read, so
// that a program that lists a tree and opens only literal paths (or
// none) is not a reader of the tree. A listing whose pattern or directory
// is itself only known at run time is not reported, as a read of such a
// path is not.
type listings struct {
	found   []Effect
	dynamic bool
}

// glob adds the expansion of the literal pattern pat (relative to dir
// when dir is not ""): a Read with Glob, or, for a pattern with ** (and
// recursive globs, Python's rglob), a Walk of every level under the
// directory before it, for the names the last segment matches.
func (l *listings) glob(c call, dir, pat string, tilde, recursive bool) {
	if pat == "" {
		return
	}
	if dir != "" && !strings.HasPrefix(pat, "/") {
		if recursive {
			pat = path.Join(dir, "**", pat)
		} else {
			pat = path.Join(dir, pat)
		}
	} else if recursive {
		pat = path.Join("**", pat)
	}
	if d, name, ok := strings.Cut(pat, "**"); ok {
		d = strings.TrimSuffix(d, "/")
		if d == "" {
			d = "."
			if strings.HasPrefix(pat, "/") {
				d = "/"
			}
		}
		name = path.Base(name)
		if name == "/" || name == "." || name == "**" {
			name = ""
		}
		l.found = append(l.found, Effect{Kind: Read, Call: c.name, Path: d, Walk: true, Recursive: true, Text: name, Tilde: tilde, Offset: c.off})
		return
	}
	l.found = append(l.found, Effect{Kind: Read, Call: c.name, Path: pat, Glob: true, Tilde: tilde, Offset: c.off})
}

// globArg adds the expansion of argument a when it is a literal pattern
// (each of a list of literals).
func (l *listings) globArg(c call, a *arg, tildeExpands bool) {
	switch {
	case a == nil:
	case a.isList:
		for _, v := range a.list {
			l.glob(c, "", v, a.tilde || tildeExpands && isTildePath(v), false)
		}
	case a.lit:
		l.glob(c, "", a.str, a.tilde || tildeExpands && isTildePath(a.str), false)
	}
}

// dir adds the listing of the directory in argument a (every level with
// recursive) when it is literal; a nil argument is the working
// directory when cwd.
func (l *listings) dir(c call, a *arg, recursive, cwd bool) {
	d, tilde := ".", false
	switch {
	case a == nil && cwd:
	case a != nil && a.lit && a.str != "":
		d, tilde = a.str, a.tilde
	default:
		return
	}
	l.found = append(l.found, Effect{Kind: Read, Call: c.name, Path: d, Walk: true, Recursive: recursive, Tilde: tilde, Offset: c.off})
}

// read notes a read of the path in argument a: one only known at run
// time makes the listings reads.
func (l *listings) read(a *arg) {
	if a == nil || !a.lit || a.str == "" {
		l.dynamic = true
	}
}

// effects are the listings' reads when the program opens a path only
// known at run time, and their deletions when it deletes one (a Hidden
// effect of out with Deletes): fs.opendirSync(d) or os.listdir(d) with
// a deletion of a computed path is the deletion of what the listing
// finds, judged as the shell's find … -exec rm of the same entries (so
// the home directory's entries are judged as rm -rf ~/* is). The
// deletion's own question stays: the pairing is by program, not by
// value.
func (l *listings) effects(out []Effect) []Effect {
	var res []Effect
	if l.dynamic {
		res = append(res, l.found...)
	}
	del, recursive := "", false
	for _, e := range out {
		if e.Kind == Hidden && e.Deletes {
			if del == "" {
				del = e.Call
			}
			recursive = recursive || e.Recursive
		}
	}
	if del == "" {
		return res
	}
	rm := " -exec rm -f {} +"
	if recursive {
		rm = " -exec rm -rf {} +"
	}
	for _, f := range l.found {
		a := &arg{lit: true, str: f.Path, tilde: f.Tilde}
		var text string
		switch {
		case f.Walk:
			depth := " -maxdepth 1"
			if f.Recursive {
				depth = ""
			}
			name := ""
			if f.Text != "" {
				name = " -name " + shellPath(&arg{lit: true, str: f.Text})
			}
			text = "find " + shellPath(a) + " -mindepth 1" + depth + name + rm
		case f.Glob:
			flags := "-f"
			if recursive {
				flags = "-rf"
			}
			text = "rm " + flags + " -- " + shellGlob(a)
		default:
			continue
		}
		res = append(res, Effect{Kind: Shell, Call: del + " of what " + f.Call + " lists", Text: text, Offset: f.Offset})
	}
	return res
}

// shellGlob is shellPath for a pattern: its *, ? and [ ] left unquoted
// to match as the shell's do. A pattern of the home directory keeps its
// ~/ unquoted: the shell expands ~ only when the slash after it is
// unquoted too (~'/.ssh/'* names a directory called ~ in the working
// directory), so ~/'.ssh/'* is what the program's glob of home finds.
func shellGlob(a *arg) string {
	var b strings.Builder
	s := a.str
	if a.tilde && (s == "~" || strings.HasPrefix(s, "~/")) {
		if s == "~" {
			return "~"
		}
		b.WriteString("~/")
		s = s[2:]
	}
	lit := ""
	flush := func() {
		if lit != "" {
			b.WriteString("'" + strings.ReplaceAll(lit, "'", `'\''`) + "'")
			lit = ""
		}
	}
	for _, r := range s {
		if r == '*' || r == '?' || r == '[' || r == ']' {
			flush()
			b.WriteRune(r)
			continue
		}
		lit += string(r)
	}
	flush()
	return b.String()
}

func isTildePath(s string) bool {
	return s == "~" || strings.HasPrefix(s, "~/")
}

// pathHomeCwd reports a pathlib constructor of the home directory
// (Path.home) or of the working directory (Path.cwd).
func pathHomeCwd(ctor string) (home, cwd bool) {
	recv, m, ok := cutLast(ctor)
	if !ok || !pathClasses.Get()[recv] {
		return false, false
	}
	return m == "home", m == "cwd"
}
