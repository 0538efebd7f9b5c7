package syntax

import sh "mvdan.cc/sh/v3/syntax"

// WalkTree walks node as sh.Walk does, without recursing once per
// operator of a long chain (walkTree), for the rules' own walks.
func WalkTree(node sh.Node, f func(sh.Node) bool) {
	walkTree(node, f)
}
