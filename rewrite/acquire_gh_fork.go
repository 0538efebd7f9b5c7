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
	dash := len(args)
	for i, a := range args {
		if a.Static && a.Value == "--" {
			dash = i
			break
		}
	}
	opts, pos := ghScan(args, ghRepoForkSpec)
	cloning := false
	for _, o := range opts {
		if o.name == "clone" {
			cloning = !o.hasVal || o.val.Value != "false"
		}
	}
	if !cloning || has(opts, "help") {
		return
	}
	cl := clone{call: c, rule: "gh-repo-fork", kind: "gh repo fork", program: "gh", dir: c.Dir}
	if f := find(opts, "fork-name"); len(f) > 0 {
		cl.src = f[len(f)-1].val
	} else if len(pos) > 0 {
		cl.src = pos[0]
	} else {
		// A fork of the repository in the working directory, whose name
		// corral does not know.
		if dash+1 < len(args) && !strings.HasPrefix(args[dash+1].Value, "-") {
			cl.src = syntax.Arg{Value: "repo", Static: true}
		} else {
			if !p.DirInSandbox(c.Dir) {
				p.Report(c, Finding{Rule: "gh-repo-fork", Decision: Ask, Kind: "gh repo fork",
					Message: "gh repo fork --clone of a repository corral cannot name clones into the working directory; add -- " + p.Config.Sandbox + "/<name>"})
			}
			return
		}
	}
	// gh takes the first word after "--" as the directory when it is no
	// option (parseCloneArgs); the rest are git clone's flags.
	switch {
	case dash+1 < len(args) && !strings.HasPrefix(args[dash+1].Value, "-"):
		cl.dest = &args[dash+1]
	case dash < len(args):
		cl.at = args[dash].End
	default:
		cl.at, cl.prefix = c.Args[len(c.Args)-1].End, "-- "
	}
	p.cloneDest(cl)
}

// ghRepoForkSpec are gh repo fork's options.
var ghRepoForkSpec = optSpec{longEq: true, longVal: setOf("remote-name", "org", "fork-name"),
	longFlag: setOf("clone", "remote", "default-branch-only", "help")}
