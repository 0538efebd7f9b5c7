package app

import (
	"fmt"
	"github.com/corral-dev/corral/cmd/corral/agent"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
)

// settings is everything a decision depends on, loaded once per process.
type settings struct {
	cfg   *rewrite.Config
	paths *guards.Policy
	// files are the policy files that were read.
	files []string
	// candidates are every policy file corral would read if it existed:
	// the agent must not create them either.
	candidates []string
	notes      []string
	// ignored are the project policy entries left out because they would
	// loosen the user's policy (said by policy show and doctor, not by
	// every hook call).
	ignored []string
	// broken are the policy files that exist but could not be used; the
	// hook fails open on them (the seeds' rule) and says so.
	broken []error
	// preset is the effective preset and where it was chosen.
	preset, presetSource string
	// agents are the per-agent-type floors, merged over every file.
	agents map[string]agentFloor
	// auditLog is the audit log's path.
	auditLog string
	// entries are what "corral policy show" prints: every setting and its
	// source.
	entries []policyEntry
	// configDir is CLAUDE_CONFIG_DIR; later caches laterLines.
	configDir string
	later     *[]bangLine
}

// policyEntry is one effective setting and where it comes from.
type policyEntry struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Source string `json:"source"`
}

// agentFloor is the least decision each kind of operation of one agent
// type gets, and where each was set.
type agentFloor struct {
	rule    guards.AgentRule
	sources []string
}

// Where corral looks for policy files by itself.
const (
	// seedGuardrails is where seed 002 keeps its configuration (under HOME).
	seedGuardrails = ".claude/state/guardrails.json"
	// projectPolicy is the project's policy file, at the project root.
	projectPolicy = ".corral.json"
	// EnvPreset names the preset.
	EnvPreset = "CORRAL_PRESET"
)

// userPolicyPath is the user's policy file: $XDG_CONFIG_HOME/corral/policy.json
// or ~/.config/corral/policy.json.
func userPolicyPath(getenv func(string) string, home string) string {
	if x := getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		return filepath.Join(x, "corral", "policy.json")
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".config", "corral", "policy.json")
}

// policySource is one policy file to read and how far it may reach.
type policySource struct {
	path string
	// project files can only tighten what the user's files say.
	project bool
	// implicit files are read when they exist; a missing explicit file
	// (--policy, CORRAL_POLICY) is an error.
	implicit bool
}

