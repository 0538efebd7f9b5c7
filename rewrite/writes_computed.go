package rewrite

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
	"mvdan.cc/sh/v3/pattern"
)

// runTimePlaceholder reads a written word of c, a call a launcher runs,
// for the replacement strings of the launcher that feeds it
// (syntax.Call.Repls: find -exec's {}, xargs -I R, fd -x's and GNU
// parallel's whole set). ph is the one string the word holds for the
// input itself (touch dest/{}, parallel -I@ mv @ @rc), judged as affixes
// around each path; computed reports a word that holds one the launcher
// computes from the input (cp {} {.}rc, touch {//}/.bashrc), or several
// different ones, judged by judgeComputedWrite. A {} the launcher does
// not replace is still read as the input ({} is the usual spelling;
// reading it so never lets a write pass).
func runTimePlaceholder(c *syntax.Call, a syntax.Arg) (ph string, computed bool) {
	for _, r := range argsFeeder(c).Repls(a.Value) {
		if r.Computed() || ph != "" && r.Str != ph {
			return "", true
		}
		ph = r.Str
	}
	if ph == "" && strings.Contains(a.Value, "{}") {
		ph = "{}"
	}
	return ph, false
}

// judgeComputedWrite judges write target t of c, whose word holds a
// replacement string the launcher computes from each input: the word is
// built, as the launcher builds it (syntax.Call.FillArg), for each input
// the feeder gives. Inputs known as text are filled in as they are
// (echo ~/.bash.x | parallel cp {} {.}rc writes ~/.bashrc). A tree a
// find or fd walks gives patterns: its root (when the selection can
// print it), the files it selects in the root and one directory below
// (find ~ -name x | parallel touch {//}/.bashrc writes ~/.bashrc; find
// /etc | parallel cp {} ~/{/} writes ~/*, which can name ~/.bashrc).
func (p *Pass) judgeComputedWrite(c *syntax.Call, t target) {
	feeder := argsFeeder(c)
	what := c.Name + " (on paths given at run time)"
	fill := func(in syntax.Arg) {
		u := t
		if a, ok := p.codeMadeName(c, feeder, t.arg, in); ok {
			// cp x {= s/y/rc/ =}, a --rpl tag: a name only run time
			// knows, in the input's directory (a pattern, judged by
			// the protected files it can name).
			u.arg, u.pattern = a, true
		} else {
			u.arg = feeder.FillArg(t.arg, in)
		}
		if u.arg.Value == "" {
			return // {.} of ".": an empty name, no file
		}
		u.value = ""
		if rest, ok := strings.CutPrefix(t.value, t.arg.Value); ok && t.value != "" {
			if name, ok := strings.CutPrefix(rest, "/"); ok && len(feeder.Repls(name)) > 0 {
				// cp {} {.}rc into a directory: DIR/NAME, the name the
				// source's word has for this input.
				v, _ := feeder.FillInput(name, in.Value)
				rest = "/" + path.Base(v)
			}
			u.value = u.arg.Value + rest
		}
		p.judge(c, c.Script, c.Dir, u, "bash-write", what)
	}
	tree := func(root syntax.Arg, filtered bool, selects string, opts syntax.GlobOpts) {
		if !root.Static || root.Glob {
			// A root only known at run time, or a pattern: the word
			// with the root in place of the input.
			fill(root)
			return
		}
		sel := "*"
		if filtered && selects != "" {
			sel = selects
		}
		if !filtered || findNameMatch(sel, path.Base(root.Value), opts&syntax.GlobNoCase != 0) {
			fill(root) // find ~ prints ~ itself
		}
		dir := strings.TrimSuffix(root.Value, "/")
		stem := stemOnly(feeder.Repls(t.arg.Value))
		if stem {
			// find . -name '*.c' | parallel gcc -o {.} {}: each name
			// written is the stem of a file found, in its directory (x.c
			// gives x). A stem names a hidden file only when a file such
			// as .corral.json.c is found: the patterns below are judged
			// for names that are not hidden, and the hidden files on disk
			// now as themselves (~/.bash.x gives ~/.bashrc to {.}rc,
			// .git/hooks/pre-commit.sample a hook to mv {} {.}).
			for _, m := range hiddenOnDisk(c.Dir, dir, sel, opts&syntax.GlobNoCase != 0) {
				found := root
				found.Value, found.Raw = m, root.Raw+" ("+m+")"
				fill(found)
			}
		}
		for _, below := range []string{"/", "/*/"} {
			in := root
			in.Value = dir + below + sel
			in.Raw = root.Raw + " (" + in.Value + ")"
			in.Glob, in.GlobOpts = true, opts
			if stem {
				in.GlobOpts &^= syntax.GlobDot
			}
			in.SetPattern(pattern.QuoteMeta(dir, 0) + below + sel)
			fill(in)
		}
	}
	if fromFind(feeder) {
		host := p.findHost(feeder)
		if host == nil {
			return
		}
		filtered, selects := findSelects(host, setOf(c.Name, feeder.Name), false)
		opts := syntax.GlobDot
		if findFolds(host) {
			opts |= syntax.GlobNoCase
		}
		for _, r := range findRoots(host) {
			tree(r, filtered, selects, opts)
		}
		return
	}
	for _, d := range pipeInputs(p, feeder, deletion{}) {
		if strings.Contains(d.arg.Raw, "(from ") && !strings.Contains(d.arg.Raw, "(from ls)") {
			opts := syntax.GlobOpts(0)
			if !d.visible {
				opts = syntax.GlobDot
			}
			tree(d.arg, d.filtered, d.selects, opts)
			continue
		}
		fill(d.arg)
	}
}

