package syntax

import (
	"path/filepath"
	"strings"
)

// Kiro's steering files (.kiro/steering/*.md of a workspace, and the
// global ~/.kiro/steering) are put in the model's context by Kiro itself,
// and "link to live workspace files" with #[[file:PATH]] (Kiro's steering
// documentation, "File references": #[[file:api/openapi.yaml]]): the
// contents of PATH, relative to the workspace root, go in with the
// steering file, as an @import of CLAUDE.md does. So a command that
// writes #[[file:~/.ssh/id_rsa]] into a steering file is a read of the
// key (judged through Model.FileRefs as the @ forms are).

// kiroSteeringFile reports whether the file at path is a Kiro steering
// file: a Markdown file under a .kiro/steering directory.
func kiroSteeringFile(path string) bool {
	if !strings.HasSuffix(path, ".md") {
		return false
	}
	_, ok := kiroWorkspace(filepath.Dir(filepath.Clean(path)))
	return ok
}

// kiroWorkspace returns the workspace root of a steering file's directory
// dir (the directory that holds .kiro), when dir is at or under a
// .kiro/steering directory.
func kiroWorkspace(dir string) (string, bool) {
	parts := strings.Split(filepath.ToSlash(dir), "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if parts[i] == ".kiro" && parts[i+1] == "steering" {
			root := strings.Join(parts[:i], "/")
			if root == "" && filepath.IsAbs(dir) {
				root = "/"
			}
			return filepath.FromSlash(root), true
		}
	}
	return "", false
}

// KiroReferences returns the paths text names with #[[file:PATH]], in
// text order (blanks around PATH are no part of it).
func KiroReferences(text string) []string {
	const open, end = "#[[file:", "]]"
	var out []string
	for {
		i := strings.Index(text, open)
		if i < 0 {
			return out
		}
		text = text[i+len(open):]
		j := strings.Index(text, end)
		if j < 0 {
			return out
		}
		if ref := strings.TrimSpace(text[:j]); ref != "" && !strings.ContainsAny(ref, "\n") {
			out = append(out, ref)
		}
		text = text[j+len(end):]
	}
}

// FileReferences returns the references the agent that loads the file at
// path by itself follows in its text: #[[file:PATH]] in a Kiro steering
// file, @PATH (AtReferences) in the others.
func FileReferences(path, text string) []string {
	if kiroSteeringFile(path) {
		return KiroReferences(text)
	}
	return AtReferences(text)
}
