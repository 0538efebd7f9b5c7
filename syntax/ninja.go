package syntax

import (
	"os"
	"strings"
)

// ninja (and samu, its compatible rewrite) runs the command of each build
// statement of build.ninja (-f FILE, from the directory -C DIR names)
// with /bin/sh -c. A rule's command is expanded for each build as ninja
// expands it (ninja's manual, "Variable expansion"): $in and $out are the
// build's explicit inputs and outputs, each shell-escaped as ninja
// escapes them; another $name or ${name} is the build's binding, then the
// rule's, then the file's (include shares the file's scope, subninja
// opens its own); an unknown name is empty; $$, "$ " and "$:" are "$",
// " " and ":"; a line ending in $ goes on. Every build of the file is
// read, not only those the targets need (the cautious side), each
// distinct command once, and each is judged as the shell text it is.
// ninja -n (a dry run) and -t TOOL run none.

// ninjaSpec is ninja's options (ninja -h, 1.12).
var ninjaSpec = OptSpec{ShortVal: "Cfjkldtw", LongFlag: []string{"version", "verbose", "quiet", "help"}}

// maxNinjaCommands is the number of distinct commands of one ninja call
// read each; past it only a command of another template (or with paths
// that are not plain) is read, and past twice it the call asks.
const maxNinjaCommands = 512

// ninjaRun models ninja and samu; it reports whether call was one.
func (w *walker) ninjaRun(c scope, call *Call) bool {
	if call.Name != "ninja" && call.Name != "samu" {
		return false
	}
	opts, _ := ScanOptions(call.Args, ninjaSpec)
	dir, file := call.Dir, "build.ninja"
	var fileArg *Arg
	for _, o := range opts {
		if o.Name == "f" && o.HasVal && w.streamNamed(o.Val) {
			// ninja -f /dev/stdin, -f <(…): the text that descriptor
			// carries (configinput.go).
			v := o.Val
			fileArg = &v
			continue
		}
		switch o.Name {
		case "n", "t", "h", "help", "version":
			return true
		case "C", "f":
			if !o.HasVal || !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: call.Name + " runs the commands of a build file only known at run time"})
				return true
			}
			if o.Name == "C" {
				dir = dir.Join(o.Val.Value)
			} else {
				file = o.Val.Value
			}
		}
	}
	if !dir.Known {
		return true
	}
	n := &ninjaFile{w: w, dir: dir, seen: map[string]bool{}, templates: map[string]bool{}}
	if fileArg != nil {
		text, ok := w.configText(c, call, *fileArg, call.Name+" runs the commands of its build file")
		if !ok {
			return true
		}
		file = fileArg.Raw
		n.parse(text, file, &ninjaScope{vars: map[string]string{}}, 0)
	} else {
		n.read(dir.Join(file), &ninjaScope{vars: map[string]string{}}, 0)
	}
	for _, p := range n.unread {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p,
			What: call.Name + " runs the commands of " + w.projectRel(p) + ", which corral could not read"})
	}
	if n.over {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: file,
			What: call.Name + " runs more commands than corral reads (" + file + ")"})
	}
	for _, cmd := range n.cmds {
		w.runTaskText(c, call, dir, cmd.text, cmd.where, false)
	}
	return true
}

// ninjaScope is a scope of variables: a file's, a subninja's (with its
// parent), a rule's or a build's.
type ninjaScope struct {
	vars   map[string]string
	parent *ninjaScope
}

func (s *ninjaScope) get(name string) (string, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return "", false
}

type ninjaCmd struct{ text, where string }

// ninjaFile collects the commands of a build file and those it includes.
type ninjaFile struct {
	w    *walker
	dir  Dir
	cmds []ninjaCmd
	seen map[string]bool
	// templates are the commands read, $in and $out as markers.
	templates map[string]bool
	over      bool
	// unread are build files there that could not be read.
	unread []string
	// rules are the rules by name, with the scope they were declared in.
	rules map[string]ninjaRule
}

type ninjaRule struct {
	vars  map[string]string // unexpanded: expanded per build
	scope *ninjaScope
}

// read parses the file at d in scope (depth: include/subninja nesting).
func (n *ninjaFile) read(d Dir, scope *ninjaScope, depth int) {
	if depth > 8 || !d.Known {
		return
	}
	text, ok := n.w.readScript(d)
	if !ok {
		if fi, err := os.Stat(d.Path); n.w.read != nil && err == nil && fi.Mode().IsRegular() {
			n.unread = append(n.unread, d.Path) // too big, or unreadable
		}
		return
	}
	n.parse(text, n.w.projectRel(d.Path), scope, depth)
}

