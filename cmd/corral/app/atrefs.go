package app

import (
	"path/filepath"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
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

// importsText reports whether the agents expand file references in the
// file at path: a memory file or a file under a .claude/rules directory
// (syntax.ReferencingFile), or an agent's command, skill or subagent (rule
// is the path guards' rule for it).
func importsText(path, rule string) bool {
	return rule == guards.AgentCodeRule || syntax.ReferencingFile(path)
}

// importedByMemory reports whether a memory file on disk imports the
// file at abs (syntax.ImportedFiles): CLAUDE.md holding @docs/a.md makes
// a Write of docs/a.md a write of text the agent loads (red team 17 AT1b).
func (s *settings) importedByMemory(abs string) bool {
	sec := s.paths.Secrets()
	ge := s.guardsEnv()
	read := func(p string) (string, bool) {
		if _, ok := sec.Match(ge, p); ok {
			return "", false
		}
		t, err := syntax.ReadScript(p)
		return t, err == nil
	}
	return syntax.NewImportedFiles(s.cfg.Project, s.cfg.Home, read).Imported(filepath.Clean(abs))
}

// referencedSecret returns the first secret file a reference of text
// reaches: ~/ is the home directory, a relative path is tried from the
// file's directory (Claude Code's imports) and from the working directory
// (a command's references).
func (s *settings) referencedSecret(text, path string) (guards.Secret, bool) {
	sc, ok, _ := s.referencedSecretWhy(text, path)
	return sc, ok
}

// referencedSecretWhy is referencedSecret, and when no secret is found
// but an imported file is there that corral does not read whole (larger
// than 1 MiB, a FIFO: syntax.UnreadableWhy), that file and why: what it
// imports is unknown (unreadtext.go).
func (s *settings) referencedSecretWhy(text, path string) (guards.Secret, bool, string) {
	sec := s.paths.Secrets()
	ge := s.guardsEnv()
	unread := ""
	read := func(p string) (string, bool) {
		if _, ok := sec.Match(ge, p); ok {
			return "", false // judged as it is; never read
		}
		t, err := syntax.ReadScript(p)
		if err != nil && unread == "" {
			if why := syntax.UnreadableWhy(p); why != "" {
				unread = p + ", " + why
			}
		}
		return t, err == nil
	}
	// The references of the text and of the files they import, as
	// Claude Code follows them (syntax.Imports).
	for _, im := range syntax.Imports(path, text, s.cfg.Cwd, s.cfg.Home, read) {
		cwd := s.cfg.Cwd
		if im.Hop > 0 {
			cwd = ""
		}
		for _, p := range syntax.FileRefPaths(im.Ref, filepath.Dir(im.File), cwd, s.cfg.Home) {
			if sc, ok := sec.Match(ge, p); ok {
				return sc, true, ""
			}
		}
	}
	return guards.Secret{}, false, unread
}

// importedSecret judges a Write or Edit of an instruction file whose text
// the agents expand file references in: a reference to a secret file is a
// read of it, decided as the read guard decides a Read (deny, or ask when
// the policy says so); d is the decision so far.
func (s *settings) importedSecret(req *agent.Request, path string, d guards.Decision) guards.Decision {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	if !importsText(path, d.Rule) && (!mayReference(req, path) || !s.importedByMemory(abs)) {
		return d
	}
	text, ok, why := agentCodeTextWhy(req, path)
	sec := s.paths.Secrets()
	if !ok {
		if why != "" && sec.Verdict > d.Verdict {
			// The text is there but larger than corral reads: the files
			// its @ references import are unknown (red team 16 SZ1).
			return unreadTextDecision(d, "secret-read", "the text this write leaves in "+path+" is "+why,
				"the files its @ references load into the agent's context are unknown")
		}
		return d
	}
	sc, ok, unread := s.referencedSecretWhy(text, abs)
	if !ok {
		if unread != "" && sec.Verdict > d.Verdict {
			return unreadTextDecision(d, "secret-read", path+" imports "+unread,
				"the files that one's @ references load into the agent's context are unknown")
		}
		return d
	}
	if sec.Verdict <= d.Verdict {
		return d
	}
	return guards.Decision{Verdict: sec.Verdict, Rule: "secret-read", Source: sec.Source, PathContext: "blocked", Path: d.Path,
		Message: "corral: " + sc.Reason(path+" references (the agent loads it into its context with the text)")}
}
