package lang

import (
	"strings"
)

// More library writers (red team 16 PY1 rest), each checked with the
// real interpreter (TestLibraryWriters16bOracle):
//
// Perl:
//   - tie VAR, "Tie::File", FILE: the array is FILE's lines, and an
//     assignment to an element rewrites FILE (opened O_RDWR|O_CREAT
//     unless mode => O_RDONLY);
//   - IO::File->new(FILE, MODE) and new IO::File(…): open's modes ("<",
//     ">", ">>", "+<"), fopen's ("r", "w", "a", "r+", "w+", "a+") or
//     sysopen's flags (O_WRONLY|O_CREAT…); with one argument FILE is
//     open's two-argument spec (">x", ">>x", "x");
//   - Storable's store, nstore, lock_store, lock_nstore (DATA, FILE)
//     write FILE; retrieve, lock_retrieve and thaw evaluate the code
//     references the data holds when $Storable::Eval is set true
//     (perldoc Storable, "CODE REFERENCES"): the file's code runs, asked
//     about as code only known at run time;
//   - File::Slurp's write_file, overwrite_file, append_file, edit_file,
//     edit_file_lines and File::Slurper's write_text, write_binary
//     write their first argument; their readers (read_file, read_lines,
//     slurp, read_text, read_binary) read it.
//
// Python:
//   - xml.etree.ElementTree's (and lxml.etree's) ElementTree.write(FILE)
//     truncates and writes FILE, on a tree made by ElementTree(…) or
//     parse(…) (directly or kept in a name);
//   - mailbox.mbox/MMDF/Babyl(FILE) create FILE and append messages to
//     it, mailbox.Maildir/MH(DIR) create the directory.

// perlLibWrites16 returns the effects of the Perl library writers above.
func (p *parser) perlLibWrites16() []Effect {
	src := p.src
	if !strings.Contains(src, "Tie::File") && !strings.Contains(src, "IO::File") && !strings.Contains(src, "Storable") &&
		!strings.Contains(src, "File::Slurp") && !strings.Contains(src, "store") && !strings.Contains(src, "write_") {
		return nil
	}
	var out []Effect
	storable := strings.Contains(src, "Storable")
	slurp := strings.Contains(src, "File::Slurp")
	evalOn := storable && perlStorableEval(src)
	for _, c := range p.findCalls(true, func(name string) bool {
		n := perlName(name)
		switch strings.TrimPrefix(n, "Storable::") {
		case "store", "nstore", "lock_store", "lock_nstore", "retrieve", "lock_retrieve", "thaw":
			return storable
		}
		switch strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(n, "File::Slurp::"), "File::Slurper::"), "File::Slurp::Tiny::") {
		case "write_file", "overwrite_file", "append_file", "edit_file", "edit_file_lines", "write_text", "write_binary",
			"read_file", "read_lines", "read_text", "read_binary", "slurp":
			return slurp
		}
		return n == "tie" || n == "CORE::tie"
	}) {
		if c.method {
			continue
		}
		n := perlName(c.name)
		pos := positional(c.args)
		short := n
		if i := strings.LastIndex(n, "::"); i >= 0 {
			short = n[i+2:]
		}
		switch short {
		case "tie":
			if len(pos) < 3 || !pos[1].lit || pos[1].str != "Tie::File" {
				continue
			}
			c.name = "Tie::File"
			if strings.Contains(c.args[len(c.args)-1].text, "O_RDONLY") || perlKeyText(c.args, "mode", "O_RDONLY") {
				if e, ok := readEffect(c, &pos[2]); ok {
					out = append(out, e)
				}
				continue
			}
			if e, ok := pathEffect(c, Write, &pos[2], false); ok {
				e.Append = true // its lines rewritten, the file kept
				out = append(out, e)
			}
		case "store", "nstore", "lock_store", "lock_nstore":
			if len(pos) < 2 {
				continue
			}
			c.name = "Storable::" + short
			if e, ok := pathEffect(c, Write, &pos[1], false); ok {
				out = append(out, e)
			}
		case "retrieve", "lock_retrieve", "thaw":
			if !evalOn {
				continue
			}
			c.name = "Storable::" + short
			text := ""
			if len(pos) > 0 {
				text = pos[0].text
			}
			out = append(out, Effect{Kind: Hidden, Call: c.name + " with $Storable::Eval", Text: text, Offset: c.off})
		case "read_file", "read_lines", "read_text", "read_binary", "slurp":
			// File::Slurp's and File::Slurper's readers return the
			// file's contents (red team of 2026-12-05).
			if len(pos) < 1 {
				continue
			}
			c.name = n
			if e, ok := readEffect(c, &pos[0]); ok {
				out = append(out, e)
			}
		default: // File::Slurp, File::Slurper
			if len(pos) < 1 {
				continue
			}
			c.name = n
			if e, ok := pathEffect(c, Write, &pos[0], false); ok {
				e.Append = short == "append_file" || strings.HasPrefix(short, "edit_file")
				out = append(out, e)
			}
		}
	}
	out = append(out, p.perlIOFileNew()...)
	return out
}

// perlKeyText reports a "KEY => …" argument whose text holds want.
func perlKeyText(args []arg, key, want string) bool {
	for _, a := range args {
		if k, v, ok := strings.Cut(a.text, "=>"); ok && strings.Trim(strings.TrimSpace(k), `"'`) == key && strings.Contains(v, want) {
			return true
		}
	}
	return false
}

