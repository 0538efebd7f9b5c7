package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Programs that run a file an option names, on their data (red-team 3,
// finding 11):
//
//   - pandoc --filter PROG (-F): a JSON filter. pandoc looks for PROG as
//     a path first (relative to the working directory), then in its data
//     directory and on PATH; a file is run by its interpreter where its
//     extension names one (.py, .js, .rb, .pl, .php, .r; .hs with
//     runhaskell), else as a program (its #! line). A file corral finds
//     is read in that language; a name it does not find is a program on
//     PATH, judged as if typed.
//   - pandoc --lua-filter FILE (-L): Lua code pandoc runs in its own
//     interpreter, which has os.execute, io.open and pandoc.pipe.
//   - tcpdump -z PROG: run as PROG FILE on each capture file -C/-G close
//     (execlp: a name without a slash is looked up on PATH).

// PandocOptions is pandoc's command line (pandoc --help, pandoc 3): the
// options that take a value.
var PandocOptions = OptSpec{ShortVal: "frtwodMVcHBAFLDT", LongEq: true,
	LongVal: []string{"from", "read", "to", "write", "output", "data-dir", "defaults", "metadata", "metadata-file", "variable",
		"css", "include-in-header", "include-before-body", "include-after-body", "filter", "lua-filter", "print-default-template",
		"template", "resource-path", "reference-doc", "extract-media", "bibliography", "csl", "citation-abbreviations",
		"title-prefix", "highlight-style", "syntax-definition", "shift-heading-level-by", "top-level-division", "number-offset",
		"columns", "tab-stop", "wrap", "toc-depth", "pdf-engine", "pdf-engine-opt", "epub-cover-image", "epub-metadata",
		"epub-embed-font", "log", "request-header", "abbreviations", "eol", "dpi", "email-obfuscation", "id-prefix",
		"indented-code-classes", "default-image-extension", "track-changes", "reference-location", "markdown-headings",
		"slide-level", "split-level", "chunk-template", "ipynb-output", "mathjax", "katex", "webtex", "mathml"}}

// TcpdumpOptions is tcpdump's command line (tcpdump 4.99): the options
// that take a value.
var TcpdumpOptions = OptSpec{ShortVal: "BcCEFGijmMQrsTVwWyzZ", LongEq: true,
	LongVal: []string{"buffer-size", "interface", "time-stamp-type", "time-stamp-precision", "snapshot-length", "direction",
		"micro", "nano", "number", "print", "count", "relinquish-privileges"}}

// programFilters judges the files pandoc and tcpdump run.
func (w *walker) programFilters(c scope, call *Call) {
	switch call.Name {
	case "pandoc":
		opts, _ := ScanOptions(call.Args, PandocOptions)
		for _, o := range opts {
			if !o.HasVal {
				continue
			}
			switch o.Name {
			case "filter", "F":
				w.pandocFilter(c, call, o.Val, false)
			case "lua-filter", "L":
				w.pandocFilter(c, call, o.Val, true)
			case "defaults", "d":
				w.pandocDefaults(c, call, o.Val, 0)
			}
		}
	case "tcpdump":
		opts, _ := ScanOptions(call.Args, TcpdumpOptions)
		for _, o := range opts {
			if o.Name == "z" && o.HasVal {
				w.argvChild(c, call, []Arg{o.Val, {Value: "capture.pcap", Raw: "capture.pcap", Static: true}}, "tcpdump -z", call.env, call.Dir)
			}
		}
	}
}

// pandocFilter judges the filter a names (lua: a Lua filter).
func (w *walker) pandocFilter(c scope, call *Call, a Arg, lua bool) {
	kind := "pandoc --filter"
	if lua {
		kind = "pandoc --lua-filter"
	}
	if !a.Static || a.Value == "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: kind + " runs " + clip(a.Raw, 40) + ", a filter only known at run time"})
		return
	}
	name := a.Value
	if lua {
		w.scriptFile(c, call, a, string(lang.Lua))
		return
	}
	d := call.Dir.Join(name)
	_, found := w.written[d.Path]
	if !found && w.read != nil && d.Known {
		_, err := w.read(d.Path)
		found = err == nil
	}
	if !found && !strings.Contains(name, "/") {
		// A filter on PATH (pandoc-crossref), run as a program.
		w.argvChild(c, call, []Arg{a}, kind, call.env, call.Dir)
		return
	}
	if strings.HasSuffix(name, ".hs") {
		// runhaskell FILE: Haskell, which corral does not read.
		w.argvChild(c, call, []Arg{{Value: "runhaskell", Raw: "runhaskell", Static: true}, a}, kind, call.env, call.Dir)
		return
	}
	w.scriptFile(c, call, a, "")
}

