package syntax

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Test runners import and run files of the project that no command names:
// pytest the conftest.py files of the directories it collects and every
// test_*.py or *_test.py in them, python -m unittest the test*.py modules
// it discovers, jest, vitest and mocha their configuration and every test
// file. The agent can write one of those and run the suite, so they are
// read as the program's code, in their language, with one difference: a
// call whose path or command is only known at run time (shutil.rmtree(d),
// subprocess.run([...]) with a variable) does not ask, since a test suite
// is full of them (temporary directories, fixtures); what the text shows
// (os.system("rm -rf ~"), a literal path deleted or written) is judged as
// if run now. At most maxTestFiles files are read, within the budget all
// script files of one command share (MaxScriptBytes).

// maxTestFiles bounds the files one test runner's collection reads, and
// maxCollectEntries the directory entries it looks at to find them.
const (
	maxTestFiles      = 512
	maxCollectEntries = 50000
)

// noRecurse are the directory names test runners do not collect in
// (pytest's norecursedirs default, and the dependency directories of
// Python and JavaScript projects).
var noRecurse = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"build": true, "dist": true, "node_modules": true, "venv": true, "CVS": true,
		"_darcs": true, "{arch}": true, "__pycache__": true, "site-packages": true, "coverage": true}
}}

// pytestSpec is pytest's command line (pytest --help): the options that
// take a value, as their own word or attached.
var pytestSpec = OptSpec{ShortVal: "kmpcoWnr", LongEq: true,
	LongVal: []string{"rootdir", "confcutdir", "basetemp", "ignore", "ignore-glob", "deselect", "tb", "junitxml", "junit-xml",
		"cov", "cov-report", "cov-config", "durations", "durations-min", "maxfail", "log-level", "log-file", "log-cli-level",
		"log-format", "log-date-format", "import-mode", "capture", "color", "override-ini", "show-capture", "numprocesses",
		"dist", "reruns", "timeout", "html", "report-log", "code-highlight", "pastebin", "debug", "strict-markers-off",
		"doctest-glob", "doctest-report", "cache-show", "lfnf", "last-failed-no-failures", "runxfail-off", "verbosity",
		"pdbcls", "trace-config-off", "p", "config-file", "inifile"},
	LongFlag: []string{"help", "version", "collect-only", "co", "fixtures", "markers", "exitfirst", "lf", "last-failed", "ff",
		"failed-first", "nf", "new-first", "sw", "stepwise", "pdb", "trace", "pyargs", "doctest-modules", "strict-markers",
		"setup-only", "setup-plan", "setup-show", "verbose", "quiet", "showlocals", "runxfail", "noconftest", "cache-clear"}}

// testRunners are the test runners testRun reads the suites of.
var testRunners = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"pytest": true, "py.test": true, "jest": true, "vitest": true, "mocha": true, "nox": true}
}}

// testRun models call when it is a test runner; it reports whether it was.
func (w *walker) testRun(c scope, call *Call) bool {
	switch call.Name {
	case "pytest", "py.test":
		w.pytestRun(c, call, call.Args)
		return true
	case "jest", "vitest", "mocha":
		w.jsTestRun(c, call, call.Args)
		return true
	case "nox":
		w.noxRun(c, call, call.Args)
		return true
	case "coverage":
		w.pyRunScript(c, call, call.Name, call.Args)
		return true
	}
	if IPythonFrontEnd(call.Name) {
		w.ipythonRun(c, call, call.Args)
		return true
	}
	if lang.ForProgram(call.Name) == lang.JS {
		// node --test [PATHS] (node's own test runner), bun test and
		// deno test [PATHS]. A first word test is also a file node
		// would run: the interpreter reads that one as well.
		for i, a := range call.Args {
			if a.Value == "--test" {
				var rest []Arg
				for _, r := range append(append([]Arg(nil), call.Args[:i]...), call.Args[i+1:]...) {
					if !strings.HasPrefix(r.Value, "-") {
						rest = append(rest, r)
					}
				}
				inner := *call
				inner.Name = "node"
				w.jsTestRun(c, &inner, rest)
				return true
			}
			if !strings.HasPrefix(a.Value, "-") {
				break
			}
		}
		if len(call.Args) > 0 && call.Args[0].Value == "test" {
			w.jsTestRun(c, call, call.Args[1:])
		}
		return false
	}
	if n := len(call.Wrappers); n > 0 && (call.Wrappers[n-1] == "uv" || call.Wrappers[n-1] == "pipx") && strings.HasSuffix(call.NameArg.Value, ".py") {
		// uv run FILE.py runs FILE with the project's Python.
		w.interpreterFile(c, call, call.NameArg, lang.Python)
		return true
	}
	return false
}

