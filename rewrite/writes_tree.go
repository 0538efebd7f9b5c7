package rewrite

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// maxTreeEntries bounds the entries of a copied tree that are judged one
// by one; a larger tree is judged as files corral cannot name.
const maxTreeEntries = 2000

// treeCopy is one source of a recursive copy and where its files land:
// under base, at the same relative paths as under src.
type treeCopy struct {
	src  syntax.Arg
	dest syntax.Arg
	base string // the directory the tree's entries land in, as written
	// globbed reports a source that is a match of a glob (cp -r src/*
	// DIR): when it is a file, base is where it lands.
	globbed bool
}

// checkTreeCopy judges the files a recursive copy writes (cp -r, cp -a,
// rsync -r/-a, mv of a directory): a copied directory's files land under
// the destination at their own relative paths, so cp -r src/. .claude/
// writes .claude/settings.json when src holds settings.json. A source
// that is a directory on disk is listed (at most maxTreeEntries entries)
// and each file judged where it lands; one that is not there yet, that
// the command changes before the copy, or that is too large to list,
// holds files corral cannot name: that asks when the place it lands in
// can hold a self-protected file (guards.Policy.HoldsSelf).
func (p *Pass) checkTreeCopy(c *syntax.Call) {
	if dest, ok := placeholderCopyDest(c); ok {
		// find … -exec cp {} DIR/, xargs -I{} mv {} DIR/: files named
		// at run time land in DIR under names corral cannot know.
		p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: "{}", Raw: "{}", Static: true}, dest: dest, base: dest.Value}, false)
	}
	if dir, ok := p.stdinExtraction(c); ok {
		// tar c -C src . | tar x -C DIR: an archive made at run time.
		opaque := p.opaqueStdinArchive(c)
		p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: "the archive on stdin", Raw: "-", Static: true}, dest: dir, base: dir.Value}, opaque)
		if opaque && !hasTarDir(c) {
			// No -C: the working directory is the destination, judged
			// as tar -C . would be (red team 17 TX1: cd ~ && base64 -d <
			// a.b64 | tar x writes ~/.bashrc).
			p.judge(c, c.Script, c.Dir, target{arg: dir, value: "./*", action: guards.Write, derived: true}, "bash-write", c.Name)
		}
	}
	_, listed, names := p.rsyncListed(c) // file_producer.go
	for _, tc := range treeCopies(c, listed) {
		src := c.Dir.Join(tc.src.Value)
		if !tc.src.Static && tc.dest.Static {
			// cp -rT "$SRC" ~/.claude, cp -r "$(mktemp -d)"/. DIR: a
			// tree only run time names, whose files (settings.json
			// among them) land in DEST itself when the source ends in
			// /. or -T is given, so DEST is where they can land. As
			// for files named at run time, the project root and the
			// home directory themselves do not count.
			p.judgeUnnamedTree(c, tc, false)
			continue
		}
		if !src.Known || !tc.dest.Static {
			continue
		}
		fi, err := os.Stat(src.Path)
		switch {
		case err == nil && !fi.IsDir():
			if tc.globbed {
				// cp -r evil/* .claude/: each file the glob matches lands
				// as DIR/NAME.
				p.judge(c, c.Script, c.Dir, target{arg: tc.dest, value: tc.base, action: guards.Write, derived: true}, "bash-write", c.Name)
			}
			continue // a file named as written: judged with the call's destination
		case err == nil && !p.touchedEarlier(c, src.Path):
			entries, ok := listTree(src.Path)
			if ok {
				for _, rel := range entries {
					if names != nil && !matchesAnyName(names, rel) {
						// find . -name '*.md' | rsync --files-from=- …:
						// only entries of the names find selects are
						// listed.
						continue
					}
					p.judge(c, c.Script, c.Dir, target{arg: tc.dest, value: path.Join(tc.base, rel), action: guards.Write, derived: true, treeMember: true}, "bash-write", c.Name)
				}
				continue
			}
		}
		p.judgeUnnamedTree(c, tc, true)
	}
}

