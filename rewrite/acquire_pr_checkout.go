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
	opts, pos := ghScan(args, ghPrCheckoutSpec)
	if r := find(opts, "R", "repo"); len(r) > 0 && r[len(r)-1].val.Static {
		repo = r[len(r)-1].val.Value
	}
	if len(pos) > 0 {
		pr = pos[0].Value
		if r, n, ok := pullURL(pr); ok {
			repo, pr = r, n
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

// ghRepoFlag returns the value of gh's -R/--repo option given before the
// subcommand, or "".
func ghRepoFlag(args []syntax.Arg) string {
	opts, _ := scan(args, specFor("gh"))
	if r := find(opts, "R", "repo"); len(r) > 0 && r[len(r)-1].val.Static {
		return r[len(r)-1].val.Value
	}
	return ""
}

// ghPrCheckoutSpec are gh pr checkout's options.
var ghPrCheckoutSpec = optSpec{shortVal: "bR", longEq: true, longVal: longOpts("branch", "repo"),
	longFlag: longOpts("detach", "force", "recurse-submodules", "help")}

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