// pytestRun reads what pytest collects: with --help, --version or
// --fixtures-only nothing; -p NAME's plugin module; the conftest.py files
// from the working directory (its rootdir, as far as corral goes) down to
// each path given, and in every directory it collects; the test files
// (test_*.py, *_test.py) of the directories given (the working directory
// when none is); the files given.
func (w *walker) pytestRun(c scope, call *Call, args []Arg) {
	if slices.ContainsFunc(args, func(a Arg) bool { return a.Value == "--nbmake" }) {
		// pytest --nbmake NB…: the nbmake plugin executes each
		// notebook as a test.
		var nbs []Arg
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") && strings.HasSuffix(a.Value, ".ipynb") {
				nbs = append(nbs, a)
			}
		}
		w.notebookFiles(c, call, nbs)
	}
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	// The rootdir: the nearest directory up from here with a pytest
	// configuration file (pytest.ini, pyproject.toml, tox.ini,
	// setup.cfg); conftest.py files are loaded from there down. Its
	// addopts and PYTEST_ADDOPTS come before the command's own words.
	root, cfg, cfgText := w.pytestSetup(call, args)
	if cfg != "" {
		// conftest.py files are loaded from the configuration's
		// directory down (the default --confcutdir).
		root = filepath.Dir(cfg)
	}
	patterns := pytestFilePatterns(cfg, cfgText)
	args = append(w.pytestAddopts(c, call, cfg, cfgText), args...)
	opts, operands := ScanOptions(args, pytestSpec)
	noConftest := false
	files := w.pytestPlugins(c, call)
	// Text files whose >>> examples pytest runs as doctests: test*.txt,
	// and what each --doctest-glob matches.
	globs := []string{"test*.txt"}
	// --doctest-modules imports every module under the targets (its
	// top-level code runs) and runs the >>> examples of its docstrings,
	// as python -m doctest does (pytest leaves setup.py and __main__.py
	// out).
	docModules := false
	for _, o := range opts {
		switch {
		case o.Long && o.Name == "doctest-modules":
			docModules = true
		case o.Long && o.Name == "doctest-glob" && o.HasVal && o.Val.Static && len(globs) < 8:
			globs = append(globs, o.Val.Value)
		case o.Long && (o.Name == "help" || o.Name == "version"), !o.Long && o.Name == "h":
			return
		case o.Long && o.Name == "noconftest":
			noConftest = true
		case (o.Name == "p" && !o.Long) && o.HasVal && o.Val.Static && !strings.HasPrefix(o.Val.Value, "no:"):
			// -p NAME loads a plugin module: the project's NAME.py.
			p := strings.ReplaceAll(o.Val.Value, ".", "/")
			files = append(files, p+".py", p+"/__init__.py")
		}
	}
	var targets []string
	for _, i := range operands {
		a := args[i]
		if !a.Static {
			continue
		}
		v, _, _ := strings.Cut(a.Value, "::") // a node id: tests/test_x.py::test_y
		targets = append(targets, call.Dir.Join(v).Path)
	}
	if len(targets) == 0 {
		targets = []string{call.Dir.Path}
	}
	seen := map[string]bool{}
	var docs []string
	add := func(p string) {
		if !seen[p] && len(files) < maxTestFiles {
			seen[p] = true
			files = append(files, p)
		}
	}
	for _, t := range targets {
		dir := t
		if !w.dirLike(t) {
			dir = filepath.Dir(t)
			if strings.HasSuffix(t, ".py") {
				add(t)
			}
		}
		if !noConftest {
			// conftest.py of every directory from the rootdir down.
			for _, d := range ancestorsFrom(root, dir) {
				add(filepath.Join(d, "conftest.py"))
			}
		}
		docModule := func(p string) bool {
			name := filepath.Base(p)
			return docModules && strings.HasSuffix(name, ".py") && name != "setup.py" && name != "__main__.py"
		}
		doctestFile := func(p string) bool {
			if docModule(p) {
				return true
			}
			for _, g := range globs {
				if ok, _ := filepath.Match(g, filepath.Base(p)); ok && !strings.HasSuffix(p, ".py") {
					return true
				}
			}
			return false
		}
		if w.dirLike(t) {
			for _, f := range w.collect(t, func(p string) bool {
				name := filepath.Base(p)
				return strings.HasSuffix(name, ".py") && pytestTestFile(name, patterns) ||
					name == "conftest.py" && !noConftest || doctestFile(p)
			}) {
				if docModule(f) {
					add(f) // imported: its top-level code runs
				}
				if doctestFile(f) {
					docs = append(docs, f)
					continue
				}
				add(f)
			}
		} else if doctestFile(t) {
			docs = append(docs, t)
		}
	}
	w.readTestFiles(c, call, files, string(lang.Python))
	w.lenient++
	defer func() { w.lenient-- }()
	for i, f := range docs {
		if i >= maxTestFiles {
			break
		}
		if text, ok := w.readScript(Dir{Path: f, Known: true}); ok {
			if code := doctestExamples(text); code != "" {
				w.program(c, call, lang.Python, code, f, false, f+" (doctest examples)")
			}
		}
	}
}

