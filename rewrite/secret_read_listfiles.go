package rewrite

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// messageFileReader is a program (with a subcommand for git) that prints or
// copies the content of a file it is given, where no table of readers
// looked: files named by options (pip install -r FILE echoes each line
// it cannot read as a requirement; file -f FILE prints each line as a
// name; git commit -F FILE makes the file the commit message, which git
// log prints and git push publishes) or by operands (diff3, git
// merge-file -p and git interpret-trailers print their files; basenc
// encodes them).
type messageFileReader struct {
	// spec are the options that take a value.
	spec optSpec
	// opts are the options whose value is the file read; operands
	// reports that the operands are.
	opts     []string
	operands bool
	// verb says what the program does with the file.
	verb string
}

// messageFileReaderKeys are messageFileReaders' keys, so that a call of
// any other program (nearly every call) does not build the table (nor
// readerSpecs, which it reads); TestLazyTableNames checks that they
// agree.
var messageFileReaderKeys = [...]string{"pip", "file", "rsync", "wc", "du", "sort", "diff3", "basenc", "git merge-file",
	"git interpret-trailers", "git commit", "git tag", "git notes", "git merge", "git archive", "git blame", "git fmt-merge-msg"}

// messageFileReaders are keyed by program name, or "git SUB" for a git
// subcommand. From each program's manual.
var messageFileReaders = lazy.Value[map[string]messageFileReader]{New: func() map[string]messageFileReader {
	return map[string]messageFileReader{
		// pip install/download/wheel -r/-c: "Invalid requirement: 'LINE'"
		// for each line that is no requirement.
		"pip": {spec: optSpec{shortVal: "rcefitdC", longVal: longOpts("requirement", "constraint", "editable", "find-links", "index-url", "extra-index-url",
			"target", "prefix", "root", "src", "upgrade-strategy", "python-version", "platform", "implementation", "abi", "progress-bar", "log", "cache-dir",
			"cert", "client-cert", "proxy", "timeout", "retries", "exists-action", "trusted-host", "no-binary", "only-binary", "config-settings",
			"global-option", "report", "dest", "wheel-dir", "python"), longEq: true},
			opts: []string{"r", "requirement", "c", "constraint"}, verb: "quotes in its errors each line it cannot read as a requirement of"},
		// file -f FILE: each line is a name, printed with its type ("LINE:
		// cannot open …").
		"file": {spec: optSpec{shortVal: "fmFeP", longVal: longOpts("files-from", "magic-file", "separator", "exclude", "exclude-quiet", "parameter"), longEq: true},
			opts: []string{"f", "files-from", "m", "magic-file"}, verb: "prints as a name (-f) or an invalid magic line (-m) each line of"},
		// rsync --files-from=FILE: each name it cannot stat is quoted.
		"rsync": {spec: optSpec{shortVal: "eBfTM", longVal: longOpts("files-from", "exclude-from", "include-from", "rsh", "filter", "exclude", "include",
			"temp-dir", "compare-dest", "copy-dest", "link-dest", "backup-dir", "suffix", "log-file", "log-file-format", "password-file", "chmod", "chown",
			"usermap", "groupmap", "bwlimit", "timeout", "contimeout", "port", "sockopts", "out-format", "partial-dir", "max-size", "min-size",
			"max-delete", "modify-window", "block-size", "rsync-path", "info", "debug", "checksum-choice", "compress-choice", "compress-level",
			"skip-compress", "iconv", "write-batch", "only-write-batch", "read-batch", "protocol", "address", "remote-option"), longEq: true},
			opts: []string{"files-from"}, verb: "quotes in its errors, as names, the lines of"},
		// --files0-from=FILE: the NUL-separated names to count; a file with
		// no NUL is one name, quoted whole in "No such file" (wc and du
		// otherwise print no content, sort's is secret-read's table).
		"wc":   {spec: optSpec{longVal: longOpts("files0-from", "total"), longEq: true}, opts: []string{"files0-from"}, verb: "quotes in an error, as one file name,"},
		"du":   {spec: optSpec{shortVal: "BdtX", longVal: longOpts("files0-from", "block-size", "max-depth", "threshold", "exclude-from", "exclude", "time", "time-style"), longEq: true}, opts: []string{"files0-from"}, verb: "quotes in an error, as one file name,"},
		"sort": {spec: readerSpecs.Get()["sort"], opts: []string{"files0-from"}, verb: "quotes in an error, as one file name,"},
		// diff3 prints the lines of its three files (or their merge, -m).
		"diff3": {spec: optSpec{shortVal: "L", longVal: longOpts("label", "diff-program"), longEq: true}, operands: true, verb: "prints the lines of"},
		// basenc encodes its file to stdout, as base64 does.
		"basenc": {spec: optSpec{shortVal: "w", longVal: longOpts("wrap"), longEq: true}, operands: true, verb: "prints, encoded,"},
		// git merge-file -p prints the merge of its files; git
		// interpret-trailers prints its files with the trailers added.
		"git merge-file":         {spec: optSpec{shortVal: "L", longVal: longOpts("marker-size", "diff-algorithm", "object-id"), longEq: true}, operands: true, verb: "prints the merge of"},
		"git interpret-trailers": {spec: optSpec{longVal: longOpts("trailer", "where", "if-exists", "if-missing"), longEq: true}, operands: true, verb: "prints"},
		// -F FILE: the message of a commit, tag, note or merge is the
		// file's text, which git log/show print and git push publishes.
		"git commit": {spec: optSpec{shortVal: "FmCcSt", longVal: longOpts("file", "message", "reuse-message", "reedit-message", "template", "author",
			"date", "cleanup", "fixup", "squash", "trailer", "pathspec-from-file"), longEq: true},
			opts: []string{"F", "file", "t", "template"}, verb: "makes a commit message, which git log prints and git push publishes, of"},
		"git tag": {spec: optSpec{shortVal: "FmuS", longVal: longOpts("file", "message", "local-user", "cleanup", "sort", "format", "contains", "no-contains",
			"merged", "no-merged", "points-at", "trailer"), longEq: true},
			opts: []string{"F", "file"}, verb: "makes a tag message, which git show prints and git push publishes, of"},
		"git notes": {spec: optSpec{shortVal: "FmCc", longVal: longOpts("file", "message", "reuse-message", "reedit-message", "ref", "separator", "strategy"), longEq: true},
			opts: []string{"F", "file"}, verb: "makes a note, which git log prints and git push publishes, of"},
		"git merge": {spec: optSpec{shortVal: "FmsX", longVal: longOpts("file", "message", "strategy", "strategy-option", "cleanup", "into-name", "log"), longEq: true},
			opts: []string{"F", "file"}, verb: "makes a merge message, which git log prints and git push publishes, of"},
		// git archive --add-file=FILE puts FILE into the archive it
		// prints (or writes with -o), a copy as tar c FILE is.
		"git archive": {spec: optSpec{shortVal: "o", longVal: longOpts("add-file", "add-virtual-file", "format", "prefix", "output", "remote", "exec", "mtime"), longEq: true},
			opts: []string{"add-file"}, verb: "puts into the archive it makes a copy of"},
		// git blame --contents FILE annotates FILE's lines, printed.
		"git blame": {spec: optSpec{shortVal: "LS", longVal: longOpts("contents", "date", "since", "ignore-rev", "ignore-revs-file", "abbrev", "reverse", "first-parent"), longEq: true},
			opts: []string{"contents"}, verb: "prints, annotated, the lines of"},
		"git fmt-merge-msg": {spec: optSpec{shortVal: "Fm", longVal: longOpts("file", "message", "into-name", "log"), longEq: true},
			opts: []string{"F", "file"}, verb: "prints a merge message made of"},
	}
}}

