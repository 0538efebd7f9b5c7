package guards

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Action is what is done to a path.
type Action int

// The actions. Write covers creating and editing a file (Write, Edit,
// MultiEdit, NotebookEdit, a redirect, cp's destination); Delete covers rm
// and the like, and a deleted directory takes everything under it along.
const (
	Write Action = iota
	Delete
)

// String returns "write" or "delete".
func (a Action) String() string {
	if a == Delete {
		return "delete"
	}
	return "write"
}

// Verdict is a path decision, least severe first: Allow < Warn < Ask < Deny.
type Verdict int

// The verdicts.
const (
	Allow Verdict = iota
	Warn
	Ask
	Deny
)

var verdictNames = [...]string{"allow", "warn", "ask", "deny"}

// String returns "allow", "warn", "ask" or "deny".
func (v Verdict) String() string {
	if v < 0 || int(v) >= len(verdictNames) {
		return fmt.Sprintf("Verdict(%d)", int(v))
	}
	return verdictNames[v]
}

// MarshalText writes the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Decision is the verdict on one path with what led to it: enough for
// "corral guard check" to explain it.
type Decision struct {
	Verdict Verdict `json:"verdict"`
	// Rule names the check that decided: allowlist, traversal,
	// protected-path, warned-path, safe-path, blocked-path,
	// outside-safe-path, device, or a guardrails.json rule's name. It is
	// empty when nothing matched and the path passes silently.
	Rule string `json:"rule,omitempty"`
	// Pattern is the pattern that matched, if any.
	Pattern string `json:"pattern,omitempty"`
	// Source is the policy the pattern came from: a file, FILE_RESTRICTIONS
	// or "default".
	Source string `json:"source,omitempty"`
	// Message is one line in the seeds' wording; empty for a silent allow.
	Message string `json:"message,omitempty"`
	// PathContext is seed 002's audit field: safe, outside or blocked as
	// the guardrails layer sees the path, n/a without that layer.
	PathContext string `json:"path_context,omitempty"`
	Path        Path   `json:"path"`
}

// The audit log's path contexts (seed 002).
const (
	ContextSafe    = "safe"
	ContextOutside = "outside"
	ContextBlocked = "blocked"
	ContextNA      = "n/a"
)

// allowList is seed 000's layer: FILE_RESTRICTIONS or paths.allow_only.
type allowList struct {
	patterns []pattern
	source   string
}

// writeLayer is seed 001's layer: write-policies.json.
type writeLayer struct {
	protected, warned, safe []pattern
	source                  string
}

// guardLayer is seed 002's layer: guardrails.json.
type guardLayer struct {
	blocked, safe []pattern
	gitAware      bool
	// rules are guardrails.json's rules.write and rules.edit.
	rules  []pathRule
	source string
	// builtin marks the default layer, whose blocked system directories
	// do not apply inside the project or the sandbox (a project under
	// /var/www must stay workable) and which treats temporary directories
	// as safe.
	builtin bool
}

// pathRule is one of seed 002's write/edit rules.
type pathRule struct {
	name string
	// sets are the named path sets the rule is about: blocked_paths,
	// outside_safe_paths, safe_paths.
	sets []string
	// paths are literal path patterns the rule is about.
	paths []pattern
	// re is matched against the normalised absolute path.
	re          *regexp.Regexp
	outsideOnly bool
	action      Verdict
}

// Policy is the merged path policy. Every layer it holds is honoured at
// once, and Decide returns the most severe of their verdicts. The zero
// Policy (and a nil *Policy) allows everything.
type Policy struct {
	allow []allowList
	write *writeLayer
	guard *guardLayer
	// tighter are layers from project policies: protected and warned
	// patterns and blocked directories only, so that they can only make a
	// decision stricter.
	tighter []tightLayer
	// outsideProject, when above Allow, is the least verdict for a path
	// outside the project and the sandbox (the paranoid preset).
	outsideProject Verdict
	// self protects the guard's own files and hook registrations; every
	// policy keeps it.
	self *selfLayer
	// secrets is the secret class; nil means the defaults. secretEdit is
	// what one file asks to change in it, applied by Merge.
	secrets    *Secrets
	secretEdit *secretEdit
}

