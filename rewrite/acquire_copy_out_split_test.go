package rewrite

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestCopyOutSplitPieces (red team 13 AX): split and csplit cut sandbox
// content into PREFIXaa, PREFIXab, …; the session record listed only the
// first piece, so running ./part_ab in a later call passed. The pieces
// are recorded as PREFIX* (or each of split -n N's N pieces), and a later
// call running any of them asks; a file beside them without the prefix
// passes.
func TestCopyOutSplitPieces(t *testing.T) {
	t.Parallel()
	elf := "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00"
	cfg := scratchProject(t, map[string]string{
		"proj/agent_sandbox/tool":  elf,
		"proj/agent_sandbox/dl.sh": "echo hi\n",
		"proj/r12/part_ab":         elf,
		"proj/r12/partx":           elf,
		"proj/r12/q/ab":            elf,
	})
	p := func(rel string) string { return filepath.Join(cfg.Project, rel) }
	for _, tt := range []struct {
		cmd    string
		unread []string
	}{
		{"split -b 1k agent_sandbox/tool r12/part_", []string{p("r12/part_*")}},
		{"split -d -l 10 agent_sandbox/dl.sh r12/n_", []string{p("r12/n_*")}},
		{"split -n 2 agent_sandbox/tool r12/two", []string{p("r12/twoaa"), p("r12/twoaa") + "/", p("r12/twoab"), p("r12/twoab") + "/"}},
		{"csplit agent_sandbox/dl.sh 2", []string{p("xx*")}},
	} {
		if r := Check(cfg, tt.cmd); !reflect.DeepEqual(r.Unread, tt.unread) {
			t.Errorf("%s: unread %q, want %q", tt.cmd, r.Unread, tt.unread)
		}
	}
	earlier := *cfg
	earlier.Earlier = map[string]string{p("r12/part_*"): "split -b 1k agent_sandbox/tool r12/part_"}
	checkDecisions(t, &earlier, []struct{ cmd, want string }{
		{"./r12/part_ab", "ask"},
		{"cd r12 && ./part_ab", "ask"},
		{"./r12/partx", "allow"},
		{"./r12/q/ab", "allow"},
	})
}
