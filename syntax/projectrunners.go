package syntax

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// More project runners run what a file of the project says (issue 12,
// class 4), a file the agent can write in the same command:
//
//   - snapcraft runs the override-pull, override-build, override-stage
//     and override-prime scriptlets of snapcraft.yaml's parts (shell
//     text) at the lifecycle steps it runs;
//   - nimble evaluates the package's .nimble file as NimScript, whose
//     exec, selfExec, staticExec/gorge and rmDir/rmFile run commands and
//     delete (in tasks, hooks and at the top);
//   - nim e FILE runs NimScript, and nim c FILE evaluates config.nims and
//     FILE's staticExec/gorge (nim r, -r: the program's exec calls too);
//   - lein loads project.clj, Clojure code (configtools.go), and lein run
//     runs the :main namespace (or -m NS) from src/; an alias of
//     :aliases is the task vector it names, and lein shell CMD
//     (the lein-shell plugin) runs CMD.
//
// pulumi up's YAML programs are pyapps.go's.

// snapcraftFiles are the places snapcraft looks for its project file.
var snapcraftFiles = []string{"snap/snapcraft.yaml", "snapcraft.yaml", ".snapcraft.yaml", "build-aux/snap/snapcraft.yaml"}

// snapcraftRun models snapcraft [STEP] [PART…]: pull, build, stage and
// prime run the parts' scriptlets up to that step; pack, snap, try and
// no command run them all. The scriptlets run in the build environment
// (a managed instance that mounts the project, or this machine with
// --destructive-mode): judged as typed in the project either way.
func (w *walker) snapcraftRun(c scope, call *Call) {
	step := ""
	for _, a := range call.Args {
		if !strings.HasPrefix(a.Value, "-") {
			step = a.Value
			break
		}
		if a.Value == "--help" || a.Value == "-h" || a.Value == "--version" || a.Value == "-V" {
			return
		}
	}
	var keys []string
	switch step {
	case "pull":
		keys = []string{"override-pull"}
	case "build":
		keys = []string{"override-pull", "override-build"}
	case "stage":
		keys = []string{"override-pull", "override-build", "override-stage"}
	case "", "prime", "pack", "snap", "try":
		keys = []string{"override-pull", "override-build", "override-stage", "override-prime"}
	default:
		return
	}
	for _, f := range snapcraftFiles {
		d := call.Dir.Join(f)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		cmds, _ := ciCommands(text, keys, nil)
		for _, cm := range cmds {
			where := f + " " + cm.key + " (line " + strconv.Itoa(cm.line) + ")"
			if !cm.known {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: cm.text, What: where + " is a value corral cannot read"})
				continue
			}
			w.runTaskText(c, call, call.Dir, cm.text, where, false)
		}
		return
	}
}

// nimbleExec matches the NimScript calls that run a command or delete:
// the procedure's name, then its argument.
var nimbleExec = lazy.Regexp{Expr: `(?m)(?:^|[^\w])(exec|selfExec|staticExec|gorge|gorgeEx|execShellCmd|execCmd|execCmdEx|rmDir|rmFile|removeDir|removeFile)\b[ \t]*\(?[ \t]*`}

// nimbleSkip are nimble's commands that do not evaluate the package's
// .nimble file.
func nimbleSkip(cmd string) bool {
	switch cmd {
	case "help", "search", "list", "refresh", "init", "publish", "path", "uninstall", "rm", "remove":
		return true
	}
	return false
}

// nimbleRun models nimble COMMAND in a package: its *.nimble file is
// NimScript that nimble evaluates (its top, the task COMMAND names, the
// before and after hooks of the command: nimbleBlocks), so every command
// run there is judged: exec "CMD" (and execShellCmd, execCmd) as shell text, selfExec
// "ARGS" as nim ARGS, staticExec/gorge at evaluation, rmDir/rmFile
// "PATH" as rm -rf/rm -f PATH; an argument that is not one string
// literal (exec "nim c " & f) asks by its rule words.
func (w *walker) nimbleRun(c scope, call *Call) {
	cmd := ""
	for _, a := range call.Args {
		switch v := a.Value; {
		case v == "-h" || v == "--help" || v == "-v" || v == "--version":
			return
		case strings.HasPrefix(v, "-"):
		default:
			cmd = v
		}
		if cmd != "" {
			break
		}
	}
	if nimbleSkip(cmd) || !call.Dir.Known {
		return
	}
	var files []string
	for _, m := range w.globNames(call.Dir, "*.nimble") {
		files = append(files, call.Dir.Join(m).Path)
	}
	for p := range w.written {
		if filepath.Dir(p) == call.Dir.Path && strings.HasSuffix(p, ".nimble") {
			files = append(files, p)
		}
	}
	slices.Sort(files)
	for _, f := range slices.Compact(files) {
		text, ok := w.readScript(Dir{Path: f, Known: true})
		if !ok {
			continue
		}
		w.nimbleScript(c, call, filepath.Base(f), nimbleBlocks(nimStripComments(text), cmd), nil)
	}
	// The package's sources are compiled with nim, which evaluates the
	// NimScript configuration of the directory.
	if text, ok := w.readScript(call.Dir.Join("config.nims")); ok {
		w.nimbleScript(c, call, "config.nims", nimStripComments(text), nil)
	}
}

