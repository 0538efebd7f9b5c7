package syntax

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	sh "mvdan.cc/sh/v3/syntax"
)

// maxOptionWords bounds the option-like names one word adds to a call.
const maxOptionWords = 64

// globOptionWords gives a program the option words that pathname
// expansion hands it. A name on disk that starts with "-" is an option to
// the program that receives it: in a directory holding a file named
// "--checkpoint-action=exec=sh x.sh", tar cf a.tar * runs sh x.sh (the
// classic wildcard injection). Bash expands a pattern into its matches
// after every other expansion, so the names reach the program from a
// pattern written in the command (tar cf a.tar *, [-a]*), from a
// variable's value expanded unquoted (x=*; tar cf a.tar $x) and from a
// value that came from such an expansion (for f in *; … "$f", a=(*);
// "${a[@]}", set -- *; "$@").
//
// A static pattern starting with a pattern character whose matches now
// include such a name is replaced by its matches, as bash does (byte
// order puts the option names first, as the C locale does). A run-time
// word whose candidate values include such a name, or a pattern that
// matches one, keeps its place and those names are added before it, so
// that the options are read and the word is still judged as the unknown
// it is. A pattern starting with a literal (./*, src/*, x*) cannot make
// such a word, nor can a word after "--"; where no match starts with "-"
// nothing changes.
func (w *walker) globOptionWords(args []Arg, dir Dir) []Arg {
	dirs := dir.Candidates()
	if w.read == nil || len(dirs) == 0 || len(args) < 2 {
		return args
	}
	var out []Arg
	for i, a := range args {
		if i == 0 {
			continue
		}
		if a.Static && a.Value == "--" && !a.Glob {
			if out == nil {
				return args
			}
			out = append(out, args[i:]...)
			break
		}
		var words []string
		replace := false
		switch {
		case a.Static && a.Glob && dir.Known:
			words, replace = w.optionMatches(a, argPattern(a), dir.Path), true
		case a.Static && a.Glob:
			words = w.optionCandidates(a, []string{argPattern(a)}, true, dirs)
		case !a.Static && len(a.Candidates()) > 0:
			words = w.optionCandidates(a, a.Candidates(), a.Word != nil && unquotedExpansion(a.Word), dirs)
		}
		if len(words) == 0 {
			if out != nil {
				out = append(out, a)
			}
			continue
		}
		if out == nil {
			out = append(make([]Arg, 0, len(args)+len(words)), args[:i]...)
		}
		for _, m := range words {
			b := a
			b.Value, b.Static, b.Glob, b.Split = m, true, false, true
			b.SetPattern("")
			out = append(out, b)
		}
		if !replace {
			out = append(out, a)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// argPattern is a's word as a pattern.
func argPattern(a Arg) string {
	if p := a.Pattern(); p != "" {
		return p
	}
	return a.Value
}

// optionCandidates returns the names starting with "-" that a
// candidate value of a word matches in one of dirs when it is a pattern
// starting with a pattern character: all of them when bash globs the
// word's value (glob: an unquoted expansion, x=*; $x), else those that
// are candidates too, the values of a variable set from such a pattern
// (for f in *; "$f", a=(*); "${a[@]}"). A value that starts with "-"
// but does not come from the disk is the word's own and judged as
// before.
func (w *walker) optionCandidates(a Arg, cands []string, glob bool, dirs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range cands {
		if GlobMeta(v) != 0 {
			continue
		}
		for _, d := range dirs {
			for _, m := range w.optionMatches(a, v, d) {
				if strings.HasPrefix(m, "-") && !seen[m] && len(out) < maxOptionWords && (glob || slices.Contains(cands, m)) {
					seen[m] = true
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// optionMatches returns the names pat matches in dir now when pat starts
// with a pattern character and one of them starts with "-", else nil.
func (w *walker) optionMatches(a Arg, pat, dir string) []string {
	if GlobMeta(pat) != 0 {
		return nil // absolute, or a literal first character
	}
	names := w.expandedNames(a, pat, dir)
	if !slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, "-") }) {
		return nil
	}
	if len(names) > maxOptionWords {
		names = names[:maxOptionWords]
	}
	return names
}

// expandedNames returns, sorted, the names relative pattern pat matches
// in dir when bash expands it: those on disk now and, for a pattern of
// one segment, the option-like files an earlier command here made there
// (touch -- '--checkpoint=1' …; tar cf x.tar *), less GLOBIGNORE's.
// Unlike dirMatches (dirword.go), a directory with more entries than
// GlobFiles returns still gives the first ones, which is where names
// starting with "-" sort: a crowd of other files must not hide them.
func (w *walker) expandedNames(a Arg, pat, dir string) []string {
	base := strings.TrimSuffix(dir, "/")
	found := GlobFiles(pattern.QuoteMeta(base, 0)+"/"+pat, a.GlobOpts)
	if !strings.Contains(pat, "/") {
		found = append(found, w.madeIn(base, pat, a.GlobOpts)...)
	}
	var names []string
	for _, f := range found {
		if n, ok := strings.CutPrefix(f, base+"/"); ok && !a.IgnoresMatch(f, dir) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// madeIn returns the files this command made so far directly in dir
// whose names start with "-" and match pat.
func (w *walker) madeIn(dir, pat string, o GlobOpts) []string {
	var out []string
	add := func(p string) {
		if path.Dir(p) == dir || (dir == "" && path.Dir(p) == "/") {
			if n := path.Base(p); strings.HasPrefix(n, "-") && GlobMatch(pat, n, o) {
				out = append(out, p)
			}
		}
	}
	for p := range w.written {
		add(p)
	}
	for p := range w.programs2 {
		add(p)
	}
	for p := range w.opaque {
		add(p)
	}
	for p := range w.touched { // touch, mkdir, cp, mv, ln (touched.go)
		add(p)
	}
	for _, p := range w.mkdirs {
		add(p)
	}
	return out
}

// posWords are the positional parameters bash sets from args (set --
// ARGS, a function's or a script's arguments), and whether corral knows
// them. A pattern among args is expanded before the parameters are set
// (set -- *; "$@" hands the program each name, "--checkpoint=1" among
// them, and set -- ~/*; rm -rf "$@" deletes each file there): it gives
// the files it matches in dir now or that an earlier command here made
// there, sorted as bash sorts them. A word only known at run time, or a
// pattern whose matches corral cannot list (none now, the directory
// unknown), makes them unknown.
func (w *walker) posWords(args []Arg, dir Dir) ([]string, bool) {
	var out []string
	for _, a := range args {
		if !a.Static {
			return nil, false
		}
		if !a.Glob {
			out = append(out, a.Value)
			continue
		}
		pat := argPattern(a)
		b := a
		b.SetPattern(pat)                 // the value, should the pattern not be kept
		names, ok := w.dirMatches(dir, b) // dirword.go: sorted, absolute
		if !ok {
			return nil, false
		}
		if !strings.HasPrefix(pat, "/") {
			// The pattern's own spelling stays: ./* gives ./-x.
			base := strings.TrimSuffix(dir.Path, "/")
			if !strings.Contains(pat, "/") {
				names = append(names, w.madeIn(base, pat, a.GlobOpts)...)
			}
			rel := names[:0]
			for _, m := range names {
				if n, ok := strings.CutPrefix(m, base+"/"); ok {
					rel = append(rel, n)
				}
			}
			slices.Sort(rel)
			names = slices.Compact(rel)
		}
		if len(names) == 0 || len(out)+len(names) > maxGlobFiles {
			return nil, false
		}
		out = append(out, names...)
	}
	return out, true
}

// optionLike returns the values of vals that start with "-".
func optionLike(vals []string) []string {
	var out []string
	for _, v := range vals {
		if strings.HasPrefix(v, "-") {
			out = append(out, v)
		}
	}
	return out
}

// posOptionWords gives a program the option words the positional
// parameters hold on one path when they are not known where "$@" (or
// "$*", "$1", …) is expanded: cd w && set -- *; tar cf x.tar "$@" hands
// tar the option-named files of w when cd succeeded (st.posOpts, kept
// when the paths were merged). They are added before the first word
// that expands the parameters, which keeps its place as the unknown it
// is; a word after "--" is an operand and gets none.
func posOptionWords(args []Arg, st *state) []Arg {
	if st == nil || st.posKnown || len(st.posOpts) == 0 {
		return args
	}
	for i, a := range args {
		if i == 0 {
			continue
		}
		if a.Static && !a.Glob && a.Value == "--" {
			return args
		}
		if a.Static || a.Word == nil || !expandsParams(a.Word) {
			continue
		}
		out := append(make([]Arg, 0, len(args)+len(st.posOpts)), args[:i]...)
		for _, m := range st.posOpts {
			b := a
			b.Value, b.Static, b.Glob, b.Split = m, true, false, true
			b.SetPattern("")
			out = append(out, b)
		}
		return append(out, args[i:]...)
	}
	return args
}

// expandsParams reports that wd expands the positional parameters ($@,
// $*, $1, ${2}, …).
func expandsParams(wd *sh.Word) bool {
	found := false
	walkTree(wd, func(n sh.Node) bool {
		if pe, ok := n.(*sh.ParamExp); ok && pe.Param != nil {
			v := pe.Param.Value
			if v == "@" || v == "*" || (v != "0" && strings.Trim(v, "0123456789") == "") {
				found = true
			}
		}
		return !found
	})
	return found
}

// allStatic reports that every word of args is known before run time.
func allStatic(args []Arg) bool {
	for _, a := range args {
		if !a.Static {
			return false
		}
	}
	return true
}