// judgeUnnamedTree asks about a tree whose files corral cannot name when
// the directory it lands in can hold a self-protected file. roots says
// whether the project root and the home directory themselves count: for
// files named at run time (find -exec cp {} DIR) and archives read on
// stdin (zcat x.tgz | tar x), which are everyday work there, only a
// directory deeper down (.claude, .git/hooks, ~/.claude) does.
func (p *Pass) judgeUnnamedTree(c *syntax.Call, tc treeCopy, roots bool) {
	cfg := p.Config
	dir := c.Dir
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !dir.Known {
		env.Cwd = cfg.Project
	}
	abs := guards.Normalize(env, tc.base).Abs
	if !roots && (abs == cfg.Project || abs == cfg.Home) {
		return
	}
	held := p.heldSelf(env, abs, tc.base)
	if held == "" {
		return
	}
	p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
		Message: fmt.Sprintf("%s copies the tree %s, whose files corral cannot name (it is not there yet, or the command changes it first), into %s, where they can land on %s, which registers agent hooks, configures corral or runs at login", c.Name, tc.src.Value, abs, held)})
}

// treeCopies lists the directory copies of a cp -r/-a, an rsync -r/-a or
// an mv call, each with the directory its entries land in: cp SRC DEST
// into an existing directory DEST gives DEST/SRC, into a new one DEST;
// SRC/. (cp) and SRC/ (rsync) give DEST; -T gives DEST, -t DIR gives
// DIR/SRC. A source with glob characters is each of its matches. An
// rsync --files-from copies no tree when listed says its names are known
// (rsyncListed).
func treeCopies(c *syntax.Call, listed bool) []treeCopy {
	var sources []syntax.Arg
	var dest syntax.Arg
	intoDest := false // entries land in DEST/base(SRC)
	switch c.Name {
	case "cp", "mv":
		opts, idx := scan(c.Args, specFor(c.Name))
		if c.Name == "cp" && !has(opts, "r", "R", "a", "recursive", "archive") {
			return nil
		}
		files := make([]syntax.Arg, 0, len(idx))
		for _, i := range idx {
			files = append(files, c.Args[i])
		}
		if ds := find(opts, "t", "target-directory"); len(ds) > 0 {
			dest, sources, intoDest = ds[len(ds)-1].val, files, true
		} else if len(files) >= 2 {
			dest, sources = files[len(files)-1], files[:len(files)-1]
			intoDest = !has(opts, "T", "no-target-directory") && (len(sources) > 1 || intoDirectory(c, dest, opts))
		} else {
			return nil
		}
	case "rsync":
		opts, ops := scan(c.Args, rsyncSpec.Get())
		if len(ops) < 2 || rsyncFromRemote(c, ops) || rsyncDryRun(opts) || !has(opts, "r", "a", "recursive", "archive") {
			return nil
		}
		if len(find(opts, "files-from")) > 0 && !has(opts, "r", "recursive") && listed {
			// --files-from turns off the recursion -a implies: only the
			// listed names are copied, not the source tree (the
			// destination's entries are judged by rsync's targets).
			// Names corral cannot know may be any entry of the tree.
			return nil
		}
		var ok bool
		if dest, ok = rsyncDest(c, ops); !ok {
			return nil
		}
		for _, i := range ops[:len(ops)-1] {
			sources = append(sources, c.Args[i])
		}
		intoDest = true
	case "ditto":
		// ditto(1) (macOS): ditto SRC… DEST copies each source
		// directory's contents into DEST (a file source lands as
		// DEST/NAME only with several sources); -c/-x work on archives.
		var ops []syntax.Arg
		for i := 0; i < len(c.Args); i++ {
			a := c.Args[i]
			switch {
			case a.Value == "-c" || a.Value == "-x" || a.Value == "-h" || a.Value == "--help":
				return nil
			case a.Value == "--arch" || a.Value == "--bom" || a.Value == "--zlibCompressionLevel":
				i++
			case strings.HasPrefix(a.Value, "-"):
			default:
				ops = append(ops, a)
			}
		}
		if len(ops) < 2 {
			return nil
		}
		dest, sources = ops[len(ops)-1], ops[:len(ops)-1]
		for i := range sources {
			if !strings.HasSuffix(sources[i].Value, "/.") {
				sources[i].Value = strings.TrimSuffix(sources[i].Value, "/") + "/."
			}
		}
	default:
		return nil
	}
	var out []treeCopy
	add := func(src syntax.Arg, value string, globbed bool) {
		s := src
		s.Value = value
		base := dest.Value
		contents := strings.HasSuffix(value, "/.") || value == "." || c.Name == "rsync" && strings.HasSuffix(value, "/")
		if intoDest && !contents {
			base = path.Join(dest.Value, path.Base(strings.TrimSuffix(value, "/")))
		}
		out = append(out, treeCopy{src: s, dest: dest, base: base, globbed: globbed})
	}
	for _, s := range sources {
		if !s.Static {
			// A source only run time names ("$SRC", "$(mktemp -d)"/.):
			// its files can land in DEST itself (checkTreeCopy).
			out = append(out, treeCopy{src: s, dest: dest, base: dest.Value})
			continue
		}
		if s.Glob {
			d := c.Dir.Join(s.Value)
			if !d.Known {
				continue
			}
			matches, _ := filepath.Glob(d.Path)
			for i, m := range matches {
				if i == maxGlobMatches {
					break
				}
				add(s, m, true)
			}
			continue
		}
		add(s, s.Value, false)
	}
	return out
}

