package app

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/guards"
)

// File references in an agent's instruction text.
//
// Claude Code replaces @PATH in a custom command, a skill and its memory
// files (CLAUDE.md, CLAUDE.local.md, .claude/rules/*.md, imported from
// wherever they sit) with that file's contents when it loads the text;
// Gemini CLI and Qwen Code import @PATH in GEMINI.md and QWEN.md and
// inject @{PATH} in their command files. Each is a read of PATH into
// the model's context that no Read call shows, so a reference that
// reaches a secret file is judged as a Read of it: written into such a
// file (Write, Edit) and when a skill or command is loaded (Skill).

// memoryFileNames are the instruction files the agents load with their
// @ imports expanded, wherever they sit (a nested src/CLAUDE.md is loaded
// when a file under src/ is read). AGENTS.md is the name Gemini CLI's
// contextFileName setting and other agents use for the same file.
var memoryFileNames = []string{"CLAUDE.md", "CLAUDE.local.md", "GEMINI.md", "QWEN.md", "AGENTS.md"}

// importsText reports whether the agents expand file references in the
// file at path: a memory file, a file under a .claude/rules directory,
// or an agent's command, skill or subagent (rule is the path guards'
// rule for it).
func importsText(path, rule string) bool {
	if rule == guards.AgentCodeRule {
		return true
	}
	base := filepath.Base(path)
	for _, n := range memoryFileNames {
		if base == n {
			return true
		}
	}
	parts := strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(path))), "/")
	for i := 0; i+1 < len(parts); i++ {
		if parts[i] == ".claude" && parts[i+1] == "rules" {
			return strings.HasSuffix(base, ".md")
		}
	}
	return false
}

// atReferences returns the paths text references with @PATH (a word that
// starts with @, after the start of the text, a blank or an opening
// bracket or quote: an e-mail address is not one) and @{PATH}, in text
// order. Trailing punctuation that ends a sentence is not part of a
// path.
func atReferences(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '@' {
			continue
		}
		if i > 0 && !strings.ContainsRune(" \t\r\n([{<\"'`", rune(text[i-1])) {
			continue
		}
		rest := text[i+1:]
		if strings.HasPrefix(rest, "{") {
			if end := strings.IndexByte(rest, '}'); end > 1 {
				out = append(out, strings.TrimSpace(rest[1:end]))
				i += end
			}
			continue
		}
		end := strings.IndexAny(rest, " \t\r\n`\"'<>)]}")
		if end < 0 {
			end = len(rest)
		}
		ref := strings.TrimRight(rest[:end], ".,;:!?")
		if ref != "" {
			out = append(out, ref)
		}
		i += end
	}
	return out
}

// referencedSecret returns the first secret file a reference of text
// reaches: ~/ is the home directory, a relative path is tried from the
// file's directory (Claude Code's imports) and from the working directory
// (a command's references).
func (s *settings) referencedSecret(text, fileDir string) (guards.Secret, bool) {
	sec := s.paths.Secrets()
	ge := s.guardsEnv()
	for _, ref := range atReferences(text) {
		var tries []string
		switch {
		case ref == "~" || strings.HasPrefix(ref, "~/"):
			if s.cfg.Home == "" {
				continue
			}
			tries = []string{filepath.Join(s.cfg.Home, ref[1:])}
		case filepath.IsAbs(ref):
			tries = []string{ref}
		default:
			if fileDir != "" {
				tries = append(tries, filepath.Join(fileDir, ref))
			}
			if s.cfg.Cwd != "" {
				tries = append(tries, filepath.Join(s.cfg.Cwd, ref))
			}
		}
		for _, p := range tries {
			if sc, ok := sec.Match(ge, p); ok {
				return sc, true
			}
		}
	}
	return guards.Secret{}, false
}

// importedSecret judges a Write or Edit of an instruction file whose text
// the agents expand file references in: a reference to a secret file is a
// read of it, decided as the read guard decides a Read (deny, or ask when
// the policy says so); d is the decision so far.
func (s *settings) importedSecret(req *agent.Request, path string, d guards.Decision) guards.Decision {
	if !importsText(path, d.Rule) {
		return d
	}
	text, ok := agentCodeText(req, path)
	if !ok {
		return d
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	sc, ok := s.referencedSecret(text, filepath.Dir(abs))
	if !ok {
		return d
	}
	sec := s.paths.Secrets()
	if sec.Verdict <= d.Verdict {
		return d
	}
	return guards.Decision{Verdict: sec.Verdict, Rule: "secret-read", Source: sec.Source, PathContext: "blocked", Path: d.Path,
		Message: "corral: " + sc.Reason(path+" references (the agent loads it into its context with the text)")}
}
