package rewrite

import (
	"path"
	"strings"
	"sync"

	"github.com/corral-dev/corral/syntax"
)

// deletion is one file or tree a command deletes. Every command that
// deletes (rm, rmdir, unlink, shred, find -delete, find -exec rm, xargs
// rm, parallel rm, rsync --delete, git clean) is reduced to deletions, so
// that the rm-root and bash-delete rules judge them all the same way.
type deletion struct {
	// arg is the target as written; its Value may be a resolved
	// candidate (Raw then says which).
	arg syntax.Arg
	// verb names the deletion in messages: "rm", "find -delete",
	// "rsync --delete", "git clean".
	verb string
	// recursive reports that a directory goes with what it holds; force
	// that nothing is asked first (rm -f).
	recursive, force bool
	// filtered reports that only the files the command selects under arg
	// go (find -name x, git clean: untracked files only); select is the
	// name they are selected by ("*" for any).
	filtered bool
	selects  string
	// moved reports the source of mv: only a start only known at run
	// time is judged (mv * dir/ is ordinary work).
	moved bool
	// fromFile is the file xargs -a or parallel -a reads the paths from
	// at run time: they cannot be judged, only the call's shape.
	fromFile string
}

// deletions lists what call c deletes.
func deletions(p *Pass, c *syntax.Call) []deletion {
	switch c.Name {
	case "rm", "rmdir", "unlink", "shred":
		return rmDeletions(p, c)
	case "find":
		return findDeletions(c)
	case "rsync":
		return rsyncDeletions(c)
	case "git":
		return gitCleanDeletions(p, c)
	case "mv":
		return mvDeletions(c)
	}
	return nil
}

// rmDeletions lists the operands of rm, rmdir, unlink and shred: as
// written, each value of an enclosing for loop, parallel's inputs and, for
// xargs or parallel fed by a pipe, the paths the stage before it gives.
func rmDeletions(p *Pass, c *syntax.Call) []deletion {
	opts, operands := scan(c.Args, specFor(c.Name))
	d := deletion{verb: c.Name}
	switch c.Name {
	case "rm":
		d.recursive = has(opts, "r", "R", "recursive")
		d.force = has(opts, "f", "force")
	}
	var out []deletion
	add := func(a syntax.Arg) {
		x := d
		x.arg = a
		out = append(out, x)
	}
	for _, i := range operands {
		a := c.Args[i]
		if c.ExtraArgs && strings.Contains(a.Value, "{}") {
			// find -exec rm {}, xargs -I{} rm {}/x: the placeholder
			// stands for the inputs, judged below or by find itself.
			for _, in := range pipeInputs(p, c, d) {
				in.arg.Value = strings.ReplaceAll(a.Value, "{}", in.arg.Value)
				in.arg.Static = in.arg.Static && a.Static
				out = append(out, in)
			}
			continue
		}
		// for d in / /etc; do rm -rf "$d"; done: each value of the loop.
		if vals, ok := syntax.LoopValues(c, a, p.Config.Home); ok {
			for _, v := range vals {
				v.Raw = a.Raw + " (" + v.Value + ")"
				add(v)
			}
			continue
		}
		add(a)
	}
	for _, in := range c.Inputs {
		add(in)
	}
	if c.ArgFile != "" {
		// xargs -a FILE rm -rf: the paths come from the file, not from
		// the pipe (echo ok | xargs -a paths rm -rf).
		x := d
		x.fromFile = c.ArgFile
		x.arg = syntax.Arg{Raw: "the paths in " + c.ArgFile}
		return append(out, x)
	}
	if c.ExtraArgs && len(c.Inputs) == 0 && !fromFind(c) && !hasPlaceholder(c) {
		out = append(out, pipeInputs(p, c, d)...)
	}
	return out
}

// mvSpec are mv's options that take a value.
var mvSpec = sync.OnceValue(func() optSpec {
	return optSpec{shortVal: "tSZ", longVal: setOf("target-directory", "suffix", "backup", "context"), longEq: true}
})

