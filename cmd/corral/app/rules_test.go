package app

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/corral-dev/corral/rewrite"
)

func TestRulesCommand(t *testing.T) {
	m := newMachine(t)
	code, out, stderr := m.run("", "rules")
	if code != 0 || stderr != "" {
		t.Fatalf("corral rules: exit %d, stderr %q", code, stderr)
	}
	// A header, then one block per rule separated by blank lines: the first
	// line holds the name and decisions, and the doc column of the block,
	// read back, is the rule's whole doc.
	blocks := strings.Split(strings.TrimRight(out, "\n"), "\n\n")
	catalog := rewrite.Catalog()
	header, first, _ := strings.Cut(blocks[0], "\n")
	blocks[0] = first
	if len(blocks) != len(catalog) || !strings.HasPrefix(header, "RULE ") {
		t.Fatalf("want a header and %d blocks, got %d:\n%s", len(catalog), len(blocks), out)
	}
	col := strings.Index(header, "DOC")
	for i, r := range catalog {
		lines := strings.Split(blocks[i], "\n")
		f := strings.Fields(lines[0])
		if len(f) < 3 || f[0] != r.Name || f[1] != strings.Join(decisionNames(r), ",") {
			t.Errorf("block %d = %q, want %s %v", i, lines[0], r.Name, decisionNames(r))
		}
		var doc []string
		for _, l := range lines {
			if utf8.RuneCountInString(l) > rulesWidth && strings.Contains(strings.TrimSpace(l[col:]), " ") {
				t.Errorf("%s: line longer than %d: %q", r.Name, rulesWidth, l)
			}
			if len(l) < col || strings.TrimSpace(l[:col]) != "" && l != lines[0] {
				t.Fatalf("%s: text outside the doc column: %q", r.Name, l)
			}
			doc = append(doc, l[col:])
		}
		if got, want := strings.Join(doc, " "), oneParagraph(r.Doc); got != want {
			t.Errorf("%s: doc column\n%s\nwant the whole doc\n%s", r.Name, got, want)
		}
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

func TestWrapText(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  []string
	}{
		{"a bb ccc dddd", 6, []string{"a bb", "ccc", "dddd"}},
		{"a bb ccc", 8, []string{"a bb ccc"}},
		{"  spaced\n  out  ", 20, []string{"spaced out"}},
		{"averyveryverylongword x", 5, []string{"averyveryverylongword", "x"}},
		{"é é é", 3, []string{"é é", "é"}},
		{"", 10, nil},
	} {
		if got := wrapText(tc.in, tc.width); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapText(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
	}
}
