package rewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// gitApplyAmSpec is the options that take a value of git apply and of
// git am (which passes -p, --directory, --exclude and --include on).
var gitApplyAmSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "pC", longEq: true, longVal: longOpts("exclude", "include", "directory", "whitespace", "build-fake-ancestor",
		"resolvemsg", "patch-format", "quoted-cr", "empty")}
}}

// patchSpec is GNU patch's options that take a value.
// GNU patch takes any unambiguous prefix of a long option (getopt_long):
// patch --out=F is --output=F, so the flags are listed too.
var patchSpec = optSpec{shortVal: "BDFVYdiopruz", longVal: longOpts("prefix", "ifdef", "fuzz", "version-control",
	"basename-prefix", "directory", "input", "output", "strip", "reject-file", "suffix", "get", "quoting-style", "read-only",
	"reject-format"), longEq: true, abbrev: true,
	longFlag: longOpts("backup", "backup-if-mismatch", "no-backup-if-mismatch", "batch", "binary", "context", "dry-run", "ed",
		"force", "forward", "help", "ignore-whitespace", "merge", "normal", "posix", "quiet", "silent", "remove-empty-files",
		"reverse", "set-time", "set-utc", "unified", "verbose", "version", "follow-symlinks")}

// diffTargets lists the files patch and git apply write or delete: every
// name GNU patch may pick for a file of the diff (diffPaths: the old and
// new names of unified and context headers, Index: lines, git's headers),
// after -p strips their leading components and -d/--directory places
// them, and patch's backups under -B/-Y/-z. GNU patch picks the first of
// these names that exists (the best one, outside POSIX mode), so a diff
// whose "+++" side is harmless can still patch the file its "---" or
// Index: line names: each one is judged. The diff comes as a
// here-document or here-string, a file given with patch -i or as patch's
// second operand or git apply's operands, a file redirected to stdin, or
// the static text or files of the stage piped into it, read at hook time
// (a regular file of at most 1 MiB, as scripts are). A diff that cannot
// be read names no file here: patch of such a diff asks where its
// directory holds a repository's .git or a file corral protects
// (unreadDiff), and git apply --unsafe-paths of one (whose names may
// then be anywhere) asks.
func (p *Pass) diffTargets(c *syntax.Call) []target {
	var texts []syntax.Arg
	var files []syntax.Arg
	strip, stripSet, stripAny := 1, false, false
	dir := ""
	var dirArg syntax.Arg
	unsafe := false
	var unsafeArg syntax.Arg
	var backups []func(string) string
	var patchOpts []option // patch's, for its backups
	stdin := true          // the diff is (also) read on stdin
	unread := ""           // why the diff is not known at hook time (patch)
	ownGit := false        // the unread diff is printed by git of this repository
	switch {
	case c.Name == "patch":
		opts, ops := scan(c.Args, patchSpec)
		if has(opts, "dry-run") || len(find(opts, "o", "output")) > 0 {
			return nil
		}
		if len(ops) >= 1 {
			return nil // patch FILE: the file patched is the target (programWrites)
		}
		if in := find(opts, "i", "input"); len(in) > 0 {
			stdin = false
			for _, o := range in {
				if o.val.Static && o.val.Value == "-" {
					stdin = true
					continue
				}
				files = append(files, o.val)
			}
		}
		for _, o := range find(opts, "p", "strip") {
			if n, err := strconv.Atoi(o.val.Value); err == nil && o.val.Static {
				strip, stripSet, stripAny = n, true, false
			} else {
				stripAny = true // -p "$N": any number of components
			}
		}
		for _, o := range find(opts, "d", "directory") {
			dir, dirArg = o.val.Value, o.val
		}
		// Backup files: -B PREFIX puts PREFIX before the name, -Y PREFIX
		// before its last component, -z SUFFIX after it.
		for _, o := range find(opts, "B", "prefix") {
			if v := o.val.Value; o.val.Static {
				backups = append(backups, func(n string) string { return v + n })
			}
		}
		for _, o := range find(opts, "Y", "basename-prefix") {
			if v := o.val.Value; o.val.Static {
				backups = append(backups, func(n string) string { return path.Join(path.Dir(n), v+path.Base(n)) })
			}
		}
		// -z SUFFIX, the numbered and the default ".orig" backups:
		// patchBackups, below (writes_backup.go).
		patchOpts = opts
	case c.Name == "git" && len(c.Args) > 0 && (c.Args[0].Value == "apply" || c.Args[0].Value == "am"):
		// git am applies each mail's diff with git apply, passing it
		// -p, --directory, --exclude and --include: the same files.
		opts, ops := scan(c.Args[1:], gitApplyAmSpec.Get())
		if has(opts, "stat", "numstat", "summary", "check") && !has(opts, "apply") {
			return nil
		}
		if c.Args[0].Value == "am" && has(opts, "continue", "skip", "abort", "quit", "show-current-patch", "r", "resolved", "retry") {
			return nil // no new mail is read
		}
		for _, i := range ops {
			files = append(files, c.Args[1+i])
		}
		stdin = len(ops) == 0
		for _, o := range find(opts, "p") {
			if n, err := strconv.Atoi(o.val.Value); err == nil && o.val.Static {
				strip, stripSet = n, true
			} else {
				stripAny = true
			}
		}
		for _, o := range find(opts, "directory") {
			dir, dirArg = o.val.Value, o.val
		}
		for _, o := range opts {
			if o.name == "unsafe-paths" {
				unsafe, unsafeArg = true, c.Args[1+o.idx]
			}
		}
		stripSet = true // git's default is -p1
	default:
		return nil
	}
	// The files holding the diff; stdin's sources count for "unread"
	// only when the diff is read from stdin.
	type diffFile struct {
		arg    syntax.Arg
		count  bool
		reader *syntax.Call // the stage that reads it into c (cat x.diff | patch)
	}
	var sources []diffFile
	for _, f := range files {
		sources = append(sources, diffFile{arg: f, count: true})
	}
	for _, t := range inlineInputs(c) {
		texts = append(texts, t)
		if !t.Static && stdin {
			unread = "a here-string with run-time words"
		}
	}
	for _, r := range c.Redirs {
		if r.Op == "<" && (r.Fd == "" || r.Fd == "0") {
			sources = append(sources, diffFile{arg: r.Target, count: stdin})
		}
	}
	src, compound := p.pipedDiffSource(c)
	if compound != nil && stdin {
		// A compound stage prints the diff ((cd OTHER && git diff) |
		// git apply): the repository's own only when every git in it
		// prints from this one (red team 19 GA4).
		unread = "the output of the compound stage running " + compound.Text()
		ownGit = true
		for _, w := range p.Model.Calls {
			if w.Stdout().Same(c.Fd(0)) && w.Name != "cd" && !sameRepoGit(w, c) {
				ownGit = false
			}
		}
	}
	if src != nil {
		switch src.Name {
		case "echo", "printf":
			// printf 'diff --git …' | patch -p1: the diff is the text printed.
			if text, dynamic, ok := syntax.EchoText(src); ok && !dynamic {
				texts = append(texts, syntax.Arg{Value: text, Raw: src.Text(), Static: true, Start: c.Start, End: c.End})
			} else if stdin {
				unread = "the text " + src.Name + " prints at run time"
			}
		case "cat":
			// cat fix.patch | git apply: the diff is cat's files.
			n := 0
			for _, a := range src.Args {
				if strings.HasPrefix(a.Value, "-") && a.Value != "-" && a.Static {
					continue
				}
				n++
				a.Start, a.End = c.Start, c.End
				sources = append(sources, diffFile{arg: a, count: stdin, reader: src})
			}
			if n == 0 && stdin {
				unread = "the output of " + src.Text()
			}
		case "diff":
			// diff -u a b | patch -p0: the files diff compared
			// (writes_diff_tool.go).
			if !stdin {
				break
			}
			if text, ok := p.diffToolText(src); ok {
				texts = append(texts, syntax.Arg{Value: text, Raw: src.Text(), Static: true, Start: c.Start, End: c.End})
			} else {
				unread = "the output of " + src.Text()
			}
		case "git":
			// git diff | patch -p1 -R: the repository's own tracked files.
			if !stdin {
				break
			}
			text, ok := p.gitDiffText(src)
			if !ok {
				text, ok = p.gitCommitPatchText(src)
			}
			if ok && p.quietBefore(c, src.Start, nil) {
				texts = append(texts, syntax.Arg{Value: text, Raw: src.Text(), Static: true, Start: c.Start, End: c.End})
			} else {
				unread = "the output of " + src.Text()
				ownGit = sameRepoGit(src, c)
			}
		default:
			if stdin && !(c.Name == "git" && fetchers.Get()[src.Name]) {
				// curl URL | git apply, gh pr diff N | git apply: a
				// download, the acquisition rules' (curl's asks; a pull
				// request of the project's own repository passes).
				unread = "the output of " + src.Text()
			}
		}
	}
	for _, s := range sources {
		f := s.arg
		miss := func(why string) {
			if s.count {
				unread = why
			}
		}
		if p.Config.NoScriptFiles {
			continue // corral reads no files: nothing is judged from one
		}
		if !f.Static || f.Value == "-" {
			miss("the diff " + f.Raw)
			continue
		}
		d := c.Dir.Join(f.Value)
		if !d.Known {
			miss("the diff " + f.Raw)
			continue
		}
		w, byGit := p.gitDiffWriter(c, d.Path, s.reader)
		made := p.madeEarlier(c, d.Path, s.reader) || byGit
		computed := false
		if dw, _ := p.stdoutWriter(c, d.Path, s.reader); made && dw != nil && dw.Name == "diff" {
			// diff -u a b > p; patch -p0 < p: the files diff compared
			// (writes_diff_tool.go), and what is on disk now, read
			// below, in case diff does not run.
			if text, ok := p.diffToolText(dw); ok {
				g := f
				g.Value = text
				texts = append(texts, g)
				made, computed = false, true
			}
		}
		if made {
			// git diff > x.patch; patch -p1 < x.patch: the names git lists.
			if w != nil && p.quietBefore(c, readerStart(c, s.reader), w) {
				if text, ok := p.gitDiffText(w); ok {
					f.Value = text
					texts = append(texts, f)
					continue
				}
			}
			// Written by an earlier command of this one: what is on disk
			// now is not what patch will read.
			miss("the diff " + f.Value + " (an earlier command here writes it)")
			if s.count && w != nil {
				ownGit = sameRepoGit(w, c)
			}
		}
		text, err := syntax.ReadScript(d.Path)
		if err != nil {
			if _, serr := os.Lstat(d.Path); !computed && (made || !errors.Is(serr, fs.ErrNotExist)) {
				// A diff that is not there and nothing here makes: patch
				// fails and writes nothing.
				miss("the diff " + f.Value)
			}
			continue
		}
		f.Value = text
		texts = append(texts, f)
	}
	var out []target
	if len(texts) == 0 && unsafe {
		// git apply --unsafe-paths of a diff corral cannot read: its
		// names may be absolute or climb out with "..", anywhere; no
		// path can be judged, so ask here.
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
			Message: "git apply " + unsafeArg.Raw + " applies a diff corral cannot read, whose files may be anywhere outside the work tree"})
	}
	if (len(texts) == 0 || unread != "") && dir != "" {
		// A diff corral cannot read, applied under -d/--directory: it
		// writes files there (patch -d .git/hooks < x.patch).
		child := dirArg
		child.Value = strings.TrimSuffix(dir, "/") + "/*"
		out = append(out, target{arg: dirArg, value: child.Value, action: guards.Write})
	}
	if unread != "" && c.Dir.Known {
		// The files it patches are unknown: a later read of one of
		// them in this command asks (git stash show -p | git apply &&
		// make, red team 19 GB1).
		where := c.Dir.Path
		if top, ok := guards.GitTop(c.Dir.Path); ok && c.Name == "git" {
			where = top
		}
		p.noteUnlistedTree(c, where, c.Name+" applies "+unread+", which corral cannot read")
	}
	if unread != "" && !unsafe && (c.Name == "patch" || !ownGit) {
		p.unreadDiff(c, unread, dir, dirArg)
	}
	for _, text := range texts {
		for _, d := range diffPaths(text.Value) {
			var names []string
			switch {
			case stripAny:
				// -p only run time knows: the name less any number of
				// its leading components.
				for k := 0; k <= strings.Count(d.name, "/") && k < 64; k++ {
					names = append(names, stripComponents(d.name, k))
				}
			case stripSet:
				names = []string{stripComponents(d.name, strip)}
			default:
				// patch without -p: the file name alone, or the whole
				// name when its directories exist.
				names = []string{path.Base(d.name), d.name}
			}
			own := len(names) // the names after these are backups
			if d.action == guards.Write {
				for _, n := range names[:len(names):len(names)] {
					for _, b := range backups {
						if n != "" {
							names = append(names, b(n))
						}
					}
				}
			}
			for i, name := range names {
				if name == "" || name == "." || name == "/" {
					continue
				}
				if dir != "" && !strings.HasPrefix(name, "/") {
					name = strings.TrimSuffix(dir, "/") + "/" + name
				}
				out = append(out, target{arg: syntax.Arg{Value: name, Raw: text.Raw, Static: text.Static, Start: text.Start, End: text.End}, action: d.action, derived: true, backup: i >= own})
			}
		}
	}
	if c.Name == "patch" {
		out = append(out, patchBackups(c, patchOpts, out, true)...)
	}
	return out
}

