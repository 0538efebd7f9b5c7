package rewrite

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// appendWriters are programs that write (or empty) each operand they are
// given, so that operands xargs appends at run time are written: touch,
// truncate, tee, and sed -i (in place); and cp, mv, install and ln, whose
// last operand (the one xargs appends) is the destination (echo
// .claude/settings.json | xargs cp x).
var appendWriters = []string{"touch", "truncate", "tee", "sed", "cp", "mv", "install", "ln"}

// checkRunTimeWrites judges the files a call writes through words it only
// gets at run time: a {} placeholder of find -exec, fd -x or xargs -I
// (find ~ -exec truncate -s0 {} +, xargs -I{} cp evil {}), or the
// operands xargs appends (echo ~/.bashrc | xargs truncate -s0). The paths
// are those the feeder gives, as for a deletion (rmDeletions): the roots
// of a find or an fd and the files it selects under them, the words of
// an echo or printf, the files rg --files lists. Each is judged as a
// write, and so is any of corral's own files a tree holds that the
// selection reaches (judgeSelfReached).
func (p *Pass) checkRunTimeWrites(c *syntax.Call) {
	if !c.ExtraArgs && !(c.RunBy != nil && argsFeeder(c) != c) {
		return
	}
	// find -execdir: the paths it writes from each found file's
	// directory (writes_execdir.go).
	p.checkExecDirWrites(c)
	if attrsChanger(c.Name) && len(c.Inputs) > 0 {
		return // parallel chmod … ::: x: the inputs are its operands, judged as written
	}
	if len(c.Inputs) > 0 {
		// parallel cp x {} ::: .claude/settings.json: the command as it
		// runs for each input the text gives.
		for _, in := range c.Inputs {
			run := *c
			run.Args, run.Inputs, run.ExtraArgs = nil, nil, false
			replaced := false
			for _, a := range c.Args {
				if a.Static && c.HasPlaceholder(a.Value) && in.Static {
					// parallel cp x ~/.{} ::: bashrc: every replacement
					// string, as the launcher builds the word
					// (syntax/placeholders.go).
					// A name only run time computes ({= perl =}, a --rpl
					// tag) is a pattern in the input's directory.
					if n, ok := p.codeMadeName(c, c, a, in); ok {
						a = n
					} else {
						a = c.FillArg(a, in)
					}
					replaced = true
				}
				run.Args = append(run.Args, a)
			}
			if !replaced {
				run.Args = append(run.Args, in)
			}
			for _, t := range writeTargets(&run) {
				p.judge(c, c.Script, c.Dir, t, "bash-write", c.Name+" (with "+feeder(c)+"'s input "+in.Raw+")")
			}
		}
		return
	}
	placeholder := false
	var affixes []affix
	seen := map[affix]bool{}
	add := func(a affix) {
		if !seen[a] {
			seen[a] = true
			affixes = append(affixes, a)
		}
	}
	for _, t := range writeTargets(c) {
		ph, computed := runTimePlaceholder(c, t.arg)
		if computed {
			// parallel cp {} {.}rc, touch {//}/.bashrc: a path the
			// launcher computes from each input (writes_computed.go).
			placeholder = true
			p.judgeComputedWrite(c, t)
			continue
		}
		_, rt := feederOperand(c, t.arg)
		if ph == "" && !(rt && !t.arg.Static) {
			continue
		}
		placeholder = true
		// find and xargs -I replace the placeholder inside a word too:
		// touch dest/{} writes dest/PATH, mv {} {}.bak writes PATH.bak.
		// find -execdir/-okdir hand ./NAME in the found file's own
		// directory: the paths found keep their judgement there.
		v := t.arg.Value
		if (t.backup || c.Name == "dd") && t.arg.Static {
			// sed -i.bak … {} +: the backup's name is made from the
			// path found ({}.bak; sed -i'.git/hooks/*' puts it after
			// the suffix's prefix), writes_backup.go. dd of={} writes
			// the path found, not a name that starts with "of=".
			v = t.path()
		}
		if ph != "" && t.arg.Static && strings.Count(v, ph) == 1 && !inFoundDir(c) {
			pre, suf, _ := strings.Cut(v, ph)
			add(affix{pre, suf})
		} else {
			add(affix{})
		}
	}
	for _, r := range c.Redirs {
		// find … -exec sh -c 'echo x > "$1"' _ {} \;: the shell's
		// positional parameter is the path.
		if _, rt := feederOperand(c, r.Target); rt && r.Writes() && argsFeeder(c) != c {
			placeholder = true
			add(affix{})
		}
	}
	appended := false
	if !placeholder && c.ExtraArgs && c.Replace == "" && !hasPlaceholder(c) && !findNoArgs(c) {
		// echo ~/.ssh/id_rsa | xargs chmod 644: the operands appended.
		appended = attrsChanger(c.Name)
		for _, n := range appendWriters {
			if c.Name == n {
				appended = n != "sed" || inPlace(c)
				if n == "cp" || n == "install" || n == "ln" {
					// -t DIR: what xargs appends are sources, only read.
					opts, _ := scan(c.Args, specFor(n))
					appended = !has(opts, "t", "target-directory")
				}
			}
		}
	}
	if !placeholder && !appended {
		return
	}
	if appended {
		add(affix{})
		for _, a := range appendedBackups(c) {
			add(a) // … | xargs sed -i.bak: NAME.bak (writes_backup.go)
		}
	}
	feeder := argsFeeder(c)
	if fromFind(feeder) {
		host := p.findHost(feeder)
		if host == nil {
			return
		}
		filtered, selects := findSelects(host, setOf(c.Name, feeder.Name), false)
		roots := findRoots(host)
		if r, ok := execDirRoot(c, host); ok && inFoundDir(feeder) && c.Dir == feeder.Dir {
			// -execdir runs c in S's tree: the root is S itself, "."
			// from c's directory (not find's root again from there).
			roots = []syntax.Arg{r}
		}
		for _, r := range roots {
			for _, a := range affixes {
				p.judgeRunTimeWrite(c, deletion{arg: r, filtered: filtered, selects: selects, finder: host}, true, findFolds(host), a)
			}
		}
		return
	}
	for _, d := range pipeInputs(p, feeder, deletion{}) {
		tree := strings.Contains(d.arg.Raw, "(from ") && !strings.Contains(d.arg.Raw, "(from ls)")
		for _, a := range affixes {
			p.judgeRunTimeWrite(c, d, tree, false, a)
		}
	}
}

