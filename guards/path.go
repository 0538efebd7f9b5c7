package guards

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Env is where a path is judged from.
type Env struct {
	// Project is the project root: CLAUDE_PROJECT_DIR, else the hook's cwd.
	Project string
	// Cwd is the directory a relative path is relative to.
	Cwd     string
	Home    string
	Sandbox string
}

// Path is a normalised path.
type Path struct {
	Given string `json:"given"`
	// Abs is absolute and clean, with the symlinks of the part that exists
	// resolved; it never contains "..".
	Abs string `json:"abs"`
	// Rel is the project-relative slash path when InProject.
	Rel       string `json:"rel,omitempty"`
	InProject bool   `json:"in_project"`
}

// Normalize makes p absolute against env and resolves what can be
// resolved. The path need not exist. When p is empty the result is empty.
func Normalize(env Env, p string) Path {
	out := Path{Given: p}
	if p == "" {
		return out
	}
	abs := expandHome(p, env.Home)
	if !filepath.IsAbs(abs) {
		base := env.Cwd
		if base == "" {
			base = env.Project
		}
		if base == "" {
			base = "/"
		}
		abs = filepath.Join(base, abs)
	}
	out.Abs = resolve(filepath.Clean(abs))
	if env.Project != "" && !broadProject(env) {
		proj := resolve(filepath.Clean(env.Project))
		if rel, ok := relWithin(proj, out.Abs); ok {
			out.InProject = true
			out.Rel = filepath.ToSlash(rel)
		}
	}
	return out
}

func expandHome(p, home string) string {
	if home == "" {
		return p
	}
	if p == "~" {
		return home
	}
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(home, p[2:])
	}
	return p
}

// resolved caches resolve for the life of the process (a hook process
// decides a handful of paths; tests and benchmarks many).
var resolved sync.Map

// resolve resolves the symlinks of the longest existing prefix of the
// clean absolute path p and keeps the rest as it is.
func resolve(p string) string {
	if r, ok := resolved.Load(p); ok {
		return r.(string)
	}
	r := resolveUncached(p)
	resolved.Store(p, r)
	return r
}

func resolveUncached(p string) string {
	rest := ""
	cur := p
	for i := 0; i < 256; i++ {
		if _, err := os.Lstat(cur); err == nil {
			real, err := filepath.EvalSymlinks(cur)
			if err != nil {
				return p
			}
			if rest == "" {
				return real
			}
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p
		}
		if rest == "" {
			rest = filepath.Base(cur)
		} else {
			rest = filepath.Join(filepath.Base(cur), rest)
		}
		cur = parent
	}
	return p
}

// relWithin returns p relative to root when p is root or under it.
func relWithin(root, p string) (string, bool) {
	if root == "" || p == "" {
		return "", false
	}
	if p == root {
		return ".", true
	}
	prefix := root
	if !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	if strings.HasPrefix(p, prefix) {
		return p[len(prefix):], true
	}
	return "", false
}

// Within reports whether p is root or under it, comparing cleaned paths
// with their existing symlinks resolved, segment by segment: "sandbox/../x"
// and "sandbox-evil/x" are not within "sandbox".
func Within(root, p string) bool {
	if root == "" || p == "" || !filepath.IsAbs(root) || !filepath.IsAbs(p) {
		return false
	}
	_, ok := relWithin(resolve(filepath.Clean(root)), resolve(filepath.Clean(p)))
	return ok
}

// hasDotDot reports whether p has a ".." segment.
func hasDotDot(p string) bool {
	for _, s := range strings.Split(filepath.ToSlash(p), "/") {
		if s == ".." {
			return true
		}
	}
	return false
}

// gitRepo reports whether p is inside a git work tree: some existing
// ancestor holds a .git entry.
func gitRepo(p string) bool {
	for cur := p; ; {
		if _, err := os.Lstat(filepath.Join(cur, ".git")); err == nil {
			return true
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return false
		}
		cur = parent
	}
}

// broadProject reports a "project" that is the home directory or the root:
// an agent started there has no project, and nothing there is project-safe.
func broadProject(env Env) bool {
	p := filepath.Clean(env.Project)
	return p == "/" || env.Home != "" && p == filepath.Clean(env.Home)
}
