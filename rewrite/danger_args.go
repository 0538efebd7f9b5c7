package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

// asksHelp reports whether the call only prints its help.
func asksHelp(c *syntax.Call) bool { return hasFlag(c.Args, 0, "--help") }

// hasWord reports whether one of words is a non-option argument of c.
func hasWord(c *syntax.Call, words ...string) bool {
	for _, a := range c.Args {
		for _, w := range words {
			if a.Value == w {
				return true
			}
		}
	}
	return false
}
