package syntax

import (
	"strings"
)

// The Debian package tools run commands their options name, around the
// work they do (issue 12, class 4: code that other programs run):
//
//   - dpkg --pre-invoke=CMD, --post-invoke=CMD (also with CMD as a word
//     of its own) run CMD with sh -c before and after each unpack,
//     configure, install, removal or purge; --status-logger=CMD gets its
//     status lines on its standard input (dpkg(1));
//   - apt-get, apt and aptitude -o KEY=VALUE (-oKEY=VALUE, --option) set
//     a configuration key for the run: DPkg::Pre-Invoke,
//     DPkg::Post-Invoke, DPkg::Pre-Install-Pkgs, APT::Update::Pre-Invoke
//     and APT::Update::Post-Invoke(-Success) are lists of shell commands
//     run with /bin/sh; Dir::Bin::dpkg (any Dir::Bin:: program) and
//     Acquire::*::Proxy-Auto-Detect name a program apt runs;
//     DPkg::Options are dpkg options, so --pre-invoke=CMD again
//     (apt.conf(5));
//   - apt-get -c FILE (--config-file, and APT_CONFIG=FILE) reads such keys
//     from FILE, in apt.conf's syntax.
//
// Each command is judged as if typed (apt-get -o
// APT::Update::Pre-Invoke::='rm -rf ~' update was allowed).

// dpkgHookOption reports dpkg's options whose value is a shell command.
func dpkgHookOption(name string) bool {
	return name == "pre-invoke" || name == "post-invoke" || name == "status-logger"
}

// dpkgHooks judges the commands dpkg's options in args hand it: each
// --pre-invoke, --post-invoke and --status-logger value (dpkg's own
// parser takes --name=value and --name value, no abbreviation).
func (w *walker) dpkgHooks(c scope, call *Call, args []Arg) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" || !strings.HasPrefix(v, "--") {
			continue
		}
		name, val, eq := strings.Cut(v[2:], "=")
		if !dpkgHookOption(name) {
			continue
		}
		switch {
		case eq:
			a := args[i]
			a.Value = val
			w.child(c, call, a.Value, nil, "dpkg --"+name, !a.Static)
		case i+1 < len(args):
			i++
			w.childArg(c, call, &args[i], "dpkg --"+name)
		}
	}
}

// aptOptSpec is apt-get's, apt's and aptitude's options that take a
// value (apt-get(8); apt's CommandLine takes -oKEY=VALUE and -o KEY=VALUE).
var aptOptSpec = OptSpec{ShortVal: "octaF", LongEq: true, LongVal: []string{"option", "config-file", "target-release",
	"default-release", "host-architecture", "build-profiles", "solver", "planner", "display-format", "sort", "width",
	"show-summary", "schedule-only", "autoclean-on-startup"}}

// aptHooks judges the commands apt-get, apt or aptitude run for the
// configuration keys of call's -o options, -c files and APT_CONFIG.
func (w *walker) aptHooks(c scope, call *Call) {
	opts, _ := ScanOptions(call.Args, aptOptSpec)
	files := []Arg{}
	if v, known, set := w.envOf(c, call, "APT_CONFIG"); set {
		files = append(files, Arg{Value: v, Raw: v, Static: known})
	}
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "o", "option":
			key, val, ok := strings.Cut(o.Val.Value, "=")
			if !ok {
				continue
			}
			a := o.Val
			a.Value = val
			w.aptSetting(c, call, key, a)
		case "c", "config-file":
			files = append(files, o.Val)
		}
	}
	for _, f := range files {
		if f.Value == "" && f.Static {
			continue
		}
		if !f.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f.Raw,
				What: call.Name + " reads its configuration, which can name commands it runs, from " + f.Raw + ", only known at run time"})
			continue
		}
		text, ok := w.readScript(call.Dir.Join(f.Value))
		if !ok {
			continue
		}
		for _, kv := range aptConfigPairs(text) {
			w.aptSetting(c, call, kv[0], Arg{Value: kv[1], Raw: kv[1], Static: f.Static})
		}
	}
}

// aptSetting judges one configuration key apt takes for the run.
func (w *walker) aptSetting(c scope, call *Call, key string, val Arg) {
	k := strings.ToLower(strings.TrimSpace(key))
	if rest, ok := strings.CutPrefix(k, "binary::"); ok {
		// Binary::apt-get::KEY applies KEY to that program only.
		if _, after, ok := strings.Cut(rest, "::"); ok {
			k = after
		}
	}
	kind := call.Name + " -o " + key
	switch {
	case strings.HasPrefix(k, "dpkg::pre-invoke"), strings.HasPrefix(k, "dpkg::post-invoke"),
		strings.HasPrefix(k, "dpkg::pre-install-pkgs"), strings.HasPrefix(k, "apt::update::pre-invoke"),
		strings.HasPrefix(k, "apt::update::post-invoke"):
		w.child(c, call, val.Value, nil, kind, !val.Static)
	case strings.HasPrefix(k, "dpkg::options"):
		// Each item is one word of dpkg's command line.
		w.dpkgHooks(c, call, []Arg{val})
	case k == "dir::bin::methods" || strings.HasPrefix(k, "dir::bin::solvers") || strings.HasPrefix(k, "dir::bin::planners"):
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Value,
			What: kind + " makes " + call.Name + " run the programs in " + val.Value})
	case strings.HasPrefix(k, "dir::bin::"), strings.HasPrefix(k, "acquire::") && strings.HasSuffix(k, "::proxy-auto-detect"):
		if val.Value != "" {
			w.argvChild(c, call, []Arg{val}, kind, nil, call.Dir)
		}
	}
}

