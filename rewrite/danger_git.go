package rewrite

import (
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var gitDestroy = Rule{
	Name:      "git-destroy",
	Decisions: []Decision{Ask, Deny},
	Doc: `Git commands that throw away work no commit holds, or rewrite shared
history: reset --hard, clean -f (not -n), push --force/-f/+refspec (not
--force-with-lease, which refuses to overwrite others' work), push
--delete and push origin :branch, branch -D, checkout -- <paths>, checkout FILE (a word that is a file and no revision), checkout . and checkout -f
(checkout/restore of paths whose work-tree bytes are all the index's blobs
discard nothing and pass),
switch --discard-changes/-f, restore of the worktree (restore --staged only
touches the index and passes), stash drop/clear, reflog expire,
gc --prune=now, filter-branch, worktree remove --force. Each is routine for
a person who means it and unrecoverable when an agent does it by mistake:
ask. Also push --prune, push with a forced refspec from the command line's
config (-c remote.origin.push=+refs/…) or -c remote.X.mirror=true; --force
wins over --force-with-lease in either order; git clean made to run
without -f (-c clean.requireForce=false); read-tree -u --reset,
checkout-index -f (with --prefix=DIR/ it exports under DIR: a write, judged
by the path guards), update-ref -d, symbolic-ref -d, tag -f. An alias
defined on the command line (-c alias.x='!rm -rf ~' x, -c alias.x='reset
--hard' x) is judged as the command it stands for, and so is a setting
git config stores for later commands: alias.x 'push --force' is git push
--force, remote.NAME.push '+main:main' is git push NAME +main:main,
remote.NAME.mirror true is git push --mirror NAME. git send-pack, the
plumbing under push, asks as push does for --force/-f, a +ref, --mirror, a
:ref deletion, and --stdin (refspecs from its input). Global options (git -C
dir, -c k=v) do not hide the subcommand, and one only known at run time
(git $X reset --hard) asks when a destructive subcommand follows. git clean
inside the sandbox passes, and so do the dry runs: push -n/--dry-run (of a
force, a deletion, --mirror or --prune; a later --no-dry-run undoes it),
reflog expire -n/--dry-run, filter-repo --analyze and --dry-run.`,
	Commands: []string{"git"},
	Call:     checkGitDestroy,
}

func checkGitDestroy(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	_, sub := gitArgs(c)
	if sub < 0 {
		gitRuntimeOptions(p, c)
		return
	}
	if judgeGitAlias(p, c, sub) {
		return
	}
	if why := gitDestroys(p, c, sub); why != "" {
		p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: why})
	}
}

// gitConfigs returns the values that -c KEY=VALUE among git's global
// options (c.Args[:sub], read with git's table) gives key
// (case-insensitive), in order, each with whether it is static.
func gitConfigs(c *syntax.Call, sub int, key string) (vals []string, static []bool) {
	globals, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range find(globals, "c") {
		k, v, _ := strings.Cut(o.val.Value, "=")
		if strings.EqualFold(k, key) {
			vals, static = append(vals, v), append(static, o.val.Static)
		}
	}
	return vals, static
}

// gitAliasValue returns the alias -c alias.NAME=VALUE defines for name
// (the last one wins, as in git's config), else the one the environment
// defines (GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT with its keys and
// values: c.GitEnvConfig, which -c overrides), and whether it is static.
func gitAliasValue(c *syntax.Call, sub int, name string) (string, bool) {
	vals, static := gitConfigs(c, sub, "alias."+name)
	if len(vals) > 0 {
		return vals[len(vals)-1], static[len(static)-1]
	}
	for i := len(c.GitEnvConfig) - 1; i >= 0; i-- {
		if k, v, _ := strings.Cut(c.GitEnvConfig[i], "="); strings.EqualFold(strings.TrimSpace(k), "alias."+name) {
			return v, true // a run-time value is its text as written, which still names the alias
		}
	}
	return "", false
}

