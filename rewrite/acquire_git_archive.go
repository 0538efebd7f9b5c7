package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var gitArchiveRemote = Rule{
	Name:      "git-archive-remote",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `git archive --remote=REPO makes an archive of a foreign repository:
with -o/--output FILE outside the sandbox the file is moved there (a
later tar xf FILE follows it); without, the archive goes to stdout, and
the file it is written to (> f, tee) or the directory it is extracted to
(| tar x) moves into the sandbox, as for a download. git archive of the
local repository (no --remote) is not an acquisition and passes.`,
	Commands: []string{"git"},
	Call:     checkGitArchiveRemote,
}

// gitArchiveSpec are git archive's options that take a value.
var gitArchiveSpec = optSpec{shortVal: "o", longEq: true, abbrev: true,
	longVal:  longOpts("format", "prefix", "output", "remote", "exec", "add-file", "add-virtual-file", "mtime"),
	longFlag: longOpts("list", "verbose", "worktree-attributes")}

func checkGitArchiveRemote(p *Pass, c *syntax.Call) {
	dir, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "archive" {
		return
	}
	opts, _ := scan(c.Args[sub+1:], gitArchiveSpec)
	if len(find(opts, "remote")) == 0 || given(opts, "list") {
		return
	}
	outs := find(opts, "o", "output")
	if len(outs) == 0 {
		p.followStdout(c, "git-archive-remote", "download")
		return
	}
	o := outs[len(outs)-1]
	// scan read the words after the subcommand: shift to the call's.
	o.idx += sub + 1
	if o.val.Static && o.val.Value == "-" || p.InSandbox(dir, o.val) {
		return
	}
	dest, text := p.sandboxed(o.val, "archive")
	p.acquire(c, "git-archive-remote", "download", "git archive --remote writes the archive to "+o.val.Value+", outside the sandbox", dest,
		[]syntax.Edit{setValue(c, o, text)}, relocate(c, dir, o.val.Value, dest))
}
