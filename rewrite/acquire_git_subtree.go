package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var gitSubtree = Rule{
	Name:      "git-subtree",
	Decisions: []Decision{Ask},
	Doc: `git subtree add --prefix=P REPO REF and git subtree pull --prefix=P REPO
REF fetch a foreign repository and write its tree into P, inside the
repository the command runs in: the content cannot be moved into the
sandbox without moving the whole repository, so corral asks. subtree add
of a local commit (one operand), merge, split and push bring nothing in;
a repository inside the sandbox passes.`,
	Commands: []string{"git"},
	Call:     checkGitSubtree,
}

// gitSubtreeSpec are git subtree's options that take a value.
var gitSubtreeSpec = optSpec{shortVal: "Pm", longEq: true, longVal: longOpts("prefix", "message", "onto", "branch", "annotate")}

func checkGitSubtree(p *Pass, c *syntax.Call) {
	dir, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "subtree" || p.DirInSandbox(dir) {
		return
	}
	opts, ops := scan(c.Args[sub+1:], gitSubtreeSpec)
	if len(ops) == 0 {
		return
	}
	verb := c.Args[sub+1+ops[0]].Value
	n := len(ops) - 1
	if !(verb == "pull" && n >= 1 || verb == "add" && n >= 2) {
		return
	}
	prefix := "a subdirectory"
	if ps := find(opts, "P", "prefix"); len(ps) > 0 {
		prefix = ps[len(ps)-1].val.Value
	}
	p.Report(c, Finding{Rule: "git-subtree", Decision: Ask, Kind: "git subtree " + verb,
		Message: "git subtree " + verb + " writes " + c.Args[sub+1+ops[1]].Value + ", a foreign repository, into " + prefix + " of this repository; corral cannot move it into the sandbox"})
}