// maxAliasDepth bounds the alias expansions judged inside one another: a
// shell alias that runs git with another alias (-c alias.a='!git b'),
// whose expansion is judged in turn. git's own expansion of one alias
// into another stops at a loop; a shell alias that runs itself does not,
// and past this depth the call asks.
const maxAliasDepth = 16

// judgeGitAlias judges a subcommand defined on the command line by -c
// alias.NAME=VALUE: git runs VALUE instead (a shell command when it
// starts with "!"), so that command is decided as if written out. It
// reports whether c was such an alias.
func judgeGitAlias(p *Pass, c *syntax.Call, sub int) bool {
	name := c.Args[sub].Value
	if c.Script != nil && strings.HasPrefix(c.Script.Kind, "git alias.") {
		// A git run by a shell alias, walked in place by the model as
		// every "!" alias is: the alias actually run is expanded where
		// git is called (below), with the settings git passes on, so
		// this walk of it adds nothing and would nest without end.
		return false
	}
	if syntax.GitOwnCommand(name) {
		// git runs its own command of that name (a builtin, or a
		// program in its exec path) before looking for an alias:
		// git -c alias.reset=status reset --hard resets.
		return false
	}
	globals, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range find(globals, "config-env") {
		if k, _, _ := strings.Cut(o.val.Value, "="); strings.EqualFold(k, "alias."+name) {
			p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: "git " + name + " is an alias whose command only the environment knows (--config-env)"})
			return true
		}
	}
	val, ok := gitAliasValue(c, sub, name)
	if !ok && val == "" {
		return false
	}
	var rest []string
	for _, a := range c.Args[sub+1:] {
		rest = append(rest, a.Raw)
	}
	// A git alias is expanded in place of its name: the global options
	// before it stay (-c alias.a=b -c alias.b='reset --hard' a is git -c …
	// b, whose b is the second alias). A shell alias runs with every
	// setting git has in its environment, as git passes them on
	// (GIT_CONFIG_PARAMETERS), so a git it runs sees the same aliases.
	var globalsRaw []string
	for _, a := range c.Args[:sub] {
		globalsRaw = append(globalsRaw, a.Raw)
	}
	cmd := strings.Join(append([]string{"git"}, append(globalsRaw, val)...), " ")
	if strings.HasPrefix(val, "!") {
		cmd = strings.TrimPrefix(val, "!")
		if params := gitParams(c, sub); params != "" && strings.Contains(cmd, "git") {
			// The settings only matter to a git the text runs. One
			// command takes them as a prefix (and stays where it was in
			// a pipeline: curl … | git -c alias.x='!git y' … x); a list
			// gets them exported first.
			if strings.ContainsAny(cmd, ";&|()<>{}\n`") {
				cmd = "export GIT_CONFIG_PARAMETERS=" + syntax.Quote(params) + "; " + cmd
			} else {
				cmd = "GIT_CONFIG_PARAMETERS=" + syntax.Quote(params) + " " + cmd
			}
		}
	}
	if len(rest) > 0 {
		cmd += " " + strings.Join(rest, " ")
	}
	if !ok {
		p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: "git " + name + " is an alias only known at run time"})
		return true
	}
	if !strings.HasPrefix(val, "!") {
		for _, seen := range p.Config.aliasChain {
			if strings.EqualFold(seen, name) {
				return true // git stops: "alias loop detected", nothing runs
			}
		}
	}
	if p.Config.aliasDepth >= maxAliasDepth {
		p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: "git " + name + " is an alias whose expansions nest more than " + strconv.Itoa(maxAliasDepth) + " deep"})
		return true
	}
	// Judged in rewrite mode: an alias of clone is the git-clone rule's
	// (rewritten or, in block mode, refused there), not a destruction.
	cfg := *p.Config
	cfg.Mode = ModeRewrite
	cfg.aliasDepth++
	if strings.HasPrefix(val, "!") {
		cfg.aliasChain = nil // a new git process: its own expansion
	} else {
		cfg.aliasChain = append(append([]string(nil), p.Config.aliasChain...), name)
	}
	res := checkAliasInPlace(&cfg, c, cmd)
	if res.Decision == Rewrite && !strings.HasPrefix(val, "!") && !aliasRewritable(val) {
		// git -c alias.x='clone URL' x: the acquisition is in the alias's
		// own words, which no rewrite of this command can move (it was
		// allowed: the clone landed in the project).
		p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: "git " + name + " is an alias for " + strconvQuote(cmd) +
			", an acquisition corral rewrites into the sandbox when written out; inside the alias it cannot"})
		return true
	}
	if res.Decision >= Ask {
		why := ""
		for _, f := range res.Findings {
			if f.Decision == res.Decision {
				why = f.Message
				break
			}
		}
		p.Report(c, Finding{Rule: "git-destroy", Decision: res.Decision, Message: "git " + name + " is an alias for " + strconvQuote(cmd) + ": " + why})
	}
	return true
}

