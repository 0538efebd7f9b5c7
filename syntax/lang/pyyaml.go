package lang

import (
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// PyYAML's unsafe loaders build Python objects from the data's tags:
// !!python/object/apply:os.system ["rm -rf ~"] calls os.system with that
// argument as the document is loaded (yaml.unsafe_load, yaml.load with
// Loader=yaml.Loader, UnsafeLoader, CLoader or CUnsafeLoader). The safe
// and full loaders (safe_load, full_load, FullLoader) refuse the tag.

// YAMLData is the Text of an Include effect of a YAML file the code loads
// with an unsafe loader: its python/object tags are calls.
const YAMLData = "python-yaml"

// pyYAMLUnsafe reports a PyYAML call that may construct python/object
// tags: unsafe_load(_all), or load(_all) given a loader, by keyword or as
// the second argument, that is not one of the safe ones. The loader's
// text is read through the import aliases (from yaml import UnsafeLoader
// as U; import yaml as Y: Y.Loader) and the values assigned to a name
// that holds it (L = yaml.Loader); a loader corral cannot name (a
// getattr, a class of the program's own, a parameter) may be an unsafe
// one, and then only the tags in the data decide.
func pyYAMLUnsafe(full string, args []arg, al aliases) bool {
	switch full {
	case "yaml.unsafe_load", "yaml.unsafe_load_all":
		return true
	case "yaml.load", "yaml.load_all":
	default:
		return false
	}
	a := keyword(args, "Loader")
	text := ""
	if a != nil {
		text = kwValue(a)
	} else if a = argAt(args, 1); a != nil {
		text = a.text
	}
	if a == nil {
		return false // PyYAML 6 requires the loader: a TypeError
	}
	var held []string
	for _, v := range a.assigned {
		if strings.TrimRight(strings.TrimSpace(v), ");") != text {
			held = append(held, v) // not the keyword's own value (Loader=L)
		}
	}
	if len(held) > 0 && pyYAMLPlainName(text) {
		// A loader held in a name: any of the values assigned to it
		// can be the one passed.
		for _, v := range held {
			if pyYAMLLoaderUnsafe(v, al) {
				return true
			}
		}
		return false
	}
	return pyYAMLLoaderUnsafe(text, al)
}

// pyYAMLLoaderUnsafe reports whether the loader expression text may be
// one that constructs python/object tags: any but PyYAML's safe, full
// and base loaders named through the import aliases.
func pyYAMLLoaderUnsafe(text string, al aliases) bool {
	text = strings.Join(strings.Fields(text), "")
	if pyYAMLPlainName(strings.TrimRight(text, ");")) {
		text = strings.TrimRight(text, ");") // an assigned value's text runs to the statement's end
	}
	if !pyYAMLPlainName(text) {
		return true // computed (getattr(yaml, "Unsafe"+"Loader")): may be any
	}
	switch strings.TrimPrefix(strings.TrimPrefix(al.resolve(text), "yaml."), "cyaml.") {
	case "SafeLoader", "CSafeLoader", "FullLoader", "CFullLoader", "BaseLoader", "CBaseLoader":
		return false
	}
	return true
}

// pyYAMLPlainName reports a dotted name (yaml.Loader, U).
func pyYAMLPlainName(text string) bool {
	if text == "" {
		return false
	}
	for _, part := range strings.Split(text, ".") {
		if !isIdentString(part) {
			return false
		}
	}
	return true
}

var (
	// yamlPyTag is a PyYAML tag that calls a function: the shorthand
	// !!python/object/apply:F or /new:F, or the verbatim
	// !<tag:yaml.org,2002:python/object/apply:F>.
	yamlPyTag = lazy.Regexp{Expr: `(?:!!|!<tag:yaml\.org,2002:)python/object/(?:apply|new):([A-Za-z_][\w.]*)>?`}
	// yamlTagDirective is a %TAG directive: a handle and its prefix.
	yamlTagDirective = lazy.Regexp{Expr: `(?m)^%TAG[ \t]+(!\S*!)[ \t]+(\S+)`}
)

// maxYAMLCalls bounds the tags read in one document.
const maxYAMLCalls = 64

// YAMLPythonCalls returns the calls the python/object/apply and /new tags
// of YAML text make when an unsafe loader loads it: a shell runner
// (os.system, subprocess.getoutput) with a literal first argument is a
// Shell effect of that text, subprocess.run and the like with a list of
// literals an Exec of it; any other function, or an argument not
// written out, is a Hidden effect (code runs that corral does not read).
// call names the loading call; off is its offset.
func YAMLPythonCalls(data, call string, off int) []Effect {
	// %TAG !p! tag:yaml.org,2002:python/ makes !p!object/apply:F the
	// same tag.
	for _, m := range yamlTagDirective.Get().FindAllStringSubmatch(data, 16) {
		prefix := strings.Replace(m[2], "tag:yaml.org,2002:", "!!", 1)
		data = strings.ReplaceAll(data, m[1], prefix)
	}
	var out []Effect
	locs := yamlPyTag.Get().FindAllStringSubmatchIndex(data, maxYAMLCalls)
	for _, loc := range locs {
		fn := data[loc[2]:loc[3]]
		rest := data[loc[1]:]
		if i := strings.Index(rest, "!!python/"); i >= 0 {
			rest = rest[:i]
		}
		vals, nested, ok := yamlScalars(rest)
		e := Effect{Kind: Hidden, Call: call + " (" + fn + ")", Text: fn, Offset: off}
		switch {
		case !ok:
		case pyShell.Get()[fn] && len(vals) > 0 && !nested:
			e = Effect{Kind: Shell, Call: call + " (" + fn + ")", Text: vals[0], Offset: off}
		case (pySubprocess.Get()[fn] || strings.HasPrefix(fn, "os.exec")) && len(vals) > 0 && nested:
			e = Effect{Kind: Exec, Call: call + " (" + fn + ")", Argv: vals, Offset: off}
		}
		out = append(out, e)
	}
	if len(locs) == 0 && (strings.Contains(data, "python/object/apply") || strings.Contains(data, "python/object/new")) {
		// A spelling of the tag not read above.
		out = append(out, Effect{Kind: Hidden, Call: call, Text: "python/object", Offset: off})
	}
	return out
}

// yamlScalars reads the arguments after a tag: a flow sequence ["a"] or
// [["a", "b"]] (nested), an args: key before one, or a block sequence of
// "- a" lines. It returns the scalars of the first (inner) sequence and
// false when they are not all written out.
func yamlScalars(s string) (vals []string, nested, ok bool) {
	s = strings.TrimLeft(s, " \t")
	if strings.HasPrefix(s, "\n") {
		// A block node: args: [...] or "- x" lines.
		t := strings.TrimLeft(s, " \t\n")
		if strings.HasPrefix(t, "args:") {
			return yamlScalars(strings.TrimPrefix(t, "args:"))
		}
		for _, line := range strings.Split(t, "\n") {
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "- ") {
				break
			}
			v, ok := yamlScalar(strings.TrimPrefix(line, "- "))
			if !ok {
				return nil, false, false
			}
			vals = append(vals, v)
		}
		return vals, false, len(vals) > 0
	}
	if strings.HasPrefix(s, "{") {
		if i := strings.Index(s, "args:"); i >= 0 {
			return yamlScalars(s[i+len("args:"):])
		}
		return nil, false, false
	}
	if !strings.HasPrefix(s, "[") {
		return nil, false, false
	}
	s = strings.TrimLeft(s[1:], " \t\n")
	if strings.HasPrefix(s, "[") {
		nested = true
		s = strings.TrimLeft(s[1:], " \t\n")
	}
	for len(s) > 0 && len(vals) < maxPieces*8 {
		if s[0] == ']' {
			return vals, nested, true
		}
		var v string
		var n int
		switch s[0] {
		case '"', '\'':
			end := yamlQuoteEnd(s)
			if end < 0 {
				return nil, false, false
			}
			var ok bool
			if v, ok = yamlScalar(s[:end+1]); !ok {
				return nil, false, false
			}
			n = end + 1
		default:
			n = strings.IndexAny(s, ",]\n")
			if n < 0 {
				return nil, false, false
			}
			v = strings.TrimSpace(s[:n])
			if strings.ContainsAny(v, "[{&*!") {
				return nil, false, false
			}
		}
		vals = append(vals, v)
		s = strings.TrimLeft(s[n:], " \t\n")
		if strings.HasPrefix(s, ",") {
			s = strings.TrimLeft(s[1:], " \t\n")
		}
	}
	return nil, false, false
}

