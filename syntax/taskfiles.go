package syntax

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
	"github.com/google/shlex"
)

// More tools that run what a file of the project says (configRun):
// composer runs the scripts of composer.json, as npm runs package.json's.

// composerCommands are composer's own commands (composer list, 2.x), with
// the scripts each runs: the events it fires (composer's documentation,
// "Scripts": command events, installer events, package events and
// autoload events); a root package's scripts for these events run. A
// command that is not one of these (nor a prefix of one) is a script.
var composerCommands = lazy.Value[map[string][]string]{New: func() map[string][]string {
	autoload := []string{"pre-autoload-dump", "post-autoload-dump"}
	packages := []string{"pre-operations-exec", "pre-package-install", "post-package-install", "pre-package-update",
		"post-package-update", "pre-package-uninstall", "post-package-uninstall"}
	install := slices.Concat([]string{"pre-install-cmd"}, packages, autoload, []string{"post-install-cmd"})
	update := slices.Concat([]string{"pre-update-cmd"}, packages, autoload, []string{"post-update-cmd"})
	out := map[string][]string{
		"install": install, "update": update, "upgrade": update, "require": update, "remove": update,
		"uninstall": update, "reinstall": slices.Concat(packages, autoload), "dump-autoload": autoload,
		"dumpautoload": autoload, "status": {"pre-status-cmd", "post-status-cmd"},
		"archive": {"pre-archive-cmd", "post-archive-cmd"}, "run-script": nil,
	}
	for _, n := range []string{"about", "audit", "browse", "home", "bump", "check-platform-reqs", "clear-cache",
		"clearcache", "cc", "config", "create-project", "depends", "why", "diagnose", "exec", "fund", "global", "help",
		"init", "licenses", "list", "outdated", "prohibits", "why-not", "search", "self-update", "selfupdate", "show",
		"info", "suggests", "validate", "completion"} {
		out[n] = nil
	}
	return out
}}

// composerAliases are composer's short names of its commands.
var composerAliases = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"i": "install", "u": "update", "r": "require", "rm": "remove", "run": "run-script",
		"dumpautoload": "dump-autoload"}
}}

// composerRun models composer [-d DIR] COMMAND: install, update,
// require and remove run the root package's event scripts (none with
// --no-scripts, nor require/remove --no-update's update events),
// run-script NAME (run) and composer NAME run script NAME. A command may
// be abbreviated to a prefix only it has (Symfony Console's rule, over
// the commands and the scripts). Each entry of a script is a command
// line, @php ARGS (php ARGS), @composer ARGS, @NAME (another script), or
// a PHP callback (Vendor\Class::method), which corral does not read.
func (w *walker) composerRun(c scope, call *Call) {
	dir := call.Dir
	cmd, cmdAt := "", -1
	noScripts := false
	args := call.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-d" || v == "--working-dir") && i+1 < len(args):
			if !args[i+1].Static {
				return
			}
			dir = dir.Join(args[i+1].Value)
			i++
		case strings.HasPrefix(v, "--working-dir="):
			dir = dir.Join(strings.TrimPrefix(v, "--working-dir="))
		case strings.HasPrefix(v, "-d") && len(v) > 2 && !strings.HasPrefix(v, "--"):
			dir = dir.Join(v[2:])
		case v == "--no-scripts":
			noScripts = true
		case v == "-h" || v == "--help" || v == "-V" || v == "--version":
			return
		case strings.HasPrefix(v, "-"):
		case cmd == "":
			if !args[i].Static {
				return
			}
			cmd, cmdAt = v, i
		}
	}
	if cmd == "" {
		return
	}
	// COMPOSER names the manifest instead of composer.json, relative to
	// the working directory (Composer's Factory::getComposerFile).
	manifest := "composer.json"
	if v, known, set := w.envOf(c, call, "COMPOSER"); set && strings.TrimSpace(v) != "" {
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
				What: "composer reads the scripts of the manifest $COMPOSER names, only known at run time"})
			return
		}
		manifest = strings.TrimSpace(v)
		dir = dir.Join(filepath.Dir(manifest))
		manifest = filepath.Base(manifest)
	}
	sdir, scripts, found := w.manifestScripts(dir, manifest)
	if !found {
		return
	}
	cmds := composerCommands.Get()
	if a, ok := composerAliases.Get()[cmd]; ok {
		cmd = a
	}
	if _, ok := cmds[cmd]; !ok && scripts[cmd] == nil {
		// An abbreviation: the one command or script it begins.
		var hits []string
		for n := range cmds {
			if strings.HasPrefix(n, cmd) {
				hits = append(hits, n)
			}
		}
		for n := range scripts {
			if strings.HasPrefix(n, cmd) {
				hits = append(hits, n)
			}
		}
		if len(hits) != 1 {
			return
		}
		cmd = hits[0]
	}
	var names []string
	switch events, builtin := cmds[cmd]; {
	case cmd == "run-script":
		for _, a := range args[cmdAt+1:] {
			if a.Value == "-l" || a.Value == "--list" {
				return
			}
			if !strings.HasPrefix(a.Value, "-") {
				if !a.Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
						What: "composer runs a script of composer.json named only at run time"})
					return
				}
				names = []string{a.Value}
				break
			}
		}
	case builtin:
		if noScripts || (cmd == "require" || cmd == "remove" || cmd == "uninstall") && slices.ContainsFunc(args, func(a Arg) bool {
			return a.Value == "--no-update"
		}) {
			return
		}
		names = events
	default:
		names = []string{cmd}
	}
	inner := *call
	inner.Dir = sdir
	seen := map[string]bool{}
	for _, n := range names {
		w.composerScript(c, &inner, scripts, n, seen)
	}
}