// checkAliasInPlace decides the command an alias stands for (cmd) where
// the call stood: git runs the expansion with the call's own standard
// input and output, so its text takes the place of the call's words in
// the script (the statements before it, its redirections and the other
// stages of its pipeline kept) and the findings about that pipeline
// are its. git -c alias.x='archive --remote=URL HEAD' x | tar x is then
// the archive piped to tar, as written out (it was judged as the
// archive alone, which writes nothing: allowed). When the call's span
// cannot be found in its script the expansion is decided alone.
func checkAliasInPlace(cfg *Config, c *syntax.Call, cmd string) *Result {
	src := c.Script.Src
	a, b := c.NameArg.Start, c.End
	if a < c.Start || a > b || b > len(src) || !strings.HasPrefix(src[a:], c.NameArg.Raw) {
		return checkCommand(cfg, cmd)
	}
	lo, hi := c.Start, c.End
	if c.Pipe != nil && c.Pipe.Subst == "" && len(c.Pipe.Stmts) > 0 {
		lo = min(lo, int(c.Pipe.Stmts[0].Pos().Offset()))
		hi = max(hi, int(c.Pipe.Stmts[len(c.Pipe.Stmts)-1].End().Offset()))
	} else if c.Stmt != nil {
		lo = min(lo, int(c.Stmt.Pos().Offset()))
		hi = max(hi, int(c.Stmt.End().Offset()))
	}
	if lo < 0 || hi > len(src) {
		return checkCommand(cfg, cmd)
	}
	text := src[:a] + cmd + src[b:]
	hi += len(cmd) - (b - a)
	res := checkCommand(cfg, text)
	kept := *res
	kept.Findings = nil
	kept.Decision = Allow
	if len(res.Findings) == 0 {
		return res // a decision no finding holds (text that does not parse)
	}
	for _, f := range res.Findings {
		if f.End <= lo || f.Start >= hi {
			continue // another statement's: decided where it stands
		}
		kept.Findings = append(kept.Findings, f)
		kept.Decision = max(kept.Decision, f.Decision)
	}
	return &kept
}

// aliasRewritable reports an alias value the clone rule rewrites where
// it is used: clone with options only (-c alias.c='clone --depth=1' c URL),
// whose repository and directory are the command's own words.
func aliasRewritable(val string) bool {
	f := strings.Fields(val)
	if len(f) == 0 || f[0] != "clone" {
		return false
	}
	for _, w := range f[1:] {
		if !strings.HasPrefix(w, "-") {
			return false
		}
	}
	return true
}

// checkCommand is Check, reached through a variable: Check runs the rule
// table, which holds this rule, so a direct reference would be an
// initialisation cycle.
var checkCommand func(*Config, string) *Result

func init() { checkCommand = Check }

// strconvQuote quotes s for a message.
// gitParams returns GIT_CONFIG_PARAMETERS as git sets it for the
// programs it runs: the environment's settings, then the call's -c ones,
// each shell-quoted as git writes them.
func gitParams(c *syntax.Call, sub int) string {
	kvs := append([]string(nil), c.GitEnvConfig...)
	globals, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range find(globals, "c") {
		kvs = append(kvs, o.val.Value)
	}
	var q []string
	for _, kv := range kvs {
		q = append(q, "'"+strings.ReplaceAll(kv, "'", `'\''`)+"'")
	}
	return strings.Join(q, " ")
}

