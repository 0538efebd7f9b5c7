package syntax

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

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
	python  string
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
		default:
			return cell
		}
	}
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
		// get_ipython() is the running shell: its system and getoutput
		// are os.system and subprocess.getoutput.
		l = strings.ReplaceAll(l, "get_ipython().system(", "os.system(")
		l = strings.ReplaceAll(l, "get_ipython().system_raw(", "os.system(")
		l = strings.ReplaceAll(l, "get_ipython().getoutput(", "subprocess.getoutput(")
		code[i] = l
	}
	cell.python = strings.Join(code, "\n")
	return cell
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
	cell := parseIPython(text)
	if strings.TrimSpace(cell.python) != "" {
		w.program(c, call, lang.Python, cell.python, label, dynamic, origin)
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
		w.interpreterFile(c, call, Arg{Value: f, Raw: f, Static: true}, lang.Python)
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
	setting := func(name string, val Arg) {
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
		w.program(c, call, lang.Python, text, filepath.Join(dir, "ipython_config.py"), false, filepath.Join(dir, "ipython_config.py"))
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
