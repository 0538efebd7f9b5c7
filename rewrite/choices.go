package rewrite

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// settleChoices decides the fixes on calls whose command name takes one of
// a bounded set of values (syntax.NameChoice: "${G:-git}" clone …, $c
// where different paths set c). Each value is a reading of the same
// words, judged by every rule, so the worst verdict already wins; a fix,
// though, edits words every reading shares, and is only right when it is
// right for every reading. A fix is kept when the set is complete, every
// reading got one, the readings' edits are the same and none touches the
// name word; otherwise each such finding asks instead, saying which values
// the rewrite does not hold for.
func settleChoices(p *Pass) {
	type group struct {
		readings []*syntax.Call
		fixes    map[*syntax.Call][]int
	}
	groups := map[*syntax.NameChoice]*group{}
	var order []*syntax.NameChoice
	for _, c := range p.Model.Calls {
		if c.Choice == nil {
			continue
		}
		g := groups[c.Choice]
		if g == nil {
			g = &group{fixes: map[*syntax.Call][]int{}}
			groups[c.Choice] = g
			order = append(order, c.Choice)
		}
		g.readings = append(g.readings, c)
	}
	if len(groups) == 0 {
		return
	}
	for i, f := range p.findings {
		c := p.calls[i]
		if c == nil || c.Choice == nil || f.Fix == nil || f.Decision != Rewrite {
			continue
		}
		if g := groups[c.Choice]; g != nil {
			g.fixes[c] = append(g.fixes[c], i)
		}
	}
	for _, ch := range order {
		g := groups[ch]
		if len(g.fixes) == 0 {
			continue
		}
		if fixRightForAll(p, ch, g.readings, g.fixes) {
			continue
		}
		for _, c := range g.readings {
			for _, i := range g.fixes[c] {
				f := &p.findings[i]
				f.Decision = Ask
				f.Fix, f.Dest = nil, ""
				f.Message += "; but the command name " + ch.Word.Raw + " " + otherValues(ch, c.NameArg.Value) +
					", which this rewrite does not hold for, so corral asks instead"
			}
		}
	}
}

// fixRightForAll reports whether the fixes found on the readings of one
// choice are right whatever value the name takes.
func fixRightForAll(p *Pass, ch *syntax.NameChoice, readings []*syntax.Call, fixes map[*syntax.Call][]int) bool {
	if !ch.Complete {
		return false
	}
	var want []string
	for n, c := range readings {
		idx := fixes[c]
		if len(idx) == 0 {
			return false
		}
		var edits []string
		for _, i := range idx {
			for _, e := range p.findings[i].Fix.Edits {
				if e.Script == c.Script && e.Start < ch.Word.End && e.End > ch.Word.Start {
					return false
				}
				edits = append(edits, editKey(e))
			}
		}
		slices.Sort(edits)
		edits = slices.Compact(edits)
		if n == 0 {
			want = edits
		} else if !slices.Equal(want, edits) {
			return false
		}
	}
	return true
}

func editKey(e syntax.Edit) string {
	return strings.Join([]string{e.Script.Src, strconv.Itoa(e.Start), strconv.Itoa(e.End), e.New}, "\x00")
}

// otherValues says what else the name word may be than v.
func otherValues(ch *syntax.NameChoice, v string) string {
	var others []string
	for _, o := range ch.Values {
		if o != v && !slices.Contains(others, o) {
			if o == "" {
				o = `""`
			}
			others = append(others, o)
		}
	}
	switch {
	case len(others) == 0 && !ch.Complete:
		return "may be anything at run time"
	case !ch.Complete:
		return "may also be " + strings.Join(others, " or ") + " or anything at run time"
	case len(others) == 0:
		return "may be something else"
	}
	return "may also be " + strings.Join(others, " or ")
}
