package syntax

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Loaders that import a module or run a file's text by name (red team 20
// ML1), judged as the loader corral already models.

// loggingConfigFile models logging.config.fileConfig(F): the args= and
// kwargs= of F's handlers are eval()ed and a class= imports its module,
// so they are judged as Python code run where the call runs. A file
// corral cannot read passes (it may not exist yet); the text the command
// wrote there is read first (readScript).
func (w *walker) loggingConfigFile(c scope, call *Call, name, what string) {
	d := call.Dir.Join(name)
	if !d.Known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
			What: what + " evaluates the handler arguments of a logging configuration file named only at run time"})
		return
	}
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	code := lang.LoggingConfigCode(text)
	if code == "" {
		return
	}
	w.effect(c, call, "python3 -c "+Quote(code), what+" evaluates the handler arguments of "+name, false, false)
}

// pickleModuleImports judges each module a pickle's GLOBAL, INST or
// STACK_GLOBAL opcodes name as the import it is (the unpickler imports
// the module to find the callable): python3 -c 'import M' where the
// load runs, so a module of the working directory (cx\nf\n. imports
// ./x.py) is read and judged.
func (w *walker) pickleModuleImports(c scope, call *Call, text, what string) {
	seen := map[string]bool{}
	for _, m := range pickleImports(text) {
		mod := m[0]
		if mod == pickleUnknown || seen[mod] || !lang.PyDottedName(mod) {
			continue
		}
		seen[mod] = true
	}
	mods := make([]string, 0, len(seen))
	for m := range seen {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	for _, m := range mods {
		top, _, _ := strings.Cut(m, ".")
		if top == "builtins" || top == "__builtin__" || top == "copy_reg" || top == "copyreg" || top == "_codecs" {
			continue // imported before the code runs: nothing to read
		}
		w.effect(c, call, "python3 -c "+Quote("import "+m), what+" imports "+m+" (a name in the pickle)", false, false)
	}
}
