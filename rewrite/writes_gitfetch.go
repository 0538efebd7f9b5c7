package rewrite

import (
	"os"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// A git fetch from a repository on this machine (a path, a file:// URL,
// or a remote the same command points at one) brings commits the agent can have made
// itself (git init + commit in /tmp: nothing from the network) into
// FETCH_HEAD and into the refs its refspecs name (master:ev makes ev).
// corral lists the files a checkout, merge or archive writes by asking
// the real git when the hook runs, but those commits only exist after
// the fetch has run, so a tree move of one of them later in the same
// command cannot be listed: it asks (red team 14 GT1). git pull of such
// a repository fetches and merges in one step: it asks as a pull of a
// network URL does (fetch-url-checkout). Network URLs are that rule's;
// configured network remotes (git fetch origin && git merge origin/main,
// git pull) pass as before; git pull . BRANCH is a merge of this
// repository's own branch, listed as such.

// localFetch is what one git fetch of a local repository brought in.
type localFetch struct {
	dir syntax.Dir
	src string
	// refs are the short names of the refs it fills (FETCH_HEAD, the
	// destinations of its refspecs); remote, when the source was a
	// remote by name, is that remote (its remote-tracking refs).
	refs   map[string]bool
	remote string
}

// localFetchSource returns, for git fetch or git pull (args after the
// subcommand) of call c in dir, the local repository it fetches from
// and the refs it fills; ok is false for a network URL, a remote whose
// URL is a network one, a source only run time knows (fetch-url-checkout
// has those), this repository (.), a remote the repository has
// configured when the hook runs, and --all/--multiple.
func localFetchSource(c *syntax.Call, dir syntax.Dir, sub int, added map[string]string) (localFetch, bool) {
	args := c.Args[sub+1:]
	opts, ops := scan(args, fromCore(syntax.GitFetchOptions))
	if has(opts, "dry-run", "all", "multiple") || len(ops) == 0 {
		return localFetch{}, false
	}
	src := args[ops[0]]
	if !src.Static || src.Value == "." || src.Value == "" || syntax.GitForeignURL(src.Value) || !safeRev(src.Value) {
		return localFetch{}, false
	}
	url := ""
	// git -c remote.NAME.url=URL points NAME at URL for this call.
	gopts, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range find(gopts, "c") {
		k, v, _ := strings.Cut(o.val.Value, "=")
		if name, ok := syntax.RemoteURLKey(k); ok && name == src.Value {
			if !o.val.Static {
				return localFetch{}, false
			}
			url = v
		}
	}
	if u, ok := added[src.Value]; ok && url == "" {
		url = u
	}
	byName := url != ""
	if url == "" {
		// A remote the repository has configured when the hook runs is
		// the user's, as a configured network remote is (git pull
		// origin main passes whatever origin's URL); git ls-remote
		// --get-url prints the word itself for what is no remote.
		if out, err := runGit(dir.Path, "ls-remote", "--get-url", src.Value); err == nil && strings.TrimSpace(string(out)) != src.Value {
			return localFetch{}, false
		}
		url = src.Value
	}
	if url == "" || url == "." || syntax.GitForeignURL(url) {
		return localFetch{}, false
	}
	f := localFetch{dir: dir, src: url, refs: map[string]bool{"FETCH_HEAD": true}}
	if byName {
		f.remote = src.Value
	} else if p := strings.TrimPrefix(url, "file://"); !strings.Contains(p, "/") {
		// A bare word is a remote (one git fails to find when it is no
		// remote and no directory ./NAME) unless a directory by that name
		// is there when the hook runs.
		if _, err := os.Stat(dir.Join(p).Path); err != nil {
			return localFetch{}, false
		}
	}
	for _, i := range ops[1:] {
		if _, dst, ok := strings.Cut(args[i].Value, ":"); ok && dst != "" {
			f.refs[shortRef(dst)] = true
		}
	}
	return f, true
}

// names reports whether revision word a reaches a ref the fetch filled.
func (f localFetch) names(a syntax.Arg) bool {
	for _, part := range syntax.RevisionRefs(a.Value) {
		part = shortRef(part)
		if f.refs[part] {
			return true
		}
		if r, _, ok := strings.Cut(part, "/"); ok && f.remote != "" && r == f.remote {
			return true
		}
	}
	return false
}

// checkLocalFetchMoves asks about git pull of a local repository and
// about a tree move (checkout, switch, merge, rebase, reset, restore,
// cherry-pick, revert, worktree add, read-tree) or git archive of what a
// git fetch of one earlier in the same command brought: the files cannot
// be listed when the hook runs.
func (p *Pass) checkLocalFetchMoves(c *syntax.Call, dir syntax.Dir, sub int) {
	verb := c.Args[sub].Value
	added := p.addedRemotes(c, dir)
	if verb == "pull" {
		if f, ok := localFetchSource(c, dir, sub, added); ok {
			p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "outside",
				Message: "git pull " + f.src + " fetches from a repository on this machine and merges it into the work tree in one step; corral cannot list what it brings when the hook runs (fetch first, then merge in a separate command)"})
		}
		return
	}
	if !syntax.GitTreeVerb(verb) && verb != "archive" && !(patchVerb(verb) && p.appliesOutput(c)) {
		return
	}
	for _, e := range p.Model.Calls {
		if e == c {
			break
		}
		if e.Name != "git" {
			continue
		}
		edir, esub := gitArgs(e)
		if esub < 0 || e.Args[esub].Value != "fetch" || !edir.Known || !sameRepo(edir, dir) {
			continue
		}
		f, ok := localFetchSource(e, edir, esub, added)
		if !ok {
			continue
		}
		p.derivedRefs(f, e, c, dir)
		for _, a := range c.Args[sub+1:] {
			a = revWord(a, false)
			if f.names(a) || !a.Static {
				p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "outside",
					Message: "git " + verb + " " + a.Raw + " uses commits a git fetch of " + f.src + " brings earlier in this command; corral cannot list the files they write when the hook runs (fetch first, then run it in a separate command)"})
				return
			}
		}
	}
}

