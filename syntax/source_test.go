package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// sourceFiles are the script files the cases below source, written into
// the working directory.
var sourceFiles = map[string]string{
	"vars.sh":   "D=rm\nexport E=ls\n",
	"cd.sh":     "cd sub\n",
	"func.sh":   "f() { echo \"$1\" from-f; }\n",
	"args.sh":   "A=$1\n",
	"maybe.sh":  "if [ \"$C\" = 1 ]; then M=a; else M=b; fi\n",
	"nested.sh": ". ./vars.sh\nN=$D-x\n",
	"alias.sh":  "shopt -s expand_aliases\nalias e='echo from-alias'\n",
}

// sourceCases: source FILE and . FILE run the file in the same shell, so
// what it sets is the caller's afterwards; a variable that different
// paths set differently is a set of candidates ("a|b": corral must say
// the word is one of exactly these). Every case runs in real bash with
// C=0 and C=1 (the condition some scripts test); what bash prints must be
// what corral calls static, or one of its candidates.
var sourceCases = []struct {
	src, want string
}{
	{`source vars.sh; echo $D`, "rm"},
	{`. ./vars.sh; echo $D $E`, "rm ls"},
	{`D=x; (. ./vars.sh); echo $D`, "x"},
	{`. ./cd.sh; echo $PWD`, "DIR/sub"},
	{`. ./func.sh; f rm`, "rm from-f"},
	{`. ./args.sh rm; echo $A`, "rm"},
	{`set -- keep; . ./args.sh rm; echo $1`, "keep"},
	{`. ./nested.sh; echo $N`, "rm-x"},
	{`. ./missing.sh; echo $D`, "?"},
	{`D=x; . ./missing.sh; echo $D`, "x"}, // bash sets nothing: the file is not there (recursion.go sourceMissing)
	{`. ./maybe.sh; echo $M`, "a|b"},
	{". ./alias.sh\ne x", "from-alias x"},
	// Different values on different paths: a bounded set of candidates.
	{`if [ "$C" = 1 ]; then D=a; else D=b; fi; echo $D`, "a|b"},
	{`D=a; [ "$C" = 1 ] && D=/; echo "$D"`, "/|a"},
	{`case $C in 1) D=x;; *) D=y;; esac; echo $D`, "x|y"},
	{`case $C in 1) D=x;; esac; echo $D`, "?"},
	{`if [ "$C" = 1 ]; then D=a; fi; echo $D`, "?"},
	{`if [ "$C" = 1 ]; then D=a; else D=b; fi; echo "$D/x"`, "a/x|b/x"},
	{`for i in 1 2 3 4 5 6 7 8 9 10; do D=$D.; done; echo $D`, "?"},
}

func TestSourceAndCandidatesInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range sourceFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range sourceCases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		c := m.Calls[len(m.Calls)-1]
		if c.Name != "echo" {
			t.Errorf("%q: last call is %q, not echo", tc.src, c.Name)
			continue
		}
		static := true
		var words []string
		var cands []string
		for _, a := range c.Args {
			static = static && a.Static
			words = append(words, a.Value)
			if !a.Static && a.OneOf {
				cands = slices.Clone(a.Candidates())
			}
		}
		slices.Sort(cands)
		got := strings.Join(words, " ")
		want := strings.ReplaceAll(tc.want, "DIR", dir)
		oneOf := strings.Contains(want, "|")
		switch {
		case want == "?" && (static || cands != nil):
			t.Errorf("%q: corral says %q (candidates %q); want unknown", tc.src, got, cands)
		case oneOf && strings.Join(cands, "|") != want:
			t.Errorf("%q: candidates %q, want exactly %s", tc.src, cands, want)
		case want != "?" && !oneOf && !static:
			t.Errorf("%q: corral says the words are only known at run time (%q); want %q", tc.src, got, want)
		case want != "?" && !oneOf && got != want:
			t.Errorf("%q: corral says %q, want %q", tc.src, got, want)
		}
		for _, cond := range []string{"0", "1"} {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
			cmd.Dir = dir
			cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C", "C=" + cond}
			out, _ := cmd.Output()
			cancel()
			lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			printed := lines[len(lines)-1]
			switch {
			case static && printed != got:
				t.Errorf("%q (C=%s): bash printed %q, corral said %q", tc.src, cond, printed, got)
			case oneOf && !slices.Contains(cands, printed):
				t.Errorf("%q (C=%s): bash printed %q, not one of corral's candidates %q", tc.src, cond, printed, cands)
			}
		}
	}
}
