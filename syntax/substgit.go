package syntax

import (
	"os"
	"path"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Command substitutions whose output state corral tracks decides.
//
// $(printenv NAME) prints an exported variable the shell knows, and
// $(git rev-parse --show-toplevel) (--git-dir, --absolute-git-dir,
// --git-common-dir, --git-path X) prints where the repository that git
// finds from the working directory is: both are computed, so
// cat "$(git rev-parse --show-toplevel)/.env" is a read of the project's
// .env and cp x "$(git rev-parse --git-path hooks)/pre-commit" a write
// into .git/hooks. Where git could look elsewhere (a GIT_* variable, a
// .git file, a bare layout, core.hooksPath for --git-path, a repository
// another user owns) the output stays run time.

// shadowed reports whether name is a function or an alias of the
// script: then it is not the program.
func (r *resolver) shadowed(name string) bool {
	if _, ok := r.st.funcs[name]; ok {
		return true
	}
	_, ok := r.st.aliases[name]
	return ok
}

// printenvOutput is printenv NAME: the value and a newline when NAME is
// exported with a known value; a name the shell did not export may still
// come from its environment, so it is left to run time.
func (r *resolver) printenvOutput(args []string) (string, bool) {
	if len(args) != 1 || !isName(args[0]) || r.shadowed("printenv") {
		return "", false
	}
	v, ok := r.st.vars[args[0]]
	if !ok || !v.exported || !v.known || !v.set || v.array || v.nameref {
		return "", false
	}
	return v.str + "\n", true
}

// gitRevParseOutput is git rev-parse with one of the options that print
// a repository path. git searches from the physical working directory
// upwards for NAME/.git (setup.c) and prints paths relative to where it
// runs: at the top .git, below it the absolute git directory for
// --git-dir and ../.git (one .. a level) for --git-common-dir and
// --git-path (git 2.39; other versions may print another spelling of
// the same file). Only a .git directory found by that search counts.
func (r *resolver) gitRevParseOutput(args []string) (string, bool) {
	if !r.st.pathLookup || !r.dir.Known || r.shadowed("git") || len(args) < 2 || args[0] != "rev-parse" {
		return "", false
	}
	args = args[1:]
	// --path-format=absolute|relative before the query: every path
	// absolute, or relative to the working directory (--show-toplevel
	// too; --absolute-git-dir stays absolute).
	format := ""
	if v, ok := strings.CutPrefix(args[0], "--path-format="); ok {
		if v != "absolute" && v != "relative" || len(args) < 2 {
			return "", false
		}
		format, args = v, args[1:]
	}
	if len(args) > 2 {
		return "", false
	}
	opt, rest := args[0], args[1:]
	switch opt {
	case "--show-toplevel", "--git-dir", "--absolute-git-dir", "--git-common-dir":
		if len(rest) != 0 {
			return "", false
		}
	case "--git-path":
		if len(rest) != 1 {
			return "", false
		}
	default:
		return "", false
	}
	// The environment variables that change where git finds its
	// repository or how it maps a path inside it.
	for _, n := range [...]string{"GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES",
		"GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_OBJECT_DIRECTORY", "GIT_INDEX_FILE", "GIT_GRAFT_FILE",
		"GIT_CONFIG", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS",
		"GIT_CONFIG_NOSYSTEM", "XDG_CONFIG_HOME"} {
		if _, ok := r.st.vars[n]; ok || os.Getenv(n) != "" {
			return "", false
		}
	}
	cwd := physicalPath(r.dir.Path, r.st.links, true)
	if fi, err := os.Stat(cwd); err != nil || !fi.IsDir() {
		return "", false // made by the command, or not there: run time
	}
	dev, ok := deviceOf(cwd)
	if !ok {
		return "", false
	}
	top, up := "", 0
	for d := cwd; up < maxGitWalk; up++ {
		fi, err := os.Lstat(path.Join(d, ".git"))
		if err == nil {
			if !fi.IsDir() {
				return "", false // a .git file or link: a linked worktree or submodule
			}
			top = d
			break
		}
		if gitDirLayout(d) {
			return "", false // inside a git directory, or a bare repository
		}
		parent := path.Dir(d)
		if parent == d {
			return "", false
		}
		// git does not cross into another file system (without
		// GIT_DISCOVERY_ACROSS_FILESYSTEM): it finds nothing there.
		if pd, ok := deviceOf(parent); !ok || pd != dev {
			return "", false
		}
		d = parent
	}
	if top == "" || !ownedByUs(top) || !ownedByUs(path.Join(top, ".git")) {
		return "", false
	}
	gd := path.Join(top, ".git")
	// rel is the relative spelling: ../ a level up from the physical
	// working directory. Where the shell's logical directory would take
	// those .. elsewhere (it is a link below the top), the absolute path
	// stands for it: the same directory, spelled otherwise than git does.
	rel, relTop := ".git", "./"
	if up > 0 {
		relTop = strings.Repeat("../", up)
		rel = relTop + ".git"
	}
	if up > 0 && physicalPath(path.Join(r.dir.Path, rel), r.st.links, true) != gd {
		rel, relTop = gd, top
	}
	switch {
	case opt == "--absolute-git-dir":
		return gd + "\n", true
	case format == "absolute" && opt == "--show-toplevel":
		return top + "\n", true
	case format == "absolute" && opt != "--git-path":
		return gd + "\n", true
	}
	switch opt {
	case "--show-toplevel":
		if format == "relative" {
			return relTop + "\n", true
		}
		return top + "\n", true
	case "--git-dir":
		if up > 0 && format == "" {
			return gd + "\n", true
		}
		return rel + "\n", true
	case "--git-common-dir":
		return rel + "\n", true
	}
	// --git-path X: the git directory, a slash and X as given, unless
	// core.hooksPath moves hooks elsewhere.
	home := r.st.get("HOME")
	if !home.known || !home.set || !path.IsAbs(home.str) {
		return "", false
	}
	for _, f := range []string{path.Join(gd, "config"), path.Join(home.str, ".gitconfig"), path.Join(home.str, ".config/git/config"), "/etc/gitconfig"} {
		if _, ok := configHooksPath(f); ok {
			return "", false
		}
	}
	if format == "absolute" {
		rel = gd
	}
	return rel + "/" + rest[0] + "\n", true
}

// staticWords returns the words of a plain simple command (no
// redirection, assignment, negation, background) when all of them are
// static and none is a glob.
func (r *resolver) staticWords(st *sh.Stmt) ([]string, bool) {
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return nil, false
	}
	var words []string
	for _, w := range ce.Args {
		for _, f := range r.fields(w) {
			if !f.Static || f.Glob {
				return nil, false
			}
			words = append(words, f.Value)
		}
	}
	return words, len(words) > 0
}