// unreadDiff judges patch applying a diff corral cannot read (what a
// pipe stage prints, a process substitution, a file only run time
// names): the files it patches are chosen by that diff. GNU patch
// refuses absolute names and names with a ".." component, so they are
// files under its directory (the working directory, or -d): where that
// directory holds a repository's .git (whose config and hooks run
// programs) or a file corral protects, ask; elsewhere (a subdirectory
// of the project, a scratch directory) patch passes.
//
// git apply and git am (red team 17 GA2) write the same way, with two
// differences: git refuses names inside .git, so only the files corral
// protects under the directory count; and inside a work tree the diff's
// names are relative to its top (--directory is under the top) while the
// files outside the working directory are skipped, so the files written
// are under the deeper of the two.
func (p *Pass) unreadDiff(c *syntax.Call, why, dir string, dirArg syntax.Arg) {
	where, given := c.Dir, "."
	isGit := c.Name == "git"
	if dir != "" {
		if !dirArg.Static {
			return // the -d DIR/* target above judges it
		}
		where, given = c.Dir.Join(dir), dir
		if top, ok := guards.GitTop(c.Dir.Path); isGit && c.Dir.Known && ok {
			where = syntax.Dir{Path: top, Known: true}.Join(dir)
			if guards.Within(where.Path, c.Dir.Path) {
				where = c.Dir
			}
			given = where.Path
		}
	}
	if !where.Known {
		return
	}
	held := ""
	if isGit {
		env := guards.Env{Project: p.Config.Project, Cwd: c.Dir.Path, Home: p.Config.Home, Sandbox: p.Config.Sandbox}
		held = p.heldSelf(env, where.Path, given)
	} else if _, err := os.Lstat(filepath.Join(where.Path, ".git")); err == nil || slices.Contains(strings.Split(where.Path, "/"), ".git") {
		held = "the repository's .git, whose config and hooks run programs"
	} else {
		env := guards.Env{Project: p.Config.Project, Cwd: c.Dir.Path, Home: p.Config.Home, Sandbox: p.Config.Sandbox}
		held = p.heldSelf(env, where.Path, given)
	}
	if held == "" {
		return
	}
	prog := "patch"
	if isGit {
		prog = "git " + c.Args[0].Value
	}
	p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
		Message: fmt.Sprintf("%s applies %s, which corral cannot read, in %s: the files it patches are named by that diff and can be %s", prog, why, where.Path, held)})
}

