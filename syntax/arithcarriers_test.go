package syntax

import "testing"

// TestArithCarriersOracle: a file's text that a loop variable, an array
// or the positional parameters carry into arithmetic is an expression
// bash evaluates, and a[$(cmd)] in it runs cmd (bash(1), ARITHMETIC
// EVALUATION: "the value of a variable is evaluated as an arithmetic
// expression when it is referenced"; red team 16 AR1). corral reads the
// file at hook time and sees the payload; a file of numbers and plain
// loops stay quiet. Each row runs in real bash too.
func TestArithCarriersOracle(t *testing.T) {
	t.Parallel()
	payload := "a[$(touch${IFS}canary)]\n"
	checkPayloads(t, []payloadCase{
		{src: `for n in $(cat dc); do echo $((n+1)); done`, file: payload, ran: true},
		{src: `for n in "$(cat dc)"; do echo $((n)); done`, file: payload, ran: true},
		{src: "for n in `cat dc`; do [[ $n -gt 0 ]]; done", file: payload, ran: true},
		{src: `set -- $(cat dc); echo $(($1))`, file: payload, ran: true},
		{src: `a=($(cat dc)); echo $((a[0]))`, file: payload, ran: true},
		{src: `a=($(cat dc)); echo $((${a[0]}))`, file: payload, ran: true},
		{src: `f(){ echo $(($1)); }; f "$(cat dc)"`, file: payload, ran: true},
		{src: `set -- $(cat dc); for n; do (( n )); done`, file: payload, ran: true},
		// Look-alikes: numbers, and values only printed.
		{src: `for i in $(cat dc); do echo $((i+1)); done`, file: "1\n2\n3\n"},
		{src: `for n in 1 2 3; do echo $((n)); done`},
		{src: `for n in $(cat dc); do echo "$n"; done`, file: payload},
		{src: `a=($(cat dc)); echo "${a[@]}"; set -- $(cat dc); echo "$1"`, file: payload},
		{src: `for n in $(seq 3); do echo $((n*2)); done`},
	})
}

// TestArithCarriedProgramOutput: a program's output carried into
// arithmetic by a loop variable, an array or the parameters is text
// only run time knows: Model.Hidden, as x=$(git log …); ((x)) is; a
// program that prints a number (seq, wc -l) is not.
func TestArithCarriedProgramOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		src    string
		hidden bool
	}{
		{`for n in $(git log -1 --format=%s); do echo $((n)); done`, true},
		{`a=($(git log -1 --format=%s)); echo $((a[0]))`, true},
		{`set -- $(git log -1 --format=%s); echo $(($1))`, true},
		{`for n in $(git log -1 --format=%s); do echo "$n"; done`, false},
		{`for n in $(seq 5); do echo $((n)); done`, false},
		{`set -- $(wc -l < f); echo $(($1))`, false},
		{`for v in $(compgen -v); do echo "${!v}"; done`, false},
		{`for v in $(compgen -W "$x"); do echo "${!v}"; done`, true},
	} {
		m, err := Analyze(tt.src, Options{Cwd: dir, Home: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(m.Hidden) > 0; got != tt.hidden {
			t.Errorf("%q: hidden %v, want %v (%+v)", tt.src, got, tt.hidden, m.Hidden)
		}
	}
}
