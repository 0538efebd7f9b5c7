package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var ghRepoClone = Rule{
	Name:      "gh-repo-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `gh repo clone OWNER/REPO [DIR] [-- gitflags] is a git clone: the
directory (given, or the repository's name when there is none) is moved
into the sandbox, and a later cd follows it. A repository named only at
run time ("$r") is cloned into sandbox/"$(basename -- "$r")". Words after
"--" are git's flags, never the directory. A directory already in the
sandbox, or a clone run from inside it, is left alone.`,
	Commands: []string{"gh"},
	Call:     checkGhRepoClone,
}

// ghSub returns the words after gh's global flags and the subcommand
// path, and whether the call is that subcommand.
func ghSub(c *syntax.Call, path ...string) ([]syntax.Arg, bool) {
	_, operands := scan(c.Args, specFor("gh"))
	if len(operands) == 0 {
		return nil, false
	}
	args := c.Args[operands[0]:]
	for _, w := range path {
		if len(args) == 0 || args[0].Value != w {
			return nil, false
		}
		args = args[1:]
	}
	return args, true
}

func checkGhRepoClone(p *Pass, c *syntax.Call) {
	args, ok := ghSub(c, "repo", "clone")
	if !ok {
		return
	}
	opts, pos := ghScan(args, ghRepoCloneSpec)
	if len(pos) == 0 || has(opts, "help") {
		return
	}
	cl := clone{call: c, rule: "gh-repo-clone", kind: "gh repo clone", program: "gh", src: pos[0], dir: c.Dir, at: pos[0].End}
	if len(pos) >= 2 {
		cl.dest = &pos[1]
	}
	p.cloneDest(cl)
}

// ghRepoCloneSpec are gh repo clone's options (pflag: --name=value, no
// abbreviations).
var ghRepoCloneSpec = optSpec{shortVal: "u", longEq: true, longVal: longOpts("upstream-remote-name"),
	longFlag: longOpts("no-upstream", "help")}

// ghScan reads a gh subcommand's words up to "--" (after it come git's
// flags) and returns its options and operands.
func ghScan(args []syntax.Arg, spec optSpec) ([]option, []syntax.Arg) {
	for i, a := range args {
		if a.Static && a.Value == "--" {
			args = args[:i]
			break
		}
	}
	opts, idx := scan(args, spec)
	pos := make([]syntax.Arg, len(idx))
	for i, j := range idx {
		pos[i] = args[j]
	}
	return opts, pos
}
