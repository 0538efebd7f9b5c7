package rewrite

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// An archive's members are files its extraction writes, with names the
// archive chooses: an archive the agent made can hold
// .claude/settings.json or .git/hooks/pre-commit, and tar -x or unzip in
// the right directory would then write them. So corral lists the members
// of an archive that is on disk when the hook runs (listed by unzip or
// GNU tar, as archiveMembers says) and judges each as a write under the
// directory of the extraction, with the names the program really uses:
// GNU tar and bsdtar drop a leading "/" and skip members with a ".."
// component unless -P, and drop --strip-components leading components;
// unzip drops a leading "/" and ".." components, and -j every directory.
// The extractors are tar (also an archive on disk it reads on stdin: tar
// x < a.tar, cat/zcat/gzip -dc a.tgz | tar x), unzip, 7-Zip's x and e,
// the JDK's jar x (writes_extract_jar.go) and python3 -m zipfile -e /
// -m tarfile -e.
// An archive that cannot be listed (another format, too large, not there
// yet) is judged by its directory as before; one that an earlier command
// of the same command line makes (zip x.zip …; unzip x.zip) asks, since
// its members are chosen by that command and cannot be listed in advance.

// maxArchiveMembers bounds the members listed; more is not listed.
const maxArchiveMembers = 10000

var errArchiveTooLarge = errors.New("archive too large to list")

// errListingCut is a listing the bounds cut short (more than
// maxArchiveMembers members, listOutput bytes of names or listTime of
// listing): the archive is there and readable, and its members past the
// cut are unknown (red team 16 AX1). It is an errArchiveTooLarge.
// listBounds says what the bounds of a listing are, for people.
const listBounds = "10,000 members, 4 MiB of names or 3 s of listing"

// It is a value of its own type, not fmt.Errorf's: a variable initialised
// by a call runs that call at every start of the hook, and fmt's first use
// touches pages of code a hook call does not otherwise need.
var errListingCut error = listingCut{}

type listingCut struct{}

func (listingCut) Error() string {
	return errArchiveTooLarge.Error() + ": the listing was cut at corral's bounds"
}

func (listingCut) Unwrap() error { return errArchiveTooLarge }

// extraction describes what an extracting call reads and where it writes.
type extraction struct {
	archive syntax.Arg
	// dir is the -C/-d directory, or nil for the working directory.
	dir *syntax.Arg
	// strip is tar's --strip-components; absolute is tar -P; junk is
	// unzip -j.
	strip    int
	absolute bool
	junk     bool
	unzip    bool
	// jar is the JDK's jar without -P: a member's name is what follows
	// its last "../", leading slashes dropped.
	jar bool
	// zipOnly reports a program that reads only zip archives (unzip);
	// unzip names the members as unzip does (a leading "/" and ".."
	// components dropped), which 7-Zip and python's extractors do too.
	zipOnly bool
	// reader is the stage that reads the archive into the extraction's
	// stdin (cat a.tar | tar x), or nil.
	reader *syntax.Call
	// gitSrc is the git archive whose output tar reads on stdin (git
	// archive REV | tar x), listed with git ls-tree, or nil.
	gitSrc *syntax.Call
	// pyTar is Python's tarfile without a filter: names as stored, and
	// the links members make followed by the members after them.
	pyTar bool
	// transforms are tar's --transform/--xform (bsdtar's -s) renames;
	// unreadTransform is one corral cannot apply ("" when none).
	transforms      []nameTransform
	unreadTransform string
	// topLevel is GNU tar's --one-top-level[=DIR]: every member is
	// written under DIR (without =DIR, the archive's name less its
	// suffixes), after --strip-components and --transform (GNU tar
	// 1.34, checked with the real tar: a member already under DIR is
	// put under it again).
	topLevel string
}

