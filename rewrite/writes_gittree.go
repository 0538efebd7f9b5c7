package rewrite

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Git commands that move the working tree to another commit write every
// file that differs between the two: git checkout BRANCH, git switch,
// git merge (and git pull . BRANCH), git rebase, git cherry-pick, git revert, git stash
// apply/pop, git reset --hard/--keep/--merge. A branch, a stash or a
// commit made earlier (git update-index --cacheinfo, git commit-tree, a
// fetch) can hold a .claude/settings.json or a start-up file that no
// write the agent makes directly would be allowed to. So corral asks the
// real git (runGit) which files differ between HEAD and the commit the
// command moves to, and judges each as a write of that file (a file the
// commit lacks is removed: a write too). The comparison is the one each
// command makes: a merge brings what changed on the other side since the
// merge base (HEAD...REV), a cherry-pick or revert what REV changed
// (REV^ REV), a stash apply what the stash recorded (STASH^1 STASH).
// A revision git cannot resolve when the hook runs (made by the same
// command, or a typo that fails) is not judged. A repository or work tree
// the call names (--git-dir, --work-tree, GIT_DIR, GIT_WORK_TREE, …) is
// listed as the call names it (callRepo); one only known at run time
// asks.

// maxTreeWrites bounds the changed files judged per command.
const maxTreeWrites = 10000

// treeBounds says what the bounds of git's listing are, for people.
const treeBounds = "10,000 files, 4 MiB of names or 3 s of listing"

// gitTreeMove is one comparison whose changed files a command writes.
type gitTreeMove struct {
	from, to string
	rev      syntax.Arg // the word that names the commit, for the finding
	// paths, when not nil, are the pathspecs a restore writes (git
	// checkout [REV] -- PATHS, git restore [--source REV] PATHS, git
	// checkout-index PATHS): the files under them that differ from to
	// (the index when to is "").
	paths []syntax.Arg
}

// gitRestores returns the restore of paths git verb makes: git checkout
// [REV] -- PATHS (or one word that is a file, not a revision), git
// restore (unless only --staged) [--source REV] PATHS, git
// checkout-index [-a] PATHS.
func gitRestores(c *syntax.Call, verb string, args []syntax.Arg) (gitTreeMove, bool) {
	var m gitTreeMove
	split := func(spec optSpec) ([]option, []syntax.Arg, []syntax.Arg) {
		opts, idx := scan(args, spec)
		var before, after []syntax.Arg
		dash := -1
		for i, a := range args {
			if a.Static && a.Value == "--" && dash < 0 {
				dash = i
			}
		}
		for _, i := range idx {
			if dash >= 0 && i > dash {
				after = append(after, args[i])
			} else {
				before = append(before, revWord(args[i], false))
			}
		}
		for i := range opts {
			opts[i].val = revWord(opts[i].val, false)
		}
		return opts, before, after
	}
	switch verb {
	case "checkout":
		opts, before, after := split(optSpec{shortVal: "bB", longEq: true, longVal: longOpts("orphan", "conflict", "pathspec-from-file")})
		if has(opts, "b", "B", "orphan") {
			return m, false
		}
		switch {
		case len(after) > 0 && len(before) <= 1:
			if len(before) == 1 {
				m.to, m.rev = before[0].Value, before[0]
				if !before[0].Static {
					return m, false
				}
			}
			m.paths = after
		case len(after) == 0 && len(before) >= 2 && before[0].Static:
			m.to, m.rev, m.paths = before[0].Value, before[0], before[1:]
		case len(after) == 0 && len(before) == 1 && checkoutPath(c, before[0]):
			m.paths = before
		default:
			return m, false
		}
	case "restore":
		opts, before, after := split(optSpec{shortVal: "s", longEq: true, longVal: longOpts("source", "conflict", "pathspec-from-file")})
		if has(opts, "S", "staged") && !has(opts, "W", "worktree") {
			return m, false
		}
		if src := find(opts, "s", "source"); len(src) > 0 {
			if !src[len(src)-1].val.Static {
				return m, false
			}
			m.to, m.rev = src[len(src)-1].val.Value, src[len(src)-1].val
		} else if has(opts, "S", "staged") {
			m.to = "HEAD" // --staged --worktree: both from HEAD
		}
		m.paths = append(before, after...)
	case "stash":
		// git stash push [options] [--] PATHSPEC… (and git stash [options]
		// -- PATHSPEC…, the push without its name) resets the changed
		// files under the pathspecs to HEAD after saving them: a write
		// of each (issue 12 class 6). With no pathspec it is every
		// changed file (not judged here: a stash of the whole tree).
		rest := args
		switch {
		case len(args) > 0 && args[0].Static && args[0].Value == "push":
			rest = args[1:]
		case len(args) > 0 && args[0].Static && strings.HasPrefix(args[0].Value, "-"):
		default:
			return m, false
		}
		opts, idx := scan(rest, optSpec{shortVal: "m", longEq: true, longVal: longOpts("message", "pathspec-from-file")})
		if has(opts, "h", "help") {
			return m, false
		}
		bare := len(args) > 0 && args[0].Value != "push"
		dash := -1
		for i, a := range rest {
			if a.Static && a.Value == "--" {
				dash = i
				break
			}
		}
		for _, i := range idx {
			if bare && (dash < 0 || i < dash) {
				return m, false // git stash WORD: no pathspec without --
			}
			m.paths = append(m.paths, rest[i])
		}
		m.to = "HEAD"
		if len(m.paths) > 0 {
			m.rev = m.paths[0]
		}
	case "checkout-index":
		opts, before, after := split(optSpec{longEq: true, longVal: longOpts("prefix", "stage")})
		if len(find(opts, "prefix")) > 0 {
			return m, false // exported under a prefix: judged as that write
		}
		m.paths = append(before, after...)
		if has(opts, "a", "all") {
			m.paths = append(m.paths, syntax.Arg{Value: ".", Raw: ".", Static: true})
		}
	default:
		return m, false
	}
	if len(m.paths) == 0 {
		return m, false
	}
	if m.rev.Value == "" {
		m.rev = m.paths[0]
	}
	return m, true
}