func strconvQuote(s string) string { return "\"" + s + "\"" }

// gitRuntimeOptions asks about git when a word before the subcommand is
// only known at run time (git $X reset --hard): whatever it is, what
// follows may be a destructive subcommand.
func gitRuntimeOptions(p *Pass, c *syntax.Call) {
	if _, operands := scan(c.Args, specFor("git")); len(operands) > 0 && !c.Args[operands[0]].Static {
		// The subcommand itself is only known at run time (git "$SUB"
		// --hard, git $CMD -fdx, git "$1" --force origin main): ask when
		// the words after it destroy as one of git's subcommands that
		// does (they were allowed).
		i := operands[0]
		a := c.Args[i]
		for _, sub := range []string{"reset", "clean", "push", "branch", "switch", "stash", "worktree", "tag", "update-ref", "read-tree", "checkout-index", "reflog", "gc"} {
			g := *c
			g.Args = append([]syntax.Arg{}, c.Args...)
			g.Args[i] = syntax.Arg{Value: sub, Raw: sub, Static: true}
			if why := gitDestroys(p, &g, i); why != "" {
				p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: "git " + a.Raw + " " + rawJoinArgs(c.Args[i+1:]) +
					": a subcommand only known at run time, with words that destroy as git " + sub + " (" + why + ")"})
				return
			}
		}
	}
	for i, a := range c.Args {
		if a.Static {
			continue
		}
		for j := i + 1; j < len(c.Args); j++ {
			if !c.Args[j].Static || strings.HasPrefix(c.Args[j].Value, "-") {
				continue
			}
			if why := gitDestroys(p, c, j); why != "" {
				p.Report(c, Finding{Rule: "git-destroy", Decision: Ask, Message: why + " (the option " + a.Raw + " before it is only known at run time)"})
			}
			return
		}
		return
	}
}

// rawJoinArgs joins the words as written.
func rawJoinArgs(args []syntax.Arg) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.Raw
	}
	return strings.Join(parts, " ")
}

// gitDryRun reports a git subcommand told -n or --dry-run (unambiguously),
// not undone by a later --no-dry-run (parse-options negates every boolean
// option; the last word wins): git push -n and git reflog expire -n only
// report what they would do.
func gitDryRun(opts []option) bool {
	dry := false
	for _, o := range opts {
		switch {
		case !o.long && o.name == "n", o.long && o.name == "dry-run" && o.ambiguous == nil:
			dry = true
		case o.long && (o.name == "no-dry-run" || contains(o.ambiguous, "no-dry-run") || strings.HasPrefix(o.name, "no-d")):
			dry = false
		}
	}
	return dry
}

// filterRepoOnlyLooks reports git filter-repo run with --analyze (a
// report of the history, the repository left alone) or --dry-run (the
// filtered history written beside the original for comparison, nothing
// imported). filter-repo reads its options with Python's argparse, which
// never takes a word starting with "--" as another option's value, so the
// exact word counts wherever it stands before "--".
func filterRepoOnlyLooks(args []syntax.Arg) bool {
	for _, a := range args {
		if !a.Static || a.Value == "--" {
			return false
		}
		if a.Value == "--analyze" || a.Value == "--dry-run" {
			return true
		}
	}
	return false
}

