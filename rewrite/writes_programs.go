package rewrite

import (
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// programWrites lists the files that programs write through an option or
// an operand that names an output (sort -o, uniq IN OUT, split … PREFIX,
// git diff --output, find -fprint/-fprintf/-fls, gawk -i inplace, ruby -i, patch FILE, gzip FILE,
// git mv/rm, ssh-keygen -f, rsync DEST, tar -x -C DIR, unzip -d DIR, 7z x -oDIR, unison's roots). Each
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
	// strace -o FILE, ltrace -o FILE (also as the wrapper of the traced
	// command): the trace is written there; "|CMD" and "!CMD" are run.
	traceOut := func(words []syntax.Arg) {
		for _, o := range syntax.TraceOutputs(words) {
			if o.Value != "" && !strings.HasPrefix(o.Value, "|") && !strings.HasPrefix(o.Value, "!") {
				out = append(out, write(o))
			}
		}
	}
	for i, a := range c.PreWords() {
		if base := path.Base(a.Value); a.Static && (base == "strace" || base == "ltrace") {
			traceOut(c.PreWords()[i+1:])
		}
	}
	if m, args := pythonModule(c); m == "gzip" {
		// python3 -m gzip [-d] FILE… (Lib/gzip.py's main) writes
		// FILE.gz, or FILE without .gz with -d, beside each operand and
		// keeps the operand: python3 -m gzip -d ~/.bashrc.gz writes
		// ~/.bashrc (red team 13 AX).
		dec := slices.ContainsFunc(args, func(a syntax.Arg) bool { return a.Value == "-d" || a.Value == "--decompress" })
		for _, a := range args {
			if !a.Static || strings.HasPrefix(a.Value, "-") {
				continue
			}
			if v, ok := compressedName("gzip", a.Value, "", dec, false); ok {
				out = append(out, target{arg: a, value: v, action: guards.Write, created: !dec})
			}
		}
	}
	if m, args := pythonModule(c); m == "json.tool" {
		// python3 -m json.tool [options] [INFILE [OUTFILE]]
		// (Lib/json/tool.py): OUTFILE is written; --indent takes a
		// value.
		_, ops := scan(args, optSpec{longEq: true, longVal: longOpts("indent")})
		if len(ops) >= 2 && args[ops[1]].Value != "-" {
			out = append(out, write(args[ops[1]]))
		}
	}
	switch c.Name {
	case "strace", "ltrace":
		traceOut(c.Args)
	case "iconv", "sort", "uniq", "csplit", "shuf", "gpg", "gpg2", "base64", "uudecode", "age":
		// iconv -o, sort -o, uniq IN OUT, csplit -f PREFIX (PREFIX00, …),
		// shuf -o, gpg -o: the one table of programs that write what
		// they read to a named file (stdin_writers.go), which also
		// follows a download piped into them (zip's archive is the
		// output table's, writes_outputs.go).
		out = append(out, stdinWriterTargets(c)...)
		if c.Name == "csplit" {
			out = append(out, csplitFormatTargets(c)...)
		}
	case "history":
		// history -w FILE writes the list there, -a FILE appends to it.
		for i, a := range c.Args {
			if (a.Value == "-w" || a.Value == "-a") && i+1 < len(c.Args) {
				out = append(out, write(c.Args[i+1]))
			}
		}
	case "split":
		out = append(out, splitPieceTargets(c)...)
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
		var edited []target
		for _, i := range idx {
			edited = append(edited, write(c.Args[i]))
		}
		out = append(out, edited...)
		out = append(out, inPlaceBackups(c, opts, edited)...) // writes_backup.go
	case "find":
		// -fprint FILE, -fprint0 FILE, -fls FILE and -fprintf FILE FORMAT
		// write (create or truncate) FILE (find(1), GNU).
		for i := 0; i+1 < len(c.Args); i++ {
			switch c.Args[i].Value {
			case "-fprint", "-fprint0", "-fls", "-fprintf":
				out = append(out, write(c.Args[i+1]))
				i++
			}
		}
	case "patch":
		opts, ops := scan(c.Args, patchSpec)
		outs := find(opts, "o", "output")
		for _, o := range outs {
			out = append(out, write(o.val))
		}
		for _, o := range find(opts, "r", "reject-file") {
			out = append(out, write(o.val))
		}
		if len(outs) == 0 && len(ops) > 0 && !has(opts, "dry-run") {
			patched := []target{write(c.Args[ops[0]])} // the file patched in place
			out = append(out, patched...)
			out = append(out, patchBackups(c, opts, patched, false)...) // writes_backup.go
		}
	case "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "pigz", "unpigz", "lzip", "compress":
		// Each operand is replaced by its compressed (or expanded) form:
		// the file itself is rewritten and removed.
		opts, ops := scan(c.Args, optSpec{shortVal: "SbT", longVal: longOpts("suffix", "threads", "memlimit", "block-size", "format", "check"), longEq: true})
		if has(opts, "c", "stdout", "to-stdout", "t", "test", "l", "list", "h", "help", "V", "version") {
			return nil
		}
		// Only gzip and pigz descend into a directory (-r); without it, and
		// for bzip2, xz and the others always, a directory operand is
		// skipped with a warning (gzip: /etc is a directory -- ignored).
		recursive := (strings.Contains(c.Name, "gzip") || strings.Contains(c.Name, "pigz")) && has(opts, "r", "recursive")
		for _, i := range ops {
			a := c.Args[i]
			if a.Static && a.Value == "-" {
				continue
			}
			if !recursive && surelyDir(c.Dir, a) {
				continue
			}
			if !has(opts, "k", "keep") {
				out = append(out, write(a))
			}
			// The file it makes beside the operand: NAME.gz, or NAME
			// without its suffix when it decompresses (gunzip
			// ~/.bashrc.gz writes ~/.bashrc); -f replaces one there.
			suffix := ""
			if o := find(opts, "S", "suffix"); len(o) > 0 && o[len(o)-1].val.Static {
				suffix = o[len(o)-1].val.Value
			}
			dec := has(opts, "d", "decompress", "uncompress")
			if v, ok := compressedName(c.Name, a.Value, suffix, dec, has(opts, "z", "zlib")); ok && a.Static && !recursive {
				// Without -f the output is only made when absent; a
				// decompressed name (~/.bashrc) is harmful made anew.
				dec = dec || strings.HasPrefix(c.Name, "un") || c.Name == "gunzip" || c.Name == "bunzip2"
				out = append(out, target{arg: a, value: v, action: guards.Write, created: !dec && !has(opts, "f", "force")})
			}
		}
	case "zstd", "unzstd", "pzstd", "zstdmt", "lz4", "lz4c", "unlz4", "brotli", "unbrotli", "lzop":
		// zstd(1), lz4(1), brotli(1), lzop(1) keep the file they read
		// unless told to remove it: --rm (brotli -j, lzop -U, --unlink,
		// --delete), which deletes each operand once its output is
		// written. -o FILE (brotli --output=FILE) writes FILE; lz4
		// without -m takes the second operand as its output; zstd's
		// --output-dir-flat and --output-dir-mirror write into a
		// directory.
		brotli := strings.Contains(c.Name, "brotli")
		opts, ops := scan(c.Args, compressorSpec.Get())
		for _, o := range find(opts, "o", "output") {
			if !(o.val.Static && (o.val.Value == "-" || o.val.Value == "/dev/null")) {
				out = append(out, write(o.val))
			}
		}
		for _, o := range find(opts, "output-dir-flat", "output-dir-mirror") {
			out = append(out, inside(o.val)...)
		}
		if t := stdinWriterTargets(c); strings.Contains(c.Name, "lz4") && len(t) > 0 {
			// lz4 IN OUT (stdin_writers.go's table).
			out = append(out, t...)
			ops = ops[:1]
		}
		// Without -o or -c, decompressing writes the operand with the
		// format's suffix taken off (zstd -d .git/hooks/x.zst writes
		// .git/hooks/x).
		ext := ".zst"
		switch {
		case brotli:
			ext = ".br"
		case strings.Contains(c.Name, "lz4"):
			ext = ".lz4"
		case c.Name == "lzop":
			ext = ".lzo"
		}
		decompress := strings.HasPrefix(c.Name, "un") || has(opts, "d", "decompress", "uncompress")
		if len(find(opts, "o", "output", "output-dir-flat", "output-dir-mirror")) == 0 && !has(opts, "c", "stdout", "t", "test", "l", "list", "h", "help", "V", "version") {
			for _, i := range ops {
				a := c.Args[i]
				if !a.Static || a.Value == "-" {
					continue
				}
				if !decompress {
					// FILE.zst beside the file (.git/config.zst is a
					// write into .git); -f replaces one there.
					if !surelyDir(c.Dir, a) {
						out = append(out, target{arg: a, value: a.Value + ext, action: guards.Write, created: !has(opts, "f", "force")})
					}
					if has(opts, "r") {
						for _, t := range inside(a) { // each file's FILE.zst beside it
							t.created = !has(opts, "f", "force")
							out = append(out, t)
						}
					}
					continue
				}
				if base, ok := strings.CutSuffix(a.Value, ext); ok && base != "" {
					out = append(out, target{arg: a, value: base, action: guards.Write})
				}
			}
		}
		if has(opts, "rm") || brotli && has(opts, "j") || c.Name == "lzop" && has(opts, "U", "unlink", "delete") {
			for _, i := range ops {
				if a := c.Args[i]; !(a.Static && a.Value == "-") {
					out = append(out, target{arg: a, action: guards.Delete})
				}
			}
		}
	case "sdiff":
		// sdiff -o FILE writes the merged result to FILE (GNU
		// diffutils); the operands are read.
		spec := optSpec{shortVal: "oIw", longEq: true, longVal: longOpts("output", "ignore-matching-lines", "width", "diff-program", "tabsize")}
		opts, _ := scan(c.Args, spec)
		for _, o := range find(opts, "o", "output") {
			out = append(out, write(o.val))
		}
	case "dos2unix", "unix2dos", "mac2unix", "unix2mac":
		// dos2unix FILE… converts each file in place; -n (--newfile) IN
		// OUT writes OUT and reads IN; -i (--info) only reports.
		opts, ops := scan(c.Args, optSpec{shortVal: "cD", longEq: true, longVal: longOpts("convmode", "display-enc", "add-bom")})
		if has(opts, "i", "info", "h", "help", "V", "version") {
			break
		}
		for k, i := range ops {
			if has(opts, "n", "newfile") && k%2 == 0 {
				continue
			}
			out = append(out, write(c.Args[i]))
		}
	case "git":
		out = append(out, gitWrites(c)...)
	case "curl":
		out = append(out, curlFileUploads(c)...)
		out = append(out, remoteNameWrites(c)...)
	case "wget":
		out = append(out, remoteNameWrites(c)...)
	case "systemctl":
		out = append(out, systemctlUnitLinks(c)...)
	case "ssh-keygen":
		opts, _ := scan(c.Args, optSpec{shortVal: "abCDEFfGIJjKmMNnOPrRsStVwYzZ", longVal: nil})
		if has(opts, "l", "y", "B", "L", "Q", "F", "D", "K", "k", "e", "i") && !has(opts, "R") {
			// Reads a key or a known_hosts entry; -e and -i print the
			// key converted to or from another format on stdout.
			return nil
		}
		for _, o := range find(opts, "f") {
			out = append(out, write(o.val))
			if !has(opts, "R", "H", "p", "c") {
				pub := o.val
				pub.Value += ".pub"
				out = append(out, target{arg: o.val, value: pub.Value, action: guards.Write})
			}
		}
		if has(opts, "R", "H") && len(find(opts, "f")) == 0 {
			// -R HOST and -H rewrite ~/.ssh/known_hosts when -f names
			// no other file (ssh-keygen(1)).
			kh := syntax.Arg{Value: "~/.ssh/known_hosts", Raw: "~/.ssh/known_hosts", Static: true}
			out = append(out, target{arg: kh, value: kh.Value, action: guards.Write})
		}
		if has(opts, "s") {
			// -s CA_KEY -I ID KEY.pub…: each certificate is written
			// beside its key, as KEY-cert.pub.
			_, ops := scan(c.Args, optSpec{shortVal: "abCDEFfGIJjKmMNnOPrRsStVwYzZ"})
			for _, i := range ops {
				a := c.Args[i]
				out = append(out, target{arg: a, value: strings.TrimSuffix(a.Value, ".pub") + "-cert.pub", action: guards.Write})
			}
		}
	case "rsync":
		// From a remote host it is an acquisition, moved into the sandbox
		// by the remote-copy rule.
		// To this machine through ssh (localhost:PATH) it is a local
		// copy into PATH, under ~ when relative (rsyncDest).
		if opts, ops := scan(c.Args, rsyncSpec.Get()); len(ops) >= 2 && !rsyncFromRemote(c, ops) && !rsyncDryRun(opts) {
			if dest, ok := rsyncDest(c, ops); ok {
				out = append(out, parentsTargets(c, rsyncSpec.Get(), "R", "relative")...) // writes_rename.go
				before := len(out)
				// rsync makes the destination a directory (and fills
				// it) unless it copies one file: several sources, or a
				// source named with a trailing slash (its contents).
				srcDir := len(ops) > 2 || strings.HasSuffix(c.Args[ops[0]].Value, "/")
				if srcDir || intoDirectory(c, dest, nil) {
					out = append(out, inside(dest)...)
					// A source named without a trailing slash lands as
					// DEST/NAME (rsync f .claude/ writes .claude/f).
					for _, i := range ops[:len(ops)-1] {
						if s := c.Args[i]; !strings.HasSuffix(s.Value, "/") && !remotePath(s.Value) {
							if t, ok := landsIn(dest, s); ok {
								out = append(out, t)
							}
						}
					}
				} else {
					out = append(out, into(dest)...)
				}
				out = append(out, rsyncBackups(c, opts, dest, out[before:])...) // writes_backup.go
				if has(opts, "remove-source-files") {
					// The source files sent are deleted (the
					// directories stay).
					for _, i := range ops[:len(ops)-1] {
						if s := c.Args[i]; !remotePath(s.Value) {
							out = append(out, target{arg: s, action: guards.Delete})
						}
					}
				}
			}
		}
	case "tar", "bsdtar", "gtar":
		opts, _ := scan(syntax.TarArgs(c.Args), specFor("tar"))
		if has(opts, "c", "create", "r", "append", "u", "update", "A", "catenate", "concatenate", "delete") {
			// Creating or changing an archive writes the archive file
			// (tar -cf ~/.bashrc x), unless it is stdout.
			for _, o := range find(opts, "f", "file") {
				if !(o.val.Static && o.val.Value == "-") {
					out = append(out, write(o.val))
				}
			}
		}
		// -g/--listed-incremental FILE: the snapshot file tar reads and
		// writes back (created when missing); --index-file FILE the
		// verbose listing.
		for _, o := range find(opts, "g", "listed-incremental", "index-file") {
			if !(o.val.Static && (o.val.Value == "-" || o.val.Value == "/dev/null")) {
				out = append(out, write(o.val))
			}
		}
		if !has(opts, "x", "extract", "get") {
			return out
		}
		for _, o := range find(opts, "C", "directory") {
			out = append(out, inside(o.val)...)
		}
	case "chmod", "chown", "chgrp", "chattr", "setfacl":
		out = append(out, attrTargets(c)...)
	case "yq":
		// yq -i/--inplace EXPR FILE…: the files are rewritten (mikefarah
		// yq; the Python yq takes -i too, as jq's wrapper).
		opts, ops := scan(c.Args, optSpec{shortVal: "IopPsn", longEq: true, longVal: longOpts("indent", "output-format",
			"input-format", "expression", "front-matter", "split-exp", "from-file", "arg", "argjson", "properties-separator")})
		if has(opts, "i", "inplace", "in-place") {
			if len(find(opts, "expression", "from-file")) == 0 && len(ops) > 0 {
				ops = ops[1:] // the expression
			}
			for _, i := range ops {
				out = append(out, write(c.Args[i]))
			}
		}
	case "sd":
		// sd FIND REPLACE FILE…: edits the files in place unless
		// -p/--preview.
		opts, ops := scan(c.Args, optSpec{shortVal: "nf", longEq: true, longVal: longOpts("max-replacements", "flags")})
		if !has(opts, "p", "preview") && len(ops) > 2 {
			for _, i := range ops[2:] {
				out = append(out, write(c.Args[i]))
			}
		}
	case "sponge":
		// sponge [-a] FILE soaks up stdin and writes FILE.
		if _, ops := scan(c.Args, optSpec{}); len(ops) > 0 {
			out = append(out, write(c.Args[ops[0]]))
		}
	case "xxd":
		// xxd [options] [infile [outfile]]: the second operand is written
		// (stdin_writers.go's table).
		out = append(out, stdinWriterTargets(c)...)
	case "openssl":
		// openssl's options are single-dash words: -out FILE (the
		// stdin writers' table), -keyout FILE and -sigfile FILE name
		// what it writes, whatever the subcommand.
		out = append(out, stdinWriterTargets(c)...)
		opts, _ := scan(c.Args, stdinWriters.Get()["openssl"].spec)
		for _, o := range find(opts, "keyout", "sigfile") {
			out = append(out, write(o.val))
		}
	case "script":
		// script [options] [file]: the typescript (default ./typescript)
		// and the log files of -I, -O, -B, -T.
		opts, ops := scan(c.Args, optSpec{shortVal: "cEIOBTmo", longVal: longOpts("command", "echo", "log-in", "log-out", "log-io",
			"log-timing", "logging-format", "output-limit"), longEq: true})
		if has(opts, "V", "version", "h", "help") {
			return nil
		}
		for _, o := range find(opts, "I", "log-in", "O", "log-out", "B", "log-io", "T", "log-timing") {
			out = append(out, write(o.val))
		}
		if len(ops) > 0 {
			out = append(out, write(c.Args[ops[0]]))
		} else if len(find(opts, "I", "log-in", "O", "log-out", "B", "log-io")) == 0 {
			out = append(out, write(syntax.Arg{Value: "typescript", Raw: "typescript", Static: true}))
		}
	case "ed", "red":
		// ed FILE edits FILE: its commands (from stdin) can write it.
		if _, ops := scan(c.Args, optSpec{shortVal: "p", longVal: longOpts("prompt"), longEq: true}); len(ops) > 0 && !strings.HasPrefix(c.Args[ops[0]].Value, "!") {
			out = append(out, write(c.Args[ops[0]]))
		}
	case "mkfifo", "mknod":
		// Each operand (mknod: the first) is created.
		_, ops := scan(c.Args, optSpec{shortVal: "mZ", longVal: longOpts("mode", "context"), longEq: true})
		if c.Name == "mknod" && len(ops) > 1 {
			ops = ops[:1]
		}
		for _, i := range ops {
			out = append(out, write(c.Args[i]))
		}
	case "unzip":
		opts, _ := scan(c.Args, optSpec{shortVal: "dxP", longVal: nil})
		if has(opts, "l", "t", "v", "p", "Z", "z") {
			return nil // lists, tests or prints
		}
		for _, o := range find(opts, "d") {
			out = append(out, inside(o.val)...)
		}
	case "unison":
		// unison ROOT1 ROOT2 [options] makes the two trees alike: either
		// side's files can be written, replaced or deleted (-force ROOT
		// and -batch make it without a question). -root ROOT gives a
		// root too; one operand alone is a profile; ssh:// and socket://
		// roots are on another machine.
		var roots []syntax.Arg
		var ops []syntax.Arg
		for i := 0; i < len(c.Args); i++ {
			a := c.Args[i]
			name, _, eq := strings.Cut(strings.TrimLeft(a.Value, "-"), "=")
			switch {
			case a.Static && strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
				if !eq && unisonValued.Get()[name] && i+1 < len(c.Args) {
					i++
					if name == "root" {
						roots = append(roots, c.Args[i])
					}
				}
			default:
				ops = append(ops, a)
			}
		}
		if len(ops) >= 2 {
			roots = append(roots, ops[:2]...)
		}
		for _, r := range roots {
			if !strings.Contains(r.Value, "://") {
				out = append(out, into(r)...)
			}
		}
	case "7z", "7za", "7zr", "7zz":
		// 7z x/e ARCHIVE -oDIR extracts under DIR (-y overwrites
		// without asking).
		if e, ok := extractionOf(c); ok && e.dir != nil {
			out = append(out, inside(*e.dir)...)
		}
	}
	return out
}

