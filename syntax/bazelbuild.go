package syntax

import (
	"path/filepath"
	"strconv"
	"strings"
)

// bazel build, run, test and coverage (bazelisk too) build the targets
// their patterns name, from the BUILD.bazel (else BUILD) file of each
// target's package: a genrule's cmd (cmd_bash) is bash text run on this
// machine (sandboxed or not, as the strategy says), after Bazel expands
// its make variables ($(location X), $(SRCS), $@, $$); every target a
// built target names (srcs, deps, data, tools, …) in the workspace is
// built first. bazel run then runs the one target's program: a
// *_binary's first src, read as a script of its language; bazel test
// and coverage the *_test targets' first src. A pattern is //pkg:name,
// //pkg (its last component), :name or pkg:name (from the working
// directory's package), //pkg:all or //pkg:* (each target of pkg) and
// //pkg/... (each package below, to a few levels). A cmd that is no
// literal string, or holds a make variable Bazel alone knows, asks when
// it names a command that can destroy data.

// bazelTarget is one call of a BUILD file: its rule, its name and its
// attributes' raw text.
type bazelTarget struct {
	rule, name string
	attrs      map[string]string
	line       int
}

// bazelBuildFile returns the targets of a BUILD file's text: each
// top-level call NAME(…) with a name attribute.
func bazelBuildFile(text string) []bazelTarget {
	var out []bazelTarget
	consts := map[string]string{} // NAME = "literal" at the top level
	depth := 0
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; {
		case ch == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case ch == '"' || ch == '\'':
			_, end := starlarkString(text, i)
			i = end - 1
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			depth--
		case depth == 0 && (ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z'):
			j := i
			for j < len(text) && (text[j] == '_' || text[j] == '.' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
				j++
			}
			rule := text[i:j]
			k := j
			for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
				k++
			}
			if k < len(text) && text[k] == '=' && (k+1 >= len(text) || text[k+1] != '=') && (i == 0 || text[i-1] == '\n') {
				// NAME = "…" + "…": a constant the calls below may use.
				e := strings.IndexByte(text[k:], '\n')
				if e < 0 {
					e = len(text) - k
				}
				if v, ok := starlarkStr(text[k+1:k+e], consts); ok {
					consts[rule] = v
				}
				i = j - 1
				continue
			}
			if k >= len(text) || text[k] != '(' || i > 0 && text[i-1] == '.' {
				i = j - 1
				continue
			}
			args, end := starlarkArgs(text, k)
			for n, v := range args {
				if s, ok := starlarkStr(v, consts); ok && !strings.HasPrefix(strings.TrimSpace(v), "\"") && !strings.HasPrefix(strings.TrimSpace(v), "'") {
					args[n] = strconv.Quote(s) // a constant's value, as a literal
				}
			}
			t := bazelTarget{rule: rule, attrs: args, line: strings.Count(text[:i], "\n") + 1}
			if v, ok := starlarkStr(args["name"], nil); ok {
				t.name = v
				out = append(out, t)
			}
			i = end - 1
		}
	}
	return out
}

// starlarkString reads the string literal at text[i] (a quote, maybe
// tripled; the r prefix is the caller's): its value and the index after
// it.
func starlarkString(text string, i int) (string, int) {
	q := text[i : i+1]
	if strings.HasPrefix(text[i:], q+q+q) {
		q = q + q + q
	}
	var b strings.Builder
	j := i + len(q)
	for j < len(text) {
		if strings.HasPrefix(text[j:], q) {
			return b.String(), j + len(q)
		}
		if text[j] == '\\' && j+1 < len(text) {
			switch text[j+1] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\n':
			default:
				b.WriteByte(text[j+1])
			}
			j += 2
			continue
		}
		if len(q) == 1 && text[j] == '\n' {
			break
		}
		b.WriteByte(text[j])
		j++
	}
	return b.String(), j
}

