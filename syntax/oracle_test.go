package syntax

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	sh "mvdan.cc/sh/v3/syntax"
)

// oraclePrelude gives bash and corral the same known variables. No value
// holds a substitution: the words expanded against them run nothing.
const oraclePrelude = `a='x y'; b=; c='*'; d=/; e=$'\t'; f='-rf /'; h='/a:/b'; arr=(one 'two three' ''); set -- p1 'p 2'; unset u; `

// oracleDir is the working directory both are told of.
func oracleDir(t testing.TB) string {
	dir := t.TempDir()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return dir
}

// bashFields runs printf '%s\0' WORD in real bash, after the prelude, with
// globbing off and a fixed environment, and returns the fields; ok is
// false when bash failed (an error such as ${u?}).
func bashFields(t testing.TB, bash, dir, word string) ([]string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", "ulimit -v 400000; set -f; "+oraclePrelude+"printf '%s\\0' START "+word+" END")
	cmd.Dir = dir
	cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil, false
	}
	fields := strings.Split(strings.TrimSuffix(out.String(), "\x00"), "\x00")
	if len(fields) < 2 || fields[0] != "START" || fields[len(fields)-1] != "END" {
		return nil, false
	}
	return fields[1 : len(fields)-1], true
}

// corralFields expands the same word in corral's model; static is false
// when corral says some part is only known at run time.
func corralFields(t testing.TB, dir, word string) (fields []string, static bool, ok bool) {
	return corralFieldsAfter(t, dir, oraclePrelude, word)
}

// corralFieldsAfter is corralFields after another prelude.
func corralFieldsAfter(t testing.TB, dir, prelude, word string) (fields []string, static bool, ok bool) {
	src := prelude + "printf '%s\\0' START " + word + " END"
	m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
	if err != nil || len(m.Calls) == 0 {
		return nil, false, false
	}
	// The last top-level call (the calls of substitutions in the word
	// come after it).
	var c *Call
	for i := len(m.Calls) - 1; i >= 0 && c == nil; i-- {
		if m.Calls[i].Host == nil && m.Calls[i].Script.Depth == 0 {
			c = m.Calls[i]
		}
	}
	if c == nil || c.Name != "printf" {
		return nil, false, false
	}
	fields = []string{}
	static = true
	if len(c.Args) < 3 || c.Args[1].Value != "START" || c.Args[len(c.Args)-1].Value != "END" {
		return nil, false, false
	}
	for _, a := range c.Args[2 : len(c.Args)-1] {
		fields = append(fields, a.Value)
		static = static && a.Static
	}
	return fields, static, true
}

// oracleSafe reports whether word is one simple word list that runs
// nothing in bash: no substitution, no redirection, no second command,
// no brace sequence big enough to exhaust memory.
func oracleSafe(word string) bool {
	if strings.ContainsAny(word, "`\x00\n") {
		return false
	}
	// parseSource, as Analyze parses: a carriage return is an ordinary
	// character to bash (\r#>0 is the word \r# and a redirection),
	// which mvdan's parser alone takes for a blank.
	f, err := parseSource("printf '%s\\0' START " + word + " END")
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) > 0 || f.Stmts[0].Background || f.Stmts[0].Negated || f.Stmts[0].Coprocess {
		return false
	}
	ce, isCall := f.Stmts[0].Cmd.(*sh.CallExpr)
	if !isCall || len(ce.Assigns) > 0 {
		return false
	}
	safe := true
	sh.Walk(f, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst, *sh.ArithmExp, *sh.ExtGlob:
			safe = false
		case *sh.ParamExp:
			if n.Exp != nil && n.Exp.Op == sh.OtherParamOps {
				safe = false
			}
			if n.Exp != nil && (n.Exp.Op == sh.AssignUnset || n.Exp.Op == sh.AssignUnsetOrNull) {
				safe = false // ${x:=v} assigns; fine, but keep the oracle simple
			}
		}
		return safe
	})
	// Brace sequences: at most three digits per number.
	digits := 0
	for i := 0; i < len(word); i++ {
		if word[i] >= '0' && word[i] <= '9' {
			digits++
			if digits > 3 {
				return false
			}
		} else {
			digits = 0
		}
	}
	return safe && len(word) < 200
}

