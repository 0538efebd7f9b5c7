package syntax

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// sedProgramCases are scripts sedOutput models, with the options given.
var sedProgramCases = []struct {
	args   []string // -n, -E; the scripts follow as -e
	script []string
}{
	{nil, []string{"s/a/b/"}},
	{nil, []string{"s/a/b/g"}},
	{nil, []string{"s/a/b/2"}},
	{nil, []string{"s/a/b/2g"}},
	{nil, []string{"s|XX|rm -rf ~|"}},
	{nil, []string{`s/\(echo\) \(.*\)/\2 \1/`}},
	{[]string{"-E"}, []string{`s/(echo) (.*)/\2 \1/`}},
	{nil, []string{`s/.*/\U&/`}},
	{nil, []string{`s/\w\+/\u&/g`}},
	{nil, []string{`s/x*/-/g`}},
	{nil, []string{`s/^/# /`}},
	{nil, []string{`s/$/ ;/`}},
	{nil, []string{`s/a\|e/_/g`}},
	{nil, []string{`s/[[:space:]]*$//`}},
	{nil, []string{`s/^[^ ]* //`}},
	{nil, []string{`s/ECHO/echo/I`}},
	{nil, []string{`s/o/\n/`}},
	{nil, []string{`s/a.b/X/`}},
	{nil, []string{`s/a*b/X/`}},
	{nil, []string{`s/*/X/`}},
	{nil, []string{`s/^*a/X/`}},
	{nil, []string{`s/a\{2\}/X/`}},
	{[]string{"-E"}, []string{`s/a{2,}/X/`}},
	{nil, []string{`s/[]x]/Y/g`}},
	{nil, []string{`s/a^b/Y/`}},
	{nil, []string{`s/a$b/Y/`}},
	{[]string{"-n"}, []string{`s/hello/bye/p`}},
	{nil, []string{"y/abc/xyz/"}},
	{nil, []string{"2d"}},
	{nil, []string{"$d"}},
	{nil, []string{"/hello/d"}},
	{nil, []string{"/hello/!d"}},
	{nil, []string{`\,x,d`}},
	{[]string{"-n"}, []string{"2,$p"}},
	{[]string{"-n"}, []string{"/one/,/three/p"}},
	{[]string{"-n"}, []string{"2,+1p"}},
	{[]string{"-n"}, []string{"1,~2p"}},
	{[]string{"-n"}, []string{"0~2p"}},
	{[]string{"-n"}, []string{"1~2p"}},
	{[]string{"-n"}, []string{"3,1p"}},
	{[]string{"-n"}, []string{"/two/,2p"}},
	{nil, []string{"1i echo first"}},
	{nil, []string{"$a echo last"}},
	{nil, []string{"2c echo changed"}},
	{nil, []string{"2,3c echo changed"}},
	{nil, []string{"2!c echo changed"}},
	{nil, []string{"a\\\n  echo indented"}},
	{nil, []string{`1a\echo attached`}},
	{nil, []string{"1a echo one\\\necho two"}},
	{nil, []string{"a x", "s/e/E/"}},
	{nil, []string{"="}},
	{nil, []string{"2q"}},
	{nil, []string{"2Q"}},
	{nil, []string{"$!N;s/\\n/ /"}},
	{nil, []string{"$!N;P;D"}},
	{nil, []string{"N;N;s/\\n/+/g"}},
	{nil, []string{"n;d"}},
	{nil, []string{"1h;1!H;$!d;x;s/\\n/;/g"}},
	{nil, []string{"G"}},
	{nil, []string{"x"}},
	{nil, []string{"1!G;h;$!d"}},
	{nil, []string{"/two/{s/two/2/;p}"}},
	{nil, []string{"2{p;p}"}},
	{nil, []string{"/one/,/three/{/two/d}"}},
	{[]string{"-n"}, []string{"$p"}},
	{nil, []string{"z;s/^/x/"}},
	{nil, []string{"# a comment\ns/a/b/ # another\n"}},
	{nil, []string{"s/a/b/;s/b/c/"}},
	{nil, []string{"1d", "s/o/0/g"}},
	{[]string{"-s"}, []string{"s/e/3/"}},
	{nil, []string{"p"}},
	{[]string{"-n"}, []string{"P"}},
	{nil, []string{"$a\\\necho appended"}},
	{nil, []string{"s/[0-9]/<&>/g"}},
	{nil, []string{`s/\s\+/ /g`}},
	{nil, []string{`s/\bon/ON/g`}},
	{nil, []string{"N"}},
	{nil, []string{"$!n;s/^/> /"}},
	{nil, []string{"2{a foo\n}"}},
	{nil, []string{"1a one", "2q"}},
	{nil, []string{"1i\\", "line one\\", "line two"}},
	{nil, []string{"s/e/[&]/3"}},
}

