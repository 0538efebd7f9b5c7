package syntax

import (
	"os"
	"path"
	"path/filepath"
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
// are on disk where the agent loads them at start: the project's root
// and every directory above it, its .claude directory and rules, and the
// agents' directories in the home directory. Memory files in the
// project's subdirectories, which Claude Code loads when it reads files
// there, are not looked at: a limit.

// referencing reports whether the agent loads the file at p with the
// contents of every @file it names: a memory file, or a file one on disk
// imports.
func (w *walker) referencing(p string) bool {
	return ReferencingFile(p) || w.imported.Imported(p)
}

// ImportedFiles is the set of files the memory files on disk import.
type ImportedFiles struct {
	project, home string
	read          func(string) (string, bool)
	once          sync.Once
	files         []string // sorted, absolute
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
		rules := path.Join(im.project, ".claude", "rules")
		n := 0
		_ = filepath.WalkDir(rules, func(p string, e os.DirEntry, err error) error {
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
	if im.home != "" && path.IsAbs(im.home) {
		add(path.Join(im.home, ".claude", "CLAUDE.md"))
		add(path.Join(im.home, ".gemini", "GEMINI.md"))
		add(path.Join(im.home, ".qwen", "QWEN.md"))
		add(path.Join(im.home, ".codex", "AGENTS.md"))
	}
	return out
}

func (im *ImportedFiles) load() {
	if im == nil || im.read == nil {
		return
	}
	seen := map[string]bool{}
	for _, root := range im.memoryRoots() {
		text, ok := im.read(root)
		if !ok {
			continue
		}
		for _, imp := range Imports(root, text, "", im.home, im.read) {
			for _, p := range FileRefPaths(imp.Ref, path.Dir(imp.File), "", im.home) {
				if path.IsAbs(p) && !seen[p] {
					seen[p] = true
					im.files = append(im.files, path.Clean(p))
				}
			}
		}
	}
	sort.Strings(im.files)
}

// Imported reports whether a memory file on disk imports the file at p.
func (im *ImportedFiles) Imported(p string) bool {
	if im == nil {
		return false
	}
	im.once.Do(im.load)
	i := sort.SearchStrings(im.files, p)
	return i < len(im.files) && im.files[i] == p
}

// Under returns the imported files at or below the directory d (a link
// made at d leads each of them elsewhere).
func (im *ImportedFiles) Under(d string) []string {
	if im == nil {
		return nil
	}
	im.once.Do(im.load)
	var out []string
	for _, f := range im.files {
		if f == d || pathWithin(f, d) {
			out = append(out, f)
		}
	}
	return out
}
