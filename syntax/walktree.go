package syntax

import sh "mvdan.cc/sh/v3/syntax"

// walkTree is sh.Walk (the same nodes, the same order, the same nil after
// each node's children, the same answer to f returning false) without its
// recursion along a chain of && / || / | operators. The parser builds such
// a chain left-deep, ((a && b) && c): sh.Walk recurses once per operator,
// two frames each, so a command of 4,000 chained calls needed an 8 MiB
// goroutine stack, and every whole-script walk grew it again
// (TestHookMemory/1000-clones went past 64 MiB of resident memory on its
// stack alone). Here the left spine of a chain is a loop: its operators
// and the statements that hold them are visited going down, and what each
// leaves to do after its left side (the right side and its nil; a
// statement's redirections, its nil and a comment that follows it) is
// kept in a list and done coming back up. Nesting on the right side, which
// the parser does not build, is walked by recursion as sh.Walk does.
func walkTree(node sh.Node, f func(sh.Node) bool) {
	var g func(sh.Node) bool
	g = func(n sh.Node) bool {
		top, ok := n.(*sh.BinaryCmd)
		if !ok {
			return f(n)
		}
		if !f(top) {
			return false
		}
		walkChain(top, f, g)
		// walkChain did top's children and its nil; sh.Walk, told
		// false, goes on with top's next sibling.
		return false
	}
	sh.Walk(node, g)
}

// chainTail is what is left of a node on the left spine of a chain once
// its left side is walked: a binary command's right side and its nil, or a
// statement's redirections, its nil, and the comment sh.Walk walks after
// the statement (a comment past its end).
type chainTail struct {
	bin   *sh.BinaryCmd
	stmt  *sh.Stmt
	after *sh.Comment
}

// walkChain walks the children of top, already visited, and then calls
// f(nil) for it, as sh.Walk would; g is f that walks chains this way.
func walkChain(top *sh.BinaryCmd, f, g func(sh.Node) bool) {
	var tails []chainTail
	b := top
	for {
		tails = append(tails, chainTail{bin: b})
		x := b.X
		next, isBin := x.Cmd.(*sh.BinaryCmd)
		if !isBin {
			sh.Walk(x, g)
			break
		}
		// sh.Walk of a statement: the node, its comments up to the first
		// one past its end (walked after the statement's nil), its
		// command, its redirections, nil.
		if !f(x) {
			break
		}
		tail := chainTail{stmt: x}
		for i := range x.Comments {
			c := x.Comments[i]
			if !x.End().After(c.Pos()) {
				tail.after = &c
				break
			}
			sh.Walk(&c, g)
		}
		tails = append(tails, tail)
		if !f(next) {
			break
		}
		b = next
	}
	for i := len(tails) - 1; i >= 0; i-- {
		t := tails[i]
		if t.bin != nil {
			sh.Walk(t.bin.Y, g)
			f(nil)
			continue
		}
		for _, r := range t.stmt.Redirs {
			sh.Walk(r, g)
		}
		f(nil)
		if t.after != nil {
			sh.Walk(t.after, g)
		}
	}
}
