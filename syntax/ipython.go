package syntax

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// IPython's front end (ipython, ipython3, python -m IPython, jupyter run)
// runs Python with IPython's own syntax on top: a line starting with !
// (or !!, or NAME = !cmd) runs the rest in a shell, %sx/%system/%sc do
// the same, %run FILE runs a Python file (%run -m MOD a module), a cell
// starting with %%bash, %%sh, %%script SHELL, %%! or %%system is shell
// text, and get_ipython().system(…)/getoutput(…) are os.system and
// subprocess.getoutput. Its code comes from -c CODE, a file operand
// (FILE.py, FILE.ipy, FILE.ipynb), -m MODULE, standard input when none
// is given, the exec_lines, exec_files, code_to_run, file_to_run,
// module_to_run and extensions settings (--InteractiveShellApp.exec_lines=
// …, --ext MOD), and the profile directory (--profile-dir, --ipython-dir
// or IPYTHONDIR with --profile, else ~/.ipython/profile_default): every
// startup/*.py and *.ipy file and ipython_config.py run before the code.

// ipythonCell is one cell of IPython text: its Python (IPython's lines
// replaced by pass at their indentation, so blocks stay valid), the
// shell commands its ! lines and shell cell hold, and the files and
// modules its %run lines run.
type ipythonCell struct {
	python string
	// nested is the Python of the cells get_ipython().run_cell("…")
	// runs, each a program of its own.
	nested  []string
	shell   []string
	files   []string
	modules []string
}

// ipythonShellMagics are the line magics whose rest is a shell command.
func ipythonShellMagic(word string) bool {
	switch word {
	case "%sx", "%system", "%sc", "sx", "system":
		return true
	}
	return false
}

// parseIPython splits IPython text into Python, shell commands and the
// files %run runs. A cell magic on the first line decides the whole
// cell: shell text, Python (%%time, %%timeit, %%capture, %%prun,
// %%python), or text corral leaves out (%%writefile, %%html, …).
func parseIPython(src string) ipythonCell {
	return parseIPythonDepth(src, 0)
}

// maxIPythonCells bounds the cells run_cell("…") hands on inside one
// another.
const maxIPythonCells = 4

var (
	// ipythonRunCell is get_ipython().run_cell("…") of one string
	// literal: IPython text run as a cell.
	ipythonRunCell = lazy.Regexp{Expr: `get_ipython\(\)\.run_cell\(\s*(?:raw_cell\s*=\s*)?("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*[,)]`}
	// ipythonRunCellMagic is get_ipython().run_cell_magic("bash", "",
	// "…"): the cell magic with its line and cell.
	ipythonRunCellMagic = lazy.Regexp{Expr: `get_ipython\(\)\.run_cell_magic\(\s*['"](\w+)['"]\s*,\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*,\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*\)`}
	// ipythonLineMagic is get_ipython().run_line_magic("system", …) (or
	// sx, sc, and the older magic("system …")): os.system of the rest.
	ipythonLineMagic = lazy.Regexp{Expr: `get_ipython\(\)\.run_line_magic\(\s*['"](?:system|sx)['"]\s*,\s*`}
	// ipythonRunFileMagic is get_ipython().run_line_magic("run", "FILE").
	ipythonRunFileMagic = lazy.Regexp{Expr: `get_ipython\(\)\.run_line_magic\(\s*['"]run['"]\s*,\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*\)`}
)

// ipythonScriptCommand returns the command line of a script magic's
// first line (%%script CMD ARGS, %%perl ARGS, %%ruby ARGS), without the
// magic's own options (--bg, --no-raise-error, --proc/--out/--err
// NAME), quoted for the shell; nil when there is none.
func ipythonScriptCommand(f []string) []string {
	var argv []string
	if f[0] != "%%script" {
		argv = append(argv, strings.TrimPrefix(f[0], "%%"))
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "--bg", "--no-raise-error":
			continue
		case "--proc", "--out", "--err":
			i++
			continue
		}
		argv = append(argv, shellQuote(strings.Trim(f[i], `"'`)))
	}
	return argv
}

