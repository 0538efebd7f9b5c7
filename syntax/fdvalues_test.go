package syntax

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fdValueCase is a script whose last command is printf '%s\0' START
// WORD END: bash runs it (echo in place of the command a variable
// names) and corral resolves WORD after the same script.
type fdValueCase struct {
	prelude, word string
	// static: corral must know the word; otherwise it may leave it to
	// run time, but a value it does give must be bash's.
	static bool
}

// bashRunFields runs prelude + printf '%s\0' START WORD END in real bash
// with its standard input empty, in dir, HOME=/home/u.
func bashRunFields(t testing.TB, bash, dir, prelude, word string) ([]string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", "ulimit -v 400000; set -f; "+prelude+"printf '%s\\0' START "+word+" END")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
	// A background writer of a fifo no one reads again stays blocked
	// holding the output pipe: stop waiting for it (and kill the group).
	cmd.WaitDelay = 2 * time.Second
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var out bytes.Buffer
	cmd.Stdout = &out
	_ = cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // its blocked background jobs
	}
	s := out.String()
	i := strings.LastIndex(s, "START\x00")
	if i < 0 {
		return nil, false
	}
	fields := strings.Split(strings.TrimSuffix(s[i:], "\x00"), "\x00")
	if len(fields) < 2 || fields[len(fields)-1] != "END" {
		return nil, false
	}
	return fields[1 : len(fields)-1], true
}

func checkFdValues(t *testing.T, cases []fdValueCase) {
	t.Helper()
	bash := bashPath(t)
	for _, tc := range cases {
		dir := oracleDir(t)
		got, st, ok := corralFieldsAfter(t, dir, tc.prelude, tc.word)
		if !ok {
			t.Errorf("%q %s: corral did not analyse it", tc.prelude, tc.word)
			continue
		}
		b, bok := bashRunFields(t, bash, dir, tc.prelude, tc.word)
		if !bok {
			t.Errorf("%q %s: bash printed no fields", tc.prelude, tc.word)
			continue
		}
		switch {
		case st && strings.Join(got, "\x00") != strings.Join(b, "\x00"):
			t.Errorf("%q %s: corral %q, bash %q", tc.prelude, tc.word, got, b)
		case !st && tc.static:
			t.Errorf("%q %s: corral leaves it to run time, bash %q", tc.prelude, tc.word, b)
		}
	}
}

