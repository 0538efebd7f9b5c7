package rewrite

import (
	"iter"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var gitSubmoduleAdd = Rule{
	Name:      "git-submodule-add",
	Decisions: []Decision{Ask},
	Doc: `git submodule add clones a foreign repository inside the current one,
where it must live to be a submodule: it cannot be moved into the sandbox
without ceasing to be one. So corral asks, and says how to review the
repository in a sandbox clone first. git submodule update (--init,
--recursive, --remote) clones each submodule's URL into the project too:
the URLs it uses are read when the hook runs, with the real git, from
.gitmodules and the repository's configuration (submodule.NAME.url), and
each is compared with the .gitmodules of the remote-tracking branches (what
the project's own remote names). A URL only the working tree or the local
configuration names (written by hand, by the Write tool or by git config)
is asked about like git submodule add; so is an update after a command
here that writes .gitmodules or runs git config, whose URLs are only known
when it runs. Updates of the submodules the remote names, sync and status
pass. In a repository with no remote-tracking branch a URL is the
project's own when it is a local path (absolute, file://, or relative) or
sits beside a remote's URL on the same host (github.com/me/lib beside
github.com/me/proj); others ask. git pull --recurse-submodules (=yes,
=on-demand, or submodule.recurse=true from git -c, the environment's
settings or the repository's configuration) ends with a submodule update
and is judged the same way; git fetch, checkout, switch and reset with
--recurse-submodules clone no submodule and pass.`,
	Commands: []string{"git"},
	Call:     checkSubmoduleAdd,
}

// submoduleSpec are git submodule's options before its subcommand.
var submoduleSpec = optSpec{longEq: true, stop: true, longFlag: longOpts("quiet", "cached")}

// submoduleAddSpec are git submodule add's options that take a value.
var submoduleAddSpec = optSpec{shortVal: "b", longVal: longOpts("branch", "name", "reference", "depth"), longEq: true}

func checkSubmoduleAdd(p *Pass, c *syntax.Call) {
	_, sub := gitArgs(c)
	if sub >= 0 && c.Args[sub].Value == "pull" && p.pullRecurses(c, sub) {
		// git pull --recurse-submodules (or submodule.recurse=true)
		// ends with git submodule update --recursive of the active
		// submodules, which clones those not cloned yet. git fetch,
		// checkout, switch and reset --recurse-submodules clone none
		// (git 2.39: "not a git repository: .git/modules/NAME").
		p.checkSubmoduleUpdate(c, "git pull --recurse-submodules")
		return
	}
	if sub < 0 || c.Args[sub].Value != "submodule" && c.Args[sub].Value != "submodule--helper" {
		return
	}
	// git submodule [--quiet] add [options] [--] <repository> [<path>];
	// git submodule--helper, the builtin git-submodule.sh calls, takes
	// the same subcommands (update, add) and clone, which clones a URL
	// into a path of the working tree (git 2.39).
	_, ops := scan(c.Args[sub+1:], submoduleSpec)
	if len(ops) == 0 {
		return
	}
	switch c.Args[sub+1+ops[0]].Value {
	case "update":
		p.checkSubmoduleUpdate(c, "git "+c.Args[sub].Value+" update")
		return
	case "clone":
		if c.Args[sub].Value == "submodule--helper" {
			p.Report(c, Finding{Rule: "git-submodule-add", Decision: Ask,
				Message: "git submodule--helper clone clones a repository into this one, where it cannot be sandboxed; review it in a clone inside the sandbox first"})
		}
		return
	case "add":
	default:
		return
	}
	i := sub + 1 + ops[0]
	_, operands := scan(c.Args[i+1:], submoduleAddSpec)
	advice := "review it in a clone inside the sandbox first"
	if len(operands) > 0 {
		url := c.Args[i+1+operands[0]].Value
		dest := p.SandboxPath(cloneName("git", url), "repo")
		advice += ": git clone " + syntax.Quote(url) + " " + syntax.Quote(dest)
	}
	p.Report(c, Finding{Rule: "git-submodule-add", Decision: Ask,
		Message: "git submodule add clones a foreign repository into this one, where it cannot be sandboxed; " + advice})
}

// maxSubmoduleRefs bounds the remote-tracking branches whose .gitmodules
// are read for the URLs the project's remote names.
const maxSubmoduleRefs = 16

// checkSubmoduleUpdate judges git submodule update, which clones the URL
// of each submodule not yet cloned into the working tree: the URL in the
// repository's configuration (submodule.NAME.url, copied there from
// .gitmodules by --init or git submodule init when not set).
func (p *Pass) checkSubmoduleUpdate(c *syntax.Call, what string) {
	dir, sub := gitArgs(c)
	if sub < 0 || gitElsewhere(c, sub) || p.DirInSandbox(c.Dir) {
		return
	}
	ask := func(why string) {
		p.Report(c, Finding{Rule: "git-submodule-add", Decision: Ask,
			Message: what + " clones " + why + " into this repository, where it cannot be sandboxed; review it in a clone inside the sandbox first"})
	}
	if !dir.Known {
		ask("the submodules of a repository only known at run time")
		return
	}
	top := repoTop(dir.Path)
	if p.submoduleConfigEarlier(c, filepath.Join(dir.Path, ".gitmodules")) ||
		(top != "" && p.submoduleConfigEarlier(c, filepath.Join(top, ".gitmodules"))) {
		// Also in a repository git init makes here.
		ask("URLs an earlier command here writes (.gitmodules, git config)")
		return
	}
	if top == "" {
		return // no repository: git fails
	}
	used := submoduleURLs(top, gitmodulesSource(top)...)
	for u := range submoduleURLs(top) {
		used[u] = true
	}
	set, runTime := p.submoduleURLsSet(c)
	if runTime {
		ask("URLs a git -c setting only known at run time may name")
		return
	}
	for u := range set {
		used[u] = true
	}
	// git checkout x && git submodule update --init: the .gitmodules
	// git reads is the one the earlier command checks out.
	for _, rev := range p.treeRevsEarlier(c, top) {
		for u := range submoduleURLs(top, "--blob", rev+":.gitmodules") {
			used[u] = true
		}
	}
	known := map[string]bool{}
	refs := 0
	if out, err := runGit(top, "for-each-ref", "--count=16", "--format=%(refname)", "refs/remotes/"); err == nil {
		for _, ref := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if ref == "" || !safeRev(ref) {
				continue
			}
			refs++
			for u := range submoduleURLs(top, "--blob", ref+":.gitmodules") {
				known[u] = true
			}
		}
	}
	// A relative URL the remote names (../lib.git) is stored resolved
	// against the remote's URL by git submodule init (or update --init):
	// the configuration then holds /srv/git/lib.git or
	// https://github.com/me/lib.git, the remote's own.
	if refs > 0 {
		remotes := remoteURLs(top)
		for u := range known {
			if !strings.HasPrefix(u, "./") && !strings.HasPrefix(u, "../") {
				continue
			}
			for _, r := range remotes {
				if abs, ok := resolveRelativeURL(r, u); ok {
					known[abs] = true
				}
			}
		}
	}
	// With no remote-tracking branch there is no remote's word to compare
	// with: a URL is the project's own when it is a local path (or
	// relative, which git resolves against the remote's URL or, with no
	// remote, the project's directory) or lies in the same place on the
	// same host as a remote's URL (github.com/me/lib beside
	// github.com/me/proj).
	var spaces []string
	if refs == 0 {
		spaces = remoteSpaces(top)
	}
	var foreign []string
	for u := range used {
		if !known[u] && (refs > 0 || !ownSubmoduleURL(u, spaces)) {
			foreign = append(foreign, u)
		}
	}
	if len(foreign) == 0 {
		return
	}
	sort.Strings(foreign)
	if len(foreign) > 3 {
		foreign = append(foreign[:3], "…")
	}
	if refs == 0 {
		ask(strings.Join(foreign, ", ") + " (named in .gitmodules or the configuration; the repository has no remote-tracking branch, and the URL is neither a local path nor beside a remote's URL)")
		return
	}
	ask(strings.Join(foreign, ", ") + " (named in .gitmodules or the configuration but not by a remote-tracking branch)")
}

