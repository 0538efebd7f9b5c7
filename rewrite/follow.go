package rewrite

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// This file makes later references to moved content follow it: after a
// clone or a download is rewritten into the sandbox, "cd widget",
// "make -C widget", "ls widget/" and "tar xzf t.tgz" in the same command
// name the new place. Only words that are paths follow; a word that merely
// shares the name ("git checkout -b widget", "docker run -d redis") stays.

// span identifies a word of a script.
type span struct {
	sc         *syntax.Script
	start, end int
}

// relocationIndex finds the relocation that applies to a path at a point
// of a script, in time proportional to the depth of the path: relocations
// are keyed by script and source path, each list ordered by where it
// starts to apply.
type relocationIndex struct {
	byFrom  map[relocationKey][]Relocation
	scripts map[*syntax.Script]bool
}

type relocationKey struct {
	sc   *syntax.Script
	from string
}

func indexRelocations(rels []Relocation) relocationIndex {
	ix := relocationIndex{byFrom: map[relocationKey][]Relocation{}, scripts: map[*syntax.Script]bool{}}
	for _, rl := range rels {
		// A relocation of the root would make every absolute path follow.
		if rl.From == "" || rl.From == "/" || rl.Script == nil {
			continue
		}
		k := relocationKey{rl.Script, rl.From}
		ix.byFrom[k] = append(ix.byFrom[k], rl)
		ix.scripts[rl.Script] = true
	}
	for k, l := range ix.byFrom {
		sort.SliceStable(l, func(i, j int) bool { return l[i].After < l[j].After })
		ix.byFrom[k] = l
	}
	return ix
}

// lookup returns the relocation of the deepest moved ancestor of p (p
// itself included) in effect at offset at of sc: the latest one whose
// After is not past at.
func (ix relocationIndex) lookup(sc *syntax.Script, p string, at int) (Relocation, bool) {
	for q := p; ; {
		if l := ix.byFrom[relocationKey{sc, q}]; len(l) > 0 {
			i := sort.Search(len(l), func(i int) bool { return l[i].After > at })
			if i > 0 {
				return l[i-1], true
			}
		}
		if q == "/" || q == "" {
			return Relocation{}, false
		}
		q = parentOf(q)
	}
}

// parentOf is path.Dir of a clean path, without cleaning it again: the
// cost is that of its last component, so walking up a deep path stays
// linear in its length (path.Dir costs the whole path at each step).
func parentOf(q string) string {
	i := strings.LastIndexByte(q, '/')
	switch {
	case i < 0:
		return "."
	case i == 0:
		return "/"
	}
	return q[:i]
}

// under reports whether p is dir or below it, through the path module.
func under(p, dir string) bool { return guards.Within(dir, p) }

// follow returns the edits that make later references to relocated paths
// name the new place, with archives that are unpacked from there unpacked
// into the sandbox. Edits already made (keys in edited) are left alone.
// It looks at each word of each call once.
func follow(p *Pass, rels []Relocation, edited map[span]bool) []syntax.Edit {
	ix := indexRelocations(rels)
	if len(ix.byFrom) == 0 {
		return nil
	}
	var out []syntax.Edit
	for _, c := range p.Model.Calls {
		if !ix.scripts[c.Script] {
			continue
		}
		followed := false
		for _, a := range pathRefs(c) {
			if !a.Static || a.Glob || strings.Contains(a.Value, "://") {
				continue
			}
			target := c.Dir.Join(a.Value)
			if !target.Known {
				continue
			}
			rl, ok := ix.lookup(c.Script, target.Path, c.Start)
			if !ok {
				continue
			}
			if !strings.HasPrefix(a.Value, "/") && c.Dir.Known && under(c.Dir.Path, rl.From) {
				// Runs inside the moved tree, whose cd followed it: its
				// relative paths are right as they are.
				continue
			}
			key := span{c.Script, a.Start, a.End}
			if edited[key] {
				continue
			}
			edited[key] = true
			to := rl.To + target.Path[len(rl.From):]
			out = append(out, syntax.Edit{Script: c.Script, Start: a.Start, End: a.End, New: syntax.Quote(to)})
			followed = true
		}
		if followed {
			out = append(out, extractInto(p, c)...)
		}
	}
	// Input redirections, of a call or of a compound command (jq . <
	// a.json, while read l; do …; done < list.txt): the file read is the
	// moved one.
	for _, r := range p.Model.Redirs {
		a := r.Target
		if r.Op != "<" || !ix.scripts[r.Script] || !a.Static || a.Glob || a.Value == "" {
			continue
		}
		target := r.Dir.Join(a.Value)
		if !target.Known {
			continue
		}
		rl, ok := ix.lookup(r.Script, target.Path, a.Start)
		if !ok || !strings.HasPrefix(a.Value, "/") && r.Dir.Known && under(r.Dir.Path, rl.From) {
			continue
		}
		key := span{r.Script, a.Start, a.End}
		if edited[key] {
			continue
		}
		edited[key] = true
		out = append(out, syntax.Edit{Script: r.Script, Start: a.Start, End: a.End, New: syntax.Quote(rl.To + target.Path[len(rl.From):])})
	}
	return out
}