// pandocDefaults judges the filters a pandoc defaults file (--defaults
// FILE, -d FILE) lists: its filters: entries, each a path (a .lua one
// is a Lua filter, any other a JSON filter, as pandoc decides by the
// extension) or a map with type: (lua, json; citeproc runs nothing) and
// path:, with ${.} the file's directory; and the defaults files its own
// defaults: key names, in turn (at most 4 deep). pandoc looks for FILE
// as named, with .yaml added when it has no extension; one in pandoc's
// data directory (~/.local/share/pandoc/defaults) is not read, nor is a
// filter in its filters directory. A file named at run time asks.
func (w *walker) pandocDefaults(c scope, call *Call, a Arg, depth int) {
	if !a.Static || a.Value == "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: "pandoc --defaults reads " + clip(a.Raw, 40) + ", a defaults file only known at run time, whose filters it runs"})
		return
	}
	if depth > 4 {
		return
	}
	name := a.Value
	if filepath.Ext(name) == "" {
		name += ".yaml"
	}
	d := call.Dir.Join(name)
	if !d.Known {
		return
	}
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	dir := filepath.Dir(d.Path)
	at := func(v string) Arg {
		v = strings.ReplaceAll(v, "${.}", dir)
		return Arg{Value: v, Raw: v, Static: !strings.Contains(v, "${"), Start: a.Start, End: a.End}
	}
	for _, f := range yamlTopList(text, "filters") {
		typ, p := "", f["-"]
		if p == "" {
			typ, p = f["type"], f["path"]
		}
		if typ == "citeproc" || p == "" && typ == "" || p == "citeproc" {
			continue
		}
		lua := typ == "lua" || typ == "" && strings.HasSuffix(p, ".lua")
		w.pandocFilter(c, call, at(p), lua)
	}
	for _, f := range yamlTopList(text, "defaults") {
		if v := f["-"]; v != "" {
			w.pandocDefaults(c, call, at(v), depth+1)
		}
	}
}

// yamlTopList reads the list under a top-level key of a YAML text:
// key: [a, b], key: a (one item), or "- item" lines under it, an item a
// scalar (under "-") or a map of scalars (- type: lua / path: f.lua).
// At most 64 items.
func yamlTopList(text, key string) []map[string]string {
	var out []map[string]string
	lines := strings.Split(text, "\n")
	unq := func(v string) string {
		v = strings.TrimSpace(v)
		if i := strings.Index(v, " #"); i >= 0 && !strings.HasPrefix(v, "\"") && !strings.HasPrefix(v, "'") {
			v = strings.TrimSpace(v[:i])
		}
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			v = v[1 : len(v)-1]
		}
		return v
	}
	pair := func(m map[string]string, s string) {
		if k, v, ok := strings.Cut(s, ":"); ok && k != "" && !strings.ContainsAny(k, " \t\"'") {
			m[k] = unq(v)
		}
	}
	for i := 0; i < len(lines) && len(out) < 64; i++ {
		line := strings.TrimRight(lines[i], " \t\r")
		rest, ok := strings.CutPrefix(line, key+":")
		if !ok {
			continue
		}
		rest = strings.TrimSpace(rest)
		switch {
		case strings.HasPrefix(rest, "["):
			for _, v := range strings.Split(strings.Trim(rest, "[] "), ",") {
				if v = unq(v); v != "" {
					out = append(out, map[string]string{"-": v})
				}
			}
			continue
		case rest != "" && !strings.HasPrefix(rest, "#"):
			out = append(out, map[string]string{"-": unq(rest)})
			continue
		}
		var cur map[string]string
		itemIndent := -1
		for j := i + 1; j < len(lines) && len(out) < 64; j++ {
			l := strings.TrimRight(lines[j], " \t\r")
			t := strings.TrimLeft(l, " ")
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			ind := len(l) - len(t)
			if ind == 0 && !strings.HasPrefix(t, "- ") && t != "-" {
				break // the next top-level key
			}
			if strings.HasPrefix(t, "- ") || t == "-" {
				if itemIndent < 0 {
					itemIndent = ind
				}
				if ind == itemIndent {
					cur = map[string]string{}
					out = append(out, cur)
					item := strings.TrimSpace(strings.TrimPrefix(t, "-"))
					if k, _, ok := strings.Cut(item, ":"); ok && !strings.ContainsAny(k, " \t\"'/.") && !strings.Contains(item, "://") {
						pair(cur, item)
					} else if item != "" {
						cur["-"] = unq(item)
					}
					continue
				}
			}
			if cur != nil && ind > itemIndent {
				pair(cur, t)
			}
		}
		break
	}
	return out
}
