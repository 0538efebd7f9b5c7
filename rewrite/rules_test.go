package rewrite

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/corral-dev/corral/corpus"
	"github.com/corral-dev/corral/syntax"
)

func TestValidateTable(t *testing.T) {
	t.Parallel()
	if err := Validate(RuleValues(Rules)); err != nil {
		t.Fatalf("built-in table: %v", err)
	}
	if err := Validate(RuleValues(Rules, UserRulesRule(nil))); err != nil {
		t.Fatalf("table with user rules: %v", err)
	}
	if err := Validate(RuleValues(Rules, EngineFindings...)); err != nil {
		t.Fatalf("catalog: %v", err)
	}
	r := func(name string, req ...string) Rule {
		return Rule{Name: name, Doc: "d", Decisions: []Decision{Ask}, Requires: req}
	}
	for _, tc := range []struct {
		name  string
		rules []Rule
		want  string
	}{
		{"cycle", []Rule{r("a", "b"), r("b", "c"), r("c", "a")}, "cycle"},
		{"self", []Rule{r("a", "a")}, "cycle"},
		{"missing", []Rule{r("a", "nope")}, "not in the table"},
		{"duplicate", []Rule{r("a"), r("a")}, "twice"},
		{"no decisions", []Rule{{Name: "a", Doc: "d"}}, "decisions"},
	} {
		err := Validate(tc.rules)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Validate = %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}

// TestLayersFollowRequires: a rule runs after every rule it requires, and
// the readers of moved content run after the movers.
func TestLayersFollowRequires(t *testing.T) {
	t.Parallel()
	layer := map[string]int{}
	for i, l := range layers(Rules) {
		for _, r := range l {
			layer[r.Name] = i
		}
	}
	if len(layer) != len(Rules) {
		t.Fatalf("layers hold %d rules, the table %d", len(layer), len(Rules))
	}
	for _, r := range Rules {
		for _, n := range r.Requires {
			if layer[n] >= layer[r.Name] {
				t.Errorf("%s (layer %d) requires %s (layer %d)", r.Name, layer[r.Name], n, layer[n])
			}
		}
	}
	for _, reader := range []string{"run-download", "gh-pr-checkout"} {
		if layer[reader] == 0 {
			t.Errorf("%s reads the movers' findings but runs in the first layer", reader)
		}
	}
	// Order does not depend on the table's: a reader listed first still
	// runs after the rule it reads.
	a := Rule{Name: "a", Doc: "d", Decisions: []Decision{Ask}, Requires: []string{"b"}}
	b := Rule{Name: "b", Doc: "d", Decisions: []Decision{Ask}}
	ls := layers([]*Rule{&a, &b})
	if len(ls) != 2 || ls[0][0].Name != "b" || ls[1][0].Name != "a" {
		t.Errorf("layers(a requires b) = %v", ls)
	}
}

// TestResultOf: a rule that declares what it reads sees it whatever the
// table order; one that does not is refused and the command asks.
func TestResultOf(t *testing.T) {
	t.Parallel()
	marker := Rule{Name: "marker", Doc: "d", Decisions: []Decision{Warn}, Commands: []string{"ls"},
		Call: func(p *Pass, c *syntax.Call) { p.Report(c, Finding{Decision: Warn, Message: "ls"}) }}
	var seen int
	reader := Rule{Name: "reader", Doc: "d", Decisions: []Decision{Ask}, Requires: []string{"marker"},
		Command: func(p *Pass) { seen = len(p.ResultOf("marker")) }}
	cfg := testConfig()
	cfg.Rules = []Rule{reader, marker}
	res := Check(cfg, "ls; ls")
	if seen != 2 {
		t.Errorf("reader saw %d marker findings, want 2", seen)
	}
	if res.Decision != Warn || len(res.Findings) != 2 || res.Findings[0].Rule != "marker" {
		t.Errorf("findings %+v: the rule name comes from the running rule", res.Findings)
	}
	sneak := reader
	sneak.Requires = nil
	cfg.Rules = []Rule{marker, sneak}
	res = Check(cfg, "ls")
	if seen != 0 || res.Decision != Ask || !hasRule(res, "undeclared-requires") {
		t.Errorf("undeclared read: saw %d, %s %+v", seen, res.Decision, res.Findings)
	}
}

func hasRule(res *Result, name string) bool {
	for _, f := range res.Findings {
		if f.Rule == name {
			return true
		}
	}
	return false
}

// TestFindingsMatchTheTable runs the corpus and holds every finding to its
// rule's entry: the rule is in the catalog, the decision is one it
// declares, and only the movers relocate content.
func TestFindingsMatchTheTable(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	decl := map[string][]Decision{}
	for _, r := range Catalog() {
		decl[r.Name] = r.Decisions
	}
	for _, c := range cases {
		if c.Tool != "Bash" {
			continue
		}
		cfg := caseConfig(t, c)
		cfg.Mode = ModeRewrite // block mode turns rewrites into denials after the rules
		for _, f := range Check(cfg, c.Cmd).Findings {
			ds, ok := decl[f.Rule]
			if !ok {
				t.Errorf("%s: finding of unknown rule %q", c.Name, f.Rule)
				continue
			}
			found := false
			for _, d := range ds {
				found = found || d == f.Decision
			}
			if !found {
				t.Errorf("%s: %s decided %s, but declares %v", c.Name, f.Rule, f.Decision, ds)
			}
			if f.Fix != nil && len(f.Fix.Relocations) > 0 && !contains(movers, f.Rule) {
				t.Errorf("%s: %s relocates content but is not in movers (run-download would not see it)", c.Name, f.Rule)
			}
		}
	}
}

// TestEveryFindingThroughReport: no rule appends to the findings itself.
func TestEveryFindingThroughReport(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("*.go")
	re := regexp.MustCompile(`\.findings\s*=\s*append\(`)
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllIndex(b, -1) {
			n++
			line := 1 + strings.Count(string(b[:m[0]]), "\n")
			if f != "engine.go" || !strings.Contains(reportBody(string(b)), string(b[m[0]:m[1]])) {
				t.Errorf("%s:%d appends a finding without Pass.Report", f, line)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d appends to findings; want exactly the one in Report", n)
	}
}

// reportBody is the source of Pass.Report in engine.go.
func reportBody(src string) string {
	i := strings.Index(src, "func (p *Pass) Report(")
	if i < 0 {
		return ""
	}
	j := strings.Index(src[i:], "\n}\n")
	return src[i : i+j]
}

// TestReadmeListsEveryRule: the README's rule table names exactly the
// catalog's rules, with their decisions.
func TestReadmeListsEveryRule(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	i := strings.Index(src, "\n## Rules\n")
	if i < 0 {
		t.Fatal("README has no Rules section")
	}
	sec := src[i+1:]
	if j := strings.Index(sec[3:], "\n## "); j >= 0 {
		sec = sec[:j+3]
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| ([a-z, ]+) \\|")
	listed := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(sec, -1) {
		if _, dup := listed[m[1]]; dup {
			t.Errorf("README lists %s twice", m[1])
		}
		listed[m[1]] = strings.TrimSpace(m[2])
	}
	for _, r := range Catalog() {
		var ds []string
		for _, d := range r.Decisions {
			ds = append(ds, d.String())
		}
		got, ok := listed[r.Name]
		switch {
		case !ok:
			t.Errorf("README's rule table lacks %s", r.Name)
		case got != strings.Join(ds, ", "):
			t.Errorf("README says %s decides %q; the code says %q", r.Name, got, strings.Join(ds, ", "))
		}
		delete(listed, r.Name)
	}
	var extra []string
	for n := range listed {
		extra = append(extra, n)
	}
	sort.Strings(extra)
	for _, n := range extra {
		t.Errorf("README names rule %s, which does not exist", n)
	}
}

// TestCommandWordsFromTable: the words that make unparsable text or a
// run-time command name risky are the rules' own, so a command a rule
// knows is never missing from them.
func TestCommandWordsFromTable(t *testing.T) {
	t.Parallel()
	words := CommandWords(riskTables.unparsed)
	for _, r := range riskTables.unparsed {
		for _, w := range append(append([]string{}, r.Commands...), r.Words...) {
			if !contains(words, w) {
				t.Errorf("%s's word %s is not a command word", r.Name, w)
			}
			text := w + " x; if"
			if w == "mkfs." {
				text = "mkfs.ext4 /dev/sdb; if"
			}
			if !riskyText(text) {
				t.Errorf("unparsable %q is not risky", text)
			}
		}
	}
	// The words decide when the shells' own syntax check is not asked
	// (no shell found, or one accepts the text corral cannot parse).
	cfg := testConfig()
	cfg.NoBashCheck = true
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"wget2 https://h/x; if", Ask},
		{"/usr/bin/rm -rf x; if", Ask},
		{"mkfs.ext4 /dev/sdb; if", Ask},
		{"echo hi > f; if", Ask},
		// Words match without case, as the rules match command names.
		{"AriA2C https://h/x; if", Ask},
		{"Rm -rf x; if", Ask},
		// Look-alikes: no rule's word.
		{"./configure --prefix=/opt; if", Allow},
		{"echo firmware; if", Allow},
		{"make -j4; if", Allow},
	} {
		if got := Check(cfg, tc.cmd); got.Decision != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got.Decision, tc.want)
		}
	}
	// A run-time command name is asked about when the text names a rule's
	// command, through the same table.
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`$c wget2 https://h/x`, Ask},
		// ($IFS is bash's default, so git${IFS}clone is git clone and
		// rewritten; SEP is only known at run time.)
		{`git${SEP}clone https://h/x`, Ask},
		{`$c rm -rf build`, Ask},
		{`$c WGET2 https://h/x`, Ask},
		{`"$EDITOR" notes.txt`, Allow},
	} {
		if got := Check(cfg, tc.cmd); got.Decision != tc.want {
			t.Errorf("%s: %s, want %s %v", tc.cmd, got.Decision, tc.want, got.Findings)
		}
	}
	// A part of unparsable text that would be rewritten flags it in both
	// modes: the rewrite cannot be made inside text corral cannot parse,
	// and block mode's deny is that rewrite.
	for _, mode := range []Mode{ModeRewrite, ModeBlock} {
		c := testConfig()
		c.Mode = mode
		if msg, ok := flaggedPiece(c, "curl -O https://h/x.tgz; if"); !ok || !strings.Contains(msg, "curl") {
			t.Errorf("mode %s: a part that is rewritten does not flag the text: %q %v", mode, msg, ok)
		}
		if msg, ok := flaggedPiece(c, "echo hi; if"); ok {
			t.Errorf("mode %s: echo hi flags the text: %q", mode, msg)
		}
	}
}

