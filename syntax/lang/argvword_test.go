package lang

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestAnalyzeArgvRunTimeWords: a word of the argument vector only known
// at run time that has a shell form (Arg.Shell) is read a second time
// as its mark, so the writes, reads, deletions, runs and loads whose
// path holds it are reported (ArgvWords) in every language that binds
// the vector; a word without a shell form, a print of the word, and an
// index past the vector add nothing.
func TestAnalyzeArgvRunTimeWords(t *testing.T) {
	t.Parallel()
	word := Arg{Shell: `"$(command echo ~/.bashrc)"`}
	m1 := ArgvMark(1)
	m0 := ArgvMark(0)
	for _, tt := range []struct {
		name string
		l    Lang
		src  string
		argv []Arg
		want []string // "kind path-or-argv" of the ArgvWords effects
	}{
		{"py-write", Python, `import sys; open(sys.argv[1], "w").write("x")`, []Arg{{Value: "-c", Known: true}, word}, []string{"write " + m1}},
		{"py-read", Python, `import sys; print(open(sys.argv[1]).read())`, []Arg{{Value: "-c", Known: true}, word}, []string{"read " + m1}},
		{"py-join", Python, `import sys, os; open(os.path.join(sys.argv[1], ".bashrc"), "w")`, []Arg{{Value: "-c", Known: true}, word}, []string{"write " + m1 + "/.bashrc"}},
		{"py-unpack", Python, "import sys\n_, f = sys.argv\nos.remove(f)", []Arg{{Value: "-c", Known: true}, word}, []string{"delete " + m1}},
		{"py-exec", Python, `import sys, subprocess; subprocess.run(["rm", "-rf", sys.argv[1]])`, []Arg{{Value: "-c", Known: true}, word}, []string{"exec rm -rf " + m1}},
		{"py-print", Python, `import sys; print(sys.argv[1])`, []Arg{{Value: "-c", Known: true}, word}, nil},
		{"py-no-shell-form", Python, `import sys; open(sys.argv[1], "w")`, []Arg{{Value: "-c", Known: true}, {}}, nil},
		{"py-past-end", Python, `import sys; open(sys.argv[2], "w")`, []Arg{{Value: "-c", Known: true}, word}, nil},
		{"js-write", JS, `require("fs").writeFileSync(process.argv[1], "x")`, []Arg{{}, word}, []string{"write " + m1}},
		{"js-binary-path", JS, `require("fs").writeFileSync(process.argv[0], "x")`, []Arg{{}, word}, nil},
		{"ruby-write", Ruby, `File.write(ARGV[0], "x")`, []Arg{word}, []string{"write " + m0}},
		{"ruby-shift", Ruby, `f = ARGV.shift; File.delete(f)`, []Arg{word}, []string{"delete " + m0}},
		{"perl-shift", Perl, `$f = shift; open(F, ">$f")`, []Arg{word}, []string{"write " + m0}},
		{"perl-index", Perl, `unlink $ARGV[0]`, []Arg{word}, []string{"delete " + m0}},
		{"php-write", PHP, `file_put_contents($argv[1], "x");`, []Arg{{Value: "Standard input code", Known: true}, word}, []string{"write " + m1}},
		{"d", D, "import std.file;\nvoid main(string[] args) { remove(args[1]); }", []Arg{{Value: "rm.d", Known: true}, word}, []string{"delete " + m1}},
		{"cs", CSharp, "Directory.Delete(Args[0], true);", []Arg{word}, []string{"delete " + m0}},
		{"swift", Swift, "unlink(CommandLine.arguments[1])", []Arg{{Value: "x.swift", Known: true}, word}, []string{"delete " + m1}},
		{"java", JVM, "class X { public static void main(String[] a) { new File(a[0]).delete(); } }", []Arg{word}, []string{"delete " + m0}},
	} {
		var got []string
		effects := AnalyzeArgv(tt.l, tt.src, tt.argv)
		for _, e := range effects {
			if !e.ArgvWords {
				continue
			}
			switch e.Kind {
			case Write:
				got = append(got, "write "+e.Path)
			case Read:
				got = append(got, "read "+e.Path)
			case Delete:
				got = append(got, "delete "+e.Path)
			case Exec:
				got = append(got, "exec "+strings.Join(e.Argv, " "))
			default:
				got = append(got, "other "+e.Path+e.Text)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		// The first reading's effects are all kept: without a shell
		// form the result is what it was.
		plain := slices.Clone(tt.argv)
		for i := range plain {
			plain[i].Shell = ""
		}
		before := AnalyzeArgv(tt.l, tt.src, plain)
		var kept []Effect
		for _, e := range effects {
			if !e.ArgvWords {
				kept = append(kept, e)
			}
		}
		if !reflect.DeepEqual(kept, before) {
			t.Errorf("%s: first reading changed: %+v, want %+v", tt.name, kept, before)
		}
	}
}

// TestImportsArgv: a load of a word of the argument vector loads the
// file the word names (require(process.argv[1]), load ARGV[0], include
// $argv[1], require $ARGV[0]); a word only known at run time is marked.
func TestImportsArgv(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		l    Lang
		src  string
		argv []Arg
		want string // the Include's path; "" for none
		mark bool
	}{
		{"node", JS, `require(process.argv[1])`, []Arg{{}, {Value: "./evil.js", Known: true}}, "./evil.js", false},
		{"ruby-load", Ruby, `load ARGV[0]`, []Arg{{Value: "evil.rb", Known: true}}, "evil.rb", false},
		{"php-include", PHP, `include $argv[1];`, []Arg{{Value: "Standard input code", Known: true}, {Value: "evil.php", Known: true}}, "evil.php", false},
		{"perl-require", Perl, `require $ARGV[0]`, []Arg{{Value: "./evil.pl", Known: true}}, "./evil.pl", false},
		{"ruby-run-time", Ruby, `load ARGV[0]`, []Arg{{Shell: `"$f"`}}, ArgvMark(0), true},
		{"ruby-unknown", Ruby, `load ARGV[0]`, []Arg{{}}, "", false},
		{"node-print", JS, `console.log(process.argv[1])`, []Arg{{}, {Value: "./evil.js", Known: true}}, "", false},
	} {
		got, mark := "", false
		for _, e := range ImportsArgv(tt.l, tt.src, tt.argv, false) {
			if e.Kind == Include && !e.Search {
				got, mark = e.Path, e.ArgvWords
			}
		}
		if got != tt.want || mark != tt.mark {
			t.Errorf("%s: %q (marked %v), want %q (%v)", tt.name, got, mark, tt.want, tt.mark)
		}
	}
}

// TestArgvParts cuts text at marks; text without one is not cut.
func TestArgvParts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want []ArgvPart
		ok   bool
	}{
		{ArgvMark(1), []ArgvPart{{Word: 1}}, true},
		{"/tmp/" + ArgvMark(2) + "/.bashrc", []ArgvPart{{Text: "/tmp/", Word: -1}, {Word: 2}, {Text: "/.bashrc", Word: -1}}, true},
		{ArgvMark(0) + ArgvMark(10), []ArgvPart{{Word: 0}, {Word: 10}}, true},
		{"/tmp/x", nil, false},
		{"\x00argvx\x00", nil, false},
	} {
		got, ok := ArgvParts(tt.in)
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: %+v %v, want %+v %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
