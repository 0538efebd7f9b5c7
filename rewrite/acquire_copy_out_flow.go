package rewrite

import (
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// Copy-out by any writer: the cases checkCopyOut names (cp, tar x, a
// filter with > FILE) are the common spellings of one effect, a program
// that writes a file outside the sandbox from content it reads under the
// sandbox. dd if=agent_sandbox/x of=p, tee p < agent_sandbox/x, ln
// agent_sandbox/x p, split, objcopy, strip -o, sort -o, cp of a pattern
// under the sandbox, tar c -C agent_sandbox . | tar x -C dir and program
// code that opens a sandbox file and writes another have it too. The
// reads are the words of the call that name a path under the sandbox (an
// operand, an option's value, key=value as dd's if=, the literal
// directory of a pattern; see operandRead for the words that are not), a
// file its standard input comes from, a pipe an earlier stage (or a
// compound stage) that read one writes, and the input of a loop or block
// around it; the writes are the files writeTargets lists and the files
// its redirections (or the loop's) write, in the project or the home
// directory. Program code (the stand-in calls of its reads and writes)
// counts as one call: the program that runs it. What is written is added
// to the session record of unread files (Result.Unread), so that a later
// call running a binary copied out asks.

// sandboxRead returns the path under the sandbox whose content call c
// reads, or "". Programs that only name, hash or list a file (ls, wc,
// sha256sum, find, echo: notContentReaders) read no content; cp, mv,
// install, rsync, ln, tar and zip, which copy it, do.
//
// The words of a program that fetches content (a command of the rules
// that move downloads into the sandbox: curl -o agent_sandbox/x, wget -P
// agent_sandbox) name where it puts what it fetches, not what it reads:
// they are not read (fetcher). Its input still is.
func (p *Pass) sandboxRead(c *syntax.Call, ix relocationIndex, fetcher bool) string {
	if !callReadsContent(c) {
		return ""
	}
	if in, ok := c.Fd(0).File(); ok && !in.Writes() {
		if src, ok := p.sandboxWord(c, ix, in.Target); ok {
			return src
		}
	}
	for _, r := range c.Redirs {
		if (r.Op == "<" || r.Op == "<>") && r.Fd != "" && r.Fd != "0" {
			if src, ok := p.sandboxWord(c, ix, r.Target); ok {
				return src // read -r x 3< agent_sandbox/x
			}
		}
	}
	if c.Name == "ln" {
		return p.linkRead(c, ix)
	}
	if src := p.gitSandboxRead(c, ix); src != "" {
		return src // git -C agent_sandbox/b show HEAD:x (copyout_git.go)
	}
	if fetcher {
		return ""
	}
	// The script an interpreter runs is code it runs (read where it
	// runs), not content it copies: bash agent_sandbox/x.sh > log.
	script := syntax.ShellScriptFile(c)
	if code, file, _, ok := syntax.InterpreterWords(c); ok && code < 0 {
		script = file
	}
	for i, a := range c.Args {
		if i == script || (i > 0 && !copier(c.Name) && workDirOption(c.Args[i-1].Value)) {
			continue
		}
		if src, ok := p.operandRead(c, ix, a); ok {
			return src
		}
		if src := p.foundRead(c, ix, a); src != "" {
			return src // find agent_sandbox -exec cp {} . \;
		}
		// key=value (dd if=F), --opt=F: the value is the path.
		if i := strings.IndexByte(a.Value, '='); i > 0 && a.Static && i+1 < len(a.Value) && (copier(c.Name) || !workDirOption(a.Value[:i])) {
			v := a
			v.Value = a.Value[i+1:]
			if src, ok := p.operandRead(c, ix, v); ok {
				return src
			}
		}
	}
	return ""
}

// operandRead is sandboxWord for a word of a program that may be a
// subcommand, a package pattern or a directory it works in rather than
// a file it reads: a bare word with no file of that name (go test, run in
// the sandbox), a Go package pattern (./...), and a directory given to a
// program that does not copy one (make -C agent_sandbox/repo, pytest
// agent_sandbox/repo/tests: what it writes is its own output) are no
// read. A pattern and a path the command moved into the sandbox are.
func (p *Pass) operandRead(c *syntax.Call, ix relocationIndex, a syntax.Arg) (string, bool) {
	if a.Value == "..." || strings.HasSuffix(a.Value, "/...") {
		return "", false
	}
	src, ok := p.sandboxWord(c, ix, a)
	if !ok || a.Glob {
		return src, ok
	}
	if d := c.Dir.Join(a.Value); d.Known && d.Path != src {
		return src, true // moved here by the command's rewrite
	}
	if src == p.Config.Sandbox {
		return src, copier(c.Name) // tar c -C agent_sandbox x
	}
	fi, err := os.Stat(src)
	switch {
	case err != nil && !strings.Contains(a.Value, "/"):
		return "", false
	case err == nil && fi.IsDir() && !copier(c.Name):
		return "", false
	}
	return src, true
}

// workDirOption reports an option that names the directory a program
// works in (make -C DIR, ninja -C, --directory=DIR, --chdir, --cwd): the
// program runs there, and what it writes is its own output.
func workDirOption(o string) bool {
	switch o {
	case "-C", "--directory", "--chdir", "--cwd", "--workdir", "--working-directory":
		return true
	}
	return false
}

// copier reports a program that copies or links a directory given to it
// (cp -r, tar c, ln -s, rsync, zip -r, pax -rw, ditto, rclone copy).
func copier(name string) bool {
	switch name {
	case "cp", "mv", "install", "rsync", "ln", "tar", "zip", "cpio", "pax", "ditto", "rclone":
		return true
	}
	return false
}

// contentReader reports a program that puts a file's content somewhere:
// not one of notContentReaders, except the copiers among them.
func contentReader(name string) bool {
	return copier(name) || !notContentReaders.Has(name)
}

// sandboxWord reports the path under the sandbox that word a of call c
// names, as it is once the command's rewrites apply; for a pattern
// (agent_sandbox/*.sh), the directory its literal part names.
func (p *Pass) sandboxWord(c *syntax.Call, ix relocationIndex, a syntax.Arg) (string, bool) {
	if !a.Static {
		// for f in agent_sandbox/*; do cp "$f" .; done: each value an
		// enclosing for loop of static items gives the word.
		if vals, ok := syntax.LoopValues(c, a, p.Config.Home); ok {
			for _, v := range vals {
				if src, ok := p.sandboxWord(c, ix, v); ok {
					return src, true
				}
			}
		}
	}
	if a.Static && a.Glob {
		lit := a.Value
		if i := strings.IndexAny(lit, "*?["); i >= 0 {
			lit = lit[:i]
		}
		if j := strings.LastIndexByte(lit, '/'); j >= 0 {
			lit = lit[:j+1]
		} else {
			lit = "."
		}
		a.Value, a.Glob = lit, false
	}
	if a.Value == "" {
		return "", false
	}
	for _, src := range movedCandidates(c, ix, a) {
		if p.inSandboxPath(src) {
			return src, true
		}
	}
	return "", false
}

// linkRead returns the path under the sandbox that ln makes a name for:
// a hard link's source from the working directory, a symbolic link's
// target from the directory the link is made in (ln -s ../agent_sandbox/x
// r12/x names agent_sandbox/x).
func (p *Pass) linkRead(c *syntax.Call, ix relocationIndex) string {
	opts, ops := scan(c.Args, specFor("ln"))
	if !has(opts, "s", "symbolic") {
		for _, i := range ops {
			if src, ok := p.sandboxWord(c, ix, c.Args[i]); ok {
				return src
			}
		}
		return ""
	}
	var dest *syntax.Arg
	srcs := ops
	if ds := find(opts, "t", "target-directory"); len(ds) > 0 {
		dest = &ds[len(ds)-1].val
	} else if len(ops) >= 2 {
		dest, srcs = &c.Args[ops[len(ops)-1]], ops[:len(ops)-1]
	} else if len(ops) == 1 {
		// ln -s TARGET: the link is made in the working directory.
		return p.symlinkTarget(c, ix, c.Args[ops[0]], c.Dir)
	}
	if dest == nil || !dest.Static {
		return ""
	}
	d := c.Dir.Join(dest.Value)
	for _, i := range srcs {
		// The link is DEST (its directory resolves the target) or a name
		// inside DEST when DEST is a directory: either place counts.
		for _, at := range []syntax.Dir{d, {Path: path.Dir(d.Path), Known: d.Known}} {
			if src := p.symlinkTarget(c, ix, c.Args[i], at); src != "" {
				return src
			}
		}
	}
	return ""
}

// symlinkTarget returns the path under the sandbox that a symbolic link
// in directory at with target a leads to, or "".
func (p *Pass) symlinkTarget(c *syntax.Call, ix relocationIndex, a syntax.Arg, at syntax.Dir) string {
	if !a.Static || a.Glob || !at.Known {
		return ""
	}
	q := at.Join(a.Value)
	if !q.Known {
		return ""
	}
	if rl, ok := ix.lookup(c.Script, q.Path, c.Start); ok {
		q.Path = rl.To + q.Path[len(rl.From):]
	}
	if !p.inSandboxPath(q.Path) {
		return ""
	}
	return q.Path
}

// outsideWrite is a file a call writes outside the sandbox: as the
// command names it, as an absolute path once the command's rewrites
// apply, and whether it is a directory the call fills with files only
// run time names (tar x -C DIR, cp agent_sandbox/*.sh DIR/).
type outsideWrite struct {
	name, abs string
	dir       bool
	// pieces reports abs as PREFIX* (split's pieces): recorded as such.
	pieces bool
}

// projectOrHome reports a path in the project or the home directory,
// where what the agent's tools, the user and the project's own programs
// read lies: a copy in /tmp or a device is no copy into the project.
func (p *Pass) projectOrHome(q string) bool {
	c := p.Config
	return (c.Project != "" && guards.Within(c.Project, q)) || (c.Home != "" && guards.Within(c.Home, q))
}

// outsideWrites returns the files call c writes outside the sandbox, in
// the project or the home directory: the files writeTargets lists and
// those its redirections (not stderr) and the loop or block around it
// write.
func (p *Pass) outsideWrites(c *syntax.Call, ix relocationIndex) []outsideWrite {
	var out []outsideWrite
	add := func(a syntax.Arg, dir bool) {
		if !a.Static || a.Value == "" {
			return
		}
		name := a.Value
		if a.Glob || strings.ContainsAny(path.Base(a.Value), "*?[") {
			// A pattern for names run time gives (cp X/*.sh DIR/ writes
			// DIR/*.sh): the directory it is in.
			a.Value, a.Glob, dir = path.Dir(a.Value), false, true
		}
		to, ok := resolveMoved(c, ix, a)
		if !ok || p.inSandboxPath(to) || !p.projectOrHome(to) {
			return
		}
		out = append(out, outsideWrite{name: name, abs: to, dir: dir})
	}
	for _, t := range writeTargets(c) {
		if t.action != guards.Write || t.worktree {
			continue // a work tree: where the rewrite leaves -C (worktreeWrites)
		}
		if t.pattern && (c.Name == "split" || c.Name == "csplit") {
			continue // the pieces' pattern: splitPieces names them
		}
		a := t.arg
		a.Value = t.path()
		add(a, false)
	}
	if out, ok := c.Fd(1).File(); ok && out.Writes() && out.Stmt != c.Stmt {
		add(out.Target, false) // the output of the loop or block around it
	}
	redirs := c.Redirs
	if f := c.RunBy; f != nil && (f.Name == "find" || isFd(f)) && f.Stmt == c.Stmt {
		// find -exec cat {} \; > out: the command find runs writes to
		// find's own output.
		redirs = append(slices.Clip(redirs), f.Redirs...)
	}
	for _, r := range redirs {
		if r.Writes() && r.Fd != "2" { // what the program says about the file, not the file
			if _, _, net := netRedirect(r); !net {
				add(r.Target, false)
			}
		}
	}
	if c.Name == "split" || c.Name == "csplit" {
		out = splitPieces(c, out)
	}
	if c.Name == "cpio" {
		// cpio -p DIR (pass-through) copies the files named on its
		// standard input into DIR.
		opts, ops := scan(c.Args, specFor("cpio"))
		if len(ops) > 0 && (has(opts, "p", "pass-through") || passThrough(c)) {
			add(c.Args[ops[len(ops)-1]], true)
		}
		if _, extracts, dir := cpioExtraction(c); extracts && dir == nil {
			add(workingDir(c), true) // cpio -i: into the working directory
		}
	}
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		// An archive on standard input extracted with no -C unpacks
		// into the working directory (tar c -C agent_sandbox . | tar x).
		if archive, extracts, dir, _ := tarExtraction(c); extracts && dir == nil && (archive == nil || archive.Value == "-") {
			add(workingDir(c), true)
		}
	case "pax":
		// pax -r reads an archive and unpacks it into the working
		// directory (pax -rw copies into the directory it names).
		if opts, _ := scan(c.Args, optSpec{shortVal: "bfopsx"}); has(opts, "r") && !has(opts, "w") {
			add(workingDir(c), true)
		}
	}
	out = append(out, p.diffApplyWrites(c, ix)...)
	return append(out, p.worktreeWrites(c, ix)...)
}