// mvDeletions lists the sources of mv: they leave where they are.
func mvDeletions(c *syntax.Call) []deletion {
	opts, operands := scan(c.Args, mvSpec())
	if !has(opts, "t", "target-directory") && len(operands) > 0 {
		operands = operands[:len(operands)-1]
	}
	var out []deletion
	for _, i := range operands {
		out = append(out, deletion{arg: c.Args[i], verb: "mv", recursive: true, moved: true})
	}
	return out
}

// hasPlaceholder reports whether an argument of c holds {}.
func hasPlaceholder(c *syntax.Call) bool {
	for _, a := range c.Args {
		if strings.Contains(a.Value, "{}") {
			return true
		}
	}
	return false
}

// pipeInputs returns what the stage before an xargs or parallel call
// writes to it, when corral can see it, as deletions shaped like base: the
// words of echo or printf, or the roots of a find (the files it selects
// under them, when it has a test that selects some).
func pipeInputs(p *Pass, c *syntax.Call, base deletion) []deletion {
	if c.Pipe == nil || c.PipeIndex == 0 {
		return nil
	}
	src := c.Pipe.Stage(c.PipeIndex - 1)
	if src == nil {
		return nil
	}
	var out []deletion
	add := func(a syntax.Arg) {
		d := base
		d.arg = a
		out = append(out, d)
	}
	switch src.Name {
	case "echo", "printf":
		for i, a := range src.Args {
			if i == 0 && (src.Name == "printf" || a.Static && strings.HasPrefix(a.Value, "-")) {
				continue // printf's format, echo's options
			}
			if !a.Static {
				add(a)
				continue
			}
			for _, f := range strings.Fields(a.Value) {
				x := a
				x.Value = f
				add(x)
			}
		}
	case "find":
		filtered, selects := findSelection(src)
		for _, r := range findRoots(src) {
			r.Raw = r.Raw + " (from find)"
			d := base
			d.arg = r
			d.filtered, d.selects = filtered, selects
			out = append(out, d)
		}
	}
	return out
}

// findRoots are the starting points of a find: the words before the first
// expression word, or "." when there are none.
func findRoots(c *syntax.Call) []syntax.Arg {
	var roots []syntax.Arg
	for _, a := range c.Args {
		v := a.Value
		if a.Static && (v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") || v == "-D") && len(roots) == 0 {
			continue
		}
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == "," {
			break
		}
		roots = append(roots, a)
	}
	if len(roots) == 0 {
		roots = []syntax.Arg{{Value: ".", Static: true, Raw: "."}}
	}
	return roots
}

// findFilters are find tests that select some files only.
var findFilters = sync.OnceValue(func() map[string]bool {
	return setOf("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
		"-newer", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-empty", "-user", "-group",
		"-perm", "-links", "-inum", "-samefile", "-lname", "-ilname", "-nouser", "-nogroup", "-used")
})

// findDeleter are the programs that delete the files find -exec hands them.
var findDeleter = sync.OnceValue(func() map[string]bool {
	return setOf("rm", "shred", "unlink", "rmdir")
})

// findSelection reports whether find's tests select only some files, and
// the name they select ("*" when not given by -name).
func findSelection(c *syntax.Call) (filtered bool, selects string) {
	selects = "*"
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			// A command that is not a deleter is a test (-exec grep -q
			// x {} \;): it selects too.
			deleter := false
			for i++; i < len(c.Args) && c.Args[i].Value != ";" && c.Args[i].Value != "+"; i++ {
				deleter = deleter || findDeleter()[path.Base(c.Args[i].Value)]
			}
			if !deleter {
				filtered = true
			}
		case findFilters()[v] || strings.HasPrefix(v, "-newer"):
			filtered = true
			if (v == "-name" || v == "-iname") && i+1 < len(c.Args) && c.Args[i+1].Static && selects == "*" {
				selects = c.Args[i+1].Value
			}
		}
	}
	return filtered, selects
}

