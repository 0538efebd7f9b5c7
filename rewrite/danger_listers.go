package rewrite

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// Programs that print paths, feeding xargs or parallel (task LS): du
// prints SIZE<TAB>PATH for each directory under its operands (each file
// with -a) and the operand itself last, so the paths are under the
// operands and cut -f2 or awk '{print $2}' take them; tree prints its
// operand on its first line (its entries after it, whole paths with -f);
// realpath and readlink -f/-e/-m print each operand's resolved path;
// dirname and basename each operand's directory or last name; sort,
// head, tail, tac and uniq keep some of the lines before them. What they
// print is judged as those paths (du ~ | cut -f2 | xargs rm -rf is rm
// -rf ~); a print corral cannot place (realpath --relative-to, readlink
// of a link's target, a field other than the path) gives nothing, which
// leaves the inputs to run time (asked).

// printedStage returns the deletions of what stage k of stage(0)…
// stage(k) prints, shaped like base, when it is one of the programs
// above, a line filter (line_filters.go), a producer of paths
// (producedPaths) or, given the pass and the pipeline, a compound
// stage (compoundStage); ok is false when stage k is none of them. With a
// pass, a filter given a file this command wrote is followed to what
// wrote it (file_producer.go).
func printedStage(p *Pass, pl *syntax.Pipeline, stage func(int) *syntax.Call, k int, base deletion) (out []deletion, ok bool) {
	if p != nil && pl != nil && !p.visitStage(pl, k, 2) {
		return nil, false
	}
	src := stage(k)
	if src == nil {
		if p == nil || pl == nil || k < 0 {
			return nil, false
		}
		// find ~/.ssh | { cat; } | xargs rm, … | while read f; do echo
		// "$f"; done | xargs rm: the calls of a compound stage.
		return p.compoundStage(pl, k, base)
	}
	role, file, fromFile := lineFilter(src)
	if role != notLines {
		switch prev := stage(k - 1); {
		case fromFile && p == nil:
			return nil, false
		case fromFile:
			// find ~ -name k > l; sort l | xargs rm, sed p l | xargs
			// rm, cat l | xargs rm: the lines of the file this command
			// wrote, kept or edited.
			return throughFilter(p.fileStageInputs(src, file, base), src, role), true
		case k == 0:
			// find ~/.ssh | ( sort > l ), | tee >(cat > l): a first
			// stage reads the pipe into its compound stage, or what a
			// substitution's host writes (readsOutside).
			return throughFilter(p.enclosingLines(src, base), src, role), true
		case grepName(src.Name) && role == keepsLines && isLsFiles(prev):
			// git ls-files | grep '\.pyc$' | xargs rm: the listed names
			// grep keeps (all of them with -v or a pattern that keeps
			// every line); a narrowing grep is no deletion of every
			// tracked file (danger_listed.go).
			out, _ = lsFilesDeletions(prev, base)
			keep, _ := grepKeeps(src)
			re, _ := grepKeep(src)
			for i := range out {
				out[i].arg.Raw += " (through grep)"
				out[i].narrowed, out[i].lines = keep, re
			}
			return out, true
		case (src.Name == "cut" || strings.HasSuffix(src.Name, "awk")) && pathField(src):
			// cut -f2, awk '{print $2}' (or $NF) of du's lines: the
			// paths, exactly.
			for j := k - 1; j > 0 && prev != nil && lineKept(prev); j-- {
				prev = stage(j - 1)
			}
			if prev != nil && prev.Name == "du" {
				out, _ = printedStage(p, pl, stage, k-1, base)
				return out, true
			}
		}
		// Lines kept (or reordered) from the stage before, or edited
		// (line_filters.go): find ~ | cat | xargs rm, find ~/.ssh | sed
		// p | xargs rm.
		out, _ = printedStage(p, pl, stage, k-1, base)
		return throughFilter(out, src, role), true
	}
	if len(src.Wrappers) > 0 {
		if out, ok := producedPaths(src, base); ok || p == nil || pl == nil {
			return p.substProduced(src, out, base), ok
		}
		return p.opaqueStage(pl, stage, k, base, nil, false)
	}
	opts, operands := scan(src.Args, specFor(src.Name))
	add := func(a syntax.Arg, note string) {
		d := base
		d.arg = a
		d.arg.Raw += " (from " + note + ")"
		out = append(out, d)
	}
	dot := syntax.Arg{Value: ".", Raw: ".", Static: true}
	switch src.Name {
	case "find", "fd", "fdfind":
		return foundDeletions(src, base), true
	case "git":
		return lsFilesDeletions(src, base)
	case "du", "tree":
		if len(operands) == 0 {
			add(dot, src.Name)
		}
		for _, i := range operands {
			add(src.Args[i], src.Name)
		}
		return out, true
	case "realpath", "readlink":
		if src.Name == "realpath" && has(opts, "relative-to", "relative-base") {
			return nil, true // relative to a directory: placed by neither
		}
		if src.Name == "readlink" && !has(opts, "f", "canonicalize", "e", "canonicalize-existing", "m", "canonicalize-missing") {
			return nil, true // a link's target as written
		}
		for _, i := range operands {
			add(src.Args[i], src.Name)
		}
		return out, true
	case "dirname", "basename":
		ops := operands
		if src.Name == "basename" && len(ops) > 1 && !has(opts, "a", "multiple", "s", "suffix") {
			ops = ops[:1] // basename NAME SUFFIX
		}
		for _, i := range ops {
			a := src.Args[i]
			if a.Static {
				if src.Name == "dirname" {
					a.Value = syntax.Dirname(a.Value)
				} else {
					a.Value = syntax.Basename(a.Value)
				}
			}
			add(a, src.Name)
		}
		return out, true
	}
	if k == 0 && p.echoesLines(src) {
		// find ~/.ssh | while read f; do echo "$f"; done > l: the
		// lines the loop reads, printed again.
		return throughFilter(p.enclosingLines(src, base), src, editsLines), true
	}
	// echo ~/.ssh/id_rsa | sed p | xargs rm: the paths a producer
	// prints (danger_delete.go).
	if out, ok := producedPaths(src, base); ok || p == nil || pl == nil {
		return p.substProduced(src, out, base), ok
	}
	// find ~/.ssh | sh -c 'sed p' | xargs rm: the calls of the script
	// a shell stage runs, which share its pipes; find ~/.ssh | python3
	// -c 'print(input())' | xargs rm: a program corral cannot read
	// passes on what it reads (opaqueStage).
	out, ok = p.compoundStage(pl, k, base)
	return p.opaqueStage(pl, stage, k, base, out, ok)
}

