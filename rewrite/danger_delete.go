package rewrite

import (
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// deletion is one file or tree a command deletes. Every command that
// deletes (rm, rmdir, unlink, shred, find -delete, find -exec rm, xargs
// rm, parallel rm, rsync --delete, git clean) is reduced to deletions, so
// that the rm-root and bash-delete rules judge them all the same way.
type deletion struct {
	// arg is the target as written; its Value may be a resolved
	// candidate (Raw then says which).
	arg syntax.Arg
	// verb names the deletion in messages: "rm", "find -delete",
	// "rsync --delete", "git clean".
	verb string
	// recursive reports that a directory goes with what it holds; force
	// that nothing is asked first (rm -f).
	recursive, force bool
	// filtered reports that only the files the command selects under arg
	// go (find -name x, git clean: untracked files only); select is the
	// name they are selected by ("*" for any).
	filtered bool
	selects  string
	// tracked reports the files git tracks under arg (git ls-files |
	// xargs rm): with selects "*" every tracked file there goes, with
	// its uncommitted changes, and only the directories stay; untracked
	// the files it does not track (git ls-files -o), as git clean -f
	// takes them. lister is that git ls-files, whose list the real git
	// gives the path guards (checkListedDeletions).
	tracked, untracked bool
	lister             *syntax.Call
	// narrowed reports a grep between the listing and the deleter that
	// keeps some of its lines; lines is what it keeps, when corral can
	// read its pattern (nil: every line is a candidate).
	narrowed bool
	lines    *regexp.Regexp
	// fill puts one listed name in the word the deleter is given
	// (xargs -I{} rm build/{}); nil when the name is the word.
	fill func(syntax.Arg) syntax.Arg
	// deep reports a find whose deleter takes each directory it selects
	// with its tree (-exec rm -r): what a selected directory holds goes
	// whatever its own name.
	deep bool
	// shallow reports that only the entries directly in arg go, not
	// the tree (find -maxdepth 1 -delete): judged as rm -f arg/* is.
	shallow bool
	// emptyDirs reports a deletion of empty directories only (find
	// -type d -empty -exec rmdir, find -type d -delete): no directory that
	// holds anything goes.
	emptyDirs bool
	// moved reports the source of mv: only a start only known at run
	// time is judged (mv * dir/ is ordinary work).
	moved bool
	// fromFile is the file xargs -a or parallel -a reads the paths from
	// at run time: they cannot be judged, only the call's shape.
	fromFile string
	// recoverable reports a move to the desktop's trash (gio trash,
	// trash-put): the path guards let it pass where the file can be
	// restored, and only rm-root judges it (trashing the home directory
	// or the project is still their end as far as every tool is
	// concerned).
	recoverable bool
	// visible reports a listing that skips hidden files and
	// directories under arg (rg without --hidden).
	visible bool
	// linkOnly reports rm or unlink of a name that is a symbolic link:
	// the link goes, not what it points at (markLinkOnly).
	linkOnly bool
	// entryLinks reports a deletion by find whose matches (a root that
	// is a pattern, or the names its tests select) that are symbolic
	// links go as links (findKeepsLinks).
	entryLinks bool
	// finder is the find whose roots d.arg is, as written (no text
	// around {}): the links it selects on disk are judged for a
	// deleter that follows them (find_links.go).
	finder *syntax.Call
	// byContent reports a listing of the files whose content matches
	// (grep -rl PATTERN): a file under arg is on it only if it holds a
	// match, so reaching one is possible, not certain. skipDirs are the
	// directory patterns the listing does not enter (--exclude-dir).
	byContent bool
	skipDirs  []string
	// opaque reports a listing that passed through a program corral
	// cannot read (opaqueStage): it may hold other paths too, only
	// known at run time.
	opaque bool
}

// deletions lists what call c deletes.
func deletions(p *Pass, c *syntax.Call) []deletion {
	switch c.Name {
	case "rm", "rmdir", "unlink", "shred":
		return p.markLinkOnly(c, rmDeletions(p, c)) // delete_link.go
	case "find":
		return findDeletions(p, c)
	case "fd", "fdfind":
		return fdDeletions(p, c)
	case "rsync":
		return rsyncDeletions(c)
	case "git":
		return gitCleanDeletions(p, c)
	case "mv":
		return p.markLinkOnly(c, mvDeletions(c))
	}
	if out, ok := cleanDeletions(p.Config.Home, c, func(abs string) bool { return p.writtenEarlier(c, abs) }); ok {
		return out
	}
	return moreDeletions(c)
}

// rmDeletions lists the operands of rm, rmdir, unlink and shred: as
// written, each value of an enclosing for loop, parallel's inputs and, for
// xargs or parallel fed by a pipe, the paths the stage before it gives.
func rmDeletions(p *Pass, c *syntax.Call) []deletion {
	opts, operands := scan(c.Args, specFor(c.Name))
	d := deletion{verb: c.Name}
	switch c.Name {
	case "rm":
		d.recursive = has(opts, "r", "R", "recursive")
		d.force = has(opts, "f", "force")
	case "rmdir":
		// rmdir removes a directory only when it is empty: nothing under
		// it goes (find . -type d | xargs rmdir).
		d.filtered, d.selects = true, "*"
	}
	var out []deletion
	add := func(a syntax.Arg) {
		x := d
		x.arg = a
		out = append(out, x)
	}
	feeder := argsFeeder(c)
	filled := false
	for _, i := range operands {
		a := c.Args[i]
		if c.ExtraArgs {
			r, runTime := feederOperand(c, a)
			if runTime {
				// find -exec rm {}, xargs -I{} rm {}/x, xargs sh -c 'rm
				// "$@"' _: the operand stands for the inputs, judged
				// below or, for find, by the find itself.
				if fromFind(feeder) {
					continue
				}
				placed := feeder.HasPlaceholder(a.Value)
				if placed && len(feeder.Inputs) > 0 {
					// parallel rm -rf ~/{} ::: .bashrc, ls ~ | xargs -I X
					// rm -rf ~/X: each input put in place of the
					// replacement strings, as the launcher builds the
					// word (syntax/placeholders.go).
					for _, in := range feeder.Inputs {
						add(feeder.FillArg(a, in))
					}
					filled = true
					continue
				}
				for _, in := range pipeInputs(p, feeder, d) {
					if placed {
						in.arg = feeder.FillArg(a, in.arg)
						if in.lister != nil {
							// git ls-files | xargs -I{} rm build/{}: each
							// listed name is put in the word too.
							word := a
							in.fill = func(n syntax.Arg) syntax.Arg { return feeder.FillArg(word, n) }
						}
					}
					out = append(out, in)
				}
				continue
			}
			a = r
		}
		// rm -rf $(find . -name .svn): what find prints, as find … |
		// xargs rm -rf gives it.
		if found := p.substFinds(c, a, d); found != nil {
			out = append(out, found...)
			continue
		}
		// find . -name x | while read f; do rm "$f"; done: what find
		// prints (find_loops.go).
		if found := p.loopFinds(c, a, d); found != nil {
			out = append(out, found...)
			continue
		}
		// for f in $(ls -A); do rm -rf "$f"; done, ls -A | while read
		// f; do …: what the producer prints, as … | xargs rm -rf has it.
		if found := p.loopProduced(c, a, d); found != nil {
			out = append(out, found...)
			continue
		}
		// for d in / /etc; do rm -rf "$d"; done: each value of the loop.
		if vals, ok := syntax.LoopValues(c, a, p.Config.Home); ok {
			for _, v := range vals {
				v.Raw = a.Raw + " (" + v.Value + ")"
				add(v)
			}
			continue
		}
		add(a)
	}
	if !filled {
		// parallel rm -rf ::: a b, xargs -a list rm -rf: the inputs
		// appended.
		for _, in := range c.Inputs {
			if !in.Static {
				// xargs rm <<< "a $(find ~/.ssh)": a run-time part of
				// the text xargs reads, judged as the same word given
				// to rm is.
				if found := p.substFinds(c, in, d); found != nil {
					out = append(out, found...)
					continue
				}
			}
			add(in)
		}
	}
	if c.ArgFile != "" {
		// find ~ -name id_rsa > l; xargs -a l rm, xargs -a <(find …)
		// rm: what wrote the file, or the pipe it is (pipeInputs).
		if got := pipeInputs(p, c, d); got != nil {
			return append(out, got...)
		}
	}
	if c.ArgFile != "" && !c.ArgFileRead {
		// xargs -a FILE rm -rf: the paths come from the file, not from
		// the pipe (echo ok | xargs -a paths rm -rf); a file corral
		// read gave them as c.Inputs, judged above.
		x := d
		x.fromFile = c.ArgFile
		x.arg = syntax.Arg{Raw: "the paths in " + c.ArgFile}
		return append(out, x)
	}
	if c.ExtraArgs && feeder == c && len(c.Inputs) == 0 && !fromFind(c) && !hasPlaceholder(c) {
		out = append(out, pipeInputs(p, c, d)...)
	}
	return out
}

// argsFeeder returns the call that receives the words c gets at run
// time: c itself, or, for a call in a script that xargs or find -exec
// hands its words to through a shell (xargs sh -c 'rm "$@"' _, find
// -exec sh -c 'rm -rf {}' \;), that shell's call.
func argsFeeder(c *syntax.Call) *syntax.Call {
	for c.ExtraArgs && c.RunBy != nil && c.RunBy.ExtraArgs {
		c = c.RunBy
	}
	return c
}

// fedByFind reports whether the words c gets at run time are the paths a
// find selects: find -exec runs c, directly or through a shell's script.
func fedByFind(c *syntax.Call) bool { return fromFind(argsFeeder(c)) }

// positionalRef matches a word that is one positional parameter: $1,
// "${2}", "$@", $*.
var positionalRef = lazy.Regexp{Expr: `^"?\$(?:([0-9]|[@*])|\{([0-9]+|[@*])\})"?$`}

// feederOperand reads operand a of c, a call that gets words at run time
// (see argsFeeder). runTime reports that a stands for those words: a {}
// placeholder (find -exec, xargs -I{}) or xargs -I's own string, or, in the script of a shell that
// xargs or find -exec runs, a positional parameter that the shell's words
// do not give statically ("$@"; $N past the words, which xargs and find
// ... {} + append; $N given as {}). A positional parameter that the
// shell's words give statically is returned as that word (find -exec sh
// -c 'rm -rf "$1"' _ / {} \; deletes /).
func feederOperand(c *syntax.Call, a syntax.Arg) (r syntax.Arg, runTime bool) {
	shell := argsFeeder(c)
	if strings.Contains(a.Value, "{}") || shell.HasPlaceholder(a.Value) {
		return a, true
	}
	if shell == c || a.Static {
		return a, false
	}
	m := positionalRef.Get().FindStringSubmatch(a.Raw)
	if m == nil {
		return a, false
	}
	ref := m[1] + m[2]
	script, _ := syntax.ShellScript(shell)
	if script < 0 {
		return a, true // the script is supplied at run time too
	}
	words := shell.Args[script+1:] // $0, $1, …
	n, err := strconv.Atoi(ref)
	if err != nil || n >= len(words) {
		return a, true // "$@", "$*", or a word appended at run time
	}
	w := words[n]
	if !w.Static || strings.Contains(w.Value, "{}") || shell.HasPlaceholder(w.Value) {
		return a, true
	}
	w.Raw = a.Raw + " (" + w.Value + ")"
	return w, false
}

// mvSpec are mv's options that take a value.
var mvSpec = lazy.Value[optSpec]{New: func() optSpec {
	return copyOptions("mv")
}}

// mvDeletions lists the sources of mv: they leave where they are.
func mvDeletions(c *syntax.Call) []deletion {
	opts, operands := scan(c.Args, mvSpec.Get())
	if !has(opts, "t", "target-directory") && len(operands) > 0 {
		operands = operands[:len(operands)-1]
	}
	var out []deletion
	for _, i := range operands {
		out = append(out, deletion{arg: c.Args[i], verb: "mv", recursive: true, moved: true})
	}
	return out
}

// hasPlaceholder reports whether an argument of c holds {}.
func hasPlaceholder(c *syntax.Call) bool {
	for _, a := range c.Args {
		if strings.Contains(a.Value, "{}") || c.HasPlaceholder(a.Value) {
			return true
		}
	}
	return false
}

// pipeInputs returns what the stage before an xargs or parallel call
// writes to it, when corral can see it, as deletions shaped like base: the
// words of echo or printf, or the roots of a find (the files it selects
// under them, when it has a test that selects some).
func pipeInputs(p *Pass, c *syntax.Call, base deletion) []deletion {
	if c.ArgFile != "" && c.ArgFile != "-" {
		// find ~ -name id_rsa > l; xargs -a l rm: what wrote the file
		// (file_producer.go), or the pipe it is (xargs -a <(find …) rm);
		// its stdin is no input then. GNU xargs reads -a - as its
		// standard input, followed below.
		if s, ok := p.argFileStream(c); ok {
			out, _ := p.streamInputs(c, s, base)
			return out
		}
		if c.ArgFile == "?" {
			return nil
		}
		return p.fileStageInputs(c, c.Dir.Join(c.ArgFile), base)
	}
	if pipe, stage, single := p.stdinProducer(c); pipe != nil || single != nil {
		// xargs rm < <(git ls-files): the process substitution's output,
		// as a pipe would give it.
		pipe, stage = producerStage(pipe, stage, single)
		return stageInputs(p, pipe, stage, base)
	}
	if f, ok := stdinFile(c); ok {
		// find ~ -name id_rsa > l; xargs rm < l: what wrote the file
		// (file_producer.go).
		return p.fileStageInputs(c, f, base)
	}
	// find ~/.ssh | xargs rm, find ~/.ssh | { xargs rm; }, exec 3<
	// <(find ~/.ssh); xargs rm <&3: the pipe its standard input is, as
	// the descriptor model has it (line_filters.go).
	out, _ := p.pipeReadInputs(c, base)
	return out
}

// stageInputs returns what stage k of pipeline pl prints, as pipeInputs
// reads it: the stage before xargs, or the producer a loop walks
// (for f in $(ls -A); do rm -rf "$f"; done, ls -A | while read f; …).
func stageInputs(p *Pass, pl *syntax.Pipeline, k int, base deletion) []deletion {
	out, _ := printedStage(p, pl, pl.Stage, k, base)
	return out
}

// producedPaths returns the deletions of what src prints when it
// produces paths itself (echo's words, grep -l's files, ls's operands,
// rg --files, find); ok is false for another program.
func producedPaths(src *syntax.Call, base deletion) (out []deletion, ok bool) {
	add := func(a syntax.Arg) {
		d := base
		d.arg = a
		out = append(out, d)
	}
	switch src.Name {
	case "echo", "printf":
		for i, a := range src.Args {
			if i == 0 && (src.Name == "printf" || a.Static && strings.HasPrefix(a.Value, "-")) {
				continue // printf's format, echo's options
			}
			if fs := a.BlankFields(); !a.Static && fs != nil {
				// echo "$X ~/.ssh/id_rsa": the certain words beside
				// the run-time part, which xargs splits apart.
				for _, f := range fs {
					if !f.Static {
						add(f)
						continue
					}
					for _, w := range strings.Fields(f.Value) {
						x := f
						x.Value = w
						add(x)
					}
				}
				continue
			}
			if !a.Static {
				add(a)
				continue
			}
			for _, f := range strings.Fields(a.Value) {
				x := a
				x.Value = f
				add(x)
			}
		}
	case "grep", "egrep", "fgrep":
		if opts, operands := scan(src.Args, readerSpecs.Get()["grep"]); has(opts, "l", "files-with-matches", "L", "files-without-match") {
			// grep -rl foo ~/.claude: the files that hold a match, in
			// the trees (-r) or among the files it is given.
			if len(find(opts, "e", "regexp", "f", "file")) == 0 && len(operands) > 0 {
				operands = operands[1:]
			}
			tree := has(opts, "r", "R", "recursive", "dereference-recursive")
			var skip []string
			for _, o := range find(opts, "exclude-dir") {
				if o.val.Static {
					skip = append(skip, o.val.Value)
				}
			}
			if tree && len(operands) == 0 {
				// grep -r with no file searches the working directory.
				operands = []int{-1}
			}
			for _, i := range operands {
				a := syntax.Arg{Value: ".", Raw: ".", Static: true}
				if i >= 0 {
					a = src.Args[i]
				}
				d := base
				d.arg = a
				d.byContent, d.skipDirs = true, skip
				if tree {
					d.arg.Raw += " (from grep -r)"
					d.filtered, d.selects = true, "*"
				}
				out = append(out, d)
			}
			return out, true
		}
		return nil, true // counts, or lines a filter keeps (line_filters.go)
	case "ls":
		// ls ~/.claude/*.json | xargs sed -i …: ls prints the files it is
		// given as written, and the files a pattern matches (a
		// directory's entries by their names alone).
		opts, operands := scan(src.Args, specFor("ls"))
		for _, i := range operands {
			a := src.Args[i]
			if d := src.Dir.Join(a.Value); a.Static && !a.Glob && !has(opts, "d", "directory") && d.Known {
				if fi, err := os.Stat(d.Path); err == nil && fi.IsDir() {
					continue // its entries' names alone, relative to where xargs runs
				}
			}
			a.Raw += " (from ls)"
			add(a)
		}
	case "rg":
		// rg --files lists the files it would search: every one under
		// its paths (operands), some when -g, -t or -T choose; rg -l
		// (-L is not it: that follows links) those that hold a match.
		opts, operands := scan(src.Args, specFor("rg"))
		if !has(opts, "files") {
			if !has(opts, "l", "files-with-matches", "files-without-match") {
				return nil, true
			}
			if len(find(opts, "e", "regexp", "f", "file")) == 0 && len(operands) > 0 {
				operands = operands[1:] // the pattern
			}
		}
		filtered := has(opts, "g", "glob", "iglob", "t", "type", "T", "type-not")
		selects := "*"
		if gs := find(opts, "g", "glob"); len(gs) == 1 && gs[0].val.Static && !strings.ContainsAny(gs[0].val.Value, "/!") {
			selects = gs[0].val.Value
		}
		roots := []syntax.Arg{{Value: ".", Static: true, Raw: "."}}
		if len(operands) > 0 {
			roots = roots[:0]
			for _, i := range operands {
				roots = append(roots, src.Args[i])
			}
		}
		us := 0
		for _, o := range opts {
			if o.name == "u" {
				us++
			}
		}
		visible := !has(opts, "hidden", ".") && us < 2
		for _, r := range roots {
			r.Raw += " (from rg --files)"
			d := base
			d.arg = r
			d.visible = visible
			if filtered {
				d.filtered, d.selects = true, selects
			}
			out = append(out, d)
		}
	case "find", "fd", "fdfind":
		out = append(out, foundDeletions(src, base)...)
	default:
		return nil, false
	}
	return out, true
}

// foundDeletions returns the deletions of what a find (or fd) prints: its
// roots, with its selection.
func foundDeletions(f *syntax.Call, base deletion) []deletion {
	var out []deletion
	filtered, selects := findSelection(f)
	for _, r := range findRoots(f) {
		r.Raw = r.Raw + " (from find)"
		d := base
		d.arg = r
		d.finder = f
		if filtered {
			d.filtered, d.selects = true, selects
			// find . -name '.g*' | xargs rm -rf: a directory find
			// selects goes with its tree, as with -exec rm -rf.
			d.deep = base.recursive && !base.emptyDirs
		}
		out = append(out, d)
	}
	return out
}

// grepKeeps reads a grep that filters the lines of a pipe: keep reports
// that its patterns keep only some lines (not -v, and not a pattern that
// matches every line: "", ".", ".*", "^", "$"); ok is false when grep
// changes or replaces the lines (-o, -l, -c, -n, …), reads several
// files, or takes its patterns from a file or from a value only known at
// run time. One file operand is the file it reads instead of its input
// (lineFilter).
func grepKeeps(c *syntax.Call) (keep, ok bool) {
	opts, operands := scan(c.Args, readerSpecs.Get()["grep"])
	for _, o := range opts {
		switch o.name {
		case "o", "only-matching", "l", "files-with-matches", "L", "files-without-match", "c", "count", "n", "line-number",
			"b", "byte-offset", "H", "with-filename", "f", "file", "A", "B", "C", "after-context", "before-context", "context", "Z", "null":
			return false, false
		}
	}
	var patterns []syntax.Arg
	for _, o := range find(opts, "e", "regexp") {
		patterns = append(patterns, o.val)
	}
	if len(patterns) == 0 {
		if len(operands) == 0 {
			return false, false // no pattern
		}
		patterns = append(patterns, c.Args[operands[0]])
		operands = operands[1:]
	}
	if len(operands) > 1 {
		return false, false // several files: which lines are whose
	}
	for _, p := range patterns {
		if !p.Static {
			return false, false // a pattern only known at run time
		}
	}
	if has(opts, "v", "invert-match") {
		return false, true
	}
	for _, p := range patterns {
		switch p.Value {
		case "", ".", ".*", "^", "$", "^.*$", "^.*":
			return false, true
		}
	}
	return true, true
}

// findRoots are the starting points of a find: the words before the first
// expression word, or "." when there are none.
func findRoots(c *syntax.Call) []syntax.Arg {
	if isFd(c) {
		return syntax.FdRoots(c)
	}
	var roots []syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		if a.Static && (v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O")) && len(roots) == 0 {
			continue
		}
		if a.Static && v == "-D" && len(roots) == 0 {
			i++ // -D DEBUGOPTS: find -D tree -P ~ -delete starts at ~
			continue
		}
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == "," {
			break
		}
		roots = append(roots, a)
	}
	if len(roots) == 0 {
		roots = []syntax.Arg{{Value: ".", Static: true, Raw: "."}}
	}
	return roots
}