// listTree returns the relative paths of the entries under dir (files,
// directories and links, not followed), or false when there are more
// than maxTreeEntries or the tree cannot be read.
func listTree(dir string) ([]string, bool) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		if len(out) == maxTreeEntries {
			return fs.ErrInvalid
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	return out, err == nil
}

// touchedEarlier reports whether a call that ends before c starts names
// a path at or under dir (an argument or a redirection): the tree may not
// be what is on disk when the hook runs.
func (p *Pass) touchedEarlier(c *syntax.Call, dir string) bool {
	under := func(d syntax.Dir) bool { return d.Known && (d.Path == dir || guards.Within(dir, d.Path)) }
	for _, o := range p.Model.Calls {
		if o == c || o.Script != c.Script || o.End > c.Start || o.Name == "cd" || o.Name == "pushd" {
			continue // cd changes no file
		}
		for _, a := range o.Args {
			if syntax.ReadsOnly(o) {
				break // cat c.cfg, grep x f: reading changes nothing
			}
			if a.Static && a.Value != "" && !strings.HasPrefix(a.Value, "-") && under(o.Dir.Join(a.Value)) {
				return true
			}
		}
		for _, r := range o.Redirs {
			if r.Writes() && r.Target.Static && under(r.Dir.Join(r.Target.Value)) {
				return true
			}
		}
	}
	return false
}

// placeholderCopyDest returns the directory a cp, mv or install puts
// files in whose names only run time gives (a {} of find -exec or fd -x,
// xargs -I's string, the operands xargs appends), and whether it does.
func placeholderCopyDest(c *syntax.Call) (syntax.Arg, bool) {
	switch c.Name {
	case "cp", "mv", "install":
	default:
		return syntax.Arg{}, false
	}
	if !c.ExtraArgs && !(c.RunBy != nil && argsFeeder(c) != c) {
		return syntax.Arg{}, false
	}
	opts, idx := scan(c.Args, specFor(c.Name))
	files := make([]syntax.Arg, 0, len(idx))
	for _, i := range idx {
		files = append(files, c.Args[i])
	}
	var dest syntax.Arg
	var sources []syntax.Arg
	if ds := find(opts, "t", "target-directory"); len(ds) > 0 {
		dest, sources = ds[len(ds)-1].val, files
	} else if len(files) >= 2 {
		dest, sources = files[len(files)-1], files[:len(files)-1]
		if !intoDirectory(c, dest, opts) && len(sources) == 1 {
			return syntax.Arg{}, false // one file renamed to DEST
		}
	} else if len(files) == 1 && c.ExtraArgs && c.Replace == "" {
		// xargs cp -t DIR is above; xargs cp DIR: the inputs come first.
		return syntax.Arg{}, false
	} else {
		return syntax.Arg{}, false
	}
	if !dest.Static {
		return syntax.Arg{}, false
	}
	for _, s := range sources {
		if _, rt := feederOperand(c, s); rt {
			return dest, true
		}
	}
	if c.ExtraArgs && c.Replace == "" && len(find(opts, "t", "target-directory")) > 0 {
		return dest, true // xargs cp -t DIR: the appended words are the sources
	}
	return syntax.Arg{}, false
}