// tightLayer is what a project policy adds: patterns that deny or warn
// and directories that are blocked.
type tightLayer struct {
	write   *writeLayer
	blocked []pattern
	source  string
}

// Secrets returns the policy's secret class (the defaults when no file
// changed it).
func (p *Policy) Secrets() *Secrets {
	if p == nil || p.secrets == nil {
		return defaultSecretsOnce.Get()
	}
	return p.secrets
}

// builtinTemp are temporary directories the default policy treats as safe
// even under a blocked directory (/var/tmp, macOS's $TMPDIR).
var builtinTemp = []string{"/tmp", "/var/tmp", "/var/folders", "/private/tmp", "/private/var/folders"}

// regenerable are protected patterns whose files a package manager makes
// again: deleting them (rm -rf node_modules, a stale lock file) is routine
// and only warned about, where deleting .git or a key is asked about.
var regenerable = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"node_modules/**": true, "package-lock.json": true, "yarn.lock": true,
		".venv/bin/**": true, "venv/bin/**": true, "**/.venv/bin/**": true, "**/venv/bin/**": true}
}}

// Seed 001's and seed 002's defaults.
var (
	defaultProtected = []string{".git/**", "node_modules/**", ".env*", "*.key", "*.pem", "package-lock.json", "yarn.lock",
		"**/.env*", "**/*.key", "**/*.pem", "**/.git/**",
		// A virtualenv's programs: activate, which the user's shell
		// sources, and the python and tools every later run starts (red
		// team 15 RG9); pip and venv make them, as npm makes
		// node_modules/.bin.
		".venv/bin/**", "venv/bin/**", "**/.venv/bin/**", "**/venv/bin/**"}
	defaultWarned   = []string{"src/**", "plugins/**/agents/*.md", "plugins/**/commands/*.md", "plugins/**/skills/**", ".claude-plugin/**"}
	defaultSafe     = []string{"docs/**", "agent_sandbox/**", "tests/**", "*.md"}
	defaultBlocked  = []string{"/etc", "/usr", "/var", "/boot", "/sys", "/proc", "~/.ssh", "~/.gnupg", "~/.aws"}
	defaultSafeDirs = []string{"~/.claude", "/tmp"}
)

// DefaultSource is the Source of the built-in policy.
const DefaultSource = "default"

// DefaultPolicy is the built-in policy: seed 001's default protected,
// warned and safe patterns, and seed 002's starter blocked and safe paths,
// git-aware, with the project, the sandbox and the temporary directories
// safe. Ordinary work in a project never asks. Its layers are parsed once
// per process and shared, as Merge and Tighten share layers: no layer is
// changed after it is made.
func DefaultPolicy() *Policy {
	p := *defaultPolicy.Get()
	return &p
}

// defaultPolicy builds the built-in policy the first time it is needed.
var defaultPolicy = lazy.Value[*Policy]{New: func() *Policy {
	must := func(field string, raws []string, dirs bool) []pattern {
		var ps []pattern
		var err error
		if dirs {
			ps, err = parseDirs(field, raws)
		} else {
			ps, err = parsePatterns(field, raws, false)
		}
		if err != nil {
			panic(err)
		}
		return ps
	}
	return &Policy{
		write: &writeLayer{
			protected: defaultExceptions(must("protected", defaultProtected, false)),
			warned:    must("warned", defaultWarned, false),
			safe:      must("safe", defaultSafe, false),
			source:    DefaultSource,
		},
		guard: &guardLayer{
			blocked:  must("blocked_paths", defaultBlocked, true),
			safe:     must("safe_paths", defaultSafeDirs, true),
			gitAware: true,
			source:   DefaultSource,
			builtin:  true,
		},
		self: newSelfLayer(),
	}
}}

