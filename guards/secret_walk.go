package guards

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/corral-dev/corral/internal/lazy"
)

// Bounds of OnDisk: a search visits at most MaxWalkEntries directory
// entries and descends at most MaxWalkDepth directories below its root.
// Past either bound it stops and reports what it found so far (nothing
// found is then not proof of nothing there: a secret deeper or later than
// the bound is not seen).
const (
	MaxWalkEntries = 5000
	MaxWalkDepth   = 6
)

// WalkSkip are directory names OnDisk never enters: git's object store and
// package trees, large and never a project's own secrets.
var WalkSkip = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{".git": true, "node_modules": true}
}}

// walkSystem are the system trees OnDisk never enters: programs, kernel
// views and public certificate bundles (/etc/ssl/certs/*.pem, named like
// keys but published by design).
var walkSystem = []string{"/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/proc", "/sys", "/dev", "/boot", "/snap", "/etc/ssl", "/etc/pki", "/etc/ca-certificates"}

// SystemTree reports a directory of the system's programs, libraries or
// kernel files (/usr, /proc, /etc/ssl, …), which a walk over the files a
// command reaches does not enter.
func SystemTree(abs string) bool { return systemTree(abs) }

func systemTree(abs string) bool {
	for _, d := range walkSystem {
		if abs == d || strings.HasPrefix(abs, d+"/") {
			return true
		}
	}
	return false
}

// nameCandidate reports whether a file of this name can be a secret by a
// file-name pattern: the walk matches other files in full only when an
// anchored secret is near.
func (s *Secrets) nameCandidate(name string) bool {
	for _, p := range s.patterns {
		if p.name != "" {
			if ok, _ := doublestar.Match(lastSeg(p.name), name); ok {
				return true
			}
		}
	}
	return false
}

// Walk says which files a recursive reader reaches under its root.
type Walk struct {
	// Hidden says whether the reader enters hidden directories and reads
	// hidden files (grep -r does; rg without --hidden does not).
	Hidden bool
	// Names, when not empty, are file-name globs (find -name, grep
	// --include, rg -g): only files whose name matches one are read. As in
	// find, a * matches a leading dot.
	Names []string
	// Exclude are file-name globs of files the reader skips (grep
	// --exclude, rg -g '!x').
	Exclude []string
	// MaxDepth, when above zero, is how many levels below the root the
	// reader goes (find -maxdepth: 1 is the root's own entries).
	MaxDepth int
	// Ignores says that the reader skips files git ignores (rg, ag,
	// git grep --untracked, git add). Only .gitignore files from the
	// file's directory up to the repository's top and its
	// .git/info/exclude are read (not a global excludes file), and a
	// negated line in a .gitignore counts as not ignored: a secret is
	// rather counted than missed.
	Ignores bool
	// RgIgnores says that the reader also honours ripgrep's own ignore
	// files, .ignore and .rgignore (rg, Claude Code's Grep tool): a
	// whitelist line there (!.env) brings a hidden or git-ignored file
	// back into the search (rgignore.go).
	RgIgnores bool
	// Keep, when set, is a filter the paths pass on their way to the
	// reader (find … | grep env | xargs cat): a file counts when its name
	// or its path matches it.
	Keep *regexp.Regexp
	// SkipLinks says that the reader does not follow a symbolic link it
	// meets below the root (grep -r, rg without -L, tar -c without -h, cp
	// -r without -L, rsync without -L: they skip it or keep it as a
	// link), so such an entry is not read. The root itself, named on the
	// command line, is followed either way.
	SkipLinks bool
}

