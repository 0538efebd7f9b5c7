package syntax

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Everyday tools load a configuration file of the project that is code,
// run by a bare command: eslint, prettier, vite, webpack, rollup,
// stylelint, babel and next import their *.config.js (a JavaScript module
// that can do anything node can); bundle evaluates the Gemfile as Ruby;
// cmake, configuring a build, runs CMakeLists.txt (execute_process,
// file(REMOVE_RECURSE …)); pre-commit runs the entry of each hook of
// .pre-commit-config.yaml as a command. The agent can write such a file
// and then run the tool, so the file is read as the tool's code, in its
// language, as a build script is (only what the text shows is judged: a
// path computed from __dirname or ${CMAKE_BINARY_DIR} does not ask). A
// configuration that does not exist runs nothing.

// configTool is how one tool finds its configuration: the files it
// looks for in the working directory, first found wins (unless all),
// and the options that name another file.
type configTool struct {
	as    lang.Lang
	files []string
	opts  []string // options whose value is the configuration file
	off   []string // options that turn the configuration off
	all   bool     // every file found is loaded
	// asked: the configuration is read only when an option of opts is
	// given, whose value is optional (rollup -c [FILE]).
	asked bool
	// sub are the subcommands that load the file (brew bundle, pod
	// install); none: any. skip are subcommands that do not (mix new).
	sub, skip []string
	// operand: the first operand after the subcommand is the file, or a
	// directory holding files[0] (conan install DIR).
	operand bool
}

// jsConfig returns a tool's configuration names: base.config.EXT for
// the module extensions node and the tools' TypeScript loaders accept,
// then each extra name.
func jsConfig(base string, extra ...string) []string {
	var out []string
	for _, ext := range []string{"js", "mjs", "cjs", "ts", "mts", "cts"} {
		out = append(out, base+".config."+ext)
	}
	return append(out, extra...)
}

// storybookMain returns the names of Storybook's main configuration,
// .storybook/main.EXT.
func storybookMain() []string {
	var out []string
	for _, ext := range []string{"js", "mjs", "cjs", "ts", "mts", "cts"} {
		out = append(out, ".storybook/main."+ext)
	}
	return out
}

// configToolNames are configTools' keys, so that a call of any other
// program (nearly every call) does not build the table
// (TestLazyTableNames checks that they agree).
var configToolNames = [...]string{"eslint", "playwright", "prettier", "vite", "webpack", "webpack-cli", "webpack-dev-server", "stylelint", "babel",
	"rollup", "next", "tailwindcss", "postcss", "bundle", "bundler", "gulp", "grunt", "scons", "invoke", "inv", "fab", "doit", "conan",
	"vagrant", "pod", "brew", "danger", "guard", "mix", "meson", "tilt", "berks", "cap", "fastlane", "xmake", "premake5", "premake4",
	"astro", "nuxi", "nuxt", "gatsby", "docusaurus", "knex", "drizzle-kit", "tsup", "vue-cli-service", "cypress", "commitlint",
	"svelte-kit", "remix", "storybook", "start-storybook", "build-storybook", "ava", "expo", "lein"}

