package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Ruby

var rubyShell = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"system": true, "exec": true, "spawn": true, "Kernel.system": true, "Kernel.exec": true,
		"Kernel.spawn": true, "Process.spawn": true, "Process.exec": true, "IO.popen": true, "Open3.popen3": true, "Open3.popen2": true,
		"Open3.popen2e": true, "Open3.capture2": true, "Open3.capture2e": true, "Open3.capture3": true,
		"Open3.pipeline": true, "Open3.pipeline_r": true, "Open3.pipeline_w": true, "Open3.pipeline_rw": true, "PTY.spawn": true}
}}

var rubyDelete = lazy.Value[map[string]struct{ recursive, dir bool }]{New: func() map[string]struct{ recursive, dir bool } {
	return map[string]struct{ recursive, dir bool }{
		"FileUtils.rm_rf": {recursive: true}, "FileUtils.rm_r": {recursive: true}, "FileUtils.remove_dir": {recursive: true},
		"FileUtils.remove_entry": {recursive: true}, "FileUtils.remove_entry_secure": {recursive: true}, "FileUtils.rmtree": {recursive: true},
		"FileUtils.rm": {}, "FileUtils.rm_f": {}, "FileUtils.remove": {}, "FileUtils.rmdir": {dir: true},
		"File.delete": {}, "File.unlink": {}, "Dir.rmdir": {dir: true}, "Dir.delete": {dir: true}, "Dir.unlink": {dir: true},
		"FileUtils.remove_file": {},
	}
}}

// rubyLink are the calls that make a link (true: a symbolic one): the
// first argument is what it leads to, the second the link.
var rubyLink = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"File.symlink": true, "File.link": false, "FileUtils.ln_s": true, "FileUtils.ln_sf": true,
		"FileUtils.symlink": true, "FileUtils.ln": false, "FileUtils.link": false}
}}

// rubyAttrs are the calls that move files ("move": the first argument,
// or each of a list, to the second; "rename": rename(2)), change their
// mode ("chmod", the mode first), their owner ("chown", owner and group
// first) or their length ("truncate"); the _R forms recurse.
var rubyAttrs = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"File.rename": "rename", "FileUtils.mv": "move", "FileUtils.move": "move",
		"File.chmod": "chmod", "File.lchmod": "chmod", "FileUtils.chmod": "chmod", "FileUtils.chmod_R": "chmod",
		"File.chown": "chown", "File.lchown": "chown", "FileUtils.chown": "chown", "FileUtils.chown_R": "chown",
		"File.truncate": "truncate"}
}}

// rubyCopy are the copies, with the shell's cp that does the same
// (copyEffect): cp, copy and install enter a directory destination,
// cp_r copies a tree into one, copy_file and IO.copy_stream (given
// paths) write the destination itself, copy_entry a tree's content.
var rubyCopy = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"FileUtils.cp": "cp", "FileUtils.copy": "cp", "FileUtils.install": "cp", "FileUtils.cp_r": "cp -r",
		"FileUtils.copy_file": "cp -T", "FileUtils.copy_entry": "cp -rT", "IO.copy_stream": "cp -T", "File.copy_stream": "cp -T"}
}}

// rubyRead are the calls that read the file in their first argument.
var rubyRead = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"File.read": true, "IO.read": true, "File.readlines": true, "IO.readlines": true,
		"File.binread": true, "IO.binread": true, "File.foreach": true, "IO.foreach": true, "File.new": true,
		// Parsers and readers that open the file they are given by name
		// (red team of 2026-12-05): YAML/Psych and JSON's load_file,
		// Zlib's GzipReader.open.
		"YAML.load_file": true, "YAML.safe_load_file": true, "YAML.unsafe_load_file": true,
		"Psych.load_file": true, "Psych.safe_load_file": true, "Psych.unsafe_load_file": true,
		"JSON.load_file": true, "GzipReader.open": true}
}}

// rubyEval are the methods that run a string as Ruby code.
var rubyEval = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"eval": true, "instance_eval": true, "class_eval": true, "module_eval": true}
}}