// gitDestroys returns why the git subcommand at c.Args[sub] throws away
// work or rewrites shared history, or "".
func gitDestroys(p *Pass, c *syntax.Call, sub int) string {
	args := c.Args[sub+1:]
	// Options are read with git's own rules (programs.go): bundles of
	// short options, values, and any unambiguous abbreviation of a long
	// option (git reset --har).
	opts, operands := scan(args, specFor("git "+c.Args[sub].Value))
	dashed := func(n string) string {
		if len(n) > 2 && n[1] == '-' {
			return n[2:]
		}
		return n[1:]
	}
	// flag reports a dangerous option (an ambiguous abbreviation counts).
	flag := func(names ...string) bool {
		for _, n := range names {
			if has(opts, dashed(n)) {
				return true
			}
		}
		return false
	}
	// harmless reports an option that makes the command harmless, given
	// unambiguously.
	harmless := func(names ...string) bool {
		for _, n := range names {
			if given(opts, dashed(n)) {
				return true
			}
		}
		return false
	}
	short := func(letter byte) bool { return has(opts, string(letter)) }
	afterDashes := func() []syntax.Arg {
		for i, a := range args {
			if a.Value == "--" {
				return args[i+1:]
			}
		}
		return nil
	}
	var why string
	switch c.Args[sub].Value {
	case "reset":
		switch {
		case flag("--hard"):
			why = "git reset --hard discards uncommitted changes"
		case flag("--merge", "--keep"):
			why = "git reset " + "--merge can discard uncommitted changes"
		}
	case "clean":
		// Inside the sandbox, untracked files are what the agent fetched.
		inSandbox := true
		for _, d := range gitCleanDeletions(p, c) {
			if !d.arg.Static || !p.DirInSandbox(c.Dir.Join(d.arg.Value)) {
				inSandbox = false
			}
		}
		if gitCleanForced(c, sub) && !harmless("-n", "--dry-run") && !inSandbox && !p.gitCleanCleansNothing(c) {
			why = "git clean -f deletes untracked files"
		}
	case "push":
		if gitDryRun(opts) {
			break // -n/--dry-run: git reports what it would send and sends nothing
		}
		// --force wins over --force-with-lease whichever comes first: git
		// checks the lease, then "--force will defeat any rejection" (the
		// comment in remote.c's set_ref_status_for_push), so the lease
		// only protects refs when nothing forces them. -f/--force is one
		// bit that --no-force clears: the last of them counts.
		force := gitPushForced(opts, args)
		// -c remote.NAME.push=+refs/…: a forced refspec from the config.
		mirror := false
		globals, _ := scan(c.Args[:sub], specFor("git"))
		type setting struct {
			kv     string
			static bool
		}
		// The environment's settings (GIT_CONFIG_COUNT with its keys and
		// values, GIT_CONFIG_PARAMETERS) count as -c does.
		var settings []setting
		for _, kv := range c.GitEnvConfig {
			settings = append(settings, setting{strings.TrimSpace(kv), !strings.ContainsAny(kv, "$`")})
		}
		for _, o := range find(globals, "c") {
			settings = append(settings, setting{o.val.Value, o.val.Static})
		}
		for _, set := range settings {
			k, v, hasVal := strings.Cut(set.kv, "=")
			k = strings.ToLower(strings.TrimSpace(k))
			switch {
			case strings.HasPrefix(k, "remote.") && strings.HasSuffix(k, ".push") && strings.HasPrefix(v, "+"):
				force = true
			case strings.HasPrefix(k, "remote.") && strings.HasSuffix(k, ".mirror"):
				// A git boolean: no value is true, On and 2 are, OFF
				// and 00 are not; a value only known at run time may be.
				on, _ := syntax.GitConfigBool(v)
				mirror = mirror || on || !hasVal || !set.static
			}
		}
		switch {
		case force:
			why = "git push --force overwrites the remote's history (use --force-with-lease)"
		case flag("--delete") || short('d') || hasDeleteRefspec(args):
			why = "git push --delete removes a remote branch"
		case flag("--mirror") || mirror:
			why = "git push --mirror overwrites every ref of the remote"
		case flag("--prune"):
			why = "git push --prune deletes every remote branch that has no local counterpart"
		}
	case "send-pack":
		// git send-pack [--all|--mirror] [--force] REMOTE REF…: push's
		// plumbing, the same refspecs (+ref forces one, :ref deletes it);
		// --mirror updates every ref and deletes the remote's others, and
		// --stdin takes further refspecs from its input.
		switch {
		case gitDryRun(opts):
		case gitPushForced(opts, args):
			why = "git send-pack --force overwrites the remote's history, as git push --force does (use --force-with-lease)"
		case flag("--mirror"):
			why = "git send-pack --mirror overwrites every ref of the remote and deletes those only it has, as git push --mirror does"
		case hasDeleteRefspec(args):
			why = "git send-pack :branch removes a remote branch, as git push --delete does"
		case flag("--stdin"):
			why = "git send-pack --stdin takes the refs to update from its input, where +ref forces one and :ref deletes one"
		}
	case "branch":
		switch {
		case short('D') || (flag("--delete") || short('d')) && (flag("--force") || short('f')):
			why = "git branch -D deletes a branch whether or not it is merged"
		case flag("--force") || short('f'):
			why = "git branch --force moves an existing branch, dropping the commits only it held"
		case (short('M') || short('C')) && len(operands) > 0:
			// git branch -M [OLD] NEW (--move --force), -C (--copy
			// --force): NEW is overwritten when it exists.
			if dst := args[operands[len(operands)-1]]; p.gitBranchExists(c, dst) {
				why = "git branch -M/-C " + dst.Raw + " overwrites the existing branch, dropping the commits only it held"
			}
		}
	case "checkout":
		// -b, -B, --orphan and -l start a new branch, and git refuses to
		// update paths at the same time: checkout_paths dies ("Cannot
		// update paths and switch to branch 'x' at the same time", "'-l'
		// cannot be used with updating paths") before a file is touched,
		// even with -f. Given unambiguously only (an abbreviation that may
		// mean another option proves nothing).
		newBranch := harmless("-b", "-B", "--orphan", "-l")
		if name, ok := resetsBranch(opts, "B", ""); ok && p.gitBranchExists(c, name) {
			// git checkout -B main origin/main: main is reset to the
			// start point, as git branch --force does.
			why = "git checkout -B " + name.Raw + " resets the existing branch, dropping the commits only it held (as git branch --force)"
			break
		}
		switch {
		case newBranch && (len(operands) >= 2 || len(afterDashes()) > 0 || harmless("--pathspec-from-file")):
			// git checkout -b test main file.txt: exit 128, nothing changed
		case flag("--force") || short('f'):
			why = "git checkout --force discards local changes"
		case len(afterDashes()) > 0:
			if !(len(operands) == len(afterDashes()) && p.gitDiscardsNothing(c, sub, afterDashes(), opts)) {
				why = "git checkout -- <paths> discards uncommitted changes to those files"
			}
		case operandIs(args, operands, ".") && !flag("-b", "-B"):
			if !(len(operands) == 1 && p.gitDiscardsNothing(c, sub, args[operands[0]:operands[0]+1], opts)) {
				why = "git checkout . discards every uncommitted change"
			}
		case flag("--pathspec-from-file"):
			why = "git checkout --pathspec-from-file discards uncommitted changes to those files"
		case len(operands) >= 2 && !harmless("--track", "--no-track") && !given(opts, "t"):
			// With --track/-t/--no-track git refuses to update paths
			// ("'--track' cannot be used with updating paths"); their
			// optional mode is only attached (--track=direct), so in
			// --track direct main both words are operands.
			why = "git checkout <commit> <paths> overwrites uncommitted changes to those files"
		case len(operands) == 1 && !flag("-b", "-B", "--orphan") && checkoutPath(c, args[operands[0]]) &&
			!p.gitDiscardsNothing(c, sub, args[operands[0]:operands[0]+1], opts):
			why = "git checkout " + args[operands[0]].Value + " names a file, not a revision: it discards the file's uncommitted changes, as git checkout -- <path> does"
		}
	case "switch":
		if flag("--discard-changes", "--force") || short('f') {
			why = "git switch --discard-changes throws local changes away"
		} else if name, ok := resetsBranch(opts, "C", "force-create"); ok && p.gitBranchExists(c, name) {
			why = "git switch -C " + name.Raw + " resets the existing branch, dropping the commits only it held (as git branch --force)"
		}
	case "restore":
		staged := harmless("--staged", "-S")
		worktree := flag("--worktree") || short('W')
		if (!staged || worktree) && !(!staged && p.gitDiscardsNothing(c, sub, restorePathspecs(args, operands), opts)) {
			why = "git restore discards uncommitted changes in the working tree"
		}
	case "stash":
		if len(args) > 0 && (args[0].Value == "drop" || args[0].Value == "clear") {
			why = "git stash " + args[0].Value + " deletes stashed work"
		}
	case "reflog":
		if len(args) > 0 && args[0].Value == "expire" && !gitDryRun(opts) {
			why = "git reflog expire removes the safety net of recent history"
		}
		if len(args) > 0 && args[0].Value == "delete" && !gitDryRun(opts) {
			// git reflog delete HEAD@{1}: the entry that was the one way
			// back to a commit a reset dropped.
			why = "git reflog delete removes entries of the safety net of recent history"
		}
	case "gc":
		for _, o := range find(opts, "prune") {
			if v := o.val.Value; strings.HasPrefix(v, "now") || v == "all" {
				why = "git gc --prune=now deletes unreachable commits at once"
			}
		}
	case "filter-branch", "filter-repo":
		if c.Args[sub].Value == "filter-repo" && filterRepoOnlyLooks(args) {
			break
		}
		why = "git " + c.Args[sub].Value + " rewrites history"
	case "submodule":
		// git submodule deinit -f removes the submodules' working trees
		// even when they hold local changes (git-submodule(1)).
		if len(args) > 0 && args[0].Value == "deinit" && (flag("--force") || short('f')) {
			why = "git submodule deinit --force deletes submodule working trees with their local changes"
		}
	case "prune":
		// git prune with no --expire (or --expire=now) removes every
		// unreachable loose object at once, the commits a reset dropped
		// among them.
		expire := "now"
		for _, o := range find(opts, "expire") {
			expire = o.val.Value
		}
		if !flag("-n", "--dry-run") && (strings.HasPrefix(expire, "now") || expire == "all") {
			why = "git prune deletes unreachable objects at once (commits a reset or rebase dropped)"
		}
	case "worktree":
		if len(args) > 0 && args[0].Value == "remove" && (flag("--force") || short('f')) {
			why = "git worktree remove --force deletes a worktree with its changes"
		}
	case "update-ref":
		switch {
		case flag("-d", "--stdin"):
			why = "git update-ref -d deletes a ref"
		case len(operands) >= 2 && updatesBranchRef(args[operands[0]]) && p.gitRefExists(c, args[operands[0]]):
			// git update-ref REF NEWVALUE [OLDVALUE] sets REF as git
			// branch --force does when it exists (an all-zero NEWVALUE
			// deletes it): git update-ref refs/heads/main HEAD~5; a new
			// ref is made (git update-ref refs/heads/x HEAD).
			why = "git update-ref " + args[operands[0]].Raw + " moves a branch or tag, dropping the commits only it held"
		}
	case "read-tree":
		if short('u') && (flag("--reset") || short('m')) {
			why = "git read-tree -u --reset overwrites the working tree, discarding uncommitted changes"
		}
	case "checkout-index":
		if (flag("--force") || short('f')) && !checkoutIndexElsewhere(c, opts) {
			why = "git checkout-index -f overwrites files in the working tree"
		}
	case "symbolic-ref":
		if flag("--delete") || short('d') {
			why = "git symbolic-ref -d deletes a ref"
		}
	case "tag":
		if flag("--force") || short('f') {
			why = "git tag -f moves an existing tag"
		}
	}
	return why
}

