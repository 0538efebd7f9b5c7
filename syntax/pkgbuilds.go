package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// The distributions' package builders run the package's build script
// (issue 12, class 4: code other programs run):
//
//   - makepkg (Arch) sources PKGBUILD (-p FILE), a bash script whose
//     top level runs for every use, then calls its prepare(), pkgver(),
//     build(), check() and package()/package_NAME() functions (not
//     for --printsrcinfo, -g, --verifysource; prepare only with
//     -o/--nobuild; no prepare with -e/--noextract or --noprepare, no
//     check with --nocheck, only package with -R/--repackage);
//   - rpmbuild -b… SPEC runs the spec's %prep, %conf, %build,
//     %install, %check and %clean sections as shell scripts, and rpm,
//     rpmbuild and rpmspec expand macros as they read a spec or an
//     --eval/-E EXPR (or a --define/-D body): %(CMD) runs CMD with the
//     shell, %{lua: CODE} runs Lua.
//
// Each is judged as if typed (makepkg of a PKGBUILD whose build()
// deletes the home, rpmbuild -bb of such a spec and rpm -E '%(rm -rf
// ~)' were allowed). Other macros in a section (%{buildroot},
// %make_build) are words corral does not expand.

// pkgbuildFuncs matches the functions makepkg calls.
var pkgbuildFuncs = lazy.Regexp{Expr: `(?m)^[ \t]*(?:function[ \t]+)?(prepare|pkgver|build|check|package(?:_[\w.+@-]+)?)[ \t]*\([ \t]*\)`}

// makepkg models makepkg: the PKGBUILD's text, then its functions.
func (w *walker) makepkg(c scope, call *Call) {
	file := Arg{Value: "PKGBUILD", Raw: "PKGBUILD", Static: true}
	prepare, build, check, pkg, info := true, true, true, true, false
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		switch v := a.Value; {
		case (v == "-p") && i+1 < len(call.Args):
			i++
			file = call.Args[i]
		case v == "--printsrcinfo" || v == "-g" || v == "--geninteg" || v == "--verifysource" || v == "--packagelist" ||
			v == "-h" || v == "--help" || v == "-V" || v == "--version":
			info = true
		case v == "-o" || v == "--nobuild":
			build, check, pkg = false, false, false
		case v == "-e" || v == "--noextract" || v == "--noprepare":
			prepare = false
		case v == "--nocheck":
			check = false
		case v == "-R" || v == "--repackage":
			prepare, build, check = false, false, false
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && a.Static:
			// A cluster (-si, -sic, -fo).
			for _, l := range v[1:] {
				switch l {
				case 'o':
					build, check, pkg = false, false, false
				case 'e':
					prepare = false
				case 'R':
					prepare, build, check = false, false, false
				case 'g', 'h', 'V':
					info = true
				}
			}
		}
	}
	if !file.Static {
		w.runTimeScript(c, call, file, "sh")
		return
	}
	text, ok := w.readScript(call.Dir.Join(file.Value))
	if !ok {
		return
	}
	var calls []string
	for _, m := range pkgbuildFuncs.Get().FindAllStringSubmatch(text, -1) {
		n := m[1]
		switch {
		case info:
		case n == "prepare" && !prepare, n == "build" && !build, n == "check" && !check,
			strings.HasPrefix(n, "package") && !pkg, n == "pkgver" && !prepare:
		default:
			calls = append(calls, n)
		}
	}
	if len(calls) > 0 {
		text += "\n" + strings.Join(calls, "\n") + "\n"
	}
	w.origin = file.Value
	w.child(c, call, text, nil, "makepkg "+file.Value, false)
	w.origin = ""
}

// rpmSections are the spec sections rpmbuild runs as shell scripts.
var rpmSections = lazy.Set{List: []string{"prep", "conf", "build", "install", "check", "clean", "generate_buildrequires"}}

