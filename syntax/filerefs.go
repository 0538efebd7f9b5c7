package syntax

import (
	"path/filepath"
	"strings"
)

// File references in the instruction files agents load by themselves.
//
// Claude Code puts the contents of @PATH in a memory file (CLAUDE.md,
// CLAUDE.local.md, .claude/rules/*.md, wherever they sit) into the
// model's context when it loads the file; Gemini CLI and Qwen Code import
// @PATH in GEMINI.md and QWEN.md (AGENTS.md is the name their
// contextFileName setting and other agents use). A command that writes
// such a file with known text and a reference leaves a read of PATH that
// no tool call shows: the walker records each reference (Model.FileRefs)
// for the rules to judge as a read.

// FileRef is a reference to Ref in the text call writes to File.
type FileRef struct {
	Call      *Call
	File, Ref string
}

// MemoryFileNames are the names of the memory files the agents load by
// themselves wherever they sit (ReferencingFile), a fresh slice each call.
func MemoryFileNames() []string {
	return []string{"CLAUDE.md", "CLAUDE.local.md", "GEMINI.md", "QWEN.md", "AGENTS.md"}
}

// ReferencingFile reports whether the agents expand @PATH references in
// the file at path when they load it by themselves: a memory file, a
// Markdown file under a .claude/rules directory, Claude Code's MEMORY.md
// notes, a Cursor rule (.cursor/rules/*.mdc or .md), or a Kiro steering
// file, whose references are #[[file:PATH]] (FileReferences).
func ReferencingFile(path string) bool {
	base := filepath.Base(path)
	switch base {
	case "CLAUDE.md", "CLAUDE.local.md", "GEMINI.md", "QWEN.md", "AGENTS.md":
		return true
	}
	md, mdc := strings.HasSuffix(base, ".md"), strings.HasSuffix(base, ".mdc")
	if !md && !mdc {
		return false
	}
	parts := strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(path))), "/")
	for i := 0; i+1 < len(parts); i++ {
		// Cursor's rules (.cursor/rules/*.mdc or .md) include the files
		// they name with @file too.
		if parts[i] == ".claude" && parts[i+1] == "rules" && md || parts[i] == ".cursor" && parts[i+1] == "rules" {
			return true
		}
	}
	return base == "MEMORY.md" && autoMemoryDir(parts) || kiroSteeringFile(path)
}

// autoMemoryDir reports the directories (as their path's segments) of
// Claude Code's own memory files, whose MEMORY.md it loads at the start
// of a session as it loads CLAUDE.md (red team 18 AM1): its auto memory,
// ~/.claude/projects/PROJECT/memory, and a subagent's persistent memory,
// .claude/agent-memory/AGENT and .claude/agent-memory-local/AGENT (in
// the home directory or a project).
func autoMemoryDir(parts []string) bool {
	n := len(parts)
	if n >= 4 && parts[n-1] == "memory" && parts[n-3] == "projects" && parts[n-4] == ".claude" {
		return true
	}
	return n >= 3 && (parts[n-2] == "agent-memory" || parts[n-2] == "agent-memory-local") && parts[n-3] == ".claude"
}

// InstructionFile reports whether an agent loads the file at path into
// the model's context by itself, at start-up or when it works in the
// file's directory: a ReferencingFile, or another agent's always-loaded
// rules (red team 18 AM2, red team 19 AM3; instructionNames and
// instructionDirs). A link there to a secret puts the secret in that
// agent's context.
func InstructionFile(path string) bool {
	if ReferencingFile(path) {
		return true
	}
	base := filepath.Base(path)
	for _, n := range instructionNames() {
		if base == n {
			return true
		}
	}
	parts := strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(path))), "/")
	n := len(parts)
	if n == 0 {
		return false
	}
	md := strings.HasSuffix(base, ".md") || strings.HasSuffix(base, ".mdc")
	for _, d := range instructionDirs() {
		for i := 0; i+1 < n; i++ {
			// The directory or one below it (.roo/rules-code is
			// .roo's rules for one mode; .continue/rules/sub/x.md).
			if parts[i] == d[0] && (parts[i+1] == d[1] || d[1] == "rules" && strings.HasPrefix(parts[i+1], "rules-")) && md {
				return true
			}
		}
	}
	switch {
	case parts[n-1] == ".github" && base == "copilot-instructions.md",
		parts[n-1] == "instructions" && n >= 2 && parts[n-2] == ".github" && strings.HasSuffix(base, ".instructions.md"),
		parts[n-1] == ".clinerules" && md,
		parts[n-1] == ".junie" && base == "guidelines.md":
		return true
	}
	return false
}

// instructionNames are the file names other agents load wherever they
// sit in the project (a fresh slice each call): Cursor's .cursorrules,
// Windsurf's .windsurfrules, Cline's .clinerules (a file; a directory is
// below), AGENT.md (Amp), AGENTS.override.md (Codex reads it in place of
// AGENTS.md in each directory), CRUSH.md (Crush), WARP.md (Warp), Zed's
// .rules, Goose's .goosehints.
func instructionNames() []string {
	return []string{"AGENT.md", ".cursorrules", ".windsurfrules", ".clinerules", "AGENTS.override.md", "CRUSH.md", "WARP.md", ".rules", ".goosehints"}
}

