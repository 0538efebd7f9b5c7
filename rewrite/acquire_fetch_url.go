package rewrite

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var fetchURLCheckout = Rule{
	Name: "fetch-url-checkout",
	Doc: `git fetch from a URL (not a remote the repository has configured:
https://…, host:path, ext::…, or a remote the same command pointed at a
URL with git remote add, git remote set-url, git config remote.NAME.url
or git -c remote.NAME.url=) brings foreign commits into FETCH_HEAD and
into the refs its refspecs name (main:refs/heads/x makes x); checking
them out, merging, rebasing onto, resetting to (any mode: the index holds
them then) or cherry-picking them later in the same command (git checkout
FETCH_HEAD, git merge FETCH_HEAD, git reset --hard x, git restore
--source=FETCH_HEAD, git worktree add d FETCH_HEAD, also through a branch
or a ref made from one with git branch or git update-ref) writes that
foreign tree into the work tree, which corral cannot move into the
sandbox; so does git format-patch of them, and git pull of such a
repository does both at once; so do a merge or rebase with no
revision after such a fetch (the upstream), a revision only run time
knows after one, a one-off git -c url.BASE.insteadOf=PREFIX with a
foreign BASE, and, in a later command, FETCH_HEAD or a branch the
repository on disk records as fetched from a foreign URL that no
configured remote has (FETCH_HEAD's "of URL", the branch's reflog).
What prints them (git show FETCH_HEAD:f,
git cat-file, git diff, git format-patch --stdout, git archive) is
followed as a download's stdout: > f, tee f and | tar x move into the
sandbox, | git apply asks; git archive -o FILE moves into the sandbox.
Fetching alone, reading the commits (git log FETCH_HEAD, git show
FETCH_HEAD:f to the terminal), a fetch or pull of a configured remote
(git fetch origin && git merge origin/main) and a local path pass;
everything inside the sandbox passes, and so does a fetch or pull into a
repository the same command creates, which is the pull-new-repo rule's.`,
	Decisions: []Decision{Rewrite, Ask},
	Requires:  []string{"pull-new-repo"},
	Command:   checkFetchURLCheckout,
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
	for _, part := range syntax.RevisionRefs(v) {
		part = shortRef(part)
		if f.refs[part] {
			return true
		}
		if r, _, ok := strings.Cut(part, "/"); ok && (f.remotes[r] || f.remotes[everyRemote]) {
			return true
		}
	}
	return false
}