// composerScript runs the entries of composer.json's script name, each
// once (a reference to a script already run runs nothing: the cycle
// composer refuses).
func (w *walker) composerScript(c scope, call *Call, scripts map[string][]string, name string, seen map[string]bool) {
	if seen[name] || len(seen) > maxTaskDepth {
		return
	}
	seen[name] = true
	where := "composer.json scripts." + name + " (composer)"
	for _, e := range scripts[name] {
		e = strings.TrimSpace(e)
		head, rest, _ := strings.Cut(e, " ")
		switch {
		case head == "@php":
			e = "php " + rest
		case head == "@composer":
			e = "composer " + rest
		case head == "@putenv":
			continue
		case strings.HasPrefix(head, "@"):
			w.composerScript(c, call, scripts, head[1:], seen)
			continue
		case phpCallable.Get().MatchString(e):
			// A static method or a command class of the project's PHP
			// (autoloaded), which corral does not read.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: e,
				What: where + " calls the PHP code " + e + ", which corral does not read"})
			continue
		}
		w.origin = where
		w.child(c, call, e, nil, "package script", false)
		w.origin = ""
	}
}

// phpCallable matches a composer script that is PHP rather than a
// command line: Class::method, or a class name with a namespace.
var phpCallable = lazy.Regexp{Expr: `^\\?[A-Za-z_][A-Za-z0-9_]*(?:\\[A-Za-z_][A-Za-z0-9_]*)*(?:::[A-Za-z_][A-Za-z0-9_]*|\\[A-Za-z_][A-Za-z0-9_]*)$`}

// snakefileNames are the files snakemake looks for (its documentation,
// "Snakefiles and rules"), first found wins.
var snakefileNames = []string{"Snakefile", "snakefile", "workflow/Snakefile", "workflow/snakefile"}