// pathOperandCommands take file or directory names as their operands (and
// as the values of their options), so a bare name there is a path.
var pathOperandCommands = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("cd", "pushd", "ls", "cat", "less", "more", "head", "tail", "tree", "du", "stat",
		"file", "cp", "mv", "rm", "rmdir", "touch", "mkdir", "ln", "install", "chmod", "chown", "chgrp", "realpath",
		"readlink", "wc", "diff", "cmp", "sort", "uniq", "test", "[", "source", ".", "unzip", "zip", "gunzip", "gzip",
		"bunzip2", "bzip2", "xz", "unxz", "zcat", "tar", "bsdtar", "7z", "find", "code", "vim", "vi", "nvim", "nano",
		"emacs", "open", "xdg-open", "bat", "sha256sum", "sha1sum", "sha512sum", "md5sum", "shasum", "b2sum", "dpkg",
		"rpm", "gpg", "du", "hexdump", "xxd", "od", "strings")
}}

// programFirst are filters whose first operand is a pattern or program
// and whose other operands are files.
var programFirst = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("grep", "egrep", "fgrep", "rg", "ag", "ack", "jq", "yq", "sed", "awk", "gawk", "mawk")
}}

// scriptOperandCommand reports whether c takes a script file as its first
// operand (a shell or an interpreter); the words after it are the
// script's own arguments.
func scriptOperandCommand(c *syntax.Call) bool {
	return syntax.IsShell(c.Name) || isInterpreter(c.Name)
}

// dirOptions are, per command, the options whose separate value is a
// directory or file of the command (make -C dir, git -C dir).
var dirOptions = lazy.Value[map[string]map[string]bool]{New: func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"make":  setOf("-C", "--directory", "-f", "--file", "--makefile"),
		"gmake": setOf("-C", "--directory", "-f", "--file", "--makefile"),
		"git":   setOf("-C"),
		"npm":   setOf("--prefix", "-C"),
		"pnpm":  setOf("--dir", "-C"),
		"yarn":  setOf("--cwd"),
		"cmake": setOf("-S", "-B"),
		"go":    setOf("-C"),
		"cargo": setOf("--manifest-path"),
	}
}}

// pathRefs returns the words of c that name files or directories: the
// command word when it is a path (./widget/install.sh), any word with a
// slash that is not an option, every operand of a command that takes
// paths (cd, ls, tar, …), a script given to a shell or interpreter, and
// the value of a directory option (make -C, git -C).
func pathRefs(c *syntax.Call) []syntax.Arg {
	var out []syntax.Arg
	if c.NameArg.Word != nil && strings.Contains(c.NameArg.Value, "/") {
		out = append(out, c.NameArg)
	}
	if programFirst.Get()[c.Name] {
		return append(out, filterPaths(c)...)
	}
	all := pathOperandCommands.Get()[c.Name]
	// A shell's or interpreter's script file, read with its options
	// (not -c's or -e's program text, not python -m's module).
	script := -1
	if scriptOperandCommand(c) {
		if _, file, _, ok := programWords(c); ok {
			script = file
		} else {
			for i, a := range c.Args {
				if !strings.HasPrefix(a.Value, "-") {
					script = i
					break
				}
			}
		}
	}
	opts := dirOptions.Get()[c.Name]
	for i, a := range c.Args {
		v := a.Value
		if strings.HasPrefix(v, "-") {
			continue
		}
		switch {
		case strings.Contains(v, "/"), all, i == script:
			out = append(out, a)
		case i > 0 && opts[c.Args[i-1].Value] && c.Args[i-1].Static:
			out = append(out, a)
		}
	}
	return out
}

