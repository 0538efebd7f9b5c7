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
	if len(p.seenWrites) == 0 {
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
			if w == c || callEnd(w) > start || !p.sameCommand(w, c) {
				continue // itself, at the same time (a pipeline), or after
			}
			seen[r.Path] = true
			p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
				Message: c.Name + " reads " + r.Path + ", which " + clipText(strings.TrimSpace(w.Text()), 80) +
					" writes earlier in this command: what runs is not what corral read from disk (changed earlier in this command)"})
			break
		}
	}
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
