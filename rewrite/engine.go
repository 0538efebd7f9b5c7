package rewrite

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// Config is what the engine needs to know about where it runs.
type Config struct {
	// Cwd is the directory the command runs in (the hook's cwd).
	Cwd string
	// Project is the project root.
	Project string
	Home    string
	// Sandbox is the absolute sandbox root.
	Sandbox string
	Mode    Mode
	Approve Approval
	// Rules replaces the built-in table when non-nil.
	Rules []Rule
	// Paths is the path policy that Bash write targets go through; nil
	// means no path guards.
	Paths *guards.Policy
	// Protected are corral's own files and folders (policy files, state):
	// commands that write them are denied.
	Protected []string
	// NoScriptFiles stops the engine from reading the script files a
	// command runs (bash f, python f.py, package.json, Makefile).
	NoScriptFiles bool
	// NoBashCheck stops the engine from asking the machine's bash (bash
	// -n, which runs nothing) whether text corral cannot parse is bash at
	// all; without the check such text is asked about when it holds a
	// rule's command word.
	NoBashCheck bool
	// NoGlobMatches stops write targets with a glob from being matched
	// against this machine's files: tests of a virtual machine (the corpus,
	// the real-world lines) must not depend on what /tmp holds today.
	NoGlobMatches bool
	// tarMemberDepth counts the tar --to-command member checks this
	// check is inside (writes_extract_tocommand.go): one level only.
	tarMemberDepth int
	// aliasDepth counts the git alias expansions this check is inside,
	// and aliasChain names the aliases one git process has expanded so
	// far (danger_git.go's judgeGitAlias).
	aliasDepth int
	aliasChain []string
	// AllowHosts are the hosts a local file may be uploaded to without
	// asking (network.allow_hosts); nil means DefaultAllowHosts.
	AllowHosts []string
	// Packs are the rule packs the policy enables ("all" for every one).
	Packs []string
	// SandboxFromEnv, ModeFromEnv and ApproveFromEnv record which settings
	// came from the environment, which wins over policy files.
	SandboxFromEnv, ModeFromEnv, ApproveFromEnv bool
	// Earlier are the files earlier calls of the agent's session wrote
	// with bytes corral could not read, by absolute path, each with the
	// command that wrote it (the hook's record, syntax.Options.Earlier):
	// a command that runs one asks.
	Earlier map[string]string
	// EarlierLost reports that the hook's record of them cannot be read:
	// running a binary in the project asks (fail safe).
	EarlierLost bool
	// Shell is the shell the agent runs commands in (CLAUDE_CODE_SHELL,
	// else SHELL): zsh's meanings are judged when it is zsh
	// (syntax.Options.Shell).
	Shell string
	// Path is the PATH the agent's commands inherit, the hook's own: a
	// bare name it finds in a script the agent could have written is
	// read (syntax.Options.Path).
	Path string
}

// Result is the engine's answer for one command.
type Result struct {
	Command  string    `json:"command"`
	Decision Decision  `json:"decision"`
	Findings []Finding `json:"findings"`
	// Rewritten is the command to run instead, when Decision is Rewrite.
	Rewritten string `json:"rewritten,omitempty"`
	// Suggested is, in block mode, the sandboxed command the agent should
	// run instead of the denied one.
	Suggested string `json:"suggested,omitempty"`
	// Approve reports that corral itself approves the rewritten command.
	Approve bool `json:"approve"`
	// Notes are lines for the user's stderr (parse failures, limits).
	Notes []string `json:"notes,omitempty"`
	// Touched are the byte spans of Command that the rewrite changed;
	// everything outside them is kept as written.
	Touched [][2]int `json:"touched,omitempty"`
	// ChangesNothing reports a command that certainly writes no file
	// (syntax.Model.ChangesNothing): nothing run after it outside the
	// command can find the disk changed by it.
	ChangesNothing bool `json:"-"`
	// HookConfigs are the git-hook manager configurations the command
	// writes (hookConfigWrites: through a redirection or as a file the
	// write table says a call writes), which the manager's hook runs at
	// the user's commits once it is installed.
	HookConfigs []string `json:"-"`
	// Unread are the files the command leaves with bytes corral could
	// not read, Rewrote the ones it leaves with content corral knows
	// (syntax.Model's): the hook records the first for the session's
	// later calls and forgets the second.
	Unread   []string          `json:"-"`
	Rewrote  []string          `json:"-"`
	UnreadBy map[string]string `json:"-"`
	// Read are the files the analysis asked to read while judging the
	// command (approve_reads.go): an approval binds their digest.
	Read []FileRead `json:"-"`
}