// TestReadRecordInBash: read's record (-d, -n, -N, NUL bytes, no name:
// REPLY) and the descriptor it reads after its own redirections in order
// (< /dev/stdin, /dev/fd/0, 3<<< … <&3, -u), as real bash stores it.
func TestReadRecordInBash(t *testing.T) {
	t.Parallel()
	checkFdValues(t, []fdValueCase{
		{"read -r c <<< 'rm -rf /'; ", `$c`, true},
		{"read -d '' v <<< 'rm -rf /'; ", `"$v"`, true},
		// IFS= keeps the newline a here-string ends with: no delimiter.
		{"IFS= read -rd '' v <<< 'rm -rf /'; ", `"$v"`, true},
		{"IFS= read -rd '' v <<< ' rm -rf / '; ", `"$v"`, true},
		{"read -rd '' v <<< ' rm -rf / '; ", `"$v"`, true},
		{"read -rd '' v <<< $'rm\\n-rf /'; ", `"$v"`, true},
		{"read -rd '' v <<< $'rm\\n-rf /'; ", `$v`, true},
		{"read -rd '' v <<< $'rm\\n-rf /\\n\\n'; ", `"$v"`, true},
		{"read -rd '' v <<'E'\nrm\n-rf /\nE\n", `"$v"`, true},
		{"IFS=$'\\n' read -rd '' a b <<'E'\nrm -rf\n/\nE\n", `"$a|$b"`, true},
		{"read -rd x v <<< 'rm -rf /x'; ", `"$v"`, true},
		{"read -rd xyz v <<< 'rm -rf /x'; ", `"$v"`, true},
		{"read -rd / v <<< 'rm -rf /x'; ", `"$v"`, true},
		{"read -rd '' v < <(printf 'rm -rf /\\0ls'); ", `"$v"`, true},
		{"read -r v < <(printf 'rm -rf \\0/\\n'); ", `"$v"`, true},
		{"read -n 5 v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -n5 v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -rn 50 v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -n 50 v <<< ' rm -rf / '; ", `"$v"`, true},
		{"IFS= read -n 50 v <<< ' rm -rf / '; ", `"$v"`, true},
		{"read -n 4 v <<< $'rm\\n-rf /'; ", `"$v"`, true},
		{"read -N 5 v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -N 50 v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -N 10 v <<< ' rm -rf / '; ", `"$v"`, true},
		{"read -rN 10 v <<< $'rm\\n-rf /'; ", `"$v"`, true},
		{"read -N 4 a b <<< 'x y z'; ", `"$a|$b"`, true},
		{"read -a A -N 4 <<< 'x y z'; ", `"${A[@]}"`, true},
		{"read -rN 9 -a A <<< 'rm -rf /'; ", `${A[@]}`, true},
		{"read -n 0 v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -t 5 v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -s -p '> ' v <<< 'rm -rf /'; ", `"$v"`, true},
		{"read <<< ' rm -rf / '; ", `"$REPLY"`, true},
		{"read -rd '' <<< ' rm -rf / '; ", `"$REPLY"`, true},
		{"read v < /dev/null; ", `"$v"`, false},
		// The descriptor after the call's redirections, in order.
		{"read v < /dev/stdin <<< 'rm -rf /'; ", `"$v"`, true},
		{"read v <<< 'rm -rf /' < /dev/stdin; ", `"$v"`, true},
		{"read v < /dev/fd/0 <<< 'rm -rf /'; ", `"$v"`, true},
		{"read v <<< 'ls' <<< 'rm -rf /'; ", `"$v"`, true},
		{"read -u 3 v 3<<< 'rm -rf /'; ", `"$v"`, true},
		{"read -u3 v 3<<< 'rm -rf /' <<< 'ls'; ", `"$v"`, true},
		{"read v 3<<< 'rm -rf /' <&3; ", `"$v"`, true},
		{"read v 3<<< 'rm -rf /' 0<&3 <<< ls; ", `"$v"`, true},
		// Left to run time: backslashes without -r, -t 0 (reads and
		// assigns nothing), text not ASCII under a count.
		{"v=ls; read -t 0 v <<< 'rm -rf /'; ", `"$v"`, false},
		{"read -n 3 v <<< 'a\\bcd'; ", `"$v"`, false},
		{"read -rn 3 v <<< 'éa'; ", `"$v"`, false},
		{"v=ls; read -Z v <<< 'rm -rf /'; ", `"$v"`, false},
		{"v=ls; read -n x v <<< 'rm -rf /'; ", `"$v"`, false},
	})
}