// pullSpec are git pull's options that take a value (merge and fetch
// options together).
var pullSpec = optSpec{shortVal: "sX", longEq: true, longVal: longOpts("strategy", "strategy-option", "cleanup", "depth",
	"deepen", "shallow-since", "shallow-exclude", "upload-pack", "negotiation-tip", "server-option", "jobs", "gpg-sign")}

// pullRecurses reports whether git pull updates the submodules after
// merging: its last --recurse-submodules[=yes|on-demand] or
// --no-recurse-submodules (=no) decides; without one, submodule.recurse
// does, from git -c, the environment's settings (GIT_CONFIG_COUNT, …) or
// the repository's configuration, else the user's global files.
func (p *Pass) pullRecurses(c *syntax.Call, sub int) bool {
	opts, _ := scan(c.Args[sub+1:], pullSpec)
	decided, on := false, false
	for _, o := range opts {
		// parse-options takes a unique prefix: --recurse, --no-recurse.
		switch {
		case !o.long:
		case len(o.name) >= 6 && strings.HasPrefix("no-recurse-submodules", o.name):
			decided, on = true, false
		case len(o.name) >= 3 && strings.HasPrefix("recurse-submodules", o.name):
			decided = true
			on = !o.hasVal || !o.val.Static || !strings.EqualFold(o.val.Value, "no") && !strings.EqualFold(o.val.Value, "false")
		}
	}
	if decided {
		return on
	}
	gopts, _ := scan(c.Args[:sub], specFor("git"))
	configs := append([]string(nil), c.GitEnvConfig...)
	for _, o := range find(gopts, "c") {
		if !o.val.Static {
			return true // a setting only known at run time
		}
		configs = append(configs, o.val.Value)
	}
	// git -c wins over the environment's settings, which win over the
	// files; the last of each wins.
	for i := len(configs) - 1; i >= 0; i-- {
		k, v, hasVal := strings.Cut(configs[i], "=")
		if strings.EqualFold(strings.TrimSpace(k), "submodule.recurse") {
			if !hasVal {
				return true // git -c submodule.recurse: no value is true
			}
			on, _ := syntax.GitConfigBool(v)
			return on
		}
	}
	dir, _ := gitArgs(c)
	if !dir.Known {
		return false
	}
	top := repoTop(dir.Path)
	if top == "" {
		return false
	}
	out, err := runGit(top, "config", "--type=bool", "submodule.recurse")
	if err == nil {
		return strings.TrimSpace(string(out)) == "true"
	}
	// Not set in the repository: the user's global files, which git
	// reads too (runGit does not).
	global, _ := p.globalGitBool(top, "submodule.recurse")
	return global
}