// passwdHome is getent passwd NAME | cut -d: -f6: the home directory of
// user NAME as /etc/passwd gives it (userHome), when NAME is there. A
// name only another user database knows, a number (getent takes a UID
// too) or any other cut is left to run time.
func (r *resolver) passwdHome(x, y *sh.Stmt) (string, bool) {
	g, ok := r.staticWords(x)
	if !ok || len(g) != 3 || g[0] != "getent" || g[1] != "passwd" || g[2] == "" || strings.Trim(g[2], "0123456789") == "" || r.shadowed("getent") {
		return "", false
	}
	c, ok := r.staticWords(y)
	if !ok || c[0] != "cut" || r.shadowed("cut") {
		return "", false
	}
	delim, field := false, false
	for i := 1; i < len(c); i++ {
		switch a := c[i]; {
		case a == "-d:" || a == "--delimiter=:":
			delim = true
		case a == "-f6" || a == "--fields=6":
			field = true
		case (a == "-d" || a == "-f") && i+1 < len(c):
			i++
			if a == "-d" && c[i] == ":" {
				delim = true
			} else if a == "-f" && c[i] == "6" {
				field = true
			} else {
				return "", false
			}
		default:
			return "", false
		}
	}
	if !delim || !field {
		return "", false
	}
	h, ok := userHome(g[2])
	if !ok || strings.Contains(h, "\n") {
		return "", false
	}
	return h + "\n", true
}