// checkGitTreeWrites judges the files a git command writes into the
// working tree from another commit.
func (p *Pass) checkGitTreeWrites(c *syntax.Call) {
	if c.Name != "git" {
		return
	}
	dir, sub := gitArgs(c)
	if sub >= 0 && dir.Known && writesTrackedFiles(c.Args[sub].Value, c.Args[sub+1:]) {
		if tree, set := gitWorkTree(c, sub); set && p.foreignTreeWrites(c, dir, tree, sub) {
			return
		}
	}
	if sub < 0 || !dir.Known {
		return
	}
	verb := c.Args[sub].Value
	elsewhere := gitElsewhere(c, sub)
	if !elsewhere {
		p.checkLocalFetchMoves(c, dir, sub)
	}
	repo, known, runtime := callRepo(c, dir, sub)
	if runtime && writesTrackedFiles(verb, c.Args[sub+1:]) {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
			Message: "git " + verb + " writes tracked files of a repository or work tree only known at run time (--git-dir, --work-tree, GIT_DIR, GIT_WORK_TREE): which files it reverts or checks out corral cannot list"})
		return
	}
	if known {
		p.revertAllWrites(c, repo, sub)
	}
	if verb == "worktree" {
		if !elsewhere {
			p.worktreeAddWrites(c, dir, c.Args[sub+1:])
		}
		return
	}
	if !known {
		return
	}
	moves := gitTreeMoves(verb, c.Args[sub+1:])
	if r, ok := gitRestores(c, verb, c.Args[sub+1:]); ok {
		moves = append(moves, r)
	}
	if len(moves) == 0 {
		return
	}
	top := repo.top
	judged := 0
	for _, m := range moves {
		if m.paths == nil && (!m.rev.Static || !revKnown(repo, m.to) && p.gitBefore(c, dir)) {
			// A revision only run time knows, or one git cannot
			// resolve yet (an earlier call here makes it): the files
			// it writes cannot be listed; a later read of a file of
			// this work tree asks (red team 19 GB1).
			p.noteUnlistedTree(c, top, "git "+verb+" "+m.rev.Raw+": a revision corral cannot list when the hook runs")
			continue
		}
		args, why, ok := p.treeMoveDiff(c, verb, m)
		if !ok {
			continue
		}
		out, err := repo.run(args...)
		names := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
		if errors.Is(err, errListOutput) || len(names) > maxTreeWrites {
			// A listing cut by the bounds: the files past the cut are
			// unknown (red team 16 AX1: 50,000 names that sort before
			// .claude/settings.json).
			p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
				Message: "git " + verb + " writes the files that differ in " + m.rev.Value + ", and corral's listing of them was cut short by its bounds (" + treeBounds +
					"): the files past the cut are unknown, and can be the agent's settings, a shell's startup file or code that runs later"})
			continue
		}
		if err != nil {
			// A merge with no merge base (--allow-unrelated-histories)
			// brings the other side's whole tree.
			rev, isMerge := strings.CutPrefix(m.to, "HEAD...")
			if !isMerge || m.paths != nil {
				continue
			}
			if names, ok = unrelatedMerge(repo, rev); !ok {
				continue
			}
			why = "a file of " + m.rev.Value + ", which shares no history with HEAD"
		}
		for _, name := range names {
			if name == "" || judged >= maxTreeWrites {
				continue
			}
			judged++
			p.judge(c, c.Script, c.Dir, target{arg: m.rev, value: filepath.Join(top, filepath.FromSlash(name)), action: guards.Write, derived: true},
				"bash-write", "git "+verb+" ("+why+")")
		}
	}
}