// expandCases are words as a bash reader predicts them after the
// prelude; want nil means corral must call the word dynamic.
var expandCases = []struct {
	word string
	want []string
}{
	{`plain`, []string{"plain"}},
	{`'single $a'`, []string{"single $a"}},
	{`"double $a"`, []string{"double x y"}},
	{`$a`, []string{"x", "y"}},
	{`"$a"`, []string{"x y"}},
	{`$b`, []string{}},
	{`"$b"`, []string{""}},
	{`$f`, []string{"-rf", "/"}},
	{`$c`, []string{"*"}},
	// An empty pattern removes nothing.
	// $@ in an operator's word inside double quotes makes a field per
	// parameter, which the expansion library joins: dynamic.
	{`"${1+$@}"`, nil},
	{`"${zz:-$@}"`, nil},
	{`"${h#}"`, []string{"/a:/b"}},
	{`"${h##}"`, []string{"/a:/b"}},
	{`"${h%}"`, []string{"/a:/b"}},
	{`"${h%%}"`, []string{"/a:/b"}},
	{`${f#}`, []string{"-rf", "/"}},
	{`$d$c`, []string{"/*"}},
	{`{x,~}`, []string{"x", "/home/u"}},
	// Braces before the tilde: each word is ~ or ~/…, the home.
	{`~{,}`, []string{"/home/u", "/home/u"}},
	{`~{/a,/b}`, []string{"/home/u/a", "/home/u/b"}},
	{`~{,/x}`, []string{"/home/u", "/home/u/x"}},
	{`~{/x,}y`, nil},
	{`~{zz9,zz8}`, nil},
	{`{a,b}{1,2}`, []string{"a1", "a2", "b1", "b2"}},
	{`{1..3}`, []string{"1", "2", "3"}},
	{`{a..c}`, []string{"a", "b", "c"}},
	{`x{}y`, []string{"x{}y"}},
	{`{x}`, []string{"{x}"}},
	{`"{a,b}"`, []string{"{a,b}"}},
	{`~`, []string{"/home/u"}},
	{`~/x`, []string{"/home/u/x"}},
	{`'~'`, []string{"~"}},
	{`x=~/y:~/z`, []string{"x=/home/u/y:/home/u/z"}},
	{`--opt=~/y`, []string{"--opt=~/y"}},
	{`a:~/b`, []string{"a:~/b"}},
	{`$'a\x00b'c`, []string{"ac"}},
	{`$'\0'`, []string{""}},
	{`$'a\tb'`, []string{"a\tb"}},
	// \u depends on the locale bash runs in.
	{`$'\u00e9'`, nil},
	{`${u:-/}`, []string{"/"}},
	{`${u-/}`, []string{"/"}},
	{`${b:-/}`, []string{"/"}},
	{`${b-/}`, []string{}},
	{`${a:+set}`, []string{"set"}},
	{`${u:+set}`, []string{}},
	{`${#a}`, []string{"3"}},
	{`${a%y}`, []string{"x"}},
	{`${a#x }`, []string{"y"}},
	{`${h//:/ }`, []string{"/a", "/b"}},
	{`${a^^}`, []string{"X", "Y"}},
	{`${a:1:1}`, []string{}},
	{`"${arr[@]}"`, []string{"one", "two three", ""}},
	{`${arr[@]}`, []string{"one", "two", "three"}},
	{`"${arr[1]}"`, []string{"two three"}},
	{`"${#arr[@]}"`, []string{"3"}},
	{`"$@"`, []string{"p1", "p 2"}},
	{`"$*"`, []string{"p1 p 2"}},
	{`$#`, []string{"2"}},
	{`"$2"`, []string{"p 2"}},
	{`"$3"`, []string{""}},
	{`\*`, []string{"*"}},
	{`/[e]tc`, []string{"/[e]tc"}},
	{`"$e"`, []string{"\t"}},
	{`$e`, []string{}},
	{`x${e}y`, []string{"x", "y"}},
	{`$IFS`, []string{}},
	{`"$IFS"`, []string{" \t\n"}},
	{`a\ b`, []string{"a b"}},
	{`"\$a \" \\ \x"`, []string{`$a " \ \x`}},
	// Anchored replacements (anchored.go): the longest match at the
	// start or the end, an empty pattern matching there too.
	{`"${d/#/}"`, []string{"/"}},
	{`"${d/#/x}"`, []string{"x/"}},
	{`${h/#'/'/Q}`, []string{"Qa:/b"}},
	{`"${h/#'/'/Q}"`, []string{"Qa:/b"}},
	{`"${h/#\//Q}"`, []string{"Qa:/b"}},
	{`"${h/#*:/}"`, []string{"/b"}},
	{`"${h/#?/}"`, []string{"a:/b"}},
	{`"${h/%b/z}"`, []string{"/a:/z"}},
	{`"${h/%:*/}"`, []string{"/a"}},
	{`"${h/%/!}"`, []string{"/a:/b!"}},
	{`"${h/#x/y}"`, []string{"/a:/b"}},
	{`"${a/# /y}"`, []string{"x y"}},
	{`${h/#'/'/}`, []string{"a:/b"}},
	{`"${u/#/x}"`, []string{""}},
	{`"${b/#/x}"`, []string{"x"}},
	{`${h/#'/a'/\$}`, []string{"$:/b"}},
	{`${a/#x/}`, []string{"y"}},
	// Slices of an array's elements.
	{`"${arr[@]:1}"`, []string{"two three", ""}},
	{`${arr[@]:1}`, []string{"two", "three"}},
	{`"${arr[@]:0:1}"`, []string{"one"}},
	{`"${arr[*]:1}"`, []string{"two three "}},
	{`"${arr[@]:9}"`, []string{}},
	// Constants bash cannot read make the expansion fail (FuzzExpand).
	{`${arr[*]:080}`, nil},
	{`${arr[*]:0x}`, nil}, // bash reads 0; the library does not: run time
	{`"${arr[*]:010:1}"`, []string{""}},
	{`"${arr[*]:2#1}"`, nil}, // a based constant: run time
	{`"${arr[1]:1}"`, nil},
	{`"${@:1}"`, nil},
	// The alternate value of a whole array.
	{`"${arr[*]+}"`, []string{""}},
	{`"${arr[@]+x}"`, []string{"x"}},
	{`"${arr[*]:+x}"`, []string{"x"}},
	{`${arr[@]+x y}`, []string{"x", "y"}},
	{`"${arr[@]:-x}"`, []string{"one", "two three", ""}},
	{`"${a[@]+q}"`, []string{"q"}},
	{`"${u[@]+q}"`, []string{}},
	{`"${u[*]+q}"`, []string{""}},
	// The default value of a whole array: the elements when it holds one
	// (for :-, when "${a[*]}" is not empty), else the word.
	{`"${u[@]-x y}"`, []string{"x y"}},
	{`${u[@]-x y}`, []string{"x", "y"}},
	{`"${u[*]:-d}"`, []string{"d"}},
	{`"${u[@]:-$d}"`, []string{"/"}},
	{`"${arr[*]-x}"`, []string{"one two three "}},
	{`"${b[@]:-x}"`, []string{"x"}},
	{`"${b[@]-x}"`, []string{""}},
	{`"${a[@]:-q}"`, []string{"x y"}},
	{`"${b[@]:+q}"`, []string{""}},
	{`"${arr[2]:+q}"`, []string{""}},
	// Only run time knows these.
	{`$HOSTNAME`, nil},
	{`$RANDOM`, nil},
	{`"$0"`, nil},
	{`$$`, nil},
	{`~nosuchuser9q`, nil}, // ~root is its home directory: TestTildeOracle
	{`"$u"x`, []string{"x"}},
	{`$NOPE/x`, nil},
}

