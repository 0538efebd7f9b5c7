package syntax

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// conditionCases are scripts whose conditions are known before they run.
// RUN marks the last call: corral reads the script without it, bash runs
// it as echo. want is what a bash reader predicts the last call runs
// (name and arguments), which corral must know statically; never, when
// set, is a command in a branch that never runs, which corral must still
// record (it is judged for danger).
var conditionCases = []struct {
	src, want, never string
}{
	{`case x in x) c=rm;; *) c=ls; touch f;; esac; RUN $c -rf ~`, "rm -rf /home/u", "touch"},
	{`case x in y) c=rm;; *) c=ls;; esac; RUN $c -rf ~`, "ls -rf /home/u", ""},
	{`c=ls; case x in y) c=rm; touch f;; esac; RUN $c -rf ~`, "ls -rf /home/u", "touch"},
	{`case abc in a*) c=rm;; *) c=ls;; esac; RUN $c x`, "rm x", ""},
	{`case abc in "a*") c=rm;; *) c=ls;; esac; RUN $c x`, "ls x", ""},
	{`case /x/y in *y) c=rm;; esac; RUN $c x`, "rm x", ""},
	{`if true; then c=rm; else c=ls; touch f; fi; RUN $c -rf ~`, "rm -rf /home/u", "touch"},
	{`if false; then c=rm; touch f; else c=ls; fi; RUN $c -rf ~`, "ls -rf /home/u", "touch"},
	{`if :; then c=rm; fi; RUN $c x`, "rm x", ""},
	{`if ! true; then c=rm; else c=ls; fi; RUN $c x`, "ls x", ""},
	{`c=ls; if [ 1 = 2 ]; then c=rm; elif [ a != a ]; then c=mv; fi; RUN $c x`, "ls x", ""},
	{`c=ls; if [ 1 = 2 ]; then c=rm; elif [ 3 -gt 2 ]; then c=mv; fi; RUN $c x`, "mv x", ""},
	{`[ 1 = 1 ] && c=rm; RUN $c -rf ~`, "rm -rf /home/u", ""},
	{`c=ls; [ 1 = 2 ] && c=rm; RUN $c -rf ~`, "ls -rf /home/u", ""},
	{`x=ls; true || x=rm; RUN $x -rf ~`, "ls -rf /home/u", ""},
	{`x=ls; false || x=rm; RUN $x -rf ~`, "rm -rf /home/u", ""},
	{`x=ls; if false; then x=rm; fi; RUN $x -rf ~/work`, "ls -rf /home/u/work", ""},
	{`v=a; test "$v" = a && c=rm; RUN $c x`, "rm x", ""},
	{`test -n "" || c=rm; RUN $c x`, "rm x", ""},
	{`[ -z "" ] && [ 2 -le 2 ] && c=rm; RUN $c x`, "rm x", ""},
	{`[[ abc == a* ]] && c=rm; RUN $c x`, "rm x", ""},
	{`c=ls; [[ abc == "a*" ]] && c=rm; RUN $c x`, "ls x", ""},
	{`[[ -n x && 1 -eq 1 ]] && c=rm; RUN $c x`, "rm x", ""},
	{`c=ls; [[ ! -z x ]] || c=rm; RUN $c x`, "ls x", ""},
	{`c=ls; false && true && c=rm; RUN $c x`, "ls x", ""},
	{`c=ls; true && false && c=rm; RUN $c x`, "ls x", ""},
	{`c=rm; false && c=ls || true; RUN $c x`, "rm x", ""},
}

// TestConditionsInBash checks each case against the prediction and real
// bash.
func TestConditionsInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range conditionCases {
		src := strings.ReplaceAll(tc.src, "RUN ", "")
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		last := m.Calls[len(m.Calls)-1]
		words := append([]string{last.NameArg.Value}, last.Words()...)
		got := strings.Join(words, " ")
		if !last.NameArg.Static || last.Choice != nil {
			t.Errorf("%q: corral does not know the last command (%q)", src, got)
		} else if got != tc.want {
			t.Errorf("%q: corral says %q, want %q", src, got, tc.want)
		}
		if tc.never != "" {
			found := false
			for _, c := range m.Calls {
				found = found || c.Name == tc.never
			}
			if !found {
				t.Errorf("%q: the call %s in a branch that never runs is not recorded", src, tc.never)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", strings.ReplaceAll(tc.src, "RUN ", "echo "))
		cmd.Dir = dir
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, _ := cmd.Output()
		cancel()
		if printed := strings.TrimSuffix(string(out), "\n"); printed != tc.want {
			t.Errorf("%q: bash runs %q, the case says %q", tc.src, printed, tc.want)
		}
	}
}

// TestConditionsUnknown checks look-alikes whose conditions only run time
// knows: the value after them stays unknown.
func TestConditionsUnknown(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`c=ls; [ -e /x ] && c=rm; $c x`,
		`c=ls; [ "$X" = 1 ] && c=rm; $c x`,
		`c=ls; case $X in a) c=rm;; esac; $c x`,
		`c=ls; case x in $P) c=rm;; esac; $c x`,
		`c=ls; case x in x) c=rm;& y) c=mv;; esac; $c x`,
		`c=ls; if grep -q a f; then c=rm; fi; $c x`,
		`c=ls; true() { return 1; }; true && c=rm; $c x`,
		`c=ls; [ * = x ] && c=rm; $c x`,
		`c=ls; [ 1 = 1 ] > /dev/full && c=rm; $c x`,
	} {
		m, err := Analyze(src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		last := m.Calls[len(m.Calls)-1]
		if last.NameArg.Static && last.Choice == nil {
			t.Errorf("%q: corral says the last command is %q; only run time knows", src, last.NameArg.Value)
		}
	}
}
