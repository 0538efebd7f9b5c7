package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// Repository snapshots and project templates fetched into the project
// (read with the vcs-clone rule): sl (Sapling) clone SOURCE [DEST], as
// hg's; degit, tiged and giget SOURCE [DEST], which write a snapshot of a
// repository's files (degit and tiged into the working directory itself
// when no DEST is given); ghq get, which clones under its root
// (~/ghq or ghq.root), outside the project and not movable from the
// command line; and the template tools cookiecutter, copier copy and
// cargo generate, which fetch a template and run its hooks (cookiecutter's
// hooks/, copier's tasks, cargo-generate's scripts) while they render it.

// snapshotSpec returns the options that take a value of each program
// (its --help).
func snapshotSpec(name string) optSpec {
	switch name {
	case "degit":
		return optSpec{shortVal: "m", longEq: true, longVal: longOpts("mode")}
	case "tiged":
		return optSpec{shortVal: "mDo", longEq: true, longVal: longOpts("mode", "sub-directory", "proxy")}
	case "giget":
		return optSpec{longEq: true, longVal: longOpts("cwd", "auth", "provider", "registry")}
	case "sl":
		return optSpec{shortVal: "urReb", longEq: true, longVal: longOpts("updaterev", "rev", "repository", "ssh", "remotecmd", "config",
			"cwd", "enable-profile", "branch")}
	case "copier":
		return optSpec{shortVal: "adrwx", longEq: true, longVal: longOpts("answers-file", "data", "data-file", "vcs-ref", "exclude", "skip")}
	case "cargo", "cargo-generate":
		return optSpec{shortVal: "nd", longEq: true, longVal: longOpts("git", "branch", "tag", "revision", "path", "name", "define",
			"template-values-file", "destination", "config", "favorite", "subfolder")}
	case "cookiecutter":
		return optSpec{longEq: true, longVal: longOpts("checkout", "directory", "output-dir", "config-file", "default-config", "replay-file")}
	}
	return optSpec{}
}

// localTemplate reports a template source that names a directory on this
// disk rather than a repository to fetch.
func localTemplate(a syntax.Arg) bool {
	v := a.Value
	return a.Static && (v == "." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") ||
		strings.HasPrefix(v, "~") || strings.HasPrefix(v, "file:"))
}

// remoteTemplate reports a template source cookiecutter and copier fetch
// rather than read from this disk: a URL, git@HOST:…, or an abbreviation
// (gh:, gl:, bb:, git+, hg+); any other word names a local directory (or
// one cached from an earlier fetch). A source known only at run time
// counts as remote.
func remoteTemplate(a syntax.Arg) bool {
	if !a.Static {
		return true
	}
	v := a.Value
	for _, pre := range []string{"gh:", "gl:", "bb:", "git+", "hg+", "git@"} {
		if strings.HasPrefix(v, pre) {
			return true
		}
	}
	return strings.Contains(v, "://")
}

