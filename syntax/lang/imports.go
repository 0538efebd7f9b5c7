package lang

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// NodePackage is the Text of an Include effect of a bare JavaScript
// module name (require("lodash")): a package in node_modules.
const NodePackage = "node_modules"

// NodeRequire is the Text of an Include effect of require("./X"): the
// file Node's require finds for X (X, X.js, X.json, the native addon
// X.node, the directory's package.json main, its index files).
const NodeRequire = "node require"

// maxImports bounds the modules one program's imports are followed to.
const maxImports = 64

// Imports returns the modules of its own that program text in language l
// loads (see imports), as Include effects with their lines. They are
// apart from Analyze's effects: an import runs nothing by itself, and
// most name a library with no file beside the code.
func Imports(l Lang, src string) []Effect {
	return imports(l, src, nil)
}

// imports is Imports with bind, when not nil, applied to the tokens
// first (the words of the argument vector, ImportsArgv).
func imports(l Lang, src string, bind func(*parser)) []Effect {
	if l == Nox {
		l = Python
	}
	switch l {
	case Python, JS, Ruby, PHP, Perl, Rust:
	default:
		return nil
	}
	text, back, _ := programText(l, src)
	text = pySource(l, text)
	p := &parser{src: text, toks: lex(l, text), l: l}
	if bind != nil {
		bind(p)
	}
	out := p.imports()
	// Directories the code itself puts on the module path
	// (sys.path.insert(0, "lib"), use lib "lib", $LOAD_PATH.unshift
	// "lib"): the modules looked up there, beside the file and in the
	// working directory (where a relative entry is resolved at run time).
	if dirs := p.codePathDirs(); len(dirs) > 0 {
		n := len(out)
		for _, e := range out[:n] {
			if !e.Search || e.Text == NodePackage {
				continue
			}
			for _, d := range dirs {
				f := path.Join(d, e.Path)
				out = append(out, Effect{Kind: Include, Call: e.Call, Path: f, Offset: e.Offset, Relative: !path.IsAbs(d)},
					Effect{Kind: Include, Call: e.Call, Path: f, Offset: e.Offset})
			}
		}
	}
	if l == Python {
		out = append(out, pyStdlibEffect(out)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	setLines(text, out)
	return back(out)
}

// pyStdlibEffect returns the PyStdlib effect of the standard-library
// modules that the absolute imports among out load in turn (at the
// offset of the first import that loads any).
func pyStdlibEffect(out []Effect) []Effect {
	var names []string
	off := -1
	for _, e := range out {
		if !e.Search || e.Kind != Include || e.Text != "" {
			continue
		}
		name := strings.TrimSuffix(strings.TrimSuffix(e.Path, ".py"), "/__init__")
		name = strings.ReplaceAll(name, "/", ".")
		if !PyStdlibModule(name) || slices.Contains(names, name) {
			continue
		}
		if off < 0 {
			off = e.Offset
		}
		names = append(names, name)
	}
	mods := PyStdlibImports(names...)
	if len(mods) == 0 {
		return nil
	}
	return []Effect{{Kind: Include, Call: "import " + strings.Join(names, ", "), Offset: off, Text: PyStdlib, Argv: mods}}
}

// imports finds the files of the program's own modules that its code
// loads and runs when it starts: Python's import and from … import
// (NAME.py or NAME/__init__.py, relative imports with their dots),
// importlib.import_module and __import__ of a literal; JavaScript's
// require, import and import() of a relative path (with .js, .mjs, .cjs
// and /index.js tried); Ruby's require_relative, and require or load of
// a ./ path; PHP's include and require; Perl's do and require of a file.
// Each is an Include effect with Relative set: the path is relative to
// the directory of the file that holds the code (the working directory
// for code given on the command line). A module with no such file is a
// library's, and runs nothing the agent wrote.
func (p *parser) imports() []Effect {
	var out []Effect
	seen := map[string]bool{}
	addAs := func(relative, search bool, call string, off int, paths ...string) {
		for _, f := range paths {
			if len(out) >= maxImports {
				return
			}
			key := f
			if !relative {
				key = "\x00" + f
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, Effect{Kind: Include, Call: call, Path: f, Offset: off, Relative: relative, Search: search})
		}
	}
	add := func(call string, off int, paths ...string) { addAs(true, false, call, off, paths...) }
	// search is a module found only in the search directories.
	search := func(call string, off int, paths ...string) { addAs(false, true, call, off, paths...) }
	toks := p.toks
	switch p.l {
	case Python:
		for i := 0; i < len(toks); i++ {
			t := toks[i]
			if t.kind == tIdent && (t.text == "import_module" || t.text == "__import__") && i+2 < len(toks) &&
				toks[i+1].text == "(" && toks[i+2].kind == tString && toks[i+2].lit && !strings.HasPrefix(toks[i+2].text, ".") {
				// Anywhere in a statement, its start too
				// (__import__("pkg.mod") alone on its line).
				add(t.text, t.off, pyModuleFiles("", toks[i+2].text)...)
				continue
			}
			if t.kind != tIdent || i > 0 && toks[i-1].kind != tNewline && !(toks[i-1].kind == tPunct && toks[i-1].text == ";") {
				continue
			}
			switch t.text {
			case "import":
				// import a.b, c as d
				j := i + 1
				for j < len(toks) {
					name, k := pyDotted(toks, j)
					if name == "" {
						break
					}
					addAs(true, true, "import", t.off, pyModuleFiles("", name)...)
					j = k
					if j+1 < len(toks) && toks[j].text == "as" {
						j += 2
					}
					if j < len(toks) && toks[j].kind == tPunct && toks[j].text == "," {
						j++
						continue
					}
					break
				}
				i = j - 1
			case "from":
				// from [dots]a.b import x, y
				j := i + 1
				dots := ""
				for j < len(toks) && toks[j].kind == tPunct && strings.Trim(toks[j].text, ".") == "" {
					dots += toks[j].text
					j++
				}
				name, k := pyDotted(toks, j)
				if name == "import" {
					name, k = "", j
				}
				rel := ""
				if dots != "" {
					rel = strings.Repeat("../", len(dots)-1)
				}
				// An absolute import is looked up in the script's
				// directory and then on the module path; a relative
				// one (dots) only beside the file.
				absolute := dots == ""
				if name != "" {
					addAs(true, absolute, "from "+dots+name, t.off, pyModuleFiles(rel, name)...)
				}
				if k < len(toks) && toks[k].text == "import" {
					depth := 0
					for m := k + 1; m < len(toks) && (toks[m].kind != tNewline || depth > 0); m++ {
						switch toks[m].text {
						case "(":
							depth++
						case ")":
							depth--
						}
						if toks[m].kind == tIdent && toks[m].text != "as" && (toks[m-1].text != "as") {
							base := name
							if base != "" {
								base += "."
							}
							addAs(true, absolute, "from "+dots+name+" import", t.off, pyModuleFiles(rel, base+toks[m].text)...)
						}
					}
				}
			}
		}
	case JS:
		for i := 0; i+1 < len(toks); i++ {
			t := toks[i]
			var spec token
			switch {
			case t.kind == tIdent && (t.text == "require" || t.text == "import") && toks[i+1].text == "(" && i+2 < len(toks):
				spec = toks[i+2]
			case t.kind == tIdent && t.text == "from" && toks[i+1].kind == tString:
				spec = toks[i+1]
			case t.kind == tIdent && t.text == "import" && toks[i+1].kind == tString:
				spec = toks[i+1]
			default:
				continue
			}
			if spec.kind != tString || !spec.lit || spec.text == "" {
				continue
			}
			f := spec.text
			if u, ok := fileURLPath(f); ok && t.text != "require" {
				// import("file:///abs/x.mjs"): the file (red team 16 MI1).
				f = u
			}
			if !(strings.HasPrefix(f, "./") || strings.HasPrefix(f, "../") || strings.HasPrefix(f, "/")) {
				// A bare name (a package): NODE_PATH's directories
				// are searched for it (node_modules are not read).
				if !strings.HasPrefix(f, "/") && !strings.Contains(f, ":") {
					search(t.text, t.off, f+".js", f+"/index.js", f)
					// And node_modules/f in the file's directory and
					// those above it, through the package's package.json
					// (Text marks the package look-up).
					if len(out) < maxImports && !seen["\x01"+f] {
						seen["\x01"+f] = true
						out = append(out, Effect{Kind: Include, Call: t.text, Path: f, Offset: t.off, Search: true, Text: NodePackage})
					}
				}
				continue
			}
			if t.text == "require" {
				// The file require's own search finds (X, X.js,
				// X.json, a native addon X.node, a directory's main
				// or index), resolved where the files are.
				if len(out) < maxImports && !seen["\x02"+f] {
					seen["\x02"+f] = true
					out = append(out, Effect{Kind: Include, Call: t.text, Path: f, Offset: t.off, Relative: true, Text: NodeRequire})
				}
				continue
			}
			add(t.text, t.off, f, f+".js", f+".mjs", f+".cjs", f+"/index.js")
		}
		out = append(out, p.nodeLoaderImports()...) // nodeloaders.go
	case Rust:
		// mod name; (not mod name { … }): name.rs or name/mod.rs beside
		// the file.
		for i := 0; i+2 < len(toks); i++ {
			if toks[i].kind == tIdent && toks[i].text == "mod" && toks[i+1].kind == tIdent && isP(toks[i+2], ";") {
				n := toks[i+1].text
				add("mod "+n, toks[i].off, n+".rs", n+"/mod.rs")
			}
		}
	case Ruby, PHP, Perl:
		for i := 0; i+1 < len(toks); i++ {
			t := toks[i]
			if t.kind != tIdent {
				continue
			}
			if p.l == Perl && (t.text == "use" || t.text == "require" || t.text == "no") && toks[i+1].kind == tIdent {
				// use Foo::Bar; require Foo::Bar: Foo/Bar.pm in @INC
				// (perl -I, PERL5LIB).
				if mod, ok := perlModule(toks, i+1); ok {
					search(t.text+" "+mod, t.off, strings.ReplaceAll(mod, "::", "/")+".pm")
				}
				continue
			}
			j := i + 1
			if toks[j].text == "(" && j+1 < len(toks) {
				j++
			}
			s := toks[j]
			if s.kind != tString || !s.lit || s.text == "" {
				continue
			}
			f := s.text
			switch {
			case p.l == Ruby && t.text == "require_relative":
				if !strings.HasSuffix(f, ".rb") {
					f += ".rb"
				}
				add(t.text, t.off, f)
			case p.l == Ruby && (t.text == "require" || t.text == "load") && (strings.HasPrefix(f, "./") || strings.HasPrefix(f, "../") || strings.HasPrefix(f, "/")) &&
				!(t.text == "load" && i > 1 && isP(toks[i-1], ".") && !isI(toks[i-2], "Kernel")):
				// ./x, ../x and an absolute /x name the file itself
				// (red team 16 MI1: load "/abs/x.rb").
				if t.text == "require" && !strings.HasSuffix(f, ".rb") && !strings.HasSuffix(f, ".so") {
					// NAME.rb, else the extension NAME.so.
					add(t.text, t.off, f+".rb", f+".so")
					continue
				}
				add(t.text, t.off, f)
			case p.l == Ruby && t.text == "load" && !strings.HasPrefix(f, "/") && !(i > 1 && isP(toks[i-1], ".") && !isI(toks[i-2], "Kernel")):
				// load "x.rb" (Kernel.load): x.rb in $LOAD_PATH, else
				// relative to the working directory; no extension is
				// added. YAML.load, Marshal.load … take data, not a
				// file.
				search(t.text, t.off, f)
				add(t.text, t.off, f)
			case p.l == Ruby && t.text == "require" && !strings.HasPrefix(f, "/"):
				// require 'x': x.rb (else the extension x.so) in
				// $LOAD_PATH (ruby -I, RUBYLIB).
				if !strings.HasSuffix(f, ".rb") && !strings.HasSuffix(f, ".so") {
					search(t.text, t.off, f+".rb", f+".so")
					continue
				}
				search(t.text, t.off, f)
			case p.l == PHP && (t.text == "include" || t.text == "include_once" || t.text == "require" || t.text == "require_once"):
				add(t.text, t.off, f)
			case p.l == Perl && (t.text == "do" || t.text == "require") && strings.Contains(f, "."):
				add(t.text, t.off, f)
			}
		}
	}
	return out
}

// maxCodePathDirs bounds the directories read from the code's own module
// path changes.
const maxCodePathDirs = 8

// codePathDirs returns the literal directories the code adds to its
// module search path: Python's sys.path.insert(i, D) and
// sys.path.append(D) (and site.addsitedir(D)), Perl's use lib D… and
// push/unshift @INC, D…, Ruby's
// $LOAD_PATH.unshift(D), $LOAD_PATH << D and the same with $:.
func (p *parser) codePathDirs() []string {
	var out []string
	toks := p.toks
	add := func(t token) {
		if t.kind == tString && t.lit && t.text != "" && len(out) < maxCodePathDirs {
			out = append(out, t.text)
		}
	}
	// addAt adds the directory at token k: a literal, or the working
	// directory as the code asks for it ($: << Dir.pwd,
	// sys.path.insert(0, os.getcwd())).
	addAt := func(k int) {
		if name, _ := dottedAt(p.toks, k); cwdCalls.Get()[name] && len(out) < maxCodePathDirs {
			out = append(out, ".")
			return
		}
		add(p.tok(k))
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if p.l == Ruby && isP(t, "$") && isP(p.tok(i+1), ":") && p.tok(i+1).off == t.off+1 {
			// $: is $LOAD_PATH.
			t = token{kind: tIdent, text: "$:", off: t.off}
			i++
		}
		if t.kind != tIdent {
			continue
		}
		switch p.l {
		case Python:
			name, _ := p.dotted(i)
			switch name {
			case "sys.path.append", "site.addsitedir":
				if isP(p.tok(i+1), "(") {
					addAt(i + 2)
				}
			case "sys.path.insert":
				if isP(p.tok(i+1), "(") && isP(p.tok(i+3), ",") {
					addAt(i + 4)
				}
			}
		case Perl:
			if t.text == "use" && isI(p.tok(i+1), "lib") {
				for j := i + 2; j < len(toks) && j < i+32 && !isP(toks[j], ";"); j++ {
					add(toks[j])
				}
			}
			if t.text == "@INC" && isP(p.tok(i+1), "=") {
				// @INC = (D, @INC), local @INC = (D): D searched first.
				for k := i + 2; k < len(toks) && k < i+32 && !isP(toks[k], ";") && !isP(toks[k], "}"); k++ {
					add(toks[k])
				}
			}
			if t.text == "push" || t.text == "unshift" {
				// push @INC, D / unshift(@INC, D…) (in a BEGIN block,
				// before a use): D is searched as use lib's are.
				j := i + 1
				if isP(p.tok(j), "(") {
					j++
				}
				if isI(p.tok(j), "@INC") && isP(p.tok(j+1), ",") {
					for k := j + 2; k < len(toks) && k < j+32 && !isP(toks[k], ";") && !isP(toks[k], ")") && !isP(toks[k], "}"); k++ {
						add(toks[k])
					}
				}
			}
		case JS:
			// module.paths.unshift(D), .push(D): bare names are looked up
			// in D as in a node_modules directory.
			if name, after := dottedAt(toks, i); (name == "module.paths.unshift" || name == "module.paths.push") && isP(p.tok(after), "(") {
				for k := after + 1; k < len(toks) && k < after+32 && !isP(toks[k], ")"); k++ {
					if !isP(toks[k], ",") {
						addAt(k)
					}
				}
			}
		case Ruby:
			if t.text == "$LOAD_PATH" || t.text == "$:" {
				switch {
				case isP(p.tok(i+1), "<<") || isP(p.tok(i+1), "<") && isP(p.tok(i+2), "<"):
					j := i + 2
					if isP(p.tok(i+1), "<") {
						j = i + 3
					}
					addAt(j)
				case isP(p.tok(i+1), ".") && (isI(p.tok(i+2), "unshift") || isI(p.tok(i+2), "push") || isI(p.tok(i+2), "prepend")):
					j := i + 3
					if isP(p.tok(j), "(") {
						j++
					}
					addAt(j)
				}
			}
		}
	}
	return out
}

// cwdCalls name the working directory: a directory the code adds to
// its module path by one of them is ".".
var cwdCalls = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"os.getcwd": true, "process.cwd": true, "Dir.pwd": true, "Dir.getwd": true, "getcwd": true, "cwd": true, "Cwd.getcwd": true, "Cwd.cwd": true}
}}

