package syntax

import (
	"strings"
)

// ugrepSpec is ugrep's options that take a value in a word of their own
// (ugrep --help, 7.x); the long ones take it after "=". --config[=FILE]
// takes one only after "=".
var ugrepSpec = OptSpec{ShortVal: "efABCmdDgOtMKNJ", LongEq: true, LongVal: []string{"regexp", "file", "after-context",
	"before-context", "context", "max-count", "directories", "devices", "glob", "file-extension", "file-type", "file-magic",
	"range", "neg-regexp", "jobs", "filter", "label", "include", "exclude", "include-dir", "exclude-dir",
	"include-from", "exclude-from", "ignore-files", "encoding", "format", "replace", "sort", "tag", "color", "colors",
	"max-files", "max-depth", "min-depth", "group-separator", "separator", "binary-files", "tabs"}}

// ugrepFilter models ugrep's --filter=COMMANDS (issue 12, class 4):
// COMMANDS is a comma-separated list of EXTS:COMMAND [OPTION …], and
// ugrep runs each COMMAND (no shell: its words split at blanks) for the
// files whose extension is among EXTS (* for every file), with a "%"
// among the options replaced by the file's path, else the file on its
// standard input. Each is judged as find PATHS -type f -exec COMMAND
// OPTION… \; with "%" as {} (rg --pre's model), so --filter='*:rm -rf ~'
// deletes and --filter='*:sh' runs every file searched. ug (ugrep
// --config) reads its options first from the working directory's .ugrep,
// else the home's; --config=FILE (---FILE) reads FILE: one long option a
// line, without its dashes (filter=pdf:pdftotext % -), # comments.
// ugrep+ and ug+ add their own filters for documents (pdftotext, antiword,
// pandoc, exiftool): programs that read. ugrep --pager=CMD runs CMD with
// the shell.
func (w *walker) ugrepFilter(c scope, call *Call) {
	config := call.Name == "ug" || call.Name == "ug+"
	configFile := ""
	for _, a := range call.Args {
		switch {
		case a.Value == "--":
		case a.Value == "--config" || a.Value == "---":
			config = true
		case strings.HasPrefix(a.Value, "--config=") && a.Static:
			configFile = strings.TrimPrefix(a.Value, "--config=")
		case strings.HasPrefix(a.Value, "---") && a.Static:
			configFile = strings.TrimPrefix(a.Value, "---")
		case a.Value == "--no-config":
			config = false
		}
	}
	var args []Arg
	readConfig := func(d Dir) bool {
		text, ok := w.readScript(d)
		if !ok {
			return false
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if !strings.HasPrefix(line, "-") {
				line = "--" + line
			}
			args = append(args, Arg{Value: line, Raw: line, Static: true})
		}
		return true
	}
	switch {
	case configFile != "":
		readConfig(call.Dir.Join(expandTilde(configFile, w.home)))
	case config:
		if !readConfig(call.Dir.Join(".ugrep")) && w.home != "" {
			readConfig(Dir{Path: w.home + "/.ugrep", Known: true})
		}
	}
	args = append(args, call.Args...)
	for _, a := range args {
		// --pager[=COMMAND]: the value only after "=" (--pager alone
		// is less).
		if v, ok := strings.CutPrefix(a.Value, "--pager="); ok && v != "" {
			from := len(w.m.Calls)
			w.child(c, call, v, nil, call.Name+" --pager", !a.Static)
			w.pagerScriptReaders(from, call, call.Name+" --pager")
		}
	}
	opts, operands := ScanOptions(args, ugrepSpec)
	var filters []Arg
	pattern := true
	for _, o := range opts {
		switch o.Name {
		case "filter":
			if o.HasVal {
				filters = append(filters, o.Val)
			}
		case "e", "regexp", "f", "file", "N", "neg-regexp":
			pattern = false
		}
	}
	if len(filters) == 0 {
		return
	}
	var paths []Arg
	for k, i := range operands {
		if k == 0 && pattern {
			continue
		}
		paths = append(paths, args[i])
	}
	if len(paths) == 0 {
		paths = []Arg{{Value: ".", Raw: ".", Static: true}}
	}
	for _, f := range filters {
		for _, item := range strings.Split(f.Value, ",") {
			_, cmd, ok := strings.Cut(item, ":")
			words := strings.Fields(cmd)
			if !ok || len(words) == 0 {
				continue
			}
			text := "find"
			dynamic := !f.Static
			for _, p := range paths {
				text += " " + Quote(p.Value)
				dynamic = dynamic || !p.Static
			}
			text += " -type f -exec"
			for _, word := range words {
				if word == "%" {
					word = "{}"
				}
				text += " " + Quote(word)
			}
			text += ` \;`
			w.child(c, call, text, nil, call.Name+" --filter", dynamic)
		}
	}
}