// configTools are the tools configRun reads the configuration of, by
// their documentation's lookup order.
var configTools = lazy.Value[map[string]configTool]{New: func() map[string]configTool {
	js := lang.JS
	return map[string]configTool{
		// eslint: flat config (eslint.config.*), or the legacy
		// .eslintrc.js/.cjs (ESLINT_USE_FLAT_CONFIG=false).
		"eslint": {as: js, files: jsConfig("eslint", ".eslintrc.js", ".eslintrc.cjs"), opts: []string{"-c", "--config"},
			off: []string{"--no-config-lookup", "--no-eslintrc"}},
		"prettier": {as: js, files: jsConfig("prettier", ".prettierrc.js", ".prettierrc.cjs", ".prettierrc.mjs", ".prettierrc.ts"),
			opts: []string{"--config"}, off: []string{"--no-config"}},
		"vite":               {as: js, files: jsConfig("vite"), opts: []string{"-c", "--config"}},
		"webpack":            {as: js, files: jsConfig("webpack"), opts: []string{"-c", "--config"}},
		"webpack-cli":        {as: js, files: jsConfig("webpack"), opts: []string{"-c", "--config"}},
		"webpack-dev-server": {as: js, files: jsConfig("webpack"), opts: []string{"-c", "--config"}},
		"stylelint": {as: js, files: jsConfig("stylelint", ".stylelintrc.js", ".stylelintrc.cjs", ".stylelintrc.mjs"),
			opts: []string{"--config"}},
		"babel":       {as: js, files: jsConfig("babel", ".babelrc.js", ".babelrc.cjs", ".babelrc.mjs"), opts: []string{"--config-file"}},
		"rollup":      {as: js, files: jsConfig("rollup"), opts: []string{"-c", "--config"}, asked: true},
		"next":        {as: js, files: []string{"next.config.js", "next.config.mjs", "next.config.ts"}},
		"tailwindcss": {as: js, files: jsConfig("tailwind"), opts: []string{"-c", "--config"}},
		// playwright test imports playwright.config.* (and what it names).
		"playwright": {as: js, files: jsConfig("playwright"), opts: []string{"-c", "--config"}, sub: []string{"test"}},
		"postcss":    {as: js, files: jsConfig("postcss", ".postcssrc.js", ".postcssrc.cjs"), opts: []string{"--config"}},
		// bundle evaluates the Gemfile (--gemfile FILE) as Ruby.
		"bundle":  {as: lang.Ruby, files: []string{"Gemfile", "gems.rb"}, opts: []string{"--gemfile"}},
		"bundler": {as: lang.Ruby, files: []string{"Gemfile", "gems.rb"}, opts: []string{"--gemfile"}},
		// Task runners and build tools whose file is a program in their
		// language: gulp and grunt (JavaScript), SCons, invoke, Fabric,
		// doit and conan (Python), Vagrant, CocoaPods, brew bundle,
		// Danger and Guard (Ruby DSLs), mix (Elixir), meson
		// (run_command at setup), tilt (Starlark's local).
		"gulp": {as: js, files: []string{"gulpfile.js", "gulpfile.mjs", "gulpfile.cjs", "gulpfile.ts", "gulpfile.babel.js", "Gulpfile.js"},
			opts: []string{"-f", "--gulpfile"}},
		"grunt": {as: js, files: []string{"Gruntfile.js", "gruntfile.js", "Gruntfile.cjs", "Gruntfile.ts"}, opts: []string{"--gruntfile"}},
		"scons": {as: lang.Python, files: []string{"SConstruct", "Sconstruct", "sconstruct", "SConstruct.py"},
			opts: []string{"-f", "--file", "--makefile", "--sconstruct"}},
		"invoke": {as: lang.Python, files: []string{"tasks.py"}},
		"inv":    {as: lang.Python, files: []string{"tasks.py"}},
		"fab":    {as: lang.Python, files: []string{"fabfile.py", "fabfile/__init__.py"}, opts: []string{"-f", "--fabfile"}},
		"doit":   {as: lang.Python, files: []string{"dodo.py"}, opts: []string{"-f", "--file"}},
		"conan": {as: lang.Python, files: []string{"conanfile.py"}, operand: true,
			sub: []string{"install", "create", "build", "source", "export", "export-pkg", "test", "graph", "inspect", "editable"}},
		"vagrant": {as: lang.Ruby, files: []string{"Vagrantfile"}, skip: []string{"version", "box", "plugin", "global-status", "init", "help"}},
		"pod":     {as: lang.Ruby, files: []string{"Podfile"}, sub: []string{"install", "update", "outdated", "deintegrate"}},
		"brew":    {as: lang.Ruby, files: []string{"Brewfile"}, opts: []string{"--file"}, sub: []string{"bundle"}},
		"danger":  {as: lang.Ruby, files: []string{"Dangerfile", "Dangerfile.rb"}, opts: []string{"--dangerfile"}},
		"guard":   {as: lang.Ruby, files: []string{"Guardfile"}, opts: []string{"-G", "--guardfile"}},
		"mix":     {as: lang.Elixir, files: []string{"mix.exs"}, skip: []string{"new", "help", "local.hex", "local.rebar", "archive.install"}},
		// lein loads project.clj (Clojure: defproject's ~(…) forms,
		// :injections, any top-level code) for a task in a project.
		"lein":  {as: lang.Clojure, files: []string{"project.clj"}, skip: []string{"new", "help", "version", "upgrade", "search"}},
		"meson": {as: lang.Meson, files: []string{"meson.build"}, sub: []string{"setup", "configure"}},
		"tilt":  {as: lang.Starlark, files: []string{"Tiltfile"}, opts: []string{"-f", "--file"}, sub: []string{"up", "ci"}},
		// Berkshelf, Capistrano and fastlane evaluate their Ruby DSL file
		// (red team 14 CR1).
		"berks": {as: lang.Ruby, files: []string{"Berksfile"}, opts: []string{"-b", "--berksfile"}, skip: []string{"version", "help", "init"}},
		"cap":   {as: lang.Ruby, files: []string{"Capfile", "capfile", "Capfile.rb", "capfile.rb"}},
		// xmake loads xmake.lua (-F/--file FILE) for its project
		// commands; premake runs premake5.lua (premake4.lua) for an
		// action (--file=FILE) (issue 12 class 4).
		"xmake": {as: lang.XMake, files: []string{"xmake.lua"}, opts: []string{"-F", "--file"},
			skip: []string{"create", "update", "lua", "l", "show"}},
		"premake5": {as: lang.Premake, files: []string{"premake5.lua", "premake4.lua"}, opts: []string{"--file"}},
		"premake4": {as: lang.Premake, files: []string{"premake4.lua"}, opts: []string{"--file"}},
		"fastlane": {as: lang.Ruby, files: []string{"fastlane/Fastfile", "Fastfile", ".fastlane/Fastfile"}, skip: []string{"init", "help", "actions", "action", "env", "docs"}},
		// Framework CLIs that import their configuration module when
		// they start (issue 9 item 2, issue 12 class 4): astro, nuxt
		// (nuxi), gatsby (gatsby-config and gatsby-node, both),
		// docusaurus, knex's knexfile, drizzle-kit, tsup, the Vue CLI,
		// cypress, commitlint, SvelteKit, Remix, Storybook's
		// .storybook/main, ava and expo's app.config.
		"astro": {as: js, files: jsConfig("astro"), opts: []string{"--config"}, skip: []string{"telemetry", "docs", "create"}},
		"nuxi": {as: js, files: jsConfig("nuxt"),
			sub: []string{"dev", "build", "generate", "preview", "prepare", "typecheck", "analyze", "test", "start"}},
		"nuxt": {as: js, files: jsConfig("nuxt"),
			sub: []string{"dev", "build", "generate", "preview", "prepare", "typecheck", "analyze", "test", "start"}},
		"gatsby": {as: js, files: []string{"gatsby-config.js", "gatsby-config.mjs", "gatsby-config.ts", "gatsby-node.js", "gatsby-node.mjs", "gatsby-node.ts"},
			all: true, sub: []string{"develop", "build", "serve"}},
		"docusaurus": {as: js, files: jsConfig("docusaurus"), opts: []string{"--config"},
			sub: []string{"start", "build", "serve", "deploy", "swizzle", "write-translations", "write-heading-ids", "clear"}},
		"knex": {as: js, files: []string{"knexfile.js", "knexfile.cjs", "knexfile.mjs", "knexfile.ts"}, opts: []string{"--knexfile"},
			skip: []string{"init"}},
		"drizzle-kit":     {as: js, files: jsConfig("drizzle"), opts: []string{"--config"}},
		"tsup":            {as: js, files: jsConfig("tsup"), opts: []string{"--config"}, off: []string{"--no-config"}},
		"vue-cli-service": {as: js, files: []string{"vue.config.js", "vue.config.cjs", "vue.config.mjs", "vue.config.ts"}},
		"cypress":         {as: js, files: jsConfig("cypress"), opts: []string{"-C", "--config-file"}, sub: []string{"run", "open"}},
		"commitlint": {as: js, files: jsConfig("commitlint", ".commitlintrc.js", ".commitlintrc.cjs", ".commitlintrc.mjs", ".commitlintrc.ts"),
			opts: []string{"-g", "--config"}},
		"svelte-kit":      {as: js, files: []string{"svelte.config.js", "svelte.config.mjs", "svelte.config.ts"}},
		"remix":           {as: js, files: []string{"remix.config.js", "remix.config.mjs", "remix.config.cjs"}, skip: []string{"init"}},
		"storybook":       {as: js, files: storybookMain(), sub: []string{"dev", "build"}},
		"start-storybook": {as: js, files: storybookMain()},
		"build-storybook": {as: js, files: storybookMain()},
		"ava":             {as: js, files: jsConfig("ava"), opts: []string{"--config"}},
		"expo": {as: js, files: []string{"app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"},
			skip: []string{"init", "login", "logout", "whoami", "register", "install", "add", "upgrade"}},
	}
}}