// perlStorableEval reports code that sets $Storable::Eval to something
// other than a false literal (0, "", undef).
func perlStorableEval(src string) bool {
	for rest := src; ; {
		i := strings.Index(rest, "Storable::Eval")
		if i < 0 {
			return false
		}
		rest = rest[i+len("Storable::Eval"):]
		v := strings.TrimLeft(rest, " \t")
		if !strings.HasPrefix(v, "=") || strings.HasPrefix(v, "==") || strings.HasPrefix(v, "=~") {
			continue
		}
		v = strings.TrimLeft(v[1:], " \t")
		end := strings.IndexAny(v, ";\n")
		if end < 0 {
			end = len(v)
		}
		switch strings.TrimSpace(v[:end]) {
		case "0", `""`, "''", "undef":
			continue
		}
		return true
	}
}

// perlIOFileNew returns the opens of IO::File->new(…) and new
// IO::File(…).
func (p *parser) perlIOFileNew() []Effect {
	if !strings.Contains(p.src, "IO::File") {
		return nil
	}
	var out []Effect
	for i := 0; i < len(p.toks); i++ {
		open := -1
		switch {
		case isI(p.tok(i), "IO") && isP(p.tok(i+1), "::") && isI(p.tok(i+2), "File") && isP(p.tok(i+3), "->") &&
			(isI(p.tok(i+4), "new") || isI(p.tok(i+4), "open")) && isP(p.tok(i+5), "("):
			open = i + 5
		case isI(p.tok(i), "new") && isI(p.tok(i+1), "IO") && isP(p.tok(i+2), "::") && isI(p.tok(i+3), "File") && isP(p.tok(i+4), "("):
			open = i + 4
		}
		if open < 0 {
			continue
		}
		args, _ := p.args(open, ")")
		c := call{name: "IO::File->new", off: p.toks[i].off, first: i, next: open}
		pos := positional(args)
		if len(pos) == 0 {
			continue
		}
		if len(pos) == 1 {
			// open's two-argument spec: ">x", ">>x", "+<x", "x".
			fh := arg{text: "$fh"}
			if e, ok := perlOpen(call{name: c.name, off: c.off, args: []arg{fh, pos[0]}}); ok {
				e.Call = c.name
				out = append(out, e)
			}
			continue
		}
		mode := pos[1]
		if !mode.lit {
			// sysopen's flags (O_WRONLY|O_CREAT) are no string.
			if strings.Contains(mode.text, "O_") {
				for _, e := range openEffects(c, &pos[0], &mode) {
					e.Call = c.name
					out = append(out, e)
				}
			}
			continue
		}
		m := strings.TrimSpace(mode.str)
		switch base, _, _ := strings.Cut(m, ":"); base {
		case "r", "rb":
			m = "<"
		case "w", "wb":
			m = ">"
		case "a", "ab":
			m = ">>"
		case "r+", "rb+", "r+b":
			m = "+<"
		case "w+", "wb+", "w+b":
			m = "+>"
		case "a+", "ab+", "a+b":
			m = "+>>"
		}
		fh := arg{text: "$fh"}
		mm := arg{lit: true, str: m, text: m}
		if e, ok := perlOpen(call{name: c.name, off: c.off, args: []arg{fh, mm, pos[0]}}); ok {
			e.Call = c.name
			if strings.HasPrefix(m, "+>>") {
				e.Append = true
			}
			out = append(out, e)
		}
	}
	return out
}

// pyEtreeSource reports Python code that uses ElementTree (the standard
// library's or lxml's).
func pyEtreeSource(src string) bool {
	return strings.Contains(src, "ElementTree") || strings.Contains(src, "etree")
}

// pyEtreeWrite is ElementTree.write(FILE) on a tree the code makes
// (ElementTree(…), parse(…)), directly or through a name assigned one:
// FILE is truncated and written.
func pyEtreeWrite(c call, full, src string) (Effect, bool) {
	if lastSegment(full) != "write" || !pyEtreeSource(src) {
		return Effect{}, false
	}
	tree := func(text string) bool {
		return strings.Contains(text, "ElementTree(") || strings.Contains(text, "parse(")
	}
	ok := c.method && tree(c.recvText)
	for _, a := range c.recvAssigned {
		ok = ok || tree(a)
	}
	if !ok {
		return Effect{}, false
	}
	a := argAt(positional(c.args), 0)
	if k := keyword(c.args, "file_or_filename"); k != nil {
		a = k
	}
	if a == nil {
		return Effect{}, false
	}
	c.name = "ElementTree.write"
	if a.lit {
		return Effect{Kind: Write, Call: c.name, Path: a.str, Tilde: a.tilde, Offset: c.off}, true
	}
	if strings.Contains(a.text, "open(") || strings.Contains(a.text, "sys.stdout") || strings.Contains(a.text, "BytesIO") || strings.Contains(a.text, "StringIO") {
		return Effect{}, false // a file object: its own open is judged
	}
	return runTimePath(c, Write, a, false)
}

// pyMailbox is the write of a mailbox a mailbox class opens: mbox, MMDF
// and Babyl create their file and append messages to it; Maildir and MH
// create the directory (create=True, the default).
func pyMailbox(c call, full string) (Effect, bool) {
	switch full {
	case "mailbox.mbox", "mailbox.MMDF", "mailbox.Babyl", "mailbox.Maildir", "mailbox.MH":
	default:
		return Effect{}, false
	}
	if k := keyword(c.args, "create"); k != nil {
		if _, v, _ := strings.Cut(k.text, "="); strings.TrimSpace(v) == "False" {
			return Effect{}, false
		}
	}
	a := argAt(positional(c.args), 0)
	if k := keyword(c.args, "path"); k != nil {
		a = k
	}
	if k := keyword(c.args, "dirname"); k != nil {
		a = k
	}
	if a == nil {
		return Effect{}, false
	}
	e, ok := pathEffect(c, Write, a, false)
	e.Append = true
	return e, ok
}
