package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var hgClone = Rule{
	Name:      "hg-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `hg clone SOURCE [DEST] brings a foreign repository onto disk: DEST
(given, or the base name of the source's path when there is none, as hg
names it, .git kept) is moved into the sandbox, and a later cd follows it;
a source only known at run time gets sandbox/"$(basename -- SOURCE)". Options that take a value (-r, -b, -u,
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
	cl := clone{call: c, rule: "hg-clone", kind: "hg clone", program: "hg", src: c.Args[operands[1]], dir: c.Dir,
		at: c.Args[operands[1]].End}
	if len(operands) >= 3 {
		cl.dest = &c.Args[operands[2]]
	}
	p.cloneDest(cl)
}
