package rewrite

import (
	"os"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Member operands (issue 12 class 6). An extraction given member names
// after its archive writes those members, and only them: tar xf A
// .claude/settings.json, bsdtar -xf A NAME, unzip A NAME… (-x starts
// the names left out), 7z x A NAME (and -i!NAME), jar xf A NAME, cpio
// -i PATTERN… each write NAME under the directory of the extraction
// (-C, -d, -o, -D), and tar -T LIST the names in that file (read at hook
// time as scripts are), with the names the program really uses: tar's
// --strip-components and --transform (bsdtar's -s) applied, unzip -j
// and 7z e keeping the last component, jar keeping what follows the
// last "../". When corral lists the archive's members (writes_extract.go)
// those are judged; when it cannot (the archive is not there yet, is
// read from a program's output, is in another format), the operands are
// what the command says it writes, so each is judged as a write of that
// path: a protected file named so is denied as cp onto it would be. A
// name with wildcard characters (unzip's and 7-Zip's patterns, tar
// --wildcards, cpio's patterns) is a pattern whose names only run time
// knows, and a name that can be a directory (tar xf A .claude) brings a
// tree whose files corral cannot name: both ask where they can land on
// a self-protected file (judgeUnnamedTree, whose project root and home
// directory do not count: tar xf A . is everyday work).
//
// A --transform corral can apply (or --one-top-level=DIR, which puts
// every member under DIR), over members it cannot list, maps the
// unknown name to the place the expression puts it: s,^,.claude/, puts
// every member under .claude, judged as a tree landing there; an
// expression whose result no longer holds the name (s,.*,.claude/x,)
// writes that one path. ar x is checkArExtract's: GNU ar matches and
// writes a member by its base name.

// memberOperands is what an extraction's member operands are.
type memberOperands struct {
	e     extraction
	names []syntax.Arg
	// what names the archive, for findings.
	what string
}

// extractionOperands reads the member operands and the naming rules of
// an extracting call (tar, bsdtar, unzip, 7z, jar, cpio -i); ok is false
// for any other call, a listing or one that writes to standard output.
func extractionOperands(c *syntax.Call) (memberOperands, bool) {
	var m memberOperands
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		args := syntax.TarArgs(c.Args)
		opts, ops := scan(args, specFor("tar"))
		if !has(opts, "x", "extract", "get") || !tarWritesTree(c) {
			return m, false
		}
		m.e = tarExtractOptions(c)
		m.what = "the archive it reads"
		files := find(opts, "f", "file")
		if len(files) > 0 {
			m.what = files[len(files)-1].val.Raw
		}
		if m.e.topLevel == "\x00archive" {
			m.e.topLevel = ""
			if len(files) > 0 && files[len(files)-1].val.Static {
				m.e.topLevel = topLevelDir(files[len(files)-1].val.Value)
			}
		}
		for _, i := range ops {
			if c.Name == "bsdtar" && i > 0 && args[i-1].Static && args[i-1].Value == "-s" {
				continue // bsdtar -s /old/new/: the rename (tarExtractOptions)
			}
			m.names = append(m.names, args[i])
		}
	case "unzip":
		opts, ops := scan(c.Args, optSpec{shortVal: "dxP"})
		if has(opts, "l", "t", "v", "p", "Z", "z", "c") || len(ops) == 0 {
			return m, false
		}
		m.e.unzip, m.e.zipOnly, m.e.junk = true, true, has(opts, "j")
		if dirs := find(opts, "d"); len(dirs) > 0 {
			m.e.dir = &dirs[len(dirs)-1].val
		}
		m.what = c.Args[ops[0]].Raw
		for i := ops[0] + 1; i < len(c.Args); i++ {
			a := c.Args[i]
			switch {
			case a.Static && a.Value == "-x":
				i = len(c.Args) // the names left out follow
			case a.Static && (a.Value == "-d" || a.Value == "-P"):
				i++
			case a.Static && strings.HasPrefix(a.Value, "-"):
			default:
				m.names = append(m.names, a)
			}
		}
	case "7z", "7za", "7zr", "7zz":
		var ops []syntax.Arg
		for _, a := range c.Args {
			switch {
			case a.Static && strings.HasPrefix(a.Value, "-o") && len(a.Value) > 2:
				d := a
				d.Value = a.Value[2:]
				if strings.HasPrefix(d.Value, "~") {
					d.Value = "./" + d.Value
				}
				m.e.dir = &d
			case a.Static && (strings.HasPrefix(a.Value, "-i@") || strings.HasPrefix(a.Value, "-ir@")):
				n := a
				n.Value = a.Value[strings.IndexByte(a.Value, '@'):] // a list file: sevenZipListedNames
				m.names = append(m.names, n)
			case a.Static && (strings.HasPrefix(a.Value, "-i!") || strings.HasPrefix(a.Value, "-ir!")):
				n := a
				n.Value = a.Value[strings.IndexByte(a.Value, '!')+1:]
				m.names = append(m.names, n)
			case a.Static && (a.Value == "--" || strings.HasPrefix(a.Value, "-")):
			default:
				ops = append(ops, a)
			}
		}
		if len(ops) < 2 || ops[0].Value != "x" && ops[0].Value != "e" {
			return m, false
		}
		m.e.unzip, m.e.junk, m.what = true, ops[0].Value == "e", ops[1].Raw
		m.names = append(m.names, ops[2:]...)
	case "jar":
		j, ok := jarExtraction(c)
		if !ok {
			return m, false
		}
		args := jarArgs(c.Args)
		_, ops := scan(args, jarSpec.Get())
		for _, i := range ops {
			m.names = append(m.names, args[i])
		}
		m.e.dir, m.e.zipOnly, m.e.absolute = j.dir, true, j.preserve
		m.e.unzip, m.e.jar = !j.preserve, !j.preserve
		m.what = "the archive it reads"
		if j.archive != nil {
			m.what = j.archive.Raw
		}
	case "cpio":
		opts, ops := scan(c.Args, optSpec{shortVal: "DEFHIMOCR", longEq: true, longVal: longOpts("directory", "pattern-file",
			"file", "format", "io-size", "message", "owner", "block-size", "rsh-command", "to-stdout")})
		if !has(opts, "i", "extract") || has(opts, "t", "list", "to-stdout", "p", "pass-through") {
			return m, false
		}
		for _, o := range find(opts, "D", "directory") {
			v := o.val
			m.e.dir = &v
		}
		// GNU cpio writes an absolute name where it says unless
		// --no-absolute-filenames; ".." components are kept.
		m.e.absolute = !has(opts, "no-absolute-filenames")
		m.e.unzip = !m.e.absolute
		m.what = "the archive it reads"
		for _, i := range ops {
			m.names = append(m.names, c.Args[i])
		}
	default:
		return m, false
	}
	return m, true
}

