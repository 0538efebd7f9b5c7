package syntax

import (
	"os/exec"
	"strings"
	"testing"
)

// TestSedLiteralOracle: the text corral computes for a sed script of
// literal substitutions is the text GNU sed writes; scripts it does not
// model are refused.
func TestSedLiteralOracle(t *testing.T) {
	const in = "# notes\nsee @README.md\nfoo bar foo\n\nfoo"
	for _, tt := range []struct {
		scripts []string
		ext     bool
		ok      bool
	}{
		{[]string{"s/foo/bar/"}, false, true},
		{[]string{"s/foo/bar/g"}, false, true},
		{[]string{"s|foo|@~/.ssh/id_rsa|g"}, false, true},
		{[]string{`s/foo/a\/b/`}, false, true},
		{[]string{"s/^foo/X/", "s/foo$/Y/"}, false, true},
		{[]string{"s/^$/EMPTY/"}, false, true},
		{[]string{"s/^/> /"}, false, true},
		{[]string{"s/$/;/"}, false, true},
		{[]string{"s/see/ /; s/ @/@/"}, false, true},
		{[]string{"s/a+b/c/"}, false, true},
		{[]string{"s/a+b/c/"}, true, false},
		{[]string{"s/f.o/x/"}, false, false},
		{[]string{"s/foo/&&/"}, false, false},
		{[]string{`s/foo/\x40/`}, false, false},
		{[]string{"s/foo/bar/2"}, false, false},
		{[]string{"1d"}, false, false},
		{[]string{"1i x"}, false, false},
	} {
		got, ok := sedSubstituteText(tt.scripts, tt.ext, in)
		if ok != tt.ok {
			t.Errorf("%q: modelled %v, want %v", tt.scripts, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if _, err := exec.LookPath("sed"); err != nil {
			continue
		}
		args := []string{}
		if tt.ext {
			args = append(args, "-E")
		}
		for _, s := range tt.scripts {
			args = append(args, "-e", s)
		}
		cmd := exec.Command("sed", args...)
		cmd.Stdin = strings.NewReader(in)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("sed %q: %v", args, err)
		}
		if string(out) != got {
			t.Errorf("%q: corral %q, sed %q", tt.scripts, got, out)
		}
	}
}