// configRun models call when it is a tool that loads a configuration
// file as code (configTools, cmake's configure step, pre-commit); it
// reports whether it was.
func (w *walker) configRun(c scope, call *Call) bool {
	if call.Name == "vagrant" {
		w.vagrantSSH(c, call, w.cur) // vagrantssh.go: its synced folders
	}
	if w.hookManagerRun(c, call) {
		return true
	}
	switch call.Name {
	case "cmake":
		w.cmakeConfigure(c, call)
		return false // cmake -P and -E are read by codePrograms
	case "pre-commit":
		w.preCommitRun(c, call)
		return true
	case "honcho", "foreman":
		w.procfileRun(c, call)
		return false // honcho run CMD is a wrapper's

	case "nix-shell":
		w.nixShellHook(c, call)
		return false // nix-shell --run CMD is read elsewhere
	case "composer":
		w.composerRun(c, call)
		return true
	case "groff", "troff", "nroff":
		w.roffRun(c, call)
		return false // its other reads are a document reader's
	case "lint-staged":
		w.lintStagedRun(c, call)
		return true
	case "pm2":
		w.pm2Run(c, call)
		return true
	case "rspec":
		w.rspecRun(c, call)
		return true
	case "snakemake":
		w.snakemakeRun(c, call)
		return true
	case "earthly":
		w.earthlyRun(c, call)
		return true
	case "act":
		w.actRun(c, call)
		return true
	case "gitlab-runner", "gitlab-ci-local":
		w.gitlabRun(c, call)
		return true
	case "nix":
		w.nixDevelop(c, call)
		return false // nix develop -c CMD is read elsewhere
	case "bazel", "bazelisk":
		w.bazelRun(c, call)
		return false // bazel run TARGET is read elsewhere, if at all
	case "sbt":
		w.sbtRun(c, call)
		return true
	case "uvicorn", "hypercorn", "daphne", "granian", "gunicorn", "waitress-serve", "celery", "flask", "streamlit", "fastapi",
		"alembic", "cdk", "pulumi":
		w.pyAppRun(c, call) // pyapps.go
		return false
	}
	if !slices.Contains(configToolNames[:], call.Name) {
		return false // the table is not built for other programs
	}
	t, ok := configTools.Get()[call.Name]
	if !ok {
		return false
	}
	files := t.files
	if t.asked {
		files = nil
	}
	if t.as == lang.Ruby && (call.Name == "bundle" || call.Name == "bundler") {
		var open bool
		if files, open = w.gemfiles(c, call); open {
			return true
		}
	}
	sub, subAt := "", -1
	for i, a := range call.Args {
		if !strings.HasPrefix(a.Value, "-") {
			sub, subAt = a.Value, i
			break
		}
	}
	if len(t.sub) > 0 && !slices.Contains(t.sub, sub) || slices.Contains(t.skip, sub) {
		return true
	}
	dir := call.Dir
	if t.operand && subAt >= 0 {
		for _, a := range call.Args[subAt+1:] {
			if strings.HasPrefix(a.Value, "-") {
				continue
			}
			if !a.Static {
				return true
			}
			if strings.HasSuffix(a.Value, ".py") {
				files = []string{a.Value}
			} else {
				dir = dir.Join(a.Value)
			}
			break
		}
	}
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case v == "--help" || v == "-h" || v == "--version" || v == "-v" && call.Name != "webpack":
			return true
		case v == "--":
			i = len(call.Args)
		case slices.Contains(t.off, v):
			files = nil
		}
		for _, o := range t.opts {
			if v == o && t.asked {
				files = t.files
				if i+1 < len(call.Args) && call.Args[i+1].Static && jsModule(call.Args[i+1].Value) {
					files = []string{call.Args[i+1].Value}
					i++
				}
			} else if v == o && i+1 < len(call.Args) {
				if !call.Args[i+1].Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: call.Args[i+1].Raw,
						What: call.Name + " loads its configuration, code, from a file only known at run time"})
					return true
				}
				files = []string{call.Args[i+1].Value}
				i++
			} else if val, ok := strings.CutPrefix(v, o+"="); ok && strings.HasPrefix(o, "--") {
				files = []string{val}
			}
		}
	}
	w.readConfigs(c, call, dir, files, t.as, t.all)
	if call.Name == "playwright" {
		w.playwrightRefs(c, call, dir, files)
	}
	return true
}

