package rewrite

import (
	"encoding/json"
	"sort"
	"strconv"
	"testing"

	"github.com/corral-dev/corral/corpus"
	"github.com/corral-dev/corral/guards"
)

var update = corpus.Update

// caseConfig builds the engine configuration a corpus case describes.
func caseConfig(t testing.TB, c *corpus.Case) *Config {
	env := map[string]string{"HOME": corpus.Home, EnvProject: corpus.Project}
	for k, v := range c.Env {
		env[k] = v
	}
	cfg, notes := NewConfig(func(k string) string { return env[k] }, c.Cwd)
	cfg.NoGlobMatches = true
	// As the hook does: the guard's own layer, with the sandbox root.
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	if c.Policy != "" {
		// A case's policy may enable rule packs.
		var pol struct {
			Packs []string `json:"packs"`
		}
		if err := json.Unmarshal([]byte(c.Policy), &pol); err != nil {
			t.Fatalf("%s: policy: %v", c.Name, err)
		}
		cfg.Packs = pol.Packs
	}
	for _, n := range notes {
		t.Logf("note: %s", n)
	}
	return cfg
}

// outcome is what the engine said, in the corpus's terms.
func outcome(r *Result) corpus.Want {
	w := corpus.Want{Decision: r.Decision.String(), Rewritten: r.Rewritten}
	if r.Suggested != "" {
		w.Rewritten = r.Suggested
	}
	seen := map[string]bool{}
	for _, f := range r.Findings {
		if !seen[f.Rule] {
			seen[f.Rule] = true
			w.Rules = append(w.Rules, f.Rule)
		}
	}
	sort.Strings(w.Rules)
	if r.Decision == Rewrite {
		w.Approve = strconv.FormatBool(r.Approve)
	}
	return w
}

func TestCorpus(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if c.Tool != "Bash" {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			got := outcome(Check(caseConfig(t, c), c.Cmd))
			if *update {
				if err := c.Update(got); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := c.Want
			if got.Decision != want.Decision {
				t.Errorf("decision = %s, want %s\ncmd: %s\nrules: %v", got.Decision, want.Decision, c.Cmd, got.Rules)
			}
			if want.Has["rules"] || len(got.Rules) > 0 {
				if strconvJoin(got.Rules) != strconvJoin(want.Rules) {
					t.Errorf("rules = %v, want %v\ncmd: %s", got.Rules, want.Rules, c.Cmd)
				}
			}
			if got.Rewritten != want.Rewritten {
				t.Errorf("rewritten =\n  %q\nwant\n  %q", got.Rewritten, want.Rewritten)
			}
			if want.Approve != "" && got.Approve != want.Approve {
				t.Errorf("approve = %s, want %s", got.Approve, want.Approve)
			}
		})
	}
	if n == 0 {
		t.Fatal("no Bash cases in the corpus")
	}
	t.Logf("%d Bash cases", n)
}

func strconvJoin(s []string) string {
	out := ""
	for _, x := range s {
		out += x + " "
	}
	return out
}

// TestEveryRuleHasCases fails when a rule of the table has no corpus case
// that expects it.
func TestEveryRuleHasCases(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]int{}
	for _, c := range cases {
		for _, r := range c.Want.Rules {
			used[r]++
		}
	}
	for _, r := range Rules {
		if used[r.Name] == 0 {
			t.Errorf("rule %s has no corpus case", r.Name)
		}
	}
}

// TestBashWriteMatchesWrite holds the promise that Write/Edit and Bash
// reach the same verdict for the same path: every corpus case with a
// "path" section decides as a Write of that path would.
func TestBashWriteMatchesWrite(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if c.Path == "" || c.Tool != "Bash" {
			continue
		}
		n++
		cfg := caseConfig(t, c)
		d := cfg.Paths.Decide(guards.Env{Project: cfg.Project, Cwd: cfg.Project, Home: cfg.Home, Sandbox: cfg.Sandbox}, c.Path, guards.Write)
		want := d.Verdict.String()
		got := Check(cfg, c.Cmd).Decision.String()
		if got != want {
			t.Errorf("%s: Bash %q decides %s, a Write of %s decides %s", c.Name, c.Cmd, got, c.Path, want)
		}
	}
	if n < 60 {
		t.Errorf("only %d Bash write cases with a path; want at least 60", n)
	}
	t.Logf("%d Bash write targets agree with Write", n)
}
