package guards

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Action is what is done to a path.
type Action int

// The actions.
const (
	Write Action = iota
	Delete
)

func (a Action) String() string {
	if a == Delete {
		return "delete"
	}
	return "write"
}

// Verdict is a path decision, least severe first.
type Verdict int

// The verdicts.
const (
	Allow Verdict = iota
	Warn
	Ask
	Deny
)

var verdictNames = [...]string{"allow", "warn", "ask", "deny"}

func (v Verdict) String() string {
	if v < 0 || int(v) >= len(verdictNames) {
		return fmt.Sprintf("Verdict(%d)", int(v))
	}
	return verdictNames[v]
}

// MarshalText writes the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Decision is the verdict on one path with what led to it.
type Decision struct {
	Verdict Verdict `json:"verdict"`
	// Rule names the check: allowlist, traversal, protected-path,
	// warned-path, safe-path, blocked-path, outside-safe-path.
	Rule    string `json:"rule,omitempty"`
	Pattern string `json:"pattern,omitempty"`
	// Source is the policy the pattern came from: a file, FILE_RESTRICTIONS
	// or "default".
	Source  string `json:"source,omitempty"`
	Message string `json:"message,omitempty"`
	// PathContext is seed 002's safe, outside, blocked or n/a.
	PathContext string `json:"path_context,omitempty"`
	Path        Path   `json:"path"`
}

// allowList is seed 000's layer.
type allowList struct {
	patterns []string
	source   string
}

// writeLayer is seed 001's layer.
type writeLayer struct {
	protected, warned, safe []string
	source                  string
}

// guardLayer is seed 002's layer.
type guardLayer struct {
	blocked, safe []string
	gitAware      bool
	source        string
	// builtin marks the default layer, whose blocked system directories
	// do not apply inside the project or the sandbox (a project under
	// /var/www must stay workable).
	builtin bool
}

// Policy is the merged path policy.
type Policy struct {
	allow []allowList
	write *writeLayer
	guard *guardLayer
}

// builtinTemp are temporary directories the default policy treats as safe
// even under a blocked directory.
var builtinTemp = []string{"/tmp", "/var/tmp", "/var/folders", "/private/tmp", "/private/var/folders"}

// regenerable are protected patterns whose files a tool makes again: their
// deletion is only warned about.
var regenerable = map[string]bool{"node_modules/**": true, "package-lock.json": true, "yarn.lock": true}

// Seed 001's and seed 002's defaults.
var (
	defaultProtected = []string{".git/**", "node_modules/**", ".env*", "*.key", "*.pem", "package-lock.json", "yarn.lock"}
	defaultWarned    = []string{"src/**", "plugins/**/agents/*.md", "plugins/**/commands/*.md", "plugins/**/skills/**", ".claude-plugin/**"}
	defaultSafe      = []string{"docs/**", "agent_sandbox/**", "tests/**", "*.md"}
	defaultBlocked   = []string{"/etc", "/usr", "/var", "/boot", "/sys", "/proc", "~/.ssh", "~/.gnupg", "~/.aws"}
	defaultSafeDirs  = []string{"~/.claude", "/tmp"}
)

// DefaultPolicy is the built-in policy: seed 001's default patterns and
// seed 002's starter blocked and safe paths, git-aware. Ordinary work in a
// project never asks.
func DefaultPolicy() *Policy {
	return &Policy{
		write: &writeLayer{protected: defaultProtected, warned: defaultWarned, safe: defaultSafe, source: "default"},
		guard: &guardLayer{blocked: defaultBlocked, safe: defaultSafeDirs, gitAware: true, source: "default", builtin: true},
	}
}

// Merge returns p with q's layers: q's seed 001 and seed 002 layers replace
// p's; allow-lists accumulate (a path must pass every one of them).
func (p *Policy) Merge(q *Policy) *Policy {
	out := &Policy{allow: append(append([]allowList{}, p.allow...), q.allow...), write: p.write, guard: p.guard}
	if q.write != nil {
		out.write = q.write
	}
	if q.guard != nil {
		out.guard = q.guard
	}
	return out
}

