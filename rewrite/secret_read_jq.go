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
	return jqModuleFilesFrom(program, libs, home, "")
}

// jqModuleFilesFrom is jqModuleFiles for the directives of a module file
// in directory origin: jq resolves a relative search path of the
// metadata from the directory of the file that holds it (checked with
// jq 1.6: a module's {search: "../x"} is its own directory's ../x), while
// the working directory, the -L directories and ~/.jq are searched as
// for the command line's program; the module's own directory is not,
// unless its metadata names it ("./").
func jqModuleFilesFrom(program string, libs []string, home, origin string) []string {
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
				if origin != "" && !path.IsAbs(d[1]) {
					d[1] = path.Join(origin, d[1])
				}
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

// maxJqDepth bounds how deep the directives of modules that import
// modules are followed; maxJqModules bounds the module files read.
const maxJqDepth = 4

// jqModuleReads judges the modules jq's program loads: a data import of
// a secret (jq -L ~/.docker -n 'import "config" as $c; $c' prints
// ~/.docker/config.json) reads it as -f and --slurpfile do. A code module
// found on disk (P.jq) is read at hook time as a script file is, and its
// own directives are judged the same way, down to maxJqDepth levels and
// at most maxJqModules files: a module in the project that imports
// "config" as $c loads it from the -L directories as the command line
// would. It reports whether it found one.
func (p *Pass) jqModuleReads(c *syntax.Call, program syntax.Arg, libs []string) bool {
	return p.jqModuleReadsFrom(c, program, libs, "")
}

// jqModuleReadsFrom is jqModuleReads for a program read from a file in
// directory origin (jq -f filters/x.jq): its metadata's relative search
// paths resolve from there, as a module's do (jq 1.6, checked).
func (p *Pass) jqModuleReadsFrom(c *syntax.Call, program syntax.Arg, libs []string, origin string) bool {
	budget := maxJqModules
	return p.jqModuleReadsIn(c, program, libs, origin, 0, &budget, map[string]bool{})
}

func (p *Pass) jqModuleReadsIn(c *syntax.Call, program syntax.Arg, libs []string, origin string, depth int, budget *int, seen map[string]bool) bool {
	if !program.Static || !strings.Contains(program.Value, "import") && !strings.Contains(program.Value, "include") {
		return false
	}
	files := jqModuleFilesFrom(program.Value, libs, p.Config.Home, origin)
	for _, f := range files {
		a := syntax.Arg{Value: f, Raw: f, Static: true, Start: program.Start, End: program.End}
		if p.secretOperand(c, a, false, false, nil) {
			return true
		}
	}
	if depth >= maxJqDepth || p.Config.Paths == nil || p.Config.NoScriptFiles {
		return false
	}
	for _, f := range files {
		if !strings.HasSuffix(f, ".jq") || *budget <= 0 {
			continue
		}
		d := c.Dir.Join(f)
		if !d.Known || seen[d.Path] {
			continue
		}
		seen[d.Path] = true
		text, err := syntax.ReadScript(d.Path)
		if err != nil {
			continue
		}
		*budget--
		module := syntax.Arg{Value: text, Raw: program.Raw, Static: true, Start: program.Start, End: program.End}
		if p.jqModuleReadsIn(c, module, libs, path.Dir(f), depth+1, budget, seen) {
			return true
		}
	}
	return false
}
