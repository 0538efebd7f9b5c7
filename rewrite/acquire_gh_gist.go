package rewrite

import (
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
	opts, pos := ghScan(args, ghGistCloneSpec)
	if len(pos) == 0 || has(opts, "help") {
		return
	}
	cl := clone{call: c, rule: "gh-gist-clone", kind: "gh gist clone", program: "gh", src: pos[0], dir: c.Dir, at: pos[0].End}
	if len(pos) >= 2 {
		cl.dest = &pos[1]
	}
	p.cloneDest(cl)
}

// ghGistCloneSpec are gh gist clone's options.
var ghGistCloneSpec = optSpec{longEq: true, longFlag: longOpts("help")}
