package rewrite

import (
	"path"

	"github.com/corral-dev/corral/syntax"
)

var pullNewRepo = Rule{
	Name: "pull-new-repo",
	Doc: `git pull or git fetch (any source: a URL, or a remote added a moment
before) and hg pull into a repository that the same command creates
(git init x && cd x && git pull URL, hg init x && hg -R x pull URL) bring
a foreign repository onto disk as a clone does, but in the project: ask,
and suggest cloning into the sandbox. The repository is found where git
and hg look for it: the working directory (after cd, git -C, hg --cwd) or
hg -R, and the directories above it. A pull into a repository that was
already there, or one inside the sandbox, passes (seed R-005).`,
	Decisions: []Decision{Ask},
	Command:   checkPullNewRepo,
}

// gitInitSpec are git init's options that take a value.
var gitInitSpec = optSpec{shortVal: "b", longEq: true, longVal: longOpts("template", "separate-git-dir", "object-format",
	"ref-format", "initial-branch")}

func checkPullNewRepo(p *Pass) {
	created := map[string]bool{}
	newRepo := func(d syntax.Dir) bool {
		if !d.Known || p.DirInSandbox(d) {
			return false
		}
		for q := d.Path; ; q = path.Dir(q) {
			if created[q] {
				return true
			}
			if q == "/" || q == "." || q == "" {
				return false
			}
		}
	}
	for _, c := range p.Model.Calls {
		switch c.Name {
		case "git":
			dir, sub := gitArgs(c)
			if sub < 0 || !dir.Known {
				continue
			}
			switch c.Args[sub].Value {
			case "init":
				_, ops := scan(c.Args[sub+1:], gitInitSpec)
				target := dir
				if len(ops) > 0 {
					target = dir.Join(c.Args[sub+1+ops[0]].Value)
				}
				if target.Known {
					created[target.Path] = true
				}
			case "pull", "fetch":
				if newRepo(dir) {
					p.reportPullNew(c, "git "+c.Args[sub].Value, dir)
				}
			}
		case "hg":
			opts, ops := scan(c.Args, hgSpec.Get())
			if len(ops) == 0 {
				continue
			}
			dir := hgCwd(c, opts)
			switch c.Args[ops[0]].Value {
			case "init":
				target := dir
				if len(ops) > 1 {
					target = dir.Join(c.Args[ops[1]].Value)
				}
				if target.Known {
					created[target.Path] = true
				}
			case "pull", "unbundle":
				repo := dir
				for _, o := range find(opts, "R", "repository") {
					if o.val.Static {
						repo = dir.Join(o.val.Value)
					} else {
						repo = syntax.Dir{}
					}
				}
				if newRepo(repo) {
					p.reportPullNew(c, "hg "+c.Args[ops[0]].Value, repo)
				}
			}
		}
	}
}

func (p *Pass) reportPullNew(c *syntax.Call, what string, repo syntax.Dir) {
	p.Report(c, Finding{Rule: "pull-new-repo", Decision: Ask, Kind: what,
		Message: what + " into " + repo.Path + ", a repository this command creates, brings a foreign repository into the project as a clone would; clone it into the sandbox (" + p.Config.Sandbox + ") instead"})
}
