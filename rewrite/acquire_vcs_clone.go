package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var vcsClone = Rule{
	Name:      "vcs-clone",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `The clones of the other version control systems and forges bring a
foreign repository onto disk, moved into the sandbox as git clone's are:
bzr/brz branch (get, clone) and checkout (co) SOURCE [TO] (lp:x too; the
name is the source's last segment), darcs clone (get) REPO [DIR], glab
repo clone OWNER/REPO [DIR] (-- git flags after), tea clone OWNER/REPO
[DIR], and fossil clone URL FILENAME (the repository file). fossil clone
without a FILENAME also opens a checkout in a new directory, and
--workdir names where: ask, since moving the one would not move the
other; so does fossil open URL, which clones and opens a checkout here.
pijul clone REMOTE [PATH] is moved as the others; cvs checkout (co, get,
export) of a module gets -d in the sandbox (a -d DIR outside it is moved
there; several modules without -d ask), unless the repository (-d
CVSROOT) is a local path. sl (Sapling) clone is moved as hg clone is;
degit, tiged and giget SOURCE [DEST] (a snapshot of a repository's
files; degit and tiged write into the working directory without DEST)
have DEST moved or added; ghq get (clones under ghq's root, outside the
project) asks, as do cookiecutter, copier copy/update and cargo generate
of a template that is not a local directory, which run the template's
hooks while rendering it, and giget --install/--shell.`,
	Commands: []string{"bzr", "brz", "darcs", "glab", "tea", "fossil", "pijul", "cvs", "sl", "degit", "tiged", "giget", "ghq", "cookiecutter",
		"copier", "cargo", "cargo-generate"},
	Call: checkVcsClone,
}

func checkVcsClone(p *Pass, c *syntax.Call) {
	if p.templateFetch(c) {
		return
	}
	if c.Name == "cvs" {
		p.cvsCheckout(c)
		return
	}
	var spec optSpec
	var verbs []string
	kind := c.Name + " clone"
	switch c.Name {
	case "bzr", "brz":
		spec = optSpec{shortVal: "rd", longEq: true, longVal: longOpts("revision", "files-from", "directory")}
		verbs = []string{"branch", "get", "clone", "checkout", "co"}
	case "darcs":
		spec = optSpec{shortVal: "tp", longEq: true, longVal: longOpts("to-match", "to-patch", "to-hash", "tag", "context", "remote-darcs", "umask", "repodir")}
		verbs = []string{"clone", "get"}
	case "glab":
		spec = optSpec{shortVal: "gRv", longEq: true, longVal: longOpts("group", "repo", "visibility")}
	case "tea":
		spec = optSpec{shortVal: "ld", longEq: true, longVal: longOpts("login", "depth")}
		verbs = []string{"clone", "C"}
	case "fossil":
		spec = optSpec{shortVal: "ABR", longEq: false, longVal: longOpts("admin-user", "httpauth", "ssh-command", "ssl-identity",
			"transport-command", "workdir", "repository", "repodir")}
		verbs = []string{"clone", "open"}
	case "pijul":
		spec = optSpec{longEq: true, longVal: longOpts("channel", "change", "state", "path")}
		verbs = []string{"clone"}
	}
	args := c.Args
	if c.Name == "glab" {
		// glab repo clone REPO [DIR] [-- git flags]
		rest, ok := ghSubArgs(args, "repo", "clone")
		if !ok {
			return
		}
		opts, pos := ghScan(rest, spec)
		if len(pos) == 0 || has(opts, "g", "group") {
			if has(opts, "g", "group") {
				p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "glab repo clone",
					Message: "glab repo clone -g clones every repository of a group into the working directory; clone them into " + p.Config.Sandbox + " instead"})
			}
			return
		}
		cl := clone{call: c, rule: "vcs-clone", kind: "glab repo clone", program: "gh", src: pos[0], dir: c.Dir, at: pos[0].End}
		if len(pos) >= 2 {
			cl.dest = &pos[1]
		}
		p.cloneDest(cl)
		return
	}
	opts, operands := scan(args, spec)
	if len(operands) < 2 || !contains(verbs, args[operands[0]].Value) {
		return
	}
	src := args[operands[1]]
	cl := clone{call: c, rule: "vcs-clone", kind: kind, program: "gh", src: src, dir: c.Dir, at: src.End}
	if c.Name != "glab" && c.Name != "tea" {
		cl.program = "hg" // the base name of the source's path
	}
	if len(operands) >= 3 {
		cl.dest = &args[operands[2]]
	}
	if c.Name == "fossil" && args[operands[0]].Value == "open" {
		// fossil open URL clones into a repository file and opens a
		// checkout in the working directory; a file here is local.
		if strings.Contains(src.Value, "://") && !p.DirInSandbox(c.Dir) {
			p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "fossil open",
				Message: "fossil open URL clones the repository and opens its checkout in the working directory; clone it with fossil clone URL into " + p.Config.Sandbox + " first"})
		}
		return
	}
	if c.Name == "fossil" {
		if cl.dest == nil || has(opts, "workdir") {
			p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: kind,
				Message: "fossil clone without a FILENAME (or with --workdir) opens a checkout in a directory corral cannot move with the repository file; give a FILENAME in " + p.Config.Sandbox})
			return
		}
	}
	if (c.Name == "bzr" || c.Name == "brz") && cl.dest == nil && src.Static && strings.HasPrefix(src.Value, "lp:") {
		// lp:project, lp:~user/project/branch: the last segment.
		name := src.Value[3:]
		if i := strings.LastIndex(name, "/"); i >= 0 {
			name = name[i+1:]
		}
		dest := p.SandboxPath(name, "repo")
		if p.DirInSandbox(c.Dir) {
			return
		}
		p.acquire(c, "vcs-clone", kind, kind+" without a destination would land in the working directory", dest,
			[]syntax.Edit{Insert(c, src.End, " "+syntax.Quote(dest))}, relocate(c, c.Dir, name, dest))
		return
	}
	p.cloneDest(cl)
}

