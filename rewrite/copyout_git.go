package rewrite

import (
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// Copy-out through git and through diffs (issue 12, copy-out): a
// repository cloned into the sandbox holds its external content twice,
// as files of its work tree and as objects of its .git directory. cat
// agent_sandbox/b/x > src/y is a copy-out the flow check sees; git -C
// agent_sandbox/b show HEAD:x > src/y is the same copy made from the
// objects, and git -C agent_sandbox/b worktree add src/w checks the
// whole tree out outside the sandbox. And a diff that lies in the
// sandbox (or is printed from a sandboxed repository) writes its content
// into the files it names wherever it is applied: patch -p1 <
// agent_sandbox/x.diff, git apply agent_sandbox/x.diff, git -C
// agent_sandbox/b diff | git apply.
//
// gitSandboxRead is the sandbox read of a git call whose repository is
// under the sandbox and whose subcommand prints or checks out that
// repository's content (gitContentVerbs); diffApplyWrites is what patch,
// git apply and git am write when what they read is sandbox content:
// files of the diff's choosing under the directory they apply in.

// gitContentVerbs are the git subcommands whose output, or the files
// they make, hold the content of the repository they run in: objects
// (show, cat-file), trees and archives (archive, bundle, fast-export,
// checkout-index, worktree), diffs (diff, diff-tree, diff-index,
// format-patch, log, whatchanged, stash) and file lines (blame, annotate,
// grep). Subcommands that print names, hashes or counts (rev-parse,
// ls-files, status, shortlog) are not among them.
var gitContentVerbs = lazy.Set{List: []string{
	"show", "cat-file", "archive", "bundle", "fast-export", "checkout-index", "worktree",
	"diff", "diff-tree", "diff-index", "format-patch", "log", "whatchanged", "stash",
	"blame", "annotate", "grep",
}}

// callReadsContent is contentReader for a call: git, which is no
// content reader for its words, is one when its subcommand prints or
// checks out a repository's content or applies a diff it reads.
func callReadsContent(c *syntax.Call) bool {
	if c.Name != "git" {
		return contentReader(c.Name)
	}
	_, sub := gitArgs(c)
	if sub < 0 {
		return false
	}
	v := c.Args[sub].Value
	return v == "apply" || v == "am" || gitContentVerbs.Has(v)
}

// gitSandboxRead returns the repository under the sandbox that git call
// c prints or checks out content of, or "". The repository is the one
// --git-dir or GIT_DIR names, else the one git finds from the directory
// it runs in (after -C): a directory under the sandbox's top finds a
// repository there (the sandbox's own top finds the project's).
func (p *Pass) gitSandboxRead(c *syntax.Call, ix relocationIndex) string {
	if c.Name != "git" {
		return ""
	}
	_, sub := gitArgs(c)
	if sub < 0 {
		return ""
	}
	if v := c.Args[sub].Value; v == "apply" || v == "am" {
		// The diffs or mailboxes it applies (git counts as a fetcher,
		// whose words are not read as content elsewhere).
		for _, a := range c.Args[sub+1:] {
			if src, ok := p.sandboxWord(c, ix, a); ok {
				return src
			}
		}
		return ""
	}
	if !gitContentVerbs.Has(c.Args[sub].Value) {
		return ""
	}
	dir := c.Dir
	var gitDir *syntax.Arg
	if v, known, set := c.Getenv("GIT_DIR"); set {
		gitDir = &syntax.Arg{Value: v, Static: known}
	}
	opts, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range opts {
		switch {
		case o.name == "C" && o.hasVal && o.val.Static:
			dir = dir.Join(o.val.Value)
		case o.name == "C":
			dir = syntax.Dir{}
		case o.name == "git-dir" && o.hasVal:
			v := o.val
			if v.Static && dir.Known {
				v.Value = dir.Join(v.Value).Path
			}
			gitDir = &v
		}
	}
	var at syntax.Arg
	switch {
	case gitDir != nil && gitDir.Static:
		at = syntax.Arg{Value: dir.Join(gitDir.Value).Path, Static: dir.Known}
	case gitDir != nil:
		return ""
	case dir.Known:
		at = syntax.Arg{Value: dir.Path, Static: true}
	default:
		return ""
	}
	src, ok := p.sandboxWord(c, ix, at)
	if !ok || src == p.Config.Sandbox {
		return ""
	}
	return src
}

// diffApplyWrites returns the directory patch, git apply or git am (call
// c) writes the files of its diff under, when it is outside the sandbox
// in the project or the home directory: patch's -d/--directory, else the
// directory it runs in; git's -C directory. Which files the diff names
// is the diff's own (diffTargets judges them when the diff is readable at
// hook time); applied from the sandbox, every one of them is external
// content.
func (p *Pass) diffApplyWrites(c *syntax.Call, ix relocationIndex) []outsideWrite {
	var dir syntax.Dir
	switch c.Name {
	case "patch":
		dir = c.Dir
		opts, _ := scan(c.Args, patchSpec)
		if has(opts, "dry-run") || len(find(opts, "o", "output")) > 0 {
			return nil
		}
		for _, o := range find(opts, "d", "directory") {
			if !o.val.Static {
				return nil
			}
			dir = dir.Join(o.val.Value)
		}
	case "git":
		d, sub := gitArgs(c)
		if sub < 0 {
			return nil
		}
		v := c.Args[sub].Value
		if v != "apply" && v != "am" {
			return nil
		}
		// --check, --stat, --numstat and --summary only look at the diff
		// (unless --apply); am's --continue, --skip, --abort read no mail.
		opts, _ := scan(c.Args[sub+1:], gitApplyAmSpec.Get())
		if has(opts, "check", "stat", "numstat", "summary") && !has(opts, "apply") || v == "am" && has(opts, "continue", "skip", "abort", "quit", "show-current-patch") {
			return nil
		}
		dir = d
	default:
		return nil
	}
	if !dir.Known {
		return nil
	}
	to, ok := resolveMoved(c, ix, syntax.Arg{Value: dir.Path, Static: true})
	if !ok || p.inSandboxPath(to) || !p.projectOrHome(to) {
		return nil
	}
	return []outsideWrite{{name: "the files its diff names under " + to, abs: to, dir: true}}
}

// worktreeAddSpec is git worktree add's options that take a value.
var worktreeAddSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "bB", longEq: true, longVal: longOpts("reason")}
}}

// worktreeWrites returns the working tree git worktree add PATH (call c)
// checks out outside the sandbox: PATH taken from the directory git runs
// in as the command's rewrites leave it (git -C b worktree add ../../src/w
// after b was moved to agent_sandbox/b makes src/w in the project).
func (p *Pass) worktreeWrites(c *syntax.Call, ix relocationIndex) []outsideWrite {
	if c.Name != "git" {
		return nil
	}
	dir, sub := gitArgs(c)
	if sub < 0 || sub+1 >= len(c.Args) || c.Args[sub].Value != "worktree" || c.Args[sub+1].Value != "add" || !dir.Known {
		return nil
	}
	_, ops := scan(c.Args[sub+2:], worktreeAddSpec.Get())
	if len(ops) == 0 {
		return nil
	}
	d := c.Args[sub+2+ops[0]]
	if !d.Static || d.Value == "" {
		return nil
	}
	base, ok := resolveMoved(c, ix, syntax.Arg{Value: dir.Path, Static: true})
	if !ok {
		return nil
	}
	to := syntax.Dir{Path: base, Known: true}.Join(d.Value).Path
	if p.inSandboxPath(to) || !p.projectOrHome(to) {
		return nil
	}
	return []outsideWrite{{name: d.Value, abs: to, dir: true}}
}
