package guards

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"
)

// Hard links. A hard link is a second name of the same file: after
// ln ~/.claude/settings.json cs.json, writing cs.json writes the agent's
// settings, and after ln ~/.ssh/id_rsa k, reading k reads the key, yet
// both names look like ordinary project files. The kernel knows them as
// the same device and inode. So a path that is judged as a write or a
// secret read, and that exists as a regular file with more than one
// link, is compared by device and inode with the protected and secret
// files it could be, and judged as that file too (the worse verdict
// wins).
//
// The files compared are the concrete ones the patterns name: each
// anchored pattern's files under its fixed directory (~/.ssh,
// ~/.bashrc, ~/.claude/settings*.json, corral's own files, the programs
// the agents' settings run) and the project's protected files below its
// fixed part (.git/config, .git/hooks/*, .env*, *.key at the project
// root). Each such walk is bounded (linkWalkBudget entries,
// linkWalkDepth levels). The patterns that match at any depth (the
// secret names .env, id_rsa, *.pem; a protected **/NAME) have no fixed
// directory: for them the project tree, then the home directory's tree,
// is walked breadth first (tree), linkTreeDepth levels down, at most
// linkTreeBudget entries each, the directories of one level read
// narrowest parent first, so that sub/dir/.env is reached before the
// thousands of entries of node_modules or a data set. The whole index
// is bounded by linkIndexBudget entries. A linked file beyond those
// bounds is not compared: a hard link to it passes.

// fileID is a file's identity: its device and inode.
type fileID struct{ dev, ino uint64 }

// Bounds of the index of linked files.
const (
	linkWalkBudget  = 256
	linkWalkDepth   = 5
	linkIndexBudget = 4096
	// linkTreeBudget and linkTreeDepth bound each walk of a whole tree
	// (the project's, the home directory's) for the patterns that match
	// at any depth.
	linkTreeBudget = 2048
	linkTreeDepth  = 8
	// linkTreeDirEntries bounds the entries of one directory a tree walk
	// looks at.
	linkTreeDirEntries = 256
	// linkIndexTTL is how long an index is used again: a hook call
	// judges its paths within it; a long-running process (tests, the
	// benchmarks) sees links made later.
	linkIndexTTL = time.Second
)

// linkSpec is a place protected or secret files are: a directory (or
// file) and how many levels below it are looked at; or, for tree, a
// directory whose whole tree is looked at breadth first (the patterns
// that match at any depth).
type linkSpec struct {
	base  string
	depth int
	tree  bool
}

type linkIndex struct {
	files map[fileID][]string
}

var linkIndexCache diskIndex[*linkIndex]

// linkedFile reports whether abs is a regular file with more than one
// link, and its identity.
func linkedFile(abs string) (fileID, bool) {
	if abs == "" || !filepath.IsAbs(abs) || isPseudo(abs) {
		return fileID{}, false
	}
	fi, err := os.Lstat(abs)
	if err != nil || !fi.Mode().IsRegular() {
		return fileID{}, false
	}
	id, n, ok := fileKey(fi)
	return id, ok && n > 1
}

// HardLinked reports whether abs is a regular file with more than one
// link: a change of its content (shred, a write) changes the other names
// too.
func HardLinked(abs string) bool {
	_, ok := linkedFile(abs)
	return ok
}

// linkedEntry reports whether a directory entry is a regular file with
// more than one link.
func linkedEntry(e os.DirEntry) bool {
	if !e.Type().IsRegular() {
		return false
	}
	fi, err := e.Info()
	if err != nil {
		return false
	}
	_, n, ok := fileKey(fi)
	return ok && n > 1
}

// linkTwins returns the other names, among the places specs list, of the
// file at abs when it is a hard link; nil otherwise (the common case: a
// file with one link costs one lstat).
func linkTwins(abs string, specs func() []linkSpec) []string {
	id, ok := linkedFile(abs)
	if !ok {
		return nil
	}
	idx := indexFor(specs())
	var out []string
	for _, p := range idx.files[id] {
		if p != abs {
			out = append(out, p)
		}
	}
	return out
}

// indexFor returns the index of the linked files under specs, built at
// most once a linkIndexTTL for the same specs. The concrete places are
// walked first, the trees with what is left of the budget.
func indexFor(specs []linkSpec) *linkIndex {
	var key strings.Builder
	var places, trees []linkSpec
	for _, s := range specs {
		key.WriteString(s.base)
		if s.tree {
			key.WriteByte('t')
			trees = append(trees, s)
		} else {
			key.WriteByte(byte('0' + s.depth))
			places = append(places, s)
		}
		key.WriteByte(0)
	}
	return linkIndexCache.get(key.String(), func() *linkIndex {
		idx := &linkIndex{files: map[fileID][]string{}}
		seen := map[string]int{}
		left := walkPlaces(places, linkIndexBudget, linkWalkBudget, func(s linkSpec, budget *int) {
			idx.walk(s.base, s.depth, budget, seen)
		})
		read := map[string]bool{}
		walkPlaces(trees, left, linkTreeBudget, func(s linkSpec, budget *int) {
			idx.tree(s.base, budget, read)
		})
		for id, ps := range idx.files {
			sort.Strings(ps)
			idx.files[id] = slices.Compact(ps)
		}
		return idx
	})
}

