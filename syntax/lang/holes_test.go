package lang

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// holeCases are programs whose strings have holes (interpolation): the
// code of a hole may hold strings in the string's own quote, which the
// language reads as part of the hole (Ruby, PHP, Python 3.12's PEP 701),
// and a hole's value is a path when its expression is one (Perl
// "$ENV{HOME}/x", Ruby "#{Dir.home}/x", PHP "$_SERVER[HOME]/x").
// TestHoleOracle runs each with the real interpreter.
var holeCases = []struct {
	name string
	l    Lang
	src  string
	want []string
	// py312 marks Python that only 3.12 and later accept.
	py312 bool
}{
	{"rb-quote-in-hole", Ruby, `x = "#{'"'}"; system("echo MARK")`, []string{"shell system: echo MARK"}, false},
	{"rb-index-in-hole", Ruby, `h = {"k" => 1}; x = "#{h["k"]}"; system("echo MARK")`, []string{"shell system: echo MARK"}, false},
	{"rb-brace-in-hole", Ruby, `x = "a#{"}"}b"; system("echo MARK")`, []string{"shell system: echo MARK"}, false},
	{"php-quote-in-hole", PHP, `$a = ['"' => 1]; $x = "{$a['"']}"; system("echo MARK");`, []string{"shell system: echo MARK"}, false},
	{"php-dollar-brace", PHP, `$a = 1; $x = "${a}"; system("echo MARK");`, []string{"shell system: echo MARK"}, false},
	{"py-quote-in-hole", Python, `x = f"{'"'}"; import os; os.system("echo MARK")`, []string{"shell os.system: echo MARK"}, true},
	{"py-fstring-nested", Python, `x = f"{f"{1}"}"; import os; os.system("echo MARK")`, []string{"shell os.system: echo MARK"}, true},
	{"py-brace-in-hole", Python, `x = f"{'}'}"; import os; os.system("echo MARK")`, []string{"shell os.system: echo MARK"}, false},
	{"js-regex-in-hole", JS, "const x = `${/}/.source}`; console.log(String(require('child_process').execSync('echo MARK')))", []string{"shell child_process.execSync: echo MARK"}, false},
	{"js-template-in-hole", JS, "const x = `${`}`}`; console.log(String(require('child_process').execSync('echo MARK')))", []string{"shell child_process.execSync: echo MARK"}, false},
	// Python's format spec is text: a quote there is a fill character.
	{"py-spec-quote", Python, `x = 5; y = f"{x:'^10}"; import os; os.system("echo MARK")`, []string{"shell os.system: echo MARK"}, false},
	{"py-spec-nested", Python, `x = 5; y = f"{x:{3}}{ {'a': 1}['a'] }{[1, 2][0:1]}{x!r:>4}"; import os; os.system("echo MARK")`, []string{"shell os.system: echo MARK"}, false},
	{"py-spec-hides", Python, `x = 5; y = f"{x:'^10}"; print("os.system('rm -rf ~')")`, nil, false},
	// The value of a hole that is a path.
	{"rb-home-hole", Ruby, `File.write("#{Dir.home}/corral-hole-test", "x")`, []string{"write File.write: ~/corral-hole-test (home)"}, false},
	{"rb-env-hole", Ruby, `File.write("#{ENV["HOME"]}/corral-hole-test", "x")`, []string{"write File.write: ~/corral-hole-test (home)"}, false},
	{"pl-env-hole", Perl, `open(F, ">>$ENV{HOME}/corral-hole-test")`, []string{"append open: ~/corral-hole-test (home)"}, false},
	{"pl-env-plain", Perl, `open(F, ">>", $ENV{'HOME'} . "/corral-hole-test")`, []string{"append open: ~/corral-hole-test (home)"}, false},
	{"pl-var-hole", Perl, `my $h = $ENV{HOME}; open(F, ">", "${h}/corral-hole-test")`, []string{"write open: ~/corral-hole-test (home)"}, false},
	{"php-env-hole", PHP, `file_put_contents("$_SERVER[HOME]/corral-hole-test", "x");`, []string{"write file_put_contents: ~/corral-hole-test (home)"}, false},
	{"php-brace-hole", PHP, `file_put_contents("{$_SERVER['HOME']}/corral-hole-test", "x");`, []string{"write file_put_contents: ~/corral-hole-test (home)"}, false},
	{"py-joinpath", Python, `from pathlib import Path; Path.home().joinpath("corral-hole-test").write_text("x")`, []string{"write pathlib.Path.write_text: ~/corral-hole-test (home)"}, false},
	// Modules bound to other names: const p = require("path"), import
	// os.path as op.
	{"js-path-alias", JS, `const p = require("path"); require("fs").writeFileSync(p.join("corral-hole-dir", "x"), "x")`, []string{"write fs.writeFileSync: corral-hole-dir/x"}, false},
	{"js-os-alias", JS, `const o = require("os"); require("fs").appendFileSync(o.homedir() + "/corral-hole-test", "x")`, []string{"append fs.appendFileSync: ~/corral-hole-test (home)"}, false},
	{"js-join-destructured", JS, `const {join} = require("node:path"); require("fs").writeFileSync(join("corral-hole-dir", "x"), "x")`, []string{"write fs.writeFileSync: corral-hole-dir/x"}, false},
	// Look-alikes: printed, not run; a hole only run time knows.
	{"rb-print-hole", Ruby, `puts "#{Dir.home}/.bashrc"`, nil, false},
	{"pl-print-hole", Perl, `print "$ENV{HOME}/.bashrc\n"`, []string{"print env print: *"}, false},
	{"pl-array-hole", Perl, `my @a = (1); open(F, ">", "out@a.txt")`, []string{"write open:  (run time: .txt out)"}, false},
}

