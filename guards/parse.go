package guards

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// PolicyError is a policy that cannot be used: which file, which field or
// pattern, and why.
type PolicyError struct {
	// File is the policy's name as given to ParsePolicy (or
	// FILE_RESTRICTIONS).
	File string
	// Field is where in the file, such as "protected[2]" or
	// "rules.write[0].pattern"; empty when the whole file is at fault.
	Field string
	// Pattern is the offending pattern, if one is.
	Pattern string
	Err     error
}

// Error returns "file: field: reason".
func (e *PolicyError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying error.
func (e *PolicyError) Unwrap() error { return e.Err }

// named gives err the file's name.
func named(name string, err error) error {
	var pe *PolicyError
	if errors.As(err, &pe) {
		if pe.File == "" {
			pe.File = name
		}
		return pe
	}
	return &PolicyError{File: name, Err: err}
}

// AllowListFromEnv reads FILE_RESTRICTIONS (seed 000), a JSON array of
// project-relative globs; a leading "./" or "/" is dropped. An empty value
// or an empty array means no restriction: the policy is nil. A malformed
// value is an error (the caller fails open and says so on stderr).
func AllowListFromEnv(v string) (*Policy, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	var raws []string
	if err := json.Unmarshal([]byte(v), &raws); err != nil {
		return nil, named("FILE_RESTRICTIONS", fmt.Errorf("not a JSON array of patterns: %v", err))
	}
	if len(raws) == 0 {
		return nil, nil
	}
	pats, err := parsePatterns("pattern", raws, true)
	if err != nil {
		return nil, named("FILE_RESTRICTIONS", err)
	}
	return &Policy{allow: []allowList{{patterns: pats, source: "FILE_RESTRICTIONS"}}}, nil
}

// ParsePolicy reads a policy file, recognised by its content:
//   - corral's own format, a "corral" key with a "paths" object holding
//     allow_only (seed 000), protected/warned/safe (seed 001) and
//     blocked/safe_dirs/git_aware (seed 002);
//   - seed 001's write-policies.json: "protected", "warned", "safe";
//   - seed 002's guardrails.json: "version", "safe_paths",
//     "blocked_paths", "rules" (rules.write and rules.edit are path rules;
//     rules.bash belongs to the rewrite engine);
//   - a JSON array of allowed patterns, as FILE_RESTRICTIONS holds.
//
// A file with both seed 001's and seed 002's keys gives both layers.
// Every pattern is validated here, once; an error is a *PolicyError naming
// the file, the field and the pattern. Sections that other packages read
// (bash, sandbox, confirm, audit, rules.bash) are ignored.
func ParsePolicy(name string, data []byte) (*Policy, error) {
	p, err := parsePolicy(name, data)
	if err != nil {
		return nil, named(name, err)
	}
	return p, nil
}

func parsePolicy(name string, data []byte) (*Policy, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("empty policy file")
	}
	if trimmed[0] == '[' {
		var raws []string
		if err := json.Unmarshal(trimmed, &raws); err != nil {
			return nil, fmt.Errorf("not a JSON array of patterns: %v", err)
		}
		p := &Policy{}
		if len(raws) > 0 {
			pats, err := parsePatterns("pattern", raws, true)
			if err != nil {
				return nil, err
			}
			p.allow = []allowList{{patterns: pats, source: name}}
		}
		return p, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &top); err != nil {
		return nil, fmt.Errorf("not valid JSON: %v", err)
	}
	has := func(keys ...string) bool {
		for _, k := range keys {
			if _, ok := top[k]; ok {
				return true
			}
		}
		return false
	}
	if has("corral") {
		p, err := parseCorral(name, top["paths"])
		if err != nil {
			return nil, err
		}
		if raw, ok := top["secrets"]; ok && string(raw) != "null" {
			if p.secretEdit, err = parseSecretEdit(name, raw); err != nil {
				return nil, err
			}
		}
		return p, nil
	}
	seed001, seed002 := has("protected", "warned", "safe"), has("version", "safe_paths", "blocked_paths", "rules")
	if !seed001 && !seed002 {
		return nil, errors.New(`not a policy corral knows: expected a "corral" key, write-policies.json's "protected"/"warned"/"safe", or guardrails.json's "version"/"safe_paths"/"blocked_paths"/"rules"`)
	}
	p := &Policy{}
	if seed001 {
		var wp struct {
			Protected []string `json:"protected"`
			Warned    []string `json:"warned"`
			Safe      []string `json:"safe"`
		}
		if err := json.Unmarshal(trimmed, &wp); err != nil {
			return nil, fmt.Errorf("write policy: %v", err)
		}
		w, err := newWriteLayer(name, "", wp.Protected, wp.Warned, wp.Safe)
		if err != nil {
			return nil, err
		}
		p.write = w
	}
	if seed002 {
		var gr struct {
			SafePaths    []string `json:"safe_paths"`
			BlockedPaths []string `json:"blocked_paths"`
			Rules        struct {
				Write []ruleSpec `json:"write"`
				Edit  []ruleSpec `json:"edit"`
			} `json:"rules"`
		}
		if err := json.Unmarshal(trimmed, &gr); err != nil {
			return nil, fmt.Errorf("guardrails: %v", err)
		}
		g, err := newGuardLayer(name, "", gr.BlockedPaths, gr.SafePaths, true)
		if err != nil {
			return nil, err
		}
		for _, list := range []struct {
			field string
			specs []ruleSpec
		}{{"rules.write", gr.Rules.Write}, {"rules.edit", gr.Rules.Edit}} {
			for i, s := range list.specs {
				r, err := s.compile(fmt.Sprintf("%s[%d]", list.field, i))
				if err != nil {
					return nil, err
				}
				g.rules = append(g.rules, r)
			}
		}
		p.guard = g
	}
	return p, nil
}