// findDeletions lists the roots of find -delete or find -exec rm.
func findDeletions(c *syntax.Call) []deletion {
	verb := ""
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "-delete":
			verb = "find -delete"
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			j := i + 1
			for j < len(c.Args) && c.Args[j].Value != ";" && c.Args[j].Value != "+" {
				if findDeleter()[path.Base(c.Args[j].Value)] && verb == "" {
					verb = "find " + v + " " + path.Base(c.Args[j].Value)
				}
				j++
			}
			i = j // words inside -exec are the command's, not find's
		}
	}
	if verb == "" {
		return nil
	}
	filtered, selects := findSelection(c)
	if strings.HasSuffix(verb, "rmdir") {
		filtered = true // rmdir removes empty directories only
	}
	var out []deletion
	for _, r := range findRoots(c) {
		out = append(out, deletion{arg: r, verb: verb, recursive: true, force: true, filtered: filtered, selects: selects})
	}
	return out
}

// rsyncDeleteOpts are rsync's options that delete files of the destination
// that the source does not have.
var rsyncDeleteOpts = sync.OnceValue(func() map[string]bool {
	return setOf("delete", "del", "delete-before", "delete-during", "delete-delay", "delete-after", "delete-excluded", "delete-missing-args")
})

// rsyncSpec are rsync's options that take a value.
var rsyncSpec = sync.OnceValue(func() optSpec {
	return optSpec{shortVal: "eBfMT@", longVal: setOf("rsh", "rsync-path", "exclude", "include", "exclude-from", "include-from",
		"files-from", "filter", "backup-dir", "suffix", "block-size", "max-delete", "max-size", "min-size", "partial-dir", "temp-dir",
		"compare-dest", "copy-dest", "link-dest", "chmod", "chown", "usermap", "groupmap", "timeout", "contimeout", "port",
		"log-file", "log-file-format", "out-format", "password-file", "bwlimit", "write-batch", "only-write-batch", "read-batch",
		"protocol", "iconv", "checksum-choice", "compress-choice", "compress-level", "skip-compress", "modify-window", "sockopts",
		"outbuf", "remote-option", "stop-after", "stop-at", "info", "debug", "mkpath", "address", "config"), longEq: true}
})

// rsyncDeletions lists the destination of rsync --delete: a local
// directory whose files the source lacks are deleted.
func rsyncDeletions(c *syntax.Call) []deletion {
	opts, operands := scan(c.Args, rsyncSpec())
	del := false
	for _, o := range opts {
		if o.long && rsyncDeleteOpts()[o.name] {
			del = true
		}
	}
	if !del || len(operands) < 2 || rsyncFromRemote(c, operands) {
		return nil // from another host: the remote-copy rule's
	}
	dest := c.Args[operands[len(operands)-1]]
	if remotePath(dest.Value) {
		return nil
	}
	return []deletion{{arg: dest, verb: "rsync --delete", recursive: true, force: true}}
}

// gitCleanDeletions lists the directories git clean -f empties of
// untracked files: its pathspecs, or the working directory.
func gitCleanDeletions(p *Pass, c *syntax.Call) []deletion {
	dir, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "clean" || !gitCleanForced(c, sub) {
		return nil
	}
	// git -C dir: pathspecs are relative to dir.
	at := func(a syntax.Arg) syntax.Arg {
		if dir == c.Dir {
			return a
		}
		if !dir.Known {
			return syntax.Arg{Value: "$(git -C)/" + a.Value, Raw: a.Raw}
		}
		a.Value = dir.Join(a.Value).Path
		return a
	}
	args := c.Args[sub+1:]
	opts, operands := scan(args, specFor("git clean"))
	if has(opts, "n", "dry-run") {
		return nil
	}
	selects := "*"
	var out []deletion
	for _, i := range operands {
		out = append(out, deletion{arg: at(args[i]), verb: "git clean", recursive: true, force: true, filtered: true, selects: selects})
	}
	if len(out) == 0 {
		out = append(out, deletion{arg: at(syntax.Arg{Value: ".", Static: true, Raw: "."}), verb: "git clean", recursive: true, force: true, filtered: true, selects: selects})
	}
	return out
}

