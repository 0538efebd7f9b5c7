package guards

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"unicode"
)

// Case-insensitive file systems: on macOS's default APFS volume and on
// Windows' NTFS, .GIT/config is .git/config, .ENV is .env and ~/.SSH is
// ~/.ssh, so the protected and secret patterns must match whatever the
// case of the path. Whether a path's volume folds case is a property of
// the volume, decided here once per directory: on darwin and windows
// always (their default volumes fold; a case-sensitive one only makes
// the patterns stricter than needed), elsewhere by a probe of the nearest
// existing directory (a Linux mount of a vfat, exFAT or casefold ext4
// volume, a macOS volume shared over the network): its name in swapped
// case is stat'ed, and the same file under both names means the volume
// ignores case.

// goosFolds reports the systems whose default volumes ignore case.
var goosFolds = runtime.GOOS == "darwin" || runtime.GOOS == "windows"

// maxFoldCache bounds the directories whose decision is kept.
const maxFoldCache = 4096

var fold = struct {
	sync.Mutex
	probe func(dir string) bool
	cache map[string]bool
}{probe: probeFold}

// SetCaseFoldProbe replaces how a directory's volume is judged
// case-insensitive (nil: the file system probe) and clears the decisions
// kept; it returns a function that restores the previous probe. Tests
// use it to judge paths as macOS would on a Linux host.
func SetCaseFoldProbe(probe func(dir string) bool) (restore func()) {
	fold.Lock()
	defer fold.Unlock()
	old := fold.probe
	if probe == nil {
		probe = probeFold
	}
	fold.probe, fold.cache = probe, nil
	return func() {
		fold.Lock()
		defer fold.Unlock()
		fold.probe, fold.cache = old, nil
	}
}

// foldsCase reports whether the volume that holds (or would hold) the
// absolute path abs ignores case: always on darwin and windows, else as
// the probe finds the nearest existing directory above abs.
func foldsCase(abs string) bool {
	if goosFolds {
		return true
	}
	if abs == "" || !filepath.IsAbs(abs) {
		return false
	}
	dir := dirOf(abs)
	fold.Lock()
	defer fold.Unlock()
	if v, ok := fold.cache[dir]; ok {
		return v
	}
	v := fold.probe(dir)
	if fold.cache == nil {
		fold.cache = map[string]bool{}
	}
	if len(fold.cache) < maxFoldCache {
		fold.cache[dir] = v
	}
	return v
}

// probeFold finds the nearest existing directory at or above dir whose
// name has a letter and stats it under its name in swapped case: the
// same file means the volume ignores case. The root, a name without a
// letter all the way up, or nothing existing: case counts.
func probeFold(dir string) bool {
	for i := 0; i < 64; i++ {
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		base := filepath.Base(dir)
		swapped := swapCase(base)
		if swapped != base {
			fi, err := os.Stat(dir)
			if err == nil {
				other, err := os.Stat(filepath.Join(parent, swapped))
				return err == nil && os.SameFile(fi, other)
			}
		}
		dir = parent
	}
	return false
}

// swapCase turns upper-case letters to lower case and the others to upper
// case.
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}