// parseCorral reads the "paths" object of corral's own format.
func parseCorral(name string, raw json.RawMessage) (*Policy, error) {
	p := &Policy{}
	if len(raw) == 0 || string(raw) == "null" {
		return p, nil
	}
	var ps struct {
		AllowOnly []string  `json:"allow_only"`
		Protected *[]string `json:"protected"`
		Warned    *[]string `json:"warned"`
		Safe      *[]string `json:"safe"`
		Blocked   *[]string `json:"blocked"`
		SafeDirs  *[]string `json:"safe_dirs"`
		GitAware  *bool     `json:"git_aware"`
	}
	if err := json.Unmarshal(raw, &ps); err != nil {
		return nil, fmt.Errorf("paths: %v", err)
	}
	if len(ps.AllowOnly) > 0 {
		pats, err := parsePatterns("paths.allow_only", ps.AllowOnly, true)
		if err != nil {
			return nil, err
		}
		p.allow = []allowList{{patterns: pats, source: name}}
	}
	if ps.Protected != nil || ps.Warned != nil || ps.Safe != nil {
		w, err := newWriteLayer(name, "paths.", deref(ps.Protected), deref(ps.Warned), deref(ps.Safe))
		if err != nil {
			return nil, err
		}
		p.write = w
	}
	if ps.Blocked != nil || ps.SafeDirs != nil || ps.GitAware != nil {
		g, err := newGuardLayer(name, "paths.", deref(ps.Blocked), deref(ps.SafeDirs), ps.GitAware == nil || *ps.GitAware)
		if err != nil {
			return nil, err
		}
		p.guard = g
	}
	return p, nil
}

func deref(p *[]string) []string {
	if p == nil {
		return nil
	}
	return *p
}

func newWriteLayer(source, prefix string, protected, warned, safe []string) (*writeLayer, error) {
	var err error
	w := &writeLayer{source: source}
	if w.protected, err = parsePatterns(prefix+"protected", protected, false); err != nil {
		return nil, err
	}
	if w.warned, err = parsePatterns(prefix+"warned", warned, false); err != nil {
		return nil, err
	}
	if w.safe, err = parsePatterns(prefix+"safe", safe, false); err != nil {
		return nil, err
	}
	return w, nil
}

func newGuardLayer(source, prefix string, blocked, safe []string, git bool) (*guardLayer, error) {
	var err error
	g := &guardLayer{source: source, gitAware: git}
	blockedField, safeField := "blocked_paths", "safe_paths"
	if prefix != "" {
		blockedField, safeField = prefix+"blocked", prefix+"safe_dirs"
	}
	if g.blocked, err = parseDirs(blockedField, blocked); err != nil {
		return nil, err
	}
	if g.safe, err = parseDirs(safeField, safe); err != nil {
		return nil, err
	}
	return g, nil
}

// ruleSpec is a rules.write or rules.edit entry of guardrails.json.
type ruleSpec struct {
	Name             string   `json:"name"`
	Pattern          string   `json:"pattern"`
	PathPatterns     []string `json:"path_patterns"`
	Action           string   `json:"action"`
	OutsideSafePaths bool     `json:"outside_safe_paths"`
}

// pathSets are the names a rule's path_patterns may use for seed 002's
// path sets.
var pathSets = map[string]bool{"blocked_paths": true, "outside_safe_paths": true, "safe_paths": true}

func (s ruleSpec) compile(field string) (pathRule, error) {
	r := pathRule{name: s.Name, outsideOnly: s.OutsideSafePaths}
	v, ok := ParseAction(s.Action)
	if !ok {
		return r, &PolicyError{Field: field + ".action", Err: fmt.Errorf("unknown action %q (want block, confirm, warn or allow)", s.Action)}
	}
	r.action = v
	if s.Pattern != "" {
		re, err := regexp.Compile(s.Pattern)
		if err != nil {
			return r, &PolicyError{Field: field + ".pattern", Pattern: s.Pattern, Err: err}
		}
		r.re = re
	}
	for i, pp := range s.PathPatterns {
		if pathSets[pp] {
			r.sets = append(r.sets, pp)
			continue
		}
		pat, err := parsePattern(pp, false)
		if err != nil {
			return r, &PolicyError{Field: fmt.Sprintf("%s.path_patterns[%d]", field, i), Pattern: pp, Err: err}
		}
		r.paths = append(r.paths, pat)
	}
	if r.re == nil && len(s.PathPatterns) == 0 {
		return r, &PolicyError{Field: field, Err: errors.New(`a rule needs "pattern" or "path_patterns"`)}
	}
	return r, nil
}

// ParseAction reads a policy action: block or deny, confirm or ask, warn,
// allow (case-insensitive).
func ParseAction(s string) (Verdict, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "block", "deny":
		return Deny, true
	case "confirm", "ask":
		return Ask, true
	case "warn":
		return Warn, true
	case "allow":
		return Allow, true
	}
	return Allow, false
}
