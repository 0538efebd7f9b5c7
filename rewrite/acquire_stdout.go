package rewrite

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
	sh "mvdan.cc/sh/v3/syntax"
)

// followStdout moves into the sandbox the files that a download written to
// stdout ends up in: a redirection of the downloader, tee's files, tar's
// extraction, and the redirection of a filter further down the pipeline
// (curl URL | jq . > f: the seed let this pass for lack of a parser; the
// result is still external content). A shell at the end of the pipe is
// remote code execution, the pipe-shell rule's.
func (p *Pass) followStdout(c *syntax.Call, rule, kind string) {
	p.moveRedirects(c, rule, kind)
	p.followPipe(c, rule, kind)
	p.followRunnerStdout(c, rule, kind)
}

// followRunnerStdout follows a download that a command in interpreter
// code writes to the stdout it inherits (python3 -c
// 'subprocess.run(["curl", "-s", URL])' > f, os.system("curl -s URL"),
// Perl's and Ruby's system): the child writes to the interpreter's own
// stdout, so the bytes go where the interpreter's stdout goes, which is
// followed as the interpreter's (its > f moves into the sandbox). A
// shell's script gets its descriptors from the shell model already.
func (p *Pass) followRunnerStdout(c *syntax.Call, rule, kind string) {
	if out := c.Stdout(); out.Kind != syntax.StreamInherited || out.Fd != 1 || c.Script == nil {
		return
	}
	r := c.Script.Runner
	if r == nil || r == c || syntax.IsShell(r.Name) || c.Script.Origin == "" {
		return
	}
	if o := c.Script.Origin; strings.HasSuffix(o, ": :read !") || strings.HasSuffix(o, " (netrw)") {
		p.followEditorBuffer(c, r, rule, kind)
		return
	}
	p.followStdout(r, rule, kind)
}

// followEditorBuffer follows a download read into an editor's buffer
// (Vim's :r !curl URL, and :r URL / :e URL, which netrw fetches; the
// ex reader gives both as a command whose output the buffer takes): a
// :w FILE, :saveas FILE, :wq or :x of the same editor writes the buffer,
// so the download lands in FILE. corral cannot move a file named inside
// the editor's commands: ask. Writes into the sandbox or /dev/null pass.
func (p *Pass) followEditorBuffer(c, editor *syntax.Call, rule, kind string) {
	for _, d := range p.Model.Calls {
		if d.Script == nil || d.Script.Runner != editor || d.Script.FromCode || !strings.Contains(d.Script.Origin, " writes ") {
			continue
		}
		for _, r := range d.Redirs {
			if !r.Writes() || r.Target.Value == "/dev/null" || p.InSandbox(r.Dir, r.Target) {
				continue
			}
			p.Report(editor, Finding{Rule: rule, Decision: Ask, Kind: kind,
				Message: editor.Name + " reads the download into its buffer (" + clipText(c.Text(), 60) + ") and writes the buffer to " + r.Target.Value + "; corral cannot move that into the sandbox inside the editor's commands"})
			return
		}
	}
}

// followPipe follows the download c writes to its stdout through the
// pipeline stages after c, to the files they write it to.
func (p *Pass) followPipe(c *syntax.Call, rule, kind string) {
	p.followStream(c, c.Stdout(), rule, kind)
}

// pipeKey names the pipe a stage of a pipeline reads.
type pipeKey struct {
	pipe  *syntax.Pipeline
	stage int
}

