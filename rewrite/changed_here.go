package rewrite

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Files changed earlier in the same command (red team 15 SW1). The
// shell model judges what a call runs by the text of the files it reads
// (a script, a Makefile, package.json): the text an earlier call of the
// command writes when the model knows it (echo/printf/cat > f, >>, cp,
// an archive member's), the disk's otherwise. A writer the model does
// not follow but the write table knows — patch and git apply of a diff,
// a member tar -x, unzip, 7z, jar or cpio extracts, a git checkout,
// rsync, any program's output option — leaves other text there by the
// time the reader runs, so the text judged is not the one that runs:
// such a read asks.

// maxSeenWrites bounds the writes remembered for one command.
const maxSeenWrites = 8192

// noteSeenWrite remembers that call c writes the file abs.
func (p *Pass) noteSeenWrite(c *syntax.Call, abs string) {
	if c == nil || len(p.Model.DiskReads) == 0 || p.seenCount >= maxSeenWrites || c.Name == "touch" || c.Name == "truncate" ||
		syntax.ModelsWrites(c) || fetchers.Get()[c.Name] && c.Name != "git" {
		// touch and truncate leave no text that runs
		// (checkRunFileWrites); the shell model follows copies and
		// builds itself; a download's run is the acquisition rules'
		// (run-download; git's work-tree writes, apply, checkout,
		// merge, are no download).
		return
	}
	if p.seenWrites == nil {
		p.seenWrites = map[string][]*syntax.Call{}
	}
	calls := p.seenWrites[abs]
	if n := len(calls); n > 0 && calls[n-1] == c {
		return
	}
	p.seenWrites[abs] = append(calls, c)
	p.seenCount++
}

// checkChangedReads asks about each file the shell model read from disk
// for call c when a call before c writes it.
func (p *Pass) checkChangedReads(c *syntax.Call) {
	if len(p.seenWrites) == 0 && len(p.unlistedTrees) == 0 {
		return
	}
	if p.diskReads == nil || p.diskReads.model != p.Model {
		by := map[*syntax.Call][]syntax.DiskRead{}
		for _, r := range p.Model.DiskReads {
			by[r.Call] = append(by[r.Call], r)
		}
		p.diskReads = &diskReadIndex{model: p.Model, by: by}
	}
	var start int
	started := false
	seen := map[string]bool{}
	unlisted := false // one finding for the files of an unlisted tree
	for _, r := range p.diskReads.by[c] {
		if seen[r.Path] {
			continue
		}
		if !started {
			start, started = topStart(c.Script, c.Start), true
		}
		abs := guards.Normalize(guards.Env{Project: p.Config.Project, Cwd: p.Config.Cwd, Home: p.Config.Home, Sandbox: p.Config.Sandbox}, r.Path).Abs
		writers := p.seenWrites[abs]
		if clean := filepath.Clean(r.Path); clean != abs {
			writers = append(writers[:len(writers):len(writers)], p.seenWrites[clean]...)
		}
		for _, w := range writers {
			if w == c || !writesBefore(w, c, start) || !p.sameCommand(w, c) {
				continue // itself, at the same time (a pipeline), or after
			}
			seen[r.Path] = true
			p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
				Message: c.Name + " reads " + r.Path + ", which " + clipText(strings.TrimSpace(w.Text()), 80) +
					" writes earlier in this command: what runs is not what corral read from disk (changed earlier in this command)"})
			break
		}
		if seen[r.Path] {
			continue
		}
		if u, ok := p.unlistedWriter(c, abs, start); ok && !unlisted {
			seen[r.Path], unlisted = true, true
			p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
				Message: c.Name + " reads " + r.Path + ", which " + clipText(strings.TrimSpace(u.call.Text()), 80) +
					" can write earlier in this command (" + u.why + "): what runs is not what corral read from disk (changed earlier in this command)"})
		}
	}
}

// unlistedTree is a directory a call writes files under that corral
// cannot list when the hook runs (red team 19 GB1): a git checkout,
// switch, reset, merge, rebase, cherry-pick, revert or stash of a
// revision only run time knows ("$(…)", or a ref git cannot resolve
// yet because an earlier call makes it: git fetch . dev:tmp && git
// checkout tmp), or git apply, git am or patch of a diff corral cannot
// read (git stash show -p | git apply).
type unlistedTree struct {
	call *syntax.Call
	dir  string
	why  string
}

// noteUnlistedTree remembers that call c writes files under dir that
// corral cannot list.
func (p *Pass) noteUnlistedTree(c *syntax.Call, dir, why string) {
	if c == nil || dir == "" || len(p.Model.DiskReads) == 0 || len(p.unlistedTrees) >= 64 {
		return
	}
	for _, u := range p.unlistedTrees {
		if u.call == c && u.dir == dir {
			return
		}
	}
	p.unlistedTrees = append(p.unlistedTrees, unlistedTree{call: c, dir: dir, why: why})
}

// unlistedWriter returns the call before c in the same command that
// writes files under a directory holding abs that corral cannot list.
func (p *Pass) unlistedWriter(c *syntax.Call, abs string, start int) (unlistedTree, bool) {
	for _, u := range p.unlistedTrees {
		if u.call == c || !writesBefore(u.call, c, start) || !p.sameCommand(u.call, c) {
			continue
		}
		if guards.Within(u.dir, abs) {
			return u, true
		}
	}
	return unlistedTree{}, false
}

// sameCommand reports whether a and b are in the same top-level command
// (not one a trap or a later call of the session runs).
func (p *Pass) sameCommand(a, b *syntax.Call) bool {
	return topScript(a.Script) == topScript(b.Script)
}

// diskReadIndex is Model.DiskReads by call, for one model.
type diskReadIndex struct {
	model *syntax.Model
	by    map[*syntax.Call][]syntax.DiskRead
}

// writesBefore reports whether call w ends before call c, which starts
// at start in the top-level command: by their places in the nested
// script both run in when there is one (sh -c 'git apply p.diff &&
// make', where the top level sees one call), else by the top level's.
func writesBefore(w, c *syntax.Call, start int) bool {
	if before, ok := orderInNested(w, c); ok {
		return before
	}
	return callEnd(w) <= start
}