// treeMoveDiff returns the git diff words that list the files move m
// writes, and how the finding names them. A restore's paths are judged
// as written (a pattern or a run-time word as the files it can be), and
// listed as the files under them that differ from the source (git diff
// [REV] -- PATHS, the index when there is no REV).
//
// A comparison with the work tree uses git's plumbing, diff-index
// against a tree and diff-files against the index, which decide from the
// index's stat data and never refresh it: porcelain git diff would run
// the clean filter of every stat-dirty file while the hook runs. A file
// touched but unchanged is then listed too, which only judges more.
func (p *Pass) treeMoveDiff(c *syntax.Call, verb string, m gitTreeMove) ([]string, string, bool) {
	if m.paths == nil {
		if !m.rev.Static || !safeRev(m.from) || !safeRev(m.to) || strings.HasPrefix(m.rev.Value, "-") {
			return nil, "", false
		}
		if m.from == "" && !strings.Contains(m.to, "..") {
			// The work tree against TO (HEAD...REV, a merge's side
			// since the merge base, compares two trees: porcelain).
			return []string{"diff-index", "--name-only", "-z", "--end-of-options", m.to}, "a file that differs in " + m.rev.Value, true
		}
		args := []string{"diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", "--end-of-options"}
		if m.from != "" {
			args = append(args, m.from)
		}
		return append(args, m.to), "a file that differs in " + m.rev.Value, true
	}
	args := []string{"diff-files", "--name-only", "-z"}
	if m.to != "" {
		if !safeRev(m.to) {
			return nil, "", false
		}
		args = []string{"diff-index", "--name-only", "-z", "--end-of-options", m.to}
		if strings.Contains(m.to, "..") {
			// Two trees (a merge's side since the merge base): porcelain
			// diff reads no work tree.
			args = []string{"diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", "--end-of-options", m.to}
		}
	}
	args = append(args, "--")
	listed := false
	lv, lk, literal := c.Getenv("GIT_LITERAL_PATHSPECS")
	literal = literal && (!lk || lv != "0" && lv != "" && lv != "false")
	// The paths are read from the directory git -C names (inGitDir).
	gdir, gsub := gitArgs(c)
	gdir = gitPathDir(c, gdir, gsub)
	for _, a := range m.paths {
		plain := a
		if ps, ok := pathspecPlain(c, a); ok {
			plain = ps
		}
		if !strings.HasPrefix(plain.Value, ":") {
			p.judge(c, c.Script, c.Dir, inGitDir(c, gdir, target{arg: plain, action: guards.Write}), "bash-write", "git "+verb)
		}
		p.judgeTrackedUnder(c, verb, plain)
		if a.Static && !a.Glob && a.Value != "" {
			// The word as git reads it: a pathspec, with its magic
			// (:/, :(top), :(glob), :!x) and its wildcards, resolved
			// by git itself from the same directory.
			if literal {
				args = append(args, ":(literal)"+a.Value)
			} else {
				args = append(args, a.Value)
			}
			listed = true
		}
	}
	return args, "a file it restores", listed
}