func ruby(p *parser) []Effect {
	// canon is the name a call stands for: a name bound to a function
	// (m = method(:system), rewritten to m = system) is that function,
	// and its .call is a call of it.
	canon := func(name string) string {
		full := p.al.resolve(name)
		if base, ok := strings.CutSuffix(full, ".call"); ok && full != name && p.dangerousFn(base) {
			return base
		}
		// Zlib::GzipReader is GzipReader (include Zlib names it so).
		return strings.TrimPrefix(full, "Zlib.")
	}
	// include FileUtils (or its Verbose variant; NoWrite and DryRun
	// write nothing) makes its methods callable without the module:
	// rm_rf(dir), cp(a, b).
	fileUtils := rubyIncludesFileUtils.Get().MatchString(p.src)
	mixin := func(name string) string {
		if q := "FileUtils." + name; fileUtils && !strings.Contains(name, ".") && isFileUtilsCall(q) {
			return q
		}
		return name
	}
	interesting := func(name string) bool {
		name = mixin(canon(name))
		_, del := rubyDelete.Get()[name]
		_, link := rubyLink.Get()[name]
		return rubyShell.Get()[name] || del || link || rubyChdir.Get()[name] || rubyAttrs.Get()[name] != "" || rubyCopy.Get()[name] != "" || rubyRead.Get()[name] || name == "File.write" || name == "IO.write" || name == "GzipWriter.open" || name == "File.open" || name == "IO.sysopen" || name == "File.binwrite" || name == "IO.binwrite" ||
			name == "open" || name == "Kernel.open" || name == "URI.open" || rubyPathnameWrites("Pathname."+lastSegment(name)) != "" ||
			rubyEval.Get()[lastSegment(name)] || rubyLists.Get()[name] != "" || strings.HasPrefix(rubyLists.Get()["Pathname."+name], "recv") ||
			rubyRecvRunner(lastSegment(name)) != "" || rubyRecvPipe(lastSegment(name)) != "" || credLoaderCall("ruby", p.src, name)
	}
	out := p.rubyArgvReads()
	var listed listings
	p.rubyDirIndex(&listed)
	for _, c := range p.findCalls(true, interesting) {
		if n, t := p.toks[c.next-1], p.tok(c.next); isP(t, ":") && t.off == n.off+len(n.text) {
			continue // {system: 1}, f(exec: true): a hash key, not a call
		}
		c.name = canon(c.name)
		if !c.method {
			c.name = mixin(c.name)
		}
		if e, ok := credLoaderEffect(c, "ruby", p.src); ok {
			// Aws::SharedCredentials.new,
			// Google::Auth.get_application_default: the credential
			// file the library reads (credloaders.go).
			out = append(out, e)
			continue
		}
		if to := rubyRecvPipe(lastSegment(c.name)); to != "" && rubyRecvUnnamed(c) {
			// [IO].first.read("|cmd"), k.open("|cmd"): a pipe open
			// when the receiver is IO or Kernel (rubyrecv.go).
			if a := argAt(c.args, 0); a != nil && a.lit && strings.HasPrefix(a.str, "|") {
				d := c
				d.name = to
				if e, ok := rubyPipeOpen(d); ok {
					out = append(out, e)
				}
			}
			continue
		}
		if kind := rubyLists.Get()[c.name]; kind != "" && (!c.method || strings.HasPrefix(kind, "recv")) {
			rubyListing(c, kind, &listed)
			continue
		}
		if !c.method && (rubyRead.Get()[c.name] || c.name == "File.open" || c.name == "open" || c.name == "Kernel.open") {
			if a := argAt(c.args, 0); a == nil || !a.lit || !strings.HasPrefix(a.str, "|") {
				listed.read(a)
			}
		}
		if last := lastSegment(c.name); rubyEval.Get()[last] {
			if last == "eval" && c.method && c.name != "Kernel.eval" && c.name != "binding.eval" && c.name != "TOPLEVEL_BINDING.eval" {
				continue // some object's eval
			}
			if len(c.args) == 0 && (isP(p.tok(c.next), "{") || isI(p.tok(c.next), "do") || !c.parens) {
				continue // instance_eval { … }: a block, read as code already
			}
			out = append(out, p.evalCode(c, argAt(c.args, 0))...)
			continue
		}
		if rubyChdir.Get()[c.name] && !c.method {
			out = append(out, p.rubyChdir(c)...)
			continue
		}
		if isP(p.tok(c.next), "=") || isP(p.tok(c.next), ".") || len(c.args) == 0 && !c.parens && (p.statementEnd(c.next) && isP(p.tok(c.first-1), "=") || isP(p.tok(c.first-1), "&")) {
			continue // m = method(:system) as rewritten: a value, not a call
		}
		if to := rubyRecvRunner(c.name); to != "" && !c.method && !rubyShell.Get()[c.name] {
			// A bare popen(…), capture2(…): Open3's function when the
			// code includes Open3 (its functions become the object's
			// own), else a method of the code's own, whose arguments
			// are not files.
			if !strings.HasPrefix(to, "Open3.") || !rubyIncludesOpen3.Get().MatchString(p.src) {
				continue
			}
			c.name = to
		}
		if to := rubyRecvRunner(lastSegment(c.name)); to != "" && (c.method && !strings.Contains(c.name, ".") || strings.Contains(c.name, ".") && !rubyShell.Get()[c.name]) {
			// A runner's name called on a receiver corral cannot name
			// (rubyrecv.go, red team rc).
			e, judge := p.rubyUnnamedRunner(c, to)
			if e != nil {
				out = append(out, *e)
			}
			if !judge {
				continue
			}
			c.name, c.method = to, false
		}
		if c.method && !strings.Contains(c.name, ".") {
			continue // x.system is some object's method
		}
		if strings.Count(c.name, ".") > 1 {
			continue
		}
		if e, ok := rubyPipeOpen(c); ok {
			out = append(out, e)
			continue
		}
		if c.name == "open" || c.name == "Kernel.open" || c.name == "URI.open" {
			continue // a file: File.open's reading covers the rest
		}
		symbolic, link := rubyLink.Get()[c.name]
		switch {
		case rubyPathnameWrites(c.name) != "":
			out = append(out, rubyPathnameEffects(c)...) // pathname16.go
		case rubyAttrs.Get()[c.name] != "":
			out = append(out, rubyAttrCall(c)...)
		case rubyCopy.Get()[c.name] != "":
			// FileUtils.cp(src, dest), FileUtils.cp(list, dir): each
			// into dir.
			pos := positional(c.args)
			src, dst := argAt(pos, 0), argAt(pos, 1)
			if src != nil && src.isList {
				for _, v := range src.list {
					out = append(out, copyEffect(c, &arg{lit: true, str: v, text: v}, dst, rubyCopy.Get()[c.name])...)
				}
				continue
			}
			out = append(out, copyEffect(c, src, dst, rubyCopy.Get()[c.name])...)
		case link:
			// File.symlink(old, new), FileUtils.ln_s(src, dest): new is
			// the link.
			pos := positional(c.args)
			if e, ok := linkEffect(c, argAt(pos, 0), argAt(pos, 1), symbolic); ok {
				out = append(out, e)
			}
		case rubyShell.Get()[c.name]:
			// system(…, chdir: d), Process.spawn(…, chdir: d): the
			// process starts in d.
			out = append(out, withCwd([]Effect{rubyArgvOrShell(c)}, rubyKeywordArg(c.args, "chdir"))...)
		case c.name == "File.write" || c.name == "IO.write" || c.name == "File.binwrite" || c.name == "IO.binwrite":
			// IO.binwrite is File.binwrite (File inherits it from IO):
			// the file truncated unless given an offset or mode: "a".
			if e, ok := pathEffect(c, Write, argAt(c.args, 0), false); ok {
				if m, ok := rubyModeKeyword(c.args); ok {
					e.Append = strings.Contains(m, "a") // mode: "a"
				}
				out = append(out, e)
			}
		case c.name == "GzipWriter.open":
			// Zlib::GzipWriter.open(path) truncates and writes path, as
			// File.open(path, "w") does (red team of 2026-12-05).
			if e, ok := pathEffect(c, Write, argAt(positional(c.args), 0), false); ok {
				out = append(out, e)
			}
		case c.name == "IO.sysopen":
			// IO.sysopen(path, mode) opens a descriptor: by the mode
			// ("r", "a", "w+") or the flags (File::WRONLY | …).
			pos := positional(c.args)
			if m := argAt(pos, 1); m == nil || !isKeywordArg(m.text) || strings.Contains(m.text, "::") {
				out = append(out, openEffects(c, argAt(pos, 0), m)...)
			}
		case c.name == "File.open" || c.name == "File.new":
			m := argAt(c.args, 1)
			if v, ok := rubyModeKeyword(c.args); ok {
				// File.open(p, mode: "w"), File.new(p, "mode" => "a").
				m = &arg{lit: true, str: v, text: v}
			}
			if m != nil && m.lit && strings.ContainsAny(m.str, "wa+") {
				if e, ok := pathEffect(c, Write, argAt(c.args, 0), false); ok {
					e.Append = strings.Contains(m.str, "a")
					out = append(out, e)
				}
			} else if m == nil || m.lit {
				if e, ok := readEffect(c, argAt(c.args, 0)); ok {
					out = append(out, e)
				}
			} else if !strings.HasPrefix(strings.TrimSpace(m.text), "{") && !strings.HasPrefix(m.text, ":") && (!isKeywordArg(m.text) || strings.Contains(m.text, "::")) {
				// File.open(p, File::WRONLY | File::APPEND): the flags.
				out = append(out, openEffects(c, argAt(c.args, 0), m)...)
			}
		case rubyRead.Get()[c.name]:
			if e, ok := readEffect(c, argAt(c.args, 0)); ok {
				out = append(out, e)
			}
		default:
			d, ok := rubyDelete.Get()[c.name]
			if !ok {
				continue // f.write(s), $stdout.write("~"): an object's method, its text data
			}
			for _, a := range positional(c.args) {
				a := a
				if a.isList {
					for i, v := range a.list {
						out = append(out, Effect{Kind: Delete, Call: c.name, Path: v, Tilde: a.argvHomes()[i], Recursive: d.recursive, Dir: d.dir, Offset: c.off})
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
	return append(out, listed.effects(out)...)
}

// rubyChdir are the calls that change the working directory: to the
// home directory without an argument, back where it was at the end of a
// block given to them.
var rubyChdir = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"Dir.chdir": true, "FileUtils.cd": true, "FileUtils.chdir": true}
}}

// rubyChdir is the change of directory of call c, and the change back at
// the end of a block given to it (Dir.chdir(d) { … }, Dir.chdir(d) do …
// end).
func (p *parser) rubyChdir(c call) []Effect {
	pos := positional(c.args)
	a := argAt(pos, 0)
	if a != nil && (strings.HasPrefix(a.text, "{") || strings.HasPrefix(a.text, "do")) {
		a = nil // Dir.chdir { … } read as an argument
	}
	out := []Effect{chdirEffect(c, a, a == nil)}
	if c.name != "Dir.chdir" && a == nil {
		out[0] = chdirEffect(c, nil, false) // FileUtils.cd needs a directory
	}
	i := c.next
	if c.parens && isP(p.tok(i), "(") {
		i = p.closeOf(p.toks, i) + 1
	} else if !isP(p.tok(i), "{") && !isI(p.tok(i), "do") {
		// Dir.chdir d do … end: the block follows the arguments.
		for j := i; j < len(p.toks) && j < i+maxBareTokens; j++ {
			if t := p.toks[j]; t.kind == tNewline || isP(t, ";") || isP(t, "{") || isI(t, "do") {
				i = j
				break
			}
		}
	}
	end := -1
	switch {
	case i <= 0:
	case isP(p.tok(i), "{"):
		end = p.closeOf(p.toks, i)
	case isI(p.tok(i), "do"):
		end = p.rubyEnd(i)
	}
	if end > 0 && end < len(p.toks) {
		out[0].Block = true
		out = append(out, Effect{Kind: Chdir, Call: c.name, Back: true, Offset: p.toks[end].off})
	}
	return out
}

// rubyEnd returns the index of the end that closes the do at i, counting
// the keywords that open a body of their own (do, def, class, module,
// begin, case, and if, unless, while, until at the start of a
// statement), or -1; at most maxBareTokens tokens on (a longer block is
// taken as lasting, so that many such calls stay linear).
func (p *parser) rubyEnd(i int) int {
	depth := 0
	for j := i; j < len(p.toks) && j < i+maxBareTokens; j++ {
		t := p.toks[j]
		if t.kind != tIdent {
			continue
		}
		switch t.text {
		case "do", "def", "class", "module", "begin", "case":
			depth++
		case "if", "unless", "while", "until":
			if prev := p.tok(j - 1); prev.kind == tNewline || isP(prev, ";") || isP(prev, "=") || isP(prev, "(") {
				depth++
			}
		case "end":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// rubyLists are the calls that expand a pattern ("glob": Dir.glob,
// Pathname.glob) or list a directory ("dir": Dir.children,
// Dir.each_child, Dir.entries, Dir.foreach, Dir.new, Dir.open;
// "tree": Find.find, every level); Dir[…] is rubyDirIndex's.
var rubyLists = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"Dir.glob": "glob", "Pathname.glob": "glob",
		"Dir.children": "dir", "Dir.each_child": "dir", "Dir.entries": "dir", "Dir.foreach": "dir", "Dir.new": "dir",
		"Dir.open": "dir", "Find.find": "tree",
		// Pathname(".").children, Pathname.new("d").each_child: the
		// receiver's directory (its glob: patterns under it).
		"Pathname.children": "recvdir", "Pathname.each_child": "recvdir", "Pathname.entries": "recvdir",
		"Pathname.find": "recvtree"}
}}

// rubyListing adds what a rubyLists call of kind finds: Dir.glob's
// literal patterns (a list of them; base: the directory they are
// relative to), the literal directories listed. Ruby's glob does not
// expand ~ (File.expand_path and Dir.home do).
func rubyListing(c call, kind string, l *listings) {
	pos := positional(c.args)
	switch kind {
	case "glob":
		a := argAt(pos, 0)
		if a == nil {
			return
		}
		if base := rubyKeywordArg(c.args, "base"); base != nil {
			if !base.lit {
				return
			}
			if a.isList {
				for _, v := range a.list {
					l.glob(c, base.str, v, base.tilde, false)
				}
			} else if a.lit {
				l.glob(c, base.str, a.str, base.tilde, false)
			}
			return
		}
		l.globArg(c, a, false)
	case "dir":
		l.dir(c, argAt(pos, 0), false, false)
	case "tree":
		for i := range pos {
			l.dir(c, &pos[i], true, false)
		}
	case "recvdir", "recvtree":
		if c.recvLit {
			l.dir(c, &arg{lit: true, str: c.recv, tilde: c.recvTilde}, kind == "recvtree", false)
		}
	}
}

// rubyKeywordArg is the value of the keyword argument key: (base: "d",
// :base => "d"), or nil.
func rubyKeywordArg(args []arg, key string) *arg {
	for _, a := range args {
		t := strings.TrimSpace(a.text)
		rest, ok := strings.CutPrefix(t, key+":")
		if !ok {
			rest, ok = strings.CutPrefix(t, ":"+key)
			if ok {
				rest, ok = strings.CutPrefix(strings.TrimSpace(rest), "=>")
			}
		}
		if !ok {
			continue
		}
		toks := lex(Ruby, rest)
		q := &parser{src: rest, toks: toks, l: Ruby}
		v := q.arg(0, len(toks))
		return &v
	}
	return nil
}

// rubyDirIndex adds the expansions of Dir[…] (Dir[".e*"], Dir["a", "b"]):
// Dir.glob's.
func (p *parser) rubyDirIndex(l *listings) {
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != "Dir" || !isP(p.tok(i+1), "[") {
			continue
		}
		if prev := p.tok(i - 1); isP(prev, ".") || isP(prev, "::") && p.tok(i-2).kind == tIdent {
			continue // Foo::Dir, x.Dir
		}
		args, _ := p.args(i+1, "]")
		c := call{name: "Dir[]", off: t.off}
		for k := range args {
			l.globArg(c, &args[k], false)
		}
	}
}

// rubyIncludesFileUtils matches a program that mixes FileUtils's
// methods into the current scope.
var rubyIncludesFileUtils = lazy.Regexp{Expr: `(?m)(^|[;{]|\bdo)\s*(include|extend)\s*\(?\s*(::)?FileUtils(::Verbose)?\s*\)?\s*($|[;}#])`}

// rubyIncludesOpen3 matches include Open3 (or extend), which makes Open3's
// functions callable without the module: capture2("ls").
var rubyIncludesOpen3 = lazy.Regexp{Expr: `(?m)(^|[;{]|\bdo)\s*(include|extend)\s*\(?\s*(::)?Open3\s*\)?\s*($|[;}#])`}

// isFileUtilsCall reports a FileUtils method corral reads (FileUtils.X
// among the deletions, copies, links and attribute changes).
func isFileUtilsCall(name string) bool {
	_, del := rubyDelete.Get()[name]
	_, link := rubyLink.Get()[name]
	return del || link || rubyCopy.Get()[name] != "" || rubyAttrs.Get()[name] != ""
}

// rubyModeKeyword returns the literal value of a mode given as a keyword
// argument (mode: "w", :mode => "a", "mode" => "w"), if any.
func rubyModeKeyword(args []arg) (string, bool) {
	for _, a := range args {
		t := strings.TrimSpace(a.text)
		var rest string
		var ok bool
		for _, k := range []string{"mode:", ":mode=>", `"mode"=>`, "'mode'=>"} {
			if r, found := strings.CutPrefix(strings.ReplaceAll(t, " ", ""), k); found {
				rest, ok = r, true
			}
		}
		if !ok || len(rest) < 2 || rest[0] != rest[len(rest)-1] || rest[0] != '"' && rest[0] != '\'' {
			continue
		}
		v := rest[1 : len(rest)-1]
		if strings.Trim(v, "rwabtx+:-") != "" {
			continue // an encoding after the mode is fine, anything else is not a literal mode
		}
		return v, true
	}
	return "", false
}

// rubyAttrCall is the effects of a rubyAttrs call: File.rename(a, b),
// FileUtils.mv(list, dir), File.chmod(0, *files), FileUtils.chmod_R("u-x",
// dir), File.chown(uid, gid, *files), File.truncate(f, 0).
func rubyAttrCall(c call) []Effect {
	var pos []arg
	for _, a := range positional(c.args) {
		if strings.HasPrefix(a.text, ":") || strings.Contains(a.text, "=>") || isKeywordArg(a.text) {
			continue // noop: true, :verbose => true
		}
		pos = append(pos, a)
	}
	recursive := strings.HasSuffix(c.name, "_R")
	// each is the effect of f for every path from argument k on (a list
	// spreads).
	each := func(k int, f func(*arg) (Effect, bool)) []Effect {
		var out []Effect
		for i := k; i < len(pos); i++ {
			a := pos[i]
			if a.isList {
				for j, v := range a.list {
					if e, ok := f(&arg{lit: true, str: v, text: v, tilde: a.argvHomes()[j]}); ok {
						out = append(out, e)
					}
				}
				continue
			}
			if e, ok := f(&a); ok {
				out = append(out, e)
			}
		}
		return out
	}
	switch rubyAttrs.Get()[c.name] {
	case "rename", "move":
		into := rubyAttrs.Get()[c.name] == "move"
		dst := argAt(pos, 1)
		if src := argAt(pos, 0); src != nil && src.isList {
			// FileUtils.mv(list, dir): each into dir.
			var out []Effect
			for _, v := range src.list {
				if e, ok := moveEffect(c, &arg{lit: true, str: v, text: v}, dst, true); ok {
					out = append(out, e)
				}
			}
			return out
		}
		e, ok := moveEffect(c, argAt(pos, 0), dst, into)
		if !ok {
			return nil
		}
		return []Effect{e}
	case "chmod":
		mode := symbolicMode(argAt(pos, 0))
		if mode == "" {
			mode = octalMode(argAt(pos, 0), false)
		}
		return each(1, func(a *arg) (Effect, bool) { return modeEffect(c, a, mode, recursive) })
	case "chown":
		return each(2, func(a *arg) (Effect, bool) { return ownerEffect(c, a, recursive) })
	}
	e, ok := truncateEffect(c, argAt(pos, 0))
	if !ok {
		return nil
	}
	return []Effect{e}
}

// symbolicMode returns a literal symbolic mode (FileUtils.chmod("u+x",
// f), chmod's own spelling), or "".
func symbolicMode(a *arg) string {
	if a == nil || !a.lit || a.str == "" || strings.Trim(a.str, "ugoa+-=rwxXst,") != "" || !strings.ContainsAny(a.str, "+-=") {
		return ""
	}
	return a.str
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

// rubyArgvOrShell is argvOrShell for Ruby, whose command may be the
// pair [cmdname, argv0]: cmdname is the program (never a shell), argv0
// only its name for itself (system(["sh", "x"], "-c", cmd) runs sh -c
// cmd).
func rubyArgvOrShell(c call) Effect {
	for i := range c.args {
		a := c.args[i]
		if a.key != "" || strings.HasPrefix(strings.TrimSpace(a.text), "{") {
			continue // the environment hash before the command
		}
		if !a.isList || len(a.list) != 2 || strings.HasPrefix(strings.TrimSpace(a.text), "*") {
			break
		}
		prog := arg{lit: true, str: a.list[0], text: a.list[0], tilde: a.argvHomes()[0]}
		rest := []arg{prog}
		for _, b := range positional(c.args[i+1:]) {
			if t := strings.TrimSpace(b.text); strings.HasPrefix(t, "{") || isKeywordArg(t) {
				continue
			}
			rest = append(rest, b)
		}
		return execOf(c, rest)
	}
	return argvOrShell(c)
}

// Perl

var perlDelete = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"unlink": true, "rmdir": true, "rmtree": true, "remove_tree": true,
		"File::Path::rmtree": true, "File::Path::remove_tree": true}
}}