// lineKept reports a stage that passes on some of the lines it reads
// from the pipe, as they are (lineFilter).
func lineKept(c *syntax.Call) bool {
	role, _, fromFile := lineFilter(c)
	return role == keepsLines && !fromFile
}

// headSpec is head's and tail's options that take a value (a count:
// -n 5, -c 1K; -5 is read as a flag).
var headSpec = optSpec{shortVal: "nc", longEq: true, abbrev: true, longVal: longOpts("bytes", "lines", "pid",
	"sleep-interval", "max-unchanged-stats")}

// pathField reports cut -f2 (tab-delimited, as du prints), or an awk
// program that prints $2 or $NF of each line: du's path.
func pathField(c *syntax.Call) bool {
	if c.Name == "cut" {
		opts, operands := scan(c.Args, cutSpec)
		if len(operands) > 0 || has(opts, "d", "delimiter") {
			return false
		}
		for _, o := range find(opts, "f", "fields") {
			if o.val.Static && (o.val.Value == "2" || o.val.Value == "2-") {
				return true
			}
		}
		return false
	}
	if len(c.Args) != 1 || !c.Args[0].Static {
		return false
	}
	prog := strings.Join(strings.Fields(c.Args[0].Value), "")
	return prog == "{print$2}" || prog == "{print$NF}"
}

// cutSpec is cut's options that take a value.
var cutSpec = optSpec{shortVal: "bcdf", longEq: true, abbrev: true, longVal: longOpts("bytes", "characters", "delimiter",
	"fields", "output-delimiter")}