// judgeTrackedUnder judges the files a restore's pathspec that is a
// directory writes, as a file named so is (issue 12 class 6): git
// restore .claude, git checkout -- .claude, git stash -- .claude write
// the tracked .claude/settings.json back, as git restore
// .claude/settings.json does. Only the tracked files under it that are
// self-protected (heldSelf: the agent's settings, corral's own files, a
// startup file) are judged, and only for a directory that holds one: a
// directory of ordinary files is judged by the files that differ
// (treeMoveDiff), and the repository's top, the project root and the
// home directory, which hold everything, are everyday work (git
// restore .), as for archives extracted there.
func (p *Pass) judgeTrackedUnder(c *syntax.Call, verb string, a syntax.Arg) {
	if !a.Static || a.Glob || a.Value == "" || strings.HasPrefix(a.Value, ":") {
		return
	}
	dir, _ := gitArgs(c)
	if !dir.Known {
		return
	}
	d := dir.Join(a.Value)
	fi, err := os.Stat(d.Path)
	if !d.Known || err != nil || !fi.IsDir() {
		return
	}
	top := repoTop(dir.Path)
	cfg := p.Config
	if top == "" || d.Path == top || d.Path == cfg.Project || d.Path == cfg.Home {
		return
	}
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if p.heldSelf(env, d.Path, a.Value) == "" {
		return
	}
	out, err := runGit(dir.Path, "ls-files", "-z", "--full-name", "--", ":(literal)"+a.Value)
	if err != nil {
		return
	}
	judged := 0
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if name == "" || judged >= maxTreeWrites {
			continue
		}
		abs := filepath.Join(top, filepath.FromSlash(name))
		if p.heldSelf(env, abs, abs) == "" {
			continue
		}
		judged++
		p.judge(c, c.Script, c.Dir, target{arg: a, value: abs, action: guards.Write, derived: true},
			"bash-write", "git "+verb+" (a tracked file under "+a.Value+")")
	}
}

// gitTreeMoves returns the comparisons whose changed files git verb
// writes into the working tree, from its arguments.
func gitTreeMoves(verb string, args []syntax.Arg) []gitTreeMove {
	operands := func(spec optSpec) ([]option, []syntax.Arg, bool) {
		opts, idx := scan(args, spec)
		var out []syntax.Arg
		for _, i := range idx {
			out = append(out, revWord(args[i], verb != "reset" && verb != "pull"))
		}
		for i := range opts {
			opts[i].val = revWord(opts[i].val, false)
		}
		dashes := false
		for _, a := range args {
			dashes = dashes || a.Static && a.Value == "--"
		}
		return opts, out, dashes
	}
	head := func(rev syntax.Arg) []gitTreeMove {
		return []gitTreeMove{{from: "HEAD", to: rev.Value, rev: rev}}
	}
	switch verb {
	case "checkout":
		opts, ops, dashes := operands(optSpec{shortVal: "bB", longEq: true, longVal: longOpts("orphan", "conflict", "pathspec-from-file")})
		if dashes || len(ops) != 1 || has(opts, "orphan") {
			return nil // paths, or a new branch at HEAD: git-destroy and the path guards
		}
		return head(ops[0])
	case "switch":
		opts, ops, _ := operands(optSpec{shortVal: "cC", longEq: true, longVal: longOpts("create", "force-create", "orphan", "conflict")})
		if len(ops) != 1 || has(opts, "orphan") {
			return nil
		}
		return head(ops[0])
	case "reset":
		opts, ops, dashes := operands(optSpec{longEq: true, longVal: longOpts("pathspec-from-file")})
		if dashes || len(ops) != 1 || !has(opts, "hard", "keep", "merge") {
			return nil
		}
		return head(ops[0])
	case "merge":
		_, ops, _ := operands(optSpec{shortVal: "msXF", longEq: true, longVal: longOpts("strategy", "strategy-option", "file", "message", "into-name", "cleanup", "gpg-sign")})
		var out []gitTreeMove
		for _, o := range ops {
			out = append(out, gitTreeMove{to: o.Value, rev: o})
		}
		return mergeBase(out)
	case "pull":
		// git pull . BRANCH merges a branch of this repository (with
		// --rebase, rebases onto it): the merge's files. A pull from
		// another repository brings what only run time fetches.
		_, ops, _ := operands(optSpec{shortVal: "sXj", longEq: true, longVal: longOpts("strategy", "strategy-option", "depth", "jobs", "upload-pack")}) // --rebase[=x]: only attached
		if len(ops) < 2 || ops[0].Value != "." {
			return nil
		}
		var out []gitTreeMove
		for _, o := range ops[1:] {
			if o.Static {
				out = append(out, gitTreeMove{to: o.Value, rev: o})
			}
		}
		return mergeBase(out)
	case "rebase":
		opts, ops, _ := operands(optSpec{shortVal: "sXx", longEq: true, longVal: longOpts("onto", "strategy", "strategy-option", "exec", "gpg-sign", "empty", "rebase-merges", "whitespace")})
		if onto := find(opts, "onto"); len(onto) > 0 {
			return head(onto[len(onto)-1].val)
		}
		if len(ops) > 0 {
			return head(ops[0])
		}
		return nil
	case "cherry-pick", "revert":
		_, ops, _ := operands(optSpec{shortVal: "mXS", longEq: true, longVal: longOpts("mainline", "strategy", "strategy-option", "gpg-sign", "cleanup")})
		var out []gitTreeMove
		for _, o := range ops {
			if !o.Static || !strings.Contains(o.Value, "..") {
				out = append(out, gitTreeMove{from: o.Value + "^", to: o.Value, rev: o})
			}
		}
		return out
	case "read-tree":
		// git read-tree -u (-m | --reset) [--prefix=P] TREE…: the work
		// tree is updated to the last tree read (a merge of several is
		// the last one's files, as a superset).
		opts, ops, _ := operands(optSpec{longEq: true, longVal: longOpts("prefix", "index-output", "exclude-per-directory")})
		if !has(opts, "u") || len(ops) == 0 || len(find(opts, "prefix")) > 0 || has(opts, "n", "dry-run") {
			return nil
		}
		return []gitTreeMove{{to: ops[len(ops)-1].Value, rev: ops[len(ops)-1]}}
	case "stash":
		if len(args) == 0 || args[0].Value != "apply" && args[0].Value != "pop" && args[0].Value != "branch" {
			return nil
		}
		_, idx := scan(args[1:], optSpec{})
		if args[0].Value == "branch" {
			// git stash branch NAME [STASH] checks out the commit the
			// stash was made on and applies the stash: the stash's tree
			// (red team 19 GB1).
			if len(idx) == 0 {
				return nil
			}
			idx = idx[1:]
		}
		stash := syntax.Arg{Value: "stash@{0}", Raw: args[0].Raw, Static: true, Start: args[0].Start, End: args[0].End}
		if len(idx) > 0 {
			stash = args[1+idx[0]]
			if strings.TrimLeft(stash.Value, "0123456789") == "" {
				stash.Value = "stash@{" + stash.Value + "}"
			}
		}
		if args[0].Value == "branch" {
			return []gitTreeMove{{from: "HEAD", to: stash.Value, rev: stash}}
		}
		return []gitTreeMove{{from: stash.Value + "^1", to: stash.Value, rev: stash}}
	}
	return nil
}