// checkFileReaders judges the calls of messageFileReaders, and php's -d
// auto_prepend_file=FILE/auto_append_file=FILE (the file is read as PHP,
// and its text outside <?php printed, as php FILE does).
func checkFileReaders(p *Pass) {
	for _, c := range p.Model.Calls {
		key, args, dir := c.Name, c.Args, c.Dir
		p.checkResponseFiles(c)
		switch {
		case key == "pip3":
			key = "pip"
		case key == "git":
			d, i := gitArgs(c)
			dir = d
			if i < 0 {
				continue
			}
			key, args = "git "+c.Args[i].Value, c.Args[i+1:]
			if f, ok := pathspecFromFile(args); ok {
				// git add/rm/commit/reset/restore/checkout/stash push
				// --pathspec-from-file=F: each line a pathspec, the
				// first that matches nothing quoted in the error.
				if s, ok := p.secretOf(dir, f); ok {
					p.reportSecret(c, s, key+" (--pathspec-from-file) quotes in its error, as a pathspec, a line of")
					continue
				}
			}
			if f, ok := commitTemplate(c, i); ok {
				// git -c commit.template=F commit, git config
				// commit.template F: the template is the message an
				// editor leaves, as -t F's is.
				if s, ok := p.secretOf(dir, f); ok {
					p.reportSecret(c, s, "git (commit.template) makes a commit message, which git log prints and git push publishes, of")
					continue
				}
			}
		case key == "php":
			p.checkPHPPrepend(c)
			continue
		case key == "find":
			// find -files0-from FILE (GNU find 4.9): the starting
			// points, a file with no NUL one name quoted in the error.
			for i, a := range c.Args[:max(len(c.Args)-1, 0)] {
				if a.Static && a.Value == "-files0-from" {
					if s, ok := p.secretOf(c.Dir, c.Args[i+1]); ok {
						p.reportSecret(c, s, "find quotes in an error, as one starting point,")
						break
					}
				}
			}
			continue
		}
		if !slices.Contains(messageFileReaderKeys[:], key) {
			continue // the table is not built for other programs
		}
		r, ok := messageFileReaders.Get()[key]
		if !ok {
			continue
		}
		opts, operands := scan(args, r.spec)
		var files []syntax.Arg
		for _, o := range find(opts, r.opts...) {
			files = append(files, o.val)
		}
		if r.operands {
			if key == "git merge-file" && !has(opts, "p", "stdout") && len(operands) > 0 {
				// Without -p the merge is written into the first file:
				// the others are copied there.
				operands = operands[1:]
			}
			for _, i := range operands {
				files = append(files, args[i])
			}
		}
		for _, f := range files {
			if s, ok := p.secretOf(dir, f); ok {
				p.reportSecret(c, s, fmt.Sprintf("%s %s", key, r.verb))
				break
			}
		}
	}
}

