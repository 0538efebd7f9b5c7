package syntax

import (
	"path/filepath"
	"slices"
	"strings"
)

// Directories named by a pattern or known only at run time (red team 15
// GD1). A program that reads files in the directory it works in — make
// its Makefile, npm and the other package managers package.json, git the
// repository's configuration (whose core.fsmonitor, core.pager, … run),
// the task runners their task files — is judged by those files. The word
// that names the directory is read as bash expands it:
//
//   - a pattern (cd /tmp/x/[m], make -C build?, git -C /tmp/g?) is
//     matched against the disk when the hook runs, as bash's pathname
//     expansion does: one match is that directory; several are several
//     words (cd refuses them: "too many arguments"; an option takes the
//     first, which depends on the locale's collation, so each is read);
//     none leaves the word as written;
//   - an option's value attached to its option (-C/tmp/x/m?,
//     --git-dir=/tmp/g?/.git) is part of one word, which bash matches
//     whole: only a file whose name starts with the option would match,
//     so the value is as written unless one does;
//   - a word only known at run time ($(ls -d …), an unknown variable)
//     names a directory corral cannot read: the programs above ask,
//     "reads files in a directory only known at run time", unless the
//     word takes one of a bounded set of values (each is read);
//   - a directory reached through a symbolic link the same command made
//     earlier (ln -s REPO l && git -C l status) is the link's target.

// maxDirMatches bounds the matches of a directory pattern that are read.
const maxDirMatches = maxDirCandidates

// dirMatches returns the paths (absolute, sorted) a pattern word
// matches on disk now, relative to dir, with ok false when the disk is
// not read, the directory is not known, or there are too many matches
// to read (more than maxGlobFiles). A word that is no pattern returns
// nil, true.
func (w *walker) dirMatches(dir Dir, a Arg) ([]string, bool) {
	pat := a.Pattern()
	if !a.Static || !a.Glob || pat == "" {
		return nil, true
	}
	if w.read == nil {
		return nil, false
	}
	if !strings.HasPrefix(pat, "/") {
		if !dir.Known {
			return nil, false
		}
		pat = quoteGlobDir(dir.Path) + "/" + pat
	}
	m, _ := globFiles(pat, a.GlobOpts)
	if len(m) >= maxGlobFiles {
		return nil, false
	}
	// A directory a mkdir earlier in the command makes is there when
	// bash expands the pattern (mkdir -p /tmp/m1 && cd /tmp/m?).
	for _, d := range w.mkdirs {
		if globPathMatch(pat, d, a.GlobOpts) && !slices.Contains(m, d) {
			m = append(m, d)
		}
	}
	slices.Sort(m)
	m = slices.DeleteFunc(m, func(p string) bool { return a.IgnoresMatch(p, dir.Path) })
	return m, true
}

// globPathMatch reports whether the absolute pattern matches the
// absolute path p segment by segment, as pathname expansion matches
// each one (a pattern character never matches a /).
func globPathMatch(pat, p string, o GlobOpts) bool {
	ps := strings.Split(strings.Trim(pat, "/"), "/")
	xs := strings.Split(strings.Trim(p, "/"), "/")
	if len(ps) != len(xs) {
		return false
	}
	for i := range ps {
		if !GlobMatch(ps[i], xs[i], o) {
			return false
		}
	}
	return true
}

