package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// payloadCase is a command that bash may make run the payload "touch
// canary" from text that looks like data; file, when set, is written to
// the file "dc" of the working directory first (the agent wrote it
// earlier). ran says whether bash runs the payload (checked in real
// bash); corral must then show the touch call or list hidden code, and
// must show neither when it does not.
type payloadCase struct {
	src  string
	file string
	ran  bool
}

// checkPayloads runs each case in corral and in real bash.
func checkPayloads(t *testing.T, cases []payloadCase) {
	t.Helper()
	bash := bashPath(t)
	for _, tc := range cases {
		dir := oracleDir(t)
		if tc.file != "" {
			if err := os.WriteFile(filepath.Join(dir, "dc"), []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		read := func(p string) (string, error) { b, err := os.ReadFile(p); return string(b), err }
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: dir, ReadFile: read})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		seen := len(m.Hidden) > 0
		for _, c := range m.Calls {
			if c.Name == "touch" && len(c.Args) >= 1 && c.Args[0].Value == "canary" {
				seen = true
			}
		}
		if seen != tc.ran {
			t.Errorf("%q: corral sees the payload %v, want %v (hidden %+v)", tc.src, seen, tc.ran, m.Hidden)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin", "LC_ALL=C", "TERM=dumb"}
		_ = cmd.Run()
		cancel()
		_, err = os.Stat(filepath.Join(dir, "canary"))
		if ran := err == nil; ran != tc.ran {
			t.Errorf("%q: in bash the payload ran %v, the table says %v", tc.src, ran, tc.ran)
		}
	}
}

// TestDeclCompoundOracle: a quoted compound array assignment given to a
// declaration builtin is parsed again by bash (bash(1), declare: "When
// … -a or -A and the compound assignment syntax is used …"; bash 5.2
// accepts the parentheses from quotes or a variable when the variable
// is an array) and its substitutions run (red team 16, DC1); plain
// assignments and non-array declarations keep the text (look-alikes).
func TestDeclCompoundOracle(t *testing.T) {
	t.Parallel()
	line := "a=($(touch canary))\n"
	checkPayloads(t, []payloadCase{
		{src: `declare -a 'a=($(touch canary))'`, ran: true},
		{src: `declare -a a='($(touch canary))'`, ran: true},
		{src: `declare -a a="(\$(touch canary))"`, ran: true},
		{src: `typeset -a 'a=($(touch canary))'`, ran: true},
		{src: `readonly -a 'a=($(touch canary))'`, ran: true},
		{src: `export -a 'a=($(touch canary))'`, ran: true},
		{src: `declare -ax 'a=($(touch canary))'`, ran: true},
		{src: `f(){ local -a 'a=($(touch canary))'; }; f`, ran: true},
		{src: `a=(); declare 'a=($(touch canary))'`, ran: true},
		{src: `a=(); typeset a='($(touch canary))'`, ran: true},
		{src: `declare -a a; declare a='($(touch canary))'`, ran: true},
		{src: "declare -a 'a=(`touch canary`)'", ran: true},
		{src: `declare -A m='([$(touch canary)]=1)'`, ran: true},
		{src: `declare -A m='([k]=$(touch canary))'`, ran: true},
		{src: `declare -a a='([$(touch canary)]=1)'`, ran: true},
		{src: `declare -a a+='($(touch canary))'`, ran: true},
		{src: `declare -a a='(${x:=$(touch canary)})'`, ran: true},
		{src: `v='a=($(touch canary))'; declare -a "$v"`, ran: true},
		{src: `v='($(touch canary))'; declare -a a="$v"`, ran: true},
		{src: `if [ -d . ]; then v='($(touch canary))'; else v='(1)'; fi; declare -a a="$v"`, ran: true},
		// The text from a file the agent wrote earlier.
		{src: `v=$(cat dc); declare -a "$v"`, file: line, ran: true},
		{src: `read -r v < dc; declare -a "$v"`, file: line, ran: true},
		{src: `declare -a "$(cat dc)"`, file: line, ran: true},
		{src: `f(){ local -a "$1"; }; f "$(cat dc)"`, file: line, ran: true},
		// Look-alikes: bash keeps the text.
		{src: `declare -a a=('$(touch canary)')`},
		{src: `a=('$(touch canary)')`},
		{src: `declare x='($(touch canary))'`},
		{src: `declare 'a=($(touch canary))'`},
		{src: `a+='($(touch canary))'`},
		{src: `a='($(touch canary))'`},
		{src: `a=(); a='($(touch canary))'`},
		{src: `declare -a a='($(touch canary) )x'`},
		{src: `declare -a a=' ($(touch canary))'`},
		{src: `export a='($(touch canary))'`},
		{src: `readonly a='($(touch canary))'`},
		{src: `f(){ local 'a=($(touch canary))'; }; f`},
		{src: `declare -a arr=(1 2 3); declare -a b='(x y)'; echo "${arr[@]}" "${b[@]}"`},
		{src: `v=$(cat dc); declare -a "$v"`, file: "a=(1 2 3)\n"},
		{src: `v='a=(1 2)'; declare -a "$v"; x=2; declare -a y="$x"`},
	})
}

// TestDeclCompoundValues: the array bash builds from a quoted compound
// assignment is the one corral computes.
func TestDeclCompoundValues(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	staticAfterOracle(t, bash, dir, []preludeWord{
		{"declare -a a='(x y)'; ", `"${a[@]}"`},
		{"declare -a 'a=(/x ~/y)'; ", `"${a[@]}"`},
		{"declare -A m='([k]=/v)'; ", `"${m[k]}"`},
		{"a=(1); declare a+='(2 3)'; ", `"${a[@]}"`},
		{"v='a=(p q)'; declare -a \"$v\"; ", `"${a[@]}"`},
	})
}
