package rewrite

import (
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var hgClone = Rule{
	Name:      "hg-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `hg clone SOURCE [DEST] brings a foreign repository onto disk: DEST
(given, or the base name of the source's path when there is none, as hg
names it, .git kept) is moved into the sandbox, and a later cd follows it;
a source only known at run time gets sandbox/"$(basename -- SOURCE)". hg
--cwd DIR runs the clone in DIR, so a relative destination (or the
derived one) is DIR's. Options that take a value (-r, -b, -u, -e, --config,
…) are skipped. hg pull, update and the rest pass (a pull into a
repository the same command creates is the pull-new-repo rule's).`,
	Commands: []string{"hg"},
	Call:     checkHg,
}

// hgSpec are hg's options that take a value.
var hgSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "rbueR", longVal: longOpts("rev", "branch", "updaterev", "ssh", "remotecmd", "config",
		"repository", "cwd", "encoding", "encodingmode"), longEq: true}
}}

func checkHg(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, hgSpec.Get())
	if len(operands) < 2 || c.Args[operands[0]].Value != "clone" {
		return
	}
	cl := clone{call: c, rule: "hg-clone", kind: "hg clone", program: "hg", src: c.Args[operands[1]], dir: hgCwd(c, opts),
		at: c.Args[operands[1]].End}
	if len(operands) >= 3 {
		cl.dest = &c.Args[operands[2]]
	}
	p.cloneDest(cl)
}

// hgCwd is the directory hg runs in: the call's, changed by --cwd DIR
// (unknown when DIR is only known at run time).
func hgCwd(c *syntax.Call, opts []option) syntax.Dir {
	dir := c.Dir
	for _, o := range find(opts, "cwd") {
		if !o.val.Static {
			return syntax.Dir{}
		}
		dir = dir.Join(o.val.Value)
	}
	return dir
}