// upstreamOnly reports whether git merge or git rebase is given no
// revision (only options), so that it works on the current branch's
// upstream (git-merge(1): merge.defaultToUpstream; git-rebase(1)).
func upstreamOnly(verb string, args []syntax.Arg) bool {
	if verb != "merge" && verb != "rebase" {
		return false
	}
	for _, a := range args {
		if !strings.HasPrefix(a.Value, "-") || !a.Static {
			return false
		}
		switch a.Value {
		case "--abort", "--continue", "--quit", "--skip", "--edit-todo", "--show-current-patch":
			return false
		}
	}
	return true
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
		// git -c remote.NAME.url=URL points NAME at URL for this call.
		once := map[string]bool{}
		gopts, _ := scan(c.Args[:sub], specFor("git"))
		for _, o := range find(gopts, "c") {
			k, v, _ := strings.Cut(o.val.Value, "=")
			if name, ok := syntax.RemoteURLKey(k); ok && (syntax.GitForeignURL(v) || !o.val.Static) {
				once[name] = true
			}
			if redirectsAll(k, o.val.Static) {
				once[everyRemote] = true
			}
		}
		switch verb {
		case "remote":
			_, ops := scan(args, optSpec{shortVal: "tm", longEq: true, longVal: longOpts("mirror")})
			if len(ops) >= 3 && (args[ops[0]].Value == "add" || args[ops[0]].Value == "set-url") &&
				(syntax.GitForeignURL(args[ops[2]].Value) || !args[ops[2]].Static) {
				added[args[ops[1]].Value] = true
			}
			continue
		case "config":
			// git config [set] remote.NAME.url URL (git-config(1)).
			_, ops := scan(args, gitConfigSpec)
			if len(ops) > 0 && args[ops[0]].Value == "set" {
				ops = ops[1:]
			}
			if len(ops) >= 2 {
				if name, ok := syntax.RemoteURLKey(args[ops[0]].Value); ok && (syntax.GitForeignURL(args[ops[1]].Value) || !args[ops[1]].Static) {
					added[name] = true
				}
				if redirectsAll(args[ops[0]].Value, args[ops[0]].Static) {
					added[everyRemote] = true
				}
			}
			continue
		case "fetch", "pull":
			opts, ops := scan(args, fromCore(syntax.GitFetchOptions))
			if has(opts, "dry-run") || newRepo[c.Text()] {
				continue
			}
			var srcName string
			byName, foreign := false, false
			if len(ops) == 0 || has(opts, "all", "multiple") {
				// The branch's remote, origin, or every remote: any
				// that the command pointed at a URL may be among them.
				if names := redirectedRemotes(added, once); len(names) > 0 {
					byName, srcName = true, names[0]
				}
			} else {
				src := args[ops[0]]
				srcName = src.Value
				byName = added[src.Value] || once[src.Value] || added[everyRemote] || once[everyRemote]
				if byName && !added[src.Value] && !once[src.Value] {
					srcName = everyRemote
				}
				foreign = syntax.GitForeignURL(src.Value) || !src.Static
			}
			if !foreign && !byName && verb == "pull" && !has(opts, "all", "multiple") {
				// A configured remote the user's global configuration
				// (url.BASE.insteadOf) sends to another host.
				remote := ""
				if len(ops) > 0 {
					remote = args[ops[0]].Value
				}
				if from, to, ok := p.globalRedirect(dir, remote, false); ok && (len(ops) == 0 || args[ops[0]].Static) {
					p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git pull",
						Message: "git pull fetches " + from + " from " + to + " (url.*.insteadOf in the user's global git configuration) and merges it into the work tree; corral cannot move that into the sandbox"})
				}
				continue
			}
			if !foreign && !byName {
				continue
			}
			if srcName == everyRemote {
				srcName = "(a remote url.BASE.insteadOf points at a foreign repository)"
			}
			if verb == "pull" {
				p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git pull",
					Message: "git pull " + srcName + " merges a foreign repository into the work tree; corral cannot move that into the sandbox (clone it into " + p.Config.Sandbox + " instead)"})
				continue
			}
			f := &foreignFetch{dir: dir, refs: map[string]bool{"FETCH_HEAD": true}, remotes: map[string]bool{}}
			if byName && len(ops) > 0 && !has(opts, "all", "multiple") {
				f.remotes[args[ops[0]].Value] = true
			} else if byName {
				for _, name := range redirectedRemotes(added, once) {
					f.remotes[name] = true
				}
			}
			if len(ops) == 0 {
				ops = []int{-1}
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
			if sameRepo(f.dir, dir) && len(f.remotes) > 0 && upstreamOnly(verb, args) {
				// git merge or git rebase with no revision takes the
				// branch's upstream: a remote-tracking branch the
				// redirected remote's fetch just wrote.
				from = f
				break
			}
			if sameRepo(f.dir, dir) {
				for _, a := range args {
					// A revision only run time knows (git merge
					// "$(cat .git/FETCH_HEAD | cut -f1)") may be one.
					if f.names(a.Value) || !a.Static && syntax.GitTreeVerb(verb) {
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
			if c.FetchedFrom != "" && syntax.GitTreeVerb(verb) {
				// An earlier command fetched them (git fetch URL, then
				// git merge FETCH_HEAD in the next tool call): the
				// repository on disk records from where.
				p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git " + verb,
					Message: "git " + verb + " puts commits an earlier git fetch brought from " + c.FetchedFrom + ", not a configured remote, into the work tree; corral cannot move that into the sandbox (clone it into " + p.Config.Sandbox + " instead)"})
			}
			continue
		}
		if syntax.GitTreeVerb(verb) {
			p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git " + verb,
				Message: "git " + verb + " puts commits fetched from a foreign repository earlier in this command into the work tree; corral cannot move that into the sandbox (clone it into " + p.Config.Sandbox + " instead)"})
			continue
		}
		switch verb {
		case "branch", "tag":
			// git branch x FETCH_HEAD: x holds the foreign commits too.
			opts, ops := scan(args, optSpec{shortVal: "tu", longEq: true, longVal: longOpts("track", "set-upstream-to")})
			if len(ops) >= 2 && !has(opts, "d", "D", "delete", "m", "M", "move", "c", "C", "copy") {
				from.refs[shortRef(args[ops[0]].Value)] = true
			}
		case "update-ref":
			// git update-ref REF FETCH_HEAD: REF holds them too.
			opts, ops := scan(args, optSpec{shortVal: "m"})
			if len(ops) >= 2 && !has(opts, "d", "stdin") {
				from.refs[shortRef(args[ops[0]].Value)] = true
			}
		case "show", "cat-file", "diff":
			// The fetched blob, tree or patch printed: where it is
			// written moves into the sandbox, as a download's stdout.
			p.followStdout(c, "fetch-url-checkout", "download")
		case "format-patch":
			opts, _ := scan(args, gitFormatPatchSpec)
			if given(opts, "stdout") {
				p.followStdout(c, "fetch-url-checkout", "download")
				break
			}
			p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git format-patch",
				Message: "git format-patch writes commits fetched from a foreign repository earlier in this command as patch files; corral cannot move them into the sandbox"})
		case "archive":
			p.fetchedArchive(c, dir, sub)
		}
	}
}

