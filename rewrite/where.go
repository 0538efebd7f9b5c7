package rewrite

import (
	"strconv"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// where is the prefix of a finding's message about a call whose text is
// not in the command itself: a script file ("deploy.sh:3: "), program
// code ("in python code (python3 -c, line 1): shutil.rmtree deletes
// /x: "), a package script or a Makefile recipe.
func where(c *syntax.Call) string { return whereIn(c.Script, c.Start) }

// whereIn is where for text at offset off of script in.
func whereIn(in *syntax.Script, off int) string {
	for sc := in; sc != nil; sc = sc.Parent {
		if sc.Path != "" {
			if sc != in {
				off = hostOffset(in, sc)
			}
			return sc.Path + ":" + strconv.Itoa(1+strings.Count(sc.Src[:min(off, len(sc.Src))], "\n")) + ": "
		}
		if sc.Origin != "" {
			return sc.Origin + ": "
		}
	}
	return ""
}

// hostOffset is the offset in ancestor of the text that holds inner.
func hostOffset(inner, ancestor *syntax.Script) int {
	for sc := inner; sc.Parent != nil; sc = sc.Parent {
		if sc.Parent == ancestor {
			if sc.Host != nil {
				return sc.Host.Start
			}
			return 0
		}
	}
	return 0
}