// loadSettings reads the environment and the policy files, in this order:
// the built-in defaults; the user's policy file; seed 002's
// guardrails.json; CORRAL_POLICY and --policy files; the project's
// .corral.json (which can only tighten); then the environment. Nothing
// here is fatal: a file that cannot be used is in broken and notes and the
// rest still apply (the seeds fail open on bad configuration).
func (env *runtimeEnv) loadSettings(cwd string, policyFiles []string) *settings {
	cfg, notes := rewrite.NewConfig(env.getenv, cwd)
	s := &settings{cfg: cfg, notes: notes, paths: guards.DefaultPolicy(), agents: map[string]agentFloor{},
		preset: "standard", presetSource: "default", auditLog: env.auditLogPath()}
	var sources []policySource
	if u := userPolicyPath(env.getenv, cfg.Home); u != "" {
		sources = append(sources, policySource{path: u, implicit: true})
	}
	if home := cfg.Home; home != "" {
		sources = append(sources, policySource{path: filepath.Join(home, seedGuardrails), implicit: true})
	}
	var explicit []string
	if extra := env.getenv("CORRAL_POLICY"); extra != "" {
		explicit = append(explicit, filepath.SplitList(extra)...)
	}
	explicit = append(explicit, policyFiles...)
	for _, f := range explicit {
		if f != "" {
			sources = append(sources, policySource{path: f})
		}
	}
	sources = append(sources, policySource{path: filepath.Join(cfg.Project, projectPolicy), project: true, implicit: true})

	var userRules []rewrite.UserRule
	seen := map[string]bool{}
	userPreset, projectPreset := "", ""
	for _, src := range sources {
		if seen[src.path] {
			continue
		}
		seen[src.path] = true
		s.candidates = append(s.candidates, src.path)
		data, err := readPolicyFile(src.path)
		if err != nil {
			if src.implicit && os.IsNotExist(err) {
				continue
			}
			s.fail(fmt.Errorf("cannot read policy %s: %v", src.path, err))
			continue
		}
		pf, err := guards.LoadPolicy(src.path, data)
		if err != nil {
			s.fail(err)
			continue
		}
		s.files = append(s.files, src.path)
		kind := "user file "
		if src.project {
			kind = "project file "
		}
		for _, e := range pf.Entries {
			where := kind + e.Where
			if src.project && loosens(e) {
				where += ", IGNORED: a project policy can only tighten"
			}
			s.entries = append(s.entries, policyEntry{Key: e.Key, Value: e.Value, Source: where})
		}
		rules, errs := rewrite.UserRulesFrom(src.path, pf.Bash)
		for _, e := range errs {
			s.notes = append(s.notes, fmt.Sprintf("%v; skipping that rule", e))
		}
		// Packs only add asks and denies: a project policy may enable them.
		if err := rewrite.CheckPacks(pf.Packs); err != nil {
			s.notes = append(s.notes, fmt.Sprintf("policy %s: %v; ignoring its packs", pf.Name, err))
		} else {
			for _, pk := range pf.Packs {
				if !contains(cfg.Packs, pk) {
					cfg.Packs = append(cfg.Packs, pk)
				}
			}
		}
		if src.project {
			s.tightenFrom(pf, rules, &userRules, &projectPreset)
			continue
		}
		s.paths = s.paths.Merge(pf.Paths)
		userRules = append(userRules, rules...)
		s.applySandbox(pf)
		if pf.Preset != "" {
			userPreset = pf.Preset
			s.presetSource = "user file " + pf.Name
		}
		s.addAgents(pf)
	}
	if userPreset != "" {
		s.preset = userPreset
	}
	if v := env.getenv(EnvPreset); v != "" {
		if guards.PresetRank(v) < 0 {
			s.notes = append(s.notes, fmt.Sprintf("%s=%q is not %s; ignoring it", EnvPreset, v, strings.Join(guards.Presets, ", ")))
		} else {
			s.preset, s.presetSource = v, "environment "+EnvPreset
		}
	}
	if guards.PresetRank(projectPreset) > guards.PresetRank(s.preset) {
		s.preset, s.presetSource = projectPreset, "project file "+filepath.Join(cfg.Project, projectPolicy)
	}
	if v := env.getenv("FILE_RESTRICTIONS"); strings.TrimSpace(v) != "" {
		p, err := guards.AllowListFromEnv(v)
		if err != nil {
			s.fail(fmt.Errorf("FILE_RESTRICTIONS is not a JSON array of patterns (%v)", err))
		} else if p != nil {
			s.paths = s.paths.Merge(p)
			s.entries = append(s.entries, policyEntry{Key: "paths.allow_only", Value: v, Source: "environment FILE_RESTRICTIONS"})
		}
	}
	s.applyPreset()
	cfg.Protected = s.protectedFiles(env.getenv("CLAUDE_CONFIG_DIR"))
	s.paths = s.paths.WithSelfProtection(cfg.Protected, cfg.Sandbox).
		WithRegistrations(registrationFilesAbove(cfg, env.getenv)).
		WithAgentPrograms(agentProgramsAbove(cfg, env.getenv("CLAUDE_CONFIG_DIR"))).
		WithAgentCodeDirs(guards.ConfigCodeDirs(env.getenv("CLAUDE_CONFIG_DIR")))
	s.configDir = env.getenv("CLAUDE_CONFIG_DIR")
	cfg.Paths = s.paths
	// The built-in table is used as it is (cfg.Rules nil) unless a preset
	// or the user's rules add to it: copying it costs every call.
	var extra []rewrite.Rule
	if r, ok := presetRule(s.preset); ok {
		extra = append(extra, r)
	}
	if len(userRules) > 0 {
		extra = append(extra, rewrite.UserRulesRule(userRules))
	}
	if len(extra) > 0 {
		cfg.Rules = rewrite.RuleValues(rewrite.Rules, extra...)
	}
	return s
}

