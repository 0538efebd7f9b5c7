package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// latexmk runs Perl and commands its options and start-up files give it
// (latexmk(1), issue 12, class 4):
//
//   - the working directory's latexmkrc (else .latexmkrc), unless -norc,
//     and each -r FILE: Perl code latexmk executes before it builds;
//   - -e CODE: Perl code;
//   - -pdflatex=CMD, -latex=CMD, -lualatex=CMD, -xelatex=CMD and the
//     other command options, and the same variables set in that Perl
//     ($pdflatex = 'CMD'): shell command lines latexmk runs to build.
//
// Each is judged as if typed: the Perl as perl -e code, the commands as
// shell text, their %O, %S placeholders left as they are (a project's
// latexmkrc of $pdflatex = "rm -rf ~" was allowed). The user's own
// ~/.latexmkrc is not read here.

// latexmkCommandVars are latexmk's variables (and -NAME=CMD options)
// whose value is a command line it runs.
var latexmkCommandVars = lazy.Set{List: []string{
	"latex", "pdflatex", "lualatex", "xelatex", "bibtex", "biber", "makeindex", "dvipdf", "dvips", "ps2pdf",
	"dvi_previewer", "ps_previewer", "pdf_previewer", "print_cmd", "lpr", "lpr_dvi", "lpr_pdf", "pdf_update_command",
	"dvi_update_command", "ps_update_command", "success_cmd", "failure_cmd", "warning_cmd", "compiling_cmd",
}}

// latexmkAssign matches a Perl assignment of a literal string to a
// scalar: $pdflatex = 'CMD'; (or "CMD").
var latexmkAssign = lazy.Regexp{Expr: `\$(\w+)\s*=\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)")`}

// latexmk models a latexmk call.
func (w *walker) latexmk(c scope, call *Call) {
	norc := false
	var files []Arg
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		v := strings.TrimPrefix(a.Value, "-")
		switch {
		case v == "norc" || v == "-norc":
			norc = true
		case (v == "r" || v == "e") && i+1 < len(call.Args):
			i++
			if v == "r" {
				files = append(files, call.Args[i])
				continue
			}
			w.latexmkPerl(c, call, call.Args[i].Value, "latexmk -e", !call.Args[i].Static)
		default:
			name, cmd, ok := strings.Cut(strings.TrimPrefix(v, "-"), "=")
			if ok && latexmkCommandVars.Has(name) {
				w.child(c, call, cmd, nil, "latexmk -"+name, !a.Static)
			}
		}
	}
	if !norc && call.Dir.Known {
		for _, n := range []string{"latexmkrc", ".latexmkrc"} {
			if w.exists(call.Dir.Join(n).Path) {
				files = append([]Arg{{Value: n, Raw: n, Static: true}}, files...)
				break
			}
		}
	}
	for _, f := range files {
		if !f.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f.Raw,
				What: "latexmk -r " + f.Raw + " runs Perl from a file only known at run time"})
			continue
		}
		if text, ok := w.readScript(call.Dir.Join(f.Value)); ok {
			w.latexmkPerl(c, call, text, f.Value, false)
		}
	}
}

// latexmkPerl judges Perl latexmk runs, and the command lines it sets.
func (w *walker) latexmkPerl(c scope, call *Call, text, label string, dynamic bool) {
	w.program(c, call, lang.Perl, text, label, dynamic, "")
	for _, m := range latexmkAssign.Get().FindAllStringSubmatch(text, -1) {
		if !latexmkCommandVars.Has(m[1]) {
			continue
		}
		cmd := m[2]
		if cmd == "" {
			cmd = m[3]
		}
		w.child(c, call, cmd, nil, "latexmk $"+m[1], dynamic)
	}
}
