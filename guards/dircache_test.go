package guards

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// TestDirReadsMatchFreshReads: the directory reads a hook process
// remembers (OneCall) answer every sequence of bounded and whole reads as
// fresh reads do (os.ReadDir, and (*os.File).ReadDir(n) sorted by name):
// a bounded read after a shorter or longer one, a whole read after a
// bounded one, an empty directory, a file, an absent path, a link to a
// directory; each entry's type and Info as os gives them.
func TestDirReadsMatchFreshReads(t *testing.T) {
	root := t.TempDir()
	mk := func(p string, dir bool) {
		t.Helper()
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if dir {
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
			return
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 300 {
		mk(fmt.Sprintf("wide/f%03d", i), i%7 == 0)
	}
	for i := range 5 {
		mk(fmt.Sprintf("small/e%d", i), i == 2)
	}
	mk("empty", true)
	mk("file", false)
	if err := os.Symlink("wide", filepath.Join(root, "link")); err != nil {
		t.Skipf("symbolic links not available here: %v", err)
	}
	paths := []string{"wide", "small", "empty", "file", "absent", "link", "file/below"}
	sizes := []int{0, 1, 3, 5, 6, 100, 256, 300, 301, 1024}
	fresh := func(dir string, n int) string {
		p := filepath.Join(root, dir)
		if n <= 0 {
			ents, err := os.ReadDir(p)
			return show(ents, err != nil)
		}
		f, err := os.Open(p)
		if err != nil {
			return show(nil, false)
		}
		defer f.Close()
		ents, _ := f.ReadDir(n)
		sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
		return show(ents, false)
	}
	rng := rand.New(rand.NewSource(1))
	for round := range 200 {
		var c dirReads
		for range 12 {
			dir, n := paths[rng.Intn(len(paths))], sizes[rng.Intn(len(sizes))]
			ents, err := c.read(filepath.Join(root, dir), n, true)
			ents = sortedEntries(ents)
			got := show(ents, err != nil && n <= 0)
			if want := fresh(dir, n); got != want {
				t.Fatalf("round %d: read(%s, %d) remembered:\n%s\nfresh:\n%s", round, dir, n, got, want)
			}
		}
	}
}

// show spells out a directory read: the names and types, and whether it
// failed.
func show(ents []os.DirEntry, failed bool) string {
	s := fmt.Sprintf("failed=%v n=%d:", failed, len(ents))
	for _, e := range ents {
		fi, err := e.Info()
		if err != nil {
			s += fmt.Sprintf(" %s/%v/%v/%v", e.Name(), e.Type(), e.IsDir(), err)
			continue
		}
		s += fmt.Sprintf(" %s/%v/%v/%s/%v/%d", e.Name(), e.Type(), e.IsDir(), fi.Name(), fi.Mode(), fi.Size())
	}
	return s
}