// fail records a policy that cannot be used.
func (s *settings) fail(err error) {
	s.broken = append(s.broken, err)
	s.notes = append(s.notes, fmt.Sprintf("policy error: %v; this policy is NOT applied, the others and the defaults are (fail open)", err))
}

// applySandbox applies a user-level file's sandbox section. The
// environment variables of seed 003 win over the file.
func (s *settings) applySandbox(pf *guards.PolicyFile) {
	cfg := s.cfg
	if d := pf.Sandbox.Dir; d != "" && !cfg.SandboxFromEnv {
		switch {
		case d == "~" || strings.HasPrefix(d, "~/"):
			d = filepath.Join(cfg.Home, d[1:])
		case !filepath.IsAbs(d):
			d = filepath.Join(cfg.Project, d)
		}
		cfg.Sandbox = filepath.Clean(d)
	}
	if pf.AllowHosts != nil {
		cfg.AllowHosts = append([]string{}, pf.AllowHosts...)
	}
	if m := pf.Sandbox.Mode; m != "" && !cfg.ModeFromEnv {
		cfg.Mode = rewrite.Mode(m)
	}
	if a := pf.Sandbox.Approve; a != "" && !cfg.ApproveFromEnv {
		cfg.Approve = rewrite.Approval(a)
	}
}

func (s *settings) addAgents(pf *guards.PolicyFile) {
	for _, r := range pf.Agents {
		f := s.agents[r.Agent]
		f.rule.Agent = r.Agent
		f.rule.Writes = max(f.rule.Writes, r.Writes)
		f.rule.Deletions = max(f.rule.Deletions, r.Deletions)
		f.rule.Acquisitions = max(f.rule.Acquisitions, r.Acquisitions)
		f.rule.Commands = max(f.rule.Commands, r.Commands)
		f.sources = append(f.sources, r.Where)
		s.agents[r.Agent] = f
	}
}

// tightenFrom applies a project policy: only what makes decisions
// stricter. A repository the agent cloned must not be able to switch
// protection off, so its safe paths, sandbox settings, allow rules and
// lower presets are left out, each with a note.
func (s *settings) tightenFrom(pf *guards.PolicyFile, rules []rewrite.UserRule, userRules *[]rewrite.UserRule, preset *string) {
	p, ignored := s.paths.Tighten(pf.Paths)
	s.paths = p
	for _, r := range rules {
		if r.Decision == rewrite.Allow {
			ignored = append(ignored, "an allow rule")
			continue
		}
		*userRules = append(*userRules, r)
	}
	if pf.Sandbox != (guards.SandboxSettings{}) {
		ignored = append(ignored, "sandbox")
	}
	if pf.AllowHosts != nil {
		ignored = append(ignored, "network.allow_hosts")
	}
	s.addAgents(pf)
	*preset = pf.Preset
	for _, what := range ignored {
		s.ignored = append(s.ignored, fmt.Sprintf("project policy %s: %s ignored: a project policy can only tighten the user's", pf.Name, what))
	}
}