// pytestTestFile reports whether a file name matches one of the
// python_files globs.
func pytestTestFile(name string, patterns []string) bool {
	for _, g := range patterns {
		if ok, _ := filepath.Match(g, name); ok {
			return true
		}
	}
	return false
}

// unittestRun reads what python -m unittest runs: the modules, files or
// packages named, and with none (or discover) the test*.py files under
// the start directory (-s, the working directory by default) whose names
// match the pattern's start (-p, test*.py).
func (w *walker) unittestRun(c scope, call *Call, args []Arg) {
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	discover := len(args) == 0 || args[0].Value == "discover"
	if !discover {
		var files []string
		_, operands := ScanOptions(args, OptSpec{ShortVal: "k"})
		for _, i := range operands {
			v := args[i].Value
			if strings.HasSuffix(v, ".py") {
				files = append(files, v)
				continue
			}
			// A module, test case or test: tests.test_x.Case.test_y.
			parts := strings.Split(v, ".")
			for n := len(parts); n > 0; n-- {
				p := strings.Join(parts[:n], "/")
				files = append(files, p+".py", p+"/__init__.py")
				// Also where the command's PYTHONPATH puts it (red
				// team 16 MI1).
				for _, d := range call.modPath {
					files = append(files, filepath.Join(d, p+".py"), filepath.Join(d, p, "__init__.py"))
				}
			}
		}
		w.readTestFiles(c, call, files, string(lang.Python))
		return
	}
	opts, operands := ScanOptions(args[min(1, len(args)):], OptSpec{ShortVal: "sptk", LongEq: true,
		LongVal: []string{"start-directory", "pattern", "top-level-directory"}})
	start, prefix := ".", "test"
	for _, o := range opts {
		if !o.HasVal || !o.Val.Static {
			continue
		}
		switch o.Name {
		case "s", "start-directory":
			start = o.Val.Value
		case "p", "pattern":
			prefix, _, _ = strings.Cut(o.Val.Value, "*")
		}
	}
	if len(operands) > 0 && args[1+operands[0]].Static {
		start = args[1+operands[0]].Value
	}
	if len(operands) > 1 && args[1+operands[1]].Static {
		prefix, _, _ = strings.Cut(args[1+operands[1]].Value, "*")
	}
	d := call.Dir.Join(start)
	if !d.Known {
		return
	}
	files := w.collect(d.Path, func(p string) bool {
		name := filepath.Base(p)
		return strings.HasSuffix(name, ".py") && strings.HasPrefix(name, prefix)
	})
	w.readTestFiles(c, call, files, string(lang.Python))
}

