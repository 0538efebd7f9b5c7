package rewrite

import (
	"fmt"
	"sort"
)

// Rules is the table of built-in rules, in the order they run. A new rule
// is one file and one line here (and its corpus cases).
var Rules = concatRules(acquisitionRules, dangerRules, writeRules, secretRules)

func concatRules(lists ...[]Rule) []Rule {
	var out []Rule
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// EngineFindings are the findings the engine reports itself, described as
// rules (no function: they are not run from the table) so that they are
// documented and listed beside the others.
var EngineFindings = []Rule{
	{Name: "unparsed", Decisions: []Decision{Ask}, Doc: `A command that bash could run but corral cannot
parse (or a string in it run as a script, or a command too large or too
deeply nested to analyse completely) is asked about when it contains a
word of a rule's Commands (an acquisition or a dangerous program) or a
redirection; otherwise it is allowed with a note on stderr.`},
	{Name: "rewrite-failed", Decisions: []Decision{Ask}, Doc: `A fix that could not be applied, whose result
does not parse, or whose result still needs attention when checked again
is not used: the command is asked about.`},
	{Name: "undeclared-requires", Decisions: []Decision{Ask}, Doc: `A rule read the findings of a rule it does not
declare in Requires, so the order they ran in is not guaranteed: the
command is asked about. It means the rule table is wrong; the corpus
tests fail on it.`},
	{Name: "user-rule", Decisions: []Decision{Warn, Ask, Deny}, Doc: userRuleDoc},
}

// userRuleDoc documents the rule made of the user's policy rules.
const userRuleDoc = `Rules from the user's policy files (guardrails.json
rules.bash, corral's bash.commands), matched per call after unwrapping
from the command's name, and against the whole command for patterns about
its structure.`

// layers orders rules by their Requires: every rule runs in a layer after
// the layers of the rules it requires, and within a layer in table order.
// A required name absent from rules is ignored (a configuration may run
// part of the table); a cycle, which Validate rejects for the built-in
// table, is broken by table order.
func layers(rules []Rule) [][]*Rule {
	index := map[string]int{}
	for i := range rules {
		index[rules[i].Name] = i
	}
	depth := make([]int, len(rules))
	state := make([]uint8, len(rules)) // 0 new, 1 visiting, 2 done
	var visit func(i int) int
	visit = func(i int) int {
		switch state[i] {
		case 1:
			return 0
		case 2:
			return depth[i]
		}
		state[i] = 1
		d := 0
		for _, n := range rules[i].Requires {
			if j, ok := index[n]; ok {
				if dj := visit(j) + 1; dj > d {
					d = dj
				}
			}
		}
		state[i], depth[i] = 2, d
		return d
	}
	max := 0
	for i := range rules {
		if d := visit(i); d > max {
			max = d
		}
	}
	out := make([][]*Rule, max+1)
	for i := range rules {
		out[depth[i]] = append(out[depth[i]], &rules[i])
	}
	return out
}

// Validate checks a rule table as go/analysis checks its analyzers: every
// rule has a unique name, a doc and the decisions it can make, every name
// in Requires is a rule of the table, and Requires has no cycle.
func Validate(rules []Rule) error {
	index := map[string]int{}
	for i, r := range rules {
		if r.Name == "" {
			return fmt.Errorf("rule %d has no name", i)
		}
		if _, dup := index[r.Name]; dup {
			return fmt.Errorf("rule %s is listed twice", r.Name)
		}
		index[r.Name] = i
		if r.Doc == "" || len(r.Decisions) == 0 {
			return fmt.Errorf("rule %s lacks a doc or its decisions", r.Name)
		}
	}
	for _, r := range rules {
		for _, n := range r.Requires {
			if _, ok := index[n]; !ok {
				return fmt.Errorf("rule %s requires %s, which is not in the table", r.Name, n)
			}
		}
	}
	state := map[string]uint8{}
	var path []string
	var visit func(name string) error
	visit = func(name string) error {
		switch state[name] {
		case 1:
			return fmt.Errorf("rules require each other in a cycle: %v -> %s", path, name)
		case 2:
			return nil
		}
		state[name] = 1
		path = append(path, name)
		for _, n := range rules[index[name]].Requires {
			if err := visit(n); err != nil {
				return err
			}
		}
		path = path[:len(path)-1]
		state[name] = 2
		return nil
	}
	names := make([]string, 0, len(index))
	for n := range index {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := visit(n); err != nil {
			return err
		}
	}
	return nil
}

// Catalog is every rule a finding can name: the table, then the engine's
// own findings, sorted by name.
func Catalog() []Rule {
	out := append(append([]Rule{}, Rules...), EngineFindings...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the rule of the catalog called name.
func Lookup(name string) (Rule, bool) {
	for _, r := range Catalog() {
		if r.Name == name {
			return r, true
		}
	}
	return Rule{}, false
}
