package rewrite

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Writes of commands find -execdir and -okdir run. GNU find runs such a
// command in the directory of each file it finds, with {} replaced by
// ./NAME (NAME the file's base name): for a file at depth d ≥ 0 below
// the starting point S that directory is S/a1/…/ad, and for the starting
// point itself (when it is selected) the directory of the word as
// written (find src: ., find src/sub/..: src/sub; find . runs in . with
// ./.). Checked with GNU findutils 4.9 (TestExecDirWhereRealFindRuns).
//
// A relative path P the command writes (an operand, a backup's name, a
// word around {} such as ../.git/{}, a redirection in a shell it runs)
// that climbs k directories after cleaning (P = ../…/../R) lands:
//   - for d < k, above the starting point, at S/../…(k-d times)/R: a
//     fixed path, judged as a write of it (find src -execdir sed
//     -i'../.git/*' … {} + renames src/config to .git/config);
//   - for the starting point itself, at P from the directory it runs in;
//   - for d ≥ k, somewhere in S's tree, judged as the found files are
//     (checkRunTimeWrites) and, for a name other than the found file's,
//     as a write of that name in S and of corral's own files of that
//     name below it.
//
// NAME is the name the find selects by (-name), any name without one.
// The ordinary judgement of the call's words (from S itself, where the
// call's directory is set: syntax.findStartDir) covers d = 0 for a word
// without {}. A find with more than one starting point, or one only
// known at run time, has no known directory, and keeps the judgement of
// a write from an unknown directory.

// execDirName stands for NAME, the found file's base name, in a word.
const execDirName = "\x00"

// execDirHost returns the find that runs c (directly, or through the
// shell whose script c is in) with -execdir or -okdir, and the action
// ("find -execdir"), or nil.
func (p *Pass) execDirHost(c *syntax.Call) (*syntax.Call, string) {
	feeder := argsFeeder(c)
	action := ""
	for _, w := range feeder.Wrappers {
		if w == "find -execdir" || w == "find -okdir" {
			action = w
		}
	}
	if action == "" {
		return nil, ""
	}
	host := p.findHost(feeder)
	if host == nil || host.Name != "find" {
		return nil, ""
	}
	return host, action
}

// execDirRun reports a call find runs with -execdir or -okdir.
func (p *Pass) execDirRun(c *syntax.Call) bool {
	host, _ := p.execDirHost(c)
	return host != nil
}

// execDirRoot returns the starting point of find host, relative to the
// directory of the command it runs with -execdir: "." (S itself), with
// the word as written for messages. ok is false when the find has not
// exactly one static starting point (its commands' directory unknown).
func execDirRoot(c, host *syntax.Call) (syntax.Arg, bool) {
	roots := findRoots(host)
	if len(roots) != 1 || !roots[0].Static || roots[0].Glob || !c.Dir.Known {
		return syntax.Arg{}, false
	}
	r := roots[0]
	r.Value = "."
	return r, true
}