// sedProgramInputs are the texts each case runs on: with and without a
// newline at the end.
var sedProgramInputs = []string{
	"echo hello\necho one two\necho three\necho four\n",
	"one\ntwo\nthree",
	"aaa baab  x\nabab a^b a$b ]x\n",
	"x",
	"",
}

// TestSedProgramOracle holds sedOutput to the real GNU sed: the same
// bytes for every modelled script on every input.
func TestSedProgramOracle(t *testing.T) {
	sed, err := exec.LookPath("sed")
	if err != nil {
		t.Skip("sed not installed")
	}
	if v, err := exec.Command(sed, "--version").Output(); err != nil || !strings.Contains(string(v), "GNU") {
		t.Skip("not GNU sed")
	}
	for _, tc := range sedProgramCases {
		quiet, ext := false, false
		args := []string{"--sandbox"}
		for _, a := range tc.args {
			quiet = quiet || a == "-n"
			ext = ext || a == "-E"
			args = append(args, a)
		}
		for _, s := range tc.script {
			args = append(args, "-e", s)
		}
		for _, in := range sedProgramInputs {
			got, ok := sedOutput(tc.script, quiet, ext, in)
			if !ok {
				t.Errorf("sed %q on %q: not modelled", args, in)
				continue
			}
			cmd := exec.Command(sed, args...)
			cmd.Env = []string{"LC_ALL=C"}
			cmd.Stdin = strings.NewReader(in)
			var out bytes.Buffer
			cmd.Stdout = &out
			if err := cmd.Run(); err != nil {
				t.Errorf("sed %q on %q: %v", args, in, err)
				continue
			}
			if got != out.String() {
				t.Errorf("sed %q on %q:\n got %q\nwant %q", args, in, got, out.String())
			}
		}
	}
}

// TestSedProgramNotModelled: scripts whose output corral does not compute
// (their text stays only known at run time).
func TestSedProgramNotModelled(t *testing.T) {
	for _, s := range []string{
		"b end", ":a;N;ba", "t", "e echo x", "r /etc/passwd", "w out", "s/a/b/w out", "s/a/b/e",
		`s/\(a\)\1/x/`, `s/\<a/x/`, "0,/a/d", "s//x/", "l", "F", "#n\np", `s/a/\x41/`, "1a\\", "{p", "p}",
		`s/a/b/M`, "y/ab/x/",
	} {
		if _, ok := sedOutput([]string{s}, false, false, "a\n"); ok {
			t.Errorf("%q: modelled", s)
		}
	}
	// A script whose buffers double each line is cut off.
	if _, ok := sedOutput([]string{"G;G;h"}, false, false, strings.Repeat("aaaaaaaa\n", 64)); ok {
		t.Error("G;G;h over 64 lines: computed past the bound")
	}
	for _, s := range []string{
		"s/a/b/", "y/a/b/", "1d", "$a x", "/a/p",
	} {
		if _, ok := sedOutput([]string{s}, false, false, "a\n"); !ok {
			t.Errorf("%q: not modelled", s)
		}
	}
}