// parseIPythonDepth is parseIPython inside depth run_cell calls.
func parseIPythonDepth(src string, depth int) ipythonCell {
	var cell ipythonCell
	trimmed := strings.TrimLeft(src, " \t\r\n")
	if strings.HasPrefix(trimmed, "%%") {
		first, rest, _ := strings.Cut(trimmed, "\n")
		f := strings.Fields(first)
		switch {
		case f[0] == "%%bash" || f[0] == "%%sh" || f[0] == "%%script" && len(f) > 1 && IsShell(filepath.Base(f[1])):
			cell.shell = append(cell.shell, rest)
			return cell
		case f[0] == "%%!" || f[0] == "%%system" || f[0] == "%%sx":
			for _, l := range strings.Split(rest, "\n") {
				cell.shell = append(cell.shell, l)
			}
			return cell
		case f[0] == "%%writefile" && len(f) > 1:
			// %%writefile [-a] FILE: the cell's text written to FILE
			// (~ expanded), judged as the shell write it is.
			name, op := strings.Trim(f[len(f)-1], `"'`), ">"
			if slices.Contains(f[1:len(f)-1], "-a") || slices.Contains(f[1:len(f)-1], "--append") {
				op = ">>"
			}
			target := shellQuote(name)
			if rest, ok := strings.CutPrefix(name, "~/"); ok {
				target = "~/" + shellQuote(rest)
			}
			const stop = "CORRAL_IPYTHON_WRITEFILE"
			cell.shell = append(cell.shell, "cat "+op+" "+target+" <<'"+stop+"'\n"+rest+"\n"+stop+"\n")
			return cell
		case f[0] == "%%time" || f[0] == "%%timeit" || f[0] == "%%capture" || f[0] == "%%prun" || f[0] == "%%debug" ||
			strings.HasPrefix(f[0], "%%python") || f[0] == "%%script" && len(f) > 1 && strings.HasPrefix(filepath.Base(f[1]), "python"):
			src = "\n" + rest
		case f[0] == "%%script" || f[0] == "%%perl" || f[0] == "%%ruby" || f[0] == "%%pypy" || f[0] == "%%pypy3":
			// IPython's script magics (ScriptMagics): %%perl ARGS is
			// %%script perl ARGS, which runs the command with the cell
			// on its standard input (red team 16 MC1).
			if argv := ipythonScriptCommand(f); len(argv) > 0 {
				const stop = "CORRAL_IPYTHON_SCRIPT"
				cell.shell = append(cell.shell, strings.Join(argv, " ")+" <<'"+stop+"'\n"+rest+"\n"+stop+"\n")
			}
			return cell
		default:
			return cell
		}
	}
	src = ipythonShellNames(src)
	lines := strings.Split(src, "\n")
	code := make([]string, len(lines))
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		indent := l[:len(l)-len(t)]
		t = strings.TrimRight(t, " \t\r")
		shell, isShell := "", false
		f := strings.Fields(t)
		switch {
		case strings.HasPrefix(t, "!"):
			shell, isShell = strings.TrimLeft(t, "!"), true
		case len(f) >= 3 && f[1] == "=" && (strings.HasPrefix(f[2], "!") || ipythonShellMagic(f[2])):
			// files = !ls, out = %sx cmd: the command's output
			// assigned.
			_, r, _ := strings.Cut(t, "=")
			r = strings.TrimSpace(r)
			if strings.HasPrefix(r, "!") {
				shell = strings.TrimLeft(r, "!")
			} else {
				_, shell, _ = strings.Cut(r, " ")
			}
			isShell = true
		case len(f) > 1 && ipythonShellMagic(f[0]) && (strings.HasPrefix(f[0], "%") || !pythonStatement(t)):
			_, shell, _ = strings.Cut(t, " ")
			if f[0] == "%sc" || f[0] == "sc" {
				// %sc -l VAR=cmd: the command follows the "=".
				if _, after, ok := strings.Cut(shell, "="); ok {
					shell = after
				}
			}
			isShell = true
		case len(f) > 1 && (f[0] == "%run" || f[0] == "run" && !pythonStatement(t)):
			// %run [-i -e -t -d -p -n -m MOD] FILE [ARGS]; automagic
			// runs "run FILE" the same way.
			for j := 1; j < len(f); j++ {
				if f[j] == "-m" && j+1 < len(f) {
					cell.modules = append(cell.modules, f[j+1])
					break
				}
				if !strings.HasPrefix(f[j], "-") {
					cell.files = append(cell.files, f[j])
					break
				}
			}
			code[i] = indent + "pass"
			continue
		case len(f) > 2 && (f[0] == "%alias" || f[0] == "alias" && !pythonStatement(t)):
			// %alias NAME CMD defines a shell alias the cell (and later
			// ones) call as %NAME or NAME: CMD, with the %s and %l the
			// call's words fill, is taken as run (red team 16 MC1).
			_, r, _ := strings.Cut(t, " ")
			_, r, _ = strings.Cut(strings.TrimSpace(r), " ")
			shell, isShell = strings.NewReplacer("%s", "", "%l", "").Replace(r), true
		case len(f) > 1 && (f[0] == "%pip" || f[0] == "%conda"):
			// %pip install X runs pip in the kernel's environment.
			shell, isShell = strings.TrimPrefix(t, "%"), true
		case strings.HasPrefix(t, "%"):
			code[i] = indent + "pass"
			continue
		}
		if isShell {
			cell.shell = append(cell.shell, shell)
			code[i] = indent + "pass"
			continue
		}
		l = ipythonShellCalls(l, depth, &cell)
		code[i] = l
	}
	cell.python = strings.Join(code, "\n")
	return cell
}

