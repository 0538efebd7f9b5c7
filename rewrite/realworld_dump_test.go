package rewrite

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var dumpRealWorld = flag.String("realworld.dump", "", "write every shared command's decision and rules to this file (one line each), for a line-by-line review of a change in the counts")

// TestRealWorldDump writes, under -realworld.dump FILE, one line per
// shared command: corpus, category, decision, rules and the command. Two
// dumps (before and after a change) diffed show which lines moved; the
// counts TestRealWorldDecisions keeps do not.
func TestRealWorldDump(t *testing.T) {
	if *dumpRealWorld == "" {
		t.Skip("no -realworld.dump FILE given")
	}
	data := sharedData(t)
	cfg := realWorldConfig()
	var out []string
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl", "readmes.jsonl"} {
		for _, l := range readLines(t, filepath.Join(data, name)) {
			r := Check(cfg, l.Command)
			rules := map[string]bool{}
			for _, f := range r.Findings {
				if f.Decision > Warn {
					rules[f.Rule] = true
				}
			}
			names := make([]string, 0, len(rules))
			for n := range rules {
				names = append(names, n)
			}
			sort.Strings(names)
			out = append(out, fmt.Sprintf("%s\t%s\t%s\t%s\t%q", name, category(l), r.Decision, strings.Join(names, ","), l.Command))
		}
	}
	if err := os.WriteFile(*dumpRealWorld, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