// perlName is the name a Perl call stands for: POSIX's and CORE's
// system, unlink and rmdir are the builtins.
func perlName(name string) string {
	n := strings.ReplaceAll(name, ".", "::")
	n = strings.TrimPrefix(n, "main::")
	if rest, ok := strings.CutPrefix(n, "POSIX::"); ok && (rest == "system" || rest == "unlink" || rest == "rmdir") {
		return rest
	}
	if rest, ok := strings.CutPrefix(n, "CORE::"); ok && (rest == "unlink" || rest == "rmdir" || rest == "eval" || perlAttrs.Get()[rest] != "") {
		return rest
	}
	if rest, ok := strings.CutPrefix(n, "POSIX::"); ok && perlAttrs.Get()[rest] != "" {
		return rest
	}
	return n
}

// perlAttrs are the builtins that rename a file (rename OLD, NEW),
// change modes (chmod MODE, LIST) or owners (chown UID, GID, LIST), or
// truncate one (truncate FILE, LENGTH); and File::Copy's move.
var perlAttrs = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"rename": "rename", "chmod": "chmod", "chown": "chown", "truncate": "truncate",
		"File::Copy::move": "move", "File::Copy::mv": "move"}
}}

// perlCopy reports a call of File::Copy's copy (copy, cp, syscopy):
// the short names only where the program loads the module.
func perlCopy(n, src string) bool {
	switch n {
	case "File::Copy::copy", "File::Copy::cp", "File::Copy::syscopy":
		return true
	case "copy", "cp", "syscopy":
		return strings.Contains(src, "File::Copy")
	}
	return false
}