// instructionDirs are the directories (a parent and a child name) whose
// Markdown files other agents load as rules (a fresh slice each call):
// Kiro's .kiro/steering, Windsurf's .windsurf/rules, Continue's
// .continue/rules, Augment's .augment/rules, Roo Code's .roo/rules (and
// .roo/rules-MODE), Kilo Code's .kilocode/rules, Trae's .trae/rules,
// Amazon Q's .amazonq/rules, GitHub Copilot's custom agents in
// .github/agents.
func instructionDirs() [][2]string {
	return [][2]string{{".kiro", "steering"}, {".windsurf", "rules"}, {".continue", "rules"}, {".augment", "rules"},
		{".roo", "rules"}, {".kilocode", "rules"}, {".trae", "rules"}, {".amazonq", "rules"}, {".github", "agents"}}
}

// AtReferences returns the paths text references with @PATH (a word that
// starts with @ at the start of the text or after a blank, an opening
// bracket or a quote: an e-mail address is none) and @{PATH} (Gemini CLI's
// and Qwen Code's command files), in text order. Punctuation that ends a
// sentence is not part of a path.
func AtReferences(text string) []string {
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
		if ref := strings.TrimRight(rest[:end], ".,;:!?"); ref != "" {
			out = append(out, ref)
		}
		i += end
	}
	return out
}

// FileRefPaths returns the paths a reference can name: ~/ is the home
// directory (none without one), an absolute path itself, a relative one
// from the referencing file's directory (where Claude Code resolves its
// imports; for a Kiro steering file first its workspace root) and from
// the working directory (a command's references), each when known.
func FileRefPaths(ref, fileDir, cwd, home string) []string {
	switch {
	case ref == "~" || strings.HasPrefix(ref, "~/"):
		if home == "" {
			return nil
		}
		return []string{filepath.Join(home, ref[1:])}
	case filepath.IsAbs(ref):
		return []string{ref}
	}
	var out []string
	if root, ok := kiroWorkspace(fileDir); ok {
		out = append(out, filepath.Join(root, ref)) // Kiro's #[[file:]] (kirorefs.go)
	}
	for _, d := range []string{fileDir, cwd} {
		if d != "" {
			out = append(out, filepath.Join(d, ref))
		}
	}
	return out
}

// MaxImportHops is how deep Claude Code follows imports: a file a memory
// file imports may import others, up to five hops from the memory file.
const MaxImportHops = 5

// maxImportFiles bounds the files one text's imports read.
const maxImportFiles = 100

// Import is a reference Ref in the text of File (the file written, or a
// file it imports, Hop hops down from it).
type Import struct {
	File, Ref string
	Hop       int
}

// Imports returns the references of text, the text of the file at path,
// and those of every file they make the agent load, read with read, as
// Claude Code follows them: recursively, up to MaxImportHops from text (a
// memory file imports @docs/a.md, which imports @~/.ssh/id_rsa: red team
// 16 AT1). A reference in an imported file is relative to that file's
// directory; cwd is only tried for text's own (FileRefPaths). At most
// maxImportFiles files are read.
func Imports(path, text, cwd, home string, read func(string) (string, bool)) []Import {
	type file struct {
		path, text, cwd string
	}
	seen := map[string]bool{path: true}
	var out []Import
	level := []file{{path, text, cwd}}
	reads := 0
	for hop := 0; hop < MaxImportHops && len(level) > 0; hop++ {
		var next []file
		for _, f := range level {
			for _, ref := range FileReferences(f.path, f.text) {
				out = append(out, Import{File: f.path, Ref: ref, Hop: hop})
				if hop+1 >= MaxImportHops {
					continue
				}
				for _, p := range FileRefPaths(ref, filepath.Dir(f.path), f.cwd, home) {
					if seen[p] || reads >= maxImportFiles {
						continue
					}
					seen[p] = true
					reads++
					if t, ok := read(p); ok {
						next = append(next, file{p, t, ""})
					}
				}
			}
		}
		level = next
	}
	return out
}

// noteFileRefs records the references of text, known, that call writes to
// path when path is a file agents read references in, and those of the
// files they import (Imports): as this command leaves them, or on disk.
func (w *walker) noteFileRefs(call *Call, path, text string) {
	if !w.referencing(path) {
		return
	}
	cwd := ""
	if call.Dir.Known {
		cwd = call.Dir.Path
	}
	read := w.importRead(call, path)
	for _, im := range Imports(path, text, cwd, w.home, read) {
		w.m.FileRefs = append(w.m.FileRefs, FileRef{Call: call, File: im.File, Ref: im.Ref})
		w.noteImportedHere(im, path)
	}
}