// checkPHPPrepend judges php -d auto_prepend_file=FILE and
// auto_append_file=FILE (also attached: -dauto_prepend_file=FILE).
func (p *Pass) checkPHPPrepend(c *syntax.Call) {
	opts, _ := scan(c.Args, optSpec{shortVal: "dcfrBREFzt", longVal: longOpts("define", "php-ini", "file", "process-begin", "process-code", "process-file",
		"process-end", "zend-extension", "rf", "rc", "re", "rz", "ri"), longEq: true})
	for _, o := range find(opts, "d", "define") {
		name, file, ok := strings.Cut(o.val.Value, "=")
		if !ok || !o.val.Static || name != "auto_prepend_file" && name != "auto_append_file" || file == "" {
			continue
		}
		if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: file, Raw: file, Static: true}); ok {
			p.reportSecret(c, s, "php (through -d "+name+") runs and prints the text outside <?php of")
			return
		}
	}
}

// commitTemplate returns the file git's commit.template names in the
// call: a -c commit.template=F before the subcommand (sub is its index),
// or the value git config sets it to (git config [--global|--local]
// commit.template F, which every later git commit reads).
func commitTemplate(c *syntax.Call, sub int) (syntax.Arg, bool) {
	for j := 0; j+1 < sub; j++ {
		if a := c.Args[j]; a.Static && a.Value == "-c" {
			if k, v, ok := strings.Cut(c.Args[j+1].Value, "="); ok && strings.EqualFold(k, "commit.template") && c.Args[j+1].Static {
				return syntax.Arg{Value: v, Raw: v, Static: true}, true
			}
		}
	}
	if c.Args[sub].Value != "config" {
		return syntax.Arg{}, false
	}
	rest := c.Args[sub+1:]
	for j := 0; j+1 < len(rest); j++ {
		if rest[j].Static && strings.EqualFold(rest[j].Value, "commit.template") {
			return rest[j+1], true
		}
	}
	return syntax.Arg{}, false
}