func bashPath(t testing.TB) string {
	p, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	return p
}

// TestExpandOracle checks the expansion table against the reader's
// prediction and against real bash: every word corral calls static is
// byte for byte what bash makes of it.
func TestExpandOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range expandCases {
		if !oracleSafe(tc.word) {
			t.Fatalf("%s: not a word the oracle may run", tc.word)
		}
		got, static, ok := corralFields(t, dir, tc.word)
		if !ok {
			t.Errorf("%s: corral did not model printf", tc.word)
			continue
		}
		if tc.want == nil {
			if static {
				t.Errorf("%s: corral calls it static (%q), want dynamic", tc.word, got)
			}
			continue
		}
		if !static {
			t.Errorf("%s: corral calls it dynamic (%q), want %q", tc.word, got, tc.want)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: corral (-want +got):\n%s", tc.word, diff)
		}
		b, ok := bashFields(t, bash, dir, tc.word)
		if !ok {
			t.Errorf("%s: bash failed", tc.word)
			continue
		}
		if diff := cmp.Diff(b, got); diff != "" {
			t.Errorf("%s: corral differs from bash (-bash +corral):\n%s", tc.word, diff)
		}
	}
}

// FuzzExpand expands generated words in corral and in real bash and
// fails when a word corral calls static differs from bash's fields.
func FuzzExpand(f *testing.F) {
	for _, tc := range expandCases {
		f.Add(tc.word)
	}
	bash := bashPath(f)
	dir := oracleDir(f)
	f.Fuzz(func(t *testing.T, word string) {
		if !oracleSafe(word) {
			return
		}
		got, static, ok := corralFields(t, dir, word)
		if !ok || !static {
			return
		}
		b, ok := bashFields(t, bash, dir, word)
		if !ok {
			t.Fatalf("%s: corral calls it static (%q), bash fails", word, got)
		}
		if diff := cmp.Diff(b, got); diff != "" {
			t.Fatalf("%s: corral differs from bash (-bash +corral):\n%s", word, diff)
		}
	})
}