// Pass is one run of the rules over one command.
type Pass struct {
	Config *Config
	Model  *syntax.Model
	// imported are the files the memory files on disk import: written,
	// they are judged as memory files (syntax.ImportedFiles).
	imported *syntax.ImportedFiles
	// selfOnDisk caches selfFiles for the pass.
	selfOnDisk *[]string
	findings   []Finding
	// calls maps the index of a finding to the call it is about.
	calls map[int]*syntax.Call
	// rule is the rule running now.
	rule *Rule
	// undeclared are the rules whose results a rule read without
	// declaring them in Requires.
	undeclared []string
	// runners indexes, per pipeline, the next stage from each index that
	// runs its stdin (see stdinRunnerAfter).
	runners map[*syntax.Pipeline][]int
	// readers indexes the calls that read each pipe between pipeline
	// stages (see pipeReaders).
	readers map[pipeKey][]*syntax.Call
	// substFollowed are the calls whose output corral already followed
	// because a download's text reached their words (followSubst).
	substFollowed map[*syntax.Call]bool
	// fileWriters indexes, once per pass, the calls that write each
	// file from their standard output (fileProducer).
	fileWriters *fileWriterIndex
	// pipeEnds indexes, once per pass, the calls that read or write
	// each pipe between two stages (compoundStage).
	pipeEnds map[pipeEnd][]*syntax.Call
	// inputHops counts the enclosing inputs being followed (readsOutside).
	inputHops int
	// shellRunners indexes, once per pass, the calls that run shell
	// text corral walks (runsShellText).
	shellRunners map[*syntax.Call]bool
	// bySpan indexes, once per pass, each script's calls by where they
	// start (callsWithin).
	bySpan map[*syntax.Script][]*syntax.Call
	// stageVisits counts, per pipe stage, the times a walk read what
	// it prints (visitStage); tangled reports a stage read too often,
	// which asks.
	stageVisits map[pipeEnd]int
	tangled     bool
	// gitCleaned caches, per git clean or git stash -u call, what the
	// real git's dry run lists (gitCleanPaths).
	gitCleaned map[*syntax.Call]gitCleanList
	// mayBe counts the judgeMaybe calls running: a value a word can take
	// but need not, whose deny is an ask.
	mayBe int
	// mayBeKeep keeps the ask being reported while mayBe is set: the
	// deletion of a protected path the project's guards ask about
	// (rm -rf "${D:-.git}"), which a possible value makes as surely a
	// question as a certain one.
	mayBeKeep bool
	// twin is the copy of call twinOf the call rules are judging
	// (syntax.Call.LoopbackTwin): its findings are twinOf's.
	twin, twinOf *syntax.Call
	// maybeSecret reports that the secret secretOf found last is a value
	// its word can take, not one it must (reportSecret asks).
	maybeSecret bool
	// askSecret makes the secret-read findings of the call being judged
	// asks: what it reads is only known at run time (rg after the
	// command writes a .rgignore).
	askSecret bool
	// splitWords caches, per call, its words that expand to several
	// fields (see splitWordEdited).
	splitWords map[*syntax.Call][]syntax.Arg
	// unreadOut are the files (and, ending in a slash, the directories
	// as a whole) this command fills with external content from the
	// sandbox (copy-out): added to Result.Unread for the session record.
	unreadOut []string
	// unknownWords counts the words checkUnknownWriter has run through
	// the path guards in this pass (bounded by maxUnknownWords).
	unknownWords int
	// hooksDirList caches hooksDirs for the pass.
	hooksDirList *[]string
	// linkList caches madeLinks for the pass: every write and read is
	// checked through the links the command makes, and listing them per
	// call made a command of N copies cost N² (red team 13 SL).
	linkList *linkCache
	// foundOnDisk holds foundLinks' walks of the disk, by root and
	// reading (find_links.go): a command of many finds walks each
	// tree once.
	foundOnDisk map[string][]foundLink
	// extractLinkList caches unknownExtracts for the pass.
	extractLinkList *extractLinkCache
	// seenWrites are the files the calls judged so far write
	// (changed_here.go).
	seenWrites map[string][]*syntax.Call
	seenCount  int
	diskReads  *diskReadIndex
	// unlistedTrees are the work trees a call judged so far writes
	// files of that corral cannot list (changed_here.go).
	unlistedTrees []unlistedTree
	// secretScripts caches secretScript's answer per script.
	secretScripts map[*syntax.Script]string
}

// Report records a finding about call c (nil for a finding about the whole
// command, whose span and text the finding carries). The span is filled in
// from c when the finding has none, and the rule from the rule running
// when the finding names none. Every finding goes through Report.
func (p *Pass) Report(c *syntax.Call, f Finding) {
	if f.Rule == "" && p.rule != nil {
		f.Rule = p.rule.Name
	}
	if c != nil && f.Text == "" {
		f.Text = c.Text()
		f.Start, f.End = topSpan(c.Script, c.Start, c.End)
	}
	if c != nil {
		if secret := p.secretScript(c.Script); secret != "" {
			// A call read from a secret file (BASH_ENV=~/.ssh/id_rsa
			// make reads the key as the script a bash runs): its words
			// are the secret's text, which a finding must not carry to
			// the agent. The finding keeps its rule and decision, and
			// names the file and line.
			top := topScript(c.Script)
			f.Start, f.End = topSpan(c.Script, c.Start, c.End)
			f.Text = top.Src[min(f.Start, len(top.Src)):min(f.End, len(top.Src))]
			f.Message = where(c) + "a line of " + secret + ", a secret file, runs here (" + f.Rule + "); its text is not shown"
		} else {
			f.Message = where(c) + f.Message
		}
	}
	if p.mayBe > 0 {
		// A value the word can take, not one it must: only what would be
		// denied counts, and it asks.
		if f.Decision != Deny && !(p.mayBeKeep && f.Decision == Ask) {
			return
		}
		f.Decision = Ask
	}
	p.findings = append(p.findings, f)
	if c != nil && c == p.twin {
		c = p.twinOf
	}
	if c != nil {
		p.calls[len(p.findings)-1] = c
	}
}

// secretScript returns the path of the secret file that script, or a
// script it is nested in, was read from, or "".
func (p *Pass) secretScript(script *syntax.Script) string {
	if p.Config == nil || p.Config.Paths == nil {
		return ""
	}
	if v, ok := p.secretScripts[script]; ok {
		return v
	}
	found := ""
	for sc := script; sc != nil && found == ""; sc = sc.Parent {
		if sc.Path == "" {
			continue
		}
		dir := syntax.Dir{}
		if sc.Runner != nil {
			dir = sc.Runner.Dir
		}
		if s, ok := p.Config.Paths.Secrets().Match(p.guardsEnv(dir), sc.Path); ok {
			found = s.Path.Abs
			if found == "" {
				found = sc.Path
			}
		}
	}
	if p.secretScripts == nil {
		p.secretScripts = map[*syntax.Script]string{}
	}
	p.secretScripts[script] = found
	return found
}