// pipedDiffSource returns the pipeline stage whose output c reads on
// its standard input: src when that stage is one call, compound (its
// first call) when it is a compound command; c may itself be in a
// compound stage (| (git apply), red team 19 GA4).
func (p *Pass) pipedDiffSource(c *syntax.Call) (src, compound *syntax.Call) {
	in := c.Fd(0)
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Pipe.Coproc || in.Stage < 1 {
		return nil, nil
	}
	if s := in.Pipe.Stage(in.Stage - 1); s != nil {
		return s, nil
	}
	for _, w := range p.Model.Calls {
		if w != c && w.Stdout().Same(in) {
			return nil, w
		}
	}
	return nil, nil
}

// sameRepoGit reports a git call g that prints from the repository c
// runs in: no -C, --git-dir, --work-tree or GIT_* variable, from a
// directory of the same work tree (or, outside any, where git diff prints
// nothing). Its diff is the repository's own content, which git apply and
// git am of an unread diff leave to today's judgement (a limit: a blob
// holding a diff, git show REV:FILE | git apply, is not read).
func sameRepoGit(g, c *syntax.Call) bool {
	if g == nil || g.Name != "git" || g.Host != nil || !g.Dir.Known || !c.Dir.Known {
		return false
	}
	_, sub := gitArgs(g)
	if sub != 0 {
		return false
	}
	for _, n := range g.EnvChanged {
		if strings.HasPrefix(n, "GIT_") {
			return false
		}
	}
	return repoTop(g.Dir.Path) == repoTop(c.Dir.Path)
}

