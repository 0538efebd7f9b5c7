package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var ghRunDownload = Rule{
	Name: "gh-run-download",
	Doc: `gh run download [RUN] saves a workflow run's artifacts into the
working directory or -D/--dir DIR: the directory is made the sandbox (-D
<sandbox> is added when none is given).`,
	Decisions: []Decision{Rewrite, Ask},
	Commands:  []string{"gh"},
	Call:      checkGhRunDownload,
}

var ghRunSpec = optSpec{shortVal: "DnpR", longEq: true, longVal: longOpts("dir", "name", "pattern", "repo")}

func checkGhRunDownload(p *Pass, c *syntax.Call) {
	args, ok := ghSub(c, "run", "download")
	if !ok {
		return
	}
	opts, _ := scan(args, ghRunSpec)
	if has(opts, "h", "help") {
		return
	}
	p.intoDirOption(c, "gh-run-download", "download", find(opts, "D", "dir"), " -D ", c.Args[len(c.Args)-1].End)
}