// nimbleTaskHead matches the first line of a task or of a hook: task
// NAME, "…": / before NAME: / after NAME: at the start of a line.
var nimbleTaskHead = lazy.Regexp{Expr: `^(?:task\s+(\w+)\s*,|(?:before|after)\s+(\w+)\s*:)`}

// nimbleBlocks returns code with the bodies of the tasks and hooks of
// commands other than cmd blanked (their lines kept): nimble evaluates
// the top of the file, the task cmd names and that command's before and
// after hooks. A proc, a template or any other top-level code stays,
// since a task may call it.
func nimbleBlocks(code, cmd string) string {
	lines := strings.Split(code, "\n")
	skip := false
	for i, l := range lines {
		if l != "" && l[0] != ' ' && l[0] != '\t' {
			skip = false
			if m := nimbleTaskHead.Get().FindStringSubmatch(l); m != nil {
				name := m[1] + m[2]
				skip = !strings.EqualFold(name, cmd)
			}
		}
		if skip {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// nimCompileTime reports the procedures that run a command while Nim
// compiles (the rest run when the program or the NimScript runs).
func nimCompileTime(proc string) bool {
	return proc == "staticExec" || proc == "gorge" || proc == "gorgeEx"
}

// nimRun models the Nim compiler: nim e FILE runs FILE as NimScript;
// nim c/cpp/js/check FILE (and the other backends) evaluates the
// NimScript configuration of FILE's directory (config.nims and
// FILE's-name.nims) and FILE's compile-time staticExec/gorge; nim r FILE,
// or -r/--run, then runs the program, whose exec calls run too. Modules
// FILE imports are not read.
func (w *walker) nimRun(c scope, call *Call) {
	cmd, file := "", ""
	run := false
	for _, a := range call.Args {
		switch v := a.Value; {
		case v == "-r" || v == "--run":
			run = true
		case strings.HasPrefix(v, "-"):
		case cmd == "":
			cmd = v
		case file == "":
			if !a.Static {
				return
			}
			file = v
		}
	}
	switch cmd {
	case "r":
		run = true
	case "e":
	case "c", "cc", "compile", "compileToC", "cpp", "compileToCpp", "objc", "compileToOC", "js", "check":
	default:
		return
	}
	if file == "" {
		return
	}
	d := call.Dir.Join(file)
	if !d.Known {
		return
	}
	if cmd == "e" {
		if text, ok := w.readScript(d); ok {
			w.nimbleScript(c, call, file, nimStripComments(text), nil)
		}
		return
	}
	dir := Dir{Path: filepath.Dir(d.Path), Known: true}
	base := strings.TrimSuffix(filepath.Base(d.Path), ".nim")
	for _, f := range []string{"config.nims", base + ".nims"} {
		if text, ok := w.readScript(dir.Join(f)); ok {
			w.nimbleScript(c, call, f, nimStripComments(text), nil)
		}
	}
	if text, ok := w.readScript(d); ok {
		which := nimCompileTime
		if run {
			which = nil
		}
		w.nimbleScript(c, call, file, nimStripComments(text), which)
	}
}

// nimbleScript judges the commands of NimScript (or Nim) code, its
// comments blanked; only the procedures which reports, when not nil.
func (w *walker) nimbleScript(c scope, call *Call, name, code string, which func(string) bool) {
	for _, m := range nimbleExec.Get().FindAllStringSubmatchIndex(code, -1) {
		proc := code[m[2]:m[3]]
		if which != nil && !which(proc) {
			continue
		}
		line := strings.Count(code[:m[0]], "\n") + 1
		where := name + " " + proc + " (line " + strconv.Itoa(line) + ")"
		arg, rest, ok := nimString(code[m[1]:])
		rest = strings.TrimLeft(rest, " \t")
		if !ok || strings.HasPrefix(rest, "&") || strings.HasPrefix(rest, "%") {
			end := strings.IndexByte(code[m[0]:], '\n')
			if end < 0 {
				end = len(code) - m[0]
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: strings.TrimSpace(code[m[0] : m[0]+end]),
				What: where + " runs a command only known when " + call.Name + " evaluates " + name})
			continue
		}
		switch proc {
		case "selfExec":
			arg = "nim " + arg
		case "rmDir", "removeDir":
			arg = "rm -rf -- " + Quote(arg)
		case "rmFile", "removeFile":
			arg = "rm -f -- " + Quote(arg)
		}
		w.runTaskText(c, call, call.Dir, arg, where, false)
	}
}

// nimStripComments blanks Nim's comments (# to the line's end, #[ … ]#)
// outside string literals, keeping the lines.
func nimStripComments(text string) string {
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			if strings.HasPrefix(string(b[i:]), `"""`) {
				j := strings.Index(string(b[i+3:]), `"""`)
				if j < 0 {
					return string(b)
				}
				i += j + 5
				continue
			}
			for i++; i < len(b) && b[i] != '"' && b[i] != '\n'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '\'':
			// A character literal: 'x', '\n'.
			if i+2 < len(b) && b[i+1] != '\\' && b[i+2] == '\'' {
				i += 2
			} else if i+3 < len(b) && b[i+1] == '\\' && b[i+3] == '\'' {
				i += 3
			}
		case '#':
			if i+1 < len(b) && b[i+1] == '[' {
				j := strings.Index(string(b[i:]), "]#")
				if j < 0 {
					j = len(b) - i - 2
				}
				for k := i; k < i+j+2 && k < len(b); k++ {
					if b[k] != '\n' {
						b[k] = ' '
					}
				}
				i += j + 1
				continue
			}
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// nimString reads the Nim string literal at the start of s: "…" with
// its escapes, r"…" (raw, "" a quote) or """…""". rest is the text
// after it, past a closing parenthesis.
func nimString(s string) (val, rest string, ok bool) {
	raw := false
	if strings.HasPrefix(s, `r"`) || strings.HasPrefix(s, `R"`) {
		raw = true
		s = s[1:]
	}
	switch {
	case strings.HasPrefix(s, `"""`):
		j := strings.Index(s[3:], `"""`)
		if j < 0 {
			return "", s, false
		}
		val, rest = s[3:3+j], s[6+j:]
	case strings.HasPrefix(s, `"`):
		var b strings.Builder
		i := 1
		for ; i < len(s); i++ {
			ch := s[i]
			if ch == '\n' {
				return "", s, false
			}
			if ch == '"' {
				if raw && i+1 < len(s) && s[i+1] == '"' {
					b.WriteByte('"')
					i++
					continue
				}
				break
			}
			if ch == '\\' && !raw && i+1 < len(s) {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(s[i])
				}
				continue
			}
			b.WriteByte(ch)
		}
		if i >= len(s) {
			return "", s, false
		}
		val, rest = b.String(), s[i+1:]
	default:
		return "", s, false
	}
	t := strings.TrimLeft(rest, " \t")
	if strings.HasPrefix(t, ")") {
		rest = t[1:]
	}
	return val, rest, true
}

// leinAlias matches one entry of project.clj's :aliases map whose value
// is a vector of strings: "NAME" ["TASK" "ARG" …].
var leinAlias = lazy.Regexp{Expr: `"([^"\s]+)"\s*\[((?:\s*"(?:[^"\\]|\\.)*"\s*)+)\]`}

// leinString matches a Clojure string literal.
var leinString = lazy.Regexp{Expr: `"((?:[^"\\]|\\.)*)"`}

// leinMain matches project.clj's :main NAMESPACE.
var leinMain = lazy.Regexp{Expr: `:main\s+\^?(?::skip-aot\s+)?([A-Za-z][\w.\-*+!?]*)`}

// leinRun models lein TASK ARGS: lein run [-m NS] runs the namespace's
// -main (read as Clojure from src/NS.clj, NS's dots as slashes and its
// dashes as underscores), lein shell CMD ARGS runs CMD, and an alias of
// project.clj's :aliases (a vector of strings) is the task it names, do
// and with-profile run the tasks after them (leinTask). project.clj
// itself is read by configtools.go for every task.
func (w *walker) leinRun(c scope, call *Call) {
	args := call.Args
	for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") {
		if args[0].Value == "-o" || args[0].Value == "-U" {
			args = args[1:]
			continue
		}
		return // lein -h, --version, with-profile …: not read
	}
	if len(args) == 0 || !args[0].Static {
		return
	}
	project, _ := w.readScript(call.Dir.Join("project.clj"))
	w.leinTask(c, call, project, args, 0)
	switch args[0].Value {
	case "help", "new", "version", "upgrade", "search", "clean", "deps", "pom", "show-profiles", "classpath", "change", "vcs", "plugin":
	default:
		// :prep-tasks run before a task that evaluates code in the
		// project (run, test, repl, compile, jar, uberjar, an alias):
		// each a task name or a vector of a task and its words.
		for _, t := range leinPrepTasks(project) {
			var words []Arg
			for _, v := range t {
				words = append(words, Arg{Value: v, Raw: Quote(v), Static: true})
			}
			w.leinTask(c, call, project, words, 1)
		}
	}
}

// leinPrepTasks returns project.clj's :prep-tasks: each a task name
// ("javac") or a vector of strings (["shell" "make"]).
func leinPrepTasks(project string) [][]string {
	i := strings.Index(project, ":prep-tasks")
	if i < 0 {
		return nil
	}
	rest := project[i+len(":prep-tasks"):]
	j := strings.IndexByte(rest, '[')
	if j < 0 || strings.TrimSpace(rest[:j]) != "" {
		return nil
	}
	var out [][]string
	var cur []string
	level := 0
	for k := j; k < len(rest); k++ {
		switch rest[k] {
		case '[':
			level++
			if level == 2 {
				cur = nil
			}
		case ']':
			level--
			if level == 1 && len(cur) > 0 {
				out = append(out, cur)
			}
			if level == 0 {
				return out
			}
		case '"':
			m := leinString.Get().FindStringSubmatch(rest[k:])
			if m == nil {
				return out
			}
			v := strings.ReplaceAll(m[1], `\"`, `"`)
			if level == 1 {
				out = append(out, []string{v})
			} else {
				cur = append(cur, v)
			}
			k += len(m[0]) - 1
		}
	}
	return out
}

// leinTask runs one lein task with its words: an alias is expanded
// (at most 8 deep), do runs the tasks its words separate with a
// trailing comma (do clean, shell rm -rf x), with-profile P runs the
// task after P.
func (w *walker) leinTask(c scope, call *Call, project string, args []Arg, depth int) {
	if len(args) == 0 || !args[0].Static || depth > 8 {
		return
	}
	task := args[0].Value
	rest := args[1:]
	if aliases := leinAliases(project); aliases[task] != nil {
		words := aliases[task]
		var pre []Arg
		for _, v := range words {
			pre = append(pre, Arg{Value: v, Raw: Quote(v), Static: true})
		}
		w.leinTask(c, call, project, append(pre, rest...), depth+1)
		return
	}
	switch task {
	case "do":
		var group []Arg
		for i, a := range rest {
			v, end := strings.CutSuffix(a.Value, ",")
			if v != "" {
				b := a
				b.Value = v
				group = append(group, b)
			}
			if end || i == len(rest)-1 {
				w.leinTask(c, call, project, group, depth+1)
				group = nil
			}
		}
	case "with-profile", "with-profiles":
		if len(rest) > 1 {
			w.leinTask(c, call, project, rest[1:], depth+1)
		}
	case "shell":
		if len(rest) > 0 {
			w.argvChild(c, call, rest, "lein shell", call.env, call.Dir)
		}
	case "run":
		ns := ""
		if len(rest) > 1 && rest[0].Value == "-m" {
			if !rest[1].Static {
				return
			}
			ns = rest[1].Value
		} else if m := leinMain.Get().FindStringSubmatch(project); m != nil {
			ns = m[1]
		}
		if ns == "" {
			return
		}
		p := strings.ReplaceAll(strings.ReplaceAll(ns, ".", "/"), "-", "_")
		w.readConfigs(c, call, call.Dir, []string{"src/" + p + ".clj", "src/" + p + ".cljc", "src/main/clojure/" + p + ".clj"}, lang.Clojure, false)
	}
}

// leinAliases returns project.clj's aliases that are vectors of strings.
func leinAliases(project string) map[string][]string {
	i := strings.Index(project, ":aliases")
	if i < 0 {
		return nil
	}
	out := map[string][]string{}
	for _, m := range leinAlias.Get().FindAllStringSubmatch(project[i:], -1) {
		var words []string
		for _, s := range leinString.Get().FindAllStringSubmatch(m[2], -1) {
			words = append(words, strings.ReplaceAll(s[1], `\"`, `"`))
		}
		if len(words) > 0 && out[m[1]] == nil {
			out[m[1]] = words
		}
	}
	return out
}
