package rewrite

import (
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// perlScriptInPlace reports a perl run with a script on disk (no -e/-E:
// the first operand) whose code defines $^I (BEGIN { $^I = "" } …): the
// files the ARGV handle opens, the operands after the script, are
// edited in place as under -i, as for -e code (perlCodeInPlace). The
// script is read as the walker reads scripts (syntax.ReadScript: a
// regular file of bounded size, never a device or a FIFO); one that
// cannot be read is judged as before.
func perlScriptInPlace(c *syntax.Call, opts []option, idx []int) bool {
	if lang.ForProgram(c.Name) != lang.Perl || has(opts, "e", "E") || len(idx) < 2 {
		return false
	}
	a := c.Args[idx[0]]
	if !a.Static || a.Value == "" || a.Value == "-" {
		return false
	}
	d := c.Dir.Join(a.Value)
	if !d.Known {
		return false
	}
	src, err := syntax.ReadScript(d.Path)
	return err == nil && lang.PerlSetsInPlace(src)
}
