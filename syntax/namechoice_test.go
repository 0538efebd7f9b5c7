package syntax

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// nameChoiceCases are commands whose name word takes one of a bounded set
// of values. RUN marks the call: corral reads the command without it, bash
// runs it as echo, so that bash prints the words it would run. want are
// the readings a bash reader predicts (name and arguments, space-joined),
// sorted; complete reports that they are every value.
var nameChoiceCases = []struct {
	src      string
	want     []string
	complete bool
}{
	{`RUN ${RM:-rm} -rf ~`, []string{"rm -rf /home/u"}, false},
	{`RUN "${G:-git}" clone u`, []string{"git clone u"}, false},
	{`RUN ${G-git} status`, []string{"git status"}, false},
	{`c=rm; [ "$C" = 1 ] && c=ls; RUN $c -rf ~`, []string{"ls -rf /home/u", "rm -rf /home/u"}, true},
	{`if [ "$C" = 1 ]; then c=rm; else c=ls; fi; RUN $c -rf ~`, []string{"ls -rf /home/u", "rm -rf /home/u"}, true},
	// An empty value drops an unquoted word: the next word is the name.
	{`s=; [ "$C" = 1 ] && s=sudo; RUN $s rm x`, []string{"rm x", "sudo rm x"}, true},
	// An unquoted value with blanks is split.
	{`c=ls; [ "$C" = 1 ] && c='rm -f'; RUN $c x`, []string{"ls x", "rm -f x"}, true},
}

// TestNameChoicesInBash checks the readings of each case against the
// prediction and against real bash: with the condition false and true,
// and with every variable the name depends on unset, what bash runs is one
// of corral's readings.
func TestNameChoicesInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range nameChoiceCases {
		src := strings.ReplaceAll(tc.src, "RUN ", "")
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		var got []string
		var choice *NameChoice
		unknown := false
		for _, c := range m.Calls {
			if c.Choice == nil {
				unknown = unknown || c.Name == "" && c.NameArg.Word != nil && !c.NameArg.Static
				continue
			}
			choice = c.Choice
			words := append(slices.Clone(c.Wrappers), c.NameArg.Value)
			got = append(got, strings.Join(append(words, c.Words()...), " "))
		}
		slices.Sort(got)
		if choice == nil {
			t.Errorf("%q: no readings", src)
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: readings %q, want %q", src, got, tc.want)
		}
		if choice.Complete != tc.complete || unknown == tc.complete {
			t.Errorf("%q: complete %v (call as written kept: %v), want complete %v", src, choice.Complete, unknown, tc.complete)
		}
		for _, cond := range []string{"0", "1"} {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", strings.ReplaceAll(tc.src, "RUN ", "echo "))
			cmd.Dir = dir
			cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C", "C=" + cond}
			out, _ := cmd.Output()
			cancel()
			printed := strings.TrimSuffix(string(out), "\n")
			if !slices.Contains(got, printed) {
				t.Errorf("%q (C=%s): bash runs %q, not one of corral's readings %q", tc.src, cond, printed, got)
			}
		}
	}
}