// gawkSpec is gawk's options: -d, -D, -o, -p and -L take their value
// only attached (-d[FILE], --dump-variables[=FILE]), and gawk takes any
// unambiguous prefix of a long option (getopt_long).
var gawkSpec = optSpec{shortVal: "fvFiEelW", shortOpt: "dDoLp", longEq: true, abbrev: true,
	longVal: longOpts("file", "assign", "field-separator", "include", "exec", "load", "source"),
	longFlag: longOpts("lint", "dump-variables", "profile", "pretty-print", "debug", "characters-as-bytes", "traditional",
		"copyright", "gen-pot", "help", "no-optimize", "optimize", "bignum", "use-lc-numeric", "non-decimal-data", "posix",
		"re-interval", "sandbox", "lint-old", "version", "csv", "persist")}

// gawkIncludesInplace matches an @include of the inplace library in
// program text: gawk '@include "inplace"; …' FILE edits FILE as -i
// inplace does.
var gawkIncludesInplace = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`@include[ \t]+"inplace(\.awk)?"`)
}}

// awkInPlace lists the files gawk writes: its operands after the program
// text when it edits in place (-i inplace, --include inplace, an
// @include "inplace" in the program text or an -e/--source text), and
// the files of its reports: -d/--dump-variables (awkvars.out without a
// name), -o/--pretty-print and -p/--profile (awkprof.out), their names
// attached and their long options by prefix (gawk --dump=F, -oF).
func awkInPlace(c *syntax.Call) []target {
	opts, ops := scan(c.Args, gawkSpec)
	inplace := false
	program := true
	var out []target
	for _, o := range opts {
		switch o.name {
		case "i", "include":
			if o.hasVal && strings.TrimSuffix(o.val.Value, ".awk") == "inplace" {
				inplace = true
			}
		case "e", "source":
			if o.hasVal && gawkIncludesInplace.Get().MatchString(o.val.Value) {
				inplace = true
			}
		case "d", "dump-variables", "o", "pretty-print", "p", "profile":
			name := "awkprof.out"
			if o.name == "d" || o.name == "dump-variables" {
				name = "awkvars.out"
			}
			a := syntax.Arg{Value: name, Raw: name, Static: true}
			if o.hasVal && (o.val.Value != "" || !o.val.Static) {
				a = o.val
			}
			out = append(out, target{arg: a, action: guards.Write})
		}
		if o.name == "f" || o.name == "file" || o.name == "e" || o.name == "source" || o.name == "E" || o.name == "exec" {
			program = false // the program comes from an option
		}
	}
	if program && len(ops) > 0 {
		if a := c.Args[ops[0]]; a.Static && gawkIncludesInplace.Get().MatchString(a.Value) {
			inplace = true
		}
		ops = ops[1:]
	}
	if !inplace {
		return out
	}
	for _, i := range ops {
		if a := c.Args[i]; !(a.Static && strings.Contains(a.Value, "=") && !strings.Contains(a.Value, "/")) {
			out = append(out, target{arg: a, action: guards.Write}) // not var=value
		}
	}
	return out
}

