package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Documentation builders and linters whose configuration is, or names,
// code they load (red team 12 CF): sphinx-build executes the conf.py of
// the source directory (or -c DIR) as Python; mkdocs build/serve/
// gh-deploy imports the Python files the hooks: list of mkdocs.yml names
// (MkDocs 1.4+, relative to the file); rubocop requires the Ruby files
// the require: and plugins: lists of .rubocop.yml name by a path
// (./ev.rb), following inherit_from; and the project's own modules these
// name by a package name (docplugins.go). Each file is read as a build
// script is, leniently.

// docToolRun models sphinx-build (sphinx-autobuild, python -m sphinx),
// mkdocs (python -m mkdocs) and rubocop; it reports whether call was one.
func (w *walker) docToolRun(c scope, call *Call) bool {
	tool, args := call.Name, call.Args
	if m, rest, ok := PythonModuleArgs(call); ok && m.Static {
		tool, args = m.Value, rest
	}
	switch tool {
	case "sphinx-build", "sphinx-autobuild", "sphinx":
		w.sphinxConf(c, call, args)
	case "mkdocs":
		w.mkdocsHooks(c, call, args)
	case "rubocop":
		w.rubocopRequires(c, call, args)
	default:
		return false
	}
	return true
}

// sphinxConf reads the conf.py sphinx-build runs: SOURCEDIR/conf.py, or
// CONFDIR/conf.py with -c CONFDIR; -C (no configuration) runs none.
func (w *walker) sphinxConf(c scope, call *Call, args []Arg) {
	opts, ops := ScanOptions(args, OptSpec{ShortVal: "bMdjDAtwc", LongEq: true,
		LongVal: []string{"builder", "doctree-dir", "jobs", "define", "html-define", "tag", "warning-file", "port", "host", "ignore",
			"re-ignore", "watch", "pre-build", "post-build", "delay", "open-browser-delay", "conf-dir"}})
	conf := ""
	for _, o := range opts {
		switch o.Name {
		case "help", "h", "version", "C", "isolated":
			return
		case "c", "conf-dir":
			if !w.staticOption(call, o, "sphinx-build runs the conf.py of a directory only known at run time") {
				return
			}
			conf = o.Val.Value
		}
	}
	var operands []Arg
	for _, k := range ops {
		operands = append(operands, args[k])
	}
	if conf == "" {
		if len(operands) == 0 {
			return
		}
		if !operands[0].Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: operands[0].Raw,
				What: "sphinx-build runs the conf.py of a source directory only known at run time"})
			return
		}
		conf = operands[0].Value
	}
	dir := call.Dir.Join(conf)
	w.readConfigs(c, call, dir, []string{"conf.py"}, lang.Python, false)
	if text, ok := w.readScript(dir.Join("conf.py")); ok && dir.Known {
		w.sphinxExtensionModules(c, call, dir, text) // docplugins.go
	}
}

// staticOption reports whether option o's value is known; one only known
// at run time asks (what says why) and reports false. A missing value
// (the option last on the line) is the empty text, which names nothing.
func (w *walker) staticOption(call *Call, o Option, what string) bool {
	if o.HasVal && !o.Val.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw, What: what})
		return false
	}
	return true
}