// stemOnly reports replacement strings that all strip an extension from
// the input ({.}, {/.}, --plus's {..}, {/..}, …), the path or its
// basename.
func stemOnly(rs []syntax.Repl) bool {
	for _, r := range rs {
		switch r.Op {
		case ".", "/.", "..", "...", "/..", "/...", "fd.", "fd/.":
		default:
			return false
		}
	}
	return len(rs) > 0
}

// hiddenOnDisk returns the regular files on disk now under directory
// root (as written, from dir), at most four levels down, whose name
// matches sel as find -name does, that have an extension and a hidden
// name below root: at most 64, from at most 4096 entries looked at.
func hiddenOnDisk(dir syntax.Dir, root, sel string, fold bool) []string {
	abs := dir.Join(root)
	if !abs.Known {
		return nil
	}
	var out []string
	seen := 0
	_ = filepath.WalkDir(abs.Path, func(p string, e fs.DirEntry, err error) error {
		if err != nil || p == abs.Path {
			return nil
		}
		seen++
		if seen > 4096 || len(out) >= 64 {
			return filepath.SkipAll
		}
		below := strings.TrimPrefix(p, abs.Path)
		if e.IsDir() {
			if strings.Count(below, "/") >= 4 {
				return filepath.SkipDir
			}
			return nil
		}
		name := e.Name()
		if e.Type().IsRegular() && strings.Contains(below, "/.") && strings.Contains(name, ".") && findNameMatch(sel, name, fold) {
			out = append(out, root+below)
		}
		return nil
	})
	return out
}

// codeMadeName is syntax.Call.RunTimeName for word a of c, whose launcher
// f fills it with input in: a name the launcher's code makes at run time
// in the input's directory, as a pattern. Hidden names are among those
// it can take where the directory is one whose tree holds protected
// files outside the project (the home, above it) or is unknown: a rename
// of the project's names by code passes as one through sed does
// (renamed_filter.go), the names the project protects (.git/…) still
// judged by the pattern's directory.
func (p *Pass) codeMadeName(c, f *syntax.Call, a, in syntax.Arg) (syntax.Arg, bool) {
	n, ok := f.RunTimeName(a, in)
	if !ok {
		return a, false
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !c.Dir.Known {
		env.Cwd = cfg.Project
	}
	d := path.Dir(guards.Normalize(env, n.Value).Abs)
	if i := syntax.GlobMeta(d); i >= 0 {
		// A tree find walks (./*/*.c): the directory above its
		// patterns.
		d = path.Dir(d[:i] + "x")
	}
	if c.Dir.Known && in.Static && !p.unsafeTree(d) {
		// The project's tree or another safe one: a rename there
		// passes (a name such as src/ warns for nothing), but in a
		// directory the guards protect (.git/hooks).
		if cfg.Paths == nil {
			return a, false
		}
		if v := cfg.Paths.Decide(env, path.Join(d, "x"), guards.Write).Verdict; v != guards.Deny && v != guards.Ask {
			return a, false
		}
		n.GlobOpts &^= syntax.GlobDot
	}
	return n, true
}
