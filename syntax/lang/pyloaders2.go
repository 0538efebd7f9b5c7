package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// More of the standard library's loaders that import a module by its
// name, or run a file's text, beside import, importlib.import_module and
// runpy.run_module (red team 20 ML1): each is the loader corral models
// already, so the module or file loaded is read and judged.
//
//   - pkgutil.resolve_name("m:attr"), pydoc.locate("m.attr") import the
//     module the name spells (resolve_name imports the part before the
//     colon, or each dotted prefix in turn; locate each prefix);
//   - unittest.main(module="m"), unittest.TestProgram("m") import m to
//     find its tests;
//   - doctest.testfile(F), DocFileSuite(F), DocFileTest(F) run the
//     examples of the text file F, as python3 -m doctest F does;
//   - logging.config.fileConfig(F) eval()s the args= and kwargs= of F's
//     handlers (a LoggingConfig effect: the walker reads F).
//
// A name or a path only known at run time asks.

// pyNameLoaders are the calls that import the module named by their
// first argument (or the keyword given).
var pyNameLoaders = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"pkgutil.resolve_name": "name", "pydoc.locate": "path",
		"unittest.main": "module", "unittest.TestProgram": "module", "unittest.main.TestProgram": "module"}
}}

// pyDocFileLoaders are the doctest calls that run the examples of a text
// file named by their first argument.
var pyDocFileLoaders = lazy.Set{List: []string{"doctest.testfile", "doctest.DocFileSuite", "doctest.DocFileTest"}}

// LoggingConfig is the Text of an Include effect of a logging
// configuration file whose handler arguments are evaluated as Python.
const LoggingConfig = "logging-config"

// pyLoaderCall reports a call pyLoaders2 models.
func pyLoaderCall(full string) bool {
	_, ok := pyNameLoaders.Get()[full]
	return ok || pyDocFileLoaders.Has(full) || full == "logging.config.fileConfig"
}

// pyLoaders2 returns the effects of call c to one of the loaders above.
func pyLoaders2(c call, full string) ([]Effect, bool) {
	if !pyLoaderCall(full) || c.method && !strings.Contains(full, ".") {
		return nil, false
	}
	if key, ok := pyNameLoaders.Get()[full]; ok {
		a := keyword(c.args, key)
		if a == nil {
			a = argAt(c.args, 0)
		}
		if strings.HasPrefix(full, "unittest.") {
			// unittest.main() tests __main__, the code itself.
			text := ""
			if a != nil {
				text = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(a.text), key+"="))
			}
			if a == nil || !a.lit && (text == "None" || text == "__name__") || a.lit && a.str == "__main__" {
				return nil, true
			}
		}
		if a == nil {
			return nil, true
		}
		if !a.lit {
			return []Effect{{Kind: Hidden, Call: full, Text: a.text, Offset: c.off}}, true
		}
		mod, _, _ := strings.Cut(a.str, ":")
		mod = strings.TrimSpace(mod)
		if !PyDottedName(mod) {
			return nil, true
		}
		return []Effect{{Kind: Exec, Call: full, Argv: []string{"python3", "-c", "import " + mod}, Offset: c.off}}, true
	}
	a := keyword(c.args, "filename")
	if a == nil {
		a = keyword(c.args, "fname")
	}
	if a == nil {
		a = argAt(c.args, 0)
	}
	if a == nil {
		return nil, true
	}
	if !a.lit {
		return []Effect{{Kind: Hidden, Call: full, Text: a.text, Offset: c.off}}, true
	}
	if full == "logging.config.fileConfig" {
		return []Effect{{Kind: Include, Call: full, Path: a.str, Offset: c.off, Text: LoggingConfig}}, true
	}
	return []Effect{{Kind: Exec, Call: full, Argv: []string{"python3", "-m", "doctest", a.str}, Offset: c.off}}, true
}

// PyDottedName reports a dotted Python module name: a.b.c.
func PyDottedName(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for i, r := range part {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// LoggingConfigCode returns the Python expressions a logging
// configuration file (configparser format) has fileConfig evaluate: each
// handler section's args= and kwargs= (and a formatter's or handler's
// class=, which is resolved by importing its module), as one program.
func LoggingConfigCode(text string) string {
	var b strings.Builder
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			section = strings.ToLower(strings.TrimSpace(line[1 : len(line)-1]))
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			key, val, ok = strings.Cut(line, ":")
		}
		if !ok {
			continue
		}
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		if val == "" {
			continue
		}
		switch {
		case strings.HasPrefix(section, "handler_") && (key == "args" || key == "kwargs"):
			b.WriteString("_ = " + val + "\n")
		case (strings.HasPrefix(section, "handler_") || strings.HasPrefix(section, "formatter_")) && key == "class":
			if mod, _, ok := cutLast(val); ok && PyDottedName(mod) && mod != "logging" && mod != "logging.handlers" {
				b.WriteString("import " + mod + "\n")
			}
		}
	}
	return b.String()
}
