package rewrite

import (
	"os"
	"regexp"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// A list can pass from one program to another through a file the same
// command writes: find ~/.ssh -name id_rsa > l; xargs rm < l deletes what
// find ~/.ssh -name id_rsa | xargs rm does. The readers of such a file —
// a redirected standard input (xargs rm < l, while read f; do …; done <
// l), xargs -a l, cat l | xargs rm, $(cat l) and $(< l) — get what the
// program that wrote it prints, as if it were piped to them: the last
// call before the reader, in the command's order, whose standard output
// goes to that file (> l, >| l, &> l, or >> l, which adds to it), or the
// stage before a tee that names it. A file nothing in the command writes
// is read from disk when the hook runs (syntax/launchers.go).

// fileWrite is a call that writes a file from its standard output: the
// stage of a pipeline (pipe, its index) or the one call (single), at
// index at of Model.Calls.
type fileWrite struct {
	at     int
	pipe   *syntax.Pipeline
	stage  int
	single *syntax.Call
	// from, for a copy (cp l m, mv l m, sort -o m l), is the file
	// whose lines the write takes, as it stood before call by.
	from *syntax.Dir
	by   *syntax.Call
	// code reports a file a program's own code writes (awk's print $1 >
	// "l", python3's open("l", "w")): what it holds is made by that
	// code, from the lines the program reads at most; narrow reports a
	// file that holds some of the lines (split's pieces).
	code, narrow bool
}

// maxFileHops bounds the copies followed from a reader back to the
// program that printed the list.
const maxFileHops = 8

// fileWriterIndex holds, per file, the calls that write it, in the
// order of Model.Calls, and the index of every call there.
type fileWriterIndex struct {
	byPath map[string][]fileWrite
	index  map[*syntax.Call]int
	// prefixes are the writes of files named PREFIX and a suffix
	// (split), in the order of Model.Calls.
	prefixes []prefixWrite
}

// prefixWrite is a write of the files whose names are prefix and a
// suffix split adds.
type prefixWrite struct {
	prefix string
	w      fileWrite
}

// writers builds the index once per pass, so that each reader costs a
// lookup, not a walk over every call of the command.
func (p *Pass) writers() *fileWriterIndex {
	if p.fileWriters != nil {
		return p.fileWriters
	}
	ix := &fileWriterIndex{byPath: map[string][]fileWrite{}, index: make(map[*syntax.Call]int, len(p.Model.Calls))}
	for i, g := range p.Model.Calls {
		ix.index[g] = i
		if g.Name == ":" && g.Script != nil && g.Script.Kind == "program" {
			// The shell model's stand-in for a file a program's own
			// code writes (awk's print $1 > "l" as : > l): what goes
			// there is made by the program that runs the code, from
			// the lines it reads (stdinInto reads the programs that
			// copy them unchanged).
			if r, ok := g.Stdout().File(); ok && writesOut(r.Op) && r.Target.Static && g.Script.Runner != nil {
				if d := r.Dir.Join(r.Target.Value); d.Known {
					run := g.Script.Runner
					w := fileWrite{at: i, single: run, code: true}
					if run.Pipe != nil && run.Pipe.Subst == "" {
						w = fileWrite{at: i, pipe: run.Pipe, stage: run.PipeIndex, code: true}
					}
					ix.byPath[d.Path] = append(ix.byPath[d.Path], w)
				}
			}
			continue
		}
		if r, ok := g.Stdout().File(); ok && writesOut(r.Op) && r.Target.Static && r.Proc == nil {
			if d := r.Dir.Join(r.Target.Value); d.Known {
				if g.Pipe != nil {
					ix.byPath[d.Path] = append(ix.byPath[d.Path], fileWrite{at: i, pipe: g.Pipe, stage: g.PipeIndex})
				} else if g.Expr != nil {
					ix.byPath[d.Path] = append(ix.byPath[d.Path], fileWrite{at: i, single: g})
				}
			}
		}
		if src, dst, ok := fileCopy(g); ok {
			// cp l m, mv l m, sort -o m l: m holds l's lines.
			ix.byPath[dst.Path] = append(ix.byPath[dst.Path], fileWrite{at: i, from: &src, by: g})
		}
		if g.Name == "find" && len(g.Wrappers) == 0 {
			// find ~/.ssh -fprint l: find writes its list there.
			for j, a := range g.Args {
				if (a.Value == "-fprint" || a.Value == "-fprint0" || a.Value == "-fls") && j+1 < len(g.Args) && g.Args[j+1].Static {
					if d := g.Dir.Join(g.Args[j+1].Value); d.Known {
						ix.byPath[d.Path] = append(ix.byPath[d.Path], fileWrite{at: i, single: g})
					}
				}
			}
		}
		if prefix, ok := splitPrefix(g); ok {
			// find ~/.ssh | split -l 1 - part; xargs rm < partaa: each
			// piece holds some of the lines.
			if d := g.Dir.Join(prefix); d.Known {
				w, ok := p.stdinWrite(g)
				if splitReadsFile(g) {
					src := splitInput(g)
					w, ok = fileWrite{from: &src, by: g}, true
				}
				if ok {
					w.at, w.narrow = i, true
					ix.prefixes = append(ix.prefixes, prefixWrite{prefix: d.Path, w: w})
				}
			}
		}
		if into := stdinInto(g); len(into) > 0 {
			// find ~/.ssh | tee l >/dev/null; xargs rm < l, | dd of=l,
			// | sponge l, | { tee l; }: what it reads writes the file.
			if w, ok := p.stdinWrite(g); ok {
				w.at = i
				for _, a := range into {
					if d := g.Dir.Join(a.Value); d.Known {
						ix.byPath[d.Path] = append(ix.byPath[d.Path], w)
					}
				}
			}
		}
	}
	p.fileWriters = ix
	return ix
}

// stdinWrite returns, as a file write with no index yet, what call g
// reads on its standard input: a file (a copy of it), the stage before
// it, or the one call that writes the pipe it reads (stdinWriters); ok
// is false for any other input.
func (p *Pass) stdinWrite(g *syntax.Call) (fileWrite, bool) {
	if f, ok := stdinFile(g); ok {
		return fileWrite{from: &f, by: g}, true
	}
	pl, k, prev, writers, ok := p.stdinWriters(g)
	switch {
	case !ok:
		return fileWrite{}, false
	case prev:
		return fileWrite{pipe: pl, stage: k}, true
	case len(writers) == 1:
		inner, at := ownPipeline(pl, writers[0])
		return fileWrite{pipe: inner, stage: at}, true
	}
	return fileWrite{}, false
}

// fileProducer returns what prints into the file at path before call c
// reads it: the stage of a pipeline (pipe, its index) or the one call
// (single); all nil when no earlier call of the command writes it from
// its standard output.
func (p *Pass) fileProducer(c *syntax.Call, path syntax.Dir) (pipe *syntax.Pipeline, stage int, single *syntax.Call) {
	return p.fileProducerHops(c, path, 0)
}

func (p *Pass) fileProducerHops(c *syntax.Call, path syntax.Dir, hops int) (pipe *syntax.Pipeline, stage int, single *syntax.Call) {
	if w := p.fileWriterHops(c, path, hops, &fileWrite{}); w != nil {
		return w.pipe, w.stage, w.single
	}
	return nil, 0, nil
}

// fileWriterHops returns the write that put the lines into the file at
// path before call c reads it, followed through copies; marks gathers
// the code and narrow marks of the writes on the way. Nil when no
// earlier call of the command writes it.
func (p *Pass) fileWriterHops(c *syntax.Call, path syntax.Dir, hops int, marks *fileWrite) *fileWrite {
	if !path.Known || hops > maxFileHops {
		return nil
	}
	ix := p.writers()
	end, ok := ix.index[c]
	if !ok {
		return nil
	}
	var last *fileWrite
	for i, w := range ix.byPath[path.Path] {
		if w.at >= end {
			break
		}
		last = &ix.byPath[path.Path][i]
	}
	for i, pw := range ix.prefixes {
		if pw.w.at < end && (last == nil || pw.w.at > last.at) && splitPiece(pw.prefix, path.Path) {
			last = &ix.prefixes[i].w
		}
	}
	if last == nil {
		return nil
	}
	marks.code = marks.code || last.code
	marks.narrow = marks.narrow || last.narrow
	if last.from != nil {
		return p.fileWriterHops(last.by, *last.from, hops+1, marks)
	}
	return last
}

// fileCopy reports a call that fills file dst with the lines of file
// src: cp SRC DST and mv SRC DST of one regular file (no -r, no -t, a
// destination that is no directory on disk), sort -o DST SRC (sorted,
// the same lines) and sort SRC -o DST.
func fileCopy(g *syntax.Call) (src, dst syntax.Dir, ok bool) {
	if len(g.Wrappers) > 0 || !g.Dir.Known {
		return src, dst, false
	}
	opts, operands := scan(g.Args, specFor(g.Name))
	switch g.Name {
	case "cp", "mv":
		if len(operands) != 2 || has(opts, "r", "R", "recursive", "a", "archive", "t", "target-directory") {
			return src, dst, false
		}
		s, d := g.Args[operands[0]], g.Args[operands[1]]
		if !s.Static || !d.Static || strings.HasSuffix(d.Value, "/") {
			return src, dst, false
		}
		src, dst = g.Dir.Join(s.Value), g.Dir.Join(d.Value)
		if fi, err := os.Stat(dst.Path); err == nil && fi.IsDir() {
			return src, dst, false // cp l dir/: dir/l
		}
		return src, dst, src.Known && dst.Known
	case "sort":
		outs := find(opts, "o", "output")
		if len(outs) != 1 || len(operands) != 1 || !outs[0].val.Static || !g.Args[operands[0]].Static {
			return src, dst, false
		}
		src, dst = g.Dir.Join(g.Args[operands[0]].Value), g.Dir.Join(outs[0].val.Value)
		return src, dst, src.Known && dst.Known
	}
	return src, dst, false
}

// writesOut reports whether a redirection operator sends output into a
// file.
func writesOut(op string) bool {
	switch op {
	case ">", ">|", ">>", "&>", "&>>", ">&":
		return true
	}
	return false
}

// fileStageInputs returns what the program that wrote file path before c
// prints, as pipeInputs reads a pipe; nil when nothing in the command
// wrote it.
func (p *Pass) fileStageInputs(c *syntax.Call, path syntax.Dir, base deletion) []deletion {
	var marks fileWrite
	w := p.fileWriterHops(c, path, 0, &marks)
	if w == nil {
		return nil
	}
	pipe, stage := producerStage(w.pipe, w.stage, w.single)
	out := stageInputs(p, pipe, stage, base)
	for i := range out {
		d := &out[i]
		if marks.code || marks.narrow {
			// Some of the lines (a piece), or what code made of them.
			if !d.filtered {
				d.filtered, d.selects = true, "*"
			}
			d.narrowed, d.lines = true, nil
		}
		if marks.code {
			d.opaque = true
		}
	}
	return out
}

// fileSources lists the paths the program that wrote file path before c
// prints, as stageSources lists a pipe's; ok is false when nothing in
// the command wrote it.
func (p *Pass) fileSources(c *syntax.Call, path syntax.Dir) ([]readSource, bool) {
	pipe, stage, single := p.fileProducer(c, path)
	pipe, stage = producerStage(pipe, stage, single)
	if pipe == nil {
		return nil, false
	}
	return p.stageSources(pipe, stage, nil)
}

// stdinFile returns the file a call's standard input is redirected from
// (xargs cat < l), or false.
func stdinFile(c *syntax.Call) (syntax.Dir, bool) {
	if r, ok := c.Fd(0).File(); ok && r.Op == "<" && r.Target.Static && r.Proc == nil {
		return r.Dir.Join(r.Target.Value), true
	}
	return syntax.Dir{}, false
}

// maxNamesFileLines bounds the names of a list file judged one by one.
const maxNamesFileLines = 4000

// namesFile judges the names in file a that c archives or copies (tar
// -T FILE, rsync --files-from=FILE, cpio and zip -@ reading it on their
// standard input): each line a path, as the program reads it. A file
// this command writes gives what its writer prints (find ~/.ssh > l; tar
// czf x.tgz -T l); another is read when the hook runs. A relative name
// read from disk is under base when it is known (tar -C DIR, rsync's
// source directory); rooted says the program drops a name's leading
// slashes first (rsync: every name is relative to the source). It
// reports whether a secret was found.
func (p *Pass) namesFile(c *syntax.Call, a syntax.Arg, base syntax.Dir, rooted bool) bool {
	if !a.Static || a.Value == "-" || p.Config.Paths == nil {
		return false
	}
	path := c.Dir.Join(a.Value)
	if !path.Known {
		return false
	}
	from := "the names in " + a.Value
	if srcs, ok := p.fileSources(c, path); ok {
		return p.secretSources(c, srcs, from, false)
	}
	lines, ok := p.namesOnDisk(path)
	if !ok {
		return false
	}
	var srcs []readSource
	for _, line := range lines {
		name, raw := line, line+" (from "+a.Value+")"
		if base.Known {
			if rooted {
				name = strings.TrimLeft(name, "/")
			}
			if !strings.HasPrefix(name, "/") {
				name = base.Join(name).Path
				raw = line + " (from " + a.Value + ", under " + base.Path + ")"
			}
		}
		srcs = append(srcs, readSource{arg: syntax.Arg{Value: name, Raw: raw, Static: true}})
	}
	return p.secretSources(c, srcs, from, false)
}

// namesOnDisk returns the lines of a names file read when the hook runs
// (at most maxNamesFileLines, empty ones left out); ok is false when it
// cannot be read or reading files is off.
func (p *Pass) namesOnDisk(path syntax.Dir) ([]string, bool) {
	if p.Config.NoScriptFiles || !path.Known {
		return nil, false
	}
	text, err := syntax.ReadScript(path.Path)
	if err != nil {
		return nil, false
	}
	var out []string
	for i, line := range strings.Split(text, "\n") {
		if i == maxNamesFileLines {
			break
		}
		if line = strings.TrimRight(line, "\r"); line != "" {
			out = append(out, line)
		}
	}
	return out, true
}

// rsyncListedTargets returns, for rsync --files-from=FILE into a
// directory of this machine, DEST/NAME for each name the list holds:
// the words a command writes into FILE before (echo settings.json > l)
// or prints into rsync's standard input (--files-from=-), or else
// FILE's lines when the hook runs. -a copies no tree with --files-from,
// so these are what lands (rsync -a --files-from=l . ~/.claude/ with
// settings.json in l overwrites the agent's settings).
func (p *Pass) rsyncListedTargets(c *syntax.Call) []target {
	out, _, _ := p.rsyncListed(c)
	return out
}

// rsyncListed is rsyncListedTargets, and whether every name of every
// list is known: known is false for a list only run time names
// (--files-from="$F"), a standard input corral cannot follow, a
// listing it can only narrow (find -name '*.json', a grep) or one that
// passed through a program it cannot read. Then any entry of the source
// tree may be copied, and checkTreeCopy judges the tree; names, when not
// nil, are the name patterns every name not known matches (the -name
// of each find whose listing corral can only narrow): only the tree's
// entries of those names can be listed.
func (p *Pass) rsyncListed(c *syntax.Call) (out []target, known bool, names []string) {
	if c.Name != "rsync" {
		return nil, true, nil
	}
	opts, ops := scan(c.Args, rsyncSpec.Get())
	lists := find(opts, "files-from")
	if len(lists) == 0 || len(ops) < 2 || rsyncFromRemote(c, ops) || rsyncDryRun(opts) {
		return nil, true, nil
	}
	dest, ok := rsyncDest(c, ops)
	if !ok {
		return nil, true, nil
	}
	known = true
	anyName := false // a name not known that no pattern bounds
	unknown := func(d deletion) {
		known = false
		if d.finder != nil && d.filtered && d.selects != "*" && d.selects != "" && !d.opaque {
			names = append(names, d.selects)
			return
		}
		anyName = true
	}
	add := func(name string) {
		if name = strings.TrimLeft(name, "/"); name != "" && len(out) < maxNamesFileLines {
			out = append(out, target{arg: dest, value: strings.TrimSuffix(dest.Value, "/") + "/" + name, action: guards.Write})
		}
	}
	addPrinted := func(ins []deletion) {
		if len(ins) == 0 {
			known, anyName = false, true
		}
		for _, d := range ins {
			if !d.arg.Static || d.filtered || d.opaque || d.finder != nil {
				// A find's root stands for the tree under it, all of it
				// unless it is filtered (find . | rsync --files-from=-).
				unknown(d)
				continue
			}
			add(d.arg.Value)
		}
	}
	for _, o := range lists {
		switch {
		case !o.val.Static:
			known, anyName = false, true
		case o.val.Value == "-":
			// echo settings.json | rsync -a --files-from=- . ~/.claude/:
			// the names printed into its standard input.
			addPrinted(pipeInputs(p, c, deletion{}))
		default:
			path := c.Dir.Join(o.val.Value)
			if pipe, stage, single := p.fileProducer(c, path); pipe != nil || single != nil {
				pipe, stage = producerStage(pipe, stage, single)
				addPrinted(stageInputs(p, pipe, stage, deletion{}))
				continue
			}
			lines, ok := p.namesOnDisk(path)
			if !ok {
				known, anyName = false, true
			}
			for _, l := range lines {
				add(l)
			}
		}
	}
	if known || anyName {
		names = nil
	}
	return out, known, names
}

// throughFile follows a producer that passes on the lines of a file this
// command wrote back to what wrote it (for f in $(cat l), < <(sort l));
// any other producer is returned as it is.
func (p *Pass) throughFile(pipe *syntax.Pipeline, stage int, single *syntax.Call) (*syntax.Pipeline, int, *syntax.Call) {
	src := single
	if pipe != nil {
		src = pipe.Stage(stage)
	}
	if role, f, ok := lineFilter(src); ok && role == keepsLines {
		if fp, fs, fsingle := p.fileProducer(src, f); fp != nil || fsingle != nil {
			return fp, fs, fsingle
		}
	}
	return pipe, stage, single
}

// tarDirAt returns the directory tar is in when it reads the option at
// index idx of opts' words: the call's directory changed by each -C
// (--directory) before it, as tar applies them in order; unknown when
// one is only known at run time.
func tarDirAt(c *syntax.Call, opts []option, idx int) syntax.Dir {
	d := c.Dir
	for _, o := range opts {
		if o.idx >= idx || o.name != "C" && o.name != "directory" || !o.hasVal {
			continue
		}
		if !o.val.Static {
			return syntax.Dir{}
		}
		d = d.Join(o.val.Value)
	}
	return d
}

// stdinInto returns the files a program writes what it reads on its
// standard input into, as they are: tee's operands, sponge's file, dd's
// of= (without if=, a conversion or a skip), an awk program that is only
// print > "FILE" and a sed script that is only w FILE.
func stdinInto(g *syntax.Call) []syntax.Arg {
	if len(g.Wrappers) > 0 {
		return nil
	}
	var out []syntax.Arg
	switch g.Name {
	case "tee":
		_, operands := scan(g.Args, specFor("tee"))
		for _, j := range operands {
			if a := g.Args[j]; a.Static {
				out = append(out, a)
			}
		}
	case "sponge":
		if len(g.Args) == 1 && g.Args[0].Static && !strings.HasPrefix(g.Args[0].Value, "-") {
			out = append(out, g.Args[0])
		} else if len(g.Args) == 2 && g.Args[0].Value == "-a" && g.Args[1].Static {
			out = append(out, g.Args[1])
		}
	case "awk", "gawk", "mawk", "nawk":
		// awk '{print > "l"}': every line it reads, into the file.
		if len(g.Args) == 1 && g.Args[0].Static {
			if m := awkPrintInto.Get().FindStringSubmatch(g.Args[0].Value); m != nil {
				f := g.Args[0]
				f.Value = m[1]
				out = append(out, f)
			}
		}
	case "sed", "gsed":
		// sed -n 'w l', sed 'w l': every line it reads, into the file.
		if len(g.Args) >= 1 && len(g.Args) <= 2 && g.Args[len(g.Args)-1].Static && (len(g.Args) == 1 || g.Args[0].Value == "-n") {
			if m := sedWriteInto.Get().FindStringSubmatch(g.Args[len(g.Args)-1].Value); m != nil {
				f := g.Args[len(g.Args)-1]
				f.Value = m[1]
				out = append(out, f)
			}
		}
	case "dd":
		for _, a := range g.Args {
			switch {
			case !a.Static || strings.HasPrefix(a.Value, "if=") || strings.HasPrefix(a.Value, "conv=") || strings.HasPrefix(a.Value, "skip="):
				return nil
			case strings.HasPrefix(a.Value, "of="):
				f := a
				f.Value = strings.TrimPrefix(a.Value, "of=")
				out = append(out[:0], f)
			}
		}
	}
	return out
}

// awkPrintInto and sedWriteInto match an awk program and a sed script
// that write each line they read, unchanged, into one file.
var (
	awkPrintInto = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*\{\s*print\s*(?:\$0\s*)?>>?\s*"([^"]+)"\s*;?\s*\}\s*$`)
	}}
	sedWriteInto = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^\s*w\s+(\S+)\s*$`) }}
)

// splitPrefix returns the prefix of the files split writes (its second
// operand, x when it has none), when the call is a split with static
// words and no --filter.
func splitPrefix(g *syntax.Call) (string, bool) {
	if g.Name != "split" || len(g.Wrappers) > 0 || !allStatic(g.Args) {
		return "", false
	}
	opts, operands := scan(g.Args, splitSpec.Get())
	if has(opts, "filter") {
		return "", false // the pieces go to a command, not to files
	}
	switch len(operands) {
	case 0, 1:
		return "x", true
	case 2:
		return g.Args[operands[1]].Value, true
	}
	return "", false
}

// splitReadsFile reports a split given an input file other than "-".
func splitReadsFile(g *syntax.Call) bool {
	_, operands := scan(g.Args, splitSpec.Get())
	return len(operands) > 0 && g.Args[operands[0]].Value != "-"
}

// splitInput returns the file split reads.
func splitInput(g *syntax.Call) syntax.Dir {
	_, operands := scan(g.Args, splitSpec.Get())
	return g.Dir.Join(g.Args[operands[0]].Value)
}

// splitPiece reports a path that is one of split's pieces of prefix:
// the prefix and a suffix of letters, digits or hex digits, with
// whatever --additional-suffix adds.
func splitPiece(prefix, path string) bool {
	rest, ok := strings.CutPrefix(path, prefix)
	if !ok || len(rest) < 1 || strings.Contains(rest, "/") {
		return false
	}
	return rest[0] >= 'a' && rest[0] <= 'z' || rest[0] >= '0' && rest[0] <= '9'
}
