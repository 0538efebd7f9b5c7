package rewrite

import (
	"path/filepath"

	"github.com/corral-dev/corral/syntax"
)

// checkFileRefs judges the @PATH references call writes into an agent
// memory file (syntax.Model.FileRefs: echo '@~/.ssh/id_rsa' >> CLAUDE.md):
// the agent loads the file by itself and reads PATH into the model's
// context with it, so a reference that reaches a secret is a read of that
// secret (rule secret-read). ~/ is the home directory; a relative path is
// tried from the memory file's directory (where Claude Code resolves its
// imports) and from the call's (a command's references).
func (p *Pass) checkFileRefs(c *syntax.Call) {
	for _, fr := range p.Model.FileRefs {
		if fr.Call != c {
			continue
		}
		cwd := ""
		if c.Dir.Known {
			cwd = c.Dir.Path
		}
		tries := syntax.FileRefPaths(fr.Ref, filepath.Dir(fr.File), cwd, p.Config.Home)
		for _, t := range tries {
			if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: t, Raw: t, Static: true}); ok {
				p.reportSecret(c, s, c.Name+" writes into "+relOrSelf(c.Dir, fr.File)+" (which the agent loads into its context by itself) a reference to")
				break
			}
		}
	}
}

// relOrSelf is path relative to dir when it is below it, else path.
func relOrSelf(dir syntax.Dir, path string) string {
	if dir.Known {
		if rel, err := filepath.Rel(dir.Path, path); err == nil && filepath.IsLocal(rel) {
			return rel
		}
	}
	return path
}