// diffPath is a file a diff changes.
type diffPath struct {
	name   string
	action guards.Action
}

// diffPaths reads every name GNU patch may pick for a file of a diff
// (patch(1), "Multiple Patches in a File" in its manual): both sides of
// a unified header ("--- OLD" / "+++ NEW") and of a context header
// ("*** OLD" / "--- NEW"), the name of an "Index:" line, both names of
// git's "diff --git a/OLD b/NEW" line (a mode change or a rename has no
// other header) and git's rename and copy headers. Outside POSIX mode
// patch takes the first of old, new and index that exists, so each is a
// file it may write; the old side of a file deleted (new is /dev/null)
// and a rename's source are deletions. Hunk lines never look like these
// headers except a unified hunk's lines "--- x" and "+++ y" (a removed
// "-- x"), which are taken as names too: the over-approximation costs
// nothing unless such a line names a protected file.
func diffPaths(text string) []diffPath {
	var out []diffPath
	add := func(name string, a guards.Action) {
		if name != "" && name != "/dev/null" {
			out = append(out, diffPath{name, a})
		}
	}
	minus, star := "", ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		prevStar := star
		star = ""
		switch {
		case strings.HasPrefix(line, "*** "):
			if !contextRange(line, "*** ", " ****") {
				star = diffName(line[4:])
			}
		case strings.HasPrefix(line, "--- "):
			if contextRange(line, "--- ", " ----") {
				continue
			}
			minus = diffName(line[4:])
			if prevStar != "" {
				// A context diff's header: *** OLD, --- NEW.
				if minus == "/dev/null" {
					add(prevStar, guards.Delete)
				} else {
					add(prevStar, guards.Write)
					add(minus, guards.Write)
				}
			}
		case strings.HasPrefix(line, "+++ "):
			plus := diffName(line[4:])
			if plus == "/dev/null" {
				add(minus, guards.Delete)
				continue
			}
			add(minus, guards.Write)
			add(plus, guards.Write)
		case strings.HasPrefix(line, "Index: "):
			add(diffName(line[len("Index: "):]), guards.Write)
		case strings.HasPrefix(line, "diff --git "):
			for _, n := range gitHeaderNames(line[len("diff --git "):]) {
				add(n, guards.Write)
			}
		case strings.HasPrefix(line, "rename from "):
			// git's headers are relative to the top, without a/ b/;
			// patch strips -p from them as if a/ were there.
			add("a/"+diffName(line[len("rename from "):]), guards.Delete)
		case strings.HasPrefix(line, "rename to "), strings.HasPrefix(line, "copy to "):
			_, name, _ := strings.Cut(line, " to ")
			add("b/"+diffName(name), guards.Write)
		}
	}
	return out
}