// rpmSectionNames are every section a spec may start (their bodies end
// the one before them).
var rpmSectionNames = lazy.Set{List: []string{"prep", "conf", "build", "install", "check", "clean", "generate_buildrequires",
	"description", "package", "files", "changelog", "pre", "post", "preun", "postun", "pretrans", "posttrans", "preuntrans",
	"postuntrans", "verifyscript", "triggerin", "triggerun", "triggerpostun", "triggerprein", "filetriggerin",
	"filetriggerun", "filetriggerpostun", "transfiletriggerin", "transfiletriggerun", "transfiletriggerpostun",
	"sourcelist", "patchlist"}}

// rpmTools models rpm, rpmbuild and rpmspec: the macros they expand and
// the spec sections rpmbuild runs.
func (w *walker) rpmTools(c scope, call *Call) {
	args := call.Args
	var specs []Arg
	stages := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case (v == "--eval" || v == "-E" || v == "--define" || v == "-D") && i+1 < len(args):
			i++
			w.rpmMacros(c, call, args[i].Value, !args[i].Static, "rpm "+v)
		case strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "--define="):
			_, val, _ := strings.Cut(v, "=")
			w.rpmMacros(c, call, val, !a.Static, "rpm "+v[:strings.IndexByte(v, '=')])
		case call.Name == "rpmbuild" && len(v) == 3 && strings.HasPrefix(v, "-b"):
			stages = v[2:]
		case call.Name == "rpmbuild" && strings.HasPrefix(v, "--build-in-place"):
		case strings.HasSuffix(v, ".spec") && !strings.HasPrefix(v, "-"):
			specs = append(specs, a)
		}
	}
	if call.Name != "rpmbuild" && call.Name != "rpmspec" {
		return
	}
	for _, s := range specs {
		if !s.Static {
			continue
		}
		text, ok := w.readScript(call.Dir.Join(s.Value))
		if !ok {
			continue
		}
		w.rpmMacros(c, call, text, false, s.Value)
		if call.Name != "rpmbuild" || stages == "" || stages == "s" || stages == "r" || stages == "d" || stages == "l" {
			continue
		}
		for _, body := range rpmScriptSections(text) {
			w.child(c, call, body, nil, "rpmbuild "+s.Value, false)
		}
	}
}

// rpmScriptSections returns the bodies of the sections rpmbuild runs.
func rpmScriptSections(text string) []string {
	var out []string
	var cur *strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "%") {
			name := strings.TrimPrefix(line, "%")
			if i := strings.IndexAny(name, " \t"); i >= 0 {
				name = name[:i]
			}
			if rpmSectionNames.Has(name) {
				if cur != nil {
					out = append(out, cur.String())
					cur = nil
				}
				if rpmSections.Has(name) {
					cur = &strings.Builder{}
				}
				continue
			}
		}
		if cur != nil {
			cur.WriteString(line)
			cur.WriteByte('\n')
		}
	}
	if cur != nil {
		out = append(out, cur.String())
	}
	return out
}

// rpmMacros judges the %(CMD) and %{lua: CODE} of macro text: shell
// text, and Lua, that rpm runs when it expands them.
func (w *walker) rpmMacros(c scope, call *Call, text string, dynamic bool, label string) {
	for i := 0; i+1 < len(text); i++ {
		if text[i] != '%' {
			continue
		}
		if text[i+1] == '%' {
			i++ // %% is a literal %
			continue
		}
		var open, shut byte
		switch {
		case text[i+1] == '(':
			open, shut = '(', ')'
		case strings.HasPrefix(text[i+1:], "{lua:"):
			open, shut = '{', '}'
		default:
			continue
		}
		depth, j := 0, i+1
		for ; j < len(text); j++ {
			if text[j] == open {
				depth++
			} else if text[j] == shut {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		body := text[i+2 : min(j, len(text))]
		if open == '(' {
			w.child(c, call, body, nil, label+" %(…)", dynamic)
		} else {
			w.program(c, call, lang.Lua, strings.TrimPrefix(body, "lua:"), label+" %{lua:…}", dynamic, "")
		}
		i = j
	}
}
