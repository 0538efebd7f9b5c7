package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var gitClone = Rule{
	Name:      "git-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `git clone brings a foreign repository onto disk. Its destination (the
directory argument, or the name git derives from the URL) is moved into the
sandbox: an explicit directory becomes sandbox/<its base name>, a missing one
is added as sandbox/<repo name>, and a URL only known at run time is cloned
with "git -C <sandbox>". Global options (-C, -c, --git-dir=…) and every clone
option that takes a value are understood, as is "--". Later "cd <dir>" in
the same command follow the clone. A clone whose destination is already in
the sandbox is left alone.`,
	Commands: []string{"git"},
	Call:     checkGitClone,
}

// gitGlobalValue lists git's global options that take a separate value.
var gitGlobalValue = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true,
	"--namespace": true, "--exec-path": false, "--config-env": true, "--super-prefix": true, "--list-cmds": false}

// gitArgs splits a git call into its global options and subcommand: it
// returns the directory git runs in (after -C) and the index of the
// subcommand in c.Args, or -1.
func gitArgs(c *syntax.Call) (dir syntax.Dir, sub int) {
	dir = c.Dir
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if !a.Static {
			return syntax.Dir{}, -1
		}
		v := a.Value
		switch {
		case v == "-C" && i+1 < len(c.Args):
			i++
			if c.Args[i].Static {
				dir = dir.Join(c.Args[i].Value)
			} else {
				dir = syntax.Dir{}
			}
		case gitGlobalValue[v]:
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return dir, i
		}
	}
	return dir, -1
}

func gitSubcommand(c *syntax.Call) string {
	_, i := gitArgs(c)
	if i < 0 {
		return ""
	}
	return c.Args[i].Value
}

// cloneSpec are git clone's options that take a value.
var cloneSpec = optSpec{shortVal: "obucj", longEq: true, longVal: setOf("origin", "branch", "upload-pack", "reference",
	"reference-if-able", "separate-git-dir", "depth", "shallow-since", "shallow-exclude", "config", "server-option",
	"filter", "template", "jobs", "bundle-uri", "ref-format", "revision")}

func hasFlag(args []syntax.Arg, from int, flags ...string) bool {
	for _, a := range args[from:] {
		if a.Value == "--" {
			return false
		}
		for _, f := range flags {
			if a.Static && a.Value == f {
				return true
			}
		}
	}
	return false
}

func checkGitClone(p *Pass, c *syntax.Call) {
	dir, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "clone" {
		return
	}
	_, operands := scan(c.Args[sub+1:], cloneSpec)
	pos := make([]int, len(operands))
	for i, o := range operands {
		pos[i] = sub + 1 + o
	}
	if len(pos) == 0 {
		if c.ExtraArgs && !p.DirInSandbox(dir) {
			// xargs git clone: the repositories come at run time.
			p.acquire(c, "git-clone", "git clone", "git clone of repositories given at run time (xargs) would land outside the sandbox",
				p.Config.Sandbox, []syntax.Edit{Insert(c, c.Args[sub].Start, "-C "+syntax.Quote(p.Config.Sandbox)+" ")}, nil)
		}
		return
	}
	repo := c.Args[pos[0]]
	bare := hasFlag(c.Args, sub+1, "--bare", "--mirror")
	if len(pos) >= 2 {
		d := c.Args[pos[1]]
		if p.InSandbox(dir, d) {
			return
		}
		name := d.Value
		if d.Static && (name == "." || name == "./" || strings.TrimRight(name, "/") == "") {
			name = repoName(repo.Value, bare)
		}
		var newDir string
		var dest string
		if d.Static {
			dest = p.SandboxPath(name, repoName(repo.Value, bare))
			newDir = syntax.Quote(dest)
		} else {
			// Only run time knows the name: keep it, under the sandbox.
			dest = p.Config.Sandbox + "/" + d.Value
			newDir = syntax.Quote(p.Config.Sandbox+"/") + d.Raw
		}
		var rel []Relocation
		if from := dir.Join(d.Value); d.Static && from.Known {
			rel = append(rel, Relocation{Script: c.Script, After: c.End, From: from.Path, To: dest})
		}
		p.acquire(c, "git-clone", "git clone", "git clone into "+d.Value+" is outside the sandbox", dest,
			[]syntax.Edit{Replace(c, d, newDir)}, rel)
		return
	}
	if p.DirInSandbox(dir) {
		return
	}
	if !repo.Static {
		// The repository name is only known at run time: clone from inside
		// the sandbox so that git derives it there.
		p.acquire(c, "git-clone", "git clone", "git clone of a repository named at run time would land outside the sandbox",
			p.Config.Sandbox+"/…", []syntax.Edit{Insert(c, c.Args[sub].Start, "-C "+syntax.Quote(p.Config.Sandbox)+" ")}, nil)
		return
	}
	name := repoName(repo.Value, bare)
	dest := p.SandboxPath(name, "repo")
	var rel []Relocation
	if from := dir.Join(name); from.Known {
		rel = append(rel, Relocation{Script: c.Script, After: c.End, From: from.Path, To: dest})
	}
	last := c.Args[len(c.Args)-1]
	p.acquire(c, "git-clone", "git clone", "git clone without a destination would land in the working directory", dest,
		[]syntax.Edit{Insert(c, last.End, " "+syntax.Quote(dest))}, rel)
}
