package guards

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/google/shlex"

	"github.com/corral-dev/corral/internal/lazy"
)

// registeredSettings are the agent settings files whose commands the
// agent runs outside any tool call corral sees: hooks (Claude Code's,
// Gemini CLI's, Qwen Code's, Cursor's, GitHub Copilot CLI's), Claude
// Code's status line and its credential helpers (apiKeyHelper,
// awsAuthRefresh, awsCredentialExport, otelHeadersHelper). Home-relative
// ones start with "~/", the others are relative to the project; a name
// with a * is a pattern (Copilot CLI loads every .github/hooks/*.json of
// the repository and every ~/.copilot/hooks/*.json).
var registeredSettings = []string{
	"~/.claude/settings.json", "~/.claude/settings.local.json", "~/.gemini/settings.json", "~/.qwen/settings.json",
	"~/.cursor/hooks.json", "~/.copilot/hooks/*.json",
	".claude/settings.json", ".claude/settings.local.json", ".gemini/settings.json", ".qwen/settings.json",
	".cursor/hooks.json", ".github/hooks/*.json",
	// The other agents corral installs into keep their hooks the same
	// way, each entry's "command" (red team 15 RH1): Codex, Factory
	// Droid, Augment, Windsurf, Antigravity, Continue, Kiro (its hook
	// files' then.command and its agents' hooks).
	"~/.codex/hooks.json", ".codex/hooks.json", "~/.factory/settings.json", ".factory/settings.json",
	"~/.augment/settings.json", ".augment/settings.json", "~/.codeium/windsurf/hooks.json", ".windsurf/hooks.json",
	"~/.gemini/config/hooks.json", "~/.continue/settings.json", ".continue/settings.json",
	"~/.kiro/hooks/*.kiro.hook", ".kiro/hooks/*.kiro.hook", "~/.kiro/agents/*.json", ".kiro/agents/*.json",
}

// commandKeys are the settings keys whose string value is a command line
// (Copilot CLI's hook entries name theirs "bash"; "powershell" is not run
// on the systems corral guards).
var commandKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"command": true, "apiKeyHelper": true, "awsAuthRefresh": true,
		"awsCredentialExport": true, "otelHeadersHelper": true, "bash": true}
}}

// RegisteredPrograms returns the files, sorted, that the agents' settings
// run as programs or scripts: each word of a registered command line that
// names an existing regular file (bash "$CLAUDE_PROJECT_DIR"/scripts/
// guard.sh, ~/.claude/statusline.sh, /usr/local/bin/corral). Overwriting
// one switches that hook off or runs code on every prompt, so the agent
// may not write them. configDir is CLAUDE_CONFIG_DIR when set.
func RegisteredPrograms(home, project, configDir string) []string {
	seen := map[string]bool{}
	var out []string
	for _, rc := range RegisteredCommands(home, project, configDir) {
		for _, file := range programFiles(rc.Command, home, project) {
			if !seen[file] {
				seen[file] = true
				out = append(out, file)
			}
		}
	}
	sort.Strings(out)
	return out
}

// RegisteredCommand is a command line an agent's settings file runs
// outside any tool call (a hook, a status line, a credential helper).
type RegisteredCommand struct {
	File, Command string
}

// RegisteredCommands returns the command lines of the agents' settings
// files (registeredSettings, and CLAUDE_CONFIG_DIR's when configDir is
// set), in file order and, within a file, in key order.
func RegisteredCommands(home, project, configDir string) []RegisteredCommand {
	var out []RegisteredCommand
	files := registeredSettings
	if configDir != "" {
		files = append(append([]string{}, files...), filepath.Join(configDir, "settings.json"), filepath.Join(configDir, "settings.local.json"))
	}
	for _, f := range files {
		var p string
		switch {
		case strings.HasPrefix(f, "~/"):
			if home == "" {
				continue
			}
			p = filepath.Join(home, f[2:])
		case filepath.IsAbs(f):
			p = f
		default:
			if project == "" {
				continue
			}
			p = filepath.Join(project, f)
		}
		paths := []string{p}
		if strings.Contains(f, "*") {
			paths, _ = filepath.Glob(p) // sorted; the pattern is well formed
		}
		for _, p := range paths {
			out = append(out, settingsCommands(p)...)
		}
	}
	return out
}

// settingsCommands returns the command lines of one settings file (none
// when it is missing, over 1 MiB or not JSON).
func settingsCommands(p string) []RegisteredCommand {
	b, err := os.ReadFile(p)
	if err != nil || len(b) > 1<<20 {
		return nil
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	var out []RegisteredCommand
	for _, cmd := range commandStrings(v, nil) {
		out = append(out, RegisteredCommand{File: p, Command: cmd})
	}
	return out
}

// commandStrings collects the command lines in a decoded settings value.
func commandStrings(v any, out []string) []string {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if s, ok := v[k].(string); ok && commandKeys.Get()[k] {
				out = append(out, s)
				continue
			}
			out = commandStrings(v[k], out)
		}
	case []any:
		for _, e := range v {
			out = commandStrings(e, out)
		}
	}
	return out
}

// programFiles returns the existing regular files a command line names:
// its words with a slash, after the expansions a hook's shell makes of
// ~, $HOME and $CLAUDE_PROJECT_DIR (relative ones are the project's,
// where hooks run).
func programFiles(cmd, home, project string) []string {
	words, err := shlex.Split(cmd)
	if err != nil {
		words = strings.Fields(cmd)
	}
	var out []string
	for _, w := range words {
		for _, v := range []struct{ name, val string }{{"${CLAUDE_PROJECT_DIR}", project}, {"$CLAUDE_PROJECT_DIR", project},
			{"${GEMINI_PROJECT_DIR}", project}, {"$GEMINI_PROJECT_DIR", project}, {"${FACTORY_PROJECT_DIR}", project},
			{"$FACTORY_PROJECT_DIR", project}, {"${HOME}", home}, {"$HOME", home}} {
			if v.val != "" {
				w = strings.ReplaceAll(w, v.name, v.val)
			}
		}
		if home != "" && (w == "~" || strings.HasPrefix(w, "~/")) {
			w = home + w[1:]
		}
		if _, val, ok := strings.Cut(w, "="); ok && strings.HasPrefix(w, "-") {
			w = val // --config=/x/y
		}
		if !strings.Contains(w, "/") || strings.Contains(w, "$") {
			continue
		}
		if !filepath.IsAbs(w) {
			if project == "" {
				continue
			}
			w = filepath.Join(project, w)
		}
		w = filepath.Clean(w)
		if fi, err := os.Stat(w); err == nil && fi.Mode().IsRegular() {
			out = append(out, w)
		}
	}
	return out
}