// attrsChanger reports a program that changes modes, owners or
// attributes of the files it is given.
func attrsChanger(name string) bool {
	switch name {
	case "chmod", "chown", "chgrp", "chattr", "setfacl":
		return true
	}
	return false
}

// inFoundDir reports a call find runs with -execdir or -okdir, in the
// directory of each file it finds.
func inFoundDir(c *syntax.Call) bool {
	for _, w := range c.Wrappers {
		if w == "find -execdir" || w == "find -okdir" {
			return true
		}
	}
	return false
}

// affix is the text a written word holds around the placeholder its
// feeder replaces at run time: find … -exec touch dest/{} \; writes
// dest/PATH (pre "dest/"), xargs -I{} mv {} {}.bak writes PATH.bak (suf
// ".bak"). GNU find and xargs replace the placeholder wherever it
// stands in a word, with the path as the feeder prints it.
type affix struct{ pre, suf string }

// judgeRunTimeWrite judges a write to what d.arg names: the path itself
// when it is a file a feeder prints, the files d.selects matches under it
// when a find selects some, and corral's own files under it that the
// selection reaches (a hidden one only when the listing shows those:
// find does, rg does not).
func (p *Pass) judgeRunTimeWrite(c *syntax.Call, d deletion, tree, fold bool, a affix) {
	root, filtered, selects := d.arg, d.filtered, d.selects
	suf := ""
	if a != (affix{}) && root.Static && !root.Glob {
		// The written path is the affixes around the path the feeder
		// prints (which starts with the root as written): with the
		// prefix, the tree lies under PRE+ROOT; the suffix ends each
		// name. A root only known at run time keeps the root's own
		// judgement (its value may climb out with ..), and so does a
		// pattern (matched on disk as written).
		root.Value = a.pre + root.Value
		if tree {
			suf = a.suf
		} else {
			root.Value += a.suf
		}
	}
	what := c.Name + " (on paths given at run time)"
	t := target{arg: root, action: guards.Write}
	if tree {
		// A file selects matches under the root: with no selection, any
		// file directly in it (its glob is expanded on disk when judged)
		// and, below, corral's own files (judgeSelfReached).
		sel := selects
		if !filtered {
			sel = "*"
		}
		t.value = strings.TrimSuffix(root.Value, "/") + "/" + sel + suf
		if !d.visible && !root.Glob {
			// find -name '*.json' lists .x.json (a root that is a shell
			// pattern itself, find *, names no hidden one).
			t.arg.GlobOpts |= syntax.GlobDot
		}
		if fold {
			t.arg.GlobOpts |= syntax.GlobNoCase
		}
	}
	if attrsChanger(c.Name) && !c.Loop {
		// find ~/.ssh -exec chmod 644 {} +: the mode or owner of the
		// files it is handed changes, judged as chmod of them written
		// out (corral's own files and whole trees: checkSelfAttrs and
		// chmod-recursive; the links it selects: checkChmod). A loop's
		// (for f in $(find …); do chmod … "$f") keeps the write's
		// judgement below.
		t.attrs = true
		for _, at := range attrTargets(c) {
			t.closes, t.opens = at.closes, at.opens
		}
		p.judge(c, c.Script, c.Dir, t, "bash-write", what)
		return
	}
	p.judge(c, c.Script, c.Dir, t, "bash-write", what)
	if tree && d.finder != nil && a == (affix{}) {
		// find . -name 'k*' -exec truncate -s0 {} +: a link it selects
		// is written through (find_links.go).
		sel := "*"
		if filtered {
			sel = selects
		}
		p.judgeFoundLinks(c, d.finder, []syntax.Arg{d.arg}, sel, target{action: guards.Write}, true, "bash-write", what)
	}
	if tree && c.Name != "touch" && c.Name != "truncate" {
		sel := selects + suf
		if !filtered {
			sel = "*" + suf
		}
		p.runTimeMemoryWrite(c, d.arg, sel, fold)
	}
	if tree && a.pre != "" && root.Static && !root.Glob {
		// The names land under PRE+ROOT, which need not be there yet: a
		// directory that can hold a self-protected file asks (find . -exec
		// cp {} .claude/{} \;), as for a copy of files named at run time.
		p.judgeUnnamedTree(c, treeCopy{src: d.arg, dest: root, base: root.Value}, false)
	}
	if tree {
		name := ""
		if filtered && selects != "*" {
			name = selects
		}
		switch {
		case suf == "":
		case strings.Contains(suf, "/"):
			name = "" // PATH/x: any file below
		case name == "":
			name = "*" + suf
		default:
			name += suf
		}
		if d.visible {
			f, r, ok := p.selfReached(c.Dir, []syntax.Arg{root}, name, fold)
			if !ok || hiddenBelow(c, r.Value, f) {
				return
			}
		}
		if d.byContent {
			// grep -rl foo . | xargs sed -i …: a file of corral's (or
			// .git's) is on the list only if it holds a match, and not
			// under a directory --exclude-dir skips: possible, so a
			// deny asks.
			f, r, ok := p.selfReachedExcept(c.Dir, []syntax.Arg{root}, name, fold, false, func(f string) bool {
				return underSkipped(c, root.Value, f, d.skipDirs)
			})
			if ok {
				p.judgeMaybe(func() {
					p.judge(c, c.Script, c.Dir, target{arg: r, value: f, action: guards.Write, derived: true}, "bash-write", what)
				})
			}
			return
		}
		p.judgeSelfReached(c, []syntax.Arg{root}, name, fold, guards.Write, false, "bash-write", what)
	}
}