// AllowListFromEnv reads FILE_RESTRICTIONS, a JSON array of patterns. An
// empty value or array means no restriction (nil policy).
func AllowListFromEnv(v string) (*Policy, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	var pats []string
	if err := json.Unmarshal([]byte(v), &pats); err != nil {
		return nil, err
	}
	if len(pats) == 0 {
		return nil, nil
	}
	pats, err := projectPatterns(pats, true)
	if err != nil {
		return nil, err
	}
	return &Policy{allow: []allowList{{patterns: pats, source: "FILE_RESTRICTIONS"}}}, nil
}

// projectPatterns validates project-relative patterns; seed 000 also
// strips a leading "./" or "/".
func projectPatterns(pats []string, strip bool) ([]string, error) {
	out := make([]string, 0, len(pats))
	for _, p := range pats {
		if strip {
			p = strings.TrimPrefix(strings.TrimPrefix(p, "./"), "/")
		}
		if p == "" || !doublestar.ValidatePattern(p) {
			return nil, fmt.Errorf("invalid pattern %q", p)
		}
		out = append(out, p)
	}
	return out, nil
}

// dirPatterns validates seed 002 directory patterns (absolute or ~).
func dirPatterns(pats []string) ([]string, error) {
	for _, p := range pats {
		if !strings.HasPrefix(p, "/") && p != "~" && !strings.HasPrefix(p, "~/") {
			return nil, fmt.Errorf("path %q must be absolute or start with ~/", p)
		}
		if !doublestar.ValidatePattern(p) {
			return nil, fmt.Errorf("invalid pattern %q", p)
		}
	}
	return pats, nil
}

// ParsePolicy reads a policy file, recognised by its content: corral's own
// format (a "corral" key), seed 001's write-policies.json ("protected",
// "warned", "safe"), seed 002's guardrails.json ("version", "safe_paths",
// "blocked_paths", "rules"), or a JSON array of allowed patterns (seed 000).
// Sections other policies read (bash rules, the sandbox) are ignored here.
func ParsePolicy(name string, data []byte) (*Policy, error) {
	trimmed := strings.TrimSpace(string(data))
	if strings.HasPrefix(trimmed, "[") {
		var pats []string
		if err := json.Unmarshal(data, &pats); err != nil {
			return nil, fmt.Errorf("not a JSON array of patterns: %v", err)
		}
		pats, err := projectPatterns(pats, true)
		if err != nil {
			return nil, err
		}
		return &Policy{allow: []allowList{{patterns: pats, source: name}}}, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("not valid JSON: %v", err)
	}
	has := func(k string) bool { _, ok := top[k]; return ok }
	switch {
	case has("corral"):
		var own struct {
			Paths *struct {
				AllowOnly []string  `json:"allow_only"`
				Protected *[]string `json:"protected"`
				Warned    *[]string `json:"warned"`
				Safe      *[]string `json:"safe"`
				Blocked   *[]string `json:"blocked"`
				SafeDirs  *[]string `json:"safe_dirs"`
				GitAware  *bool     `json:"git_aware"`
			} `json:"paths"`
		}
		if err := json.Unmarshal(data, &own); err != nil {
			return nil, err
		}
		p := &Policy{}
		if own.Paths == nil {
			return p, nil
		}
		ps := own.Paths
		if len(ps.AllowOnly) > 0 {
			pats, err := projectPatterns(ps.AllowOnly, true)
			if err != nil {
				return nil, fmt.Errorf("paths.allow_only: %v", err)
			}
			p.allow = []allowList{{patterns: pats, source: name}}
		}
		if ps.Protected != nil || ps.Warned != nil || ps.Safe != nil {
			w, err := newWriteLayer(name, deref(ps.Protected), deref(ps.Warned), deref(ps.Safe))
			if err != nil {
				return nil, fmt.Errorf("paths.%v", err)
			}
			p.write = w
		}
		if ps.Blocked != nil || ps.SafeDirs != nil || ps.GitAware != nil {
			g, err := newGuardLayer(name, deref(ps.Blocked), deref(ps.SafeDirs), ps.GitAware == nil || *ps.GitAware)
			if err != nil {
				return nil, fmt.Errorf("paths.%v", err)
			}
			p.guard = g
		}
		return p, nil
	case has("protected") || has("warned") || has("safe"):
		var wp struct {
			Protected []string `json:"protected"`
			Warned    []string `json:"warned"`
			Safe      []string `json:"safe"`
		}
		if err := json.Unmarshal(data, &wp); err != nil {
			return nil, err
		}
		w, err := newWriteLayer(name, wp.Protected, wp.Warned, wp.Safe)
		if err != nil {
			return nil, err
		}
		return &Policy{write: w}, nil
	case has("version") || has("safe_paths") || has("blocked_paths") || has("rules"):
		var gr struct {
			SafePaths    []string `json:"safe_paths"`
			BlockedPaths []string `json:"blocked_paths"`
		}
		if err := json.Unmarshal(data, &gr); err != nil {
			return nil, err
		}
		g, err := newGuardLayer(name, gr.BlockedPaths, gr.SafePaths, true)
		if err != nil {
			return nil, err
		}
		return &Policy{guard: g}, nil
	}
	return nil, errors.New(`not a policy corral knows: expected a "corral" key, write-policies.json's "protected"/"warned"/"safe", or guardrails.json's "version"/"safe_paths"/"blocked_paths"`)
}

