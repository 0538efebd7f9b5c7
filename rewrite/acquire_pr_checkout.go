package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var ghPrCheckout = Rule{
	Name:      "gh-pr-checkout",
	Decisions: []Decision{Deny},
	Doc: `gh pr checkout brings a pull request's foreign code into the current
repository, which cannot be moved. Outside the sandbox it is denied (seed
003: blocked), with the commands that do the same in a clone inside the
sandbox (the repository taken from -R/--repo or from a pull request URL
when given). Inside the sandbox it passes, and so it does in a clone that
the same command moved there (gh repo clone o/r && cd r && gh pr checkout 7).`,
	Requires: movers,
	Commands: []string{"gh"},
	Call:     checkGhPrCheckout,
}

func checkGhPrCheckout(p *Pass, c *syntax.Call) {
	args, ok := ghSub(c, "pr", "checkout")
	if !ok || p.DirInSandbox(c.Dir) || p.inMovedTree(c) {
		return
	}
	repo := ghRepoFlag(c.Args)
	pr := "<number>"
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-b" || v == "--branch" || v == "-R" || v == "--repo":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			pr = v
			if r, n, ok := pullURL(v); ok {
				repo, pr = r, n
			}
		}
		if pr != "<number>" {
			break
		}
	}
	name := "<repo>"
	if repo == "" {
		repo = "<owner>/<repo>"
	} else {
		name = cloneName("gh", repo)
	}
	dir := syntax.Quote(p.Config.Sandbox + "/" + name)
	p.Report(c, Finding{Rule: "gh-pr-checkout", Decision: Deny,
		Message: "gh pr checkout brings a pull request's code into a directory outside the sandbox; check it out in a clone inside the sandbox instead: gh repo clone " + repo + " " + dir + " && cd " + dir + " && gh pr checkout " + pr})
}

// ghRepoFlag returns the value of gh's -R/--repo option, or "".
func ghRepoFlag(args []syntax.Arg) string {
	for i, a := range args {
		switch {
		case (a.Value == "-R" || a.Value == "--repo") && i+1 < len(args) && args[i+1].Static:
			return args[i+1].Value
		case strings.HasPrefix(a.Value, "--repo=") && a.Static:
			return strings.TrimPrefix(a.Value, "--repo=")
		}
	}
	return ""
}

// pullURL splits a pull request URL (https://github.com/o/r/pull/12) into
// its repository (o/r) and number.
func pullURL(v string) (repo, number string, ok bool) {
	i := strings.Index(v, "://")
	if i < 0 {
		return "", "", false
	}
	parts := strings.Split(strings.Trim(v[i+3:], "/"), "/")
	if len(parts) < 5 || parts[3] != "pull" {
		return "", "", false
	}
	return parts[1] + "/" + parts[2], parts[4], true
}

// inMovedTree reports whether c runs in a directory that an earlier
// finding of the same command moves into the sandbox (a clone followed by
// cd into it): once rewritten, c runs inside the sandbox.
func (p *Pass) inMovedTree(c *syntax.Call) bool {
	if !c.Dir.Known {
		return false
	}
	for _, f := range p.ResultOf(movers...) {
		if f.Fix == nil || f.Decision != Rewrite {
			continue
		}
		for _, rl := range f.Fix.Relocations {
			if rl.Script == c.Script && rl.After <= c.Start &&
				guards.Within(rl.From, c.Dir.Path) &&
				within(p.Config.Sandbox, syntax.Dir{Path: rl.To, Known: true}) {
				return true
			}
		}
	}
	return false
}