// stdinExtraction returns the directory a tar extraction of its stdin
// writes to (-C DIR, or the working directory) when no download feeds it
// (a download is the acquisition rules', which move it into the sandbox).
func (p *Pass) stdinExtraction(c *syntax.Call) (syntax.Arg, bool) {
	switch c.Name {
	case "tar", "bsdtar", "gtar":
	default:
		return syntax.Arg{}, false
	}
	opts, _ := scan(syntax.TarArgs(c.Args), specFor("tar"))
	if !has(opts, "x", "extract", "get") {
		return syntax.Arg{}, false
	}
	if files := find(opts, "f", "file"); len(files) > 0 && files[len(files)-1].val.Value != "-" {
		return syntax.Arg{}, false
	}
	if c.Pipe != nil {
		for i := 0; i < c.PipeIndex; i++ {
			if s := c.Pipe.Stage(i); s != nil && slices.Contains(syntax.Downloaders, s.Name) {
				return syntax.Arg{}, false
			}
		}
	}
	dir := syntax.Arg{Value: ".", Raw: ".", Static: true}
	if dirs := find(opts, "C", "directory"); len(dirs) > 0 {
		dir = dirs[len(dirs)-1].val
	}
	return dir, dir.Static
}

// opaqueStdinArchive reports a tar extraction whose archive on stdin
// corral can neither list nor take for everyday work: the output of a
// program that is not a plain copy or decompression of a file on disk
// (base64 -d, xxd -r, python3 -c, git archive of another repository).
// Such members can be any file, so the project root and the home
// directory count as destinations too (red team 17 TX1).
func (p *Pass) opaqueStdinArchive(c *syntax.Call) bool {
	if _, _, ok := stdinArchive(c); ok {
		return false
	}
	in := archiveInput(c) // through cat, tee, gzip … (writes_extract_pipe.go)
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Stage < 1 || in.Stage > len(in.Pipe.Calls) {
		return false
	}
	if opts, _ := scan(syntax.TarArgs(c.Args), specFor("tar")); has(opts, "O", "to-stdout", "t", "list") || len(find(opts, "to-command")) > 0 {
		return false // the members go to stdout or a command (checkTarToCommand), or are only listed
	}
	if _, kind, _ := p.pipedArchive(c); kind != pipedNone {
		// tar c … | tar x, (cd DIR && tar c .) | tar x, a compound stage
		// (writes_extract_pipe.go).
		return kind == pipedOpaque
	}
	src := in.Pipe.Calls[in.Stage-1]
	if src == nil || !p.opaqueSource(src) {
		return false
	}
	if e, ok := extractionOf(c); ok && e.gitSrc != nil {
		if _, ok := p.gitArchiveMembers(e.gitSrc); ok {
			return false // git archive REV | tar x: its members are listed
		}
	}
	return true
}

// opaqueSource reports a writer of the pipe into a tar extraction whose
// output corral can neither list nor take for everyday work.
func (p *Pass) opaqueSource(src *syntax.Call) bool {
	switch {
	case src.Name == "tee":
		// curl URL | tee >(tar xz): the stage before tee is the source;
		// a download's extraction is moved into the sandbox. tee's own
		// source is not followed further: a limit.
		return false
	case gitArchiveCall(src) && !gitArchiveRemoteCall(src) && !p.fetchedBefore(src):
		// git archive REV | tar x of this repository: not a download
		// (git is a fetcher for clone and fetch). Its members were
		// not listed (a revision git cannot resolve yet, an option
		// corral does not read): files corral cannot name, as from a
		// file on disk or any other program (issue 12 class 6). After
		// a fetch (git fetch URL && git archive FETCH_HEAD | tar x) it
		// is the acquisition rules' (fetch-url-checkout).
		return true
	case gitArchiveCall(src):
		return false
	case fetchers.Get()[src.Name] || slices.Contains(packageFetch.Commands, src.Name) && syntax.RunnerOf(src.Name) == syntax.NotRunner:
		// curl URL | tar xz, gdown URL --output - | tar xvf -: a
		// download, whose extraction the acquisition rules move into the
		// sandbox (-C agent_sandbox).
		return false
	case slices.Contains([]string{"cat", "pv", "zcat", "gzcat", "bzcat", "xzcat", "zstdcat", "lzcat", "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lzma", "unlzma", "lz4", "lz4cat", "unlz4", "lzop", "lzip", "plzip", "pigz", "unpigz", "pbzip2", "brotli"}, src.Name):
		// cat a.tgz b.tar | tar x, gzip -c a.tgz | tar x: the bytes of
		// files on disk, joined or recompressed (tar reads none of them
		// as an archive it lists; today's judgement).
		return false
	}
	return true
}