// ResultOf returns the findings reported so far by the rules named, which
// the running rule must declare in Requires: the engine has then run them
// over the whole command. Reading an undeclared rule's results returns
// nothing and makes the command ask (a bug in the table, which
// TestCorpus would show).
func (p *Pass) ResultOf(names ...string) []Finding {
	var out []Finding
	for _, n := range names {
		if p.rule != nil && !contains(p.rule.Requires, n) {
			p.undeclared = append(p.undeclared, p.rule.Name+" reads "+n)
			continue
		}
		for _, f := range p.findings {
			if f.Rule == n {
				out = append(out, f)
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// topSpan maps a span in a nested script to the top-level command.
func topSpan(sc *syntax.Script, start, end int) (int, int) {
	for sc.Parent != nil {
		if sc.Host == nil {
			// Joined from several words: the span is the whole parent call.
			return 0, len(topScript(sc).Src)
		}
		start, end = sc.Host.Start, sc.Host.End
		sc = sc.Parent
	}
	return start, end
}

func topScript(sc *syntax.Script) *syntax.Script {
	for sc.Parent != nil {
		sc = sc.Parent
	}
	return sc
}

// MaxShellCheck is the largest command handed to the shells' syntax
// check.
const MaxShellCheck = 64 << 10

// parseChanging matches commands that change how a shell parses the
// lines after them: an alias (expanded by zsh and sh in scripts, by bash
// after shopt -s expand_aliases), a sourced file that may define one, and
// shell options. Lines that follow one cannot be judged by a syntax check
// of the text as written.
var parseChanging = lazy.Regexp{Expr: `(?:^|[^\w.-])(?:alias|source|shopt|setopt|emulate|set|enable)(?:$|[^\w.-])|(?:^|[\s;&|(){}])\.(?:$|[\s;&|)])`}

// checkBashRejected decides about text corral cannot parse when the
// machine's bash cannot parse it either. A non-interactive bash runs the
// complete commands before the line its syntax error is on and nothing
// from that line on, so only those lines are judged: nothing at all when
// the error is on the first line. It returns nil, leaving the decision to
// the caller, when bash accepts the text (corral's parser and bash
// disagree), and when the lines before the error cannot be judged on
// their own (they do not parse, or they would be rewritten, which would
// drop the failing rest).
func checkBashRejected(cfg *Config, command string, parseErr error, verify bool) *Result {
	line, rejected := syntax.ShellsReject(command)
	if !rejected {
		return nil
	}
	prefix := command
	for i, n := 0, 0; i < len(command); i++ {
		if command[i] == '\n' {
			n++
			if n == line-1 {
				prefix = command[:i+1]
				break
			}
		}
	}
	if line <= 1 {
		prefix = ""
	}
	note := fmt.Sprintf("corral cannot parse this command (%v) and the shells reject it at line %d: a shell runs nothing from that line on", parseErr, line)
	if parseChanging.Get().MatchString(prefix) {
		return nil
	}
	inner := *cfg
	inner.NoBashCheck = true
	r := &Result{Command: command}
	if strings.TrimSpace(prefix) != "" {
		r = check(&inner, prefix, verify)
		if len(r.Notes) > 0 && strings.HasPrefix(r.Notes[0], "cannot parse command") || r.Decision == Rewrite || r.Suggested != "" ||
			len(r.Findings) > 0 && r.Findings[0].Rule == "unparsed" {
			return nil
		}
		r.Command = command
	}
	r.Notes = append([]string{note}, r.Notes...)
	if msg, ok := nearMiss(&inner, command[len(prefix):]); ok {
		r.Findings = append(r.Findings, Finding{Rule: "unparsed", Decision: Ask, Start: len(prefix), End: len(command), Text: command[len(prefix):],
			Message: fmt.Sprintf("no shell parses this command from line %d on, so that part runs nothing now, but a closing quote or a dropped operator makes it a command corral asks about: %s", line, msg)})
		r.Decision = max(r.Decision, Ask)
	}
	return r
}

// nearMissLeading are the operators a broken command may start with
// (&& git reset --hard): the command after one is what was meant.
var nearMissLeading = []string{"&&", "||", "|&", "|", "&", ";"}

// nearMiss reports whether text that no shell parses is one repair away
// from a command corral would ask about or deny: a quote left open at the
// end or opened before the command name, or an operator at the start. The model that wrote it is likely to
// run the repaired command next; the person is asked now, while the
// intent is plain. A rewrite (a clone one quote short) is no near miss.
func nearMiss(cfg *Config, text string) (string, bool) {
	body := strings.TrimSpace(text)
	for changed := true; changed; {
		changed = false
		for _, op := range nearMissLeading {
			if strings.HasPrefix(body, op) {
				body, changed = strings.TrimSpace(body[len(op):]), true
			}
		}
	}
	if body == "" {
		return "", false
	}
	var cands []string
	for _, end := range []string{"", "'", "\"", "`", "'\"", "\"'"} {
		cands = append(cands, body+end)
	}
	if q := body[0]; q == '\'' || q == '"' {
		// A quote opened before the command name ('rm -rf x).
		cands = append(cands, body[1:])
	}
	for _, cand := range cands {
		if _, err := syntax.Analyze(cand, syntax.Options{Cwd: cfg.Cwd, Home: cfg.Home}); err != nil {
			continue
		}
		r := check(cfg, cand, false)
		if r.Decision < Ask || r.Suggested != "" {
			// Harmless, or an acquisition block mode denies with the
			// sandboxed command to run instead (a rewrite in rewrite mode).
			continue
		}
		for _, f := range r.Findings {
			if f.Decision == r.Decision {
				return f.Rule + ": " + f.Message, true
			}
		}
		return r.Decision.String(), true
	}
	return "", false
}

// Check decides about command.
func Check(cfg *Config, command string) *Result { return check(cfg, command, true) }

// check decides about command; verify re-checks a rewrite's result (once:
// the re-check itself does not verify again).
func check(cfg *Config, command string, verify bool) *Result {
	var read secretTexts
	res := checkWith(cfg, command, verify, &read)
	read.scrub(res)
	return res
}

// earlierWithSandbox is the session's record of files left with bytes
// corral could not read (cfg.Earlier) with the sandbox added as a whole
// (a path ending in a slash): everything in it is a download or a clone
// a rewritten call put there, and running a file from it that is not a
// script corral reads asks as running a recorded file does.
func earlierWithSandbox(cfg *Config) map[string]string {
	if cfg.Sandbox == "" || !strings.HasPrefix(cfg.Sandbox, "/") {
		return cfg.Earlier
	}
	key := strings.TrimSuffix(cfg.Sandbox, "/") + "/"
	if _, ok := cfg.Earlier[key]; ok {
		return cfg.Earlier
	}
	out := make(map[string]string, len(cfg.Earlier)+1)
	for p, by := range cfg.Earlier {
		out[p] = by
	}
	out[key] = "content corral sent to its sandbox " + cfg.Sandbox
	return out
}

// checkWith is check; the files in the secret class that the analysis
// reads (read -r t < .env, source .env) are kept in read, so that check
// can take their content out of what it reports.
func checkWith(cfg *Config, command string, verify bool, read *secretTexts) *Result {
	res := &Result{Command: command}
	opt := syntax.Options{Cwd: cfg.Cwd, Home: cfg.Home, Project: cfg.Project, Earlier: earlierWithSandbox(cfg), EarlierLost: cfg.EarlierLost, Shell: cfg.Shell, Path: cfg.Path}
	var imported *syntax.ImportedFiles
	if !cfg.NoScriptFiles {
		opt.ReadFile = res.recordReads(read.reader(cfg, syntax.ReadScript))
		opt.PathLookup = true
		imported = syntax.NewImportedFiles(cfg.Project, cfg.Home, func(p string) (string, bool) {
			t, err := opt.ReadFile(p)
			return t, err == nil
		})
		opt.Imported = imported
	}
	m, err := syntax.Analyze(command, opt)
	if err != nil {
		// Text refused for its size, or too large to hand to the shells
		// cheaply (bash -n of a 1 MiB list takes ~80 MB), is judged by its
		// words alone.
		// zsh parses text bash rejects (echo src(e:'CODE':) runs CODE):
		// in the agent's zsh, what bash and sh reject is not harmless.
		if !cfg.NoBashCheck && !errors.Is(err, syntax.ErrTooLarge) && len(command) <= MaxShellCheck && !syntax.IsZsh(cfg.Shell) {
			if r := checkBashRejected(cfg, command, err, verify); r != nil {
				return r
			}
		}
		if errors.Is(err, syntax.ErrTooLarge) {
			// Text refused for its size is not analysed at all: a padding
			// of harmless statements could hide anything after it
			// (r''m -rf ~ names no risky word), so it is asked about.
			res.Decision = Ask
			res.Findings = []Finding{{Rule: "unparsed", Decision: Ask, Start: 0, End: len(command), Text: command,
				Message: fmt.Sprintf("corral does not analyse this command (%v): it could hide anything; run it in smaller parts, or a script file the user has read", err)}}
			return res
		}
		if errors.Is(err, syntax.ErrMisread) {
			// What corral would judge is not what bash runs.
			res.Decision = Ask
			res.Findings = []Finding{{Rule: "unparsed", Decision: Ask, Start: 0, End: len(command), Text: command,
				Message: fmt.Sprintf("corral cannot judge this command: %v", err)}}
			return res
		}
		if syntax.IsZsh(cfg.Shell) {
			res.Decision = Ask
			res.Findings = []Finding{{Rule: "unparsed", Decision: Ask, Start: 0, End: len(command), Text: command,
				Message: fmt.Sprintf("corral cannot parse this command as bash (%v), and the agent's shell is zsh, which parses more (a glob qualifier such as (e:CODE:) runs CODE)", err)}}
		} else if riskyText(command) {
			res.Decision = Ask
			res.Findings = []Finding{{Rule: "unparsed", Decision: Ask, Start: 0, End: len(command), Text: command,
				Message: fmt.Sprintf("corral cannot parse this command (%v) and it contains a command that acquires content or can destroy data", err)}}
		} else if msg, ok := flaggedPiece(cfg, command); ok {
			res.Decision = Ask
			res.Findings = []Finding{{Rule: "unparsed", Decision: Ask, Start: 0, End: len(command), Text: command,
				Message: fmt.Sprintf("corral cannot parse this command (%v), and a part of it that parses on its own is one corral flags: %s", err, msg)}}
		} else {
			res.Notes = append(res.Notes, fmt.Sprintf("cannot parse command (%v); allowed", err))
		}
		return res
	}
	read.derive(cfg, m)
	p := &Pass{Config: cfg, Model: m, calls: map[int]*syntax.Call{}, imported: imported}
	run(p, cfg.Rules)
	if p.tangled {
		p.Report(nil, Finding{Rule: "unparsed", Decision: Ask, Start: 0, End: len(command), Text: command,
			Message: fmt.Sprintf("the command's pipes are too tangled to follow (a stage's output read more than %d times): corral cannot say what reaches the programs they feed", maxStageVisits)})
	}
	for _, sc := range m.Unparsed {
		if sc.Misread {
			s, e := topSpan(sc, 0, len(sc.Src))
			p.Report(nil, Finding{Rule: "unparsed", Decision: Ask, Start: s, End: e, Text: sc.Src,
				Message: "a script string in this command is read differently by bash and by corral's parser"})
			continue
		}
		// The head before the line of the syntax error was walked
		// (syntax.Script.Head); the rest is judged as text here.
		rest := sc.Src[sc.Head:]
		if riskyText(rest) {
			s, e := topSpan(sc, 0, len(sc.Src))
			p.Report(nil, Finding{Rule: "unparsed", Decision: Ask, Start: s, End: e, Text: sc.Src,
				Message: "a script string in this command cannot be parsed and it contains a command that acquires content or can destroy data"})
		} else if msg, ok := flaggedPiece(cfg, rest); ok {
			// No risky word as spelled (r""m, a reader such as cat), but
			// a part that parses on its own is flagged: bash may run it
			// (it parses ! ! cmd, which corral's parser refuses).
			s, e := topSpan(sc, 0, len(sc.Src))
			p.Report(nil, Finding{Rule: "unparsed", Decision: Ask, Start: s, End: e, Text: sc.Src,
				Message: "a script string in this command cannot be parsed, and a part of it that parses on its own is one corral flags: " + msg})
		}
	}
	if m.Truncated && riskyText(command) {
		p.Report(nil, Finding{Rule: "unparsed", Decision: Ask, Start: 0, End: len(command), Text: command,
			Message: "the command is too large or too deeply nested to analyse completely"})
	}
	for _, u := range p.undeclared {
		p.Report(nil, Finding{Rule: "undeclared-requires", Decision: Ask, Start: 0, End: len(command), Text: command,
			Message: "corral's rule table is inconsistent (" + u + " without Requires); asking to be safe"})
	}
	settleChoices(p)
	finish(p, res, verify)
	res.ChangesNothing = m.ChangesNothing()
	res.HookConfigs = hookConfigWrites(m)
	res.Unread, res.Rewrote, res.UnreadBy = m.Unread, m.Rewrote, m.UnreadBy
	if len(p.unreadOut) > 0 {
		res.Unread, res.Rewrote = withUnread(res.Unread, res.Rewrote, p.unreadOut)
	}
	return res
}

// run runs rules over the command, or the table Rules when rules is nil.
func run(p *Pass, rules []Rule) {
	for _, layer := range planFor(rules) {
		runLayer(p, layer)
	}
	p.rule = nil
}

// layerPlan is one layer of a rule table (see layers) with its call rules
// indexed: by command name, and those that see every call.
type layerPlan struct {
	rules []*Rule
	// named are the call rules with Commands, in the layer's order.
	named []*Rule
	// index maps a command name to the rules of named that list it. It
	// is built the first time a command has more than indexAfter calls:
	// a hook call's command has a few, and the map of every name of
	// every rule cost more than the calls' lookups (about 12 page faults
	// of a process of 400).
	index *nameIndex
	all   []*Rule
}

// indexAfter is how many calls a command may have before a layer's rules
// are looked up through an index rather than by reading their Commands.
const indexAfter = 16

// nameIndex is a layer's map of command names to rules, built once.
type nameIndex struct {
	once   sync.Once
	byName map[string][]*Rule
}

// lookup returns the index's map, building it on first use.
func (lp layerPlan) lookup() map[string][]*Rule {
	lp.index.once.Do(func() {
		n := 0
		for _, r := range lp.named {
			n += len(r.Commands) + len(r.Calls)
		}
		m := make(map[string][]*Rule, n) // sized once: no rehash as it fills
		for _, r := range lp.named {
			for _, list := range [][]string{r.Commands, r.Calls} {
				for _, n := range list {
					m[n] = append(m[n], r)
				}
			}
		}
		lp.index.byName = m
	})
	return lp.index.byName
}

// rulesFor returns the call rules of the layer that list name, in the
// layer's order, a rule as many times as it lists the name (as the index
// holds them). Without the index it reads each rule's Commands, reusing
// buf.
func (lp layerPlan) rulesFor(name string, indexed bool, buf []*Rule) []*Rule {
	if indexed {
		return lp.lookup()[name]
	}
	buf = buf[:0]
	for _, r := range lp.named {
		for _, list := range [][]string{r.Commands, r.Calls} {
			for _, n := range list {
				if n == name {
					buf = append(buf, r)
				}
			}
		}
	}
	return buf
}

// planCache keeps the plan of the last rule table run, so that a hook
// call (which checks a command, and a rewrite's result again) orders and
// indexes the table once. It holds the table's first element, which keeps
// that array alive: a table at the same address and length is the same
// table (rule tables are not changed in place once they are run). A
// configuration's table is a table of rules (first), the built-in one a
// table of pointers to them (firstPtr).
var planCache struct {
	sync.Mutex
	first    *Rule
	firstPtr **Rule
	n        int
	plan     []layerPlan
}

// planFor returns the layers of rules (of Rules when rules is nil),
// indexed.
func planFor(rules []Rule) []layerPlan {
	var first *Rule
	var firstPtr **Rule
	var ptrs []*Rule
	n := len(rules)
	if rules == nil {
		ptrs, n = Rules, len(Rules)
		if n > 0 {
			firstPtr = &ptrs[0]
		}
	} else if n > 0 {
		first = &rules[0]
	}
	if n == 0 {
		return nil
	}
	planCache.Lock()
	defer planCache.Unlock()
	if planCache.first == first && planCache.firstPtr == firstPtr && planCache.n == n {
		return planCache.plan
	}
	if ptrs == nil {
		ptrs = make([]*Rule, n)
		for i := range rules {
			ptrs[i] = &rules[i]
		}
	}
	ls := layers(ptrs)
	plan := make([]layerPlan, len(ls))
	for i, l := range ls {
		plan[i] = indexLayer(l)
	}
	planCache.first, planCache.firstPtr, planCache.n, planCache.plan = first, firstPtr, n, plan
	return plan
}

// indexLayer indexes a layer's call rules by the command names they
// handle.
func indexLayer(rules []*Rule) layerPlan {
	lp := layerPlan{rules: rules, index: &nameIndex{}}
	for _, r := range rules {
		if r.Call == nil {
			continue
		}
		if len(r.Commands) == 0 && len(r.Calls) == 0 {
			lp.all = append(lp.all, r)
		} else {
			lp.named = append(lp.named, r)
		}
	}
	return lp
}

// runLayer runs rules that do not depend on each other over the command:
// the call rules over every call, in the order of the calls, then the
// redirection rules, then the whole-command rules.
func runLayer(p *Pass, lp layerPlan) {
	all, rules := lp.all, lp.rules
	indexed := len(p.Model.Calls) > indexAfter
	var buf []*Rule
	for _, c := range p.Model.Calls {
		// Names are matched without case too: on a case-insensitive file
		// system (macOS) GIT runs git.
		name := c.Name
		named := lp.rulesFor(name, indexed, buf)
		if lower := strings.ToLower(name); lower != name && len(named) == 0 {
			named = lp.rulesFor(lower, indexed, buf)
		}
		if base := syntax.Unversioned(name); base != name && len(named) == 0 {
			// pip3.11, python3.11: the program its rules name.
			named = lp.rulesFor(base, indexed, buf)
		}
		if !indexed {
			buf = named
		}
		// scp x box:~/.bashrc with box this machine in ~/.ssh/config is
		// judged as scp x localhost:~/.bashrc is; with a host only run
		// time places ($H:, a Match block, a proxy) as what it would be
		// on this machine too, a deny asking (syntax.Call.LoopbackTwin).
		run := c
		if twin := c.LoopbackTwin(false); twin != nil {
			run = twin
			p.twin, p.twinOf = twin, c
		}
		n := len(p.findings)
		for _, r := range named {
			p.rule = r
			r.Call(p, run)
		}
		for _, r := range all {
			p.rule = r
			r.Call(p, run)
		}
		if run != c {
			p.noteWhy(n, c, c.LoopbackWhy(false))
		}
		if twin := c.LoopbackTwin(true); twin != nil {
			p.twin, p.twinOf = twin, c
			n := len(p.findings)
			p.mayBe++
			for _, r := range named {
				p.rule = r
				r.Call(p, twin)
			}
			for _, r := range all {
				p.rule = r
				r.Call(p, twin)
			}
			p.mayBe--
			p.noteWhy(n, c, c.LoopbackWhy(true))
		}
		p.twin, p.twinOf = nil, nil
	}
	for _, r := range rules {
		if r.Redirect != nil {
			p.rule = r
			for _, rd := range p.Model.Redirs {
				r.Redirect(p, rd)
			}
		}
	}
	for _, r := range rules {
		if r.Command != nil {
			p.rule = r
			r.Command(p)
		}
	}
}

// noteWhy adds why to the messages of the findings from the n-th on
// about call c: why its copy's host was judged as this machine.
func (p *Pass) noteWhy(n int, c *syntax.Call, why string) {
	if why == "" {
		return
	}
	for i := n; i < len(p.findings); i++ {
		if p.calls[i] == c {
			p.findings[i].Message += " (" + why + ")"
		}
	}
}

// finish sorts the findings, combines the decision and applies fixes.
func finish(p *Pass, res *Result, verify bool) {
	fs := p.findings
	calls := make([]*syntax.Call, len(fs))
	for i := range fs {
		calls[i] = p.calls[i]
	}
	idx := make([]int, len(fs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := fs[idx[a]], fs[idx[b]]
		if x.Start != y.Start {
			return x.Start < y.Start
		}
		if x.End != y.End {
			return x.End < y.End
		}
		if x.Rule != y.Rule {
			return x.Rule < y.Rule
		}
		return x.Message < y.Message
	})
	sorted := make([]Finding, 0, len(fs))
	sortedCalls := make([]*syntax.Call, 0, len(fs))
	for n, i := range idx {
		if n > 0 {
			prev := sorted[len(sorted)-1]
			if prev.Rule == fs[i].Rule && prev.Start == fs[i].Start && prev.End == fs[i].End && prev.Message == fs[i].Message &&
				prev.Decision == fs[i].Decision && sameEdits(prev.Fix, fs[i].Fix) {
				continue
			}
		}
		sorted = append(sorted, fs[i])
		sortedCalls = append(sortedCalls, calls[i])
	}
	askConflicts(sorted)
	askRereadWords(p, sorted, sortedCalls)
	for i, f := range sorted {
		if c := sortedCalls[i]; c != nil && f.Fix != nil {
			sorted[i].After = afterText(c, f.Fix.Edits)
		}
	}
	res.Findings = sorted
	for _, f := range sorted {
		if f.Decision > res.Decision {
			res.Decision = f.Decision
		}
	}
	if res.Decision != Rewrite {
		return
	}
	rewritten, touched, err := applyFixes(p, sorted, sortedCalls)
	if err == nil {
		err = syntax.Valid(rewritten)
	}
	cfg := p.Config
	approve := false
	switch cfg.Approve {
	case ApproveAllow:
		approve = true
	case ApproveDefer, ApproveAsk:
	default:
		approve = err == nil && cfg.Mode != ModeBlock && approvable(p, sortedCalls, sorted)
	}
	// The command's model is not needed past this point: dropped, a
	// command of many downloads is not held in memory twice while its
	// rewrite is checked. The fixes' edits point into it too (an edit's
	// Script holds the syntax tree, a nested script the call that runs
	// it), and the rewrite they made is built: they go as well.
	p, sortedCalls = nil, nil
	releaseFixes(res.Findings)
	if err == nil && verify {
		// A rewrite must be final: checking its result again changes
		// nothing and finds nothing more severe.
		again := check(cfg, rewritten, false)
		if again.Rewritten != "" || again.Decision > Warn {
			err = fmt.Errorf("the rewritten command still needs attention: %s", again.Decision)
		}
	}
	if err != nil {
		res.Decision = Ask
		res.Findings = append(res.Findings, Finding{Rule: "rewrite-failed", Decision: Ask, Start: 0, End: len(res.Command), Text: res.Command,
			Message: "corral could not rewrite this command safely: " + err.Error()})
		return
	}
	if cfg.Mode == ModeBlock {
		res.Decision = Deny
		res.Suggested = rewritten
		for i := range res.Findings {
			if res.Findings[i].Decision == Rewrite {
				res.Findings[i].Decision = Deny
			}
		}
		return
	}
	res.Rewritten = rewritten
	res.Touched = touched
	res.Approve = approve
}

// releaseFixes drops what the findings' fixes hold of the command's model
// once the rewrite is built: the edits, and the script of each
// relocation (its paths stay).
func releaseFixes(fs []Finding) {
	for _, f := range fs {
		if f.Fix == nil {
			continue
		}
		f.Fix.Edits = nil
		for i := range f.Fix.Relocations {
			f.Fix.Relocations[i].Script = nil
		}
	}
}

// sameEdits reports whether two fixes (either may be nil) make the same
// edits.
func sameEdits(a, b *Fix) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Edits, b.Edits)
}

// askConflicts turns into questions the rewrites whose edits replace the
// same text differently. That happens when one word of the command is
// read more than once with different values: a function's body is
// analysed at each call (get() { curl -o "$2" "$1"; }; get u1 a; get u2
// b), and no single edit of "$2" moves both downloads into the sandbox.
func askConflicts(fs []Finding) {
	type key struct {
		sc         *syntax.Script
		start, end int
	}
	text := map[key]string{}
	clash := map[key]bool{}
	for _, f := range fs {
		if f.Fix == nil || f.Decision != Rewrite {
			continue
		}
		for _, e := range f.Fix.Edits {
			k := key{e.Script, e.Start, e.End}
			if old, ok := text[k]; ok && old != e.New {
				clash[k] = true
			}
			text[k] = e.New
		}
	}
	if len(clash) == 0 {
		return
	}
	for i, f := range fs {
		if f.Fix == nil || f.Decision != Rewrite {
			continue
		}
		for _, e := range f.Fix.Edits {
			if clash[key{e.Script, e.Start, e.End}] {
				fs[i].Decision = Ask
				fs[i].Fix = nil
				fs[i].Message += "; corral would edit these words in two different ways (they run more than once with different values, as a function's body does at each call), so one edit cannot move each download into the sandbox"
				break
			}
		}
	}
}

// askRereadWords turns into questions the rewrites of a call whose words
// are read again elsewhere in the command with other values, by a reading
// that needs no edit: a function's body analysed at a call whose download
// is already in the sandbox (dl() { curl -o "$1" "$2"; }; dl a u1; dl
// agent_sandbox/b u2). The edit made for one reading would change the
// other's destination too.
func askRereadWords(p *Pass, fs []Finding, calls []*syntax.Call) {
	var byExpr map[any][]*syntax.Call
	for i, f := range fs {
		c := calls[i]
		if f.Fix == nil || f.Decision != Rewrite || c == nil || c.Expr == nil {
			continue
		}
		if byExpr == nil {
			byExpr = map[any][]*syntax.Call{}
			for _, m := range p.Model.Calls {
				if m.Expr != nil {
					byExpr[m.Expr] = append(byExpr[m.Expr], m)
				}
			}
		}
		for _, other := range byExpr[c.Expr] {
			if other != c && !sameEditedWords(c, other, f.Fix.Edits) {
				fs[i].Decision = Ask
				fs[i].Fix = nil
				fs[i].Message += "; these words run more than once with different values (a function's body at each call), and one edit cannot move each download into the sandbox while leaving the others as they are"
				break
			}
		}
	}
}

// sameEditedWords reports whether two readings of one command give the
// words that edits change (arguments and redirection targets) the same
// values, and the directory they are resolved in is the same.
func sameEditedWords(a, b *syntax.Call, edits []syntax.Edit) bool {
	touched := func(start, end int) bool {
		for _, e := range edits {
			if e.Start < end && start < e.End {
				return true
			}
		}
		return false
	}
	same := func(x, y syntax.Arg) bool { return x.Value == y.Value && x.Static == y.Static }
	if a.Dir != b.Dir || len(a.Args) != len(b.Args) || len(a.Redirs) != len(b.Redirs) {
		return false
	}
	for i, w := range a.Args {
		if touched(w.Start, w.End) && !same(w, b.Args[i]) {
			return false
		}
	}
	for i, r := range a.Redirs {
		if touched(r.Target.Start, r.Target.End) && (!same(r.Target, b.Redirs[i].Target) || r.Dir != b.Redirs[i].Dir) {
			return false
		}
	}
	return true
}

// applyFixes applies every fix, with references to relocated paths
// followed, and returns the new command.
func applyFixes(p *Pass, fs []Finding, calls []*syntax.Call) (string, [][2]int, error) {
	var edits []syntax.Edit
	seen := map[syntax.Edit]bool{}
	edited := map[span]bool{}
	var rels []Relocation
	for _, f := range fs {
		if f.Fix == nil || f.Decision != Rewrite {
			continue
		}
		for _, e := range f.Fix.Edits {
			// The readings of a command name with several values
			// (settleChoices) carry the same edit once each.
			if seen[e] {
				continue
			}
			seen[e] = true
			edits = append(edits, e)
			edited[span{e.Script, e.Start, e.End}] = true
		}
		rels = append(rels, f.Fix.Relocations...)
	}
	edits = append(edits, follow(p, rels, edited)...)
	var touched [][2]int
	for _, e := range edits {
		s, t := topSpan(e.Script, e.Start, e.End)
		touched = append(touched, [2]int{s, t})
	}
	sort.Slice(touched, func(i, j int) bool {
		return touched[i][0] < touched[j][0] || touched[i][0] == touched[j][0] && touched[i][1] < touched[j][1]
	})
	out, err := syntax.Apply(p.Model.Script, edits)
	return out, touched, err
}

// readOnly lists commands that read and print only; a rewrite whose other
// calls are all on it is approved in auto mode.
var readOnly = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"cd": true, "pushd": true, "popd": true, "ls": true, "cat": true, "head": true, "tail": true,
		"wc": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "echo": true, "printf": true,
		"pwd": true, "true": true, "false": true, "test": true, "[": true, "which": true, "type": true,
		"file": true, "stat": true, "du": true, "df": true, "date": true, "sort": true, "uniq": true,
		"cut": true, "tr": true, "jq": true, "basename": true, "dirname": true, "realpath": true,
		"readlink": true, "tree": true, "sleep": true, "sha256sum": true, "sha1sum": true, "md5sum": true,
		"mkdir": true, "less": true, "diff": true, "whoami": true, "id": true, "uname": true,
	}
}}

