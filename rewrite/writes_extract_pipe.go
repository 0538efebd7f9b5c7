package rewrite

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// The tar-pipe copy idiom (red team 18 TX2): tar c … | tar x copies a
// tree through a pipe, and the members the archive on stdin holds are the
// producer's operands, resolved in the producer's working directory (its
// own cd, each -C before them), with the directories' files under them.
// The producer can be the stage's own call (tar -C DIR -cf - .claude |
// tar -xf - -C ~) or a call in a compound stage: (cd DIR && tar cf -
// .claude) | tar xf -, { cd DIR; tar c .; } | tar x, a loop; the calls of
// that stage that write the pipe are those whose standard output is it
// (cd, export and the like write nothing to it). The extraction writes
// those members in its own directory (after its own cd or -C), with its
// own --strip-components, --transform and -P, so each is judged through
// the path guards as the same cp would be: a member .claude/settings.json
// written in the project, or .bashrc in the home directory, is denied.
// Members corral cannot name (a -T list, a word only run time knows, a
// tree missing or changed earlier in the command, too large to list, an
// unreadable --transform, -h following links) make the archive opaque, as
// TX1's archives are: the extraction asks where its directory can hold a
// protected file, the project root and the home directory included.
// git archive in a compound stage is listed as in a simple one.

// pipedKind says what the pipe into an extraction carries.
type pipedKind int

const (
	// pipedNone: not a case of this file (no pipe, or a simple stage
	// other than tar c): the older rules judge it.
	pipedNone pipedKind = iota
	// pipedListed: the archive's members are named.
	pipedListed
	// pipedPlain: a compound stage whose writers copy files on disk
	// (cat a.tar): neither listed nor opaque, as in a simple stage.
	pipedPlain
	// pipedOpaque: members corral cannot name.
	pipedOpaque
)

// pipedArchive reads the archive tar extraction c reads from a pipe:
// the members its writers put in it (names as stored), the kind, and the
// text of the writer that made them.
func (p *Pass) pipedArchive(c *syntax.Call) (names []string, kind pipedKind, what string) {
	in := archiveInput(c)
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Stage < 1 || in.Stage > len(in.Pipe.Calls) {
		return nil, pipedNone, ""
	}
	simple := in.Pipe.Calls[in.Stage-1]
	if simple != nil && !tarCreatesStdout(simple) && (!gitArchiveCall(simple) || in.Same(c.Fd(0))) {
		return nil, pipedNone, "" // git archive REV | tar x, cat, base64 -d …: the older rules
	}
	kind = pipedPlain
	found := false
	for _, w := range p.Model.Calls {
		if w == c || !w.Fd(1).Same(in) {
			continue
		}
		found = true
		switch {
		case quietCall(w):
			continue
		case tarCreatesStdout(w):
			ns, ok := p.tarCreateMembers(w)
			if !ok {
				return nil, pipedOpaque, w.Text()
			}
			names = append(names, ns...)
			kind, what = pipedListed, w.Text()
		case w.Name == "tar" || w.Name == "bsdtar" || w.Name == "gtar":
			// tar cf x.tar …, tar tvf: no archive on the pipe.
			continue
		case gitArchiveCall(w):
			ns, ok := p.gitArchiveMembers(w)
			if !ok {
				return nil, pipedOpaque, w.Text()
			}
			names = append(names, ns...)
			kind, what = pipedListed, w.Text()
		case simple == nil && p.opaqueSource(w):
			return nil, pipedOpaque, w.Text()
		}
	}
	if !found {
		return nil, pipedNone, ""
	}
	if len(names) > maxArchiveMembers {
		return nil, pipedOpaque, what
	}
	return names, kind, what
}

// maxPassStages bounds the stages archiveInput follows back.
const maxPassStages = 8

