package syntax

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Files the agent's memory files import.
//
// A memory file (ReferencingFile) is judged by the @ imports of the text
// it is given. The files it imports are loaded with it, so they are
// memory files too: CLAUDE.md holding @docs/a.md, written while docs/a.md
// is missing or harmless, makes a later echo '@~/.ssh/id_rsa' >
// docs/a.md (or ln -s ~/.ssh/id_rsa docs/a.md, or a link at docs) a read
// of the key at the agent's next start (red team 17 AT1b).
//
// ImportedFiles lists, once per hook call, the files imported (up to
// MaxImportHops deep, as Imports follows them) by the memory files that
// are on disk where the agents load them: the project's root and every
// directory above it, its .claude directory and rules, the agents'
// directories in the home directory, and the memory files in the
// project's subdirectories (Claude Code loads sub/CLAUDE.md when it reads
// files under sub, Gemini CLI scans the directories below its working
// directory for GEMINI.md), found by a walk of the project's tree of at
// most maxMemoryTreeWalk entries that does not follow links or enter a
// .git directory. The walk is made only when a file is not among the
// imports of the memory files loaded at start.

// referencing reports whether the agent loads the file at p with the
// contents of every @file it names: a memory file, or a file one on disk
// or one this command writes with known text imports.
func (w *walker) referencing(p string) bool {
	return ReferencingFile(p) || w.importedHere[p] != "" || w.imported.Imported(p)
}

// noteImportedHere records the files the import im of the text a command
// writes to the memory file mem names (relative to the file holding it,
// as Claude Code resolves it): a later write of one in the same command
// is a write of text the agent loads (echo '@notes.md' > sub/CLAUDE.md;
// echo "$X" > sub/notes.md).
func (w *walker) noteImportedHere(im Import, mem string) {
	for _, p := range FileRefPaths(im.Ref, path.Dir(im.File), "", w.home) {
		if !path.IsAbs(p) {
			continue
		}
		if w.importedHere == nil {
			w.importedHere = map[string]string{}
		}
		if p = path.Clean(p); w.importedHere[p] == "" {
			w.importedHere[p] = mem
		}
	}
}

// importRead reads the files the text call writes to the memory file mem
// imports, as this command leaves them: one it wrote with text only
// known at run time (echo "$X" > sub/notes.md; echo '@notes.md' >
// sub/CLAUDE.md) is loaded with that text, which asks (hidden-code).
func (w *walker) importRead(call *Call, mem string) func(string) (string, bool) {
	asked := map[string]bool{}
	return func(p string) (string, bool) {
		if w.opaque[p] && !asked[p] {
			asked[p] = true
			name := relTo(call.Dir.Path, p)
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " writes " + relTo(call.Dir.Path, mem) + ", which imports " + name +
					": the agent loads it with the contents of every @file it names, and this command wrote it with text only known at run time"})
		}
		return w.readScript(Dir{Path: p, Known: true})
	}
}

// maxMemoryTreeWalk bounds the entries the walk of the project's tree
// for the memory files in its subdirectories lists, and
// maxTreeMemoryFiles the memory files found there whose imports are read.
const (
	maxMemoryTreeWalk  = 100000
	maxTreeMemoryFiles = 1000
)

// loadedWith says, after a file's name, why the agent loads the file at p
// with the contents of every @file it names: it is a memory file, or one
// on disk imports it.
func (w *walker) loadedWith(call *Call, p string) string {
	if !ReferencingFile(p) {
		by, ok := w.importedHere[p], w.importedHere[p] != ""
		if !ok {
			by, ok = w.imported.ImportedBy(p)
		}
		if ok {
			return ", which " + relTo(call.Dir.Path, by) + " imports: the agent loads it with the contents of every @file it names"
		}
	}
	return ", which the agent loads with the contents of every @file it names"
}

// ImportedFiles is the set of files the memory files on disk import.
type ImportedFiles struct {
	project, home  string
	read           func(string) (string, bool)
	once, oncetree sync.Once
	start          importSet // imports of the memory files loaded at start
	tree           importSet // imports of those in the project's subdirectories
	roots          map[string]bool
}

// importSet is a set of imported files, each with the memory file that
// imports it.
type importSet struct {
	files []string // sorted, absolute
	by    []string // by[i] imports files[i]
}

