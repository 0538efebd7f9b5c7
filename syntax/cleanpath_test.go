package syntax

import (
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestCleanPathFastPath: a path already clean is returned as it is, and
// every other shape is cleaned as the component walk does (a descriptor
// directory still becomes the process's /proc one).
func TestCleanPathFastPath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/", "/"},
		{"/a/b", "/a/b"},
		{"/a/b/", "/a/b"},
		{"/a//b", "/a/b"},
		{"/a/./b", "/a/b"},
		{"/a/../b", "/b"},
		{"/a/..", "/"},
		{"/..", "/"},
		{"/a/.", "/a"},
		{"/a/b..c/.d", "/a/b..c/.d"},
		{"//a", "/a"},
		{"a/b", "/a/b"},
		{"/dev/fd/3", "/proc/self/fd/3"},
	} {
		if got := cleanPath(tc.in); got != tc.want {
			t.Errorf("cleanPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if guards.IsCleanAbs(tc.in) && tc.in != tc.want && !strings.HasPrefix(tc.in, "/dev/fd") {
			t.Errorf("IsCleanAbs(%q) is true, but cleaning gives %q", tc.in, tc.want)
		}
	}
}
