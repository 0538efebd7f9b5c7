package corpus

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/tools/txtar"
)

// decisionWords are the words a why may not consist of alone: a why says
// why, the want section already says what.
var decisionWords = map[string]bool{
	"allow": true, "allowed": true, "allows": true, "pass": true, "passes": true,
	"ask": true, "asks": true, "asked": true, "deny": true, "denied": true, "denies": true,
	"rewrite": true, "rewritten": true, "rewrites": true, "warn": true, "warns": true,
	"approve": true, "approved": true, "true": true, "false": true, "ok": true,
}

// words splits s into lower-case words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// skeleton is what a why says once everything the case's own sections
// already say is removed: the command's words, the path's words and the
// decision words. Two cases with the same skeleton share a template, not
// a reason.
func skeleton(c *Case) []string {
	known := map[string]bool{}
	for _, w := range words(c.Cmd + " " + c.Path) {
		known[w] = true
	}
	var out []string
	for _, w := range words(c.Why) {
		if known[w] || decisionWords[w] || strings.IndexFunc(w, unicode.IsLetter) < 0 {
			continue
		}
		out = append(out, w)
	}
	return out
}

// TestEveryCaseHasWhy holds issue 8's promise: every case says, in one line
// written by a person, why its command gets its decision. The why is the
// first line of the comment; it must be there, must say more than the
// decision and the command, and must not be a template shared with other
// cases (the command or path slotted into the same sentence).
func TestEveryCaseHasWhy(t *testing.T) {
	cases, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	bySkeleton := map[string][]string{}
	for _, c := range cases {
		why := c.Why
		if why == "" {
			t.Errorf("%s: no why (the first line of the comment)", c.Name)
			continue
		}
		if cmd := strings.TrimSpace(c.Cmd); cmd != "" && (strings.HasPrefix(why, cmd+":") || strings.HasSuffix(strings.TrimRight(why, ".)"), cmd)) {
			t.Errorf("%s: the why %q labels the whole command %q; say why it gets its decision instead", c.Name, why, cmd)
		}
		low := strings.ToLower(why)
		for d := range decisionWords {
			if strings.HasSuffix(strings.TrimRight(low, ". "), ": "+d) || strings.Contains(low, ": "+d+": ") {
				t.Errorf("%s: the why %q carries the decision as a label (%q); the want section says it", c.Name, why, d)
			}
		}
		sk := skeleton(c)
		if len(sk) < 3 {
			t.Errorf("%s: the why %q says little beyond the command and the decision", c.Name, why)
			continue
		}
		k := strings.Join(sk, " ")
		bySkeleton[k] = append(bySkeleton[k], c.Name)
	}
	var shared []string
	for k, names := range bySkeleton {
		if len(names) > 1 {
			shared = append(shared, k)
		}
	}
	sort.Strings(shared)
	for _, k := range shared {
		t.Errorf("%d cases share one why once their own command and path are removed (%q): %s", len(bySkeleton[k]), k, strings.Join(bySkeleton[k], " "))
	}
	t.Logf("%d cases, %d with a why of their own", len(cases), len(bySkeleton)-len(shared))
}

// TestUpdateKeepsWhy fails when -update would change anything but the want
// section: for every case, the file written with a different want has the
// same comment, byte for byte, and the same other sections.
func TestUpdateKeepsWhy(t *testing.T) {
	cases, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		w := c.Want
		w.Decision = "changed-by-update"
		w.Rules = []string{"some-rule"}
		out := txtar.Parse(c.Formatted(w))
		if string(out.Comment) != string(fixNL(c.archive.Comment)) {
			t.Errorf("%s: -update changes the comment:\n%q\nbecomes\n%q", c.Name, c.archive.Comment, out.Comment)
		}
		if len(out.Files) != len(c.archive.Files) {
			t.Fatalf("%s: -update writes %d sections, the case has %d", c.Name, len(out.Files), len(c.archive.Files))
		}
		for i, f := range out.Files {
			old := c.archive.Files[i]
			if f.Name != old.Name {
				t.Errorf("%s: section %d is %q after -update, %q before", c.Name, i, f.Name, old.Name)
			}
			if f.Name != "want" && string(f.Data) != string(fixNL(old.Data)) {
				t.Errorf("%s: -update changes section %q", c.Name, f.Name)
			}
			if f.Name == "want" && !strings.Contains(string(f.Data), "changed-by-update") {
				t.Errorf("%s: -update did not write the want section", c.Name)
			}
		}
	}
}

// TestUpdateFile runs Update on a copy of a case on disk: the want changes,
// the why and the rest stay, and the loaded case sees the same why.
func TestUpdateFile(t *testing.T) {
	src := "A person's reason, kept by -update.\nA second line of notes.\n-- cmd --\nrm -rf build\n-- want --\ndecision: ask\nrules: old-rule\n"
	p := filepath.Join(t.TempDir(), "x.txtar")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Why != "A person's reason, kept by -update." {
		t.Errorf("Why = %q, want the comment's first line", c.Why)
	}
	if err := c.Update(Want{Decision: "allow"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	want := "A person's reason, kept by -update.\nA second line of notes.\n-- cmd --\nrm -rf build\n-- want --\ndecision: allow\n"
	if string(data) != want {
		t.Errorf("after Update the file is\n%s\nwant\n%s", data, want)
	}
	c2, err := LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if c2.Why != c.Why || c2.Want.Decision != "allow" {
		t.Errorf("reloaded: why %q decision %q", c2.Why, c2.Want.Decision)
	}
}

// fixNL is what txtar.Format does to a section: a final newline is added
// when missing.
func fixNL(b []byte) []byte {
	if len(b) == 0 || b[len(b)-1] == '\n' {
		return b
	}
	return append(append([]byte(nil), b...), '\n')
}
