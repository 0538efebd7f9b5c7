package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var fetchURLCheckout = Rule{
	Name: "fetch-url-checkout",
	Doc: `git fetch from a URL (not a remote the repository has configured:
https://…, host:path, ext::…, or a remote the same command added with
git remote add) brings foreign commits into FETCH_HEAD and into the refs
its refspecs name (main:refs/heads/x makes x); checking them out, merging,
rebasing onto, resetting to (any mode: the index holds them then) or cherry-picking them later in the same
command (git checkout FETCH_HEAD, git merge FETCH_HEAD, git reset --hard
x, git restore --source=FETCH_HEAD, git worktree add d FETCH_HEAD, also
through a branch made from one) writes that foreign tree into the work
tree, which corral cannot move into the sandbox. git pull URL does both at
once. Fetching alone, reading the commits (git log FETCH_HEAD, git diff
FETCH_HEAD), a fetch or pull of a configured remote (git fetch origin &&
git merge origin/main) and a local path pass; everything inside the
sandbox passes, and so does a fetch or pull into a repository the same
command creates, which is the pull-new-repo rule's.`,
	Decisions: []Decision{Ask},
	Requires:  []string{"pull-new-repo"},
	Command:   checkFetchURLCheckout,
}

// gitFetchSpec are the options of git fetch and git pull that take a
// value (git-fetch(1), git-pull(1)); those whose value is optional take
// it only after "=" and are flags here.
var gitFetchSpec = optSpec{shortVal: "ojsXS", longEq: true, longVal: longOpts("depth", "deepen", "shallow-since",
	"shallow-exclude", "refmap", "server-option", "upload-pack", "jobs", "negotiation-tip", "filter",
	"submodule-prefix", "recurse-submodules-default", "strategy", "strategy-option", "cleanup")}

// gitForeignURL reports whether a repository argument of git fetch or
// pull names a place off this machine: a URL with a scheme other than
// file://, git's scp-like [user@]host:path (a colon before any slash), or
// a transport helper (ext::, fd::).
func gitForeignURL(v string) bool {
	if scheme, _, ok := strings.Cut(v, "://"); ok {
		return scheme != "file"
	}
	if strings.Contains(v, "::") {
		return true
	}
	colon := strings.IndexByte(v, ':')
	slash := strings.IndexByte(v, '/')
	return colon > 1 && (slash < 0 || colon < slash)
}

// shortRef is a ref name without its refs/heads/, refs/tags/ or
// refs/remotes/ prefix, as a revision naming it may be written.
func shortRef(v string) string {
	v = strings.TrimPrefix(v, "+")
	v = strings.TrimPrefix(v, "refs/")
	for _, p := range []string{"heads/", "tags/", "remotes/"} {
		if r, ok := strings.CutPrefix(v, p); ok {
			return r
		}
	}
	return v
}

// foreignFetch is what the fetches of a command brought in, per
// repository directory.
type foreignFetch struct {
	dir syntax.Dir
	// refs are the short names of the refs holding foreign commits
	// (FETCH_HEAD, the destinations of the refspecs).
	refs map[string]bool
	// remotes are the remotes added by the command and fetched: their
	// remote-tracking refs (NAME/…) are foreign.
	remotes map[string]bool
}

// names reports whether revision v (FETCH_HEAD, x~2, FETCH_HEAD^{tree},
// a..FETCH_HEAD, --source=x) reaches a foreign ref.
func (f *foreignFetch) names(v string) bool {
	if strings.HasPrefix(v, "-") {
		_, val, ok := strings.Cut(v, "=")
		if !ok {
			return false
		}
		v = val
	}
	for _, part := range strings.Split(strings.ReplaceAll(v, "...", ".."), "..") {
		if i := strings.IndexAny(part, "~^@:"); i >= 0 {
			part = part[:i]
		}
		part = shortRef(part)
		if part == "" {
			continue
		}
		if f.refs[part] {
			return true
		}
		if r, _, ok := strings.Cut(part, "/"); ok && f.remotes[r] {
			return true
		}
	}
	return false
}

// sameRepo reports whether git run in a and in b may work on the same
// repository: one directory is within the other, or either is unknown.
func sameRepo(a, b syntax.Dir) bool {
	if !a.Known || !b.Known {
		return true
	}
	return guards.Within(a.Path, b.Path) || guards.Within(b.Path, a.Path)
}

func checkFetchURLCheckout(p *Pass) {
	newRepo := map[string]bool{} // the calls pull-new-repo asked about
	for _, f := range p.ResultOf("pull-new-repo") {
		newRepo[f.Text] = true
	}
	var fetched []*foreignFetch
	added := map[string]bool{} // remotes the command adds with a URL
	for _, c := range p.Model.Calls {
		if c.Name != "git" {
			continue
		}
		dir, sub := gitArgs(c)
		if sub < 0 || p.DirInSandbox(dir) {
			continue
		}
		args := c.Args[sub+1:]
		verb := c.Args[sub].Value
		switch verb {
		case "remote":
			_, ops := scan(args, optSpec{shortVal: "tm", longEq: true, longVal: longOpts("mirror")})
			if len(ops) >= 3 && args[ops[0]].Value == "add" && gitForeignURL(args[ops[2]].Value) {
				added[args[ops[1]].Value] = true
			}
			continue
		case "fetch", "pull":
			opts, ops := scan(args, gitFetchSpec)
			if len(ops) == 0 || has(opts, "all", "multiple", "dry-run") {
				continue
			}
			src := args[ops[0]]
			byName := added[src.Value]
			if !gitForeignURL(src.Value) && !byName && src.Static || newRepo[c.Text()] {
				continue
			}
			if verb == "pull" {
				p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git pull",
					Message: "git pull " + src.Value + " merges a foreign repository into the work tree; corral cannot move that into the sandbox (clone it into " + p.Config.Sandbox + " instead)"})
				continue
			}
			f := &foreignFetch{dir: dir, refs: map[string]bool{"FETCH_HEAD": true}, remotes: map[string]bool{}}
			if byName {
				f.remotes[src.Value] = true
			}
			for _, i := range ops[1:] {
				if _, dst, ok := strings.Cut(args[i].Value, ":"); ok && dst != "" {
					f.refs[shortRef(dst)] = true
				}
			}
			fetched = append(fetched, f)
			continue
		}
		var from *foreignFetch
		for _, f := range fetched {
			if sameRepo(f.dir, dir) {
				for _, a := range args {
					if f.names(a.Value) {
						from = f
						break
					}
				}
			}
			if from != nil {
				break
			}
		}
		if from == nil {
			continue
		}
		switch verb {
		case "branch", "tag":
			// git branch x FETCH_HEAD: x holds the foreign commits too.
			opts, ops := scan(args, optSpec{shortVal: "tu", longEq: true, longVal: longOpts("track", "set-upstream-to")})
			if len(ops) >= 2 && !has(opts, "d", "D", "delete", "m", "M", "move", "c", "C", "copy") {
				from.refs[shortRef(args[ops[0]].Value)] = true
			}
		case "checkout", "switch", "merge", "rebase", "reset", "cherry-pick", "restore", "read-tree", "worktree", "revert", "stash":
			p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git " + verb,
				Message: "git " + verb + " puts commits fetched from a foreign repository earlier in this command into the work tree; corral cannot move that into the sandbox (clone it into " + p.Config.Sandbox + " instead)"})
		}
	}
}