// curlFileUploads lists the files curl -T (--upload-file) writes through
// file:// URLs: an upload to file:///PATH writes PATH on this machine, and
// to a URL ending in / the uploaded file's name under it (curl 7.88: curl
// -T x.txt file:///tmp/d/ writes /tmp/d/x.txt). A file:// URL only known at
// run time names no path here; the exfiltrate rule asks about it.
func curlFileUploads(c *syntax.Call) []target {
	opts, operands := scan(c.Args, specFor("curl"))
	uploads := find(opts, "T", "upload-file")
	if len(uploads) == 0 {
		return nil
	}
	var out []target
	for u := range curlURLs(c, opts, operands) {
		path, ok := fileURLPath(u)
		if !ok || !u.Static {
			continue
		}
		if !strings.HasSuffix(path, "/") {
			out = append(out, target{arg: u, value: path, action: guards.Write})
			continue
		}
		for _, up := range uploads {
			name := up.val.Value
			if i := strings.LastIndexByte(name, '/'); i >= 0 {
				name = name[i+1:]
			}
			if name == "" || name == "-" || name == "." {
				continue
			}
			out = append(out, target{arg: u, value: path + name, action: guards.Write})
		}
	}
	return out
}

// gitWrites lists what a git subcommand writes outside its own object
// store: --output files of diff, log, show and format-patch (-o DIR),
// git archive -o FILE, git bundle create FILE,
// git mv's destination and sources, git rm's files, git merge-file's
// first file (the merge is written there unless -p), the files git
// checkout-index writes under its --prefix.
func gitWrites(c *syntax.Call) []target {
	dir, sub := gitArgs(c)
	if sub < 0 {
		return nil
	}
	args := c.Args[sub+1:]
	out := gitOutputFiles(c, dir, c.Args[sub].Value, args)
	pdir := gitPathDir(c, dir, sub)
	switch c.Args[sub].Value {
	case "init":
		// git init [DIR] writes DIR/.git (DIR itself with --bare), and a
		// new repository is a project the path guards then count as safe
		// (seed 002's git-aware detection): outside the project and the
		// safe paths it is judged as the write it is. Initialising one
		// that exists adds nothing.
		opts, ops := scan(args, optSpec{shortVal: "b", longVal: longOpts("template", "separate-git-dir", "object-format", "ref-format", "shared", "initial-branch", "branch"), longEq: true})
		name := syntax.Arg{Value: ".", Raw: ".", Static: true}
		if len(ops) > 0 {
			name = args[ops[0]]
		}
		if !name.Static || !dir.Known {
			return nil
		}
		repo := dir.Join(name.Value)
		head := repo.Path + "/.git/HEAD"
		if has(opts, "bare") {
			head = repo.Path + "/HEAD"
		}
		// The repository itself goes where --separate-git-dir, git's
		// --git-dir or GIT_DIR says (DIR/.git is then a file naming it):
		// a write there whatever DIR is.
		for _, o := range find(opts, "separate-git-dir") {
			out = append(out, target{arg: o.val, action: guards.Write})
		}
		globals, _ := scan(c.Args[:sub], specFor("git"))
		gitDir := false
		for _, o := range find(globals, "git-dir") {
			out = append(out, target{arg: o.val, action: guards.Write})
			gitDir = true
		}
		if v, ok := c.EnvKnown("GIT_DIR"); ok && !gitDir {
			out = append(out, target{arg: syntax.Arg{Value: v, Raw: "GIT_DIR=" + v, Static: true, Start: c.Start, End: c.Start}, action: guards.Write})
		}
		if len(out) > 0 {
			return out
		}
		if _, err := os.Lstat(head); err == nil {
			return nil
		}
		// Judged as a write of DIR itself: the project's own patterns
		// for .git/** are for changes to a repository, not a new one.
		out = append(out, target{arg: name, value: repo.Path, action: guards.Write})
	case "diff", "log", "show", "format-patch", "range-diff", "whatchanged":
		opts, _ := scan(args, optSpec{shortVal: "oUSGlnM", longVal: longOpts("output", "output-directory"), longEq: true})
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
	case "archive":
		// git archive -o FILE / --output=FILE writes the archive there.
		opts, _ := scan(args, optSpec{shortVal: "o", longEq: true, abbrev: true, longVal: longOpts("output", "format", "prefix",
			"add-file", "add-virtual-file", "remote", "exec", "mtime"), longFlag: longOpts("list", "verbose", "worktree-attributes")})
		for _, o := range find(opts, "o", "output") {
			if !(o.val.Static && o.val.Value == "-") {
				out = append(out, target{arg: o.val, action: guards.Write})
			}
		}
	case "bundle":
		// git bundle create [options] FILE REV…: FILE ("-": stdout).
		_, ops := scan(args, optSpec{longEq: true, longVal: longOpts("version")})
		if len(ops) >= 2 && args[ops[0]].Value == "create" {
			if f := args[ops[1]]; !(f.Static && f.Value == "-") {
				out = append(out, target{arg: f, action: guards.Write})
			}
		}
	case "checkout-index":
		// --prefix=export/: the files are written under export/ (and with
		// -f over what is there); --prefix=.merged-: beside the originals.
		opts, _ := scan(args, specFor("git checkout-index"))
		if pre, ok := checkoutIndexPrefix(opts); ok && checkoutIndexElsewhere(c, opts) {
			v := pre.Value
			if strings.HasSuffix(v, "/") {
				out = append(out, target{arg: pre, action: guards.Write}, target{arg: pre, value: v + "*", action: guards.Write})
			} else {
				out = append(out, target{arg: pre, value: v + "*", action: guards.Write})
			}
		}
	case "mv":
		opts, ops := scan(args, optSpec{})
		if has(opts, "n", "dry-run") || len(ops) < 2 {
			return nil
		}
		dest := args[ops[len(ops)-1]]
		out = append(out, inGitDir(c, pdir, target{arg: dest, action: guards.Write}))
		for _, i := range ops[:len(ops)-1] {
			out = append(out, inGitDir(c, pdir, target{arg: args[i], action: guards.Delete}))
		}
	case "config":
		// git config --file F KEY VALUE writes F (a --global or
		// repository setting is git's own file, judged by its key).
		if _, _, ok := syntax.GitConfigSet(args); !ok {
			return nil
		}
		opts, _ := scan(args, optSpec{shortVal: "ft", longVal: longOpts("file", "blob", "type", "default", "comment", "value", "url"), longEq: true})
		for _, o := range find(opts, "f", "file") {
			if !(o.val.Static && o.val.Value == "-") {
				// A relative F is from the directory -C names, where
				// git runs (git -C .git config --file config …).
				t := target{arg: o.val, action: guards.Write}
				if o.val.Static && dir.Known && c.Dir.Known && dir.Path != c.Dir.Path && !path.IsAbs(o.val.Value) {
					t.value = dir.Join(o.val.Value).Path
				}
				out = append(out, t)
			}
		}
	case "merge-file":
		// git merge-file CURRENT BASE OTHER writes the merge into
		// CURRENT; -p (--stdout) prints it instead.
		opts, ops := scan(args, optSpec{shortVal: "L", longVal: longOpts("marker-size", "diff-algorithm", "object-id"), longEq: true})
		if has(opts, "p", "stdout") || len(ops) == 0 {
			return nil
		}
		out = append(out, target{arg: args[ops[0]], action: guards.Write})
	case "rm":
		opts, ops := scan(args, optSpec{longVal: longOpts("pathspec-from-file"), longEq: true})
		if has(opts, "cached", "n", "dry-run") {
			return nil // the index only
		}
		for _, i := range ops {
			out = append(out, inGitDir(c, pdir, target{arg: args[i], action: guards.Delete}))
		}
	}
	return out
}