// TestMapfilePrintfInBash: mapfile's records (-d, -t, -s, -n, no -t, the
// default MAPFILE, IFS no part) and printf -v's option as bash's getopt
// reads it (-vNAME, --), as real bash stores them.
func TestMapfilePrintfInBash(t *testing.T) {
	t.Parallel()
	checkFdValues(t, []fdValueCase{
		{"printf -v v '%s' 'rm -rf /'; ", `$v`, true},
		{"printf -vv '%s' 'rm -rf /'; ", `"$v"`, true},
		{"printf -v v -- '%s' 'rm -rf /'; ", `"$v"`, true},
		{"printf -v v -- '%s %s' rm '-rf /'; ", `$v`, true},
		{"v=ls; printf -v v -x '%s' 'rm -rf /'; ", `"$v"`, false},
		{"v=ls; printf -v 'v[0]' '%s' 'rm -rf /'; ", `$v`, false},
		{"mapfile -t a <<< 'rm -rf /'; ", `"${a[0]}"`, true},
		{"mapfile a <<< 'rm -rf /'; ", `"${a[0]}"`, true},
		{"mapfile a <<< 'rm -rf /'; ", `${a[0]}`, true},
		{"readarray a <<< $'rm\\n-rf /'; ", `${a[@]}`, true},
		{"mapfile -d '' a <<< 'rm -rf /'; ", `"${a[0]}"`, true},
		{"mapfile -td '' a < <(printf 'rm\\0-rf\\0/\\0'); ", `"${a[@]}"`, true},
		{"mapfile -d / -t a <<< 'rm -rf /x/y'; ", `"${a[@]}"`, true},
		{"mapfile -t -s 1 a <<< $'x\\nrm -rf /'; ", `"${a[0]}"`, true},
		{"mapfile -t -s 5 a <<< $'x\\nrm -rf /'; ", `"${a[@]}"`, true},
		{"mapfile -t -n 1 a <<< $'rm -rf /\\nx'; ", `"${a[@]}"`, true},
		{"mapfile -t -n 0 a <<< $'rm -rf /\\nx'; ", `"${a[@]}"`, true},
		{"mapfile -ts1 -n1 a <<< $'x\\nrm -rf /\\ny'; ", `"${a[@]}"`, true},
		{"mapfile -t < /dev/stdin <<< 'rm -rf /'; ", `"${MAPFILE[0]}"`, true},
		{"IFS=: mapfile -t a <<< 'rm -rf /'; ", `"${a[0]}"`, true},
		{"mapfile -t a <<< $'rm -rf /\\n\\n'; ", `"${#a[@]}|${a[1]}"`, true},
		{"mapfile -u 3 -t a 3<<< 'rm -rf /'; ", `"${a[0]}"`, true},
		// -O keeps the old elements; -C runs a callback.
		{"a=(ls x); mapfile -O 1 -t a <<< 'rm -rf /'; ", `"${a[@]}"`, false},
		{"mapfile -t a < /dev/null; ", `"${#a[@]}"`, false},
		// An element named by printf -v or read: the array (and $v, its
		// element 0) changes.
		{"v=ls; read 'v[0]' <<< 'rm -rf /'; ", `$v`, false},
		{"v=ls; read -r v[0] <<< 'rm -rf /'; ", `$v`, false},
		{"v=(ls x); printf -v 'v[0]' '%s' 'rm -rf /'; ", `${v[@]}`, false},
	})
}

// TestFilterRoundTripsInBash: a value sent through tac, rev or xxd and
// back (revfilters.go) is the one bash's substitution or read gets.
func TestFilterRoundTripsInBash(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"tac", "rev", "xxd"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " not installed")
		}
	}
	checkFdValues(t, []fdValueCase{
		{"v=$(echo 'rm -rf /' | tac | tac); ", `$v`, true},
		{"v=$(printf 'rm\\n-rf\\n/\\n' | tac); ", `$v`, true},
		{"v=$(echo '/ fr- mr' | rev); ", `$v`, true},
		{"v=$(rev <<< '/ fr- mr'); ", `$v`, true},
		{"v=$(echo 'rm -rf /' | rev | rev); ", `"$v"`, true},
		{"v=$(echo 'rm -rf /' | xxd | xxd -r); ", `"$v"`, true},
		{"v=$(echo 'rm -rf / and a line longer than sixteen bytes' | xxd | xxd -r); ", `"$v"`, true},
		{"v=$(echo 'rm -rf /' | xxd -p | xxd -r -p); ", `"$v"`, true},
		{"v=$(xxd -r -p <<< 726d202d7266202f); ", `$v`, true},
		{"read -r c < <(echo '/ fr- mr' | rev); ", `$c`, false},
		// xxd's own ways of reading its words, and a dump that is not
		// xxd's: left to run time.
		{"v=$(echo 726d0a | xxd -rp); ", `"$v"`, false},
		{"v=$(printf '00000000: 726d 0a  junk\\n' | xxd -r); ", `"$v"`, false},
		{"v=$(echo 'rm -rf /' | tac -s f | tac -s f); ", `"$v"`, false},
	})
}

