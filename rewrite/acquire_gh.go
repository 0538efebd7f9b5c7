package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var ghRepoClone = Rule{
	Name: "gh-repo-clone",
	Doc: `gh repo clone OWNER/REPO [DIR] [-- gitflags] is a git clone: the
directory (given, or the repository's name) is moved into the sandbox, and
a later cd follows it.`,
	Commands: []string{"gh"},
	Call:     checkGhRepoClone,
}

var ghReleaseDownload = Rule{
	Name: "gh-release-download",
	Doc: `gh release download saves release assets into the working directory
or -D/--dir DIR; -O/--output FILE names one file. Both are moved into the
sandbox (-D <sandbox> is added when neither is given); -O - is stdout.`,
	Commands: []string{"gh"},
	Call:     checkGhReleaseDownload,
}

var ghPrCheckout = Rule{
	Name: "gh-pr-checkout",
	Doc: `gh pr checkout brings a pull request's foreign code into the current
repository. Outside the sandbox it is denied (seed 003), with the commands
that do the same inside the sandbox; inside the sandbox it passes.`,
	Commands: []string{"gh"},
	Call:     checkGhPrCheckout,
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
		if v == "--" {
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
	name := repoName(repo.Value, false)
	if len(pos) >= 2 {
		d := pos[1]
		if p.InSandbox(c.Dir, d) {
			return
		}
		dest, text := p.sandboxed(d, name)
		if d.Static && (d.Value == "." || d.Value == "./") {
			dest = p.SandboxPath(name, "repo")
			text = syntax.Quote(dest)
		}
		p.acquire(c, "gh-repo-clone", "gh repo clone", "gh repo clone into "+d.Value+" is outside the sandbox", dest,
			[]syntax.Edit{Replace(c, d, text)}, relocate(c, c.Dir, d.Value, dest))
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	if !repo.Static {
		p.Report(c, Finding{Rule: "gh-repo-clone", Decision: Ask, Message: "gh repo clone of a repository named at run time; give it a directory in the sandbox"})
		return
	}
	dest := p.SandboxPath(name, "repo")
	p.acquire(c, "gh-repo-clone", "gh repo clone", "gh repo clone without a directory would land in the working directory", dest,
		[]syntax.Edit{Insert(c, repo.End, " "+syntax.Quote(dest))}, relocate(c, c.Dir, name, dest))
}

func checkGhReleaseDownload(p *Pass, c *syntax.Call) {
	args, ok := ghSub(c, "release", "download")
	if !ok {
		return
	}
	opts, _ := scan(args, optSpec{shortVal: "DOpARg", longVal: setOf("dir", "output", "pattern", "archive", "repo"), longEq: true})
	if outs := find(opts, "O", "output"); len(outs) > 0 {
		o := outs[len(outs)-1]
		if o.val.Value == "-" || p.InSandbox(c.Dir, o.val) {
			if o.val.Value == "-" {
				p.followStdout(c, "gh-release-download", "download")
			}
			return
		}
		dest, text := p.sandboxed(o.val, "download")
		p.acquire(c, "gh-release-download", "download", "gh release download saves "+o.val.Value+" outside the sandbox", dest,
			[]syntax.Edit{setValue(c, o, text)}, relocate(c, c.Dir, o.val.Value, dest))
		return
	}
	if dirs := find(opts, "D", "dir"); len(dirs) > 0 {
		d := dirs[len(dirs)-1]
		if p.InSandbox(c.Dir, d.val) {
			return
		}
		dest, text := p.sandboxed(d.val, "release")
		p.acquire(c, "gh-release-download", "download", "gh release download saves into "+d.val.Value+", outside the sandbox", dest,
			[]syntax.Edit{setValue(c, d, text)}, relocate(c, c.Dir, d.val.Value, dest))
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	at := c.Args[len(c.Args)-1].End
	p.acquire(c, "gh-release-download", "download", "gh release download saves into the working directory", p.Config.Sandbox,
		[]syntax.Edit{Insert(c, at, " -D "+syntax.Quote(p.Config.Sandbox))}, nil)
}

func checkGhPrCheckout(p *Pass, c *syntax.Call) {
	args, ok := ghSub(c, "pr", "checkout")
	if !ok || p.DirInSandbox(c.Dir) {
		return
	}
	pr := "<number>"
	for _, a := range args {
		if !strings.HasPrefix(a.Value, "-") {
			pr = a.Value
			break
		}
	}
	sb := syntax.Quote(p.Config.Sandbox + "/<repo>")
	p.Report(c, Finding{Rule: "gh-pr-checkout", Decision: Deny,
		Message: "gh pr checkout brings a pull request's code outside the sandbox; do it in a clone inside the sandbox: gh repo clone <owner>/<repo> " + sb + " && cd " + sb + " && gh pr checkout " + pr})
}
