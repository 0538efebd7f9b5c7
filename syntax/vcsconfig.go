package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Subversion and Mercurial run commands their options and configuration
// name, as git does for core.pager and alias.X=!CMD (issue 12, class 4):
//
//   - svn --editor-cmd CMD (shell text), --diff-cmd and --diff3-cmd PROG
//     (a program run with its arguments), and --config-option
//     config:tunnels:NAME=CMD (the tunnel svn+NAME:// starts, ssh's
//     default being $SVN_SSH), config:helpers:editor-cmd,
//     diff-cmd, diff3-cmd and merge-tool-cmd (svn(1), the config file's
//     comments);
//   - hg --config SECTION.NAME=VALUE (and HGRCPATH's files, in hgrc
//     syntax): hooks.NAME (shell text, or python:FILE:FUNC, Python code
//     read from FILE), alias.NAME=!CMD (a shell alias), ui.ssh, ui.editor,
//     pager.pager (shell text), extensions.NAME=PATH (a Python file hg
//     imports), merge-tools.T.executable and extdiff.cmd.NAME (programs).
//
// Each is judged as if typed (svn --config-option
// config:tunnels:ssh='rm -rf ~' and hg --config hooks.pre-status='rm -rf
// ~' status were allowed).

// svnSpec is svn's options that take a value (svn help; APR's
// getopt_long: --name=value or --name value, no abbreviations).
var svnSpec = OptSpec{ShortVal: "rmFlcN", LongEq: true, LongVal: []string{"revision", "message", "file", "encoding",
	"username", "password", "config-dir", "config-option", "editor-cmd", "diff-cmd", "diff3-cmd", "depth",
	"set-depth", "accept", "changelist", "cl", "limit", "extensions", "native-eol", "with-revprop", "search",
	"search-and", "show-item", "targets", "x", "old", "new", "strip", "change"}}

// svnOptions judges the commands svn's options in call hand it.
func (w *walker) svnOptions(c scope, call *Call) {
	opts, _ := ScanOptions(call.Args, svnSpec)
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "editor-cmd":
			w.child(c, call, o.Val.Value, nil, "svn --editor-cmd", !o.Val.Static)
		case "diff-cmd", "diff3-cmd":
			w.argvChild(c, call, []Arg{o.Val}, "svn --"+o.Name, nil, call.Dir)
		case "config-option":
			// FILE:SECTION:OPTION=[VALUE]
			spec, val, ok := strings.Cut(o.Val.Value, "=")
			if !ok {
				continue
			}
			parts := strings.Split(strings.ToLower(spec), ":")
			if len(parts) != 3 || parts[0] != "config" {
				continue
			}
			kind := "svn --config-option " + spec
			switch {
			case parts[1] == "tunnels" || parts[1] == "helpers" && parts[2] == "editor-cmd":
				w.child(c, call, val, nil, kind, !o.Val.Static)
			case parts[1] == "helpers" && (parts[2] == "diff-cmd" || parts[2] == "diff3-cmd" || parts[2] == "merge-tool-cmd"):
				a := o.Val
				a.Value = val
				if val != "" {
					w.argvChild(c, call, []Arg{a}, kind, nil, call.Dir)
				}
			}
		}
	}
}

// hgOptions judges the settings hg's --config options and HGRCPATH's
// files give it.
func (w *walker) hgOptions(c scope, call *Call) {
	args := call.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		var a Arg
		switch {
		case v == "--config" && i+1 < len(args):
			i++
			a = args[i]
		case strings.HasPrefix(v, "--config="):
			a = args[i]
			a.Value = strings.TrimPrefix(v, "--config=")
		default:
			continue
		}
		key, val, ok := strings.Cut(a.Value, "=")
		if !ok {
			continue
		}
		a.Value = val
		w.hgSetting(c, call, key, a, call.Dir)
	}
	v, known, set := w.envOf(c, call, "HGRCPATH")
	if !set || v == "" {
		return
	}
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v,
			What: "hg reads its configuration, which can name commands it runs, from $HGRCPATH, only known at run time"})
		return
	}
	for _, p := range strings.Split(v, ":") {
		d := call.Dir.Join(p)
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		for _, kv := range hgrcPairs(text) {
			w.hgSetting(c, call, kv[0], Arg{Value: kv[1], Raw: kv[1], Static: true}, d.Join(".."))
		}
	}
}

// hgSetting judges one hg configuration key; dir is where a relative
// path in its value is taken from.
func (w *walker) hgSetting(c scope, call *Call, key string, val Arg, dir Dir) {
	section, name, ok := strings.Cut(strings.TrimSpace(key), ".")
	if !ok {
		return
	}
	section, name = strings.ToLower(section), strings.ToLower(name)
	kind := "hg --config " + key
	switch {
	case section == "hooks":
		if rest, ok := strings.CutPrefix(val.Value, "python:"); ok {
			// python:FILE:FUNC runs FUNC of FILE; python:MOD.FUNC a
			// module's, not read here.
			if file, _, ok := strings.Cut(rest, ":"); ok && strings.HasSuffix(file, ".py") {
				w.scriptFile(c, call, Arg{Value: dir.Join(file).Path, Raw: file, Static: val.Static}, string(lang.Python))
			}
			return
		}
		w.child(c, call, val.Value, nil, kind, !val.Static)
	case section == "alias":
		if rest, ok := strings.CutPrefix(strings.TrimSpace(val.Value), "!"); ok {
			w.child(c, call, rest, nil, kind, !val.Static)
		}
	case section == "ui" && (name == "ssh" || name == "editor"), section == "pager" && name == "pager":
		w.child(c, call, val.Value, nil, kind, !val.Static)
	case section == "extensions":
		p := strings.TrimPrefix(strings.TrimSpace(val.Value), "!")
		if p != "" && (strings.Contains(p, "/") || strings.HasSuffix(p, ".py")) {
			w.scriptFile(c, call, Arg{Value: dir.Join(expandTilde(p, w.home)).Path, Raw: p, Static: val.Static}, string(lang.Python))
		}
	case section == "merge-tools" && strings.HasSuffix(name, ".executable"), section == "extdiff" && strings.HasPrefix(name, "cmd."):
		if val.Value != "" {
			w.argvChild(c, call, []Arg{val}, kind, nil, call.Dir)
		}
	}
}

// hgrcPairs reads hgrc text into SECTION.NAME and VALUE pairs: [section]
// headers, NAME = VALUE lines, and indented lines that continue a value;
// # and ; begin comments.
func hgrcPairs(text string) [][2]string {
	var out [][2]string
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t[0] == '#' || t[0] == ';':
		case (line[0] == ' ' || line[0] == '\t') && len(out) > 0:
			out[len(out)-1][1] += "\n" + t
		case t[0] == '[' && strings.HasSuffix(t, "]"):
			section = strings.TrimSpace(t[1 : len(t)-1])
		default:
			if k, v, ok := strings.Cut(t, "="); ok && section != "" {
				out = append(out, [2]string{section + "." + strings.TrimSpace(k), strings.TrimSpace(v)})
			}
		}
	}
	return out
}
