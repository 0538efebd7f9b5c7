package syntax

import (
	"os"
	"path"
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
