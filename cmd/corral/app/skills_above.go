package app

import (
	"os"
	"path/filepath"
	"strings"
)

// configSkillFiles returns the files Claude Code may load for a skill or
// command name from its configuration directory dir (CLAUDE_CONFIG_DIR,
// which takes the place of ~/.claude): skills/NAME/SKILL.md and
// commands/NAME.md (a:b is commands/a/b.md), those that are on disk. The
// directories above the project are skillFiles' (guards.SkillDirsAbove).
func configSkillFiles(dir, name string) []string {
	if dir == "" || !filepath.IsAbs(dir) || name == "" || strings.Contains(name, "..") || strings.ContainsAny(name, "/\\\x00") {
		return nil
	}
	var out []string
	for _, c := range []string{
		filepath.Join(dir, "skills", name, "SKILL.md"),
		filepath.Join(dir, "commands", strings.ReplaceAll(name, ":", string(filepath.Separator))+".md"),
	} {
		if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() {
			out = append(out, c)
		}
	}
	return out
}