// perlAttr is the kind of a perlAttrs call n in src: move and mv are
// File::Copy's only where the program loads it.
func perlAttr(n, src string) string {
	if (n == "move" || n == "mv") && strings.Contains(src, "File::Copy") {
		return "move"
	}
	return perlAttrs.Get()[n]
}

func perl(p *parser) []Effect {
	interesting := func(name string) bool {
		n := perlName(name)
		return n == "chdir" || n == "CORE::chdir" || n == "system" || n == "exec" || n == "CORE::system" || n == "CORE::exec" || perlDelete.Get()[n] || n == "open" || n == "sysopen" ||
			n == "eval" || n == "do" || n == "require" || n == "symlink" || n == "link" || perlAttr(n, p.src) != "" || perlCopy(n, p.src) ||
			n == "readpipe" || n == "CORE::readpipe" || perlProcess(n, p.src) != "" || perlList(n, p.src) != ""
	}
	out := p.perlPathTiny()
	out = append(out, p.perlInPlace()...)
	out = append(out, p.perlArgvReads()...)
	out = append(out, p.perlLibWrites16()...) // Tie::File, IO::File, Storable (libwriters16b.go)
	var listed listings
	p.perlAngleGlobs(&listed)
	for _, c := range p.findCalls(true, interesting) {
		if c.method || isP(p.tok(c.first-1), "&") && isP(p.tok(c.first-2), "\\") {
			continue // \&unlink is a reference, not a call
		}
		n := perlName(c.name)
		c.name = n
		next := p.tok(c.next)
		if n == "chdir" || n == "CORE::chdir" {
			// chdir with no directory enters the home directory.
			a := argAt(positional(c.args), 0)
			if a != nil && strings.TrimSpace(a.text) == "" {
				a = nil
			}
			out = append(out, chdirEffect(c, a, a == nil))
			continue
		}
		if kind := perlList(n, p.src); kind != "" {
			pos := positional(c.args)
			switch kind {
			case "glob":
				// glob splits its pattern at spaces and expands ~.
				if a := argAt(pos, 0); a != nil && a.lit {
					for _, f := range strings.Fields(a.str) {
						listed.glob(c, "", f, a.tilde || isTildePath(f), false)
					}
				}
			case "dir":
				listed.dir(c, argAt(pos, 1), false, false)
			case "tree":
				// find(\&wanted, DIRS) or find({wanted => …}, DIRS).
				for i := 1; i < len(pos); i++ {
					listed.dir(c, &pos[i], true, false)
				}
			}
			continue
		}
		if n == "open" {
			perlOpenRead(c, &listed)
		}
		switch {
		case n == "require":
			// require "FILE" (a string, not a bareword module or a
			// version) runs the file as do FILE does.
			if a := argAt(c.args, 0); a != nil && a.lit && next.kind == tString && strings.Contains(a.str, "/") {
				out = append(out, runFile(c, a, "perl"))
			}
		case n == "eval" || n == "do":
			if isP(next, "{") || n == "do" && next.kind == tIdent && !strings.HasPrefix(next.text, "$") {
				continue // eval { … }, do { … }: a block; do sub(…)
			}
			a := argAt(c.args, 0)
			if a == nil {
				// eval alone evaluates $_.
				out = append(out, Effect{Kind: Hidden, Call: n, Text: "$_", Offset: c.off})
				continue
			}
			if n == "do" {
				// do FILE runs a Perl file.
				out = append(out, runFile(c, a, "perl"))
				continue
			}
			out = append(out, p.evalCode(c, a)...)
		case perlProcess(n, p.src) != "":
			out = append(out, p.perlProcessCall(c, perlProcess(n, p.src))...)
		case n == "system" || n == "exec" || n == "CORE::system" || n == "CORE::exec":
			if isP(next, "{") {
				out = append(out, p.perlIndirectRun(c))
				continue
			}
			out = append(out, argvOrShell(c))
		case n == "readpipe" || n == "CORE::readpipe":
			// readpipe EXPR is the function behind qx//: EXPR runs in a
			// shell; without one it runs $_.
			if a := argAt(c.args, 0); a != nil {
				out = append(out, shellOf(c, a))
			} else {
				out = append(out, Effect{Kind: Hidden, Call: n, Text: "$_", Offset: c.off})
			}
		case n == "open":
			if e, ok := perlOpen(c); ok {
				out = append(out, e)
			}
		case n == "sysopen":
			// sysopen FH, PATH, FLAGS: by the flags (O_WRONLY, O_RDWR…).
			if pos := positional(c.args); len(pos) >= 3 {
				out = append(out, openEffects(c, &pos[1], &pos[2])...)
			}
		case perlCopy(n, p.src):
			// copy(FROM, TO) enters a directory TO, as cp does.
			pos := positional(c.args)
			out = append(out, copyEffect(c, argAt(pos, 0), argAt(pos, 1), "cp")...)
		case perlAttr(n, p.src) != "":
			out = append(out, perlAttrCall(c, perlAttr(n, p.src))...)
		case n == "symlink" || n == "link":
			// symlink OLDFILE, NEWFILE: NEWFILE is the link.
			pos := positional(c.args)
			if e, ok := linkEffect(c, argAt(pos, 0), argAt(pos, 1), n == "symlink"); ok {
				out = append(out, e)
			}
		default:
			args := positional(c.args)
			if len(args) == 0 {
				if isP(next, "<") {
					// rmtree <~/*>: the angle glob (perlAngleGlobs) is
					// the argument the call reads as none.
					out = append(out, Effect{Kind: Hidden, Call: n, Text: "<glob>", Offset: c.off, Deletes: true, Recursive: n != "unlink" && n != "rmdir"})
					continue
				}
				if n == "unlink" || n == "rmdir" {
					// unlink with no argument deletes $_ (unlink for
					// glob("~/*"); unlink <~/.bash*>, whose pattern
					// the call reads as no argument): a deletion of a
					// path only known at run time, which a listing in
					// the program names (listing.go).
					out = append(out, Effect{Kind: Hidden, Call: n, Text: "$_", Offset: c.off, Deletes: true, Recursive: n != "unlink" && n != "rmdir"})
				}
				continue
			}
			for _, a := range args {
				a := a
				if strings.HasPrefix(strings.TrimSpace(a.text), "{") {
					continue // rmtree's options hash
				}
				if a.isList {
					for j, v := range a.list {
						out = append(out, Effect{Kind: Delete, Call: n, Path: v, Tilde: a.argvHomes()[j], Recursive: n != "unlink" && n != "rmdir", Dir: n == "rmdir", Offset: c.off})
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
	return append(out, listed.effects(out)...)
}

// perlIndirectRun is system { PROG } LIST and exec { PROG } LIST, the
// indirect-object form (perldoc -f exec): PROG runs, with LIST as its
// whole argument vector, LIST's first word its argv[0]; no shell reads
// LIST, even of one word. A PROG or a LIST only known at run time is
// Hidden.
func (p *parser) perlIndirectRun(c call) Effect {
	end := p.closeOf(p.toks, c.next)
	if end <= c.next {
		return Effect{Kind: Hidden, Call: c.name, Offset: c.off}
	}
	prog := p.argValue(c.next+1, end)
	if !prog.lit {
		return Effect{Kind: Hidden, Call: c.name, Text: prog.text, Offset: c.off}
	}
	args, _ := p.bareArgs(end + 1)
	e := execOf(c, args)
	switch {
	case e.Kind == Exec:
		e.Argv = append([]string{prog.argvWord()}, e.Argv[1:]...)
	case len(args) == 0:
		e = Effect{Kind: Exec, Call: c.name, Argv: []string{prog.argvWord()}, Offset: c.off}
	}
	return e
}

// perlList is the kind of a Perl call that expands a pattern ("glob":
// glob, CORE::glob, File::Glob's bsd_glob), lists a directory ("dir":
// opendir DH, DIR, which readdir then reads) or walks trees ("tree":
// File::Find's find and finddepth, the short names where the program
// loads the module), or "".
func perlList(n, src string) string {
	switch n {
	case "glob", "CORE::glob", "File::Glob::bsd_glob", "File::Glob::csh_glob":
		return "glob"
	case "bsd_glob", "csh_glob":
		if strings.Contains(src, "File::Glob") {
			return "glob"
		}
	case "opendir", "CORE::opendir":
		return "dir"
	case "File::Find::find", "File::Find::finddepth":
		return "tree"
	case "find", "finddepth":
		if perlUses(src, "File::Find") {
			return "tree"
		}
	}
	return ""
}

// perlOpenRead notes the read an open makes of a path only known at run
// time: open(F, "<", $f), open(F, $f), open(F, "<$f"); not a write or a
// pipe.
func perlOpenRead(c call, l *listings) {
	args := positional(c.args)
	switch {
	case len(args) >= 3:
		if m := args[1]; m.lit && strings.HasPrefix(strings.TrimSpace(m.str), "<") && !strings.HasPrefix(strings.TrimSpace(m.str), "<&") {
			l.read(&args[2])
		}
	case len(args) == 2 && !args[1].lit:
		t := strings.TrimSpace(strings.Trim(strings.TrimSpace(args[1].text), `"'`))
		if !strings.HasPrefix(t, ">") && !strings.HasPrefix(t, "+") && !strings.HasPrefix(t, "|") && !strings.HasSuffix(t, "|") && !strings.HasPrefix(t, "<&") {
			l.read(&args[1])
		}
	}
}

// perlAngleGlobs adds the expansions of Perl's <PATTERN> (<*.c>, <.e*>,
// <~/.ssh/*>): angle brackets around anything but a filehandle name or
// a scalar are glob. Only where a term starts (after an operator, an
// opening bracket or a keyword), so that a < b > c compares.
func (p *parser) perlAngleGlobs(l *listings) {
	for i, t := range p.toks {
		if !isP(t, "<") {
			continue
		}
		prev := p.tok(i - 1)
		term := i == 0 || prev.kind == tNewline || prev.kind == tPunct && strings.ContainsAny(prev.text, "(=,;{[!") ||
			prev.kind == tIdent && (prev.text == "for" || prev.text == "foreach" || prev.text == "while" || prev.text == "print" || prev.text == "return" || prev.text == "and" || prev.text == "or" || prev.text == "not" || prev.text == "unless" || prev.text == "if" ||
				// a list operator's argument: unlink <~/.bash*>,
				// sort <*.c>
				perlDelete.Get()[perlName(prev.text)] || prev.text == "sort" || prev.text == "reverse") ||
			// the list after a block: map { unlink } <~/.ssh/*>
			isP(prev, "}") && p.perlListBlock(i-1)
		if !term {
			continue
		}
		rest := p.src[t.off+1:]
		if len(rest) > 256 {
			rest = rest[:256] // bounded: a pattern is short
		}
		end := strings.IndexAny(rest, ">;\n")
		if end < 0 || p.src[t.off+1+end] != '>' {
			continue
		}
		body := strings.TrimSpace(p.src[t.off+1 : t.off+1+end])
		if body == "" || strings.HasPrefix(body, "$") && isIdentString(body[1:]) || isIdentString(body) || strings.ContainsAny(body, "\"'`()") {
			continue // <STDIN>, <$fh>, <>: readline
		}
		c := call{name: "<glob>", off: t.off}
		for _, f := range strings.Fields(body) {
			l.glob(c, "", f, isTildePath(f), false)
		}
	}
}

// perlListBlock reports a } at close that ends the block of map, grep or
// sort, which the list after it is given to (map { unlink } LIST calls
// the block with each element in $_).
func (p *parser) perlListBlock(close int) bool {
	o := p.openOf(close)
	if o <= 0 || !isP(p.tok(o), "{") {
		return false
	}
	b := p.tok(o - 1)
	return b.kind == tIdent && (b.text == "map" || b.text == "grep" || b.text == "sort")
}

// isIdentString reports a name made of identifier characters (and ::).
func isIdentString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) && s[i] != ':' {
			return false
		}
	}
	return s != ""
}

// perlUses reports that Perl source loads module (a use or require
// line, or the -M that the caller adds as one): IPC::Run, not IPC::Run3.
func perlUses(src, module string) bool {
	for i := 0; ; {
		k := strings.Index(src[i:], module)
		if k < 0 {
			return false
		}
		end := i + k + len(module)
		if end >= len(src) || !isIdent(src[end]) && src[end] != ':' {
			return true
		}
		i = end
	}
}

// perlProcess is the module call that n stands for among the modules that
// start processes, or "": IPC::Open2's open2 and IPC::Open3's open3 (the
// command is the arguments after the handles), IPC::Cmd's run (command
// => CMD) and run_forked, IPC::Run's run, start and harness (commands as
// array references), IPC::Run3's run3 and IPC::System::Simple's capture,
// run and their x forms (argv only). A short name counts where the
// program loads the module.
func perlProcess(n, src string) string {
	mod, name := "", n
	if i := strings.LastIndex(n, "::"); i >= 0 {
		mod, name = n[:i], n[i+2:]
	}
	from := func(m string) bool { return mod == m || mod == "" && perlUses(src, m) }
	switch {
	case name == "open2" && from("IPC::Open2"), name == "open3" && from("IPC::Open3"):
		return name
	case (name == "run" || name == "run_forked") && from("IPC::Cmd"):
		return "IPC::Cmd::" + name
	case (name == "run" || name == "start" || name == "harness") && from("IPC::Run"):
		return "IPC::Run"
	case name == "run3" && from("IPC::Run3"):
		return "run3"
	case (name == "capture" || name == "run" || name == "systemx" || name == "capturex" || name == "runx") && from("IPC::System::Simple"):
		return "IPC::System::Simple::" + name
	}
	return ""
}

// perlProcessCall is the effects of a call of kind what (perlProcess).
// One command string runs in a shell, as perl's exec runs one string; a
// list of strings is a program and its arguments.
func (p *parser) perlProcessCall(c call, what string) []Effect {
	if len(c.args) == 0 && !c.parens && isP(p.tok(c.next), "\\") {
		c.args, _ = p.bareArgs(c.next) // run \@cmd, …
	}
	pos := positional(c.args)
	oneOrArgv := func(args []arg) Effect {
		if len(args) == 1 && !args[0].isList {
			return shellOf(c, &args[0])
		}
		return execOf(c, args)
	}
	switch what {
	case "open2", "open3":
		skip := 2
		if what == "open3" {
			skip = 3
		}
		if len(pos) <= skip {
			return []Effect{shellOf(c, nil)}
		}
		e := oneOrArgv(pos[skip:])
		if e.Kind == Hidden && e.Text == "" {
			e.Text = pos[skip].text
		}
		return []Effect{e}
	case "IPC::Cmd::run":
		if a := p.perlKeyValue(c, "command"); a != nil {
			return []Effect{shellOf(c, a)}
		}
		// Without command =>, a run of another module the program
		// loads too.
		if !strings.Contains(c.name, "::") {
			if k := perlProcess("run", strings.ReplaceAll(p.src, "IPC::Cmd", "")); k != "" {
				return p.perlProcessCall(c, k)
			}
		}
		return []Effect{shellOf(c, nil)}
	case "IPC::Cmd::run_forked", "run3":
		return []Effect{shellOf(c, argAt(pos, 0))}
	case "IPC::Run":
		// Every array reference is a command (run \@a, '|', \@b); the
		// strings are redirections and file names.
		var out []Effect
		for _, a := range pos {
			t := strings.TrimSpace(a.text)
			switch {
			case a.isList:
				out = append(out, execOf(c, []arg{a}))
			case strings.HasPrefix(t, "[") || strings.HasPrefix(t, "\\@"):
				out = append(out, Effect{Kind: Hidden, Call: c.name, Text: t, Offset: c.off})
			}
		}
		if len(out) == 0 {
			out = append(out, shellOf(c, argAt(pos, 0)))
		}
		return out
	}
	// IPC::System::Simple: an optional first argument lists the exit
	// values allowed ([0, 1] or EXIT_ANY); the x forms never use a shell.
	if len(pos) > 1 {
		if t := strings.TrimSpace(pos[0].text); strings.HasPrefix(t, "[") && strings.Trim(t, "[]0123456789, \t") == "" || t == "EXIT_ANY" || t == "IPC::System::Simple::EXIT_ANY" {
			pos = pos[1:]
		}
	}
	if len(pos) == 0 {
		return []Effect{shellOf(c, nil)}
	}
	if strings.HasSuffix(what, "x") {
		return []Effect{execOf(c, pos)}
	}
	return []Effect{oneOrArgv(pos)}
}

// perlKeyValue is the value of key => VALUE among the arguments of c
// (IPC::Cmd's run(command => "…")), or nil.
func (p *parser) perlKeyValue(c call, key string) *arg {
	i, end := c.next, len(p.toks)
	if isP(p.tok(i), "(") {
		if e := p.closeOf(p.toks, i); e > i {
			i, end = i+1, e
		}
	}
	for j := i; j < end && j-i < maxBareTokens; j++ {
		t := p.toks[j]
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				if e := p.closeOf(p.toks, j); e > j && e < end {
					j = e
				}
				continue
			case ")", "]", "}", ";":
				return nil
			}
		}
		if (t.kind == tIdent || t.kind == tString) && t.text == key && isP(p.tok(j+1), "=>") {
			k := j + 2
			for k < end {
				u := p.toks[k]
				if u.kind == tPunct && (u.text == "," || u.text == "=>" || u.text == ";") {
					break
				}
				if u.kind == tPunct && (u.text == "(" || u.text == "[" || u.text == "{") {
					if e := p.closeOf(p.toks, k); e > k && e < end {
						k = e
					}
				}
				k++
			}
			if k == j+2 {
				return nil
			}
			a := p.arg(j+2, k)
			return &a
		}
	}
	return nil
}

