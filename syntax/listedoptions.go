package syntax

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/pattern"
)

// Names that a listing prints reach the program xargs or GNU parallel
// runs as words appended to its command line (wildcard injection through
// a pipe): in a directory holding "--checkpoint=1" and
// "--checkpoint-action=exec='sh e.sh'", ls | xargs tar cf x.tar runs sh
// e.sh, as tar cf x.tar * does (globoptions.go). A listing (ls, dir,
// vdir, compgen, stat -c %n through the filters listedinputs.go reads)
// or printf '%s\n' / echo of patterns prints the names; xargs splits
// them at blanks and newlines and takes quotes and backslashes off
// (xargsInputs), or at the byte of -0/-d; parallel takes each line whole.
// The words of a name starting with "-" are appended after the command's
// own, as xargs appends them, unless a "--" among those ends the options.
// A listing that prints paths (./*, find . …) or puts a prefix before
// each name gives no option.

// listedOptionWords returns the words starting with "-" the names that
// the stages before call in its pipeline print add to its command line
// (with the words each such name splits into), in the order the listing
// prints them; nil when there is none or the names are not known.
func (w *walker) listedOptionWords(c scope, st *state, call *Call, delim string) []Arg {
	if w.read == nil || call.Replace != "" || slices.ContainsFunc(call.Args, func(a Arg) bool {
		return (a.Static && !a.Glob && a.Value == "--") || call.HasPlaceholder(a.Value)
	}) {
		return nil
	}
	if delim != "" && delim != "\n" {
		return nil // -0, -d X: the listing is one input, or split elsewhere
	}
	in := call.Fd(0)
	if in.Kind != StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Pipe.Coproc ||
		in.Stage <= 0 || in.Stage > len(in.Pipe.Stmts) || in.Stage >= len(in.Pipe.Calls) {
		return nil
	}
	r := w.resolver(c, st)
	if r.mask || !r.dir.Known {
		return nil
	}
	stmts := in.Pipe.Stmts[:in.Stage]
	var names []string
	if name, args, ok := r.staticCall(stmts[0]); ok && len(stmts) == 1 && len(stmts[0].Redirs) == 0 && (name == "printf" || name == "echo") {
		// printf '%s\n' *, echo *: the names the patterns match.
		if name == "printf" {
			if len(args) == 0 || args[0].Glob || (args[0].Value != `%s\n` && args[0].Value != `%s `) {
				return nil
			}
			args = args[1:]
		}
		for _, a := range args {
			if !a.Glob {
				continue
			}
			for _, m := range w.optionMatches(a, argPattern(a), r.dir.Path) {
				if strings.HasPrefix(m, "-") {
					names = append(names, m)
				}
			}
		}
	} else {
		l, dir, prefix, ok := r.listedStream(stmts)
		if !ok || l.pat == "" || prefix != "" || !dir.Known || strings.HasPrefix(l.pat, "/") {
			return nil
		}
		opts := GlobOpts(0)
		if l.dot {
			opts = GlobDot
		}
		base := strings.TrimSuffix(dir.Path, "/")
		for _, m := range GlobFiles(pattern.QuoteMeta(base, 0)+"/"+l.pat, opts) {
			if n, ok := strings.CutPrefix(m, base+"/"); ok && strings.HasPrefix(n, "-") {
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	var out []Arg
	for _, n := range names {
		if len(out) >= maxOptionWords {
			break
		}
		var items []Arg
		if delim == "\n" {
			items, _ = xargsItems(n+"\n", false, delim)
		} else {
			items = xargsInputs(n+"\n", false)
		}
		for _, it := range items {
			it.Raw, it.Split = n+" (a listed name)", true
			out = append(out, it)
		}
	}
	return out
}
