package syntax

import "strings"

// gitDirOutput returns the directory a command substitution that only asks
// git where its repository is prints, relative to where it runs:
// $(git rev-parse --git-dir) (also --absolute-git-dir, --git-common-dir)
// is .git, $(git rev-parse --git-path hooks) is .git/hooks. From a
// subdirectory git prints the top's .git instead; the path module
// protects a .git at any depth, so either reading reaches a protected
// directory. ok is false for anything else.
func gitDirOutput(v string) (string, bool) {
	inner, ok := strings.CutPrefix(v, "$(")
	if ok {
		inner, ok = strings.CutSuffix(inner, ")")
	} else if inner, ok = strings.CutPrefix(v, "`"); ok {
		inner, ok = strings.CutSuffix(inner, "`")
	}
	if !ok {
		return "", false
	}
	f := strings.Fields(inner)
	if len(f) < 3 || f[0] != "git" || f[1] != "rev-parse" {
		return "", false
	}
	switch f[2] {
	case "--git-dir", "--absolute-git-dir", "--git-common-dir":
		if len(f) == 3 {
			return ".git", true
		}
	case "--git-path":
		if len(f) == 4 && !strings.ContainsAny(f[3], "$`") {
			return ".git/" + f[3], true
		}
	}
	return "", false
}