// perlAttrCall is the effects of a perlAttrs call of kind what: rename
// OLD, NEW and move (moveEffect), chmod MODE, LIST (a decimal number is
// decimal in Perl too), chown UID, GID, LIST, truncate FILE, LENGTH (of a
// file named by a string; a filehandle is the open's business).
func perlAttrCall(c call, what string) []Effect {
	pos := positional(c.args)
	var out []Effect
	add := func(e Effect, ok bool) {
		if ok {
			out = append(out, e)
		}
	}
	// each applies f to each path from argument k on (a list spreads).
	each := func(k int, f func(*arg) (Effect, bool)) {
		for i := k; i < len(pos); i++ {
			a := pos[i]
			if a.isList {
				for j, v := range a.list {
					add(f(&arg{lit: true, str: v, text: v, tilde: a.argvHomes()[j]}))
				}
				continue
			}
			add(f(&a))
		}
	}
	switch what {
	case "rename", "move":
		if len(pos) < 2 {
			return nil
		}
		add(moveEffect(c, &pos[0], &pos[1], what == "move"))
	case "chmod":
		mode := octalMode(argAt(pos, 0), false)
		each(1, func(a *arg) (Effect, bool) { return modeEffect(c, a, mode, false) })
	case "chown":
		each(2, func(a *arg) (Effect, bool) { return ownerEffect(c, a, false) })
	case "truncate":
		if a := argAt(pos, 0); a != nil && a.lit {
			add(truncateEffect(c, a))
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
		// One command string after a pipe mode runs as perl's exec runs
		// one string: through /bin/sh -c (open(F, "-|", "cat .env")); a
		// list is the program and its arguments.
		cmd := execOf(c, args[2:])
		if len(args) == 3 && args[2].lit && !args[2].isList {
			cmd = Effect{Kind: Shell, Call: "open", Text: args[2].str, Offset: c.off}
		}
		switch {
		case m == "|-":
			// The program writes to the command's stdin.
			return fedByProgram(cmd, "perl"), true
		case m == "-|":
			return cmd, true
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
		return fedByProgram(Effect{Kind: Shell, Call: "open", Text: strings.TrimSpace(s[1:]), Offset: c.off}, "perl"), true
	case strings.HasSuffix(s, "|"):
		return Effect{Kind: Shell, Call: "open", Text: strings.TrimSpace(s[:len(s)-1]), Offset: c.off}, true
	case strings.HasPrefix(s, ">>"):
		return Effect{Kind: Write, Call: "open", Path: strings.TrimSpace(s[2:]), Tilde: spec.tilde, Append: true, Offset: c.off}, true
	case strings.HasPrefix(s, ">"), strings.HasPrefix(s, "+>"), strings.HasPrefix(s, "+<"):
		return Effect{Kind: Write, Call: "open", Path: strings.TrimSpace(strings.TrimLeft(s, "+<>")), Tilde: spec.tilde, Offset: c.off}, true
	}
	// open(F, "<file") and open(F, "file") read it.
	path := strings.TrimSpace(strings.TrimPrefix(s, "<"))
	return readEffect(c, &arg{lit: true, str: path, tilde: spec.tilde})
}

// PHP

// phpRead are the functions that read, or print, the file in their first
// argument.
var phpRead = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"file_get_contents": true, "file": true, "readfile": true, "highlight_file": true,
		"show_source": true, "parse_ini_file": true, "php_strip_whitespace": true}
}}