// tree adds the linked regular files under root (walkTree).
func (idx *linkIndex) tree(root string, budget *int, read map[string]bool) {
	walkTree(root, linkTreeDepth, budget, read, func(p string, e os.DirEntry) {
		if !e.Type().IsRegular() {
			return
		}
		if fi, err := e.Info(); err == nil {
			if id, n, ok := fileKey(fi); ok && n > 1 {
				idx.files[id] = append(idx.files[id], p)
			}
		}
	})
}

// anchoredSpec is where an anchored pattern's files are.
func anchoredSpec(p pattern, home string) (linkSpec, bool) {
	if !p.anchored {
		return linkSpec{}, false
	}
	base, rest, ok := p.anchorOf(home)
	if !ok || base == "/" {
		return linkSpec{}, false
	}
	return linkSpec{base: base, depth: specDepth(rest)}, true
}

// projectSpec is where a project pattern's files are, under root.
func projectSpec(p pattern, root string) (linkSpec, bool) {
	if p.anchored || root == "" {
		return linkSpec{}, false
	}
	g := p.glob
	for strings.HasPrefix(g, "**/") {
		// Matched at any depth: only the project's own level is looked at.
		g = g[3:]
	}
	base, rest := doublestar.SplitPattern(root + "/" + g)
	if !hasGlobMeta(g) {
		base, rest = root+"/"+g, ""
	}
	return linkSpec{base: filepath.Clean(base), depth: specDepth(rest)}, true
}

// specDepth is how far below a pattern's fixed directory its files can
// be: the rest's segments, and a directory's tree below a match.
func specDepth(rest string) int {
	if rest == "" {
		return 3
	}
	if strings.Contains(rest, "**") {
		return linkWalkDepth
	}
	return min(linkWalkDepth, strings.Count(rest, "/")+3)
}

// linkSpecs are the places the secret class's files are: its anchored
// patterns, and the home directory's and the project root's entries for
// its file-name patterns.
func (s *Secrets) linkSpecs(env Env) []linkSpec {
	if s == nil {
		return nil
	}
	var out []linkSpec
	names := false
	for _, sp := range s.patterns {
		if sp.dir != nil {
			if spec, ok := anchoredSpec(*sp.dir, env.Home); ok {
				out = append(out, spec)
			}
			continue
		}
		names = true
	}
	if names {
		out = append(out, anyDepthSpecs(env)...)
	}
	return out
}

// anyDepthSpecs are the places of the patterns that match at any depth:
// the project's tree, then the home directory's.
func anyDepthSpecs(env Env) []linkSpec {
	var out []linkSpec
	if root := projectRoot(env); root != "" {
		out = append(out, linkSpec{base: root, tree: true})
	}
	if env.Home != "" && filepath.IsAbs(env.Home) {
		out = append(out, linkSpec{base: resolve(filepath.Clean(env.Home)), tree: true})
	}
	return out
}

// linkSpecs are the places the policy's protected files are: the self
// layer's files and patterns, the protected project patterns, the
// blocked directories under the home directory, and the secret class's
// places (a write to ~/.ssh/id_rsa is a blocked path's).
func (p *Policy) linkSpecs(env Env) []linkSpec {
	var out []linkSpec
	root := projectRoot(env)
	home := ""
	if env.Home != "" && filepath.IsAbs(env.Home) {
		home = resolve(filepath.Clean(env.Home))
	}
	if l := p.self; l != nil {
		for _, f := range append(append([]string{}, l.files...), l.programs...) {
			if f != "" && filepath.IsAbs(f) {
				out = append(out, linkSpec{base: resolve(filepath.Clean(f)), depth: 3})
			}
		}
		for _, pat := range l.home {
			if spec, ok := anchoredSpec(pat, env.Home); ok {
				out = append(out, spec)
			}
		}
		for _, pat := range l.project {
			if spec, ok := projectSpec(pat, root); ok {
				out = append(out, spec)
			}
		}
	}
	anyDepth := false
	protected := func(w *writeLayer) {
		if w == nil {
			return
		}
		for _, pat := range w.protected {
			if spec, ok := projectSpec(pat, root); ok {
				out = append(out, spec)
			}
			anyDepth = anyDepth || !pat.anchored && strings.HasPrefix(pat.glob, "**/")
		}
	}
	protected(p.write)
	blocked := func(ps []pattern) {
		for _, pat := range ps {
			if spec, ok := anchoredSpec(pat, env.Home); ok && home != "" && Within(home, spec.base) && spec.base != home {
				out = append(out, spec)
			}
		}
	}
	if p.guard != nil {
		blocked(p.guard.blocked)
	}
	for _, t := range p.tighter {
		protected(t.write)
		blocked(t.blocked)
	}
	out = append(out, p.Secrets().linkSpecs(env)...)
	if anyDepth && !slices.ContainsFunc(out, func(s linkSpec) bool { return s.tree }) {
		out = append(out, anyDepthSpecs(env)...)
	}
	return out
}
