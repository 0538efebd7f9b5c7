package rewrite

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// Rules is the table of built-in rules, in the order they run. A new rule
// is one file and one line in its table file (and its corpus cases). It
// holds pointers to the rule variables: a table of the rules themselves
// was a copy of them made at every start of the hook (10 kB, and the
// lists it was made of were copied from the variables before that: their
// slice fields are not copied statically by the compiler).
var Rules []*Rule

// builtinRules is the table Rules starts as, kept apart so that a test
// that replaces Rules does not change riskTables.
var builtinRules []*Rule

// init builds what the package's variables cannot hold as static data:
// the rule table (the tables concatenated, and riskTables) and the lists
// taken from other tables (the interpreters of the language table and
// the shells of the runner table, which no other file may list, and the
// credential printers). A call or an append in a variable's initialiser
// would instead stop the compiler from laying out the variables
// initialised after it as static data (it copies another variable's
// value statically only until an initialiser may have changed one),
// which made the rule and option tables a copy built at every start
// (TestNothingBuiltAtStartup in internal/lazy). The compiler copies a
// slice field of another variable statically only when the field is
// itself a variable holding a literal, so an option spec that tables copy
// keeps its long options in a variable of their own (ghBodyLong, …;
// TestCopiedSpecsStatic). What else runs at start is pipe-shell's
// Commands, syntax.Downloaders (another package's variable is never
// copied statically).
func init() {
	builtinRules = concatRules(acquisitionRules, dangerRules, writeRules, secretRules, runnerRules)
	Rules = builtinRules
	n := len(acquisitionRules) + len(dangerRules)
	riskTables.names = builtinRules[:n:n]
	n += len(writeRules)
	riskTables.unparsed = builtinRules[:n:n]
	packageFetch.Commands = append(programsOf(lang.Python), packageFetch.Commands...)
	remoteRun.Commands = append(programsOf(lang.Python, lang.JS), remoteRun.Commands...)
	secretRead.Commands = append(append(programsOf(lang.Perl, lang.Ruby, lang.PHP, lang.Python), credentialPrinterNames()...), secretRead.Commands...)
	runtimeScript.Words = append(syntax.RunnerNames(syntax.ShellRunner), "eval")
	// The package runners start an agent CLI too (npx, npm exec, bun x).
	agentUnguarded.Commands = append(agentUnguarded.Commands, syntax.PackageRunnerNames()...)
	// An interpreter starts an agent when given its installed entry
	// script or module (node …/@anthropic-ai/claude-code/cli.js).
	agentUnguarded.Calls = programsOf(lang.Python, lang.JS)
	agentSettings.Commands = append(agentSettings.Commands, syntax.PackageRunnerNames()...)
}