// parse reads the text of a build file named name.
func (n *ninjaFile) parse(text, name string, scope *ninjaScope, depth int) {
	if n.rules == nil {
		n.rules = map[string]ninjaRule{}
	}
	lines := ninjaLines(text)
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" || line[0] == ' ' || line[0] == '\t' {
			continue // an indented binding outside a block
		}
		// The block's indented bindings.
		var binds [][2]string
		for i+1 < len(lines) && lines[i+1] != "" && (lines[i+1][0] == ' ' || lines[i+1][0] == '\t') {
			i++
			if k, v, ok := strings.Cut(strings.TrimSpace(lines[i]), "="); ok {
				binds = append(binds, [2]string{strings.TrimSpace(k), strings.TrimLeft(v, " \t")})
			}
		}
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "rule":
			r := ninjaRule{vars: map[string]string{}, scope: scope}
			for _, b := range binds {
				r.vars[b[0]] = b[1]
			}
			n.rules[strings.TrimSpace(rest)] = r
		case "build":
			n.build(rest, binds, scope, name)
		case "include", "subninja":
			p := ninjaEval(strings.TrimSpace(rest), scope.get)
			inner := scope
			if word == "subninja" {
				inner = &ninjaScope{vars: map[string]string{}, parent: scope}
			}
			n.read(n.dir.Join(p), inner, depth+1)
		case "default", "pool":
		default:
			if k, v, ok := strings.Cut(line, "="); ok {
				scope.vars[strings.TrimSpace(k)] = ninjaEval(strings.TrimLeft(v, " \t"), scope.get)
			}
		}
	}
}

// build expands one build statement's command.
func (n *ninjaFile) build(decl string, binds [][2]string, scope *ninjaScope, file string) {
	outs, rest, ok := ninjaCutColon(decl)
	if !ok {
		return
	}
	fields := ninjaFields(rest)
	if len(fields) == 0 {
		return
	}
	ruleName := fields[0]
	r, ok := n.rules[ruleName]
	if ruleName == "phony" || !ok {
		return
	}
	var ins []string
	for _, f := range fields[1:] {
		if f == "|" || f == "||" || f == "|@" {
			break // implicit and order-only inputs are not $in
		}
		ins = append(ins, ninjaEval(f, scope.get))
	}
	var outList []string
	for _, f := range ninjaFields(outs) {
		if f == "|" {
			break
		}
		outList = append(outList, ninjaEval(f, scope.get))
	}
	bv := &ninjaScope{vars: map[string]string{}, parent: scope}
	for _, b := range binds {
		bv.vars[b[0]] = ninjaEval(b[1], scope.get)
	}
	// A rule's own variable is looked up after the build's, before the
	// file's; $in and $out first.
	// masked: $in and $out stand as markers, for the key under which
	// builds that differ only in plain paths are read once.
	masked := false
	var lookup func(string) (string, bool)
	depth := 0
	lookup = func(name string) (string, bool) {
		switch name {
		case "in", "in_newline", "out":
			if masked {
				return "\x00" + name, true
			}
		}
		switch name {
		case "in":
			return ninjaShellJoin(ins, " "), true
		case "in_newline":
			return ninjaShellJoin(ins, "\n"), true
		case "out":
			return ninjaShellJoin(outList, " "), true
		}
		if v, ok := bv.vars[name]; ok {
			return v, true
		}
		if v, ok := r.vars[name]; ok && depth < 16 {
			depth++
			defer func() { depth-- }()
			return ninjaEval(v, lookup), true
		}
		return r.scope.get(name)
	}
	cmd, _ := lookup("command")
	if strings.TrimSpace(cmd) == "" || n.seen[cmd] {
		return
	}
	n.seen[cmd] = true
	// The template: $in and $out as markers. Past maxNinjaCommands,
	// a.o from a.c by a rule whose command for x.o from x.c was read
	// already is not read again (plain relative paths only).
	masked = true
	key, _ := lookup("command")
	masked = false
	plain := ninjaPlain(ins) && ninjaPlain(outList)
	first := !n.templates[key]
	n.templates[key] = true
	if len(n.cmds) >= maxNinjaCommands && plain && !first {
		return
	}
	if len(n.cmds) >= 2*maxNinjaCommands {
		n.over = true
		return
	}
	where := file + " rule " + ruleName
	if len(outList) > 0 {
		where += " (build " + clip(outList[0], 60) + ")"
	}
	n.cmds = append(n.cmds, ninjaCmd{text: cmd, where: where})
}