func TestHoles(t *testing.T) {
	t.Parallel()
	for _, tc := range holeCases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestHoleOracle checks the cases against the real interpreters: each
// parses, and a program whose shell call corral finds really runs it
// (prints MARK). The path cases are only parsed (-c, -l), never run.
func TestHoleOracle(t *testing.T) {
	t.Parallel()
	py312 := false
	if out, err := exec.Command("python3", "-c", "import sys; print(sys.version_info >= (3, 12))").Output(); err == nil {
		py312 = strings.TrimSpace(string(out)) == "True"
	}
	for _, tc := range holeCases {
		var check, run []string
		switch tc.l {
		case Ruby:
			check, run = []string{"ruby", "-ce", tc.src}, []string{"ruby", "-e", tc.src}
		case Perl:
			check, run = []string{"perl", "-ce", tc.src}, []string{"perl", "-e", tc.src}
		case PHP:
			check, run = []string{"php", "-l", "-r", tc.src}, []string{"php", "-r", tc.src}
		case JS:
			check, run = []string{"node", "-e", "0"}, []string{"node", "-e", tc.src} // node checks no -e text: parsing is checked by running
		case Python:
			if tc.py312 && !py312 {
				t.Logf("%s: needs Python 3.12 (PEP 701), not this machine's; not checked", tc.name)
				continue
			}
			check, run = []string{"python3", "-c", "import ast, sys; ast.parse(sys.argv[1])", tc.src}, []string{"python3", "-c", tc.src}
		}
		if _, err := exec.LookPath(check[0]); err != nil {
			t.Logf("%s: %s not installed; not checked", tc.name, check[0])
			continue
		}
		if tc.l == PHP {
			check = []string{"php", "-r", "exit(0);"} // php -l does not take -r: parsing is checked by running
		}
		if out, err := exec.Command(check[0], check[1:]...).CombinedOutput(); err != nil {
			t.Errorf("%s: %s does not accept the program: %v\n%s", tc.name, check[0], err, out)
			continue
		}
		if !strings.Contains(tc.src, "echo MARK") {
			continue
		}
		out, err := exec.Command(run[0], run[1:]...).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "MARK") {
			t.Errorf("%s: %s did not run the shell call: %v\n%s", tc.name, run[0], err, out)
		}
	}
}
