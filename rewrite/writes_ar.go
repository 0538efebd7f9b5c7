package rewrite

import (
	"errors"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// checkArExtract judges the members ar x writes: into the working
// directory, or the directory of --output DIR (GNU ar 2.38 and later,
// given before or after the key). A member named after the archive is
// matched, and written, by its base name, as GNU ar stores members; with
// the P modifier by its whole name, written at that path (ar xP A
// .claude/settings.json). With none named, every member is written at
// the name it is stored under, directories included (an archive made
// with ar rcP holds .claude/settings.json: GNU ar 2.40 writes it there,
// with or without P; checked with the real ar), and the archive on disk
// when the hook runs is listed by the system's own ar t (bounded as tar's
// listing is). An archive that cannot be listed is judged by its
// directory: where that holds one of corral's own files or an agent's
// settings, ask (ar x --output ~/.claude x.a).
func (p *Pass) checkArExtract(c *syntax.Call) {
	if path.Base(c.Name) != "ar" {
		return
	}
	var words []syntax.Arg
	var outDir *syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "--output" && i+1 < len(c.Args):
			i++
			d := c.Args[i]
			outDir = &d
		case strings.HasPrefix(a.Value, "--output="):
			d := a
			d.Value = strings.TrimPrefix(a.Value, "--output=")
			outDir = &d
		case a.Value == "--plugin" || a.Value == "--target":
			i++
		case !strings.HasPrefix(a.Value, "--"):
			words = append(words, a)
		}
	}
	if len(words) < 2 || !words[0].Static {
		return
	}
	key := strings.TrimPrefix(words[0].Value, "-")
	if !strings.Contains(key, "x") || strings.ContainsAny(key, "tpO") {
		return // O: the members go to standard output
	}
	archive := 1
	if strings.Contains(key, "N") && len(words) > 2 {
		archive++ // ar xN COUNT ARCHIVE NAME
	}
	if archive >= len(words) {
		return
	}
	base := "."
	if outDir != nil {
		if !outDir.Static {
			return // a directory only known at run time: the run-time rules'
		}
		base = strings.TrimSuffix(outDir.Value, "/")
		if strings.HasPrefix(base, "~") {
			base = "./" + base // --output=~: no shell expands it there
		}
	}
	at := func(name string) string {
		if base == "." {
			return path.Base(name)
		}
		return base + "/" + path.Base(name)
	}
	// stored is where ar writes a member by the name it is stored
	// under: a name with directories (an archive made with ar rcP, or by
	// another tool) is written at that path, as GNU ar 2.40 does with or
	// without P; an absolute name or one with a ".." component is
	// refused (is_valid_archive_path).
	stored := func(name string) string {
		if path.IsAbs(name) || slices.Contains(strings.Split(name, "/"), "..") {
			return ""
		}
		if base == "." {
			return name
		}
		return base + "/" + name
	}
	fullPath := strings.Contains(key, "P")
	arg := words[archive]
	if outDir != nil {
		arg = *outDir
	}
	if members := words[archive+1:]; len(members) > 0 {
		for _, m := range members {
			if !m.Static {
				continue
			}
			v := at(m.Value)
			if fullPath {
				// ar xP A DIR/NAME matches the whole stored name and
				// writes it there.
				if v = stored(m.Value); v == "" {
					continue
				}
			}
			p.judge(c, c.Script, c.Dir, target{arg: m, value: v, action: guards.Write, derived: true}, "bash-write", "ar x")
		}
		return
	}
	a := c.Dir.Join(words[archive].Value)
	if !words[archive].Static || !a.Known {
		return
	}
	names, err := arMembers(a.Path)
	if err != nil {
		if outDir != nil {
			p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: "the archive " + words[archive].Value, Raw: words[archive].Raw, Static: true},
				dest: *outDir, base: base}, false)
		}
		return
	}
	seen := map[string]bool{}
	for _, n := range names {
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		v := stored(n)
		if v == "" {
			continue
		}
		p.judge(c, c.Script, c.Dir, target{arg: arg, value: v, action: guards.Write, derived: true}, "bash-write", "ar x (a member of "+words[archive].Value+")")
	}
}

// arMembers lists an ar archive's members with the system's ar t, as
// archiveMembers lists tar and zip archives.
func arMembers(p string) ([]string, error) {
	if !path.IsAbs(p) || guards.Within("/proc", p) || guards.Within("/dev", p) {
		return nil, errArchiveTooLarge
	}
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
		return nil, errArchiveTooLarge
	}
	data, err := boundedOutput("", []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin"}, "ar", "t", p)
	if err != nil {
		return nil, err
	}
	names := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(names) > maxArchiveMembers {
		return nil, errArchiveTooLarge
	}
	return names, nil
}

