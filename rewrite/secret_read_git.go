package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// gitReadSpecs are git's subcommands that print file contents out of the object store or
// the work tree, with their options that take a separate value (as git's
// parse-options and revision parser read them: --author x and
// --author=x). No abbreviations are resolved: an option that would make
// the command print no content (--stat) is then only seen when spelled
// out, which errs on the side of judging the read.
var gitReadSpecs = lazy.Value[map[string]optSpec]{New: func() map[string]optSpec {
	gitDiffValues := longOpts("output", "diff-filter", "find-object", "word-diff-regex", "src-prefix", "dst-prefix",
		"line-prefix", "ignore-matching-lines", "anchored", "skip-to", "rotate-to", "output-indicator-new",
		"output-indicator-old", "output-indicator-context", "color-moved-ws", "inter-hunk-context")
	gitLogValues := longOpts("max-count", "skip", "since", "after", "until", "before", "author", "committer", "grep",
		"min-parents", "max-parents", "exclude", "since-as-filter", "glob", "grep-reflog", "encoding")
	return map[string]optSpec{
		"show":         {shortVal: "nSGIO", longEq: true, longVal: union(gitDiffValues, gitLogValues)},
		"log":          {shortVal: "nSGILO", longEq: true, longVal: union(gitDiffValues, gitLogValues)},
		"whatchanged":  {shortVal: "nSGILO", longEq: true, longVal: union(gitDiffValues, gitLogValues)},
		"diff":         {shortVal: "SGIO", longEq: true, longVal: gitDiffValues},
		"format-patch": {shortVal: "onSGIv", longEq: true, longVal: union(gitDiffValues, gitLogValues, longOpts("output-directory", "subject-prefix", "in-reply-to", "to", "cc", "from", "add-header", "signature", "signature-file", "suffix", "start-number", "base", "interdiff", "range-diff", "creation-factor", "reroll-count", "filename-max-length"))},
		"cat-file":     {longEq: true},
		"archive":      {shortVal: "o", longEq: true, longVal: longOpts("format", "prefix", "output", "remote", "exec", "add-file", "add-virtual-file", "mtime")},
		"blame":        {shortVal: "LSC", longEq: true, longVal: longOpts("contents", "reverse", "since", "encoding", "ignore-rev", "ignore-revs-file", "date", "abbrev")},
		"annotate":     {shortVal: "LSC", longEq: true, longVal: longOpts("contents", "reverse", "since", "encoding", "ignore-rev", "ignore-revs-file", "date", "abbrev")},
		"grep":         {shortVal: "efmABC", longEq: true, longVal: longOpts("max-depth", "context", "after-context", "before-context", "max-count", "threads", "open-files-in-pager", "color")},
		"diff-tree":    {shortVal: "SGIO", longEq: true, longVal: gitDiffValues},
	}
}}

// gitNoContent are the options after which diff, show and log print names
// or counts of changes, not their lines.
var gitNoContent = []string{"stat", "numstat", "shortstat", "name-only", "name-status", "s", "no-patch", "quiet", "raw", "dirstat", "summary"}