// filterNames maps a filter to the programs.go table it is read with.
var filterNames = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"egrep": "grep", "fgrep": "grep", "gawk": "awk", "mawk": "awk"}
}}

// filterPaths returns the words of a filter (grep, sed, awk, jq, …) that
// name files, its options read with its own table: the operands after
// the pattern or program (every operand when an option gave it: grep -e
// PAT, sed -f FILE, jq -f FILE), and the program file an option names.
// The pattern itself is no path: grep -e x.sh log does not follow a
// moved x.sh.
func filterPaths(c *syntax.Call) []syntax.Arg {
	name := c.Name
	if n, ok := filterNames.Get()[name]; ok {
		name = n
	}
	opts, operands := scan(c.Args, specFor(name))
	var out []syntax.Arg
	for _, o := range opts {
		// A program file, given as its own word (an attached value
		// shares its word with the option).
		if o.hasVal && !o.attached && (o.name == "f" || o.name == "file" || o.name == "from-file") {
			out = append(out, o.val)
		}
	}
	given := has(opts, "e", "regexp", "expression", "f", "file", "from-file")
	// jq --arg NAME VALUE: the scan takes NAME as the value; VALUE is the
	// operand right after it.
	skip := map[int]bool{}
	if name == "jq" {
		for _, o := range find(opts, "arg", "argjson", "slurpfile", "rawfile") {
			if !o.attached {
				skip[o.idx+2] = true
			}
		}
	}
	first := true
	for _, i := range operands {
		if skip[i] {
			continue
		}
		if first && !given {
			first = false
			continue
		}
		first = false
		out = append(out, c.Args[i])
	}
	return out
}

// extractInto keeps the contents of a moved archive in the sandbox: a tar
// or unzip that unpacks it into the working directory unpacks it into the
// sandbox instead.
func extractInto(p *Pass, c *syntax.Call) []syntax.Edit {
	if len(c.Args) == 0 || p.DirInSandbox(c.Dir) {
		return nil
	}
	last := c.Args[len(c.Args)-1]
	switch c.Name {
	case "tar", "bsdtar":
		opts, extract := tarOptions(c)
		if !extract {
			return nil
		}
		if dirs := find(opts, "C", "directory"); len(dirs) > 0 {
			// Its own -C outside the sandbox would unpack the moved
			// archive there.
			if d := dirs[len(dirs)-1]; !p.InSandbox(c.Dir, d.val) {
				return []syntax.Edit{setValue(c, d, syntax.Quote(p.Config.Sandbox))}
			}
			return nil
		}
		return []syntax.Edit{Insert(c, last.End, " -C "+syntax.Quote(p.Config.Sandbox))}
	case "unzip":
		opts, _ := scan(c.Args, specFor("unzip"))
		if has(opts, "l", "t", "v", "Z", "z", "p", "c") {
			return nil // lists, tests or prints, extracts nothing
		}
		if dirs := find(opts, "d"); len(dirs) > 0 {
			// Its own -d (or -dDIR) outside the sandbox would unpack the moved
			// archive there.
			if d := dirs[len(dirs)-1]; !p.InSandbox(c.Dir, d.val) {
				return []syntax.Edit{setValue(c, d, syntax.Quote(p.Config.Sandbox))}
			}
			return nil
		}
		return []syntax.Edit{Insert(c, last.End, " -d "+syntax.Quote(p.Config.Sandbox))}
	}
	return nil
}
