package rewrite

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Some git commands put back every locally changed tracked file, with no
// pathspec naming one: git stash (push, save, -u, -a), git reset --hard
// (--merge: the staged changes), git checkout -f [BRANCH], git switch -f
// / --discard-changes. An uncommitted edit of a tracked self-protected
// file (the .claude/settings.json that registers the hook, .claude/hooks,
// .corral.json, another agent's project settings) is reverted with the
// rest: the hook is unregistered with no write naming the file. So corral
// asks the real git (runGit, bounded) which tracked files have local
// changes, as the command compares them (the work tree and index
// against HEAD for a stash or a hard reset, the work tree against the
// index for git stash --keep-index, the index against HEAD for --staged
// and reset --merge; the repository's untracked files too for git stash
// -u, ignored ones for -a: a stash removes them), with the plumbing
// diffs, which hash no file through a clean filter, and judges each
// self-protected one as a write. The listing is made in the repository
// and work tree the call's own options and variables name (callRepo:
// GIT_DIR=.git git stash, git --work-tree=. stash). A file the stat
// comparison lists whose bytes are still the index's (and HEAD's) was
// only touched, and is left alone by git (onlyTouched). With no such
// file changed (the usual case) nothing is reported: the command's
// decision is the one it had. git stash -p picks changes interactively:
// an ask naming the file. Ending an operation in progress (git merge
// --abort, git rebase --abort/--skip, git cherry-pick/revert/am
// --abort/--skip) resets as git reset --merge or --hard does.

