package rewrite

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// maxTrackedFiles bounds the names of git ls-files corral judges.
const maxTrackedFiles = 20000

// gitTrackedSecret returns a secret file the repository holding dir
// tracks when the hook runs (git ls-files, bounded like the other git
// questions: gitrun.go), the first in git's order. under keeps to the
// files under dir (git grep searches the working directory's part of
// the tree), otherwise the whole repository's.
func (p *Pass) gitTrackedSecret(dir syntax.Dir, under bool) (guards.Secret, bool) {
	if p.Config.Paths == nil || !dir.Known || p.Config.NoGlobMatches {
		return guards.Secret{}, false
	}
	top := repoTop(dir.Path)
	if top == "" {
		return guards.Secret{}, false
	}
	from := top
	if under {
		from = dir.Path
	}
	out, err := runGit(from, "ls-files", "-z", "--full-name")
	if err != nil {
		return guards.Secret{}, false
	}
	env := p.guardsEnv(dir)
	for i, f := range strings.Split(string(out), "\x00") {
		if f == "" || i >= maxTrackedFiles {
			break
		}
		if s, ok := p.Config.Paths.Secrets().Match(env, filepath.Join(top, f)); ok {
			return s, true
		}
	}
	return guards.Secret{}, false
}

// gitTrackedRead judges git's unscoped readers of the tree and its
// history (red team 19 SG1): with no path to narrow them they print the
// content of every tracked file they reach, a secret the repository
// tracks among them (git grep PAT, git log -p, git show COMMIT, git diff
// REV REV, git format-patch, git fast-export, git cat-file --batch and
// cat-file of an object named only at run time). The files are those git
// ls-files lists when the hook runs. git grep and git fast-export read
// every one of them (deny); the others print the files the commits they
// show change, or the objects named on their input, which may or may not
// include it (ask). A path operand (a word that is a file or directory
// on disk, or one after --) leaves the command to the path judgement,
// and a word only known at run time is taken for a revision.
func (p *Pass) gitTrackedRead(c *syntax.Call, dir syntax.Dir, name string, opts []option, args []syntax.Arg, operands []int, dd int, content bool) {
	if !content {
		return
	}
	revs := 0
	if c.ExtraArgs && name != "grep" {
		// Words xargs or parallel add at run time (xargs git show): a
		// revision as much as a path, unless the stage before lists
		// paths (find . -name '*.go' | xargs git diff: pathspecs,
		// judged as xargs cat's operands are).
		if srcs, ok := p.extraSources(c); ok && (name == "diff" || name == "diff-tree") && p.onlyPaths(c, srcs) {
			if p.secretSources(c, srcs, "the command before it", true) {
				return
			}
		} else {
			revs++
		}
	}
	for _, i := range operands {
		a := args[i]
		if i > dd {
			return // a pathspec
		}
		if !a.Static {
			revs++
			continue
		}
		if _, ok := gitObjectPath(a.Value); ok {
			return // REV:PATH, judged as that path
		}
		if strings.ContainsAny(a.Value, "*?[") {
			return // a pathspec's glob ('*.py')
		}
		if d := dir.Join(a.Value); d.Known {
			if _, err := os.Lstat(d.Path); err == nil {
				return // a path on disk
			}
		}
		revs++
	}
	ask := true
	var verb string
	switch name {
	case "grep":
		if has(opts, "untracked", "no-index") {
			return // the files on disk: gitGrepDisk
		}
		if c.ExtraArgs {
			// find . -name '*.go' | xargs git grep foo: the pathspecs
			// are the names the stage before prints, judged as
			// xargs cat's operands are.
			if srcs, ok := p.extraSources(c); ok {
				p.secretSources(c, srcs, "the command before it", true)
				return
			}
		}
		// git grep PAT REV searches that commit's tree: the files
		// tracked now are a guess there, asked about.
		if s, ok := p.gitTrackedSecret(dir, true); ok {
			p.reportTracked(c, s, "git grep searches every tracked file, and the repository tracks", revs > 0)
		}
		return
	case "archive":
		ask = false
		verb = "git archive puts every file of the tree in the archive, and the repository tracks"
	case "fast-export":
		ask = false
		verb = "git fast-export prints every file of the history it exports, and the repository tracks"
	case "diff", "diff-tree":
		if revs == 0 || has(opts, "no-index") {
			// --no-index: two paths on disk, judged as such.
			return // the work tree's changes: judged by their paths
		}
		verb = "git " + name + " prints the content of the files that differ between the revisions, and the repository tracks"
	case "cat-file":
		verb = "git cat-file prints objects named only at run time, and the repository tracks"
	default:
		verb = "git " + name + " prints the content of the files its commits change, and the repository tracks"
	}
	if s, ok := p.gitTrackedSecret(dir, false); ok {
		p.reportTracked(c, s, verb, ask)
	}
}

// reportTracked reports a tracked secret an unscoped git reader prints,
// as an ask when it may not.
func (p *Pass) reportTracked(c *syntax.Call, s guards.Secret, verb string, ask bool) {
	if ask {
		p.askSecret = true
		defer func() { p.askSecret = false }()
	}
	p.reportSecret(c, s, verb)
}

// onlyPaths reports whether every source is a path: a find's tree, or a
// name on disk when the hook runs (git ls-files' names, ls's); a word
// that is none (echo HEAD~1) may be a revision.
func (p *Pass) onlyPaths(c *syntax.Call, srcs []readSource) bool {
	for _, s := range srcs {
		if s.tree {
			continue
		}
		if !s.arg.Static {
			return false
		}
		d := c.Dir.Join(s.arg.Value)
		if !d.Known {
			return false
		}
		if _, err := os.Lstat(d.Path); err != nil {
			return false
		}
	}
	return true
}
