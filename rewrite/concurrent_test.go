package rewrite

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/corral-dev/corral/corpus"
)

// TestConcurrentChecksAgree runs the corpus's Bash cases through Check
// from several goroutines at once, with the process's caches cold (the
// parser's regexps, the path module's disk and listing caches, the rule
// patterns), and then once more one at a time: every command must get
// the same decision, rewrite and findings both ways. The hook decides one
// command per process, but a library user (and corral's own tests) call
// Check concurrently; under the race detector (scripts/test.sh runs this
// test with -race, about a minute) it is what exercises the shared
// caches.
func TestConcurrentChecksAgree(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	var picked []*corpus.Case
	for _, c := range cases {
		if c.Tool == "Bash" {
			picked = append(picked, c)
		}
	}
	if len(picked) < 100 {
		t.Fatalf("only %d corpus cases picked", len(picked))
	}
	cfgs := make([]*Config, len(picked))
	for i, c := range picked {
		cfgs[i] = caseConfig(t, c)
	}
	const workers = 4
	concurrent := make([]string, len(picked))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			// Each worker walks the cases in its own order, so that
			// different commands fill the same caches at the same time.
			// Worker w takes the indices i with i%workers == w,
			// starting a quarter further into the list than the last.
			for k := range picked {
				i := (k + w*len(picked)/workers) % len(picked)
				if i%workers == w {
					concurrent[i] = summary(Check(cfgs[i], picked[i].Cmd))
				}
			}
		}(w)
	}
	wg.Wait()
	for i, c := range picked {
		if concurrent[i] == "" {
			t.Fatalf("%s: no worker checked it", c.Name)
		}
		if alone := summary(Check(cfgs[i], c.Cmd)); alone != concurrent[i] {
			t.Errorf("%s: checked concurrently:\n%s\nchecked alone:\n%s", c.Name, concurrent[i], alone)
		}
	}
}

// summary is everything a Result shows the hook's caller, as text.
func summary(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s approve=%v rewritten=%q suggested=%q\n", r.Decision, r.Approve, r.Rewritten, r.Suggested)
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "  %s %s [%d:%d] %q after=%q\n", f.Decision, f.Rule, f.Start, f.End, f.Message, f.After)
	}
	return b.String()
}
