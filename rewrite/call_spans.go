package rewrite

import (
	"slices"
	"sort"

	"github.com/corral-dev/corral/syntax"
)

// callsWithin returns the calls of script s that lie inside the bytes
// [start, end) of its text (the calls of a command substitution in a
// word), in the order they start, c left out. The calls are indexed by
// their start once per pass, so that reading each word of a long
// command does not go over every call of it.
func (p *Pass) callsWithin(s *syntax.Script, start, end int, c *syntax.Call) []*syntax.Call {
	if p.bySpan == nil {
		p.bySpan = map[*syntax.Script][]*syntax.Call{}
		for _, o := range p.Model.Calls {
			p.bySpan[o.Script] = append(p.bySpan[o.Script], o)
		}
		for _, calls := range p.bySpan {
			slices.SortStableFunc(calls, func(a, b *syntax.Call) int { return a.Start - b.Start })
		}
	}
	calls := p.bySpan[s]
	i := sort.Search(len(calls), func(i int) bool { return calls[i].Start >= start })
	var out []*syntax.Call
	for ; i < len(calls) && calls[i].Start < end; i++ {
		if o := calls[i]; o != c && o.End <= end {
			out = append(out, o)
		}
	}
	return out
}