// procfileRun reads the Procfile honcho start and foreman start run
// (-f/--procfile FILE): each "name: command" line is a command line.
func (w *walker) procfileRun(c scope, call *Call) {
	file, sub := "Procfile", ""
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case (v == "-f" || v == "--procfile") && i+1 < len(call.Args):
			file = call.Args[i+1].Value
			i++
		case strings.HasPrefix(v, "--procfile="):
			file = strings.TrimPrefix(v, "--procfile=")
		case strings.HasPrefix(v, "-"):
		case sub == "":
			sub = v
		}
	}
	if sub != "start" {
		return
	}
	text, ok := w.readScript(call.Dir.Join(file))
	if !ok {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		name, cmd, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(name), "#") || strings.ContainsAny(strings.TrimSpace(name), " \t") {
			continue
		}
		w.runTaskText(c, call, call.Dir, strings.TrimSpace(cmd), file+" ("+strings.TrimSpace(name)+")", false)
	}
}

// nixShellHook reads the shellHook nix-shell runs in the shell it
// starts, from shell.nix (else default.nix, or the file operand): the
// text of shellHook = ” … ”; or shellHook = " … ";. A Nix
// antiquotation (${…}) makes it text only known then. nix-shell -p
// PACKAGES reads no file.
func (w *walker) nixShellHook(c scope, call *Call) {
	var file string
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case v == "-p" || v == "--packages" || v == "-E" || v == "--expr":
			return
		case v == "--run" || v == "--command" || v == "-A" || v == "--attr" || v == "-I" || v == "--option" || v == "--arg" || v == "--argstr":
			i++
			if v == "--option" || v == "--arg" || v == "--argstr" {
				i++
			}
		case strings.HasPrefix(v, "-"):
		case file == "":
			file = v
		}
	}
	var text string
	var ok bool
	if file != "" {
		d := call.Dir.Join(file)
		if w.isDir(d) {
			d = d.Join("default.nix")
		}
		file = d.Path
		text, ok = w.readScript(d)
	} else {
		for _, f := range []string{"shell.nix", "default.nix"} {
			if text, ok = w.readScript(call.Dir.Join(f)); ok {
				file = f
				break
			}
		}
	}
	if !ok {
		return
	}
	w.nixHooks(c, call, file, text)
}

