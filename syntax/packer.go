package syntax

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// packer build runs its template's shell-local provisioners and
// post-processors on this machine (issue 12, class 4), as terraform
// apply runs local-exec: inline (lines of one script), command, and the
// script and scripts files, run with /bin/sh from packer's working
// directory. The template is the file named (a .pkr.hcl file) or every
// *.pkr.hcl of the directory named; a JSON template (legacy) that names
// shell-local asks, as it is not read. Each command is judged as if typed
// (a shell-local inline = ["rm -rf ~"] was allowed).

// packerRun models packer build; it reports nothing handled, so the
// other models still read the call.
func (w *walker) packerRun(c scope, call *Call) {
	if w.read == nil || len(call.Args) == 0 || call.Args[0].Value != "build" {
		return
	}
	var target *Arg
	for i := 1; i < len(call.Args); i++ {
		a := call.Args[i]
		v := a.Value
		switch {
		case !a.Static && !strings.HasPrefix(a.Raw, "-"):
			target = &call.Args[i]
		case v == "-var" || v == "-var-file" || v == "-only" || v == "-except" || v == "-parallel-builds" || v == "-on-error":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			target = &call.Args[i]
		}
	}
	if target == nil {
		return
	}
	if !target.Static || !call.Dir.Known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: target.Raw,
			What: "packer build reads a template only known at run time, whose shell-local provisioners run here"})
		return
	}
	p := call.Dir.Join(target.Value).Path
	var files []string
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		entries, _ := os.ReadDir(p)
		for _, e := range entries {
			if n := e.Name(); !e.IsDir() && (strings.HasSuffix(n, ".pkr.hcl") || strings.HasSuffix(n, ".pkr.json")) {
				files = append(files, filepath.Join(p, n))
			}
		}
		sort.Strings(files)
	} else {
		files = []string{p}
	}
	for _, f := range files {
		text, err := w.read(f)
		if err != nil {
			continue
		}
		if strings.HasSuffix(f, ".json") {
			if strings.Contains(text, `"shell-local"`) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f,
					What: "packer build reads " + f + ", a JSON template whose shell-local steps run here, which corral does not read"})
			}
			continue
		}
		for _, r := range hclShellLocal(text) {
			where := f + ":" + strconv.Itoa(r.line)
			if r.text == "" {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: where,
					What: "packer build runs the shell-local step at " + where + ", which is only known at run time (" + r.why + ")"})
				continue
			}
			w.origin = where + " (packer build)"
			w.child(c, call, r.text, nil, "packer shell-local", false)
			w.origin = ""
		}
	}
}

// hclShellLocal returns the commands of a packer template's shell-local
// provisioner and post-processor blocks.
func hclShellLocal(src string) []hclRun {
	toks := hclLex(src)
	var out []hclRun
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.kind != 'i' || t.text != "provisioner" && t.text != "post-processor" || toks[i+1].kind != 's' ||
			toks[i+1].text != "shell-local" || toks[i+2].text != "{" {
			continue
		}
		end := hclBlockEnd(toks, i+2)
		r := hclRun{line: t.line}
		var parts []string
		lit := true
		if v, ok := hclAttr(toks, i+3, end, "inline"); ok {
			lines, ok := hclList(v)
			lit = lit && ok
			parts = append(parts, lines...)
		}
		if v, ok := hclAttr(toks, i+3, end, "command"); ok {
			s, ok := hclString(v)
			lit = lit && ok
			parts = append(parts, s)
		}
		for _, name := range []string{"script", "scripts"} {
			v, ok := hclAttr(toks, i+3, end, name)
			if !ok {
				continue
			}
			files, ok := hclList(v)
			if name == "script" {
				var s string
				s, ok = hclString(v)
				files = []string{s}
			}
			lit = lit && ok
			for _, f := range files {
				parts = append(parts, "sh "+Quote(f))
			}
		}
		if !lit {
			r.why = "a value interpolates"
		} else {
			r.text = strings.Join(parts, "\n")
		}
		if r.text != "" || !lit {
			out = append(out, r)
		}
	}
	return out
}
