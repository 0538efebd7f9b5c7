package guards

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// PolicyError is a policy that cannot be used: which file, where in it
// (line, column and field), which pattern, and why.
type PolicyError struct {
	// File is the policy's name as given to LoadPolicy (or
	// FILE_RESTRICTIONS).
	File string
	// Line and Col locate the offending key or value, 1-based; zero when
	// the whole file is at fault.
	Line, Col int
	// Field is where in the file, such as "protected[2]" or
	// "rules.write[0].pattern"; empty when the whole file is at fault.
	Field string
	// Pattern is the offending pattern, if one is.
	Pattern string
	Err     error
}

// Error returns "file:line:col: field: reason".
func (e *PolicyError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
		}
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

// Presets are the named sets of defaults a policy may start from, least
// strict first.
var Presets = []string{"standard", "strict", "paranoid"}

// PresetRank orders presets: standard 0, strict 1, paranoid 2, unknown -1.
func PresetRank(name string) int {
	for i, p := range Presets {
		if p == name {
			return i
		}
	}
	return -1
}

// PolicyFile is one policy file, read and checked: every format corral
// knows lands in this one value. The hook, guard check, rewrite explain,
// scan, doctor and policy show all read policies through LoadPolicy.
type PolicyFile struct {
	Name string
	// Format is "corral", "write-policies" (seed 001), "guardrails" (seed
	// 002), "write-policies+guardrails" (both seeds' keys in one file) or
	// "allow-list" (a JSON array, as FILE_RESTRICTIONS holds).
	Format string
	// Preset is "" or one of Presets.
	Preset string
	// Sandbox is corral's "sandbox" section, as written (checked values).
	Sandbox SandboxSettings
	// Paths holds the path layers this file gives; layers it does not
	// mention are nil.
	Paths *Policy
	// Bash are the command rules: guardrails.json's rules.bash and
	// corral's bash.rules (regular expressions) and bash.commands (argv
	// prefixes, written as a shell line).
	Bash []BashRule
	// AllowHosts is network.allow_hosts: hosts a local file may be
	// uploaded to without asking; nil when the file does not say.
	AllowHosts []string
	// Packs are the rule packs the file enables (names are checked by the
	// rewrite engine, which owns the packs).
	Packs []string
	// Agents are per-agent-type floors, sorted by agent type.
	Agents []AgentRule
	// Entries lists what the file sets, one line per setting, for
	// "corral policy show".
	Entries []Entry
}

// SandboxSettings is corral's "sandbox" section. Empty fields are unset.
type SandboxSettings struct {
	Dir, Mode, Approve string
}

// BashRule is one user command rule. Exactly one of Pattern and Prefix is
// set. Where is "file:line:col" of the rule.
type BashRule struct {
	Name, Pattern, Prefix, Reason string
	Action                        Verdict
	OutsideSafePaths              bool
	Where                         string
}

// AgentRule is the floor a policy sets for one agent type (the hook
// input's agent_type, such as "Explore"): each operation of that kind is
// decided at least this severely. Allow means unset.
type AgentRule struct {
	Agent                                     string
	Writes, Deletions, Acquisitions, Commands Verdict
	Where                                     string
}

// Entry is one setting of a policy and where it comes from.
type Entry struct {
	Key, Value, Where string
}

// AgentKinds are the operation kinds an agents entry may set.
var AgentKinds = []string{"writes", "deletions", "acquisitions", "commands"}

// Keys of each format and section, for unknown-key errors and
// suggestions.
var (
	corralKeys     = []string{"corral", "preset", "sandbox", "paths", "bash", "agents", "secrets", "network", "packs", "$schema"}
	networkKeys    = []string{"allow_hosts"}
	secretsKeys    = []string{"add", "remove", "allow", "action"}
	sandboxKeys    = []string{"dir", "mode", "approve"}
	pathsKeys      = []string{"allow_only", "protected", "warned", "safe", "blocked", "safe_dirs", "git_aware"}
	bashKeys       = []string{"rules", "commands"}
	bashRuleKeys   = []string{"name", "pattern", "action", "outside_safe_paths", "reason"}
	prefixRuleKeys = []string{"prefix", "action", "reason"}
	seed001Keys    = []string{"protected", "warned", "safe"}
	seed002Keys    = []string{"version", "safe_paths", "blocked_paths", "rules"}
	seedRulesKeys  = []string{"bash", "write", "edit"}
	pathRuleKeys   = []string{"name", "pattern", "path_patterns", "action", "outside_safe_paths", "reason"}
)