// perlModule reads a module name (Foo::Bar) at toks[i]; a version
// (use 5.010) or a run-time name is none.
func perlModule(toks []token, i int) (string, bool) {
	if c := toks[i].text[0]; !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
		return "", false
	}
	var b strings.Builder
	for i < len(toks) && toks[i].kind == tIdent {
		b.WriteString(toks[i].text)
		if i+2 < len(toks) && toks[i+1].kind == tPunct && toks[i+1].text == "::" && toks[i+2].kind == tIdent {
			b.WriteString("::")
			i += 2
			continue
		}
		break
	}
	return b.String(), b.Len() > 0
}

// pyDotted reads a dotted module name at toks[i], returning it and the
// index after it.
func pyDotted(toks []token, i int) (string, int) {
	var b strings.Builder
	for i < len(toks) && toks[i].kind == tIdent {
		b.WriteString(toks[i].text)
		i++
		if i+1 < len(toks) && toks[i].kind == tPunct && toks[i].text == "." && toks[i+1].kind == tIdent {
			b.WriteByte('.')
			i++
			continue
		}
		break
	}
	return b.String(), i
}

// pyModuleFiles returns the files Python may run for module name (a.b
// runs a/__init__.py or a.py, then a/b/__init__.py or a/b.py), under the
// relative directory rel.
func pyModuleFiles(rel, name string) []string {
	parts := strings.Split(name, ".")
	var out []string
	for k := 1; k <= len(parts); k++ {
		base := path.Join(append([]string{rel}, parts[:k]...)...)
		if rel != "" && strings.HasPrefix(rel, "..") {
			base = rel + strings.Join(parts[:k], "/")
		}
		out = append(out, base+".py", base+"/__init__.py")
	}
	return out
}