// ipythonShellBinding is a name bound to the running shell (ip =
// get_ipython(), ip = IPython.get_ipython()).
var ipythonShellBinding = lazy.Regexp{Expr: `(?m)(?:^|[;\s])([A-Za-z_]\w*)\s*=\s*(?:IPython\s*\.\s*)?get_ipython\(\)\s*(?:$|[;#\n])`}

// ipythonShellNames returns src with the methods of names bound to the
// running shell (ip = get_ipython(); ip.run_cell("…")) written as
// get_ipython()'s, so that the calls below read them: the name is that
// object.
func ipythonShellNames(src string) string {
	if !strings.Contains(src, "get_ipython") {
		return src
	}
	for _, m := range ipythonShellBinding.Get().FindAllStringSubmatch(src, 4) {
		name := m[1]
		var b strings.Builder
		for i := 0; i < len(src); {
			j := strings.Index(src[i:], name)
			if j < 0 {
				b.WriteString(src[i:])
				break
			}
			j += i
			k := j + len(name)
			for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			before := byte(' ')
			if j > 0 {
				before = src[j-1]
			}
			b.WriteString(src[i:j])
			if k < len(src) && src[k] == '.' && before != '.' && before != '_' && !isWordChar(before) {
				b.WriteString("get_ipython()")
				i = k
				continue
			}
			b.WriteString(name)
			i = j + len(name)
		}
		src = b.String()
	}
	return src
}

func isWordChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ipythonShellCalls rewrites the calls of the running shell in one line
// of Python (get_ipython().system(…), run_line_magic("system", …),
// getoutput(…)) into the os and subprocess calls they are, and adds to
// cell the cells run_cell("…") and run_cell_magic(…) run and the files
// run_line_magic("run", …) runs.
func ipythonShellCalls(l string, depth int, cell *ipythonCell) string {
	// get_ipython().run_cell("…") runs IPython text as a cell, and
	// run_cell_magic("bash", "", "…") a cell with that magic.
	if depth < maxIPythonCells && strings.Contains(l, "get_ipython().run_") {
		var nested []string
		for _, m := range ipythonRunCell.Get().FindAllStringSubmatch(l, 8) {
			if v, ok := pyLiteralValue(m[1]); ok {
				nested = append(nested, v)
			}
		}
		for _, m := range ipythonRunCellMagic.Get().FindAllStringSubmatch(l, 8) {
			line, ok1 := pyLiteralValue(m[2])
			body, ok2 := pyLiteralValue(m[3])
			if ok1 && ok2 {
				nested = append(nested, "%%"+m[1]+" "+line+"\n"+body)
			}
		}
		for _, m := range ipythonRunFileMagic.Get().FindAllStringSubmatch(l, 8) {
			if v, ok := pyLiteralValue(m[1]); ok {
				nested = append(nested, "%run "+v)
			}
		}
		for _, text := range nested {
			n := parseIPythonDepth(text, depth+1)
			cell.shell = append(cell.shell, n.shell...)
			cell.files = append(cell.files, n.files...)
			cell.modules = append(cell.modules, n.modules...)
			if strings.TrimSpace(n.python) != "" {
				cell.nested = append(cell.nested, n.python)
			}
			cell.nested = append(cell.nested, n.nested...)
		}
		l = ipythonLineMagic.Get().ReplaceAllString(l, "os.system(")
	}
	// get_ipython() is the running shell: its system and getoutput
	// are os.system and subprocess.getoutput.
	l = strings.ReplaceAll(l, "get_ipython().system(", "os.system(")
	l = strings.ReplaceAll(l, "get_ipython().system_raw(", "os.system(")
	l = strings.ReplaceAll(l, "get_ipython().getoutput(", "subprocess.getoutput(")
	return l
}

