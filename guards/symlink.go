package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Symbolic links. A protected name may itself be a symbolic link to an
// ordinary file: a project documents ln -s ../../scripts/pre-commit.sh
// .git/hooks/pre-commit, a dotfiles manager makes ~/.claude/settings.json
// a link into ~/dotfiles. Writing the link's target then changes what git
// runs or what the agent reads as its settings, yet the target's own path
// matches no protected pattern, and every path is judged with its links
// followed (Normalize), so the name is never seen. So the protected names
// that exist on disk as links are looked up, each is resolved, and a
// write or deletion of a path that is a link's target, or under a target
// that is a directory (.git/hooks -> ../githooks), is judged as the same
// action on the protected name too (the worse verdict wins).
//
// The names looked at are concrete and bounded: the entries under the
// fixed directory of each home and project pattern of the guard's own
// layer (~/.claude/settings*.json, ~/.config/fish/conf.d/**,
// .git/hooks/**, .claude/**, …), the hooks of the repositories nested one
// or two levels under the project root (D/.git/hooks, D/E/.git/hooks),
// with symlinkWalkBudget entries per place and symlinkIndexBudget in all;
// the programs the agents' settings run are compared resolved in the self
// layer itself. Links are not followed while walking: a linked directory
// is recorded as a link, not entered.
//
// A path whose last part is a link is judged as named too (NormalizeName):
// a write through .git/hooks/pre-commit changes the hook wherever it
// leads, and a command that replaces or removes the name itself (ln -sf,
// mv, install, cp --remove-destination, rm) changes the name, not the file
// it points at.

// Bounds of the index of protected links.
const (
	symlinkWalkBudget  = 128
	symlinkIndexBudget = 1024
	// nestedRepoBudget bounds the directories looked at for nested
	// repositories' hooks.
	nestedRepoBudget = 256
)

// protLink is a protected name that is a symbolic link: name is its path
// with the directories on the way resolved and the last part not
// followed; target is where it leads.
type protLink struct {
	name, target string
}

type symlinkIndex struct {
	links []protLink
}

var symlinkIndexCache diskIndex[*symlinkIndex]

// linkPlace is where protected names are: the directory or file base,
// spelled as the pattern names it (the project root and home resolved,
// the pattern's own fixed part not), and below it either the names glob
// matches (one level of names without "**") or depth levels of entries.
type linkPlace struct {
	base, glob string
	depth      int
}

// symlinkPlaces are the places the self layer's protected names are.
func (p *Policy) symlinkPlaces(env Env) []linkPlace {
	l := p.self
	if l == nil {
		return nil
	}
	var out []linkPlace
	add := func(g string) {
		if !filepath.IsAbs(g) {
			return
		}
		if !strings.ContainsAny(g, "*?[{\\") {
			out = append(out, linkPlace{base: filepath.Clean(g), depth: 3})
			return
		}
		base, rest := doublestar.SplitPattern(g)
		if !filepath.IsAbs(base) || base == "/" {
			return
		}
		if strings.Contains(rest, "**") || strings.Contains(rest, "/") {
			out = append(out, linkPlace{base: filepath.Clean(base), depth: linkWalkDepth})
			return
		}
		out = append(out, linkPlace{base: filepath.Clean(base), glob: rest, depth: 2})
	}
	home := ""
	if env.Home != "" && filepath.IsAbs(env.Home) {
		home = resolve(filepath.Clean(env.Home))
	}
	root := projectRoot(env)
	if root != "" {
		for _, ps := range [][]pattern{l.project, l.codeProject, l.mcp, l.autorun} {
			for _, pat := range ps {
				if g := pat.glob; !strings.HasPrefix(g, "**/") {
					add(root + "/" + g)
				}
			}
		}
		for _, d := range nestedRepos(root) {
			out = append(out, linkPlace{base: filepath.Join(d, ".git", "hooks"), depth: 1})
		}
	}
	// The home directory's places after the project's: they can be large
	// (~/.codex, ~/.claude/plugins) and must not spend the whole budget
	// before the project's hooks are looked at.
	for _, ps := range [][]pattern{l.home, l.codeHome} {
		for _, pat := range ps {
			if home != "" && strings.HasPrefix(pat.glob, "~/") {
				add(home + pat.glob[1:])
			}
		}
	}
	return out
}

// nestedRepos returns the directories one or two levels under root that
// hold a .git directory, bounded by nestedRepoBudget directories read.
func nestedRepos(root string) []string {
	budget := nestedRepoBudget
	var out []string
	var look func(dir string, depth int)
	look = func(dir string, depth int) {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			if budget <= 0 {
				return
			}
			if !e.IsDir() || e.Name() == ".git" {
				continue
			}
			budget--
			d := filepath.Join(dir, e.Name())
			if fi, err := os.Lstat(filepath.Join(d, ".git")); err == nil && fi.IsDir() {
				out = append(out, d)
			}
			if depth > 1 {
				look(d, depth-1)
			}
		}
	}
	look(root, 2)
	return out
}

