package rewrite

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// readSource is where operands of a reader come from when another program
// gives them at run time (find -exec cat {}, find | xargs cat, cat
// $(find …), echo .env | xargs head): a path or glob the producer prints
// (echo's words, ls's operands), or, when tree is set, the files a find
// selects under a root.
type readSource struct {
	arg  syntax.Arg
	tree bool
	walk guards.Walk
	// keep, when set, is a filter the paths pass through on their way
	// (grep PATTERN between producer and reader).
	keep *regexp.Regexp
	// dirs reports that find selects directories only (-type d): only a
	// reader that descends into a directory reads what they hold.
	dirs bool
}

// maxProducerStages bounds how many filter stages (grep, sort, head …)
// are followed back from a reader to the program that produces paths.
const maxProducerStages = 8

// extraSources lists where the run-time operands of c come from: the find
// that runs c with -exec, or the stage before an xargs or parallel that
// runs c. ok is false when there is no such producer corral can read.
func (p *Pass) extraSources(c *syntax.Call) ([]readSource, bool) {
	if !c.ExtraArgs {
		return nil, false
	}
	if c.ArgFile != "" && c.ArgFile != "-" {
		// find ~/.ssh > l; xargs -a l cat (file_producer.go), xargs -a
		// <(find ~/.ssh) cat (the pipe it is).
		if s, ok := p.argFileStream(c); ok {
			return p.streamSources(c, s)
		}
		if c.ArgFile == "?" {
			return nil, false
		}
		return p.fileSources(c, c.Dir.Join(c.ArgFile))
	}
	if f, ok := stdinFile(c); ok && !fromFind(c) {
		// find ~/.ssh > l; xargs cat < l (file_producer.go).
		return p.fileSources(c, f)
	}
	if fromFind(c) {
		for _, f := range p.Model.Calls {
			if f != c && f.Name == "find" && f.Expr == c.Expr {
				return findSources(f), true
			}
		}
		return nil, false
	}
	if pipe, stage, single := p.stdinProducer(c); pipe != nil || single != nil {
		// xargs cat < <(find ~/.ssh), find ~/.ssh | tee >(xargs cat).
		pipe, stage = producerStage(pipe, stage, single)
		return p.stageSources(pipe, stage, nil)
	}
	if argsFeeder(c) != c {
		// A call of the script a launcher runs (parallel 'rm -rf {}'
		// stands for its input with $(cat)): its words come from the
		// launcher's, not from the pipe it reads.
		return nil, false
	}
	// find ~/.ssh | xargs cat, | { xargs cat; }, exec 3< <(find …);
	// xargs cat <&3: the pipe its standard input is (line_filters.go).
	return p.pipeReadSources(c)
}

// stageSources lists the paths stage i of pipe prints, following filter
// stages back to a producer (find, echo, printf, ls).
func (p *Pass) stageSources(pipe *syntax.Pipeline, i int, keep *regexp.Regexp) ([]readSource, bool) {
	edited := false
	for hops := 0; hops < maxProducerStages; hops++ {
		if !p.visitStage(pipe, i, 3) {
			return nil, false
		}
		src := pipe.Stage(i)
		if src == nil {
			// find ~/.ssh | { cat; } | xargs cat: the calls of a
			// compound stage.
			return p.compoundSources(pipe, i, keep)
		}
		role, f, fromFile := lineFilter(src)
		if role == editsLines {
			// find ~/.ssh | sed p | xargs cat: paths made from the
			// lines before; no grep's pattern, after it or before,
			// says which.
			keep, edited = nil, true
		}
		if fromFile {
			// find ~/.ssh > l; sort l | xargs cat, cat l | xargs cat:
			// the file's lines (file_producer.go).
			out, ok := p.fileSources(src, f)
			for j := range out {
				out[j].keep = keep
			}
			return out, ok
		}
		if role != notLines && i == 0 || role == notLines && i == 0 && p.echoesLines(src) {
			// find ~/.ssh | ( sort > l ), | tee >(cat > l), | while
			// read f; do echo "$f"; done > l: what the first stage
			// reads from outside its pipeline (readsOutside).
			out, ok := p.enclosingSources(src)
			for j := range out {
				out[j].keep = keep
			}
			return out, ok
		}
		if role == notLines {
			out, ok := p.producerSources(src)
			if !ok {
				// find ~/.ssh | sh -c 'sed p' | xargs cat: the calls
				// of the script a shell stage runs; find ~/.ssh |
				// python3 -c 'print(input())' | xargs cat: a program
				// corral cannot read passes on what it reads
				// (opaqueStage).
				out, ok = p.compoundSources(pipe, i, keep)
				if p.opaqueReader(pipe, i, src) {
					var in []readSource
					var found bool
					if f, ok := stdinFile(src); ok {
						in, found = p.fileSources(src, f)
					} else if i == 0 {
						in, found = p.enclosingSources(src)
					} else {
						in, found = p.stageSources(pipe, i-1, nil)
					}
					out, ok = append(out, in...), ok || found
				}
				return out, ok
			}
			for j := range out {
				out[j].keep = keep
			}
			return out, ok
		}
		if grepName(src.Name) && role == keepsLines {
			// A grep whose selection cannot be read (-v, several
			// patterns) passes some of the paths: all are candidates.
			if re, ok := grepKeep(src); ok && keep == nil && !edited {
				keep = re
			}
		}
		i--
	}
	return nil, false
}