// resetsBranch returns the branch named by checkout's -B or switch's
// -C/--force-create (the last one given), which git creates or, when it
// exists, resets to the start point.
func resetsBranch(opts []option, short, long string) (syntax.Arg, bool) {
	var name syntax.Arg
	found := false
	for _, o := range opts {
		if !o.long && o.name == short || long != "" && o.long && o.name == long && o.ambiguous == nil {
			name, found = o.val, true
		}
	}
	return name, found
}

// gitBranchExists reports whether the repository c works in has the
// branch name now (git rev-parse --verify refs/heads/NAME), or name is
// only known at run time.
func (p *Pass) gitBranchExists(c *syntax.Call, name syntax.Arg) bool {
	if !name.Static {
		return true
	}
	return p.gitRefExists(c, syntax.Arg{Value: "refs/heads/" + name.Value, Static: true})
}

// gitRefExists reports whether the repository c works in has the ref
// now (git rev-parse --verify), or the ref is only known at run time:
// HEAD always resolves in a repository with a commit.
func (p *Pass) gitRefExists(c *syntax.Call, ref syntax.Arg) bool {
	if !ref.Static {
		return true
	}
	dir, _ := gitArgs(c)
	if !dir.Known {
		return true
	}
	if _, err := os.Stat(dir.Path); err != nil {
		return false // no such directory yet: git fails there
	}
	_, err := runGit(dir.Path, "rev-parse", "--verify", "-q", ref.Value)
	return err == nil
}

