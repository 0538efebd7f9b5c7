package rewrite

import (
	"os"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// A diff that GNU diff makes in the same command (red team 18 FA2: diff
// -u a b > p && patch -p0 < p, diff -u a b | patch -p0) names only the
// files diff compared: its headers are "--- OLD" and "+++ NEW" (unified)
// or "*** OLD" and "--- NEW" (context), OLD and NEW the operands as
// written, or the -L/--label values in their place; with -r, for each
// file under either directory, OLD/REL and NEW/REL. Whatever the files
// hold, patch can pick no other name (hunk lines that look like headers
// come only after a header, and are content of those files), so the
// files patch writes are those names, judged as the diffs corral reads
// are (diffTargets: -p, -d, backups). A diff in another format (normal,
// ed, RCS, side by side, a line format) or with an option corral does not
// know, an operand only run time knows or read from stdin, a directory
// compared without -r, or a tree missing, changed earlier in the command
// or larger than corral lists stays unread.

// diffToolFlag reports GNU diff's options that change no header name.
func diffToolFlag(name string) bool {
	switch name {
	case "u", "U", "unified", "c", "C", "context", "a", "text", "b", "ignore-space-change", "w", "ignore-all-space",
		"B", "ignore-blank-lines", "i", "ignore-case", "E", "ignore-tab-expansion", "Z", "ignore-trailing-space",
		"strip-trailing-cr", "I", "ignore-matching-lines", "p", "show-c-function", "F", "show-function-line",
		"t", "expand-tabs", "T", "initial-tab", "N", "new-file", "unidirectional-new-file", "r", "recursive",
		"L", "label", "d", "minimal", "speed-large-files", "horizon-lines", "no-dereference", "x", "exclude",
		"X", "exclude-from", "S", "starting-file", "tabsize", "suppress-blank-empty", "color", "no-ignore-file-name-case", "ignore-file-name-case":
		return true
	}
	return false
}

// diffToolText returns a diff whose headers name the files GNU diff (call
// w) prints a unified or context diff of, or false when that is not
// known.
func (p *Pass) diffToolText(w *syntax.Call) (string, bool) {
	if w == nil || w.Name != "diff" || w.Host != nil || !w.Dir.Known {
		return "", false
	}
	opts, ops := scan(w.Args, readerSpecs.Get()["diff"])
	format := ""
	var labels []string
	for _, o := range opts {
		if len(o.ambiguous) > 0 || !diffToolFlag(o.name) {
			return "", false
		}
		switch o.name {
		case "u", "U", "unified":
			format = "u"
		case "c", "C", "context":
			format = "c"
		case "L", "label":
			if !o.val.Static {
				return "", false
			}
			labels = append(labels, o.val.Value)
		case "color":
			if !o.hasVal || o.val.Value != "never" {
				return "", false // escapes around the headers
			}
		}
	}
	if format == "" || len(ops) != 2 || len(labels) > 2 {
		return "", false
	}
	var names [2]string
	var dirs [2]bool
	for k, i := range ops {
		a := w.Args[i]
		if !a.Static || a.Glob || a.Value == "-" || a.Value == "" || strings.ContainsAny(a.Value, "\n\t") {
			return "", false
		}
		names[k] = a.Value
		d := w.Dir.Join(a.Value)
		if !d.Known {
			return "", false
		}
		if fi, err := os.Stat(d.Path); err == nil && fi.IsDir() {
			dirs[k] = true
		}
	}
	old, new := "---", "+++"
	if format == "c" {
		old, new = "***", "---"
	}
	var b strings.Builder
	pair := func(a, c string) {
		b.WriteString(old + " " + a + "\n" + new + " " + c + "\n")
	}
	switch {
	case !dirs[0] && !dirs[1]:
		a, c := names[0], names[1]
		if len(labels) > 0 {
			a = labels[0]
		}
		if len(labels) > 1 {
			c = labels[1]
		}
		pair(a, c)
	case dirs[0] && dirs[1] && has(opts, "r", "recursive") && len(labels) == 0:
		var rels []string
		for k := range names {
			d := w.Dir.Join(names[k])
			if p.touchedEarlier(w, d.Path) {
				return "", false
			}
			entries, ok := listTree(d.Path)
			if !ok {
				return "", false
			}
			rels = append(rels, entries...)
		}
		slices.Sort(rels)
		for _, r := range slices.Compact(rels) {
			pair(path.Join(names[0], r), path.Join(names[1], r))
		}
	default:
		return "", false // a file against a directory: DIR/NAME, or diff -r's subdirectories without -r
	}
	return b.String(), true
}
