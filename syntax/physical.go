package syntax

import (
	"os"
	"strings"

	"github.com/corral-dev/corral/internal/linkwalk"
)

// Physical directories. bash's cd is logical by default: cd s/.. is the
// working directory whatever s is. cd -P, and every cd after set -P (set
// -o physical), is physical: the kernel resolves s first, so when s is a
// link to ~/.ssh, s/.. is the home directory, and so is .. after cd -P s.
// pwd -P prints the physical working directory. The links followed are
// those on disk when the hook runs and those the command made before
// (ln -s ~/.ssh u; cd -P u/..).

// linkTable holds the symbolic links a command makes, link path to
// target path (both absolute and clean). One table is shared by every
// state of a walk: a link made in a subshell is on the disk after it.
type linkTable struct{ m map[string]string }

// maxLinkTable bounds the links remembered for one command.
const maxLinkTable = 256

func (t *linkTable) add(link, target string) {
	if t == nil || link == "" || target == "" {
		return
	}
	if t.m == nil {
		t.m = map[string]string{}
	}
	if len(t.m) < maxLinkTable {
		t.m[link] = target
	}
}

// physicalPath resolves the absolute path p as the kernel does: each
// segment that is a symbolic link — one the command made (links) or,
// when disk is set, one on disk — is replaced by its target before the
// segments after it, a ".." among them, apply. At most 40 links are
// followed; a path that loops is returned cleaned as written.
func physicalPath(p string, links *linkTable, disk bool) string {
	out, ok := linkwalk.Resolve(p, true, 40, func(next string) (string, bool, bool) {
		if links != nil {
			if t := links.m[next]; t != "" {
				return t, true, true
			}
		}
		if disk && !strings.HasPrefix(next+"/", "/proc/") && !strings.HasPrefix(next+"/", "/dev/") {
			if fi, err := os.Lstat(next); err == nil && fi.Mode()&os.ModeSymlink != 0 {
				if t, err := os.Readlink(next); err == nil {
					return t, true, true
				}
			}
		}
		return "", false, true
	})
	if !ok {
		return cleanPath(p)
	}
	return out
}

// cdPhysical reports whether a cd or pushd call is physical: its last
// -P or -L option decides (cd -L -P is physical), else set -P.
func cdPhysical(call *Call, st *state) bool {
	on := st.physical
	for _, a := range call.Args {
		if !a.Static || !strings.HasPrefix(a.Value, "-") || a.Value == "-" || dirStackIndex(a.Value) {
			break
		}
		if a.Value == "--" {
			break
		}
		for _, l := range a.Value[1:] {
			switch l {
			case 'P':
				on = true
			case 'L':
				on = false
			}
		}
	}
	return on
}