// mkdocsHooks reads the hooks mkdocs build, serve and gh-deploy import:
// the hooks: list of the configuration (-f/--config-file FILE, else
// mkdocs.yml or mkdocs.yaml), each a Python file relative to it.
func (w *walker) mkdocsHooks(c scope, call *Call, args []Arg) {
	opts, ops := ScanOptions(args, OptSpec{ShortVal: "fadtmbrw", LongEq: true,
		LongVal: []string{"config-file", "dev-addr", "site-dir", "theme", "message", "remote-branch", "remote-name", "watch"}})
	verb, file := "", ""
	if len(ops) > 0 {
		verb = args[ops[0]].Value
	}
	for _, o := range opts {
		switch o.Name {
		case "help", "h", "V", "version":
			return
		case "f", "config-file":
			if !w.staticOption(call, o, "mkdocs imports the hooks of a configuration only known at run time") {
				return
			}
			file = o.Val.Value
		}
	}
	if verb != "build" && verb != "serve" && verb != "gh-deploy" || !call.Dir.Known {
		return
	}
	names := []string{"mkdocs.yml", "mkdocs.yaml"}
	if file != "" {
		names = []string{file}
	}
	for _, n := range names {
		d := call.Dir.Join(n)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		cfgDir := Dir{Path: filepath.Dir(d.Path), Known: true}
		hooks := configValues(text, "", "hooks")
		if len(hooks) > 0 {
			w.readConfigs(c, call, cfgDir, hooks, lang.Python, true)
		}
		// The project's own plugins and Markdown extensions
		// (docplugins.go).
		roots := w.docModuleRoots(c, call, cfgDir, "PYTHONPATH", nil)
		w.mkdocsPluginModules(c, call, roots, yamlListNames(text, "plugins"))
		w.readDocModules(c, call, roots, yamlListNames(text, "markdown_extensions"))
		return
	}
}

// rubocopRequires reads the Ruby files rubocop requires: -r/--require
// FILE on the command line, and the require: and plugins: entries of its
// configuration (-c/--config FILE, else the nearest .rubocop.yml at or
// above the working directory, then ~/.rubocop.yml) that are paths
// (./ev.rb, relative to the configuration's directory), following
// inherit_from files (at most 4 deep).
func (w *walker) rubocopRequires(c scope, call *Call, args []Arg) {
	if !call.Dir.Known {
		return
	}
	var files []string
	config := ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--help" || v == "-h" || v == "-v" || v == "--version" || v == "-V" || v == "--verbose-version":
			return
		case v == "-c" || v == "--config":
			if i+1 < len(args) {
				i++
				config = args[i].Value
			}
		case strings.HasPrefix(v, "--config="):
			config = strings.TrimPrefix(v, "--config=")
		case v == "-r" || v == "--require" || v == "--plugin":
			if i+1 < len(args) {
				i++
				files = append(files, call.Dir.Join(args[i].Value).Path)
			}
		case v == "--":
			i = len(args)
		}
	}
	var cfgs []Dir
	if config != "" {
		cfgs = append(cfgs, call.Dir.Join(config))
	} else {
		for p, k := call.Dir.Path, 0; k < 32; k++ {
			f := Dir{Path: filepath.Join(p, ".rubocop.yml"), Known: true}
			if w.exists(f.Path) {
				cfgs = append(cfgs, f)
				break
			}
			if p == "/" || w.home != "" && p == w.home {
				break
			}
			p = filepath.Dir(p)
		}
		if home, _ := w.userHome(c, call, "requires the files ~/.rubocop.yml names"); home != "" && len(cfgs) == 0 {
			cfgs = append(cfgs, Dir{Path: filepath.Join(home, ".rubocop.yml"), Known: true})
		}
	}
	seen := map[string]bool{}
	for k := 0; k < len(cfgs) && k < 5; k++ {
		f := cfgs[k]
		if seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		text, ok := w.readScript(f)
		if !ok {
			continue
		}
		base := Dir{Path: filepath.Dir(f.Path), Known: true}
		var named []string
		for _, r := range configValues(text, "", "require", "plugins") {
			if strings.HasPrefix(r, ".") || strings.HasPrefix(r, "/") {
				if !strings.HasSuffix(r, ".rb") && !w.exists(base.Join(r).Path) {
					r += ".rb"
				}
				files = append(files, base.Join(r).Path)
			} else {
				named = append(named, r)
			}
		}
		// A bare name is a gem, or the project's lib/NAME.rb on the
		// load path (docplugins.go).
		files = append(files, w.rubocopNamedFiles(c, call, base, named)...)
		for _, in := range configValues(text, "", "inherit_from") {
			if !strings.Contains(in, "://") {
				cfgs = append(cfgs, base.Join(in))
			}
		}
	}
	if len(files) > 0 {
		w.readConfigs(c, call, call.Dir, files, lang.Ruby, true)
	}
}
