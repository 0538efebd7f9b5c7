package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var hgClone = Rule{
	Name:      "hg-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `hg clone SOURCE [DEST] brings a foreign repository onto disk: DEST
(given, or the source's last segment when there is none) is moved into the
sandbox, and a later cd follows it. Options that take a value (-r, -b, -u,
-e, --config, …) are skipped. hg pull, update and the rest pass.`,
	Commands: []string{"hg"},
	Call:     checkHg,
}

// hgSpec are hg's options that take a value.
var hgSpec = optSpec{shortVal: "rbueR", longVal: setOf("rev", "branch", "updaterev", "ssh", "remotecmd", "config",
	"repository", "cwd", "encoding", "encodingmode"), longEq: true}

func checkHg(p *Pass, c *syntax.Call) {
	_, operands := scan(c.Args, hgSpec)
	if len(operands) < 2 || c.Args[operands[0]].Value != "clone" {
		return
	}
	src := c.Args[operands[1]]
	if len(operands) >= 3 {
		d := c.Args[operands[2]]
		p.cloneInto(c, "hg-clone", "hg clone", src, &d, 0)
		return
	}
	p.cloneInto(c, "hg-clone", "hg clone", src, nil, src.End)
}
