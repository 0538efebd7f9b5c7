package guards

import (
	"fmt"
	"os"
	"path/filepath"
)

// PathCommandRule is the rule of a write that puts a file in a
// directory of the home where a shell finds commands by name.
const PathCommandRule = "path-command"

// pathCommand asks about a write of a file directly inside a directory
// under the home directory that is on PATH (or of that directory
// itself): the file becomes a command every later call, and the user's
// own shells, run by its name — a name corral judges as the program it
// usually is, without reading the file (printf '#!/bin/sh\nrm -rf ~' >
// ~/.local/bin/cleanup, then cleanup in a later call; a cp, ln or
// install into ~/.local/bin/ls shadows ls). The directories are the
// absolute entries of the hook's PATH inside the home directory (the
// home itself, the project and what is under it left out: a project's
// own node_modules/.bin is the project's) and ~/bin and ~/.local/bin,
// which the default ~/.profile of Debian and Ubuntu put on PATH at the
// next login as soon as they exist.
func pathCommand(env Env, np Path) Decision {
	if env.Home == "" || np.Abs == env.Home || !Within(env.Home, np.Abs) {
		return Decision{}
	}
	if np.InProject || env.Project != "" && Within(env.Project, np.Abs) {
		return Decision{}
	}
	parent := filepath.Dir(np.Abs)
	for _, d := range commandDirs(env) {
		if np.Abs != d && parent != d {
			continue
		}
		return Decision{Verdict: Ask, Rule: PathCommandRule, Pattern: d, Source: "corral", PathContext: ContextOutside,
			Message: fmt.Sprintf("Command on PATH: %s is in %s, a directory on PATH, so the file becomes a command that later calls and the user's own shells run by its name; corral does not read it when it runs", np.Abs, d)}
	}
	return Decision{}
}

// commandDirs returns pathCommand's directories, each as written and,
// when a link leads elsewhere, as resolved.
func commandDirs(env Env) []string {
	var out []string
	add := func(d string) {
		if !filepath.IsAbs(d) {
			return // a relative entry follows the cwd: the project's
		}
		d = filepath.Clean(d)
		for _, x := range []string{d, resolve(d)} {
			if x == env.Home || !Within(env.Home, x) || env.Project != "" && Within(env.Project, x) {
				continue
			}
			out = append(out, x)
		}
	}
	add(filepath.Join(env.Home, "bin"))
	add(filepath.Join(env.Home, ".local", "bin"))
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if d != "" && Within(env.Home, filepath.Clean(d)) {
			add(d)
		}
	}
	return out
}
