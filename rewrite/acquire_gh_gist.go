package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var ghGistClone = Rule{
	Name: "gh-gist-clone",
	Doc: `gh gist clone GIST [DIR] [-- gitflags] is a git clone of a gist: the
directory (given, or the gist's ID when there is none) is moved into the
sandbox, and a later cd follows it.`,
	Decisions: []Decision{Rewrite, Ask},
	Commands:  []string{"gh"},
	Call:      checkGhGistClone,
}

func checkGhGistClone(p *Pass, c *syntax.Call) {
	args, ok := ghSub(c, "gist", "clone")
	if !ok {
		return
	}
	var pos []syntax.Arg
	for _, a := range args {
		if a.Value == "--" && a.Static {
			break
		}
		if !strings.HasPrefix(a.Value, "-") {
			pos = append(pos, a)
		}
	}
	if len(pos) == 0 {
		return
	}
	if len(pos) >= 2 {
		p.cloneInto(c, "gh-gist-clone", "gh gist clone", pos[0], &pos[1], 0)
		return
	}
	p.cloneInto(c, "gh-gist-clone", "gh gist clone", pos[0], nil, pos[0].End)
}
