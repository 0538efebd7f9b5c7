package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	// repositories' hooks, nestedRepoDepth how far down.
	nestedRepoBudget = 256
	nestedRepoDepth  = 3
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
	// target, when set, is where git finds what base names although
	// base is no link: a .git file's gitdir (a worktree, a submodule)
	// holds the repository, and its hooks and configuration are in the
	// common directory.
	target string
}

// symlinkPlaces are the places the self layer's protected names are.
func (p *Policy) symlinkPlaces(env Env) []linkPlace {
	l := p.self
	if l == nil {
		l = &selfLayer{}
	}
	var out []linkPlace
	add := func(g string) {
		if !filepath.IsAbs(g) {
			return
		}
		if !hasGlobMeta(g) {
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
		// The policy files' protected project files (.env*, *.key,
		// package-lock.json; a **/NAME at the project's own level). A
		// protected tree (node_modules/**, .git/**) is not looked into:
		// its links lead to a workspace's own packages (node_modules/@x/y
		// -> ../../packages/y), whose sources are no installed files.
		for _, pat := range p.protectedPatterns() {
			g := pat.glob
			for strings.HasPrefix(g, "**/") {
				g = g[3:]
			}
			if !pat.anchored && g != "" && !strings.Contains(g, "**") {
				add(root + "/" + g)
			}
		}
		out = append(out, gitFilePlaces(root)...)
		for _, d := range nestedRepos(root) {
			out = append(out, linkPlace{base: filepath.Join(d, ".git", "hooks"), depth: 1})
			out = append(out, gitFilePlaces(d)...)
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
	// The policy files' blocked places under the home directory (not
	// the home directory itself, nor system directories).
	for _, pat := range p.blockedPatterns() {
		if spec, ok := anchoredSpec(pat, env.Home); ok && home != "" && Within(home, spec.base) && spec.base != home && strings.HasPrefix(pat.glob, "~/") {
			add(home + pat.glob[1:])
		}
	}
	return out
}

// protectedPatterns are the protected patterns of the policy's write
// layers; blockedPatterns the blocked ones of its guard layers.
func (p *Policy) protectedPatterns() []pattern {
	var out []pattern
	if p.write != nil {
		out = append(out, p.write.protected...)
	}
	for _, t := range p.tighter {
		if t.write != nil {
			out = append(out, t.write.protected...)
		}
	}
	return out
}

func (p *Policy) blockedPatterns() []pattern {
	var out []pattern
	if p.guard != nil {
		out = append(out, p.guard.blocked...)
	}
	for _, t := range p.tighter {
		out = append(out, t.blocked...)
	}
	return out
}

// nestedRepos returns the directories under root, nestedRepoDepth levels
// down, that hold a repository: a .git directory, a link to one, or a .git
// file naming one (gitdir: …, a submodule or a worktree). They are looked
// for breadth first, the directories of one level in the order of how
// many entries their parent holds (fewest first), bounded by
// nestedRepoBudget directories looked at, so that vendor/a/b/c is reached
// before the packages of node_modules.
func nestedRepos(root string) []string {
	type dir struct {
		path  string
		width int
	}
	budget := nestedRepoBudget
	var out []string
	level := []dir{{path: root}}
	for depth := 0; depth < nestedRepoDepth && len(level) > 0; depth++ {
		sort.SliceStable(level, func(i, j int) bool { return level[i].width < level[j].width })
		var next []dir
		for _, d := range level {
			if budget <= 0 {
				return out
			}
			// Only the directories are looked at: sorted by name, as
			// all the entries were.
			ents, _ := readDirUnsorted(d.path, 4*nestedRepoBudget)
			var dirs []os.DirEntry
			for _, e := range ents {
				if e.IsDir() && e.Name() != ".git" {
					dirs = append(dirs, e)
				}
			}
			slices.SortFunc(dirs, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
			for _, e := range dirs {
				if budget <= 0 {
					return out
				}
				budget--
				p := filepath.Join(d.path, e.Name())
				if isRepo(p) {
					out = append(out, p)
				}
				next = append(next, dir{path: p, width: len(ents)})
			}
		}
		level = next
	}
	return out
}

// isRepo reports whether d holds a .git directory (or a link to one) or
// a .git file that names a git directory.
func isRepo(d string) bool {
	dot := filepath.Join(d, ".git")
	fi, err := os.Stat(dot)
	if err != nil {
		return false
	}
	if fi.IsDir() {
		return true
	}
	_, _, ok := gitFileDirs(dot)
	return ok
}

// gitFileDirs reads a .git file ("gitdir: PATH", relative to the file's
// directory) and returns the git directory it names and the common
// directory, which a worktree's commondir file names (relative to the
// git directory) and which holds the hooks and the configuration.
func gitFileDirs(dot string) (gitDir, common string, ok bool) {
	fi, err := os.Lstat(dot)
	if err != nil || !fi.Mode().IsRegular() {
		return "", "", false
	}
	b, err := readHead(dot, 4096)
	if err != nil {
		return "", "", false
	}
	line, _, _ := strings.Cut(b, "\n")
	v, found := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
	v = strings.TrimSpace(v)
	if !found || v == "" {
		return "", "", false
	}
	if !filepath.IsAbs(v) {
		v = filepath.Join(filepath.Dir(dot), v)
	}
	gitDir = resolve(filepath.Clean(v))
	if fi, err := os.Stat(gitDir); err != nil || !fi.IsDir() {
		return "", "", false
	}
	common = gitDir
	if c, err := readHead(filepath.Join(gitDir, "commondir"), 4096); err == nil {
		if c = strings.TrimSpace(strings.SplitN(c, "\n", 2)[0]); c != "" {
			if !filepath.IsAbs(c) {
				c = filepath.Join(gitDir, c)
			}
			common = resolve(filepath.Clean(c))
		}
	}
	return gitDir, common, true
}

// gitFilePlaces are the names a .git file in d stands for: d/.git is the
// git directory it names, and d/.git/hooks and d/.git/config are the
// common directory's (a worktree shares the main repository's), so
// writing main/.git/hooks/pre-commit from a worktree is writing the hook.
func gitFilePlaces(d string) []linkPlace {
	dot := filepath.Join(d, ".git")
	gitDir, common, ok := gitFileDirs(dot)
	if !ok {
		return nil
	}
	return []linkPlace{
		{base: filepath.Join(dot, "hooks"), target: filepath.Join(common, "hooks")},
		{base: filepath.Join(dot, "config"), target: filepath.Join(common, "config")},
		{base: dot, target: gitDir},
	}
}

// protectedLinks returns the protected names under the self layer's
// places that are symbolic links, built at most once a linkIndexTTL for
// the same places.
func (p *Policy) protectedLinks(env Env) []protLink {
	if p == nil {
		return nil
	}
	// The places depend on the home directory, the project, whether the
	// self layer is there (its patterns are corral's own) and the policy
	// files' protected and blocked patterns.
	var key strings.Builder
	if env.Home != "" && filepath.IsAbs(env.Home) {
		key.WriteString(resolve(filepath.Clean(env.Home)))
	}
	key.WriteByte(0)
	key.WriteString(projectRoot(env))
	if p.self != nil {
		key.WriteString("\x00self")
	}
	for _, pat := range append(p.protectedPatterns(), p.blockedPatterns()...) {
		key.WriteByte(0)
		key.WriteString(pat.raw)
	}
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
	if pl.target != "" {
		*budget--
		idx.links = append(idx.links, protLink{name: pl.base, target: pl.target})
		return
	}
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
	ents, err := readDirAll(pl.base)
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
	ents, err := readDirAll(p)
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
