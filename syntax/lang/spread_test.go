package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSpreadArguments (red team 16 SP1): a literal list unpacked into a
// call's arguments — Python's f(*["a"]) and f(*("a", "b")), Ruby's
// f(*["a"]) (with or without parentheses), JavaScript's f(...["a"]) — is
// its elements, each an argument, as the interpreter passes them; a
// list not written out (*sys.argv[1:], *ARGV, ...argv) is a value only
// known at run time (asks).
// Look-alikes: print(*["a", "b"]), os.path.join(*parts), Python's
// f(*("x")) (a string's characters).
func TestSpreadArguments(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-system-list", Python, `import os; os.system(*["rm -rf ~"])`,
			[]string{"shell os.system: rm -rf ~"}},
		{"py-system-tuple", Python, `import os; os.system(*("rm -rf ~",))`,
			[]string{"shell os.system: rm -rf ~"}},
		{"py-open-list", Python, `open(*["/home/u/.bashrc", "w"]).write("x")`,
			[]string{"write open: /home/u/.bashrc"}},
		{"py-open-list-read", Python, `open(*["/home/u/notes.txt"]).read()`,
			[]string{"read open: /home/u/notes.txt"}},
		{"py-subprocess-list", Python, `import subprocess; subprocess.run(*[["rm", "-rf", "/home/u"]])`,
			[]string{"exec subprocess.run: rm -rf /home/u"}},
		{"rb-system-paren", Ruby, `system(*["rm -rf ~"])`,
			[]string{"shell system: rm -rf ~"}},
		{"rb-system-bare", Ruby, `system *["rm", "-rf", "/home/u"]`,
			[]string{"exec system: rm -rf /home/u"}},
		{"js-execsync", JS, `require("child_process").execSync(...["rm -rf ~"])`,
			[]string{"shell child_process.execSync: rm -rf ~"}},
		{"js-writefile", JS, `require("fs").writeFileSync(...["/home/u/.bashrc", "x"])`,
			[]string{"write fs.writeFileSync: /home/u/.bashrc"}},
		{"py-system-name", Python, "import os, sys\nos.system(*sys.argv[1:])", []string{"hidden os.system: *sys.argv[1:]"}},
		{"rb-system-name", Ruby, "system(*ARGV)", []string{"hidden system: *ARGV"}},
		{"js-execsync-name", JS, `require("child_process").execSync(...process.argv.slice(2))`, []string{"hidden child_process.execSync: ...process.argv.slice(2)"}},
		// A splat of a sum is the sum's elements, not the first list's
		// (interp3: *%w[rm -rf] + [Dir.home] was read as rm -rf alone).
		{"rb-system-sum", Ruby, `system(*%w[rm -rf] + [Dir.home])`, []string{"hidden system: *%w[rm -rf] + [Dir.home]"}},
		{"py-run-sum", Python, `import subprocess; subprocess.run(["rm", "-rf"] + [x])`, []string{"hidden subprocess.run: [\"rm\", \"-rf\"] + [x]"}},
		// Look-alikes.
		{"rb-system-wordlist", Ruby, `system(*%w[ls -l])`, []string{"exec system: ls -l"}},
		{"py-print", Python, `print(*["a", "b"])`, nil},
		{"py-join", Python, `import os; os.path.join(*parts)`, nil},
		{"js-log", JS, `console.log(...["a", "b"])`, nil},
		{"rb-puts", Ruby, `puts(*["a", "b"])`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestSpreadArgumentsOracle runs the real interpreters (when installed)
// on unpacked literal lists that make a canary under a temporary
// directory: the canary exists afterwards (the list's elements were the
// call's arguments), and the analysis of the same text names the canary.
func TestSpreadArgumentsOracle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, prog string
		l          Lang
		flag       string
		src        func(canary string) string
	}{
		{"py-system", "python3", Python, "-c", func(c string) string { return `import os; os.system(*["touch ` + c + `"])` }},
		{"py-system-tuple", "python3", Python, "-c", func(c string) string { return `import os; os.system(*("touch ` + c + `",))` }},
		{"py-open", "python3", Python, "-c", func(c string) string { return `open(*["` + c + `", "w"]).write("x")` }},
		{"rb-system", "ruby", Ruby, "-e", func(c string) string { return `system(*["touch ` + c + `"])` }},
		{"rb-system-bare", "ruby", Ruby, "-e", func(c string) string { return `system *["touch", "` + c + `"]` }},
		{"js-execsync", "node", JS, "-e", func(c string) string {
			return `require("child_process").execSync(...["touch ` + c + `"])`
		}},
		{"js-writefile", "node", JS, "-e", func(c string) string { return `require("fs").writeFileSync(...["` + c + `", "x"])` }},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		src := tc.src(canary)
		found := false
		for _, e := range Analyze(tc.l, src) {
			found = found || strings.Contains(describe(e), canary)
		}
		if !found {
			t.Errorf("%s: the analysis does not name the canary: %q", tc.name, describeAll(Analyze(tc.l, src)))
		}
		cmd := exec.Command(bin, tc.flag, src)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if _, serr := os.Stat(canary); serr != nil {
			t.Errorf("%s: the canary was not made (%v, %s)", tc.name, err, out)
		}
	}
}