// snakemakeRun models snakemake [-s FILE] [TARGETS]: the Snakefile is
// Python, run when the workflow is read (its top level, and the run:,
// onstart:, onsuccess: and onerror: blocks when they run), read as
// Python; each shell: directive and each shell("…") call is a command
// line (any rule may be a target's input, so every one is read). Its
// {input}, {output}, {log}, {wildcards.x}, {threads} and {resources.x}
// are files and numbers of the workflow, read as plain names; any other
// {…} ({params.x}, {config[…]}) is only known when snakemake runs, and
// asks by its rule words. A dry run (-n), --list and --lint run no
// command; --help and --version read nothing.
func (w *walker) snakemakeRun(c scope, call *Call) {
	file, dir := "", call.Dir
	dry := false
	args := call.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-h" || v == "--help" || v == "--version" || v == "-v":
			return
		case (v == "-s" || v == "--snakefile") && i+1 < len(args):
			if !args[i+1].Static {
				return
			}
			file = args[i+1].Value
			i++
		case strings.HasPrefix(v, "--snakefile="):
			file = strings.TrimPrefix(v, "--snakefile=")
		case (v == "-d" || v == "--directory") && i+1 < len(args):
			dir = dir.Join(args[i+1].Value)
			i++
		case v == "-n" || v == "--dry-run" || v == "--dryrun" || v == "-l" || v == "--list" || v == "--list-rules" ||
			v == "--lint" || v == "--list-target-rules" || v == "--summary" || v == "--dag" || v == "--rulegraph":
			dry = true
		}
	}
	files := snakefileNames
	if file != "" {
		files = []string{file}
	}
	for _, f := range files {
		d := call.Dir.Join(f)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		w.readConfigs(c, call, call.Dir, []string{f}, lang.Python, false)
		if dry {
			return
		}
		for _, s := range snakeShells(text) {
			where := f + " shell (line " + strconv.Itoa(s.line) + ")"
			if !s.known {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: s.text,
					What: where + " is a command built when snakemake runs"})
				continue
			}
			text, substituted := snakeFormat(s.text)
			w.runTaskText(c, call, dir, text, where, substituted)
		}
		return
	}
}

// snakeShell is one command a Snakefile holds: a shell: directive's or a
// shell() call's string, or (not known) the expression that builds it.
type snakeShell struct {
	text  string
	line  int
	known bool
}

// snakeShellAt matches where a command starts: shell: at the start of a
// line (a rule's directive), or a call of shell( (in Python code), or
// shell.prefix( and shell.suffix( (text put around every command).
var snakeShellAt = lazy.Regexp{Expr: `(?m)^[ \t]*shell[ \t]*:|\bshell(?:\.prefix|\.suffix)?[ \t]*\(`}

// snakeShells returns the commands of a Snakefile, in order: after each
// shell: or shell(, the string literals that follow (adjacent ones are
// one string, as in Python).
func snakeShells(text string) []snakeShell {
	var out []snakeShell
	for _, m := range snakeShellAt.Get().FindAllStringIndex(text, maxScriptMatches) {
		s, ok := pyStringsAt(text, m[1])
		line := strings.Count(text[:m[0]], "\n") + 1
		if !ok {
			rest, _, _ := strings.Cut(strings.TrimLeft(text[m[1]:], " \t"), "\n")
			if strings.TrimSpace(rest) != "" {
				out = append(out, snakeShell{text: rest, line: line})
			}
			continue
		}
		out = append(out, snakeShell{text: s, line: line, known: true})
	}
	return out
}