// checkPsqlWrites judges the local files psql's meta-commands write, in
// the text of -c/--command and of a -f/--file script on disk: \o and
// \out FILE (every query result after it), \g and \gx [(OPTIONS)] FILE,
// \w and \write FILE (the query buffer), \s FILE (the history), \copy …
// TO FILE (not STDOUT, PSTDOUT or PROGRAM) and \lo_export OID FILE. A
// name starting with "|" is a command psql pipes into, not a file.
func (p *Pass) checkPsqlWrites(c *syntax.Call) {
	if path.Base(c.Name) != "psql" {
		return
	}
	opts, _ := scan(c.Args, psqlSpec)
	if len(find(opts, "c", "command", "f", "file")) == 0 {
		// psql <<EOF … EOF, psql < script.sql: the text on its stdin.
		if t, _, why := p.sftpCommands(c, nil); why == "" && t != "" {
			for _, f := range psqlWrittenFiles(t) {
				p.judge(c, c.Script, c.Dir, target{arg: syntax.Arg{Value: f, Raw: f, Static: true, Start: c.Start, End: c.End},
					action: guards.Write}, "bash-write", "psql (a meta-command on its input)")
			}
		}
	}
	for _, o := range opts {
		if !o.hasVal || !o.val.Static {
			continue
		}
		var text string
		switch o.name {
		case "c", "command":
			text = o.val.Value
		case "f", "file":
			t, ok := p.readSftpFile(c.Dir, o.val.Value)
			if !ok {
				continue
			}
			text = t
		default:
			continue
		}
		for _, f := range psqlWrittenFiles(text) {
			p.judge(c, c.Script, c.Dir, target{arg: syntax.Arg{Value: f, Raw: f, Static: true, Start: o.val.Start, End: o.val.End},
				action: guards.Write}, "bash-write", "psql (a meta-command in "+o.val.Raw+")")
		}
	}
}

// psqlWrittenFiles returns the files psql's meta-commands in text write
// (see checkPsqlWrites). A meta-command runs to the end of its line or
// to "\\"; its words are read as psqlLocalFiles reads them.
func psqlWrittenFiles(text string) []string {
	var files []string
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' {
			continue
		}
		j := i + 1
		for j < len(text) && ('a' <= text[j] && text[j] <= 'z' || text[j] == '_') {
			j++
		}
		name := text[i+1 : j]
		line := text[j:]
		if k := strings.IndexByte(line, '\n'); k >= 0 {
			line = line[:k]
		}
		if k := strings.Index(line, `\\`); k >= 0 {
			line = line[:k]
		}
		if name == "" || line != "" && line[0] != ' ' && line[0] != '\t' {
			continue
		}
		i = j - 1
		toks := sqlTokens(line)
		file := func(t sqlToken) {
			if t.text != "" && !(!t.quoted && strings.HasPrefix(t.text, "|")) {
				files = append(files, t.text)
			}
		}
		switch name {
		case "o", "out", "w", "write", "s", "g", "gx":
			// sqlTokens leaves out \g's (OPTIONS) in parentheses.
			if len(toks) > 0 {
				file(toks[0])
			}
		case "lo_export":
			if len(toks) > 1 {
				file(toks[1])
			}
		case "copy":
			for k := 0; k+1 < len(toks); k++ {
				if toks[k].quoted || !strings.EqualFold(toks[k].text, "to") {
					continue
				}
				f := toks[k+1]
				if low := strings.ToLower(f.text); f.quoted || low != "stdout" && low != "pstdout" && low != "program" {
					file(f)
				}
				break
			}
		}
	}
	return files
}

