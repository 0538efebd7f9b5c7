package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// pdb, when it starts, reads ~/.pdbrc and then ./.pdbrc (the working
// directory's) and runs each line as a debugger command: "!stmt" executes
// Python, and a line that is no pdb command is executed as a Python
// statement too; p, pp, display and whatis evaluate their expression.
// pdb starts under python -m pdb, at a breakpoint(), pdb.set_trace(),
// pdb.run*() or pdb.post_mortem()/pm() in the program, and under pytest
// --pdb/--trace. Those calls read the rc files as the program's Python,
// and a write of a .pdbrc is judged as the Python it leaves
// (SiteStartCode).

// pdbCommands are pdb's commands (pdb's documentation, with their short
// forms); a line starting with another word is a Python statement.
var pdbCommands = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields("h help w where bt d down u up b break tbreak cl clear disable enable ignore " +
		"condition commands s step n next unt until j jump r return c cont continue l list ll longlist a args " +
		"source undisplay interact alias unalias q quit exit debug retval rv run restart end silent EOF exceptions") {
		m[c] = true
	}
	return m
}}

// PdbrcCode returns the Python a pdb rc file runs: its "!" lines, the
// expressions of p/pp/display/whatis, and the lines that are no pdb
// command (each ";;"-separated command on its own). The body of an
// alias (alias NAME BODY) is read as such a line too, since typing NAME
// runs it: pdb does not split an alias line at ";;", the body's commands
// are split when it runs. Its %1, %* parameters stay as written.
func PdbrcCode(text string) string {
	var code []string
	for _, line := range strings.Split(text, "\n") {
		code = pdbLine(code, strings.TrimRight(line, "\r"), 0)
	}
	if len(code) == 0 {
		return ""
	}
	return strings.Join(code, "\n") + "\n"
}

// pdbLine appends the Python of one pdb command line to code; depth
// bounds aliases whose bodies define aliases.
func pdbLine(code []string, line string, depth int) []string {
	if w, rest, _ := strings.Cut(strings.TrimSpace(line), " "); w == "alias" {
		if f := strings.Fields(rest); len(f) > 1 && depth < 4 {
			_, body, _ := strings.Cut(strings.TrimSpace(rest), f[0])
			return pdbLine(code, body, depth+1)
		}
		return code
	}
	for _, cmd := range strings.Split(line, ";;") {
		cmd = strings.TrimSpace(cmd)
		if cmd == "" || strings.HasPrefix(cmd, "#") {
			continue
		}
		if stmt, ok := strings.CutPrefix(cmd, "!"); ok {
			code = append(code, strings.TrimSpace(stmt))
			continue
		}
		word, rest, _ := strings.Cut(cmd, " ")
		switch {
		case word == "p" || word == "pp" || word == "display" || word == "whatis":
			if rest = strings.TrimSpace(rest); rest != "" {
				code = append(code, rest)
			}
		case pdbCommands.Get()[word]:
		default:
			code = append(code, cmd)
		}
	}
	return code
}

// pdbCall matches Python code that enters pdb.
//
// breakpoint and sys.breakpointhook are matched by name, called or not:
// the function reached under another name (from builtins import
// breakpoint as bp; bp(), f = breakpoint) enters pdb the same way, as do
// pdb's functions imported by name (from pdb import set_trace as st).
var pdbCall = lazy.Regexp{Expr: `\bbreakpoint(?:hook)?\b|\bpdb\s*\.\s*(?:set_trace|run|runcall|runeval|runctx|post_mortem|pm)\b|\bfrom\s+pdb\s+import\b|\bPdb\s*\(`}

// pdbrc reads the rc files pdb started by call runs: ~/.pdbrc, then
// .pdbrc in call's directory.
func (w *walker) pdbrc(c scope, call *Call) {
	if w.inPdbrc || w.read == nil && len(w.written) == 0 || !call.Dir.Known {
		return
	}
	w.inPdbrc = true
	defer func() { w.inPdbrc = false }()
	var files []Dir
	if home, _ := w.userHome(c, call, "runs the pdb commands of ~/.pdbrc"); home != "" {
		files = append(files, Dir{Path: filepath.Join(home, ".pdbrc"), Known: true})
	}
	if local := call.Dir.Join(".pdbrc"); len(files) == 0 || local.Path != files[0].Path {
		files = append(files, local)
	}
	for _, d := range files {
		text, ok := w.readScript(d)
		if !ok {
			continue
		}
		if code := PdbrcCode(text); code != "" {
			name := relTo(call.Dir.Path, d.Path)
			w.program(c, call, lang.Python, code, name+" (pdb)", false, name)
		}
	}
}

// pdbStart reads the rc files when call starts pdb from its command
// line: python -m pdb, pytest --pdb or --trace.
func (w *walker) pdbStart(c scope, call *Call) {
	for _, o := range pythonInterpreterOpts(call) {
		if !o.Long && o.Name == "m" && o.HasVal && o.Val.Value == "pdb" {
			w.pdbrc(c, call)
			return
		}
	}
	if call.Name != "pytest" && call.Name != "py.test" && !pythonModuleRun(call, "pytest") {
		return
	}
	for _, a := range call.Args {
		if a.Value == "--" {
			break
		}
		if a.Value == "--pdb" || a.Value == "--trace" {
			w.pdbrc(c, call)
			return
		}
	}
}

// pythonModuleRun reports python -m MOD.
func pythonModuleRun(call *Call, mod string) bool {
	for _, o := range pythonInterpreterOpts(call) {
		if !o.Long && o.Name == "m" && o.HasVal && o.Val.Value == mod {
			return true
		}
	}
	return false
}

// pdbInCode reads the rc files when Python text call runs enters pdb
// (breakpoint() unless PYTHONBREAKPOINT names another hook or 0).
func (w *walker) pdbInCode(c scope, call *Call, text string) {
	if w.inPdbrc || !strings.Contains(text, "pdb") && !strings.Contains(text, "breakpoint") {
		return
	}
	m := pdbCall.Get().FindAllString(text, 16)
	if len(m) == 0 {
		return
	}
	onlyBreakpoint := true
	for _, s := range m {
		onlyBreakpoint = onlyBreakpoint && strings.HasPrefix(s, "breakpoint")
	}
	if onlyBreakpoint {
		vals, open, set := w.envChoices(c, call, "PYTHONBREAKPOINT", true)
		if set && !open {
			uses := false
			for _, v := range vals {
				v = strings.TrimSpace(v)
				uses = uses || v == "" || v == "pdb.set_trace"
			}
			if !uses {
				return
			}
		}
	}
	w.pdbrc(c, call)
}