// yamlQuoteEnd returns the index of the quote that closes the quoted
// scalar s starts with, or -1.
func yamlQuoteEnd(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch {
		case q == '"' && s[i] == '\\':
			i++
		case q == '\'' && s[i] == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i++
		case s[i] == q:
			return i
		}
	}
	return -1
}

// yamlScalar returns the value of one scalar: single-quoted (” is '),
// double-quoted (the escapes Go's own quoting shares with YAML; others
// are not read), or plain.
func yamlScalar(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'") && len(s) >= 2:
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), true
	case strings.HasPrefix(s, `"`):
		v, err := strconv.Unquote(s)
		return v, err == nil
	}
	if s == "" || strings.ContainsAny(s, "[]{}&*!#") {
		return "", false
	}
	return s, true
}

// pyYAMLSafeSubclass reports a yaml.load(…) call whose loader is a class
// of the code deriving only from PyYAML's safe, full and base loaders (or
// from such classes of the code): class L(yaml.SafeLoader): …, the
// common way to add a constructor for the project's own tags or to
// refuse duplicate keys. It inherits the base's table of constructors,
// which has no python/object tags, so loading a document with them raises
// an error rather than calling anything. Not safe (the loader stays
// one that may construct): a class defined twice or rebound, a base that
// is not one of those (yaml.Loader, UnsafeConstructor, a mixin of the
// code's), and code that reaches PyYAML's python constructors or
// changes the tables by hand anywhere — construct_python_*, the
// Constructor/UnsafeConstructor/FullConstructor and unsafe loader
// classes, yaml_constructors/yaml_multi_constructors,
// add_multi_constructor, or an add_constructor for a python/ tag — or
// computes names (getattr, setattr, vars, eval, exec, __import__).
func (p *parser) pyYAMLSafeSubclass(args []arg) bool {
	a := keyword(args, "Loader")
	text := ""
	if a != nil {
		text = kwValue(a)
	} else if a = argAt(args, 1); a != nil {
		text = a.text
	}
	text = strings.TrimSpace(text)
	if a == nil || !isIdentString(text) || p.pyYAMLTablesTouched() {
		return false
	}
	for _, v := range a.assigned {
		if strings.TrimRight(strings.TrimSpace(v), ");") != text {
			return false // a name holding a loader (L = …)
		}
	}
	return p.pyYAMLSafeClass(text, 0)
}

