package rewrite

import (
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// perlCodeInPlace reports a perl whose -e/-E code defines $^I, the
// variable -i sets (perl -ne 'BEGIN{$^I=""} …' F, perl -pe '$^I=".b"' F):
// the files the ARGV handle opens, its operands, are edited in place as
// under -i (lang.PerlSetsInPlace).
func perlCodeInPlace(c *syntax.Call, opts []option) bool {
	if lang.ForProgram(c.Name) != lang.Perl {
		return false
	}
	for _, o := range opts {
		if (o.name == "e" || o.name == "E") && o.hasVal && o.val.Static && lang.PerlSetsInPlace(o.val.Value) {
			return true
		}
	}
	return false
}