// maxRemotes bounds the remotes whose URLs remoteSpaces reads.
const maxRemotes = 16

// remoteURLs returns the URLs of the repository's remotes (its local
// configuration), at most maxRemotes.
func remoteURLs(top string) []string {
	out, err := runGit(top, "config", "-z", "--get-regexp", `^remote\..*\.url$`)
	if err != nil {
		return nil
	}
	var urls []string
	for _, e := range strings.Split(string(out), "\x00") {
		if _, v, ok := strings.Cut(e, "\n"); ok && v != "" && len(urls) < maxRemotes {
			urls = append(urls, v)
		}
	}
	return urls
}

// resolveRelativeURL resolves a submodule URL that starts with ./ or ../
// against a remote's URL as git does (relative_url in git's
// builtin/submodule--helper.c): a trailing / of the remote is dropped,
// each ../ removes the remote's last path component (after the last /,
// else the last :, which then joins the rest, as in host:dir), each ./
// is skipped, and the rest is appended. A remote that is itself a
// relative path, or runs out of components, is not resolved.
func resolveRelativeURL(remote, u string) (string, bool) {
	r := strings.TrimSuffix(remote, "/")
	if r == "" || gitURLHost(r) == "" && !strings.Contains(r, "://") && !filepath.IsAbs(r) {
		return "", false
	}
	sep := "/"
	for n := 0; n < 64; n++ {
		switch {
		case strings.HasPrefix(u, "../"):
			u = u[3:]
			if i := strings.LastIndexByte(r, '/'); i >= 0 {
				r = r[:i]
			} else if i := strings.LastIndexByte(r, ':'); i >= 0 {
				r, sep = r[:i], ":"
			} else {
				return "", false
			}
			continue
		case strings.HasPrefix(u, "./"):
			u = u[2:]
			continue
		}
		break
	}
	return strings.TrimSuffix(r+sep+u, "/"), true
}