// gitPathDir returns the directory git reads a call's path arguments
// from: where it runs (git -C DIR), or, when --work-tree or GIT_WORK_TREE
// names a work tree that directory is not inside, the top of that work
// tree (git's setup: outside the work tree there is no prefix, so git
// --work-tree=~ rm .ssh/id_rsa deletes ~/.ssh/id_rsa). A work tree only
// known at run time gives an unknown directory.
func gitPathDir(c *syntax.Call, dir syntax.Dir, sub int) syntax.Dir {
	tree, set := gitWorkTree(c, sub)
	switch {
	case !set || !dir.Known:
		return dir
	case !tree.Known:
		return syntax.Dir{}
	case inTree(dir, tree):
		return dir
	}
	return tree
}

// inGitDir returns t with its path read as git reads it: git -C DIR
// changes to DIR before it reads its arguments, so git -C .claude rm
// settings.json deletes .claude/settings.json and git -C ~ mv .bashrc x
// renames ~/.bashrc (red team: git -C pathspecs). A relative path under a
// -C only known at run time names a file corral cannot locate: judged as
// a path only run time knows.
func inGitDir(c *syntax.Call, dir syntax.Dir, t target) target {
	if !t.arg.Static || t.value != "" || path.IsAbs(t.arg.Value) || !c.Dir.Known {
		return t
	}
	if !dir.Known {
		t.arg.Static = false
		return t
	}
	if dir.Path != c.Dir.Path {
		t.value = dir.Join(t.arg.Value).Path
	}
	return t
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

// attrTargets lists the files whose mode, owner or attributes a command
// changes: chmod MODE FILE…, chown OWNER FILE…, chgrp GROUP FILE… (or
// --reference=RFILE FILE…), chattr [+-=]ATTRS FILE…, setfacl … FILE….
func attrTargets(c *syntax.Call) []target {
	var opts []option
	var ops []int
	skip := 1 // the mode, owner or group
	switch c.Name {
	case "chmod":
		// chmod's words as modeOperands reads them (-x is a mode).
		var reference bool
		_, reference, ops = modeOperands(c)
		if reference {
			skip = 0
		}
	case "chown", "chgrp":
		opts, ops = scan(c.Args, optSpec{longVal: longOpts("reference", "from"), longEq: true})
		if has(opts, "reference") {
			skip = 0
		}
	case "chattr":
		opts, ops = scan(c.Args, optSpec{shortVal: "vp"})
		skip = 0
		// chattr +i f: the mode word starts with + or = (or - after the
		// options, which scan already took as an option).
		for len(ops) > 0 && strings.HasPrefix(c.Args[ops[0]].Value, "+") || len(ops) > 0 && strings.HasPrefix(c.Args[ops[0]].Value, "=") {
			ops = ops[1:]
		}
	case "setfacl":
		opts, ops = scan(c.Args, setfaclSpec.Get())
		skip = 0
		if has(opts, "restore") {
			return nil
		}
	}
	if len(ops) < skip {
		return nil
	}
	closes, opens := false, false
	if c.Name == "chmod" && skip == 1 {
		m := readMode(c.Args[ops[0]].Value)
		if !c.Args[ops[0]].Static {
			m = modeChange{}
		}
		closes, opens = m.closesOnly(), m.othersWrite || m.special
	}
	var out []target
	for _, i := range ops[skip:] {
		out = append(out, target{arg: c.Args[i], action: guards.Write, attrs: true, closes: closes, opens: opens})
	}
	return out
}

// surelyDir reports whether operand a names a directory whatever is on
// disk: a path ending in /, . or .., the root or a system directory.
func surelyDir(dir syntax.Dir, a syntax.Arg) bool {
	if !a.Static || a.Glob && strings.ContainsAny(a.Value, "*?[") {
		return false
	}
	v := a.Value
	if strings.HasSuffix(v, "/") || v == "." || v == ".." || strings.HasSuffix(v, "/.") || strings.HasSuffix(v, "/..") {
		return true
	}
	t := dir.Join(v)
	return t.Known && systemDirs.Get()[t.Path]
}

// unisonValued are unison's preferences that take a value as the next
// word (-force ROOT, -path P); the others are switches, and any of them
// may be written -name=value.
var unisonValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("force", "forcepartial", "prefer", "preferpartial", "ignore", "ignorenot", "path", "root", "logfile",
		"servercmd", "sshargs", "sshcmd", "rshargs", "rshcmd", "backup", "backupnot", "backupdir", "backuploc", "backupprefix",
		"backupsuffix", "maxbackups", "merge", "diff", "ui", "perms", "follow", "rootalias", "copyprog", "copyprogrest",
		"copythreshold", "copyquoterem", "maxthreads", "retry", "repeat", "sortfirst", "sortlast", "label", "key",
		"clientHostName", "source", "include", "immutable", "immutablenot", "atomic", "nocreation", "nodeletion", "noupdate",
		"nocreationpartial", "nodeletionpartial", "noupdatepartial", "height", "debug", "rsrc", "xattrignore",
		"xattrignorenot", "maxerrors", "mountpoint", "addprefsto", "doc")
}}