// protectedFiles are corral's own files and the files that could switch
// it off: the agent must not loosen its own limits by writing them.
func (s *settings) protectedFiles(claudeConfigDir string) []string {
	out := append([]string{}, s.files...)
	out = append(out, s.candidates...)
	out = append(out, stateDir())
	// The hook's own program: without it the agent's hook call fails,
	// and agents treat a failing hook as no objection.
	if exe, err := os.Executable(); err == nil {
		out = append(out, exe)
		if real, err := filepath.EvalSymlinks(exe); err == nil && real != exe {
			out = append(out, real)
		}
	}
	// A program named corral in a directory of PATH, or where go install
	// puts it (GOBIN, GOPATH/bin): the plugin's launcher runs the first
	// corral on PATH, so writing one there (go install ./cmd/corral,
	// npm link of a package whose bin is corral) replaces the hook.
	out = append(out, pathPrograms(os.Getenv("PATH"), os.Getenv("GOBIN"), os.Getenv("GOPATH"))...)
	if s.auditLog != "" && s.auditLog != "off" {
		out = append(out, s.auditLog)
	}
	if d := claudeConfigDir; d != "" && filepath.IsAbs(d) {
		// Claude Code's configuration moved there: its settings, and the
		// start-up files of the agent's shell (what ~/.claude holds); its
		// .claude.json (MCP servers, allowed tools, trust) and sign-in
		// file, kept there instead of ~/.claude.json and
		// ~/.claude/.credentials.json.
		for _, f := range []string{"settings.json", "settings.local.json", "plugins", "shell-snapshots", "session-env", filepath.Join("hooks", "hooks.json"),
			".claude.json", ".credentials.json"} {
			out = append(out, filepath.Join(d, f))
		}
	}
	sort.Strings(out)
	return dedupe(out)
}

// registrationFiles are the files corral init writes for each agent it
// registers with, in every scope (the agents' own Registrar.File; red team
// 14 GF1): whether or not corral is registered there now, the agent must
// not remove corral's registration, replace OpenCode's plugin, or write one
// of its own. The list comes from the installers, so that an agent added
// to them is protected without a second list here.
func registrationFiles(home, project string, getenv func(string) string) []string {
	var out []string
	for _, a := range agent.All {
		for _, sc := range a.Scopes() {
			t := agent.Target{Home: home, Project: project, Scope: sc, Getenv: getenv}
			if (sc == agent.User && home == "") || (sc != agent.User && project == "") {
				continue
			}
			if f := a.File(t); f != "" && filepath.IsAbs(f) {
				out = append(out, filepath.Clean(f))
			}
		}
	}
	sort.Strings(out)
	return dedupe(out)
}

// pathPrograms returns the paths a program named corral has in each
// absolute directory of path, in gobin and in the first gopath entry's
// bin.
func pathPrograms(path, gobin, gopath string) []string {
	var out []string
	dirs := filepath.SplitList(path)
	if gobin != "" {
		dirs = append(dirs, gobin)
	}
	if gp := filepath.SplitList(gopath); len(gp) > 0 && gp[0] != "" {
		dirs = append(dirs, filepath.Join(gp[0], "bin"))
	}
	for _, d := range dirs {
		if filepath.IsAbs(d) {
			out = append(out, filepath.Join(filepath.Clean(d), "corral"))
		}
	}
	return out
}

func dedupe(xs []string) []string {
	var out []string
	for i, x := range xs {
		if x != "" && (i == 0 || xs[i-1] != x) {
			out = append(out, x)
		}
	}
	return out
}

// guardsEnv is the path module's view of where the hook runs.
func (s *settings) guardsEnv() guards.Env {
	return guards.Env{Project: s.cfg.Project, Cwd: s.cfg.Cwd, Home: s.cfg.Home, Sandbox: s.cfg.Sandbox}
}

// PolicyProblems loads the policy as the hook would for a project in cwd
// and returns every policy file that cannot be used (file:line:col
// errors). "corral doctor" exits non-zero when the list is not empty.
func (env *runtimeEnv) PolicyProblems(cwd string, policyFiles []string) []error {
	return env.loadSettings(cwd, policyFiles).broken
}

// loosens reports whether a project policy's entry would loosen the
// user's policy, so that it is ignored.
func loosens(e guards.Entry) bool {
	switch {
	case strings.HasPrefix(e.Key, "sandbox."), e.Key == "network.allow_hosts", e.Key == "secrets.remove", e.Key == "secrets.allow", e.Key == "paths.safe", e.Key == "paths.safe_dirs", e.Key == "safe_paths",
		e.Key == "safe", e.Key == "paths.git_aware", strings.HasPrefix(e.Key, "rules.write"), strings.HasPrefix(e.Key, "rules.edit"):
		return true
	case strings.HasPrefix(e.Value, "allow "):
		return true
	}
	return false
}