var readOnlyGit = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"status": true, "log": true, "diff": true, "show": true, "rev-parse": true,
		"ls-files": true, "ls-remote": true, "describe": true, "remote": true, "branch": true}
}}

// approvable reports whether every call of the command is either fixed by
// a finding or harmless, with no redirection writing outside the sandbox.
func approvable(p *Pass, calls []*syntax.Call, fs []Finding) bool {
	fixed := map[*syntax.Call]bool{}
	// A fix left on a reading of a command name with several values is
	// right for every reading (settleChoices), so each reading is fixed.
	fixedChoice := map[*syntax.NameChoice]bool{}
	for i, c := range calls {
		if c != nil && fs[i].Decision == Rewrite && fs[i].Fix != nil {
			fixed[c] = true
			if c.Choice != nil {
				fixedChoice[c.Choice] = true
			}
		}
	}
	for _, c := range p.Model.Calls {
		if !approvableCall(p, c) {
			return false
		}
		if fixed[c] || c.Choice != nil && fixedChoice[c.Choice] || readOnly.Get()[c.Name] {
			continue
		}
		if c.Name == "git" && readOnlyGit.Get()[gitSubcommand(c)] {
			continue
		}
		if _, stdin := syntax.ShellScript(c); syntax.IsShell(c.Name) && !stdin && hasChild(p, c) {
			continue
		}
		return false
	}
	edited := map[*syntax.Script]map[int]bool{}
	for _, f := range fs {
		if f.Fix == nil || f.Decision != Rewrite {
			continue
		}
		for _, e := range f.Fix.Edits {
			if edited[e.Script] == nil {
				edited[e.Script] = map[int]bool{}
			}
			edited[e.Script][e.Start] = true
		}
	}
	for _, r := range p.Model.Redirs {
		if !r.Writes() || r.Target.Value == "/dev/null" || edited[r.Script][r.Target.Start] {
			continue
		}
		if !r.Target.Static || !within(p.Config.Sandbox, r.Dir.Join(r.Target.Value)) {
			return false
		}
	}
	return true
}