// underSkipped reports whether file f, under the directory root (as
// written, from c's directory), is inside a directory whose name matches
// one of the patterns a listing does not enter (grep --exclude-dir).
func underSkipped(c *syntax.Call, root, f string, skip []string) bool {
	if len(skip) == 0 {
		return false
	}
	abs := c.Dir.Join(root)
	rel, ok := strings.CutPrefix(f, strings.TrimSuffix(abs.Path, "/")+"/")
	if !abs.Known || !ok {
		return false
	}
	segs := strings.Split(rel, "/")
	for _, seg := range segs[:len(segs)-1] {
		for _, pat := range skip {
			if findNameMatch(pat, seg, false) {
				return true
			}
		}
	}
	return false
}

// hiddenBelow reports whether file f, under the directory root (as
// written, from c's directory), has a hidden name on the way down from
// root: a listing that skips hidden entries (rg) does not show it.
func hiddenBelow(c *syntax.Call, root, f string) bool {
	abs := c.Dir.Join(root)
	rel, ok := strings.CutPrefix(f, strings.TrimSuffix(abs.Path, "/")+"/")
	if !abs.Known || !ok {
		return false
	}
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}

// inPlace reports whether sed c edits its files in place.
func inPlace(c *syntax.Call) bool {
	for _, a := range c.Args {
		v := a.Value
		if v == "--in-place" || strings.HasPrefix(v, "--in-place=") {
			return true
		}
		if a.Static && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") {
			if strings.Contains(v, "i") && !strings.ContainsAny(strings.SplitN(v, "i", 2)[0], "ef") {
				return true
			}
		}
	}
	return false
}