// findFilters are find tests that select some files only.
var findFilters = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
		"-newer", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-empty", "-user", "-group",
		"-perm", "-links", "-inum", "-samefile", "-lname", "-ilname", "-nouser", "-nogroup", "-used")
}}

// findDeleter are the programs that delete the files find -exec hands them.
var findDeleter = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("rm", "shred", "unlink", "rmdir")
}}

// findSelection reports whether find's tests select only some files
// before its deleting action, and the name they select ("*" when not
// given by -name).
func findSelection(c *syntax.Call) (filtered bool, selects string) {
	return findSelects(c, findDeleter.Get(), true)
}

// findSelects reports whether the tests of find c that come before its
// action — -delete, when del is set, or an -exec of a program in action —
// select only some files, and the name they select ("*" when not given
// by -name). A negated test (! -name x, -not -user u) selects nearly
// everything, and an -o or a comma lets the action run without the tests
// before it: neither counts (-prune -o -name x -delete: the tests after
// the -o do). A command run by -exec that is not an action
// is a test (-exec grep -q x {} \;).
func findSelects(c *syntax.Call, action map[string]bool, del bool) (filtered bool, selects string) {
	if isFd(c) {
		return syntax.FdSelects(c)
	}
	selects = "*"
	depth, negated := 0, false
	name := ""
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		neg := negated
		negated = false
		switch {
		case v == "!" || v == "-not":
			negated = !neg
		case v == "(" && neg:
			// ! \( -name a -o -name b \): everything else; skip the group.
			for d := 1; d > 0 && i+1 < len(c.Args); {
				i++
				switch c.Args[i].Value {
				case "(":
					d++
				case ")":
					d--
				}
			}
		case v == "(":
			depth++
		case v == ")":
			depth--
		case v == "-o" || v == "-or" || v == ",":
			// find . -name x -o -delete deletes everything else: only
			// the tests of the action's own branch count (find . -path
			// ./x -prune -o -name '*.pyc' -delete). Inside parentheses the
			// alternatives are of one test (\( -name a -o -name b \))
			// unless the action is there too.
			switch {
			case depth == 0:
				filtered, name = false, ""
			case findActionInGroup(c, i, action, del):
				return false, "*"
			}
		case v == "-delete" && del:
			return filtered, selectsOr(filtered, name)
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			acts := false
			for i++; i < len(c.Args) && c.Args[i].Value != ";" && c.Args[i].Value != "+"; i++ {
				acts = acts || action[path.Base(c.Args[i].Value)]
			}
			if acts {
				return filtered, selectsOr(filtered, name)
			}
			if !neg {
				filtered = true
			}
		case v == "-type" || v == "-xtype":
			// -type l, p, s: some kinds of file only; f and d are most
			// of a tree (a -delete of directories is judged apart).
			if i+1 < len(c.Args) {
				i++
				if t := c.Args[i]; !neg && t.Static && t.Value != "" && !strings.ContainsAny(t.Value, "fd") {
					filtered = true
				}
			}
		case findFilters.Get()[v] || strings.HasPrefix(v, "-newer"):
			if neg {
				break
			}
			filtered = true
			if (v == "-name" || v == "-iname") && i+1 < len(c.Args) && c.Args[i+1].Static && name == "" {
				name = c.Args[i+1].Value
			}
			if (v == "-path" || v == "-wholename") && i+1 < len(c.Args) && c.Args[i+1].Static && name == "" {
				name = pathAsName(c.Args[i+1].Value)
			}
		}
	}
	return filtered, selectsOr(filtered, name)
}