// jsConfigs are the configuration files jest, vitest and mocha load (as
// code) from the working directory.
var jsConfigs = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"jest":   {"jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs", "jest.setup.js", "jest.setup.ts"},
		"vitest": {"vitest.config.ts", "vitest.config.js", "vitest.config.mts", "vitest.config.mjs", "vite.config.ts", "vite.config.js", "vite.config.mts", "vite.config.mjs", "vitest.setup.ts", "vitest.setup.js"},
		"mocha":  {".mocharc.js", ".mocharc.cjs"},
	}
}}

// jsTestRun reads what jest, vitest and mocha run: their configuration
// file (-c/--config FILE, or the usual names), the set-up files
// (setupFiles, setupFilesAfterEach, setupFilesAfterEnv, globalSetup,
// globalTeardown, setupFiles in vitest's test block: literal relative
// paths named in the configuration), and the test files of the paths
// given or the working directory (*.test.*, *.spec.*, files under
// __tests__; mocha: ./test/*.js, or the files given).
func (w *walker) jsTestRun(c scope, call *Call, args []Arg) {
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	name := call.Name
	if name == "vitest" && len(args) > 0 && !strings.HasPrefix(args[0].Value, "-") {
		switch args[0].Value {
		case "run", "watch", "dev", "related", "bench":
			args = args[1:]
		case "list", "init":
			return
		}
	}
	opts, operands := ScanOptions(args, OptSpec{ShortVal: "ctgfr", LongEq: true,
		LongVal: []string{"config", "testNamePattern", "testPathPattern", "testPathIgnorePatterns", "reporter", "reporters", "require",
			"file", "grep", "ui", "timeout", "spec", "project", "environment", "maxWorkers", "shard", "rootDir", "roots", "setupFiles"}})
	var files []string
	configs := jsConfigs.Get()[name]
	for _, o := range opts {
		if !o.HasVal || !o.Val.Static {
			if o.Long && (o.Name == "help" || o.Name == "version") || !o.Long && o.Name == "h" {
				return
			}
			continue
		}
		switch {
		case o.Name == "config" || o.Name == "c" && name != "mocha":
			configs = []string{o.Val.Value}
		case name == "mocha" && (o.Name == "require" || o.Name == "r" || o.Name == "file"),
			o.Name == "setupFiles":
			files = append(files, o.Val.Value, o.Val.Value+".js")
			if !w.exists(call.Dir.Join(o.Val.Value).Path) && !w.exists(call.Dir.Join(o.Val.Value+".js").Path) {
				// No such file: a package's name, as require finds it.
				files = append(files, w.nodeResolve(call.Dir, o.Val.Value, nodeLoad{})...)
			}
		}
	}
	if name == "jest" {
		// package.json's "jest" key configures jest as a file would.
		if text, ok := w.readScript(call.Dir.Join("package.json")); ok {
			var pkg struct {
				Jest map[string]json.RawMessage `json:"jest"`
			}
			if json.Unmarshal([]byte(text), &pkg) == nil {
				for _, key := range []string{"setupFiles", "setupFilesAfterEnv", "globalSetup", "globalTeardown", "testEnvironment"} {
					var one string
					var many []string
					if json.Unmarshal(pkg.Jest[key], &one) == nil && one != "" {
						many = []string{one}
					} else {
						_ = json.Unmarshal(pkg.Jest[key], &many)
					}
					for _, f := range many {
						f = strings.Replace(f, "<rootDir>/", "./", 1)
						if strings.HasPrefix(f, "./") || strings.HasPrefix(f, "../") {
							files = append(files, f, f+".js")
						}
					}
				}
			}
		}
	}
	if name == "mocha" {
		files = append(files, w.mochaDataConfig(call)...)
	}
	for _, cfg := range configs {
		d := call.Dir.Join(cfg)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		files = append(files, cfg)
		files = append(files, configSetupFiles(text)...)
		if name != "mocha" {
			break // the first found is the one used
		}
	}
	testFile := func(p string) bool {
		n := filepath.Base(p)
		for _, ext := range []string{".js", ".ts", ".mjs", ".cjs", ".jsx", ".tsx", ".mts", ".cts"} {
			if base, ok := strings.CutSuffix(n, ext); ok {
				// jest's, vitest's, node --test's, bun test's and deno
				// test's default patterns together.
				return strings.HasSuffix(base, ".test") || strings.HasSuffix(base, ".spec") || strings.HasSuffix(base, "_test") ||
					strings.HasSuffix(base, "-test") || strings.HasSuffix(base, "_spec") || strings.HasPrefix(base, "test-") ||
					base == "test" || strings.Contains(p, "/__tests__/") || name == "node" && strings.Contains(p, "/test/")
			}
		}
		return false
	}
	var targets []string
	for _, i := range operands {
		if args[i].Static {
			targets = append(targets, call.Dir.Join(args[i].Value).Path)
		}
	}
	if len(targets) == 0 {
		targets = []string{call.Dir.Path}
		if name == "mocha" {
			targets = []string{call.Dir.Join("test").Path}
			testFile = func(p string) bool {
				return strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".cjs") || strings.HasSuffix(p, ".mjs")
			}
		}
	}
	for _, t := range targets {
		if !w.dirLike(t) {
			files = append(files, t)
			continue
		}
		files = append(files, w.collect(t, testFile)...)
	}
	w.readTestFiles(c, call, files, string(lang.JS))
}

