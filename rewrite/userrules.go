package rewrite

import (
	"fmt"
	"regexp"
	resyntax "regexp/syntax"
	"strings"

	"github.com/corral-dev/corral/guards"
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

// ParseUserRules reads the bash rules of a policy file through the one
// policy loader (guards.LoadPolicy): seed 002's guardrails.json
// ("rules": {"bash": [...]}) or corral's own format ("bash": {"rules":
// [...], "commands": [...]}). A file the loader rejects is one error and
// gives no rules: a broken file is not half applied.
func ParseUserRules(name string, data []byte) ([]UserRule, []error) {
	pf, err := guards.LoadPolicy(name, data)
	if err != nil {
		return nil, []error{err}
	}
	return UserRulesFrom(pf.Name, pf.Bash)
}

// UserRulesFrom turns a loaded policy's command rules into UserRules. A
// prefix that cannot be split like a shell line is an error naming where
// it is; the other rules still apply.
func UserRulesFrom(source string, specs []guards.BashRule) ([]UserRule, []error) {
	var out []UserRule
	var errs []error
	for _, r := range specs {
		d := verdictDecision(r.Action)
		if r.Pattern != "" {
			re, err := regexp.Compile(r.Pattern)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: bash rule: invalid regular expression %q: %v", r.Where, r.Pattern, err))
				continue
			}
			out = append(out, UserRule{Source: source, Pattern: re, Decision: d, OutsideSafePaths: r.OutsideSafePaths, Reason: r.Reason, text: r.Pattern})
			continue
		}
		words, err := shlex.Split(r.Prefix)
		if err != nil || len(words) == 0 {
			errs = append(errs, fmt.Errorf("%s: bash command rule: cannot split %q: %v", r.Where, r.Prefix, err))
			continue
		}
		out = append(out, UserRule{Source: source, Prefix: words, Decision: d, Reason: r.Reason, text: r.Prefix})
	}
	return out, errs
}

func verdictDecision(v guards.Verdict) Decision {
	switch v {
	case guards.Deny:
		return Deny
	case guards.Ask:
		return Ask
	case guards.Warn:
		return Warn
	}
	return Allow
}

// UserRulesRule turns user rules into one Rule for the engine's table.
//
// A pattern is matched per call, after unwrapping, against the call's own
// words joined by spaces (sudo, env, bash -c, xargs, … taken off: "sudo
// rm -rf /" is "rm -rf /"), and against the call's source with its
// wrappers ("sudo rm -rf /"), so that a rule about sudo still sees sudo.
// A pattern that begins with a word (rm -rf /, shutdown, mkfs\.,
// kubectl delete, (rm|shred) -f) must match from the start of that text,
// the command's name: seed 002 matched its patterns anywhere in the
// command line, where its own starter rules fire on data such as
// echo "rm -rf /", git commit -m "fix shutdown" or grep reboot log. A
// pattern that begins otherwise (--no-verify, .*secret, \bforce\b) may
// match anywhere in a call's words.
//
// A pattern that speaks of the command's structure, one holding a literal
// |, &, ;, < or > outside a regexp operator (the seed's "> /dev/sda" and
// its fork bomb), cannot match one call's words. It is matched against
// the source of the command and of every script in it (bash -c strings),
// as the seed did, except where the match starts inside an argument:
// echo "> /dev/sda" is data. A match inside a here-document body or a
// comment is still reported.
//
// A prefix (corral's bash.commands) matches the call's name and then its
// words in order, where only options and their values may come between
// the prefix's plain words ("kubectl delete" matches "kubectl -n prod
// delete pod x", not "kubectl get pods delete"), and an option of the
// prefix may come anywhere after ("git push --force" matches "git push
// origin main --force").
//
// A rule with outside_safe_paths applies only to calls with a static path
// argument that resolves outside the project and the sandbox (the path
// module's safe paths and git repositories are not consulted here).
func UserRulesRule(rules []UserRule) Rule {
	compiled := make([]userMatcher, len(rules))
	for i, r := range rules {
		compiled[i] = newUserMatcher(r)
	}
	return Rule{
		Name:      "user-rule",
		Doc:       userRuleDoc,
		Decisions: []Decision{Warn, Ask, Deny},
		Command: func(p *Pass) {
			for _, m := range compiled {
				if m.structural && m.Decision != Allow {
					m.matchStructure(p)
				}
			}
		},
		Call: func(p *Pass, c *syntax.Call) {
			if c.Name == "" {
				return
			}
			for _, m := range compiled {
				if m.structural || m.Decision == Allow || !m.matchCall(c) {
					continue
				}
				if m.OutsideSafePaths && !outsideSafe(p, c) {
					continue
				}
				p.Report(c, Finding{Rule: "user-rule", Decision: m.Decision, Message: m.message("matches")})
			}
		},
	}
}