// grammarPieces are the bits TestExpandGrammar joins into words: the
// syntax the static subset is about (braces, tildes, quotes, $'…',
// parameters and their operators), each alone a valid word.
var grammarPieces = []string{
	"x", "A", "0", "1", "9", "-", "/", ".", "..", ",", "{", "}", "=", ":", "@", "%", "+", "*", "?", "~", "~/", "$", `\`, `\{`, `\,`, `\}`, `\$`, `\~`, "!", "^", "_",
	"{2}", `\d{2}`, "{a,[b]}", "{!x,#y}", "[x]", "{a..}", "{..b}", "{a,b}", "{1..3}", "{a..c}", "{3..1..2}", "{,}", "{x}", "{}", "{a,{b,c}}", "{-1..1}", "{x,~}", "{~,x}",
	"$g", `"$g"`, "${g}x", `"$*"x`, `"x$@"`, `"${arr[@]}y"`, `"${#arr[@]}z"`, "$a", "$b", "$c", "$d", "$u", "${a}", "${b}", "$1", "$2", "$#", "$@", "$*", `"$@"`, `"$*"`, `"$a"`, `"$b"`, "$e", `"$e"`,
	"'q'", "''", `""`, `"x y"`, `"\$"`, `"{a,b}"`, `"~"`,
	`$'\t'`, `$'\x41'`, `$'a\0b'`, `$'\101'`, `$'\u0041'`, `$'\cA'`, `$'\''`, `$'\q'`, `$'\x'`, `$'\e'`, `$'\x{'`, `$'a\x{41}b'`, `$'a\x{4'`, `$'a\x{zz}b'`, `$'a\x{041}b'`, `$'a\x{100}b'`,
	"${h///a}", "${h///}", "${h////a}", `"${a/'x$(b'/c}"`, "A=$1:~", "A=$1:~/x:~", "A+=~", "A+=~/x:~", "A++=~", `A=\0:~`, `A=x\:~`, `A=x\\:~`, `"${a[* ]}"`,
	"${a:-d}", "${u:-d}", "${u-}", "${b:-x y}", "${u:-$a}", `${u:-"$a"}`, `"${u:-$a}"`, "${a:+s}", "${b+s}", "${u:-'a b'}", `"${u:-'a'}"`,
	"${a#x}", "${a##*}", "${a%y}", "${a%%*}", "${a#?}", "${h//:/ }", "${a/x/z}", "${a/#x/z}", "${a/%y/z}", "${a/ /}", "${#a}", "${#arr[@]}", "${#@}",
	"${a^^}", "${a^}", "${a,,}", "${a:1}", "${a:0:1}", "${arr[@]}", `"${arr[@]}"`, "${arr[1]}", `"${arr[*]}"`, "${arr}", "${@}", `"${@:-x}"`, "${*%1}",
	"${h/#'/'/}", "${d/#/}", `"${h/%b/}"`, "${a/#*/q}", `"${h/#/x}"`, `"${arr[@]:1}"`, "${arr[*]:0:2}", `"${arr[@]:2:1}"`, `"${arr[@]+x}"`, "${arr[*]:+y}", `"${u[@]+z}"`, `"${b[*]:+w}"`,
	// Indirection and name references (TestIndirectGrammar gives them
	// names; under the plain prelude they are unset).
	"${!ind}", `"${!ind}"`, "${!ind:-d}", `"${!indb:-d}"`, "${!pos}", `"${!ind2}"`, "${!arr[@]}", `"${!arr[*]}"`, `"${!nr}"`, "$nr", `"${nr#x}"`, "${!elem}",
}

// grammarWord joins a few pieces chosen by rnd.
func grammarWord(rnd *rand.Rand) string {
	return grammarWordFrom(rnd, grammarPieces)
}

// grammarWordFrom joins a few of pieces chosen by rnd.
func grammarWordFrom(rnd *rand.Rand, pieces []string) string {
	var b strings.Builder
	for n := 1 + rnd.IntN(4); n > 0; n-- {
		b.WriteString(pieces[rnd.IntN(len(pieces))])
	}
	return b.String()
}

// bashBatch expands many words in one bash process, each in its own
// subshell through eval (so that one failing word fails alone), and
// returns the fields of each; nil where bash failed.
func bashBatch(t testing.TB, bash, dir, prelude string, words []string) [][]string {
	const sep = "\x00\x01corral-sep\x01\x00"
	var script strings.Builder
	script.WriteString("ulimit -v 400000; set -f; " + prelude + "\n")
	for _, w := range words {
		cmd := "printf '%s\\0' START " + w + " END"
		script.WriteString("( eval " + Quote(cmd) + " ) 2>/dev/null; printf '\\0\\1corral-sep\\1\\0'\n")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second+time.Duration(len(words))*100*time.Millisecond)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-s")
	cmd.Stdin = strings.NewReader(script.String())
	cmd.Dir = dir
	cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	chunks := strings.Split(string(out), sep)
	if len(chunks) != len(words)+1 {
		t.Fatalf("bash gave %d results for %d words", len(chunks)-1, len(words))
	}
	res := make([][]string, len(words))
	for i := range words {
		fields := strings.Split(strings.TrimSuffix(chunks[i], "\x00"), "\x00")
		if len(fields) < 2 || fields[0] != "START" || fields[len(fields)-1] != "END" {
			continue
		}
		res[i] = fields[1 : len(fields)-1]
	}
	return res
}

// TestExpandGrammar expands words joined from the syntax the static
// subset covers (a fixed seed, so the words are the same every run; set
// CORRAL_GRAMMAR_WORDS and CORRAL_GRAMMAR_SEED to try more) in corral
// and in one batch of real bash, and requires every word corral calls
// static to be bash's fields.
func TestExpandGrammar(t *testing.T) {
	t.Parallel()
	n, seed := 600, uint64(8)
	if v, err := strconv.Atoi(os.Getenv("CORRAL_GRAMMAR_WORDS")); err == nil {
		n = v
	}
	if v, err := strconv.ParseUint(os.Getenv("CORRAL_GRAMMAR_SEED"), 10, 64); err == nil {
		seed = v
	}
	checkGrammar(t, oraclePrelude, n, seed)
}

// grammarIFS are the field separators TestExpandGrammarIFS sets: bash
// splits on IFS whitespace and on every other IFS character differently
// (x,,y is three fields on IFS=, and one on IFS=' '), and joins "$*" with
// the first character.
var grammarIFS = []string{",", ":", " ,", "", "x", "/", "-", " \t\n,", "\n", "=", ",,", "r", " "}

// TestExpandGrammarIFS is TestExpandGrammar with IFS set to each of
// grammarIFS before the words are expanded: an IFS the script sets is
// modelled, so a=rm,-rf,/; IFS=,; $a is three words.
func TestExpandGrammarIFS(t *testing.T) {
	t.Parallel()
	n := 150
	if v, err := strconv.Atoi(os.Getenv("CORRAL_GRAMMAR_WORDS")); err == nil {
		n = v
	}
	for i, ifs := range grammarIFS {
		t.Run(strconv.Quote(ifs), func(t *testing.T) {
			checkGrammar(t, oraclePrelude+"g='a,b::c x/y-z==r,,'; IFS="+Quote(ifs)+"; ", n, uint64(20+i))
		})
	}
}

// checkGrammar expands n generated words after prelude in corral and in
// real bash, and requires every word corral calls static to be bash's
// fields.
func checkGrammar(t *testing.T, prelude string, n int, seed uint64) {
	checkGrammarFrom(t, prelude, grammarPieces, n, seed)
}

// checkGrammarFrom is checkGrammar with words joined from pieces.
func checkGrammarFrom(t *testing.T, prelude string, pieces []string, n int, seed uint64) {
	bash := bashPath(t)
	dir := oracleDir(t)
	rnd := rand.New(rand.NewPCG(seed, 1))
	var words []string
	var fields [][]string
	for tries := 0; len(words) < n && tries < 50*n; tries++ {
		w := grammarWordFrom(rnd, pieces)
		if !oracleSafe(w) {
			continue
		}
		got, static, ok := corralFieldsAfter(t, dir, prelude, w)
		if !ok || !static {
			continue
		}
		words = append(words, w)
		fields = append(fields, got)
	}
	if len(words) == 0 {
		t.Fatal("no word was static: the test checks nothing")
	}
	bashes := bashBatch(t, bash, dir, prelude, words)
	for i, w := range words {
		if bashes[i] == nil {
			t.Errorf("%s: corral calls it static (%q), bash fails", w, fields[i])
			continue
		}
		if diff := cmp.Diff(bashes[i], fields[i]); diff != "" {
			t.Errorf("%s: corral differs from bash (-bash +corral):\n%s", w, diff)
		}
	}
}

// TestIFSFieldsOracle expands $v under many IFS values and values in
// corral and in real bash: a variable alone as a word is split exactly
// (IFS=,; c=rm,-rf,/; $c runs rm -rf /), and the word is static.
func TestIFSFieldsOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	values := []string{"rm,-rf,/", "a,,b", ",a", "a,", " a , b ", "a  b", "a:b::c", ",,", "", " ", "x y,z", "rm -rf ~", "a\tb\nc", "-x-y-", "==a=", "rr r"}
	for _, ifs := range grammarIFS {
		for _, v := range values {
			prelude := "v=" + Quote(v) + "; IFS=" + Quote(ifs) + "; "
			for _, word := range []string{"$v", "${v}"} {
				got, static, ok := corralFieldsAfter(t, dir, prelude, word)
				if !ok || !static {
					t.Errorf("IFS=%q v=%q %s: static %v ok %v, want a static split", ifs, v, word, static, ok)
					continue
				}
				b := bashBatch(t, bash, dir, prelude, []string{word})[0]
				if diff := cmp.Diff(b, got); diff != "" {
					t.Errorf("IFS=%q v=%q %s: corral differs from bash (-bash +corral):\n%s", ifs, v, word, diff)
				}
			}
		}
	}
}

// TestKnownSubstOracle expands words holding command substitutions whose
// output corral computes (echo, printf, pwd, dirname, basename, true,
// cd DIR && pwd) in corral and in real bash: each must be static and
// bash's fields; the look-alikes corral cannot compute stay dynamic.
func TestKnownSubstOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	static := []string{
		"$(echo ~)", "`echo /`", "$(echo rm -rf /)", `"$(echo rm -rf /)"`, "$(echo -n x)", "$(echo -e 'a\\tb')", "$(echo -e 'a\\nb\\n\\n')",
		"$(echo -neE x)", "$(echo -x)", "$(echo $a)", `"$(echo "$a")"`, "$(printf '%s,' a b c)", "$(printf 'x%%y')", "$(printf '%s %s\\n' 1)",
		"$(printf x)", "$(printf '%s-' $a)", "$(pwd)", `"$(pwd)/x"`, "$(pwd -L)", "$(dirname /a/b/)", "$(dirname a)", "$(dirname //a)",
		"$(dirname a//b//)", "$(dirname /)", "$(dirname '')", "$(basename /a/b.txt .txt)", "$(basename /a/b/)", "$(basename /)", "$(basename x.txt x.txt)",
		"$(dirname \"$(pwd)\")", "$(echo ~/x | cat)", "$(printf '%s' a | cat -)", "$(true)", "x$(false)y", "$(:)", `"$(cd .. && pwd)"`, "$(cd ./sub; pwd)", "$(cd /; pwd)",
		"$(echo $(echo $(echo deep)))", `${u:-$(echo x)}`, "$(pwd -P)",
		// Lists and compound bodies: what each part prints (substlist.go).
		"$(echo x; echo y)", `"$(echo x; :)"`, `"$(false || echo x)"`, "$({ echo a; echo b; })", "$(if true; then echo t; else echo f; fi)",
		// bash's printf and echo (BashPrintf, BashEcho).
		"$(echo -e '\\x41')", "$(printf '%d' 1)", `$(printf '%b' '/a\x2fb\cz')`, `$(printf '%.3s%c' abcdef xyz)`,
	}
	dynamic := []string{"$(ls)", "$(echo *)", "$(echo -e '\\u00e9')", "$(printf '%f' 1)", "$(cd nowhere && pwd)", "$(cd sub && pwd)", "$(dirname -z a)", "$(echo $zz)", "$(echo x >&2)", "$(echo x; cat f)", "$(x=1; echo $x)"}
	for _, w := range static {
		got, st, ok := corralFields(t, dir, w)
		if !ok {
			t.Errorf("%s: not analysed", w)
			continue
		}
		if !st {
			if w == `${u:-$(echo x)}` {
				continue // a substitution inside an operator stays run time
			}
			t.Errorf("%s: dynamic, want static", w)
			continue
		}
		b, ok := bashFields(t, bash, dir, w)
		if !ok {
			t.Errorf("%s: bash failed", w)
			continue
		}
		if diff := cmp.Diff(b, got); diff != "" {
			t.Errorf("%s: corral differs from bash (-bash +corral):\n%s", w, diff)
		}
	}
	for _, w := range dynamic {
		if _, st, _ := corralFields(t, dir, w); st {
			t.Errorf("%s: static, want dynamic", w)
		}
	}
}

// TestKnownReadsOracle runs read, mapfile and printf -v with input given
// in the command in corral and in real bash: the variable is static and
// holds what bash stores; input corral does not model leaves it dynamic.
func TestKnownReadsOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	static := []preludeWord{
		{"read d <<< ~; ", `"$d"`},
		{"read -r d <<< '  / x  '; ", `"$d"`},
		{"read -r d <<< $'\\t a b\\t\\nsecond'; ", `"$d"`},
		{"read d <<< ''; ", `"$d"`},
		{"read -r d <<'E'\n/srv/x\nmore\nE\n", `"$d"`},
		{"mapfile -t a <<< $'one\\ntwo three\\n\\nfour'; ", `"${a[@]}"`},
		{"readarray -t a <<'E'\nx\n y \nE\n", `"${a[@]}"`},
		{"printf -v d '%s-%s' a b c; ", `"$d"`},
		{"printf -v d 'x\\n'; ", `"$d"`},
		{"printf -v d '%d' 1; ", `"$d"`},
		{"printf -v d '%b/%.3s' '\\x7e' abcdef; ", `"$d"`},
		// Several names, and IFS with other characters: bash's splitting.
		{"read d e <<< 'x y'; ", `"$d|$e"`},
		{"IFS=: read d <<< ' x '; ", `"$d"`},
		{"IFS=, read -r d e <<< 'x,y,'; ", `"$d|$e"`},
		{"IFS=, read -r d e <<< 'x,y,,'; ", `"$d|$e"`},
		{"IFS=' ,' read -r d e f <<< ' a , b c ,d '; ", `"$d|$e|$f"`},
		{"IFS=: read -ra a <<< ':x::y:'; ", `"${a[@]}"`},
		// read -d and -n: the record up to the delimiter or the count.
		{"read -d , d e <<< 'x,y'; ", `"$d|$e"`},
		{"read -n 1 d <<< xy; ", `"$d"`},
		{"mapfile a <<< x; ", `"${a[@]}"`},
		// Without -r a backslash escapes the next character (red team 15).
		{"read d <<< 'a\\b'; ", `"$d"`},
		{"read d e <<< 'x\\ y z'; ", `"$d|$e"`},
	}
	staticAfterOracle(t, bash, dir, static)
	for _, prelude := range []string{"read d <<< 'a\\'; ", "read d < /etc/hostname; ", "read -t 0 d <<< x; ", "mapfile -C f a <<< x; ", "printf -v d '%(%F)T' -1; "} {
		if _, st, _ := corralFieldsAfter(t, dir, oraclePrelude+prelude, `"$d$a"`); st {
			t.Errorf("%q: static, want dynamic", prelude)
		}
	}
}

// preludeWord is a word expanded after a prelude of statements.
type preludeWord struct{ prelude, word string }

// staticAfterOracle requires each word, after its prelude (and the
// oracle's), to be static in corral and to hold the fields real bash
// gives it.
func staticAfterOracle(t *testing.T, bash, dir string, cases []preludeWord) {
	t.Helper()
	for _, tc := range cases {
		got, st, ok := corralFieldsAfter(t, dir, oraclePrelude+tc.prelude, tc.word)
		if !ok || !st {
			t.Errorf("%q %s: static %v ok %v, want static", tc.prelude, tc.word, st, ok)
			continue
		}
		b := bashBatch(t, bash, dir, oraclePrelude+tc.prelude, []string{tc.word})[0]
		if diff := cmp.Diff(b, got); diff != "" {
			t.Errorf("%q %s: corral differs from bash (-bash +corral):\n%s", tc.prelude, tc.word, diff)
		}
	}
}