// starlarkArgs reads the keyword arguments of the call whose ( is at
// text[open]: each name's raw value; and the index after the ).
func starlarkArgs(text string, open int) (map[string]string, int) {
	args := map[string]string{}
	depth := 0
	start := open + 1
	add := func(end int) {
		part := strings.TrimSpace(text[start:end])
		if k, v, ok := strings.Cut(part, "="); ok && !strings.ContainsAny(k, "\"'([") {
			args[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	for i := open; i < len(text); i++ {
		switch ch := text[i]; ch {
		case '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case '"', '\'':
			_, end := starlarkString(text, i)
			i = end - 1
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				add(i)
				return args, i + 1
			}
		case ',':
			if depth == 1 {
				add(i)
				start = i + 1
			}
		}
	}
	return args, len(text)
}

// starlarkStr is the value of a string expression: literals and the
// names of consts joined by +; ok is false for anything else (another
// variable, a call, a format).
func starlarkStr(v string, consts map[string]string) (string, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", false
	}
	var b strings.Builder
	for {
		v = strings.TrimSpace(v)
		j := 0
		for j < len(v) && (v[j] == '_' || v[j] >= 'a' && v[j] <= 'z' || v[j] >= 'A' && v[j] <= 'Z' || j > 0 && v[j] >= '0' && v[j] <= '9') {
			j++
		}
		if c, ok := consts[v[:j]]; ok && j > 0 {
			b.WriteString(c)
			v = strings.TrimSpace(v[j:])
		} else {
			v = strings.TrimSpace(strings.TrimPrefix(v, "r"))
			if v == "" || v[0] != '"' && v[0] != '\'' {
				return "", false
			}
			s, end := starlarkString(v, 0)
			b.WriteString(s)
			v = strings.TrimSpace(v[end:])
		}
		if v == "" {
			return b.String(), true
		}
		if v[0] != '+' {
			return "", false
		}
		v = v[1:]
	}
}

// starlarkList is the literal strings of a list expression ([..] + [..];
// glob(…) and variables give none).
func starlarkList(v string) []string {
	var out []string
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"', '\'':
			s, end := starlarkString(v, i)
			out = append(out, s)
			i = end - 1
		case 'g':
			if strings.HasPrefix(v[i:], "glob(") {
				_, end := starlarkArgs(v, i+4)
				i = end - 1
			}
		}
	}
	return out
}

// bazelMakeVars expands the make variables of a genrule's cmd as Bazel
// does: $$ is $, $(location X) and its kind the path of X, $@, $<,
// $(OUTS), $(SRCS) and the output directories paths of the package's
// output tree. ok is false when a variable only Bazel knows is left.
func bazelMakeVars(cmd, pkg string, t bazelTarget) (string, bool) {
	gen := filepath.Join("bazel-out/k8-fastbuild/bin", pkg)
	outs := starlarkList(t.attrs["outs"])
	srcs := starlarkList(t.attrs["srcs"])
	path := func(l string) string {
		l = strings.TrimPrefix(l, ":")
		if strings.HasPrefix(l, "//") {
			p, n, _ := strings.Cut(strings.TrimPrefix(l, "//"), ":")
			return filepath.Join(p, n)
		}
		return filepath.Join(pkg, l)
	}
	join := func(ls []string) string {
		var q []string
		for _, l := range ls {
			q = append(q, path(l))
		}
		return strings.Join(q, " ")
	}
	var b strings.Builder
	ok := true
	for i := 0; i < len(cmd); i++ {
		if cmd[i] != '$' || i+1 >= len(cmd) {
			b.WriteByte(cmd[i])
			continue
		}
		i++
		switch cmd[i] {
		case '$':
			b.WriteByte('$')
		case '@':
			if len(outs) > 0 {
				b.WriteString(filepath.Join(gen, outs[0]))
			}
		case '<':
			if len(srcs) > 0 {
				b.WriteString(path(srcs[0]))
			}
		case '(':
			end := strings.IndexByte(cmd[i:], ')')
			if end < 0 {
				return cmd, false
			}
			words := strings.Fields(cmd[i+1 : i+end])
			i += end
			switch {
			case len(words) == 2 && (words[0] == "location" || words[0] == "locations" || words[0] == "execpath" ||
				words[0] == "execpaths" || words[0] == "rootpath" || words[0] == "rootpaths" || words[0] == "rlocationpath"):
				b.WriteString(path(words[1]))
			case len(words) == 1 && words[0] == "OUTS":
				var q []string
				for _, o := range outs {
					q = append(q, filepath.Join(gen, o))
				}
				b.WriteString(strings.Join(q, " "))
			case len(words) == 1 && words[0] == "SRCS":
				b.WriteString(join(srcs))
			case len(words) == 1 && (words[0] == "@D" || words[0] == "RULEDIR"):
				b.WriteString(gen)
			case len(words) == 1 && (words[0] == "GENDIR" || words[0] == "BINDIR"):
				b.WriteString("bazel-out/k8-fastbuild/bin")
			default:
				ok = false
				b.WriteString("$(" + strings.Join(words, " ") + ")")
			}
		default:
			b.WriteByte('$')
			b.WriteByte(cmd[i])
		}
	}
	return b.String(), ok
}