// pyStringsAt reads the Python string literals that start at i (after
// blanks, line ends and comments), joined: r'…', "…", ”'…”', """…""".
// It reports false when no literal starts there or one is not closed.
func pyStringsAt(text string, i int) (string, bool) {
	var b strings.Builder
	n := 0
	for {
		for i < len(text) {
			switch ch := text[i]; {
			case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\\' && i+1 < len(text) && text[i+1] == '\n':
				i++
			case ch == '#':
				for i < len(text) && text[i] != '\n' {
					i++
				}
			default:
				goto literal
			}
		}
	literal:
		j := i
		raw := false
		for j < len(text) && j-i < 2 && strings.IndexByte("rRbBuUfF", text[j]) >= 0 {
			if text[j] == 'r' || text[j] == 'R' {
				raw = true
			}
			j++
		}
		if j >= len(text) || text[j] != '"' && text[j] != '\'' {
			return b.String(), n > 0
		}
		q := text[j : j+1]
		if strings.HasPrefix(text[j:], q+q+q) {
			q = q + q + q
		}
		j += len(q)
		end := -1
		for k := j; k < len(text); k++ {
			if strings.HasPrefix(text[k:], q) {
				end = k
				break
			}
			if text[k] == '\\' {
				k++
			} else if text[k] == '\n' && len(q) == 1 {
				return "", false
			}
		}
		if end < 0 {
			return "", false
		}
		body := text[j:end]
		if !raw {
			body = strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\'`, `'`, `\n`, "\n", `\t`, "\t", "\\\n", "").Replace(body)
		}
		b.WriteString(body)
		n++
		i = end + len(q)
	}
}

// snakeField matches a Snakemake format field: {name}, {name.attr},
// {name[i]}, with an optional :q.
var snakeField = lazy.Regexp{Expr: `\{([A-Za-z_][A-Za-z0-9_]*)([^{}]*)\}`}

// snakeFormat replaces the fields of a Snakemake command that name the
// workflow's own files and numbers by a plain word, and reports whether
// it holds any other field (a value only known when it runs). {{ and }}
// are braces.
func snakeFormat(s string) (string, bool) {
	other := false
	s = strings.ReplaceAll(strings.ReplaceAll(s, "{{", "\x00"), "}}", "\x01")
	s = snakeField.Get().ReplaceAllStringFunc(s, func(f string) string {
		name := snakeField.Get().FindStringSubmatch(f)[1]
		switch name {
		case "input", "output", "log", "wildcards", "benchmark":
			return "snakemake-" + name
		case "threads", "resources", "jobid":
			return "1"
		case "rule":
			return "rule"
		}
		other = true
		return f
	})
	return strings.ReplaceAll(strings.ReplaceAll(s, "\x00", "{"), "\x01", "}"), other
}

// earthTarget is one target (or function) of an Earthfile: its lines,
// with the line numbers they start on.
type earthTarget struct {
	lines []taskLine
}

// earthTargetHead matches a target's or function's first line: NAME:
// at the start of the line.
var earthTargetHead = lazy.Regexp{Expr: `^([A-Za-z0-9][A-Za-z0-9._-]*):\s*$`}

// earthRef matches a reference to a target of the same Earthfile or of
// one in a directory of the project: +NAME, ./DIR+NAME, ../DIR+NAME
// (with a /ARTIFACT path after it).
var earthRef = lazy.Regexp{Expr: `^((?:\.\.?/)[^+\s]*)?\+([A-Za-z0-9][A-Za-z0-9._-]*)`}

// parseEarthfile returns an Earthfile's targets by name, "" its base
// recipe (the lines before the first target), each line with its
// continuation lines (a final \) joined.
func parseEarthfile(text string) map[string]*earthTarget {
	out := map[string]*earthTarget{"": {}}
	cur := out[""]
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		start := i + 1
		for strings.HasSuffix(l, "\\") && i+1 < len(lines) {
			i++
			l = strings.TrimSuffix(l, "\\") + " " + strings.TrimSpace(lines[i])
		}
		if m := earthTargetHead.Get().FindStringSubmatch(l); m != nil {
			cur = &earthTarget{}
			out[m[1]] = cur
			continue
		}
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		cur.lines = append(cur.lines, taskLine{t, start})
	}
	return out
}

// earthlyRun models earthly [options] TARGET…: a target's RUN commands
// run in a container, except after LOCALLY, where they run on this
// machine in the Earthfile's directory (so do a function's, called with
// DO from there). The targets a target reaches (BUILD, FROM, COPY, DO of
// +NAME or ./DIR+NAME) are followed, in the project only; a remote
// target (github.com/…+NAME) is not read.
func (w *walker) earthlyRun(c scope, call *Call) {
	type item struct {
		dir, name string
		local     bool
	}
	var queue []item
	for _, a := range call.Args {
		switch v := a.Value; {
		case v == "-h" || v == "--help" || v == "--version" || v == "-v":
			return
		case a.Static:
			if m := earthRef.Get().FindStringSubmatch(v); m != nil {
				queue = append(queue, item{dir: m[1], name: m[2]})
			}
		}
	}
	seen := map[item]bool{}
	files := map[string]map[string]*earthTarget{}
	for len(queue) > 0 && len(seen) < 4*maxTaskDepth {
		it := queue[0]
		queue = queue[1:]
		if seen[it] {
			continue
		}
		seen[it] = true
		dir := call.Dir.Join(it.dir)
		if !dir.Known {
			continue
		}
		targets, ok := files[dir.Path]
		if !ok {
			text, found := w.readScript(dir.Join("Earthfile"))
			if found {
				targets = parseEarthfile(text)
			}
			files[dir.Path] = targets
		}
		t := targets[it.name]
		if t == nil {
			continue
		}
		local := it.local
		for _, l := range slices.Concat(targets[""].lines, t.lines) {
			cmd, rest, _ := strings.Cut(l.text, " ")
			rest = strings.TrimSpace(rest)
			switch cmd {
			case "LOCALLY":
				local = true
			case "FROM":
				local = false
			case "RUN":
				if !local {
					break
				}
				for strings.HasPrefix(rest, "--") {
					_, rest, _ = strings.Cut(rest, " ")
					rest = strings.TrimSpace(rest)
				}
				if strings.HasPrefix(rest, "[") {
					var argv []string
					if json.Unmarshal([]byte(rest), &argv) != nil {
						w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: rest,
							What: "Earthfile +" + it.name + " runs a command corral cannot read"})
						break
					}
					for i := range argv {
						argv[i] = shellQuote(argv[i])
					}
					rest = strings.Join(argv, " ")
				}
				w.runTaskText(c, call, dir, rest, "Earthfile +"+it.name+" RUN (line "+strconv.Itoa(l.line)+")", false)
			}
			for _, f := range strings.Fields(rest) {
				if m := earthRef.Get().FindStringSubmatch(f); m != nil {
					d := it.dir
					if m[1] != "" {
						d = filepath.Join(it.dir, m[1])
					}
					queue = append(queue, item{dir: d, name: m[2], local: cmd == "DO" && local})
				}
			}
		}
	}
}

// bazelRunUnder is one --run_under a bazel command runs its targets under,
// and where it was set.
type bazelRunUnder struct {
	prog, where string
}

// bazelWorkspace are the files that mark a Bazel workspace's root.
var bazelWorkspace = []string{"MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE", "REPO.bazel"}

// bazelRun models bazel|bazelisk [startup options] run|test|coverage
// [--config=NAME…] [--run_under=PROG]: the targets run under PROG, a
// command line (a label, //pkg:tool, is a target corral does not build,
// asked about by its rule words). PROG comes from the command line or
// from the rc files: the workspace's .bazelrc (not with
// --noworkspace_rc or --ignore_all_rc_files) and --bazelrc=FILE, with
// their import and try-import; a line applies when its command is
// common, always, build, or the command (test for coverage) — with
// :NAME when --config=NAME is given, there or in a line that applies.
func (w *walker) bazelRun(c scope, call *Call) {
	var rcs []string
	wsrc := true
	cmd := ""
	var opts []Arg
	for i, a := range call.Args {
		v := a.Value
		if cmd != "" {
			opts = call.Args[i:]
			break
		}
		switch {
		case strings.HasPrefix(v, "--bazelrc="):
			rcs = append(rcs, strings.TrimPrefix(v, "--bazelrc="))
		case v == "--noworkspace_rc" || v == "--ignore_all_rc_files":
			wsrc = false
		case strings.HasPrefix(v, "-"):
		default:
			cmd = v
		}
	}
	root := Dir{}
	if p, _, found := w.findUp(call.Dir, bazelWorkspace...); found {
		root = Dir{Path: filepath.Dir(p), Known: true}
	}
	if cmd == "build" || cmd == "run" || cmd == "test" || cmd == "coverage" {
		broot := root
		if !broot.Known {
			// No workspace file found (one the command touches is not
			// recorded): the working directory's.
			broot = call.Dir
		}
		w.bazelBuild(c, call, broot, cmd, opts) // bazelbuild.go
	}
	if cmd != "build" && cmd != "run" && cmd != "test" && cmd != "coverage" {
		return
	}
	// --run_under runs the targets of run, test and coverage under a
	// command; --workspace_status_command is a program every build
	// command runs first, for the stamp (bazel build of a .bazelrc with
	// build --workspace_status_command=./x.sh ran x.sh; it was allowed).
	names := []string{"--config", "--run_under", "--workspace_status_command"}
	if cmd == "build" {
		names = []string{"--config", "--workspace_status_command"}
	}
	applies := map[string]bool{"common": true, "always": true, "build": true, cmd: true}
	if cmd == "coverage" {
		applies["test"] = true
	}
	configs := map[string]bool{}
	var cmdline []bazelRunUnder
	for i := 0; i < len(opts); i++ {
		v := opts[i].Value
		if v == "--" {
			break
		}
		val, ok := "", false
		for _, name := range names {
			if x, found := strings.CutPrefix(v, name+"="); found {
				val, ok, v = x, true, name
			} else if v == name && i+1 < len(opts) {
				val, ok = opts[i+1].Value, true
				i++
			}
		}
		switch {
		case !ok:
		case v == "--config":
			configs[val] = true
		case v == "--run_under" || v == "--workspace_status_command":
			cmdline = append(cmdline, bazelRunUnder{val, "bazel " + cmd + " " + v})
		}
	}
	var lines []bazelRCLine
	files := 0
	if wsrc && root.Known {
		lines = w.bazelRC(root, root.Join(".bazelrc"), lines, &files)
	}
	for _, rc := range rcs {
		lines = w.bazelRC(root, call.Dir.Join(rc), lines, &files)
	}
	var under []bazelRunUnder
	// --config in lines that apply turns on more configs: until none is
	// added (configs nested deeper than maxTaskDepth are not followed).
	for range maxTaskDepth {
		under = under[:0]
		n := len(configs)
		for _, l := range lines {
			command, config, _ := strings.Cut(l.words[0], ":")
			if !applies[command] || config != "" && !configs[config] {
				continue
			}
			for i := 1; i < len(l.words); i++ {
				v := l.words[i]
				for _, name := range names {
					val, ok := strings.CutPrefix(v, name+"=")
					if !ok && v == name && i+1 < len(l.words) {
						val, ok = l.words[i+1], true
						i++
					}
					if !ok {
						continue
					}
					if name == "--config" {
						configs[val] = true
					} else {
						under = append(under, bazelRunUnder{val, l.where})
					}
				}
			}
		}
		if len(configs) == n {
			break
		}
	}
	dir := root
	if !dir.Known {
		dir = call.Dir
	}
	for _, u := range append(under, cmdline...) {
		if strings.HasPrefix(u.prog, "//") || strings.HasPrefix(u.prog, "@") || strings.HasPrefix(u.prog, ":") {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: u.prog,
				What: u.where + " runs the targets under the target " + u.prog + ", which corral does not build"})
			continue
		}
		w.runTaskText(c, call, dir, u.prog, u.where, false)
	}
}

// bazelRCLine is one line of an rc file, as words (the first is
// COMMAND or COMMAND:CONFIG), and where it is.
type bazelRCLine struct {
	words []string
	where string
}

// bazelRC appends the lines of the rc file d (and of the files it
// imports, %workspace% being the root) to lines; files counts the files
// read, at most maxTaskDepth.
func (w *walker) bazelRC(root, d Dir, lines []bazelRCLine, files *int) []bazelRCLine {
	if *files >= maxTaskDepth {
		return lines
	}
	*files++
	text, ok := w.readScript(d)
	if !ok {
		return lines
	}
	name := d.Path
	if root.Known {
		if r, err := filepath.Rel(root.Path, d.Path); err == nil && !strings.HasPrefix(r, "..") {
			name = r
		}
	}
	raw := strings.Split(text, "\n")
	for i := 0; i < len(raw) && len(lines) < maxCICommands; i++ {
		l := strings.TrimRight(raw[i], " \t\r")
		start := i + 1
		for strings.HasSuffix(l, "\\") && i+1 < len(raw) {
			i++
			l = strings.TrimSuffix(l, "\\") + " " + strings.TrimSpace(raw[i])
		}
		words, err := shlex.Split(l) // shlex drops # comments
		if err != nil || len(words) == 0 {
			continue
		}
		if (words[0] == "import" || words[0] == "try-import") && len(words) > 1 {
			p := words[1]
			if rest, ok := strings.CutPrefix(p, "%workspace%"); ok {
				if !root.Known {
					continue
				}
				p = root.Path + rest
			}
			lines = w.bazelRC(root, d.Join("..").Join(p), lines, files)
			continue
		}
		lines = append(lines, bazelRCLine{words, name + " " + words[0] + " (line " + strconv.Itoa(start) + ")"})
	}
	return lines
}

// nixImport matches a relative path to a Nix file in Nix code
// (import ./shell.nix, ./nix/dev.nix).
var nixImport = lazy.Regexp{Expr: `(?:^|[\s(=\[])(\.\.?/[A-Za-z0-9._/-]+\.nix)\b`}

// nixDevelop models nix develop [FLAKEREF[#ATTR]] [-c CMD]: the shell it
// starts (or the one it runs CMD in) runs the dev shell's shellHook,
// from the flake.nix of the flake (the working directory's, found
// upwards, or a path flake reference: ., ./DIR, path:DIR), or from
// -f/--file FILE; each shellHook of that file, and of the Nix files of
// the project it names (import ./shell.nix), is read as nix-shell's is.
// A remote or registry flake (github:…, nixpkgs#hello) is not read, nor
// --expr.
func (w *walker) nixDevelop(c scope, call *Call) {
	if len(call.Args) == 0 || call.Args[0].Value != "develop" {
		return
	}
	ref, file := "", ""
	args := call.Args[1:]
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-c" || v == "--command" || v == "--":
			i = len(args)
		case v == "--expr":
			return
		case (v == "-f" || v == "--file") && i+1 < len(args):
			file = args[i+1].Value
			i++
		case v == "--override-input" || v == "--arg" || v == "--argstr" || v == "--option":
			i += 2
		case v == "--profile" || v == "--keep" || v == "-k" || v == "--unset" || v == "-u" || v == "--phase" ||
			v == "--inputs-from" || v == "--update-input" || v == "--reference-lock-file" || v == "--output-lock-file" ||
			v == "--eval-store" || v == "--include" || v == "-I" || v == "--store":
			i++
		case strings.HasPrefix(v, "-"):
		case ref == "":
			if !args[i].Static {
				return
			}
			ref = v
		}
	}
	var path, text string
	var ok bool
	if file != "" {
		d := call.Dir.Join(file)
		path = d.Path
		text, ok = w.readScript(d)
	} else {
		loc, _, _ := strings.Cut(ref, "#")
		loc = strings.TrimPrefix(loc, "path:")
		switch {
		case loc == "" || loc == ".":
			path, text, ok = w.findUp(call.Dir, "flake.nix")
		case strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "./") || strings.HasPrefix(loc, "../"):
			d := call.Dir.Join(loc).Join("flake.nix")
			path = d.Path
			text, ok = w.readScript(d)
		}
	}
	if !ok {
		return
	}
	dir := Dir{Path: filepath.Dir(path), Known: true}
	name, _ := filepath.Rel(call.Dir.Path, path)
	w.nixHooks(c, call, name, text)
	seen := map[string]bool{path: true}
	for _, m := range nixImport.Get().FindAllStringSubmatch(text, maxScriptMatches) {
		d := dir.Join(m[1])
		if w.isDir(d) {
			d = d.Join("default.nix")
		}
		if seen[d.Path] {
			continue
		}
		seen[d.Path] = true
		if t, found := w.readScript(d); found {
			n, _ := filepath.Rel(call.Dir.Path, d.Path)
			w.nixHooks(c, call, n, t)
		}
	}
}

// nixHooks runs the shellHooks of Nix file text, each as shell text.
func (w *walker) nixHooks(c scope, call *Call, file, text string) {
	for _, m := range nixShellHook.Get().FindAllStringSubmatch(text, -1) {
		hook := m[1] + m[2]
		w.runTaskText(c, call, call.Dir, hook, file+" shellHook", strings.Contains(hook, "${"))
	}
}
