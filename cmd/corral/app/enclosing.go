package app

import (
	"sort"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
)

// projectRoots are the directories whose agent files are the project's
// (red team 15 CW1): the project root and, when it is a subdirectory of
// a git work tree (a session rooted in src/, an agent that sends only
// its cwd), every directory above it up to the work tree's top
// (guards.Enclosing), whose .claude/settings.json, .mcp.json and hooks a
// session started there loads.
func projectRoots(cfg *rewrite.Config) []string {
	if cfg.Project == "" {
		return nil
	}
	return append([]string{cfg.Project}, guards.Enclosing(guards.Env{Project: cfg.Project, Cwd: cfg.Cwd, Home: cfg.Home})...)
}

// registrationFilesAbove is registrationFiles with the project scope's
// files of every project root (projectRoots): the hook's registration
// in the repository's own settings is not the agent's to remove from a
// subdirectory either.
func registrationFilesAbove(cfg *rewrite.Config, getenv func(string) string) []string {
	roots := projectRoots(cfg)
	if len(roots) <= 1 {
		return registrationFiles(cfg.Home, cfg.Project, getenv)
	}
	var out []string
	for _, r := range roots {
		out = append(out, registrationFiles(cfg.Home, r, getenv)...)
	}
	sort.Strings(out)
	return dedupe(out)
}

// agentProgramsAbove is guards.RegisteredPrograms of every project root:
// a hook script the repository's settings run (scripts/guard.sh) is run
// by every session started at its top.
func agentProgramsAbove(cfg *rewrite.Config, configDir string) []string {
	roots := projectRoots(cfg)
	if len(roots) <= 1 {
		return guards.RegisteredPrograms(cfg.Home, cfg.Project, configDir)
	}
	var out []string
	for _, r := range roots {
		out = append(out, guards.RegisteredPrograms(cfg.Home, r, configDir)...)
	}
	sort.Strings(out)
	return dedupe(out)
}

// registeredCommandsAbove is guards.RegisteredCommands of every project
// root, each command once: the hooks the repository's settings register
// run after the tool calls of every session started at its top.
func registeredCommandsAbove(cfg *rewrite.Config, configDir string) []guards.RegisteredCommand {
	roots := projectRoots(cfg)
	if len(roots) <= 1 {
		return guards.RegisteredCommands(cfg.Home, cfg.Project, configDir)
	}
	var out []guards.RegisteredCommand
	seen := map[guards.RegisteredCommand]bool{}
	for _, r := range roots {
		for _, rc := range guards.RegisteredCommands(cfg.Home, r, configDir) {
			if !seen[rc] {
				seen[rc] = true
				out = append(out, rc)
			}
		}
	}
	return out
}

// enclosingRoots are the directories above the project up to the top of
// the git work tree holding it (guards.Enclosing), nearest first.
func enclosingRoots(cfg *rewrite.Config) []string {
	if cfg.Project == "" {
		return nil
	}
	return guards.Enclosing(guards.Env{Project: cfg.Project, Cwd: cfg.Cwd, Home: cfg.Home})
}

// laterRunsAbove is laterRuns in dir and, for a project rooted in a
// subdirectory of a git work tree, in each directory above it up to the
// top, where a session started there runs the same lines (its hooks after
// tool calls, its agent commands, the user's git hooks): the worst.
func (s *settings) laterRunsAbove(dir, before, agentType string) (rewrite.Decision, string) {
	worst, why := s.laterRuns(dir, before, agentType)
	for _, r := range enclosingRoots(s.cfg) {
		if severity(worst) == 2 {
			break
		}
		if r == dir {
			continue
		}
		if dec, w := s.laterRuns(r, before, agentType); severity(dec) > severity(worst) {
			worst, why = dec, w
		}
	}
	return worst, why
}

// withinAny reports whether path is within one of dirs.
func withinAny(dirs []string, path string) bool {
	for _, d := range dirs {
		if guards.Within(d, path) {
			return true
		}
	}
	return false
}
