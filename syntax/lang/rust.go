package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Rust is Rust source: a program cargo runs or tests, or the build script
// (build.rs) cargo runs before compiling.
const Rust Lang = "rust"

// rustString reads a Rust string or character literal at lx.i: "…" with
// escapes; raw strings r"…", r#"…"# (any number of #); byte and C
// strings (b"…", br#"…"#, c"…"); a character 'x', '\n', '\u{…}'. A
// lifetime ('a, 'static) is no literal: the quote is skipped. It reports
// whether it read something.
func (lx *lexer) rustString() bool {
	start := lx.i
	j := lx.i
	if j == 0 || !isIdent(lx.src[j-1]) {
		for _, pre := range []string{"br", "cr", "b", "c", "r"} {
			if strings.HasPrefix(lx.src[j:], pre) && j+len(pre) < len(lx.src) && (lx.src[j+len(pre)] == '"' || lx.src[j+len(pre)] == '#' && strings.HasSuffix(pre, "r")) {
				j += len(pre)
				break
			}
		}
	}
	if j >= len(lx.src) {
		return false
	}
	raw := j > start && lx.src[j-1] == 'r'
	if raw {
		hashes := 0
		for j < len(lx.src) && lx.src[j] == '#' {
			hashes++
			j++
		}
		if j >= len(lx.src) || lx.src[j] != '"' {
			return false
		}
		closing := "\"" + strings.Repeat("#", hashes)
		body := j + 1
		end := strings.Index(lx.src[body:], closing)
		if end < 0 {
			lx.i = len(lx.src)
			lx.str(start, lx.src[body:], true, false)
			return true
		}
		lx.i = body + end + len(closing)
		lx.str(start, lx.src[body:body+end], true, false)
		return true
	}
	switch lx.src[j] {
	case '"':
		lx.i = j + 1
		v, _, _ := lx.quoted(`"`, fullEscape, true)
		lx.str(start, v, true, false)
		return true
	case '\'':
		if j != start {
			return false
		}
		// A character literal closes after one character or an escape;
		// anything else is a lifetime or a label.
		k := j + 1
		if k < len(lx.src) && lx.src[k] == '\\' {
			if e := strings.IndexByte(lx.src[k:min(len(lx.src), k+12)], '\''); e > 0 {
				lx.i = k + e + 1
				lx.str(start, "", true, false)
				return true
			}
		} else if k < len(lx.src) {
			n := 1
			for k+n < len(lx.src) && lx.src[k+n]&0xC0 == 0x80 {
				n++ // the rest of a UTF-8 character
			}
			if k+n < len(lx.src) && lx.src[k+n] == '\'' {
				lx.i = k + n + 1
				lx.str(start, lx.src[k:k+n], true, false)
				return true
			}
		}
		lx.i = j + 1 // a lifetime: 'a
		return true
	}
	return false
}

// rustDelete are the std::fs calls that delete their path.
var rustDelete = lazy.Value[map[string]struct{ recursive, dir bool }]{New: func() map[string]struct{ recursive, dir bool } {
	return map[string]struct{ recursive, dir bool }{
		"remove_dir_all": {recursive: true}, "remove_file": {}, "remove_dir": {dir: true},
	}
}}