// Merge returns a policy with p's layers and q's: q's seed 001 layer, if
// it has one, replaces p's, and so does its seed 002 layer; allow-lists
// add up, each one kept, so a path must pass every one of them (an
// orchestrator's FILE_RESTRICTIONS is not widened by a user's allow_only).
// Neither p nor q is changed; either may be nil.
func (p *Policy) Merge(q *Policy) *Policy {
	out := &Policy{}
	for _, x := range []*Policy{p, q} {
		if x == nil {
			continue
		}
		out.allow = append(out.allow, x.allow...)
		if x.write != nil {
			out.write = x.write
		}
		if x.guard != nil {
			out.guard = x.guard
		}
		out.tighter = append(out.tighter, x.tighter...)
		if x.self != nil {
			out.self = x.self
		}
		out.outsideProject = max(out.outsideProject, x.outsideProject)
		if x.secrets != nil {
			out.secrets = x.secrets
		}
		if x.secretEdit != nil {
			out.secrets = x.secretEdit.apply(out.Secrets())
		}
	}
	return out
}

// Tighten returns p with what q adds that can only make a decision
// stricter: q's allow-lists (each must also pass), its protected and
// warned patterns, and its blocked directories. What q would loosen or
// replace (safe patterns, safe directories, git_aware, seed 002's
// rules.write and rules.edit) is left out and named in the returned list.
// This is how a project's policy is applied: a cloned repository cannot
// switch protection off. Neither p nor q is changed.
func (p *Policy) Tighten(q *Policy) (*Policy, []string) {
	out := p.Merge(nil)
	if q == nil {
		return out, nil
	}
	var ignored []string
	out.allow = append(out.allow, q.allow...)
	t := tightLayer{}
	if w := q.write; w != nil {
		t.source = w.source
		t.write = &writeLayer{protected: w.protected, warned: w.warned, source: w.source}
		if len(w.safe) > 0 {
			ignored = append(ignored, "safe patterns")
		}
	}
	if g := q.guard; g != nil {
		t.source = g.source
		t.blocked = g.blocked
		if len(g.safe) > 0 {
			ignored = append(ignored, "safe directories")
		}
		if !g.gitAware {
			ignored = append(ignored, "git_aware")
		}
		if len(g.rules) > 0 {
			ignored = append(ignored, "path rules (rules.write, rules.edit)")
		}
	}
	for _, tl := range q.tighter {
		out.tighter = append(out.tighter, tl)
	}
	if t.write != nil || len(t.blocked) > 0 {
		out.tighter = append(out.tighter, t)
	}
	out.outsideProject = max(out.outsideProject, q.outsideProject)
	if e := q.secretEdit; e != nil {
		// A project may add secrets, never remove or allow them.
		tight := *e
		if len(tight.remove) > 0 || len(tight.allow) > 0 {
			ignored = append(ignored, "secrets.remove and secrets.allow")
		}
		tight.remove, tight.allow = nil, nil
		if tight.hasVerdict && tight.verdict < out.Secrets().Verdict {
			ignored = append(ignored, "a milder secrets.action")
			tight.hasVerdict = false
		}
		out.secrets = tight.apply(out.Secrets())
	}
	return out, ignored
}

// WithOutsideProject returns p where every write or deletion outside the
// project and the sandbox is at least v (the paranoid preset asks).
func (p *Policy) WithOutsideProject(v Verdict) *Policy {
	out := p.Merge(nil)
	out.outsideProject = max(out.outsideProject, v)
	return out
}

func (t tightLayer) decide(env Env, np Path, a Action) Decision {
	best := Decision{}
	if t.write != nil {
		best = t.write.decide(np, a)
	}
	for _, b := range t.blocked {
		holds := a == Delete && !b.matchAnchored(env.Home, np.Abs) && b.holdsAnchored(env.Home, np.Abs)
		if !b.matchAnchored(env.Home, np.Abs) && !holds {
			continue
		}
		msg := fmt.Sprintf("Blocked path: %s is under %s and cannot be modified", np.Abs, b.raw)
		if holds {
			msg = fmt.Sprintf("Blocked path: deleting %s would delete %s, which cannot be deleted", np.Abs, b.raw)
		}
		return Decision{Verdict: Deny, Rule: "blocked-path", Pattern: b.raw, Source: t.source, PathContext: ContextBlocked, Message: msg}
	}
	return best
}