// fetchedBefore reports a download or a git fetch, pull or clone before
// call g in its command.
func (p *Pass) fetchedBefore(g *syntax.Call) bool {
	for _, o := range p.Model.Calls {
		if o == g || o.Script != g.Script || o.End > g.Start {
			continue
		}
		if o.Name == "git" {
			if _, sub := gitArgs(o); sub >= 0 {
				switch o.Args[sub].Value {
				case "fetch", "pull", "clone":
					return true
				}
			}
			continue
		}
		if fetchers.Get()[o.Name] || slices.Contains(syntax.Downloaders, o.Name) {
			return true
		}
	}
	return false
}

// gitArchiveRemoteCall reports git archive --remote (an archive of a
// foreign repository: the acquisition rules').
func gitArchiveRemoteCall(g *syntax.Call) bool {
	_, sub := gitArgs(g)
	if sub < 0 {
		return false
	}
	opts, _ := scan(g.Args[sub+1:], gitArchiveSpec)
	return len(find(opts, "remote")) > 0
}

// hasTarDir reports tar's -C/--directory.
func hasTarDir(c *syntax.Call) bool {
	opts, _ := scan(syntax.TarArgs(c.Args), specFor("tar"))
	return len(find(opts, "C", "directory")) > 0
}

// heldSelf returns a protected directory of the configuration, or a
// self-protected file (HoldsSelf), that the path given (abs once
// normalised) is, holds or lies in; "" when none.
func (p *Pass) heldSelf(env guards.Env, abs, given string) string {
	cfg := p.Config
	held := ""
	for _, prot := range cfg.Protected {
		if prot != "" && abs != "" && (guards.Within(prot, abs) || guards.Within(abs, prot)) {
			held = prot
		}
	}
	if held == "" && cfg.Paths != nil {
		held = cfg.Paths.HoldsSelf(env, given)
	}
	return held
}

// checkFilledDirs asks about a directory a program fills with files
// whose names it chooses (a write target DIR/*: pax -rw . DIR, rclone
// copy SRC DIR, rustc --out-dir, pip install --target) when DIR
// can hold a self-protected file (.claude, ~/.claude, .git/hooks is
// judged by the pattern itself): the names come from the sources, which
// may hold settings.json. cp, mv, install, ln, rsync and ditto are read
// tree by tree by checkTreeCopy; the project root and the home directory
// themselves, where programs write every day, are left to the guards'
// judgement of the files named.
func (p *Pass) checkFilledDirs(c *syntax.Call, ts []target) {
	switch compilerName(c.Name) {
	case "cp", "mv", "install", "ln", "rsync", "ditto":
		return
	case "go", "cargo", "npm", "pnpm", "yarn", "bun", "pipx", "uv", "gem":
		return // the programs they install are named (checkInstallerOutputs)
	case "tar", "gtar", "bsdtar", "unzip", "7z", "7za", "7zr", "7zz", "jar", "cpio", "bsdcpio", "ar", "unrar", "busybox":
		return // an archive's members are listed where they land (checkExtraction, checkExtractDirs)
	}
	for _, a := range c.Args {
		if a.Value == "--user" {
			return // pip install --user: the user site (checkPipUser)
		}
	}
	cfg := p.Config
	for _, t := range ts {
		v := t.path()
		if t.action != guards.Write || t.derived || t.mount || !t.arg.Static || !strings.HasSuffix(v, "/*") {
			continue
		}
		base := strings.TrimSuffix(v, "/*")
		env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
		if !c.Dir.Known {
			env.Cwd = cfg.Project
		}
		abs := guards.Normalize(env, base).Abs
		if abs == "" || abs == cfg.Project || abs == cfg.Home || p.inSandboxPath(abs) {
			continue
		}
		if held := p.heldSelf(env, abs, base); held != "" {
			p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
				Message: fmt.Sprintf("%s fills %s with files whose names its sources choose, where they can land on %s, which registers agent hooks, configures corral or runs at login", c.Name, abs, held)})
			return
		}
	}
}

// matchesAnyName reports whether the last element of rel matches one of
// the name patterns (find -name; matched ignoring case, so that an
// -iname pattern is covered too).
func matchesAnyName(names []string, rel string) bool {
	base := strings.ToLower(path.Base(rel))
	for _, n := range names {
		if ok, err := path.Match(strings.ToLower(n), base); ok || err != nil {
			return true
		}
	}
	return false
}
