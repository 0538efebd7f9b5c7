package rewrite

import (
	"github.com/corral-dev/corral/guards"
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

// phpLogTargets are the error log files a php command line names (-d
// error_log=F): appended to with what the program reports
// (syntax.PHPLogFiles).
func phpLogTargets(c *syntax.Call) []target {
	words, paths := syntax.PHPLogFiles(c)
	out := make([]target, 0, len(words))
	for i, w := range words {
		out = append(out, target{arg: w, value: paths[i], action: guards.Write})
	}
	return out
}
