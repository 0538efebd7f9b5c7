package guards

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestSkillDirsAbove: the .claude/skills of every directory above the
// project, nearest first, up to the root; none for a relative or empty
// project.
func TestSkillDirsAbove(t *testing.T) {
	if got, want := SkillDirsAbove("/w/a/p"), []string{"/w/a/.claude/skills", "/w/.claude/skills", "/.claude/skills"}; !slices.Equal(got, want) {
		t.Errorf("SkillDirsAbove(/w/a/p) = %q, want %q", got, want)
	}
	for _, p := range []string{"", "rel/p", "/"} {
		if got := SkillDirsAbove(p); p != "/" && got != nil || p == "/" && !slices.Equal(got, []string{"/.claude/skills"}) {
			t.Errorf("SkillDirsAbove(%q) = %q", p, got)
		}
	}
}

// TestSkillsAboveDecide: a write under the .claude/skills of a directory
// above the project, in no git work tree (so not the repository's,
// TestEnclosingAgentFiles), or under a directory WithAgentCodeDirs gives,
// asks as agent-commands; a deletion there, other files beside them, and
// a skills directory below an unrelated directory pass.
func TestSkillsAboveDecide(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(base, "home")
	proj := filepath.Join(base, "ws", "proj")
	conf := filepath.Join(base, "conf")
	for _, d := range []string{home, proj, conf} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := DefaultPolicy().WithSelfProtection(nil, "").WithAgentCodeDirs(ConfigCodeDirs(conf))
	env := Env{Project: proj, Home: home}
	for _, tt := range []struct {
		path string
		a    Action
		want Verdict
		rule string
	}{
		{"../.claude/skills/s/SKILL.md", Write, Ask, AgentCodeRule},
		{"../../.claude/skills/s/scripts/run.sh", Write, Ask, AgentCodeRule},
		{filepath.Join(conf, "skills", "s", "SKILL.md"), Write, Ask, AgentCodeRule},
		{filepath.Join(conf, "commands", "c.md"), Write, Ask, AgentCodeRule},
		{filepath.Join(conf, "agents", "a.md"), Write, Ask, AgentCodeRule},
		{"../.claude/skills/s/SKILL.md", Delete, Allow, ""},
		{"../.claude/notes.md", Write, Allow, ""},
		{"../other/.claude/skills/s/SKILL.md", Write, Allow, ""},
		{filepath.Join(conf, "notes.md"), Write, Allow, ""},
	} {
		d := p.Decide(env, tt.path, tt.a)
		if d.Verdict != tt.want || tt.rule != "" && d.Rule != tt.rule {
			t.Errorf("%s (%v) from %s: %v %s, want %v %s", tt.path, tt.a, proj, d.Verdict, d.Rule, tt.want, tt.rule)
		}
	}
	// Without the configuration directory given, its files are no skills.
	if d := DefaultPolicy().WithSelfProtection(nil, "").Decide(env, filepath.Join(conf, "skills", "s", "SKILL.md"), Write); d.Rule == AgentCodeRule {
		t.Errorf("conf/skills without WithAgentCodeDirs: %v %s", d.Verdict, d.Rule)
	}
}
