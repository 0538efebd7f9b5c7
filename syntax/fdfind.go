package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// FdSpec is fd's options (fd --help, fd 10): those that take a value;
// -x/--exec and -X/--exec-batch take the rest of the words, up to a ";"
// word, as the command to run. The first operand is the pattern, the
// others the paths to search.
var FdSpec = OptSpec{ShortVal: "dEetSocj", LongEq: true,
	LongVal: []string{"max-depth", "min-depth", "exact-depth", "exclude", "extension", "type", "size", "changed-within",
		"changed-before", "change-newer-than", "change-older-than", "newer", "older", "owner", "format", "batch-size",
		"ignore-file", "color", "threads", "max-results", "base-directory", "path-separator", "search-path",
		"max-buffer-time", "exec", "exec-batch", "strip-cwd-prefix", "hyperlink"},
	LongFlag: []string{"hidden", "no-ignore", "no-ignore-vcs", "no-ignore-parent", "unrestricted", "ignore-case",
		"case-sensitive", "glob", "regex", "fixed-strings", "and", "absolute-path", "list-details", "follow",
		"full-path", "print0", "prune", "one-file-system", "quiet", "show-errors", "help", "version", "ignore",
		"no-hidden", "no-follow", "no-global-ignore-file", "no-require-git", "require-git", "relative-path"}}

// fdExec models fd's -x/--exec and -X/--exec-batch: the command after
// the option runs once per path fd finds (or once for all of them, -X),
// with {} (and {/}, {//}, {.}, {/.}) replaced by the path, or the path
// appended when the command names no placeholder. Each is a call run by
// fd (RunBy), with find's placeholder handling (rewrite: the paths are
// those under fd's search paths, FdRoots).
func (w *walker) fdExec(c scope, s *sh.Stmt, ce *sh.CallExpr, fd *Call) {
	args := fd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		opt, attached := FdExecOption(v)
		if opt == "" {
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" {
			j++
		}
		words := args[i+1 : j]
		if attached != "" {
			// --exec-batch=rm -rf, -x=rm, -xrm: the command starts in the
			// option's word.
			first := args[i]
			first.Value, first.Raw = attached, attached
			words = append([]Arg{first}, words...)
		}
		if len(words) > 0 {
			inv := unwrap(words, fd.Dir)
			inv.wrappers = append(append([]string{}, fd.Wrappers...), append([]string{"fd " + opt}, inv.wrappers...)...)
			inv.extra = true
			call := w.newCall(c, s, ce, inv)
			call.Pipe, call.PipeIndex = nil, 0
			call.Start, call.End = words[0].Start, words[len(words)-1].End
			call.fds, call.env = fd.fds, fd.env
			call.RunBy = fd
			w.m.Calls = append(w.m.Calls, call)
			w.nested(c, call, w.cur)
		}
		i = j
	}
}

// FdExecOption reads a word as fd's -x/--exec or -X/--exec-batch, with
// a command word attached (--exec=rm, -x=rm, -xrm, as clap takes them);
// opt is "" for any other word.
func FdExecOption(v string) (opt, attached string) {
	for _, o := range []string{"--exec-batch", "--exec", "-x", "-X"} {
		if v == o {
			return o, ""
		}
		if strings.HasPrefix(v, o+"=") {
			return o, v[len(o)+1:]
		}
		if len(o) == 2 && strings.HasPrefix(v, o) && len(v) > 2 {
			return o, v[2:]
		}
	}
	return "", ""
}

// FdRoots returns the paths fd searches: its operands after the pattern
// and its --search-path values, or its --base-directory, or ".".
func FdRoots(c *Call) []Arg {
	args := fdArgs(c.Args)
	opts, operands := ScanOptions(args, FdSpec)
	var roots []Arg
	base := []Arg{}
	for _, o := range opts {
		switch o.Name {
		case "search-path":
			roots = append(roots, o.Val)
		case "base-directory":
			base = append(base, o.Val)
		}
	}
	if len(operands) > 1 {
		for _, i := range operands[1:] {
			roots = append(roots, args[i])
		}
	}
	if len(roots) == 0 {
		roots = base
	}
	if len(roots) == 0 {
		roots = []Arg{{Value: ".", Static: true, Raw: "."}}
	}
	return roots
}

// FdSelects reports whether fd's pattern and filters select only some
// of the paths under its roots (a pattern other than one matching
// everything, -e, -S, --changed-*, -o), and the name pattern they select
// ("*" unless -e gives an extension).
func FdSelects(c *Call) (filtered bool, selects string) {
	args := fdArgs(c.Args)
	opts, operands := ScanOptions(args, FdSpec)
	selects = "*"
	glob := false
	for _, o := range opts {
		glob = glob || o.Name == "g" || o.Name == "glob"
	}
	if len(operands) > 0 {
		switch p := args[operands[0]].Value; {
		case p == "" || p == "." || p == "^" || p == ".*" || p == "*" || p == "**":
		case glob && !strings.Contains(p, "/"):
			filtered, selects = true, p // -g: the glob, on the name
		case !glob && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == "":
			// A regular expression of plain characters matches the
			// names that hold it.
			filtered, selects = true, "*"+p+"*"
		default:
			filtered = true
		}
	}
	for _, o := range opts {
		switch o.Name {
		case "e", "extension":
			filtered, selects = true, "*."+strings.TrimPrefix(o.Val.Value, ".")
		case "S", "size", "changed-within", "changed-before", "change-newer-than", "change-older-than", "newer", "older", "o", "owner":
			filtered = true
		}
	}
	return filtered, selects
}

// fdArgs returns fd's words without the commands of -x/-X (up to ";").
func fdArgs(args []Arg) []Arg {
	out := make([]Arg, 0, len(args))
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if opt, _ := FdExecOption(v); opt != "" {
			for i < len(args) && args[i].Value != ";" {
				i++
			}
			continue
		}
		out = append(out, args[i])
	}
	return out
}