// passThrough reports cpio's -p given in a group of short options (-pd,
// -pdm) that the option table may not split.
func passThrough(c *syntax.Call) bool {
	for _, a := range c.Args {
		if a.Static && strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "p") {
			return true
		}
	}
	return false
}

// moverCommands returns the programs the rules that move content into
// the sandbox judge (curl, wget, scp, …), read from the rule table when
// the check runs (the table is built at start, after this file's
// variables).
func moverCommands() map[string]bool {
	out := map[string]bool{}
	for _, r := range Rules {
		if containsString(movers, r.Name) {
			for _, n := range r.Commands {
				out[n] = true
			}
		}
	}
	return out
}

// namesFromInput reports a program that takes the names of the files it
// copies from its standard input (cpio -p/-o, xargs): a stage before it
// that only prints a name under the sandbox (echo, find) hands it that
// file.
func namesFromInput(c *syntax.Call) bool {
	return c.Name == "cpio" || c.Name == "xargs" || containsString(c.Wrappers, "xargs")
}

// flowOutOf asks about every call that writes a file outside the
// sandbox from content it reads under it and that the cases above did
// not report (reported): see the comment at the top of this file.
func (p *Pass) flowOutOf(ix relocationIndex, reported map[*syntax.Call]bool) {
	named := map[*syntax.Call]string{}
	// unit is the call that stands for a stand-in call of program code:
	// the program that runs the code.
	unit := func(c *syntax.Call) *syntax.Call {
		for n := 0; n < 64 && c.Script != nil && c.Script.Kind == "program" && !c.Script.FromCode && c.Script.Runner != nil; n++ {
			c = c.Script.Runner
		}
		return c
	}
	type flow struct {
		src      string
		writes   []outsideWrite
		at       *syntax.Call
		compound bool
	}
	units := map[*syntax.Call]*flow{}
	var order []*syntax.Call
	fetchers := moverCommands()
	// The pipes that carry sandbox content (or names of sandbox files)
	// from the call that writes them to the calls that read them: a
	// stage's own call, or the calls of a compound stage ({ cat
	// agent_sandbox/x; } | tee p, … | while read -r l; do echo "$l";
	// done > p).
	type pipe struct {
		s   syntax.Stream
		src string
	}
	var carried, names []pipe
	from := func(list []pipe, in syntax.Stream) string {
		for _, t := range list {
			if t.s.Same(in) {
				return t.src
			}
		}
		return ""
	}
	for _, orig := range p.Model.Calls {
		// A call whose directory is one of a few is read in each
		// (callPerDir): c is the one that reads the sandbox, if any.
		c, s := orig, ""
		for _, run := range callPerDir(orig) {
			if s = p.sandboxRead(run, ix, fetchers[run.Name] && lang.ForProgram(run.Name) == "" && !localCloudCopy(run)); s != "" {
				c = run
				break
			}
		}
		in := c.Fd(0)
		// compound reports input the call has from a redirection or a
		// pipe of the loop or block around it: the calls there pass it
		// on through variables (read -r l; echo "$l"), so whatever they
		// write counts.
		compound := false
		valued := false // content held by a variable (copyout_values.go)
		if s == "" {
			if q := p.valueRead(c, ix); q != "" {
				s, valued = q, true
			}
		}
		switch {
		case s != "":
		case in.Kind == syntax.StreamPipe:
			own := in.Pipe != nil && c.Pipe == in.Pipe && c.PipeIndex == in.Stage
			if q := from(carried, in); q != "" && (callReadsContent(c) || !own) {
				s, compound = q, !own
			} else if q := from(names, in); q != "" && namesFromInput(c) {
				s = q
			}
		case in.Kind == syntax.StreamFile:
			if r, _ := in.File(); !r.Writes() && r.Stmt != c.Stmt {
				if q, ok := p.sandboxWord(c, ix, r.Target); ok {
					s, compound = q, true
				}
			}
		}
		for _, a := range c.Args {
			if q, ok := p.sandboxWord(c, ix, a); ok {
				named[orig] = q
				break
			}
		}
		if out := c.Fd(1); out.Kind == syntax.StreamPipe {
			if s != "" && (callReadsContent(c) || compound || valued) {
				carried = append(carried, pipe{out, s})
			}
			if named[orig] != "" {
				names = append(names, pipe{out, named[orig]})
			}
		}
		u := unit(orig)
		f := units[u]
		if f == nil {
			f = &flow{at: u}
			units[u] = f
			order = append(order, u)
		}
		if f.src == "" {
			f.src, f.compound = s, compound
		}
		if callReadsContent(c) || u != orig || compound || valued {
			for _, run := range callPerDir(c) {
				f.writes = append(f.writes, p.outsideWrites(run, ix)...)
			}
		}
		if reported[orig] {
			reported[u] = true
		}
	}
	for _, u := range order {
		f := units[u]
		if f.src == "" || len(f.writes) == 0 || reported[u] {
			continue
		}
		w := f.writes[0]
		who := u.Name
		if f.compound {
			who = "the loop or block around " + u.Name + ", which reads " + f.src + " on its input,"
		}
		p.Report(u, Finding{Rule: "copy-out", Decision: Ask, Kind: "download",
			Message: who + " writes " + w.name + ", outside the sandbox, with content it reads from " + f.src + ", external content in the sandbox; keep the result in the sandbox or copy it out yourself"})
		for _, w := range f.writes {
			// A file, or a directory copied whole (ln -s agent_sandbox
			// r12/sb); a directory filled with names only run time knows
			// is recorded whole.
			if w.pieces {
				p.unreadOut = append(p.unreadOut, w.abs)
				continue
			}
			if !w.dir {
				p.unreadOut = append(p.unreadOut, w.abs)
			}
			p.unreadOut = append(p.unreadOut, strings.TrimSuffix(w.abs, "/")+"/")
		}
	}
}

