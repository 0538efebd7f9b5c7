package rewrite

import (
	"path"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// patchSpec is GNU patch's options that take a value.
var patchSpec = optSpec{shortVal: "BDFVYdiopruz", longVal: longOpts("prefix", "ifdef", "fuzz", "version-control",
	"basename-prefix", "directory", "input", "output", "strip", "reject-file", "suffix", "get", "quoting-style", "read-only", "backup-if-mismatch"), longEq: true}

// diffTargets lists the files patch and git apply write or delete: the
// paths a unified diff names (its "+++" lines, "--- " of a file it
// deletes, git's "rename to"/"copy to" headers), after -p strips their
// leading components and -d/--directory places them. The diff comes as
// a here-document or here-string, a file given with patch -i or as
// patch's second operand or git apply's operands, or a file redirected
// to stdin, read at hook time (a regular file of at most 1 MiB, as
// scripts are). A diff that cannot be read names no file here: the
// written files are then only known at run time, and git apply
// --unsafe-paths of such a diff (whose names may then be anywhere) asks.
func (p *Pass) diffTargets(c *syntax.Call) []target {
	var texts []syntax.Arg
	var files []syntax.Arg
	strip, stripSet := 1, false
	dir := ""
	var dirArg syntax.Arg
	unsafe := false
	var unsafeArg syntax.Arg
	switch {
	case c.Name == "patch":
		opts, ops := scan(c.Args, patchSpec)
		if has(opts, "dry-run") || len(find(opts, "o", "output")) > 0 {
			return nil
		}
		for _, o := range find(opts, "i", "input") {
			files = append(files, o.val)
		}
		if len(ops) >= 2 {
			files = append(files, c.Args[ops[1]])
		}
		if len(ops) >= 1 {
			return nil // patch FILE: the file patched is the target (programWrites)
		}
		for _, o := range find(opts, "p", "strip") {
			if n, err := strconv.Atoi(o.val.Value); err == nil && o.val.Static {
				strip, stripSet = n, true
			}
		}
		for _, o := range find(opts, "d", "directory") {
			dir, dirArg = o.val.Value, o.val
		}
	case c.Name == "git" && len(c.Args) > 0 && c.Args[0].Value == "apply":
		opts, ops := scan(c.Args[1:], optSpec{shortVal: "pC", longVal: longOpts("exclude", "include", "directory", "whitespace", "build-fake-ancestor"), longEq: true})
		if has(opts, "stat", "numstat", "summary", "check") && !has(opts, "apply") {
			return nil
		}
		for _, i := range ops {
			files = append(files, c.Args[1+i])
		}
		for _, o := range find(opts, "p") {
			if n, err := strconv.Atoi(o.val.Value); err == nil && o.val.Static {
				strip, stripSet = n, true
			}
		}
		for _, o := range find(opts, "directory") {
			dir, dirArg = o.val.Value, o.val
		}
		for _, o := range opts {
			if o.name == "unsafe-paths" {
				unsafe, unsafeArg = true, c.Args[1+o.idx]
			}
		}
		stripSet = true // git's default is -p1
	default:
		return nil
	}
	texts = append(texts, inlineInputs(c)...)
	for _, r := range c.Redirs {
		if r.Op == "<" {
			files = append(files, r.Target)
		}
	}
	if src := c.Pipe.Stage(c.PipeIndex - 1); src != nil && (src.Name == "echo" || src.Name == "printf") && c.PipeIndex > 0 {
		// printf 'diff --git …' | patch -p1: the diff is the text printed.
		if text, dynamic, ok := syntax.EchoText(src); ok && !dynamic {
			texts = append(texts, syntax.Arg{Value: text, Raw: src.Text(), Static: true, Start: c.Start, End: c.End})
		}
	}
	if src := c.Pipe.Stage(c.PipeIndex - 1); src != nil && src.Name == "cat" && c.PipeIndex > 0 {
		// cat fix.patch | git apply: the diff is cat's files.
		for _, a := range src.Args {
			if strings.HasPrefix(a.Value, "-") && a.Value != "-" {
				continue
			}
			a.Start, a.End = c.Start, c.End
			files = append(files, a)
		}
	}
	for _, f := range files {
		if !f.Static || f.Value == "-" || p.Config.NoScriptFiles {
			continue
		}
		d := c.Dir.Join(f.Value)
		if !d.Known {
			continue
		}
		text, err := syntax.ReadScript(d.Path)
		if err != nil {
			continue
		}
		f.Value = text
		texts = append(texts, f)
	}
	var out []target
	if len(texts) == 0 && unsafe {
		// git apply --unsafe-paths of a diff corral cannot read: its
		// names may be absolute or climb out with "..", anywhere; no
		// path can be judged, so ask here.
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
			Message: "git apply " + unsafeArg.Raw + " applies a diff corral cannot read, whose files may be anywhere outside the work tree"})
	}
	if len(texts) == 0 && dir != "" {
		// A diff corral cannot read, applied under -d/--directory: it
		// writes files there (patch -d .git/hooks < x.patch).
		child := dirArg
		child.Value = strings.TrimSuffix(dir, "/") + "/*"
		out = append(out, target{arg: dirArg, value: child.Value, action: guards.Write})
	}
	for _, text := range texts {
		for _, d := range diffPaths(text.Value) {
			names := []string{stripComponents(d.name, strip)}
			if !stripSet {
				// patch without -p: the file name alone, or the whole
				// name when its directories exist.
				names = []string{path.Base(d.name), d.name}
			}
			for _, name := range names {
				if name == "" || name == "." || name == "/" {
					continue
				}
				if dir != "" && !strings.HasPrefix(name, "/") {
					name = strings.TrimSuffix(dir, "/") + "/" + name
				}
				out = append(out, target{arg: syntax.Arg{Value: name, Raw: text.Raw, Static: text.Static, Start: text.Start, End: text.End}, action: d.action, derived: true})
			}
		}
	}
	return out
}

// diffPath is a file a diff changes.
type diffPath struct {
	name   string
	action guards.Action
}

// diffPaths reads the files a unified or git diff changes: the "+++"
// side of each file, or its "---" side when "+++" is /dev/null (a
// deletion), and git's rename and copy destinations.
func diffPaths(text string) []diffPath {
	var out []diffPath
	minus := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "--- "):
			minus = diffName(line[4:])
		case strings.HasPrefix(line, "+++ "):
			plus := diffName(line[4:])
			if plus == "/dev/null" {
				if minus != "" && minus != "/dev/null" {
					out = append(out, diffPath{minus, guards.Delete})
				}
				continue
			}
			if plus != "" {
				out = append(out, diffPath{plus, guards.Write})
			}
		case strings.HasPrefix(line, "rename to "), strings.HasPrefix(line, "copy to "):
			_, name, _ := strings.Cut(line, " to ")
			// git's headers are relative to the top, without a/ b/.
			out = append(out, diffPath{"b/" + diffName(name), guards.Write})
		}
	}
	return out
}

// diffName is the file name of a "---"/"+++" line: up to a tab (before
// a time stamp), git's quoted names unquoted.
func diffName(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			s = u
		}
	}
	return s
}

// stripComponents removes n leading components of name, as patch -pN
// does ("" when it has fewer).
func stripComponents(name string, n int) string {
	for ; n > 0; n-- {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return ""
		}
		name = strings.TrimLeft(name[i+1:], "/")
	}
	return name
}
