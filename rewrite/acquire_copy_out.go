package rewrite

import (
	"os"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var copyOut = Rule{
	Name: "copy-out",
	Doc: `Content in the sandbox is external: a download or clone that this
command moved there (curl -o x.sh URL && cp x.sh bin/: the rewrite makes
cp read the sandbox), or any file under the sandbox. Copying it back out —
cp, mv, install or rsync to a destination outside the sandbox, tar,
unzip, 7z x, jar x or cpio -i extracting a sandboxed archive outside it, a filter (cat, jq, sed,
awk, sort, head, …) reading it with its output redirected outside it —
would undo the sandbox
without anyone seeing it: ask. So does any other program that writes a
file outside the sandbox from content it reads under it — a word naming
a sandbox path (dd if=agent_sandbox/x of=p, ln, split, objcopy, strip
-o, cp agent_sandbox/*.sh dir/), its input redirected from one (tee p <
agent_sandbox/x), or a pipe from a stage that read one (tar c -C
agent_sandbox . | tar x -C dir), program code included. Programs that
only name, list, count or hash a file (ls, find, wc, sha256sum), and a
script run from the sandbox, pass. A link this command makes inside the
sandbox to a place outside it (ln -s ~/proj agent_sandbox/p, ln
../a.txt agent_sandbox/a, cp -s, cp -l) is a door out: what is written
there lands at the link's target: a write through it later in the
command (a word or a redirection naming a path under the link) asks, as
through a link to a place only run time knows. tar -P/--absolute-names extracting such an
archive writes its members at their own absolute paths, wherever -C
points: ask. An archive this command moved is unpacked into the sandbox
by the rewrite (its -C/-d follows it), which passes.`,
	Decisions: []Decision{Ask},
	Requires:  movers,
	Command:   checkCopyOut,
}

func checkCopyOut(p *Pass) {
	var moved []Relocation
	for _, f := range p.ResultOf(movers...) {
		if f.Fix != nil {
			moved = append(moved, f.Fix.Relocations...)
		}
	}
	ix := indexRelocations(moved)
	reported := map[*syntax.Call]bool{}
	for _, c := range p.Model.Calls {
		n := len(p.findings)
		judged := false
		for _, run := range callPerDir(c) {
			judged = p.namedCopyOut(run, ix) || judged
			if judged || len(p.findings) > n {
				break
			}
		}
		reported[c] = judged || len(p.findings) > n
	}
	p.flowOutOf(ix, reported)
	p.linksOutOfSandbox(reported)
}

// linksOutOfSandbox asks about a write through a link the command makes
// inside the sandbox that leads outside it: a symbolic link to a path out
// there, or a hard link to a file out there (the same file under a
// sandbox name: curl -o agent_sandbox/a truncates and fills it). A later
// word of the command naming a path through the link (curl -o
// agent_sandbox/p/x URL after ln -s ~/proj agent_sandbox/p), or a
// redirection to one, writes at the link's target what looks like a
// write into the sandbox; so does a link to a place only run time knows.
// A download the rewrite moves through such a link is linkedSandboxDest's.
func (p *Pass) linksOutOfSandbox(reported map[*syntax.Call]bool) {
	var doors []madeLink
	for _, l := range p.madeLinks() {
		if l.call == nil || !p.inSandboxPath(l.link) || l.link == p.Config.Sandbox {
			continue
		}
		if !l.unknown && (l.target == "" || p.inSandboxPath(l.target) || l.target == "/dev/null") {
			continue
		}
		doors = append(doors, l)
	}
	if len(doors) == 0 {
		return
	}
	through := func(dir syntax.Dir, v string, at int, c *syntax.Call) (madeLink, bool) {
		if !dir.Known || v == "" {
			return madeLink{}, false
		}
		env := guards.Env{Project: p.Config.Project, Cwd: dir.Path, Home: p.Config.Home, Sandbox: p.Config.Sandbox}
		abs := guards.NormalizeName(env, v).Abs
		for _, l := range doors {
			if l.call != c && l.madeBefore(at, c) && (abs == l.link || guards.Within(l.link, abs)) {
				return l, true
			}
		}
		return madeLink{}, false
	}
	report := func(c *syntax.Call, f Finding, l madeLink, name string) {
		where := "a place only run time knows"
		if !l.unknown {
			where = l.target + ", outside the sandbox"
		}
		f.Rule, f.Decision, f.Kind = "copy-out", Ask, "download"
		f.Message = name + " writes through " + l.link + ", a link this command made to " + where + ": what looks like a write into the sandbox lands there"
		p.Report(c, f)
	}
	for _, c := range p.Model.Calls {
		if reported[c] {
			continue
		}
		at := topStart(c.Script, c.Start)
		for _, a := range c.Args {
			v := a.Value
			if _, after, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "-") {
				v = after // --output=agent_sandbox/p/x, of=…
			} else if k := strings.IndexByte(v, '='); k > 0 && !strings.HasPrefix(v, "-") {
				v = v[k+1:]
			}
			if !a.Static {
				continue
			}
			if l, ok := through(c.Dir, v, at, c); ok {
				report(c, Finding{}, l, c.Name)
				reported[c] = true
				break
			}
		}
	}
	for _, r := range p.Model.Redirs {
		if !r.Writes() || !r.Target.Static {
			continue
		}
		if l, ok := through(r.Dir, r.Target.Value, topStart(r.Script, r.Target.Start), nil); ok {
			f := Finding{Text: r.Target.Raw}
			f.Start, f.End = topSpanOf(r.Script, r.Target.Start, r.Target.End)
			report(nil, f, l, "a redirection")
		}
	}
}

