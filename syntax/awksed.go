package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// FilterCode is what the program text of awk or sed does besides
// filtering its input: the shell commands it runs (awk's system("…"),
// print | "…", "…" | getline; sed's e command and s///e), the files it
// writes (awk's print > "f", >> "f"; sed's w f, W f, s///w f), and
// whether it runs or writes something only known at run time.
type FilterCode struct {
	Commands []string
	Writes   []string
	// Dynamic names a command or output only known at run time
	// (system(cmd), print > name, sed's s///e, whose command is the
	// pattern space).
	Dynamic string
}

// awkString matches an awk string literal and captures its text.
const awkString = `"((?:[^"\\\n]|\\.)*)"`

var (
	awkSystem   = lazy.Regexp{Expr: `\bsystem\s*\(\s*` + awkString + `\s*\)`}
	awkSystemAt = lazy.Regexp{Expr: `\bsystem\s*\(`}
	awkPipeOut  = lazy.Regexp{Expr: `\|&?\s*` + awkString}
	awkGetline  = lazy.Regexp{Expr: awkString + `\s*\|&?\s*getline\b`}
	awkLiteral  = lazy.Regexp{Expr: `"(?:[^"\\\n]|\\.)*"|(?:^|[\s({,;~!&|])/(?:[^/\\\n]|\\.)+/`}
	awkPipeTo   = lazy.Regexp{Expr: `\|&?\s*(?:""|getline\b)|""\s*\|&?\s*getline\b`}
	awkWrite    = lazy.Regexp{Expr: `\bprintf?\b[^;{}\n|]*?>>?\s*` + awkString}
	awkWriteAny = lazy.Regexp{Expr: `\bprintf?\b[^;{}\n|]*?>>?\s*[A-Za-z_$(]`}
)

// awkDynamicPipe reports whether an awk program has a pipe (print | cmd,
// cmd | getline) whose command is not a string literal. String and
// regular-expression literals are left out first: a | inside them is
// text or alternation.
func awkDynamicPipe(prog string) bool {
	stripped := awkLiteral.Get().ReplaceAllStringFunc(prog, func(m string) string {
		if strings.HasSuffix(m, "\"") {
			return `""`
		}
		return m[:1] + "//" // a regular expression: keep what came before it
	})
	stripped = strings.ReplaceAll(stripped, "||", "  ")
	bars := strings.Count(stripped, "|")
	static := len(awkPipeTo.Get().FindAllStringIndex(stripped, -1))
	return bars > static
}

// awkUnquote reads the text of an awk string literal's body.
func awkUnquote(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n", `\t`, "\t", `\/`, "/").Replace(s)
}

// AwkProgram returns the program text of an awk call (its first operand,
// or -e/--source text), and false when the program is read from a file
// (-f) or none is given.
func AwkProgram(c *Call) (Arg, bool) {
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case v == "--":
			if i+1 < len(c.Args) {
				return c.Args[i+1], true
			}
			return Arg{}, false
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "--file=") || strings.HasPrefix(v, "-f") && len(v) > 2 && a.Static:
			return Arg{}, false
		case v == "-e" || v == "--source":
			if i+1 < len(c.Args) {
				return c.Args[i+1], true
			}
			return Arg{}, false
		case v == "-F" || v == "-v" || v == "-i" || v == "-l" || v == "--assign" || v == "--field-separator" || v == "--include" || v == "--load":
			i++
		case strings.HasPrefix(v, "-") && len(v) > 1 && a.Static:
		default:
			return a, true
		}
	}
	return Arg{}, false
}

// AwkCode reads an awk program's commands and output files.
func AwkCode(prog string) FilterCode {
	var fc FilterCode
	for _, m := range awkSystem.Get().FindAllStringSubmatch(prog, -1) {
		fc.Commands = append(fc.Commands, awkUnquote(m[1]))
	}
	if len(awkSystemAt.Get().FindAllStringIndex(prog, -1)) > len(fc.Commands) {
		fc.Dynamic = "system() of a command only known at run time"
	}
	pipes := 0
	for _, m := range awkPipeOut.Get().FindAllStringSubmatch(prog, -1) {
		cmd := awkUnquote(m[1])
		fc.Commands = append(fc.Commands, cmd)
		if f := strings.Fields(cmd); len(f) > 0 && (IsShell(f[0]) || RunnerOf(f[0]) == InterpreterRunner) && len(f) == 1 {
			// print … | "sh": what awk prints is the script.
			fc.Dynamic = "a shell fed the text it prints (| \"" + cmd + "\"), a command only known at run time"
		}
		pipes++
	}
	for _, m := range awkGetline.Get().FindAllStringSubmatch(prog, -1) {
		fc.Commands = append(fc.Commands, awkUnquote(m[1]))
		pipes++
	}
	if fc.Dynamic == "" && awkDynamicPipe(prog) {
		fc.Dynamic = "a pipe to or from a command only known at run time"
	}
	writes := awkWrite.Get().FindAllStringSubmatch(prog, -1)
	for _, m := range writes {
		fc.Writes = append(fc.Writes, awkUnquote(m[1]))
	}
	if fc.Dynamic == "" && len(awkWriteAny.Get().FindAllStringIndex(prog, -1)) > 0 {
		fc.Dynamic = "output to a file only known at run time"
	}
	return fc
}

// sedCommand matches the e, w and W commands of a sed script and the e
// and w flags of s: an address may come first.
var (
	sedLineCmd = lazy.Regexp{Expr: `^\s*(?:[0-9$]+|/(?:[^/\\]|\\.)*/)?(?:\s*,\s*(?:[0-9$]+|/(?:[^/\\]|\\.)*/))?\s*!?\s*([ewW])(?:\s+(.*))?$`}
)