// compoundSources lists the paths compound stage i of pipe prints, as
// compoundStage reads it for deletions: each call in it that writes the
// next stage's pipe gives the paths it prints in its own pipeline.
func (p *Pass) compoundSources(pipe *syntax.Pipeline, i int, keep *regexp.Regexp) ([]readSource, bool) {
	writers, ok := p.stageWriters(pipe, i)
	if !ok {
		return nil, false
	}
	var out []readSource
	found := false
	for _, c := range writers {
		if c == pipe.Stage(i) {
			continue // the shell stage itself
		}
		inner, at := ownPipeline(pipe, c)
		if got, ok := p.stageSources(inner, at, nil); ok {
			found = true
			for j := range got {
				got[j].keep = keep
			}
			out = append(out, got...)
		}
	}
	return out, found
}

// grepKeep returns the lines grep passes on, as a regexp, when its pattern
// is one static operand; ok is false when grep's selection cannot be read
// (-v, -f, several patterns). Go's regexp stands in for grep's: for plain
// words and simple patterns they agree.
func grepKeep(c *syntax.Call) (*regexp.Regexp, bool) {
	opts, operands := scan(c.Args, readerSpecs.Get()["grep"])
	if has(opts, "v", "invert-match", "f", "file", "e", "regexp") || len(operands) != 1 || !c.Args[operands[0]].Static {
		return nil, false
	}
	pat := c.Args[operands[0]].Value
	if has(opts, "F", "fixed-strings") || c.Name == "fgrep" {
		pat = regexp.QuoteMeta(pat)
	}
	if has(opts, "i", "ignore-case") {
		pat = "(?i)" + pat
	}
	if has(opts, "x", "line-regexp") {
		pat = "^(?:" + pat + ")$"
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, false
	}
	return re, true
}

// producerSources lists the paths a producer of path lists prints: echo's
// and printf's words, ls's operands (the entries of the directory when it
// has none and shows hidden ones), find's roots with its selection, and
// the tracked files git ls-files and ls-tree list (secret_read_gitlisted.go).
func (p *Pass) producerSources(src *syntax.Call) ([]readSource, bool) {
	var out []readSource
	switch src.Name {
	case "echo", "printf":
		for i, a := range src.Args {
			if i == 0 && (src.Name == "printf" || a.Static && strings.HasPrefix(a.Value, "-")) {
				continue // printf's format, echo's options
			}
			if !a.Static {
				if fields, ok := syntax.SubstFields(a); ok {
					for _, f := range fields {
						out = append(out, readSource{arg: f})
					}
					continue
				}
				// echo "$X ~/.ssh/id_rsa": the certain words beside the
				// run-time part, which a reader that splits at blanks
				// takes apart.
				for _, f := range a.BlankFields() {
					if !f.Static {
						out = append(out, readSource{arg: f})
						continue
					}
					for _, w := range strings.Fields(f.Value) {
						x := f
						x.Value = w
						out = append(out, readSource{arg: x})
					}
				}
				continue
			}
			for _, f := range strings.Fields(a.Value) {
				x := a
				x.Value = f
				if !x.Glob {
					x.SetPattern("")
				}
				out = append(out, readSource{arg: x})
			}
		}
		return out, true
	case "ls":
		opts, operands := scan(src.Args, lsSpec)
		for _, i := range operands {
			out = append(out, readSource{arg: src.Args[i]})
		}
		if len(operands) == 0 && has(opts, "a", "A", "all", "almost-all") {
			// ls -a: the names of the directory's entries, hidden ones
			// included.
			out = append(out, readSource{arg: syntax.Arg{Value: ".", Static: true, Raw: "."}, tree: true, walk: guards.Walk{Hidden: true, MaxDepth: 1}})
		}
		return out, true
	case "find":
		return findSources(src), true
	case "git":
		// git ls-files, git ls-tree: the tracked files they list.
		return p.gitListedSources(src)
	}
	return nil, false
}

