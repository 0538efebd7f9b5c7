// Package linkwalk resolves a path through symbolic links the way the
// kernel does, one component at a time, with the links given by a
// lookup: on disk (guards), made earlier in the command being judged
// (syntax's cd -P and pwd -P), or made by the members of an archive
// (rewrite's Python tarfile reader).
package linkwalk

import (
	"path"
	"strings"
)

// Lookup reports whether the absolute path abs is a symbolic link and
// its target (absolute, or relative to the link's directory); ok is
// false when abs is a link whose target cannot be read.
type Lookup func(abs string) (target string, isLink, ok bool)

// Resolve walks the absolute path p from / one component at a time: a
// component that is a link is replaced by its target before the
// components after it — a ".." among them — apply, so "link/.." is the
// directory above the link's target. The last component is followed
// only when last is set. After maxHops links, or when lookup fails, the
// rest is walked without following links and ok is false.
func Resolve(p string, last bool, maxHops int, lookup Lookup) (resolved string, ok bool) {
	// src[i:] holds the components still to walk, separated by slashes;
	// more is false once the last of them has been taken. Walking the
	// string, instead of a list split from it, and taking each path from
	// src when it is spelled there already, allocates nothing on the way
	// to a path without links (a hook resolves a hundred).
	src, i, more := p, 0, true
	out := "/"
	hops := 0
	ok = true
	for more {
		end := len(src)
		if j := strings.IndexByte(src[i:], '/'); j >= 0 {
			end = i + j
		} else {
			more = false
		}
		seg := src[i:end]
		i = end + 1
		switch seg {
		case "", ".":
			continue
		case "..":
			out = path.Dir(out)
			continue
		}
		next := child(out, seg, src[:end])
		if !ok || !more && !last {
			out = next
			continue
		}
		target, isLink, found := lookup(next)
		if !isLink {
			out = next
			continue
		}
		if !found || target == "" || hops >= maxHops {
			ok = false
			out = next
			continue
		}
		hops++
		if strings.HasPrefix(target, "/") {
			out = "/"
		}
		// The target's components come before the rest.
		if more {
			src = target + "/" + src[i:]
		} else {
			src = target
		}
		i, more = 0, true
	}
	return out, ok
}

// child is path.Join(dir, seg) for a clean absolute dir and a component
// seg (not empty, ".", ".." and without a slash). spelled is the text of
// the walked string up to seg's end: when it already reads dir/seg it is
// returned as it is, without allocating.
func child(dir, seg, spelled string) string {
	if dir == "/" {
		dir = ""
	}
	n := len(dir)
	if len(spelled) == n+1+len(seg) && spelled[:n] == dir && spelled[n] == '/' && spelled[n+1:] == seg {
		return spelled
	}
	return dir + "/" + seg
}