// gitConfigSpec are git config's options that take a value.
var gitConfigSpec = optSpec{shortVal: "f", longEq: true, longVal: longOpts("file", "blob", "type", "default", "comment", "value")}

// gitFormatPatchSpec are git format-patch's options that take a value.
var gitFormatPatchSpec = optSpec{shortVal: "ovS", longEq: true, abbrev: true,
	longVal: longOpts("output-directory", "start-number", "subject-prefix", "reroll-count", "in-reply-to", "to", "cc",
		"from", "add-header", "suffix", "signature", "signature-file", "base", "interdiff", "range-diff", "creation-factor",
		"filename-max-length", "format", "description-file", "cover-from-description"),
	longFlag: longOpts("stdout", "numbered", "no-numbered", "keep-subject", "signoff", "attach", "inline", "thread",
		"cover-letter", "quiet", "rfc", "progress", "zero-commit", "no-binary", "ignore-if-in-upstream")}

// everyRemote stands, among the remotes a command redirects, for all of
// them: git config url.BASE.insteadOf PREFIX rewrites every URL that
// starts with PREFIX to BASE, whichever remote has it.
const everyRemote = "*"

// redirectsAll reports whether config key k is url.BASE.insteadOf (not
// pushInsteadOf, which only pushes use) with a foreign BASE, or one only
// run time knows.
func redirectsAll(k string, static bool) bool {
	lk := strings.ToLower(k)
	if !strings.HasPrefix(lk, "url.") || !strings.HasSuffix(lk, ".insteadof") {
		return false
	}
	base := k[len("url.") : len(k)-len(".insteadof")]
	return !static || syntax.GitForeignURL(base)
}

// redirectedRemotes lists, sorted, the remotes the command pointed at a
// foreign URL (git remote add/set-url, git config remote.NAME.url) and
// those the call itself does (git -c remote.NAME.url=URL).
func redirectedRemotes(added, once map[string]bool) []string {
	var out []string
	for _, m := range []map[string]bool{added, once} {
		for name := range m {
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// fetchedArchive handles git archive of fetched commits: -o FILE moves
// into the sandbox, and so does where the archive on stdout goes (> f,
// | tar x), as for git archive --remote (whose rule has it when
// --remote is given).
func (p *Pass) fetchedArchive(c *syntax.Call, dir syntax.Dir, sub int) {
	opts, _ := scan(c.Args[sub+1:], gitArchiveSpec)
	if len(find(opts, "remote")) > 0 || given(opts, "list") {
		return
	}
	outs := find(opts, "o", "output")
	if len(outs) == 0 {
		p.followStdout(c, "fetch-url-checkout", "download")
		return
	}
	o := outs[len(outs)-1]
	o.idx += sub + 1
	if o.val.Static && (o.val.Value == "-" || o.val.Value == "/dev/null") || p.InSandbox(dir, o.val) {
		return
	}
	dest, text := p.sandboxed(o.val, "archive")
	p.acquire(c, "fetch-url-checkout", "download", "git archive writes commits fetched from a foreign repository earlier in this command to "+o.val.Value+", outside the sandbox", dest,
		[]syntax.Edit{setValue(c, o, text)}, relocate(c, dir, o.val.Value, dest))
}
