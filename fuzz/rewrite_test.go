package fuzz

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/corral-dev/corral/rewrite"
	"github.com/corral-dev/corral/syntax"
)

// FuzzRewrite checks the engine's invariants on any command (see
// checkCommand).
func FuzzRewrite(f *testing.F) {
	for _, s := range commandSeeds(f) {
		f.Add(s)
	}
	for _, s := range pathologicalCommands() {
		if len(s.cmd) < 1<<16 {
			f.Add(s.cmd) // large ones would slow every execution down
		}
	}
	for _, s := range rewriteBesideWarn {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		checkCommand(t, machineFor(cmd), cmd)
	})
}

// rewriteBesideWarn are commands rewritten beside a part that only warns:
// the rewrite must keep that warning (FuzzRewrite's "never lowers").
var rewriteBesideWarn = []string{
	"git clone https://github.com/a/b && rm -rf node_modules/.cache",
	"rm -rf node_modules/.cache; curl -o x.tar.gz https://e.com/x.tar.gz",
	"git clone https://github.com/a/b; echo x | tee plugins/p/agents/a.md",
}

// TestRewriteKeepsWarnings holds the commands of rewriteBesideWarn to
// checkCommand's invariants and checks that they do exercise the one
// that a rewrite never lowers the decision: each is rewritten, and
// checked again still warns.
func TestRewriteKeepsWarnings(t *testing.T) {
	for _, cmd := range rewriteBesideWarn {
		m := machineFor(cmd)
		checkCommand(t, m, cmd)
		res := rewrite.Check(m.rewrite, cmd)
		if res.Decision != rewrite.Rewrite {
			t.Errorf("%s: decision %s, want rewrite", cmd, res.Decision)
			continue
		}
		if again := rewrite.Check(m.rewrite, res.Rewritten); again.Decision != rewrite.Warn {
			t.Errorf("%s: rewritten %q decides %s, want warn", cmd, res.Rewritten, again.Decision)
		}
	}
}

// checkCommand checks, for one command in one configuration:
//   - the answer is deterministic, and its decision is the highest of its
//     findings' (a rewrite never hides an ask or a deny: it never lowers
//     the decision);
//   - a command is rewritten exactly when the decision is rewrite;
//   - a rewritten command parses again, differs from the original, and
//     checking it again gives no rewrite and nothing above warn, and no
//     less than the findings outside the rewritten spans gave;
//   - the statements of the original that no rule touched are in the
//     rewritten command byte for byte, in order, and so is every byte
//     outside the spans the engine says it touched;
//   - block mode denies exactly what rewrite mode rewrites, suggesting the
//     same command, and otherwise decides the same.
func checkCommand(t *testing.T, m machine, cmd string) {
	t.Helper()
	res := rewrite.Check(m.rewrite, cmd)
	if a, b := answerJSON(t, res), answerJSON(t, rewrite.Check(m.rewrite, cmd)); a != b {
		t.Fatalf("%s: not deterministic:\n%s\n%s", m.name, a, b)
	}
	highest := rewrite.Allow
	for _, f := range res.Findings {
		if f.Start < 0 || f.End < f.Start || f.End > len(cmd) {
			t.Fatalf("%s: finding %s has span [%d,%d) outside the command of %d bytes", m.name, f.Rule, f.Start, f.End, len(cmd))
		}
		highest = max(highest, f.Decision)
	}
	if res.Decision != highest {
		t.Fatalf("%s: decision %s, but the highest finding is %s: %q", m.name, res.Decision, highest, cmd)
	}
	if (res.Rewritten != "") != (res.Decision == rewrite.Rewrite) || res.Suggested != "" || (len(res.Touched) > 0) != (res.Rewritten != "") {
		t.Fatalf("%s: decision %s with rewritten %q, suggested %q, %d touched spans", m.name, res.Decision, res.Rewritten, res.Suggested, len(res.Touched))
	}
	if res.Decision == rewrite.Rewrite {
		checkRewritten(t, m, cmd, res)
	}

	b := rewrite.Check(m.block, cmd)
	if res.Decision == rewrite.Rewrite {
		if b.Decision != rewrite.Deny || b.Suggested != res.Rewritten || b.Rewritten != "" {
			t.Fatalf("%s: block mode gives %s suggesting %q where rewrite mode rewrites to %q: %q", m.name, b.Decision, b.Suggested, res.Rewritten, cmd)
		}
		return
	}
	if b.Decision != res.Decision || b.Suggested != "" || b.Rewritten != "" || rules(b) != rules(res) {
		t.Fatalf("%s: block mode gives %s %v, rewrite mode %s %v: %q", m.name, b.Decision, rules(b), res.Decision, rules(res), cmd)
	}
}

