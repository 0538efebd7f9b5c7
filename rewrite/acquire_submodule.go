package rewrite

import (
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
pass.`,
	Commands: []string{"git"},
	Call:     checkSubmoduleAdd,
}

// submoduleSpec are git submodule's options before its subcommand.
var submoduleSpec = optSpec{longEq: true, stop: true, longFlag: longOpts("quiet", "cached")}

// submoduleAddSpec are git submodule add's options that take a value.
var submoduleAddSpec = optSpec{shortVal: "b", longVal: longOpts("branch", "name", "reference", "depth"), longEq: true}

func checkSubmoduleAdd(p *Pass, c *syntax.Call) {
	_, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "submodule" {
		return
	}
	// git submodule [--quiet] add [options] [--] <repository> [<path>]
	_, ops := scan(c.Args[sub+1:], submoduleSpec)
	if len(ops) == 0 {
		return
	}
	if c.Args[sub+1+ops[0]].Value == "update" {
		p.checkSubmoduleUpdate(c)
		return
	}
	if c.Args[sub+1+ops[0]].Value != "add" {
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
func (p *Pass) checkSubmoduleUpdate(c *syntax.Call) {
	dir, sub := gitArgs(c)
	if sub < 0 || gitElsewhere(c, sub) || p.DirInSandbox(c.Dir) {
		return
	}
	ask := func(why string) {
		p.Report(c, Finding{Rule: "git-submodule-add", Decision: Ask,
			Message: "git submodule update clones " + why + " into this repository, where it cannot be sandboxed; review it in a clone inside the sandbox first"})
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
	used := submoduleURLs(top, "--file", ".gitmodules")
	for u := range submoduleURLs(top) {
		used[u] = true
	}
	known := map[string]bool{}
	if out, err := runGit(top, "for-each-ref", "--count=16", "--format=%(refname)", "refs/remotes/"); err == nil {
		for _, ref := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if ref == "" || !safeRev(ref) {
				continue
			}
			for u := range submoduleURLs(top, "--blob", ref+":.gitmodules") {
				known[u] = true
			}
		}
	}
	var foreign []string
	for u := range used {
		if !known[u] {
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
	ask(strings.Join(foreign, ", ") + " (named in .gitmodules or the configuration but not by a remote-tracking branch)")
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
	for _, o := range p.Model.Calls {
		if o == c || o.Script != c.Script || o.End > c.Start || o.Name != "git" {
			continue
		}
		if _, s := gitArgs(o); s >= 0 && o.Args[s].Value == "config" && urlConfig(o.Args[s+1:]) {
			return true
		}
	}
	return p.namedEarlier(c, gitmodules)
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
		if o == c || o.Script != c.Script || o.End > c.Start {
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
