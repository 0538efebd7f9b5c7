package rewrite

import (
	"path"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// gitOutputFiles returns the file --output=FILE (or --output FILE) names
// for a git subcommand other than those gitWrites reads with their own
// options (diff, log, show, format-patch, range-diff, whatchanged,
// archive): every git command that parses the revision or diff options
// (setup_revisions, diff_setup: rev-list, shortlog, diff-tree,
// diff-files, diff-index, reflog, stash list/show, blame, …) writes its
// whole output there, so git rev-list --all --output=~/.bashrc empties
// the file and git shortlog --output=F writes an author name the agent
// chose as its first line (red team 14 GO1). git takes no abbreviation
// of it (git 2.39: --outp= is an error), and a command that does not
// know the option fails before writing; it is judged for every
// subcommand, not a list. "-" is a file named "-" to git, as any other.
//
// git runs in the directory -C names (also for a relative FILE), so a
// relative FILE is judged from there.
func gitOutputFiles(c *syntax.Call, dir syntax.Dir, verb string, args []syntax.Arg) []target {
	switch verb {
	case "diff", "log", "show", "format-patch", "range-diff", "whatchanged", "archive":
		return nil // gitWrites reads their options
	}
	opts, _ := scan(args, optSpec{longEq: true, longVal: longOpts("output")})
	var out []target
	for _, o := range find(opts, "output") {
		t := target{arg: o.val, action: guards.Write}
		if o.val.Static && dir.Known && c.Dir.Known && dir.Path != c.Dir.Path && !path.IsAbs(o.val.Value) {
			t.value = dir.Join(o.val.Value).Path
		}
		out = append(out, t)
	}
	return out
}