// substListing returns the deletions of what a command substitution a
// prints when it is du or tree, alone or through the filters above
// (rm -rf $(du -s ~ | cut -f2), rm -rf $(tree -fi ~)): the paths under
// their operands; or when it is a pipeline from a program that lists a
// tree (treeLister) whose last stage printedStage reads (rm $(find
// ~/.ssh | sed p), rm $(find ~/.ssh | mytool)), as xargs would get it.
// ok is false for any other substitution.
func (p *Pass) substListing(c *syntax.Call, a syntax.Arg, base deletion) ([]deletion, bool) {
	inner := p.callsWithin(c.Script, a.Start, a.End, c)
	if len(inner) == 0 || len(inner) > 8 {
		return nil, false
	}
	pl := inner[0].Pipe
	stage := func(k int) *syntax.Call { return inner[0] }
	last := 0
	if pl != nil {
		if len(pl.Calls) != len(inner) || pl.Subst != "" {
			return nil, false
		}
		for _, o := range inner {
			if o.Pipe != pl {
				return nil, false
			}
		}
		stage, last = pl.Stage, len(pl.Calls)-1
	} else if len(inner) != 1 {
		return nil, false
	}
	first := stage(0)
	if first == nil || first.Name != "du" && first.Name != "tree" && !isLsFiles(first) && (pl == nil || a.Static || !treeLister(first)) {
		// A pipeline whose text the shell model computed (rm
		// "$(echo .BASHRC | tr A-Z a-z)") is judged by that text, and
		// one that prints words or a value ("$(echo "$f" | sed …)") as
		// a path a program chose (computedTarget).
		return nil, false
	}
	out, ok := printedStage(p, pl, stage, last, base)
	if !ok || len(out) == 0 {
		return nil, false
	}
	for _, d := range out {
		if d.opaque {
			// A program corral cannot read may print other paths too:
			// the word is judged as written as well (rm -rf of paths
			// a command prints at run time asks).
			x := base
			x.arg = a
			return append(out, x), true
		}
	}
	return out, true
}

// git ls-files prints the files git tracks under its pathspecs (under
// the directory it runs in when there are none), each relative to that
// directory, and xargs, a loop or a substitution hands them to the
// deleter, which resolves them in its own directory: git ls-files |
// xargs rm -f deletes every tracked file of the project with its
// uncommitted changes, and is judged as find . -type f | xargs rm -f is
// (rm-root: every file in the project), while the path guards judge the
// files the real git lists (checkListedDeletions). A glob pathspec
// selects by name (git ls-files '*.pyc' | xargs rm: the .pyc files, as
// find . -name '*.pyc' is judged); git's * also matches a /, so the
// name is the pattern's last segment. -o (--others), -i (--ignored) and
// -k (--killed) list files git does not track: judged as git clean -f
// is, work never committed that no git command brings back; -d alone
// lists files that are gone, and deletes nothing. -s, -u, -t, -v, --eol
// and --debug print more words on each line, the path among them, and
// xargs splits them: the paths still go. --format gives the paths only
// with %(path). Through sort, head, tail or uniq the names are the same;
// a grep between narrows them (stageInputs).

// isLsFiles reports git ls-files.
func isLsFiles(c *syntax.Call) bool {
	return c.Name == "git" && gitSubcommand(c) == "ls-files"
}

