package rewrite

import (
	"fmt"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// A hard link is a second name of the same file: after ln ~/.bashrc b,
// echo x >> b appends to ~/.bashrc, and after ln ~/.ssh/id_rsa k, cat k
// prints the key, in a later call where b and k look like ordinary
// project files. So the file a hard link is made to (ln and link without
// -s, cp -l / --link, cp -al of a tree, os.link, fs.linkSync, File.link,
// Perl's link, which program code turns into ln) is judged as a write of
// it: a protected, blocked or corral-own file is denied with its reason,
// one outside the project asked about, and a secret file is denied as a
// secret; a hard link of an ordinary project file passes. A link made
// before corral saw it (by the user, or by a program) is caught at use
// time instead: the guards compare a linked file's inode with the
// protected and secret files (guards/hardlink.go).

// hardLinkSources returns the files a call makes hard links to.
func hardLinkSources(c *syntax.Call) []syntax.Arg {
	var opts []option
	var idx []int
	switch c.Name {
	case "ln":
		opts, idx = scan(c.Args, specFor("ln"))
		if has(opts, "s", "symbolic") {
			return nil
		}
	case "cp":
		opts, idx = scan(c.Args, specFor("cp"))
		if !has(opts, "l", "link") || has(opts, "s", "symbolic-link") {
			return nil
		}
	case "link":
		// link FILE1 FILE2 (coreutils): the link(2) call itself.
		_, idx = scan(c.Args, specFor("link"))
		if len(idx) != 2 {
			return nil
		}
		return []syntax.Arg{c.Args[idx[0]]}
	default:
		return nil
	}
	var out []syntax.Arg
	for _, i := range idx {
		out = append(out, c.Args[i])
	}
	switch {
	case len(find(opts, "t", "target-directory")) > 0:
		return out
	case len(out) == 1 && c.Name == "ln":
		return out // ln FILE: a link named like it in the working directory
	case len(out) >= 2:
		return out[:len(out)-1]
	}
	return nil
}

// shredLinkTargets are the operands of shred that are hard links on
// disk: shred overwrites the file's content before it removes (-u) the
// name, so every other name of the file loses it too (shred cs.json
// with cs.json a link to ~/.claude/settings.json). A file with one name
// is judged as a deletion only.
func shredLinkTargets(c *syntax.Call) []target {
	if c.Name != "shred" || !c.Dir.Known {
		return nil
	}
	_, idx := scan(c.Args, specFor("shred"))
	var out []target
	for _, i := range idx {
		a := c.Args[i]
		if a.Static && !a.Glob && guards.HardLinked(c.Dir.Join(a.Value).Path) {
			out = append(out, target{arg: a, action: guards.Write})
		}
	}
	return out
}

// checkHardLinks judges the files a call makes hard links to as writes
// of them, and secret files as secrets.
func (p *Pass) checkHardLinks(c *syntax.Call) {
	for _, src := range hardLinkSources(c) {
		if p.Config.Paths != nil && src.Static && !src.Glob {
			env := guards.Env{Project: p.Config.Project, Cwd: c.Dir.Path, Home: p.Config.Home, Sandbox: p.Config.Sandbox}
			if !c.Dir.Known {
				env.Cwd = p.Config.Project
			}
			if s, ok := p.Config.Paths.Secrets().Match(env, src.Value); ok {
				d := Deny
				if p.Config.Paths.Secrets().Verdict == guards.Ask {
					d = Ask
				}
				p.Report(c, Finding{Rule: "bash-write", Decision: d, PathContext: "blocked",
					Message: fmt.Sprintf("%s makes a hard link to a secret file, a second name that reads it: %s", c.Name, s.Reason("its source is"))})
				continue
			}
		}
		p.judge(c, c.Script, c.Dir, target{arg: src, action: guards.Write, hardLink: true}, "bash-write", c.Name)
	}
	for _, t := range shredLinkTargets(c) {
		p.judge(c, c.Script, c.Dir, t, "bash-write", c.Name)
	}
}