// userMatcher is a user rule with what its pattern's shape says about
// where it may match.
type userMatcher struct {
	UserRule
	// structural: the pattern holds a literal | & ; < >.
	structural bool
	// fromName: the pattern begins with a word, so it must match at the
	// start of a call's text.
	fromName bool
}

func newUserMatcher(r UserRule) userMatcher {
	m := userMatcher{UserRule: r}
	if r.Pattern == nil {
		return m
	}
	re, err := resyntax.Parse(r.Pattern.String(), resyntax.Perl)
	if err != nil {
		return m
	}
	re = re.Simplify()
	m.structural = literalAny(re, "|&;<>")
	m.fromName = beginsWithWord(re)
	return m
}

// literalAny reports whether the pattern matches one of chars literally
// somewhere (in a literal or a character class), as opposed to using it
// as an operator (a|b).
func literalAny(re *resyntax.Regexp, chars string) bool {
	switch re.Op {
	case resyntax.OpLiteral:
		return strings.ContainsAny(string(re.Rune), chars)
	case resyntax.OpCharClass:
		for _, c := range chars {
			for i := 0; i+1 < len(re.Rune); i += 2 {
				if re.Rune[i] <= c && c <= re.Rune[i+1] && re.Rune[i+1]-re.Rune[i] < 128 {
					return true
				}
			}
		}
	}
	for _, sub := range re.Sub {
		if literalAny(sub, chars) {
			return true
		}
	}
	return false
}

// beginsWithWord reports whether every match of the pattern begins with a
// literal word character or path character (a command name: rm, /bin/rm,
// mkfs.ext4), following captures and alternatives.
func beginsWithWord(re *resyntax.Regexp) bool {
	switch re.Op {
	case resyntax.OpLiteral:
		if len(re.Rune) == 0 {
			return false
		}
		c := re.Rune[0]
		return c == '_' || c == '/' || c == '.' || c == ':' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	case resyntax.OpCapture:
		return beginsWithWord(re.Sub[0])
	case resyntax.OpConcat:
		return len(re.Sub) > 0 && beginsWithWord(re.Sub[0])
	case resyntax.OpAlternate:
		for _, sub := range re.Sub {
			if !beginsWithWord(sub) {
				return false
			}
		}
		return true
	}
	return false
}

func (m userMatcher) message(verb string) string {
	msg := fmt.Sprintf("%s %q from %s", verb, m.text, m.Source)
	if m.Reason != "" {
		msg += ": " + m.Reason
	}
	return msg
}

// matchCall reports whether a per-call rule matches c.
func (m userMatcher) matchCall(c *syntax.Call) bool {
	if m.Pattern == nil {
		return prefixMatch(m.Prefix, c)
	}
	words := c.Name
	for _, a := range c.Args {
		words += " " + a.Value
	}
	for _, text := range []string{words, c.Text()} {
		loc := m.Pattern.FindStringIndex(text)
		if loc != nil && (!m.fromName || loc[0] == 0) {
			return true
		}
	}
	return false
}

// matchStructure reports a structural pattern's matches in every script
// of the command, except those that start inside an argument.
func (m userMatcher) matchStructure(p *Pass) {
	for _, sc := range p.Model.Scripts {
		for _, loc := range m.Pattern.FindAllStringIndex(sc.Src, -1) {
			if inArgument(p.Model, sc, loc[0]) {
				continue
			}
			s, e := topSpan(sc, loc[0], loc[1])
			p.Report(nil, Finding{Rule: "user-rule", Decision: m.Decision, Start: s, End: e,
				Text: sc.Src[loc[0]:loc[1]], Message: "the command " + m.message("matches")})
			return
		}
	}
}

// inArgument reports whether offset off of script sc lies inside an
// argument word of one of its calls.
func inArgument(m *syntax.Model, sc *syntax.Script, off int) bool {
	for _, c := range m.Calls {
		if c.Script != sc {
			continue
		}
		for _, a := range c.Args {
			if a.Start <= off && off < a.End {
				return true
			}
		}
	}
	return false
}

// prefixMatch reports whether c starts with the argv prefix: its name,
// then the prefix's words in order, with only options and their values
// between its plain words; an option of the prefix may come anywhere
// after the words before it.
func prefixMatch(prefix []string, c *syntax.Call) bool {
	if len(prefix) == 0 || prefix[0] != c.Name {
		return false
	}
	want := prefix[1:]
	prevOption := false
	for _, a := range c.Args {
		if len(want) == 0 {
			break
		}
		v := a.Value
		switch {
		case v == want[0]:
			want = want[1:]
			prevOption = false
		case strings.HasPrefix(want[0], "-"):
			// Looking for an option: anything may come first.
		case strings.HasPrefix(v, "-") && v != "-":
			prevOption = !strings.Contains(v, "=")
		case prevOption:
			prevOption = false // the value of the option before
		default:
			return false // another plain word: a different subcommand
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
