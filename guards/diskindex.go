package guards

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// diskIndex keeps what a walk of the disk found (the hard-linked files
// under the protected and secret places, the protected names that are
// symbolic links), by the places walked, for linkIndexTTL; at most 64
// entries, all dropped when full.
type diskIndex[T any] struct {
	sync.Mutex
	m map[string]diskEntry[T]
}

type diskEntry[T any] struct {
	built time.Time
	v     T
}

// get returns the index of key, building it with build when there is
// none or it is older than linkIndexTTL.
func (c *diskIndex[T]) get(key string, build func() T) T {
	now := time.Now()
	c.Lock()
	e, ok := c.m[key]
	c.Unlock()
	if ok && now.Sub(e.built) < linkIndexTTL {
		return e.v
	}
	v := build()
	c.Lock()
	if c.m == nil || len(c.m) >= 64 {
		c.m = map[string]diskEntry[T]{}
	}
	c.m[key] = diskEntry[T]{built: now, v: v}
	c.Unlock()
	return v
}

// walkPlaces walks each place with its own budget (at most per, and what
// is left of total), stopping when total is spent, and returns what is
// left of total.
func walkPlaces[P any](places []P, total, per int, walk func(P, *int)) int {
	for _, pl := range places {
		if total <= 0 {
			return 0
		}
		budget := min(per, total)
		used := budget
		walk(pl, &budget)
		total -= used - budget
	}
	return total
}

// walkTree visits the entries under root, depth levels down, breadth
// first. The directories of one level are read in the order of how many
// entries their parent holds, fewest first (then by name), so that a
// project's own directories come before a dependency tree or a data set;
// each entry visited costs one, and at most linkTreeDirEntries of one
// directory are read (the first the system gives, visited by name), so
// that one wide directory does not spend the walk. .git directories
// (git's objects; what is protected there is looked at by name) and
// symbolic links are not entered; a directory read by an earlier walk
// sharing read (the project inside the home directory) is not read again.
func walkTree(root string, depth int, budget *int, read map[string]bool, visit func(p string, e os.DirEntry)) {
	type dir struct {
		path  string
		width int
	}
	level := []dir{{path: root}}
	for ; depth > 0 && len(level) > 0; depth-- {
		sort.SliceStable(level, func(i, j int) bool { return level[i].width < level[j].width })
		var next []dir
		for _, d := range level {
			if *budget <= 0 {
				return
			}
			if read[d.path] {
				continue
			}
			read[d.path] = true
			ents := readDirBounded(d.path, linkTreeDirEntries)
			for _, e := range ents {
				if *budget <= 0 {
					return
				}
				*budget--
				p := filepath.Join(d.path, e.Name())
				if e.IsDir() && e.Name() != ".git" {
					next = append(next, dir{path: p, width: len(ents)})
				}
				visit(p, e)
			}
		}
		level = next
	}
}

// readDirBounded returns at most n entries of the directory dir (the
// first the system gives), sorted by name.
func readDirBounded(dir string, n int) []os.DirEntry {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	ents, _ := f.ReadDir(n)
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	return ents
}

// walk adds the linked regular files at p and below it, depth levels
// down, symbolic links not followed.
func (idx *linkIndex) walk(p string, depth int, budget *int, seen map[string]int) {
	if *budget <= 0 || seen[p] > depth {
		return
	}
	first := seen[p] == 0
	seen[p] = depth + 1
	*budget--
	fi, err := os.Lstat(p)
	if err != nil {
		return
	}
	switch {
	case fi.Mode().IsRegular():
		if !first {
			return
		}
		if id, n, ok := fileKey(fi); ok && n > 1 {
			idx.files[id] = append(idx.files[id], p)
		}
	case fi.IsDir() && depth > 0:
		ents, err := os.ReadDir(p)
		if err != nil {
			return
		}
		for _, e := range ents {
			if *budget <= 0 {
				return
			}
			if e.Type()&os.ModeSymlink != 0 {
				continue
			}
			idx.walk(filepath.Join(p, e.Name()), depth-1, budget, seen)
		}
	}
}