// Sources lists where the policy's layers come from, in the order Decide
// consults them: allow-lists, then seed 001's layer, then seed 002's.
func (p *Policy) Sources() []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, al := range p.allow {
		out = append(out, "allow-list "+al.source)
	}
	if p.write != nil {
		out = append(out, "write policy "+p.write.source)
	}
	if p.guard != nil {
		out = append(out, "guardrails "+p.guard.source)
	}
	for _, t := range p.tighter {
		out = append(out, "tightened by "+t.source)
	}
	return out
}

// Decide judges action a on path under p. Each layer gives a verdict and
// the most severe wins; between equal verdicts the earlier layer (allow
// lists, then seed 001, then seed 002) wins, and a layer that matched a
// pattern wins over one that did not, so that an allow still says why.
// Decide depends only on the normalised path, except that an allow-list
// also denies a given path with a ".." segment (seed 000).
//
// A write to a hard link of a protected file (ln ~/.bashrc b; echo >> b)
// is judged as a write of that file too: see hardlink.go.
//
// A write or deletion of the file a protected name links to
// (.git/hooks/pre-commit -> ../../scripts/pre-commit.sh; echo >>
// scripts/pre-commit.sh) is judged as the same action on that name too,
// and so is one of the name itself when it is a link (ln -sf X
// .git/hooks/pre-commit replaces the hook): see symlink.go.
func (p *Policy) Decide(env Env, path string, a Action) Decision {
	return p.decideLinked(env, path, a, true)
}

// DecideReplace judges a write that puts a new file at path instead of
// writing the file there (mv X path, sed -i, perl -i, install, ln -f,
// cp --remove-destination or -a: the program renames a new file over the
// name or unlinks it first, so the name gets a new inode): as Decide's
// write, except that a hard link's other names are not judged, since
// their file keeps its content (ln ~/.bashrc b; sed -i s/x/y/ b leaves
// ~/.bashrc as it was). A symbolic link at path is still judged as the
// name it is.
func (p *Policy) DecideReplace(env Env, path string) Decision {
	return p.decideLinked(env, path, Write, false)
}

// decideLinked is Decide, the hard link's other names judged only when
// twins is set.
func (p *Policy) decideLinked(env Env, path string, a Action, twins bool) Decision {
	best := p.decide(env, path, a)
	if p == nil || path == "" || best.Verdict == Deny {
		return best
	}
	if n := NormalizeName(env, path); n.Abs != best.Path.Abs {
		// The name is itself a symbolic link: a write through it, and
		// ln -sf, mv, install or rm of it, change what the name gives.
		if d := p.decidePath(env, n, path, a); d.Verdict > best.Verdict {
			d.Message = fmt.Sprintf("%s is a symbolic link to %s: %s", n.Abs, best.Path.Abs, d.Message)
			d.Path = best.Path
			best = d
		}
		if best.Verdict == Deny {
			return best
		}
	}
	if best = p.viaLinks(env, best, a); a != Write || !twins || best.Verdict == Deny {
		return best
	}
	for _, twin := range linkTwins(best.Path.Abs, func() []linkSpec { return p.linkSpecs(env) }) {
		d := p.decide(env, twin, a)
		if d.Verdict > best.Verdict {
			d.Message = fmt.Sprintf("%s is a hard link to %s (the same file): %s", best.Path.Abs, twin, d.Message)
			d.Path = best.Path
			best = d
		}
	}
	return best
}

// decide is Decide without the hard and symbolic links.
func (p *Policy) decide(env Env, path string, a Action) Decision {
	return p.decidePath(env, Normalize(env, path), path, a)
}