// splitPieces replaces the first piece split or csplit writes (PREFIXaa,
// PREFIX00: what the write table lists) by all of them: the N pieces of
// split -n N (N at most 26), else PREFIX* for every piece the content
// needs, which the session record matches by prefix (a later ./part_ab
// asks as ./part_aa does).
func splitPieces(c *syntax.Call, out []outsideWrite) []outsideWrite {
	for i, w := range out {
		first, ok := strings.CutSuffix(w.abs, "aa")
		numeric := false
		if !ok {
			first, ok = strings.CutSuffix(w.abs, "00")
			numeric = ok
		}
		if !ok || w.dir {
			continue
		}
		if c.Name == "split" && !numeric {
			opts, _ := scan(c.Args, splitSpec.Get())
			if ns := find(opts, "n", "number"); len(ns) == 1 && !has(opts, "a", "suffix-length", "additional-suffix") {
				if n, err := strconv.Atoi(ns[0].val.Value); err == nil && n >= 1 && n <= 26 {
					pieces := make([]outsideWrite, 0, n)
					for k := 0; k < n; k++ {
						pieces = append(pieces, outsideWrite{name: w.name, abs: first + "a" + string(rune('a'+k))})
					}
					return append(append(out[:i:i], pieces...), out[i+1:]...)
				}
			}
		}
		out[i] = outsideWrite{name: w.name, abs: first + "*", pieces: true}
		return out
	}
	return out
}