// followStream follows a download that c writes into the stream out to
// the files it ends up in. When out is a pipe between pipeline stages,
// every command that reads it gets the bytes: the next stage's call, or
// each command of a compound stage ({ cat > f; }, ( tee f ), while read
// l; do …; done) that inherits the pipe as its stdin, as bash gives it to
// them. What each of them writes to its own stdout is followed on, into
// the stages after the compound one.
func (p *Pass) followStream(c *syntax.Call, out syntax.Stream, rule, kind string) {
	p.followSubst(c, c, out, rule, kind)
	overflow := p.walkPipes([]syntax.Stream{out}, func(st syntax.Stream, readers []*syntax.Call) (next []syntax.Stream, stop bool) {
		for _, d := range readers {
			if runsStdin(d) {
				continue // the pipe-shell rule's
			}
			if d.ReadIn != nil {
				// read -r x < <(curl …), curl … | mapfile -t L under
				// lastpipe: the variables hold the download.
				p.followReadVars(d, rule, kind)
				continue
			}
			if p.followReader(d, rule, kind) {
				next = append(next, d.Stdout())
				p.followSubst(d, c, d.Stdout(), rule, kind)
			}
		}
		// cat <(curl …) > f: the call holding <(…) reads the download
		// as a file.
		if h := fileReader(st, readers); h != nil && p.followFileReader(h, st, rule, kind) {
			next = append(next, h.Stdout())
		}
		return next, false
	})
	if overflow {
		// Not followed further: what the rest of the pipeline writes is
		// unknown, so ask rather than let it pass.
		p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: fmt.Sprintf("the download flows through more than %d pipeline stages; corral did not follow it to where it is written", maxPipeFollow)})
	}
}

// walkPipes visits, once each, the pipes reachable from start (a
// pipeline's, a process substitution's): visit gets each pipe with the
// calls that read it on a descriptor, and returns the streams the bytes
// go on to and whether to stop. It reports whether the walk stopped at
// maxPipeFollow pipes, so that a pipeline of many downloads stays linear.
func (p *Pass) walkPipes(start []syntax.Stream, visit func(st syntax.Stream, readers []*syntax.Call) ([]syntax.Stream, bool)) (overflow bool) {
	seen := map[pipeKey]bool{}
	work := append([]syntax.Stream(nil), start...)
	for len(work) > 0 {
		st := work[len(work)-1]
		work = work[:len(work)-1]
		if st.Kind != syntax.StreamPipe || st.Pipe == nil {
			continue
		}
		k := pipeKey{st.Pipe, st.Stage}
		if seen[k] {
			continue
		}
		seen[k] = true
		if len(seen) > maxPipeFollow {
			return true
		}
		next, stop := visit(st, p.pipeReaders(k))
		if stop {
			return false
		}
		work = append(work, next...)
	}
	return false
}

// fileReader returns the call that holds the <(…) whose pipe st is and
// reads it as a file (cat <(curl …)), or nil: none, or it reads the pipe
// on a descriptor (< <(…)) and is among readers.
func fileReader(st syntax.Stream, readers []*syntax.Call) *syntax.Call {
	if h := st.Pipe.Host; st.Pipe.Subst == "<(" && h != nil && !slices.Contains(readers, h) {
		return h
	}
	return nil
}