// decidePath is decide of the normalised np, given as path.
func (p *Policy) decidePath(env Env, np Path, path string, a Action) Decision {
	best := Decision{Verdict: Allow, PathContext: ContextNA, Path: np}
	if p == nil || path == "" {
		return best
	}
	if a == Write && harmlessDevice(np.Abs) {
		best.Rule = "device"
		return best
	}
	consider := func(d Decision) {
		if d.Verdict > best.Verdict || d.Verdict == best.Verdict && best.Rule == "" && d.Rule != "" {
			d.PathContext, d.Path = best.PathContext, np
			best = d
		}
	}
	context := ContextNA
	var gd Decision
	if p.guard != nil {
		gd = p.guard.decide(env, np, a)
		context = gd.PathContext
	}
	best.PathContext = context
	// An allow-list (FILE_RESTRICTIONS) names the project files the agent
	// may change; the sandbox is corral's own place for external content,
	// where rewritten downloads land, so it is not restricted — unless it
	// holds the project itself, when the list would mean nothing.
	sandboxed := filepath.IsAbs(env.Sandbox) && Within(env.Sandbox, np.Abs) &&
		!(env.Project != "" && Within(env.Sandbox, env.Project)) && !hasDotDot(path)
	for _, al := range p.allow {
		if sandboxed {
			continue
		}
		consider(al.decide(np, path))
	}
	if p.write != nil {
		consider(p.write.decide(np, a))
	}
	if p.guard != nil {
		consider(gd)
	}
	for _, t := range p.tighter {
		consider(t.decide(env, np, a))
	}
	if p.self != nil {
		consider(p.self.decide(env, np, a))
		consider(p.self.enclosingDecide(env, np, a)) // the repository above a subdirectory root (CW1)
	}
	if p.outsideProject > Allow && !np.InProject && !(filepath.IsAbs(env.Sandbox) && Within(env.Sandbox, np.Abs)) {
		consider(Decision{Verdict: p.outsideProject, Rule: "outside-project", Source: "preset paranoid",
			Message: fmt.Sprintf("Outside the project: %s is not in the project or the sandbox (paranoid preset)", np.Abs)})
	}
	return best
}

func (al allowList) decide(np Path, given string) Decision {
	d := Decision{Verdict: Deny, Rule: "allowlist", Source: al.source}
	switch {
	case hasDotDot(given):
		d.Rule = "traversal"
		d.Message = "File restriction: path contains directory traversal: " + given
		return d
	case !np.InProject:
		d.Message = fmt.Sprintf("File restriction: %s is outside allowed patterns: %s", np.Abs, pyList(al.patterns))
		return d
	}
	for _, pat := range al.patterns {
		if pat.matchProject(np.Rel, np.Abs) {
			return Decision{Verdict: Allow, Rule: "allowlist", Pattern: pat.raw, Source: al.source}
		}
	}
	d.Message = fmt.Sprintf("File restriction: %s is outside allowed patterns: %s", np.Rel, pyList(al.patterns))
	return d
}

// decide applies seed 001: protected first, then warned, then safe; the
// first list with a match decides, and unmatched paths pass silently. A
// path outside the project matches none of these project patterns.
func (w *writeLayer) decide(np Path, a Action) Decision {
	if !np.InProject {
		return Decision{}
	}
	if a == Delete {
		return w.decideDelete(np)
	}
	for _, pat := range w.protected {
		if pat.matchProject(np.Rel, np.Abs) {
			return Decision{Verdict: Deny, Rule: "protected-path", Pattern: pat.raw, Source: w.source,
				Message: fmt.Sprintf("Protected path: %s cannot be modified", np.Rel)}
		}
	}
	for _, pat := range w.warned {
		if pat.matchProject(np.Rel, np.Abs) {
			return Decision{Verdict: Warn, Rule: "warned-path", Pattern: pat.raw, Source: w.source,
				Message: fmt.Sprintf("Production path: %s - ensure this is intentional", np.Rel)}
		}
	}
	for _, pat := range w.safe {
		if pat.matchProject(np.Rel, np.Abs) {
			return Decision{Verdict: Allow, Rule: "safe-path", Pattern: pat.raw, Source: w.source}
		}
	}
	return Decision{}
}

