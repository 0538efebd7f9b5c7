package guards

import (
	"slices"
	"strings"
	"sync"
)

// A hook call looks up, one by one, tens of names in the same directory
// that are mostly absent: the self layer's and the secret patterns' files
// under the home directory (~/.zshrc, ~/.pgpass, ~/.ssh, … on a Write,
// about a hundred), the agents' files in the project. In a process that
// judges one call (OneCall), once listAfter names of a directory have
// been looked up, the directory is read once (exactNames), and a name it
// does not list is absent without an lstat. Only the absence is taken
// from the listing: a listed name is still looked up, so whether it is a
// link, its target and whether the directory can be searched come from
// the system as before. A directory whose lookups may find a name it
// does not list byte for byte (case-insensitive volumes, casefold
// directories, file systems not known to compare names exactly) or that
// holds more than listMax entries is not used, nor is any directory once
// listHeld names are kept.
var listings struct {
	sync.Mutex
	m map[string]*dirNames
	// held counts the names kept in m, at most listHeld.
	held int
}

// dirNames is what listings knows of one directory.
type dirNames struct {
	asked int  // names looked up before it was read
	read  bool // exactNames was asked
	ok    bool // names can be trusted
	names []string
}

const (
	// listAfter is how many names of a directory are looked up with
	// lstat before the directory is read instead.
	listAfter = 8
	// listMax bounds the entries of a directory that is read.
	listMax = 1024
)

// listHeld bounds the names kept for all directories together, so that
// a command that looks up names in thousands of large directories stays
// within the hook's memory (each further directory keeps its lstat per
// name). A variable for tests.
var listHeld = 16384

// unlisted reports whether the absolute path p is known to be absent
// because its directory, read whole, does not list its last element.
// Only used under OneCall. p is split at its last slash without
// cleaning it (this is asked for every path looked up): the system
// opens the directory part as it resolves it in a lookup of p.
func unlisted(p string) bool {
	i := strings.LastIndexByte(p, '/')
	if i < 0 || p[0] != '/' {
		return false
	}
	dir, name := p[:i], p[i+1:]
	if dir == "" {
		dir = "/"
	}
	if name == "" || name == "." || name == ".." {
		return false
	}
	listings.Lock()
	defer listings.Unlock()
	d := listings.m[dir]
	if d == nil {
		if listings.m == nil || len(listings.m) >= resolveCacheMax {
			listings.m = make(map[string]*dirNames)
			listings.held = 0
		}
		d = &dirNames{}
		listings.m[dir] = d
	}
	if !d.read {
		if d.asked++; d.asked < listAfter {
			return false
		}
		d.read = true
		if left := listHeld - listings.held; left > 0 {
			d.names, d.ok = exactNames(dir, min(listMax, left))
			listings.held += len(d.names)
		}
	}
	if !d.ok {
		return false
	}
	_, found := slices.BinarySearch(d.names, name)
	return !found
}