// pythonStatement reports a line that reads as a Python statement
// rather than an automagic command (run = 3, system(x)): IPython runs
// "run FILE" as %run only when the line is not valid Python.
func pythonStatement(t string) bool {
	f := strings.Fields(t)
	if len(f) < 2 {
		return true
	}
	return strings.ContainsAny(f[0], "(.[=") || strings.HasPrefix(f[1], "=") || strings.HasPrefix(f[1], "(") ||
		strings.HasPrefix(f[1], ".") || strings.HasPrefix(f[1], "[")
}

// ipythonCode models IPython text that call runs: its Python, its shell
// commands, and the files and modules %run runs.
func (w *walker) ipythonCode(c scope, call *Call, text, label, origin string, dynamic bool) {
	if len(text) > MaxSource {
		w.m.Truncated = true
		return
	}
	w.ipythonCellEffects(c, call, parseIPython(text), label, origin, dynamic)
}

// ipythonCellEffects models a parsed cell: its Python, the Python of the
// cells it runs, its shell commands, and the files and modules %run runs.
func (w *walker) ipythonCellEffects(c scope, call *Call, cell ipythonCell, label, origin string, dynamic bool) {
	if strings.TrimSpace(cell.python) != "" {
		w.program(c, call, lang.Python, cell.python, label, dynamic, origin)
	}
	for _, py := range cell.nested {
		w.program(c, call, lang.Python, py, label+" (run_cell)", dynamic, origin)
	}
	for _, s := range cell.shell {
		if strings.TrimSpace(s) == "" {
			continue
		}
		if origin != "" {
			w.origin = origin + " (! or shell cell)"
		}
		kind := "ipython shell"
		if strings.HasSuffix(origin, ".ipynb") {
			kind = "notebook shell"
		}
		w.child(c, call, s, nil, kind, dynamic)
		w.origin = ""
	}
	for _, f := range cell.files {
		// %run x.ipy runs IPython text, %run x.ipynb a notebook.
		w.ipythonFile(c, call, Arg{Value: f, Raw: f, Static: true})
	}
	for _, m := range cell.modules {
		w.ipythonModule(c, call, Arg{Value: m, Raw: m, Static: true})
	}
}

// ipythonModule models a module IPython runs or imports (-m MOD, %run -m
// MOD, --ext MOD): read as python3 -m MOD reads it.
func (w *walker) ipythonModule(c scope, call *Call, mod Arg) {
	inner := *call
	inner.Name = "python3"
	inner.Args = []Arg{{Value: "-m", Raw: "-m", Static: true}, mod}
	w.preloads(c, &inner)
	w.pythonPip(c, &inner)
	if mod.Static {
		w.program(c, call, lang.Python, "import "+mod.Value+"\n", call.Name+" imports "+clip(mod.Value, 40), false, "")
	}
}