// checkExtractDirs judges what cpio and unrar extract: the members of
// an archive on disk that corral reads (cpioMembers, rarMembers), each
// as a write where the program puts it, and otherwise any name in the
// directory they extract into, as a write of any name there: cpio -i
// (--extract) with -D DIR (--directory), reading the archive on stdin
// (cpio -id < a.cpio, cat a.cpio | cpio -i, gzip -dc a.cpio.gz | cpio
// -id) or from -F/-I/--file; cpio -p (--pass-through) DIR, whose members
// are the names on stdin (stdinListNames: a here-string or
// here-document, the words echo or printf '%s\n' feeds it, the file < or
// a cat before it gives it), each written at DIR/NAME; unrar x/e
// ARCHIVE [FILES…] [DIR/] (the destination ends in "/"). Their words
// still go through checkUnknownWriter, which asks where the directory
// holds corral's own files, an agent's settings or the startup files.
func (p *Pass) checkExtractDirs(c *syntax.Call) {
	var dirs []syntax.Arg
	switch path.Base(c.Name) {
	case "pax":
		p.checkPaxRead(c)
		return
	case "cpio", "bsdcpio":
		opts, ops := scan(c.Args, optSpec{shortVal: "DEFHIMOCR", longEq: true, longVal: longOpts("directory", "pattern-file",
			"file", "format", "io-size", "message", "owner", "block-size", "rsh-command", "to-stdout")})
		switch {
		case has(opts, "t", "list", "to-stdout"):
		case has(opts, "p", "pass-through"):
			if len(ops) > 0 {
				dir := c.Args[ops[len(ops)-1]]
				dirs = append(dirs, dir)
				if dir.Static {
					sep := "\n"
					if has(opts, "0", "null") {
						sep = "\x00"
					}
					listed, _ := p.stdinListNames(c, dir, sep)
					for _, n := range listed {
						p.judgeMember(c, dir, path.Join(dir.Value, strings.TrimLeft(n.Value, "/")), "the name "+n.Value+" on its input")
					}
				}
			}
		case has(opts, "i", "extract"):
			var dir *syntax.Arg
			for _, o := range find(opts, "D", "directory") {
				dirs = append(dirs, o.val)
				v := o.val
				dir = &v
			}
			var archive syntax.Arg
			if files := find(opts, "F", "I", "file"); len(files) > 0 {
				archive = files[len(files)-1].val
			} else if a, _, ok := stdinArchive(c); ok {
				archive = a
			}
			if p.cpioMembers(c, archive, dir, has(opts, "no-absolute-filenames")) {
				return
			}
			if dir == nil && c.Dir.Known {
				// An archive corral cannot read (from a pipe, not there
				// yet) lands in the working directory: (cd ~ && cpio -i)
				// writes there as tar x does, and into ~/.claude it can
				// land on the agent's settings.
				dirs = append(dirs, syntax.Arg{Value: c.Dir.Path, Raw: "the working directory", Static: true, Start: c.Start, End: c.End})
				what := "the archive on its input"
				if archive.Value != "" {
					what = "the archive " + archive.Value
				}
				p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: what, Raw: archive.Raw, Static: true},
					dest: syntax.Arg{Value: ".", Raw: ".", Static: true}, base: "."}, false)
			}
		}
	case "unrar", "rar":
		var ops []syntax.Arg
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Value, "-") || !a.Static {
				ops = append(ops, a)
			}
		}
		if len(ops) >= 2 && (ops[0].Value == "x" || ops[0].Value == "e") {
			var dir *syntax.Arg
			if len(ops) >= 3 && strings.HasSuffix(ops[len(ops)-1].Value, "/") {
				dirs = append(dirs, ops[len(ops)-1])
				dir = &ops[len(ops)-1]
			}
			if p.rarMembers(c, ops[1], dir, ops[0].Value == "e") {
				return
			}
		}
	default:
		return
	}
	for _, d := range dirs {
		if !d.Static {
			continue
		}
		p.judge(c, c.Script, c.Dir, target{arg: d, value: strings.TrimSuffix(d.Value, "/") + "/*", action: guards.Write, derived: true},
			"bash-write", c.Name+" (a member it extracts)")
	}
}

// judgeMember judges one member an extraction writes at v (absolute, or
// relative to the call's directory), with arg the word it comes from.
func (p *Pass) judgeMember(c *syntax.Call, arg syntax.Arg, v, what string) {
	p.judge(c, c.Script, c.Dir, target{arg: arg, value: v, action: guards.Write, derived: true}, "bash-write", c.Name+" ("+what+")")
}

// cpioMembers judges each member of the cpio archive on disk that cpio
// -i extracts into dir (nil: the working directory) and reports whether
// it read it. GNU cpio writes an absolute name at that path and a ".."
// name above the directory; --no-absolute-filenames drops the leading
// "/" and everything up to the last "..".
func (p *Pass) cpioMembers(c *syntax.Call, archive syntax.Arg, dir *syntax.Arg, relative bool) bool {
	if !archive.Static || archive.Value == "" || dir != nil && !dir.Static {
		return false
	}
	file := c.Dir.Join(archive.Value)
	if !file.Known {
		return false
	}
	names, err := cpioMembers(file.Path)
	if err != nil {
		// GNU cpio and bsdcpio read tar and ustar archives too (cpio
		// -id < a.tar writes its members): listed by GNU tar.
		if names, err = archiveMembers(file.Path, false); err != nil {
			return false
		}
	}
	base, arg := ".", archive
	if dir != nil {
		base, arg = dir.Value, *dir
	}
	seen := map[string]bool{}
	for _, n := range names {
		v := n
		if relative {
			v = afterDotDot(n)
		}
		if v == "" || v == "." {
			continue
		}
		if !strings.HasPrefix(v, "/") {
			v = path.Join(base, v)
		}
		if within(p.Config.Sandbox, c.Dir.Join(v)) {
			continue // kept in the sandbox, as tar -C SANDBOX's members are
		}
		if !seen[v] {
			seen[v] = true
			p.judgeMember(c, arg, v, "a member of "+archive.Value)
		}
	}
	return true
}