// gitBefore reports a git call of the repository in dir earlier in the
// same command than c: one that can make a revision git cannot resolve
// when the hook runs (git fetch . dev:tmp, git stash, git tag). Without
// one such a revision is a typo or a branch git makes from a remote of
// that name, and the command fails or is listed as before.
func (p *Pass) gitBefore(c *syntax.Call, dir syntax.Dir) bool {
	for _, e := range p.Model.Calls {
		if e == c {
			return false
		}
		if e.Name != "git" || !p.sameCommand(e, c) {
			continue
		}
		if edir, esub := gitArgs(e); esub >= 0 && edir.Known && sameRepo(edir, dir) {
			return true
		}
	}
	return false
}

// revKnown reports whether git resolves rev (a merge's HEAD...REV by
// its REV) to a commit in dir when the hook runs.
func revKnown(repo gitRepo, rev string) bool {
	rev = strings.TrimPrefix(rev, "HEAD...")
	if rev == "" || !safeRev(rev) {
		return false
	}
	_, err := repo.run("rev-parse", "-q", "--verify", "--end-of-options", rev+"^{commit}")
	return err == nil
}

// revWord returns the revision a word names as a static word: the
// previous branch for "-" where the command reads it so (git checkout -,
// switch -, merge -, rebase -, cherry-pick -, revert -: @{-1}), and REV
// for a word that is only the substitution $(git rev-parse [--verify]
// [-q] REV), which prints REV's object name (git merge $(git rev-parse
// wip) merges wip). Other words are returned as they are.
func revWord(a syntax.Arg, dash bool) syntax.Arg {
	if a.Static {
		if dash && a.Value == "-" {
			a.Value = "@{-1}"
		}
		return a
	}
	words, ok := syntax.SubstWords(a)
	if !ok || len(words) < 3 || words[0] != "git" || words[1] != "rev-parse" {
		return a
	}
	rev := ""
	for _, w := range words[2:] {
		switch {
		case w == "--verify" || w == "-q" || w == "--quiet" || w == "--end-of-options" || w == "--short" || strings.HasPrefix(w, "--short="):
		case strings.HasPrefix(w, "-") || rev != "":
			return a
		default:
			rev = w
		}
	}
	if rev == "" {
		return a
	}
	return syntax.Arg{Value: rev, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}
}

