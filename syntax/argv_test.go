package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestArgvOracle runs each interpreter with a program that prints the
// words of its own argument vector, one per line, and compares them with
// the vector corral gives the program's text (interpreterProgram's
// argv): python's sys.argv, node's process.argv, perl's @ARGV, ruby's
// ARGV, php's $argv, for code on the command line, a script file and a
// program on standard input, with and without "--". A word corral does
// not know (node's own path, a script made absolute) must not be called
// known. An interpreter that is not installed is skipped by name.
func TestArgvOracle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	progs := map[string]string{
		"python3": "import sys\nfor a in sys.argv: print(a)\n",
		"node":    "for (const a of process.argv) console.log(a)\n",
		"perl":    "print \"$_\\n\" for @ARGV;\n",
		"ruby":    "ARGV.each { |a| puts a }\n",
		"php":     "<?php foreach ($argv as $a) echo $a, \"\\n\";\n",
	}
	ext := map[string]string{"python3": ".py", "node": ".js", "perl": ".pl", "ruby": ".rb", "php": ".php"}
	cases := []struct{ name, cmd string }{
		{"python3", `python3 -c "$P" a b`},
		{"python3", `python3 -c "$P" -- a`},
		{"python3", `python3 -I -c "$P" a -- b`},
		{"python3", `python3 S a b`},
		{"python3", `python3 -- S a`},
		{"python3", `python3 - a b < S`},
		{"node", `node -e "$P" a b`},
		{"node", `node -e "$P" -- a b`},
		{"node", `node -e "$P" a -- b`},
		{"node", `node S a b`},
		{"perl", `perl -e "$P" a b`},
		{"perl", `perl -e "$P" -- a b`},
		{"perl", `perl -w -e "$P" a -- b`},
		{"perl", `perl S a b`},
		{"ruby", `ruby -e "$P" a b`},
		{"ruby", `ruby -e "$P" -- a b`},
		{"ruby", `ruby S a -- b`},
		{"php", `php -r "$P" a b`},
		{"php", `php -r "$P" -- a b`},
		{"php", `php S a b`},
		{"php", `php -f S a b`},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.name)
		if err != nil {
			t.Logf("%s not installed: %q not compared", tc.name, tc.cmd)
			continue
		}
		code := progs[tc.name]
		if tc.name == "php" && strings.Contains(tc.cmd, "-r") {
			code = strings.TrimPrefix(code, "<?php ")
		}
		script := filepath.Join(dir, "s"+ext[tc.name])
		if err := os.WriteFile(script, []byte(progs[tc.name]), 0o644); err != nil {
			t.Fatal(err)
		}
		// The command as corral reads it: the program text and the
		// script in place of $P and S.
		line := strings.ReplaceAll(strings.ReplaceAll(tc.cmd, " S", " "+script), `"$P"`, Quote(code))
		line = strings.Replace(line, tc.name, bin, 1)
		cmd := exec.Command("bash", "-c", line)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		real := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		m, err := Analyze(line, Options{Cwd: dir, Home: "/home/u"})
		if err != nil || len(m.Calls) == 0 {
			t.Errorf("%q: %v", line, err)
			continue
		}
		p, _ := interpreterProgram(m.Calls[0])
		if p.argv == nil {
			t.Errorf("%q: no argument vector", tc.cmd)
			continue
		}
		if len(p.argv) != len(real) {
			t.Errorf("%q: corral's vector has %d words %v, %s's %d %q", tc.cmd, len(p.argv), p.argv, tc.name, len(real), real)
			continue
		}
		for i, a := range p.argv {
			if a.Known && a.Value != real[i] {
				t.Errorf("%q: word %d is %q in corral, %q in %s", tc.cmd, i, a.Value, real[i], tc.name)
			}
		}
	}
}

// TestArgvUncertain checks that a word after one that can be several
// (a pattern, an unquoted word only known at run time) is at an index corral does
// not know, and that perl -n/-p and ruby -n/-p, whose words are files
// the loop reads, get their vector marked as the loop's (only their BEGIN
// blocks see it as given: lang.AnalyzeLoopArgv).
func TestArgvUncertain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src   string
		known []bool // nil: no vector
		loop  bool
	}{
		// A quoted "$X" is one word, whatever X holds: b is sys.argv[3]
		// (oneField); an unquoted $X, "$@" and a pattern are any number.
		{`python3 -c CODE a "$X" b`, []bool{true, true, false, true}, false},
		{`python3 -c CODE a "$(cat f)/x" b`, []bool{true, true, false, true}, false},
		{`python3 -c CODE a $X b`, []bool{true, true, false, false}, false},
		{`python3 -c CODE a "$@" b`, []bool{true, true, false, false}, false},
		{`python3 -c CODE a "${arr[@]}" b`, []bool{true, true, false, false}, false},
		{`python3 -c CODE *.txt b`, []bool{true, false, false}, false},
		{`perl -e CODE a b`, []bool{true, true}, false},
		{`perl -ne CODE a b`, []bool{true, true}, true},
		{`perl -pi -e CODE a`, []bool{true}, true},
		{`ruby -ne CODE a`, []bool{true}, true},
		{`node -e CODE a`, []bool{false, true}, false},
		{`node x.js a`, []bool{false, false, true}, false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil || len(m.Calls) == 0 {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		p, _ := interpreterProgram(m.Calls[0])
		var got []bool
		for _, a := range p.argv {
			got = append(got, a.Known)
		}
		if (got == nil) != (tc.known == nil) || !slices.Equal(got, tc.known) || p.loop != tc.loop {
			t.Errorf("%q: known %v (loop %v), want %v (%v)", tc.src, got, p.loop, tc.known, tc.loop)
		}
	}
}
