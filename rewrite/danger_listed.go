package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// maxListedDeletions bounds the listed files a git ls-files deletion
// reports through the path guards.
const maxListedDeletions = 16

// maxListedNames bounds the names of a git ls-files deletion that go
// through the path guards one by one (each costs about 0.1 ms): past it
// the listing is judged as a tree, as when git cannot list.
const maxListedNames = 4000

// checkListedDeletions judges the files git ls-files d.lister prints,
// which deleter c deletes (git ls-files | xargs rm, rm $(git ls-files),
// git ls-files | while read f; do rm "$f"; done): the real git is asked
// when the hook runs, with the listing's own selecting options and
// pathspecs (at most maxListedNames names), and each file it lists,
// placed where the deleter resolves its name, goes through the path
// guards as rm FILE does (a tracked .env asks, a tracked
// .claude/settings.json is denied). A listing of files git does not
// track (-o, -i, -k) that names any, or that git cannot list, asks
// outside the sandbox, as git clean -f does: work never committed, which
// no git command brings back; one that names none passes when nothing
// else in the command can make a file first. A grep between keeps the
// names its pattern matches (git ls-files | grep env | xargs rm is rm
// .env). When git cannot list, a pathspec naming a file is judged as
// that file. listed reports that every file the listing names was
// judged, so the tree under its root needs no judging for the guarded
// files it holds.
func (p *Pass) checkListedDeletions(c *syntax.Call, d deletion, verb string) (listed bool) {
	l := d.lister
	names, ok := p.lsFilesNames(l)
	if d.lines != nil {
		// git ls-files | grep x | xargs rm: the names grep keeps.
		kept := names[:0:0]
		for _, n := range names {
			if d.lines.MatchString(n) {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	if d.untracked && !p.DirInSandbox(c.Dir) && (!ok || len(names) > 0 || !p.onlyListing(c, l)) {
		what := "the files git does not track"
		if ok && len(names) > 0 {
			what = fmt.Sprintf("%d file(s) git does not track (%s", len(names), names[0])
			if len(names) > 1 {
				what += ", …"
			}
			what += ")"
		}
		p.Report(c, Finding{Rule: "bash-delete", Decision: Ask, PathContext: "n/a",
			Message: verb + " deletes " + what + ", listed by " + strings.Join(argValues(l), " ") +
				", as git clean -f does: work never committed, which no git command brings back"})
	}
	if !ok {
		if d.selects == "*" && d.arg.Static && d.arg.Value != "." && !p.Config.NoGlobMatches {
			// git ls-files .env | xargs rm: the pathspec names the file.
			p.judge(c, c.Script, c.Dir, target{arg: d.arg, action: guards.Delete}, "bash-delete", verb)
		}
		return false
	}
	if p.Config.Paths == nil || !c.Dir.Known {
		return false
	}
	env := p.guardsEnv(c.Dir)
	reported := 0
	listed = true
	for _, n := range names {
		if strings.HasSuffix(n, "/") {
			// git ls-files -o --directory: an untracked directory by
			// its name; rm -rf of it takes what it holds, which the
			// tree judgement reads.
			listed = false
		}
		if reported >= maxListedDeletions {
			break
		}
		a := syntax.Arg{Value: n, Raw: n, Static: true}
		if d.fill != nil {
			if a = d.fill(a); !a.Static {
				listed = false
				continue
			}
		}
		a.Raw += " (from git ls-files)"
		abs := c.Dir.Join(a.Value)
		if g := p.Config.Paths.Decide(env, abs.Path, guards.Delete); !abs.Known || g.Verdict < guards.Ask {
			continue
		}
		reported++
		p.judge(c, c.Script, c.Dir, target{arg: a, action: guards.Delete}, "bash-delete", verb)
	}
	return listed && reported < maxListedDeletions
}

// onlyListing reports that no call of the command but cd, the listing
// l, the filters and launchers between it and deleter c, and c can
// leave a file untracked before the listing runs (touch x; git ls-files
// -o | xargs rm deletes x, which the real git does not list yet), as
// gitCleanCleansNothing requires.
func (p *Pass) onlyListing(c, l *syntax.Call) bool {
	for _, o := range p.Model.Calls {
		switch {
		case o == c || o == l:
		case o.Name == "cd" || o.Name == "pushd" || o.Name == "read" || o.Name != "tee" && lineKept(o):
		case o.Name == "grep" || o.Name == "egrep" || o.Name == "fgrep" || o.Name == "xargs":
		default:
			return false
		}
	}
	return true
}

// argValues returns the words of c as written.
func argValues(c *syntax.Call) []string {
	out := []string{c.Name}
	for _, a := range c.Args {
		out = append(out, a.Raw)
	}
	return out
}

// lsFilesNames asks the real git what git ls-files c prints (its
// selecting options and pathspecs, NUL-separated), by the names it
// prints. ok is false when corral cannot ask: a word only known at run
// time, a global option other than -C, no repository, git failing or a
// list longer than maxListedNames.
func (p *Pass) lsFilesNames(c *syntax.Call) ([]string, bool) {
	dir, sub := gitArgs(c)
	if sub < 0 || !dir.Known || p.Config.NoGlobMatches || repoTop(dir.Path) == "" {
		return nil, false
	}
	if _, set := gitWorkTree(c, sub); set {
		return nil, false
	}
	if _, _, set := c.Getenv("GIT_DIR"); set {
		return nil, false
	}
	for i := 0; i < sub; i++ {
		switch a := c.Args[i]; {
		case !a.Static:
			return nil, false
		case a.Value == "-C":
			i++
		default:
			return nil, false
		}
	}
	opts, operands := scan(c.Args[sub+1:], lsFilesSpec)
	args := []string{"ls-files", "-z"}
	for _, o := range opts {
		if o.hasVal && !o.val.Static {
			return nil, false
		}
		switch o.name {
		case "c", "cached", "d", "deleted", "m", "modified", "o", "others", "i", "ignored", "k", "killed", "u", "unmerged",
			"directory", "empty-directory", "no-empty-directory", "exclude-standard", "full-name", "deduplicate", "recurse-submodules", "sparse":
			args = append(args, "--"+lsFilesLong(o.name))
		case "x", "exclude", "X", "exclude-from", "exclude-per-directory":
			args = append(args, "--"+lsFilesLong(o.name)+"="+o.val.Value)
		}
	}
	args = append(args, "--")
	for _, i := range operands {
		a := c.Args[sub+1+i]
		if !a.Static {
			return nil, false
		}
		args = append(args, a.Value)
	}
	out, err := runGit(dir.Path, args...)
	if err != nil {
		return nil, false
	}
	var names []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f == "" {
			continue
		}
		if len(names) >= maxListedNames {
			return nil, false
		}
		names = append(names, f)
	}
	return names, true
}

// lsFilesLong returns the long name of git ls-files' option name.
func lsFilesLong(name string) string {
	for _, n := range []string{"cached", "deleted", "modified", "others", "ignored", "killed", "unmerged", "exclude"} {
		if name == n[:1] {
			return n
		}
	}
	if name == "X" {
		return "exclude-from"
	}
	return name
}
