package rewrite

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// A hooks directory set by core.hooksPath (.githooks, .husky) is a
// directory of programs git runs on the next commit, checkout or push —
// the user's own commands too, outside the agent, which corral never
// sees. A file written there is judged when the agent's own git command
// runs it (the scripts-on-disk walk), but not when the user's does, so a
// write into it asks, as a write of .git/hooks is refused. The directory
// is the one the repository's or the user's configuration names when the
// hook runs, or one a git config call of the same command sets
// (git config core.hooksPath .githooks; printf … > .githooks/pre-commit).

// HooksDirHolding returns the hooks directory configured for the project
// (see syntax.ConfiguredHooksDir) when it holds abs, or "".
func HooksDirHolding(project, home, abs string) string {
	return dirHolding(withHuskyDir(syntax.ConfiguredHooksDir(project, home)), abs)
}

// dirHolding returns the first of dirs that holds abs below it, or "".
func dirHolding(dirs []string, abs string) string {
	for _, d := range dirs {
		if abs != d && guards.Within(d, abs) {
			return d
		}
	}
	return ""
}

// withHuskyDir is the hooks directory dir, and for husky 9's .husky/_
// (whose hooks run .husky/NAME) the directory above it; none for "".
func withHuskyDir(dir string) []string {
	switch {
	case dir == "":
		return nil
	case filepath.Base(dir) == "_":
		return []string{dir, filepath.Dir(dir)}
	}
	return []string{dir}
}

// hooksDirs returns the hooks directories of the project: the configured
// one and those git config core.hooksPath DIR calls of this command set.
func (p *Pass) hooksDirs() []string {
	if p.hooksDirList != nil {
		return *p.hooksDirList
	}
	var out []string
	cfg := p.Config
	if !cfg.NoScriptFiles {
		out = append(out, withHuskyDir(syntax.ConfiguredHooksDir(cfg.RepoTop(), cfg.Home))...)
	}
	for _, c := range p.Model.Calls {
		if c.Name != "git" {
			continue
		}
		for i := 0; i+1 < len(c.Args); i++ {
			if !strings.EqualFold(c.Args[i].Value, "core.hooksPath") || !c.Args[i+1].Static {
				continue
			}
			v := c.Args[i+1].Value
			switch {
			case v == "":
				continue
			case v == "~" || strings.HasPrefix(v, "~/"):
				v = filepath.Join(cfg.Home, v[1:])
			case !filepath.IsAbs(v):
				// git runs hooks at the top of the work tree: the project's
				// when the call works inside it.
				top := cfg.RepoTop()
				if c.Dir.Known && !guards.Within(cfg.Project, c.Dir.Path) {
					top = c.Dir.Path
				}
				v = filepath.Join(top, v)
			}
			out = append(out, withHuskyDir(filepath.Clean(v))...)
		}
	}
	p.hooksDirList = &out
	return out
}

// judgeHooksDir asks about a write into a hooks directory (see above).
func (p *Pass) judgeHooksDir(abs string, report func(Decision, string, string), what, verb string) {
	if d := dirHolding(p.hooksDirs(), abs); d != "" {
		report(Ask, fmt.Sprintf("%s %s %s, in the hooks directory core.hooksPath names (%s): git runs it on the next commit, checkout or push, the user's own too, outside the agent", what, verb, abs, d), "blocked")
	}
}