// bazelBuild models what bazel cmd builds and runs (see the top of this
// file); root is the workspace's directory, opts the words after cmd.
func (w *walker) bazelBuild(c scope, call *Call, root Dir, cmd string, opts []Arg) {
	if !root.Known || !call.Dir.Known {
		return
	}
	cwdPkg, err := filepath.Rel(root.Path, call.Dir.Path)
	if err != nil || strings.HasPrefix(cwdPkg, "..") {
		return
	}
	if cwdPkg == "." {
		cwdPkg = ""
	}
	type item struct {
		pkg, name string // name "": every target of pkg
		run       bool   // the program bazel run or test runs
	}
	var queue []item
	// label turns a label written in package from into an item.
	label := func(l, from string) (item, bool) {
		switch {
		case strings.HasPrefix(l, "@"), strings.HasPrefix(l, "-"):
			return item{}, false // another repository; a subtraction
		case strings.HasPrefix(l, "//"):
			l = strings.TrimPrefix(l, "//")
			p, n, has := strings.Cut(l, ":")
			if !has {
				n = filepath.Base(p)
			}
			return item{pkg: p, name: n}, true
		case strings.HasPrefix(l, ":"):
			return item{pkg: from, name: l[1:]}, true
		}
		if p, n, has := strings.Cut(l, ":"); has {
			return item{pkg: filepath.Join(from, p), name: n}, true
		}
		return item{pkg: from, name: l}, true
	}
	patterns := 0
	for i := 0; i < len(opts); i++ {
		a := opts[i]
		v := a.Value
		if v == "--" {
			break // bazel run's program arguments
		}
		if strings.HasPrefix(v, "-") || !a.Static {
			continue
		}
		patterns++
		if patterns > 1 && cmd == "run" {
			break // the program's arguments
		}
		from := cwdPkg
		switch {
		case v == "..." || strings.HasSuffix(v, "/..."):
			p, abs := strings.CutPrefix(v, "//")
			p = strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
			if !abs {
				p = filepath.Join(from, p)
			}
			if p == "." {
				p = ""
			}
			if strings.Contains(p, ":") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "..") {
				continue
			}
			queue = append(queue, item{pkg: p, run: cmd != "build"})
			base := root.Join(p)
			for _, pat := range []string{"*/BUILD*", "*/*/BUILD*", "*/*/*/BUILD*"} {
				for _, f := range w.globNames(base, pat) {
					queue = append(queue, item{pkg: filepath.Join(p, filepath.Dir(f)), run: cmd != "build"})
				}
			}
			continue
		}
		it, ok := label(v, from)
		if !ok {
			continue
		}
		if it.name == "all" || it.name == "*" || it.name == "all-targets" {
			it.name = ""
		}
		it.run = cmd != "build"
		queue = append(queue, it)
	}
	files := map[string][]bazelTarget{}
	names := map[string]string{}               // the file each package's targets are in
	loads := map[string]map[string][2]string{} // each package's loaded symbols
	seen := map[item]bool{}
	for n := 0; len(queue) > 0 && n < 8*maxTaskDepth; n++ {
		it := queue[0]
		queue = queue[1:]
		if seen[it] {
			continue
		}
		seen[it] = true
		pdir := root.Join(it.pkg)
		targets, read := files[it.pkg]
		if !read {
			for _, f := range []string{"BUILD.bazel", "BUILD"} {
				if text, ok := w.readScript(pdir.Join(f)); ok {
					targets = bazelBuildFile(text)
					loads[it.pkg] = bazelLoads(text)
					names[it.pkg] = filepath.Join(it.pkg, f)
					break
				}
			}
			files[it.pkg] = targets
		}
		for _, t := range targets {
			if it.name != "" && t.name != it.name {
				continue
			}
			where := names[it.pkg] + ":" + strconv.Itoa(t.line) + " (" + t.rule + " " + t.name + ")"
			// What the target names is built first.
			for _, attr := range []string{"srcs", "deps", "data", "tools", "exec_tools", "toolchains", "hdrs", "runtime_deps", "exports"} {
				for _, l := range starlarkList(t.attrs[attr]) {
					if !strings.HasPrefix(l, ":") && !strings.HasPrefix(l, "//") {
						continue // a file of the package
					}
					if d, ok := label(l, it.pkg); ok {
						queue = append(queue, d)
					}
				}
			}
			if ld, ok := loads[it.pkg][t.rule]; ok {
				// A macro of a .bzl file: one level of it is followed,
				// its native.genrule's cmd run as a genrule's is.
				w.bazelMacro(c, call, root, it.pkg, t, ld, where)
				continue
			}
			if t.rule == "genrule" {
				raw, has := t.attrs["cmd_bash"]
				if !has {
					raw, has = t.attrs["cmd"]
				}
				if !has {
					continue
				}
				text, lit := starlarkStr(raw, nil)
				if !lit {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: raw,
						What: where + " runs a command built when Bazel reads the file"})
					continue
				}
				text, known := bazelMakeVars(text, it.pkg, t)
				w.runTaskText(c, call, root, text, where, !known)
				continue
			}
			isTest := strings.HasSuffix(t.rule, "_test")
			if !it.run || !(cmd == "run" && strings.HasSuffix(t.rule, "_binary") || cmd != "run" && isTest) {
				continue
			}
			srcs := starlarkList(t.attrs["srcs"])
			if len(srcs) == 0 || strings.HasPrefix(srcs[0], ":") || strings.HasPrefix(srcs[0], "//") {
				continue
			}
			inner := *call
			inner.Dir = pdir
			as := ""
			if strings.HasPrefix(t.rule, "sh_") {
				as = "sh"
			}
			w.scriptFile(c, &inner, Arg{Value: srcs[0], Raw: srcs[0], Static: true}, as)
		}
	}
}

