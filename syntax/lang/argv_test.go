package lang

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAnalyzeArgv checks that an index into the program's argument
// vector by a literal number is the word at that index (AnalyzeArgv), in
// each language's spelling, and that what is no such reference stays
// unknown: an assignment to the element, a member of another object, a
// word the shell only knows at run time, an index from the end when a
// word's count is not known, Perl's shift in a sub, a loop or of
// another array.
func TestAnalyzeArgv(t *testing.T) {
	t.Parallel()
	home := Arg{Value: "/home/u/.bashrc", Known: true}
	cases := []struct {
		name string
		l    Lang
		src  string
		argv []Arg
		want []string
	}{
		{"py", Python, `import sys; open(sys.argv[1], "w").write("x")`, []Arg{{Value: "-c", Known: true}, home}, []string{"write open: /home/u/.bashrc"}},
		{"py-alias", Python, `import sys as s; open(s.argv[1], "w")`, []Arg{{Value: "-c", Known: true}, home}, []string{"write open: /home/u/.bashrc"}},
		{"py-from-alias", Python, "from sys import argv as a\nos.remove(a[1])", []Arg{{Value: "-c", Known: true}, home}, []string{"delete os.remove: /home/u/.bashrc"}},
		{"py-from", Python, "from sys import argv\nos.remove(argv[1])", []Arg{{Value: "-c", Known: true}, home}, []string{"delete os.remove: /home/u/.bashrc"}},
		{"py-neg", Python, `import sys; os.remove(sys.argv[-1])`, []Arg{{Value: "-c", Known: true}, {Value: "a", Known: true}, home}, []string{"delete os.remove: /home/u/.bashrc"}},
		{"py-neg-unknown", Python, `import sys; os.remove(sys.argv[-1])`, []Arg{{Value: "-c", Known: true}, {}, home}, []string{"hidden os.remove: sys.argv[-1]"}},
		{"py-const", Python, "import sys\nf = sys.argv[1]\nopen(f, 'a').write('x')", []Arg{{Value: "-c", Known: true}, home}, []string{"append open: /home/u/.bashrc"}},
		{"py-system", Python, `import os, sys; os.system(sys.argv[1])`, []Arg{{Value: "-c", Known: true}, {Value: "rm -rf ~", Known: true}}, []string{"shell os.system: rm -rf ~"}},
		{"py-unknown", Python, `import sys; os.remove(sys.argv[1])`, []Arg{{Value: "-c", Known: true}, {}}, []string{"hidden os.remove: sys.argv[1]"}},
		{"py-out-of-range", Python, `import sys; os.remove(sys.argv[5])`, []Arg{{Value: "-c", Known: true}, home}, []string{"hidden os.remove: sys.argv[5]"}},
		{"py-print", Python, `import sys; print(sys.argv[1])`, []Arg{{Value: "-c", Known: true}, home}, nil},
		{"py-assign", Python, "import sys\nsys.argv[1] = 'x'\nprint(sys.argv)", []Arg{{Value: "-c", Known: true}, home}, nil},
		{"py-member", Python, `import os; os.remove(self.sys.argv[1])`, []Arg{{Value: "-c", Known: true}, home}, []string{"hidden os.remove: self.sys.argv[1]"}},
		// The source launchers' programs (issue 9): D's main parameter
		// and Swift's CommandLine.arguments start with the program, C#'s
		// Args and Java's main parameter with the first word.
		{"d", D, "import std.file;\nvoid main(string[] args) { remove(args[1]); auto t = args[1]; rmdirRecurse(t); }", []Arg{{Value: "rm.d", Known: true}, home}, []string{"delete remove: /home/u/.bashrc", "delete -r rmdirRecurse: /home/u/.bashrc"}},
		{"d-unknown", D, "void main(string[] argv) { remove(argv[1]); }", []Arg{{Value: "rm.d", Known: true}, {}}, []string{"hidden remove: argv[1]"}},
		{"d-other-name", D, "void main(string[] argv) { remove(args[1]); }", []Arg{{Value: "rm.d", Known: true}, home}, []string{"hidden remove: args[1]"}},
		{"cs", CSharp, "Directory.Delete(Args[0], true);", []Arg{home}, []string{"delete -r Directory.Delete: /home/u/.bashrc"}},
		{"swift", Swift, "unlink(CommandLine.arguments[1])", []Arg{{Value: "x.swift", Known: true}, home}, []string{"delete unlink: /home/u/.bashrc"}},
		{"java", JVM, "class X { public static void main(String... a) { new File(a[0]).delete(); Files.delete(Path.of(a[0])); } }", []Arg{home}, []string{"delete File: /home/u/.bashrc", "delete Files.delete: /home/u/.bashrc"}},
		{"py-pop", Python, `import sys; open(sys.argv.pop(), "w")`, []Arg{{Value: "-c", Known: true}, {Value: "a", Known: true}, home}, []string{"write open: /home/u/.bashrc"}},
		{"py-pop-front", Python, "import sys\nsys.argv.pop(0)\nos.remove(sys.argv.pop(0))", []Arg{{Value: "-c", Known: true}, home}, []string{"delete os.remove: /home/u/.bashrc"}},
		{"py-pop-loop", Python, "import sys\nwhile sys.argv:\n    os.remove(sys.argv.pop())", []Arg{{Value: "-c", Known: true}, home}, []string{"hidden os.remove: sys.argv.pop()"}},
		{"py-unpack-slice", Python, "import sys\nf, = sys.argv[1:]\nopen(f, 'w')", []Arg{{Value: "-c", Known: true}, home}, []string{"write open: /home/u/.bashrc"}},
		{"py-unpack", Python, "import sys\n_, f = sys.argv\nos.remove(f)", []Arg{{Value: "-c", Known: true}, home}, []string{"delete os.remove: /home/u/.bashrc"}},
		{"py-unpack-unknown", Python, "import sys\n_, f = sys.argv\nos.remove(f)", []Arg{{Value: "-c", Known: true}, {}}, []string{"hidden os.remove: f"}},
		{"rb-unpack", Ruby, "f, = ARGV; File.write(f, '{}')", []Arg{home}, []string{"write File.write: /home/u/.bashrc"}},
		{"rb-shift-first", Ruby, "ARGV.shift; File.delete(ARGV.first)", []Arg{{Value: "a", Known: true}, home}, []string{"delete File.delete: /home/u/.bashrc"}},
		{"rb-first-twice", Ruby, "puts ARGV.first; File.delete(ARGV.first)", []Arg{home, {Value: "a", Known: true}}, []string{"delete File.delete: /home/u/.bashrc"}},
		{"js", JS, `require("fs").writeFileSync(process.argv[1], "x")`, []Arg{{}, home}, []string{"write fs.writeFileSync: /home/u/.bashrc"}},
		{"js-node-path", JS, `require("fs").rmSync(process.argv[0])`, []Arg{{}, home}, []string{"hidden fs.rmSync: process.argv[0]"}},
		{"perl", Perl, `open(F, ">", $ARGV[0]); print F "x";`, []Arg{home}, []string{"write open: /home/u/.bashrc"}},
		{"perl-shift", Perl, `my $f = shift; unlink $f;`, []Arg{home}, []string{"delete unlink: /home/u/.bashrc"}},
		{"perl-shift-twice", Perl, `my $a = shift; my $b = shift; unlink $b;`, []Arg{{Value: "x", Known: true}, home}, []string{"delete unlink: /home/u/.bashrc"}},
		{"perl-shift-sub", Perl, `sub f { my $x = shift; unlink $x } f("a"); my $g = shift;`, []Arg{home}, []string{"hidden unlink: $x"}},
		{"perl-shift-call", Perl, `use File::Path qw(remove_tree); remove_tree(shift);`, []Arg{home}, []string{"delete -r remove_tree: /home/u/.bashrc"}},
		{"perl-shift-loop", Perl, `unlink shift while @ARGV;`, []Arg{{Value: "a", Known: true}, home}, []string{"hidden unlink: shift"}},
		{"perl-shift-array", Perl, `my @l = ("a"); my $f = shift @l; unlink $f;`, []Arg{home}, []string{"hidden unlink: $f"}},
		{"ruby", Ruby, `File.write(ARGV[0], "x")`, []Arg{home}, []string{"write File.write: /home/u/.bashrc"}},
		{"php", PHP, `file_put_contents($argv[1], "x");`, []Arg{{Value: "Standard input code", Known: true}, home}, []string{"write file_put_contents: /home/u/.bashrc"}},
		{"php-no-neg", PHP, `unlink($argv[-1]);`, []Arg{{Value: "Standard input code", Known: true}, home}, []string{"hidden unlink: $argv[-1]"}},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range AnalyzeArgv(tc.l, tc.src, tc.argv) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestAnalyzeLoopArgv: perl and ruby -n/-p run BEGIN blocks before the
// loop opens the files the words name, so a shift (ARGV.shift) there
// takes the first word; elsewhere the vector is the loop's.
func TestAnalyzeLoopArgv(t *testing.T) {
	t.Parallel()
	home := Arg{Value: "/home/u", Known: true}
	file := Arg{Value: "notes.txt", Known: true}
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"perl-begin", Perl, `BEGIN{$d=shift} system("rm -rf $d")`, []string{"shell system: rm -rf /home/u"}},
		{"perl-begin-call", Perl, `BEGIN{ system("rm", "-rf", shift) }`, []string{"exec system: rm -rf /home/u"}},
		{"ruby-begin", Ruby, `BEGIN{$d=ARGV.shift}; system("rm -rf "+$d)`, []string{"shell system: rm -rf /home/u"}},
		// Outside BEGIN the words are the loop's files.
		{"perl-body", Perl, `system("rm -rf $ARGV[0]")`, []string{`hidden system: "rm -rf $ARGV[0]"`}},
		{"perl-body-shift", Perl, `$d = shift; unlink $d`, []string{"hidden unlink: $d"}},
		// Look-alikes: BEGIN in a string, a BEGIN that only prints.
		{"perl-look", Perl, `print "BEGIN{shift} rm -rf"`, nil},
		{"perl-begin-print", Perl, `BEGIN{$d=shift} print "$d: $_"`, nil},
	} {
		var got []string
		for _, e := range AnalyzeLoopArgv(tc.l, tc.src, []Arg{home, file}) {
			got = append(got, describe(e))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestRespellPython: the uses of a name as the tokens show them.
func TestRespellPython(t *testing.T) {
	t.Parallel()
	names := map[string]string{"breakpoint": "os.system", "sys.breakpointhook": "os.system"}
	for _, tc := range []struct{ src, want string }{
		{`bp = breakpoint; bp("x")`, `bp = os.system; bp("x")`},
		{`breakpoint("x")`, `os.system("x")`},
		{`h = sys.breakpointhook`, `h = os.system`},
		{`print("breakpoint(x)") # breakpoint()`, `print("breakpoint(x)") # breakpoint()`},
		{`o.breakpoint(); my_breakpoint(); sys.breakpointhook.x`, `o.breakpoint(); my_breakpoint(); sys.breakpointhook.x`},
	} {
		if got := RespellPython(tc.src, names); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.src, got, tc.want)
		}
	}
}