// configSetupFiles returns the relative paths a jest or vitest
// configuration names as set-up or teardown files: string literals
// starting with ./ or <rootDir>/ on the lines of those keys.
func configSetupFiles(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, "setup") && !strings.Contains(line, "Setup") && !strings.Contains(line, "Teardown") {
			continue
		}
		for _, q := range []string{"'", "\"", "`"} {
			parts := strings.Split(line, q)
			for i := 1; i < len(parts); i += 2 {
				s := strings.Replace(parts[i], "<rootDir>/", "./", 1)
				if strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// readTestFiles reads each file (relative to the call's directory, or
// absolute) that exists, in language as, without asking about what only
// run time knows (see the top of this file).
func (w *walker) readTestFiles(c scope, call *Call, files []string, as string) {
	if len(files) > maxTestFiles {
		files = files[:maxTestFiles]
		w.m.Truncated = true
	}
	w.lenient++
	defer func() { w.lenient-- }()
	seen := map[string]bool{}
	for _, f := range files {
		d := call.Dir.Join(f)
		if !d.Known || seen[d.Path] || !w.exists(d.Path) {
			continue
		}
		seen[d.Path] = true
		name := f
		if rel, err := filepath.Rel(call.Dir.Path, d.Path); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
		w.scriptFile(c, call, Arg{Value: name, Raw: name, Static: true}, as)
	}
}

// dirLike reports whether path is a directory: on disk, or holding a
// file this command wrote.
func (w *walker) dirLike(path string) bool {
	if w.isDir(Dir{Path: path, Known: true}) {
		return true
	}
	for p := range w.written {
		if strings.HasPrefix(p, path+"/") {
			return true
		}
	}
	return false
}

// collect returns, sorted, the files under dir (this command's writes and
// the disk's) whose path match accepts, not descending into hidden
// directories, noRecurse's, or a virtual environment (a pyvenv.cfg);
// at most maxTestFiles.
func (w *walker) collect(dir string, match func(name string) bool) []string {
	var out []string
	for p := range w.written {
		if strings.HasPrefix(p, dir+"/") && match(p) {
			out = append(out, p)
		}
	}
	if w.read != nil {
		visited := 0
		var walk func(d string, depth int)
		walk = func(d string, depth int) {
			entries, err := os.ReadDir(d)
			if err != nil || len(out) >= maxTestFiles || visited > maxCollectEntries {
				return
			}
			visited += len(entries)
			for _, e := range entries {
				n := e.Name()
				p := filepath.Join(d, n)
				switch {
				case e.Type().IsRegular() && match(p):
					out = append(out, p)
				case e.IsDir() && depth < 32 && !strings.HasPrefix(n, ".") && !noRecurse.Get()[n] && !strings.HasSuffix(n, ".egg-info"):
					if _, err := os.Stat(filepath.Join(p, "pyvenv.cfg")); err == nil {
						continue
					}
					walk(p, depth+1)
				}
				if len(out) >= maxTestFiles {
					return
				}
			}
		}
		walk(dir, 0)
	}
	sort.Strings(out)
	return compactStrings(out)
}

// ancestorsFrom returns root and each directory below it down to dir, or
// only dir when dir is not under root.
func ancestorsFrom(root, dir string) []string {
	rel, err := filepath.Rel(root, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return []string{dir}
	}
	out := []string{root}
	if rel == "." {
		return out
	}
	cur := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, part)
		out = append(out, cur)
	}
	return out
}