// checkExecDirWrites judges the paths that the relative words c writes
// reach from the directories find -execdir runs it in (see above).
func (p *Pass) checkExecDirWrites(c *syntax.Call) {
	host, action := p.execDirHost(c)
	if host == nil {
		return
	}
	feeder := argsFeeder(c)
	start := feeder.Dir // S: syntax.findStartDir
	roots := findRoots(host)
	if !start.Known || !c.Dir.Known || !host.Dir.Known || len(roots) != 1 {
		return // an unknown starting point: judged from an unknown directory
	}
	// c's own directory, relative to S (a cd in the shell -execdir runs).
	rel, err := filepath.Rel(start.Path, c.Dir.Path)
	if err != nil {
		return
	}
	rel = filepath.ToSlash(rel)
	filtered, selects := findSelects(host, setOf(c.Name, feeder.Name), false)
	name := "*"
	if filtered {
		name = selects
	}
	fold := findFolds(host)
	// The directory the starting point itself is handed to the command
	// in, relative to S, when find selects it.
	top, topOK := execDirTop(host, roots[0], name, fold, start)
	what := c.Name + " (run by " + action + " in the directory of each file found)"
	var words []target
	for _, t := range writeTargets(c) {
		if t.action != guards.Write || t.attrs || t.mount || t.derived {
			continue
		}
		if !t.arg.Static {
			// sh -c 'sed -i"../.git/*" … "$1"' _ {}: a positional
			// parameter the shell is given {} for.
			v, ok := positionalPlaceholder(c, t)
			if !ok {
				continue
			}
			t.value, t.arg.Static = v, true
		}
		words = append(words, t)
	}
	for _, r := range c.Redirs {
		if r.Writes() && r.Target.Static {
			words = append(words, target{arg: r.Target, action: guards.Write})
		}
	}
	seen := map[string]bool{}
	for _, w := range words {
		v := w.path()
		if v == "" || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || v == "-" {
			continue
		}
		placed := strings.ReplaceAll(v, "{}", "./"+execDirName)
		q := path.Join(rel, placed) // relative to S
		k, rest := climbs(q)
		judge := func(value, found string) {
			value = strings.ReplaceAll(value, execDirName, found)
			if seen[value] {
				return
			}
			seen[value] = true
			t := w
			t.value = ""
			t.arg.Value, t.arg.Static = value, true
			t.arg.Glob = strings.ContainsAny(found, "*?[") && strings.Contains(value, found)
			if t.arg.Glob {
				t.arg.GlobOpts |= syntax.GlobDot
				if fold {
					t.arg.GlobOpts |= syntax.GlobNoCase
				}
			}
			p.judge(c, c.Script, start, t, "bash-write", what)
		}
		same := placed == v && rel == "." // the word itself is judged from S already
		// Above S: the file's directory at depth d < k.
		for d := 0; d < k; d++ {
			if d > 0 || !same {
				judge(strings.Repeat("../", k-d)+rest, name)
			}
		}
		if topOK {
			// The starting point itself: {} is ./BASE of it.
			judge(path.Join(top, rel, placed), path.Base(strings.TrimRight(roots[0].Value, "/")))
		}
		// In S's tree: at depth d = k the path is S/REST; deeper, REST
		// under a directory below S. The found file itself (REST is
		// NAME) is the run-time judgement's (checkRunTimeWrites).
		if rest == execDirName {
			continue
		}
		if rest != "" && !(k == 0 && same) {
			judge(rest, name)
		}
		// Below S: a file of REST's base name in some directory there.
		base := strings.ReplaceAll(path.Base(rest), execDirName, name)
		root, ok := execDirRoot(c, host)
		if !ok {
			continue
		}
		p.judgeSelfReachedFrom(c, start, root, base, fold, what)
		if k == 0 {
			// find descends into S's own .git too, and nested
			// repositories' (vendor/lib/.git): a name the command makes
			// where a file it finds lies, .git/hooks/pre-commit from a
			// hook's sample, is there only once it runs, so no listing
			// of protected files finds it. A path with a directory part
			// lands there too (hooks/pre-commit from .git, where HEAD
			// lies; .git/hooks/pre-commit from a repository's top).
			for _, g := range execDirGitDirs(start, name, fold) {
				judge(g+"/"+rest, name)
			}
		}
	}
}

// judgeSelfReachedFrom is judgeSelfReached for a tree named from dir.
func (p *Pass) judgeSelfReachedFrom(c *syntax.Call, dir syntax.Dir, root syntax.Arg, name string, fold bool, what string) {
	f, r, ok := p.selfReached(dir, []syntax.Arg{root}, name, fold)
	if !ok {
		return
	}
	p.judge(c, c.Script, dir, target{arg: r, value: f, action: guards.Write, derived: true}, "bash-write", what)
}

// climbs splits a clean relative path into the number of ".." it starts
// with and the rest ("" for none).
func climbs(q string) (int, string) {
	k := 0
	for q == ".." || strings.HasPrefix(q, "../") {
		k++
		q = strings.TrimPrefix(strings.TrimPrefix(q, ".."), "/")
	}
	if q == "." {
		q = ""
	}
	return k, q
}