// followFileReader handles a call that reads a download through the path
// of a process substitution (cat <(curl …), tar xzf <(curl …)): cat and
// the decompressors that print pass the bytes on to their stdout, which
// is followed; tar extracting the download extracts into the sandbox;
// a program that copies the file elsewhere, or applies it as a patch to
// the work tree (git apply, git am, patch -i), asks. Anything else prints
// or writes content derived from the download, followed as a filter's
// (pr -t <(curl …) > f, sort -o f <(curl …)); a program that runs it is
// the pipe-shell rule's. It reports whether the bytes go on to the
// call's stdout.
func (p *Pass) followFileReader(h *syntax.Call, pipe syntax.Stream, rule, kind string) bool {
	switch h.Name {
	case "cat", "tac", "zcat", "gzcat", "bzcat", "xzcat", "zstdcat":
		p.moveRedirects(h, rule, kind)
		return true
	case "tar", "bsdtar", "gtar":
		p.extractTar(h, rule, kind)
	case "tmux":
		p.followTmux(h, rule, kind, p.tmuxFileFill(pipe))
	case "git", "patch", "jar", "uudecode", "pax":
		// git apply <(curl -s URL), git am <(…), patch -p1 -i <(…): the
		// downloaded patch is applied to the work tree, as from stdin;
		// jar xf <(…) and pax -r -f <(…) unpack the download into the
		// working directory; uudecode <(…) writes the file the
		// download's begin line names.
		_, passes := p.followWriterFrom(h, rule, kind, func(a syntax.Arg) bool {
			st, ok := p.Model.ArgStream(a)
			return ok && st.Pipe == pipe.Pipe
		})
		if passes {
			// uudecode -o - <(…), patch -o -: the bytes go on to
			// its stdout, followed as a filter's.
			p.moveRedirects(h, rule, kind)
			return true
		}
	case "cp", "install", "mv", "dd", "unzip", "rsync", "ditto", "ln", "7z", "bsdcpio", "cpio", "sponge", "split", "tee":
		p.Report(h, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: h.Name + " copies the download from a process substitution (<(…)) to where corral cannot move it into the sandbox"})
	default:
		// Any other program prints what it derives from the download
		// (pr -t <(curl …) > f, join <(curl …) x > f), or writes it to
		// the file its option or operand names (sort -o f <(curl …),
		// iconv -o f): followed as a filter reading it on stdin is
		// (red team 19 DL1; syntax/filtersubst.go is the same root).
		if handled, passes := p.followStdinWriter(h, rule, kind); handled {
			if passes {
				p.moveRedirects(h, rule, kind)
			}
			return passes
		}
		if syntax.RunnerOf(h.Name) != syntax.NotRunner {
			// bash <(curl …), python3 <(curl …): the download is the
			// program, pipe-shell's; with code of its own (python3 -c
			// '…' <(curl …), perl -pe '' <(…)) it is the code's data.
			if code, _, module, ok := programWords(h); !ok || code < 0 && !module {
				return false
			}
		}
		p.moveRedirects(h, rule, kind)
		return true
	}
	return false
}

// pipeReaders returns the calls whose stdin is the pipe k: the stage's own
// call, or the commands of a compound stage that inherit the pipe,
// substitutions in them included. The index is built once per pass.
func (p *Pass) pipeReaders(k pipeKey) []*syntax.Call {
	if p.readers == nil {
		p.readers = map[pipeKey][]*syntax.Call{}
		for _, d := range p.Model.Calls {
			in := d.Fd(0)
			if d.ReadIn != nil {
				in = *d.ReadIn // read -u 3, mapfile -u "$fd": the stream it reads
			}
			if in.Kind == syntax.StreamPipe && in.Pipe != nil {
				rk := pipeKey{in.Pipe, in.Stage}
				p.readers[rk] = append(p.readers[rk], d)
			}
		}
	}
	return p.readers[k]
}

// maxPipeFollow bounds how far down a pipeline a download is followed for
// the files it is written to, so that a pipeline of many downloads stays
// linear; a download with more stages after it asks.
const maxPipeFollow = 64

// moveRedirects moves the stdout redirections of c into the sandbox: its
// own (> f, >> f, &> f, >| f), and the file its standard output really
// reaches when that is opened elsewhere: a compound command's redirection
// ({ curl u; } > f, for … done > f), an earlier exec > f, a duplicated
// descriptor (3>f 1>&3), >&f and 1<>f.
func (p *Pass) moveRedirects(c *syntax.Call, rule, kind string) {
	if c.Stdout().Kind == syntax.StreamUnknown {
		p.unknownStdout(c, rule, kind)
		return
	}
	var rs []syntax.Redirect
	for _, r := range c.Redirs {
		if !r.Writes() || r.Op == ">&" || r.Op == "<>" || (r.Fd != "" && r.Fd != "1") {
			continue
		}
		rs = append(rs, fileBehind(r))
	}
	if out, ok := c.Stdout().File(); ok && out.Writes() {
		rs = append(rs, out)
	}
	var seen []*sh.Redirect
	for _, r := range rs {
		if r.Node == nil || !slices.Contains(seen, r.Node) {
			seen = append(seen, r.Node)
			p.moveRedirect(c, r, rule, kind)
		}
	}
}