// ninjaLines splits text into logical lines: a line ending in an odd
// number of $ goes on with the next, its leading blanks dropped; comment
// lines are left out.
func ninjaLines(text string) []string {
	var out []string
	var cur strings.Builder
	cont := false
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if cont {
			line = strings.TrimLeft(line, " \t")
		} else if strings.HasPrefix(strings.TrimLeft(line, " \t"), "#") {
			continue
		}
		trail := len(line) - len(strings.TrimRight(line, "$"))
		if trail%2 == 1 {
			cur.WriteString(line[:len(line)-1])
			cont = true
			continue
		}
		cur.WriteString(line)
		cont = false
		if strings.TrimSpace(cur.String()) == "" {
			out = append(out, "")
		} else {
			out = append(out, cur.String())
		}
		cur.Reset()
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// ninjaEval expands text's variables with get.
func ninjaEval(text string, get func(string) (string, bool)) string {
	if !strings.Contains(text, "$") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch != '$' || i+1 >= len(text) {
			b.WriteByte(ch)
			continue
		}
		i++
		switch nc := text[i]; {
		case nc == '$' || nc == ' ' || nc == ':':
			b.WriteByte(nc)
		case nc == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return b.String()
			}
			v, _ := get(text[i+1 : i+end])
			b.WriteString(v)
			i += end
		case ninjaVarChar(nc, false):
			j := i
			for j < len(text) && ninjaVarChar(text[j], false) {
				j++
			}
			v, _ := get(text[i:j])
			b.WriteString(v)
			i = j - 1
		default:
			// ninja refuses a bad $-escape; the text is kept.
			b.WriteByte('$')
			b.WriteByte(nc)
		}
	}
	return b.String()
}

func ninjaVarChar(c byte, dot bool) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || dot && c == '.'
}

// ninjaCutColon splits a build line at its first unescaped colon.
func ninjaCutColon(s string) (before, after string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '$' {
			i++
			continue
		}
		if s[i] == ':' {
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}

// ninjaFields splits s at unescaped blanks.
func ninjaFields(s string) []string {
	var out []string
	start := -1
	for i := 0; i < len(s); i++ {
		if s[i] == '$' {
			if start < 0 {
				start = i
			}
			i++
			continue
		}
		if s[i] == ' ' || s[i] == '\t' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// ninjaShellJoin joins paths as ninja writes $in and $out on POSIX: a
// path of only safe characters as it is, any other in single quotes
// (GetShellEscapedString).
func ninjaShellJoin(paths []string, sep string) string {
	parts := make([]string, 0, len(paths))
	for _, p := range paths {
		safe := p != ""
		for i := 0; i < len(p) && safe; i++ {
			c := p[i]
			safe = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_+,-./", c) >= 0
		}
		if safe {
			parts = append(parts, p)
		} else {
			parts = append(parts, "'"+strings.ReplaceAll(p, "'", `'\''`)+"'")
		}
	}
	return strings.Join(parts, sep)
}

// ninjaPlain reports that each path is a plain relative one: safe
// characters only, no segment that starts with a dot (.git, ..), not
// absolute, so that which one a command names does not change its
// judgement.
func ninjaPlain(paths []string) bool {
	for _, p := range paths {
		if p == "" || p[0] == '/' || strings.HasPrefix(p, ".") || strings.Contains(p, "/.") || ninjaShellJoin([]string{p}, "") != p {
			return false
		}
	}
	return true
}

// ninjaIncluded returns text with the text of each file its include and
// subninja lines name appended (from dir, 8 deep), for readers of the
// build lines that need no variables (ninja -t clean). A name holding a
// variable is only known when ninja reads the file: asked about.
func (w *walker) ninjaIncluded(call *Call, dir Dir, text string, depth int) string {
	if depth > 8 {
		return text
	}
	var b strings.Builder
	b.WriteString(text)
	for _, line := range strings.Split(strings.ReplaceAll(text, "$\n", " "), "\n") {
		word, rest, _ := strings.Cut(line, " ")
		if word != "include" && word != "subninja" {
			continue
		}
		p := strings.TrimSpace(rest)
		if strings.Contains(p, "$") {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: p,
				What: call.Name + " reads the build file " + clip(p, 60) + ", a path only known when it runs"})
			continue
		}
		if more, ok := w.readScript(dir.Join(p)); ok {
			b.WriteString("\n")
			b.WriteString(w.ninjaIncluded(call, dir, more, depth+1))
		}
	}
	return b.String()
}
