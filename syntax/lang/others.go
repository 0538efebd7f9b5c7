package lang

import "strings"

// Ruby

var rubyShell = map[string]bool{"system": true, "exec": true, "spawn": true, "Kernel.system": true, "Kernel.exec": true,
	"Kernel.spawn": true, "Process.spawn": true, "IO.popen": true, "Open3.popen3": true, "Open3.popen2": true,
	"Open3.popen2e": true, "Open3.capture2": true, "Open3.capture2e": true, "Open3.capture3": true,
	"Open3.pipeline": true, "Open3.pipeline_r": true, "Open3.pipeline_w": true, "Open3.pipeline_rw": true, "PTY.spawn": true}

var rubyDelete = map[string]struct{ recursive, dir bool }{
	"FileUtils.rm_rf": {recursive: true}, "FileUtils.rm_r": {recursive: true}, "FileUtils.remove_dir": {recursive: true},
	"FileUtils.remove_entry": {recursive: true}, "FileUtils.remove_entry_secure": {recursive: true}, "FileUtils.rmtree": {recursive: true},
	"FileUtils.rm": {}, "FileUtils.rm_f": {}, "FileUtils.remove": {}, "FileUtils.rmdir": {dir: true},
	"File.delete": {}, "File.unlink": {}, "Dir.rmdir": {dir: true}, "Dir.delete": {dir: true}, "Dir.unlink": {dir: true},
	"FileUtils.remove_file": {},
}

// rubyRead are the calls that read the file in their first argument.
var rubyRead = map[string]bool{"File.read": true, "IO.read": true, "File.readlines": true, "IO.readlines": true,
	"File.binread": true, "IO.binread": true, "File.foreach": true, "IO.foreach": true, "File.new": true}