// TestCoprocReadsInBash: a coprocess's output read through a copy of
// its descriptor (exec 4<&${P[0]}), and coproc CMD <<< … of a simple
// command (which mvdan.cc/sh parses as NAME CMD and a statement of the
// redirection alone).
func TestCoprocReadsInBash(t *testing.T) {
	t.Parallel()
	checkFdValues(t, []fdValueCase{
		{"coproc cat <<< 'rm -rf /'; read -u ${COPROC[0]} v; ", `"$v"`, true},
		{"coproc cat <<< 'rm -rf /'; exec 4<&${COPROC[0]}; read -u 4 v; ", `"$v"`, true},
		{"coproc P { echo 'rm -rf /'; }; exec 4<&${P[0]}; read v <&4; ", `"$v"`, true},
		{"coproc P { echo 'rm -rf /'; }; exec 4<&${P[0]}; read -u4 v; ", `"$v"`, true},
		{"coproc P { echo 'rm -rf /'; }; exec 4<&${P[0]} 5<&4; read -u 5 v; ", `"$v"`, true},
		{"coproc tac <<< 'rm -rf /'; read -u ${COPROC[0]} v; ", `"$v"`, false},
		{"coproc P { echo 'rm -rf /'; }; exec 4<&${P[0]}; read v <&4 <<< ls; ", `"$v"`, true},
	})
}

// TestFifoReadsInBash: a fifo's one background writer is what its
// reader gets; two writers race (fifo.go). A substitution reading
// /dev/fd/N of a here-string reads that text.
func TestFifoReadsInBash(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("mkfifo"); err != nil {
		t.Skip("mkfifo not installed")
	}
	checkFdValues(t, []fdValueCase{
		{"mkfifo f; echo 'rm -rf /' > f & read v < f; ", `"$v"`, true},
		{"mkfifo f; { echo 'rm -rf /' > f; } & read v < f; ", `"$v"`, true},
		{"mkfifo f; echo 'rm -rf /' > f & exec 3< f; read -u 3 v; ", `"$v"`, true},
		{"mkfifo f; echo 'rm -rf /' > f & v=$(cat f); ", `"$v"`, true},
		{"mkfifo f; cat <<< 'rm -rf /' > f & read v < f; ", `"$v"`, true},
		{"mkfifo f; echo 'rm -rf /' > f & mapfile -t a < f; ", `"${a[0]}"`, true},
		// Two writers: either text.
		{"mkfifo f; echo ls > f & echo 'rm -rf /' > f & read v < f; ", `"$v"`, false},
		{"mkfifo f; echo 'rm -rf /' > f & echo ls > f & read v < f; ", `"$v"`, false},
		{"echo ls > f; echo 'rm -rf /' > f & sleep 0.2; read v < f; ", `"$v"`, false},
		{"exec 3<<< 'rm -rf /'; v=$(sed q < /dev/fd/3); ", `"$v"`, true},
		{"{ v=$(sed q < /dev/fd/3); } 3<<< 'rm -rf /'; ", `"$v"`, true},
		{"v=$(sed q /dev/fd/3 3<<< 'rm -rf /'); ", `"$v"`, true},
		{"v=$(sed q 3<<< 'rm -rf /' < /dev/fd/3); ", `"$v"`, true},
		{"v=$(head -1 /dev/stdin <<< 'rm -rf /'); ", `"$v"`, true},
		{"v=$(sed q < /dev/fd/3) 3<<< 'rm -rf /'; ", `"$v"`, false},
	})
}

// TestEvalReadsInBash: eval's redirections are the descriptors its text
// runs with (eval 'read v' <<< …).
func TestEvalReadsInBash(t *testing.T) {
	t.Parallel()
	checkFdValues(t, []fdValueCase{
		{"eval 'read v' <<< 'rm -rf /'; ", `"$v"`, true},
		{"eval 'read -u 3 v' 3<<< 'rm -rf /'; ", `"$v"`, true},
		{"eval read v <<< 'rm -rf /'; ", `"$v"`, true},
		{"eval 'read v < /dev/stdin' <<< 'rm -rf /'; ", `"$v"`, true},
		{"eval 'read v <&3' 3<<< 'rm -rf /'; ", `"$v"`, true},
		{"eval 'read v' <<< 'rm -rf /'; read w <<< ls; ", `"$v|$w"`, true},
		// After eval its redirections are gone: the read of fd 3 is the
		// shell's own.
		{"eval 'read v' 3<<< 'rm -rf /'; ", `"$v"`, false},
		{"eval : 3<<< 'rm -rf /'; read -u 3 v; ", `"$v"`, false},
	})
}
