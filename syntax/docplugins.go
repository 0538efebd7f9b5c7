package syntax

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Code a documentation builder or linter loads by a package name its
// configuration gives (issue 9 leftovers), when that name is the
// project's own code:
//   - MkDocs' plugins: are entry points of the group mkdocs.plugins of
//     installed distributions; the project's own (its pyproject.toml's
//     [project.entry-points."mkdocs.plugins"], poetry's plugins table,
//     setup.cfg's or setup.py's entry_points, installed editable) name a
//     module of the project, which is read, or asked about when it is
//     not found; markdown_extensions: are modules Python-Markdown
//     imports by name;
//   - Sphinx's extensions (conf.py's extensions = […], += […],
//     .append/.extend) are modules imported by name, from the
//     directories conf.py puts on sys.path with a literal (relative to
//     the configuration's directory, where Sphinx runs conf.py) among
//     others;
//   - RuboCop's require:/plugins: by a bare name are required through
//     Ruby's load path: the project's lib/NAME.rb (NAME with "-" as "/"
//     too) when a Gemfile's gemspec or -I puts lib there.
// A module is looked for under the configuration's directory, the
// project, the working directory and the command's PYTHONPATH (RUBYLIB
// for Ruby), as NAME/…/LAST.py or …/__init__.py (and under src/): a
// module found there is the project's code and is read as the tool's
// hooks are; a name found nowhere is an installed package and passes.

// maxDocModules bounds the modules read for one configuration.
const maxDocModules = 16

var (
	// sphinxExtensions matches conf.py's assignments and calls that set
	// the extensions list.
	sphinxExtensions = lazy.Regexp{Expr: `(?s)\bextensions\s*(?:=|\+=)\s*[\[(](.*?)[\])]|\bextensions\s*\.\s*(?:append|extend|insert)\s*\((.*?)\)`}
	// sphinxSysPath matches a literal directory conf.py puts on sys.path.
	sphinxSysPath = lazy.Regexp{Expr: `sys\s*\.\s*path\s*\.\s*(?:insert\s*\(\s*\d+\s*,|append\s*\()([^\n]*)`}
	// pyQuoted matches a quoted Python string without escapes.
	pyQuoted = lazy.Regexp{Expr: `'([^'\\\n]*)'|"([^"\\\n]*)"`}
)

// quotedStrings returns the quoted strings of text, in order.
func quotedStrings(text string) []string {
	var out []string
	for _, m := range pyQuoted.Get().FindAllStringSubmatch(text, 64) {
		out = append(out, m[1]+m[2])
	}
	return out
}

// yamlListNames returns the names a top-level key of YAML text lists:
// [a, b], block items "- a", "- a:" with options below, or a mapping's
// keys "a: {…}", as MkDocs' plugins: and markdown_extensions: take them.
func yamlListNames(text, key string) []string {
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \t\r")
		k, v, ok := strings.Cut(line, ":")
		if !ok || line == "" || line[0] == ' ' || line[0] == '\t' || yamlUnquote(strings.TrimSpace(k)) != key {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "[") {
			for _, item := range strings.Split(strings.Trim(v, "[]"), ",") {
				if n := yamlItemName(item); n != "" {
					out = append(out, n)
				}
			}
			continue
		}
		indent := -1
		for i+1 < len(lines) && len(out) < maxConfigValues {
			next := strings.TrimRight(lines[i+1], " \t\r")
			t := strings.TrimLeft(next, " \t")
			if t == "" || t[0] == '#' {
				i++
				continue
			}
			d := len(next) - len(t)
			if d == 0 && !strings.HasPrefix(t, "- ") {
				break // the next top-level key
			}
			if indent < 0 {
				indent = d
			}
			if d < indent {
				break
			}
			i++
			if d > indent {
				continue // an item's options
			}
			t = strings.TrimPrefix(t, "- ")
			if n := yamlItemName(t); n != "" {
				out = append(out, n)
			}
		}
	}
	return out
}

// yamlItemName is the name of one item: "name", "name:", "name: {…}".
func yamlItemName(item string) string {
	item = strings.TrimSpace(item)
	if k, _, ok := strings.Cut(item, ": "); ok {
		item = k
	}
	return yamlUnquote(strings.TrimSpace(strings.TrimSuffix(item, ":")))
}

// docModuleRoots returns the directories a module named by a tool's
// configuration in dir is looked for under: dir, extra, the project,
// the working directory and the command's PYTHONPATH (or RUBYLIB).
func (w *walker) docModuleRoots(c scope, call *Call, dir Dir, pathVar string, extra []string) []string {
	var roots []string
	add := func(p string) {
		if p != "" && filepath.IsAbs(p) && !slices.Contains(roots, p) {
			roots = append(roots, p)
		}
	}
	add(dir.Path)
	for _, e := range extra {
		add(e)
	}
	add(w.project)
	if call.Dir.Known {
		add(call.Dir.Path)
	}
	if v, known, set := w.envOf(c, call, pathVar); set && known {
		for _, e := range strings.Split(v, ":") {
			if d := call.Dir.Join(e); d.Known && e != "" {
				add(d.Path)
			}
		}
	}
	return roots
}