// compressedName returns the file gzip, bzip2, xz, lzma, lzip, pigz or
// compress (and their un- forms) makes beside the operand name: the
// name with the format's suffix added, or, decompressing, taken off as
// each program's manual lists them (gzip: .gz -gz .z -z _z .Z, .tgz and
// .taz to .tar, and -S's suffix; bzip2: .bz2 .bz, .tbz2 .tbz to .tar,
// any other name gets .out; xz: .xz, .txz to .tar, .lzma, .tlz to
// .tar; lzip: .lz, .tlz to .tar; compress: .Z). ok is false for a name
// the program refuses (an unknown suffix) or the standard streams.
func compressedName(prog, name, suffix string, decompress, zlib bool) (string, bool) {
	if name == "" || name == "-" {
		return "", false
	}
	base := prog
	switch prog {
	case "gunzip", "pigz", "unpigz":
		base = "gzip"
	case "bunzip2":
		base = "bzip2"
	case "unxz":
		base = "xz"
	case "unlzma":
		base = "lzma"
	}
	decompress = decompress || prog == "gunzip" || prog == "bunzip2" || strings.HasPrefix(prog, "un")
	type rule struct{ from, to string }
	var add string
	var rules []rule
	switch base {
	case "gzip":
		add = ".gz"
		if zlib && (prog == "pigz" || prog == "unpigz") {
			add = ".zz"
		}
		rules = []rule{{".gz", ""}, {"-gz", ""}, {".z", ""}, {"-z", ""}, {"_z", ""}, {".Z", ""}, {".tgz", ".tar"}, {".taz", ".tar"}}
		if prog == "pigz" || prog == "unpigz" {
			rules = append(rules, rule{".zz", ""})
		}
	case "bzip2":
		add = ".bz2"
		rules = []rule{{".bz2", ""}, {".bz", ""}, {".tbz2", ".tar"}, {".tbz", ".tar"}}
	case "xz", "lzma":
		add = ".xz"
		if base == "lzma" {
			add = ".lzma"
		}
		rules = []rule{{".xz", ""}, {".txz", ".tar"}, {".lzma", ""}, {".tlz", ".tar"}}
	case "lzip":
		add = ".lz"
		rules = []rule{{".lz", ""}, {".tlz", ".tar"}}
	case "compress":
		add = ".Z"
		rules = []rule{{".Z", ""}}
	default:
		return "", false
	}
	if suffix != "" && base != "bzip2" {
		add = suffix
		rules = append([]rule{{suffix, ""}}, rules...)
	}
	if !decompress {
		return name + add, true
	}
	dir, file := path.Split(name)
	for _, r := range rules {
		if stem, ok := strings.CutSuffix(file, r.from); ok && stem != "" {
			return dir + stem + r.to, true
		}
	}
	if base == "bzip2" {
		return name + ".out", true
	}
	return "", false
}

