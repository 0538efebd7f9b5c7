package guards

import "path/filepath"

// Skills above the project.
//
// Claude Code loads the skills of ~/.claude/skills (agentCodeHome) and of
// the .claude/skills directories of the project, nested ones included
// (agentCodeProject), and also those of the directories that enclose the
// project (a repository's root above the directory the agent was started
// in, a workspace that holds several projects): a skill there runs its
// !`cmd` lines and front-matter hooks in this project's sessions as a
// project skill does. A write under one is judged as a write of a
// project skill is (rule agent-commands).
//
// The user's skills, commands and subagents are in ~/.claude
// (agentCodeHome) unless CLAUDE_CONFIG_DIR moves Claude Code's
// configuration elsewhere, where it then reads them: the directories
// WithAgentCodeDirs gives are judged the same way.

// SkillDirsAbove returns the .claude/skills directories of the
// directories above project, nearest first, up to the root.
func SkillDirsAbove(project string) []string {
	if project == "" || !filepath.IsAbs(project) {
		return nil
	}
	var out []string
	for d := filepath.Dir(filepath.Clean(project)); ; d = filepath.Dir(d) {
		out = append(out, filepath.Join(d, ".claude", "skills"))
		if d == filepath.Dir(d) {
			return out
		}
	}
}

// ConfigCodeDirs returns the directories of Claude Code's configuration
// directory dir (CLAUDE_CONFIG_DIR) that hold the user's skills, commands
// and subagents.
func ConfigCodeDirs(dir string) []string {
	if dir == "" || !filepath.IsAbs(dir) {
		return nil
	}
	return []string{filepath.Join(dir, "skills"), filepath.Join(dir, "commands"), filepath.Join(dir, "agents")}
}

// WithAgentCodeDirs returns p where a write under one of dirs is a write
// of an agent's skill, command or subagent (rule agent-commands).
func (p *Policy) WithAgentCodeDirs(dirs []string) *Policy {
	if len(dirs) == 0 {
		return p
	}
	out, l := p.withSelfLayer()
	l.codeDirs = append(append([]string{}, l.codeDirs...), dirs...)
	out.self = l
	return out
}

// codeAbove returns the directory of an agent's skills that holds abs
// and that no pattern names: a .claude/skills above the project
// (SkillDirsAbove) or one of the layer's codeDirs.
func (l *selfLayer) codeAbove(env Env, abs string) (string, bool) {
	for _, d := range l.codeDirs {
		if Within(d, abs) {
			return d, true
		}
	}
	for _, s := range SkillDirsAbove(env.Project) {
		if Within(s, abs) {
			return s, true
		}
	}
	return "", false
}