// execDirTop returns the directory, relative to S (start), that find
// host runs an -execdir command in for its starting point root, when
// its tests can select it: the directory of the word as written (find
// src: ".." from src; find . runs in . itself, which is S's depth 0).
func execDirTop(host *syntax.Call, root syntax.Arg, name string, fold bool, start syntax.Dir) (string, bool) {
	v := strings.TrimRight(root.Value, "/")
	if v == "" || path.Clean(v) == "." {
		return "", false
	}
	for i, a := range host.Args {
		if a.Value == "-mindepth" && i+1 < len(host.Args) {
			if n, err := strconv.Atoi(host.Args[i+1].Value); err != nil || n > 0 {
				return "", false
			}
		}
	}
	if name != "*" && !findNameMatch(name, path.Base(v), fold) {
		return "", false
	}
	if fi, err := os.Stat(start.Path); err == nil && fi.IsDir() && !findTypeDir(host) {
		return "", false // -type f: a directory is not selected
	}
	top := host.Dir.Join(path.Dir(v))
	if !top.Known {
		return "", false
	}
	r, err := filepath.Rel(start.Path, top.Path)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// findNoArgs reports a call find -exec, -execdir, -ok or -okdir runs
// itself that gets no path at run time: without {} (which "+" requires;
// the caller checks the words), find appends none (find . -exec touch
// ./stamp \; touches ./stamp once for each file found, and no file
// found).
func findNoArgs(c *syntax.Call) bool {
	if argsFeeder(c) != c || c.RunBy == nil || c.RunBy.Name != "find" {
		return false
	}
	for _, w := range c.Wrappers {
		switch w {
		case "find -exec", "find -execdir", "find -ok", "find -okdir":
			return true
		}
	}
	return false
}

// findTypeDir reports whether find's -type tests, if any, let a
// directory through (-type d, -type f,d, none; a negated or alternative
// test is taken as letting it through).
func findTypeDir(host *syntax.Call) bool {
	for _, a := range host.Args {
		switch a.Value {
		case "!", "-not", "-o", "-or", ",":
			return true
		}
	}
	for i, a := range host.Args {
		if a.Value == "-type" && i+1 < len(host.Args) {
			if t := host.Args[i+1]; t.Static && !strings.Contains(t.Value, "d") {
				return false
			}
		}
	}
	return true
}

// positionalPlaceholder returns the path t names with the positional
// parameter it is written with ("$1", alone or as the file a backup's
// name is made from) as {}, when that parameter is the found file: the
// word find hands the shell for it is {} (feederOperand).
func positionalPlaceholder(c *syntax.Call, t target) (string, bool) {
	if positionalRef.Get().FindStringSubmatch(t.arg.Raw) == nil {
		return "", false
	}
	shell := argsFeeder(c)
	script, _ := syntax.ShellScript(shell)
	if script < 0 {
		return "", false
	}
	m := positionalRef.Get().FindStringSubmatch(t.arg.Raw)
	n, err := strconv.Atoi(m[1] + m[2])
	words := shell.Args[script+1:]
	if err != nil || n >= len(words) || !words[n].Static || words[n].Value != "{}" {
		return "", false
	}
	v := t.path()
	if strings.Count(v, t.arg.Value) != 1 {
		return "", false
	}
	return strings.Replace(v, t.arg.Value, "{}", 1), true
}

// execDirGitDirs returns the directories of the repositories in S's
// tree (S's own and nested ones, vendor/lib/.git: their top, .git and
// .git/hooks, relative to S) that hold an entry find -execdir selects by
// name (any entry without -name): it runs its command there. The tree is
// looked at on disk, at most 6 levels down and 4096 entries.
func execDirGitDirs(start syntax.Dir, name string, fold bool) []string {
	var tops []string
	seen := 0
	_ = filepath.WalkDir(start.Path, func(p string, e fs.DirEntry, err error) error {
		if err != nil || !e.IsDir() {
			return nil
		}
		seen++
		if seen > 4096 {
			return filepath.SkipAll
		}
		rel, rerr := filepath.Rel(start.Path, p)
		if rerr != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		if e.Name() == ".git" {
			tops = append(tops, path.Dir(rel))
			return filepath.SkipDir
		}
		if rel != "." && strings.Count(rel, "/") >= 5 {
			return filepath.SkipDir
		}
		return nil
	})
	var out []string
	for _, top := range tops {
		for _, g := range []string{top, path.Join(top, ".git"), path.Join(top, ".git/hooks")} {
			if top == "." && g == "." {
				continue // S itself: the word as written from S
			}
			d := filepath.Join(start.Path, g)
			if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
				continue
			}
			f, err := os.Open(d)
			if err != nil {
				continue
			}
			ents, _ := f.ReadDir(1000)
			f.Close()
			for _, e := range ents {
				if name == "*" || findNameMatch(name, e.Name(), fold) {
					out = append(out, g)
					break
				}
			}
		}
	}
	return out
}
