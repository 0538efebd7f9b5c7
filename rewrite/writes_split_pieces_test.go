package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSplitPieceNames (issue 12 class 6): GNU split names its pieces
// PREFIX + a suffix of letters (-a N long, two and growing by default;
// digits with -d, hex with -x) + --additional-suffix, and csplit PREFIX +
// printf(-b FORMAT, n). Only PREFIXaa (csplit: PREFIX00) was judged, so
// split -l1 - ~/.bash (its 444th piece is ~/.bashrc), split -a1
// --additional-suffix=c - ~/.bash (the 18th) and csplit -b 'rc%.0d' -f
// ~/.bash (the first: %.0d prints 0 as nothing) passed. The pieces are
// now a pattern, asked about where it can name a protected file.
func TestSplitPieceNames(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/f": "a\nb\n"})
	home := cfg.Home
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Were allow.
		{"seq 500 | split -l1 - " + home + "/.bash", "ask"},
		{"seq 30 | split -l1 -a1 --additional-suffix=c - " + home + "/.bash", "ask"},
		{"seq 30 | split -l1 -a1 --additional=c - " + home + "/.bash", "ask"}, // getopt_long abbreviation
		{"seq 30 | split -l1 -a1 - " + home + "/.bashr", "ask"},
		{"seq 3 | csplit -f " + home + "/.bash -b 'rc%.0d' - 2", "ask"},
		{"csplit --prefix=" + home + "/.bash --suffix-format=rc%.d f 2", "ask"},
		// A piece inside .git/hooks is a hook, whatever its suffix.
		{"echo x | split - .git/hooks/pre-", "deny"},
		// Look-alikes: suffixes that cannot spell a protected name.
		{"seq 9 | split -a 2 - " + home + "/.bashr", "allow"}, // .bashraa…
		{"seq 9 | split -d - " + home + "/.bash", "allow"},    // digits
		{"seq 9 | split -l1 - part_", "allow"},
		{"split -b 1M f", "allow"},
		{"split -n 4 f chunk_", "allow"},
		{"seq 9 | split -l 1 -d --additional-suffix=.txt - out_", "allow"},
		{"csplit -f " + home + "/.bash -b 'rc%02d' f 2", "allow"}, // rc00, rc01
		{"csplit -f part -b '%03d.txt' f 2", "allow"},
		{"csplit f 2", "allow"},
	})
}

// TestSplitPieceNamesOracle runs the real split and csplit: the pieces
// named in TestSplitPieceNames do include .bashrc.
func TestSplitPieceNamesOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"split", "csplit", "seq", "bash"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " is not installed")
		}
	}
	for _, script := range []string{
		"seq 500 | split -l1 - .bash",
		"seq 30 | split -l1 -a1 --additional-suffix=c - .bash",
		"seq 30 | split -l1 -a1 - .bashr",
		"seq 3 | csplit -s -f .bash -b 'rc%.0d' - 2",
	} {
		dir := t.TempDir()
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput() // split -a1 runs out of suffixes
		if _, err := os.Stat(filepath.Join(dir, ".bashrc")); err != nil {
			ents, _ := os.ReadDir(dir)
			var names []string
			for _, e := range ents {
				names = append(names, e.Name())
			}
			t.Errorf("%s: no .bashrc (%s; %s)", script, strings.Join(names, " "), out)
		}
	}
}

// TestSortOutputAbbrev: GNU sort takes any unambiguous prefix of a long
// option, so sort --out=F and --outp F are --output F (the real sort
// writes F). They passed; a download piped into sort --out=F was left
// in the project.
func TestSortOutputAbbrev(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/x": "b\na\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"sort --out=.git/config x", "deny"},
		{"sort --outp .git/config x", "deny"},
		{"sort --output=.git/config x", "deny"},
		{"curl -s https://x.io/a | sort --out=x.sh", "rewrite"},
		// Look-alikes.
		{"sort --rev --uniq x", "allow"},
		{"sort --out=out.txt x", "allow"},
		{"sort -o out.txt x", "allow"},
	})
	if _, err := exec.LookPath("sort"); err != nil {
		return
	}
	dir := t.TempDir()
	cmd := exec.Command("sort", "--out=o", "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("b\na\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("sort --out: %v %s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "o")); string(b) != "a\nb\n" {
		t.Errorf("sort --out=o wrote %q", b)
	}
}
