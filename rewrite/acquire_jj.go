package rewrite

import (
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var jjGitClone = Rule{
	Name: "jj-git-clone",
	Doc: `jj git clone SOURCE [DESTINATION] (Jujutsu) is a clone: the
destination (given, or the source's last segment when there is none) is
moved into the sandbox, and a later cd follows it. jj's global options
(-R, --at-op, --config, …) and the clone's (--remote, --depth, -b, …) are
skipped.`,
	Decisions: []Decision{Rewrite, Ask},
	Commands:  []string{"jj"},
	Call:      checkJjGitClone,
}

// jjSpec are jj's global and git clone options that take a value.
var jjSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "Rb", longEq: true, longVal: longOpts("repository", "at-operation", "at-op", "color",
		"config", "config-toml", "config-file", "remote", "depth", "branch", "fetch-tags")}
}}

func checkJjGitClone(p *Pass, c *syntax.Call) {
	_, operands := scan(c.Args, jjSpec.Get())
	if len(operands) < 3 || c.Args[operands[0]].Value != "git" || c.Args[operands[1]].Value != "clone" {
		return
	}
	cl := clone{call: c, rule: "jj-git-clone", kind: "jj git clone", program: "jj", src: c.Args[operands[2]], dir: c.Dir,
		at: c.Args[operands[2]].End}
	if len(operands) >= 4 {
		cl.dest = &c.Args[operands[3]]
	}
	p.cloneDest(cl)
}