// quoteGlobDir escapes the pattern characters of a directory path so that
// a pattern relative to it matches under it only.
func quoteGlobDir(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`*?[]\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// dirWord returns the directory a word names, relative to dir, as the
// program it is given to receives it: a pattern's match (one of its
// matches when it has several, a Dir that is one of them), the word as
// written when nothing matches, the values of a word that takes one of a
// bounded set, or an unknown directory (no candidates) for a word only
// known at run time. The path is the logical one: the program's reads
// follow links on disk, and linkedDir maps those the command made.
func (w *walker) dirWord(dir Dir, a Arg) Dir {
	if !a.Static {
		if showsTopLevel(a.Value) && w.cur != nil {
			// git -C "$(git rev-parse --show-toplevel)": the top of the
			// repository git finds from here (the project's own). With
			// none, git prints nothing and -C "" stays where it is.
			if top := w.repoTop(dir, w.cur); top.Known {
				return top
			}
			return dir
		}
		if d, ok := gitDirOutput(a.Value); ok {
			return dir.Join(d)
		}
		if a.OneOf && len(a.Candidates()) > 0 {
			var out []string
			for _, c := range a.Candidates() {
				out = append(out, dir.Join(c).Candidates()...)
			}
			return dirOneOf(out)
		}
		return Dir{}
	}
	m, ok := w.dirMatches(dir, a)
	switch {
	case !ok:
		if w.read == nil {
			return dir.Join(a.Value) // nothing on disk is read anyway
		}
		return Dir{}
	case len(m) == 0:
		// Not a pattern, or one with no match now: the word as written
		// (bash leaves an unmatched pattern as it is).
		return dir.Join(a.Value)
	case len(m) > maxDirMatches:
		return Dir{}
	}
	return dirOneOf(m)
}

// optionDir is dirWord for the value of a directory option (make -C,
// git -C, npm --prefix): a value attached to its option is part of one
// word that bash matches whole, so it is as written unless a file named
// like the whole word exists.
func (w *walker) optionDir(dir Dir, o Option) Dir {
	if !o.HasVal {
		return dir
	}
	if !o.Attached || !o.Val.Glob || !o.Val.Static {
		return w.dirWord(dir, o.Val)
	}
	whole := o.Val
	whole.Value = o.Prefix + o.Val.Value
	m, ok := w.dirMatches(dir, whole)
	if !ok {
		if w.read == nil {
			return dir.Join(o.Val.Value)
		}
		return Dir{}
	}
	var out []string
	for _, p := range m {
		if r, err := filepath.Rel(dir.Path, p); err == nil && strings.HasPrefix(r, o.Prefix) {
			out = append(out, dir.Join(r[len(o.Prefix):]).Candidates()...)
		}
	}
	if len(out) == 0 {
		return dir.Join(o.Val.Value)
	}
	return dirOneOf(out)
}

// expandedWords returns the words a pattern operand becomes: its matches
// now (relative to dir when the pattern is relative), the word itself
// when it is no pattern or matches nothing; nil when the disk is not
// read or the matches cannot all be known.
func (w *walker) expandedWords(dir Dir, a Arg) []Arg {
	m, ok := w.dirMatches(dir, a)
	if !ok {
		return nil
	}
	if len(m) == 0 {
		return []Arg{a}
	}
	out := make([]Arg, 0, len(m))
	for _, p := range m {
		if !strings.HasPrefix(a.Pattern(), "/") {
			if r, err := filepath.Rel(dir.Path, p); err == nil {
				p = r
			}
		}
		out = append(out, Arg{Value: p, Raw: a.Raw, Static: true, Start: a.Start, End: a.End, Word: a.Word, GlobOpts: a.GlobOpts})
	}
	return out
}

// linkedDir maps a directory through the symbolic links the command
// made before this point (ln -s REPO l && git -C l: the files read are
// REPO's). Links already on disk need no mapping: the reads follow them.
func (w *walker) linkedDir(d Dir) Dir {
	if w.cur == nil || w.cur.links == nil || len(w.cur.links.m) == 0 {
		return d
	}
	var out []string
	for _, c := range d.Candidates() {
		out = append(out, physicalPath(c, w.cur.links, false))
	}
	if len(out) == 0 {
		return d
	}
	return dirOneOf(out)
}

// taskDir is the directory a task runner reads its file in (after links
// the command made), and whether corral can read it there: a file named
// by an absolute path needs no directory; a directory only known at run
// time, or one of several (a pattern's matches, which the runner's model
// reads in one directory only), asks.
func (w *walker) taskDir(call *Call, d Dir, file, what string) (Dir, bool) {
	d = w.linkedDir(d)
	if d.Known || strings.HasPrefix(file, "/") {
		return d, true
	}
	if d.Maybe != "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(call.Words(), " "),
			What: call.Name + " reads " + what + " in one of several directories (" + strings.ReplaceAll(d.Maybe, "\x00", ", ") + ")"})
		return d, false
	}
	w.runTimeDir(call, d, what)
	return d, false
}

// runTimeDir reports, for a program that reads files in the directory it
// works in, a directory only known at run time (no candidates): those
// files cannot be read, so the call asks. what names the files.
func (w *walker) runTimeDir(call *Call, d Dir, what string) bool {
	if d.Known || d.Maybe != "" {
		return false
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(call.Words(), " "),
		What: call.Name + " reads " + what + " in a directory only known at run time"})
	return true
}