// union returns the names in any of sets, each once.
func union(sets ...optNames) optNames {
	var out optNames
	for _, s := range sets {
		for _, k := range s {
			if !out.has(k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// gitSecretRead judges git commands that print a secret's content: a blob
// named REV:PATH or :PATH (git show HEAD:.env, git cat-file -p HEAD:.env),
// the changes to a secret (git diff HEAD -- .env, git log -p -- .env, git
// show REV -- .env), an archive of one (git archive HEAD .env), its lines
// (git blame .env, git grep KEY -- .env). A pathspec that excludes
// (:!.env, :(exclude).env) reads nothing; --stat and the like print no
// lines.
func (p *Pass) gitSecretRead(c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	dir, sub := gitArgs(c)
	if sub < 0 {
		return
	}
	name := c.Args[sub].Value
	args := c.Args[sub+1:]
	p.gitCredentialHelper(c, sub)
	if name == "add" {
		if tree, set := gitWorkTree(c, sub); set {
			// git --work-tree=DIR add PATHS: outside DIR the pathspecs
			// are from DIR's top, inside it from the working directory
			// (git --git-dir=/tmp/g --work-tree=$HOME add .ssh stages
			// ~/.ssh). A tree only run time knows is not judged here.
			if !tree.Known {
				return
			}
			if !inTree(dir, tree) {
				dir = tree
			}
		}
		p.gitAddSecret(c, dir, args)
		return
	}
	if name == "hash-object" {
		p.gitHashObject(c, args)
		return
	}
	if name == "config" {
		p.gitConfigFile(c, args)
		return
	}
	if name == "stash" {
		p.gitStashShow(c, dir, args)
		return
	}
	switch name {
	case "push", "send-pack", "bundle":
		p.gitShipsTracked(c, dir, sub)
		return
	case "show", "log", "whatchanged", "diff", "format-patch", "cat-file", "archive", "blame", "annotate", "grep", "diff-tree", "fast-export":
	default:
		return
	}
	opts, operands := scan(args, gitReadSpecs.Get()[name])
	// Operands after "--" are paths only.
	dd := len(args)
	consumed := map[int]bool{}
	for _, o := range opts {
		consumed[o.idx] = true
		if o.hasVal && !o.attached {
			consumed[o.idx+1] = true
		}
	}
	for i, a := range args {
		if a.Static && a.Value == "--" && !consumed[i] {
			dd = i
			break
		}
	}
	content := true
	switch name {
	case "diff", "diff-tree":
		content = !given(opts, gitNoContent...)
		if name == "diff" && content && has(opts, "no-index") {
			// git diff --no-index DIR1 DIR2 compares the trees
			// recursively and prints a file only one side has as added
			// or deleted, every line of it: each side is read whole
			// (git diff --no-index ~ EMPTY prints ~/.ssh/id_rsa).
			for _, i := range operands {
				if p.secretOperand(c, args[i], true, true, &guards.Walk{Hidden: true}) {
					return
				}
			}
		}
	case "log", "whatchanged":
		content = (has(opts, "p", "u", "patch", "patch-with-stat", "patch-with-raw", "cc") || name == "whatchanged" && has(opts, "p")) &&
			!given(opts, "no-patch", "s")
		for _, o := range find(opts, "L") {
			if i := strings.LastIndex(o.val.Value, ":"); i >= 0 {
				p.gitSecretPath(c, dir, o.val.Value[i+1:], "git "+name+" -L")
			}
		}
	case "show":
		content = !given(opts, gitNoContent...)
	case "cat-file":
		if given(opts, "batch", "batch-command") && !given(opts, "batch-check") {
			// Objects named on its input (red team 19 SG1).
			p.gitTrackedRead(c, dir, name, opts, args, nil, dd, true)
			return
		}
		if given(opts, "t", "s", "e", "batch", "batch-check", "batch-command") {
			return
		}
		if c.ExtraArgs {
			// Objects xargs or parallel name at run time (git ls-tree
			// -r HEAD | awk '{print $3}' | xargs git cat-file -p).
			p.gitTrackedRead(c, dir, name, opts, args, nil, dd, true)
		}
		for _, i := range operands {
			if !args[i].Static {
				// An object only known at run time
				// (cat-file -p "$(git rev-parse HEAD:.env)").
				p.gitTrackedRead(c, dir, name, opts, args, nil, dd, true)
				break
			}
		}
		for _, o := range find(opts, "path") {
			p.gitSecretPath(c, dir, o.val.Value, "git cat-file")
		}
	case "grep":
		if !has(opts, "e", "f", "regexp", "file") && len(operands) > 0 {
			operands = operands[1:] // the pattern
		}
		if has(opts, "untracked", "no-index") {
			p.gitGrepDisk(c, dir, opts, args, operands)
		}
	}
	for k, i := range operands {
		a := args[i]
		if !a.Static {
			continue
		}
		v := a.Value
		if i > dd {
			if content {
				p.gitPathspec(c, dir, a)
			}
			continue
		}
		// REV:PATH and :PATH name a blob (or tree) in the object store:
		// show and cat-file print it whatever else was asked.
		if path, ok := gitObjectPath(v); ok {
			if content || name == "show" || name == "cat-file" {
				p.gitSecretPath(c, dir, path, "git "+name)
			}
			continue
		}
		if strings.HasPrefix(v, ":") {
			continue // :/TEXT, a commit found by its message
		}
		switch name {
		case "archive":
			if k == 0 {
				continue // the tree-ish
			}
		case "cat-file":
			continue // a type or an object id
		}
		// Before "--", git takes an operand for a path when it is no
		// revision: a secret's name is judged as the path it is.
		if content {
			p.gitPathspec(c, dir, a)
		}
	}
	switch name {
	case "show", "log", "whatchanged", "diff", "diff-tree", "format-patch", "grep", "fast-export", "archive":
		p.gitTrackedRead(c, dir, name, opts, args, operands, dd, content)
	}
}

// gitObjectPath returns the path of an object name REV:PATH, :PATH or
// :N:PATH (a stage of the index); :/TEXT searches commit messages and
// names no path.
func gitObjectPath(v string) (string, bool) {
	i := strings.IndexByte(v, ':')
	if i < 0 || strings.Contains(v, "://") {
		return "", false
	}
	rest := v[i+1:]
	if i == 0 {
		if strings.HasPrefix(rest, "/") {
			return "", false
		}
		if len(rest) >= 2 && rest[0] >= '0' && rest[0] <= '3' && rest[1] == ':' {
			rest = rest[2:]
		}
	}
	if rest == "" {
		return "", false
	}
	return rest, true
}

// gitPathspec judges one pathspec: magic that excludes reads nothing;
// :(top)x and :/x are from the top of the work tree; a glob is matched
// as one.
func (p *Pass) gitPathspec(c *syntax.Call, dir syntax.Dir, a syntax.Arg) {
	v := a.Value
	if strings.HasPrefix(v, ":") {
		switch {
		case strings.HasPrefix(v, ":!") || strings.HasPrefix(v, ":^"):
			return
		case strings.HasPrefix(v, ":("):
			end := strings.IndexByte(v, ')')
			if end < 0 {
				return
			}
			magic := v[2:end]
			for _, m := range strings.Split(magic, ",") {
				if m == "exclude" {
					return
				}
			}
			v = v[end+1:]
		case strings.HasPrefix(v, ":/"):
			v = v[2:]
		default:
			v = v[1:]
		}
	}
	if a.Glob || strings.ContainsAny(v, "*?[") {
		// Quoted or not, git matches the pathspec as a pattern.
		g := syntax.Arg{Value: v, Static: true, Glob: true}
		g.SetPattern(v)
		if s, ok := p.secretOf(dir, g); ok {
			p.reportSecret(c, s, "git "+p.gitSub(c)+" reads")
		}
		return
	}
	p.gitSecretPath(c, dir, v, "git "+p.gitSub(c))
}

func (p *Pass) gitSub(c *syntax.Call) string {
	if _, sub := gitArgs(c); sub >= 0 {
		return c.Args[sub].Value
	}
	return ""
}

// gitSecretPath judges a path git prints the content of.
func (p *Pass) gitSecretPath(c *syntax.Call, dir syntax.Dir, path, what string) {
	if path == "" {
		return
	}
	path = strings.TrimPrefix(path, "./")
	if s, ok := p.secretOf(dir, syntax.Arg{Value: path, Static: true}); ok {
		p.reportSecret(c, s, what+" reads")
	}
}

// gitAddSpec are git add's options that take a separate value.
var gitAddSpec = optSpec{longEq: true, longVal: longOpts("chmod", "pathspec-from-file")}

// gitAddSecret judges git add: staging a secret is the step before it is
// committed and pushed, so a secret among its pathspecs (git add .env,
// git add -f id_rsa, git add '*.pem') is asked about, and so is a
// directory (git add ., git add -A) that holds a secret on disk now that
// git would stage: one no .gitignore names, or any with -f. git's other
// ignore sources (.git/info/exclude, core.excludesFile) are not read, so
// a secret ignored only there is still counted. dir is where the
// pathspecs start: the work tree's top for git --work-tree=DIR add run
// outside DIR.
func (p *Pass) gitAddSecret(c *syntax.Call, dir syntax.Dir, args []syntax.Arg) {
	if p.Config.Paths == nil {
		return
	}
	opts, operands := scan(args, gitAddSpec)
	if has(opts, "n", "dry-run", "u", "update", "refresh", "pathspec-from-file") {
		return
	}
	force := has(opts, "f", "force")
	ask := func(s guards.Secret, verb string) {
		if later := p.printsStaged(c); later != nil {
			p.reportSecret(c, s, verb+" and "+later.Text()+" prints it:")
			return
		}
		p.Report(c, Finding{Rule: "secret-read", Decision: Ask, Message: s.Reason(verb) + " (a staged secret is committed and published by the next push)", PathContext: "blocked"})
	}
	var dirs []syntax.Arg
	for _, i := range operands {
		a := args[i]
		if !a.Static || strings.HasPrefix(a.Value, ":") {
			continue
		}
		if strings.ContainsAny(a.Value, "*?[") {
			// Quoted or not, git matches a pathspec as a pattern, and
			// its * matches a leading dot.
			g := syntax.Arg{Value: a.Value, Static: true, Glob: true}
			g.SetPattern(a.Value)
			if s, ok := p.secretOf(dir, g); ok {
				ask(s, "git add stages")
				return
			}
			if pat, ok := p.Config.Paths.Secrets().GlobReaches(a.Value); ok {
				ask(guards.Secret{Path: guards.Normalize(p.guardsEnv(dir), a.Value), Pattern: pat}, "git add stages")
				return
			}
			continue
		}
		if s, ok := p.secretOf(dir, a); ok {
			ask(s, "git add stages")
			return
		}
		dirs = append(dirs, a)
	}
	if len(operands) == 0 && has(opts, "A", "all") {
		dirs = append(dirs, syntax.Arg{Value: ".", Static: true, Raw: "."})
	}
	if p.Config.NoGlobMatches {
		return
	}
	env := p.guardsEnv(dir)
	for _, d := range dirs {
		if d.Glob {
			continue
		}
		if s, ok := p.Config.Paths.Secrets().OnDisk(env, d.Value, guards.Walk{Hidden: true, Ignores: !force}); ok {
			ask(s, "git add "+d.Value+" stages")
			return
		}
	}
}

// gitGrepDisk judges git grep --untracked and --no-index, which read files
// of the work tree that git does not track: a secret on disk under its
// pathspecs (the working directory when none) counts. --untracked skips
// what git ignores unless --no-exclude-standard; --no-index reads ignored
// files too unless --exclude-standard.
func (p *Pass) gitGrepDisk(c *syntax.Call, dir syntax.Dir, opts []option, args []syntax.Arg, operands []int) {
	if p.Config.Paths == nil || p.Config.NoGlobMatches {
		return
	}
	w := guards.Walk{Hidden: true}
	if has(opts, "untracked") {
		w.Ignores = !has(opts, "no-exclude-standard")
	} else {
		w.Ignores = has(opts, "exclude-standard")
	}
	var roots []string
	for _, i := range operands {
		a := args[i]
		if !a.Static || a.Glob || a.Value == "--" || strings.HasPrefix(a.Value, ":") {
			continue
		}
		roots = append(roots, a.Value)
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	env := p.guardsEnv(dir)
	for _, r := range roots {
		if s, ok := p.Config.Paths.Secrets().OnDisk(env, r, w); ok {
			p.reportSecret(c, s, "git grep reads everything under "+r+", which holds")
			return
		}
	}
}

// gitHashObject judges git hash-object -w: it stores each file as a blob
// in the object store, from where git cat-file -p HASH prints it under a
// name no secret pattern knows; reading the secret that way is reading
// it. Without -w only the hash is printed. --stdin-paths takes the names
// on stdin (ls .env | git hash-object -w --stdin-paths).
func (p *Pass) gitHashObject(c *syntax.Call, args []syntax.Arg) {
	opts, operands := scan(args, optSpec{shortVal: "t", longVal: longOpts("path"), longEq: true})
	if !has(opts, "w") {
		return
	}
	if has(opts, "stdin-paths") {
		p.stdinNames(c)
		return
	}
	for _, i := range operands {
		a := args[i]
		if a.Static && a.Value == "--" {
			continue
		}
		if p.secretOperand(c, a, false, false, nil) {
			return
		}
	}
}

// gitConfigFile judges git config -f/--file FILE (and --blob): reading
// the file as git's configuration prints its values (git config -f
// ~/.pypirc -l prints pypi.password=…, as an INI file is git config's
// syntax; --get NAME, NAME alone, --get-regexp, --list). Setting or
// removing a value (two operands, --unset, --add, --remove-section, -e)
// writes it: the write guards' case.
func (p *Pass) gitConfigFile(c *syntax.Call, args []syntax.Arg) {
	opts, operands := scan(args, optSpec{shortVal: "f", longEq: true, longVal: longOpts("file", "blob", "type", "default",
		"comment", "value", "url", "worktree")})
	if has(opts, "unset", "unset-all", "add", "replace-all", "remove-section", "rename-section", "e", "edit") ||
		len(operands) >= 2 && !has(opts, "l", "list", "get", "get-all", "get-regexp", "get-urlmatch") {
		return
	}
	var files []syntax.Arg
	for _, f := range find(opts, "f", "file") {
		files = append(files, f.val)
	}
	for _, b := range find(opts, "blob") {
		// --blob REV:PATH reads PATH as the commit holds it.
		if _, path, ok := strings.Cut(b.val.Value, ":"); ok && b.val.Static && path != "" {
			files = append(files, syntax.Arg{Value: path, Raw: path, Static: true, Start: b.val.Start, End: b.val.End})
		}
	}
	if len(files) == 0 && !has(opts, "local", "worktree", "blob") {
		// The user's and the system's files are the ones these name
		// (git-config(1) ENVIRONMENT): GIT_CONFIG_GLOBAL=~/.pypirc git
		// config --global -l reads the file as -f does.
		names := []string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"}
		switch {
		case has(opts, "global"):
			names = names[:1]
		case has(opts, "system"):
			names = names[1:]
		}
		for _, n := range names {
			if v, ok := c.EnvKnown(n); ok && v != "" && v != "/dev/null" {
				files = append(files, syntax.Arg{Value: v, Raw: v, Static: true, Start: c.NameArg.Start, End: c.NameArg.End})
			}
		}
	}
	for _, f := range files {
		if p.secretOperand(c, f, false, false, nil) {
			return
		}
	}
}

// printsStaged returns a git call after c in the same command that
// prints what the index holds (git diff --cached or --staged, with its
// lines): after c stages a secret, that is reading it.
func (p *Pass) printsStaged(c *syntax.Call) *syntax.Call {
	after := false
	for _, d := range p.Model.Calls {
		if d == c {
			after = true
			continue
		}
		if !after || d.Name != "git" {
			continue
		}
		_, sub := gitArgs(d)
		if sub < 0 || d.Args[sub].Value != "diff" {
			continue
		}
		opts, _ := scan(d.Args[sub+1:], gitReadSpecs.Get()["diff"])
		if has(opts, "cached", "staged") && !given(opts, gitNoContent...) {
			return d
		}
	}
	return nil
}

// gitStashShow judges git stash show -p with -u/--include-untracked or
// --only-untracked, which prints the untracked files the stash holds as
// added lines, after the same command stashed a secret: git stash -a
// (--all) takes the ignored files too (a .env), git stash -u the
// untracked ones no ignore file names. Without -u, stash show prints
// only tracked changes (git 2.39, as tested), and a stash made by an
// earlier command is not known here.
func (p *Pass) gitStashShow(c *syntax.Call, dir syntax.Dir, args []syntax.Arg) {
	if p.Config.Paths == nil || p.Config.NoGlobMatches || len(args) == 0 || args[0].Value != "show" {
		return
	}
	opts, _ := scan(args[1:], gitReadSpecs.Get()["diff"])
	if !has(opts, "p", "patch") || !has(opts, "include-untracked", "only-untracked", "u") || given(opts, gitNoContent...) {
		return
	}
	for _, d := range p.Model.Calls {
		if d == c {
			return
		}
		if d.Name != "git" {
			continue
		}
		ddir, sub := gitArgs(d)
		if sub < 0 || d.Args[sub].Value != "stash" {
			continue
		}
		rest := d.Args[sub+1:]
		if len(rest) > 0 && (rest[0].Value == "push" || rest[0].Value == "save") {
			rest = rest[1:]
		} else if len(rest) > 0 && !strings.HasPrefix(rest[0].Value, "-") {
			continue // list, pop, apply, show…
		}
		sopts, _ := scan(rest, optSpec{shortVal: "m", longEq: true, longVal: longOpts("message", "pathspec-from-file")})
		all := has(sopts, "a", "all")
		if !all && !has(sopts, "u", "include-untracked") {
			continue
		}
		if s, ok := p.Config.Paths.Secrets().OnDisk(p.guardsEnv(ddir), ".", guards.Walk{Hidden: true, Ignores: !all}); ok {
			p.reportSecret(c, s, "git stash put in the stash, and git stash show -p --include-untracked prints,")
			return
		}
	}
}
