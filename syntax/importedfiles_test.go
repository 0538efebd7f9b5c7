package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestImportedFilesTree: the memory files in the project's subdirectories
// (CLAUDE.md, AGENTS.md, .claude/rules/*.md at any depth, which the agents
// load when they work there) import as those loaded at start do; a .git
// directory is not entered and links are not followed; the importer is
// named.
func TestImportedFilesTree(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "p")
	elsewhere := filepath.Join(home, "elsewhere")
	for name, text := range map[string]string{
		"p/CLAUDE.md":                  "@README.md\n",
		"p/README.md":                  "x\n",
		"p/a/CLAUDE.md":                "@notes.md and @../shared.md\n",
		"p/a/b/c/CLAUDE.local.md":      "@deep.md\n",
		"p/pkg/GEMINI.md":              "@g.md\n",
		"p/pkg/.claude/rules/r.md":     "@r-import.md\n",
		"p/.git/CLAUDE.md":             "@from-git.md\n",
		"p/notes/plain.md":             "@not-a-memory-file.md\n",
		"elsewhere/CLAUDE.md":          "@linked.md\n",
		".claude/rules/home.md":        "@~/home-import.md\n",
		"p/a/notes.md":                 "@chained.md\n", // imported: its imports load too
		"p/node_modules/x/AGENTS.md":   "@nm.md\n",
		"p/pkg/.claude/rules/README.x": "@not-md.md\n",
	} {
		f := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(elsewhere, filepath.Join(proj, "link")); err != nil {
		t.Fatal(err)
	}
	read := func(p string) (string, bool) {
		b, err := os.ReadFile(p)
		return string(b), err == nil
	}
	im := NewImportedFiles(proj, home, read)
	for _, tt := range []struct {
		file, by string
	}{
		{"p/README.md", "p/CLAUDE.md"},
		{"p/a/notes.md", "p/a/CLAUDE.md"},
		{"p/shared.md", "p/a/CLAUDE.md"},
		{"p/a/chained.md", "p/a/CLAUDE.md"},
		{"p/a/b/c/deep.md", "p/a/b/c/CLAUDE.local.md"},
		{"p/pkg/g.md", "p/pkg/GEMINI.md"},
		{"p/pkg/.claude/rules/r-import.md", "p/pkg/.claude/rules/r.md"},
		{"p/node_modules/x/nm.md", "p/node_modules/x/AGENTS.md"},
		{"home-import.md", ".claude/rules/home.md"},
		{"p/.git/from-git.md", ""},
		{"p/notes/not-a-memory-file.md", ""},
		{"p/link/linked.md", ""},
		{"elsewhere/linked.md", ""},
		{"p/pkg/.claude/rules/not-md.md", ""},
	} {
		by, ok := im.ImportedBy(filepath.Join(home, tt.file))
		if want := tt.by != ""; ok != want || ok && by != filepath.Join(home, tt.by) {
			t.Errorf("%s: imported by %q (%v), want %q", tt.file, by, ok, tt.by)
		}
	}
	if got, want := im.Under(filepath.Join(proj, "a")), []string{
		filepath.Join(proj, "a/b/c/deep.md"), filepath.Join(proj, "a/chained.md"), filepath.Join(proj, "a/notes.md"),
	}; !slices.Equal(got, want) {
		t.Errorf("Under(a) = %q, want %q", got, want)
	}
}

// TestImportedFilesTreeBounded: the walk for the memory files in the
// project's subdirectories stops after maxMemoryTreeWalk entries and
// reads at most maxTreeMemoryFiles of them; those at start are always
// read.
func TestImportedFilesTreeBounded(t *testing.T) {
	proj := t.TempDir()
	write := func(name, text string) {
		f := filepath.Join(proj, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("CLAUDE.md", "@top.md\n")
	for i := 0; i < maxTreeMemoryFiles+5; i++ {
		write(filepath.Join("d", strconv.Itoa(i), "CLAUDE.md"), "@x.md\n")
	}
	reads := 0
	read := func(p string) (string, bool) {
		reads++
		b, err := os.ReadFile(p)
		return string(b), err == nil
	}
	im := NewImportedFiles(proj, "", read)
	if !im.Imported(filepath.Join(proj, "top.md")) {
		t.Error("top.md: not imported")
	}
	if im.Imported(filepath.Join(proj, "nothing.md")) {
		t.Error("nothing.md: imported")
	}
	// Each memory file read once, and each import looked for once.
	if limit := 1 + 1 + 2*maxTreeMemoryFiles; reads > limit {
		t.Errorf("%d reads, want at most %d", reads, limit)
	}
	if len(im.tree.files) != maxTreeMemoryFiles {
		t.Errorf("%d imports from the tree, want %d", len(im.tree.files), maxTreeMemoryFiles)
	}
}
