package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// lineFilters are programs that pass on (some of) the lines they read,
// changed or not, and print nothing else: between a file and the words
// of an assignment builtin they keep the lines what they are, settings.
var lineFilters = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"grep": true, "egrep": true, "sed": true, "tr": true, "cut": true, "sort": true, "uniq": true, "head": true, "tail": true}
}}

// readIntoVariables reports whether all that c prints becomes the words
// of a builtin that assigns variables and prints nothing: export $(cat
// .env | xargs), declare $(grep -v '^#' .env | xargs) (not env $(cat
// .env), which prints them without a command). The file's lines are then set as variables, as source
// sets them, and none of them reaches the agent; so a project's own
// file is no more a read than source .env is (the variables it sets are
// followed as source's are).
func readIntoVariables(c *syntax.Call) bool {
	last := c
	if c.Pipe != nil && c.Pipe.Subst == "" {
		for i := c.PipeIndex + 1; i < len(c.Pipe.Calls); i++ {
			s := c.Pipe.Calls[i]
			if s == nil {
				return false
			}
			switch {
			case s.Name == "xargs" && xargsEchoes(s):
			case lineFilters.Get()[s.Name] && !s.ExtraArgs:
			default:
				return false
			}
			last = s
		}
		if c.PipeIndex+1 < len(c.Pipe.Calls) && c.Fd(1).Kind != syntax.StreamPipe {
			return false // its own output goes elsewhere (> f, 1>&2)
		}
	}
	if last.Subst != "$(" || last.HostDecl == "" {
		return false
	}
	if out := last.Fd(1); out.Kind != syntax.StreamPipe || out.Pipe != nil || out.Redirect.Node != nil {
		return false
	}
	return true
}

// xargsEchoes reports whether xargs runs no command of its own, so that
// it echoes its input words (xargs, xargs -0, xargs -d '\n').
func xargsEchoes(c *syntax.Call) bool {
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case !c.Args[i].Static:
			return false
		case v == "-d" || v == "--delimiter" || v == "-E" || v == "-s" || v == "-L" || v == "-n":
			i++
		case strings.HasPrefix(v, "-"):
		case v == "echo":
			// xargs echo: the same words.
		default:
			return false
		}
	}
	return true
}