// extractionOf reads an extracting tar or unzip call.
func extractionOf(c *syntax.Call) (extraction, bool) {
	var e extraction
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		args := syntax.TarArgs(c.Args)
		opts, _ := scan(args, specFor("tar"))
		if !has(opts, "x", "extract", "get") {
			return e, false
		}
		files := find(opts, "f", "file")
		if len(files) == 0 || files[len(files)-1].val.Value == "-" {
			// stdin: a download is the acquisition rules'; a file on
			// disk (tar x < a.tar, cat a.tar | tar x, zcat a.tgz | tar
			// x) is listed as if named.
			a, reader, ok := stdinArchive(c)
			if g := gitArchiveStage(c); g != nil {
				a, ok = syntax.Arg{Value: "the output of " + g.Text(), Raw: g.Text(), Static: true, Start: g.Start, End: g.End}, true
				e.gitSrc = g
			}
			if !ok {
				return e, false
			}
			e.archive, e.reader = a, reader
		} else {
			e.archive = files[len(files)-1].val
		}
		o := tarExtractOptions(c)
		e.dir, e.strip, e.absolute, e.transforms, e.unreadTransform = o.dir, o.strip, o.absolute, o.transforms, o.unreadTransform
		e.topLevel = o.topLevel
		if e.topLevel == "\x00archive" {
			e.topLevel = topLevelDir(e.archive.Value)
		}
	case "unzip":
		opts, ops := scan(c.Args, optSpec{shortVal: "dxP"})
		if has(opts, "l", "t", "v", "p", "Z", "z") || len(ops) == 0 {
			return e, false // lists, tests or prints
		}
		e.archive, e.unzip, e.zipOnly = c.Args[ops[0]], true, true
		if dirs := find(opts, "d"); len(dirs) > 0 {
			e.dir = &dirs[len(dirs)-1].val
		}
		e.junk = has(opts, "j")
	case "jar":
		j, ok := jarExtraction(c)
		if !ok {
			return e, false
		}
		if j.archive == nil {
			a, reader, ok := stdinArchive(c)
			if !ok {
				return e, false // a download on stdin is the acquisition rules'
			}
			e.archive, e.reader = a, reader
		} else {
			e.archive = *j.archive
		}
		e.dir, e.zipOnly = j.dir, true
		e.absolute = j.preserve
		e.unzip, e.jar = !j.preserve, !j.preserve
	case "7z", "7za", "7zr", "7zz":
		// 7z x ARCHIVE [-oDIR] keeps the members' paths, 7z e drops
		// them; switches (-y, -pPASS, -oDIR) go anywhere. 7-Zip drops a
		// leading "/" and ".." components, as unzip does.
		var ops []syntax.Arg
		for _, a := range c.Args {
			switch {
			case !a.Static && strings.HasPrefix(a.Value, "-o") && len(a.Value) > 2 && strings.HasPrefix(strings.TrimLeft(a.Raw, `"'`), "-o"):
				// -o"$HOME", "-o$DIR": the directory is known at run time.
				d := a
				d.Value = a.Value[2:]
				e.dir = &d
			case !a.Static:
				ops = append(ops, a)
			case strings.HasPrefix(a.Value, "-o") && len(a.Value) > 2:
				d := a
				d.Value = a.Value[2:]
				if strings.HasPrefix(d.Value, "~") {
					// No shell expands a "~" inside a word (-o~), nor
					// does 7-Zip: it is a directory named so here.
					d.Value = "./" + d.Value
				}
				e.dir = &d
			case a.Value == "--":
			case strings.HasPrefix(a.Value, "-"):
			default:
				ops = append(ops, a)
			}
		}
		if len(ops) < 2 || ops[0].Value != "x" && ops[0].Value != "e" {
			return e, false
		}
		e.archive, e.unzip, e.junk = ops[1], true, ops[0].Value == "e"
	default:
		if m, args := pythonModule(c); m == "zipfile" || m == "tarfile" {
			// python3 -m zipfile -e ZIP DIR drops a leading "/" and ".."
			// components as unzip does; python3 -m tarfile -e TAR [DIR]
			// keeps both before Python 3.14 (its "data" filter) and
			// makes the links members name, which later members are
			// written through: listed by pyTarWrites. --filter data or
			// tar (3.12) rewrites absolute names and refuses links and
			// ".." leaving the directory: read as tar.
			safe := false
			for i, a := range args {
				if v, ok := strings.CutPrefix(a.Value, "--filter="); ok {
					safe = v == "data" || v == "tar"
				} else if a.Value == "--filter" && i+1 < len(args) {
					safe = args[i+1].Value == "data" || args[i+1].Value == "tar"
				}
			}
			for i, a := range args {
				if (a.Value == "-e" || a.Value == "--extract") && i+1 < len(args) {
					e.archive = args[i+1]
					e.unzip, e.zipOnly = m == "zipfile", m == "zipfile"
					e.absolute = m == "tarfile" && !safe
					e.pyTar = e.absolute
					if i+2 < len(args) {
						d := args[i+2]
						e.dir = &d
					}
					return e, true
				}
			}
		}
		return e, false
	}
	return e, true
}

