package rewrite

import (
	"strings"

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
	args := c.Args
	for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") {
		if (args[0].Value == "-R" || args[0].Value == "--repo") && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
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
	var pos []syntax.Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" && args[i].Static {
			break
		}
		if v == "-u" || v == "--upstream-remote-name" {
			i++
			continue
		}
		if strings.HasPrefix(v, "-") {
			continue
		}
		pos = append(pos, args[i])
	}
	if len(pos) == 0 {
		return
	}
	repo := pos[0]
	var dest *syntax.Arg
	if len(pos) >= 2 {
		dest = &pos[1]
	}
	p.cloneInto(c, "gh-repo-clone", "gh repo clone", repo, dest, repo.End)
}