// contextRange reports a context diff's hunk range line, "*** 1,3 ****"
// or "--- 1,3 ----", which names no file.
func contextRange(line, lead, tail string) bool {
	r, ok := strings.CutSuffix(strings.TrimPrefix(line, lead), tail)
	if !ok || r == "" {
		return false
	}
	for _, ch := range r {
		if (ch < '0' || ch > '9') && ch != ',' {
			return false
		}
	}
	return true
}

// gitHeaderNames lists the names a "diff --git" line can hold: two
// quoted names, or two unquoted ones split at a space, where a name may
// hold spaces itself, so every split is a candidate (at most 32).
func gitHeaderNames(s string) []string {
	if strings.HasPrefix(s, `"`) {
		var out []string
		for s != "" && len(out) < 2 {
			s = strings.TrimLeft(s, " ")
			if strings.HasPrefix(s, `"`) {
				q, err := strconv.QuotedPrefix(s)
				if err != nil {
					return append(out, s)
				}
				u, _ := strconv.Unquote(q)
				out = append(out, u)
				s = s[len(q):]
				continue
			}
			out = append(out, s)
			break
		}
		return out
	}
	var out []string
	for i := 0; i < len(s) && len(out) < 64; i++ {
		if s[i] == ' ' {
			out = append(out, s[:i], strings.TrimLeft(s[i+1:], " "))
		}
	}
	return out
}