// runTimeMemoryWrite judges a write of paths given at run time that
// selects files by name under root (find ROOT -name NAME -exec sed -i …
// {} +; no -name selects every file) for the memory files the agent
// loads with every @file they name (syntax.ReferencingFile):
//   - a name without a pattern character that is a memory file's name
//     (find . -name CLAUDE.md -exec sed -i '1i @~/.ssh/id_rsa' {} +) asks,
//     as a direct sed -i of a text corral cannot compute does
//     (checkRunFileWrites);
//   - a pattern (-name '*.md', or none) reaches the memory files under
//     root that it matches: those on disk (listed up to maxMemoryWalk
//     entries) and those an earlier part of the command writes. A sed
//     edit of literal substitutions is computed on each file on disk and
//     the @ imports of the text it leaves are judged as a write of that
//     text's would be; any other edit, a file written earlier in the
//     command, a listing cut short and a root only known at run time
//     ask.
//
// fold: the name matches without case (-iname).
//
// The files a memory file on disk imports are loaded with it: those under
// root that the name matches are judged as the memory files are
// (runTimeImportedWrite).
func (p *Pass) runTimeMemoryWrite(c *syntax.Call, root syntax.Arg, name string, fold bool) {
	if name == "" || strings.Contains(name, "/") {
		return
	}
	if !p.runTimeMemoryFileWrite(c, root, name, fold) {
		p.runTimeImportedWrite(c, root, name, fold)
	}
}