// decoder walks a parsed file, checking each value against what its place
// allows. Its errors carry the file, line, column and field.
type decoder struct {
	name string
	src  []byte
	pf   *PolicyFile
}

func (d *decoder) errAt(off int, field, pattern string, err error) *PolicyError {
	line, col := lineCol(d.src, off)
	return &PolicyError{File: d.name, Line: line, Col: col, Field: field, Pattern: pattern, Err: err}
}

func (d *decoder) where(off int) string {
	line, col := lineCol(d.src, off)
	return fmt.Sprintf("%s:%d:%d", d.name, line, col)
}

func (d *decoder) entry(key, value string, off int) {
	d.pf.Entries = append(d.pf.Entries, Entry{Key: key, Value: value, Where: d.where(off)})
}

// want checks v's type.
func (d *decoder) want(v *jsonValue, field string, k jsonKind) error {
	if v.kind != k {
		return d.errAt(v.off, field, "", fmt.Errorf("want %s, got %s", k, v.kind))
	}
	return nil
}

// object checks that v is an object with only the given keys; an unknown
// key names the closest known one.
func (d *decoder) object(v *jsonValue, field string, keys []string) error {
	if err := d.want(v, field, jsonObject); err != nil {
		return err
	}
	for _, k := range v.keys {
		if contains(keys, k.name) {
			continue
		}
		msg := fmt.Sprintf("unknown key %q", k.name)
		if s := suggest(k.name, keys); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += fmt.Sprintf(" (known: %s)", strings.Join(keys, ", "))
		}
		return d.errAt(k.off, join(field, k.name), "", errors.New(msg))
	}
	return nil
}

func join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

func (d *decoder) str(v *jsonValue, field string) (string, error) {
	if err := d.want(v, field, jsonString); err != nil {
		return "", err
	}
	return v.str, nil
}

// strings reads an array of strings.
func (d *decoder) strings(v *jsonValue, field string) ([]string, []int, error) {
	if err := d.want(v, field, jsonArray); err != nil {
		return nil, nil, err
	}
	out, offs := make([]string, 0, len(v.vals)), make([]int, 0, len(v.vals))
	for i, el := range v.vals {
		s, err := d.str(el, fmt.Sprintf("%s[%d]", field, i))
		if err != nil {
			return nil, nil, err
		}
		out, offs = append(out, s), append(offs, el.off)
	}
	return out, offs, nil
}

// patterns reads an array of patterns, each validated where it is.
func (d *decoder) patterns(v *jsonValue, field string, strip, dirs bool) ([]pattern, error) {
	raws, offs, err := d.strings(v, field)
	if err != nil {
		return nil, err
	}
	out := make([]pattern, 0, len(raws))
	for i, r := range raws {
		f := fmt.Sprintf("%s[%d]", field, i)
		p, err := parsePattern(r, strip)
		if err == nil && dirs && !p.anchored {
			err = fmt.Errorf("path %q must be absolute or start with ~/", r)
		}
		if err != nil {
			return nil, d.errAt(offs[i], f, r, err)
		}
		out = append(out, p)
	}
	d.entry(field, strings.Join(raws, " "), v.off)
	return out, nil
}

func (d *decoder) action(v *jsonValue, field string) (Verdict, error) {
	s, err := d.str(v, field)
	if err != nil {
		return Allow, err
	}
	a, ok := ParseAction(s)
	if !ok {
		return Allow, d.errAt(v.off, field, "", fmt.Errorf("unknown action %q (want block, confirm, warn or allow)", s))
	}
	return a, nil
}

// oneOf reads a string that must be one of choices.
func (d *decoder) oneOf(v *jsonValue, field string, choices ...string) (string, error) {
	s, err := d.str(v, field)
	if err != nil {
		return "", err
	}
	if !contains(choices, s) {
		msg := fmt.Sprintf("%q is not %s", s, orList(choices))
		if sg := suggest(s, choices); sg != "" {
			msg += fmt.Sprintf("; did you mean %q?", sg)
		}
		return "", d.errAt(v.off, field, "", errors.New(msg))
	}
	return s, nil
}

