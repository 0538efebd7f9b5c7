package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var svnCheckout = Rule{
	Name: "svn-checkout",
	Doc: `svn checkout (co) and svn export bring a foreign tree onto disk: the
target path (given, or the URL's last segment) is moved into the sandbox.`,
	Commands: []string{"svn"},
	Call:     checkSvn,
}

var hgClone = Rule{
	Name:     "hg-clone",
	Doc:      `hg clone SOURCE [DEST] is a clone: DEST (given, or the source's last segment) is moved into the sandbox.`,
	Commands: []string{"hg"},
	Call:     checkHg,
}

var gitSubmoduleAdd = Rule{
	Name: "git-submodule-add",
	Doc: `git submodule add clones a foreign repository inside the current one,
where it must live to be a submodule: it cannot be moved into the sandbox.
Ask, so that the user decides (clone it into the sandbox to review it first).`,
	Commands: []string{"git"},
	Call:     checkSubmoduleAdd,
}

func isURL(v string) bool {
	return strings.Contains(v, "://") || strings.HasPrefix(v, "^/")
}

// cloneInto moves the destination of a clone-like command.
func (p *Pass) cloneInto(c *syntax.Call, rule, kind string, src syntax.Arg, dest *syntax.Arg, after int) {
	name := repoName(src.Value, false)
	if dest != nil {
		if p.InSandbox(c.Dir, *dest) {
			return
		}
		d, text := p.sandboxed(*dest, name)
		if dest.Static && (dest.Value == "." || dest.Value == "./") {
			d = p.SandboxPath(name, "repo")
			text = syntax.Quote(d)
		}
		p.acquire(c, rule, kind, kind+" into "+dest.Value+" is outside the sandbox", d,
			[]syntax.Edit{Replace(c, *dest, text)}, relocate(c, c.Dir, dest.Value, d))
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	if !src.Static {
		p.Report(c, Finding{Rule: rule, Decision: Ask, Message: kind + " of a source named at run time; give it a destination in the sandbox"})
		return
	}
	d := p.SandboxPath(name, "repo")
	p.acquire(c, rule, kind, kind+" without a destination would land in the working directory", d,
		[]syntax.Edit{Insert(c, after, " "+syntax.Quote(d))}, relocate(c, c.Dir, name, d))
}

func checkSvn(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, optSpec{shortVal: "rm", longVal: setOf("revision", "depth", "set-depth", "username",
		"password", "config-dir", "config-option", "message", "file", "encoding", "native-eol", "accept", "targets", "changelist"), longEq: true})
	_ = opts
	if len(operands) < 2 {
		return
	}
	switch c.Args[operands[0]].Value {
	case "checkout", "co", "export":
	default:
		return
	}
	rest := operands[1:]
	last := c.Args[rest[len(rest)-1]]
	if len(rest) >= 2 && !isURL(last.Value) {
		p.cloneInto(c, "svn-checkout", "svn "+c.Args[operands[0]].Value, c.Args[rest[0]], &last, 0)
		return
	}
	p.cloneInto(c, "svn-checkout", "svn "+c.Args[operands[0]].Value, c.Args[rest[0]], nil, last.End)
}

func checkHg(p *Pass, c *syntax.Call) {
	_, operands := scan(c.Args, optSpec{shortVal: "rbueR", longVal: setOf("rev", "branch", "updaterev", "ssh", "remotecmd", "config", "repository", "cwd"), longEq: true})
	if len(operands) < 2 || c.Args[operands[0]].Value != "clone" {
		return
	}
	src := c.Args[operands[1]]
	if len(operands) >= 3 {
		d := c.Args[operands[2]]
		p.cloneInto(c, "hg-clone", "hg clone", src, &d, 0)
		return
	}
	p.cloneInto(c, "hg-clone", "hg clone", src, nil, src.End)
}

func checkSubmoduleAdd(p *Pass, c *syntax.Call) {
	_, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "submodule" {
		return
	}
	for _, a := range c.Args[sub+1:] {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		if a.Value == "add" {
			p.Report(c, Finding{Rule: "git-submodule-add", Decision: Ask,
				Message: "git submodule add clones a foreign repository into this one, where the sandbox cannot hold it; review it in a sandbox clone first"})
		}
		return
	}
}