// archiveInput returns the pipe whose bytes reach the standard input of
// extraction c: c's own, or, through stages that pass their input on
// unchanged or only (de)compressed (cat or pv with no file, tee, dd
// without if=, gzip/xz/zstd/… on stdin), the pipe into the first stage
// that does not (tar c -C DIR .claude | cat | tar x is tar c's archive;
// base64 -d < a.b64 | cat | tar x is base64's output).
func archiveInput(c *syntax.Call) syntax.Stream {
	in := c.Fd(0)
	for range maxPassStages {
		if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Stage < 1 || in.Stage > len(in.Pipe.Calls) {
			return in
		}
		s := in.Pipe.Calls[in.Stage-1]
		if s == nil || !passesArchive(s) {
			return in
		}
		next := s.Fd(0)
		if next.Kind != syntax.StreamPipe {
			return in // tee < f, cat with its input from a file: the older rules
		}
		in = next
	}
	return in
}

// passesArchive reports a call that writes what it reads on its
// standard input, unchanged or only compressed or decompressed: no file
// operand (its words read by the option scanner) and no dd if=/conv=.
func passesArchive(s *syntax.Call) bool {
	for _, a := range s.Args {
		if !a.Static {
			return false
		}
	}
	_, ops := scan(s.Args, optSpec{})
	switch s.Name {
	case "tee":
		return true
	case "dd":
		for _, i := range ops {
			if k, _, _ := strings.Cut(s.Args[i].Value, "="); k == "if" || k == "conv" {
				return false
			}
		}
		return true
	case "cat", "pv", "buffer", "mbuffer", "gzip", "gunzip", "zcat", "pigz", "unpigz", "bzip2", "bunzip2", "bzcat", "pbzip2",
		"xz", "unxz", "xzcat", "lzma", "unlzma", "lzcat", "zstd", "unzstd", "zstdcat", "lz4", "unlz4", "lz4cat", "lzop", "lzip", "brotli":
		for _, i := range ops {
			if s.Args[i].Value != "-" {
				return false // a file operand: the bytes of a file on disk
			}
		}
		return s.Name != "cat" || len(s.Args) == len(ops)
	}
	return false
}

// quietCall reports a command that writes nothing on its standard output
// (cd DIR, export X=1, set -e): in a compound stage it puts nothing in
// the pipe. Forms that print (cd -, set or export alone, set -o, -p)
// are no quiet calls: printed text can be an archive's header.
func quietCall(c *syntax.Call) bool {
	for _, a := range c.Args {
		if !a.Static {
			return false
		}
	}
	opts, ops := scan(c.Args, optSpec{shortVal: "o"})
	switch c.Name {
	case "true", ":", "test", "[", "sleep", "touch", "unset":
		return true
	case "cd":
		return len(opts) == 0 && len(ops) == 1 && c.Args[ops[0]].Value != "-"
	case "export", "declare", "typeset", "readonly", "local":
		for _, i := range ops {
			if !strings.Contains(c.Args[i].Value, "=") {
				return false
			}
		}
		return len(ops) > 0 && !has(opts, "p")
	case "set":
		for _, o := range opts {
			if o.name == "o" && !o.hasVal {
				return false // set -o alone prints the options
			}
		}
		return len(opts) > 0 && len(ops) == 0
	}
	return false
}

// gitArchiveCall reports git archive.
func gitArchiveCall(g *syntax.Call) bool {
	if g.Name != "git" || g.Host != nil {
		return false
	}
	_, sub := gitArgs(g)
	return sub >= 0 && g.Args[sub].Value == "archive"
}

// tarCreatesStdout reports tar creating an archive on its standard
// output: -c with no -f, -f -, or -f naming the standard output.
func tarCreatesStdout(t *syntax.Call) bool {
	switch t.Name {
	case "tar", "bsdtar", "gtar":
	default:
		return false
	}
	opts, _ := scan(syntax.TarArgs(t.Args), specFor("tar"))
	if !has(opts, "c", "create") {
		return false
	}
	files := find(opts, "f", "file")
	if len(files) == 0 {
		return true // GNU tar's default archive is "-" (tar --show-defaults)
	}
	switch f := files[len(files)-1].val; {
	case !f.Static:
		return true // only run time knows: taken as the pipe
	case f.Value == "-" || f.Value == "/dev/stdout" || f.Value == "/dev/fd/1" || f.Value == "/proc/self/fd/1":
		return true
	}
	return false
}