// nixShellHook matches shellHook = ” … ”; (an indented string) or
// shellHook = " … ";.
var nixShellHook = lazy.Regexp{Expr: `(?s)\bshellHook\s*=\s*(?:''(.*?)''|"((?:[^"\\]|\\.)*)")\s*;`}

// bundledRun reads the Gemfile a program run by bundle exec loads
// first (Bundler.setup evaluates it).
func (w *walker) bundledRun(c scope, call *Call) {
	for _, wr := range call.Wrappers {
		if wr == "bundle" || wr == "bundler" {
			if files, open := w.gemfiles(c, call); !open {
				w.readConfigs(c, call, call.Dir, files, lang.Ruby, false)
			}
			return
		}
	}
}

// gemfiles returns the Gemfile names bundler looks for: the file
// BUNDLE_GEMFILE names (relative to the working directory), else Gemfile
// and gems.rb. A BUNDLE_GEMFILE only run time knows is asked about (open).
func (w *walker) gemfiles(c scope, call *Call) (files []string, open bool) {
	v, known, set := w.envValue(c, call, "BUNDLE_GEMFILE", true)
	if !set || known && v == "" {
		return configTools.Get()["bundle"].files, false
	}
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
			What: "bundler evaluates the Gemfile BUNDLE_GEMFILE names, Ruby code, and the name is only known at run time"})
		return nil, true
	}
	return []string{v}, false
}

