package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

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
	opts, _ := scan(c.Args, specFor(c.Name))
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
