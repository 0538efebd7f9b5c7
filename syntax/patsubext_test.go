package syntax

import (
	"context"
	"math/rand"
	"os/exec"
	"strings"
	"testing"
	"time"

	sh "mvdan.cc/sh/v3/syntax"
)

// A pattern substitution or a prefix or suffix removal whose pattern
// holds a negated group anywhere (beside other text, nested, with other
// operators) is computed as bash computes it: random patterns and values, each computed by corral and
// by real bash in one run, must agree wherever corral gives a value, and
// corral must give one for most of them.
func TestNegatedPatsubAgainstBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	rng := rand.New(rand.NewSource(8))
	elem := []string{"a", "b", ".", "?", "*", "[ab]", "[!a]", `\*`}
	var group func(depth int) string
	var seq func(depth, max int) string
	seq = func(depth, max int) string {
		var b strings.Builder
		for n := rng.Intn(max + 1); n > 0; n-- {
			if depth < 2 && rng.Intn(3) == 0 {
				b.WriteString(group(depth + 1))
			} else {
				b.WriteString(elem[rng.Intn(len(elem))])
			}
		}
		return b.String()
	}
	group = func(depth int) string {
		alts := []string{seq(depth, 3)}
		for rng.Intn(3) == 0 {
			alts = append(alts, seq(depth, 2))
		}
		return string("@!?*+"[rng.Intn(5)]) + "(" + strings.Join(alts, "|") + ")"
	}
	type row struct{ val, op, pat string }
	var rows []row
	ops := []string{"/", "//", "/#", "/%", "#", "##", "%", "%%"}
	for len(rows) < 3000 {
		pat := seq(0, 2) + "!(" + seq(1, 3) + ")" + seq(0, 2)
		if rng.Intn(4) == 0 {
			pat = "!(" + seq(1, 2) + "|" + seq(1, 2) + ")" + seq(0, 1)
		}
		var v strings.Builder
		for n := 1 + rng.Intn(6); n > 0; n-- {
			v.WriteByte("ab."[rng.Intn(3)])
		}
		rows = append(rows, row{v.String(), ops[rng.Intn(len(ops))], pat})
	}
	var script strings.Builder
	script.WriteString("shopt -s extglob\n")
	for _, r := range rows {
		repl := "/<&>"
		if !strings.HasPrefix(r.op, "/") {
			repl = "" // a removal
		}
		script.WriteString("x='" + r.val + "'; printf '%s\\n' \"${x" + r.op + r.pat + repl + "}\"\n")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-s")
	cmd.Stdin = strings.NewReader(script.String())
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(rows) {
		t.Fatalf("bash printed %d lines for %d rows", len(lines), len(rows))
	}
	computed, bad := 0, 0
	for i, r := range rows {
		seq, ok := parseSubstPattern(r.pat)
		if !ok {
			continue
		}
		computed++
		var got string
		switch r.op {
		case "#":
			got = trimExtRun(r.val, seq, sh.RemSmallPrefix)
		case "##":
			got = trimExtRun(r.val, seq, sh.RemLargePrefix)
		case "%":
			got = trimExtRun(r.val, seq, sh.RemSmallSuffix)
		case "%%":
			got = trimExtRun(r.val, seq, sh.RemLargeSuffix)
		default:
			anchor := byte(0)
			if r.op == "/#" || r.op == "/%" {
				anchor = r.op[1]
			}
			got = extPatsubRun(r.val, r.pat, "<\x00>", seq, anchor, r.op == "//")
		}
		if got != lines[i] {
			bad++
			if bad <= 20 {
				t.Errorf("x=%s; ${x%s%s}: corral %q, bash %q", r.val, r.op, r.pat, got, lines[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d computed rows differ from bash", bad, computed)
	}
	if computed < len(rows)/2 {
		t.Errorf("only %d of %d rows computed", computed, len(rows))
	}
	t.Logf("%d of %d rows computed", computed, len(rows))
}
