package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Tools that run named tasks from a manifest of their own, as pdm runs
// [tool.pdm.scripts] (red team: task tables written in the same command):
// pipenv run NAME runs [scripts] NAME of the nearest Pipfile (a string:
// its words, environment variables expanded, pipenv's cmdparse), and pixi
// run NAME runs [tasks] NAME of the nearest pixi.toml (a string, or a
// table with cmd; pixi's task shell reads it as shell text), or
// [tool.pixi.tasks] of pyproject.toml when there is no pixi.toml. The text
// is walked as shell text with the words after NAME appended (pipenv's
// words are read as a shell would read them: that also expands ~, which
// only judges more). A name the manifest does not define runs as the
// program it names (the wrapper's command).

// taskManifest is where a tool keeps its named tasks.
type taskManifest struct {
	file, table string
	// alt is a pyproject.toml table read when file is not found.
	alt string
}

// taskManifests are the tools whose tasks are read so, by name.
var taskManifests = lazy.Value[map[string]taskManifest]{New: func() map[string]taskManifest {
	return map[string]taskManifest{
		"pipenv": {file: "Pipfile", table: "scripts"},
		"pixi":   {file: "pixi.toml", table: "tasks", alt: "tool.pixi.tasks"},
	}
}}

// manifestTaskRun walks task name of tool's manifest, found from the
// call's directory up; it reports whether the manifest defines it.
func (w *walker) manifestTaskRun(c scope, call *Call, tool, name string, args []Arg, m taskManifest) bool {
	table := m.table
	path, text, ok := w.findUp(call.Dir, m.file)
	if !ok && m.alt != "" {
		path, text, ok = w.findUp(call.Dir, "pyproject.toml")
		table = m.alt
	}
	if !ok {
		return false
	}
	cmds, defined := pyprojectScript(text, table, name, false)
	if !defined {
		return false
	}
	inner := *call
	inner.Dir = Dir{Path: filepath.Dir(path), Known: true}
	var extra []string
	for _, a := range args {
		extra = append(extra, a.Raw)
	}
	for _, cmd := range cmds {
		if len(extra) > 0 {
			cmd += " " + strings.Join(extra, " ")
		}
		w.origin = filepath.Base(path) + " " + table + "." + name + " (" + tool + ")"
		w.child(c, &inner, cmd, nil, tool+" task", false)
		w.origin = ""
	}
	return true
}