// phpAttrs are the functions that rename the file in their first
// argument (to the second), change its mode or its owner or group.
var phpAttrs = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"rename": "rename", "chmod": "chmod", "chown": "chown", "chgrp": "chown",
		"lchown": "chown", "lchgrp": "chown"}
}}

var phpShell = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"system": true, "exec": true, "shell_exec": true, "passthru": true, "popen": true, "proc_open": true}
}}

// phpEval are the functions that run a string argument as PHP code (the
// index of the argument); assert does only for a string.
var phpEval = lazy.Value[map[string]int]{New: func() map[string]int { return map[string]int{"eval": 0, "assert": 0, "create_function": 1} }}

func php(p *parser) []Effect {
	interesting := func(name string) bool {
		n := strings.TrimPrefix(strings.ToLower(name), "\\")
		_, ev := phpEval.Get()[n]
		return n == "chdir" || phpShell.Get()[n] || n == "pcntl_exec" || n == "unlink" || n == "rmdir" || n == "symlink" || n == "link" || n == "copy" || phpAttrs.Get()[n] != "" || n == "file_put_contents" || n == "fopen" || n == "splfileobject" || phpRead.Get()[n] || phpLogWrites(n) || n == "gzopen" || n == "bzopen" ||
			ev || n == "preg_replace" || phpCallbacks.Get()[n] || phpLists.Get()[n] != "" || n == "mail" || n == "mb_send_mail"
	}
	out := p.phpDataIncludes()
	var listed listings
	for _, c := range p.findCalls(false, interesting) {
		if c.method {
			continue
		}
		n := strings.TrimPrefix(strings.ToLower(c.name), "\\")
		if _, ev := phpEval.Get()[n]; !ev && !phpShell.Get()[n] && n != "pcntl_exec" && !phpCallbacks.Get()[n] {
			c.args = phpStreamArgs(c.args)
		}
		if n == "chdir" {
			c.name = n
			out = append(out, chdirEffect(c, argAt(c.args, 0), false))
			continue
		}
		if kind := phpLists.Get()[n]; kind != "" {
			c.name = strings.TrimPrefix(c.name, "\\")
			switch a := argAt(c.args, 0); kind {
			case "glob":
				// PHP's glob does not expand ~.
				if a != nil && !a.isList {
					listed.globArg(c, a, false)
				}
			default:
				listed.dir(c, a, kind == "tree", false)
			}
			continue
		}
		if phpRead.Get()[n] {
			listed.read(argAt(c.args, 0))
		} else if n == "fopen" || n == "splfileobject" || n == "gzopen" || n == "bzopen" {
			if m := argAt(c.args, 1); m == nil || !m.lit || !strings.ContainsAny(m.str, "waxc") {
				listed.read(argAt(c.args, 0))
			}
		}
		out = append(out, p.phpCall(c)...)
	}
	return append(out, listed.effects(out)...)
}

