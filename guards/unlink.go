package guards

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// DecideUnlink judges the removal of the name path itself when that name
// is a symbolic link (rm link, unlink link, os.remove: the link goes and
// what it points at stays). The name is judged, its directories' links
// followed and its own not, with what is reached through that name
// (holdsName), and so are the protected names whose links lead to it.
// When the name is on the way to a protected or blocked path, a file of
// corral's or one the agents' settings run (~/.bashrc or ~/.claude as a
// link into a dotfiles repository, a hook's link to a link), removing it
// changes what that path names: it is judged as Decide's deletion, as it
// was before the link was told apart. A path that is no symbolic link is
// judged as Decide's deletion too.
func (p *Policy) DecideUnlink(env Env, path string) Decision {
	n := NormalizeName(env, path)
	if p == nil || path == "" || n.Abs == Normalize(env, path).Abs || p.onTheWay(env, n.Abs) {
		return p.Decide(env, path, Delete)
	}
	n.unlink = true
	best := p.decidePath(env, n, path, Delete)
	if best.Verdict == Deny {
		return best
	}
	return p.viaLinks(env, best, Delete)
}

// onTheWay reports whether the directory entry name (absolute, its
// directory resolved) is looked up on the way to a path the policy
// guards by name: an anchored blocked or protected pattern's fixed part,
// corral's self-protection patterns of the home directory, its own
// files, the files that register its hook, the programs the agents'
// settings run, and the protected names that are links.
func (p *Policy) onTheWay(env Env, name string) bool {
	hit := func(f string) bool {
		return f != "" && filepath.IsAbs(f) && lookupPasses(f, name)
	}
	fixed := func(pats []pattern) bool {
		for _, pat := range pats {
			if !pat.anchored {
				continue
			}
			g := pat.glob
			if strings.HasPrefix(g, "~") {
				if env.Home == "" || !filepath.IsAbs(env.Home) {
					continue
				}
				g = expandHome(g, env.Home)
			}
			if hasGlobMeta(g) {
				g, _ = doublestar.SplitPattern(g)
			}
			if hit(g) {
				return true
			}
		}
		return false
	}
	if fixed(p.blockedPatterns()) || fixed(p.protectedPatterns()) {
		return true
	}
	if l := p.self; l != nil {
		if fixed(l.home) {
			return true
		}
		for _, list := range [][]string{l.files, l.registrations, l.programs, {l.sandbox}} {
			for _, f := range list {
				if hit(f) {
					return true
				}
			}
		}
	}
	for _, l := range p.protectedLinks(env) {
		if hit(l.name) {
			return true
		}
	}
	return false
}

// lookupPasses reports whether the kernel, resolving the absolute path f
// one entry at a time and following symbolic links (at most maxLinks),
// looks up the entry name. It stops where an entry is missing: nothing
// after it is looked up.
func lookupPasses(f, name string) bool {
	rest := strings.Split(strings.TrimPrefix(filepath.Clean(f), "/"), "/")
	cur, hops := "/", 0
	for len(rest) > 0 {
		comp := rest[0]
		rest = rest[1:]
		switch comp {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		entry := filepath.Join(cur, comp)
		if entry == name {
			return true
		}
		fi, err := os.Lstat(entry)
		if err != nil {
			return false
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			cur = entry
			continue
		}
		t, err := os.Readlink(entry)
		if hops++; err != nil || hops > maxLinks {
			return false
		}
		if filepath.IsAbs(t) {
			cur = "/"
		}
		rest = append(strings.Split(strings.Trim(t, "/"), "/"), rest...)
	}
	return false
}