// fileBehind returns the redirection that opened the file a redirection
// to a descriptor's path reopens (exec 3>f; curl URL > /dev/fd/3: the
// bytes land in f, and 3>f is what moves; moving > /dev/fd/3 too would
// leave the download in a sandbox file named 3 and f empty), or r.
func fileBehind(r syntax.Redirect) syntax.Redirect {
	for range 8 {
		st, ok := r.Route(r.Target.Value)
		if !ok {
			return r
		}
		f, file := st.File()
		if !file || !f.Writes() || f.Node == r.Node {
			return r
		}
		r = f
	}
	return r
}

// moveRedirect moves the file a redirection opens for a download into the
// sandbox. A target that names a descriptor (> /dev/stdout, cd /dev; >
// stdout, cd /dev/fd; > 1) is where that descriptor points, followed by
// the callers; a device keeps nothing.
func (p *Pass) moveRedirect(c *syntax.Call, r syntax.Redirect, rule, kind string) {
	t := r.Target
	if t.Static && (streamDevice(r.Dir, t.Value) || routes(r.Route, t.Value)) || p.InSandbox(r.Dir, t) {
		return
	}
	dest, text := p.sandboxed(t, "download")
	p.acquire(c, rule, kind, "the download is written to "+t.Value+", outside the sandbox", dest,
		[]syntax.Edit{{Script: r.Script, Start: t.Start, End: t.End, New: text}}, relocate(c, r.Dir, t.Value, dest))
}

// followRoute follows a download saved to a path that names one of the
// downloader's descriptors (curl -o /dev/fd/3, -o /dev/stdout): the bytes
// go where that descriptor points, a file opened by a redirection or the
// pipe to the next stage. It reports whether path named a descriptor.
func (p *Pass) followRoute(c *syntax.Call, path, rule, kind string) bool {
	st, ok := c.Route(path)
	if !ok {
		return false
	}
	switch st.Kind {
	case syntax.StreamFile:
		if r, _ := st.File(); r.Writes() {
			p.moveRedirect(c, r, rule, kind)
		} else if f, ok := reopenedFile(st); ok {
			// exec 3<f; curl -o /dev/fd/3 URL: Linux opens f again, for
			// writing, and the download replaces it: a protected f is
			// refused. Moving the redirection would change what the
			// command reads.
			if p.protectedDest(c, rule, kind, relocate(c, f.Dir, f.Target.Value, "")) {
				break
			}
			if !p.InSandbox(f.Dir, f.Target) {
				p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: kind,
					Message: "the download is written to " + f.Target.Raw + " through " + path + ", which opens again the file " + f.Op + " " + f.Target.Raw + " opened for reading, outside the sandbox; corral cannot move it there without changing what the command reads"})
			}
		}
	case syntax.StreamPipe:
		// The pipe the descriptor names, not the stdout: curl -o
		// /dev/stderr URL 2>&1 >/dev/null | cat > f sends the download
		// down the pipe while stdout goes to /dev/null.
		p.followStream(c, st, rule, kind)
	case syntax.StreamUnknown:
		// curl -o /dev/stderr URL 2>&$N: a descriptor only run time
		// resolves.
		p.unknownStdout(c, rule, kind)
	}
	return true
}

// followFdOperand follows a download that s writes to a path naming one
// of its descriptors (tee /dev/fd/3, dd of=/dev/fd/3) when that
// descriptor is a file: opened elsewhere (exec 3>f, a block's 3>f), by
// another of s's descriptors (tee /dev/fd/3 3>f) or for reading (exec
// 3<f). The file of s's stdout is moved with the others
// (moveRedirects).
func (p *Pass) followFdOperand(s *syntax.Call, path, rule, kind string) {
	st, ok := s.Route(path)
	if !ok {
		return
	}
	r, file := st.File()
	if !file || st.Same(s.Stdout()) {
		return
	}
	if r.Stmt == s.Stmt && r.Writes() && r.Op != ">&" && r.Op != "<>" && (r.Fd == "" || r.Fd == "1") {
		return // one moveRedirects moves
	}
	p.followRoute(s, path, rule, kind)
}

