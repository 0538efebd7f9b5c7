package syntax

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// gitDirOutput returns the directory a command substitution that only asks
// git where its repository is prints, relative to where it runs:
// $(git rev-parse --git-dir) (also --absolute-git-dir, --git-common-dir)
// is .git, $(git rev-parse --git-path hooks) is .git/hooks. From a
// subdirectory git prints the top's .git instead; the path module
// protects a .git at any depth, so either reading reaches a protected
// directory. ok is false for anything else.
func gitDirOutput(v string) (string, bool) {
	inner, ok := strings.CutPrefix(v, "$(")
	if ok {
		inner, ok = strings.CutSuffix(inner, ")")
	} else if inner, ok = strings.CutPrefix(v, "`"); ok {
		inner, ok = strings.CutSuffix(inner, "`")
	}
	if !ok {
		return "", false
	}
	f := strings.Fields(inner)
	if len(f) < 3 || f[0] != "git" || f[1] != "rev-parse" {
		return "", false
	}
	switch f[2] {
	case "--git-dir", "--absolute-git-dir", "--git-common-dir":
		if len(f) == 3 {
			return ".git", true
		}
	case "--git-path":
		if len(f) == 4 && !strings.ContainsAny(f[3], "$`") {
			return ".git/" + f[3], true
		}
	}
	return "", false
}

// showsTopLevel reports whether v is $(git rev-parse --show-toplevel)
// (or in backquotes): the top of the work tree git finds from the
// working directory.
func showsTopLevel(v string) bool {
	inner, ok := strings.CutPrefix(v, "$(")
	if ok {
		inner, ok = strings.CutSuffix(inner, ")")
	} else if inner, ok = strings.CutPrefix(v, "`"); ok {
		inner, ok = strings.CutSuffix(inner, "`")
	}
	f := strings.Fields(inner)
	return ok && len(f) == 3 && f[0] == "git" && f[1] == "rev-parse" && f[2] == "--show-toplevel"
}

// repoTop is the nearest directory from d up that holds a .git (the
// work tree's top, as git finds it without GIT_DIR or GIT_WORK_TREE set),
// looked up on disk when the hook runs; unknown when there is none or
// the walk may not read the disk.
func (w *walker) repoTop(d Dir, st *state) Dir {
	if !d.Known || w.read == nil {
		return Dir{}
	}
	for _, v := range []string{"GIT_DIR", "GIT_WORK_TREE"} {
		// Set (or made unknown) by the script: git looks elsewhere.
		if _, ok := st.vars[v]; ok {
			return Dir{}
		}
	}
	for p := d.Path; ; {
		if _, err := os.Lstat(p + "/.git"); err == nil {
			return Dir{Path: p, Known: true}
		}
		if p == "/" || p == "" {
			return Dir{}
		}
		p = path.Dir(p)
	}
}

// gitRepoAt is the repository a git command works on, located as git's
// setup does (setup.c): config is its configuration file, top the
// directory its hooks run in (the work tree's top; the git directory of a
// bare repository). named is true when GIT_DIR, --git-dir or --bare
// names the repository rather than the search from the working
// directory; config is "" when no repository is found or only run time
// knows which.
type gitRepoAt struct {
	config, top string
	// dir is the git directory itself (a linked worktree's own, whose
	// config is the common directory's); "" when not known.
	dir   string
	named bool
}

// maxGitWalk bounds the directories the search for a repository visits.
const maxGitWalk = 64