// tarCreateMembers lists the member names tar c (call t) stores: each
// operand as written, resolved against the directory the -C options
// before it lead to (from t's working directory), a directory with every
// entry under it; a leading "/" and everything up to a ".." component
// dropped unless -P (GNU tar's "Removing leading `../'"), then the
// --transform renames; members --exclude names (a pattern without "/",
// matched against each name component) left out. ok is false when
// the members cannot be named: a word only run time knows, -T/--files-from,
// --add-file, -h (links followed), an operand missing or changed earlier
// in the command, a tree larger than corral lists, a --transform it cannot
// apply.
func (p *Pass) tarCreateMembers(t *syntax.Call) ([]string, bool) {
	args := syntax.TarArgs(t.Args)
	opts, operands := scan(args, specFor("tar"))
	if has(opts, "T", "files-from", "add-file", "h", "dereference") || len(operands) == 0 {
		return nil, false
	}
	var transforms []nameTransform
	for _, o := range find(opts, "transform", "xform") {
		ts, ok := parseTransforms(o.val.Value)
		if !o.val.Static || !ok {
			return nil, false
		}
		transforms = append(transforms, ts...)
	}
	var excludes []string
	if !has(opts, "anchored", "no-wildcards", "wildcards-match-slash", "no-wildcards-match-slash") {
		for _, o := range find(opts, "exclude") {
			// Only literal characters, * and ?: a bracket expression
			// ([!x] is a negation to tar, a set holding ! to Go) or an
			// escape would make the match differ from tar's.
			if o.val.Static && !strings.Contains(strings.TrimSuffix(o.val.Value, "/"), "/") && !strings.ContainsAny(o.val.Value, "[]\\") {
				excludes = append(excludes, strings.TrimSuffix(o.val.Value, "/"))
			}
		}
	}
	absolute := has(opts, "P", "absolute-names")
	var out []string
	add := func(n string) {
		if !absolute {
			n = afterDotDot(n)
		}
		for _, x := range excludes {
			for _, s := range strings.Split(n, "/") {
				if ok, _ := path.Match(x, s); ok {
					return
				}
			}
		}
		for _, tr := range transforms {
			n = tr.apply(n)
		}
		if n != "" {
			out = append(out, n)
		}
	}
	for _, i := range operands {
		dir := t.Dir
		for _, o := range opts {
			if o.idx >= i || o.name != "C" && o.name != "directory" || !o.hasVal {
				continue
			}
			if !o.val.Static {
				return nil, false
			}
			dir = dir.Join(o.val.Value)
		}
		a := args[i]
		if !a.Static || a.Value == "" || !dir.Known {
			return nil, false
		}
		written := []string{a.Value}
		if a.Glob {
			d := dir.Join(a.Value)
			matches, err := filepath.Glob(d.Path)
			if err != nil || len(matches) == 0 || len(matches) > maxGlobMatches {
				return nil, false
			}
			written = written[:0]
			for _, m := range matches {
				if path.IsAbs(a.Value) {
					written = append(written, m)
				} else if rel, err := filepath.Rel(dir.Path, m); err == nil {
					written = append(written, filepath.ToSlash(rel))
				}
			}
		}
		for _, w := range written {
			abs := dir.Join(w)
			if !abs.Known || p.touchedEarlier(t, abs.Path) {
				return nil, false
			}
			fi, err := os.Lstat(abs.Path)
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil, false // made by something corral does not see, or tar fails
				}
				return nil, false
			}
			add(w)
			if !fi.IsDir() {
				continue
			}
			entries, ok := listTree(abs.Path)
			if !ok {
				return nil, false
			}
			for _, e := range entries {
				add(path.Join(w, e))
			}
		}
		if len(out) > maxArchiveMembers {
			return nil, false
		}
	}
	return out, true
}