// mergeBase turns merges into git diff's three-dot form (the changes on
// the other side since the merge base), one revision with no from.
func mergeBase(ms []gitTreeMove) []gitTreeMove {
	for i := range ms {
		ms[i].to = "HEAD..." + ms[i].to
	}
	return ms
}

// safeRev reports a revision corral passes to git: no option, no line
// break, not empty unless unused.
func safeRev(r string) bool {
	return !strings.HasPrefix(r, "-") && !strings.ContainsAny(r, "\x00\n")
}

// gitElsewhere reports a git call whose repository or working tree is
// moved by --git-dir/--work-tree before the subcommand, or by GIT_DIR /
// GIT_WORK_TREE set for it.
func gitElsewhere(c *syntax.Call, sub int) bool {
	for _, a := range c.Args[:sub] {
		if strings.HasPrefix(a.Value, "--git-dir") || strings.HasPrefix(a.Value, "--work-tree") {
			return true
		}
	}
	for _, n := range c.EnvChanged {
		if n == "GIT_DIR" || n == "GIT_WORK_TREE" {
			return true
		}
	}
	return false
}

// repoTop returns the top directory of the repository that holds dir (the
// nearest directory, dir or above, with a .git entry), or "".
func repoTop(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}

// checkoutPath reports whether git checkout WORD restores a file: git
// reads WORD as a revision when one by that name resolves (a branch wins
// over a file of the same name), else as a path. A file on disk whose
// name git does not resolve as a commit when the hook runs is a path.
func checkoutPath(c *syntax.Call, a syntax.Arg) bool {
	if !a.Static || a.Value == "" || a.Value == "-" || strings.HasPrefix(a.Value, "-") || !safeRev(a.Value) {
		return false
	}
	dir, _ := gitArgs(c)
	if !dir.Known {
		return false
	}
	if _, err := os.Lstat(dir.Join(a.Value).Path); err != nil {
		return false
	}
	_, err := runGit(dir.Path, "rev-parse", "--verify", "-q", "--end-of-options", a.Value+"^{commit}")
	return err != nil
}

// worktreeAddWrites judges the files git worktree add [-b BRANCH] PATH
// [COMMIT] checks out at PATH: every file of COMMIT (HEAD when none),
// listed by the real git (ls-tree), each a write at PATH/NAME, so that a
// commit holding settings.json cannot be checked out as ~/.claude, nor one
// holding pre-commit as a hooks directory. A work tree beside the
// repository (../feature-x: worktreeBeside) is a git repository once
// made, so being outside the safe paths is no reason to ask there
// (target.worktree); anywhere else outside them its files ask as any
// other write there does (git worktree add ~/.config/git BRANCH makes
// the branch's config git's global configuration: red team 14 GW1);
// --orphan checks out nothing.
func (p *Pass) worktreeAddWrites(c *syntax.Call, dir syntax.Dir, args []syntax.Arg) {
	if len(args) == 0 || args[0].Value != "add" {
		return
	}
	opts, ops := scan(args[1:], optSpec{shortVal: "bB", longEq: true, longVal: longOpts("reason")})
	if len(ops) == 0 || has(opts, "orphan", "no-checkout") {
		return
	}
	dest := args[1+ops[0]]
	if !dest.Static {
		return
	}
	rev := "HEAD"
	if len(ops) > 1 {
		r := args[1+ops[1]]
		if !r.Static || !safeRev(r.Value) {
			return
		}
		rev = r.Value
	}
	sibling := worktreeBeside(dir, dest.Value)
	out, err := runGit(dir.Path, "ls-tree", "-r", "-z", "--name-only", "--end-of-options", rev)
	if err != nil {
		if !sibling && c.Dir.Known {
			// A commit the hook cannot list (made by the same command):
			// the directory it fills is judged as written.
			p.judge(c, c.Script, dir, target{arg: dest, action: guards.Write}, "bash-write", "git worktree add (the files of "+rev+")")
		}
		return
	}
	judged := 0
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if name == "" || judged >= maxTreeWrites {
			continue
		}
		judged++
		p.judge(c, c.Script, dir, target{arg: dest, value: path.Join(dest.Value, name), action: guards.Write, derived: true, worktree: sibling},
			"bash-write", "git worktree add (a file of "+rev+")")
	}
}