// namedCopyOut judges the copiers and extractors this rule names. It
// reports an extraction of a sandboxed archive it judged without a
// finding (one the rewrite unpacks into the sandbox).
func (p *Pass) namedCopyOut(c *syntax.Call, ix relocationIndex) bool {
	{
		switch c.Name {
		case "cp", "mv", "install", "rsync":
			p.copyOutOf(c, ix)
		case "git", "patch":
			p.patchOutOf(c, ix) // acquire_copy_out_patch.go
		case "tar", "bsdtar", "gtar":
			archive, extracts, dir, absolute := tarExtraction(c)
			if top, escapes := tarTopLevelEscapes(c); escapes && extracts && archive != nil {
				// --one-top-level=/abs puts the members there, past the
				// -C the rewrite gives the moved archive.
				if src, ok := resolveMoved(c, ix, *archive); ok && p.inSandboxPath(src) {
					p.Report(c, Finding{Rule: "copy-out", Decision: Ask, Kind: "download",
						Message: c.Name + " --one-top-level=" + top + " extracts " + src + ", external content, under " + top + ", outside any directory corral could set"})
					return true
				}
			}
			return p.extractOutOf(c, ix, archive, extracts, dir, absolute)
		case "cat", "tac", "jq", "yq", "sed", "awk", "gawk", "mawk", "sort", "uniq", "head", "tail", "cut", "grep",
			"zcat", "gunzip", "bzcat", "xzcat", "base64", "xxd", "iconv", "tr", "column", "fold", "nl":
			p.filterOutOf(c, ix)
		case "7z", "7za", "7zr", "7zz":
			archive, dir := sevenZipExtraction(c)
			return p.extractOutOf(c, ix, archive, archive != nil, dir, false)
		case "jar":
			j, ok := jarExtraction(c)
			archive := j.archive
			if ok && archive == nil {
				if a, _, in := stdinArchive(c); in {
					archive = &a // jar x < agent_sandbox/x.jar
				}
			}
			return p.extractOutOf(c, ix, archive, ok, j.dir, j.preserve)
		case "cpio":
			archive, extracts, dir := cpioExtraction(c)
			return p.extractOutOf(c, ix, archive, extracts, dir, false)
		case "unzip":
			opts, ops := scan(c.Args, specFor("unzip"))
			if len(ops) == 0 || has(opts, "l", "t", "v", "p", "Z", "z", "c") {
				return false
			}
			var dir *syntax.Arg
			if ds := find(opts, "d"); len(ds) > 0 {
				dir = &ds[len(ds)-1].val
			}
			return p.extractOutOf(c, ix, &c.Args[ops[0]], true, dir, false)
		}
	}
	return false
}

// resolveMoved returns where the static path a of call c really is once
// the command's rewrites apply: a path under moved content is at its new
// place, and so is a relative path used from inside a moved tree (whose
// cd followed it).
func resolveMoved(c *syntax.Call, ix relocationIndex, a syntax.Arg) (string, bool) {
	if !a.Static || a.Glob {
		return "", false
	}
	if !strings.HasPrefix(a.Value, "/") && c.Dir.Known {
		if rl, ok := ix.lookup(c.Script, c.Dir.Path, c.Start); ok {
			return path.Join(rl.To+c.Dir.Path[len(rl.From):], a.Value), true
		}
	}
	d := c.Dir.Join(a.Value)
	if !d.Known {
		return "", false
	}
	if rl, ok := ix.lookup(c.Script, d.Path, c.Start); ok {
		return rl.To + d.Path[len(rl.From):], true
	}
	return d.Path, true
}

// inSandboxPath reports whether the absolute path p is in the sandbox.
func (p *Pass) inSandboxPath(q string) bool {
	return p.DirInSandbox(syntax.Dir{Path: q, Known: true})
}