// revertAllWrites judges the locally changed self-protected files that
// the git call at c.Args[sub] reverts without a pathspec.
func (p *Pass) revertAllWrites(c *syntax.Call, repo gitRepo, sub int) {
	verb := c.Args[sub].Value
	args := c.Args[sub+1:]
	var lists [][]string
	patch := false
	// The plumbing diffs, which do not refresh the index first (git
	// diff does, hashing files through the repository's clean
	// filters): a file whose stat data changed counts as changed.
	diff := func(extra ...string) []string {
		verb := "diff-files"
		if len(extra) > 0 {
			verb = "diff-index"
		}
		return append([]string{verb, "--name-only", "-z", "--no-renames"}, extra...)
	}
	switch verb {
	case "stash":
		rest := args
		if len(args) > 0 && args[0].Static && (args[0].Value == "push" || args[0].Value == "save") {
			rest = args[1:]
		} else if len(args) > 0 && !(args[0].Static && strings.HasPrefix(args[0].Value, "-")) {
			return // list, show, apply, pop, drop, create, store, …
		}
		opts, idx := scan(rest, optSpec{shortVal: "m", longEq: true, longVal: longOpts("message", "pathspec-from-file")})
		if has(opts, "h", "help") || len(find(opts, "pathspec-from-file")) > 0 {
			return
		}
		if len(idx) > 0 && (len(args) == 0 || args[0].Value != "save") {
			return // pathspecs: gitRestores
		}
		keep := false
		for _, o := range opts {
			switch o.name {
			case "k", "keep-index":
				keep = true
			case "no-keep-index":
				keep = false
			}
		}
		switch {
		case has(opts, "S", "staged"):
			lists = append(lists, diff("--cached", "--end-of-options", "HEAD"))
		case keep:
			lists = append(lists, diff())
		default:
			lists = append(lists, diff("--end-of-options", "HEAD"))
		}
		if has(opts, "a", "all") {
			lists = append(lists, []string{"ls-files", "-z", "--full-name", "--others", "--", ":/"})
		} else if has(opts, "u", "include-untracked") {
			lists = append(lists, []string{"ls-files", "-z", "--full-name", "--others", "--exclude-standard", "--", ":/"})
		}
		patch = has(opts, "p", "patch")
	case "reset":
		opts, idx := scan(args, optSpec{longEq: true, longVal: longOpts("pathspec-from-file")})
		if len(idx) > 1 {
			return
		}
		switch {
		case has(opts, "hard"):
			lists = append(lists, diff("--end-of-options", "HEAD"))
		case has(opts, "merge"):
			lists = append(lists, diff("--cached", "--end-of-options", "HEAD"))
		}
	case "checkout", "switch":
		spec := optSpec{shortVal: "bB", longEq: true, longVal: longOpts("orphan", "conflict", "pathspec-from-file")}
		if verb == "switch" {
			spec = optSpec{shortVal: "cC", longEq: true, longVal: longOpts("create", "force-create", "orphan", "conflict")}
		}
		opts, idx := scan(args, spec)
		if len(idx) > 1 || !has(opts, "f", "force", "discard-changes") || has(opts, "p", "patch") {
			return
		}
		if verb == "checkout" {
			if _, ok := gitRestores(c, verb, args); ok {
				return // git checkout -f PATHS: the paths
			}
			for _, a := range args {
				if a.Static && a.Value == "--" {
					return
				}
			}
		}
		lists = append(lists, diff("--end-of-options", "HEAD"))
	case "merge", "rebase", "cherry-pick", "revert", "am":
		// Ending an operation in progress puts files back (issue 12
		// class 5-git; the real git as oracle): git merge --abort is git
		// reset --merge (the staged changes); git rebase --abort resets
		// hard to the branch's tip before the rebase (every local change,
		// and the files that differ there), --skip hard to HEAD; git
		// cherry-pick/revert --abort reset --merge to the commit the
		// sequence started from (HEAD for a single pick), --skip to
		// HEAD; git am --abort to ORIG_HEAD, --skip to HEAD, keeping
		// unstaged changes as reset --merge does. --quit writes nothing;
		// with no operation in progress git refuses.
		// git's parse-options takes a unique prefix (--abo); one that
		// could be --abort counts as it.
		opts, _ := scan(args, optSpec{shortVal: "sXxmCpF", longEq: true, abbrev: true,
			longVal:  longOpts("strategy", "strategy-option", "onto", "exec", "gpg-sign", "empty", "whitespace", "mainline", "cleanup", "file", "message", "into-name"),
			longFlag: longOpts("abort", "skip", "quit", "continue", "edit-todo", "show-current-patch", "allow-empty", "autostash", "no-autostash", "interactive", "signoff", "no-commit", "edit")})
		abort, skip := has(opts, "abort"), has(opts, "skip") && verb != "merge"
		if !abort && !skip {
			return
		}
		state := func(name string) string {
			out, err := repo.run("rev-parse", "--git-path", name)
			if err != nil {
				return ""
			}
			path := strings.TrimRight(string(out), "\n")
			if !filepath.IsAbs(path) {
				path = filepath.Join(repo.dir, path)
			}
			if _, err := os.Lstat(path); err != nil {
				return ""
			}
			return path
		}
		// A file an earlier call of the command stages (git add) is
		// staged when this call runs: its local change, staged or not
		// at hook time, is one the reset puts back. An operation the
		// same command starts before (git merge X; git add -u; git merge
		// --abort) is in progress then, though not yet at hook time; it
		// starts only from a clean index (merge, rebase and am refuse
		// staged changes, rebase unstaged ones too; the real git as
		// oracle), so with nothing staged in between its end puts back
		// nothing local.
		startedHere, stagedHere := p.earlierGitVerbs(c, verb)
		startedHere = startedHere && stagedHere
		staged := func(rev string) []string {
			if stagedHere {
				return diff("--end-of-options", rev)
			}
			return diff("--cached", "--end-of-options", rev)
		}
		rev := "HEAD"
		switch verb {
		case "merge":
			if state("MERGE_HEAD") == "" && !startedHere {
				return
			}
			lists = append(lists, staged(rev))
		case "rebase":
			st := state("rebase-merge")
			if st == "" {
				st = state("rebase-apply")
			}
			if !startedHere && (st == "" || state("rebase-apply/applying") != "") {
				return
			}
			if abort && st != "" && !startedHere {
				rev = stateRev(filepath.Join(st, "orig-head"))
			}
			lists = append(lists, diff("--end-of-options", rev))
		case "am":
			if state("rebase-apply/applying") == "" && !startedHere {
				return
			}
			if abort && !startedHere {
				rev = "ORIG_HEAD"
			}
			lists = append(lists, staged(rev))
		default:
			seq := state("sequencer/head")
			if seq == "" && state("CHERRY_PICK_HEAD") == "" && state("REVERT_HEAD") == "" && !startedHere {
				return
			}
			if abort && seq != "" && !startedHere {
				rev = stateRev(seq)
			}
			lists = append(lists, staged(rev))
		}
	}
	if len(lists) == 0 {
		return
	}
	top := repo.top
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: repo.dir, Home: cfg.Home, Sandbox: cfg.Sandbox}
	var held []string
	for _, words := range lists {
		out, err := repo.run(words...)
		if err != nil {
			continue
		}
		// A listing from stat data (diff-files, diff-index against
		// HEAD without --cached) names a file only touched too.
		stat := words[0] == "diff-files" || words[0] == "diff-index" && words[4] != "--cached"
		against := ""
		if words[0] == "diff-index" {
			against = words[len(words)-1]
		}
		for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
			if name == "" || len(held) >= maxTreeWrites {
				continue
			}
			abs := filepath.Join(top, filepath.FromSlash(name))
			if p.heldSelf(env, abs, abs) != "" && !(stat && repo.onlyTouched(name, against, cfg.Home)) {
				held = append(held, abs)
			}
		}
	}
	if len(held) == 0 {
		return
	}
	if patch {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
			Message: "git " + verb + " -p offers to revert the local changes of " + strings.Join(held, ", ") + ", a file corral protects: which are reverted is chosen interactively"})
		return
	}
	for _, abs := range held {
		p.judge(c, c.Script, c.Dir, target{arg: c.Args[sub], value: abs, action: guards.Write, derived: true},
			"bash-write", "git "+verb+" (reverts the local change of "+abs+")")
	}
}