// SedCode reads the scripts of a sed call (its -e/--expression values and
// -f files are not read; the first operand when there are none).
func SedCode(scripts []string) FilterCode {
	var fc FilterCode
	for _, s := range scripts {
		for _, line := range strings.Split(s, "\n") {
			for _, cmd := range strings.Split(line, ";") {
				cmd = strings.TrimSpace(strings.TrimLeft(cmd, "{} \t"))
				if m := sedLineCmd.Get().FindStringSubmatch(cmd); m != nil {
					arg := strings.TrimSpace(m[2])
					switch m[1] {
					case "e":
						if arg == "" {
							fc.Dynamic = "sed's e command, which runs the pattern space, a command only known at run time"
						} else {
							fc.Commands = append(fc.Commands, arg)
						}
					case "w", "W":
						if arg != "" {
							fc.Writes = append(fc.Writes, arg)
						}
					}
					continue
				}
				if flags, wfile, ok := sedSubst(cmd); ok {
					if strings.Contains(flags, "e") {
						fc.Dynamic = "sed's s///e, which runs the substituted pattern space, a command only known at run time"
					}
					if wfile != "" {
						fc.Writes = append(fc.Writes, wfile)
					}
				}
			}
		}
	}
	return fc
}

// SedScripts returns the script texts of a sed call and whether all are
// known (a -f file is not read).
func SedScripts(c *Call) ([]string, bool) {
	var out []string
	known := true
	explicit := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case v == "-e" || v == "--expression":
			explicit = true
			if i+1 < len(c.Args) {
				i++
				out = append(out, c.Args[i].Value)
				known = known && c.Args[i].Static
			}
		case strings.HasPrefix(v, "--expression="):
			explicit = true
			out = append(out, v[len("--expression="):])
			known = known && a.Static
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "--file="):
			explicit = true
			known = false
			if v == "-f" || v == "--file" {
				i++
			}
		case v == "-l" || v == "--line-length":
			i++
		case strings.HasPrefix(v, "-") && len(v) > 1 && a.Static:
			if strings.HasPrefix(v, "-e") && !strings.HasPrefix(v, "--") {
				explicit = true
				out = append(out, v[2:])
			}
		default:
			if !explicit {
				return append(out, a.Value), known && a.Static
			}
		}
	}
	return out, known
}

// filterCode returns what call's awk or sed program does, and whether
// call is one.
func filterCode(call *Call) (FilterCode, bool) {
	switch call.Name {
	case "awk", "gawk", "mawk", "nawk":
		prog, ok := AwkProgram(call)
		if !ok {
			return FilterCode{}, false
		}
		fc := AwkCode(prog.Value)
		if !prog.Static && fc.Dynamic == "" && strings.ContainsAny(prog.Value, "|>") {
			fc.Dynamic = "a program only known at run time"
		}
		return fc, true
	case "sed", "gsed":
		scripts, _ := SedScripts(call)
		return SedCode(scripts), true
	}
	return FilterCode{}, false
}

// FilterCodeOf is filterCode for the rules: what an awk or sed call's
// program runs and writes.
func FilterCodeOf(call *Call) (FilterCode, bool) { return filterCode(call) }

// awkSed asks, through Hidden, about an awk program that prints into a
// shell (print … | "sh"): what it prints is a script only known at run
// time. The program's own calls (system, pipes, getline, writes) are read
// by codeprograms.go; FilterCodeOf serves the download-following rules.
func (w *walker) awkSed(c scope, call *Call) {
	for _, a := range call.Args {
		if a.Value == "--sandbox" || a.Value == "-S" {
			return // gawk --sandbox runs no command and writes no file
		}
	}
	fc, ok := filterCode(call)
	if !ok || !strings.HasPrefix(fc.Dynamic, "a shell fed") {
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, What: call.Name + " runs " + fc.Dynamic + ", which corral cannot see", Always: true})
}

// sedSubst reads an s command (after any address): its flags, and the
// file of its w flag. Go's regexp has no back references, so the two
// fields that end at the delimiter are scanned here.
func sedSubst(cmd string) (flags, wfile string, ok bool) {
	i := strings.IndexByte(cmd, 's')
	if i < 0 || i+1 >= len(cmd) {
		return "", "", false
	}
	if m := sedAddress.Get().FindString(cmd[:i]); m != cmd[:i] {
		return "", "", false
	}
	d := cmd[i+1]
	if d == '\\' || d == '\n' || d == ' ' {
		return "", "", false
	}
	j := i + 2
	for field := 0; field < 2; field++ {
		for j < len(cmd) && cmd[j] != d {
			if cmd[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(cmd) {
			return "", "", false
		}
		j++
	}
	rest := cmd[j:]
	k := 0
	for k < len(rest) && strings.IndexByte("gpIiMme0123456789", rest[k]) >= 0 {
		k++
	}
	flags = rest[:k]
	if strings.HasPrefix(rest[k:], "w") {
		wfile = strings.TrimSpace(rest[k+1:])
	}
	return flags, wfile, true
}

// sedAddress matches what may come before a sed command: an address or a
// range, and !.
var sedAddress = lazy.Regexp{Expr: `^\s*(?:[0-9$]+|/(?:[^/\\]|\\.)*/)?(?:\s*,\s*(?:[0-9$]+|/(?:[^/\\]|\\.)*/))?\s*!?\s*`}