// copyOutOf asks when cp, mv, install or rsync copies a file from the
// sandbox to a destination outside it.
func (p *Pass) copyOutOf(c *syntax.Call, ix relocationIndex) {
	spec := specFor(c.Name)
	if c.Name == "rsync" {
		spec = rsyncSpec.Get()
	}
	opts, ops := scan(c.Args, spec)
	var dest *syntax.Arg
	srcs := ops
	if ds := find(opts, "t", "target-directory"); len(ds) > 0 && c.Name != "rsync" {
		dest = &ds[len(ds)-1].val
	} else if len(ops) >= 2 {
		dest, srcs = &c.Args[ops[len(ops)-1]], ops[:len(ops)-1]
	}
	if dest == nil || (c.Name == "install" && has(opts, "d", "directory")) {
		return
	}
	if c.Name == "rsync" && remotePath(dest.Value) {
		return // an upload: the exfiltrate rule's
	}
	for _, i := range srcs {
		src := ""
		for _, q := range movedCandidates(c, ix, c.Args[i]) {
			if p.inSandboxPath(q) {
				src = q
				break
			}
		}
		if src == "" {
			continue
		}
		if to, ok := resolveMoved(c, ix, *dest); ok && (p.inSandboxPath(to) || to == "/dev/null") {
			return
		}
		p.Report(c, Finding{Rule: "copy-out", Decision: Ask, Kind: "download",
			Message: c.Name + " copies " + src + ", external content in the sandbox, to " + dest.Value + ", outside it; keep it in the sandbox or copy it out yourself"})
		p.noteCopiedOut(c, ix, opts, srcs, dest)
		return
	}
}

// noteCopiedOut records where cp, mv, install or rsync puts what it
// copies out of the sandbox (a run of it in a later call asks if the
// person lets this one run): DEST itself, or DEST/NAME for each source
// when DEST is a directory (-t, several sources, a trailing slash, a
// directory on disk), each as a file and as a directory copied whole.
func (p *Pass) noteCopiedOut(c *syntax.Call, ix relocationIndex, opts []option, srcs []int, dest *syntax.Arg) {
	to, ok := resolveMoved(c, ix, *dest)
	if !ok || !strings.HasPrefix(to, "/") {
		return
	}
	intoDir := len(srcs) > 1 || strings.HasSuffix(dest.Value, "/") || has(opts, "t", "target-directory") || c.Name == "rsync"
	if !intoDir {
		if fi, err := os.Stat(to); err == nil && fi.IsDir() {
			intoDir = true
		}
	}
	if !intoDir {
		p.unreadOut = append(p.unreadOut, to, to+"/")
		return
	}
	if c.Name == "rsync" {
		p.unreadOut = append(p.unreadOut, strings.TrimSuffix(to, "/")+"/")
		return
	}
	for _, i := range srcs {
		if a := c.Args[i]; a.Static && !a.Glob {
			q := path.Join(to, path.Base(strings.TrimRight(a.Value, "/")))
			p.unreadOut = append(p.unreadOut, q, q+"/")
		} else {
			p.unreadOut = append(p.unreadOut, strings.TrimSuffix(to, "/")+"/")
		}
	}
}

// filterOutOf asks when a filter reads a file this command moved into the
// sandbox (or one under the sandbox) and writes what it prints to a file
// outside it (curl -o d.json URL && jq . d.json > out.json): the same
// bytes piped (curl URL | jq . > out.json) land in the sandbox, and a
// copy out of the sandbox asks.
func (p *Pass) filterOutOf(c *syntax.Call, ix relocationIndex) {
	out, ok := c.Stdout().File()
	if !ok || !out.Writes() || !out.Target.Static {
		return
	}
	if to, ok := resolveMoved(c, ix, out.Target); ok && (p.inSandboxPath(to) || to == "/dev/null") {
		return
	}
	_, ops := scan(c.Args, specFor(c.Name))
	for _, i := range ops {
		src, ok := resolveMoved(c, ix, c.Args[i])
		if !ok || !p.inSandboxPath(src) {
			continue
		}
		p.Report(c, Finding{Rule: "copy-out", Decision: Ask, Kind: "download",
			Message: c.Name + " writes what it reads from " + src + ", external content in the sandbox, to " + out.Target.Value + ", outside it; keep the result in the sandbox or write it out yourself"})
		if to, ok := resolveMoved(c, ix, out.Target); ok && strings.HasPrefix(to, "/") {
			p.unreadOut = append(p.unreadOut, to)
		}
		return
	}
}

