package guards

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRegisteredPrograms: the words of the agents' registered command
// lines that name existing regular files, after the expansions a hook's
// shell makes; programs found on PATH by name, directories, missing
// files and run-time words are not files the settings name.
func TestRegisteredPrograms(t *testing.T) {
	root := t.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "proj")
	write := func(p, c string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(project, ".claude/settings.json"), `{"hooks":{"PreToolUse":[{"hooks":[
		{"type":"command","command":"bash \"${CLAUDE_PROJECT_DIR}\"/hooks/a.sh"},
		{"type":"command","command":"node scripts/b.js --config=conf/c.json"},
		{"type":"command","command":"corral hook"},
		{"type":"command","command":"npx prettier --write \"$CLAUDE_PROJECT_DIR\""},
		{"type":"command","command":"sh $X/missing.sh ./missing.sh"}]}]}}`)
	write(filepath.Join(project, ".gemini/settings.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"$GEMINI_PROJECT_DIR/g.sh"}]}]}}`)
	write(filepath.Join(home, ".claude/settings.json"), `{"statusLine":{"command":"~/.claude/line.sh"},"apiKeyHelper":"$HOME/k.sh"}`)
	write(filepath.Join(root, "conf/settings.json"), `{"otelHeadersHelper":"/bin/sh `+filepath.Join(root, "conf/h.sh")+`"}`)
	// GitHub Copilot CLI: every .github/hooks/*.json (and the user's
	// ~/.copilot/hooks/*.json), the command under "bash".
	write(filepath.Join(project, ".github/hooks/lint.json"), `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"./.github/hooks/scripts/start.sh","powershell":"x.ps1"}]}}`)
	write(filepath.Join(home, ".copilot/hooks/u.json"), `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"~/bin/pre.sh"}]}}`)
	write(filepath.Join(project, ".github/hooks/sub/n.json"), `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"sub.sh"}]}}`)
	// The other agents corral installs into (red team 15 RH1).
	write(filepath.Join(project, ".codex/hooks.json"), `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"bash scripts/c.sh"}]}]}}`)
	write(filepath.Join(project, ".factory/settings.json"), `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"bash \"$FACTORY_PROJECT_DIR\"/scripts/f.sh"}]}]}}`)
	write(filepath.Join(project, ".kiro/hooks/lint.kiro.hook"), `{"enabled":true,"when":{"type":"fileEdited"},"then":{"type":"runCommand","command":"sh scripts/k.sh"}}`)
	write(filepath.Join(home, ".codeium/windsurf/hooks.json"), `{"hooks":{"pre_run_command":[{"command":"~/w.sh"}]}}`)
	files := []string{"proj/hooks/a.sh", "proj/scripts/b.js", "proj/conf/c.json", "proj/g.sh", "home/.claude/line.sh", "home/k.sh", "conf/h.sh",
		"proj/.github/hooks/scripts/start.sh", "home/bin/pre.sh", "proj/scripts/c.sh", "proj/scripts/f.sh", "proj/scripts/k.sh", "home/w.sh"}
	for _, f := range append(files, "proj/sub.sh") {
		write(filepath.Join(root, f), "x")
	}
	got := RegisteredPrograms(home, project, filepath.Join(root, "conf"))
	if slices.Contains(got, filepath.Join(project, "sub.sh")) {
		t.Errorf("a file in a subdirectory of .github/hooks is no hook file (Copilot loads .github/hooks/*.json): %v", got)
	}
	for _, f := range files {
		if !slices.Contains(got, filepath.Join(root, f)) {
			t.Errorf("%s not found in %v", f, got)
		}
	}
	for _, p := range got {
		if p == project || filepath.Base(p) == "missing.sh" || p == "corral" {
			t.Errorf("%s is no registered file", p)
		}
	}
	if !slices.IsSorted(got) {
		t.Errorf("not sorted: %v", got)
	}
	if got := RegisteredPrograms("", "", ""); len(got) != 0 {
		t.Errorf("no home and no project: %v", got)
	}
}
