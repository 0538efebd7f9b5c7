package rewrite

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/corral-dev/corral/syntax"
	"github.com/google/shlex"
)

// UserRule is a rule written by the user in a policy file: a regular
// expression (seed 002's rules.bash) or an argv prefix written as a shell
// line (corral's "commands").
type UserRule struct {
	Source string
	// Pattern is a regular expression matched against each call's text
	// after unwrapping; Prefix is an argv prefix of the call.
	Pattern *regexp.Regexp
	Prefix  []string
	// Decision is deny (seed "block"), ask ("confirm"), warn or allow.
	Decision Decision
	// OutsideSafePaths limits a rule to calls with a path argument outside
	// the project and the sandbox (seed 002's outside_safe_paths).
	OutsideSafePaths bool
	Reason           string
	text             string
}

type seedRule struct {
	Pattern          string `json:"pattern"`
	Action           string `json:"action"`
	OutsideSafePaths bool   `json:"outside_safe_paths"`
	Reason           string `json:"reason"`
}

type prefixRule struct {
	Prefix string `json:"prefix"`
	Action string `json:"action"`
	Reason string `json:"reason"`
}

func actionDecision(a string) (Decision, error) {
	switch strings.ToLower(a) {
	case "block", "deny":
		return Deny, nil
	case "confirm", "ask":
		return Ask, nil
	case "warn":
		return Warn, nil
	case "allow":
		return Allow, nil
	}
	return Allow, fmt.Errorf("unknown action %q (want block, confirm, deny, ask, warn or allow)", a)
}

// ParseUserRules reads the bash rules of a policy file: seed 002's
// guardrails.json ("rules": {"bash": [...]}) or corral's own format
// ("bash": {"rules": [...], "commands": [...]}). Each bad rule is returned
// as an error and skipped; the rest still apply. Files with neither yield
// nothing.
func ParseUserRules(name string, data []byte) ([]UserRule, []error) {
	var top struct {
		Rules *struct {
			Bash []seedRule `json:"bash"`
		} `json:"rules"`
		Bash *struct {
			Rules    []seedRule   `json:"rules"`
			Commands []prefixRule `json:"commands"`
		} `json:"bash"`
	}
	if json.Unmarshal(data, &top) != nil {
		return nil, nil // the path module reports unreadable files
	}
	var seeds []seedRule
	var prefixes []prefixRule
	if top.Rules != nil {
		seeds = append(seeds, top.Rules.Bash...)
	}
	if top.Bash != nil {
		seeds = append(seeds, top.Bash.Rules...)
		prefixes = top.Bash.Commands
	}
	var out []UserRule
	var errs []error
	for i, r := range seeds {
		d, err := actionDecision(r.Action)
		if err != nil {
			errs = append(errs, fmt.Errorf("bash rule %d (%q): %v", i+1, r.Pattern, err))
			continue
		}
		re, err := regexp.Compile(r.Pattern)
		if err != nil || r.Pattern == "" {
			errs = append(errs, fmt.Errorf("bash rule %d: invalid regular expression %q: %v", i+1, r.Pattern, err))
			continue
		}
		out = append(out, UserRule{Source: name, Pattern: re, Decision: d, OutsideSafePaths: r.OutsideSafePaths, Reason: r.Reason, text: r.Pattern})
	}
	for i, r := range prefixes {
		d, err := actionDecision(r.Action)
		if err != nil {
			errs = append(errs, fmt.Errorf("bash command %d (%q): %v", i+1, r.Prefix, err))
			continue
		}
		words, err := shlex.Split(r.Prefix)
		if err != nil || len(words) == 0 {
			errs = append(errs, fmt.Errorf("bash command %d: cannot split %q: %v", i+1, r.Prefix, err))
			continue
		}
		out = append(out, UserRule{Source: name, Prefix: words, Decision: d, Reason: r.Reason, text: r.Prefix})
	}
	return out, errs
}

// UserRulesRule turns user rules into one Rule for the engine's table.
//
// A pattern is matched against each call's own words after unwrapping
// (sudo, env, bash -c, xargs, …: "sudo rm -rf /" is "rm -rf /"), and the
// match must start at the call's name, not against the whole command line
// as seed 002 did: that way the seed's own starter
// patterns ("rm -rf /", "shutdown") do not fire on data such as
// echo "rm -rf /" or grep shutdown log. A prefix matches the call's name
// and its words in order, options allowed between, so "kubectl delete" matches
// "kubectl -n prod delete pod x".
//
// A pattern that speaks of the command's structure (it holds one of
// | & ; < >, such as the seed's "> /dev/sda") cannot match one call's
// words; it is also matched against the whole command, as the seed did.
func UserRulesRule(rules []UserRule) Rule {
	return Rule{
		Name: "user-rule",
		Doc:  "Rules from the user's policy files (guardrails.json rules.bash, corral's bash.commands), matched per call after unwrapping, and against the whole command for patterns about its structure.",
		Command: func(p *Pass) {
			src := p.Model.Script.Src
			for _, r := range rules {
				if r.Pattern == nil || r.Decision == Allow || !strings.ContainsAny(r.text, "|&;<>") || !r.Pattern.MatchString(src) {
					continue
				}
				msg := fmt.Sprintf("the command matches %q from %s", r.text, r.Source)
				if r.Reason != "" {
					msg += ": " + r.Reason
				}
				p.findings = append(p.findings, Finding{Rule: "user-rule", Decision: r.Decision, Start: 0, End: len(src), Text: src, Message: msg})
			}
		},
		Call: func(p *Pass, c *syntax.Call) {
			if c.Name == "" {
				return
			}
			text := c.Name
			for _, a := range c.Args {
				text += " " + a.Value
			}
			for _, r := range rules {
				matched := false
				switch {
				case r.Pattern != nil:
					// The match must start at the command's name: "rm -rf /"
					// is about rm, not about echo's argument.
					loc := r.Pattern.FindStringIndex(text)
					matched = loc != nil && loc[0] == 0
				default:
					matched = prefixMatch(r.Prefix, c)
				}
				if !matched || r.Decision == Allow {
					continue
				}
				if r.OutsideSafePaths && !outsideSafe(p, c) {
					continue
				}
				msg := fmt.Sprintf("matches %q from %s", r.text, r.Source)
				if r.Reason != "" {
					msg += ": " + r.Reason
				}
				p.Report(c, Finding{Rule: "user-rule", Decision: r.Decision, Message: msg})
			}
		},
	}
}

func prefixMatch(prefix []string, c *syntax.Call) bool {
	if len(prefix) == 0 || prefix[0] != c.Name {
		return false
	}
	// The words of the prefix appear in order; options and their values
	// may come between them.
	want := prefix[1:]
	for _, a := range c.Args {
		if len(want) > 0 && a.Value == want[0] {
			want = want[1:]
		}
	}
	return len(want) == 0
}

// outsideSafe reports whether some static path argument of c lies outside
// the project and the sandbox.
func outsideSafe(p *Pass, c *syntax.Call) bool {
	for _, a := range c.Args {
		if !a.Static || strings.HasPrefix(a.Value, "-") {
			continue
		}
		d := c.Dir.Join(a.Value)
		if !d.Known {
			continue
		}
		if !within(p.Config.Project, d) && !within(p.Config.Sandbox, d) {
			return true
		}
	}
	return false
}