// pyModuleFiles returns the files of the project that importing module
// (a.b.c, or a.b:Attr) runs — the module (a/b/c.py or a/b/c/__init__.py)
// and each enclosing package's __init__.py — under the first root (or
// its src/) that holds the module.
func (w *walker) pyModuleFiles(roots []string, module string) []string {
	module, _, _ = strings.Cut(module, ":")
	if module == "" || strings.ContainsAny(module, "/\\ ") {
		return nil
	}
	parts := strings.Split(module, ".")
	for _, root := range roots {
		for _, base := range []string{root, filepath.Join(root, "src")} {
			p := filepath.Join(append([]string{base}, parts...)...)
			var files []string
			switch {
			case w.exists(p + ".py"):
				files = append(files, p+".py")
			case w.exists(filepath.Join(p, "__init__.py")):
				files = append(files, filepath.Join(p, "__init__.py"))
			default:
				continue
			}
			for k := len(parts) - 1; k >= 1; k-- {
				if init := filepath.Join(append(append([]string{base}, parts[:k]...), "__init__.py")...); w.exists(init) {
					files = append(files, init)
				}
			}
			return files
		}
	}
	return nil
}

// readDocModules reads the files of the project's modules a tool's
// configuration names (pyModuleFiles) as the tool's code.
func (w *walker) readDocModules(c scope, call *Call, roots, modules []string) {
	var files []string
	for _, m := range modules[:min(len(modules), maxDocModules)] {
		files = append(files, w.pyModuleFiles(roots, m)...)
	}
	if len(files) > 0 {
		w.readConfigs(c, call, call.Dir, files, lang.Python, true)
	}
}

// mkdocsPluginModules reads the project's own MkDocs plugins among
// names: the entry points of the group mkdocs.plugins its packaging
// files declare (pyproject.toml, setup.cfg, setup.py in the roots). A
// plugin the project declares whose module is not found asks.
func (w *walker) mkdocsPluginModules(c scope, call *Call, roots, names []string) {
	var modules []string
	for _, root := range roots {
		for _, f := range []string{"pyproject.toml", "setup.cfg", "setup.py"} {
			text, ok := w.readScript(Dir{Path: filepath.Join(root, f), Known: true})
			if !ok || !strings.Contains(text, "mkdocs.plugins") {
				continue
			}
			for _, n := range names {
				if m := entryPointModule(text, n); m != "" {
					if len(w.pyModuleFiles(roots, m)) == 0 {
						w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: n,
							What: "mkdocs loads the plugin " + n + ", which the project's " + f + " declares as " + m + ", a module corral did not find"})
						continue
					}
					modules = append(modules, m)
				}
			}
		}
	}
	w.readDocModules(c, call, roots, modules)
}

// entryPointModule returns the module the entry point name of the group
// mkdocs.plugins names in a packaging file's text (name = "mod:Class",
// "name = mod:Class" in setup.py's lists), or "".
func entryPointModule(text, name string) string {
	q := regexp.QuoteMeta(name)
	re, err := regexp.Compile(`(?m)^\s*["']?` + q + `["']?\s*=\s*["']?([A-Za-z_][\w.]*)\s*:|["']\s*` + q + `\s*=\s*([A-Za-z_][\w.]*)\s*:`)
	if err != nil {
		return ""
	}
	at := strings.Index(text, "mkdocs.plugins")
	for at >= 0 {
		// The lines after the group's name, up to the next section.
		rest := text[at:]
		if end := strings.Index(rest, "\n["); end > 0 {
			rest = rest[:end]
		}
		if m := re.FindStringSubmatch(rest); m != nil {
			return m[1] + m[2]
		}
		next := strings.Index(text[at+1:], "mkdocs.plugins")
		if next < 0 {
			break
		}
		at += 1 + next
	}
	return ""
}

// sphinxExtensionModules reads the project's modules conf.py (text, in
// dir) names as extensions.
func (w *walker) sphinxExtensionModules(c scope, call *Call, dir Dir, text string) {
	var names, extra []string
	for _, m := range sphinxExtensions.Get().FindAllStringSubmatch(text, 16) {
		names = append(names, quotedStrings(m[1]+m[2])...)
	}
	if len(names) == 0 {
		return
	}
	for _, m := range sphinxSysPath.Get().FindAllStringSubmatch(text, 16) {
		if s := quotedStrings(m[1]); len(s) > 0 {
			if d := dir.Join(s[0]); d.Known {
				extra = append(extra, d.Path)
			}
		}
	}
	w.readDocModules(c, call, w.docModuleRoots(c, call, dir, "PYTHONPATH", extra), names)
}

// rubocopNamedFiles returns the project's files rubocop requires for the
// bare names of its configuration in dir: lib/NAME.rb and lib/N/A/M/E.rb
// ("-" as "/", as RuboCop's feature loader tries next) under the
// configuration's directory, the project and the working directory, and
// NAME.rb under the command's RUBYLIB.
func (w *walker) rubocopNamedFiles(c scope, call *Call, dir Dir, names []string) []string {
	var libs []string
	for _, r := range []string{dir.Path, w.project, call.Dir.Path} {
		if r != "" && filepath.IsAbs(r) && !slices.Contains(libs, filepath.Join(r, "lib")) {
			libs = append(libs, filepath.Join(r, "lib"))
		}
	}
	if v, known, set := w.envOf(c, call, "RUBYLIB"); set && known {
		for _, e := range strings.Split(v, ":") {
			if d := call.Dir.Join(e); d.Known && e != "" {
				libs = append(libs, d.Path)
			}
		}
	}
	var out []string
	for _, n := range names[:min(len(names), maxDocModules)] {
		if n == "" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "/") || strings.Contains(n, "..") {
			continue
		}
	search:
		for _, lib := range libs {
			for _, cand := range []string{n, strings.ReplaceAll(n, "-", "/")} {
				if p := filepath.Join(lib, cand+".rb"); w.exists(p) {
					out = append(out, p)
					break search
				}
			}
		}
	}
	return out
}
