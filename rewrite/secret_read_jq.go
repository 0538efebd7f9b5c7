package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// jq's module directives (its manual, "Modules"): import "P" as $NAME;
// loads the JSON data file P.json and binds it to $NAME, import "P" as
// NAME; and include "P"; load the jq code in P.jq; each may carry
// metadata, {search: "DIR"} or {search: ["DIR", …]}, that names where to
// look.
var (
	jqDirective = lazy.Regexp{Expr: `\b(import|include)\s+"((?:[^"\\]|\\.)*)"\s*(?:as\s+(\$?)[A-Za-z_][A-Za-z0-9_]*\s*)?(\{[^{}]*\})?\s*;`}
	jqSearch    = lazy.Regexp{Expr: `search"?\s*:\s*(\[[^\]]*\]|"[^"]*")`}
	jqString    = lazy.Regexp{Expr: `"([^"]*)"`}
)

// maxJqModules bounds the directives read in one program.
const maxJqModules = 64

// jqModuleFiles returns the files jq may open for the module directives
// of program: for each path P, P.json (a data import, as $NAME) or P.jq
// (code: import as NAME, include), and P/BASE.json or P/BASE.jq, under
// each directory jq searches — the metadata's search list when given,
// else the -L directories (libs) — and also the working directory and
// ~/.jq, which jq 1.6 searches as well (a relative path resolves from
// the working directory even with -L: checked with the installed jq in
// TestJqModulesRead).
func jqModuleFiles(program string, libs []string, home string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for i, m := range jqDirective.Get().FindAllStringSubmatch(program, -1) {
		if i == maxJqModules {
			break
		}
		rel := m[2]
		if rel == "" || strings.ContainsAny(rel, `\`) {
			continue
		}
		ext := ".jq"
		if m[1] == "import" && m[3] == "$" {
			ext = ".json"
		}
		dirs := append([]string{"."}, libs...)
		if home != "" {
			dirs = append(dirs, path.Join(home, ".jq"))
		}
		if s := jqSearch.Get().FindStringSubmatch(m[4]); s != nil {
			for _, d := range jqString.Get().FindAllStringSubmatch(s[1], -1) {
				dirs = append(dirs, d[1])
			}
		}
		for _, d := range dirs {
			add(path.Join(d, rel+ext))
			add(path.Join(d, rel, path.Base(rel)+ext))
		}
	}
	return out
}

// jqModuleReads judges the modules jq's program loads: a data import of
// a secret (jq -L ~/.docker -n 'import "config" as $c; $c' prints
// ~/.docker/config.json) reads it as -f and --slurpfile do. It reports
// whether it found one.
func (p *Pass) jqModuleReads(c *syntax.Call, program syntax.Arg, libs []string) bool {
	if !program.Static || !strings.Contains(program.Value, "import") && !strings.Contains(program.Value, "include") {
		return false
	}
	for _, f := range jqModuleFiles(program.Value, libs, p.Config.Home) {
		a := syntax.Arg{Value: f, Raw: f, Static: true, Start: program.Start, End: program.End}
		if p.secretOperand(c, a, false, false, nil) {
			return true
		}
	}
	return false
}