// checkMemberOperands judges the member operands of an extraction whose
// members corral did not list, and the place a --transform maps members
// it cannot name.
func (p *Pass) checkMemberOperands(c *syntax.Call) {
	m, ok := extractionOperands(c)
	if !ok || m.e.dir != nil && !m.e.dir.Static {
		return
	}
	base, where := ".", c.Dir
	if m.e.dir != nil {
		base, where = m.e.dir.Value, c.Dir.Join(m.e.dir.Value)
	}
	if where.Known && p.InSandbox(c.Dir, syntax.Arg{Value: where.Path, Raw: where.Path, Static: true}) && !m.e.absolute {
		return
	}
	if c.Name == "tar" || c.Name == "gtar" || c.Name == "bsdtar" {
		listed, ok := p.tarListedNames(c)
		if !ok {
			return // asked: a list this command makes
		}
		m.names = append(m.names, listed...)
	}
	if m.e.absolute && len(m.names) == 0 && len(m.e.transforms) == 0 && m.e.topLevel == "" && c.Name != "cpio" && c.Name != "jar" {
		p.absoluteUnlisted(c, m)
		return
	}
	if m.e.unzip && strings.HasPrefix(c.Name, "7z") {
		if m.names, ok = p.sevenZipListedNames(c, m.names); !ok {
			return
		}
	}
	what := c.Name + " (a member it is told to extract from " + clipText(m.what, 60) + ")"
	at := func(v string) string {
		if strings.HasPrefix(v, "/") {
			return v
		}
		return path.Join(base, v)
	}
	// tree asks where a place that can be a directory of unknown
	// members can hold a self-protected file.
	tree := func(arg syntax.Arg, v string) {
		p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: "the members of " + clipText(m.what, 60) + " under " + v, Raw: arg.Raw, Static: true}, dest: arg, base: v}, false)
	}
	for _, n := range m.names {
		if !n.Static || n.Value == "" {
			continue
		}
		name := strings.TrimSuffix(n.Value, "/")
		if name == "" {
			name = "/"
		}
		v := memberPath(name, m.e)
		if v == "" {
			continue
		}
		full := at(v)
		glob := syntax.GlobMeta(v) >= 0
		p.judge(c, c.Script, c.Dir, target{arg: n, value: full, action: guards.Write, derived: true, pattern: glob}, "bash-write", what)
		if !glob && !m.e.junk && !p.regularFileAt(c, full) {
			// A name that can be a directory: its members land under it.
			tree(n, full)
		}
	}
	if len(m.names) == 0 && (len(m.e.transforms) > 0 || m.e.topLevel != "") {
		// Members corral cannot name, renamed: where the expression
		// puts an unknown name.
		const unknown = "\x01member"
		v := memberPath(unknown, m.e)
		if v == "" || v == unknown {
			return
		}
		arg := syntax.Arg{Value: base, Raw: base, Static: true}
		if m.e.dir != nil {
			arg = *m.e.dir
		}
		if !strings.Contains(v, unknown) {
			p.judge(c, c.Script, c.Dir, target{arg: arg, value: at(v), action: guards.Write, derived: true}, "bash-write", c.Name+" (every member, renamed)")
			return
		}
		dir := path.Dir(v[:strings.Index(v, unknown)] + "x")
		if dir == "." || strings.Contains(dir, unknown) {
			return
		}
		p.judge(c, c.Script, c.Dir, target{arg: arg, value: at(dir) + "/*", action: guards.Write, derived: true, pattern: true}, "bash-write", c.Name+" (a member, renamed)")
		tree(arg, at(dir))
	}
}

