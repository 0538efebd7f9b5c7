package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var ghRepoFork = Rule{
	Name: "gh-repo-fork",
	Doc: `gh repo fork [REPO] --clone clones the new fork into a directory named
after it (--fork-name, or the repository's name); gh passes the words after
"--" to git clone, and takes the first of them that is no option as the
directory. corral adds "-- <sandbox>/<name>" (or moves that directory into
the sandbox), and a later cd follows it. gh repo create NAME --clone clones
into ./NAME with no way to name the directory, so corral asks. Without
--clone nothing lands on disk.`,
	Decisions: []Decision{Rewrite, Ask},
	Commands:  []string{"gh"},
	Call:      checkGhRepoFork,
}

func checkGhRepoFork(p *Pass, c *syntax.Call) {
	if args, ok := ghSub(c, "repo", "create"); ok {
		if hasFlag(args, 0, "--clone", "-c") && !p.DirInSandbox(c.Dir) {
			p.Report(c, Finding{Rule: "gh-repo-fork", Decision: Ask, Kind: "gh repo create",
				Message: "gh repo create --clone clones into the working directory and cannot be given another; run it from the sandbox (cd " + p.Config.Sandbox + ")"})
		}
		return
	}
	args, ok := ghSub(c, "repo", "fork")
	if !ok {
		return
	}
	clone := false
	var repo *syntax.Arg
	forkName := ""
	dash := -1
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "--" && a.Static:
			dash = i
		case v == "--clone" || v == "--clone=true":
			clone = true
		case v == "--remote-name" || v == "--org" || v == "--fork-name":
			if i+1 < len(args) && v == "--fork-name" {
				forkName = args[i+1].Value
			}
			i++
		case strings.HasPrefix(v, "--fork-name="):
			forkName = strings.TrimPrefix(v, "--fork-name=")
		case strings.HasPrefix(v, "-"):
		case repo == nil:
			repo = &args[i]
		}
		if dash >= 0 {
			break
		}
	}
	if !clone {
		return
	}
	if dash >= 0 && dash+1 < len(args) && !strings.HasPrefix(args[dash+1].Value, "-") {
		d := args[dash+1]
		src := syntax.Arg{Value: forkName, Static: true}
		if repo != nil && forkName == "" {
			src = *repo
		}
		p.cloneInto(c, "gh-repo-fork", "gh repo fork", src, &d, 0)
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	name := forkName
	if name == "" && repo != nil && repo.Static {
		name = repoName(repo.Value, false)
	}
	if name == "" {
		p.Report(c, Finding{Rule: "gh-repo-fork", Decision: Ask, Kind: "gh repo fork",
			Message: "gh repo fork --clone of a repository corral cannot name clones into the working directory; add -- " + p.Config.Sandbox + "/<name>"})
		return
	}
	dest := p.SandboxPath(name, "repo")
	var edit syntax.Edit
	if dash >= 0 {
		edit = Insert(c, args[dash].End, " "+syntax.Quote(dest))
	} else {
		edit = Insert(c, c.Args[len(c.Args)-1].End, " -- "+syntax.Quote(dest))
	}
	p.acquire(c, "gh-repo-fork", "gh repo fork", "gh repo fork --clone would clone into the working directory", dest,
		[]syntax.Edit{edit}, relocate(c, c.Dir, name, dest))
}
