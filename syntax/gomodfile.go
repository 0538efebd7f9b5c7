package syntax

import (
	"path/filepath"
	"strings"
)

// The go command takes its module file and its workspace file from
// elsewhere than the directories above the package: -modfile FILE (a
// flag, or in GOFLAGS) reads FILE in place of go.mod (go.mod still marks
// the module's root, and FILE's relative replacements are taken from
// there), and GOWORK=FILE (the environment, else the go env file) is the
// workspace file instead of the nearest go.work (GOWORK=off: none). Their
// replace and use directives put the agent's directory in place of a
// dependency, whose init functions run with the program (red team 19
// GO2). A file only run time knows asks.

// goModSel names the module and workspace files a go call reads.
type goModSel struct {
	// modfile is -modfile's FILE ("" for go.mod), as given.
	modfile string
	// gowork is GOWORK's value: "" to search, "off", or the file.
	gowork string
	// call is the go call: a file it reads that the command wrote with
	// text only run time knows asks.
	call *Call
}

// goWorkValue returns the GOWORK a go call runs with: its environment's,
// else the go env file's (envFile); known is false for a value only run
// time knows.
func (w *walker) goWorkValue(c scope, call *Call, envWords map[string]string, envFile string) (value string, known bool) {
	if v, ok := envWords["GOWORK"]; ok {
		return v, true
	}
	if v, known, ok := w.envValue(c, call, "GOWORK", true); ok {
		return v, known
	}
	for _, line := range strings.Split(envFile, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "GOWORK="); ok {
			return v, true
		}
	}
	return "", true
}

// goModReplaced returns the local directories the module file text
// (read from the module root root) replaces dependencies with, and, for a
// workspace file, the modules it uses together with the directories
// their own go.mod files replace dependencies with.
func (w *walker) goModReplaced(text string, work bool, root string) []string {
	var out []string
	for _, p := range goModLocalDirs(text, work) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		p = filepath.Clean(p)
		out = append(out, p)
		if !work {
			continue
		}
		// A workspace module's own go.mod replacements apply in the
		// workspace too.
		mod, ok := w.readScript(Dir{Path: filepath.Join(p, "go.mod"), Known: true})
		if !ok {
			continue
		}
		for _, q := range goModLocalDirs(mod, false) {
			if !filepath.IsAbs(q) {
				q = filepath.Join(p, q)
			}
			out = append(out, filepath.Clean(q))
		}
	}
	return out
}