// ipythonFile models a file IPython runs: a notebook's cells, a .ipy
// file's IPython text, else Python.
func (w *walker) ipythonFile(c scope, call *Call, a Arg) {
	switch {
	case a.Static && strings.HasSuffix(a.Value, ".ipynb"):
		w.notebookFiles(c, call, []Arg{a})
	case a.Static && strings.HasSuffix(a.Value, ".ipy"):
		if text, ok := w.readScript(call.Dir.Join(a.Value)); ok {
			w.ipythonCode(c, call, text, a.Value, a.Value, false)
		}
	default:
		w.interpreterFile(c, call, a, lang.Python)
		// A .py file IPython runs has the running shell at hand:
		// get_ipython().run_cell("!…"), run_line_magic("system", …).
		if !a.Static {
			return
		}
		text, ok := w.readScript(call.Dir.Join(a.Value))
		if !ok || !strings.Contains(text, "get_ipython()") {
			return
		}
		var cell ipythonCell
		var py []string
		for _, l := range strings.Split(text, "\n") {
			if strings.Contains(l, "get_ipython()") {
				py = append(py, strings.TrimLeft(ipythonShellCalls(l, 0, &cell), " \t"))
			}
		}
		cell.python = strings.Join(py, "\n")
		w.ipythonCellEffects(c, call, cell, a.Value, a.Value, false)
	}
}

// ipythonListValue returns the items of a list setting given on the
// command line: a JSON or Python list of strings, or one item.
func ipythonListValue(v string) ([]string, bool) {
	t := strings.TrimSpace(v)
	if !strings.HasPrefix(t, "[") {
		return []string{v}, true
	}
	var items []string
	if json.Unmarshal([]byte(t), &items) == nil {
		return items, true
	}
	// ['a', 'b']: single quotes, no escapes inside.
	if strings.HasSuffix(t, "]") && !strings.ContainsAny(t, `"\`) {
		if json.Unmarshal([]byte(strings.ReplaceAll(t, "'", `"`)), &items) == nil {
			return items, true
		}
	}
	return nil, false
}

// ipythonValued are the front end's options that take the next word
// (ipython --help-all): the aliases of its settings.
func ipythonValued(name string) bool {
	switch name {
	case "-c", "-m", "--profile", "--profile-dir", "--ipython-dir", "--config", "--log-level", "--colors", "--logfile",
		"--logappend", "--ext", "--cache-size", "--autocall", "--editor", "--HistoryManager.hist_file", "--gui":
		return true
	}
	// --Class.trait VALUE: every setting may be given so.
	return strings.HasPrefix(name, "--") && strings.Contains(name, ".")
}

// ipythonSubcommand reports the first words ipython takes as its own
// commands (ipython --help: profile, kernel, locate, history, …) rather
// than a file to run.
func ipythonSubcommand(v string) bool {
	switch v {
	case "profile", "kernel", "locate", "history", "kernelspec", "install-nbextension", "nbconvert", "notebook",
		"console", "qtconsole", "trust", "nbextension", "serverextension":
		return true
	}
	return false
}

// ipythonRun models the IPython front end called with args (the words
// after ipython, or after python -m IPython).
func (w *walker) ipythonRun(c scope, call *Call, args []Arg) {
	label := call.Name
	var (
		code, file, module *Arg
		profileDir         string
		ipythonDir         string
		profile            = "default"
		profileKnown       = true
	)
	ipythonDir, _ = call.EnvKnown("IPYTHONDIR")
	if ipythonDir == "" {
		if _, known, set := call.Getenv("IPYTHONDIR"); set && !known {
			profileKnown = false
		}
	}
	setting := func(name string, val Arg) { w.ipythonSetting(c, call, label, name, val) }
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		name, val, hasEq := strings.Cut(v, "=")
		var value Arg
		switch {
		case hasEq:
			value = a
			value.Value = val
			if !a.Static {
				value.Raw = a.Raw
			}
		case ipythonValued(name) && i+1 < len(args):
			i++
			value = args[i]
		case ipythonValued(name):
			continue
		default:
			continue // a flag: -i, --no-banner, --pdb, --quick, …
		}
		switch name {
		case "-c":
			code = &value
		case "-m":
			module = &value
		case "--profile-dir":
			profileDir = value.Value
			profileKnown = profileKnown && value.Static
		case "--ipython-dir":
			ipythonDir = value.Value
			profileKnown = profileKnown && value.Static
		case "--profile":
			profile = value.Value
			profileKnown = profileKnown && value.Static
		case "--ext":
			setting("--ext", value)
		default:
			setting(name, value)
		}
		if code != nil || module != nil {
			break // -c and -m end the options; the rest is sys.argv
		}
	}
	if code == nil && module == nil && i < len(args) && args[i].Value != "-" {
		if i == 0 && ipythonSubcommand(args[i].Value) {
			// ipython profile create, ipython history clear: the
			// front end's own commands, which run no code.
			return
		}
		file = &args[i]
	}
	w.ipythonProfile(c, call, profileDir, ipythonDir, profile, profileKnown)
	switch {
	case code != nil:
		if first, _, whole := code.WholeSubst(); whole && !downloaders.Get()[first] {
			// ipython -c "$(…)": the code is whatever it prints, as
			// for python3 -c.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: code.Raw,
				What: label + " -c runs, as IPython code, what " + clip(code.Raw, 60) + " prints at run time"})
			return
		}
		w.ipythonCode(c, call, code.Value, label+" -c", "", !code.Static)
	case module != nil:
		w.ipythonModule(c, call, *module)
	case file != nil:
		w.ipythonFile(c, call, *file)
	default:
		for _, t := range w.codeOnStdin(c, call) {
			w.ipythonCode(c, call, t.text, label+" ("+t.kind+" on stdin)", "", t.dynamic)
		}
	}
}

