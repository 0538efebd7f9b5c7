package rewrite

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Some git commands put back every locally changed tracked file, with no
// pathspec naming one: git stash (push, save, -u, -a), git reset --hard
// (--merge: the staged changes), git checkout -f [BRANCH], git switch -f
// / --discard-changes. An uncommitted edit of a tracked self-protected
// file (the .claude/settings.json that registers the hook, .claude/hooks,
// .corral.json, another agent's project settings) is reverted with the
// rest: the hook is unregistered with no write naming the file. So corral
// asks the real git (runGit, bounded) which tracked files have local
// changes, as the command compares them (the work tree and index
// against HEAD for a stash or a hard reset, the work tree against the
// index for git stash --keep-index, the index against HEAD for --staged
// and reset --merge; the repository's untracked files too for git stash
// -u, ignored ones for -a: a stash removes them), with the plumbing
// diffs, which hash no file through a clean filter, and judges each self-protected one as a write. With no
// such file changed (the usual case) nothing is reported: the command's
// decision is the one it had. git stash -p picks changes interactively:
// an ask naming the file.

// revertAllWrites judges the locally changed self-protected files that
// the git call at c.Args[sub] reverts without a pathspec.
func (p *Pass) revertAllWrites(c *syntax.Call, dir syntax.Dir, sub int) {
	verb := c.Args[sub].Value
	args := c.Args[sub+1:]
	var lists [][]string
	patch := false
	// The plumbing diffs, which do not refresh the index first (git
	// diff does, hashing files through the repository's clean
	// filters): a file whose stat data changed counts as changed.
	diff := func(extra ...string) []string {
		verb := "diff-files"
		if len(extra) > 0 {
			verb = "diff-index"
		}
		return append([]string{verb, "--name-only", "-z", "--no-renames"}, extra...)
	}
	switch verb {
	case "stash":
		rest := args
		if len(args) > 0 && args[0].Static && (args[0].Value == "push" || args[0].Value == "save") {
			rest = args[1:]
		} else if len(args) > 0 && !(args[0].Static && strings.HasPrefix(args[0].Value, "-")) {
			return // list, show, apply, pop, drop, create, store, …
		}
		opts, idx := scan(rest, optSpec{shortVal: "m", longEq: true, longVal: longOpts("message", "pathspec-from-file")})
		if has(opts, "h", "help") || len(find(opts, "pathspec-from-file")) > 0 {
			return
		}
		if len(idx) > 0 && (len(args) == 0 || args[0].Value != "save") {
			return // pathspecs: gitRestores
		}
		keep := false
		for _, o := range opts {
			switch o.name {
			case "k", "keep-index":
				keep = true
			case "no-keep-index":
				keep = false
			}
		}
		switch {
		case has(opts, "S", "staged"):
			lists = append(lists, diff("--cached", "--end-of-options", "HEAD"))
		case keep:
			lists = append(lists, diff())
		default:
			lists = append(lists, diff("--end-of-options", "HEAD"))
		}
		if has(opts, "a", "all") {
			lists = append(lists, []string{"ls-files", "-z", "--full-name", "--others", "--", ":/"})
		} else if has(opts, "u", "include-untracked") {
			lists = append(lists, []string{"ls-files", "-z", "--full-name", "--others", "--exclude-standard", "--", ":/"})
		}
		patch = has(opts, "p", "patch")
	case "reset":
		opts, idx := scan(args, optSpec{longEq: true, longVal: longOpts("pathspec-from-file")})
		if len(idx) > 1 {
			return
		}
		switch {
		case has(opts, "hard"):
			lists = append(lists, diff("--end-of-options", "HEAD"))
		case has(opts, "merge"):
			lists = append(lists, diff("--cached", "--end-of-options", "HEAD"))
		}
	case "checkout", "switch":
		spec := optSpec{shortVal: "bB", longEq: true, longVal: longOpts("orphan", "conflict", "pathspec-from-file")}
		if verb == "switch" {
			spec = optSpec{shortVal: "cC", longEq: true, longVal: longOpts("create", "force-create", "orphan", "conflict")}
		}
		opts, idx := scan(args, spec)
		if len(idx) > 1 || !has(opts, "f", "force", "discard-changes") || has(opts, "p", "patch") {
			return
		}
		if verb == "checkout" {
			if _, ok := gitRestores(c, verb, args); ok {
				return // git checkout -f PATHS: the paths
			}
			for _, a := range args {
				if a.Static && a.Value == "--" {
					return
				}
			}
		}
		lists = append(lists, diff("--end-of-options", "HEAD"))
	}
	if len(lists) == 0 {
		return
	}
	top := repoTop(dir.Path)
	if top == "" {
		return
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	var held []string
	for _, words := range lists {
		out, err := runGit(dir.Path, words...)
		if err != nil {
			continue
		}
		for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
			if name == "" || len(held) >= maxTreeWrites {
				continue
			}
			abs := filepath.Join(top, filepath.FromSlash(name))
			if p.heldSelf(env, abs, abs) != "" {
				held = append(held, abs)
			}
		}
	}
	if len(held) == 0 {
		return
	}
	if patch {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
			Message: "git " + verb + " -p offers to revert the local changes of " + strings.Join(held, ", ") + ", a file corral protects: which are reverted is chosen interactively"})
		return
	}
	for _, abs := range held {
		p.judge(c, c.Script, c.Dir, target{arg: c.Args[sub], value: abs, action: guards.Write, derived: true},
			"bash-write", "git "+verb+" (reverts the local change of "+abs+")")
	}
}