// locateGitRepo finds the repository of a git call run in dir (after its
// -C options): --git-dir (gitDirOpt, nil when not given) or else GIT_DIR
// in the environment git sees (a prefix, export, env NAME=VALUE), taken
// relative to dir and read as a .git file when it is one; --bare, which
// takes dir itself; else the search upwards from dir, which at each
// level takes NAME/.git (a directory, or a file naming one) and then
// NAME itself when it holds HEAD, objects/ and refs/ (a bare layout: git
// status in such a directory reads its config), stopping below a
// directory of GIT_CEILING_DIRECTORIES. The work tree is --work-tree or
// GIT_WORK_TREE, else core.worktree of the configuration, else dir.
func (w *walker) locateGitRepo(call *Call, dir Dir, gitDirOpt, workTreeOpt *Arg, bare bool) gitRepoAt {
	env := func(name string) (Arg, bool) {
		if call.env == nil {
			return Arg{}, false
		}
		v, ok := call.env.vars[name]
		if !ok || !v.set {
			return Arg{}, false
		}
		return Arg{Value: v.str, Static: v.known}, true
	}
	gd, named := Arg{}, false
	if gitDirOpt != nil {
		gd, named = *gitDirOpt, true
	} else if v, ok := env("GIT_DIR"); ok {
		gd, named = v, true
	} else if bare {
		gd, named = Arg{Value: ".", Static: true}, true
	}
	wt, hasWT := Arg{}, false
	if workTreeOpt != nil {
		wt, hasWT = *workTreeOpt, true
	} else if v, ok := env("GIT_WORK_TREE"); ok {
		wt, hasWT = v, true
	}
	if named {
		if !gd.Static || gd.Value == "" || !dir.Known {
			return gitRepoAt{named: true}
		}
		g := dir.Join(gd.Value).Path
		r := gitRepoAt{config: path.Join(g, "config"), named: true}
		if w.read != nil {
			if fi, err := os.Stat(g); err == nil && fi.Mode().IsRegular() {
				if to, ok := gitDirFile(g); ok {
					g = to
				}
			}
			r.config, r.dir = gitCommonConfig(g), g
		}
		r = w.commonDirRepo(r, env, dir)
		switch {
		case hasWT && wt.Static:
			r.top = dir.Join(wt.Value).Path
		case hasWT:
			r.top = ""
		default:
			r.top = dir.Path
			if v, ok := configWorktree(r.config); ok {
				r.top = Dir{Path: g, Known: true}.Join(v).Path
			}
		}
		return r
	}
	if !dir.Known || w.read == nil {
		return gitRepoAt{}
	}
	ceilings := map[string]bool{}
	if v, ok := env("GIT_CEILING_DIRECTORIES"); ok && v.Static {
		for _, c := range strings.Split(v.Value, ":") {
			if path.IsAbs(c) {
				ceilings[path.Clean(c)] = true
			}
		}
	}
	for d, k := path.Clean(dir.Path), 0; k < maxGitWalk; k++ {
		dot := path.Join(d, ".git")
		if fi, err := os.Stat(dot); err == nil {
			switch {
			case fi.IsDir():
				// A .git directory with a commondir file takes its
				// config (and hooks) from there (red team 17 GC1).
				return w.commonDirRepo(gitRepoAt{config: gitCommonConfig(dot), top: d, dir: dot}, env, dir)
			case fi.Mode().IsRegular():
				if g, ok := gitDirFile(dot); ok {
					return w.commonDirRepo(gitRepoAt{config: gitCommonConfig(g), top: d, dir: g}, env, dir)
				}
			}
		}
		if gitDirLayout(d) {
			r := gitRepoAt{config: gitCommonConfig(d), top: d, dir: d}
			if v, ok := configWorktree(r.config); ok {
				r.top = Dir{Path: d, Known: true}.Join(v).Path
			}
			if hasWT && wt.Static {
				r.top = dir.Join(wt.Value).Path
			}
			return w.commonDirRepo(r, env, dir)
		}
		parent := path.Dir(d)
		if parent == d || ceilings[parent] {
			return gitRepoAt{}
		}
		d = parent
	}
	return gitRepoAt{}
}

// gitNoRepo are git's commands that work without reading a repository
// where they run: clone and init make one (their own checks are
// elsewhere), help and version print.
func gitNoRepo(sub string) bool {
	switch sub {
	case "clone", "init", "help", "version", "--help", "--version":
		return true
	}
	return false
}