// systemctlUnitLinks lists the links systemctl link and enable make for a
// unit named by its path (systemctl(1): "link PATH…" links a unit file
// outside the search path into the unit directory; "enable" of a path
// links it there first): with --user, ~/.config/systemd/user/NAME
// (issue 12: systemctl --user link ./evil.service registers a unit the
// user's manager can start at every login; allowed before, now judged as
// the write of that link, self-protected as the directory is). The
// system manager's directory (/etc/systemd/system) is administration
// that needs root, judged by the unit's Exec lines as before. A unit
// named without a / is one the manager has already: enabling it writes
// only the .wants links of a unit the agent did not write, and passes as
// before. --root and --runtime move the directory: not judged.
func systemctlUnitLinks(c *syntax.Call) []target {
	opts, ops := scan(c.Args, systemctlSpec.Get())
	if len(ops) < 2 || has(opts, "root") {
		return nil
	}
	switch c.Args[ops[0]].Value {
	case "link", "enable", "reenable":
	default:
		return nil
	}
	// --global links into /etc/systemd/user, the units every user's
	// manager reads; --user --runtime into $XDG_RUNTIME_DIR/systemd/user,
	// first on the user manager's search path until the next boot
	// (systemd.unit(5)); both start the unit's programs at login.
	var dir string
	switch {
	case has(opts, "global"):
		dir = "/etc/systemd/user"
	case has(opts, "user") && has(opts, "runtime"):
		if dir = os.Getenv("XDG_RUNTIME_DIR"); !path.IsAbs(dir) {
			return nil
		}
		dir = path.Join(dir, "systemd", "user")
	case has(opts, "runtime"):
		return nil
	case has(opts, "user"):
		dir = "~/.config/systemd/user"
	default:
		return nil
	}
	var out []target
	for _, i := range ops[1:] {
		a := c.Args[i]
		if !a.Static || !strings.Contains(a.Value, "/") {
			continue
		}
		out = append(out, target{arg: a, value: dir + "/" + path.Base(a.Value), action: guards.Write})
	}
	return out
}