// lsFilesDeletions returns the deletions of what git ls-files c prints;
// ok is false when c is another git subcommand.
func lsFilesDeletions(c *syntax.Call, base deletion) (out []deletion, ok bool) {
	dir, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "ls-files" {
		return nil, false
	}
	opts, operands := scan(c.Args[sub+1:], lsFilesSpec)
	for _, o := range find(opts, "format") {
		if !o.val.Static || !strings.Contains(o.val.Value, "%(path)") {
			return nil, true // object names, modes: no path on the line
		}
	}
	tracked := has(opts, "c", "cached", "m", "modified", "s", "stage", "u", "unmerged", "resolve-undo")
	untracked := has(opts, "o", "others", "i", "ignored", "k", "killed")
	if !tracked && !untracked {
		if has(opts, "d", "deleted") {
			return nil, true // files no longer on disk: rm finds none
		}
		tracked = true // --cached is the default
	}
	// The names are relative to the directory git runs in (git -C d,
	// a work tree the working directory is outside of: its top; with
	// --full-name the top of the repository), and the deleter resolves
	// them in its own: under the pathspec as written, from there.
	_, worktree := gitWorkTree(c, sub)
	moved := worktree || dir != c.Dir && has(opts, "full-name")
	if has(opts, "full-name") && dir.Known && repoTop(dir.Path) != dir.Path {
		moved = true
	}
	add := func(a syntax.Arg, selects string) {
		d := base
		d.arg = a
		d.arg.Raw += " (from git ls-files)"
		d.filtered, d.selects = true, selects
		d.tracked, d.untracked = tracked, untracked
		d.lister = c
		out = append(out, d)
	}
	dot := syntax.Arg{Value: ".", Raw: ".", Static: true}
	if len(operands) == 0 || moved {
		add(dot, "*")
		return out, true
	}
	for _, i := range operands {
		a := c.Args[sub+1+i]
		switch {
		case !a.Static || strings.HasPrefix(a.Value, ":"):
			add(dot, "*") // a pathspec only known at run time, or with magic (:!x, :/, :(glob)…)
			continue
		case strings.HasPrefix(a.Value, "/"):
			if !dir.Known {
				add(dot, "*")
				continue
			}
			// An absolute pathspec: git prints it relative to where it runs.
			rel, err := filepath.Rel(dir.Path, a.Value)
			if err != nil {
				add(dot, "*")
				continue
			}
			a.Value = rel
		}
		g := strings.IndexAny(a.Value, "*?[")
		if g < 0 {
			add(a, "*")
			continue
		}
		root := a
		root.Value = "."
		if j := strings.LastIndex(a.Value[:g], "/"); j > 0 {
			root.Value = a.Value[:j]
		}
		pat := a.Value[strings.LastIndex(a.Value, "/")+1:]
		if pat == "" || strings.Trim(pat, "*") == "" {
			pat = "*" // src/*, src/**: everything under src
		}
		add(root, pat)
	}
	return out, true
}

// lsFilesSpec is git ls-files' options (git-ls-files(1)); git takes any
// unambiguous prefix of a long one (git ls-files --oth).
var lsFilesSpec = optSpec{shortVal: "xX", longEq: true, abbrev: true,
	longVal: longOpts("exclude", "exclude-from", "exclude-per-directory", "with-tree", "format"),
	longFlag: longOpts("cached", "deleted", "modified", "others", "ignored", "stage", "killed", "directory",
		"eol", "empty-directory", "no-empty-directory", "unmerged", "resolve-undo", "exclude-standard", "full-name",
		"recurse-submodules", "error-unmatch", "abbrev", "debug", "deduplicate", "sparse")}

// treeLister reports a program that prints the paths of a tree: find,
// fd, ls, grep -l/-r and rg --files.
func treeLister(c *syntax.Call) bool {
	switch c.Name {
	case "find", "fd", "fdfind", "ls":
		return true
	}
	if !grepName(c.Name) {
		return false
	}
	got, ok := producedPaths(c, deletion{})
	return ok && len(got) > 0
}

// substProduced reads the words a producer prints that are command
// substitutions (echo "$(find ~/.ssh)" | xargs rm, echo "a $(find
// ~/.ssh)" | …) as the same words given to rm are (substFinds): what
// the substitution lists, not one path a program chose.
func (p *Pass) substProduced(src *syntax.Call, out []deletion, base deletion) []deletion {
	if p == nil {
		return out
	}
	var res []deletion
	for i, d := range out {
		if d.arg.Static {
			if res != nil {
				res = append(res, d)
			}
			continue
		}
		found := p.substFinds(src, d.arg, base)
		if found == nil {
			if res != nil {
				res = append(res, d)
			}
			continue
		}
		if res == nil {
			res = append(res, out[:i]...)
		}
		res = append(res, found...)
	}
	if res == nil {
		return out
	}
	return res
}
