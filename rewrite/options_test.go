package rewrite

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

func words(t *testing.T, cmd string) []syntax.Arg {
	t.Helper()
	m, err := syntax.Analyze(cmd, syntax.Options{Cwd: "/p", Home: "/h"})
	if err != nil || len(m.Calls) != 1 {
		t.Fatalf("%s: %v", cmd, err)
	}
	return m.Calls[0].Args
}

// TestScanAbbreviations: the scanner resolves long options the way GNU
// getopt_long and git do.
func TestScanAbbreviations(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prog, cmd string
		want      string // options found, as name[=value] or name?cand|cand
		operands  int
	}{
		{"rm", "rm --recu --forc /", "recursive force", 1},
		{"rm", "rm --re -f x", "recursive f", 1},
		{"rm", "rm --p /", "preserve-root", 1},
		{"rm", "rm --no-p /", "no-preserve-root", 1},
		{"rm", "rm --rec=x y", "recursive=x", 1},
		{"rm", "rm -- --recursive", "", 1},
		{"git reset", "git --har HEAD", "hard", 1},
		// Exact beats a longer option it is a prefix of.
		{"git push", "git --force origin", "force", 1},
		{"git push", "git --forc origin", "forc?force|force-if-includes|force-with-lease", 1},
		{"git push", "git --force-w origin", "force-with-lease", 1},
		{"git push", "git --rep x origin", "repo=x", 1},
		{"git clean", "git -fdx --dry", "f d x dry-run", 0},
		{"git checkout", "git -qbnew main", "q b=new", 1},
		// Programs that take no abbreviation keep the word as given.
		{"", "x --recu y", "recu", 1},
		{"sed", "sed -i.bak -e s/a/b/ f", "i=.bak e=s/a/b/", 1},
		{"sed", "sed --in-pl s/a/b/ f", "in-place", 2},
		{"perl", "perl -pi -e 1 f", "p i= e=1", 1},
	} {
		args := words(t, tc.cmd)
		opts, operands := scan(args, specFor(tc.prog))
		var got []string
		for _, o := range opts {
			s := o.name
			if o.hasVal {
				s += "=" + o.val.Value
			}
			if o.ambiguous != nil {
				s += "?" + strings.Join(o.ambiguous, "|")
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tc.want || len(operands) != tc.operands {
			t.Errorf("%s: %q, %d operands; want %q, %d", tc.cmd, strings.Join(got, " "), len(operands), tc.want, tc.operands)
		}
	}
}

// TestAbbreviatedOptionsDecide: rules see an abbreviated option as the
// program does, and an option that makes a command harmless counts only
// when it is unambiguous.
func TestAbbreviatedOptionsDecide(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"rm --recu --forc /", Deny},
		{"rm --recursive --force /", Deny},
		{"rm --forc --recu ~", Deny},
		{"sudo rm --recur --fo /etc", Deny},
		{"git reset --har HEAD~1", Ask},
		{"git reset --ha", Ask},
		{"git push --forc origin main", Ask},
		{"git push --fo origin main", Ask},
		{"git push --force-w origin main", Allow},
		{"git clean --forc -d", Ask},
		{"git clean --forc --dry", Allow},
		{"git branch --del --forc topic", Ask},
		{"chmod --recu 777 /srv/www", Deny},
		{"git checkout --forc main", Ask},
		// Look-alikes: prefixes of harmless options.
		{"git reset --so HEAD~1", Allow},
		{"git reset --mix", Allow},
		{"rm --verb notes.txt", Allow},
		{"git push --dry origin main", Allow},
	} {
		if got := Check(cfg, tc.cmd); got.Decision != tc.want {
			t.Errorf("%s: %s, want %s %v", tc.cmd, got.Decision, tc.want, got.Findings)
		}
	}
}

// TestProgramSpecsComplete: a prefix is only resolved right against the
// whole list of a program's long options. Where the program is installed,
// every long option its help lists must be in its spec.
func TestProgramSpecsComplete(t *testing.T) {
	t.Parallel()
	long := regexp.MustCompile(`--(?:\[no-\])?([a-z][a-z0-9-]+)`)
	checked := 0
	for prog, spec := range programs() {
		for n := range spec.longVal {
			if spec.longFlag[n] {
				t.Errorf("%s: --%s is listed both as taking a value and not", prog, n)
			}
		}
		if !spec.abbrev {
			continue
		}
		argv := strings.Fields(prog)
		if argv[0] == "perl" {
			continue
		}
		if _, err := exec.LookPath(argv[0]); err != nil {
			continue
		}
		if len(argv) > 1 {
			argv = append(argv, "-h")
		} else {
			argv = append(argv, "--help")
		}
		out, _ := exec.Command(argv[0], argv[1:]...).CombinedOutput()
		if len(out) == 0 {
			continue
		}
		checked++
		for _, m := range long.FindAllStringSubmatch(string(out), -1) {
			n := m[1]
			if !spec.longVal[n] && !spec.longFlag[n] {
				t.Errorf("%s: its help lists --%s, which its spec lacks (abbreviations would resolve wrongly)", prog, n)
			}
		}
	}
	t.Logf("%d programs' specs checked against their help", checked)
}
