package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var ghReleaseDownload = Rule{
	Name:      "gh-release-download",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `gh release download saves release assets (all, those matching -p,
or the source --archive) into the working directory or -D/--dir DIR;
-O/--output FILE names one file. Both are moved into the sandbox, and
-D <sandbox> is added when neither is given. -O - is stdout and is
followed like curl's (into a redirect, tee, tar or a shell).`,
	Commands: []string{"gh"},
	Call:     checkGhReleaseDownload,
}

// ghReleaseSpec are gh release download's options that take a value.
var ghReleaseSpec = optSpec{shortVal: "DOpAR", longVal: longOpts("dir", "output", "pattern", "archive", "repo"), longEq: true}

func checkGhReleaseDownload(p *Pass, c *syntax.Call) {
	args, ok := ghSub(c, "release", "download")
	if !ok {
		return
	}
	opts, _ := scan(args, ghReleaseSpec)
	if outs := find(opts, "O", "output"); len(outs) > 0 {
		o := outs[len(outs)-1]
		if o.val.Static && o.val.Value == "-" {
			p.followStdout(c, "gh-release-download", "download")
			return
		}
		if p.InSandbox(c.Dir, o.val) {
			return
		}
		dest, text := p.sandboxed(o.val, "download")
		p.acquire(c, "gh-release-download", "download", "gh release download saves "+o.val.Value+" outside the sandbox", dest,
			[]syntax.Edit{setValue(c, o, text)}, relocate(c, c.Dir, o.val.Value, dest))
		return
	}
	if dirs := find(opts, "D", "dir"); len(dirs) > 0 {
		d := dirs[len(dirs)-1]
		if p.InSandbox(c.Dir, d.val) {
			return
		}
		dest, text := p.sandboxed(d.val, "release")
		p.acquire(c, "gh-release-download", "download", "gh release download saves into "+d.val.Value+", outside the sandbox", dest,
			[]syntax.Edit{setValue(c, d, text)}, relocate(c, c.Dir, d.val.Value, dest))
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	at := c.Args[len(c.Args)-1].End
	p.acquire(c, "gh-release-download", "download", "gh release download saves into the working directory", p.Config.Sandbox,
		[]syntax.Edit{Insert(c, at, " -D "+syntax.Quote(p.Config.Sandbox))}, nil)
}