// lsSpec are ls's options that take a value.
var lsSpec = optSpec{shortVal: "ITw", longVal: longOpts("block-size", "format", "hide", "ignore", "indicator-style", "quoting-style", "sort", "time", "time-style", "tabsize", "width"), longEq: true}

// findSources lists the roots of a find with the files it selects under
// them: its -name/-iname tests (and the last segment of -path/-wholename)
// narrow the names, -maxdepth the depth. A negated test or a name that
// is only known at run time selects names corral cannot list: the root is
// then taken whole. A name tested just before -prune (parentheses
// between) is skipped, not selected; pruning every hidden name ('.*')
// leaves the hidden files and directories unread.
func findSources(f *syntax.Call) []readSource {
	w := guards.Walk{Hidden: true}
	negated, unknown, or, dirs := false, false, false, false
	for i := 0; i < len(f.Args); i++ {
		v := f.Args[i].Value
		switch v {
		case "-o", "-or", ",":
			or = true
		case "-type", "-xtype":
			dirs = i+1 < len(f.Args) && f.Args[i+1].Value == "d"
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename":
			if i+1 >= len(f.Args) {
				continue
			}
			n := f.Args[i+1]
			i++
			if i >= 2 && (f.Args[i-2].Value == "!" || f.Args[i-2].Value == "-not") {
				// ! -path x excludes: it selects no name.
				negated = true
				continue
			}
			next := i + 1
			for next < len(f.Args) && f.Args[next].Value == ")" {
				next++ // \( -name x \) -prune
			}
			if next < len(f.Args) && f.Args[next].Value == "-prune" {
				if n.Static && (n.Value == ".*" || strings.HasSuffix(n.Value, "/.*")) {
					// -name '.*' -prune, -wholename './.*' -prune: the
					// hidden entries are not entered, as a reader that
					// skips hidden files does.
					w.Hidden = false
				}
				continue
			}
			if !n.Static {
				unknown = true
				continue
			}
			name := n.Value
			if strings.Contains(v, "path") || strings.Contains(v, "wholename") {
				name = pathNameGlob(name)
			}
			if strings.HasPrefix(v, "-i") {
				name = foldGlob(name)
			}
			w.Names = append(w.Names, name)
		case "-maxdepth":
			if i+1 < len(f.Args) {
				if n, err := strconv.Atoi(f.Args[i+1].Value); err == nil && n >= 0 {
					w.MaxDepth = n
					if n == 0 {
						w.MaxDepth = -1
					}
				}
			}
		case "-exec", "-execdir", "-ok", "-okdir":
			for i++; i < len(f.Args) && f.Args[i].Value != ";" && f.Args[i].Value != "+"; i++ {
			}
		}
	}
	if negated && or || unknown {
		w.Names = nil
	}
	var out []readSource
	for _, r := range findRoots(f) {
		out = append(out, readSource{arg: r, tree: true, walk: w, dirs: dirs})
	}
	return out
}

// pathNameGlob is the file-name glob that every file a find -path (or
// -wholename) pattern selects has: its last segment, except that find's
// * and ? match a slash too, so a wildcard there can reach back into the
// directories (-path '*ssh*' selects ~/.ssh/id_rsa): only the literal
// text after the segment's last * or ? is then the name's (-path
// './src/*.go' selects names ending in .go; '*ssh*' any name).
func pathNameGlob(pat string) string {
	seg := pat[strings.LastIndex(pat, "/")+1:]
	if i := strings.LastIndexAny(seg, "*?"); i >= 0 {
		return "*" + seg[i+1:]
	}
	return seg
}