// tarExtractOptions reads what a tar extraction's options say about the
// names it writes: -C/--directory, --strip-components, -P and the
// --transform/--xform renames (bsdtar's -s).
func tarExtractOptions(c *syntax.Call) extraction {
	var e extraction
	args := syntax.TarArgs(c.Args)
	opts, _ := scan(args, specFor("tar"))
	if dirs := find(opts, "C", "directory"); len(dirs) > 0 {
		e.dir = &dirs[len(dirs)-1].val
	}
	for _, o := range find(opts, "strip-components") {
		if n, err := strconv.Atoi(o.val.Value); err == nil && n > 0 {
			e.strip = n
		}
	}
	e.absolute = has(opts, "P", "absolute-names")
	var exprs []syntax.Arg
	for _, o := range find(opts, "transform", "xform") {
		exprs = append(exprs, o.val)
	}
	if c.Name == "bsdtar" {
		for i, a := range args {
			if a.Static && a.Value == "-s" && i+1 < len(args) {
				// bsdtar's form has no "s": /old/new/flags.
				x := args[i+1]
				x.Value = "s" + x.Value
				exprs = append(exprs, x)
			}
		}
	}
	for _, a := range args {
		name, val, eq := strings.Cut(a.Value, "=")
		if !a.Static || len(name) < len("--one-t") || !strings.HasPrefix("--one-top-level", name) {
			continue
		}
		if !eq {
			val = "\x00archive" // the archive's name: topLevelDir
		}
		e.topLevel = val
	}
	for _, x := range exprs {
		ts, ok := parseTransforms(x.Value)
		if !x.Static || !ok {
			e.unreadTransform = x.Raw
			continue
		}
		e.transforms = append(e.transforms, ts...)
	}
	return e
}

// pythonModule returns the module a python call runs with -m (python3 -m
// zipfile …) and the words after it, or "".
func pythonModule(c *syntax.Call) (string, []syntax.Arg) {
	if !strings.HasPrefix(c.Name, "python") && !strings.HasPrefix(c.Name, "pypy") {
		return "", nil
	}
	for i, a := range c.Args {
		switch {
		case !a.Static:
			return "", nil
		case a.Value == "-m" && i+1 < len(c.Args):
			return c.Args[i+1].Value, c.Args[i+2:]
		case strings.HasPrefix(a.Value, "-m") && len(a.Value) > 2:
			return a.Value[2:], c.Args[i+1:]
		case a.Value == "-c" || !strings.HasPrefix(a.Value, "-"):
			return "", nil // code or a script first
		}
	}
	return "", nil
}