// extractTar makes a tar that extracts a download extract into the sandbox.
func (p *Pass) extractTar(s *syntax.Call, rule, kind string) {
	if len(s.Args) == 0 {
		return
	}
	opts, extract := tarOptions(s)
	if !extract {
		return
	}
	if has(opts, "P", "absolute-names") || bsdtarAbsolutePaths(s) {
		// Members named /etc/x or ../x are written there, wherever -C
		// points.
		p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: "tar -P extracts the download's members at their absolute paths, outside any directory corral could set"})
		return
	}
	if top, escapes := tarTopLevelEscapes(s); escapes {
		p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: "tar --one-top-level=" + top + " extracts the download's members under " + top + ", outside any directory corral could set"})
		return
	}
	if dirs := find(opts, "C", "directory"); len(dirs) > 0 {
		d := dirs[len(dirs)-1]
		if p.InSandbox(s.Dir, d.val) {
			return
		}
		p.acquire(s, rule, kind, "tar extracts the download into "+d.val.Value+", outside the sandbox", p.Config.Sandbox,
			[]syntax.Edit{setValue(s, d, syntax.Quote(p.Config.Sandbox))}, nil)
		return
	}
	if p.DirInSandbox(s.Dir) {
		return
	}
	last := s.Args[len(s.Args)-1]
	p.acquire(s, rule, kind, "tar extracts the download into the working directory", p.Config.Sandbox,
		[]syntax.Edit{Insert(s, last.End, " -C "+syntax.Quote(p.Config.Sandbox))}, nil)
}

// tarTopLevelEscapes reports a GNU tar --one-top-level=DIR (any prefix
// of the option down to --one-t, as tar takes it) that puts the members
// outside the directory -C names: DIR is taken relative to that
// directory, so an absolute DIR, or one that climbs out with "..", is
// where they land whatever -C says (checked with GNU tar 1.34:
// tar -x --one-top-level=/abs -C box writes /abs/MEMBER). A value only
// known at run time escapes too.
func tarTopLevelEscapes(c *syntax.Call) (string, bool) {
	for _, a := range syntax.TarArgs(c.Args) {
		name, val, eq := strings.Cut(a.Value, "=")
		if !eq || len(name) < len("--one-t") || !strings.HasPrefix("--one-top-level", name) {
			continue
		}
		if !a.Static {
			return a.Raw, true
		}
		if clean := path.Clean(val); path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
			return val, true
		}
	}
	return "", false
}

// bsdtarAbsolutePaths reports bsdtar's --absolute-paths (any prefix of
// it from --ab, as bsdtar takes long options): -P by its long name, under
// which bsdtar keeps absolute paths, .. and links to other directories.
// tar is bsdtar on macOS and the BSDs; GNU tar refuses the option.
func bsdtarAbsolutePaths(c *syntax.Call) bool {
	for _, a := range c.Args {
		if a.Value == "--" {
			break
		}
		if len(a.Value) >= len("--ab") && strings.HasPrefix("--absolute-paths", a.Value) {
			return true
		}
	}
	return false
}

// isInterpreter reports whether name is a language interpreter of the
// one runner table (syntax.RunnerOf): it runs a program read from stdin
// when given no script.
func isInterpreter(name string) bool { return syntax.RunnerOf(name) == syntax.InterpreterRunner }

// runsStdin reports whether c executes what it reads on stdin: a shell
// with no script (sh, bash -s) or an interpreter with no script file,
// code option or module (syntax.ProgramFromStdin reads its options).
func runsStdin(c *syntax.Call) bool {
	if syntax.SQLiteReadsStdin(c) {
		return true // its dot commands run shell commands (.shell, .system)
	}
	if syntax.EscapeReadsStdin(c) {
		return true // ed's and dc's !, the SQL clients' \! and system
	}
	if syntax.ReadsCodeOnStdin(c) {
		return true // at, crontab -, sudo su, make -f -, awk -f -
	}
	if syntax.IsShell(c.Name) {
		_, stdin := syntax.ShellScript(c)
		return stdin
	}
	if !isInterpreter(c.Name) {
		return false
	}
	if stdin, known := syntax.ProgramFromStdin(c); known {
		return stdin
	}
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "-":
			return true
		case v == "-c" || v == "-e" || v == "-E" || v == "-m" || v == "-r" || v == "--eval" || v == "-p" || v == "--print":
			return false
		case strings.HasPrefix(v, "-"):
			if c.Name == "perl" && strings.ContainsAny(v, "eE") && !strings.HasPrefix(v, "--") {
				return false
			}
		default:
			return false // a script file
		}
	}
	return true
}