// hasChild reports whether the shell call c runs a script that corral parsed.
func hasChild(p *Pass, c *syntax.Call) bool {
	idx, _ := syntax.ShellScript(c)
	if idx < 0 {
		return false
	}
	host := &c.Args[idx]
	for _, sc := range p.Model.Scripts {
		if sc.Host != nil && sc.Host.Start == host.Start && sc.Parent == c.Script {
			return true
		}
	}
	return false
}

// within reports whether d is the sandbox root or under it.
func within(root string, d syntax.Dir) bool {
	if !d.Known || root == "" {
		return false
	}
	return guards.Within(filepath.Clean(root), d.Path)
}

// afterText is the call's text with the edits that fall inside it applied.
func afterText(c *syntax.Call, edits []syntax.Edit) string {
	var in []syntax.Edit
	for _, e := range edits {
		if e.Script == c.Script && e.Start >= c.Start && e.End <= c.End {
			in = append(in, syntax.Edit{Script: e.Script, Start: e.Start - c.Start, End: e.End - c.Start, New: e.New})
		}
	}
	if len(in) == 0 {
		return ""
	}
	sub := &syntax.Script{Src: c.Text()}
	for i := range in {
		in[i].Script = sub
	}
	out, err := syntax.Apply(sub, in)
	if err != nil {
		return ""
	}
	return out
}