// bazelLoads returns the symbols a BUILD file's load statements bring in
// (load(":defs.bzl", "wipe", w2 = "wipe2")): each local name with the
// label of its .bzl file and its name there.
func bazelLoads(text string) map[string][2]string {
	out := map[string][2]string{}
	for i := 0; i < len(text); i++ {
		if !strings.HasPrefix(text[i:], "load(") || i > 0 && text[i-1] != '\n' {
			continue
		}
		kw, end := starlarkArgs(text, i+4)
		inner := text[i+5 : max(i+5, end-1)]
		strs := starlarkList(inner)
		if len(strs) == 0 {
			continue
		}
		for _, s := range strs[1:] {
			out[s] = [2]string{strs[0], s}
		}
		for local, raw := range kw {
			if s, ok := starlarkStr(raw, nil); ok {
				out[local] = [2]string{strs[0], s}
			}
		}
		i = end - 1
	}
	return out
}

// bzlMacro is what a .bzl function does when a BUILD file calls it:
// found reports a native.genrule call in its body, whose cmd is the
// literal cmd or the function's parameter param.
type bzlMacro struct {
	found      bool
	cmd, param string
	// body is the function's text; args the genrule's raw arguments.
	body string
	args map[string]string
}

// bzlMacroOf reads the function name of a .bzl file's text (def NAME(…):
// and its indented body) for its native.genrule call.
func bzlMacroOf(text, name string) bzlMacro {
	k := strings.Index(text, "\ndef "+name+"(")
	if k < 0 && strings.HasPrefix(text, "def "+name+"(") {
		k = -1
	} else if k < 0 {
		return bzlMacro{}
	}
	body := text[k+1:]
	if nl := strings.IndexByte(body, '\n'); nl >= 0 {
		rest := body[nl+1:]
		end := len(rest)
		for off := 0; off < len(rest); {
			line, _, _ := strings.Cut(rest[off:], "\n")
			if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") && line[0] != ' ' && line[0] != '\t' {
				end = off
				break
			}
			off += len(line) + 1
		}
		body = body[:nl+1] + rest[:end]
	}
	g := strings.Index(body, "native.genrule(")
	if g < 0 {
		return bzlMacro{body: body}
	}
	args, _ := starlarkArgs(body, g+len("native.genrule"))
	raw, has := args["cmd_bash"]
	if !has {
		raw = args["cmd"]
	}
	m := bzlMacro{found: true, body: body, args: args}
	if s, ok := starlarkStr(raw, nil); ok {
		m.cmd = s
	} else if isStarlarkName(raw) {
		m.param = raw
	}
	return m
}

