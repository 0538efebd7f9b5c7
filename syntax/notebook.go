package syntax

import (
	"encoding/json"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Executing a Jupyter notebook runs its code cells in a Python kernel:
// jupyter nbconvert --execute NB (also --to notebook, python -m
// nbconvert), jupyter execute NB and papermill IN OUT. Each code cell is
// read as Python, with IPython's own syntax: a line starting with ! runs
// the rest as a shell command, a %%bash, %%sh or %%script bash|sh cell is
// shell text, %run FILE runs a Python file, and other magics are left
// out. Read as a test suite's files are (only what the text shows is
// judged).

// notebookCells returns a notebook's code cells as Python text (magics
// removed) and the shell commands its ! lines and shell cells hold, and
// the files its %run lines run.
func notebookCells(text string) (python, shell, files []string, ok bool) {
	var nb struct {
		Cells []struct {
			Type   string          `json:"cell_type"`
			Source json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if json.Unmarshal([]byte(text), &nb) != nil {
		return nil, nil, nil, false
	}
	for _, c := range nb.Cells {
		if c.Type != "code" {
			continue
		}
		var src string
		var lines []string
		if json.Unmarshal(c.Source, &lines) == nil {
			src = strings.Join(lines, "")
		} else if json.Unmarshal(c.Source, &src) != nil {
			continue
		}
		first, rest, _ := strings.Cut(src, "\n")
		f := strings.Fields(first)
		if len(f) > 0 && (f[0] == "%%bash" || f[0] == "%%sh" || f[0] == "%%script" && len(f) > 1 && (f[1] == "bash" || f[1] == "sh")) {
			shell = append(shell, rest)
			continue
		}
		var code []string
		for _, l := range strings.Split(src, "\n") {
			t := strings.TrimSpace(l)
			switch {
			case strings.HasPrefix(t, "!"):
				shell = append(shell, strings.TrimPrefix(t, "!"))
				code = append(code, "")
			case strings.HasPrefix(t, "%run "):
				if w := strings.Fields(t); len(w) > 1 {
					files = append(files, w[len(w)-1])
				}
				code = append(code, "")
			case strings.HasPrefix(t, "%"):
				code = append(code, "")
			default:
				code = append(code, l)
			}
		}
		python = append(python, strings.Join(code, "\n"))
	}
	return python, shell, files, true
}

// notebookRun models the notebook executors; it reports whether call is
// one.
func (w *walker) notebookRun(c scope, call *Call) bool {
	args := call.Args
	var nbs []Arg
	switch call.Name {
	case "jupyter":
		if len(args) == 0 {
			return false
		}
		switch args[0].Value {
		case "nbconvert", "execute":
		default:
			return false
		}
		execute := args[0].Value == "execute"
		for _, a := range args[1:] {
			if a.Value == "--execute" || strings.HasPrefix(a.Value, "--ExecutePreprocessor.enabled=True") {
				execute = true
			}
			if !strings.HasPrefix(a.Value, "-") && strings.HasSuffix(a.Value, ".ipynb") {
				nbs = append(nbs, a)
			}
		}
		if !execute {
			return true
		}
	case "papermill":
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") && strings.HasSuffix(a.Value, ".ipynb") {
				nbs = append(nbs, a) // the input (the output is written, not run)
				break
			}
		}
	default:
		return false
	}
	w.lenient++
	defer func() { w.lenient-- }()
	for _, a := range nbs {
		if !a.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: call.Name + " executes " + clip(a.Raw, 40) + ", a notebook only known at run time"})
			continue
		}
		text, ok := w.readScript(call.Dir.Join(a.Value))
		if !ok {
			continue
		}
		python, shell, files, ok := notebookCells(text)
		if !ok {
			continue
		}
		for _, p := range python {
			w.program(c, call, lang.Python, p, a.Value, false, a.Value)
		}
		for _, s := range shell {
			w.origin = a.Value + " (! or shell cell)"
			w.child(c, call, s, nil, "notebook shell", false)
			w.origin = ""
		}
		for _, f := range files {
			w.interpreterFile(c, call, Arg{Value: f, Raw: f, Static: true}, lang.Python)
		}
	}
	return true
}