// rarMembers judges each member of the RAR archive on disk that unrar x
// (e: without its directories) extracts into dir (nil: the working
// directory) and reports whether it read it: unrar drops a leading "/"
// and everything up to the last ".." component, and reads "\\" as "/".
func (p *Pass) rarMembers(c *syntax.Call, archive syntax.Arg, dir *syntax.Arg, junk bool) bool {
	if !archive.Static || dir != nil && !dir.Static {
		return false
	}
	file := c.Dir.Join(archive.Value)
	if !file.Known {
		return false
	}
	names, err := rarMembers(file.Path)
	if err != nil {
		if _, serr := os.Stat(file.Path); serr == nil && !errors.Is(err, errArchiveTooLarge) {
			// On disk and not readable (encrypted headers): any name
			// under the directory, where that can hold a protected
			// file.
			base := "."
			dest := syntax.Arg{Value: base, Raw: base, Static: true}
			if dir != nil {
				base, dest = dir.Value, *dir
			}
			p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: "the archive " + archive.Value, Raw: archive.Raw, Static: true}, dest: dest, base: base}, false)
		}
		return false
	}
	base, arg := ".", archive
	if dir != nil {
		base, arg = dir.Value, *dir
	}
	seen := map[string]bool{}
	for _, n := range names {
		v := afterDotDot(strings.ReplaceAll(n, "\\", "/"))
		if junk {
			v = path.Base(v)
		}
		if v == "" || v == "." || v == "/" {
			continue
		}
		v = path.Join(base, v)
		if !seen[v] {
			seen[v] = true
			p.judgeMember(c, arg, v, "a member of "+archive.Value)
		}
	}
	return true
}

// stdinLines returns the lines a call reads on stdin when the command
// gives them: a here-string or here-document with static text, or the
// words of an echo, or of printf '%s\n', piped into it (into the call
// or into the compound stage it runs in).
func stdinLines(c *syntax.Call) []string {
	var text string
	for _, r := range c.Redirs {
		if body, static, ok := r.Body(); ok && static {
			// A here-document's body (not its delimiter word), a
			// here-string's word; <<- strips leading tabs.
			text = body
			if r.Op == "<<-" {
				lines := strings.Split(text, "\n")
				for i, l := range lines {
					lines[i] = strings.TrimLeft(l, "\t")
				}
				text = strings.Join(lines, "\n")
			}
		}
	}
	if in := c.Fd(0); text == "" && in.Kind == syntax.StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" && !in.Pipe.Coproc && in.Stage > 0 {
		// The stage before the pipe it reads, itself or as a call of a
		// compound stage (echo x | { tar xf a.tar -T -; }).
		src := in.Pipe.Stage(in.Stage - 1)
		if src == nil {
			return nil
		}
		var words []string
		for _, a := range src.Args {
			if !a.Static {
				return nil
			}
			words = append(words, a.Value)
		}
		switch {
		case src.Name == "echo" && len(words) > 0 && !strings.HasPrefix(words[0], "-"):
			text = strings.Join(words, " ")
		case src.Name == "printf" && len(words) > 1 && words[0] == "%s\\n":
			text = strings.Join(words[1:], "\n")
		case src.Name == "printf" && len(words) == 1 && !strings.Contains(words[0], "%"):
			// printf 'a\nb\n': the format is the text, its \n escapes
			// line breaks.
			text = strings.NewReplacer("\\n", "\n", "\\\\", "\\").Replace(words[0])
		}
	}
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// checkPaxRead judges what pax -r (read mode, without -w) extracts from
// an archive on disk, named by -f or on its standard input (pax -r <
// a.tar, cat a.tar | pax -r): each member, tar or cpio, at its name from
// the working directory, as cpio -i's (cpioMembers). A -s rename corral
// does not apply asks when the archive has members.
func (p *Pass) checkPaxRead(c *syntax.Call) {
	opts, _ := scan(c.Args, optSpec{shortVal: "bfopsxBEGTU"})
	if !has(opts, "r") || has(opts, "w") {
		return
	}
	var archive syntax.Arg
	if fs := find(opts, "f"); len(fs) > 0 {
		archive = fs[len(fs)-1].val
	} else if a, _, ok := stdinArchive(c); ok {
		archive = a
	}
	if !archive.Static || archive.Value == "" {
		return
	}
	if len(find(opts, "s")) > 0 {
		file := c.Dir.Join(archive.Value)
		if !file.Known {
			return
		}
		names, err := cpioMembers(file.Path)
		if err != nil {
			names, err = archiveMembers(file.Path, false)
		}
		if err == nil && len(names) > 0 {
			p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
				Message: "pax -s renames the members of " + archive.Value + " with an expression corral does not apply: where they land is only known at run time"})
		}
		return
	}
	p.cpioMembers(c, archive, nil, false)
}