// checkPipedTar judges the members a tar extraction reads from a pipe
// whose writers corral lists (pipedArchive), each as a write under the
// extraction's directory. It reports whether the extraction was such a
// one (handled), and whether its members were named.
func (p *Pass) checkPipedTar(c *syntax.Call) (handled, named bool) {
	dir, ok := p.stdinExtraction(c)
	if !ok || !tarWritesTree(c) {
		return false, false
	}
	names, kind, what := p.pipedArchive(c)
	if kind != pipedListed {
		return kind != pipedNone, false
	}
	e := tarExtractOptions(c)
	if e.topLevel == "\x00archive" {
		e.topLevel = "" // tar cannot name it for an archive on stdin: it fails
	}
	e.archive = syntax.Arg{Value: "the archive " + clipText(what, 60) + " makes", Raw: "-", Static: true}
	base, where := ".", c.Dir
	if e.dir != nil {
		base, where = dir.Value, c.Dir.Join(dir.Value)
	}
	renamed := len(e.transforms) > 0 || e.unreadTransform != ""
	if where.Known && p.InSandbox(c.Dir, syntax.Arg{Value: where.Path, Raw: where.Path, Static: true}) && !(renamed && e.absolute) {
		return true, true
	}
	if e.unreadTransform != "" {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
			Message: c.Name + " renames the members of " + e.archive.Value + " with " + clipText(e.unreadTransform, 60) +
				", an expression corral cannot apply: the names it writes under " + base + " are not known"})
		return true, true
	}
	p.judgeMembers(c, e, names, base)
	return true, true
}

// judgeMadeArchive judges an extraction of an archive that calls earlier
// in the command make or change (makers): what is on disk when the hook
// runs is not what is extracted (tar czf x.tgz -C DIR .claude && tar xzf
// x.tgz over an older x.tgz). When the one maker is tar c -f ARCHIVE
// whose members corral names (tarCreateMembers), those are judged, with
// the archive's members on disk now in case the maker does not run;
// otherwise the members are chosen when it is made, which asks.
func (p *Pass) judgeMadeArchive(c *syntax.Call, e extraction, makers []*syntax.Call, abs, base string) {
	if len(makers) == 1 && !e.zipOnly && !e.pyTar && tarCreatesFile(makers[0], abs) {
		if names, ok := p.tarCreateMembers(makers[0]); ok {
			if old, err := archiveMembers(abs, e.zipOnly); err == nil {
				names = append(names, old...)
			}
			p.judgeMembers(c, e, names, base)
			return
		}
	}
	p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
		Message: c.Name + " extracts " + e.archive.Value + ", an archive this command makes, into " + base +
			": its members are chosen when it is made and cannot be listed before it exists"})
}

// tarCreatesFile reports tar creating (-c) the archive file abs with -f.
func tarCreatesFile(t *syntax.Call, abs string) bool {
	switch t.Name {
	case "tar", "bsdtar", "gtar":
	default:
		return false
	}
	opts, _ := scan(syntax.TarArgs(t.Args), specFor("tar"))
	files := find(opts, "f", "file")
	if !has(opts, "c", "create") || len(files) != 1 || !files[0].val.Static {
		return false
	}
	d := t.Dir.Join(files[0].val.Value)
	return d.Known && d.Path == abs
}

// tarWritesTree reports a tar extraction that writes files: not one with
// -O/--to-stdout, -t or --to-command.
func tarWritesTree(c *syntax.Call) bool {
	opts, _ := scan(syntax.TarArgs(c.Args), specFor("tar"))
	return !has(opts, "O", "to-stdout", "t", "list") && len(find(opts, "to-command")) == 0
}