// stdinArchive returns the file on disk an extraction reads on stdin: a
// redirection (tar x < a.tar), or the one file operand of the stage
// before it when that stage only copies or decompresses it (cat, pv,
// zcat, gzip -dc, xz -dc, …: GNU tar's listing reads the compression
// itself).
func stdinArchive(c *syntax.Call) (syntax.Arg, *syntax.Call, bool) {
	in := c.Fd(0)
	if r, ok := in.File(); ok {
		return r.Target, nil, r.Op == "<"
	}
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Stage < 1 || in.Stage > len(in.Pipe.Calls) {
		return syntax.Arg{}, nil, false
	}
	src := in.Pipe.Calls[in.Stage-1]
	if src == nil {
		return syntax.Arg{}, nil, false
	}
	decompress := false
	switch src.Name {
	case "cat", "pv", "zcat", "gzcat", "bzcat", "xzcat", "zstdcat", "lzcat":
	case "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lzma", "unlzma":
		decompress = true
	default:
		return syntax.Arg{}, nil, false
	}
	var file *syntax.Arg
	for i, a := range src.Args {
		switch {
		case a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-":
			continue // -d, -c, -dc, -q
		case file != nil:
			return syntax.Arg{}, nil, false // several files: their bytes joined
		}
		file = &src.Args[i]
	}
	if file == nil || decompress && !strings.HasPrefix(src.Name, "un") && src.Name != "gunzip" && src.Name != "bunzip2" && !hasShortFlag(src.Args, 'd') && !hasLong(src.Args, "--decompress", "--uncompress") {
		return syntax.Arg{}, nil, false
	}
	return *file, src, true
}

// hasLong reports one of the long options among the words.
func hasLong(args []syntax.Arg, names ...string) bool {
	for _, a := range args {
		if a.Static && slices.Contains(names, a.Value) {
			return true
		}
	}
	return false
}

// hasShortFlag reports a letter among the words' clusters of short
// options (-dc has d and c).
func hasShortFlag(args []syntax.Arg, letter byte) bool {
	for _, a := range args {
		v := a.Value
		if a.Static && len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], letter) >= 0 {
			return true
		}
	}
	return false
}

// checkExtraction judges the members an extraction writes, and the
// member operands of one whose members it did not name
// (writes_extract_operands.go).
func (p *Pass) checkExtraction(c *syntax.Call) {
	if !p.checkExtractionMembers(c) {
		p.checkMemberOperands(c)
	}
}

// checkExtractionMembers judges the members an extraction writes; it
// reports whether they were named (listed and judged one by one, or none
// to judge: an extraction into the sandbox).
func (p *Pass) checkExtractionMembers(c *syntax.Call) bool {
	if handled, named := p.checkPipedTar(c); handled {
		return named // tar c … | tar x (writes_extract_pipe.go)
	}
	e, ok := extractionOf(c)
	if !ok || !e.archive.Static || e.dir != nil && !e.dir.Static {
		return false
	}
	if c.ExtraArgs && (e.archive.Value == "{}" || c.Replace != "" && strings.Contains(e.archive.Value, c.Replace)) {
		return false // find -exec unzip {}: an archive named at run time
	}
	where := c.Dir
	base := "."
	if e.dir != nil {
		where = c.Dir.Join(e.dir.Value)
		base = e.dir.Value
	}
	if where.Known && p.InSandbox(c.Dir, syntax.Arg{Value: where.Path, Raw: where.Path, Static: true}) && !e.absolute {
		return true
	}
	if e.unreadTransform != "" {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
			Message: c.Name + " renames the members of " + e.archive.Value + " with " + clipText(e.unreadTransform, 60) +
				", an expression corral cannot apply: the names it writes under " + base + " are not known"})
		return true
	}
	if e.gitSrc != nil {
		names, ok := p.gitArchiveMembers(e.gitSrc)
		if !ok {
			return false // judged as an archive on stdin corral does not read
		}
		p.judgeMembers(c, e, names, base)
		return true
	}
	archive := c.Dir.Join(e.archive.Value)
	if !archive.Known {
		return false
	}
	if e.pyTar && where.Known {
		p.checkPyTar(c, e, archive.Path, where.Path)
		return true
	}
	if makers := p.makersEarlier(c, archive.Path, e.reader); len(makers) > 0 {
		// Made or changed earlier in the command: what is on disk now is
		// not what is extracted (writes_extract_pipe.go).
		p.judgeMadeArchive(c, e, makers, archive.Path, base)
		return true
	}
	names, err := archiveMembers(archive.Path, e.zipOnly)
	if errors.Is(err, errListingCut) {
		// The members past the cut can be any file under the
		// directory: a git hook, the agent's settings (red team 16
		// AX1: 10,050 members, the last .git/hooks/pre-commit).
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
			Message: c.Name + " extracts " + e.archive.Value + " into " + base + ", and corral's listing of its members was cut short by its bounds (" +
				listBounds + "): the members past the cut are unknown, and can be a git hook, the agent's settings or a shell's startup file"})
		return true
	}
	if err != nil {
		// Members corral cannot list can be any file under the
		// directory: where that can hold one of corral's own files or
		// an agent's settings (tar xf x.tar -C ~/.claude), ask, as for
		// an archive read on stdin; the project root and the home
		// directory themselves are everyday work.
		dest := syntax.Arg{Value: base, Raw: base, Static: true}
		if e.dir != nil {
			dest = *e.dir
		}
		opaque := p.opaqueArchive(c, e, archive.Path, base)
		p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: "the archive " + e.archive.Value, Raw: e.archive.Raw, Static: true}, dest: dest, base: base}, opaque)
		if opaque && (e.dir == nil || path.Clean(e.dir.Value) == ".") {
			// Into the working directory, judged as an extraction -C .
			// would be (red team 17 TX1: cd ~ && unzip b.zip).
			p.judge(c, c.Script, c.Dir, target{arg: dest, value: "./*", action: guards.Write, derived: true}, "bash-write", c.Name)
		}
		return false
	}
	p.judgeMembers(c, e, names, base)
	return true
}

