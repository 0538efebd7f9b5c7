package rewrite

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// maxTreeEntries bounds the entries of a copied tree that are judged one
// by one; a larger tree is judged as files corral cannot name.
const maxTreeEntries = 2000

// treeCopy is one source of a recursive copy and where its files land:
// under base, at the same relative paths as under src.
type treeCopy struct {
	src  syntax.Arg
	dest syntax.Arg
	base string // the directory the tree's entries land in, as written
	// globbed reports a source that is a match of a glob (cp -r src/*
	// DIR): when it is a file, base is where it lands.
	globbed bool
}

// checkTreeCopy judges the files a recursive copy writes (cp -r, cp -a,
// rsync -r/-a, mv of a directory): a copied directory's files land under
// the destination at their own relative paths, so cp -r src/. .claude/
// writes .claude/settings.json when src holds settings.json. A source
// that is a directory on disk is listed (at most maxTreeEntries entries)
// and each file judged where it lands; one that is not there yet, that
// the command changes before the copy, or that is too large to list,
// holds files corral cannot name: that asks when the place it lands in
// can hold a self-protected file (guards.Policy.HoldsSelf).
func (p *Pass) checkTreeCopy(c *syntax.Call) {
	for _, tc := range treeCopies(c) {
		src := c.Dir.Join(tc.src.Value)
		if !src.Known || !tc.dest.Static {
			continue
		}
		fi, err := os.Stat(src.Path)
		switch {
		case err == nil && !fi.IsDir():
			if tc.globbed {
				// cp -r evil/* .claude/: each file the glob matches lands
				// as DIR/NAME.
				p.judge(c, c.Script, c.Dir, target{arg: tc.dest, value: tc.base, action: guards.Write, derived: true}, "bash-write", c.Name)
			}
			continue // a file named as written: judged with the call's destination
		case err == nil && !p.touchedEarlier(c, src.Path):
			entries, ok := listTree(src.Path)
			if ok {
				for _, rel := range entries {
					p.judge(c, c.Script, c.Dir, target{arg: tc.dest, value: path.Join(tc.base, rel), action: guards.Write, derived: true}, "bash-write", c.Name)
				}
				continue
			}
		}
		p.judgeUnnamedTree(c, tc)
	}
}

// judgeUnnamedTree asks about a tree whose files corral cannot name when
// the directory it lands in can hold a self-protected file.
func (p *Pass) judgeUnnamedTree(c *syntax.Call, tc treeCopy) {
	cfg := p.Config
	dir := c.Dir
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !dir.Known {
		env.Cwd = cfg.Project
	}
	held := ""
	abs := guards.Normalize(env, tc.base).Abs
	for _, prot := range cfg.Protected {
		if prot != "" && abs != "" && (guards.Within(prot, abs) || guards.Within(abs, prot)) {
			held = prot
		}
	}
	if held == "" && cfg.Paths != nil {
		held = cfg.Paths.HoldsSelf(env, tc.base)
	}
	if held == "" {
		return
	}
	p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
		Message: fmt.Sprintf("%s copies the tree %s, whose files corral cannot name (it is not there yet, or the command changes it first), into %s, where they can land on %s, which registers agent hooks, configures corral or runs at login", c.Name, tc.src.Value, abs, held)})
}

// treeCopies lists the directory copies of a cp -r/-a, an rsync -r/-a or
// an mv call, each with the directory its entries land in: cp SRC DEST
// into an existing directory DEST gives DEST/SRC, into a new one DEST;
// SRC/. (cp) and SRC/ (rsync) give DEST; -T gives DEST, -t DIR gives
// DIR/SRC. A source with glob characters is each of its matches.
func treeCopies(c *syntax.Call) []treeCopy {
	var sources []syntax.Arg
	var dest syntax.Arg
	intoDest := false // entries land in DEST/base(SRC)
	switch c.Name {
	case "cp", "mv":
		opts, idx := scan(c.Args, specFor(c.Name))
		if c.Name == "cp" && !has(opts, "r", "R", "a", "recursive", "archive") {
			return nil
		}
		files := make([]syntax.Arg, 0, len(idx))
		for _, i := range idx {
			files = append(files, c.Args[i])
		}
		if ds := find(opts, "t", "target-directory"); len(ds) > 0 {
			dest, sources, intoDest = ds[len(ds)-1].val, files, true
		} else if len(files) >= 2 {
			dest, sources = files[len(files)-1], files[:len(files)-1]
			intoDest = !has(opts, "T", "no-target-directory") && (len(sources) > 1 || intoDirectory(c, dest, opts))
		} else {
			return nil
		}
	case "rsync":
		opts, ops := scan(c.Args, rsyncSpec.Get())
		if len(ops) < 2 || rsyncFromRemote(c, ops) || rsyncDryRun(opts) || !has(opts, "r", "a", "recursive", "archive") {
			return nil
		}
		dest = c.Args[ops[len(ops)-1]]
		if remotePath(dest.Value) {
			return nil
		}
		for _, i := range ops[:len(ops)-1] {
			sources = append(sources, c.Args[i])
		}
		intoDest = true
	default:
		return nil
	}
	var out []treeCopy
	add := func(src syntax.Arg, value string, globbed bool) {
		s := src
		s.Value = value
		base := dest.Value
		contents := strings.HasSuffix(value, "/.") || value == "." || c.Name == "rsync" && strings.HasSuffix(value, "/")
		if intoDest && !contents {
			base = path.Join(dest.Value, path.Base(strings.TrimSuffix(value, "/")))
		}
		out = append(out, treeCopy{src: s, dest: dest, base: base, globbed: globbed})
	}
	for _, s := range sources {
		if !s.Static {
			continue
		}
		if s.Glob {
			d := c.Dir.Join(s.Value)
			if !d.Known {
				continue
			}
			matches, _ := filepath.Glob(d.Path)
			for i, m := range matches {
				if i == maxGlobMatches {
					break
				}
				add(s, m, true)
			}
			continue
		}
		add(s, s.Value, false)
	}
	return out
}

// listTree returns the relative paths of the entries under dir (files,
// directories and links, not followed), or false when there are more
// than maxTreeEntries or the tree cannot be read.
func listTree(dir string) ([]string, bool) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		if len(out) == maxTreeEntries {
			return fs.ErrInvalid
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	return out, err == nil
}

// touchedEarlier reports whether a call that ends before c starts names
// a path at or under dir (an argument or a redirection): the tree may not
// be what is on disk when the hook runs.
func (p *Pass) touchedEarlier(c *syntax.Call, dir string) bool {
	under := func(d syntax.Dir) bool { return d.Known && (d.Path == dir || guards.Within(dir, d.Path)) }
	for _, o := range p.Model.Calls {
		if o == c || o.Script != c.Script || o.End > c.Start {
			continue
		}
		for _, a := range o.Args {
			if a.Static && a.Value != "" && !strings.HasPrefix(a.Value, "-") && under(o.Dir.Join(a.Value)) {
				return true
			}
		}
		for _, r := range o.Redirs {
			if r.Writes() && r.Target.Static && under(r.Dir.Join(r.Target.Value)) {
				return true
			}
		}
	}
	return false
}