// readConfigs reads, as code in language as, the first of files found
// in dir (each, with all), leniently as a build script.
func (w *walker) readConfigs(c scope, call *Call, dir Dir, files []string, as lang.Lang, all bool) {
	if w.read == nil && len(w.written) == 0 || !dir.Known {
		return
	}
	inner := *call
	inner.Dir = dir
	w.lenient++
	defer func() { w.lenient-- }()
	for _, f := range files {
		d := dir.Join(f)
		if !d.Known || !w.exists(d.Path) {
			continue
		}
		w.scriptFile(c, &inner, Arg{Value: f, Raw: f, Static: true}, string(as))
		if !all {
			return
		}
	}
}

// cmakeConfigure reads the CMakeLists.txt cmake runs when it configures
// a build tree: cmake -S DIR, or cmake DIR (a source directory, or a
// build directory whose cache names one, which corral does not follow),
// or the working directory (cmake -B build, cmake --preset P). cmake
// --build, --install, -E, -P, --help and --version configure nothing.
func (w *walker) cmakeConfigure(c scope, call *Call) {
	src := ""
	operand := ""
	args := call.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--build" || v == "--install" || v == "-E" || v == "-P" || v == "--open" || v == "--workflow" ||
			strings.HasPrefix(v, "--help") || v == "-h" || v == "--version" || v == "-version" || v == "--system-information":
			return
		case v == "-S" && i+1 < len(args):
			src = args[i+1].Value
			i++
		case strings.HasPrefix(v, "-S") && len(v) > 2:
			src = v[2:]
		case (v == "-B" || v == "-G" || v == "-T" || v == "-A" || v == "-C" || v == "-D" || v == "-U" || v == "--preset" ||
			v == "--toolchain" || v == "--install-prefix" || v == "--graphviz" || v == "--log-level") && i+1 < len(args):
			i++
		case strings.HasPrefix(v, "-"):
		case operand == "":
			if !args[i].Static {
				return
			}
			operand = v
		}
	}
	if src == "" {
		src = operand
	}
	if src == "" {
		src = "."
	}
	w.readConfigs(c, call, call.Dir.Join(src), []string{"CMakeLists.txt"}, lang.CMake, false)
}

// preCommitRun reads the hooks pre-commit run (the default command) runs
// from .pre-commit-config.yaml (-c/--config FILE): each hook's entry is
// a command line, run with the hook's args and the files; a pygrep
// hook's entry is a pattern and a fail hook's a message.
func (w *walker) preCommitRun(c scope, call *Call) {
	cfg := ".pre-commit-config.yaml"
	run, sub, repo := true, "", ""
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case (v == "-c" || v == "--config") && i+1 < len(call.Args):
			// The option belongs to the subcommand (pre-commit run
			// --config FILE); it is taken before it too.
			if !call.Args[i+1].Static {
				return
			}
			cfg = call.Args[i+1].Value
			i++
		case strings.HasPrefix(v, "--config="):
			cfg = strings.TrimPrefix(v, "--config=")
		case strings.HasPrefix(v, "-"):
		case sub == "":
			// The first operand is the command: run (hook-impl is what
			// the installed git hook runs; install sets up that hook,
			// whose commands are the configuration's; try-repo REPO
			// runs the hooks REPO's .pre-commit-hooks.yaml declares).
			sub = v
			run = v == "run" || v == "hook-impl" || v == "install" || v == "try-repo"
			if !run {
				i = len(call.Args)
			}
		case sub == "try-repo" && repo == "":
			if !call.Args[i].Static {
				return
			}
			repo = v
		}
	}
	if !run || w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	d := call.Dir.Join(cfg)
	if sub == "try-repo" {
		if repo == "" {
			return
		}
		d = call.Dir.Join(filepath.Join(repo, ".pre-commit-hooks.yaml"))
	}
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	for _, h := range preCommitHooks(text) {
		w.child(c, call, h, nil, "pre-commit hook", false)
	}
}