// decideDelete is seed 001 for deletions. A deleted directory takes what
// is under it along, so it counts as matching a pattern whose fixed part
// lies under it (rm -rf . deletes .git). Deleting a protected path is
// asked about rather than denied: the user may well mean it, and a hard
// deny would leave no way to clean up; deleting what a package manager
// makes again (node_modules, lock files) is routine and only warned about.
func (w *writeLayer) decideDelete(np Path) Decision {
	var best Decision
	for _, pat := range w.protected {
		direct := pat.matchProject(np.Rel, np.Abs)
		if !direct && !pat.holdsProject(np.Rel) {
			continue
		}
		d := Decision{Verdict: Ask, Rule: "protected-path", Pattern: pat.raw, Source: w.source}
		switch {
		case regenerable.Get()[pat.raw]:
			d.Verdict = Warn
			d.Message = fmt.Sprintf("Protected path: deleting %s (%s), which its package manager makes again", np.Rel, pat.raw)
		case direct:
			d.Message = fmt.Sprintf("Protected path: %s cannot be modified", np.Rel)
		default:
			d.Message = fmt.Sprintf("Protected path: deleting %s would delete %s, which cannot be modified", np.Rel, pat.raw)
		}
		if best.Rule == "" || d.Verdict > best.Verdict {
			best = d
		}
	}
	if best.Rule != "" {
		return best
	}
	for _, pat := range w.warned {
		if pat.matchProject(np.Rel, np.Abs) || pat.holdsProject(np.Rel) {
			return Decision{Verdict: Warn, Rule: "warned-path", Pattern: pat.raw, Source: w.source,
				Message: fmt.Sprintf("Production path: %s - ensure this is intentional", np.Rel)}
		}
	}
	for _, pat := range w.safe {
		if pat.matchProject(np.Rel, np.Abs) {
			return Decision{Verdict: Allow, Rule: "safe-path", Pattern: pat.raw, Source: w.source}
		}
	}
	return Decision{}
}

// classify places np as seed 002 does, first match wins: blocked paths;
// then the safe paths, the project and the sandbox; then any git
// repository; else outside. It returns the context and the pattern (or
// "(project)", "(sandbox)", "(git repository)") behind it.
func (g *guardLayer) classify(env Env, np Path, a Action) (context, pat string, holds bool) {
	inSandbox := filepath.IsAbs(env.Sandbox) && Within(env.Sandbox, np.Abs)
	inside := np.InProject || inSandbox
	tmp := ""
	if g.builtin {
		for _, t := range builtinTemp {
			if _, ok := relWithin(t, np.Abs); ok {
				tmp = t
				break
			}
		}
	}
	if !(g.builtin && inside) {
		// A blocked path wins over a safe one, whatever the order: a
		// temporary directory is safe only against a blocked directory
		// that holds it (/var/tmp under /var), not against one inside it
		// (~/.ssh when HOME is under /tmp).
		for _, b := range g.blocked {
			if b.matchAnchored(env.Home, np.Abs) && (tmp == "" || !b.matchAnchored(env.Home, tmp)) {
				return ContextBlocked, b.raw, false
			}
		}
	}
	if tmp != "" {
		return ContextSafe, tmp, false
	}
	if a == Delete {
		for _, b := range g.blocked {
			if b.holdsAnchored(env.Home, np.Abs) {
				return ContextBlocked, b.raw, true
			}
		}
	}
	switch {
	case np.InProject:
		return ContextSafe, "(project)", false
	case inSandbox:
		return ContextSafe, "(sandbox)", false
	}
	for _, s := range g.safe {
		if s.matchAnchored(env.Home, np.Abs) {
			return ContextSafe, s.raw, false
		}
	}
	if g.gitAware && gitProject(env.Home, np.Abs) {
		return ContextSafe, "(git repository)", false
	}
	return ContextOutside, "", false
}

