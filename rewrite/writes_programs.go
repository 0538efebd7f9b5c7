package rewrite

import (
	"strings"
	"sync"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// programWrites lists the files that programs write through an option or
// an operand that names an output (sort -o, uniq IN OUT, split … PREFIX,
// git diff --output, gawk -i inplace, ruby -i, patch FILE, gzip FILE,
// git mv/rm, ssh-keygen -f, rsync DEST, tar -x -C DIR, unzip -d DIR). Each
// reading is taken from the program's manual; an option corral does not
// know is taken as a flag, which at worst judges one word too many.
func programWrites(c *syntax.Call) []target {
	write := func(a syntax.Arg) target { return target{arg: a, action: guards.Write} }
	// into names a file in directory a: writing into a protected
	// directory (.git) is writing a protected file.
	into := func(a syntax.Arg) []target {
		child := a
		child.Value = strings.TrimSuffix(a.Value, "/") + "/*"
		return []target{{arg: a, action: guards.Write}, {arg: a, value: child.Value, action: guards.Write}}
	}
	// inside names only the files an extraction writes under directory a
	// (tar -C, unzip -d): the directory itself is not replaced, so
	// extracting into the sandbox root is not replacing it.
	inside := func(a syntax.Arg) []target {
		child := a
		child.Value = strings.TrimSuffix(a.Value, "/") + "/*"
		return []target{{arg: a, value: child.Value, action: guards.Write}}
	}
	var out []target
	switch c.Name {
	case "sort":
		opts, _ := scan(c.Args, optSpec{shortVal: "kotST", longVal: setOf("key", "output", "field-separator", "buffer-size",
			"temporary-directory", "parallel", "batch-size", "compress-program", "files0-from", "random-source", "sort"), longEq: true})
		for _, o := range find(opts, "o", "output") {
			out = append(out, write(o.val))
		}
	case "uniq":
		_, ops := scan(c.Args, optSpec{shortVal: "fsw", longVal: setOf("skip-fields", "skip-chars", "check-chars"), longEq: true})
		if len(ops) >= 2 {
			out = append(out, write(c.Args[ops[1]]))
		}
	case "split", "csplit":
		spec := optSpec{shortVal: "abClnt", longVal: setOf("suffix-length", "bytes", "line-bytes", "lines", "number", "separator", "additional-suffix", "filter"), longEq: true}
		if c.Name == "csplit" {
			spec = optSpec{shortVal: "bfn", longVal: setOf("suffix-format", "prefix", "digits"), longEq: true}
		}
		opts, ops := scan(c.Args, spec)
		prefix := syntax.Arg{Value: "x", Static: true, Raw: "x"}
		if c.Name == "csplit" {
			prefix.Value, prefix.Raw = "xx", "xx"
			for _, o := range find(opts, "f", "prefix") {
				prefix = o.val
			}
		} else if len(ops) >= 2 {
			prefix = c.Args[ops[1]]
		}
		// The pieces are PREFIXaa, PREFIXab, … (csplit: PREFIX00, …).
		first := prefix
		first.Value += map[bool]string{true: "00", false: "aa"}[c.Name == "csplit"]
		out = append(out, target{arg: prefix, value: first.Value, action: guards.Write})
	case "awk", "gawk":
		out = append(out, awkInPlace(c)...)
	case "ruby":
		// ruby -i[EXT]: -e gives the code; else the first operand is the
		// script.
		opts, idx := scan(c.Args, optSpec{shortVal: "eErICEFTWx", shortOpt: "i"})
		if !has(opts, "i") {
			break
		}
		if !has(opts, "e") && len(idx) > 0 {
			idx = idx[1:]
		}
		for _, i := range idx {
			out = append(out, write(c.Args[i]))
		}
	case "patch":
		opts, ops := scan(c.Args, optSpec{shortVal: "BDFVYdiopruz", longVal: setOf("prefix", "ifdef", "fuzz", "version-control",
			"basename-prefix", "directory", "input", "output", "strip", "reject-file", "suffix", "get", "quoting-style", "read-only", "backup-if-mismatch"), longEq: true})
		outs := find(opts, "o", "output")
		for _, o := range outs {
			out = append(out, write(o.val))
		}
		for _, o := range find(opts, "r", "reject-file") {
			out = append(out, write(o.val))
		}
		if len(outs) == 0 && len(ops) > 0 && !has(opts, "dry-run") {
			out = append(out, write(c.Args[ops[0]])) // the file patched in place
		}
	case "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "pigz", "unpigz", "lzip", "compress":
		// Each operand is replaced by its compressed (or expanded) form:
		// the file itself is rewritten and removed.
		opts, ops := scan(c.Args, optSpec{shortVal: "SbT", longVal: setOf("suffix", "threads", "memlimit", "block-size", "format", "check"), longEq: true})
		if has(opts, "c", "stdout", "to-stdout", "t", "test", "l", "list", "h", "help", "V", "version") {
			return nil
		}
		for _, i := range ops {
			a := c.Args[i]
			if a.Static && a.Value == "-" {
				continue
			}
			if !has(opts, "k", "keep") {
				out = append(out, write(a))
			}
		}
	case "git":
		out = append(out, gitWrites(c)...)
	case "ssh-keygen":
		opts, _ := scan(c.Args, optSpec{shortVal: "abCDEFfGIJjKmMNnOPrRsStVwYzZ", longVal: nil})
		if has(opts, "l", "y", "B", "L", "Q", "F", "D", "K", "k") && !has(opts, "R") {
			return nil // reads a key or a known_hosts entry
		}
		for _, o := range find(opts, "f") {
			out = append(out, write(o.val))
			if !has(opts, "R", "H", "p", "c") {
				pub := o.val
				pub.Value += ".pub"
				out = append(out, target{arg: o.val, value: pub.Value, action: guards.Write})
			}
		}
	case "rsync":
		// From a remote host it is an acquisition, moved into the sandbox
		// by the remote-copy rule.
		if _, ops := scan(c.Args, rsyncSpec()); len(ops) >= 2 && !rsyncFromRemote(c, ops) {
			if dest := c.Args[ops[len(ops)-1]]; !remotePath(dest.Value) {
				// rsync makes the destination a directory (and fills
				// it) unless it copies one file: several sources, or a
				// source named with a trailing slash (its contents).
				srcDir := len(ops) > 2 || strings.HasSuffix(c.Args[ops[0]].Value, "/")
				if srcDir || intoDirectory(c, dest, nil) {
					out = append(out, inside(dest)...)
				} else {
					out = append(out, into(dest)...)
				}
			}
		}
	case "tar", "bsdtar", "gtar":
		opts, _ := scan(c.Args, tarWriteSpec())
		first := ""
		if len(c.Args) > 0 {
			first = c.Args[0].Value
		}
		extract := has(opts, "x", "extract", "get") || first != "" && !strings.HasPrefix(first, "-") && strings.Contains(first, "x")
		if !extract {
			return nil
		}
		for _, o := range find(opts, "C", "directory") {
			out = append(out, inside(o.val)...)
		}
	case "unzip":
		opts, _ := scan(c.Args, optSpec{shortVal: "dxP", longVal: nil})
		if has(opts, "l", "t", "v", "p", "Z", "z") {
			return nil // lists, tests or prints
		}
		for _, o := range find(opts, "d") {
			out = append(out, inside(o.val)...)
		}
	}
	return out
}

// tarWriteSpec are tar's options that take a value.
var tarWriteSpec = sync.OnceValue(func() optSpec {
	return optSpec{shortVal: "bCfFgHIKLNTVX", longVal: setOf("directory", "file", "files-from", "exclude-from", "blocking-factor",
		"format", "newer", "after-date", "newer-mtime", "listed-incremental", "label", "owner", "group", "mode", "mtime", "transform",
		"xform", "use-compress-program", "exclude", "starting-file", "tape-length", "info-script", "new-volume-script", "volno-file",
		"record-size", "suffix", "to-command", "checkpoint-action", "strip-components", "backup", "rmt-command", "rsh-command",
		"index-file", "occurrence", "sparse-version", "quoting-style", "hole-detection", "checkpoint", "warning", "atime-preserve",
		"owner-map", "group-map", "pax-option", "xattrs-include", "xattrs-exclude"), longEq: true}
})

// awkInPlace lists the files gawk edits in place (-i inplace, --include
// inplace): its operands after the program text.
func awkInPlace(c *syntax.Call) []target {
	opts, ops := scan(c.Args, optSpec{shortVal: "fvFiEelLW", longVal: setOf("file", "assign", "field-separator", "include", "exec",
		"load", "source", "lint", "dump-variables", "profile", "pretty-print", "debug"), longEq: true})
	inplace := false
	program := true
	for _, o := range opts {
		if o.hasVal && (o.name == "i" || o.name == "include") && strings.TrimSuffix(o.val.Value, ".awk") == "inplace" {
			inplace = true
		}
		if o.name == "f" || o.name == "file" || o.name == "e" || o.name == "source" || o.name == "E" || o.name == "exec" {
			program = false // the program comes from an option
		}
	}
	if !inplace {
		return nil
	}
	if program && len(ops) > 0 {
		ops = ops[1:]
	}
	var out []target
	for _, i := range ops {
		if a := c.Args[i]; !(a.Static && strings.Contains(a.Value, "=") && !strings.Contains(a.Value, "/")) {
			out = append(out, target{arg: a, action: guards.Write}) // not var=value
		}
	}
	return out
}

// gitWrites lists what a git subcommand writes outside its own object
// store: --output files of diff, log, show and format-patch (-o DIR),
// git mv's destination and sources, git rm's files.
func gitWrites(c *syntax.Call) []target {
	_, sub := gitArgs(c)
	if sub < 0 {
		return nil
	}
	args := c.Args[sub+1:]
	var out []target
	switch c.Args[sub].Value {
	case "diff", "log", "show", "format-patch", "range-diff", "whatchanged":
		opts, _ := scan(args, optSpec{shortVal: "oUSGlnM", longVal: setOf("output", "output-directory"), longEq: true})
		for _, o := range find(opts, "output", "output-directory", "o") {
			if o.name == "o" && c.Args[sub].Value != "format-patch" {
				continue
			}
			t := target{arg: o.val, action: guards.Write}
			out = append(out, t)
			if o.name != "output" {
				child := o.val
				child.Value = strings.TrimSuffix(o.val.Value, "/") + "/*"
				out = append(out, target{arg: o.val, value: child.Value, action: guards.Write})
			}
		}
	case "mv":
		opts, ops := scan(args, optSpec{})
		if has(opts, "n", "dry-run") || len(ops) < 2 {
			return nil
		}
		dest := args[ops[len(ops)-1]]
		out = append(out, target{arg: dest, action: guards.Write})
		for _, i := range ops[:len(ops)-1] {
			out = append(out, target{arg: args[i], action: guards.Delete})
		}
	case "rm":
		opts, ops := scan(args, optSpec{longVal: setOf("pathspec-from-file"), longEq: true})
		if has(opts, "cached", "n", "dry-run") {
			return nil // the index only
		}
		for _, i := range ops {
			out = append(out, target{arg: args[i], action: guards.Delete})
		}
	}
	return out
}

// rsyncFromRemote reports an rsync whose sources include another host.
func rsyncFromRemote(c *syntax.Call, ops []int) bool {
	for _, i := range ops[:len(ops)-1] {
		if remotePath(c.Args[i].Value) {
			return true
		}
	}
	return false
}
