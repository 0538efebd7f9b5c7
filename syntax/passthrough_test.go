package syntax

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"
)

// passFilterCases run a pass-through program on an input in corral's
// model and as the real program: known ones must print the same bytes.
var passFilterCases = []struct {
	argv []string
	in   string
}{
	{[]string{"cat"}, "/a\n/b\n"},
	{[]string{"cat", "-u", "-"}, "/a"},
	{[]string{"tee"}, "/a\n"},
	{[]string{"head", "-n1"}, "/a\n/b\n"},
	{[]string{"head", "-1"}, "/a"},
	{[]string{"head", "--lines=2"}, "1\n2\n3\n"},
	{[]string{"head", "--li=2"}, "1\n2\n3\n"},
	{[]string{"tail", "-2", "--"}, "1\n2\n3\n"},
	{[]string{"head"}, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n"},
	{[]string{"tail", "-n", "1"}, "/a\n/b\n"},
	{[]string{"tail", "-1"}, "/a\n/b"},
	{[]string{"tr", "-d", `\n`}, "/a\n/b\n"},
	{[]string{"tr", "-d", "x"}, "/xax\n"},
	{[]string{"sed", "q"}, "/a\n/b\n"},
	{[]string{"sed", "q"}, "/a"},
	{[]string{"sed", "1q"}, "/a\n/b\n"},
	{[]string{"sed", "2q"}, "/a\n/b\n/c\n"},
	{[]string{"sed", "-n", "1p"}, "/a\n/b\n"},
	{[]string{"sed", "-n", "2p"}, "/a\n/b"},
	{[]string{"sed", "-n", "$p"}, "/a\n/b"},
	{[]string{"sed", "-n", "$p"}, "/a\n/b\n"},
	{[]string{"sed", "-ne", "2,3p"}, "1\n2\n3\n4\n"},
	{[]string{"sed", "-n", "3,1p"}, "1\n2\n3\n4\n"},
	{[]string{"sed", "-n", "2,$p"}, "1\n2\n3"},

	{[]string{"sed", ""}, "/a\n/b"},
	{[]string{"sed", "p"}, "/a\n/b"},
	{[]string{"sed", "-n", "p;p"}, "/a\n/b"},
	{[]string{"sed", "-n", "$p;1p"}, "/a\n/b"},
	{[]string{"sed", "1d"}, "/a\n/b\n"},
	{[]string{"sed", "2!d"}, "/a\n/b\n/c\n"},
	{[]string{"sed", "-n", "1!p"}, "/a\n/b\n/c\n"},
	{[]string{"sed", "2q;p"}, "/a\n/b\n/c\n"},
	{[]string{"sed", "1Q"}, "/a\n/b\n"},
	{[]string{"sed", "-n", "p;q"}, "/a"},
	{[]string{"sed", "p;q"}, "/a"},
	{[]string{"sed", "-n", "p;Q"}, "/a"},
	{[]string{"sed", "-n", "$p;$q"}, "/a\n/b"},
	{[]string{"sed", "-e", "1d", "-e", "3q"}, "1\n2\n3\n4\n"},
	{[]string{"sed", "--quiet", "--expression=1p"}, "/a\n/b\n"},
	{[]string{"sed", "q"}, ""},
	{[]string{"awk", "1"}, "/a\n/b"},
	{[]string{"awk", "{print}"}, "/a\n/b\n"},
	{[]string{"awk", "{ print $0 }"}, "/a\n\n/b\n"},
	{[]string{"awk", "{print $1}"}, "  /a b\n\t/c\n\n"},
	{[]string{"awk", "{print $3}"}, "a b\n"},
	{[]string{"awk", "NR==2"}, "/a\n/b\n/c\n"},
	{[]string{"awk", "NR == 1 { print $2; }"}, "x /a\n/b\n"},
	{[]string{"awk", "0"}, "/a\n"},
	{[]string{"awk", ""}, "/a\n"},
	{[]string{"awk", "1"}, ""},
	{[]string{"dd", "status=none"}, "/a\n/b"},
	{[]string{"dd", "bs=1", "status=none"}, "/a\n"},
	{[]string{"base64"}, "/home/u/.ssh/id_rsa\n"},
	{[]string{"base64"}, ""},
	{[]string{"base64", "-w0"}, ""},
	{[]string{"base64", "-w0"}, "/home/u/.ssh/id_rsa\n"},
	{[]string{"base64", "-w", "8"}, "/home/u/.ssh/id_rsa\n"},
	{[]string{"base64"}, "0123456789012345678901234567890123456789012345678901234567890123456789\n"},
	{[]string{"base64", "-d"}, "L2hvbWUvdS8uc3NoL2lkX3JzYQo=\n"},
	{[]string{"base64", "--decode"}, "L2hv\nbWUv\ndS8u\nc3No\nL2lk\nX3Jz\nYQo=\n"},
	{[]string{"base64", "--dec"}, "L2hvbWUvdS8uc3NoL2lkX3JzYQo=\n"},
	{[]string{"base64", "--wr=4"}, "/home/u/.ssh/id_rsa\n"},
	{[]string{"base64", "-dw0"}, "L2hvbWUvdS8uc3NoL2lkX3JzYQo=\n"},
	{[]string{"base64", "-di"}, "L2hvbWUv*dS8uc3NoL2lkX3JzYQo=\n"},
	{[]string{"base64", "-d"}, ""},
	// sedprog.go: the scripts beyond line addresses and p, d, q, Q.
	{[]string{"sed", "s/a/b/"}, "/a\n/ba\n"},
	{[]string{"sed", "-n", "/x/p"}, "/a\n/x"},
	{[]string{"sed", "y/a/b/"}, "/a\n"},
	{[]string{"sed", "1{p}"}, "/a\n/b\n"},
	{[]string{"sed", "-E", "s/(a+)/[\\1]/g"}, "/aa/b/a\n"},
	{[]string{"sed", "$a /x"}, "/a"},
	// revfilters.go: tac, rev, xxd and their reversals.
	{[]string{"tac"}, "rm -rf /\n"},
	{[]string{"tac"}, "/a\n/b\n"},
	{[]string{"tac"}, "/a\n/b"},
	{[]string{"tac", "-"}, ""},
	{[]string{"rev"}, "/ fr- mr\n"},
	{[]string{"rev"}, "ab\ncd"},
	{[]string{"rev"}, "\n\nx y\n"},
	{[]string{"xxd"}, "rm -rf /\n"},
	{[]string{"xxd"}, "rm -rf / and a much longer line here!\x01\x7f\xff"},
	{[]string{"xxd"}, "0123456789abcdef"},
	{[]string{"xxd"}, ""},
	{[]string{"xxd", "-p"}, "rm -rf /\n"},
	{[]string{"xxd", "-ps"}, "rm -rf / rm -rf / rm -rf / rm -rf / rm -rf / rm -rf / rm -rf / rm -rf / rm -rf / "},
	{[]string{"xxd", "-r"}, "00000000: 726d 202d 7266 202f 0a                   rm -rf /.\n"},
	{[]string{"xxd", "-r"}, "00000000: 3031 3233 3435 3637 3839 6162 6364 6566  0123456789abcdef\n00000010: 0a                                       .\n"},
	{[]string{"xxd", "-r", "-p"}, "726d202d7266202f0a\n"},
	{[]string{"xxd", "-r", "-p"}, "726d 202d\n7266202f0a"},
	// textfilters.go: sort and uniq without options, grep of a fixed
	// string or ., tr of ASCII sets with ranges.
	{[]string{"tr", "a-z", "A-Z"}, "rm -rf ~/X\n"}, {[]string{"tr", "A-Z", "a-z"}, "~/.BASHRC\n"}, {[]string{"tr", "-d", "0-9"}, ".bash1rc\n"},
	{[]string{"tr", "abc", "x"}, "abcd\n"}, {[]string{"tr", "a-c\\n", "A-C "}, "a\nb\n"}, {[]string{"sort"}, "x y\n"}, {[]string{"sort"}, "a\na\n"},
	{[]string{"uniq"}, "a\na\nb\na\n"}, {[]string{"grep", "."}, "a\n\nb\n"}, {[]string{"grep", "-F", "a.b"}, "a.b\naxb\n"}, {[]string{"grep", "rm"}, "x\nrm -rf\n"},
	// tr's classes, equivalence classes, repeats, octal escapes, and a [
	// that starts none of them (itself), as GNU tr reads them in the C locale.
	{[]string{"tr", "[:lower:]", "[:upper:]"}, trText}, {[]string{"tr", "[:upper:]", "[:lower:]"}, trText},
	{[]string{"tr", "a[:upper:]", "x[:lower:]"}, trText}, {[]string{"tr", "[a-z]", "[A-Z]"}, trText},
	{[]string{"tr", "[:digit:]", "x"}, trText}, {[]string{"tr", "[:alpha:]", "[x*]"}, trText},
	{[]string{"tr", "abc", "[x*2]y"}, trText}, {[]string{"tr", "abc", "[x*]y"}, trText}, {[]string{"tr", "[:space:]", "_"}, trText},
	{[]string{"tr", "[:punct:]", "."}, trText}, {[]string{"tr", "[=a=]", "z"}, trText}, {[]string{"tr", `\141`, "z"}, trText},
	{[]string{"tr", `\t`, " "}, trText}, {[]string{"tr", "-d", "[:lower:]"}, trText}, {[]string{"tr", "-d", "[:alnum:]"}, trText},
	{[]string{"tr", "-d", "[:xdigit:][:blank:]"}, trText}, {[]string{"tr", "-d", "[:digit:]"}, trText}, {[]string{"tr", "a-", "x"}, trText},
	{[]string{"tr", "[:cntrl:][:graph:]", "[c*]"}, trText}, {[]string{"tr", "[:print:]", "p"}, trText},
	// yesiconv.go: iconv between encodings that keep ASCII.
	{[]string{"iconv", "-f", "utf-8", "-t", "ascii"}, "rm -rf ~\n"}, {[]string{"iconv", "-t", "latin1"}, "echo hi\n"},
	{[]string{"iconv", "-c", "-f", "UTF8", "-t", "US-ASCII//TRANSLIT"}, "echo hi"}, {[]string{"iconv", "--from-code=utf-8", "--to-code=UTF-8"}, "\u00e9\n"},
	{[]string{"iconv", "-fLATIN1", "-tCP1252", "-s", "--"}, "a\tb\n"},
}

// trText holds every class tr knows at least once.
const trText = "Hello, World! rm -RF ~/x [a]\tb=c 0129\x01\x7f\n"

// passFilterUnknown are programs corral leaves to run time.
var passFilterUnknown = [][]string{
	{"sed", "s/a/b/w x"}, {"sed", "-n", "/x/bx"}, {"sed", "1,2q"}, {"sed", "0p"}, {"sed", "-i", "q"}, {"sed", "-z", "q"}, {"sed", "y/ab/b/"},
	{"sed", "1{p"}, {"sed", "-f", "x.sed"}, {"sed", "--posix", "s/a/b/"}, {"sed", `s/\(a\)\1/x/`}, {"sed", "s/a/b/e"}, {"sed"}, {"awk", "-F:", "{print $1}"}, {"awk", "-v", "x=1", "1"}, {"awk", "/x/"},
	{"awk", "{print $1, $2}"}, {"awk", "1", "x=1"}, {"awk", "END{print}"}, {"awk", "{print NR}"}, {"dd", "count=1"},
	{"dd", "of=x"}, {"dd", "skip=1"}, {"dd", "conv=ucase"}, {"head", "-c", "3"}, {"tail", "-n", "+2"}, {"head", "-n", "-1"},
	{"tee", "f"}, {"cat", "-A"}, {"base64", "--foo"}, {"rev", "-0"}, {"sort", "-r"},
	{"uniq", "-c"}, {"uniq", "in", "out"}, {"grep", "a*"}, {"grep", "-v", "a"}, {"tr", "z-a", "x"},
	// tr refuses these (misaligned classes, SET2 ending with a class that
	// SET1 outgrows, a class other than upper/lower in SET2, a repeat in
	// SET1) or corral does not read them (an unknown class, a byte above
	// 0x7f, two [c*]).
	{"tr", "[:upper:]a", "[:lower:]"}, {"tr", "[:alpha:]", "[:upper:]"}, {"tr", "a", "[:digit:]"}, {"tr", "[a*3]", "x"},
	{"tr", "[:nosuch:]", "x"}, {"tr", "é", "e"}, {"tr", "ab", "[x*][y*]"}, {"tr", "a", "[:lower:]"},
	{"iconv", "-o", "x"}, {"iconv", "-l"}, {"iconv", "-t", "UTF-16"}, {"iconv", "-f", "EBCDIC-US"}, {"iconv", "-f"}, {"iconv", "--verbose"},
	{"tac", "-s", "x"}, {"tac", "-b"}, {"xxd", "-rp"}, {"xxd", "-pr"}, {"xxd", "-c", "8"}, {"xxd", "-u"}, {"xxd", "in", "out"},
}

func TestPassFilterOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range passFilterCases {
		var args []Arg
		for _, a := range tc.argv[1:] {
			args = append(args, Arg{Value: a, Static: true, Raw: a})
		}
		f, ops, ok := passFilterOf(tc.argv[0], args)
		if !ok || len(ops) > 1 || len(ops) == 1 && ops[0].Value != "-" {
			t.Errorf("%q: not a filter of its input", tc.argv)
			continue
		}
		got, ok := f(tc.in)
		if !ok {
			t.Errorf("%q on %q: output not known", tc.argv, tc.in)
			continue
		}
		if _, err := exec.LookPath(tc.argv[0]); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, tc.argv[0], tc.argv[1:]...)
		cmd.Dir = t.TempDir()
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
		cmd.Stdin = bytes.NewBufferString(tc.in)
		out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Errorf("%q on %q: %v", tc.argv, tc.in, err)
			continue
		}
		if string(out) != got {
			t.Errorf("%q on %q: corral %q, the program %q", tc.argv, tc.in, got, out)
		}
	}
	for _, argv := range passFilterUnknown {
		var args []Arg
		for _, a := range argv[1:] {
			args = append(args, Arg{Value: a, Static: true, Raw: a})
		}
		if _, _, ok := passFilterOf(argv[0], args); ok {
			t.Errorf("%q: modelled, want left to run time", argv)
		}
	}
	// base64 -d of text that does not decode whole.
	for _, in := range []string{"L2hv bWUv\n", "YQ\n", "YQ==YQ==\n", "L2h*\n"} {
		f, _, _ := passFilterOf("base64", []Arg{{Value: "-d", Static: true}})
		if out, ok := f(in); ok {
			t.Errorf("base64 -d on %q: %q, want unknown", in, out)
		}
	}
}