// diffName is the file name of a "---"/"+++" line: up to a tab (before
// a time stamp), git's quoted names unquoted.
func diffName(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			s = u
		}
	}
	return s
}

// stripComponents removes n leading components of name, as patch -pN
// does ("" when it has fewer).
func stripComponents(name string, n int) string {
	for ; n > 0; n-- {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return ""
		}
		name = strings.TrimLeft(name[i+1:], "/")
	}
	return name
}

// DiffFile is a file a diff or a patch envelope changes, as written in it.
type DiffFile struct {
	Name   string
	Action guards.Action
}

// PatchFiles lists the files a text written as a patch changes: the
// names of an apply_patch envelope ("*** Add File: x", "*** Update File:",
// "*** Move to:", "*** Delete File:"), and every name of a unified,
// context or git diff that patch may pick (diffPaths), each also without
// its first directory (git's a/ and b/, patch -p1). nil for other text.
func PatchFiles(text string) []DiffFile {
	var out []DiffFile
	if env := envelopeFiles(text); len(env) > 0 {
		return env
	}
	if !strings.Contains(text, "\n+++ ") && !strings.Contains(text, "\n--- ") && !strings.HasPrefix(text, "--- ") &&
		!strings.HasPrefix(text, "diff --git ") && !strings.Contains(text, "\ndiff --git ") && !strings.HasPrefix(text, "Index: ") {
		return nil
	}
	for _, d := range diffPaths(text) {
		out = append(out, DiffFile{d.name, d.action})
		if _, rest, ok := strings.Cut(d.name, "/"); ok && rest != "" && !strings.HasPrefix(d.name, "/") {
			out = append(out, DiffFile{rest, d.action})
		}
	}
	return out
}