// patchVerb reports a git command that prints commits as a diff or as
// mails (red team 18 GA3: git diff HEAD FETCH_HEAD | git apply).
func patchVerb(verb string) bool {
	switch verb {
	case "diff", "show", "format-patch", "log", "diff-tree":
		return true
	}
	return false
}

// appliesOutput reports a call whose output a later call of the
// command applies to the work tree (git apply, git am or patch): a
// later stage of its pipeline, in a compound stage too (| (git apply)),
// or, when it writes a file (git diff HEAD FETCH_HEAD > p), a later call
// that applies that file (git apply p, patch -p1 < p): a diff saved and
// applied later is the same diff (red team 19 GA4).
func (p *Pass) appliesOutput(c *syntax.Call) bool {
	out := c.Stdout()
	saved := ""
	if r, ok := out.File(); ok && r.Target.Static && r.Op != "<" {
		if d := r.Dir.Join(r.Target.Value); d.Known {
			saved = d.Path
		}
	}
	if out.Kind != syntax.StreamPipe && saved == "" {
		return false
	}
	after := false
	for _, e := range p.Model.Calls {
		if e == c {
			after = true
			continue
		}
		if !after || !p.sameCommand(e, c) {
			continue
		}
		files, ok := appliedDiffs(e)
		if !ok {
			continue
		}
		in := e.Fd(0)
		if out.Kind == syntax.StreamPipe && in.Same(out) {
			return true
		}
		if r, ok := in.File(); ok && saved != "" && r.Target.Static && r.Dir.Join(r.Target.Value).Path == saved {
			return true
		}
		for _, f := range files {
			if saved != "" && f.Static && e.Dir.Join(f.Value).Path == saved {
				return true
			}
		}
	}
	return false
}

// appliedDiffs reports whether c applies a diff to the work tree (git
// apply, git am, patch) and returns the diff files it names.
func appliedDiffs(c *syntax.Call) ([]syntax.Arg, bool) {
	switch c.Name {
	case "patch":
		opts, ops := scan(c.Args, patchSpec)
		var files []syntax.Arg
		for _, o := range find(opts, "i", "input") {
			files = append(files, o.val)
		}
		if len(ops) > 1 {
			files = append(files, c.Args[ops[1]])
		}
		return files, true
	case "git":
		_, sub := gitArgs(c)
		if sub < 0 || c.Args[sub].Value != "apply" && c.Args[sub].Value != "am" {
			return nil, false
		}
		_, ops := scan(c.Args[sub+1:], gitApplyAmSpec.Get())
		var files []syntax.Arg
		for _, i := range ops {
			files = append(files, c.Args[sub+1+i])
		}
		return files, true
	}
	return nil, false
}