func deref(p *[]string) []string {
	if p == nil {
		return nil
	}
	return *p
}

func newWriteLayer(source string, protected, warned, safe []string) (*writeLayer, error) {
	var err error
	w := &writeLayer{source: source}
	if w.protected, err = projectPatterns(protected, false); err != nil {
		return nil, fmt.Errorf("protected: %v", err)
	}
	if w.warned, err = projectPatterns(warned, false); err != nil {
		return nil, fmt.Errorf("warned: %v", err)
	}
	if w.safe, err = projectPatterns(safe, false); err != nil {
		return nil, fmt.Errorf("safe: %v", err)
	}
	return w, nil
}

func newGuardLayer(source string, blocked, safe []string, git bool) (*guardLayer, error) {
	var err error
	g := &guardLayer{source: source, gitAware: git}
	if g.blocked, err = dirPatterns(blocked); err != nil {
		return nil, fmt.Errorf("blocked paths: %v", err)
	}
	if g.safe, err = dirPatterns(safe); err != nil {
		return nil, fmt.Errorf("safe paths: %v", err)
	}
	return g, nil
}

// matchRel reports the first project pattern matching rel.
func matchRel(pats []string, rel string) (string, bool) {
	for _, p := range pats {
		if ok, _ := doublestar.Match(p, rel); ok {
			return p, true
		}
	}
	return "", false
}

// matchDir reports the first directory pattern that is abs or one of its
// ancestors.
func matchDir(pats []string, home, abs string) (string, bool) {
	for _, p := range pats {
		full := p
		if home != "" {
			full = expandHome(p, home)
		} else if strings.HasPrefix(p, "~") {
			continue
		}
		full = filepath.Clean(full)
		if !strings.ContainsAny(full, "*?[{") {
			if _, ok := relWithin(resolve(full), abs); ok {
				return p, true
			}
			if _, ok := relWithin(full, abs); ok {
				return p, true
			}
			continue
		}
		for cur := abs; ; {
			if ok, _ := doublestar.Match(full, cur); ok {
				return p, true
			}
			parent := filepath.Dir(cur)
			if parent == cur {
				break
			}
			cur = parent
		}
	}
	return "", false
}