// pathAsName returns the -name pattern a -path (-wholename) pattern is
// the same test as, or "": '*' and a literal tail with no '/' matches a
// path exactly when that tail ends its last name (-path '*.mbox' is
// -name '*.mbox'), as '*' in -path also matches '/'.
func pathAsName(p string) string {
	rest, ok := strings.CutPrefix(p, "*")
	if !ok || rest == "" || strings.ContainsAny(rest, `*?[]/\`) {
		return ""
	}
	return p
}

// selectsOr is the name find selects: the -name pattern, or "*".
func selectsOr(filtered bool, name string) string {
	if !filtered || name == "" {
		return "*"
	}
	return name
}

// findActionInGroup reports whether the action of find c (-delete when
// del is set, or an -exec of a program in action) is inside the
// parenthesised group that holds the word at index at.
func findActionInGroup(c *syntax.Call, at int, action map[string]bool, del bool) bool {
	start, depth := -1, 0
	for i := at; i >= 0 && start < 0; i-- {
		switch c.Args[i].Value {
		case ")":
			depth++
		case "(":
			if depth == 0 {
				start = i
			}
			depth--
		}
	}
	if start < 0 {
		return true
	}
	depth = 0
	for i := start + 1; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "(":
			depth++
		case v == ")":
			if depth == 0 {
				return false
			}
			depth--
		case v == "-delete" && del:
			return true
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			for i++; i < len(c.Args) && c.Args[i].Value != ";" && c.Args[i].Value != "+"; i++ {
				if action[path.Base(c.Args[i].Value)] {
					return true
				}
			}
		}
	}
	return false
}

// findDeletions lists the roots of find -delete or find -exec rm.
func findDeletions(p *Pass, c *syntax.Call) []deletion {
	verb := ""
	// deep reports a deleter that takes a directory with its contents
	// (-exec rm -r); maxdepth is find's -maxdepth, -1 when not given.
	deep, maxdepth := false, -1
	// action are the programs whose -exec is the deleting action: the
	// deleters, and a shell whose script deletes what find hands it.
	action := findDeleter.Get()
	// affixes are the words of the deleter's -exec/-ok that hold {} with
	// text around it: -exec rm backup/{} \; deletes backup/PATH.
	var affixes []affix
	// unlinker reports a deleting action that removes a symbolic link
	// it is handed as the link (-delete, rm and unlink of a bare {}).
	unlinker := true
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "-delete":
			verb = "find -delete"
		case v == "-maxdepth" && i+1 < len(c.Args):
			if n, err := strconv.Atoi(c.Args[i+1].Value); err == nil && c.Args[i+1].Static && n >= 0 {
				maxdepth = n
			}
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			j := i + 1
			deleter := ""
			handed := false // a word of the deleter holds find's {}
			for j < len(c.Args) && c.Args[j].Value != ";" && c.Args[j].Value != "+" {
				w := c.Args[j].Value
				if findDeleter.Get()[path.Base(w)] && verb == "" {
					verb = "find " + v + " " + path.Base(w)
					deleter = path.Base(w)
				} else if deleter == "rm" && c.Args[j].Static && (w == "--recursive" || strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsAny(w, "rR")) {
					deep = true
				}
				if deleter != "" && strings.Contains(w, "{}") {
					handed = true
					if w != "{}" || !c.Args[j].Static || deleter != "rm" && deleter != "unlink" {
						unlinker = false
					}
				}
				if deleter != "" && strings.HasPrefix(verb, "find "+v+" ") && strings.Contains(w, "{}") {
					// find replaces {} inside a word too; -execdir and
					// -okdir hand ./NAME in the file's own directory, so
					// only -exec and -ok compose PRE+PATH+SUF.
					pre, suf, _ := strings.Cut(w, "{}")
					if (v == "-exec" || v == "-ok") && c.Args[j].Static && strings.Count(w, "{}") == 1 {
						affixes = append(affixes, affix{pre, suf})
					} else {
						affixes = append(affixes, affix{})
					}
				}
				j++
			}
			if deleter != "" && !handed && (v == "-exec" || v == "-ok") && fixedWords(c.Args[i+1:j]) {
				// -exec rm -rf build \; hands rm no path of find's: it
				// runs in find's own directory and deletes what its words
				// name (the rm call's own judgement). -execdir runs it in
				// each found file's directory, which keeps the tree's.
				verb, deep = "", false
			}
			if verb == "" && j > i+1 {
				if shell, del := shellDeleter(p, c, c.Args[i+1].Start); del != nil {
					unlinker = false
					verb = "find " + v + " " + shell.Name + " -c " + del.Name
					opts, _ := scan(del.Args, specFor(del.Name))
					deep = del.Name == "rm" && has(opts, "r", "R", "recursive")
					action = map[string]bool{shell.Name: true}
					for name := range findDeleter.Get() {
						action[name] = true
					}
				}
			}
			i = j // words inside -exec are the command's, not find's
		}
	}
	if verb == "" {
		return nil
	}
	filtered, selects := findSelects(c, action, true)
	emptyDirs := strings.HasSuffix(verb, "rmdir") || verb == "find -delete" && findDirsOnly(c)
	if emptyDirs {
		// rmdir removes empty directories only, and so does -delete of a
		// directory: find . -type d -delete leaves every file in place.
		filtered = true
	}
	// find . -maxdepth 1 -type f -delete: the files directly in the root,
	// not the tree, as rm -f * takes them (a directory at that depth goes
	// only when it is empty, or with rm -r).
	shallow := maxdepth >= 0 && maxdepth <= 1 && !deep
	var out []deletion
	keepRoots, keepEntries := findKeepsLinks(c)
	for _, r := range findRoots(c) {
		d := deletion{arg: r, verb: verb, recursive: !shallow, force: true, filtered: filtered, selects: selects, shallow: shallow, emptyDirs: emptyDirs, deep: deep && !emptyDirs}
		if unlinker && !emptyDirs {
			// find LINK -delete, find . -name LINK -delete: find does
			// not follow a link it meets (without -L, or -H for a root),
			// and removes the link itself (delete_link.go).
			d.linkOnly = !filtered && keepRoots && p.removesLinkOnly(c, r)
			d.entryLinks = filtered && keepEntries || !filtered && keepRoots
		}
		if len(affixes) == 0 {
			d.finder = c
			out = append(out, d)
			continue
		}
		seen := map[affix]bool{}
		for _, a := range affixes {
			if seen[a] {
				continue
			}
			seen[a] = true
			e := affixed(d, a)
			if a == (affix{}) {
				e.finder = c
			}
			out = append(out, e)
		}
	}
	return out
}

// fixedWords reports words whose text bash cannot change at run time
// (no expansion, no glob), so that none can turn into find's {}.
func fixedWords(args []syntax.Arg) bool {
	for _, a := range args {
		if !a.Static || a.Glob {
			return false
		}
	}
	return true
}

// affixed is deletion d of the paths find prints under its root, each
// with a's text around it: the tree lies under PRE+ROOT and each name
// ends with SUF (find src -name '*.o' -exec rm build/{} \; deletes
// build/src/….o). A root only known at run time, and a suffix with a
// slash (PATH/x: a name below each path found), keep d's tree: the root
// may climb out with .., and any name below it can go. A root that is a
// pattern keeps d's judgement (its matches on disk are the root's).
func affixed(d deletion, a affix) deletion {
	if a == (affix{}) || !d.arg.Static || d.arg.Glob {
		return d // a root that is a pattern is matched on disk as written
	}
	d.arg.Value = a.pre + d.arg.Value
	d.arg.Raw = a.pre + d.arg.Raw
	switch {
	case a.suf == "":
	case strings.Contains(a.suf, "/"):
		d.filtered, d.selects = false, ""
	case d.filtered && d.selects != "*":
		d.selects += a.suf
	default:
		d.filtered, d.selects = true, "*"+a.suf
	}
	return d
}

// shellDeleter finds, for the command that find c runs with -exec from
// the word at start, a shell whose script deletes the paths find hands
// it (find . -exec sh -c 'rm -rf {}' \;, -exec bash -c 'rm "$@"' _ {} +):
// the shell's call and the deleting call in its script, or nil.
func shellDeleter(p *Pass, c *syntax.Call, start int) (shell, del *syntax.Call) {
	if p == nil || p.Model == nil {
		return nil, nil
	}
	for _, x := range p.Model.Calls {
		if x.RunBy == c && x.Start == start && syntax.IsShell(x.Name) {
			shell = x
			break
		}
	}
	if shell == nil {
		return nil, nil
	}
	for _, y := range p.Model.Calls {
		if !findDeleter.Get()[y.Name] || y == shell || argsFeeder(y) != shell {
			continue
		}
		_, operands := scan(y.Args, specFor(y.Name))
		for _, i := range operands {
			if _, runTime := feederOperand(y, y.Args[i]); runTime {
				return shell, y
			}
		}
	}
	return nil, nil
}

// findDirsOnly reports whether find c's -delete only reaches
// directories: a -type d (not negated) in the branch of the -delete.
func findDirsOnly(c *syntax.Call) bool {
	dirs, negated, depth := false, false, 0
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		neg := negated
		negated = false
		switch {
		case v == "!" || v == "-not":
			negated = !neg
		case v == "(":
			depth++
		case v == ")":
			depth--
		case v == "-o" || v == "-or" || v == ",":
			if depth == 0 {
				dirs = false
			}
		case v == "-type" && i+1 < len(c.Args):
			i++
			if depth == 0 && !neg && c.Args[i].Static && c.Args[i].Value == "d" {
				dirs = true
			}
		case v == "-delete":
			return dirs && depth == 0
		}
	}
	return false
}

// rsyncDeleteOpts are rsync's options that delete files of the destination
// that the source does not have.
var rsyncDeleteOpts = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("delete", "del", "delete-before", "delete-during", "delete-delay", "delete-after", "delete-excluded", "delete-missing-args")
}}

// rsyncSpec are rsync's options that take a value.
var rsyncSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "eBfMT@", longVal: longOpts("rsh", "rsync-path", "exclude", "include", "exclude-from", "include-from",
		"files-from", "filter", "backup-dir", "suffix", "block-size", "max-delete", "max-size", "min-size", "partial-dir", "temp-dir",
		"compare-dest", "copy-dest", "link-dest", "chmod", "chown", "usermap", "groupmap", "timeout", "contimeout", "port",
		"log-file", "log-file-format", "out-format", "password-file", "bwlimit", "write-batch", "only-write-batch", "read-batch",
		"protocol", "iconv", "checksum-choice", "compress-choice", "compress-level", "skip-compress", "modify-window", "sockopts",
		"outbuf", "remote-option", "stop-after", "stop-at", "info", "debug", "address", "config"), longEq: true}
}}

// rsyncDryRun reports rsync -n (--dry-run) or --list-only: the files are
// listed, and nothing is copied, deleted or sent.
func rsyncDryRun(opts []option) bool {
	return has(opts, "n", "dry-run", "list-only")
}

// rsyncDeletions lists the destination of rsync --delete: a local
// directory whose files the source lacks are deleted.
func rsyncDeletions(c *syntax.Call) []deletion {
	opts, operands := scan(c.Args, rsyncSpec.Get())
	del := false
	for _, o := range opts {
		if o.long && rsyncDeleteOpts.Get()[o.name] {
			del = true
		}
	}
	if !del || len(operands) < 2 || rsyncFromRemote(c, operands) || rsyncDryRun(opts) {
		return nil // from another host: the remote-copy rule's
	}
	dest, ok := rsyncDest(c, operands) // localhost:PATH is PATH here
	if !ok {
		return nil
	}
	return []deletion{{arg: dest, verb: "rsync --delete", recursive: true, force: true}}
}

// gitCleanDeletions lists the directories git clean -f empties of
// untracked files: its pathspecs, or the working directory.
func gitCleanDeletions(p *Pass, c *syntax.Call) []deletion {
	dir, sub := gitArgs(c)
	stash := gitStashUntracked(c, sub)
	if sub < 0 || !stash && (c.Args[sub].Value != "clean" || !gitCleanForced(c, sub)) {
		return nil
	}
	verb := "git clean"
	if stash {
		verb = "git stash -u"
	}
	// --work-tree or GIT_WORK_TREE: git cleans that tree, from the
	// working directory down when it is inside the tree, the whole tree
	// when it is not (git -C ~/proj --work-tree=$HOME clean -fdx); stash
	// takes the untracked files of the whole tree wherever it runs.
	if tree, set := gitWorkTree(c, sub); set && (stash || !inTree(dir, tree)) {
		if !tree.Known {
			return []deletion{{arg: syntax.Arg{Value: "$GIT_WORK_TREE", Raw: "$GIT_WORK_TREE"}, verb: verb, recursive: true, force: true, filtered: true, selects: "*"}}
		}
		dir = tree
	}
	// git -C dir: pathspecs are relative to dir.
	at := func(a syntax.Arg) syntax.Arg {
		if dir == c.Dir {
			return a
		}
		if !dir.Known {
			return syntax.Arg{Value: "$(git -C)/" + a.Value, Raw: a.Raw}
		}
		a.Value = dir.Join(a.Value).Path
		return a
	}
	args := c.Args[sub+1:]
	var operands []int
	if !stash {
		var opts []option
		opts, operands = scan(args, specFor("git clean"))
		if has(opts, "n", "dry-run") {
			return nil
		}
	}
	selects := "*"
	var out []deletion
	for _, i := range operands {
		out = append(out, deletion{arg: at(args[i]), verb: verb, recursive: true, force: true, filtered: true, selects: selects})
	}
	if len(out) == 0 {
		out = append(out, deletion{arg: at(syntax.Arg{Value: ".", Static: true, Raw: "."}), verb: verb, recursive: true, force: true, filtered: true, selects: selects})
	}
	return out
}

// gitCleanPaths asks the real git which paths git clean c would remove
// (the same options and pathspecs with --dry-run, run where c runs;
// -i/--interactive left out), or git stash -u/-a c (what git clean -d,
// with -x for -a, lists: stash removes them so): absolute, a directory
// with a trailing slash. A --work-tree/--git-dir before the subcommand
// or GIT_WORK_TREE/GIT_DIR in its environment is handed to git as an
// option. ok is false when corral cannot ask (a word only known at run
// time, another git option before the subcommand, no disk, git failing
// or slow); the clean is then judged as a deletion of its pathspecs.
func (p *Pass) gitCleanPaths(c *syntax.Call) ([]string, bool) {
	if l, done := p.gitCleaned[c]; done {
		return l.paths, l.ok
	}
	paths, ok := p.gitCleanDryRun(c)
	if p.gitCleaned == nil {
		p.gitCleaned = map[*syntax.Call]gitCleanList{}
	}
	p.gitCleaned[c] = gitCleanList{paths, ok}
	return paths, ok
}

// gitCleanList is what gitCleanPaths found for one call.
type gitCleanList struct {
	paths []string
	ok    bool
}

// gitCleanCleansNothing reports that git clean c removes nothing: the
// real git's dry run lists no path, and nothing else in the command can
// leave a file untracked first (every other call is a cd; git rm
// --cached x && git clean -f removes the x that the dry run did not
// list).
func (p *Pass) gitCleanCleansNothing(c *syntax.Call) bool {
	for _, o := range p.Model.Calls {
		if o != c && o.Name != "cd" && o.Name != "pushd" {
			return false
		}
	}
	paths, ok := p.gitCleanPaths(c)
	return ok && len(paths) == 0
}

// gitCleanDryRun runs the dry run gitCleanPaths describes.
func (p *Pass) gitCleanDryRun(c *syntax.Call) ([]string, bool) {
	dir, sub := gitArgs(c)
	if sub < 0 || !dir.Known || p.Config.NoGlobMatches {
		return nil, false
	}
	for i := 0; i < sub; i++ {
		a := c.Args[i]
		switch {
		case !a.Static:
			return nil, false
		case a.Value == "-C" || a.Value == "--work-tree" || a.Value == "--git-dir":
			i++
		case strings.HasPrefix(a.Value, "--work-tree=") || strings.HasPrefix(a.Value, "--git-dir="):
		default:
			return nil, false
		}
	}
	var globals []string
	base := dir
	if tree, set := gitWorkTree(c, sub); set {
		if !tree.Known {
			return nil, false
		}
		globals = append(globals, "--work-tree="+tree.Path)
		if !inTree(dir, tree) {
			base = tree // git lists paths from the top of the tree
		}
	}
	gitDir, gitDirSet := syntax.Dir{}, false
	if v, known, ok := c.Getenv("GIT_DIR"); ok {
		gitDir, gitDirSet = syntax.Dir{}, true
		if known && v != "" {
			gitDir = dir.Join(v)
		}
	}
	opts, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range opts {
		if o.name == "git-dir" {
			gitDir, gitDirSet = syntax.Dir{}, true
			if o.hasVal && o.val.Static {
				gitDir = dir.Join(o.val.Value)
			}
		}
	}
	if gitDirSet {
		if !gitDir.Known {
			return nil, false
		}
		globals = append(globals, "--git-dir="+gitDir.Path)
	}
	args := append(globals, "clean", "--dry-run")
	if c.Args[sub].Value == "stash" {
		// stash takes the whole tree's untracked files: :/ is its top
		// (git prints the paths from where it runs, inside the tree, or
		// from the top).
		args = append(args, "-d")
		for _, a := range c.Args[sub+1:] {
			if a.Value == "--all" || strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(strings.SplitN(a.Value, "m", 2)[0], "a") {
				args = append(args, "-x")
				break
			}
		}
		args = append(args, "--", ":/")
	} else {
		for _, a := range c.Args[sub+1:] {
			v := a.Value
			if !a.Static {
				return nil, false
			}
			switch {
			case v == "--interactive" || v == "-i":
				continue
			case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "i") && !strings.ContainsAny(v, "e"):
				v = strings.ReplaceAll(v, "i", "")
				if v == "-" {
					continue
				}
			}
			args = append(args, v)
		}
	}
	out, err := runGit(dir.Path, args...)
	if err != nil {
		return nil, false
	}
	var paths []string
	for _, line := range strings.Split(string(out), "\n") {
		rel, ok := strings.CutPrefix(line, "Would remove ")
		if !ok || rel == "" {
			continue
		}
		abs := path.Join(base.Path, rel)
		if strings.HasSuffix(rel, "/") {
			abs += "/"
		}
		paths = append(paths, abs)
	}
	return paths, true
}

// gitCleanForced reports whether git clean at args[sub] deletes: -f, or
// clean.requireForce set false on the command line.
func gitCleanForced(c *syntax.Call, sub int) bool {
	args := c.Args[sub+1:]
	opts, _ := scan(args, specFor("git clean"))
	if has(opts, "f", "force") {
		return true
	}
	// The last -c clean.requireForce=… counts, as in git's config; the
	// environment's (GIT_CONFIG_COUNT, GIT_CONFIG_PARAMETERS) come before.
	var vals []string
	for _, kv := range c.GitEnvConfig {
		if k, v, _ := strings.Cut(kv, "="); strings.EqualFold(strings.TrimSpace(k), "clean.requireForce") {
			vals = append(vals, v)
		}
	}
	cvals, _ := gitConfigs(c, sub, "clean.requireForce")
	vals = append(vals, cvals...)
	if len(vals) == 0 {
		return false
	}
	switch strings.ToLower(vals[len(vals)-1]) {
	case "false", "no", "off", "0":
		return true
	}
	return false
}

// headOf splits a word's value that starts with a part only known at run
// time ($DIR, ${DIR}, ${DIR:-x}, $(cmd), `cmd`) into that part and the
// rest. ok is false for a word that starts with known text.
func headOf(v string) (head, rest string, ok bool) {
	switch {
	case strings.HasPrefix(v, "${"):
		depth := 0
		for i := 1; i < len(v); i++ {
			switch v[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return v[:i+1], v[i+1:], true
				}
			}
		}
	case strings.HasPrefix(v, "$("):
		depth := 0
		for i := 1; i < len(v); i++ {
			switch v[i] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					return v[:i+1], v[i+1:], true
				}
			}
		}
	case strings.HasPrefix(v, "`"):
		if i := strings.IndexByte(v[1:], '`'); i >= 0 {
			return v[:i+2], v[i+2:], true
		}
	case strings.HasPrefix(v, "$") && len(v) > 1:
		i := 1
		if strings.IndexByte("@*#?-$!0123456789", v[1]) >= 0 {
			i = 2
		} else {
			for i < len(v) && (v[i] == '_' || v[i] >= 'a' && v[i] <= 'z' || v[i] >= 'A' && v[i] <= 'Z' || v[i] >= '0' && v[i] <= '9') {
				i++
			}
		}
		if i > 1 {
			return v[:i], v[i:], true
		}
	}
	return "", "", false
}