// maxPieces bounds the parts of an unparsed command judged on their own.
const maxPieces = 64

// cutOutsideQuotes cuts text at every ;, &, | and newline outside single
// and double quotes (a backslash escapes the next byte outside single
// quotes); an unclosed quote runs to the end.
func cutOutsideQuotes(text string) []string {
	var pieces []string
	start := 0
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\':
			i++
		case quote == '"':
			if c == '"' {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == ';' || c == '&' || c == '|' || c == '\n':
			pieces = append(pieces, text[start:i])
			start = i + 1
		}
	}
	return append(pieces, text[start:])
}

// flaggedPiece judges the parts of a command corral cannot parse (while a
// shell accepts it) that parse on their own: the text cut at every ;, &,
// | and newline outside quotes. A part that does not parse is skipped;
// one that parses and that corral would rewrite, ask about or deny
// (cat ~/.ssh/id_rsa, node -e '…' beside a broken word) makes the whole
// command asked about, whatever words it spells: a rewrite cannot be made
// inside text corral cannot parse, and block mode's deny of it is that
// same rewrite.
func flaggedPiece(cfg *Config, command string) (string, bool) {
	if len(command) > MaxShellCheck {
		return "", false
	}
	inner := *cfg
	inner.NoBashCheck = true
	pieces := cutOutsideQuotes(command)
	if len(pieces) > maxPieces {
		pieces = pieces[:maxPieces]
	}
	for _, piece := range pieces {
		if strings.TrimSpace(piece) == "" || piece == command {
			continue
		}
		if _, err := syntax.Analyze(piece, syntax.Options{Cwd: cfg.Cwd, Home: cfg.Home}); err != nil {
			continue
		}
		r := check(&inner, piece, false)
		if r.Decision < Rewrite {
			continue
		}
		for _, f := range r.Findings {
			if f.Decision == r.Decision {
				return f.Rule + ": " + f.Message, true
			}
		}
		return r.Decision.String(), true
	}
	return "", false
}

// withUnread adds the paths of more to unread (sorted, once each) and
// takes them out of rewrote.
func withUnread(unread, rewrote, more []string) ([]string, []string) {
	set := map[string]bool{}
	for _, q := range unread {
		set[q] = true
	}
	for _, q := range more {
		set[q] = true
	}
	out := make([]string, 0, len(set))
	for q := range set {
		out = append(out, q)
	}
	sort.Strings(out)
	var kept []string
	for _, q := range rewrote {
		if !set[q] {
			kept = append(kept, q)
		}
	}
	return out, kept
}