// splitPieceTargets are the pieces GNU split writes: PREFIX (x by
// default) followed by a suffix of -a N (--suffix-length) letters a-z,
// digits with -d/--numeric-suffixes, hexadecimal digits with
// -x/--hex-suffixes, two by default and more as the pieces run out
// (aa … yz, zaaa …), then --additional-suffix. The first, PREFIXaa, is
// judged as a file; the rest as the pattern PREFIX[a-z][a-z]…SUFFIX, so
// that split -l1 - ~/.bash (piece 444 is ~/.bashrc) and split -a1
// --additional-suffix=c - ~/.bash (piece 18) ask where a piece can be a
// protected file.
func splitPieceTargets(c *syntax.Call) []target {
	opts, ops := scan(c.Args, splitSpec.Get())
	prefix := syntax.Arg{Value: "x", Static: true, Raw: "x"}
	if len(ops) >= 2 {
		prefix = c.Args[ops[1]]
	}
	class, first := "[a-z]", "a"
	for _, o := range opts {
		switch {
		case o.name == "d" || o.name == "numeric-suffixes":
			class, first = "[0-9]", "0"
		case o.name == "x" || o.name == "hex-suffixes":
			class, first = "[0-9a-f]", "0"
		}
	}
	n, fixed := 2, false
	if as := find(opts, "a", "suffix-length"); len(as) > 0 {
		if v, err := strconv.Atoi(as[len(as)-1].val.Value); err == nil && v >= 1 && v <= 64 {
			n, fixed = v, true
		}
	}
	add := ""
	if ss := find(opts, "additional-suffix"); len(ss) > 0 {
		if !ss[len(ss)-1].val.Static {
			return []target{{arg: prefix, value: prefix.Value + strings.Repeat(first, n), action: guards.Write}}
		}
		add = ss[len(ss)-1].val.Value
	}
	out := []target{{arg: prefix, value: prefix.Value + strings.Repeat(first, n) + add, action: guards.Write}}
	if !prefix.Static || strings.Contains(add, "/") {
		return out
	}
	pat := strings.Repeat(class, n)
	if !fixed {
		pat += "*"
	}
	p := prefix
	out = append(out, target{arg: p, value: globEscape(prefix.Value) + pat + globEscape(add), action: guards.Write, derived: true, pattern: true})
	return out
}

