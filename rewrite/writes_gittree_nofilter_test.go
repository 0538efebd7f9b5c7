package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestTreeMoveListingRunsNoFilter: listing the files a git restore or
// checkout writes must not run code while the hook runs. Porcelain git
// diff against the work tree runs the clean filter .gitattributes picks
// for every stat-dirty file; the listing uses diff-files/diff-index,
// which decide from the index's stat data. The repository's filter here
// writes a canary; a touched file makes it stat-dirty.
func TestTreeMoveListingRunsNoFilter(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "proj/.gitattributes": "* filter=canary\n"})
	canary := filepath.Join(filepath.Dir(cfg.Project), "filter-ran")
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		c.Dir = cfg.Project
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "x")
	git("config", "filter.canary.clean", "touch "+canary+"; cat")
	// Stat-dirty: same content, new time.
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(filepath.Join(cfg.Project, "README"), later, later); err != nil {
		t.Fatal(err)
	}
	// Not checked: git restore --source=HEAD . run first, right after the
	// commit: git compares the content of a racily clean entry (one the
	// index recorded in the second it was written) even in diff-index,
	// and that runs the filter (README Limits).
	for _, cmd := range []string{"git restore README", "git checkout HEAD -- README", "git checkout HEAD", "git checkout -- README"} {
		Check(cfg, cmd)
		if _, err := os.Stat(canary); err == nil {
			t.Fatalf("%s: the repository's clean filter ran while corral listed the files", cmd)
		}
	}
}