// Decide judges action a on path under p.
func (p *Policy) Decide(env Env, path string, a Action) Decision {
	np := Normalize(env, path)
	best := Decision{Verdict: Allow, PathContext: "n/a", Path: np}
	consider := func(d Decision) {
		if d.Verdict > best.Verdict {
			d.Path = np
			if d.PathContext == "" {
				d.PathContext = best.PathContext
			}
			best = d
		}
	}
	if path == "" {
		return best
	}
	for _, al := range p.allow {
		switch {
		case hasDotDot(path):
			consider(Decision{Verdict: Deny, Rule: "traversal", Source: al.source,
				Message: fmt.Sprintf("File restriction: path contains directory traversal: %s", path)})
		case !np.InProject:
			consider(Decision{Verdict: Deny, Rule: "allowlist", Source: al.source,
				Message: fmt.Sprintf("File restriction: %s is outside allowed patterns: %s", np.Abs, formatList(al.patterns))})
		default:
			if _, ok := matchRel(al.patterns, np.Rel); !ok {
				consider(Decision{Verdict: Deny, Rule: "allowlist", Source: al.source,
					Message: fmt.Sprintf("File restriction: %s is outside allowed patterns: %s", np.Rel, formatList(al.patterns))})
			}
		}
	}
	if w := p.write; w != nil && np.InProject {
		if pat, ok := matchRel(w.protected, np.Rel); ok {
			v := Deny
			if a == Delete {
				// Deleting .git or a key is not something to do unasked;
				// deleting what a package manager regenerates is routine.
				v = Ask
				if regenerable[pat] {
					v = Warn
				}
			}
			consider(Decision{Verdict: v, Rule: "protected-path", Pattern: pat, Source: w.source,
				Message: fmt.Sprintf("Protected path: %s cannot be modified", np.Rel)})
		} else if pat, ok := matchRel(w.warned, np.Rel); ok {
			consider(Decision{Verdict: Warn, Rule: "warned-path", Pattern: pat, Source: w.source,
				Message: fmt.Sprintf("Production path: %s - ensure this is intentional", np.Rel)})
		}
	}
	if g := p.guard; g != nil {
		gd := g.decide(env, np, a)
		consider(gd)
		if best.PathContext == "n/a" && gd.PathContext != "" {
			best.PathContext = gd.PathContext
		}
	}
	return best
}

func (g *guardLayer) decide(env Env, np Path, a Action) Decision {
	inside := np.InProject || env.Sandbox != "" && Within(env.Sandbox, np.Abs)
	if g.builtin {
		// The default list blocks /var; its temporary directories (and
		// macOS's $TMPDIR under /var/folders) are as safe as /tmp.
		for _, tmp := range builtinTemp {
			if np.Abs == tmp || strings.HasPrefix(np.Abs, tmp+"/") {
				return Decision{Verdict: Allow, Rule: "safe-path", Pattern: tmp, Source: g.source, PathContext: "safe"}
			}
		}
	}
	if pat, ok := matchDir(g.blocked, env.Home, np.Abs); ok && !(g.builtin && inside) {
		return Decision{Verdict: Deny, Rule: "blocked-path", Pattern: pat, Source: g.source, PathContext: "blocked",
			Message: fmt.Sprintf("Blocked path: %s is under %s and cannot be %s", np.Abs, pat, pastTense(a))}
	}
	if inside {
		return Decision{Verdict: Allow, Rule: "safe-path", PathContext: "safe"}
	}
	if pat, ok := matchDir(g.safe, env.Home, np.Abs); ok {
		return Decision{Verdict: Allow, Rule: "safe-path", Pattern: pat, Source: g.source, PathContext: "safe"}
	}
	if g.gitAware && gitRepo(np.Abs) {
		return Decision{Verdict: Allow, Rule: "safe-path", Pattern: "(git repository)", Source: g.source, PathContext: "safe"}
	}
	return Decision{Verdict: Ask, Rule: "outside-safe-path", Source: g.source, PathContext: "outside",
		Message: fmt.Sprintf("%s is outside the project, the sandbox, the safe paths and any git repository", np.Abs)}
}

func pastTense(a Action) string {
	if a == Delete {
		return "deleted"
	}
	return "modified"
}

func formatList(pats []string) string {
	b, _ := json.Marshal(pats)
	return string(b)
}