// csplitFormatTargets are the pieces csplit writes under -b FORMAT
// (--suffix-format): PREFIX followed by FORMAT printed with the piece's
// number, as printf does: the text around the one conversion stays, and
// the number can print as nothing (%.0d of 0), so csplit -f ~/.bash -b
// 'rc%.0d' - 2 writes ~/.bashrc. Judged as the pattern PREFIX+BEFORE*AFTER.
func csplitFormatTargets(c *syntax.Call) []target {
	w := stdinWriters.Get()["csplit"]
	opts, _ := scan(c.Args, w.spec)
	bs := find(opts, "b", "suffix-format")
	if len(bs) == 0 {
		return nil
	}
	prefix := syntax.Arg{Value: "xx", Raw: "xx", Static: true}
	if fs := find(opts, "f", "prefix"); len(fs) > 0 {
		prefix = fs[len(fs)-1].val
	}
	format := bs[len(bs)-1].val
	if !prefix.Static || !format.Static {
		return nil
	}
	before, after, ok := strings.Cut(format.Value, "%")
	for ok && strings.HasPrefix(after, "%") {
		// %% is a literal %.
		var more string
		more, after, ok = strings.Cut(after[1:], "%")
		before += "%" + more
	}
	if !ok {
		return []target{{arg: format, value: prefix.Value + format.Value, action: guards.Write, derived: true}}
	}
	// Skip the conversion: flags, width, precision, then its letter.
	i := strings.IndexAny(after, "diouxX")
	if i < 0 {
		return nil
	}
	num := "?*" // at least one digit
	if _, prec, dot := strings.Cut(after[:i], "."); dot && strings.Trim(prec, "0") == "" {
		num = "*" // a precision of 0 prints 0 as nothing
	}
	after = strings.ReplaceAll(after[i+1:], "%%", "%")
	return []target{{arg: format, value: globEscape(prefix.Value+before) + num + globEscape(after), action: guards.Write, derived: true, pattern: true}}
}