// ipythonSetting models a setting of the front end that runs code (given
// as --Class.name=VALUE or in ipython_config.py): exec_lines and
// code_to_run as IPython code, exec_files and file_to_run as files,
// extensions, module_to_run and --ext as modules. A value only known at
// run time, or a list corral cannot read, asks.
func (w *walker) ipythonSetting(c scope, call *Call, label, name string, val Arg) {
	key := name
	if i := strings.LastIndex(name, "."); i >= 0 {
		key = name[i+1:]
	}
	switch key {
	case "exec_lines", "code_to_run", "exec_files", "file_to_run", "extensions", "module_to_run", "--ext":
	default:
		return
	}
	if !val.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
			What: label + " runs " + clip(val.Raw, 40) + " (" + strings.TrimLeft(name, "-") + "), only known at run time"})
		return
	}
	items, ok := ipythonListValue(val.Value)
	if !ok {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
			What: label + " runs " + clip(val.Raw, 40) + " (" + strings.TrimLeft(name, "-") + "), a list corral cannot read"})
		return
	}
	for _, it := range items {
		a := Arg{Value: it, Raw: it, Static: true}
		switch key {
		case "exec_lines", "code_to_run":
			w.ipythonCode(c, call, it, label+" "+key, "", false)
		case "exec_files", "file_to_run":
			w.ipythonFile(c, call, a)
		default:
			w.ipythonModule(c, call, a)
		}
	}
}

// ipythonProfile models the profile directory IPython loads before the
// code: ipython_config.py (Python, executed) and startup/*.py and *.ipy
// in name order. A directory only known at run time asks when the
// command names it.
func (w *walker) ipythonProfile(c scope, call *Call, profileDir, ipythonDir, profile string, known bool) {
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: call.Name + " loads a profile directory only known at run time (its startup files and ipython_config.py run)"})
		return
	}
	dir := profileDir
	if dir == "" {
		if ipythonDir == "" {
			if w.home == "" {
				return
			}
			ipythonDir = filepath.Join(w.home, ".ipython")
		}
		dir = filepath.Join(expandTilde(ipythonDir, w.home), "profile_"+profile)
	}
	d := call.Dir.Join(expandTilde(dir, w.home))
	if !d.Known {
		return
	}
	if text, ok := w.readScript(Dir{Path: filepath.Join(d.Path, "ipython_config.py"), Known: true}); ok {
		cfg := filepath.Join(dir, "ipython_config.py")
		w.program(c, call, lang.Python, text, cfg, false, cfg)
		// c.InteractiveShellApp.exec_lines = […] and the other
		// settings that run code, as if given on the command line.
		for _, st := range ipythonConfigSettings(text) {
			w.ipythonSetting(c, call, call.Name+" ("+cfg+")", st.name, st.val)
		}
	}
	// The startup files on disk and those this command writes there
	// first, in name order.
	startup := filepath.Join(d.Path, "startup")
	names := map[string]bool{}
	if entries, err := os.ReadDir(startup); err == nil {
		for _, e := range entries {
			if !e.IsDir() {
				names[e.Name()] = true
			}
		}
	}
	for p := range w.written {
		if filepath.Dir(p) == startup {
			names[filepath.Base(p)] = true
		}
	}
	sorted := slices.Sorted(maps.Keys(names))
	n := 0
	for _, name := range sorted {
		if !strings.HasSuffix(name, ".py") && !strings.HasSuffix(name, ".ipy") {
			continue
		}
		if n++; n > 64 {
			break
		}
		p := filepath.Join(dir, "startup", name)
		w.ipythonFile(c, call, Arg{Value: p, Raw: p, Static: true})
	}
}