// protectedLinks returns the protected names under the self layer's
// places that are symbolic links, built at most once a linkIndexTTL for
// the same places.
func (p *Policy) protectedLinks(env Env) []protLink {
	if p == nil || p.self == nil {
		return nil
	}
	// The places depend only on the home directory and the project: the
	// self layer's patterns are corral's own.
	var key strings.Builder
	if env.Home != "" && filepath.IsAbs(env.Home) {
		key.WriteString(resolve(filepath.Clean(env.Home)))
	}
	key.WriteByte(0)
	key.WriteString(projectRoot(env))
	return symlinkIndexCache.get(key.String(), func() *symlinkIndex {
		idx := &symlinkIndex{}
		seen := map[string]int{}
		walkPlaces(p.symlinkPlaces(env), symlinkIndexBudget, symlinkWalkBudget, func(pl linkPlace, budget *int) {
			idx.place(pl, budget, seen)
		})
		sort.Slice(idx.links, func(i, j int) bool { return idx.links[i].name < idx.links[j].name })
		return idx
	}).links
}

// place adds the symbolic links of one place. A base that leads
// elsewhere through a link on the way (.git/hooks -> ../githooks, a .git
// that is a link) is itself the link: everything under its target is
// under the protected name.
func (idx *symlinkIndex) place(pl linkPlace, budget *int, seen map[string]int) {
	if _, exists := lookLink(pl.base); !exists {
		return
	}
	if t := resolve(pl.base); t != pl.base {
		idx.links = append(idx.links, protLink{name: pl.base, target: t})
		return
	}
	if pl.glob == "" {
		idx.walk(pl.base, pl.depth, budget, seen)
		return
	}
	ents, err := os.ReadDir(pl.base)
	if err != nil {
		return
	}
	for _, e := range ents {
		if *budget <= 0 {
			return
		}
		if ok, _ := doublestar.Match(pl.glob, e.Name()); ok {
			idx.walk(filepath.Join(pl.base, e.Name()), pl.depth, budget, seen)
		}
	}
}

// walk adds the symbolic links at p and below it, depth levels down. p's
// directories are real ones (links are recorded, not entered), so p names
// the entry as the patterns see it.
func (idx *symlinkIndex) walk(p string, depth int, budget *int, seen map[string]int) {
	if *budget <= 0 || seen[p] > depth {
		return
	}
	first := seen[p] == 0
	seen[p] = depth + 1
	*budget--
	li, exists := lookLink(p)
	if !exists {
		return
	}
	if li.isLink {
		if first {
			if t := resolve(p); t != p {
				idx.links = append(idx.links, protLink{name: p, target: t})
			}
		}
		return
	}
	if depth <= 0 {
		return
	}
	ents, err := os.ReadDir(p)
	if err != nil {
		return
	}
	for _, e := range ents {
		if *budget <= 0 {
			return
		}
		if !e.IsDir() && e.Type()&os.ModeSymlink == 0 {
			*budget--
			continue // a file: nothing to record
		}
		idx.walk(filepath.Join(p, e.Name()), depth-1, budget, seen)
	}
}

// nameForm is the clean absolute path abs with the links of its
// directories followed and its last part not: the directory entry itself,
// as ln, mv and rm see it.
func nameForm(abs string) string {
	abs = filepath.Clean(abs)
	dir, base := filepath.Split(abs)
	if base == "" || base == "." || base == ".." || isPseudo(abs) {
		return resolve(abs)
	}
	return filepath.Join(resolve(filepath.Clean(dir)), base)
}

// NormalizeName is Normalize with the last part of the path not
// followed when it is a symbolic link: the directory entry a command that
// replaces or removes a name (ln -sf, mv, install, rm) changes.
func NormalizeName(env Env, p string) Path {
	out := Path{Given: p}
	if p == "" {
		return out
	}
	out.Abs = nameForm(procAlias(env, absolute(env, p)))
	return placed(env, out)
}

// placed fills in np's place in the project from its Abs.
func placed(env Env, np Path) Path {
	if proj := projectRoot(env); proj != "" {
		if rel, ok := relWithin(proj, np.Abs); ok {
			np.InProject = true
			np.Rel = rel
		}
	}
	return np
}

// viaLinks judges action a on the protected names whose links lead to
// abs (or to a directory above it) and returns the worst of best and
// those decisions, each saying which link it came through.
func (p *Policy) viaLinks(env Env, best Decision, a Action) Decision {
	abs := best.Path.Abs
	if abs == "" || isPseudo(abs) {
		return best
	}
	for _, l := range p.protectedLinks(env) {
		rel, ok := relWithin(l.target, abs)
		if !ok {
			continue
		}
		name := l.name
		if rel != "." {
			name = filepath.Join(l.name, filepath.FromSlash(rel))
		}
		np := placed(env, Path{Given: best.Path.Given, Abs: name})
		d := p.decidePath(env, np, name, a)
		if d.Verdict > best.Verdict {
			d.Message = fmt.Sprintf("%s is where the symbolic link %s leads (writing it changes that file): %s", abs, name, d.Message)
			d.Path = best.Path
			best = d
		}
		if best.Verdict == Deny {
			break
		}
	}
	return best
}