// foldGlob makes a name glob match either case of its letters (find
// -iname), as bracket expressions.
func foldGlob(g string) string {
	var b strings.Builder
	for _, r := range g {
		lo, up := strings.ToLower(string(r)), strings.ToUpper(string(r))
		if lo != up {
			b.WriteString("[" + lo + up + "]")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// substSources lists where the paths of operand a come from when it is a
// command substitution whose output is a producer's (cat $(find . -name
// .env), cat $(ls -a | grep env)). ok is false otherwise.
func (p *Pass) substSources(c *syntax.Call, a syntax.Arg) ([]readSource, bool) {
	if a.Static || a.Word == nil {
		return nil, false
	}
	var pipe *syntax.Pipeline
	var last *syntax.Call
	for _, s := range p.Model.Calls {
		if s.Host != c || s.Subst != "$(" || s.Start < a.Start || s.End > a.End {
			continue
		}
		if s.Pipe != nil {
			if pipe != nil && pipe != s.Pipe {
				return nil, false
			}
			pipe = s.Pipe
			if last == nil || s.PipeIndex > last.PipeIndex {
				last = s
			}
			continue
		}
		if last != nil {
			return nil, false // several commands: not read
		}
		last = s
	}
	if last == nil {
		return nil, false
	}
	if pipe == nil {
		return p.producerSources(last)
	}
	if last.PipeIndex != len(pipe.Calls)-1 {
		return nil, false
	}
	return p.stageSources(pipe, last.PipeIndex, nil)
}

// secretSources judges the paths that reach reader c from sources: each
// path or glob as an operand of its own, each find root by the files it
// selects (the names its tests can match, an anchored secret it holds,
// and, when the engine may look at disk, the files under it now).
func (p *Pass) secretSources(c *syntax.Call, srcs []readSource, from string, descends bool) bool {
	secrets := p.Config.Paths.Secrets()
	env := p.guardsEnv(c.Dir)
	verb := fmt.Sprintf("%s reads (paths from %s)", c.Name, from)
	for _, s := range srcs {
		if !s.tree {
			for _, r := range p.readPaths(c.Dir, s.arg) {
				if s.keep != nil && !r.glob && !s.keep.MatchString(r.path) {
					continue
				}
				var sec guards.Secret
				var ok bool
				if r.glob {
					sec, ok = secrets.MatchGlobOpts(env, r.path, r.flags())
				} else {
					sec, ok = secrets.Match(env, r.path)
				}
				if ok {
					p.reportSecret(c, sec, verb)
					return true
				}
			}
			continue
		}
		if s.dirs && !descends {
			continue
		}
		for _, r := range p.readPaths(c.Dir, s.arg) {
			if r.glob {
				continue
			}
			w := s.walk
			w.Keep = s.keep
			if sec, ok := p.secretTree(c, r.path, w); ok {
				p.reportSecret(c, sec, verb)
				return true
			}
		}
	}
	return false
}

// secretTree reports whether the files a recursive reader reads under dir
// (as w selects them) can hold a secret: dir is or holds an anchored secret
// and no name test narrows it, a name test is aimed at secrets (find -name
// .env, -name '*.pem'), or, when the engine may look at disk, a file under
// dir that the reader reads is a secret now.
func (p *Pass) secretTree(c *syntax.Call, dir string, w guards.Walk) (guards.Secret, bool) {
	secrets := p.Config.Paths.Secrets()
	env := p.guardsEnv(c.Dir)
	if sec, ok := secrets.Match(env, dir); ok && w.MaxDepth >= 0 && len(w.Names) == 0 {
		return sec, true
	}
	if w.MaxDepth == -1 {
		// find -maxdepth 0: the root only.
		if sec, ok := secrets.Match(env, dir); ok && (len(w.Names) == 0 || nameSelected(w.Names, dir)) {
			return sec, true
		}
		return guards.Secret{}, false
	}
	if len(w.Names) == 0 && w.MaxDepth == 0 {
		// find -maxdepth N stops above most anchored secrets: only the
		// files on disk are judged then.
		if sec, ok := secrets.Holds(env, dir, w.Hidden); ok {
			return sec, true
		}
	}
	if len(w.Names) > 0 && w.MaxDepth == 0 {
		// A name test narrows an anchored secret directory's files only
		// when it matches none of the names they have: find ~ -name '*'
		// and grep -r --include='*' x ~ read ~/.ssh/id_rsa.
		if sec, ok := secrets.Holds(env, dir, w.Hidden); ok {
			for _, n := range guards.HeldNames {
				if w.Reads(n) {
					return sec, true
				}
			}
		}
	}
	for _, n := range w.Names {
		if w.Keep != nil && !w.Keep.MatchString(n) && !strings.ContainsAny(n, "*?[") {
			continue
		}
		if pat, ok := secrets.GlobReaches(n); ok {
			np := guards.Normalize(env, dir)
			return guards.Secret{Path: guards.Path{Abs: np.Abs + "/…/" + n, InProject: np.InProject}, Pattern: pat}, true
		}
		if sec, ok := secrets.MatchGlob(env, globEscape(dir)+"/"+n); ok {
			return sec, true
		}
	}
	if p.Config.NoGlobMatches {
		return guards.Secret{}, false
	}
	return secrets.OnDisk(env, dir, w)
}

// nameSelected reports whether the last segment of path matches one of
// the name globs.
func nameSelected(names []string, path string) bool {
	return guards.Walk{Names: names}.Reads(path[strings.LastIndex(path, "/")+1:])
}