// OnDisk reports whether a recursive read of dir as w describes reaches a
// secret file on disk now: it walks dir (bounded by MaxWalkEntries and
// MaxWalkDepth, never entering WalkSkip directories or system trees such
// as /usr and /etc/ssl, never following a symbolic link to a directory)
// and returns the first secret in name order. A dir that is a file is judged itself.
func (s *Secrets) OnDisk(env Env, dir string, w Walk) (Secret, bool) {
	if s == nil || dir == "" {
		return Secret{}, false
	}
	root := Normalize(env, dir).Abs
	info, err := os.Lstat(root)
	if err != nil || systemTree(root) {
		return Secret{}, false
	}
	// Every file is matched in full only under or above an anchored
	// secret (~/.ssh holds keys under any name); elsewhere only names a
	// file-name pattern can match, and links, whose targets can be one.
	_, anchored := s.Holds(env, root, true)
	if !info.IsDir() {
		if w.Reads(filepath.Base(root)) {
			return s.Match(env, root)
		}
		return Secret{}, false
	}
	// depth counts directories below dir: dir's own entries are read at
	// depth 0, and find -maxdepth N reads N-1 directories down.
	maxDepth := MaxWalkDepth
	if w.MaxDepth > 0 && w.MaxDepth-1 < maxDepth {
		maxDepth = w.MaxDepth - 1
	}
	seen := 0
	type level struct {
		dir   string
		depth int
	}
	queue := []level{{root, 0}}
	for len(queue) > 0 && seen < MaxWalkEntries {
		cur := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(cur.dir)
		if err != nil {
			continue
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
		for _, e := range entries {
			if seen++; seen > MaxWalkEntries {
				break
			}
			name := e.Name()
			full := cur.dir + "/" + name
			if w.SkipLinks && e.Type()&fs.ModeSymlink != 0 {
				continue
			}
			if !w.Hidden && strings.HasPrefix(name, ".") && !(w.RgIgnores && rgWhitelisted(full, e.Type()&fs.ModeDir != 0)) {
				continue
			}
			if e.Type()&fs.ModeDir != 0 {
				if !WalkSkip.Get()[name] && cur.depth < maxDepth && !systemTree(full) {
					queue = append(queue, level{full, cur.depth + 1})
				}
				continue
			}
			if !w.Reads(name) || w.Keep != nil && !w.Keep.MatchString(name) && !w.Keep.MatchString(full) {
				continue
			}
			if !anchored && e.Type()&fs.ModeSymlink == 0 && !s.nameCandidate(name) && !(foldsCase(full) && s.nameCandidate(strings.ToLower(name))) && !linkedEntry(e) {
				// (A hard link is looked at: it can be a secret file's
				// second name, hardlink.go.)
				continue
			}
			if sec, ok := s.Match(env, full); ok && !(w.Ignores && gitIgnored(full) && !(w.RgIgnores && rgWhitelisted(full, false))) {
				return sec, true
			}
		}
	}
	return Secret{}, false
}

// GlobNamesHidden reports whether a file-name glob of a search tool
// (ripgrep's -g, Claude Code's Grep glob, which is ripgrep's) matches
// hidden names in general ("*", "**/*", ".*"): ripgrep takes such a glob
// as an override that brings hidden files and directories back into the
// search.
//
// Each alternative of a brace group counts on its own, and one that names
// a hidden directory or file (a segment starting with "."): ripgrep checks
// overrides before its hidden filter, so {.ssh,i*} brings ~/.ssh back by
// its first member and id_rsa in it by its second (red team 14 SG1, shown
// with the real ripgrep).
func GlobNamesHidden(glob string) bool {
	alts, ok := ExpandBraces(glob)
	if !ok {
		return true // too many alternatives to judge one by one
	}
	for _, g := range alts {
		seg := g
		if i := strings.LastIndex(g, "/"); i >= 0 {
			seg = g[i+1:]
		}
		for _, n := range []string{".hidden", ".x"} {
			if ok, _ := doublestar.Match(seg, n); ok {
				return true
			}
		}
		// A member with no slash matches a name at any depth, a hidden
		// directory's among them (one with a slash is a path the
		// search's own base reading judges).
		if !strings.Contains(g, "/") && strings.HasPrefix(g, ".") {
			for _, n := range secretHiddenNames.Get() {
				if ok, _ := doublestar.Match(g, n); ok {
					return true
				}
			}
		}
	}
	return false
}

// secretHiddenNames are the hidden names directly under the home
// directory that the default secret patterns start with (.ssh, .aws,
// .config, .netrc, …): a glob alternative naming one brings it back into
// a search (.github/** does not).
var secretHiddenNames = lazy.Value[[]string]{New: func() []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range defaultSecrets {
		rest, ok := strings.CutPrefix(p, "~/")
		if !ok {
			continue
		}
		first, _, _ := strings.Cut(rest, "/")
		if strings.HasPrefix(first, ".") && !seen[first] {
			seen[first] = true
			out = append(out, first)
		}
	}
	return out
}}

// Reads reports whether the reader reads a file of this name.
func (w Walk) Reads(name string) bool {
	for _, x := range w.Exclude {
		if ok, _ := doublestar.Match(x, name); ok {
			return false
		}
	}
	if len(w.Names) == 0 {
		return true
	}
	for _, n := range w.Names {
		if ok, _ := doublestar.Match(n, name); ok {
			return true
		}
	}
	return false
}

// gitIgnored reports whether a .gitignore between file's directory and the
// top of its repository (a directory holding .git, else /), or the
// repository's .git/info/exclude, names the file
// or a directory on its way, with no negated line that could bring it back.
func gitIgnored(file string) bool {
	for d := filepath.Dir(file); ; d = filepath.Dir(d) {
		rel, _ := filepath.Rel(d, file)
		if data, err := os.ReadFile(d + "/.gitignore"); err == nil && len(data) <= 1<<20 {
			ignored := false
			for _, line := range strings.Split(string(data), "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				if strings.HasPrefix(line, "!") {
					return false
				}
				if ignoreMatches(line, rel) {
					ignored = true
				}
			}
			if ignored {
				return true
			}
		}
		if _, err := os.Lstat(d + "/.git"); err == nil || d == "/" || d == "." {
			// The repository's own exclude file, from its top.
			if data, err := os.ReadFile(d + "/.git/info/exclude"); err == nil && len(data) <= 1<<20 {
				rel, _ := filepath.Rel(d, file)
				for _, line := range strings.Split(string(data), "\n") {
					line = strings.TrimSpace(line)
					if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "!") && ignoreMatches(line, rel) {
						return true
					}
				}
			}
			return false
		}
	}
}

// ignoreMatches reports whether one .gitignore line names rel (a path
// relative to the .gitignore's directory) or one of its directories.
func ignoreMatches(line, rel string) bool {
	dirOnly := strings.HasSuffix(line, "/")
	line = strings.TrimSuffix(line, "/")
	segs := strings.Split(rel, "/")
	if strings.Contains(line, "/") {
		line = strings.TrimPrefix(line, "/")
		for i := range segs {
			if dirOnly && i == len(segs)-1 {
				break
			}
			if ok, _ := doublestar.Match(line, strings.Join(segs[:i+1], "/")); ok {
				return true
			}
		}
		return false
	}
	for i, seg := range segs {
		if dirOnly && i == len(segs)-1 {
			break
		}
		if ok, _ := doublestar.Match(line, seg); ok {
			return true
		}
	}
	return false
}