// runTimeMemoryFileWrite is runTimeMemoryWrite for the memory files
// themselves; it reports whether it asked.
func (p *Pass) runTimeMemoryFileWrite(c *syntax.Call, root syntax.Arg, name string, fold bool) (asked bool) {
	ask := func(why string) {
		asked = true
		p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
			Message: c.Name + " writes the files named " + name + " it is given at run time, " + why})
	}
	const unknownText = "which the agent loads with the contents of every @file they name, with text only known at run time"
	if !strings.ContainsAny(name, "*?[") {
		for _, mem := range syntax.MemoryFileNames() {
			if findNameMatch(name, mem, fold) {
				ask(unknownText)
				return
			}
		}
		return
	}
	if !memoryNamePossible(name, fold) {
		return
	}
	// Programs that change a file's text (in-place editors, copies); mv
	// and rename move the files (a memory file moved away holds no new
	// text).
	switch l := lang.ForProgram(c.Name); {
	case l == lang.Perl || l == lang.Ruby:
	case c.Name == "sed" || c.Name == "gsed" || c.Name == "awk" || c.Name == "gawk":
	case c.Name == "tee" || c.Name == "cp" || c.Name == "install" || c.Name == "dd":
	default:
		return
	}
	literal := c.Name == "sed" || c.Name == "gsed"
	if literal {
		_, literal = syntax.InPlaceEditText(c, "")
	}
	roots := candidateArgs(root)
	for _, r := range roots {
		if !r.Static || r.Glob {
			// An in-place editor's text is the edit's; a copy's (cp, tee)
			// onto files under a root only known at run time is a limit.
			if !literal && c.Name != "cp" && c.Name != "install" && c.Name != "tee" && c.Name != "dd" {
				ask("among them any memory file under " + root.Raw + " (which the agent loads with the contents of every @file it names), with text only known at run time")
			}
			return
		}
	}
	cfg := p.Config
	for _, r := range roots {
		env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
		if !c.Dir.Known {
			env.Cwd = cfg.Project
		}
		abs := guards.Normalize(env, r.Value).Abs
		if abs == "" {
			continue
		}
		for _, w := range p.Model.RunFileWrites {
			if w.Call != c && syntax.ReferencingFile(w.Path) && (w.Path == abs || guards.Within(abs, w.Path)) && findNameMatch(name, path.Base(w.Path), fold) {
				ask("among them " + relOrSelf(c.Dir, w.Path) + ", which this command wrote before and the agent loads with the contents of every @file it names")
				return
			}
		}
		files, complete := p.loadedMemoryFiles(abs, name, fold)
		if !complete {
			ask("among them the memory files under " + r.Value + " (which the agent loads with the contents of every @file they name), too many files to list")
			return
		}
		for _, f := range files {
			old, err := syntax.ReadScript(f)
			if err != nil {
				ask("among them " + relOrSelf(c.Dir, f) + ", which the agent loads with the contents of every @file it names and corral cannot read")
				return
			}
			text, ok := p.sedEditText(c, old)
			if !ok {
				ask("among them " + relOrSelf(c.Dir, f) + ", which the agent loads with the contents of every @file it names, with text only known at run time")
				return
			}
			p.judgeMemoryText(c, f, text)
		}
	}
	return
}

// runTimeImportedWrite judges a write of paths given at run time that
// selects files by name under root for the files a memory file on disk
// imports (syntax.ImportedFiles: CLAUDE.md holding @README.md), which the
// agent loads with it: each one under root that is on disk and whose base
// name the selection matches (a fixed name or a pattern) is edited as a
// memory file is (runTimeMemoryFileWrite): a sed edit of literal
// substitutions computed, any other change of its text asked about.
func (p *Pass) runTimeImportedWrite(c *syntax.Call, root syntax.Arg, name string, fold bool) {
	switch l := lang.ForProgram(c.Name); {
	case l == lang.Perl || l == lang.Ruby:
	case c.Name == "sed" || c.Name == "gsed" || c.Name == "awk" || c.Name == "gawk":
	case c.Name == "tee" || c.Name == "cp" || c.Name == "install" || c.Name == "dd":
	default:
		return
	}
	cfg := p.Config
	for _, r := range candidateArgs(root) {
		if !r.Static || r.Glob {
			return // a root only known at run time: a limit, as for copies
		}
		env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
		if !c.Dir.Known {
			env.Cwd = cfg.Project
		}
		abs := guards.Normalize(env, r.Value).Abs
		if abs == "" {
			continue
		}
		for _, f := range p.imported.Under(abs) {
			if !findNameMatch(name, path.Base(f), fold) {
				continue
			}
			if fi, err := os.Lstat(f); err != nil || !fi.Mode().IsRegular() {
				continue // find selects no such file
			}
			old, err := syntax.ReadScript(f)
			text, ok := "", false
			if err == nil {
				text, ok = p.sedEditText(c, old)
			}
			if !ok {
				p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
					Message: c.Name + " writes the files named " + name + " it is given at run time, among them " + relOrSelf(c.Dir, f) +
						importedWhy(c, p.imported, f) + ", with text only known at run time"})
				return
			}
			p.judgeMemoryText(c, f, text)
		}
	}
}

