package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// checkSplitFilter judges GNU split's --filter=CMD (red team 18 TC2):
// split runs CMD through $SHELL -c once per piece, with the piece on its
// standard input. CMD's own text is judged by the walker as a nested
// command; a CMD that is a shell or an interpreter reading its program
// from standard input (sh, sh -s, bash, python3 -) runs every piece of
// split's input as a script, cut at byte or line counts corral does not
// follow: split -b 1k --filter=sh F is head -c 1k F | sh and so on, and
// asks, as tar --to-command=sh does. A CMD that reads the piece as data
// (gzip > $FILE.gz, wc -l) passes here.
func (p *Pass) checkSplitFilter(c *syntax.Call) {
	if c.Name != "split" {
		return
	}
	opts, _ := scan(c.Args, splitSpec.Get())
	for _, o := range find(opts, "filter") {
		words := strings.Fields(o.val.Value)
		if len(words) == 0 || !o.val.Static || !readsProgramOnStdin(words) {
			continue
		}
		p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
			Message: "split --filter=" + clipText(o.val.Value, 40) + " gives each piece of its input to " + path.Base(words[0]) +
				" on its standard input, which runs it as a script: the pieces are code corral does not judge"})
	}
}