// phpLists are the functions and classes that expand a pattern ("glob":
// glob, GlobIterator) or list a directory ("dir": scandir, opendir and
// its readdir, dir, DirectoryIterator, FilesystemIterator; "tree":
// RecursiveDirectoryIterator, every level), by their lower-case names.
var phpLists = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"glob": "glob", "globiterator": "glob", "scandir": "dir", "opendir": "dir", "dir": "dir",
		"directoryiterator": "dir", "filesystemiterator": "dir", "recursivedirectoryiterator": "tree"}
}}

// phpCall is the effects of one call of a PHP function.
func (p *parser) phpCall(c call) []Effect {
	var out []Effect
	n := strings.TrimPrefix(strings.ToLower(c.name), "\\")
	c.name = n
	first := argAt(c.args, 0)
	if at, ok := phpEval.Get()[n]; ok {
		a := argAt(c.args, at)
		if n == "assert" && (a == nil || !a.lit) {
			return nil // assert($x > 0) checks an expression
		}
		return p.evalCode(c, a)
	}
	switch {
	case n == "preg_replace":
		// The e modifier (before PHP 7) runs the replacement as code.
		if first == nil || !first.lit || len(first.str) < 2 {
			return nil
		}
		end := strings.LastIndexByte(first.str, closer(first.str[0]))
		if end <= 0 || !strings.ContainsRune(first.str[end+1:], 'e') {
			return nil
		}
		return p.evalCode(c, argAt(c.args, 1))
	case phpCallbacks.Get()[n]:
		// A function that runs or deletes, named as the callback.
		for k, a := range positional(c.args) {
			name := ""
			switch {
			case a.lit:
				name = a.str
			case strings.HasPrefix(a.text, "$") && p.vars[a.text] != "function":
				name = p.vars[a.text]
			}
			if name == "" || !phpRuns(name) {
				continue
			}
			list := argAt(c.args, k+1)
			if n == "array_map" && k == 0 && list != nil && list.isList && len(positional(c.args)) == 2 {
				for _, v := range list.list {
					v := v
					out = append(out, p.phpCall(call{name: name, off: c.off, parens: true, args: []arg{{lit: true, str: v, text: v}}})...)
				}
				continue
			}
			if arr := phpCallbackArray(n, k, positional(c.args)); arr != nil && (name == "unlink" || name == "rmdir") {
				// array_map('unlink', glob(…)), array_walk($a, 'unlink'):
				// the deletion of each element, judged as unlink of the
				// array is (unlink(glob(…)): the files the pattern
				// matches).
				out = append(out, p.phpCall(call{name: name, off: c.off, parens: true, args: []arg{*arr}})...)
				continue
			}
			out = append(out, Effect{Kind: Hidden, Call: n, Text: name + " as the callback of " + n, Offset: c.off})
		}
		return out
	}
	switch {
	case n == "mail" || n == "mb_send_mail":
		// The fifth argument, additional_params, is added to the
		// sendmail command line PHP runs (escapeshellcmd keeps its words
		// apart, not its options): -X FILE logs the mail to FILE, -C a
		// configuration, -O QueueDirectory= and -be run what they are
		// told. Only a sender (-f ADDR, -r ADDR) is the usual use.
		if a := argAt(c.args, 4); a != nil && !phpMailSenderOnly(a) {
			out = append(out, Effect{Kind: Hidden, Call: n, Text: "sendmail options " + a.text + " given to " + n, Offset: c.off})
		}
		return out
	case n == "proc_open" && first != nil && first.isList:
		out = append(out, Effect{Kind: Exec, Call: n, Argv: first.list, Offset: c.off})
	case phpShell.Get()[n]:
		out = append(out, shellOf(c, first))
	case n == "pcntl_exec":
		if first == nil || !first.lit {
			out = append(out, shellOf(c, first))
			return out
		}
		argv := []string{first.str}
		if l := argAt(c.args, 1); l != nil {
			if !l.isList {
				out = append(out, Effect{Kind: Hidden, Call: n, Text: l.text, Offset: c.off})
				return out
			}
			argv = append(argv, l.argvList()...)
		}
		out = append(out, Effect{Kind: Exec, Call: n, Argv: argv, Offset: c.off})
	case n == "unlink" || n == "rmdir":
		if e, ok := pathEffect(c, Delete, first, false); ok {
			e.Dir = n == "rmdir"
			out = append(out, e)
		}
	case phpAttrs.Get()[n] == "rename":
		if e, ok := moveEffect(c, first, argAt(c.args, 1), false); ok {
			out = append(out, e)
		}
	case phpAttrs.Get()[n] == "chmod":
		if e, ok := modeEffect(c, first, octalMode(argAt(c.args, 1), false), false); ok {
			out = append(out, e)
		}
	case phpAttrs.Get()[n] == "chown":
		if e, ok := ownerEffect(c, first, false); ok {
			out = append(out, e)
		}
	case n == "copy":
		// copy(from, to) writes to itself (a directory fails).
		out = append(out, copyEffect(c, first, argAt(c.args, 1), "cp -T")...)
	case n == "symlink" || n == "link":
		// symlink(target, link): link is the new name.
		if e, ok := linkEffect(c, first, argAt(c.args, 1), n == "symlink"); ok {
			out = append(out, e)
		}
	case n == "file_put_contents":
		if e, ok := pathEffect(c, Write, first, false); ok {
			for _, a := range c.args[1:] {
				e.Append = e.Append || strings.Contains(a.text, "FILE_APPEND")
			}
			out = append(out, e)
		}
	case phpLogWrites(n):
		if e, ok := phpLogWrite(c, n); ok {
			out = append(out, e)
		}
	case n == "fopen" || n == "splfileobject" || n == "gzopen" || n == "bzopen":
		// new SplFileObject(F, MODE) opens F as fopen does; its mode
		// is "r" when not given.
		m := argAt(c.args, 1)
		if m == nil && n == "splfileobject" {
			m = &arg{lit: true, str: "r"}
		}
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
	case phpRead.Get()[n]:
		if e, ok := readEffect(c, first); ok {
			out = append(out, e)
		}
	}
	return out
}

// fedByProgram turns e, a command a program starts with a pipe it writes
// to (Perl's open(F, "|cmd"), Ruby's open("|cmd", "w")), into shell text
// where that stdin is what a program computes: LANG_program | cmd. A
// shell or interpreter reading it (open(F, "|sh")) then runs code only
// known at run time, as … | sh does; a filter (|gzip > f) is judged as
// itself.
func fedByProgram(e Effect, lang string) Effect {
	switch e.Kind {
	case Shell:
		e.Text = lang + "_program | " + e.Text
	case Exec:
		if len(e.Argv) == 0 {
			return e
		}
		q := make([]string, len(e.Argv))
		for i, a := range e.Argv {
			q[i] = shQuote(a)
		}
		e = Effect{Kind: Shell, Call: e.Call, Text: lang + "_program | " + strings.Join(q, " "), Offset: e.Offset}
	}
	return e
}

// rubyPipeOpen reads Kernel#open("|cmd") and the IO class methods given
// "|cmd" (IO.read, IO.readlines, IO.foreach, IO.write, IO.binread; Ruby
// before 4.0 starts the command, and URI.open hands a string that is not
// a URL to Kernel#open): the command runs in a shell. Opened for writing
// ("w", "r+", IO.write), its stdin is what the program writes.
func rubyPipeOpen(c call) (Effect, bool) {
	switch c.name {
	case "open", "Kernel.open", "URI.open", "IO.read", "IO.readlines", "IO.foreach", "IO.write", "IO.binread", "IO.binwrite", "File.open":
	default:
		return Effect{}, false
	}
	a := argAt(c.args, 0)
	if a == nil || !a.lit || !strings.HasPrefix(a.str, "|") || c.name == "File.open" {
		return Effect{}, false
	}
	e := Effect{Kind: Shell, Call: c.name, Text: strings.TrimSpace(a.str[1:]), Offset: c.off}
	if e.Text == "-" {
		return Effect{Kind: Hidden, Call: c.name, Text: a.str, Offset: c.off}, true // a fork running the rest of the program
	}
	m := argAt(positional(c.args), 1)
	if c.name == "IO.write" || c.name == "IO.binwrite" || m != nil && m.lit && strings.ContainsAny(m.str, "wa+") {
		e = fedByProgram(e, "ruby")
	}
	return e, true
}

