package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// The JDK's jar extracts a zip archive into the working directory, as
// unzip does: jar xf A, jar -xf A, jar -fx A (the old form: the first
// word is a cluster of letters, with or without a dash, whose f, m and e
// take the next words in the order of the letters), jar -x -f A, jar
// --extract --file[=]A. Without f it reads the archive on its stdin (jar
// x < A, curl URL | jar x); jar has no "-" for stdin (jar -x -f - looks
// for a file named -). JDK 21's -C DIR / --dir DIR on an extraction name
// the directory (JDK 17 refuses them). Long options are not abbreviated
// (jar --ext --fi A extracts nothing). Unless -P, jar keeps only what
// follows the last "../" of a member's name and drops leading slashes
// (sun.tools.jar.Main.safeName): d/../../up.txt is written as up.txt,
// /tmp/x as tmp/x. Each was checked with JDK 17's jar
// (TestJarExtractOracle).

// jarSpec are jar's options that take a value (JDK 17 and 21's jar
// --help).
var jarSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "fmepC", longEq: true,
		longVal: longOpts("file", "manifest", "main-class", "module-version", "hash-modules", "module-path", "release", "dir", "date")}
}}

// jarExtract is what an extracting jar call reads and where it writes.
type jarExtract struct {
	// archive is the -f/--file value; nil when jar reads its stdin.
	archive *syntax.Arg
	// dir is JDK 21's -C/--dir, or nil for the working directory.
	dir *syntax.Arg
	// preserve is -P: leading slashes and ".." components are kept.
	preserve bool
}

// jarArgs returns jar's words with the old form's first word spelt as
// one option a word, each of f, m and e followed by the word it takes,
// so that the one scanner reads both forms.
func jarArgs(args []syntax.Arg) []syntax.Arg {
	if len(args) == 0 || !args[0].Static || strings.HasPrefix(args[0].Value, "--") {
		return args
	}
	letters := strings.TrimPrefix(args[0].Value, "-")
	if letters == "" || strings.Trim(letters, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0") != "" {
		return args
	}
	old, rest := args[0], args[1:]
	out := make([]syntax.Arg, 0, len(args)+len(letters))
	for _, l := range letters {
		a := old
		a.Value = "-" + string(l)
		out = append(out, a)
		if strings.ContainsRune("fme", l) && len(rest) > 0 {
			out, rest = append(out, rest[0]), rest[1:]
		}
	}
	return append(out, rest...)
}

// jarExtraction reads a jar call that extracts; ok is false for any
// other (create, update, list, a word corral cannot read first).
func jarExtraction(c *syntax.Call) (jarExtract, bool) {
	var j jarExtract
	if c.Name != "jar" {
		return j, false
	}
	args := jarArgs(c.Args)
	opts, _ := scan(args, jarSpec.Get())
	if !has(opts, "x", "extract") || has(opts, "c", "create", "u", "update", "t", "list") {
		return j, false
	}
	if fs := find(opts, "f", "file"); len(fs) > 0 {
		a := fs[len(fs)-1].val
		j.archive = &a
	}
	if ds := find(opts, "C", "dir"); len(ds) > 0 {
		d := ds[len(ds)-1].val
		j.dir = &d
	}
	j.preserve = has(opts, "P")
	return j, true
}