// pyYAMLSafeClass reports that the code defines name once, as a class
// whose bases are all safe loaders (pyYAMLSafeSubclass).
func (p *parser) pyYAMLSafeClass(name string, depth int) bool {
	if depth > 8 {
		return false
	}
	defs, open := 0, -1
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != name || isP(p.tok(i-1), ".") {
			continue
		}
		switch {
		case isI(p.tok(i-1), "class"):
			defs++
			open = i + 1
		case isP(p.tok(i+1), "=") && !isP(p.tok(i+2), "="), isI(p.tok(i-1), "def"), isI(p.tok(i-1), "import"), isI(p.tok(i-1), "as"):
			return false // bound otherwise too
		}
	}
	if defs != 1 || !isP(p.tok(open), "(") {
		return false
	}
	bases, _ := p.args(open, ")")
	if len(bases) == 0 {
		return false
	}
	for _, b := range bases {
		t := strings.Join(strings.Fields(b.text), "")
		if b.key != "" || !pyYAMLPlainName(t) {
			return false // metaclass=…, a computed base
		}
		if !pyYAMLLoaderUnsafe(t, p.al) {
			continue // SafeLoader, FullLoader, BaseLoader and their C forms
		}
		if !isIdentString(t) || !p.pyYAMLSafeClass(t, depth+1) {
			return false
		}
	}
	return true
}

// pyYAMLTablesTouched reports code that reaches PyYAML's python object
// constructors or its constructor tables by hand (pyYAMLSafeSubclass).
func (p *parser) pyYAMLTablesTouched() bool {
	for i, t := range p.toks {
		switch t.kind {
		case tIdent:
			switch {
			case strings.HasPrefix(t.text, "construct_python"), t.text == "yaml_constructors", t.text == "yaml_multi_constructors",
				t.text == "add_multi_constructor", t.text == "UnsafeConstructor", t.text == "FullConstructor", t.text == "Constructor",
				t.text == "UnsafeLoader", t.text == "CUnsafeLoader",
				// Names computed at run time can reach any of these.
				t.text == "getattr", t.text == "setattr", t.text == "__dict__", t.text == "vars", t.text == "eval", t.text == "exec",
				t.text == "__import__", t.text == "importlib":
				return true
			case (t.text == "Loader" || t.text == "CLoader") && !isP(p.tok(i+1), "="):
				return true // yaml.Loader, from yaml import Loader: the unsafe loader
			case t.text == "add_constructor" && isP(p.tok(i+1), "("):
				if first, _ := p.args(i+1, ")"); len(first) == 0 || !first[0].lit || strings.Contains(first[0].str, "python") {
					return true
				}
			}
		case tString:
			if strings.Contains(t.text, "construct_python") || strings.Contains(t.text, "yaml_multi_constructors") || strings.Contains(t.text, "yaml_constructors") {
				return true // getattr(C, "construct_python_…")
			}
		}
	}
	return false
}
