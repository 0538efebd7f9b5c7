package syntax

import (
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