// gitCleanForced reports whether git clean at args[sub] deletes: -f, or
// clean.requireForce set false on the command line.
func gitCleanForced(c *syntax.Call, sub int) bool {
	args := c.Args[sub+1:]
	opts, _ := scan(args, specFor("git clean"))
	if has(opts, "f", "force") {
		return true
	}
	for i, a := range c.Args[:sub] {
		v := strings.ToLower(a.Value)
		if i > 0 && c.Args[i-1].Value == "-c" && strings.HasPrefix(v, "clean.requireforce=") {
			val := strings.TrimPrefix(v, "clean.requireforce=")
			if val == "false" || val == "no" || val == "off" || val == "0" {
				return true
			}
		}
	}
	return false
}

// headOf splits a word's value that starts with a part only known at run
// time ($DIR, ${DIR}, ${DIR:-x}, $(cmd), `cmd`) into that part and the
// rest. ok is false for a word that starts with known text.
func headOf(v string) (head, rest string, ok bool) {
	switch {
	case strings.HasPrefix(v, "${"):
		depth := 0
		for i := 1; i < len(v); i++ {
			switch v[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return v[:i+1], v[i+1:], true
				}
			}
		}
	case strings.HasPrefix(v, "$("):
		depth := 0
		for i := 1; i < len(v); i++ {
			switch v[i] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					return v[:i+1], v[i+1:], true
				}
			}
		}
	case strings.HasPrefix(v, "`"):
		if i := strings.IndexByte(v[1:], '`'); i >= 0 {
			return v[:i+2], v[i+2:], true
		}
	case strings.HasPrefix(v, "$") && len(v) > 1:
		i := 1
		if strings.IndexByte("@*#?-$!0123456789", v[1]) >= 0 {
			i = 2
		} else {
			for i < len(v) && (v[i] == '_' || v[i] >= 'a' && v[i] <= 'z' || v[i] >= 'A' && v[i] <= 'Z' || v[i] >= '0' && v[i] <= '9') {
				i++
			}
		}
		if i > 1 {
			return v[:i], v[i:], true
		}
	}
	return "", "", false
}

// guardedHead reports a parameter expansion that stops the shell when the
// variable is unset or empty (${DIR:?}), so it can never expand to "".
func guardedHead(head string) bool {
	return strings.HasPrefix(head, "${") && strings.Contains(head, ":?")
}

// pwdHead reports a head that is the working directory: $(pwd), `pwd`,
// $(pwd -P), ${PWD}.
func pwdHead(head string) bool {
	h := strings.TrimSpace(strings.Trim(head, "$(){}`"))
	switch h {
	case "pwd", "pwd -L", "pwd -P", "/bin/pwd", "PWD":
		return true
	}
	return false
}

// userVars are the variables that name the user whose home directory is
// HOME.
var userVars = []string{"${USER}", "$USER", "${LOGNAME}", "$LOGNAME"}

// resolveTarget returns the static value a dynamic target certainly or
// most likely has: $(pwd) and `pwd` at its head are the working directory,
// $USER and $LOGNAME the last segment of the home directory. ok is false
// when something else stays unknown.
func (p *Pass) resolveTarget(dir syntax.Dir, a syntax.Arg) (syntax.Arg, bool) {
	if a.Static {
		return a, true
	}
	v := a.Value
	if head, rest, ok := headOf(v); ok && pwdHead(head) {
		if !dir.Known {
			return a, false
		}
		v = dir.Path + rest
	}
	if h := p.Config.Home; h != "" && path.Base(h) != "/" {
		for _, u := range userVars {
			v = strings.ReplaceAll(v, u, path.Base(path.Clean(h)))
		}
	}
	if v == a.Value || strings.ContainsAny(v, "$`") {
		return a, false
	}
	out := a
	out.Value, out.Static = v, true
	out.Glob = strings.ContainsAny(v, "*?[") && !strings.ContainsAny(a.Raw, `"'\`)
	return out, true
}

// unknownRoot reports why a dynamic target that starts with a value only
// known at run time ("$DIR/x", `pwd`/x, "$X"/*) can reach outside where it
// is meant to, or "" when it cannot: the value is followed by a path, and
// if it is empty or unset the path starts at /.
func unknownRoot(a syntax.Arg) string {
	head, rest, ok := headOf(a.Value)
	if !ok || guardedHead(head) || !strings.HasPrefix(rest, "/") {
		return ""
	}
	return "it starts with " + head + ", only known at run time: if that is empty or unset this is " + rest
}