// noxRun models nox: the noxfile (noxfile.py, or -f/--noxfile FILE) runs
// as Python when nox loads it, and its sessions' session.run calls run
// commands (lang.Nox); read as a test runner's files are. --list, --help
// and --version run no session, but load the noxfile all the same.
func (w *walker) noxRun(c scope, call *Call, args []Arg) {
	if w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	file := "noxfile.py"
	for i, a := range args {
		switch v := a.Value; {
		case (v == "-f" || v == "--noxfile") && i+1 < len(args):
			file = args[i+1].Value
		case strings.HasPrefix(v, "--noxfile="):
			file = strings.TrimPrefix(v, "--noxfile=")
		}
	}
	w.lenient++
	defer func() { w.lenient-- }()
	w.scriptFile(c, call, Arg{Value: file, Raw: file, Static: true}, string(lang.Nox))
}

// pyScriptRunners are the Python modules and programs whose first operand
// (after their own options) is a script they run as Python: the debugger,
// the profilers, the tracer, coverage's run, IPython. valued lists their
// options that take a value.
var pyScriptRunners = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"pdb":      {"-c", "--command"},
		"cProfile": {"-o", "-s", "--outfile", "--sort"},
		"profile":  {"-o", "-s", "--outfile", "--sort"},
		"trace":    {"-f", "--file", "-C", "--coverdir", "--ignore-module", "--ignore-dir"},
		"coverage": {"--rcfile", "--source", "--include", "--omit", "--data-file", "--context", "--concurrency", "--debug"},
	}
}}

// pyRunScript models a Python runner (python -m pdb FILE, python -m
// cProfile FILE, python -m trace --trace FILE, coverage run FILE, ipython
// FILE): its script is read as python FILE's is. name is the runner, args
// the words after it (after run for coverage). A -m MODULE instead of a
// file runs that module, as python -m does.
func (w *walker) pyRunScript(c scope, call *Call, name string, args []Arg) {
	valued := pyScriptRunners.Get()[name]
	if name == "coverage" {
		if len(args) == 0 || args[0].Value != "run" {
			return
		}
		args = args[1:]
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--module" && name == "trace" && i+1 < len(args):
			// python3 -m trace --count --module MOD: the first operand is
			// a module, run as -m runs it (red team 20 ML1).
			for j := i + 1; j < len(args); j++ {
				if !strings.HasPrefix(args[j].Value, "-") {
					words := append([]Arg{{Value: call.Name, Raw: call.Name, Static: true}, {Value: "-m", Raw: "-m", Static: true}}, args[j:]...)
					w.argvChild(c, call, words, call.Name+" -m trace --module", call.env, call.Dir)
					return
				}
				if slices.Contains(valued, args[j].Value) && !strings.Contains(args[j].Value, "=") {
					j++
				}
			}
			return
		case v == "-m" && i+1 < len(args):
			// coverage run -m pytest, python -m cProfile -m mod: a
			// module, as python -m runs it.
			inner := *call
			inner.Args = append([]Arg{{Value: "-m", Raw: "-m", Static: true}}, args[i+1:]...)
			inner.Name = "python3"
			w.preloads(c, &inner)
			w.pythonPip(c, &inner)
			return
		case v == "--":
			if i+1 < len(args) {
				w.interpreterFile(c, call, args[i+1], lang.Python)
			}
			return
		case strings.HasPrefix(v, "-"):
			if slices.Contains(valued, v) && !strings.Contains(v, "=") {
				i++
			}
		default:
			w.interpreterFile(c, call, args[i], lang.Python)
			return
		}
	}
}