func ruby(p *parser) []Effect {
	interesting := func(name string) bool {
		_, del := rubyDelete[name]
		return rubyShell[name] || del || rubyRead[name] || name == "File.write" || name == "IO.write" || name == "File.open" || name == "File.binwrite"
	}
	var out []Effect
	for _, c := range p.findCalls(true, interesting) {
		if c.method && !strings.Contains(c.name, ".") {
			continue // x.system is some object's method
		}
		if strings.Count(c.name, ".") > 1 {
			continue
		}
		switch {
		case rubyShell[c.name]:
			out = append(out, argvOrShell(c))
		case c.name == "File.write" || c.name == "IO.write" || c.name == "File.binwrite":
			if e, ok := pathEffect(c, Write, argAt(c.args, 0), false); ok {
				out = append(out, e)
			}
		case c.name == "File.open" || c.name == "File.new":
			m := argAt(c.args, 1)
			if m != nil && m.lit && strings.ContainsAny(m.str, "wa+") {
				if e, ok := pathEffect(c, Write, argAt(c.args, 0), false); ok {
					e.Append = strings.Contains(m.str, "a")
					out = append(out, e)
				}
			} else if m == nil || m.lit {
				if e, ok := readEffect(c, argAt(c.args, 0)); ok {
					out = append(out, e)
				}
			}
		case rubyRead[c.name]:
			if e, ok := readEffect(c, argAt(c.args, 0)); ok {
				out = append(out, e)
			}
		default:
			d := rubyDelete[c.name]
			for _, a := range positional(c.args) {
				a := a
				if a.isList {
					for _, v := range a.list {
						out = append(out, Effect{Kind: Delete, Call: c.name, Path: v, Recursive: d.recursive, Dir: d.dir, Offset: c.off})
					}
					continue
				}
				if strings.HasPrefix(a.text, ":") || strings.Contains(a.text, "=>") || strings.HasSuffix(strings.TrimSpace(a.text), ":") || isKeywordArg(a.text) {
					continue // force: true, :verbose => true
				}
				if e, ok := pathEffect(c, Delete, &a, d.recursive); ok {
					e.Dir = d.dir
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// isKeywordArg reports a Ruby keyword argument (force: true).
func isKeywordArg(text string) bool {
	name, _, ok := strings.Cut(text, ":")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isIdent(name[i]) {
			return false
		}
	}
	return true
}

// argvOrShell is the effect of system/exec-like calls that take either
// one string (run by a shell) or a program and its arguments. A leading
// environment hash or trailing options are skipped.
func argvOrShell(c call) Effect {
	var args []arg
	for _, a := range positional(c.args) {
		t := strings.TrimSpace(a.text)
		if strings.HasPrefix(t, "{") || strings.HasPrefix(t, "%ENV") || isKeywordArg(t) || strings.Contains(t, "=>") && !a.lit {
			continue
		}
		if strings.HasPrefix(t, "$") && (strings.HasPrefix(t, "$stdin") || strings.HasPrefix(t, "$stdout") || strings.HasPrefix(t, "$stderr")) {
			continue
		}
		args = append(args, a)
	}
	// IO.popen and Open3 take a mode string or options after the command.
	if strings.HasPrefix(c.name, "IO.") || strings.HasPrefix(c.name, "Open3.") {
		if len(args) > 1 && args[1].lit && len(args[1].str) <= 3 && strings.Trim(args[1].str, "rwab+t") == "" {
			args = args[:1]
		}
	}
	if len(args) == 1 && args[0].lit {
		return Effect{Kind: Shell, Call: c.name, Text: args[0].str, Offset: c.off}
	}
	if len(args) == 0 {
		return shellOf(c, nil)
	}
	return execOf(c, args)
}

// Perl

var perlDelete = map[string]bool{"unlink": true, "rmdir": true, "rmtree": true, "remove_tree": true,
	"File::Path::rmtree": true, "File::Path::remove_tree": true}

func perl(p *parser) []Effect {
	interesting := func(name string) bool {
		n := strings.ReplaceAll(name, ".", "::")
		return n == "system" || n == "exec" || n == "CORE::system" || n == "CORE::exec" || perlDelete[n] || n == "open" || n == "sysopen"
	}
	var out []Effect
	for _, c := range p.findCalls(true, interesting) {
		if c.method {
			continue
		}
		n := strings.ReplaceAll(c.name, ".", "::")
		c.name = n
		switch {
		case n == "system" || n == "exec" || n == "CORE::system" || n == "CORE::exec":
			// system { $prog } @args is the indirect-object form.
			out = append(out, argvOrShell(c))
		case n == "open":
			if e, ok := perlOpen(c); ok {
				out = append(out, e)
			}
		case n == "sysopen":
		default:
			args := positional(c.args)
			if len(args) == 0 {
				if n == "unlink" || n == "rmdir" {
					// unlink with no argument deletes $_.
					out = append(out, Effect{Kind: Hidden, Call: n, Text: "$_", Offset: c.off})
				}
				continue
			}
			for _, a := range args {
				a := a
				if strings.HasPrefix(strings.TrimSpace(a.text), "{") {
					continue // rmtree's options hash
				}
				if a.isList {
					for _, v := range a.list {
						out = append(out, Effect{Kind: Delete, Call: n, Path: v, Recursive: n != "unlink" && n != "rmdir", Dir: n == "rmdir", Offset: c.off})
					}
					continue
				}
				if e, ok := pathEffect(c, Delete, &a, n != "unlink" && n != "rmdir"); ok {
					e.Dir = n == "rmdir"
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// perlOpen reads open(FH, MODE, PATH) and open(FH, "MODE PATH"): a write
// mode is a write of the path; a pipe mode ("|cmd", "-|", "cmd|") runs a
// shell command.
func perlOpen(c call) (Effect, bool) {
	args := positional(c.args)
	if len(args) < 2 {
		return Effect{}, false
	}
	if len(args) >= 3 {
		mode := args[1]
		if !mode.lit {
			return Effect{}, false
		}
		m := strings.TrimSpace(mode.str)
		switch {
		case m == "-|" || m == "|-":
			return execOf(c, args[2:]), true
		case strings.HasPrefix(m, ">") || strings.HasPrefix(m, "+<") || strings.HasPrefix(m, "+>"):
			e, ok := pathEffect(c, Write, &args[2], false)
			e.Append = strings.HasPrefix(m, ">>")
			return e, ok
		case strings.HasPrefix(m, "<"):
			return readEffect(c, &args[2])
		}
		return Effect{}, false
	}
	spec := args[1]
	if !spec.lit {
		if t := strings.Trim(spec.text, `"'`); strings.HasPrefix(t, "|") || strings.HasSuffix(t, "|") {
			return Effect{Kind: Hidden, Call: "open", Text: spec.text, Offset: c.off}, true
		}
		return Effect{}, false
	}
	s := strings.TrimSpace(spec.str)
	switch {
	case strings.HasPrefix(s, "|"):
		return Effect{Kind: Shell, Call: "open", Text: strings.TrimSpace(s[1:]), Offset: c.off}, true
	case strings.HasSuffix(s, "|"):
		return Effect{Kind: Shell, Call: "open", Text: strings.TrimSpace(s[:len(s)-1]), Offset: c.off}, true
	case strings.HasPrefix(s, ">>"):
		return Effect{Kind: Write, Call: "open", Path: strings.TrimSpace(s[2:]), Append: true, Offset: c.off}, true
	case strings.HasPrefix(s, ">"), strings.HasPrefix(s, "+>"), strings.HasPrefix(s, "+<"):
		return Effect{Kind: Write, Call: "open", Path: strings.TrimSpace(strings.TrimLeft(s, "+<>")), Offset: c.off}, true
	}
	// open(F, "<file") and open(F, "file") read it.
	path := strings.TrimSpace(strings.TrimPrefix(s, "<"))
	return readEffect(c, &arg{lit: true, str: path})
}

// PHP

// phpRead are the functions that read, or print, the file in their first
// argument.
var phpRead = map[string]bool{"file_get_contents": true, "file": true, "readfile": true, "highlight_file": true,
	"show_source": true, "parse_ini_file": true, "php_strip_whitespace": true}

var phpShell = map[string]bool{"system": true, "exec": true, "shell_exec": true, "passthru": true, "popen": true, "proc_open": true}

func php(p *parser) []Effect {
	interesting := func(name string) bool {
		n := strings.TrimPrefix(strings.ToLower(name), "\\")
		return phpShell[n] || n == "pcntl_exec" || n == "unlink" || n == "rmdir" || n == "file_put_contents" || n == "fopen" || phpRead[n]
	}
	var out []Effect
	for _, c := range p.findCalls(false, interesting) {
		if c.method {
			continue
		}
		n := strings.TrimPrefix(strings.ToLower(c.name), "\\")
		c.name = n
		first := argAt(c.args, 0)
		switch {
		case n == "proc_open" && first != nil && first.isList:
			out = append(out, Effect{Kind: Exec, Call: n, Argv: first.list, Offset: c.off})
		case phpShell[n]:
			out = append(out, shellOf(c, first))
		case n == "pcntl_exec":
			if first == nil || !first.lit {
				out = append(out, shellOf(c, first))
				continue
			}
			argv := []string{first.str}
			if l := argAt(c.args, 1); l != nil {
				if !l.isList {
					out = append(out, Effect{Kind: Hidden, Call: n, Text: l.text, Offset: c.off})
					continue
				}
				argv = append(argv, l.list...)
			}
			out = append(out, Effect{Kind: Exec, Call: n, Argv: argv, Offset: c.off})
		case n == "unlink" || n == "rmdir":
			if e, ok := pathEffect(c, Delete, first, false); ok {
				e.Dir = n == "rmdir"
				out = append(out, e)
			}
		case n == "file_put_contents":
			if e, ok := pathEffect(c, Write, first, false); ok {
				for _, a := range c.args[1:] {
					e.Append = e.Append || strings.Contains(a.text, "FILE_APPEND")
				}
				out = append(out, e)
			}
		case n == "fopen":
			m := argAt(c.args, 1)
			if m != nil && m.lit && strings.ContainsAny(m.str, "waxc+") {
				if e, ok := pathEffect(c, Write, first, false); ok {
					e.Append = strings.Contains(m.str, "a")
					out = append(out, e)
				}
			} else if m != nil && m.lit {
				if e, ok := readEffect(c, first); ok {
					out = append(out, e)
				}
			}
		case phpRead[n]:
			if e, ok := readEffect(c, first); ok {
				out = append(out, e)
			}
		}
	}
	return out
}