// templateFetch judges the calls of the programs above; it reports
// whether c was one of them.
func (p *Pass) templateFetch(c *syntax.Call) bool {
	args := c.Args
	name := c.Name
	switch name {
	case "sl":
		opts, ops := scan(args, snapshotSpec("sl"))
		if len(ops) < 2 || args[ops[0]].Value != "clone" || has(opts, "h", "help") {
			return true
		}
		cl := clone{call: c, rule: "vcs-clone", kind: "sl clone", program: "hg", src: args[ops[1]], dir: c.Dir, at: args[ops[1]].End}
		if len(ops) >= 3 {
			cl.dest = &args[ops[2]]
		}
		p.cloneDest(cl)
		return true
	case "degit", "tiged", "giget":
		opts, ops := scan(args, snapshotSpec(name))
		if len(ops) == 0 || has(opts, "h", "help") || localTemplate(args[ops[0]]) {
			return true
		}
		if name == "giget" && has(opts, "install", "shell") {
			p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "template",
				Message: "giget --install/--shell runs the fetched template's package scripts or a shell in it; fetch it into " + p.Config.Sandbox + " and read it first"})
			return true
		}
		src := args[ops[0]]
		if i := strings.IndexByte(src.Value, '#'); i > 0 && src.Static {
			// OWNER/REPO#REF: the name is the repository's.
			src.Value = src.Value[:i]
		}
		cl := clone{call: c, rule: "vcs-clone", kind: name, program: "gh", src: src, dir: c.Dir, at: args[ops[0]].End}
		if len(ops) >= 2 {
			cl.dest = &args[ops[1]]
		}
		p.cloneDest(cl)
		return true
	case "ghq":
		if len(args) > 0 && args[0].Value == "get" && !p.DirInSandbox(c.Dir) {
			p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "ghq get",
				Message: "ghq get clones the repository under ghq's root (~/ghq or ghq.root), outside the sandbox; clone it with git clone into " + p.Config.Sandbox})
		}
		return true
	case "cookiecutter", "copier", "cargo", "cargo-generate":
		rest := args
		what := name
		switch name {
		case "cargo":
			if len(args) == 0 || args[0].Value != "generate" {
				return false
			}
			rest, what = args[1:], "cargo generate"
		case "copier":
			if len(args) > 0 && (args[0].Value == "copy" || args[0].Value == "recopy" || args[0].Value == "update") {
				what = "copier " + args[0].Value
				rest = args[1:]
			}
		}
		opts, ops := scan(rest, snapshotSpec(name))
		if has(opts, "h", "help", "version", "V", "list-installed", "l") {
			return true
		}
		if name == "cargo" || name == "cargo-generate" {
			// cargo generate --path DIR renders a template on this disk.
			for _, o := range find(opts, "path") {
				if o.hasVal && localTemplate(o.val) {
					return true
				}
			}
		} else if what != "copier update" && what != "copier recopy" && (len(ops) == 0 || !remoteTemplate(rest[ops[0]])) {
			return true
		}
		if p.DirInSandbox(c.Dir) {
			return true
		}
		p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "template",
			Message: what + " fetches a template and runs its hooks while it renders it into the project; fetch it into " + p.Config.Sandbox + " and read it first"})
		return true
	}
	return false
}

var remoteMount = Rule{
	Name:      "remote-mount",
	Decisions: []Decision{Ask},
	Doc: `A remote file system mounted inside the project (sshfs HOST:DIR
MOUNTPOINT, curlftpfs HOST MOUNTPOINT, rclone mount|nfsmount|cmount
REMOTE:PATH MOUNTPOINT) puts foreign files there that later reads and
builds take for the project's, and sends writes into it to the remote:
asked about unless the mount point is in the sandbox or outside the
project. rclone's flags may stand anywhere: its mount point is the first
word after the remote that is no option.`,
	Commands: []string{"sshfs", "curlftpfs", "rclone"},
	Call:     checkRemoteMount,
}

func checkRemoteMount(p *Pass, c *syntax.Call) {
	var point *syntax.Arg
	switch c.Name {
	case "sshfs", "curlftpfs":
		_, ops := scan(c.Args, optSpec{shortVal: "opF"})
		if len(ops) < 2 {
			return
		}
		point = &c.Args[ops[1]]
	case "rclone":
		verb := -1
		for i, a := range c.Args {
			if a.Static && (a.Value == "mount" || a.Value == "nfsmount" || a.Value == "cmount") {
				verb = i
				break
			}
			prev := ""
			if i > 0 {
				prev = c.Args[i-1].Value
			}
			if !strings.HasPrefix(a.Value, "-") && !(strings.HasPrefix(prev, "--") && !strings.Contains(prev, "=")) {
				return // another subcommand (a word after --flag may be its value)
			}
		}
		if verb < 0 {
			return
		}
		remote := false
		for i := verb + 1; i < len(c.Args); i++ {
			a := c.Args[i]
			if strings.HasPrefix(a.Value, "-") {
				continue
			}
			if !remote {
				remote = strings.Contains(a.Value, ":")
				continue
			}
			point = &c.Args[i]
			break
		}
	}
	if point == nil || p.InSandbox(c.Dir, *point) {
		return
	}
	if point.Static && !within(p.Config.Project, c.Dir.Join(point.Value)) && c.Dir.Known {
		return // a mount point outside the project
	}
	p.Report(c, Finding{Rule: "remote-mount", Decision: Ask, Kind: "mount",
		Message: c.Name + " mounts a remote file system at " + point.Value + " in the project: its files are foreign content and writes there go to the remote; mount it under " + p.Config.Sandbox + " or outside the project"})
}
