package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var gitDestroy = Rule{
	Name: "git-destroy",
	Doc: `Git commands that throw away work no commit holds, or rewrite shared
history: reset --hard, clean -f (not -n), push --force/-f/+refspec (not
--force-with-lease, which refuses to overwrite others' work) and push
--delete, branch -D, checkout -- <paths>, checkout . and checkout -f,
switch --discard-changes/-f, restore of the worktree (restore --staged only
touches the index and passes), stash drop/clear, reflog expire,
gc --prune=now, filter-branch, worktree remove --force. Each is routine for
a person who means it and unrecoverable when an agent does it by mistake:
ask. Global options (git -C dir, -c k=v) do not hide the subcommand.`,
	Commands: []string{"git"},
	Call:     checkGitDestroy,
}

func checkGitDestroy(p *Pass, c *syntax.Call) {
	_, sub := gitArgs(c)
	if sub < 0 || asksHelp(c) {
		return
	}
	args := c.Args[sub+1:]
	flag := func(names ...string) bool { return hasFlag(args, 0, names...) }
	short := func(letter byte) bool {
		for _, a := range args {
			v := a.Value
			if v == "--" {
				return false
			}
			if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], letter) >= 0 {
				return true
			}
		}
		return false
	}
	afterDashes := func() []syntax.Arg {
		for i, a := range args {
			if a.Value == "--" {
				return args[i+1:]
			}
		}
		return nil
	}
	var why string
	switch c.Args[sub].Value {
	case "reset":
		if flag("--hard") {
			why = "git reset --hard discards uncommitted changes"
		}
	case "clean":
		if (short('f') || flag("--force")) && !short('n') && !flag("--dry-run") {
			why = "git clean -f deletes untracked files"
		}
	case "push":
		force := flag("--force") || short('f')
		for _, a := range args {
			if strings.HasPrefix(a.Value, "+") && len(a.Value) > 1 {
				force = true
			}
		}
		switch {
		case force:
			why = "git push --force overwrites the remote's history (use --force-with-lease)"
		case flag("--delete") || short('d'):
			why = "git push --delete removes a remote branch"
		case flag("--mirror"):
			why = "git push --mirror overwrites every ref of the remote"
		}
	case "branch":
		if short('D') || (flag("--delete") || short('d')) && (flag("--force") || short('f')) {
			why = "git branch -D deletes a branch whether or not it is merged"
		}
	case "checkout":
		switch {
		case flag("--force") || short('f'):
			why = "git checkout --force discards local changes"
		case len(afterDashes()) > 0:
			why = "git checkout -- <paths> discards uncommitted changes to those files"
		case hasWord(c, ".") && !flag("-b", "-B"):
			why = "git checkout . discards every uncommitted change"
		}
	case "switch":
		if flag("--discard-changes", "--force") || short('f') {
			why = "git switch --discard-changes throws local changes away"
		}
	case "restore":
		staged := flag("--staged") || short('S')
		worktree := flag("--worktree") || short('W')
		if !staged || worktree {
			why = "git restore discards uncommitted changes in the working tree"
		}
	case "stash":
		if len(args) > 0 && (args[0].Value == "drop" || args[0].Value == "clear") {
			why = "git stash " + args[0].Value + " deletes stashed work"
		}
	case "reflog":
		if len(args) > 0 && args[0].Value == "expire" {
			why = "git reflog expire removes the safety net of recent history"
		}
	case "gc":
		for _, a := range args {
			if strings.HasPrefix(a.Value, "--prune=now") || a.Value == "--prune=all" {
				why = "git gc --prune=now deletes unreachable commits at once"
			}
		}
	case "filter-branch", "filter-repo":
		why = "git " + c.Args[sub].Value + " rewrites history"
	case "worktree":
		if len(args) > 0 && args[0].Value == "remove" && (flag("--force") || short('f')) {
			why = "git worktree remove --force deletes a worktree with its changes"
		}
	case "update-ref":
		if flag("-d") {
			why = "git update-ref -d deletes a ref"
		}
	}
	if why != "" {
		p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: why})
	}
}