// remoteSpaces returns the places (host and owner path, see urlSpace) of
// the URLs of the repository's remotes (its local configuration).
func remoteSpaces(top string) []string {
	out, err := runGit(top, "config", "-z", "--get-regexp", `^remote\..*\.url$`)
	if err != nil {
		return nil
	}
	var spaces []string
	for _, e := range strings.Split(string(out), "\x00") {
		if _, v, ok := strings.Cut(e, "\n"); ok && len(spaces) < maxRemotes {
			if s, ok := urlSpace(v); ok {
				spaces = append(spaces, s)
			}
		}
	}
	return spaces
}

// urlSpace returns the host of a network git URL (scheme://[user@]host/…,
// [user@]host:path) with the path above the repository's name, lower
// case: "github.com/me" for https://github.com/me/proj.git and
// git@github.com:me/proj. A URL with ".." or an escape in its path has
// no place it can be trusted to stay in.
func urlSpace(u string) (string, bool) {
	host := gitURLHost(u)
	if host == "" {
		return "", false
	}
	var p string
	if i := strings.Index(u, "://"); i > 0 {
		_, p, _ = strings.Cut(u[i+3:], "/")
	} else {
		_, p, _ = strings.Cut(u, ":")
	}
	p = strings.Trim(p, "/")
	if strings.Contains(p, "..") || strings.ContainsAny(p, "%\\?#") {
		return "", false
	}
	dir := ""
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		dir = p[:i]
	}
	return strings.ToLower(host + "/" + strings.TrimPrefix(dir, "~")), true
}

// ownSubmoduleURL reports a submodule URL that a repository with no
// remote-tracking branch may take as its own: a local path (absolute,
// file://, or relative: ./x, ../x) or one in a place spaces holds.
func ownSubmoduleURL(u string, spaces []string) bool {
	if strings.HasPrefix(u, "./") || strings.HasPrefix(u, "../") {
		return true
	}
	if gitURLHost(u) == "" && !strings.Contains(u, "::") && !strings.Contains(u, "://") || strings.HasPrefix(u, "file://") {
		return true // a path on this machine
	}
	s, ok := urlSpace(u)
	if !ok {
		return false
	}
	for _, r := range spaces {
		if r == s {
			return true
		}
	}
	return false
}

// gitmodulesSource returns where git reads the submodules' names, paths
// and URLs (submodule-config.c): the working tree's .gitmodules when the
// file exists, else the blob the index holds (git update-index --add
// --cacheinfo 100644,BLOB,.gitmodules with no file on disk), else HEAD's.
func gitmodulesSource(top string) []string {
	if _, err := os.Stat(filepath.Join(top, ".gitmodules")); err == nil {
		return []string{"--file", ".gitmodules"}
	}
	for _, rev := range []string{":.gitmodules", "HEAD:.gitmodules"} {
		if _, err := runGit(top, "cat-file", "-e", rev); err == nil {
			return []string{"--blob", rev}
		}
	}
	return []string{"--file", ".gitmodules"}
}

