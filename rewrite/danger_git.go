package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var gitDestroy = Rule{
	Name:      "git-destroy",
	Decisions: []Decision{Ask},
	Doc: `Git commands that throw away work no commit holds, or rewrite shared
history: reset --hard, clean -f (not -n), push --force/-f/+refspec (not
--force-with-lease, which refuses to overwrite others' work), push
--delete and push origin :branch, branch -D, checkout -- <paths>, checkout . and checkout -f,
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
	// Options are read with git's own rules (programs.go): bundles of
	// short options, values, and any unambiguous abbreviation of a long
	// option (git reset --har).
	opts, _ := scan(args, specFor("git "+c.Args[sub].Value))
	dashed := func(n string) string {
		if len(n) > 2 && n[1] == '-' {
			return n[2:]
		}
		return n[1:]
	}
	// flag reports a dangerous option (an ambiguous abbreviation counts).
	flag := func(names ...string) bool {
		for _, n := range names {
			if has(opts, dashed(n)) {
				return true
			}
		}
		return false
	}
	// harmless reports an option that makes the command harmless, given
	// unambiguously.
	harmless := func(names ...string) bool {
		for _, n := range names {
			if given(opts, dashed(n)) {
				return true
			}
		}
		return false
	}
	short := func(letter byte) bool { return has(opts, string(letter)) }
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
		switch {
		case flag("--hard"):
			why = "git reset --hard discards uncommitted changes"
		case flag("--merge", "--keep"):
			why = "git reset " + "--merge can discard uncommitted changes"
		}
	case "clean":
		if (short('f') || flag("--force")) && !harmless("-n", "--dry-run") {
			why = "git clean -f deletes untracked files"
		}
	case "push":
		force := (flag("--force") || short('f')) && !harmless("--force-with-lease")
		for _, a := range args {
			if strings.HasPrefix(a.Value, "+") && len(a.Value) > 1 {
				force = true
			}
		}
		switch {
		case force:
			why = "git push --force overwrites the remote's history (use --force-with-lease)"
		case flag("--delete") || short('d') || hasDeleteRefspec(args):
			why = "git push --delete removes a remote branch"
		case flag("--mirror"):
			why = "git push --mirror overwrites every ref of the remote"
		}
	case "branch":
		switch {
		case short('D') || (flag("--delete") || short('d')) && (flag("--force") || short('f')):
			why = "git branch -D deletes a branch whether or not it is merged"
		case flag("--force") || short('f'):
			why = "git branch --force moves an existing branch, dropping the commits only it held"
		}
	case "checkout":
		switch {
		case flag("--force") || short('f'):
			why = "git checkout --force discards local changes"
		case len(afterDashes()) > 0:
			why = "git checkout -- <paths> discards uncommitted changes to those files"
		case hasWord(c, ".") && !flag("-b", "-B"):
			why = "git checkout . discards every uncommitted change"
		case flag("--pathspec-from-file"):
			why = "git checkout --pathspec-from-file discards uncommitted changes to those files"
		case len(checkoutOperands(args)) >= 2:
			why = "git checkout <commit> <paths> overwrites uncommitted changes to those files"
		}
	case "switch":
		if flag("--discard-changes", "--force") || short('f') {
			why = "git switch --discard-changes throws local changes away"
		}
	case "restore":
		staged := harmless("--staged", "-S")
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
		for _, o := range find(opts, "prune") {
			if v := o.val.Value; strings.HasPrefix(v, "now") || v == "all" {
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

// hasDeleteRefspec reports whether a push refspec has an empty source
// (git push origin :branch), which deletes the remote ref.
func hasDeleteRefspec(args []syntax.Arg) bool {
	for _, a := range args {
		if len(a.Value) > 1 && a.Value[0] == ':' && a.Static {
			return true
		}
	}
	return false
}

// checkoutOperands are git checkout's non-option words (branch, commit,
// paths), with the values of -b/-B/--orphan/--conflict skipped.
func checkoutOperands(args []syntax.Arg) []syntax.Arg {
	var out []syntax.Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-b" || v == "-B" || v == "--orphan" || v == "--conflict" || v == "--pathspec-from-file" || v == "--unified" || v == "--inter-hunk-context" || v == "-U":
			i++
		case (v == "--track" || v == "-t") && i+1 < len(args) && (args[i+1].Value == "direct" || args[i+1].Value == "inherit"):
			i++
		case v == "--recurse-submodules" && i+1 < len(args) && (args[i+1].Value == "checkout" || args[i+1].Value == "on-demand" || args[i+1].Value == "yes" || args[i+1].Value == "no"):
			i++
		case strings.HasPrefix(v, "-"):
			if len(v) > 1 && v[1] != '-' && strings.ContainsAny(v[len(v)-1:], "bB") {
				i++ // -qb name
			}
		default:
			out = append(out, args[i])
		}
	}
	return out
}