// gitRepos locates the repositories a git call may open (locateGitRepo)
// in each directory it may run in: the one directory when known; each of
// a pattern's matches or a word's few values (git -C /tmp/g? status with
// two matches); and, for a directory or a --git-dir/GIT_DIR only known at
// run time, a repository whose configuration cannot be read, for which
// the call asks (its core.fsmonitor, core.pager, hooks, … run code).
// A directory reached through a link the command made is its target.
func (w *walker) gitRepos(call *Call, sub string, dir Dir, gitDirOpt, workTreeOpt *Arg, bare bool) []gitRepoAt {
	dir = w.linkedDir(dir)
	if gitDirOpt != nil && gitDirOpt.Static && gitDirOpt.Glob && dir.Known {
		// --git-dir /tmp/g?/.git: the one match is the directory git
		// takes; several are several words (the first is the value).
		if d := w.dirWord(dir, *gitDirOpt); d.Known {
			v := *gitDirOpt
			v.Value, v.Glob = d.Path, false
			gitDirOpt = &v
		} else if d.Maybe == "" && w.read != nil {
			gitDirOpt = &Arg{Value: gitDirOpt.Raw, Raw: gitDirOpt.Raw}
		} else {
			var out []gitRepoAt
			for _, p := range d.Candidates() {
				v := Arg{Value: p, Raw: gitDirOpt.Raw, Static: true}
				out = append(out, w.locateGitRepo(call, dir, &v, workTreeOpt, bare))
			}
			return out
		}
	}
	if gitDirOpt != nil && gitDirOpt.Static && !gitDirOpt.Glob && gitDirOpt.Value != "" && dir.Known {
		// ln -s REPO/.git l && git --git-dir=l: the link's target.
		if d := w.linkedDir(dir.Join(gitDirOpt.Value)); d.Known && d.Path != dir.Join(gitDirOpt.Value).Path {
			v := *gitDirOpt
			v.Value = d.Path
			gitDirOpt = &v
		}
	}
	if dir.Known || dir.Maybe == "" {
		repo := w.locateGitRepo(call, dir, gitDirOpt, workTreeOpt, bare)
		if repo.config == "" && !gitNoRepo(sub) && (repo.named || !dir.Known) {
			where := "a directory only known at run time"
			if repo.named && dir.Known {
				where = "a repository (--git-dir, GIT_DIR) only known at run time"
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(call.Words(), " "),
				What: "git " + sub + " reads the configuration of " + where + " (core.fsmonitor, core.pager, hooks and other settings there run programs)"})
		}
		return []gitRepoAt{repo}
	}
	var out []gitRepoAt
	for _, p := range dir.Candidates() {
		out = append(out, w.locateGitRepo(call, Dir{Path: p, Known: true}, gitDirOpt, workTreeOpt, bare))
	}
	return out
}

// gitForEachRepoSpec is git for-each-repo's options (it stops at the
// first word that is not one: the rest is the git command).
// --keep-going is git 2.46's.
var gitForEachRepoSpec = OptSpec{LongEq: true, Stop: true, LongVal: []string{"config"}, LongFlag: []string{"keep-going"}}

// maxForEachRepos bounds the repositories git for-each-repo is walked in.
const maxForEachRepos = 16