// submoduleURLsSet returns the submodule URLs the command gives git for
// this call: git -c submodule.NAME.url=URL and the environment's settings
// (GIT_CONFIG_COUNT, …), which git submodule update uses before the
// repository's configuration and .gitmodules.
// A -c word only known at run time that may name such a key (or a
// url.*.insteadOf rewrite) is reported as runTime.
func (p *Pass) submoduleURLsSet(c *syntax.Call) (urls map[string]bool, runTime bool) {
	_, sub := gitArgs(c)
	configs := append([]string(nil), c.GitEnvConfig...)
	if sub > 0 {
		gopts, _ := scan(c.Args[:sub], specFor("git"))
		for _, o := range find(gopts, "c") {
			if !o.val.Static {
				k, _, _ := strings.Cut(strings.ToLower(o.val.Raw), "=")
				if !strings.Contains(k, ".") || strings.Contains(k, "url") || strings.Contains(k, "submodule") || strings.Contains(k, "$") {
					return nil, true
				}
				continue
			}
			configs = append(configs, o.val.Value)
		}
	}
	urls = map[string]bool{}
	for _, kv := range configs {
		k, v, _ := strings.Cut(kv, "=")
		if k = strings.ToLower(strings.TrimSpace(k)); strings.HasPrefix(k, "submodule.") && strings.HasSuffix(k, ".url") && v != "" {
			urls[v] = true
		}
	}
	return urls, false
}

// submoduleURLs returns the values of submodule.*.url that the real git
// reads from the repository at top (its local configuration and what it
// includes: HOME and the system file are not read), or from the file or
// blob that where names.
func submoduleURLs(top string, where ...string) map[string]bool {
	args := append([]string{"config"}, where...)
	args = append(args, "-z", "--get-regexp", `^submodule\..*\.url$`)
	urls := map[string]bool{}
	out, err := runGit(top, args...)
	if err != nil {
		return urls
	}
	for _, e := range strings.Split(string(out), "\x00") {
		if _, v, ok := strings.Cut(e, "\n"); ok && v != "" {
			urls[v] = true
		}
	}
	return urls
}

// submoduleConfigEarlier reports a call of the same script that ends
// before c starts and names the file gitmodules (an operand or a
// redirection: printf … > .gitmodules, cp x .gitmodules, git config -f
// .gitmodules) or runs git config, which may set submodule.NAME.url or
// url.*.insteadOf: what git submodule update reads is then only known when
// it runs.
func (p *Pass) submoduleConfigEarlier(c *syntax.Call, gitmodules string) bool {
	for o, s := range p.earlierGit(c) {
		switch o.Args[s].Value {
		case "config":
			if urlConfig(o.Args[s+1:]) {
				return true
			}
		case "read-tree":
			// The plumbing that puts a gitlink and a .gitmodules blob
			// into the index, which git reads when the file is not on
			// disk: a submodule made by hand.
			return true
		case "update-index":
			// git update-index --refresh adds nothing.
			for _, a := range o.Args[s+1:] {
				if !a.Static || a.Value == "--add" || a.Value == "--index-info" || strings.HasPrefix(a.Value, "--cacheinfo") {
					return true
				}
			}
		case "submodule", "submodule--helper":
			// git submodule set-url NAME URL writes .gitmodules.
			if _, ops := scan(o.Args[s+1:], submoduleSpec); len(ops) > 0 && o.Args[s+1+ops[0]].Value == "set-url" {
				return true
			}
		}
	}
	return p.namedEarlier(c, gitmodules) || p.writtenEarlier(c, gitmodules)
}