// updatesBranchRef reports a ref git update-ref would move that holds
// work: HEAD (the current branch, through its symbolic ref), a branch or a
// tag (refs/heads/…, refs/tags/…, or a short name, which git update-ref
// takes as given at the top of .git, so main is .git/main and no branch),
// or one only known at run time.
func updatesBranchRef(a syntax.Arg) bool {
	if !a.Static {
		return true
	}
	v := a.Value
	return v == "HEAD" || strings.HasPrefix(v, "refs/heads/") || strings.HasPrefix(v, "refs/tags/")
}

// hasDeleteRefspec reports whether a push refspec has an empty source
// (git push origin :branch), which deletes the remote ref.
// gitPushForced reports git push or send-pack forcing its updates:
// -f/--force, the last of it and --no-force counting (an abbreviation
// that may mean --force counts), or a refspec starting with "+".
func gitPushForced(opts []option, args []syntax.Arg) bool {
	force := false
	for _, o := range opts {
		switch {
		case o.long && o.name == "force" || !o.long && o.name == "f":
			force = true
		case o.long && o.name == "no-force":
			force = false
		case o.long && len(o.ambiguous) > 0 && containsString(o.ambiguous, "force"):
			force = true // an abbreviation that may mean --force
		}
	}
	for _, a := range args {
		if strings.HasPrefix(a.Value, "+") && len(a.Value) > 1 {
			force = true
		}
	}
	return force
}