// earlierGitVerbs reports, for a git call ending the operation verb
// (merge, rebase, cherry-pick, revert, am), whether a git call before
// it in the same command starts that operation (git pull merges or
// rebases), and whether one before it may stage local changes (add,
// stage, update-index, rm, mv, apply, read-tree, or a subcommand only
// known at run time).
func (p *Pass) earlierGitVerbs(c *syntax.Call, verb string) (started, staged bool) {
	for _, x := range p.Model.Calls {
		if x == c {
			break
		}
		if x.Name != "git" {
			continue
		}
		_, sub := gitArgs(x)
		if sub < 0 {
			continue
		}
		a := x.Args[sub]
		if !a.Static {
			staged = true
			continue
		}
		v := a.Value
		switch {
		case v == verb, v == "pull" && (verb == "merge" || verb == "rebase"):
			opts, _ := scan(x.Args[sub+1:], optSpec{abbrev: true, longFlag: longOpts("abort", "skip", "quit", "continue")})
			if !has(opts, "abort", "skip", "quit", "continue") {
				started = true
			}
		case v == "add", v == "stage", v == "update-index", v == "rm", v == "mv", v == "apply", v == "read-tree":
			staged = true
		}
	}
	return started, staged
}

// maxTouchedSize bounds the file onlyTouched hashes.
const maxTouchedSize = 1 << 20

// onlyTouched reports whether the tracked file name (from the work
// tree's top), which a listing made from the index's stat data names,
// holds the bytes the index records (and, with rev, the index the blob
// rev records, with the same mode): a file only touched (its mtime
// changed, its content not), which git stash or git reset --hard leaves
// as it is. git hash-object --no-filters hashes the bytes on disk with
// no clean filter; a path a filter attribute applies to (the real git
// would compare what the filter makes of it, and a checkout writes what
// its smudge makes), a file that is not a regular one, one larger than
// maxTouchedSize or anything git cannot answer counts as changed.
func (r gitRepo) onlyTouched(name, rev, home string) bool {
	abs := filepath.Join(r.top, filepath.FromSlash(name))
	fi, err := os.Lstat(abs)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxTouchedSize {
		return false
	}
	// The attributes as the command sees them: the repository's, and
	// the user's (core.attributesFile, ~/.config/git/attributes). Reading
	// attributes runs nothing.
	attrs, err := runGitEnv(r.dir, append(append([]string{}, r.env...), "HOME="+home),
		append(append([]string{}, r.extra...), "check-attr", "-z", "filter", "--", abs)...)
	if err != nil {
		return false
	}
	if f := strings.Split(string(attrs), "\x00"); len(f) < 3 || f[2] != "unspecified" {
		return false
	}
	entry := func(words ...string) (mode, sha string, ok bool) {
		out, err := r.run(words...)
		if err != nil {
			return "", "", false
		}
		line, _, _ := strings.Cut(string(out), "\t")
		f := strings.Fields(line)
		if len(f) < 3 || strings.Count(string(out), "\x00") != 1 {
			return "", "", false // absent, unmerged (several stages) or odd
		}
		if words[0] == "ls-tree" {
			return f[0], f[2], f[1] == "blob"
		}
		return f[0], f[1], f[2] == "0"
	}
	imode, isha, ok := entry("ls-files", "-s", "-z", "--full-name", "--", ":(top,literal)"+name)
	if !ok {
		return false
	}
	if rev != "" {
		hmode, hsha, ok := entry("ls-tree", "-z", "--full-tree", "--end-of-options", rev, "--", name)
		if !ok || hmode != imode || hsha != isha {
			return false
		}
	}
	if exec := fi.Mode()&0o111 != 0; exec != (imode == "100755") {
		return false
	}
	out, err := r.run("hash-object", "--no-filters", "--", abs)
	return err == nil && strings.TrimSpace(string(out)) == isha
}

// stateRev returns the commit an operation's state file records (git
// rebase's orig-head, the sequencer's head): its hexadecimal object name,
// or HEAD when the file cannot be read as one (the comparison is then
// with HEAD, which still lists every local change).
func stateRev(path string) string {
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		return "HEAD"
	}
	f, err := os.Open(path)
	if err != nil {
		return "HEAD"
	}
	defer f.Close()
	buf := make([]byte, 128)
	n, _ := io.ReadFull(f, buf)
	v := strings.TrimSpace(string(buf[:n]))
	if len(v) != 40 && len(v) != 64 || strings.Trim(v, "0123456789abcdef") != "" {
		return "HEAD"
	}
	return v
}