// namedEarlier reports a call of the same script that ends before c
// starts and names the file abs: an operand (or an option's value after
// "="), or the target of a redirection that writes; a redirection to a
// run-time target, or an operand known only at run time that mentions the
// file's name, counts too. What c reads from abs is then only known when
// it runs.
func (p *Pass) namedEarlier(c *syntax.Call, abs string) bool {
	base := filepath.Base(abs)
	for _, o := range p.Model.Calls {
		if !callBefore(o, c) {
			continue
		}
		for _, a := range o.Args {
			v := a.Value
			if i := strings.IndexByte(v, '='); i > 0 && strings.HasPrefix(v, "-") {
				v = v[i+1:]
			}
			if a.Static && v != "" && o.Dir.Join(v).Known && o.Dir.Join(v).Path == abs || !a.Static && strings.Contains(a.Raw, base) {
				return true
			}
		}
		for _, r := range o.Redirs {
			if r.Writes() && (!r.Target.Static || r.Dir.Join(r.Target.Value).Path == abs) {
				return true
			}
		}
	}
	return false
}

// maxTreeRevs bounds the revisions whose .gitmodules are read for a
// command that changes the checked-out tree before a submodule update.
const maxTreeRevs = 8

// treeRevsEarlier returns the revisions whose .gitmodules may be in the
// working tree or index when c runs because a git call of the same
// command before it checks out, merges, resets or restores: the
// revisions it names and, since a branch's upstream, a stash or a
// rebase's commits may be taken without being named, the local branches
// and the latest stash. nil when no such call comes first.
func (p *Pass) treeRevsEarlier(c *syntax.Call, top string) []string {
	var revs []string
	found := false
	for o, s := range p.earlierGit(c) {
		switch o.Args[s].Value {
		case "checkout", "switch", "reset", "restore", "merge", "rebase", "pull", "cherry-pick", "revert", "stash", "am", "checkout-index":
		default:
			continue
		}
		found = true
		for _, a := range o.Args[s+1:] {
			if a.Value == "--" {
				break
			}
			if a.Static && safeRev(a.Value) && len(revs) < maxTreeRevs {
				revs = append(revs, a.Value)
			}
		}
	}
	if !found {
		return nil
	}
	revs = append(revs, "refs/stash")
	if out, err := runGit(top, "for-each-ref", "--count=8", "--format=%(refname)", "refs/heads/"); err == nil {
		for _, ref := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if ref != "" && safeRev(ref) {
				revs = append(revs, ref)
			}
		}
	}
	return revs
}

// earlierGit yields each git call that runs before c in the same
// command (callBefore), with the index of its subcommand word.
func (p *Pass) earlierGit(c *syntax.Call) iter.Seq2[*syntax.Call, int] {
	return func(yield func(*syntax.Call, int) bool) {
		for _, o := range p.Model.Calls {
			if o.Name != "git" || !callBefore(o, c) {
				continue
			}
			if _, s := gitArgs(o); s >= 0 && !yield(o, s) {
				return
			}
		}
	}
}

// callBefore reports whether call o runs before call c starts in one
// command: o ends before c in the same script, or o is run by such a call
// (an interpreter whose code writes a file becomes a call run by it:
// python3 -c 'open(".gitmodules","w")'; sh -c 'printf … > f'), or c is
// run by a call that o ends before (printf … > f && bash -c 'git …').
func callBefore(o, c *syntax.Call) bool {
	if o == c {
		return false
	}
	for x, m := c, 0; x != nil && m < 64; x, m = x.RunBy, m+1 {
		for y, n := o, 0; y != nil && n < 64; y, n = y.RunBy, n+1 {
			if y.Script == x.Script {
				return y != x && y.End <= x.Start
			}
		}
	}
	return false
}

// urlConfig reports git config words that may set a URL git submodule
// update uses: a submodule.* or url.* key (any case), an include, a file
// edited whole (-e, -f, a run-time word); git config user.email x does
// not.
func urlConfig(args []syntax.Arg) bool {
	for _, a := range args {
		v := strings.ToLower(a.Value)
		if !a.Static || strings.Contains(v, "submodule") || strings.Contains(v, "url") || strings.Contains(v, "include") ||
			v == "-e" || v == "--edit" || v == "-f" || strings.HasPrefix(v, "--file") {
			return true
		}
	}
	return false
}
