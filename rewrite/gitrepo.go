package rewrite

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// A git call works on the repository and work tree its own options and
// environment name: --git-dir, --work-tree, -c core.worktree and
// core.bare, and GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE, GIT_COMMON_DIR,
// GIT_OBJECT_DIRECTORY, GIT_CEILING_DIRECTORIES set by the command
// (GIT_DIR=.git git stash is the stash of this repository, with the
// current directory as its work tree). A listing corral asks the real git
// for (which tracked files a stash or a hard reset reverts) is made with
// the same options and variables, from the same directory, so that it
// lists what the command changes (issue 12 class 5-git).

// gitRepo is where a git call's listings are made.
type gitRepo struct {
	dir   string   // the directory git runs in (after -C)
	extra []string // the call's --git-dir, --work-tree and -c core.worktree/core.bare, absolute
	env   []string // the call's repository variables, absolute
	top   string   // the work tree's top directory
}

// run runs git in the call's repository (runGit's bounds).
func (r gitRepo) run(args ...string) ([]byte, error) {
	return runGitEnv(r.dir, r.env, append(append([]string{}, r.extra...), args...)...)
}

// moved reports a repository or work tree named by the call, not found
// from the directory it runs in.
func (r gitRepo) moved() bool { return len(r.extra)+len(r.env) > 0 }

// gitRepoVars are the variables that choose which repository, work tree
// or index a git call works on.
func gitRepoVars() []string {
	return []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"}
}

// callRepo returns the repository the git call c (its subcommand at sub,
// run in dir) works on. ok is false when a word or variable naming it is
// only known at run time (runtime is then true), or the real git finds no
// work tree there (the command fails too).
func callRepo(c *syntax.Call, dir syntax.Dir, sub int) (r gitRepo, ok, runtime bool) {
	r.dir = dir.Path
	abs := func(v string) string {
		if v == "" || filepath.IsAbs(v) {
			return v
		}
		return filepath.Join(dir.Path, v)
	}
	for _, n := range gitRepoVars() {
		changed := false
		for _, e := range c.EnvChanged {
			changed = changed || e == n
		}
		if !changed {
			continue
		}
		v, known, set := c.Getenv(n)
		if !set {
			continue
		}
		if !known {
			return r, false, true
		}
		switch n {
		case "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM":
		default:
			v = abs(v)
		}
		r.env = append(r.env, n+"="+v)
	}
	opts, _ := scan(c.Args[:max(sub, 0)], specFor("git"))
	for _, o := range opts {
		switch o.name {
		case "git-dir", "work-tree":
			if !o.hasVal || !o.val.Static {
				return r, false, true
			}
			r.extra = append(r.extra, "--"+o.name+"="+abs(o.val.Value))
		case "bare":
			r.extra = append(r.extra, "--bare")
		case "c":
			k, v, _ := strings.Cut(o.val.Value, "=")
			if !strings.EqualFold(k, "core.worktree") && !strings.EqualFold(k, "core.bare") {
				continue
			}
			if !o.val.Static {
				return r, false, true
			}
			if strings.EqualFold(k, "core.worktree") {
				v = abs(v)
			}
			r.extra = append(r.extra, "-c", k+"="+v)
		}
	}
	if !r.moved() {
		r.top = repoTop(dir.Path)
		return r, r.top != "", false
	}
	out, err := r.run("rev-parse", "--show-toplevel")
	if err != nil {
		return r, false, false
	}
	r.top = strings.TrimRight(string(out), "\n")
	return r, r.top != "", false
}
