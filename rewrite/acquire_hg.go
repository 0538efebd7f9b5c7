package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var hgClone = Rule{
	Name:      "hg-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `hg clone SOURCE [DEST] brings a foreign repository onto disk: DEST
(given, or the base name of the source's path when there is none, as hg
names it, .git kept) is moved into the sandbox, and a later cd follows it;
a source only known at run time gets sandbox/"$(basename -- SOURCE)". hg
--cwd DIR runs the clone in DIR, so a relative destination (or the
derived one) is DIR's. Options that take a value (-r, -b, -u, -e, --config,
…) are skipped. hg pull of a URL (a scheme other than file://) with
-u/--update or --rebase writes that foreign tree into the working copy,
which corral cannot move into the sandbox, and asks, as git pull of a URL
does; so does a pull of a URL followed in the same command by hg update,
checkout, merge, rebase, graft or backout (hg takes any unambiguous
prefix of a command name: hg pul, hg up). A pull of the configured paths
(hg pull, hg pull default -u), a pull alone and the rest pass (a pull
into a repository the same command creates is the pull-new-repo
rule's).`,
	Commands: []string{"hg"},
	Requires: []string{"pull-new-repo"},
	Call:     checkHg,
}

// hgSpec are hg's options that take a value.
var hgSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "rbueR", longVal: longOpts("rev", "branch", "updaterev", "ssh", "remotecmd", "config",
		"repository", "cwd", "encoding", "encodingmode"), longEq: true}
}}

func checkHg(p *Pass, c *syntax.Call) {
	if _, ops := scan(c.Args, hgPullSpec.Get()); len(ops) >= 1 && hgCommand(c.Args[ops[0]].Value) == "pull" {
		p.hgPullURL(c)
		return
	}
	opts, operands := scan(c.Args, hgSpec.Get())
	if len(operands) < 2 || c.Args[operands[0]].Value != "clone" {
		return
	}
	cl := clone{call: c, rule: "hg-clone", kind: "hg clone", program: "hg", src: c.Args[operands[1]], dir: hgCwd(c, opts),
		at: c.Args[operands[1]].End}
	if len(operands) >= 3 {
		cl.dest = &c.Args[operands[2]]
	}
	p.cloneDest(cl)
}

// hgPullSpec are hg pull's options that take a value, with hg's global
// ones (hg help pull: -u/--update is a flag there).
var hgPullSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "rBbeR", longVal: longOpts("rev", "bookmark", "branch", "ssh", "remotecmd", "config",
		"repository", "cwd", "encoding", "encodingmode"), longEq: true}
}}

// hgCwd is the directory hg runs in: the call's, changed by --cwd DIR
// (unknown when DIR is only known at run time).
func hgCwd(c *syntax.Call, opts []option) syntax.Dir {
	dir := c.Dir
	for _, o := range find(opts, "cwd") {
		if !o.val.Static {
			return syntax.Dir{}
		}
		dir = dir.Join(o.val.Value)
	}
	return dir
}

// hgCommands are the Mercurial commands the hg rules tell apart, for
// hgCommand's prefixes: pull, and the ones that write a revision into
// the working copy, with the other commands that share a prefix with
// them (hg help: "pu" is ambiguous between pull and push).
var hgCommands = [...]string{"pull", "push", "update", "checkout", "merge", "rebase", "graft", "backout", "paths", "purge",
	"unshelve", "upgrade", "grep", "bookmarks", "branch", "branches", "bundle", "root", "revert", "remove", "rename",
	"recover", "resolve", "rollback", "manifest", "clone", "commit", "copy", "config", "cat", "log", "locate", "cp",
	"import", "incoming", "init", "identify", "outgoing", "phase", "parents", "status", "summary", "serve",
	"shelve", "tag", "tags", "tip", "unbundle", "verify", "version", "diff", "export", "files", "forget", "heads", "help",
	"histedit", "annotate", "archive", "add", "addremove", "abort", "continue", "bisect", "debug"}

// hgCommand is the command an hg word names: itself, an alias hg keeps
// (up, co, ci), or the one command it is an unambiguous prefix of, as
// hg resolves it (mercurial/cmdutil.findcmd); "" when ambiguous.
func hgCommand(w string) string {
	switch w {
	case "up", "checkout", "co":
		return "update"
	}
	found := ""
	for _, name := range hgCommands {
		if name == w {
			return w
		}
		if strings.HasPrefix(name, w) && w != "" {
			if found != "" && found != name {
				return ""
			}
			found = name
		}
	}
	return found
}

// hgForeignSource reports an hg pull source that is a URL of another
// machine (http://, https://, ssh://, and the other schemes but file://):
// a path or a [paths] name (default) is the user's own.
func hgForeignSource(a syntax.Arg) bool {
	if !a.Static {
		return false
	}
	scheme, _, ok := strings.Cut(a.Value, "://")
	return ok && scheme != "" && !strings.EqualFold(scheme, "file")
}

// hgPullURL asks about hg pull of a URL that updates the working copy
// (-u/--update, --rebase), or that a later hg update, merge, rebase,
// graft or backout of the same command brings into it.
func (p *Pass) hgPullURL(c *syntax.Call) {
	opts, operands := scan(c.Args, hgPullSpec.Get())
	if len(operands) < 2 || !hgForeignSource(c.Args[operands[1]]) {
		return
	}
	for _, f := range p.ResultOf("pull-new-repo") {
		if f.Text == c.Text() {
			return // a pull into a repository this command creates
		}
	}
	src := c.Args[operands[1]].Value
	if has(opts, "u", "update", "rebase") {
		p.Report(c, Finding{Rule: "hg-clone", Decision: Ask, Kind: "hg pull",
			Message: "hg pull " + src + " updates the working copy to a foreign repository's revisions, which corral cannot move into the sandbox"})
		return
	}
	dir := hgCwd(c, opts)
	for _, l := range p.Model.Calls {
		if l.Name != "hg" || l.Start <= c.Start || l.Script != c.Script {
			continue
		}
		lopts, lops := scan(l.Args, hgSpec.Get())
		if ld := hgCwd(l, lopts); len(lops) == 0 || dir.Known && ld.Known && ld.Path != dir.Path {
			continue
		}
		switch hgCommand(l.Args[lops[0]].Value) {
		case "update", "merge", "rebase", "graft", "backout":
			p.Report(l, Finding{Rule: "hg-clone", Decision: Ask, Kind: "hg pull",
				Message: "hg " + l.Args[lops[0]].Value + " after hg pull " + src + " writes a foreign repository's revisions into the working copy, which corral cannot move into the sandbox"})
			return
		}
	}
}