func (s *importSet) add(roots []string, im *ImportedFiles) {
	by := map[string]string{}
	for _, root := range roots {
		text, ok := im.read(root)
		if !ok {
			continue
		}
		for _, imp := range Imports(root, text, "", im.home, im.read) {
			for _, p := range FileRefPaths(imp.Ref, path.Dir(imp.File), "", im.home) {
				if !path.IsAbs(p) {
					continue
				}
				p = path.Clean(p)
				if _, seen := by[p]; !seen {
					by[p] = root
					s.files = append(s.files, p)
				}
			}
		}
	}
	sort.Strings(s.files)
	for _, f := range s.files {
		s.by = append(s.by, by[f])
	}
}

// find returns the memory file that imports p.
func (s *importSet) find(p string) (string, bool) {
	i := sort.SearchStrings(s.files, p)
	if i < len(s.files) && s.files[i] == p {
		return s.by[i], true
	}
	return "", false
}

// NewImportedFiles returns the imports of the memory files of project and
// home, read with read when first asked.
func NewImportedFiles(project, home string, read func(string) (string, bool)) *ImportedFiles {
	return &ImportedFiles{project: project, home: home, read: read}
}

// memoryRoots returns the memory files the agent loads at start that are
// on disk.
func (im *ImportedFiles) memoryRoots() []string {
	names := MemoryFileNames()
	var out []string
	add := func(p string) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			out = append(out, p)
		}
	}
	rules := func(dir string) {
		n := 0
		_ = filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
			if err != nil || n > 200 {
				return filepath.SkipDir
			}
			n++
			if !e.IsDir() && strings.HasSuffix(p, ".md") {
				add(p)
			}
			return nil
		})
	}
	if im.project != "" && path.IsAbs(im.project) {
		for d := im.project; ; d = path.Dir(d) {
			for _, n := range names {
				add(path.Join(d, n))
			}
			if d == "/" {
				break
			}
		}
		add(path.Join(im.project, ".claude", "CLAUDE.md"))
		rules(path.Join(im.project, ".claude", "rules"))
		rules(path.Join(im.project, ".kiro", "steering"))
	}
	if im.home != "" && path.IsAbs(im.home) {
		add(path.Join(im.home, ".claude", "CLAUDE.md"))
		rules(path.Join(im.home, ".claude", "rules"))
		rules(path.Join(im.home, ".kiro", "steering"))
		add(path.Join(im.home, ".gemini", "GEMINI.md"))
		add(path.Join(im.home, ".qwen", "QWEN.md"))
		add(path.Join(im.home, ".codex", "AGENTS.md"))
	}
	return out
}

// treeRoots returns the memory files (ReferencingFile) in the project's
// subdirectories that are not among roots: a walk of at most
// maxMemoryTreeWalk entries, links not followed, .git not entered, and at
// most maxTreeMemoryFiles files.
func (im *ImportedFiles) treeRoots(roots map[string]bool) []string {
	if im.project == "" || !path.IsAbs(im.project) {
		return nil
	}
	var out []string
	n := 0
	_ = filepath.WalkDir(im.project, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		n++
		if n > maxMemoryTreeWalk || len(out) >= maxTreeMemoryFiles {
			return filepath.SkipAll
		}
		if e.IsDir() {
			if e.Name() == ".git" && p != im.project {
				return filepath.SkipDir
			}
			return nil
		}
		if e.Type().IsRegular() && ReferencingFile(p) && !roots[p] {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func (im *ImportedFiles) load() {
	if im == nil || im.read == nil {
		return
	}
	roots := im.memoryRoots()
	im.roots = map[string]bool{}
	for _, r := range roots {
		im.roots[r] = true
	}
	im.start.add(roots, im)
}

func (im *ImportedFiles) loadTree() {
	im.once.Do(im.load)
	if im.read == nil {
		return
	}
	im.tree.add(im.treeRoots(im.roots), im)
}

// Imported reports whether a memory file on disk imports the file at p.
func (im *ImportedFiles) Imported(p string) bool {
	_, ok := im.ImportedBy(p)
	return ok
}

// ImportedBy returns a memory file on disk that imports the file at p:
// one the agent loads at start, else one in the project's subdirectories.
func (im *ImportedFiles) ImportedBy(p string) (string, bool) {
	if im == nil {
		return "", false
	}
	im.once.Do(im.load)
	if by, ok := im.start.find(p); ok {
		return by, true
	}
	im.oncetree.Do(im.loadTree)
	return im.tree.find(p)
}

// Under returns the imported files at or below the directory d (a link
// made at d leads each of them elsewhere).
func (im *ImportedFiles) Under(d string) []string {
	if im == nil {
		return nil
	}
	im.once.Do(im.load)
	im.oncetree.Do(im.loadTree)
	var out []string
	for _, s := range []*importSet{&im.start, &im.tree} {
		for _, f := range s.files {
			if f == d || pathWithin(f, d) {
				out = append(out, f)
			}
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}