// importedWhy says, after a file's name, that the memory file on disk
// that imports the file at f makes the agent load it.
func importedWhy(c *syntax.Call, im *syntax.ImportedFiles, f string) string {
	if by, ok := im.ImportedBy(f); ok {
		return ", which " + relOrSelf(c.Dir, by) + " imports: the agent loads it with the contents of every @file it names"
	}
	return ", which the agent loads with the contents of every @file it names"
}

// judgeMemoryText judges the @ imports of text, the text call leaves in
// the memory file f, as checkFileRefs judges a known write's.
func (p *Pass) judgeMemoryText(c *syntax.Call, f, text string) {
	cwd := ""
	if c.Dir.Known {
		cwd = c.Dir.Path
	}
	read := func(q string) (string, bool) {
		t, err := syntax.ReadScript(q)
		return t, err == nil
	}
	for _, im := range syntax.Imports(f, text, cwd, p.Config.Home, read) {
		for _, t := range syntax.FileRefPaths(im.Ref, path.Dir(im.File), cwd, p.Config.Home) {
			if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: t, Raw: t, Static: true}); ok {
				p.reportSecret(c, s, c.Name+" writes into "+relOrSelf(c.Dir, f)+" (which the agent loads into its context by itself) a reference to")
				return
			}
		}
	}
}

// memoryNamePossible reports whether find's -name pattern can match the
// name of a memory file: one of the fixed names, or (for .claude/rules)
// a name ending in .md, which a pattern can only match if it ends in d
// or a pattern character.
func memoryNamePossible(pattern string, fold bool) bool {
	for _, mem := range syntax.MemoryFileNames() {
		if findNameMatch(pattern, mem, fold) {
			return true
		}
	}
	last := pattern[len(pattern)-1]
	return last == 'd' || last == 'D' && fold || last == '*' || last == '?' || last == ']'
}

// maxMemoryWalk bounds the entries loadedMemoryFiles lists.
const maxMemoryWalk = 100000

// loadedMemoryFiles lists the memory files (syntax.ReferencingFile) at or
// under root that an agent loads and whose base name the pattern matches,
// and whether the listing is complete. The agent loads them from the
// project's tree, from the project's directory up to / (CLAUDE.md and the
// like in each) and from its directories in the home directory: a root
// that holds the project (find / …, find ~ …) is listed where those lie,
// and a root elsewhere (/tmp/x) holds none. Links are not followed, as
// find does not.
func (p *Pass) loadedMemoryFiles(root, pattern string, fold bool) ([]string, bool) {
	cfg := p.Config
	var walks []string
	var out []string
	cover := func(dir string) {
		switch {
		case dir == "":
		case root == dir || guards.Within(dir, root):
			walks = append(walks, root)
		case guards.Within(root, dir):
			walks = append(walks, dir)
		}
	}
	cover(cfg.Project)
	if cfg.Home != "" {
		// Where the agents keep the memory files they load in every
		// project.
		for _, d := range []string{".claude", ".gemini", ".qwen", ".codex"} {
			cover(path.Join(cfg.Home, d))
		}
	}
	if cfg.Project != "" {
		for a := path.Dir(cfg.Project); ; a = path.Dir(a) {
			if a == root || guards.Within(root, a) {
				for _, mem := range syntax.MemoryFileNames() {
					f := path.Join(a, mem)
					if fi, err := os.Lstat(f); err == nil && fi.Mode().IsRegular() && findNameMatch(pattern, mem, fold) {
						out = append(out, f)
					}
				}
			}
			if a == "/" || a == "." {
				break
			}
		}
	}
	n := 0
	seen := map[string]bool{}
	for _, w := range walks {
		if seen[w] {
			continue
		}
		seen[w] = true
		complete := true
		_ = filepath.WalkDir(w, func(q string, e fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			n++
			if n > maxMemoryWalk {
				complete = false
				return filepath.SkipAll
			}
			if e.Type().IsRegular() && syntax.ReferencingFile(q) && findNameMatch(pattern, e.Name(), fold) {
				out = append(out, q)
			}
			return nil
		})
		if !complete {
			return nil, false
		}
	}
	return out, true
}