// workingDir is the word "." at c, the directory c runs in.
func workingDir(c *syntax.Call) syntax.Arg {
	return syntax.Arg{Value: ".", Raw: ".", Static: true, Start: c.Start, End: c.End}
}

// foundRead returns the sandbox path a word holding find's {} stands
// for when the find that runs c (find -exec, -execdir, -ok) starts
// under the sandbox, else "": each file it finds there is put in the
// word's place.
func (p *Pass) foundRead(c *syntax.Call, ix relocationIndex, a syntax.Arg) string {
	f := c.RunBy
	if f == nil || (f.Name != "find" && !isFd(f)) || !strings.Contains(a.Raw, "{}") || !contentReader(c.Name) {
		return ""
	}
	for _, r := range findRoots(f) {
		if src, ok := p.sandboxWord(f, ix, r); ok {
			return src
		}
	}
	return ""
}

// localCloudCopy reports a cloud copier (rclone copy, aws s3 cp, gsutil
// cp, …) whose every operand is a local path: it fetches nothing, it
// copies files (rclone copy agent_sandbox/repo dir).
func localCloudCopy(c *syntax.Call) bool {
	switch c.Name {
	case "aws", "gsutil", "gcloud", "rclone", "azcopy", "s3cmd":
	default:
		return false
	}
	ops, ok := cloudCopyOperands(c)
	if !ok || len(ops) < 2 {
		return false
	}
	for _, o := range ops {
		if _, remote := cloudRemote(c.Name, o.Value); remote || !o.Static {
			return false
		}
	}
	return true
}