// decide applies seed 002's rules to the path's context. Without rules
// for them, blocked paths are denied and paths outside are asked about
// (the starter rules.write and rules.edit); a file's rules may say
// otherwise, and may add rules of their own.
func (g *guardLayer) decide(env Env, np Path, a Action) Decision {
	ctx, pat, holds := g.classify(env, np, a)
	done := Decision{Verdict: Allow, PathContext: ctx, Source: g.source}
	if ctx == ContextSafe {
		done.Rule, done.Pattern = "safe-path", pat
	}
	best := done
	consider := func(d Decision) {
		if d.Verdict > best.Verdict || best.Rule == "" && d.Rule != "" && d.Verdict == best.Verdict {
			best = d
		}
	}
	mentioned := map[string]bool{}
	for _, r := range g.rules {
		for _, s := range r.sets {
			mentioned[s] = true
		}
		if r.matches(env, np, ctx) {
			consider(g.ruleDecision(r, np, a, ctx, pat, holds))
		}
	}
	if ctx == ContextBlocked && !mentioned["blocked_paths"] {
		consider(g.ruleDecision(pathRule{sets: []string{"blocked_paths"}, action: Deny}, np, a, ctx, pat, holds))
	}
	if ctx == ContextOutside && !mentioned["outside_safe_paths"] {
		consider(g.ruleDecision(pathRule{sets: []string{"outside_safe_paths"}, action: Ask}, np, a, ctx, pat, holds))
	}
	return best
}

func (r pathRule) matches(env Env, np Path, ctx string) bool {
	if r.outsideOnly && ctx != ContextOutside {
		return false
	}
	if r.re != nil && !r.re.MatchString(np.Abs) {
		return false
	}
	if len(r.sets) == 0 && len(r.paths) == 0 {
		return true
	}
	for _, s := range r.sets {
		if s == "blocked_paths" && ctx == ContextBlocked || s == "outside_safe_paths" && ctx == ContextOutside || s == "safe_paths" && ctx == ContextSafe {
			return true
		}
	}
	for _, p := range r.paths {
		if p.matchAnchored(env.Home, np.Abs) || np.InProject && p.matchProject(np.Rel, np.Abs) {
			return true
		}
	}
	return false
}

func (g *guardLayer) ruleDecision(r pathRule, np Path, a Action, ctx, pat string, holds bool) Decision {
	d := Decision{Verdict: r.action, Rule: r.name, Source: g.source, PathContext: ctx}
	verb := "modified"
	if a == Delete {
		verb = "deleted"
	}
	switch {
	case r.name == "" && len(r.sets) == 1 && r.sets[0] == "blocked_paths" && r.re == nil:
		d.Rule, d.Pattern = "blocked-path", pat
		if holds {
			d.Message = fmt.Sprintf("Blocked path: deleting %s would delete %s, which cannot be %s", np.Abs, pat, verb)
		} else {
			d.Message = fmt.Sprintf("Blocked path: %s is under %s and cannot be %s", np.Abs, pat, verb)
		}
	case r.name == "" && len(r.sets) == 1 && r.sets[0] == "outside_safe_paths" && r.re == nil:
		d.Rule = "outside-safe-path"
		d.Message = fmt.Sprintf("Outside safe paths: %s is not in the project, the sandbox, a safe path or a git repository", np.Abs)
	default:
		if d.Rule == "" {
			d.Rule = "guardrails-rule"
		}
		d.Pattern = r.describe()
		d.Message = fmt.Sprintf("Guardrail rule %s (%s): %s", d.Rule, d.Pattern, np.Abs)
	}
	if d.Verdict == Allow {
		d.Message = ""
	}
	return d
}

// describe names what a rule matches, for Decision.Pattern.
func (r pathRule) describe() string {
	var parts []string
	if r.re != nil {
		parts = append(parts, r.re.String())
	}
	parts = append(parts, r.sets...)
	for _, p := range r.paths {
		parts = append(parts, p.raw)
	}
	return strings.Join(parts, " ")
}

// pyList prints patterns the way seed 000's Python hook prints a list.
func pyList(pats []pattern) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, p := range pats {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyRepr(p.raw))
	}
	b.WriteByte(']')
	return b.String()
}

// pyRepr quotes s like Python's repr of a str (for printable text).
func pyRepr(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' || c == q:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(q)
	return b.String()
}