func hasDeleteRefspec(args []syntax.Arg) bool {
	for _, a := range args {
		if len(a.Value) > 1 && a.Value[0] == ':' && a.Static {
			return true
		}
	}
	return false
}

// checkoutIndexPrefix returns the --prefix of git checkout-index (the
// string put in front of every path it writes), and whether one is given.
func checkoutIndexPrefix(opts []option) (syntax.Arg, bool) {
	o := find(opts, "prefix")
	if len(o) == 0 {
		return syntax.Arg{}, false
	}
	return o[len(o)-1].val, true
}

// checkoutIndexElsewhere reports whether git checkout-index writes its
// files somewhere other than over the working tree's: a static --prefix
// that names another directory (--prefix=export/) or other names
// (--prefix=.merged-). An empty prefix, ./, or one that leads back to
// the working directory (../repo/ from repo) overwrites the files
// themselves; a prefix known only at run time may.
func checkoutIndexElsewhere(c *syntax.Call, opts []option) bool {
	pre, ok := checkoutIndexPrefix(opts)
	if !ok || !pre.Static || pre.Value == "" {
		return false
	}
	if !strings.HasSuffix(pre.Value, "/") {
		return true // a prefix of the file names: x becomes .merged-x
	}
	if path.Clean(pre.Value) == "." {
		return false
	}
	if d := c.Dir.Join(pre.Value); c.Dir.Known && d.Known && d.Path == c.Dir.Path {
		return false
	}
	return true
}
