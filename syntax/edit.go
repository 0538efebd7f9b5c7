package syntax

import (
	"fmt"
	"sort"
	"strings"
)

// Edit replaces the bytes [Start, End) of Script.Src with New.
type Edit struct {
	Script     *Script
	Start, End int
	New        string
}

// Apply applies edits and returns the new top-level command. Edits inside
// nested scripts (a bash -c string, a here-document) are applied to that
// script's text, which then replaces its host word, quoted again. Edits
// must not overlap; text no edit touches is kept byte for byte.
func Apply(top *Script, edits []Edit) (string, error) {
	byScript := map[*Script][]Edit{}
	for _, e := range edits {
		if e.Script == nil {
			return "", fmt.Errorf("edit without a script")
		}
		byScript[e.Script] = append(byScript[e.Script], e)
	}
	for len(byScript) > 0 {
		// Deepest script first, so that its result becomes an edit of its
		// parent before the parent is applied.
		var deepest *Script
		for sc := range byScript {
			if deepest == nil || sc.Depth > deepest.Depth || sc.Depth == deepest.Depth && less(sc, deepest) {
				deepest = sc
			}
		}
		text, err := applyText(deepest.Src, byScript[deepest])
		delete(byScript, deepest)
		if err != nil {
			return "", err
		}
		if deepest == top || deepest.Parent == nil {
			if deepest != top {
				return "", fmt.Errorf("edit in a script that is not part of the command")
			}
			if len(byScript) > 0 {
				return "", fmt.Errorf("edits left in scripts outside the command")
			}
			return text, nil
		}
		if deepest.Dynamic || deepest.Host == nil || deepest.Kind == "pipe" {
			return "", fmt.Errorf("cannot carry an edit back into a %s string that is only known at run time", deepest.Kind)
		}
		repl := Quote(deepest.HostPrefix + text)
		if deepest.Kind == "heredoc" {
			// A here-document body is text, not a word: it takes the new
			// script as it is.
			repl = text
		}
		p := deepest.Parent
		byScript[p] = append(byScript[p], Edit{Script: p, Start: deepest.Host.Start, End: deepest.Host.End, New: repl})
	}
	return top.Src, nil
}

func less(a, b *Script) bool {
	if a.Host != nil && b.Host != nil {
		return a.Host.Start < b.Host.Start
	}
	return a.Host != nil
}

// applyText applies non-overlapping edits to src.
func applyText(src string, edits []Edit) (string, error) {
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].Start != edits[j].Start {
			return edits[i].Start < edits[j].Start
		}
		return edits[i].End < edits[j].End
	})
	var b strings.Builder
	last := 0
	for i, e := range edits {
		if e.Start < last || e.End < e.Start || e.End > len(src) {
			if i > 0 && e == edits[i-1] {
				continue
			}
			return "", fmt.Errorf("overlapping or out-of-range edit at %d-%d", e.Start, e.End)
		}
		b.WriteString(src[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.WriteString(src[last:])
	return b.String(), nil
}