func concatRules(lists ...[]*Rule) []*Rule {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	out := make([]*Rule, 0, n)
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// RuleValues copies rules, then extra, into one table of rules (one
// allocation): a configuration's table made of the built-in one.
func RuleValues(rules []*Rule, extra ...Rule) []Rule {
	out := make([]Rule, 0, len(rules)+len(extra))
	for _, r := range rules {
		out = append(out, *r)
	}
	return append(out, extra...)
}

// EngineFindings are the findings the engine reports itself, described as
// rules (no function: they are not run from the table) so that they are
// documented and listed beside the others.
var EngineFindings = []Rule{
	{Name: "unparsed", Decisions: []Decision{Ask}, Doc: `A command that bash could run but corral cannot
parse (or a string in it run as a script, or a command too large or too
deeply nested to analyse completely) is asked about when it contains a
word of a rule's Commands (an acquisition or a dangerous program) or a
redirection, or when a part of it cut at ;, &, | or a newline parses on
its own and is one corral would rewrite, ask about or deny; otherwise it
is allowed with a note on stderr. The complete commands before the line
of the syntax error run and are judged as commands.`},
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
func layers(rules []*Rule) [][]*Rule {
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
		out[depth[i]] = append(out[depth[i]], rules[i])
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
	out := RuleValues(Rules, EngineFindings...)
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

// CommandWords are the command names the rules act on (their Commands and
// Words), sorted: the one source of the words that make a command risky
// when corral cannot parse it, or when a command name is only known at
// run time.
func CommandWords(rules []*Rule) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rules {
		for _, lists := range [][]string{r.Commands, r.Words} {
			for _, w := range lists {
				if !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// wordPattern matches any of words where it could be a command name in
// shell text: after a start, a space, an operator or a slash (/bin/rm),
// and before an end, a space, an operator, a quote or an expansion
// (git${IFS}clone). A word ending in
// "." matches every name it begins (mkfs. is mkfs.ext4).
func wordPattern(words []string, extra string) *regexp.Regexp {
	alts := make([]string, 0, len(words))
	for _, w := range words {
		q := regexp.QuoteMeta(w)
		if strings.HasSuffix(w, ".") && len(w) > 1 {
			q += `[\w.]+`
		}
		alts = append(alts, q)
	}
	// A word ends where a character that cannot continue a command name
	// follows: blanks and operators, but also the separators a script
	// splits on at run time (IFS=, read c p <<< "rm,/x"; x="rm:-rf"); a
	// "/" after it makes it a directory (/dev/fd/0), not a command, and a
	// "}" the default of an expansion the rules see expanded (${G:-git}),
	// and ":/" a URL's scheme (https://…), not the command https. The
	// words match without case, as the rules match command names (on a
	// case-insensitive file system AriA2C runs aria2c).
	re := `(?:^|[^A-Za-z0-9_.-])(?i:` + strings.Join(alts, "|") + `)(?:$|[^A-Za-z0-9_./}:-]|:(?:$|[^/]))`
	if extra != "" {
		re += "|" + extra
	}
	return regexp.MustCompile(re)
}

// patternCache holds wordPatterns' answer per rule table (keyed by its
// first element and length), so a table's patterns are compiled once, on
// first use, off the hook's start-up path.
var patternCache sync.Map

type tableKey struct {
	first **Rule
	n     int
}

// wordPatterns returns, for a rule table, the pattern of its command words
// with redirections (for text corral cannot parse) and without (for a
// command name only known at run time).
func wordPatterns(rules []*Rule) (risky, names *regexp.Regexp) {
	if len(rules) == 0 {
		never := regexp.MustCompile(`>`)
		return never, regexp.MustCompile(`$^`)
	}
	key := tableKey{&rules[0], len(rules)}
	if v, ok := patternCache.Load(key); ok {
		pair := v.([2]*regexp.Regexp)
		return pair[0], pair[1]
	}
	words := CommandWords(rules)
	pair := [2]*regexp.Regexp{wordPattern(words, `>`), wordPattern(words, "")}
	patternCache.Store(key, pair)
	return pair[0], pair[1]
}

// riskTables are the tables whose command words make text risky: the
// acquisition and danger rules (for a run-time command name and code
// corral cannot see), and with them the write rules (for text corral
// cannot parse, where a redirection counts too). They are set in init,
// as prefixes of builtinRules (which begins with those tables in that
// order).
var riskTables struct {
	names, unparsed []*Rule
}

// riskyText reports whether text holds a command word of an acquisition,
// danger or write rule (their Commands and Words), or a redirection: a
// command corral cannot parse that holds one is asked about.
func riskyText(text string) bool {
	r, _ := wordPatterns(riskTables.unparsed)
	return r.MatchString(text)
}

// mentionsRuleWord reports whether text holds a command word of an
// acquisition or danger rule: a command whose name is only known at run
// time, or code corral cannot see, that holds one is asked about.
func (p *Pass) mentionsRuleWord(text string) bool {
	_, n := wordPatterns(riskTables.names)
	return n.MatchString(text)
}