// writesTrackedFiles reports a git subcommand that writes tracked files
// into the working tree: what it checks out, merges, resets, restores,
// stashes away (stash push resets the changed files to HEAD) or applies.
func writesTrackedFiles(verb string, args []syntax.Arg) bool {
	switch verb {
	case "checkout", "switch", "merge", "pull", "rebase", "cherry-pick", "revert", "restore", "checkout-index", "am":
		return true
	case "reset":
		for _, a := range args {
			if v := a.Value; v == "--hard" || v == "--keep" || v == "--merge" {
				return true
			}
		}
	case "read-tree":
		for _, a := range args {
			if a.Value == "-u" || a.Value == "--reset" {
				return true
			}
		}
	case "stash":
		if len(args) == 0 || strings.HasPrefix(args[0].Value, "-") {
			return true // git stash [push options]
		}
		switch args[0].Value {
		case "push", "save", "pop", "apply", "branch":
			return true
		}
	}
	return false
}

// foreignTreeWrites judges a git command that writes tracked files into
// a working tree --work-tree or GIT_WORK_TREE moved away from the
// repository (git --work-tree="$HOME" stash resets ~/.bashrc to the
// committed one; red team 7): each tracked file, as the real git lists
// it, is judged as written under that tree. A tree inside the
// repository's own top is the ordinary case (judged where the files
// are); a tree only known at run time, another repository (--git-dir,
// GIT_DIR) or a listing git cannot give asks. It reports false for a
// tree inside the repository's top, judged as the repository's own
// (callRepo).
func (p *Pass) foreignTreeWrites(c *syntax.Call, dir, tree syntax.Dir, sub int) bool {
	verb := c.Args[sub].Value
	top := repoTop(dir.Path)
	if tree.Known && top != "" && guards.Within(top, tree.Path) {
		return false
	}
	ask := func(why string) {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "outside",
			Message: "git " + verb + " writes the repository's tracked files into " + why})
	}
	if !tree.Known {
		ask("a work tree only known at run time")
		return true
	}
	for _, a := range c.Args[:sub] {
		if strings.HasPrefix(a.Value, "--git-dir") {
			ask(tree.Path + ", from another repository's files")
			return true
		}
	}
	for _, n := range c.EnvChanged {
		if n == "GIT_DIR" {
			ask(tree.Path + ", from another repository's files")
			return true
		}
	}
	out, err := runGit(dir.Path, "ls-files", "-z")
	if err != nil || top == "" {
		ask(tree.Path)
		return true
	}
	judged := 0
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if name == "" || judged >= maxTreeWrites {
			continue
		}
		judged++
		p.judge(c, c.Script, c.Dir, target{arg: syntax.Arg{Value: tree.Path, Raw: tree.Path, Static: true}, value: filepath.Join(tree.Path, filepath.FromSlash(name)), action: guards.Write, derived: true},
			"bash-write", "git "+verb+" (a tracked file, into the work tree "+tree.Path+")")
	}
	return true
}

// gitArchiveStage returns the git archive whose output tar x reads on
// stdin (git archive REV | tar x), or nil.
func gitArchiveStage(c *syntax.Call) *syntax.Call {
	in := c.Fd(0)
	if _, ok := in.File(); ok || in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Pipe.Subst != "" || in.Stage < 1 || in.Stage > len(in.Pipe.Calls) {
		return nil
	}
	src := in.Pipe.Calls[in.Stage-1]
	if src == nil || src.Name != "git" || src.Host != nil {
		return nil
	}
	if _, sub := gitArgs(src); sub < 0 || src.Args[sub].Value != "archive" {
		return nil
	}
	return src
}

