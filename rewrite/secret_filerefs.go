package rewrite

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
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

// checkMemoryLinks judges a link ln makes at a file an agent loads by
// itself (CLAUDE.md, AGENTS.md, .claude/rules/x.md, Claude Code's
// MEMORY.md, other agents' rules: syntax.InstructionFile):
// the agent reads the link's target into the model's context when it next
// loads the file, so ln -s ~/.ssh/id_rsa CLAUDE.md (or a hard link) is a
// read of the key (rule secret-read). A symbolic link's relative target is
// resolved from the link's directory, a hard link's from the working
// directory.
func (p *Pass) checkMemoryLinks(c *syntax.Call) {
	if c.Name != "ln" || !c.Dir.Known {
		return
	}
	opts, idx := scan(c.Args, specFor("ln"))
	symbolic := has(opts, "s", "symbolic")
	files := make([]syntax.Arg, 0, len(idx))
	for _, i := range idx {
		files = append(files, c.Args[i])
	}
	env := guards.Env{Project: p.Config.Project, Cwd: c.Dir.Path, Home: p.Config.Home, Sandbox: p.Config.Sandbox}
	for i, l := range symlinkNames(c, opts, files) {
		if !l.Static || l.Glob || i >= len(files) {
			continue
		}
		name := guards.Normalize(env, l.Value).Abs
		if name == "" {
			continue
		}
		target, dir := files[i], c.Dir
		if symbolic && target.Static && !strings.HasPrefix(target.Value, "/") && !strings.HasPrefix(target.Value, "~") {
			dir = syntax.Dir{Path: path.Dir(name), Known: true}
		}
		if syntax.InstructionFile(name) || p.imported.Imported(name) {
			if s, ok := p.secretOf(dir, target); ok {
				p.reportSecret(c, s, c.Name+" makes "+relOrSelf(c.Dir, name)+" (which the agent loads into its context by itself) a link to")
			}
			continue
		}
		// A link at a directory an imported file lies in (CLAUDE.md holds
		// @docs/id_rsa; ln -s ~/.ssh docs): the import reads the target's
		// file of the same name.
		if !target.Static || target.Glob {
			continue
		}
		for _, f := range p.imported.Under(name) {
			rest := strings.TrimPrefix(f, strings.TrimSuffix(name, "/"))
			t := target
			t.Value = strings.TrimSuffix(target.Value, "/") + rest
			t.Raw = t.Value
			if s, ok := p.secretOf(dir, t); ok {
				p.reportSecret(c, s, c.Name+" makes "+relOrSelf(c.Dir, name)+" a link, through which "+relOrSelf(c.Dir, f)+" (which the agent's memory files import) is")
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