// regularFileAt reports a regular file at v (from c's directory) when
// the hook runs: a member name that is a file there, not a directory
// whose unknown members would land under it.
func (p *Pass) regularFileAt(c *syntax.Call, v string) bool {
	d := c.Dir.Join(v)
	if !d.Known {
		return false
	}
	fi, err := os.Stat(d.Path)
	return err == nil && fi.Mode().IsRegular()
}

// tarListedNames returns the member names tar -T FILE (--files-from)
// reads from a file on disk, read at hook time as scripts are (a regular
// file of at most 1 MiB, never a device, FIFO or /proc file): a line
// each, or NUL-separated with --null. A list an earlier command of this
// one writes is not what is on disk now: that asks, and ok is false. A
// list on stdin (-T -, -T /dev/stdin) is the text the command gives it
// (stdinListNames); one only run time knows, or named at run time, adds
// no names.
func (p *Pass) tarListedNames(c *syntax.Call) (names []syntax.Arg, ok bool) {
	opts, _ := scan(syntax.TarArgs(c.Args), specFor("tar"))
	sep := "\n"
	if has(opts, "null") {
		sep = "\x00"
	}
	for _, o := range find(opts, "T", "files-from") {
		if o.val.Static && (o.val.Value == "-" || stdinPath(o.val.Value)) {
			listed, ok := p.stdinListNames(c, o.val, sep)
			if !ok {
				return nil, false
			}
			names = append(names, listed...)
			continue
		}
		listed, ok := p.listFileNames(c, o.val, sep, nil)
		if !ok {
			return nil, false
		}
		names = append(names, listed...)
	}
	return names, true
}

// listFileNames returns the names a list file holds (tar -T FILE, 7z
// @FILE), read at hook time as scripts are, a name a line (sep), each
// with the word that names the list. A list an earlier command of this
// one writes asks, and ok is false; reader is the call that reads the
// list for c (cat names.txt | tar -T -), nil when c reads it itself.
func (p *Pass) listFileNames(c *syntax.Call, list syntax.Arg, sep string, reader *syntax.Call) (names []syntax.Arg, ok bool) {
	if p.Config.NoScriptFiles || !list.Static || list.Value == "-" {
		return nil, true
	}
	d := c.Dir.Join(list.Value)
	if !d.Known {
		return nil, true
	}
	if p.madeEarlier(c, d.Path, reader) {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
			Message: c.Name + " extracts the members listed in " + list.Value + ", a list this command writes: the names are chosen when it is written and cannot be read before"})
		return nil, false
	}
	text, err := syntax.ReadScript(d.Path)
	if err != nil {
		return nil, true
	}
	for _, line := range strings.Split(text, sep) {
		line = strings.TrimRight(line, "\r")
		if line == "" || len(names) >= maxArchiveMembers {
			continue
		}
		n := list
		n.Value = line
		names = append(names, n)
	}
	return names, true
}