// TestNoStringPrefixPathTests: whether a path is inside another is decided
// by the path module (guards.Within: cleaned, symlinks resolved, segment
// by segment), never by a string prefix such as HasPrefix(p, root+"/"),
// which "sandbox-evil" or "sandbox/../x" fool.
func TestNoStringPrefixPathTests(t *testing.T) {
	t.Parallel()
	// Arguments may hold one level of calls: HasPrefix(p, strings.TrimRight(dir, "/")+"/").
	arg := `(?:[^()]|\([^()]*\))*`
	re := regexp.MustCompile(`HasPrefix\(` + arg + `\+\s*"/"\)|HasPrefix\(` + arg + `,\s*[a-zA-Z.]*(Sandbox|Project|Home|root|Root|From|Dir|dir|sb)\)`)
	for _, bad := range []string{`strings.HasPrefix(p, strings.TrimRight(dir, "/")+"/")`, `strings.HasPrefix(a.Value, sb)`,
		`strings.HasPrefix(abs, root+"/")`, `strings.HasPrefix(filepath.Clean(p), p.Config.Sandbox)`} {
		if !re.MatchString(bad) {
			t.Fatalf("the pattern misses %s", bad)
		}
	}
	var files []string
	for _, dir := range []string{".", "../cmd/corral/app"} {
		fs, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		files = append(files, fs...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d source files found", len(files))
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if re.MatchString(line) {
				t.Errorf("%s:%d tests a path by string prefix (use guards.Within): %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