// ipythonConfigSetting is a setting that runs code, assigned in an
// ipython_config.py: its name and its value, Static when it is a literal
// string or list of strings ipythonListValue reads.
type ipythonConfigSetting struct {
	name string
	val  Arg
}

// ipythonConfigAssign is an assignment to, or an append or extend of, a
// setting that runs code: c.InteractiveShellApp.exec_lines = …, += …,
// .append(…), .extend(…).
var ipythonConfigAssign = lazy.Regexp{Expr: `(?m)^[ \t]*c\.(\w+)\.(exec_lines|exec_files|code_to_run|file_to_run|extensions|module_to_run)[ \t]*(?:\+?=[ \t]*|\.(append|extend)[ \t]*\()`}

// maxIPythonSettings bounds the settings read from one config file.
const maxIPythonSettings = 64

// ipythonConfigSettings returns the settings that run code which text,
// an ipython_config.py, assigns (every assignment: IPython applies the
// last, and corral judges each).
func ipythonConfigSettings(text string) []ipythonConfigSetting {
	var out []ipythonConfigSetting
	for _, m := range ipythonConfigAssign.Get().FindAllStringSubmatchIndex(text, maxIPythonSettings) {
		name := text[m[2]:m[3]] + "." + text[m[4]:m[5]]
		rest := text[m[1]:]
		n := pyValueEnd(rest)
		raw := strings.TrimSpace(rest[:n])
		val := Arg{Raw: raw}
		if v, ok := pyLiteralValue(raw); ok {
			if m[6] >= 0 && text[m[6]:m[7]] == "append" {
				if b, err := json.Marshal([]string{v}); err == nil {
					v = string(b) // one item
				}
			}
			val.Value, val.Static = v, true
		}
		out = append(out, ipythonConfigSetting{name: name, val: val})
	}
	return out
}

// pyValueEnd returns the length of the Python expression s starts with:
// up to the end of its line outside brackets and strings, or to the
// bracket that closes one opened before it (the ) of .append(…)).
func pyValueEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '\'', '"':
			j := i + 1
			for j < len(s) && s[j] != ch && s[j] != '\n' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			if depth == 0 {
				return i
			}
			depth--
		case '\n', ';':
			if depth == 0 {
				return i
			}
		case '#':
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// pyLiteralValue returns the value of a Python string literal, or the
// text of a list of string literals as ipythonListValue reads it.
func pyLiteralValue(raw string) (string, bool) {
	if strings.HasPrefix(raw, "[") || strings.HasPrefix(raw, "(") {
		t := raw
		if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
			t = "[" + t[1:len(t)-1] + "]"
		}
		// A trailing comma ends Python's lists, not JSON's.
		t = strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(t, "]")), ",") + "]"
		if items, ok := ipythonListValue(t); ok {
			b, err := json.Marshal(items)
			return string(b), err == nil
		}
		return "", false
	}
	if len(raw) >= 2 && (raw[0] == '"' || raw[0] == '\'') && raw[len(raw)-1] == raw[0] {
		if raw[0] == '\'' && !strings.ContainsAny(raw[1:len(raw)-1], `\'"`) {
			return raw[1 : len(raw)-1], true
		}
		if v, err := strconv.Unquote(raw); err == nil {
			return v, true
		}
	}
	return "", false
}
