package guards

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestNestedReposMatchesAllEntriesWalk: the nested-repository search,
// which sorts only the directories it reads, finds the same repositories
// in the same order as the walk that sorted every entry, on random trees
// with repositories (.git directories, .git files, links to them), files,
// links and more directories than the budget.
func TestNestedReposMatchesAllEntriesWalk(t *testing.T) {
	old := func(root string) []string {
		type dir struct {
			path  string
			width int
		}
		budget := nestedRepoBudget
		var out []string
		level := []dir{{path: root}}
		for depth := 0; depth < nestedRepoDepth && len(level) > 0; depth++ {
			sort.SliceStable(level, func(i, j int) bool { return level[i].width < level[j].width })
			var next []dir
			for _, d := range level {
				var ents []os.DirEntry
				if f, err := os.Open(d.path); err == nil {
					ents, _ = f.ReadDir(4 * nestedRepoBudget)
					f.Close()
				}
				sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
				for _, e := range ents {
					if budget <= 0 {
						return out
					}
					if !e.IsDir() || e.Name() == ".git" {
						continue
					}
					budget--
					p := filepath.Join(d.path, e.Name())
					if isRepo(p) {
						out = append(out, p)
					}
					next = append(next, dir{path: p, width: len(ents)})
				}
			}
			level = next
		}
		return out
	}
	for seed := range int64(6) {
		rng := rand.New(rand.NewSource(seed))
		root := t.TempDir()
		dirs := []string{root}
		// Parents are taken from the directories less than three levels
		// down, so that the larger trees hold more directories than the
		// search's budget within its reach.
		shallow := []string{root}
		for i := range 60 + int(seed)*160 {
			parent := shallow[rng.Intn(len(shallow))]
			p := filepath.Join(parent, fmt.Sprintf("d%03d", i))
			switch rng.Intn(8) {
			case 0:
				if err := os.WriteFile(p, nil, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			case 1:
				if err := os.Symlink(parent, p); err != nil {
					t.Skipf("symbolic links not available here: %v", err)
				}
				continue
			}
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
			dirs = append(dirs, p)
			if rel, _ := filepath.Rel(root, p); strings.Count(rel, string(filepath.Separator)) < 2 {
				shallow = append(shallow, p)
			}
			switch rng.Intn(6) {
			case 0:
				os.Mkdir(filepath.Join(p, ".git"), 0o755)
			case 1:
				os.WriteFile(filepath.Join(p, ".git"), []byte("gitdir: "+filepath.Join(root, "d000")+"\n"), 0o644)
			case 2:
				os.Symlink(filepath.Join(root, "d001"), filepath.Join(p, ".git"))
			}
		}
		if got, want := nestedRepos(root), old(root); !slices.Equal(got, want) {
			t.Errorf("seed %d: nestedRepos = %q, the all-entries walk %q", seed, got, want)
		} else if seed == 5 && len(got) == 0 {
			t.Errorf("seed %d: no repository found; the tree does not test the search", seed)
		}
	}
}
