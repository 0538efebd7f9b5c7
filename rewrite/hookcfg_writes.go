package rewrite

import (
	"path/filepath"
	"sort"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// hookConfigWrites returns the git-hook manager configurations
// (syntax.HookConfigRunner) the command writes, sorted: through a
// redirection (printf … > lefthook.yml, cat > .pre-commit-config.yaml
// <<EOF) or as a file a call writes by the write table every write rule
// reads (writeTargets: tee, cp, mv, install, ln, dd of=, rsync, an in-place
// sed, a program's output option). The text each then holds is the one
// the shell model follows (a copy of a file it reads, tee of text it
// knows) or one only run time knows, which the manager's run after the
// command reads as such; so the run is judged by what the command wrote.
func hookConfigWrites(m *syntax.Model) []string {
	var out []string
	seen := map[string]bool{}
	add := func(d syntax.Dir) {
		if !d.Known || seen[d.Path] {
			return
		}
		if _, ok := syntax.HookConfigRunner(filepath.Base(d.Path)); ok {
			seen[d.Path] = true
			out = append(out, d.Path)
		}
	}
	for _, r := range m.Redirs {
		if r.Writes() && r.Target.Static && r.Dir.Known {
			add(r.Dir.Join(r.Target.Value))
		}
	}
	for _, c := range m.Calls {
		if !c.Dir.Known {
			continue
		}
		for _, t := range writeTargets(c) {
			if t.action != guards.Write || t.attrs || t.mount || !t.arg.Static || t.arg.Glob || t.pattern {
				continue
			}
			add(c.Dir.Join(t.path()))
		}
	}
	sort.Strings(out)
	return out
}