// TestPassFilterShadowed: a function or alias named as a pass-through
// program runs instead of it, so its output stays run time.
func TestPassFilterShadowed(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`sed() { echo /srv/b; }; k=$(echo /srv/a | sed q); echo "$k"`,
		`sed() { echo /srv/b; }; echo /srv/a | sed q | { read -r k; echo "$k"; }`,
		`awk() { echo /srv/b; }; k=$(awk 1 <<< /srv/a); echo "$k"`,
		`exec 3< <(echo /srv/a); sed() { echo /srv/b; }; k=$(sed q <&3); echo "$k"`,
		`shopt -s expand_aliases; alias sed='echo /srv/b #'; echo /srv/a > t; k=$(sed q t); echo "$k"`,
	} {
		m, err := Analyze(src, Options{Cwd: t.TempDir(), Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		var echo *Call
		for _, c := range m.Calls {
			if c.Name == "echo" && len(c.Args) == 1 && c.Args[0].Raw == `"$k"` {
				echo = c
			}
		}
		if echo == nil {
			t.Errorf("%q: no echo of $k", src)
			continue
		}
		if a := echo.Args[0]; a.Static || a.OneOf {
			t.Errorf("%q: corral says %q (%q), want run time", src, a.Value, a.Candidates())
		}
	}
}
