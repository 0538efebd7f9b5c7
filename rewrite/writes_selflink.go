package rewrite

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// A symbolic link made where the guard's own files are read redirects
// them: ln -s /tmp/x .claude makes Claude Code read .claude/settings.json
// from /tmp/x/settings.json, a file no rule protects, which a later
// command then writes freely. So a link made at a path that is, or can
// hold, a self-protected file (guards.Policy.HoldsSelf: agent settings
// that register hooks, corral's policy and state, start-up files) or a
// protected directory of the configuration is denied, whatever it points
// at. The path is the one ln really makes: DEST, DEST/NAME when DEST is a
// directory (not with -T, nor with -n when DEST is a link), DIR/NAME with
// -t DIR, ./NAME with one operand.

// A copy that keeps a link a link makes one too: mv always, cp with
// -P/-d/-a/--no-dereference or -r without -L/-H (GNU cp does not follow
// a link it copies recursively), rsync with -l/-a (without -L); the
// source is a link on disk when the hook runs.

// checkSelfLinks judges the symbolic links an ln call makes, and those a
// copy of a link makes.
func (p *Pass) checkSelfLinks(c *syntax.Call) {
	var opts []option
	var idx []int
	switch c.Name {
	case "ln":
		opts, idx = scan(c.Args, specFor("ln"))
		if !has(opts, "s", "symbolic") {
			return
		}
	case "cp", "mv", "rsync":
		opts, idx = scan(c.Args, copySpec(c.Name))
		if !copyKeepsLinks(c.Name, opts) {
			return
		}
	default:
		return
	}
	files := make([]syntax.Arg, 0, len(idx))
	for _, i := range idx {
		files = append(files, c.Args[i])
	}
	if c.Name != "ln" {
		// Only the sources that are links on disk.
		n := len(files)
		if len(find(opts, "t", "target-directory")) == 0 {
			n--
		}
		var kept []syntax.Arg
		for i, f := range files {
			if i >= n || isLinkOnDisk(c, f) || p.linkMadeBefore(c, f) {
				kept = append(kept, f)
			}
		}
		if len(kept) == len(files)-n {
			return
		}
		files = kept
	}
	links := symlinkNames(c, opts, files)
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !c.Dir.Known {
		env.Cwd = cfg.Project
	}
	for _, l := range links {
		if !l.Static || l.Glob {
			continue
		}
		abs := guards.Normalize(env, l.Value).Abs
		if abs == "" || abs == cfg.Project || abs == cfg.Home {
			continue // the root of the project or home cannot be replaced by ln
		}
		held := p.heldSelf(env, abs, l.Value)
		if held == "" {
			if pat := cfg.Paths.HoldsAutoRun(env, abs); pat != "" {
				// A link named .vscode or .devcontainer: the editor
				// reads the auto-run file through it, from a
				// directory no rule watches.
				p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "outside",
					Message: fmt.Sprintf("%s makes %s a symbolic link: %s, whose commands an editor or dev container tool runs by itself when the project is opened, would then be read from wherever the link points, where no rule watches it", c.Name, abs, pat)})
			}
			continue
		}
		p.Report(c, Finding{Rule: "bash-write", Decision: Deny, PathContext: "blocked",
			Message: fmt.Sprintf("%s makes %s a symbolic link: %s, which registers agent hooks, configures corral or runs at login, would then be read from wherever the link points, where no rule protects it", c.Name, abs, held)})
	}
}

// isLinkOnDisk reports whether the static word a names a symbolic link
// when the hook runs.
func isLinkOnDisk(c *syntax.Call, a syntax.Arg) bool {
	if !a.Static || a.Glob {
		return false
	}
	d := c.Dir.Join(strings.TrimSuffix(a.Value, "/"))
	if !d.Known {
		return false
	}
	fi, err := os.Lstat(d.Path)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// symlinkNames returns the names an ln (or a copy that keeps links) with
// opts and the operands files makes: DEST, DEST/NAME when DEST is a
// directory, DIR/NAME with -t DIR, ./NAME with one operand.
func symlinkNames(c *syntax.Call, opts []option, files []syntax.Arg) []syntax.Arg {
	var links []syntax.Arg
	named := func(dir syntax.Arg, src syntax.Arg) syntax.Arg {
		v := path.Join(dir.Value, path.Base(strings.TrimSuffix(src.Value, "/")))
		return syntax.Arg{Value: v, Raw: dir.Raw, Static: dir.Static && src.Static, Start: dir.Start, End: dir.End}
	}
	switch ds := find(opts, "t", "target-directory"); {
	case len(ds) > 0:
		for _, s := range files {
			links = append(links, named(ds[len(ds)-1].val, s))
		}
	case len(files) == 1:
		links = append(links, named(syntax.Arg{Value: ".", Raw: ".", Static: true, Start: files[0].Start, End: files[0].End}, files[0]))
	case len(files) >= 2:
		dest := files[len(files)-1]
		if intoDirectory(c, dest, opts) {
			for _, s := range files[:len(files)-1] {
				links = append(links, named(dest, s))
			}
		} else {
			links = append(links, dest)
		}
	}
	return links
}

// linkMadeBefore reports whether an ln -s run before c in the command
// (also one program code makes, os.symlink, read as ln) made the static
// word a a symbolic link: ln -s /tmp/x v && mv v .vscode renames a new
// link.
func (p *Pass) linkMadeBefore(c *syntax.Call, a syntax.Arg) bool {
	if !a.Static || a.Glob || !c.Dir.Known {
		return false
	}
	want := c.Dir.Join(strings.TrimSuffix(a.Value, "/"))
	for _, o := range p.Model.Calls {
		if o == c {
			return false
		}
		if o.Name != "ln" || !o.Dir.Known {
			continue
		}
		opts, idx := scan(o.Args, specFor("ln"))
		if !has(opts, "s", "symbolic") {
			continue
		}
		files := make([]syntax.Arg, 0, len(idx))
		for _, i := range idx {
			files = append(files, o.Args[i])
		}
		for _, l := range symlinkNames(o, opts, files) {
			if l.Static && !l.Glob && o.Dir.Join(l.Value).Path == want.Path {
				return true
			}
		}
	}
	return false
}