// judgeMembers judges each member an extraction writes under base.
func (p *Pass) judgeMembers(c *syntax.Call, e extraction, names []string, base string) {
	arg := e.archive
	if e.dir != nil {
		arg = *e.dir
	}
	seen := map[string]bool{}
	plan, backups := tarBackupPlan(c) // tar --backup: writes_backup.go
	for _, n := range names {
		m := memberPath(n, e)
		if m == "" || seen[m] {
			continue
		}
		seen[m] = true
		v := m
		if !strings.HasPrefix(m, "/") {
			v = path.Join(base, m)
		}
		t := target{arg: arg, value: v, action: guards.Write, derived: true}
		p.judge(c, c.Script, c.Dir, t, "bash-write", c.Name+" (a member of "+e.archive.Value+")")
		if backups {
			for _, b := range backupsOf([]target{t}, plan) {
				p.judge(c, c.Script, c.Dir, b, "bash-write", c.Name+" (a member of "+e.archive.Value+")")
			}
		}
	}
}

// memberPath returns the path an extraction writes member name to,
// relative to its directory (absolute for tar -P), or "" when it writes
// none.
func memberPath(name string, e extraction) string {
	name = strings.ReplaceAll(name, "\\", "/")
	if e.jar {
		name = afterDotDot(name)
	}
	if e.junk && strings.HasSuffix(name, "/") {
		return "" // a directory: unzip -j and 7z e make none
	}
	abs := strings.HasPrefix(name, "/")
	if !e.unzip && !e.absolute && slices.Contains(strings.Split(name, "/"), "..") {
		return "" // tar skips a member whose name holds ".."
	}
	if len(e.transforms) > 0 {
		for _, t := range e.transforms {
			name = t.apply(name)
		}
		if !e.absolute {
			name = afterDotDot(name)
		}
		abs = strings.HasPrefix(name, "/")
	}
	var parts []string
	strip := e.strip
	for _, s := range strings.Split(name, "/") {
		if s == "" {
			continue
		}
		if strip > 0 && !e.unzip {
			// GNU tar counts every component as stored, "." too
			// (./b/c with --strip-components=1 is b/c).
			strip--
			continue
		}
		switch s {
		case ".":
			continue
		case "..":
			if e.unzip {
				continue // unzip drops ".." components
			}
			if !e.absolute {
				return "" // tar skips the member
			}
		}
		parts = append(parts, s)
	}
	if e.junk && len(parts) > 0 {
		parts = parts[len(parts)-1:]
	}
	if len(parts) == 0 || strip > 0 {
		return ""
	}
	p := strings.Join(parts, "/")
	if abs && e.absolute {
		return "/" + p
	}
	if e.topLevel != "" {
		p = path.Join(e.topLevel, p)
	}
	return p
}

