package guards

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
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
	ents, _ := readDir(dir, n)
	return ents
}

// readDirAll is os.ReadDir: all of dir's entries, sorted by name, and
// an error when dir cannot be read whole.
func readDirAll(dir string) ([]os.DirEntry, error) {
	return readDir(dir, 0)
}

// dirCache remembers the directories read in a process that judges one
// call (OneCall): the indexes of protected links (the nested
// repositories, each protected project pattern's directory), of secret
// links and of hard links read the same directories (the project root
// and its subdirectories) several times in one Write. Each entry holds
// the entries as the system gave them (not sorted) and whether that is
// all of them, so that a bounded read is the prefix of a longer one, as
// a fresh read of the unchanged directory gives. Whole and bounded reads
// are remembered, and so is a read that failed before any entry (the
// directory cannot be opened or is no directory); one that failed on the
// way is done again.
var dirCache dirReads

// dirReads is a cache of directory reads (dirCache; tests make their
// own).
type dirReads struct {
	sync.Mutex
	m map[string]dirRead
}

type dirRead struct {
	ents []os.DirEntry
	// all: ents are all of the directory's entries; failed: it cannot be
	// opened or is not a directory, with err the error a read gave.
	all, failed bool
	err         error
}

// readDir reads at most n entries of dir (all of them when n <= 0) and
// returns them sorted by name; with n <= 0 it fails as os.ReadDir does
// (no entries, the error) when the directory cannot be read whole, and
// with n > 0 it returns what was read, as (*os.File).ReadDir(n) does.
func readDir(dir string, n int) ([]os.DirEntry, error) {
	ents, err := readDirUnsorted(dir, n)
	return sortedEntries(ents), err
}

// readDirUnsorted is readDir with the entries in the order the system
// gives them, in a slice the caller must not change.
func readDirUnsorted(dir string, n int) ([]os.DirEntry, error) {
	return dirCache.read(dir, n, oneCall.Load())
}

// read is readDirUnsorted, remembering and reusing reads when once is
// set.
func (c *dirReads) read(dir string, n int, once bool) ([]os.DirEntry, error) {
	if once {
		c.Lock()
		r, hit := c.m[dir]
		c.Unlock()
		switch {
		case hit && r.failed:
			return nil, r.err
		case hit && (r.all || n > 0 && len(r.ents) >= n):
			k := len(r.ents)
			if n > 0 {
				k = min(k, n)
			}
			return r.ents[:k:k], nil
		}
	}
	ents, err := openReadDir(dir, n)
	if n > 0 && err == io.EOF {
		// An empty directory: (*os.File).ReadDir(n) says io.EOF.
		err = nil
	}
	if once {
		switch {
		case err == nil:
			c.store(dir, dirRead{ents: ents, all: n <= 0 || len(ents) < n})
		case len(ents) == 0:
			// It cannot be opened, or is no directory.
			c.store(dir, dirRead{failed: true, err: err})
		}
	}
	if n <= 0 && err != nil {
		return nil, err
	}
	return ents, nil
}

// sortedEntries returns a copy of ents sorted by name.
func sortedEntries(ents []os.DirEntry) []os.DirEntry {
	if len(ents) == 0 {
		return nil
	}
	out := slices.Clone(ents)
	slices.SortFunc(out, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

// store remembers a read of dir unless a read at least as long is
// remembered.
func (c *dirReads) store(dir string, r dirRead) {
	c.Lock()
	defer c.Unlock()
	if old, ok := c.m[dir]; ok && (old.all || old.failed || len(old.ents) >= len(r.ents) && !r.all) {
		return
	}
	if c.m == nil {
		c.m = make(map[string]dirRead)
	}
	c.m[dir] = r
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
		ents, err := readDirAll(p)
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
