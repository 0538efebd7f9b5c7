package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/corral-dev/corral/rewrite"
)

func TestRulesCommand(t *testing.T) {
	m := newMachine(t)
	code, out, stderr := m.run("", "rules")
	if code != 0 || stderr != "" {
		t.Fatalf("corral rules: exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	catalog := rewrite.Catalog()
	if len(lines) != len(catalog)+1 || !strings.HasPrefix(lines[0], "RULE ") {
		t.Fatalf("want a header and %d rows, got %d lines:\n%s", len(catalog), len(lines), out)
	}
	for i, r := range catalog {
		f := strings.Fields(lines[i+1])
		if len(f) < 3 || f[0] != r.Name || f[1] != strings.Join(decisionNames(r), ",") {
			t.Errorf("row %d = %q, want %s %v", i+1, lines[i+1], r.Name, decisionNames(r))
		}
	}
	if !strings.Contains(out, "git-clone            rewrite,ask    git clone brings a foreign repository onto disk.\n") {
		t.Errorf("git-clone row:\n%s", out)
	}

	code, out, _ = m.run("", "rules", "--json")
	var rules []ruleJSON
	if code != 0 || json.Unmarshal([]byte(out), &rules) != nil || len(rules) != len(catalog) {
		t.Fatalf("rules --json: %d\n%s", code, out)
	}
	for _, r := range rules {
		if r.Name == "run-download" && (len(r.Requires) == 0 || r.Doc == "" || r.Decisions[0] != "ask") {
			t.Errorf("run-download in JSON: %+v", r)
		}
	}
	if code, _, stderr := m.run("", "rules", "x"); code != 1 || !strings.Contains(stderr, "no arguments") {
		t.Errorf("rules x: %d %q", code, stderr)
	}
}

func TestExplainRule(t *testing.T) {
	m := newMachine(t)
	code, out, _ := m.run("", "rewrite", "explain", "--rule", "pipe-shell")
	r, _ := rewrite.Lookup("pipe-shell")
	want := "rule:      pipe-shell\ndecisions: ask\ncommands:  " + strings.Join(r.Commands, " ") + "\n\n" + strings.TrimSpace(r.Doc) + "\n"
	if code != 0 || out != want {
		t.Errorf("explain --rule pipe-shell: exit %d\n%s\nwant\n%s", code, out, want)
	}
	code, out, _ = m.run("", "rewrite", "explain", "--rule", "unparsed")
	if code != 0 || !strings.HasPrefix(out, "rule:      unparsed\ndecisions: ask\n\n") {
		t.Errorf("an engine finding is explained too: %d\n%s", code, out)
	}
	code, _, stderr := m.run("", "rewrite", "explain", "--rule", "git-clon")
	if code != 1 || stderr != "corral: no rule \"git-clon\" (corral rules lists them); did you mean \"git-clone\"?\n" {
		t.Errorf("unknown rule: %d %q", code, stderr)
	}
}
