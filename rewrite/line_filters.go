package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// lineRole is what a program in a pipe does with the lines it reads. It
// is the one table the pipe walks share: what reaches xargs rm
// (stageInputs, printedStage), a reader (stageSources), a loop over a
// find (loopFinder) and tar -T - (stdinListNames).
type lineRole int

const (
	// notLines: the program prints something else, or nothing corral
	// can tie to its input's lines.
	notLines lineRole = iota
	// keepsLines: it prints some of its input's lines as they are, in
	// some order (sort, head, tail, tac, uniq, shuf, tee, cat, pv,
	// sponge, dd, grep).
	keepsLines
	// editsLines: each line it prints is made from its input's lines
	// (sed, awk, cut, tr, rev, grep -o, cat -n, base64, xargs echo …).
	// A path in it may be kept, cut, rebuilt or encoded and decoded
	// again (rev | rev); throughFilter judges it as the lines it reads.
	editsLines
)

// lineFilter reads c as a stage of a pipe of lines: its role and, when
// it reads one file instead of its standard input (sort l, sed p l, cut
// -f1 < l), that file (fromFile). A program that reads several files,
// or one only known at run time, has no role.
func lineFilter(c *syntax.Call) (role lineRole, file syntax.Dir, fromFile bool) {
	if c == nil {
		return notLines, syntax.Dir{}, false
	}
	if copies, changed := syntax.PassThrough(c); copies {
		// The shell model's copiers (cat, cat -, tee, pv, sponge and
		// dd without a file; xargs echo and xargs printf print the
		// words they are given, which are the input's lines).
		if changed {
			return editsLines, syntax.Dir{}, false
		}
		return keepsLines, syntax.Dir{}, false
	}
	if c.ExtraArgs {
		return notLines, syntax.Dir{}, false
	}
	if c.Name == "xargs" && len(c.Wrappers) == 0 {
		// xargs with no command runs echo: the words it reads,
		// printed again (from its -a file when it has one).
		switch c.ArgFile {
		case "":
			return editsLines, syntax.Dir{}, false
		case "?":
			return notLines, syntax.Dir{}, false
		}
		if d := c.Dir.Join(c.ArgFile); d.Known {
			return editsLines, d, true
		}
		return notLines, syntax.Dir{}, false
	}
	role, files, ok := lineProgram(c)
	if !ok || role == notLines {
		return notLines, syntax.Dir{}, false
	}
	if len(files) == 0 {
		if f, ok := stdinFile(c); ok {
			return role, f, true
		}
		return role, syntax.Dir{}, false
	}
	if len(files) > 1 {
		return notLines, syntax.Dir{}, false
	}
	a := c.Args[files[0]]
	if !a.Static {
		return notLines, syntax.Dir{}, false
	}
	if a.Value == "-" {
		return role, syntax.Dir{}, false
	}
	d := c.Dir.Join(a.Value)
	if !d.Known {
		return notLines, syntax.Dir{}, false
	}
	return role, d, true
}

