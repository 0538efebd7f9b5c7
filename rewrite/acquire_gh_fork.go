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
		if ghCloning(args, specFor("gh repo create"), true) && !p.DirInSandbox(c.Dir) {
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
	if !ghCloning(args, ghRepoForkSpec, false) || has(opts, "help") {
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
var ghRepoForkSpec = optSpec{longEq: true, longVal: longOpts("remote-name", "org", "fork-name"),
	longFlag: longOpts("clone", "remote", "default-branch-only", "help")}

// ghCloning reports whether a gh repo create/fork call clones: --clone or,
// when shortC, -c (create's short form), alone or clustered (-pc), or --clone=VALUE
// with a value pflag reads as true; the last of them counts, as pflag sets
// the flag each time. Options are read with the subcommand's table up to
// "--", so an option's value (--description --clone) is not taken for it.
func ghCloning(args []syntax.Arg, spec optSpec, shortC bool) bool {
	opts, _ := ghScan(args, spec)
	cloning := false
	for _, o := range opts {
		switch {
		case o.long && o.name == "clone" && o.hasVal:
			cloning = !o.val.Static || pflagTrue(o.val.Value)
		case o.long && o.name == "clone", !o.long && o.name == "c" && shortC:
			cloning = true
		}
	}
	return cloning
}

// pflagTrue reports whether pflag (strconv.ParseBool) reads v as true; a
// value it cannot parse is an error, and gh stops.
func pflagTrue(v string) bool {
	switch v {
	case "1", "t", "T", "TRUE", "true", "True":
		return true
	}
	return false
}