// guardedHead reports a parameter expansion that stops the shell when the
// variable is unset or empty (${DIR:?}), so it can never expand to "".
func guardedHead(head string) bool {
	return strings.HasPrefix(head, "${") && strings.Contains(head, ":?")
}

// pwdHead reports a head that is the working directory: $(pwd), `pwd`,
// $(pwd -P), ${PWD}.
func pwdHead(head string) bool {
	h := strings.TrimSpace(strings.Trim(head, "$(){}`"))
	switch h {
	case "pwd", "pwd -L", "pwd -P", "/bin/pwd", "PWD":
		return true
	}
	return false
}

// userVars are the variables that name the user whose home directory is
// HOME.
var userVars = []string{"${USER}", "$USER", "${LOGNAME}", "$LOGNAME"}

// resolveTarget returns the static value a dynamic target certainly or
// most likely has: $(pwd) and `pwd` at its head are the working directory,
// $USER and $LOGNAME the last segment of the home directory. ok is false
// when something else stays unknown.
func (p *Pass) resolveTarget(dir syntax.Dir, a syntax.Arg) (syntax.Arg, bool) {
	if a.Static {
		return a, true
	}
	v := a.Value
	if head, rest, ok := headOf(v); ok && pwdHead(head) {
		if !dir.Known {
			return a, false
		}
		v = dir.Path + rest
	}
	if h := p.Config.Home; h != "" && path.Base(h) != "/" {
		for _, u := range userVars {
			v = strings.ReplaceAll(v, u, path.Base(path.Clean(h)))
		}
	}
	if v == a.Value || strings.ContainsAny(v, "$`") {
		return a, false
	}
	out := a
	out.Value, out.Static = v, true
	out.Glob = strings.ContainsAny(v, "*?[") && !strings.ContainsAny(a.Raw, `"'\`)
	return out, true
}

// unknownRoot reports why a dynamic target that starts with a value only
// known at run time ("$DIR/x", `pwd`/x, "$X"/*) can reach outside where it
// is meant to, or "" when it cannot: the value is followed by a path, and
// if it is empty or unset the path starts at /.
func unknownRoot(a syntax.Arg) string {
	head, rest, ok := headOf(a.Value)
	if !ok || guardedHead(head) || !strings.HasPrefix(rest, "/") {
		return ""
	}
	if name := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(head, "$"), "{"), "}"); slices.Contains(a.NonEmpty(), name) {
		// d=${X:-/tmp}; rm -rf $d/x: the model knows d is never empty
		// (the values it may take are judged as maybeArgs).
		return ""
	}
	if strings.HasPrefix(head, "${") {
		// ${TMPDIR:-/tmp}/x is never empty: unset or empty, it is its
		// default (a literal one; the values it then takes are judged
		// as maybeArgs).
		inner := head[2 : len(head)-1]
		if i := strings.IndexAny(inner, ":"); i > 0 && len(inner) > i+2 && (inner[i+1] == '-' || inner[i+1] == '=') && !onlyExpansion(inner[i+2:]) {
			return ""
		}
	}
	return "it starts with " + head + ", only known at run time: if that is empty or unset this is " + rest
}

// onlyExpansion reports a default that is one parameter expansion and
// nothing else ($D, ${D}, "$D"): it can be empty too; a default with
// text of its own ($HOME/.cache, /tmp) cannot.
func onlyExpansion(def string) bool {
	d := strings.Trim(def, `"`)
	if strings.HasPrefix(d, "${") && strings.HasSuffix(d, "}") && strings.Count(d, "$") == 1 {
		return true
	}
	if strings.HasPrefix(d, "$") && strings.Count(d, "$") == 1 {
		return d == "$" || strings.Trim(d[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == ""
	}
	return strings.ContainsAny(d, "`") || d != "" && strings.Count(d, "$") > 0 && strings.Trim(d, "${}abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == ""
}

// isFd reports whether c is fd (fdfind on Debian), which finds paths as
// find does: its roots and its selection are read by syntax.FdRoots and
// syntax.FdSelects.
func isFd(c *syntax.Call) bool { return c.Name == "fd" || c.Name == "fdfind" }

// fdDeletions lists the roots of fd -x/-X rm (or shred, unlink, rmdir, or
// a shell whose script deletes what fd hands it): every path fd finds
// under them, as find -exec rm does; fd's pattern and filters select
// some (syntax.FdSelects), and --max-depth 1 keeps to the roots' own
// entries.
func fdDeletions(p *Pass, c *syntax.Call) []deletion {
	verb, deep := "", false
	for i := 0; i < len(c.Args); i++ {
		opt, attached := syntax.FdExecOption(c.Args[i].Value)
		if opt == "" {
			continue
		}
		start := i + 1
		if attached != "" {
			start = i // --exec-batch=rm, -xrm: the command starts in this word
		}
		j := i + 1
		for j < len(c.Args) && c.Args[j].Value != ";" {
			j++
		}
		if j > i+1 || start == i {
			first := c.Args[start].Value
			if start == i {
				first = attached
			}
			if findDeleter.Get()[path.Base(first)] {
				verb = "fd " + opt + " " + path.Base(first)
				opts, _ := scan(c.Args[start+1:j], specFor(path.Base(first)))
				deep = path.Base(first) == "rm" && has(opts, "r", "R", "recursive")
			} else if shell, del := shellDeleter(p, c, c.Args[start].Start); del != nil {
				verb = "fd " + opt + " " + shell.Name + " -c " + del.Name
				opts, _ := scan(del.Args, specFor(del.Name))
				deep = del.Name == "rm" && has(opts, "r", "R", "recursive")
			}
		}
		i = j
	}
	if verb == "" {
		return nil
	}
	filtered, selects := syntax.FdSelects(c)
	if strings.HasSuffix(verb, "rmdir") {
		filtered = true // empty directories only
	}
	opts, _ := syntax.ScanOptions(c.Args, syntax.FdSpec)
	shallow := false
	for _, o := range opts {
		if (o.Name == "d" || o.Name == "max-depth" || o.Name == "exact-depth") && o.Val.Value == "1" && !deep {
			shallow = true
		}
	}
	var out []deletion
	for _, r := range syntax.FdRoots(c) {
		out = append(out, deletion{arg: r, verb: verb, recursive: !shallow, force: true, filtered: filtered, selects: selects, shallow: shallow})
	}
	return out
}
