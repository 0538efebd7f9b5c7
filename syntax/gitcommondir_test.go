package syntax

import (
	"path/filepath"
	"testing"
)

// TestGitCommonDir: git takes a repository's config (and hooks) from its
// common directory: the one a commondir file in a .git directory names
// (the linked-worktree layout, written into any repository), or
// GIT_COMMON_DIR, relative to the working directory (red team 17 GC1).
// Look-alikes: the same repository without them, and a GIT_COMMON_DIR
// whose config sets no hooks.
func TestGitCommonDir(t *testing.T) {
	t.Parallel()
	root, home := t.TempDir(), t.TempDir()
	writeFiles(t, root, map[string]string{
		"common/config":           "[core]\n\thooksPath = hooks\n",
		"harmless/config":         "[core]\n\tbare = false\n",
		"dotcd/.git/config":       "[core]\n\tbare = false\n",
		"dotcd/.git/commondir":    "../../common\n",
		"dotcd/hooks/pre-commit":  "rm -rf /victim\n",
		"plain/.git/config":       "[core]\n\tbare = false\n",
		"plain/hooks/pre-commit":  "rm -rf /victim\n",
		"nocd/.git/config":        "[core]\n\tbare = false\n",
		"nocd/hooks/pre-commit":   "rm -rf /victim\n",
		"bare.git/config":         "[core]\n\tbare = true\n",
		"bare.git/commondir":      "../common\n",
		"bare.git/HEAD":           "ref: refs/heads/main\n",
		"bare.git/objects/.keep":  "",
		"bare.git/refs/.keep":     "",
		"bare.git/hooks/.keep":    "",
		"plain/src/.keep":         "",
		"harmless/hooks/.keep":    "",
		"common/hooks/pre-commit": "rm -rf /victim\n",
	})
	for _, tc := range []struct {
		dir, cmd string
		rm       bool
	}{
		{"dotcd", "git commit -m x", true},
		{"plain", "GIT_COMMON_DIR=" + filepath.Join(root, "common") + " git commit -m x", true},
		{"plain", "GIT_COMMON_DIR=../common git commit -m x", true},
		{"plain", "export GIT_COMMON_DIR=../common; git commit -m x", true},
		{"plain", "GIT_COMMON_DIR=$D git commit -m x", false}, // unknown: the config is not read
		{"nocd", "git commit -m x", false},
		{"plain", "GIT_COMMON_DIR=../harmless git commit -m x", false},
		{"plain", "git commit -m x", false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: filepath.Join(root, tc.dir), Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if rm := deletes(m, "/victim"); rm != tc.rm {
			t.Errorf("%s in %s: hook deleting /victim seen %v, want %v", tc.cmd, tc.dir, rm, tc.rm)
		}
	}
}