// pathspecFromFile returns the file git's --pathspec-from-file names
// among a subcommand's words (=FILE or the next word; "-" is standard
// input), before a "--".
func pathspecFromFile(args []syntax.Arg) (syntax.Arg, bool) {
	for i, a := range args {
		switch v := a.Value; {
		case v == "--" && a.Static:
			return syntax.Arg{}, false
		case v == "--pathspec-from-file" && i+1 < len(args):
			if args[i+1].Value == "-" {
				return syntax.Arg{}, false
			}
			return args[i+1], true
		case strings.HasPrefix(v, "--pathspec-from-file="):
			f := v[len("--pathspec-from-file="):]
			if f == "" || f == "-" {
				return syntax.Arg{}, false
			}
			return syntax.Arg{Value: f, Raw: strings.TrimPrefix(a.Raw, "--pathspec-from-file="), Static: a.Static, Start: a.Start, End: a.End}, true
		}
	}
	return syntax.Arg{}, false
}

// responseFilePrograms read a word @FILE as the words of FILE, one per
// blank-separated field (libiberty's expandargv: GCC's drivers and the
// GNU binutils; clang; the JDK's launchers), and name in their errors
// each that is no option they know or file they find ("ld: cannot find
// API_KEY=…", "nm: 'KEY=…': No such file"). Checked with the real
// programs (TestResponseFileSecrets).
var responseFilePrograms = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range []string{"gcc", "g++", "cc", "c++", "cpp", "clang", "clang++", "ld", "ld.bfd", "ld.gold", "ld.lld",
		"as", "nm", "objdump", "objcopy", "strip", "ar", "ranlib", "readelf", "size", "strings", "c++filt", "elfedit",
		"gprof", "addr2line", "javac", "java", "javadoc", "javap"} {
		m[n] = true
	}
	return m
}}

// responseFileProgram reports whether name is one of
// responseFilePrograms, also with a version (gcc-12, clang-17) or a
// target (x86_64-linux-gnu-nm).
func responseFileProgram(name string) bool {
	progs := responseFilePrograms.Get()
	if i := strings.LastIndexByte(name, '-'); i > 0 && strings.Trim(name[i+1:], "0123456789.") == "" {
		name = name[:i]
	}
	if progs[name] {
		return true
	}
	i := strings.LastIndexByte(name, '-')
	return i > 0 && progs[name[i+1:]]
}

// checkResponseFiles judges the @FILE words of a program that expands
// them (responseFilePrograms): FILE is read and its words printed in the
// errors, a read of a secret (gcc @.env, nm @$HOME/.aws/credentials).
// The shell leaves @FILE as it is, "~" after "@" included, so FILE is the
// word's value after "@".
func (p *Pass) checkResponseFiles(c *syntax.Call) {
	if c.Name == "" || !responseFileProgram(filepath.Base(c.Name)) {
		return
	}
	for _, a := range c.Args {
		if len(a.Value) < 2 || a.Value[0] != '@' {
			continue
		}
		f := syntax.Arg{Value: a.Value[1:], Raw: strings.TrimPrefix(a.Raw, "@"), Static: a.Static, Start: a.Start, End: a.End}
		if strings.HasPrefix(f.Value, "~") {
			// No tilde expansion after "@": a directory named "~".
			f.Value = "./" + f.Value
		}
		if s, ok := p.secretOf(c.Dir, f); ok {
			p.reportSecret(c, s, filepath.Base(c.Name)+" reads as its own arguments (@FILE), and prints in its errors, the words of")
			return
		}
	}
}
