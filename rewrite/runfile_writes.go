package rewrite

import (
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// checkRunFileWrites judges call's writes of files something runs by
// itself (syntax.RunsByItself: a site directory's .pth or sitecustomize,
// VS Code's settings) that the walker did not judge by their text. The
// walker follows redirections, tee, cp, mv, ln, install and in-place
// sed/perl/ruby; any other writer the write table knows (gawk -i
// inplace, ed, sponge, dd of=, a program's output option) leaves text
// only known at run time there, which asks, as the walker's own unknown
// text does.
func (p *Pass) checkRunFileWrites(c *syntax.Call, ts []target) {
	if c.Name == "touch" || c.Name == "truncate" {
		return // no text: an empty file, or NUL bytes, run nothing
	}
	for _, t := range ts {
		if t.action != guards.Write || t.attrs || !t.arg.Static {
			continue
		}
		v := t.arg.Value
		if t.value != "" {
			v = t.value
		}
		d := c.Dir.Join(v)
		if !d.Known || p.walkerJudged(c, d.Path) {
			continue
		}
		switch {
		case syntax.RunsByItself(d.Path):
			p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
				Message: c.Name + " writes " + v + ", which runs (or lets run) code by itself, with text only known at run time"})
		case syntax.ReferencingFile(d.Path):
			// A memory file an in-place editor or writer gets at run
			// time (find … -name CLAUDE.md -exec sed -i … {} +): the
			// agent loads it with every @file it names.
			p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
				Message: c.Name + " writes " + v + ", which the agent loads with the contents of every @file it names, with text only known at run time"})
		case p.imported.Imported(d.Path):
			// A file a memory file on disk imports (syntax.ImportedFiles):
			// loaded with it, as it is (imw_runtime.go).
			p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
				Message: c.Name + " writes " + v + importedWhy(c, p.imported, d.Path) + ", with text only known at run time"})
		}
	}
}

func (p *Pass) walkerJudged(c *syntax.Call, path string) bool {
	for _, w := range p.Model.RunFileWrites {
		if w.Call == c && w.Path == path {
			return true
		}
	}
	return false
}