// lineProgram returns a line filter's role and the operands that are
// files it reads; ok is false for a program that is none.
func lineProgram(c *syntax.Call) (role lineRole, files []int, ok bool) {
	name := c.Name
	switch name {
	case "sort":
		opts, operands := scan(c.Args, specFor("sort"))
		if len(find(opts, "o", "output")) > 0 || has(opts, "files0-from", "c", "C", "check") {
			return notLines, nil, true // sort -o: a copy (fileCopy); -c prints no lines
		}
		return keepsLines, operands, true
	case "head", "tail":
		_, operands := scan(c.Args, headSpec)
		return keepsLines, operands, true
	case "tac":
		opts, operands := scan(c.Args, tacSpec)
		if has(opts, "s", "separator", "r", "regex") {
			return editsLines, operands, true
		}
		return keepsLines, operands, true
	case "uniq":
		opts, operands := scan(c.Args, uniqSpec)
		if len(operands) == 2 {
			return notLines, nil, true // uniq IN OUT writes OUT
		}
		if has(opts, "c", "count") {
			return editsLines, operands, true // a count before each line
		}
		return keepsLines, operands, true
	case "shuf":
		opts, operands := scan(c.Args, shufSpec)
		if has(opts, "e", "echo", "i", "input-range") || len(find(opts, "o", "output")) > 0 {
			return notLines, nil, true // its own words or numbers, or into a file
		}
		return keepsLines, operands, true
	case "cat":
		// cat with no file is syntax.PassThrough's; here cat FILE.
		opts, operands := scan(c.Args, specFor("cat"))
		for _, o := range opts {
			if o.name != "u" && o.name != "s" && o.name != "squeeze-blank" {
				return editsLines, operands, true // -n, -A, -v … number or mark lines
			}
		}
		return keepsLines, operands, true
	case "grep", "egrep", "fgrep", "rg":
		spec := readerSpecs.Get()["grep"]
		if name == "rg" {
			spec = specFor("rg")
		}
		opts, operands := scan(c.Args, spec)
		if len(find(opts, "e", "regexp", "f", "file")) == 0 && len(operands) > 0 {
			operands = operands[1:] // the pattern
		}
		if has(opts, "l", "files-with-matches", "L", "files-without-match", "c", "count", "q", "quiet", "silent", "files", "count-matches") ||
			name != "rg" && has(opts, "r", "R", "recursive", "dereference-recursive") {
			return notLines, nil, true // names or numbers, nothing, or a tree's lines (grep -l, rg --files: stageInputs)
		}
		if name == "rg" && has(opts, "r", "replace") || has(opts, "o", "only-matching", "n", "line-number", "b", "byte-offset",
			"H", "with-filename", "label", "vimgrep", "json") {
			return editsLines, operands, true
		}
		return keepsLines, operands, true
	case "sed", "gsed":
		opts, operands := scan(c.Args, specFor("sed"))
		if has(opts, "i", "in-place") {
			return notLines, nil, true // edits files, prints nothing
		}
		if len(find(opts, "e", "expression", "f", "file")) == 0 && len(operands) > 0 {
			operands = operands[1:] // the script
		}
		return editsLines, operands, true
	case "awk", "gawk", "mawk", "nawk":
		opts, operands := scan(c.Args, specFor("awk"))
		if has(opts, "i", "include", "l", "load") {
			return notLines, nil, true
		}
		if len(find(opts, "f", "file", "E", "exec")) == 0 && len(operands) > 0 {
			operands = operands[1:] // the program
		}
		var files []int
		for _, i := range operands {
			if a := c.Args[i]; a.Static && awkAssignment(a.Value) {
				continue // var=value, set between files
			}
			files = append(files, i)
		}
		return editsLines, files, true
	case "perl":
		// perl -pe CODE, perl -ne 'print if …', ruby -pe: CODE run on
		// each line read from the files or the standard input.
		return scriptLines(c, specFor("perl"))
	case "ruby":
		return scriptLines(c, rubyLineSpec)
	case "cut", "tr", "rev", "nl", "fold", "expand", "unexpand", "paste", "column", "fmt", "iconv", "dos2unix", "unix2dos",
		"base64", "base32", "basenc", "xxd", "gzip", "gunzip", "zcat", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat",
		"zstd", "unzstd", "zstdcat":
		spec := lineEditorSpec(name)
		opts, operands := scan(c.Args, spec)
		switch name {
		case "tr":
			return editsLines, nil, true // its operands are sets, not files
		case "xxd":
			if len(operands) > 1 {
				operands = operands[:1] // xxd IN OUT
			}
		case "gzip", "bzip2", "xz", "zstd":
			if len(operands) > 0 && !has(opts, "c", "stdout", "to-stdout", "d", "decompress", "uncompress") {
				return notLines, nil, true // compresses the files in place
			}
		case "gunzip", "bunzip2", "unxz", "unzstd", "dos2unix", "unix2dos":
			if len(operands) > 0 && !has(opts, "c", "stdout", "to-stdout") {
				return notLines, nil, true // rewrites the files in place
			}
		}
		return editsLines, operands, true
	}
	return notLines, nil, false
}

// scriptLines reads perl or ruby as a line filter: -n or -p with the
// code given by -e runs it on each line of the files or the standard
// input.
func scriptLines(c *syntax.Call, spec optSpec) (lineRole, []int, bool) {
	opts, operands := scan(c.Args, spec)
	if !has(opts, "n", "p") || has(opts, "i") || len(find(opts, "e", "E")) == 0 {
		return notLines, nil, true
	}
	return editsLines, operands, true
}

