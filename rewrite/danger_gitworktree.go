package rewrite

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// gitWorkTree returns the working tree a git call at subcommand index sub
// is told to use, by --work-tree before the subcommand or by
// GIT_WORK_TREE in its environment (the option wins, as git reads it
// after the environment). set is false when neither is given; a tree
// only known at run time is an unknown Dir.
func gitWorkTree(c *syntax.Call, sub int) (tree syntax.Dir, set bool) {
	dir := c.Dir
	if v, known, ok := c.Getenv("GIT_WORK_TREE"); ok {
		set = true
		if known && v != "" {
			tree = dir.Join(v)
		}
	}
	opts, _ := scan(c.Args[:max(sub, 0)], specFor("git"))
	for _, o := range opts {
		switch {
		case o.name == "C" && o.hasVal && o.val.Static:
			dir = dir.Join(o.val.Value)
		case o.name == "C":
			dir = syntax.Dir{}
		case o.name == "work-tree":
			set, tree = true, syntax.Dir{}
			if o.hasVal && o.val.Static && dir.Known {
				tree = dir.Join(o.val.Value)
			}
		}
	}
	return tree, set
}

// inTree reports whether dir is tree or below it.
func inTree(dir, tree syntax.Dir) bool {
	if !dir.Known || !tree.Known {
		return false
	}
	return guards.Within(tree.Path, dir.Path)
}

// gitStashUntracked reports git stash -u/--include-untracked/-a/--all
// (alone, or push or save): the untracked files (with -a the ignored
// ones too) are saved in the stash and removed from the working tree.
func gitStashUntracked(c *syntax.Call, sub int) bool {
	if sub < 0 || c.Args[sub].Value != "stash" {
		return false
	}
	rest := c.Args[sub+1:]
	if len(rest) > 0 && !strings.HasPrefix(rest[0].Value, "-") {
		if v := rest[0].Value; v != "push" && v != "save" {
			return false
		}
		rest = rest[1:]
	}
	for _, a := range rest {
		v := a.Value
		if v == "--" {
			break
		}
		switch {
		case v == "--include-untracked" || v == "--all" || strings.HasPrefix("--include-untracked", v) && len(v) > len("--inc"):
			return true
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
			// A cluster: -ku, -um MSG; after m the rest is its message.
			for _, r := range v[1:] {
				if r == 'm' {
					break
				}
				if r == 'u' || r == 'a' {
					return true
				}
			}
		}
	}
	return false
}

// gitDirMatch returns a file in the .git directory under the root of a
// find or fd deletion that its name selection matches (find . -name
// '*.pack' -delete reaches .git/objects/pack/pack-….pack and destroys
// the history; find . -name '*.pyc' -delete matches nothing there), so
// that it is judged as the deletion of that file. The walk is bounded;
// a find that prunes .git (-path ./.git -prune -o …) is left alone.
func gitDirMatch(c *syntax.Call, d deletion) (syntax.Arg, bool) {
	if !d.filtered || d.selects == "*" || !d.arg.Static || !c.Dir.Known || c.Name != "find" && !isFd(c) {
		return syntax.Arg{}, false
	}
	for i, a := range c.Args {
		if a.Value == "-prune" && i > 0 && strings.Contains(c.Args[i-1].Value, ".git") {
			return syntax.Arg{}, false
		}
	}
	if isFd(c) && !fdSearchesHidden(c) {
		return syntax.Arg{}, false // fd skips hidden directories, .git among them, unless -H/-u
	}
	root := c.Dir.Join(d.arg.Value)
	gitDir := filepath.Join(root.Path, ".git")
	if fi, err := os.Lstat(gitDir); err != nil || !fi.IsDir() {
		return syntax.Arg{}, false
	}
	pattern := d.selects
	fold := false
	for i, a := range c.Args {
		if a.Value == "-iname" && i+1 < len(c.Args) && c.Args[i+1].Value == pattern {
			fold = true
		}
	}
	if fold {
		pattern = strings.ToLower(pattern)
	}
	seen, hit := 0, ""
	errStop := errors.New("stop")
	_ = filepath.WalkDir(gitDir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		seen++
		if seen > 20000 {
			return errStop
		}
		name := e.Name()
		if fold {
			name = strings.ToLower(name)
		}
		if ok, _ := path.Match(pattern, name); ok && p != gitDir {
			hit = p
			return errStop
		}
		return nil
	})
	if hit == "" {
		return syntax.Arg{}, false
	}
	return syntax.Arg{Value: hit, Raw: hit, Static: true}, true
}

// fdSearchesHidden reports fd -H/--hidden or -u/--unrestricted: hidden
// directories such as .git are searched.
func fdSearchesHidden(c *syntax.Call) bool {
	for _, a := range c.Args {
		v := a.Value
		if v == "--hidden" || v == "--unrestricted" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "Hu") {
			return true
		}
	}
	return false
}