// sevenZipListedNames replaces 7-Zip's list-file operands (@FILE, and
// -i@FILE, -ir@FILE) with the names the file holds (7z x A @names.txt
// extracts the members it names), read at hook time as tar -T's.
func (p *Pass) sevenZipListedNames(c *syntax.Call, in []syntax.Arg) ([]syntax.Arg, bool) {
	var out []syntax.Arg
	for _, n := range in {
		if !n.Static || !strings.HasPrefix(n.Value, "@") || len(n.Value) < 2 {
			out = append(out, n)
			continue
		}
		list := n
		list.Value = n.Value[1:]
		listed, ok := p.listFileNames(c, list, "\n", nil)
		if !ok {
			return nil, false
		}
		out = append(out, listed...)
	}
	return out, true
}

// stdinPath reports a file name that is the reader's own standard input.
func stdinPath(v string) bool {
	return v == "/dev/stdin" || v == "/dev/fd/0" || v == "/proc/self/fd/0"
}

// stdinListNames returns the names a list read on c's standard input
// holds (tar -T -, cpio -p's input), each with the word at: the text the
// command gives it (stdinLines: a here-document, a here-string, echo or
// printf with static words piped in), else the file its standard input
// opens (< names.txt on the call, around a compound command or by an
// earlier exec), else the files a cat stage before it prints (cat
// names.txt | tar xf A -T -), through filters that only drop or reorder
// lines (grep, sort, head…, lineKept): those keep a subset of the
// file's lines, so every line is judged. The files are read at hook time
// as tar -T FILE's (listFileNames); ok is false when one is written
// earlier by this command (asked there).
func (p *Pass) stdinListNames(c *syntax.Call, at syntax.Arg, sep string) (names []syntax.Arg, ok bool) {
	for _, line := range stdinLines(c) {
		if len(names) < maxArchiveMembers {
			n := at
			n.Value = line
			names = append(names, n)
		}
	}
	if len(names) > 0 {
		return names, true
	}
	in := c.Fd(0)
	if r, isFile := in.File(); isFile {
		if r.Op != "<" && r.Op != "<>" || !r.Target.Static || r.Proc != nil {
			return nil, true
		}
		f := r.Target
		if d := r.Dir.Join(f.Value); d.Known {
			f.Value = d.Path
		}
		return p.listFileNames(c, f, sep, nil)
	}
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" {
		return nil, true
	}
	for i, hops := in.Stage-1, 0; hops < maxProducerStages; i, hops = i-1, hops+1 {
		src := in.Pipe.Stage(i)
		if src == nil || len(src.Wrappers) > 0 {
			return nil, true
		}
		if src.Name != "cat" && lineKept(src) {
			continue
		}
		if src.Name != "cat" {
			return nil, true
		}
		// cat's own options number or mark lines (-n, -A…): the names
		// are no longer the file's; only -u and -- keep them.
		for _, a := range src.Args {
			switch {
			case !a.Static:
				return nil, true
			case a.Value == "-u" || a.Value == "--":
			case strings.HasPrefix(a.Value, "-") && a.Value != "-":
				return nil, true
			}
		}
		for _, a := range src.Args {
			if a.Value == "-u" || a.Value == "--" || a.Value == "-" {
				continue
			}
			f := a
			if d := src.Dir.Join(f.Value); d.Known {
				f.Value = d.Path
			}
			listed, ok := p.listFileNames(c, f, sep, src)
			if !ok {
				return nil, false
			}
			names = append(names, listed...)
		}
		return names, true
	}
	return nil, true
}

// absoluteUnlisted asks about an extraction that keeps absolute member
// names and ".." components (tar -P/--absolute-names, bsdtar -P) of an
// archive whose members corral did not list (not there yet, made or changed by the command, read
// on stdin, another format): its members are written where their names
// say, whatever the directory of the extraction, so they can be
// ~/.bashrc, ~/.ssh/authorized_keys or the agent's settings (red team:
// archives with absolute names). Without the option tar and bsdtar drop
// the leading "/" and skip ".." members, and the members are judged by
// the directory (checkExtractionMembers).
func (p *Pass) absoluteUnlisted(c *syntax.Call, m memberOperands) {
	how := "-P"
	p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
		Message: c.Name + " extracts " + clipText(m.what, 60) + " keeping absolute member names and .. (" + how +
			"), and corral cannot list its members: they are written where their names say, which can be a shell's startup file, ~/.ssh/authorized_keys or the agent's settings"})
}