func isStarlarkName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// bzlPath is the workspace path of a .bzl label written in package pkg
// (":defs.bzl", "//tools:defs.bzl", "defs.bzl"); ok is false for another
// repository's.
func bzlPath(l, pkg string) (string, bool) {
	switch {
	case strings.HasPrefix(l, "@"):
		return "", false
	case strings.HasPrefix(l, "//"):
		p, f, _ := strings.Cut(strings.TrimPrefix(l, "//"), ":")
		return filepath.Join(p, f), true
	}
	return filepath.Join(pkg, strings.TrimPrefix(l, ":")), true
}

// bazelMacro judges target t of package pkg, a call of the macro ld
// (its .bzl label and name there): a function whose body calls
// native.genrule with a literal cmd or one of its parameters runs that
// command; another loaded function asks when its file names a command
// that can destroy data.
func (w *walker) bazelMacro(c scope, call *Call, root Dir, pkg string, t bazelTarget, ld [2]string, where string) {
	p, ok := bzlPath(ld[0], pkg)
	if !ok {
		return // another repository's rules
	}
	text, ok := w.readScript(root.Join(p))
	if !ok {
		return
	}
	m := bzlMacroOf(text, ld[1])
	cmd, known := m.cmd, m.cmd != ""
	if m.param != "" {
		cmd, known = starlarkStr(t.attrs[m.param], nil)
	}
	if m.found && known {
		// The genrule's own attributes, a parameter's from the call.
		g := bazelTarget{rule: "genrule", name: t.name, attrs: map[string]string{}, line: t.line}
		for k, v := range m.args {
			if isStarlarkName(v) {
				v = t.attrs[v]
			}
			g.attrs[k] = v
		}
		cmd, lit := bazelMakeVars(cmd, pkg, g)
		w.runTaskText(c, call, root, cmd, where+" via "+p+" "+ld[1], !lit)
		return
	}
	if m.body == "" {
		return // no such function: a symbol the file re-exports
	}
	// The text judged is the function's and that of each function of
	// the file it calls (_impl(name), a helper that calls genrule).
	judged := m.body
	for _, part := range strings.Split(text, "\ndef ")[1:] {
		n, _, _ := strings.Cut(part, "(")
		if n != ld[1] && strings.Contains(m.body, n+"(") {
			judged += "\n" + bzlMacroOf(text, n).body
		}
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: judged,
		What: where + " calls " + ld[1] + " of " + p + ", a macro corral does not follow"})
}