func checkRewritten(t *testing.T, m machine, cmd string, res *rewrite.Result) {
	t.Helper()
	out := res.Rewritten
	if out == cmd {
		t.Fatalf("%s: rewrite that changes nothing: %q", m.name, cmd)
	}
	if err := syntax.Valid(out); err != nil {
		t.Fatalf("%s: rewritten command does not parse (%v): %q -> %q", m.name, err, cmd, out)
	}
	again := rewrite.Check(m.rewrite, out)
	if again.Rewritten != "" || again.Decision > rewrite.Warn {
		t.Fatalf("%s: checking the rewrite again gives %s %v %q: %q -> %q", m.name, again.Decision, rules(again), again.Rewritten, cmd, out)
	}
	// A rewrite never lowers a command's decision: what the original's
	// findings outside the rewritten spans decided, the rewritten command
	// still decides at least.
	// A finding after a rewritten cd is the exception: the rewrite moved
	// the directory the later commands run in (git clone URL && cd repo
	// now enters the sandbox's copy), so what they write is judged in the
	// new directory, and a warning about the project's path no longer
	// applies.
	moved := movedCwdAt(t, m, cmd, res.Touched)
	kept := rewrite.Allow
	for _, f := range res.Findings {
		if f.Decision == rewrite.Rewrite || overlaps(f.Start, f.End, res.Touched) || f.Start >= moved {
			continue
		}
		kept = max(kept, f.Decision)
	}
	if again.Decision < kept {
		t.Fatalf("%s: the rewrite lowers the decision: the untouched findings decide %s, the rewritten command %s %v: %q -> %q", m.name, kept, again.Decision, rules(again), cmd, out)
	}

	// Every byte outside the touched spans is kept, in order.
	pos, prev := 0, 0
	for _, span := range append(res.Touched, [2]int{len(cmd), len(cmd)}) {
		if span[0] < 0 || span[1] < span[0] || span[1] > len(cmd) {
			t.Fatalf("%s: touched span %v outside the command", m.name, span)
		}
		if span[0] > prev {
			seg := cmd[prev:span[0]]
			i := strings.Index(out[pos:], seg)
			if i < 0 {
				t.Fatalf("%s: untouched text %q is not kept: %q -> %q", m.name, seg, cmd, out)
			}
			pos += i + len(seg)
		}
		prev = max(prev, span[1])
	}

	// Statements: each top-level statement owns the source from its
	// start to the next one's (separators, comments and here-document
	// bodies included). One that holds no finding and no touched span is
	// in the result verbatim, in order. The check does not trust Touched
	// alone: the findings' spans come from the rules.
	model, err := syntax.Analyze(cmd, syntax.Options{Cwd: m.rewrite.Cwd, Home: m.rewrite.Home})
	if err != nil {
		t.Fatalf("%s: a rewritten command did not parse: %v", m.name, err)
	}
	stmts := model.Script.File.Stmts
	var spans [][2]int
	for _, f := range res.Findings {
		spans = append(spans, [2]int{f.Start, f.End})
	}
	spans = append(spans, res.Touched...)
	pos = 0
	for i := range stmts {
		start, end := 0, len(cmd)
		if i > 0 {
			start = int(stmts[i].Pos().Offset())
		}
		if i+1 < len(stmts) {
			end = int(stmts[i+1].Pos().Offset())
		}
		touched := false
		for _, s := range spans {
			if s[0] < end && s[1] > start || s[0] == s[1] && s[0] >= start && (s[0] < end || end == len(cmd)) {
				touched = true
				break
			}
		}
		if touched {
			continue
		}
		text := cmd[start:end]
		j := strings.Index(out[pos:], text)
		if j < 0 {
			t.Fatalf("%s: statement %d (%q), which no rule touched, is not kept verbatim: %q -> %q", m.name, i, text, cmd, out)
		}
		pos += j + len(text)
	}
}

func rules(r *rewrite.Result) string {
	var names []string
	for _, f := range r.Findings {
		names = append(names, f.Rule)
	}
	return strings.Join(names, ",")
}

func answerJSON(t *testing.T, r *rewrite.Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// overlaps reports whether [start,end) meets one of spans (an empty span
// meets what holds it).
// movedCwdAt is the offset of the first cd or pushd whose directory the
// rewrite changed (len(cmd) when there is none).
func movedCwdAt(t *testing.T, m machine, cmd string, touched [][2]int) int {
	t.Helper()
	model, err := syntax.Analyze(cmd, syntax.Options{Cwd: m.rewrite.Cwd, Home: m.rewrite.Home})
	if err != nil {
		t.Fatalf("%s: a rewritten command did not parse: %v", m.name, err)
	}
	at := len(cmd)
	for _, c := range model.Calls {
		if (c.Name == "cd" || c.Name == "pushd") && len(c.Args) > 0 {
			last := c.Args[len(c.Args)-1]
			if overlaps(last.Start, last.End, touched) {
				at = min(at, last.Start)
			}
		}
	}
	return at
}

func overlaps(start, end int, spans [][2]int) bool {
	for _, s := range spans {
		if s[0] < end && s[1] > start || s[0] == s[1] && s[0] >= start && s[0] <= end || start == end && start >= s[0] && start <= s[1] {
			return true
		}
	}
	return false
}