// extractOutOf asks when tar or unzip extracts an archive that is in the
// sandbox (or that this command moved there) outside the sandbox, or at
// its members' absolute paths (tar -P). It reports whether the archive
// is a sandboxed one it judged (asked about, or left to the rewrite).
func (p *Pass) extractOutOf(c *syntax.Call, ix relocationIndex, archive *syntax.Arg, extracts bool, dir *syntax.Arg, absolute bool) bool {
	if archive == nil || !extracts {
		return false
	}
	src, ok := resolveMoved(c, ix, *archive)
	if !ok || !p.inSandboxPath(src) {
		return false
	}
	if absolute {
		p.Report(c, Finding{Rule: "copy-out", Decision: Ask, Kind: "download",
			Message: c.Name + " -P extracts " + src + ", external content, at its members' absolute paths, outside any directory corral could set"})
		return true
	}
	d := archive.Value
	if _, moved := ix.lookup(c.Script, c.Dir.Join(d).Path, c.Start); moved && c.Dir.Join(d).Known {
		return true // the rewrite unpacks it into the sandbox (extractInto)
	}
	to, ok := "", c.Dir.Known
	if ok {
		to = c.Dir.Path
		if rl, in := ix.lookup(c.Script, c.Dir.Path, c.Start); in {
			to = rl.To + c.Dir.Path[len(rl.From):]
		}
	}
	if dir != nil {
		to, ok = resolveMoved(c, ix, *dir)
	}
	if ok && p.inSandboxPath(to) {
		return true
	}
	where := "the working directory"
	if dir != nil {
		where = dir.Value
	}
	if ok && strings.HasPrefix(to, "/") {
		// What the archive holds is known at run time only: the whole
		// directory it unpacks into is recorded.
		p.unreadOut = append(p.unreadOut, strings.TrimSuffix(to, "/")+"/")
	}
	p.Report(c, Finding{Rule: "copy-out", Decision: Ask, Kind: "download",
		Message: c.Name + " extracts " + src + ", external content in the sandbox, into " + where + ", outside it; extract it in the sandbox"})
	return true
}

// tarExtraction returns the archive tar reads (-f, or the old-style
// tar xzf A), whether it extracts, its last -C, and whether -P is given.
func tarExtraction(c *syntax.Call) (archive *syntax.Arg, extracts bool, dir *syntax.Arg, absolute bool) {
	opts, extracts := tarOptions(c)
	if fs := find(opts, "f", "file"); len(fs) > 0 {
		archive = &fs[len(fs)-1].val
	}
	if ds := find(opts, "C", "directory"); len(ds) > 0 {
		dir = &ds[len(ds)-1].val
	}
	return archive, extracts, dir, has(opts, "P", "absolute-names")
}

// sevenZipExtraction returns the archive 7z x (or e, which drops the
// members' directories) reads, nil when it does not extract, and its
// -oDIR as a word of its own.
func sevenZipExtraction(c *syntax.Call) (archive, dir *syntax.Arg) {
	if len(c.Args) == 0 || !c.Args[0].Static || (c.Args[0].Value != "x" && c.Args[0].Value != "e") {
		return nil, nil
	}
	for i := 1; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case strings.HasPrefix(a.Value, "-o") && len(a.Value) > 2:
			d := a
			d.Value = a.Value[2:]
			dir = &d
		case strings.HasPrefix(a.Value, "-"):
		case archive == nil:
			archive = &c.Args[i]
		}
	}
	return archive, dir
}

// cpioExtraction returns the archive cpio -i (--extract) reads (-F,
// -I, --file, or the file its standard input is redirected from),
// whether it extracts, and its -D/--directory.
func cpioExtraction(c *syntax.Call) (archive *syntax.Arg, extracts bool, dir *syntax.Arg) {
	val := func(a syntax.Arg, n int) *syntax.Arg {
		v := a
		v.Value = a.Value[n:]
		return &v
	}
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "--extract":
			extracts = true
		case strings.HasPrefix(a.Value, "--file="):
			archive = val(a, len("--file="))
		case strings.HasPrefix(a.Value, "--directory="):
			dir = val(a, len("--directory="))
		case (a.Value == "-F" || a.Value == "-I" || a.Value == "-D") && i+1 < len(c.Args):
			if a.Value == "-D" {
				dir = &c.Args[i+1]
			} else {
				archive = &c.Args[i+1]
			}
			i++
		case strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--"):
			extracts = extracts || strings.Contains(a.Value, "i")
		}
	}
	if archive == nil {
		if r, ok := c.Fd(0).File(); ok {
			archive = &r.Target
		}
	}
	return archive, extracts, dir
}

// callPerDir returns c as it runs: itself when its working directory is
// known (or can be any), else a copy in each directory it can be in (a
// popd after pushd D && curl … is back where pushd started or stays
// there; if c; then cd /tmp; fi): a copy out of the sandbox from any of
// them asks.
func callPerDir(c *syntax.Call) []*syntax.Call {
	cands := c.Dir.Candidates()
	if c.Dir.Known || len(cands) == 0 {
		return []*syntax.Call{c}
	}
	out := make([]*syntax.Call, 0, len(cands))
	for _, d := range cands {
		cc := *c
		cc.Dir = syntax.Dir{Path: d, Known: true}
		out = append(out, &cc)
	}
	return out
}