// gitForEachRepo models git for-each-repo --config=KEY [--keep-going]
// ARGS…: git runs git -C PATH ARGS… for each value of the multi-valued
// KEY (its paths ~-expanded), taken from the configuration git reads —
// the command line's -c KEY=PATH, the repository's, the user's — so each
// is walked as that command, in its repository (whose configuration
// runs there: red team 15 GD1, git -c x.y=/tmp/g2 for-each-repo
// --config=x.y status). A value only run time knows asks.
func (w *walker) gitForEachRepo(c scope, call *Call, global []Option, rest []Arg, repo gitRepoAt) {
	opts, ops := ScanOptions(rest, gitForEachRepoSpec)
	key := ""
	for _, o := range opts {
		if o.Name == "config" && o.HasVal {
			if !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: "git for-each-repo runs a git command in a directory only known at run time (the repositories of a setting named at run time)"})
				return
			}
			key = strings.ToLower(o.Val.Value)
		}
	}
	if key == "" || len(ops) == 0 {
		return
	}
	var paths []string
	dynamic := false
	add := func(kv string) {
		k, v, ok := strings.Cut(kv, "=")
		if ok && strings.ToLower(k) == key && v != "" {
			paths = append(paths, expandTilde(v, w.home))
		}
	}
	for _, o := range global {
		if o.Name == "c" && o.HasVal {
			if k, _, _ := strings.Cut(o.Val.Value, "="); !o.Val.Static && strings.EqualFold(k, key) || !o.Val.Static && strings.ContainsAny(k, "$`") {
				dynamic = true
			}
			add(o.Val.Value)
		}
	}
	if w.read != nil {
		if repo.config != "" {
			for _, kv := range configSettings(repo.config) {
				add(kv)
			}
		}
		if w.home != "" {
			for _, f := range []string{filepath.Join(w.home, ".config", "git", "config"), filepath.Join(w.home, ".gitconfig")} {
				for _, kv := range configSettings(f) {
					add(kv)
				}
			}
		}
	}
	if dynamic {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(call.Words(), " "),
			What: "git for-each-repo runs a git command in a directory only known at run time (a value of " + key + ")"})
	}
	slices.Sort(paths)
	paths = slices.Compact(paths)
	if len(paths) > maxForEachRepos {
		paths, w.m.Truncated = paths[:maxForEachRepos], true
	}
	for _, p := range paths {
		words := []Arg{{Value: "git", Static: true}, {Value: "-C", Static: true}, {Value: p, Static: true}}
		for _, i := range ops {
			words = append(words, rest[i])
		}
		w.argvChild(c, call, words, "git for-each-repo", nil, call.Dir)
	}
}

// gitDirLayout reports whether directory d is a git directory as git's
// is_git_directory sees one: a HEAD, an objects directory and a refs
// directory.
func gitDirLayout(d string) bool {
	if _, err := os.Lstat(path.Join(d, "HEAD")); err != nil {
		return false
	}
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(path.Join(d, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// configWorktree reads core.worktree from a git configuration file: the
// last value set.
func configWorktree(file string) (string, bool) {
	v, ok := "", false
	for _, kv := range configSettings(file) {
		if key, val, found := strings.Cut(kv, "="); found && strings.EqualFold(key, "core.worktree") {
			v, ok = val, val != ""
		}
	}
	return v, ok
}

// commonDirRepo applies GIT_COMMON_DIR to a repository git found: git
// takes its config and hooks from that directory (named relative to the
// working directory) instead of the git directory's or its commondir
// file's (red team 17 GC1). One only known at run time leaves the config
// unknown.
func (w *walker) commonDirRepo(r gitRepoAt, env func(string) (Arg, bool), dir Dir) gitRepoAt {
	v, ok := env("GIT_COMMON_DIR")
	if !ok {
		return r
	}
	if !v.Static || v.Value == "" || !dir.Known {
		r.config = ""
		r.named = true
		return r
	}
	r.config = path.Join(dir.Join(v.Value).Path, "config")
	return r
}

// agentHooksDir reports a default hooks directory ($GIT_COMMON_DIR/hooks)
// that is not the user's: git runs the hooks of the common directory,
// which a commondir file or GIT_COMMON_DIR can put anywhere (red team 17
// GC1: echo /tmp/G > E/.git/commondir makes git -C E commit run
// /tmp/G/hooks/pre-commit), and a repository outside the project is the
// agent's to write. Only a .git directory inside the project holds hooks
// the agent cannot write (the path guards protect it), and so does the
// .git of the repository the project is in: the user's, read only for a
// hook manager's configuration (managedHooks). Without a project nothing
// is read here.
func (w *walker) agentHooksDir(hooks string) bool {
	if w.project == "" || !filepath.IsAbs(hooks) {
		return false
	}
	for d := filepath.Dir(filepath.Clean(hooks)); d != "/" && d != "."; d = filepath.Dir(d) {
		if filepath.Base(d) == ".git" && (pathWithin(d, w.project) || pathWithin(w.project, filepath.Dir(d))) {
			return false
		}
	}
	return true
}
