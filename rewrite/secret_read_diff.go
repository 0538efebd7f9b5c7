package rewrite

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// maxDiffSecrets bounds the secrets of one tree a recursive diff is
// judged by.
const maxDiffSecrets = 16

// diffTrees judges a diff of two directories (diff -r A B, red team 19
// SG1 rest; without -r only their own entries, not subdirectories):
// GNU diff compares the files of the same relative
// name in both and prints the lines that differ, so a secret under A is
// printed when B has a file of that name (diff -r . ../checkout, both
// with a .env); a file only one side has is reported by name only ("Only
// in A: .env") unless -N/--new-file takes the missing side as empty,
// when its every line is printed (diff -rN ~ EMPTY prints ~/.ssh/id_rsa);
// --unidirectional-new-file does that for B's files only (absent first
// files are empty: diff -r --unidirectional-new-file EMPTY ~). -q/--brief
// prints names only, and -x/--exclude leaves out the names it matches.
// The secrets under each side are those on disk when the hook runs
// (for -N also an anchored one the side holds: ~ holds ~/.ssh). It
// reports whether it found one.
func (p *Pass) diffTrees(c *syntax.Call, opts []option, files []int) bool {
	if has(opts, "q", "brief") || len(files) != 2 || p.Config.Paths == nil {
		return false
	}
	recursive := has(opts, "r", "recursive")
	w := guards.Walk{Hidden: true}
	if !recursive {
		w.MaxDepth = 1 // two directories: the files of the same name in both
	}
	for _, o := range find(opts, "x", "exclude") {
		if o.val.Static {
			w.Exclude = append(w.Exclude, o.val.Value)
		}
	}
	newFile := has(opts, "N", "new-file")
	env := p.guardsEnv(c.Dir)
	secrets := p.Config.Paths.Secrets()
	for k := range 2 {
		side, other := c.Args[files[k]], c.Args[files[1-k]]
		every := newFile || k == 1 && has(opts, "unidirectional-new-file")
		if every && recursive {
			// Every file under the side is printed, whether the other
			// has it or not.
			s := w
			if p.secretOperand(c, side, true, true, &s) {
				return true
			}
			continue
		}
		if !side.Static || !other.Static || p.Config.NoGlobMatches {
			continue
		}
		root := guards.Normalize(env, side.Value).Abs
		peer := guards.Normalize(env, other.Value).Abs
		if info, err := os.Stat(root); err != nil || !info.IsDir() {
			continue // a file: judged as the operand it is
		}
		s := w
		for range maxDiffSecrets {
			sec, ok := secrets.OnDisk(env, root, s)
			if !ok || !guards.Within(root, sec.Path.Abs) {
				break
			}
			rel, err := filepath.Rel(root, sec.Path.Abs)
			if err != nil {
				break
			}
			if info, err := os.Stat(filepath.Join(peer, rel)); every || err == nil && info.Mode().IsRegular() {
				p.reportSecret(c, sec, fmt.Sprintf("diff prints the lines that differ from %s in", filepath.Join(other.Value, rel)))
				return true
			}
			// Only in A: NAME. The next secret, by leaving this name out.
			s.Exclude = append(s.Exclude, globEscape(filepath.Base(rel)))
		}
	}
	return false
}