// awkAssignment reports an awk operand of the form var=value, which sets
// a variable instead of naming a file.
func awkAssignment(s string) bool {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return false
	}
	for i, r := range s[:eq] {
		if r != '_' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// tacSpec, uniqSpec and shufSpec are the options of tac, uniq and shuf
// that take a value.
var (
	tacSpec  = optSpec{shortVal: "s", longEq: true, abbrev: true, longVal: longOpts("separator"), longFlag: longOpts("before", "regex")}
	uniqSpec = optSpec{shortVal: "fsw", longEq: true, abbrev: true, longVal: longOpts("skip-fields", "skip-chars", "check-chars", "all-repeated", "group"),
		longFlag: longOpts("count", "repeated", "ignore-case", "unique", "zero-terminated")}
	shufSpec = optSpec{shortVal: "inoe", longEq: true, abbrev: true, longVal: longOpts("head-count", "input-range", "output", "random-source"),
		longFlag: longOpts("echo", "repeat", "zero-terminated")}
	rubyLineSpec = optSpec{shortVal: "eIrECF", shortOpt: "ix0l"}
)

// lineEditorSpec returns the options that take a value of the line
// editors lineProgram reads by one spec.
func lineEditorSpec(name string) optSpec {
	switch name {
	case "cut":
		return cutSpec
	case "nl":
		return optSpec{shortVal: "bdfhilnsvw", longEq: true, abbrev: true}
	case "fold", "fmt":
		return optSpec{shortVal: "wgp", longEq: true, abbrev: true}
	case "expand", "unexpand":
		return optSpec{shortVal: "t", longEq: true, abbrev: true}
	case "paste":
		return optSpec{shortVal: "d", longEq: true, abbrev: true}
	case "column":
		return optSpec{shortVal: "cdEHilNORsStWo", longEq: true}
	case "iconv":
		return optSpec{shortVal: "fto", longEq: true, abbrev: true}
	case "base64", "base32", "basenc":
		return optSpec{shortVal: "w", longEq: true, abbrev: true}
	case "zstd", "unzstd", "zstdcat":
		return optSpec{shortVal: "oDT", longEq: true}
	}
	return optSpec{longEq: true, abbrev: true}
}

// throughFilter returns the deletions a line filter c passes on from
// those of the stage before it (or of the file it reads): as they are
// when it keeps lines (a narrowing grep: some of what was listed, any
// of it). An editor's lines are judged as the lines it reads, narrowed
// as a grep narrows them when it may drop some: sed p, awk 1, cut
// -c1-, tr, rev | rev and base64 | base64 -d give them back as they
// were. An edit that turns a name into another (sed s/.pub$//) is
// judged by the name it reads (README, limits).
func throughFilter(in []deletion, c *syntax.Call, role lineRole) []deletion {
	// An editor that may drop lines too (awk '$1 == 0', sed -n /x/p,
	// grep -o) narrows the listing as a grep does.
	keep := role == editsLines && dropsLines(c)
	if grepName(c.Name) && role == keepsLines {
		var ok bool
		if keep, ok = grepKeeps(c); !ok {
			// A pattern only known at run time (grep "$p"): which
			// lines pass is unknown, asked where the deleter is
			// (rm-root: paths a command prints at run time).
			return nil
		}
	}
	for i := range in {
		d := &in[i]
		d.arg.Raw += " (through " + c.Name + ")"
		if role == editsLines {
			// What a grep before it kept is no longer among its lines.
			d.lines = nil
		}
		if keep && !d.filtered {
			d.filtered, d.selects = true, "*"
		}
	}
	return in
}

// dropsLines reports an editor that may print nothing for some lines:
// sed -n or a script with d or q, awk with a pattern or a jump, perl -n,
// grep -o. The others print every line they read, changed.
func dropsLines(c *syntax.Call) bool {
	switch c.Name {
	case "sed", "gsed":
		opts, operands := scan(c.Args, specFor("sed"))
		if has(opts, "n", "quiet", "silent") {
			return true
		}
		scripts := find(opts, "e", "expression", "f", "file")
		var text []syntax.Arg
		for _, o := range scripts {
			text = append(text, o.val)
		}
		if len(scripts) == 0 && len(operands) > 0 {
			text = append(text, c.Args[operands[0]])
		}
		for _, a := range text {
			if !a.Static || strings.ContainsAny(a.Value, "dDqQ") {
				return true
			}
		}
		return false
	case "awk", "gawk", "mawk", "nawk":
		opts, operands := scan(c.Args, specFor("awk"))
		if len(find(opts, "f", "file", "E", "exec")) > 0 || len(operands) == 0 || !c.Args[operands[0]].Static {
			return true
		}
		prog := strings.Join(strings.Fields(c.Args[operands[0]].Value), "")
		return prog != "1" && (!strings.HasPrefix(prog, "{") || strings.Contains(prog, "next") || strings.Contains(prog, "exit") ||
			strings.Contains(prog, "if") || strings.Contains(prog, "getline") || strings.Contains(prog, "}"+"{") || strings.Count(prog, "{") > 1)
	case "perl":
		opts, _ := scan(c.Args, specFor("perl"))
		return !has(opts, "p")
	case "ruby":
		opts, _ := scan(c.Args, rubyLineSpec)
		return !has(opts, "p")
	case "grep", "egrep", "fgrep", "rg":
		return true
	}
	return false
}

// grepName reports grep and the programs that search lines as it does.
func grepName(name string) bool {
	switch name {
	case "grep", "egrep", "fgrep", "rg":
		return true
	}
	return false
}

// pipeEnd is the pipe stage Stage of Pipe reads, seen from one end: fd
// 0 for its readers, 1 for its writers.
type pipeEnd struct {
	pipe  *syntax.Pipeline
	stage int
	fd    int
}

// pipeEndIndex returns, built once per pass, the calls at each end of
// every pipe between stages.
func (p *Pass) pipeEndIndex() map[pipeEnd][]*syntax.Call {
	if p.pipeEnds != nil {
		return p.pipeEnds
	}
	p.pipeEnds = map[pipeEnd][]*syntax.Call{}
	for _, c := range p.Model.Calls {
		for fd := 0; fd <= 1; fd++ {
			if s := c.Fd(fd); s.Kind == syntax.StreamPipe && s.Pipe != nil {
				k := pipeEnd{s.Pipe, s.Stage, fd}
				p.pipeEnds[k] = append(p.pipeEnds[k], c)
			}
		}
	}
	return p.pipeEnds
}

// maxStageWriters bounds the calls of a compound stage followed.
const maxStageWriters = 8

// stageWriters returns the calls that write the pipe out of stage k of
// pl (a compound stage's, or a shell stage's script's); ok is false
// when none writes it, or too many do.
func (p *Pass) stageWriters(pl *syntax.Pipeline, k int) (writers []*syntax.Call, ok bool) {
	writers = p.pipeEndIndex()[pipeEnd{pl, k + 1, 1}]
	return writers, len(writers) > 0 && len(writers) <= maxStageWriters
}

// compoundStage returns the deletions of what compound stage k of pl
// prints ({ cat; }, (sed p), (sort | uniq), while read f; do echo
// "$f"; done): each call in it that writes the pipe to the next stage
// gives what it prints, as printedStage reads it in its own pipeline
// (a line filter's first stage reads the pipe into the compound stage,
// readsOutside). ok is false when no call writes the pipe, or too many do.
func (p *Pass) compoundStage(pl *syntax.Pipeline, k int, base deletion) (out []deletion, ok bool) {
	writers, ok := p.stageWriters(pl, k)
	if !ok {
		return nil, false
	}
	for _, c := range writers {
		if c == pl.Stage(k) {
			continue // the shell stage itself
		}
		inner, at := ownPipeline(pl, c)
		got, _ := printedStage(p, inner, inner.Stage, at, base)
		out = append(out, got...)
	}
	return out, true
}

// ownPipeline returns the pipeline call c is a stage of, inside a
// compound stage of pl, and its index there: c alone when it is no
// stage of one.
func ownPipeline(pl *syntax.Pipeline, c *syntax.Call) (*syntax.Pipeline, int) {
	if c.Pipe != nil && c.Pipe != pl && c.Pipe.Subst == "" {
		return c.Pipe, c.PipeIndex
	}
	return &syntax.Pipeline{Calls: []*syntax.Call{c}}, 0
}

// allStatic reports words whose values are all known.
func allStatic(args []syntax.Arg) bool {
	for _, a := range args {
		if !a.Static {
			return false
		}
	}
	return true
}

// maxInputHops bounds the enclosing inputs followed one inside another
// (readsOutside).
const maxInputHops = 16

// readsOutside reports a call whose standard input comes from outside
// its own pipeline's order: the pipe into the compound stage it runs in
// (find ~/.ssh | ( sort > l ), | { xargs rm; }), a process
// substitution read on a descriptor (exec 3< <(find ~/.ssh); xargs rm
// <&3), a coprocess, the host of the output substitution it reads
// (find ~/.ssh | tee >(cat > l)), or an input substitution (< <(find
// …)).
func (p *Pass) readsOutside(c *syntax.Call) bool {
	if pipe, _, single := p.stdinProducer(c); pipe != nil || single != nil {
		return true
	}
	in := c.Fd(0)
	return in.Kind == syntax.StreamPipe && in.Pipe != nil && in.Pipe.Subst != ">(" && (in.Pipe != c.Pipe || in.Stage != c.PipeIndex)
}

// enclosingLines returns the deletions of what call c reads on its
// standard input from outside its own pipeline (readsOutside); nil when
// that is nothing corral can follow.
func (p *Pass) enclosingLines(c *syntax.Call, base deletion) []deletion {
	if p == nil || p.inputHops >= maxInputHops {
		return nil
	}
	p.inputHops++
	defer func() { p.inputHops-- }()
	if pipe, stage, single := p.stdinProducer(c); pipe != nil || single != nil {
		pipe, stage = producerStage(pipe, stage, single)
		return stageInputs(p, pipe, stage, base)
	}
	out, _ := p.pipeReadInputs(c, base)
	return out
}

// enclosingSources lists the paths call c reads on its standard input,
// from outside its own pipeline or from the stage before it, as
// enclosingLines gives deletions; ok is false when corral cannot follow
// it.
func (p *Pass) enclosingSources(c *syntax.Call) ([]readSource, bool) {
	if p.inputHops >= maxInputHops {
		return nil, false
	}
	p.inputHops++
	defer func() { p.inputHops-- }()
	if pipe, stage, single := p.stdinProducer(c); pipe != nil || single != nil {
		pipe, stage = producerStage(pipe, stage, single)
		return p.stageSources(pipe, stage, nil)
	}
	return p.pipeReadSources(c)
}

// stdinWriters returns the calls that write the pipe call c reads on
// its standard input, as the descriptor model has it, with the
// pipeline that pipe belongs to: for a pipe between stages, the stage
// before (prev true: read it with printedStage); for a process
// substitution read on a descriptor or a coprocess, the calls whose
// standard output is that pipe. ok is false when the input is no such
// pipe, or too many calls write it.
func (p *Pass) stdinWriters(c *syntax.Call) (pl *syntax.Pipeline, stage int, prev bool, writers []*syntax.Call, ok bool) {
	return p.streamWriters(c, c.Fd(0))
}

// streamWriters is stdinWriters for the stream in, one of c's
// descriptors (read -u 3 reads descriptor 3).
func (p *Pass) streamWriters(c *syntax.Call, in syntax.Stream) (pl *syntax.Pipeline, stage int, prev bool, writers []*syntax.Call, ok bool) {
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Pipe.Subst == ">(" {
		return nil, 0, false, nil, false
	}
	if in.Pipe.Subst == "" && !in.Pipe.Coproc {
		return in.Pipe, in.Stage - 1, true, nil, in.Stage > 0
	}
	for _, w := range p.pipeEndIndex()[pipeEnd{in.Pipe, in.Stage, 1}] {
		if w != c {
			writers = append(writers, w)
		}
	}
	return in.Pipe, in.Stage, false, writers, len(writers) > 0 && len(writers) <= maxStageWriters
}

// pipeReadInputs returns the deletions of what the pipe call c reads on
// its standard input carries (stdinWriters): find ~/.ssh | { xargs rm;
// }, exec 3< <(find ~/.ssh); xargs rm <&3, coproc find ~/.ssh; xargs rm
// <&${COPROC[0]}. ok is false when it reads no pipe corral follows.
func (p *Pass) pipeReadInputs(c *syntax.Call, base deletion) ([]deletion, bool) {
	return p.streamInputs(c, c.Fd(0), base)
}

// streamInputs is pipeReadInputs for the stream in, which call c reads
// (its standard input, or the file xargs -a names: argFileStream).
func (p *Pass) streamInputs(c *syntax.Call, in syntax.Stream, base deletion) ([]deletion, bool) {
	pl, stage, prev, writers, ok := p.streamWriters(c, in)
	if !ok {
		return nil, false
	}
	if prev {
		return stageInputs(p, pl, stage, base), true
	}
	var out []deletion
	for _, w := range writers {
		inner, at := ownPipeline(pl, w)
		got, _ := printedStage(p, inner, inner.Stage, at, base)
		out = append(out, got...)
	}
	return out, true
}

// pipeReadSources lists the paths the pipe call c reads on its standard
// input carries, as pipeReadInputs gives deletions.
func (p *Pass) pipeReadSources(c *syntax.Call) ([]readSource, bool) {
	return p.streamSources(c, c.Fd(0))
}

// streamSources is pipeReadSources for the stream in.
func (p *Pass) streamSources(c *syntax.Call, in syntax.Stream) ([]readSource, bool) {
	pl, stage, prev, writers, ok := p.streamWriters(c, in)
	if !ok {
		return nil, false
	}
	if prev {
		return p.stageSources(pl, stage, nil)
	}
	var out []readSource
	found := false
	for _, w := range writers {
		inner, at := ownPipeline(pl, w)
		if got, ok := p.stageSources(inner, at, nil); ok {
			found = true
			out = append(out, got...)
		}
	}
	return out, found
}

// echoesLines reports an echo or printf of a value run where a read
// takes lines from the same pipe (while read f; do echo "$f"; done): it
// prints the lines read again, edited at most.
func (p *Pass) echoesLines(c *syntax.Call) bool {
	if p == nil || c.Name != "echo" && c.Name != "printf" || allStatic(c.Args) {
		return false
	}
	in := c.Fd(0)
	if in.Kind != syntax.StreamPipe || in.Pipe == nil {
		return false
	}
	for _, r := range p.pipeEndIndex()[pipeEnd{in.Pipe, in.Stage, 0}] {
		if r.Name == "read" || r.Name == "mapfile" || r.Name == "readarray" {
			return true
		}
	}
	return false
}

// opaqueStage returns the deletions of what stage k of pl prints when
// it is a program corral cannot read — code (python3 -c, node -e, a
// script), a name corral has no table for, one only known at run time,
// a command xargs runs — appended to known (what the calls of a script
// it runs print): it may print any line it reads, so those are judged,
// narrowed as a grep narrows them (some, or all) and marked opaque, for
// it may print other paths too. Any other stage gives known and
// knownOK back.
func (p *Pass) opaqueStage(pl *syntax.Pipeline, stage func(int) *syntax.Call, k int, base deletion, known []deletion, knownOK bool) ([]deletion, bool) {
	src := stage(k)
	if !p.opaqueReader(pl, k, src) {
		return known, knownOK
	}
	var in []deletion
	if f, ok := stdinFile(src); ok {
		// find ~/.ssh > l; mytool < l | xargs rm: the file's lines.
		in = p.fileStageInputs(src, f, base)
	} else if k == 0 {
		in = p.enclosingLines(src, base)
	} else {
		in, _ = printedStage(p, pl, stage, k-1, base)
	}
	for i := range in {
		d := &in[i]
		d.arg.Raw += " (through " + opaqueName(src) + ")"
		d.lines, d.opaque = nil, true
		if !d.filtered {
			d.filtered, d.selects = true, "*"
		}
	}
	return append(known, in...), true
}

// opaqueName names a stage in a reason: its program, or the words it
// runs under.
func opaqueName(c *syntax.Call) string {
	if c.Name != "" {
		return c.Name
	}
	return "a program only known at run time"
}

// opaqueReader reports stage k of pl, call src, as a program whose
// output corral cannot tie to its input: it reads the pipe into the
// stage (or, first in its pipeline, what comes into it from outside,
// readsOutside, or a file on its standard input), it is no line filter or producer corral reads, no builtin,
// no function or alias and no shell whose script corral walks (their
// calls are followed instead: compoundStage), its output is not thrown away, and it is none of the
// programs that print a count or a digest of what they read
// (printsNoLines).
func (p *Pass) opaqueReader(pl *syntax.Pipeline, k int, src *syntax.Call) bool {
	if p == nil || pl == nil || src == nil || src.Defined || src.NameArg.Static && syntax.Builtin(src.Name) && len(src.Wrappers) == 0 || printsNoLines(src.Name) || p.runsShellText(src) {
		return false
	}
	if out := src.Stdout(); out.Kind == syntax.StreamFile && out.Redirect.Target.Static && out.Redirect.Target.Value == "/dev/null" || out.Kind == syntax.StreamClosed {
		return false
	}
	if _, ok := stdinFile(src); ok {
		return true
	}
	if k == 0 {
		return p.readsOutside(src)
	}
	in := src.Fd(0)
	return in.Kind == syntax.StreamPipe && in.Pipe == pl && in.Stage == k
}

// printsNoLines reports a program that prints a count, a digest or
// nothing for what it reads, never one of its lines: wc, the checksum
// programs, true, false, sleep.
func printsNoLines(name string) bool {
	switch name {
	case "wc", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum",
		"true", "false", ":", "sleep":
		return true
	}
	return false
}

// runsShellText reports a call whose shell text corral walks (sh -c
// TEXT, bash FILE, eval): what it prints is what the calls of that
// text print, followed through the pipes they share. A program found
// in PATH that is a shell script (a version manager's python3 shim)
// is no such call: its script ends in a program corral cannot read.
func (p *Pass) runsShellText(c *syntax.Call) bool {
	if p.shellRunners == nil {
		p.shellRunners = map[*syntax.Call]bool{}
		for _, sc := range p.Model.Scripts {
			if sc.Runner == nil || sc.Kind == "program" || sc.FromCode {
				continue
			}
			if r := syntax.RunnerOf(sc.Runner.Name); sc.Kind != "file" || r == syntax.ShellRunner || r == syntax.HostRunner {
				p.shellRunners[sc.Runner] = true
			}
		}
	}
	return p.shellRunners[c]
}

// maxStageVisits bounds the times one pass reads what one pipe stage
// prints. Each reader of a stage reads it a few times (once per rule
// that follows the pipe); a stage reached through many writers of many
// compound stages ({ cat; cat; } | { cat; cat; } | …) would be read a
// number of times that doubles with each one.
const maxStageVisits = 512

// visitStage counts a read of what stage k of pl prints, for the
// walk whose kind is kind (printedStage, stageSources); false when the
// stage was read too often, which marks the pass tangled (an ask).
func (p *Pass) visitStage(pl *syntax.Pipeline, k, kind int) bool {
	if p.stageVisits == nil {
		p.stageVisits = map[pipeEnd]int{}
	}
	key := pipeEnd{pl, k, kind}
	p.stageVisits[key]++
	if p.stageVisits[key] > maxStageVisits {
		p.tangled = true
		return false
	}
	return true
}

// argFileStream returns the pipe the file of xargs -a (parallel's ::::
// and -a) is, when it is one: a process substitution (xargs -a <(find
// ~/.ssh) rm) or a descriptor's path (xargs -a /dev/fd/3 rm after exec
// 3< <(…)).
func (p *Pass) argFileStream(c *syntax.Call) (syntax.Stream, bool) {
	if c.ArgFile == "" {
		return syntax.Stream{}, false
	}
	if c.ArgFile == "?" {
		return p.Model.ArgStream(c.ArgFileWord())
	}
	if s, ok := c.Route(c.ArgFile); ok && s.Kind == syntax.StreamPipe && s.Pipe != nil {
		return s, true
	}
	return syntax.Stream{}, false
}

// producerStage gives what a producer lookup found (stdinProducer,
// fileProducer, lastProducer) as a stage of a pipeline: a call that
// stands alone is the one stage of a pipeline of its own.
func producerStage(pipe *syntax.Pipeline, stage int, single *syntax.Call) (*syntax.Pipeline, int) {
	if single != nil {
		return &syntax.Pipeline{Calls: []*syntax.Call{single}}, 0
	}
	return pipe, stage
}