// topLevelDir returns the directory tar --one-top-level without a value
// extracts into: the archive's base name less a compression suffix and
// ".tar" (x.tar.gz, x.tgz: x).
func topLevelDir(archive string) string {
	b := path.Base(archive)
	for _, suf := range []string{".tgz", ".taz", ".tz", ".tbz", ".tbz2", ".tb2", ".txz", ".tlz", ".tzst", ".tzo"} {
		if strings.HasSuffix(b, suf) {
			return strings.TrimSuffix(b, suf)
		}
	}
	for _, suf := range []string{".gz", ".Z", ".z", ".bz2", ".xz", ".lz", ".lzma", ".zst", ".lzo"} {
		b = strings.TrimSuffix(b, suf)
	}
	return strings.TrimSuffix(b, ".tar")
}

// archiveMembers lists the member names of the archive at p, a regular
// file (never a device, FIFO or /proc file), with the system's own
// listers, which read what the extraction will: unzip -Z1 for a zip, GNU
// tar -tf (which recognises gzip, bzip2, xz and zstd compression) for
// the rest. The lister runs as boundedOutput runs it (at most 3 s, 4 MiB
// of output, no input), so that no archive can hang the hook or fill its
// memory; a listing that fails or runs over is no listing. (Listing in
// Go would put the compression packages' start-up into every hook
// call.)
func archiveMembers(p string, zipOnly bool) ([]string, error) {
	if !filepath.IsAbs(p) || strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/dev/") {
		return nil, errors.New("not a regular file")
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	f.Close()
	var args []string
	switch {
	case bytes.HasPrefix(head[:n], []byte("PK")):
		args = []string{"unzip", "-Z1", p}
	case zipOnly:
		return nil, errors.New("not a zip archive")
	default:
		args = []string{"tar", "-tf", p}
	}
	data, err := boundedOutput("", []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin"}, args[0], args[1:]...)
	if errors.Is(err, errListOutput) {
		return nil, errListingCut
	}
	if err != nil {
		return nil, errArchiveTooLarge
	}
	names := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(names) > maxArchiveMembers {
		return nil, errListingCut
	}
	return names, nil
}

// fetchers are the commands of the acquisition rules: an archive one of
// them brings in is external content, which those rules move into the
// sandbox with its extraction.
var fetchers = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, r := range acquisitionRules {
		for _, n := range r.Commands {
			m[n] = true
		}
	}
	return m
}}

// madeEarlier reports whether a call before c in the command names the
// file at abs as an operand, an option's value or a redirection target:
// an archiver or a copy that makes it, which corral cannot list before
// the command runs. A download is the acquisition rules' (fetchers);
// reader, the stage that pipes the archive into c (cat a.tar | tar x),
// only reads it.
func (p *Pass) madeEarlier(c *syntax.Call, abs string, reader *syntax.Call) bool {
	return len(p.makersEarlier(c, abs, reader)) > 0
}

// makersEarlier lists the calls madeEarlier counts, in order.
func (p *Pass) makersEarlier(c *syntax.Call, abs string, reader *syntax.Call) []*syntax.Call {
	var out []*syntax.Call
	for _, o := range p.Model.Calls {
		if o == c || o == reader || o.Script != c.Script || o.End > c.Start || fetchers.Get()[o.Name] {
			// Only calls that end before c starts: not find or xargs
			// running c with their own words.
			continue
		}
		made := false
		for _, a := range o.Args {
			v := a.Value
			if i := strings.IndexByte(v, '='); i > 0 && strings.HasPrefix(v, "-") {
				v = v[i+1:]
			}
			if a.Static && v != "" && o.Dir.Join(v).Known && o.Dir.Join(v).Path == abs {
				made = true
			}
		}
		for _, r := range o.Redirs {
			if r.Writes() && r.Target.Static && r.Dir.Join(r.Target.Value).Path == abs {
				made = true
			}
		}
		if made {
			out = append(out, o)
		}
	}
	return out
}