// gitArchiveMembers lists the members git archive (call g) writes, as the
// real git lists REV's tree now (git ls-tree -r, with the pathspecs
// given), each under --prefix: a commit's files moved into the work tree
// by git archive REV | tar x (red team 13 GB). ok is false for an archive
// corral does not list: another format, --remote, -o, --add-file, a git
// option but -C, a GIT_* variable set, a word only run time knows.
func (p *Pass) gitArchiveMembers(g *syntax.Call) ([]string, bool) {
	dir, sub := gitArgs(g)
	if !dir.Known || gitElsewhere(g, sub) {
		return nil, false
	}
	opts, _ := scan(g.Args[:sub], specFor("git"))
	for _, o := range opts {
		if o.name != "C" {
			return nil, false
		}
	}
	for _, n := range g.EnvChanged {
		if strings.HasPrefix(n, "GIT_") {
			return nil, false
		}
	}
	prefix, rev := "", ""
	var paths []string
	for _, a := range g.Args[sub+1:] {
		a = revWord(a, false)
		v := a.Value
		if !a.Static || a.Glob || strings.ContainsAny(v, "\x00\n") {
			return nil, false
		}
		switch {
		case v == "--format=tar" || v == "-v" || v == "--verbose" || v == "--worktree-attributes":
		case strings.HasPrefix(v, "--prefix="):
			prefix = strings.TrimPrefix(v, "--prefix=")
		case strings.HasPrefix(v, "-"):
			return nil, false
		case rev == "":
			rev = v
		default:
			paths = append(paths, ":(literal)"+v)
		}
	}
	if rev == "" || !safeRev(rev) {
		return nil, false
	}
	args := []string{"ls-tree", "-r", "-z", "--name-only", "--end-of-options", rev}
	if len(paths) > 0 {
		args = append(append(args, "--"), paths...) // git 2.39 lists nothing for a lone "--"
	}
	out, err := runGit(dir.Path, args...)
	if err != nil {
		return nil, false
	}
	var names []string
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if name != "" && len(names) < maxTreeWrites {
			names = append(names, prefix+name)
		}
	}
	return names, true
}

// worktreeBeside reports a work tree git worktree add makes inside the
// repository or in a new directory beside the repository's top (the
// usual ../feature-x), whose name is not hidden (a dot directory beside
// a repository in the home directory is a program's configuration:
// ~/.vim, ~/.ipython).
func worktreeBeside(dir syntax.Dir, dest string) bool {
	top := repoTop(dir.Path)
	if top == "" {
		top = dir.Path // made by the same command (git init): where git runs
	}
	d := dir.Join(dest)
	if !dir.Known || !d.Known {
		return false
	}
	if guards.Within(top, d.Path) {
		return true
	}
	return filepath.Dir(d.Path) == filepath.Dir(top) && !strings.HasPrefix(filepath.Base(d.Path), ".")
}

// pathspecPlain returns the path a git pathspec word with magic names,
// when the magic leaves one file or directory (gitglossary(7)
// "pathspec"): :/PATH, :/:PATH and :(top)PATH are PATH from the
// repository's top, :(literal)PATH and :(top,literal)PATH the name as
// written. A word with no magic, an exclusion (:!x, :^x, :(exclude)),
// icase or attr magic, or a pattern with wildcards is not one path (git
// resolves those itself when listing what differs).
func pathspecPlain(c *syntax.Call, a syntax.Arg) (syntax.Arg, bool) {
	v := a.Value
	if !a.Static || a.Glob || !strings.HasPrefix(v, ":") {
		return a, false
	}
	top, literal := false, false
	rest := v[1:]
	if strings.HasPrefix(rest, "(") {
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return a, false
		}
		for _, m := range strings.Split(rest[1:end], ",") {
			switch strings.TrimSpace(m) {
			case "top":
				top = true
			case "literal":
				literal = true
			case "glob", "":
			default:
				return a, false // exclude, icase, attr:…, prefix:…
			}
		}
		rest = rest[end+1:]
	} else {
		i := 0
		for ; i < len(rest) && rest[i] == '/'; i++ {
			top = true
		}
		if i < len(rest) && (rest[i] == '!' || rest[i] == '^') {
			return a, false
		}
		rest = strings.TrimPrefix(rest[i:], ":")
	}
	if !literal && strings.ContainsAny(rest, "*?[\\") {
		return a, false
	}
	dir, _ := gitArgs(c)
	if !dir.Known {
		return a, false
	}
	base := dir.Path
	if top {
		if base = repoTop(dir.Path); base == "" {
			return a, false
		}
	}
	abs := filepath.Join(base, filepath.FromSlash(rest))
	return syntax.Arg{Value: abs, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}, true
}