// ghSubArgs returns the words after the subcommand path, when args start
// with it.
func ghSubArgs(args []syntax.Arg, path ...string) ([]syntax.Arg, bool) {
	for _, w := range path {
		if len(args) == 0 || args[0].Value != w {
			return nil, false
		}
		args = args[1:]
	}
	return args, true
}

// cvsCheckout moves a cvs checkout (co, get, export) of a repository
// that is not a local path into the sandbox: -d DIR names the directory
// the module is checked out into; without it the module's own path is.
func (p *Pass) cvsCheckout(c *syntax.Call) {
	global := optSpec{shortVal: "dTesz"}
	gopts, ops := scan(c.Args, global)
	if len(ops) == 0 {
		return
	}
	switch c.Args[ops[0]].Value {
	case "checkout", "co", "get", "export", "exp", "ex":
	default:
		return
	}
	for _, r := range find(gopts, "d") {
		v := r.val.Value
		if r.val.Static && (strings.HasPrefix(v, "/") || strings.HasPrefix(v, ":local:") || strings.HasPrefix(v, ":fork:")) {
			return // a repository on this disk
		}
	}
	verb := c.Args[ops[0]]
	rest := c.Args[ops[0]+1:]
	opts, mods := scan(rest, optSpec{shortVal: "rDdjkW"})
	if has(opts, "H", "help") || len(mods) == 0 {
		return
	}
	if dirs := find(opts, "d"); len(dirs) > 0 {
		d := dirs[len(dirs)-1]
		if p.InSandbox(c.Dir, d.val) {
			return
		}
		dest, text := p.sandboxed(d.val, "cvs")
		p.acquire(c, "vcs-clone", "cvs checkout", "cvs "+verb.Value+" checks the module out into "+d.val.Value+", outside the sandbox", dest,
			[]syntax.Edit{setValue(c, d, text)}, relocate(c, c.Dir, d.val.Value, dest))
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	if len(mods) > 1 {
		p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "cvs checkout",
			Message: "cvs " + verb.Value + " checks several modules out into the working directory; check them out in " + p.Config.Sandbox})
		return
	}
	m := rest[mods[0]]
	dest := p.SandboxPath(m.Value, "cvs")
	if !m.Static {
		p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "cvs checkout",
			Message: "cvs " + verb.Value + " checks out a module named at run time into the working directory; give -d " + p.Config.Sandbox + "/NAME"})
		return
	}
	p.acquire(c, "vcs-clone", "cvs checkout", "cvs "+verb.Value+" checks the module out into the working directory", dest,
		[]syntax.Edit{Insert(c, verb.End, " -d "+syntax.Quote(dest))}, relocate(c, c.Dir, m.Value, dest))
}
