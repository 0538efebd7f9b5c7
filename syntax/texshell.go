package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// The TeX engines run shell commands a document writes to stream 18
// when shell escape is on (issue 12, class 4): -shell-escape,
// --shell-escape, -enable-write18 or shell_escape=t in the environment
// (kpathsea reads texmf.cnf's variables from it). The document's
// \write18{CMD} (also after \immediate), shellesc's \ShellEscape{CMD}
// and \input{|"CMD"} / \input|"CMD" then run CMD with sh -c. Each is
// judged as if typed, read from the input file (FILE or FILE.tex; pdflatex
// -shell-escape t.tex of a \write18{rm -rf ~} was allowed). Without shell
// escape only a short list of programs may run (restricted mode), and
// nothing is read.

// texEngines are the TeX engines and formats that take -shell-escape.
var texEngines = lazy.Set{List: []string{"tex", "etex", "pdftex", "xetex", "luatex", "luahbtex", "latex", "pdflatex",
	"xelatex", "lualatex", "dvilualatex", "platex", "uplatex", "ptex", "uptex", "eptex", "euptex", "amstex", "context",
	"mptopdf", "lamed", "aleph", "lollipop", "pdfetex", "mltex", "mllatex", "optex"}}

// texShellCommand matches where a document hands a command to the shell.
var texShellCommand = lazy.Regexp{Expr: `\\write18\s*\{|\\ShellEscape\s*\{|\\input\s*\{?\s*\|\s*"`}

// texShell models a TeX engine call.
func (w *walker) texShell(c scope, call *Call) {
	escape := false
	if v, known, set := w.envOf(c, call, "shell_escape"); set && known && (v == "t" || v == "y" || v == "1") {
		escape = true
	}
	var file *Arg
	for i := range call.Args {
		a := &call.Args[i]
		v := strings.TrimLeft(a.Value, "-")
		switch {
		case v == "shell-escape" || v == "enable-write18":
			escape = true
		case v == "no-shell-escape" || v == "disable-write18" || v == "shell-restricted":
			escape = false
		case strings.HasPrefix(a.Value, "-"):
		case file == nil && a.Static && !strings.HasPrefix(a.Value, "\\") && !strings.HasPrefix(a.Value, "&"):
			file = a
		}
	}
	if !escape || file == nil {
		return
	}
	text, ok := w.readScript(call.Dir.Join(file.Value))
	if !ok {
		if text, ok = w.readScript(call.Dir.Join(file.Value + ".tex")); !ok {
			return
		}
	}
	for _, cmd := range texShellCommands(text) {
		w.origin = file.Value + " (" + call.Name + " -shell-escape)"
		w.child(c, call, cmd, nil, call.Name+" \\write18", false)
		w.origin = ""
	}
}

// texShellCommands returns the commands of a document's \write18{…},
// \ShellEscape{…} and \input|"…", with % comments dropped.
func texShellCommands(text string) []string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		for i := 0; i < len(line); i++ {
			if line[i] == '%' && (i == 0 || line[i-1] != '\\') {
				break
			}
			b.WriteByte(line[i])
		}
		b.WriteByte('\n')
	}
	text = b.String()
	var out []string
	for _, loc := range texShellCommand.Get().FindAllStringIndex(text, -1) {
		rest := text[loc[1]:]
		if strings.HasSuffix(text[loc[0]:loc[1]], `"`) {
			if j := strings.IndexByte(rest, '"'); j >= 0 {
				out = append(out, rest[:j])
			}
			continue
		}
		depth := 1
		for j := 0; j < len(rest); j++ {
			switch rest[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				out = append(out, rest[:j])
				break
			}
		}
	}
	return out
}