// perlPathTinyMethods are Path::Tiny's methods that change the file of
// the object they are called on: "delete" (remove: the file), "tree"
// (remove_tree: the directory and all under it), "write" (spew*, touch,
// edit*, openw*), "append" (append*, opena*) and "copy"/"move" to their
// first argument.
var perlPathTinyMethods = lazy.Value[map[string]string]{New: func() map[string]string {
	m := map[string]string{"remove": "delete", "remove_tree": "tree", "touch": "write", "touchpath": "write",
		"copy": "copy", "move": "move"}
	for _, s := range []string{"", "_raw", "_utf8"} {
		// slurp, lines and openr read the file (red team of 2026-12-05).
		m["slurp"+s] = "read"
		m["lines"+s] = "read"
		m["openr"+s] = "read"
		m["spew"+s] = "write"
		m["append"+s] = "append"
		m["edit"+s] = "write"
		m["edit_lines"+s] = "write"
		m["openw"+s] = "write"
		m["opena"+s] = "append"
	}
	return m
}}

// perlPathTiny returns what Path::Tiny's path(X)->METHOD(…) does to X in a
// program that loads the module (use Path::Tiny, -MPath::Tiny):
// path("~/x")->remove_tree is remove_tree("~/x"), path(F)->spew(…) a
// write of F. path's argument is judged as the builtins' are (a value
// only known at run time asks for a deletion); path expands a leading ~
// as the shell does. Path::Tiny::path and Path::Tiny->new are the same
// constructor. An object kept in a variable (my $p = path("~/x");
// $p->remove_tree) is followed when the variable is assigned once in the
// program; one assigned again, or from anything else, is not.
func (p *parser) perlPathTiny() []Effect {
	if !strings.Contains(p.src, "Path::Tiny") {
		return nil
	}
	// The constructor whose "(" is at token open (path( or
	// Path::Tiny->new(), or -1.
	ctor := func(i int) int {
		t := p.tok(i)
		switch {
		case isI(t, "path") && isP(p.tok(i+1), "(") && !isP(p.tok(i-1), "->") && !isI(p.tok(i-1), "sub") &&
			(!isP(p.tok(i-1), "::") || isI(p.tok(i-2), "Tiny") && isP(p.tok(i-3), "::") && isI(p.tok(i-4), "Path")):
			return i + 1
		case isI(t, "Path") && isP(p.tok(i+1), "::") && isI(p.tok(i+2), "Tiny") && isP(p.tok(i+3), "::") && isI(p.tok(i+4), "path") && isP(p.tok(i+5), "("):
			return -1 // read at its "path" token
		case isI(t, "Tiny") && isP(p.tok(i-1), "::") && isI(p.tok(i-2), "Path") && isP(p.tok(i+1), "->") && isI(p.tok(i+2), "new") && isP(p.tok(i+3), "("):
			return i + 3
		}
		return -1
	}
	// The variables holding an object: $v = path(X); with the statement
	// ending there, and $v assigned nowhere else.
	assigned := map[string]int{}
	objs := map[string]arg{}
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind != tIdent || !strings.HasPrefix(t.text, "$") || !isP(p.tok(i+1), "=") {
			continue
		}
		assigned[t.text]++
		k := i + 2
		if isI(p.tok(k), "Path") && isP(p.tok(k+1), "::") && isI(p.tok(k+2), "Tiny") && isP(p.tok(k+3), "::") {
			k += 4
		}
		open := ctor(k)
		if open < 0 && isI(p.tok(k), "Path") {
			open = ctor(k + 2)
		}
		if open < 0 {
			continue
		}
		inner, after := p.args(open, ")")
		if end := p.tok(after); len(inner) > 0 && (isP(end, ";") || end.kind == tNewline || after >= len(p.toks)) {
			objs[t.text] = inner[0]
		}
	}
	var out []Effect
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		var inner []arg
		after := -1
		if t.kind == tIdent && strings.HasPrefix(t.text, "$") && isP(p.tok(i+1), "->") && assigned[t.text] == 1 && !isP(p.tok(i-1), "\\") {
			if o, ok := objs[t.text]; ok {
				inner, after = []arg{o}, i+1
			}
		}
		if after < 0 {
			open := ctor(i)
			if open < 0 {
				continue
			}
			inner, after = p.args(open, ")")
		}
		if !isP(p.tok(after), "->") || p.tok(after+1).kind != tIdent {
			continue
		}
		method := p.tok(after + 1).text
		kind := perlPathTinyMethods.Get()[method]
		if kind == "" || len(inner) == 0 {
			continue
		}
		target := inner[0]
		if target.lit && isTildePath(target.str) {
			target.tilde = true
		}
		c := call{name: "Path::Tiny::" + method, off: t.off, first: i, next: after + 2}
		if isP(p.tok(after+2), "(") {
			c.parens = true
			c.args, _ = p.args(after+2, ")")
		}
		switch kind {
		case "delete", "tree":
			if e, ok := pathEffect(c, Delete, &target, kind == "tree"); ok {
				out = append(out, e)
			}
		case "write", "append":
			if e, ok := pathEffect(c, Write, &target, false); ok {
				e.Append = kind == "append"
				out = append(out, e)
			}
		case "read":
			if e, ok := readEffect(c, &target); ok {
				out = append(out, e)
			}
		case "copy":
			out = append(out, copyEffect(c, &target, argAt(positional(c.args), 0), "cp")...)
		case "move":
			pos := positional(c.args)
			if d := argAt(pos, 0); d != nil {
				if e, ok := pathEffect(c, Write, d, false); ok {
					out = append(out, e)
				}
				if e, ok := pathEffect(c, Delete, &target, false); ok && target.lit {
					out = append(out, e)
				}
			}
		}
		i = after
	}
	return out
}

// phpCallbackArray returns the array whose elements a PHP function of
// phpCallbacks hands, one at a time as the first argument, to the
// callback at position k: array_map(CB, ARR) (one array: with several
// the callback takes one element of each), array_filter(ARR, CB),
// array_walk(ARR, CB) and array_walk_recursive(ARR, CB), and the sorts
// usort(ARR, CB) and uasort (two elements at a time).
// nil for another function or position.
func phpCallbackArray(fn string, k int, args []arg) *arg {
	switch {
	case fn == "array_map" && k == 0 && len(args) == 2:
		return &args[1]
	case k == 1 && len(args) >= 2 && (fn == "array_filter" || fn == "array_walk" || fn == "array_walk_recursive" || fn == "usort" || fn == "uasort"):
		return &args[0]
	}
	return nil
}

// phpMailSenderOnly reports a literal additional_params of PHP's mail()
// that only sets the envelope sender: "-fADDR", "-f ADDR", "-r ADDR".
func phpMailSenderOnly(a *arg) bool {
	if !a.lit {
		return false
	}
	f := strings.Fields(a.str)
	switch {
	case len(f) == 0:
		return true
	case len(f) == 1:
		return len(f[0]) > 2 && (strings.HasPrefix(f[0], "-f") || strings.HasPrefix(f[0], "-r")) && !strings.HasPrefix(f[0][2:], "-")
	case len(f) == 2:
		return (f[0] == "-f" || f[0] == "-r") && !strings.HasPrefix(f[1], "-")
	}
	return false
}

// phpDataIncludes finds the files PHP includes from data: URLs (include
// "data://text/plain;base64,…", require_once "data:text/plain,<?php …"):
// with allow_url_include on, PHP reads the URL's text as a PHP file
// (HTML until <?php), so its code is judged as the program's own (red
// team rc: it was allowed). A data: URL that holds no PHP tag is only
// printed.
func (p *parser) phpDataIncludes() []Effect {
	var out []Effect
	for i, t := range p.toks {
		if t.kind != tIdent {
			continue
		}
		switch strings.ToLower(t.text) {
		case "include", "include_once", "require", "require_once":
		default:
			continue
		}
		k := i + 1
		if isP(p.tok(k), "(") {
			k++
		}
		v := p.tok(k)
		if v.kind != tString || !v.lit {
			continue
		}
		u := v.text
		if rest, ok := strings.CutPrefix(strings.ToLower(u), "data://"); ok {
			u = "data:" + u[len(u)-len(rest):]
		}
		code, ok := DataURLCode(u)
		if !ok || !strings.Contains(code, "<?") {
			continue
		}
		c := call{name: t.text + " data: URL", off: t.off, first: i, next: k + 1}
		out = append(out, p.evalCode(c, &arg{lit: true, str: code, text: v.text})...)
	}
	return out
}
