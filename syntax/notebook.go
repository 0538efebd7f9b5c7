package syntax

import (
	"encoding/json"
	"strings"
)

// Executing a Jupyter notebook runs its code cells in a Python kernel:
// jupyter nbconvert --execute NB (also --to notebook, python -m
// nbconvert), jupyter execute NB and papermill IN OUT. Each code cell is
// read as Python, with IPython's own syntax: a line starting with ! runs
// the rest as a shell command, a %%bash, %%sh or %%script bash|sh cell is
// shell text, %run FILE runs a Python file, and other magics are left
// out. Read as a test suite's files are (only what the text shows is
// judged).

// notebookCells returns the sources of a notebook's code cells.
func notebookCells(text string) (cells []string, ok bool) {
	var nb struct {
		Cells []struct {
			Type   string          `json:"cell_type"`
			Source json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if json.Unmarshal([]byte(text), &nb) != nil {
		return nil, false
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
		cells = append(cells, src)
	}
	return cells, true
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
		case "run":
			// jupyter run FILE…: each file's code runs in a kernel,
			// IPython's syntax included (jupyter-run(1)).
			for _, a := range args[1:] {
				if !strings.HasPrefix(a.Value, "-") {
					w.ipythonFile(c, call, a)
				}
			}
			return true
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
	case "jupytext":
		// jupytext --execute NB: the notebook (or the .py/.md it
		// pairs) is executed after conversion.
		execute := false
		for _, a := range args {
			execute = execute || a.Value == "--execute"
		}
		if !execute {
			return false
		}
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") && strings.HasSuffix(a.Value, ".ipynb") {
				nbs = append(nbs, a)
			}
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
	w.notebookFiles(c, call, nbs)
	return true
}

// notebookFiles models the notebooks call executes: each code cell is
// IPython text (parseIPython), read as a test suite's files are.
func (w *walker) notebookFiles(c scope, call *Call, nbs []Arg) {
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
		cells, ok := notebookCells(text)
		if !ok {
			continue
		}
		for _, cell := range cells {
			w.ipythonCode(c, call, cell, a.Value, a.Value, false)
		}
	}
}
