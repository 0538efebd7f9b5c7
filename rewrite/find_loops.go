package rewrite

import (
	"github.com/corral-dev/corral/syntax"
	sh "mvdan.cc/sh/v3/syntax"
)

// A loop over what find prints hands each path to the programs in its
// body as find -exec or xargs would: find . -name 'k*' | while read f;
// do truncate -s0 "$f"; done and for f in $(find . -name 'k*'); do
// truncate -s0 $f; done empty what a link k1 -> ~/.ssh/id_rsa points at,
// as find . -name 'k*' -exec truncate -s0 {} + does, though no word
// names it. A word that is only the loop's variable ($f, "$f"; for dd,
// of=$f) is then the paths find selects under its roots: a deletion of
// them (rm, shred, unlink), a write (truncate, tee, cp onto it, a
// redirection), a change of mode (chmod, chown), each judged as that
// program run by find is, the links it selects included
// (find_links.go). Filters between find and the loop (grep, sort, head)
// only keep some of the paths: all that find selects are judged.

// loopFinder returns the find (or fd) whose output the loop variable
// word w at offset pos of script s takes, directly or through filters;
// nil when the word is not a loop's variable or another program prints
// its values.
func (p *Pass) loopFinder(s *syntax.Script, pos uint, w *sh.Word) *syntax.Call {
	pipe, stage, single := p.loopProducer(s, pos, w)
	if single != nil {
		if single.Name == "find" || isFd(single) {
			return single
		}
		return nil
	}
	if pipe == nil {
		return nil
	}
	for hops := 0; hops < maxProducerStages; hops++ {
		src := pipe.Stage(stage)
		switch {
		case src == nil:
			return nil
		case src.Name == "find" || isFd(src):
			return src
		case !lineKept(src):
			return nil
		}
		stage--
	}
	return nil
}

// callLoopFinder is loopFinder for word w of call c.
func (p *Pass) callLoopFinder(c *syntax.Call, w *sh.Word) *syntax.Call {
	if c == nil || !c.Loop || c.Stmt == nil {
		return nil
	}
	return p.loopFinder(c.Script, c.Stmt.Pos().Offset(), w)
}

// loopFinds returns, for a deleted word that is a loop's variable over
// what a find prints, the deletions of what it prints (foundDeletions),
// as substFinds does for rm $(find …).
func (p *Pass) loopFinds(c *syntax.Call, a syntax.Arg, base deletion) []deletion {
	f := p.callLoopFinder(c, a.Word)
	if f == nil {
		return nil
	}
	return foundDeletions(f, base)
}

// targetWord returns the word of a write target that holds the path:
// the word itself, or for dd's of=PATH the word after "of=".
func targetWord(c *syntax.Call, t target) *sh.Word {
	w := t.arg.Word
	if w == nil || c.Name != "dd" || len(w.Parts) < 2 {
		return w
	}
	if lit, ok := w.Parts[0].(*sh.Lit); ok && lit.Value == "of=" {
		return &sh.Word{Parts: w.Parts[1:]}
	}
	return w
}

// checkLoopFoundWrites judges the writes of call c (its targets ts)
// through a word that is a loop's variable over what a find prints: the
// files it selects under its roots, and the links among them, as for
// find … | xargs c (judgeRunTimeWrite).
func (p *Pass) checkLoopFoundWrites(c *syntax.Call, ts []target) {
	if !c.Loop || c.Stmt == nil {
		return
	}
	seen := map[*syntax.Call]bool{}
	for _, t := range ts {
		f := p.callLoopFinder(c, targetWord(c, t))
		if f == nil || seen[f] {
			continue
		}
		seen[f] = true
		for _, d := range foundDeletions(f, deletion{}) {
			p.judgeRunTimeWrite(c, d, true, findFolds(f), affix{})
		}
	}
}

// checkLoopFoundRedirect is checkLoopFoundWrites for a redirection of a
// call in a loop: find … | while read f; do echo x > "$f"; done.
func (p *Pass) checkLoopFoundRedirect(r syntax.Redirect) {
	if r.Target.Word == nil || r.Stmt == nil {
		return
	}
	f := p.loopFinder(r.Script, r.Target.Word.Pos().Offset(), r.Target.Word)
	if f == nil {
		return
	}
	for _, c := range p.Model.Calls {
		if c.Stmt == r.Stmt && c.Script == r.Script {
			for _, d := range foundDeletions(f, deletion{}) {
				p.judgeRunTimeWrite(c, d, true, findFolds(f), affix{})
			}
			return
		}
	}
}