// preCommitHooks returns the entries of the hooks a pre-commit
// configuration declares, in order: each list item (a line whose first
// non-blank is "- ") with an entry: key, as a plain, quoted or block
// scalar, unless its language is pygrep or fail. It reads the YAML the
// way pre-commit's documented layout writes it, not every YAML form.
func preCommitHooks(text string) []string {
	var out []string
	entry, language, have := "", "", false
	flush := func() {
		if have && language != "pygrep" && language != "fail" && strings.TrimSpace(entry) != "" {
			out = append(out, entry)
		}
		entry, language, have = "", "", false
	}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \t\r")
		trimmed := strings.TrimLeft(line, " ")
		if strings.HasPrefix(trimmed, "#") || trimmed == "" {
			continue
		}
		if strings.HasPrefix(trimmed, "- ") {
			flush()
			trimmed = strings.TrimLeft(trimmed[2:], " ")
		}
		key, val, ok := strings.Cut(trimmed, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		if val != "" && (val[0] == '"' || val[0] == '\'') {
			val = val[:strings.LastIndexByte(val, val[0])+1] // a comment after it
		}
		switch key {
		case "language":
			language = yamlUnquote(val)
		case "entry":
			have = true
			if strings.HasPrefix(val, "|") || strings.HasPrefix(val, ">") {
				// A block scalar: the lines indented more than the key.
				indent := len(line) - len(strings.TrimLeft(line, " -"))
				var parts []string
				for i+1 < len(lines) {
					next := strings.TrimRight(lines[i+1], " \t\r")
					if strings.TrimSpace(next) != "" && len(next)-len(strings.TrimLeft(next, " ")) <= indent {
						break
					}
					parts = append(parts, strings.TrimSpace(next))
					i++
				}
				sep := " "
				if strings.HasPrefix(val, "|") {
					sep = "\n"
				}
				entry = strings.Join(parts, sep)
				continue
			}
			entry = yamlUnquote(val)
		}
	}
	flush()
	return out
}

// jsModule reports a file name with a JavaScript or TypeScript module's
// extension.
func jsModule(name string) bool {
	switch filepath.Ext(name) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return true
	}
	return false
}

// sbtRun models sbt [options] [commands]: sbt loads the build of the
// working directory before any command: every *.sbt file of the directory and
// project/'s *.sbt and *.scala files, Scala code (lang.JVM: its
// sys.process calls, "cmd".!, Process(…)), read as a build script is.
// sbt --version, --help, --script-version and sbt new TEMPLATE load no
// build of the project.
func (w *walker) sbtRun(c scope, call *Call) {
	dir := call.Dir
	for i := 0; i < len(call.Args); i++ {
		v := call.Args[i].Value
		switch {
		case v == "--version" || v == "-version" || v == "--help" || v == "-help" || v == "-h" || v == "--script-version" ||
			v == "--numeric-version" || v == "-V":
			return
		case v == "new" || v == "init":
			return // a project made from a template, elsewhere
		case v == "--sbt-dir" || v == "--sbt-boot" || v == "--ivy" || v == "--java-home" || v == "--sbt-jar" ||
			v == "--sbt-version" || v == "--sbt-launch-dir" || v == "-mem" || v == "--mem" || v == "-jvm-debug":
			i++
		}
	}
	files := []string{"build.sbt"} // also when the command writes it
	for _, pat := range []string{"*.sbt", "project/*.sbt", "project/*.scala"} {
		for _, f := range w.globNames(dir, pat) {
			if f != "build.sbt" {
				files = append(files, f)
			}
		}
	}
	w.readConfigs(c, call, dir, files, lang.JVM, true)
}
