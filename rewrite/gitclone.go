package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var gitClone = Rule{
	Name:      "git-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `git clone brings a foreign repository onto disk. Its destination (the
directory argument, or the name git derives from the URL: its "humanish"
part, with .git added for --bare and --mirror) is moved into the sandbox:
an explicit directory becomes sandbox/<its base name>, a missing one is
added as sandbox/<repo name>, and a URL only known at run time gets
sandbox/"$(basename -- URL .git)", the same as every other clone (see
clone.go); a URL that is a command substitution would run twice, so
corral asks. Repositories that xargs supplies are cloned with
"git -C <sandbox>". Global options (-C, -c, --git-dir=…) and every clone
option that takes a value are understood, as is "--". Later "cd <dir>" in
the same command follow the clone. A clone whose destination is already
in the sandbox is left alone. hub and lab, GitHub's and GitLab's
wrappers of git, are read as git (syntax's gitFrontEnd): hub clone
OWNER/REPO clones as git does.`,
	Commands: []string{"git", "git-clone"},
	Call:     checkGitClone,
}

// gitArgs splits a git call into its global options and subcommand: it
// returns the directory git runs in (after -C) and the index of the
// subcommand in c.Args, or -1 (none, or one only known at run time).
func gitArgs(c *syntax.Call) (dir syntax.Dir, sub int) {
	opts, operands := scan(c.Args, specFor("git"))
	dir = c.Dir
	for _, o := range opts {
		if o.name == "C" && o.hasVal {
			if o.val.Static {
				dir = dir.Join(o.val.Value)
			} else {
				dir = syntax.Dir{}
			}
		}
	}
	if len(operands) == 0 {
		return dir, -1
	}
	if !c.Args[operands[0]].Static {
		return syntax.Dir{}, -1
	}
	return dir, operands[0]
}

// gitAlias returns what an alias defined on the command line with
// -c alias.NAME=VALUE expands to, when the subcommand is NAME.
func gitAlias(c *syntax.Call, sub int) (string, bool) {
	if sub < 0 {
		return "", false
	}
	name := c.Args[sub].Value
	val, found := "", false
	opts, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range find(opts, "c") {
		k, v, ok := strings.Cut(o.val.Value, "=")
		if ok && strings.EqualFold(k, "alias."+name) {
			val, found = v, true
		}
	}
	return val, found
}

// gitCloneStart returns the index in c.Args of the first word after "clone"
// (git clone, git svn clone, the git-clone program by its libexec path,
// or an alias of clone given with -c), the directory it runs in, and
// whether c is a clone at all.
func gitCloneStart(c *syntax.Call) (int, syntax.Dir, bool) {
	if c.Name == "git-clone" {
		return 0, c.Dir, true
	}
	dir, sub := gitArgs(c)
	if sub < 0 {
		return 0, dir, false
	}
	switch v := c.Args[sub].Value; {
	case v == "clone":
		return sub + 1, dir, true
	case v == "svn" && sub+1 < len(c.Args) && c.Args[sub+1].Value == "clone":
		return sub + 2, dir, true
	}
	if alias, ok := gitAlias(c, sub); ok {
		if f := strings.Fields(alias); len(f) > 0 && f[0] == "clone" {
			return sub + 1, dir, true
		}
	}
	return 0, dir, false
}

func gitSubcommand(c *syntax.Call) string {
	_, i := gitArgs(c)
	if i < 0 {
		return ""
	}
	return c.Args[i].Value
}

// cloneSpec are git clone's options that take a value.
var cloneSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "obucj", longEq: true, longVal: longOpts("origin", "branch", "upload-pack", "reference",
		"reference-if-able", "separate-git-dir", "depth", "shallow-since", "shallow-exclude", "config", "server-option",
		"filter", "template", "jobs", "bundle-uri", "ref-format", "revision")}
}}

func checkGitClone(p *Pass, c *syntax.Call) {
	start, dir, ok := gitCloneStart(c)
	if !ok {
		return
	}
	spec := cloneSpec.Get()
	gitSvn := start >= 2 && c.Args[start-1].Value == "clone" && c.Args[start-2].Value == "svn"
	if gitSvn {
		spec = gitSvnCloneSpec.Get()
	}
	opts, operands := scan(c.Args[start:], spec)
	pos := make([]int, len(operands))
	for i, o := range operands {
		pos[i] = start + o
	}
	if !p.cloneGitDirs(c, dir, start, opts) {
		return
	}
	for _, o := range find(opts, "c", "config") {
		// git clone -c core.worktree=DIR keeps DIR in the clone's
		// configuration: the clone checks out into its own directory,
		// but every later checkout, reset or pull there writes the
		// foreign tree into DIR (checked with git 2.39), which the
		// sandbox cannot hold.
		if k, _, _ := strings.Cut(o.val.Value, "="); o.hasVal && (!o.val.Static || strings.EqualFold(strings.TrimSpace(k), "core.worktree")) {
			p.Report(c, Finding{Rule: "git-clone", Decision: Ask, Kind: "git clone",
				Message: "git clone -c " + o.val.Raw + " sets the clone's work tree, where later git commands in it write its files; corral cannot keep that in the sandbox"})
			return
		}
	}
	if len(pos) == 0 {
		if c.ExtraArgs && !p.DirInSandbox(dir) && start > 0 {
			// xargs git clone: the repositories come at run time.
			p.acquire(c, "git-clone", "git clone", "git clone of repositories given at run time (xargs) would land outside the sandbox",
				p.Config.Sandbox, []syntax.Edit{Insert(c, c.Args[start-1].Start, "-C "+syntax.Quote(p.Config.Sandbox)+" ")}, nil)
		}
		return
	}
	cl := clone{call: c, rule: "git-clone", kind: "git clone", program: "git", src: c.Args[pos[0]], dir: dir,
		at: c.Args[len(c.Args)-1].End}
	if gitSvn {
		cl.program = "svn"
	} else if given(opts, "bare", "mirror") {
		cl.suffix = ".git"
	}
	if len(pos) >= 2 {
		cl.dest = &c.Args[pos[1]]
	}
	p.cloneDest(cl)
}

// gitSvnCloneSpec are git svn clone's options that take a value.
var gitSvnCloneSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "rTtbA", longEq: true, longVal: longOpts("revision", "trunk", "tags", "branches",
		"prefix", "username", "authors-file", "authors-prog", "ignore-paths", "include-paths", "ignore-refs",
		"log-window-size", "rewrite-root", "rewrite-uuid", "placeholder-filename", "config-dir", "template")}
}}

// cloneGitDirs handles where a clone puts its repository and work tree
// besides its destination: --separate-git-dir outside the sandbox is moved
// into it; GIT_DIR or GIT_WORK_TREE set for the command, or git's global
// --git-dir/--work-tree (which set them), send the clone elsewhere, so
// corral asks. It reports false when it asked.
func (p *Pass) cloneGitDirs(c *syntax.Call, dir syntax.Dir, start int, opts []option) bool {
	for _, o := range find(opts, "separate-git-dir") {
		if p.InSandbox(dir, o.val) {
			continue
		}
		dest, text := p.sandboxed(o.val, "repo.git")
		p.acquire(c, "git-clone", "git clone", "git clone puts its repository in "+o.val.Value+", outside the sandbox", dest,
			[]syntax.Edit{setValue(c, o, text)}, nil)
	}
	where := ""
	globals, _ := scan(c.Args[:min(start, len(c.Args))], specFor("git"))
	for _, o := range globals {
		if o.name == "git-dir" || o.name == "work-tree" {
			where = "--" + o.name
		}
	}
	for _, a := range c.Expr.Assigns {
		if a.Name != nil && (a.Name.Value == "GIT_DIR" || a.Name.Value == "GIT_WORK_TREE") {
			where = a.Name.Value
		}
	}
	for _, a := range c.Expr.Args {
		if int(a.Pos().Offset()) >= c.NameArg.Start {
			break
		}
		if lit := syntax.LitText(a); strings.HasPrefix(lit, "GIT_DIR=") || strings.HasPrefix(lit, "GIT_WORK_TREE=") {
			where, _, _ = strings.Cut(lit, "=")
		}
	}
	if where == "" {
		return true
	}
	p.Report(c, Finding{Rule: "git-clone", Decision: Ask, Kind: "git clone",
		Message: "git clone with " + where + " puts the repository or its files where that names, not in its destination; clone into the sandbox (" + p.Config.Sandbox + ") without it"})
	return false
}
