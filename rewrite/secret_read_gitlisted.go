package rewrite

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// maxListedSecrets bounds the tracked secrets a git listing is judged by.
const maxListedSecrets = 16

// gitListSpec are git ls-files' and ls-tree's options that take a
// separate value (git-ls-files(1), git-ls-tree(1)).
var gitListSpec = optSpec{shortVal: "xX", longVal: longOpts("exclude", "exclude-from", "exclude-per-directory", "with-tree", "format"), longEq: true}

// gitListedSources lists the names a git listing prints, for the reader
// it feeds (red team 19 SG1 rest): git ls-files prints the tracked files
// under its working directory (git ls-files | xargs grep ., cat $(git
// ls-files), git ls-files -z | xargs -0 cat), git ls-tree a tree's
// entries, and git ls-files -o the files on disk git does not track (with
// --exclude-standard less the ones it ignores, with -i only those). The
// tracked ones are asked of the real git when the hook runs (its pathspec
// operands given to it, so git ls-files src/ lists src/ only); those a
// secret pattern matches are the sources, each by the name git prints
// (relative to the listing's directory, for a grep between to filter).
// ok is false for any other git command.
func (p *Pass) gitListedSources(src *syntax.Call) ([]readSource, bool) {
	dir, sub := gitArgs(src)
	if sub < 0 {
		return nil, false
	}
	name := src.Args[sub].Value
	if name != "ls-files" && name != "ls-tree" {
		return nil, false
	}
	args := src.Args[sub+1:]
	opts, operands := scan(args, gitListSpec)
	if !dir.Known || p.Config.Paths == nil {
		return nil, true
	}
	var pathspecs []string
	for k, i := range operands {
		a := args[i]
		if name == "ls-tree" && k == 0 {
			continue // the tree-ish
		}
		if !a.Static {
			pathspecs = nil // a run-time pathspec: every tracked file
			break
		}
		if a.Value != "--" {
			pathspecs = append(pathspecs, a.Value)
		}
	}
	// The options that choose which files are listed, given to the real
	// git as written: -o (untracked files), -i (ignored ones), -c,
	// --exclude-standard and the -x patterns.
	var sel []string
	others := name == "ls-files" && has(opts, "o", "others")
	if name == "ls-files" {
		for _, o := range opts {
			switch o.name {
			case "o", "others":
				sel = append(sel, "--others")
			case "i", "ignored":
				sel = append(sel, "--ignored")
			case "c", "cached":
				sel = append(sel, "--cached")
			case "m", "modified":
				sel = append(sel, "--modified")
			case "d", "deleted":
				sel = append(sel, "--deleted")
			case "u", "unmerged":
				sel = append(sel, "--unmerged")
			case "exclude-standard":
				sel = append(sel, "--exclude-standard")
			case "x", "exclude":
				if o.val.Static {
					sel = append(sel, "--exclude="+o.val.Value)
				}
			}
		}
	}
	listed, ok := p.gitTrackedSecrets(dir, sel, pathspecs)
	if !ok && others {
		// Untracked files git could not list in time: every file on
		// disk under the directory.
		return []readSource{{arg: syntax.Arg{Value: dir.Path, Raw: dir.Path, Static: true}, tree: true, walk: guards.Walk{Hidden: true}}}, true
	}
	var out []readSource
	for _, f := range listed {
		v := f
		if src.Dir.Path != dir.Path {
			v = filepath.Join(dir.Path, f) // git -C DIR ls-files
		}
		out = append(out, readSource{arg: syntax.Arg{Value: v, Raw: v, Static: true}})
	}
	return out, true
}

// gitTrackedSecrets returns the secret files (at most maxListedSecrets,
// in git's order, by the names git prints: relative to dir) that git
// ls-files lists in dir when the hook runs, with the selecting options
// sel (none: the tracked files) and narrowed by the pathspecs given. ok
// is false when git could not say (no repository, a listing cut short).
func (p *Pass) gitTrackedSecrets(dir syntax.Dir, sel, pathspecs []string) ([]string, bool) {
	if p.Config.Paths == nil || !dir.Known || p.Config.NoGlobMatches || repoTop(dir.Path) == "" {
		return nil, false
	}
	args := append(append([]string{"ls-files", "-z"}, sel...), "--")
	out, err := runGit(dir.Path, append(args, pathspecs...)...)
	if err != nil {
		return nil, false
	}
	env := p.guardsEnv(dir)
	var found []string
	for i, f := range strings.Split(string(out), "\x00") {
		if f == "" || len(found) >= maxListedSecrets {
			break
		}
		if i >= maxTrackedFiles {
			return found, false
		}
		if _, ok := p.Config.Paths.Secrets().Match(env, filepath.Join(dir.Path, f)); ok {
			found = append(found, f)
		}
	}
	return found, true
}