// derivedRefs adds to f the refs git calls between the fetch e and c
// make from a revision f filled (git tag t FETCH_HEAD, git branch b
// FETCH_HEAD, git update-ref refs/x FETCH_HEAD): a ref made from a
// fetched commit names that commit (red team 19 GA4).
func (p *Pass) derivedRefs(f localFetch, e, c *syntax.Call, dir syntax.Dir) {
	after := false
	for _, m := range p.Model.Calls {
		if m == c {
			return
		}
		if m == e {
			after = true
			continue
		}
		if !after || m.Name != "git" {
			continue
		}
		mdir, msub := gitArgs(m)
		if msub < 0 || !mdir.Known || !sameRepo(mdir, dir) {
			continue
		}
		args := m.Args[msub+1:]
		var opts []option
		var ops []int
		switch m.Args[msub].Value {
		case "tag":
			opts, ops = scan(args, optSpec{shortVal: "mFu", longEq: true, longVal: longOpts("message", "file", "local-user", "cleanup", "trailer", "sort", "format", "contains", "no-contains", "merged", "no-merged", "points-at", "column")})
			if has(opts, "d", "delete", "l", "list", "v", "verify") {
				continue
			}
		case "branch":
			opts, ops = scan(args, optSpec{shortVal: "u", longEq: true, longVal: longOpts("set-upstream-to", "sort", "format", "contains", "no-contains", "merged", "no-merged", "points-at", "column")})
			if has(opts, "d", "D", "delete", "l", "list", "u", "set-upstream-to", "unset-upstream", "edit-description") {
				continue
			}
		case "update-ref":
			opts, ops = scan(args, optSpec{shortVal: "m", longEq: true})
			if has(opts, "d", "stdin") {
				continue
			}
		default:
			continue
		}
		if len(ops) < 2 || !args[ops[0]].Static {
			continue
		}
		// git branch -m/-c OLD NEW moves or copies OLD, fetched or not.
		from, name := args[ops[1]], args[ops[0]]
		if has(opts, "m", "M", "move", "c", "C", "copy") {
			from, name = args[ops[0]], args[ops[1]]
		}
		if from = revWord(from, false); f.names(from) || !from.Static {
			f.refs[shortRef(name.Value)] = true
		}
	}
}

// unrelatedMerge lists the files a merge of rev writes when it has no
// merge base with HEAD (git merge --allow-unrelated-histories): every
// file of rev's tree, as git ls-tree -r lists it.
func unrelatedMerge(repo gitRepo, rev string) ([]string, bool) {
	if !safeRev(rev) {
		return nil, false
	}
	if _, err := repo.run("merge-base", "--end-of-options", "HEAD", rev); err == nil {
		return nil, false
	}
	out, err := repo.run("ls-tree", "-r", "-z", "--name-only", "--end-of-options", rev)
	if err != nil {
		return nil, false
	}
	var names []string
	for _, n := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if n != "" && len(names) < maxTreeWrites {
			names = append(names, n)
		}
	}
	return names, true
}

// addedRemotes returns the remotes git calls before c in the same
// command point at a URL for the repository in dir (git remote add|set-url
// NAME URL, git config [set] remote.NAME.url URL), by name: the last
// one wins. A URL only run time knows is fetch-url-checkout's.
func (p *Pass) addedRemotes(c *syntax.Call, dir syntax.Dir) map[string]string {
	out := map[string]string{}
	for _, e := range p.Model.Calls {
		if e == c {
			break
		}
		if e.Name != "git" {
			continue
		}
		edir, esub := gitArgs(e)
		if esub < 0 || !sameRepo(edir, dir) {
			continue
		}
		args := e.Args[esub+1:]
		switch e.Args[esub].Value {
		case "remote":
			_, ops := scan(args, optSpec{shortVal: "tm", longEq: true, longVal: longOpts("mirror")})
			if len(ops) >= 3 && (args[ops[0]].Value == "add" || args[ops[0]].Value == "set-url") && args[ops[2]].Static {
				out[args[ops[1]].Value] = args[ops[2]].Value
			}
		case "config":
			_, ops := scan(args, gitConfigSpec)
			if len(ops) > 0 && args[ops[0]].Value == "set" {
				ops = ops[1:]
			}
			if len(ops) >= 2 && args[ops[1]].Static {
				if name, ok := syntax.RemoteURLKey(args[ops[0]].Value); ok {
					out[name] = args[ops[1]].Value
				}
			}
		}
	}
	return out
}
