package guards

import (
	"path/filepath"
	"strings"
	"testing"
)

// The hook's hot path helpers must answer exactly as the library calls
// they replace.
var pathFastCases = []string{
	"", "/", "//", "///", ".", "..", "a", "a/b", "a/b/", "/a", "/a/", "/a/b", "/a/b/",
	"/a//b", "/a/./b", "/a/../b", "/a/b/.", "/a/b/..", "/..", "/.", "/./a", "/../a",
	"/a/.b", "/a/..b", "/a/b..", "/.a/b.", "/dev", "/devices", "/dev/null", "/proc/self/fd/2",
	"/sys", "/sysx/y", "/procfs", "/home/u/.claude/settings.json", "/tmp/x y/z", "/é/ü",
	"~/.ssh/*", "*.key", "a?b", "[ab]", "{a,b}", `a\b`, "plain/path", "é*", "/x/**/y",
}

func TestDirOfIsDir(t *testing.T) {
	for _, p := range pathFastCases {
		if got, want := dirOf(p), filepath.Dir(p); got != want {
			t.Errorf("dirOf(%q) = %q, filepath.Dir gives %q", p, got, want)
		}
		if got, want := IsCleanAbs(p), filepath.IsAbs(p) && filepath.Clean(p) == p; got != want {
			t.Errorf("IsCleanAbs(%q) = %v, want %v", p, got, want)
		}
		if IsCleanAbs(p) {
			if got, want := parentDir(p), filepath.Dir(p); got != want {
				t.Errorf("parentDir(%q) = %q, filepath.Dir gives %q", p, got, want)
			}
		}
	}
}

func TestHasGlobMeta(t *testing.T) {
	for _, p := range pathFastCases {
		if got, want := hasGlobMeta(p), strings.ContainsAny(p, `*?[{\`); got != want {
			t.Errorf("hasGlobMeta(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestIsPseudo(t *testing.T) {
	old := func(p string) bool {
		for _, r := range pseudoRoots {
			if p == r || strings.HasPrefix(p, r+"/") {
				return true
			}
		}
		return false
	}
	for _, p := range pathFastCases {
		if got, want := isPseudo(p), old(p); got != want {
			t.Errorf("isPseudo(%q) = %v, want %v", p, got, want)
		}
	}
}