// rust reads Rust source:
//   - std::process::Command::new(PROG) with the .arg(…) and .args([…])
//     that follow it runs PROG with those arguments (sh -c TEXT is read as
//     a script); a run-time part asks;
//   - std::fs::remove_dir_all deletes a tree, remove_file a file,
//     remove_dir an empty directory; fs::write and File::create write;
//     fs::read_to_string, fs::read and File::open read;
//   - symlink (std::os::unix::fs) is ln -s and fs::hard_link ln,
//     env::set_current_dir moves the working directory, and
//     fs::set_permissions changes a mode (judged as chmod 000).
//
// A path is known when it is a literal or a constant.
func rust(p *parser) []Effect {
	var out []Effect
	isCallee := func(n string) bool {
		last := lastSegment(n)
		if _, ok := rustDelete.Get()[last]; ok {
			return true
		}
		return strings.HasSuffix(n, "Command.new") || strings.HasSuffix(n, "fs.write") || strings.HasSuffix(n, "File.create") ||
			strings.HasSuffix(n, "fs.rename") || strings.HasSuffix(n, "fs.copy") ||
			last == "symlink" || last == "symlink_file" || last == "symlink_dir" || strings.HasSuffix(n, "fs.hard_link") ||
			strings.HasSuffix(n, "env.set_current_dir") || strings.HasSuffix(n, "fs.set_permissions") ||
			strings.HasSuffix(n, "fs.read_to_string") || strings.HasSuffix(n, "fs.read") || strings.HasSuffix(n, "File.open")
	}
	for _, c := range p.findCalls(false, isCallee) {
		if !c.parens || c.method {
			continue
		}
		args := p.callArgs(c)
		first := argAt(args, 0)
		last := lastSegment(c.name)
		switch {
		case strings.HasSuffix(c.name, "Command.new"):
			out = append(out, p.rustCommand(c))
		case strings.HasSuffix(c.name, "fs.rename"):
			out = append(out, renameEffects(c, first, argAt(args, 1))...)
		case last == "symlink" || last == "symlink_file" || last == "symlink_dir":
			// std::os::unix::fs::symlink(original, link) (and Windows'
			// symlink_file/symlink_dir) is ln -s.
			out = append(out, linkEffects(c, first, argAt(args, 1), "ln -s")...)
		case strings.HasSuffix(c.name, "fs.hard_link"):
			out = append(out, linkEffects(c, first, argAt(args, 1), "ln")...)
		case strings.HasSuffix(c.name, "env.set_current_dir"):
			out = append(out, chdirEffect(c, first, false))
		case strings.HasSuffix(c.name, "fs.set_permissions"):
			// A mode only run time knows (Permissions values are built
			// by code), judged as one that takes all access away.
			if e, ok := shellOrRunTime(c, c.name, Write, first, "chmod 000 -- "); ok {
				out = append(out, e)
			}
		case strings.HasSuffix(c.name, "fs.copy"):
			// fs::copy(from, to) copies the file's contents over to.
			out = append(out, copyEffect(c, first, argAt(args, 1), "cp -T")...)
		case rustDelete.Get()[last] != struct{ recursive, dir bool }{} || last == "remove_file":
			d := rustDelete.Get()[last]
			if e, ok := pathEffect(c, Delete, first, d.recursive); ok {
				e.Dir = d.dir
				out = append(out, e)
			}
		case strings.HasSuffix(c.name, "fs.write") || strings.HasSuffix(c.name, "File.create"):
			if e, ok := pathEffect(c, Write, first, false); ok {
				out = append(out, e)
			}
		default:
			if e, ok := readEffect(c, first); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// rustCommand reads the builder chain of Command::new(PROG): .arg(X) adds
// one argument, .args([…]) (or &[…], vec![…]) a list; other methods
// (current_dir, env, stdout, status, spawn) add none.
func (p *parser) rustCommand(c call) Effect {
	prog := argAt(positional(c.args), 0)
	if prog == nil || !prog.lit {
		text := ""
		if prog != nil {
			text = prog.text
		}
		return Effect{Kind: Hidden, Call: "Command::new", Text: text, Offset: c.off}
	}
	argv := []string{prog.str}
	open := c.next
	end := p.closeOf(p.toks, open)
	for i := end + 1; i+3 < len(p.toks) && end > 0; {
		for i < len(p.toks) && p.toks[i].kind == tNewline {
			i++
		}
		if !isP(p.tok(i), ".") || p.tok(i+1).kind != tIdent || !isP(p.tok(i+2), "(") {
			break
		}
		method := p.tok(i + 1).text
		close := p.closeOf(p.toks, i+2)
		if close < 0 {
			break
		}
		switch method {
		case "arg":
			a := p.arg(i+3, close)
			a = rustRef(p, a, i+3, close)
			if !a.lit {
				// A value in the place of code (sh -c X, python3 -c X:
				// include_str!("p.sh"), a variable) is code only known
				// at run time, whatever its text (red team 17 MI1).
				return Effect{Kind: Hidden, Call: "Command::new", Text: strings.Join(argv, " ") + " " + a.text, Offset: c.off,
					Built: !commandPlace(strings.Join(argv, " ") + " " + runtimePart)}
			}
			argv = append(argv, a.str)
		case "args":
			list, ok := p.rustList(i+3, close)
			if !ok {
				return Effect{Kind: Hidden, Call: "Command::new", Text: strings.Join(argv, " ") + " " + p.arg(i+3, close).text, Offset: c.off,
					Built: !commandPlace(strings.Join(argv, " ") + " " + runtimePart)}
			}
			argv = append(argv, list...)
		}
		i = close + 1
	}
	return Effect{Kind: Exec, Call: "Command::new", Argv: argv, Offset: c.off}
}

// callArgs reads the arguments of call c, each borrow (&x, &mut x) read
// as the value it borrows (fs::rename(&home, "/tmp/x") moves home), and
// a format the text fills (Rust's format!, Go's fmt.Sprintf) as the text
// it makes.
func (p *parser) callArgs(c call) []arg {
	open := c.next
	if !isP(p.tok(open), "(") {
		return positional(c.args)
	}
	end := p.closeOf(p.toks, open)
	if end < 0 {
		return positional(c.args)
	}
	var out []arg
	start := open + 1
	for j := open + 1; j <= end; j++ {
		t := p.toks[j]
		if j < end && t.kind != tPunct {
			continue
		}
		if j < end && (isP(t, "(") || isP(t, "[") || isP(t, "{")) {
			if k := p.closeOf(p.toks, j); k > j && k < end {
				j = k
			}
			continue
		}
		if j < end && !isP(t, ",") {
			continue
		}
		a, b := start, j
		start = j + 1
		for a < b && p.toks[a].kind == tNewline {
			a++
		}
		if a >= b {
			continue
		}
		if isP(p.toks[a], "&") {
			a++
			if isI(p.tok(a), "mut") {
				a++
			}
		}
		if v, ok := p.formatted(a, b); ok {
			out = append(out, v)
			continue
		}
		out = append(out, p.arg(a, b))
	}
	return out
}

// rustRef reads an argument that borrows a literal (&"x") as the literal.
func rustRef(p *parser, a arg, from, to int) arg {
	if !a.lit && from < to && isP(p.tok(from), "&") {
		if b := p.arg(from+1, to); b.lit {
			return b
		}
	}
	return a
}

// rustList reads the literal strings of [..], &[..] or vec![..] between
// tokens from and to.
func (p *parser) rustList(from, to int) ([]string, bool) {
	i := from
	if isP(p.tok(i), "&") {
		i++
	}
	if isI(p.tok(i), "vec") && isP(p.tok(i+1), "!") {
		i += 2
	}
	if !isP(p.tok(i), "[") {
		return nil, false
	}
	close := p.closeOf(p.toks, i)
	if close < 0 || close+1 != to {
		return nil, false
	}
	var out []string
	for k := i + 1; k < close; k++ {
		t := p.toks[k]
		switch {
		case t.kind == tString && t.lit:
			out = append(out, t.text)
		case isP(t, ","), t.kind == tNewline:
		default:
			return nil, false
		}
	}
	return out, true
}

// formatted reads a format call between tokens from and to whose text
// the code shows: Rust's format! (rustFormat), Go's fmt.Sprintf
// (goSprintf).
func (p *parser) formatted(from, to int) (arg, bool) {
	switch p.l {
	case Rust:
		return p.rustFormat(from, to)
	case Go:
		return p.goSprintf(from, to)
	}
	return arg{}, false
}

// goSprintf reads fmt.Sprintf(FMT, ARGS…) between tokens from and to
// when FMT is a literal whose verbs are all %s or %v (%% a percent sign)
// and each argument they take is a value the text shows: the text it
// makes (red team of 2026-12-05: p := fmt.Sprintf("%s/.ssh/id_rsa",
// os.Getenv("HOME"))). A leading home directory makes a path under ~.
func (p *parser) goSprintf(from, to int) (arg, bool) {
	if !isI(p.tok(from), "fmt") || !isP(p.tok(from+1), ".") || !isI(p.tok(from+2), "Sprintf") || !isP(p.tok(from+3), "(") {
		return arg{}, false
	}
	args, end := p.args(from+3, ")")
	if end != to || len(args) == 0 || !args[0].lit {
		return arg{}, false
	}
	f := args[0].str
	var b strings.Builder
	tilde := false
	next := 1
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 >= len(f) {
			return arg{}, false
		}
		i++
		switch f[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'v':
			if next >= len(args) || !args[next].lit || args[next].key != "" {
				return arg{}, false
			}
			if args[next].tilde && b.Len() == 0 {
				tilde = true
			}
			b.WriteString(args[next].str)
			next++
		default:
			return arg{}, false
		}
	}
	if next != len(args) {
		return arg{}, false // an argument the format leaves out: %!(EXTRA …)
	}
	text := p.src[p.toks[from].off : p.toks[to-1].off+len(p.toks[to-1].text)]
	return arg{lit: true, str: b.String(), tilde: tilde, text: text}, true
}

// rustFormat reads format!(FMT, ARGS…) between tokens from and to when
// every placeholder is filled with a value the text shows: {} takes the
// next argument, {N} the Nth, {name} the constant name (Rust 2021's
// inline arguments); {{ and }} are braces. A placeholder with a format
// spec ({:?}, {x:>8}) or a value only run time knows gives false, and
// the call is judged by its pieces (red team of 2026-12-05:
// format!("{h}/.ssh/id_rsa") with h the home directory). A leading
// home directory makes the path one under ~.
func (p *parser) rustFormat(from, to int) (arg, bool) {
	if !isI(p.tok(from), "format") || !isP(p.tok(from+1), "!") || !isP(p.tok(from+2), "(") {
		return arg{}, false
	}
	args, end := p.args(from+2, ")")
	if end != to || len(args) == 0 || !args[0].lit {
		return arg{}, false
	}
	f := args[0].str
	var b strings.Builder
	tilde := false
	next := 1
	for i := 0; i < len(f); i++ {
		switch {
		case strings.HasPrefix(f[i:], "{{"), strings.HasPrefix(f[i:], "}}"):
			b.WriteByte(f[i])
			i++
		case f[i] == '{':
			j := strings.IndexByte(f[i:], '}')
			if j < 0 {
				return arg{}, false
			}
			name := f[i+1 : i+j]
			i += j
			var v arg
			switch {
			case name == "":
				if next >= len(args) {
					return arg{}, false
				}
				v = args[next]
				next++
			case name[0] >= '0' && name[0] <= '9':
				n := 0
				for _, c := range name {
					if c < '0' || c > '9' {
						return arg{}, false
					}
					n = n*10 + int(c-'0')
				}
				if n+1 >= len(args) {
					return arg{}, false
				}
				v = args[n+1]
			default:
				c, ok := p.scopedAt(name, from)
				if !ok {
					c, ok = p.consts[name]
				}
				if !ok || strings.ContainsAny(name, ":.") {
					return arg{}, false
				}
				v = arg{lit: true, str: c.str, tilde: c.tilde}
			}
			if !v.lit || v.key != "" {
				return arg{}, false
			}
			if v.tilde && b.Len() == 0 {
				tilde = true
			}
			b.WriteString(v.str)
		case f[i] == '}':
			return arg{}, false
		default:
			b.WriteByte(f[i])
		}
	}
	text := p.src[p.toks[from].off : p.toks[to-1].off+len(p.toks[to-1].text)]
	return arg{lit: true, str: b.String(), tilde: tilde, text: text}, true
}
