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
	todo := strings.Split(p, "/")
	out := "/"
	hops := 0
	ok = true
	for len(todo) > 0 {
		seg := todo[0]
		todo = todo[1:]
		switch seg {
		case "", ".":
			continue
		case "..":
			out = path.Dir(out)
			continue
		}
		next := path.Join(out, seg)
		if !ok || len(todo) == 0 && !last {
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
		todo = append(strings.Split(target, "/"), todo...)
	}
	return out, ok
}
