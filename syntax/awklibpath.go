package syntax

import "strings"

// awkLibPath judges a gawk extension named without a slash (-l NAME,
// @load "NAME") when the command sets AWKLIBPATH (red team 19 LP1): gawk
// looks NAME, then NAME.so, up in each of its directories (gawk(1),
// "AWKLIBPATH"; an empty entry is the working directory), so
// AWKLIBPATH=. gawk -l x loads ./x.so. A library found there outside
// the system's directories is judged as LD_PRELOAD's (loadedLibrary); a
// path only known at run time asks. Without AWKLIBPATH the name is
// gawk's own directory's.
func (w *walker) awkLibPath(c scope, call *Call, name, what string) {
	vals, open, set := w.envChoices(c, call, "AWKLIBPATH", true)
	if set && open {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "AWKLIBPATH",
			What: "AWKLIBPATH makes " + call.Name + " load the extension " + name + " from a directory only known at run time"})
	}
	for _, v := range vals {
		for _, dir := range strings.Split(v, ":") {
			d := call.Dir
			if dir != "" {
				d = call.Dir.Join(expandTilde(dir, w.home))
			}
			if !d.Known || systemPath(d.Path+"/") {
				continue
			}
			for _, n := range []string{name, name + ".so"} {
				w.loadedLibrary(c, call, "AWKLIBPATH", d.Join(n), what)
			}
		}
	}
}
