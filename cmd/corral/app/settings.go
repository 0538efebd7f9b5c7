package app

import (
	"fmt"
	"os"
	"path/filepath"
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
	notes []string
}

// seedGuardrails is where seed 002 keeps its configuration.
const seedGuardrails = ".claude/state/guardrails.json"

// loadSettings reads the environment and the policy files. Nothing here is
// fatal: a bad value or file is reported in notes and the defaults stay
// (the seeds fail open on bad configuration).
func (env *runtimeEnv) loadSettings(cwd string, policyFiles []string) *settings {
	cfg, notes := rewrite.NewConfig(env.getenv, cwd)
	s := &settings{cfg: cfg, notes: notes, paths: guards.DefaultPolicy()}
	files := append([]string{}, policyFiles...)
	if extra := env.getenv("CORRAL_POLICY"); extra != "" {
		files = append(files, filepath.SplitList(extra)...)
	}
	if home := cfg.Home; home != "" {
		seed := filepath.Join(home, seedGuardrails)
		if _, err := os.Stat(seed); err == nil && !contains(files, seed) {
			files = append(files, seed)
		}
	}
	var userRules []rewrite.UserRule
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			s.notes = append(s.notes, fmt.Sprintf("cannot read policy %s: %v; ignoring it", f, err))
			continue
		}
		s.files = append(s.files, f)
		p, err := guards.ParsePolicy(f, data)
		if err != nil {
			s.notes = append(s.notes, fmt.Sprintf("policy %s: %v; using the defaults for its path rules", f, err))
		} else {
			s.paths = s.paths.Merge(p)
		}
		rules, errs := rewrite.ParseUserRules(f, data)
		for _, e := range errs {
			s.notes = append(s.notes, fmt.Sprintf("policy %s: %v; skipping that rule", f, e))
		}
		userRules = append(userRules, rules...)
		if err := applySandboxSettings(cfg, f, data); err != nil {
			s.notes = append(s.notes, err.Error())
		}
	}
	if v := env.getenv("FILE_RESTRICTIONS"); strings.TrimSpace(v) != "" {
		p, err := guards.AllowListFromEnv(v)
		if err != nil {
			s.notes = append(s.notes, fmt.Sprintf("FILE_RESTRICTIONS is not a JSON array of patterns (%v); not restricting (fail open)", err))
		} else if p != nil {
			s.paths = s.paths.Merge(p)
		}
	}
	cfg.Paths = s.paths
	cfg.Protected = s.protectedFiles()
	if len(userRules) > 0 {
		cfg.Rules = append(append([]rewrite.Rule{}, rewrite.Rules...), rewrite.UserRulesRule(userRules))
	}
	return s
}

// protectedFiles are corral's own files: the agent must not loosen its own
// limits by editing them.
func (s *settings) protectedFiles() []string {
	out := append([]string{}, s.files...)
	out = append(out, stateDir())
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

// guardsEnv is the path module's view of where the hook runs.
func (s *settings) guardsEnv() guards.Env {
	return guards.Env{Project: s.cfg.Project, Cwd: s.cfg.Cwd, Home: s.cfg.Home, Sandbox: s.cfg.Sandbox}
}
