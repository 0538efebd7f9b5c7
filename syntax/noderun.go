package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// node --run NAME (Node 22 and later) runs the script NAME of the
// "scripts" object of the nearest package.json, found from the working
// directory upwards, in that package.json's directory, with each
// ancestor's node_modules/.bin on PATH (Node's CLI documentation,
// "--run"). Unlike npm run it runs neither preNAME nor postNAME. The
// script text is judged as npm run's is; a NAME only known at run time
// asks.

// nodeRunScript models node --run NAME; it reports whether call was one.
func (w *walker) nodeRunScript(c scope, call *Call) bool {
	if lang.ForProgram(call.Name) != lang.JS {
		return false
	}
	name := strings.TrimRight(call.Name, "0123456789.")
	if name != "node" && name != "nodejs" {
		return false
	}
	spec, ok := interpSpecFor(lang.JS, name)
	if !ok {
		return false
	}
	opts, _ := ScanOptions(call.Args, spec.opts)
	var run *Option
	for i, o := range opts {
		if o.Name == "run" && o.Long {
			run = &opts[i]
		}
	}
	if run == nil {
		return false
	}
	if !run.HasVal {
		return true // node --run alone lists the scripts
	}
	if !run.Val.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: run.Val.Raw,
			What: call.Name + " --run runs the package.json script " + run.Val.Raw + ", a name only known at run time"})
		return true
	}
	dir, scripts, found := w.manifestScripts(call.Dir, "package.json")
	if !found {
		return true
	}
	inner, env := w.packageScriptCall(call, dir)
	for _, s := range scripts[run.Val.Value] {
		w.origin = w.projectRel(dir.Join("package.json").Path) + " scripts." + run.Val.Value + " (" + call.Name + " --run)"
		w.childIn(c, inner, s, nil, "package script", false, env, dir)
		w.origin = ""
	}
	return true
}