// tarOptions reads a tar call's options with tar's whole spec, the old
// style too (tar xzf a.tgz, tar xfC a.tar dir: the first word's letters
// are options, and each that takes a value takes the next word in turn),
// and reports whether the call extracts (-x, --extract, --get, or an
// unambiguous abbreviation of them).
func tarOptions(c *syntax.Call) (opts []option, extract bool) {
	opts, _ = scan(syntax.TarArgs(c.Args), specFor("tar"))
	return opts, given(opts, "x", "extract", "get")
}

// unknownStdout judges a download written to a standard output only run
// time resolves: >&$N, 1>&"$(…)" with a number corral does not know (any
// descriptor open then: a file an earlier exec opened, the agent's
// terminal; a word that is no number names a file bash opens, as >&f
// does), or an earlier exec > f on one path only. corral cannot move
// that into the sandbox: ask, naming the redirection.
func (p *Pass) unknownStdout(c *syntax.Call, rule, kind string) {
	how := "a descriptor or file only known at run time"
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := c.Redirs[i]
		if (r.Op == ">&" || r.Op == "&>" || r.Op == ">&>") && (r.Fd == "" || r.Fd == "1") && !r.Target.Static {
			how = r.Op + r.Target.Raw + ", a descriptor (any open file) or a file named only at run time"
			break
		}
	}
	p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: kind,
		Message: c.Name + " writes the download to " + how + "; corral cannot move it into the sandbox"})
}

// streamDevice reports a path, read from dir as the kernel resolves it
// (cd /dev; curl URL > null), that is a device keeping nothing a download
// writes: /dev/null, /dev/zero, /dev/full, a terminal (/dev/tty,
// /dev/ttyN, /dev/pts/N, /dev/console). The standard streams and
// /dev/fd/N are descriptors, which routes follows.
func streamDevice(dir syntax.Dir, v string) bool {
	d := dir.Join(v)
	if !d.Known {
		return false
	}
	switch abs := d.Path; {
	case abs == "/dev/null" || abs == "/dev/zero" || abs == "/dev/full" || abs == "/dev/tty" || abs == "/dev/console":
		return true
	case strings.HasPrefix(abs, "/dev/pts/"):
		return true
	default:
		n, ok := strings.CutPrefix(abs, "/dev/tty")
		return ok && n != "" && strings.Trim(n, "0123456789") == ""
	}
}

// routes reports a path that names one of the writer's descriptors as
// route (Call.Route, Redirect.Route) reads it from the working directory:
// /dev/stdout, /dev/fd/3, /proc/self/fd/1, and after cd /dev, stdout.
func routes(route func(string) (syntax.Stream, bool), v string) bool {
	_, ok := route(v)
	return ok
}

// deviceOutput reports an output file option's value (curl -o, wget -O)
// that is no file a download is kept in, a relative one read from base
// (the call's directory, or curl's --output-dir): a descriptor of the
// call (cd /dev; curl -o stdout URL), followed by followRoute, or a path
// under /dev (a device; /dev/shm and /dev/mqueue hold files).
func deviceOutput(c *syntax.Call, base syntax.Dir, v syntax.Arg) bool {
	if !v.Static || v.Value == "" {
		return false
	}
	if (strings.HasPrefix(v.Value, "/") || base == c.Dir) && routes(c.Route, v.Value) {
		return true
	}
	d := base.Join(v.Value)
	abs := v.Value
	if d.Known {
		abs = d.Path
	}
	rest, ok := strings.CutPrefix(abs, "/dev/")
	if !ok {
		return false
	}
	top, _, _ := strings.Cut(rest, "/")
	return top != "shm" && top != "mqueue"
}
