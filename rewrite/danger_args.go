package rewrite

import (
	"slices"

	"github.com/corral-dev/corral/syntax"
)

// posixSpec is spec as the call's program reads its words: when the
// command gives the program POSIXLY_CORRECT (a prefix assignment, env
// NAME=value, or an export before it), GNU getopt stops at the first
// operand and every word after it is an operand, so in
// POSIXLY_CORRECT=1 shutdown now --help the --help is shutdown's wall
// message, not a request for help. Git's parse-options and the Go and
// Python parsers ignore the variable; reading them so only counts fewer
// options as harmless.
func posixSpec(c *syntax.Call, spec optSpec) optSpec {
	if slices.Contains(c.EnvChanged, "POSIXLY_CORRECT") {
		spec.stop = true
	}
	return spec
}

// asksHelp reports whether the call only prints its help: --help given as
// an option, read with the program's own table (programs.go), so that an
// option's value (git push -o --help --force) or a word after "--" is not
// taken for it, and an abbreviation the program accepts (chmod --hel)
// is. For git, --help counts among the global options or the
// subcommand's.
func asksHelp(c *syntax.Call) bool {
	if c.Name == "git" {
		_, sub := gitArgs(c)
		if sub < 0 {
			opts, _ := scan(c.Args, specFor("git"))
			return given(opts, "help")
		}
		globals, _ := scan(c.Args[:sub], specFor("git"))
		opts, _ := scan(c.Args[sub+1:], specFor("git "+c.Args[sub].Value))
		return given(globals, "help") || given(opts, "help")
	}
	opts, _ := scan(c.Args, posixSpec(c, specFor(c.Name)))
	return given(opts, "help")
}

// operandIs reports whether one of the operands (indexes into args, as
// scan returns them) is one of words.
func operandIs(args []syntax.Arg, operands []int, words ...string) bool {
	for _, i := range operands {
		if args[i].Static && containsString(words, args[i].Value) {
			return true
		}
	}
	return false
}
