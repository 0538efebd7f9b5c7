package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var gitSubmoduleAdd = Rule{
	Name:      "git-submodule-add",
	Decisions: []Decision{Ask},
	Doc: `git submodule add clones a foreign repository inside the current one,
where it must live to be a submodule: it cannot be moved into the sandbox
without ceasing to be one. So corral asks, and says how to review the
repository in a sandbox clone first. Other submodule commands (update,
sync, status) fetch repositories the project already names, and pass.`,
	Commands: []string{"git"},
	Call:     checkSubmoduleAdd,
}

// submoduleSpec are git submodule's options before its subcommand.
var submoduleSpec = optSpec{longEq: true, stop: true, longFlag: longOpts("quiet", "cached")}

// submoduleAddSpec are git submodule add's options that take a value.
var submoduleAddSpec = optSpec{shortVal: "b", longVal: longOpts("branch", "name", "reference", "depth"), longEq: true}

func checkSubmoduleAdd(p *Pass, c *syntax.Call) {
	_, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "submodule" {
		return
	}
	// git submodule [--quiet] add [options] [--] <repository> [<path>]
	_, ops := scan(c.Args[sub+1:], submoduleSpec)
	if len(ops) == 0 || c.Args[sub+1+ops[0]].Value != "add" {
		return
	}
	i := sub + 1 + ops[0]
	_, operands := scan(c.Args[i+1:], submoduleAddSpec)
	advice := "review it in a clone inside the sandbox first"
	if len(operands) > 0 {
		url := c.Args[i+1+operands[0]].Value
		dest := p.SandboxPath(cloneName("git", url), "repo")
		advice += ": git clone " + syntax.Quote(url) + " " + syntax.Quote(dest)
	}
	p.Report(c, Finding{Rule: "git-submodule-add", Decision: Ask,
		Message: "git submodule add clones a foreign repository into this one, where it cannot be sandboxed; " + advice})
}
