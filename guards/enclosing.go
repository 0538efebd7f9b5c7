package guards

import (
	"path/filepath"
	"sync"
)

// The repository around a project rooted in a subdirectory (red team 15
// CW1).
//
// The project root is CLAUDE_PROJECT_DIR, else GEMINI_PROJECT_DIR, else
// the hook's cwd: a session started in a package of a monorepo
// (claude in src/), or an agent whose hook gets only its cwd, has a root
// below the repository's top. The repository's own agent files — its
// .claude/settings.json, .mcp.json, .vscode/tasks.json,
// .claude/commands, .corral.json, .git/hooks, .git/config — are what
// every session started at the top loads, and git runs its hooks at the
// user's commits from any directory of the work tree. So the self
// layer's project patterns (the agent files, git's hooks and
// configuration, the editors' auto-run files) apply, besides the project
// root, to every directory above it up to the top of the git work tree
// that holds it (the directory with .git, found by walking up at hook
// time): ../.claude/settings.json from src/ is the repository's. Other
// paths above the root (../README.md, ../src2/x.py) stay outside the
// project as before, and a project not in a git work tree has no such
// directories.

// maxEnclosing bounds the directories above a project that are taken
// as roots of its agent files.
const maxEnclosing = 32

// Enclosing returns the directories above env's project root up to the
// top of the git work tree holding it, nearest first: none when the
// project is the work tree's top or is in no work tree. The home
// directory, the directories above it and / are never among them.
func Enclosing(env Env) []string {
	proj := projectRoot(env)
	if proj == "" {
		return nil
	}
	home := ""
	if env.Home != "" {
		home = resolve(filepath.Clean(env.Home))
	}
	if oneCall.Load() {
		enclosingCache.Lock()
		defer enclosingCache.Unlock()
		if enclosingCache.project == proj && enclosingCache.home == home && enclosingCache.set {
			return enclosingCache.dirs
		}
		dirs := enclosingOf(proj, home)
		enclosingCache.project, enclosingCache.home, enclosingCache.dirs, enclosingCache.set = proj, home, dirs, true
		return dirs
	}
	return enclosingOf(proj, home)
}

// enclosingCache keeps Enclosing's answer in a process that judges one
// call (OneCall): the disk is read once, as it is when the call is
// judged.
var enclosingCache struct {
	sync.Mutex
	project, home string
	dirs          []string
	set           bool
}

// enclosingOf is Enclosing of the resolved project root proj.
func enclosingOf(proj, home string) []string {
	top, ok := gitTop(proj)
	if !ok || top == proj {
		return nil
	}
	if _, in := relWithin(top, proj); !in {
		return nil
	}
	var out []string
	for cur := filepath.Dir(proj); len(out) < maxEnclosing; cur = filepath.Dir(cur) {
		if cur == "/" || home != "" {
			if cur == "/" {
				break
			}
			if _, above := relWithin(cur, home); above {
				break // the home directory, or a directory above it
			}
		}
		out = append(out, cur)
		if cur == top || filepath.Dir(cur) == cur {
			break
		}
	}
	return out
}

// enclosingDecide is the self layer's judgement of np as a path of the
// project rooted at each directory above env's project up to the top of
// its git work tree (Enclosing): the worst of them, or the zero Decision.
func (l *selfLayer) enclosingDecide(env Env, np Path, a Action) Decision {
	var worst Decision
	for _, up := range Enclosing(env) {
		rel, ok := relWithin(up, np.Abs)
		if !ok {
			continue
		}
		at := np
		at.InProject, at.Rel = true, rel
		e := env
		e.Project = up
		if d := l.decide(e, at, a); d.Verdict > worst.Verdict {
			worst = d
		}
	}
	return worst
}
