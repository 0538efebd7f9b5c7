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

// perlCodeSuffixes returns the backup suffixes perl code gives $^I
// (BEGIN{$^I = "rc"} keeps FILE+rc as -irc does): the code of -e/-E, or
// of the script file read at hook time. A value only run time knows is
// a suffix only run time knows.
func perlCodeSuffixes(c *syntax.Call, opts []option) []backupSuffix {
	if lang.ForProgram(c.Name) != lang.Perl {
		return nil
	}
	var codes []syntax.Arg
	for _, o := range opts {
		if (o.name == "e" || o.name == "E") && o.hasVal && o.val.Static {
			codes = append(codes, o.val)
		}
	}
	if len(codes) == 0 && !has(opts, "e", "E") {
		if _, idx := scan(c.Args, specFor(c.Name)); len(idx) > 0 {
			a := c.Args[idx[0]]
			if d := c.Dir.Join(a.Value); a.Static && a.Value != "" && a.Value != "-" && d.Known {
				if src, err := syntax.ReadScript(d.Path); err == nil {
					a.Value = src
					codes = append(codes, a)
				}
			}
		}
	}
	var out []backupSuffix
	for _, code := range codes {
		lits, dynamic := lang.PerlInPlaceSuffixes(code.Value)
		for _, l := range lits {
			out = append(out, backupSuffix{arg: syntax.Arg{Value: l, Raw: code.Raw, Static: true, Start: code.Start, End: code.End}, value: l, static: true})
		}
		if dynamic {
			const word = "${^I}"
			out = append(out, backupSuffix{arg: syntax.Arg{Value: word, Raw: code.Raw, Start: code.Start, End: code.End}, value: word, fromEnv: true})
		}
	}
	return out
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
