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
repository does both at once. What prints them (git show FETCH_HEAD:f,
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
		// git -c remote.NAME.url=URL points NAME at URL for this call.
		once := map[string]bool{}
		gopts, _ := scan(c.Args[:sub], specFor("git"))
		for _, o := range find(gopts, "c") {
			k, v, _ := strings.Cut(o.val.Value, "=")
			if name, ok := remoteURLKey(k); ok && (gitForeignURL(v) || !o.val.Static) {
				once[name] = true
			}
		}
		switch verb {
		case "remote":
			_, ops := scan(args, optSpec{shortVal: "tm", longEq: true, longVal: longOpts("mirror")})
			if len(ops) >= 3 && (args[ops[0]].Value == "add" || args[ops[0]].Value == "set-url") &&
				(gitForeignURL(args[ops[2]].Value) || !args[ops[2]].Static) {
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
				if name, ok := remoteURLKey(args[ops[0]].Value); ok && (gitForeignURL(args[ops[1]].Value) || !args[ops[1]].Static) {
					added[name] = true
				}
			}
			continue
		case "fetch", "pull":
			opts, ops := scan(args, gitFetchSpec)
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
				byName = added[src.Value] || once[src.Value]
				foreign = gitForeignURL(src.Value) || !src.Static
			}
			if !foreign && !byName {
				continue
			}
			if verb == "pull" {
				p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git pull",
					Message: "git pull " + srcName + " merges a foreign repository into the work tree; corral cannot move that into the sandbox (clone it into " + p.Config.Sandbox + " instead)"})
				continue
			}
			f := &foreignFetch{dir: dir, refs: map[string]bool{"FETCH_HEAD": true}, remotes: map[string]bool{}}
			if byName && len(ops) > 0 && !has(opts, "all", "multiple") {
				f.remotes[srcName] = true
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
		case "update-ref":
			// git update-ref REF FETCH_HEAD: REF holds them too.
			opts, ops := scan(args, optSpec{shortVal: "m"})
			if len(ops) >= 2 && !has(opts, "d", "stdin") {
				from.refs[shortRef(args[ops[0]].Value)] = true
			}
		case "checkout", "switch", "merge", "rebase", "reset", "cherry-pick", "restore", "read-tree", "worktree", "revert", "stash":
			p.Report(c, Finding{Rule: "fetch-url-checkout", Decision: Ask, Kind: "git " + verb,
				Message: "git " + verb + " puts commits fetched from a foreign repository earlier in this command into the work tree; corral cannot move that into the sandbox (clone it into " + p.Config.Sandbox + " instead)"})
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

// remoteURLKey reports whether config key k is remote.NAME.url (section
// and key without case, as git reads them), and NAME.
func remoteURLKey(k string) (string, bool) {
	i, j := strings.IndexByte(k, '.'), strings.LastIndexByte(k, '.')
	if i < 0 || j <= i || !strings.EqualFold(k[:i], "remote") || !strings.EqualFold(k[j+1:], "url") {
		return "", false
	}
	return k[i+1 : j], true
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
