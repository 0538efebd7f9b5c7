package rewrite

import (
	"os"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// markLinkOnly sets linkOnly on the deletions of rm and unlink whose
// operand names a symbolic link, and on mv's sources that are: rm
// removes the link, never what it points at (rm .venv/bin/python, rm -rf
// current), and mv renames the link itself (or, to another file system,
// copies it as a link and removes it), unless the operand
// ends in "/" or names "." or "..", which the kernel resolves through the
// link (rm -rf link/ empties the directory it points at).
func (p *Pass) markLinkOnly(c *syntax.Call, ds []deletion) []deletion {
	if c.Name != "rm" && c.Name != "unlink" && c.Name != "mv" {
		return ds
	}
	for i := range ds {
		ds[i].linkOnly = ds[i].verb == c.Name && !ds[i].filtered && p.removesLinkOnly(c, ds[i].arg)
	}
	return ds
}

// removesLinkOnly reports whether rm or unlink of a in call c removes a
// symbolic link and nothing else. The name must be one: a link the
// command made there last (ln -s, cp -s, a copy that keeps a link), or,
// where the command made no link or mount there, a symbolic link on disk
// now. A link or a bind mount the command made at a directory on the way
// (ln -s ~ d; rm -rf d/x), or a mount at the name itself (mount --bind ~
// l; rm -rf l), keeps the reading through it. A word whose value only run
// time knows, a pattern, and a name relative to a directory only run time
// knows are read as before.
func (p *Pass) removesLinkOnly(c *syntax.Call, a syntax.Arg) bool {
	v := a.Value
	if !a.Static || a.Glob || v == "" || strings.HasSuffix(v, "/") || p.Config.Paths == nil {
		return false
	}
	t := target{arg: a, action: guards.Delete}
	if lit, ok := quotedTilde(c.Script, t, c.Name); ok {
		v = lit // rm '~': an entry named ~ here
	} else if strings.HasPrefix(v, "~") && !strings.HasPrefix(v, "~/") {
		return false // ~, ~user/x, ~+/x
	}
	if b := path.Base(v); b == "." || b == ".." {
		return false
	}
	if !c.Dir.Known && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~/") {
		return false
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	name := guards.NormalizeName(env, v).Abs
	full := guards.Normalize(env, v).Abs
	if name == "" || p.catastrophic(name) != "" {
		// rm /bin where /bin is a link to usr/bin: every #! line and
		// PATH lookup that names /bin fails as if it were deleted; the
		// home directory or the project as a link: read as before.
		return false
	}
	at := topStart(c.Script, c.Start)
	var last *madeLink
	links := p.madeLinks()
	for i := range links {
		l := &links[i]
		if !l.madeBefore(at, c) {
			continue
		}
		if l.link == name || l.link == full {
			if last == nil || l.end >= last.end {
				last = l
			}
			continue
		}
		if guards.Within(l.link, name) || guards.Within(l.link, full) {
			return false // through a link or mount the command made
		}
	}
	if last != nil {
		return last.symbolic
	}
	fi, err := os.Lstat(name)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// unlinkedSource reports a source of mv that is a symbolic link moved as
// itself (markLinkOnly): its name is what goes, and nothing is read
// through it.
func (p *Pass) unlinkedSource(c *syntax.Call, a syntax.Arg) bool {
	return c != nil && c.Name == "mv" && p.removesLinkOnly(c, a)
}

// takesLinkAsLink reports an operand of an archiver or a copy that is a
// symbolic link the program takes as a link, reading nothing through it
// (removesLinkOnly judges that the name is one): tar creating without
// -h/--dereference archives the link; cp -r, -a, -P or -d without -L or
// -H copies it as a link; rsync without -L, --copy-links,
// --copy-unsafe-links or -k copies it as a link (-l, -a) or skips it;
// zip -y stores it. A trailing slash (sshlink/) or a last . makes the
// kernel follow it, and removesLinkOnly leaves those out.
func (p *Pass) takesLinkAsLink(c *syntax.Call, name string, opts []option, a syntax.Arg) bool {
	switch name {
	case "tar":
		if has(opts, "h", "dereference") {
			return false
		}
	case "cp":
		if !has(opts, "r", "R", "a", "recursive", "archive", "P", "d", "no-dereference") || has(opts, "L", "H", "dereference") {
			return false
		}
	case "rsync":
		if has(opts, "L", "copy-links", "copy-unsafe-links", "k", "copy-dirlinks") {
			return false
		}
	case "zip":
		if !has(opts, "y", "symlinks") {
			return false
		}
	default:
		return false
	}
	return p.removesLinkOnly(c, a)
}

// findKeepsLinks reports how find c treats symbolic links: roots reports
// that a root named on the command line that is a link is taken as the
// link (no -H, -L or -follow), entries that a link met below a root is
// (no -L or -follow). find -delete, and rm or unlink run on what it
// hands them, then remove the link, never what it points at.
func findKeepsLinks(c *syntax.Call) (roots, entries bool) {
	roots, entries = true, true
	lead := true
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		if !a.Static {
			if lead {
				return false, false // an option only run time knows
			}
			continue
		}
		if lead && v == "-D" {
			i++ // its debug options
			continue
		}
		if lead && (v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O")) {
			switch v {
			case "-H":
				roots, entries = false, true
			case "-L":
				roots, entries = false, false
			case "-P":
				roots, entries = true, true // the last of them wins
			}
			continue
		}
		lead = false
		if v == "-follow" {
			roots, entries = false, false
		}
	}
	return roots, entries
}

// copyTargetDir reports a cp, install or mv call whose destination
// directory -t/--target-directory names: every operand is then a source
// (cp -t x ~/.ssh/id_rsa copies the key into x).
func copyTargetDir(name string, opts []option) bool {
	return (name == "cp" || name == "install" || name == "mv") && has(opts, "t", "target-directory")
}

// omitsDirectory reports an operand of cp or install without recursion
// that is a directory on disk, or a symbolic link to one, which both
// follow on the command line: GNU cp says "omitting directory" (install
// too) and copies nothing from it, so nothing under it is read (cp
// sshlink x, with sshlink a link to ~/.ssh, was denied as a secret
// read). The name must be one the command leaves alone before this call:
// a link or mount the command made at it or on the way to it (ln -sf
// ~/.ssh/id_rsa d; cp d x) keeps the reading through it, as do a word
// only run time knows, a pattern, and a name relative to a directory
// only run time knows.
func (p *Pass) omitsDirectory(c *syntax.Call, name string, a syntax.Arg) bool {
	if name != "cp" && name != "install" || p.Config.Paths == nil {
		return false
	}
	v := a.Value
	if !a.Static || a.Glob || v == "" {
		return false
	}
	t := target{arg: a, action: guards.Write}
	if lit, ok := quotedTilde(c.Script, t, c.Name); ok {
		v = lit
	} else if strings.HasPrefix(v, "~") && v != "~" && !strings.HasPrefix(v, "~/") {
		return false // ~user/x, ~+/x
	}
	if !c.Dir.Known && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") {
		return false
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	abs := guards.NormalizeName(env, v).Abs
	full := guards.Normalize(env, v).Abs
	if abs == "" || full == "" {
		return false
	}
	at := topStart(c.Script, c.Start)
	for _, l := range p.madeLinks() {
		if l.madeBefore(at, c) && (guards.Within(l.link, abs) || guards.Within(l.link, full)) {
			return false // made here: what it is when cp runs is the command's
		}
	}
	fi, err := os.Stat(abs)
	return err == nil && fi.IsDir()
}