// aptConfigPairs reads apt.conf text (apt.conf(5)) into its KEY and
// VALUE pairs: "A::B "v";", scopes "A { B "v"; };", list items "A {
// "v1"; "v2"; };" (each under A), with //, # and /* */ comments.
func aptConfigPairs(text string) [][2]string {
	type tok struct {
		s      string
		quoted bool
	}
	var toks []tok
	for i := 0; i < len(text); {
		ch := text[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			i++
		case strings.HasPrefix(text[i:], "//") || ch == '#':
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				i = len(text)
			} else {
				i += j
			}
		case strings.HasPrefix(text[i:], "/*"):
			j := strings.Index(text[i+2:], "*/")
			if j < 0 {
				i = len(text)
			} else {
				i += j + 4
			}
		case ch == '{' || ch == '}' || ch == ';':
			toks = append(toks, tok{s: string(ch)})
			i++
		case ch == '"':
			j := strings.IndexByte(text[i+1:], '"')
			if j < 0 {
				toks = append(toks, tok{s: text[i+1:], quoted: true})
				i = len(text)
			} else {
				toks = append(toks, tok{s: text[i+1 : i+1+j], quoted: true})
				i += j + 2
			}
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n{};\"", rune(text[j])) {
				j++
			}
			toks = append(toks, tok{s: text[i:j]})
			i = j
		}
	}
	var out [][2]string
	var scope []string
	join := func(name string) string {
		return strings.Join(append(append([]string{}, scope...), name), "::")
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.s == "}" && !t.quoted:
			if len(scope) > 0 {
				scope = scope[:len(scope)-1]
			}
		case t.s == ";" && !t.quoted || t.s == "{" && !t.quoted:
		case t.quoted:
			// A list item: the value of the scope's key.
			out = append(out, [2]string{strings.Join(scope, "::"), t.s})
		case i+1 < len(toks) && toks[i+1].s == "{" && !toks[i+1].quoted:
			scope = append(scope, t.s)
			i++
		case i+1 < len(toks) && !(toks[i+1].s == ";" && !toks[i+1].quoted) && !(toks[i+1].s == "}" && !toks[i+1].quoted):
			out = append(out, [2]string{join(t.s), toks[i+1].s})
			i++
		}
	}
	return out
}

// dpkgBuildpackage judges what dpkg-buildpackage (and debuild, which
// hands it the options it does not take itself) runs
// (dpkg-buildpackage(1), debuild(1)):
//
//   - --hook-NAME=CMD (init, preclean, source, build, binary, buildinfo,
//     changes, postclean, check, sign, done): shell text, its %
//     substitutions left as they are; debuild's --NAME-hook=CMD alike;
//   - -pPROG/--sign-command=PROG, --check-command=PROG and
//     -rPROG/--root-command=PROG: a program run with its arguments;
//   - the package's rules, -R/--rules-file=CMD (a command line, by
//     default debian/rules) run with clean (not with -nc), build and
//     binary: a
//     #!/usr/bin/make -f file is read as make -f FILE (shebangCommand).
//
// dpkg-buildpackage reads its options whole, each with its value after
// "=" (or attached to a short one).
func (w *walker) dpkgBuildpackage(c scope, call *Call) {
	rules := Arg{Value: "debian/rules", Raw: "debian/rules", Static: true}
	root := ""
	clean := true
	for _, a := range call.Args {
		v := a.Value
		clean = clean && v != "-nc" && v != "--no-pre-clean"
		attached := func(prefix string) (Arg, bool) {
			rest, ok := strings.CutPrefix(v, prefix)
			if !ok {
				return Arg{}, false
			}
			b := a
			b.Value = rest
			return b, true
		}
		if h, ok := attached("--hook-"); ok {
			if name, cmd, ok := strings.Cut(h.Value, "="); ok {
				w.child(c, call, cmd, nil, "dpkg-buildpackage --hook-"+name, !a.Static)
			}
			continue
		}
		if call.Name == "debuild" && strings.HasPrefix(v, "--") {
			if name, cmd, ok := strings.Cut(v[2:], "="); ok && strings.HasSuffix(name, "-hook") {
				w.child(c, call, cmd, nil, "debuild --"+name, !a.Static)
				continue
			}
		}
		for _, p := range []string{"--sign-command=", "--check-command=", "--root-command=", "-p", "-r"} {
			if strings.HasPrefix(p, "--") || !strings.HasPrefix(v, "--") {
				if b, ok := attached(p); ok && b.Value != "" {
					if p == "-r" || p == "--root-command=" {
						root = b.Value
					}
					w.child(c, call, b.Value, nil, "dpkg-buildpackage "+strings.TrimSuffix(p, "="), !a.Static)
					break
				}
			}
		}
		if b, ok := attached("--rules-file="); ok {
			rules = b
		} else if b, ok := attached("-R"); ok && !strings.HasPrefix(v, "--") {
			rules = b
		}
		if v == "--help" || v == "--version" || v == "-?" {
			return
		}
	}
	if root != "" {
		root += " "
	}
	r := rules.Value
	text := r + " build; " + root + r + " binary"
	if clean {
		text = r + " clean; " + text
	}
	w.child(c, call, text, nil, call.Name+" (debian/rules)", !rules.Static)
}