func orList(xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
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

// ParsePolicy reads a policy file's path layers; see LoadPolicy.
func ParsePolicy(name string, data []byte) (*Policy, error) {
	pf, err := LoadPolicy(name, data)
	if err != nil {
		return nil, err
	}
	return pf.Paths, nil
}

// LoadPolicy reads a policy file, recognised by its content:
//   - corral's own format, a "corral" key, with "preset", "sandbox"
//     (dir, mode, approve), "paths" (allow_only as seed 000;
//     protected/warned/safe as seed 001; blocked/safe_dirs/git_aware as
//     seed 002), "bash" (rules, commands) and "agents";
//   - seed 001's write-policies.json: "protected", "warned", "safe";
//   - seed 002's guardrails.json: "version", "safe_paths",
//     "blocked_paths", "rules" (bash, write, edit);
//   - a JSON array of allowed patterns, as FILE_RESTRICTIONS holds.
//
// A file with both seed 001's and seed 002's keys gives both layers. The
// file is checked whole: malformed JSON, an unknown key (with the key
// probably meant), a value of the wrong type (an object where a list
// belongs would otherwise drop its rules), an unknown action or an invalid
// pattern or regular expression is a *PolicyError naming the file, line,
// column and field. Comments from // to the end of a line are allowed.
func LoadPolicy(name string, data []byte) (*PolicyFile, error) {
	d := &decoder{name: name, src: data, pf: &PolicyFile{Name: name, Paths: &Policy{}}}
	if err := d.load(); err != nil {
		return nil, named(name, err)
	}
	return d.pf, nil
}

func (d *decoder) load() error {
	if len(bytes.TrimSpace(d.src)) == 0 {
		return errors.New("empty policy file")
	}
	root, err := parseJSON(d.src)
	if err != nil {
		var se *syntaxError
		if errors.As(err, &se) {
			return d.errAt(se.off, "", "", fmt.Errorf("%w: %s", errNotJSON, se.msg))
		}
		return err
	}
	switch root.kind {
	case jsonArray:
		d.pf.Format = "allow-list"
		pats, err := d.patterns(root, "", true, false)
		if err != nil {
			return err
		}
		if len(pats) > 0 {
			d.pf.Paths.allow = []allowList{{patterns: pats, source: d.name}}
		}
		return nil
	case jsonObject:
	default:
		return d.errAt(root.off, "", "", fmt.Errorf("want an object (or an array of patterns), got %s", root.kind))
	}
	if root.get("corral") != nil {
		d.pf.Format = "corral"
		return d.corral(root)
	}
	has := func(keys []string) bool {
		for _, k := range keys {
			if root.get(k) != nil {
				return true
			}
		}
		return false
	}
	seed001, seed002 := has(seed001Keys), has(seed002Keys)
	known := append(append([]string{"corral"}, seed001Keys...), seed002Keys...)
	if err := d.object(root, "", known); err != nil {
		return err
	}
	switch {
	case seed001 && seed002:
		d.pf.Format = "write-policies+guardrails"
	case seed001:
		d.pf.Format = "write-policies"
	case seed002:
		d.pf.Format = "guardrails"
	default:
		return errors.New(`not a policy corral knows: expected a "corral" key, write-policies.json's "protected"/"warned"/"safe", or guardrails.json's "version"/"safe_paths"/"blocked_paths"/"rules"`)
	}
	if seed001 {
		w, err := d.writeLayer(root, "", root.get("protected"), root.get("warned"), root.get("safe"))
		if err != nil {
			return err
		}
		d.pf.Paths.write = w
	}
	if seed002 {
		if v := root.get("version"); v != nil {
			if err := d.want(v, "version", jsonNumber); err != nil {
				return err
			}
		}
		g, err := d.guardLayer("", root.get("blocked_paths"), root.get("safe_paths"), true)
		if err != nil {
			return err
		}
		if rules := root.get("rules"); rules != nil {
			if err := d.object(rules, "rules", seedRulesKeys); err != nil {
				return err
			}
			if err := d.bashRules(rules.get("bash"), "rules.bash"); err != nil {
				return err
			}
			for _, field := range []string{"write", "edit"} {
				if err := d.pathRules(g, rules.get(field), "rules."+field); err != nil {
					return err
				}
			}
		}
		d.pf.Paths.guard = g
	}
	return nil
}

func (d *decoder) corral(root *jsonValue) error {
	if err := d.object(root, "", corralKeys); err != nil {
		return err
	}
	if err := d.want(root.get("corral"), "corral", jsonNumber); err != nil {
		return err
	}
	if v := root.get("preset"); v != nil {
		p, err := d.oneOf(v, "preset", Presets...)
		if err != nil {
			return err
		}
		d.pf.Preset = p
		d.entry("preset", p, v.off)
	}
	if sb := root.get("sandbox"); sb != nil {
		if err := d.object(sb, "sandbox", sandboxKeys); err != nil {
			return err
		}
		var err error
		s := &d.pf.Sandbox
		if v := sb.get("dir"); v != nil {
			if s.Dir, err = d.str(v, "sandbox.dir"); err != nil {
				return err
			}
			if s.Dir == "" {
				return d.errAt(v.off, "sandbox.dir", "", errors.New("empty directory"))
			}
			d.entry("sandbox.dir", s.Dir, v.off)
		}
		if v := sb.get("mode"); v != nil {
			if s.Mode, err = d.oneOf(v, "sandbox.mode", "rewrite", "block"); err != nil {
				return err
			}
			d.entry("sandbox.mode", s.Mode, v.off)
		}
		if v := sb.get("approve"); v != nil {
			if s.Approve, err = d.oneOf(v, "sandbox.approve", "auto", "allow", "defer", "ask"); err != nil {
				return err
			}
			d.entry("sandbox.approve", s.Approve, v.off)
		}
	}
	if ps := root.get("paths"); ps != nil {
		if err := d.object(ps, "paths", pathsKeys); err != nil {
			return err
		}
		if v := ps.get("allow_only"); v != nil {
			pats, err := d.patterns(v, "paths.allow_only", true, false)
			if err != nil {
				return err
			}
			if len(pats) > 0 {
				d.pf.Paths.allow = []allowList{{patterns: pats, source: d.name}}
			}
		}
		if ps.get("protected") != nil || ps.get("warned") != nil || ps.get("safe") != nil {
			w, err := d.writeLayer(ps, "paths.", ps.get("protected"), ps.get("warned"), ps.get("safe"))
			if err != nil {
				return err
			}
			d.pf.Paths.write = w
		}
		if ps.get("blocked") != nil || ps.get("safe_dirs") != nil || ps.get("git_aware") != nil {
			git := true
			if v := ps.get("git_aware"); v != nil {
				if err := d.want(v, "paths.git_aware", jsonBool); err != nil {
					return err
				}
				git = v.b
				d.entry("paths.git_aware", fmt.Sprint(git), v.off)
			}
			g, err := d.guardLayer("paths.", ps.get("blocked"), ps.get("safe_dirs"), git)
			if err != nil {
				return err
			}
			d.pf.Paths.guard = g
		}
	}
	if b := root.get("bash"); b != nil {
		if err := d.object(b, "bash", bashKeys); err != nil {
			return err
		}
		if err := d.bashRules(b.get("rules"), "bash.rules"); err != nil {
			return err
		}
		if err := d.prefixRules(b.get("commands"), "bash.commands"); err != nil {
			return err
		}
	}
	if sv := root.get("secrets"); sv != nil && sv.kind != jsonNull {
		if err := d.object(sv, "secrets", secretsKeys); err != nil {
			return err
		}
		var sec struct {
			Add    []string `json:"add,omitempty"`
			Remove []string `json:"remove,omitempty"`
			Allow  []string `json:"allow,omitempty"`
			Action string   `json:"action,omitempty"`
		}
		for _, l := range []struct {
			key string
			dst *[]string
		}{{"add", &sec.Add}, {"remove", &sec.Remove}, {"allow", &sec.Allow}} {
			if v := sv.get(l.key); v != nil {
				xs, _, err := d.strings(v, "secrets."+l.key)
				if err != nil {
					return err
				}
				*l.dst = xs
				d.entry("secrets."+l.key, strings.Join(xs, " "), v.off)
			}
		}
		if v := sv.get("action"); v != nil {
			a, err := d.oneOf(v, "secrets.action", "deny", "block", "ask", "confirm")
			if err != nil {
				return err
			}
			sec.Action = a
			d.entry("secrets.action", a, v.off)
		}
		raw, _ := json.Marshal(sec)
		e, err := parseSecretEdit(d.name, raw)
		if err != nil {
			return d.errAt(sv.off, "", "", err)
		}
		d.pf.Paths.secretEdit = e
	}
	if v := root.get("packs"); v != nil {
		packs, _, err := d.strings(v, "packs")
		if err != nil {
			return err
		}
		d.pf.Packs = packs
		d.entry("packs", strings.Join(packs, " "), v.off)
	}
	if nv := root.get("network"); nv != nil {
		if err := d.object(nv, "network", networkKeys); err != nil {
			return err
		}
		if v := nv.get("allow_hosts"); v != nil {
			hosts, _, err := d.strings(v, "network.allow_hosts")
			if err != nil {
				return err
			}
			d.pf.AllowHosts = hosts
			d.entry("network.allow_hosts", strings.Join(hosts, " "), v.off)
		}
	}
	if ag := root.get("agents"); ag != nil {
		if err := d.want(ag, "agents", jsonObject); err != nil {
			return err
		}
		for i, k := range ag.keys {
			field := "agents." + k.name
			v := ag.vals[i]
			if err := d.object(v, field, AgentKinds); err != nil {
				return err
			}
			r := AgentRule{Agent: k.name, Where: d.where(k.off)}
			for j, kind := range v.keys {
				a, err := d.action(v.vals[j], field+"."+kind.name)
				if err != nil {
					return err
				}
				switch kind.name {
				case "writes":
					r.Writes = a
				case "deletions":
					r.Deletions = a
				case "acquisitions":
					r.Acquisitions = a
				case "commands":
					r.Commands = a
				}
				d.entry(field+"."+kind.name, a.String(), v.vals[j].off)
			}
			d.pf.Agents = append(d.pf.Agents, r)
		}
		sort.Slice(d.pf.Agents, func(i, j int) bool { return d.pf.Agents[i].Agent < d.pf.Agents[j].Agent })
	}
	return nil
}

func (d *decoder) writeLayer(_ *jsonValue, prefix string, protected, warned, safe *jsonValue) (*writeLayer, error) {
	w := &writeLayer{source: d.name}
	var err error
	for _, l := range []struct {
		v    *jsonValue
		name string
		dst  *[]pattern
	}{{protected, "protected", &w.protected}, {warned, "warned", &w.warned}, {safe, "safe", &w.safe}} {
		if l.v == nil {
			continue
		}
		if *l.dst, err = d.patterns(l.v, prefix+l.name, false, false); err != nil {
			return nil, err
		}
	}
	return w, nil
}

func (d *decoder) guardLayer(prefix string, blocked, safe *jsonValue, git bool) (*guardLayer, error) {
	g := &guardLayer{source: d.name, gitAware: git}
	blockedField, safeField := "blocked_paths", "safe_paths"
	if prefix != "" {
		blockedField, safeField = prefix+"blocked", prefix+"safe_dirs"
	}
	var err error
	if blocked != nil {
		if g.blocked, err = d.patterns(blocked, blockedField, false, true); err != nil {
			return nil, err
		}
	}
	if safe != nil {
		if g.safe, err = d.patterns(safe, safeField, false, true); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// bashRules reads regular-expression command rules (seed 002's
// rules.bash, corral's bash.rules).
func (d *decoder) bashRules(v *jsonValue, field string) error {
	if v == nil {
		return nil
	}
	if err := d.want(v, field, jsonArray); err != nil {
		return err
	}
	for i, el := range v.vals {
		f := fmt.Sprintf("%s[%d]", field, i)
		if err := d.object(el, f, bashRuleKeys); err != nil {
			return err
		}
		r := BashRule{Where: d.where(el.off)}
		pv := el.get("pattern")
		if pv == nil {
			return d.errAt(el.off, f, "", errors.New(`a rule needs "pattern"`))
		}
		var err error
		if r.Pattern, err = d.str(pv, f+".pattern"); err != nil {
			return err
		}
		if r.Pattern == "" {
			return d.errAt(pv.off, f+".pattern", "", errors.New("empty regular expression"))
		}
		if _, err := regexp.Compile(r.Pattern); err != nil {
			return d.errAt(pv.off, f+".pattern", r.Pattern, err)
		}
		if r.Action, err = d.requiredAction(el, f); err != nil {
			return err
		}
		if err := d.common(el, f, &r.Name, &r.Reason, &r.OutsideSafePaths); err != nil {
			return err
		}
		d.pf.Bash = append(d.pf.Bash, r)
		d.entry(f, fmt.Sprintf("%s /%s/", r.Action, r.Pattern), el.off)
	}
	return nil
}

func (d *decoder) requiredAction(el *jsonValue, f string) (Verdict, error) {
	av := el.get("action")
	if av == nil {
		return Allow, d.errAt(el.off, f, "", errors.New(`a rule needs "action"`))
	}
	return d.action(av, f+".action")
}

// common reads a rule's optional name, reason and outside_safe_paths.
func (d *decoder) common(el *jsonValue, f string, name, reason *string, outside *bool) error {
	var err error
	if v := el.get("name"); v != nil && name != nil {
		if *name, err = d.str(v, f+".name"); err != nil {
			return err
		}
	}
	if v := el.get("reason"); v != nil {
		if *reason, err = d.str(v, f+".reason"); err != nil {
			return err
		}
	}
	if v := el.get("outside_safe_paths"); v != nil && outside != nil {
		if err := d.want(v, f+".outside_safe_paths", jsonBool); err != nil {
			return err
		}
		*outside = v.b
	}
	return nil
}

// prefixRules reads corral's bash.commands.
func (d *decoder) prefixRules(v *jsonValue, field string) error {
	if v == nil {
		return nil
	}
	if err := d.want(v, field, jsonArray); err != nil {
		return err
	}
	for i, el := range v.vals {
		f := fmt.Sprintf("%s[%d]", field, i)
		if err := d.object(el, f, prefixRuleKeys); err != nil {
			return err
		}
		r := BashRule{Where: d.where(el.off)}
		pv := el.get("prefix")
		if pv == nil {
			return d.errAt(el.off, f, "", errors.New(`a command rule needs "prefix"`))
		}
		var err error
		if r.Prefix, err = d.str(pv, f+".prefix"); err != nil {
			return err
		}
		if strings.TrimSpace(r.Prefix) == "" {
			return d.errAt(pv.off, f+".prefix", "", errors.New("empty prefix"))
		}
		if r.Action, err = d.requiredAction(el, f); err != nil {
			return err
		}
		if err := d.common(el, f, nil, &r.Reason, nil); err != nil {
			return err
		}
		d.pf.Bash = append(d.pf.Bash, r)
		d.entry(f, fmt.Sprintf("%s %s", r.Action, r.Prefix), el.off)
	}
	return nil
}

// pathRules reads seed 002's rules.write and rules.edit into g.
func (d *decoder) pathRules(g *guardLayer, v *jsonValue, field string) error {
	if v == nil {
		return nil
	}
	if err := d.want(v, field, jsonArray); err != nil {
		return err
	}
	for i, el := range v.vals {
		f := fmt.Sprintf("%s[%d]", field, i)
		if err := d.object(el, f, pathRuleKeys); err != nil {
			return err
		}
		var r pathRule
		var err error
		if r.action, err = d.requiredAction(el, f); err != nil {
			return err
		}
		var reason string
		if err := d.common(el, f, &r.name, &reason, &r.outsideOnly); err != nil {
			return err
		}
		if pv := el.get("pattern"); pv != nil {
			s, err := d.str(pv, f+".pattern")
			if err != nil {
				return err
			}
			if s != "" {
				if r.re, err = regexp.Compile(s); err != nil {
					return d.errAt(pv.off, f+".pattern", s, err)
				}
			}
		}
		if pp := el.get("path_patterns"); pp != nil {
			raws, offs, err := d.strings(pp, f+".path_patterns")
			if err != nil {
				return err
			}
			for j, raw := range raws {
				if pathSets.Get()[raw] {
					r.sets = append(r.sets, raw)
					continue
				}
				pat, err := parsePattern(raw, false)
				if err != nil {
					return d.errAt(offs[j], fmt.Sprintf("%s.path_patterns[%d]", f, j), raw, err)
				}
				r.paths = append(r.paths, pat)
			}
		}
		if r.re == nil && len(r.sets) == 0 && len(r.paths) == 0 {
			return d.errAt(el.off, f, "", errors.New(`a rule needs "pattern" or "path_patterns"`))
		}
		g.rules = append(g.rules, r)
		d.entry(f, fmt.Sprintf("%s %s", r.action, r.describe()), el.off)
	}
	return nil
}

// pathSets are the names a rule's path_patterns may use for seed 002's
// path sets.
var pathSets = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"blocked_paths": true, "outside_safe_paths": true, "safe_paths": true}
}}

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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// suggest returns the known name nearest to s, if s looks like a
// misspelling of it (an edit or two away, or a different case).
func suggest(s string, known []string) string {
	best, bestD := "", max(1, len(s)/3)+1
	for _, k := range known {
		if strings.EqualFold(s, k) {
			return k
		}
		if d := EditDistance(s, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b, in bytes: how
// corral finds the name a misspelling meant (policy keys, commands, flags).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
