package lang

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHomeInLists (issue 9): an item of a list that the program computed
// from the home directory (os.path.expanduser("~"), os.environ["HOME"],
// os.homedir(), process.env.HOME, Dir.home, ENV["HOME"], $ENV{HOME},
// getenv("HOME")) stays the home directory in the argument vector of the
// program it starts (marked with HomeMark, shown here as $HOME) and in a
// list of paths it deletes (Tilde). Look-alike: a "~" written in the
// list is a file named ~ (no mark).
func TestHomeInLists(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-run", Python, `import subprocess, os; subprocess.run(["rm", "-rf", os.path.expanduser("~")])`, []string{"exec subprocess.run: rm -rf $HOME"}},
		{"py-run-env", Python, `import subprocess, os; subprocess.run(["rm", "-rf", os.environ["HOME"]])`, []string{"exec subprocess.run: rm -rf $HOME"}},
		{"py-execvp", Python, `import os; os.execvp("rm", ["rm", "-rf", os.path.expanduser("~/.ssh")])`, []string{"exec os.execvp: rm -rf $HOME/.ssh"}},
		{"js-spawn", JS, `require("child_process").spawnSync("rm", ["-rf", require("os").homedir()])`, []string{"exec child_process.spawnSync: rm -rf $HOME"}},
		{"js-spawn-env", JS, `require("child_process").spawnSync("rm", ["-rf", process.env.HOME])`, []string{"exec child_process.spawnSync: rm -rf $HOME"}},
		{"bun-spawn", JS, `Bun.spawnSync(["rm", "-rf", process.env.HOME])`, []string{"exec Bun.spawnSync: rm -rf $HOME"}},
		{"deno-command", JS, `new Deno.Command("rm", {args: ["-rf", Deno.env.get("HOME")]}).outputSync()`, []string{"exec Deno.Command: rm -rf $HOME"}},
		{"rb-system", Ruby, `system("rm", "-rf", Dir.home)`, []string{"exec system: rm -rf $HOME"}},
		{"pl-system", Perl, `system("rm", "-rf", $ENV{HOME})`, []string{"exec system: rm -rf $HOME"}},
		{"php-pcntl", PHP, `<?php pcntl_exec("/bin/rm", ["-rf", getenv("HOME")]);`, []string{"exec pcntl_exec: /bin/rm -rf $HOME"}},
		{"rb-rm-rf-list", Ruby, `require "fileutils"; FileUtils.rm_rf([Dir.home])`, []string{"delete -r FileUtils.rm_rf: $HOME"}},
		{"pl-rmtree-list", Perl, `use File::Path qw(rmtree); rmtree([$ENV{HOME}])`, []string{"delete -r rmtree: $HOME"}},
		// Look-alikes: ~ written as text is a file named ~.
		{"py-run-tilde", Python, `import subprocess; subprocess.run(["rm", "-rf", "~"])`, []string{"exec subprocess.run: rm -rf ~"}},
		{"js-spawn-tilde", JS, `require("child_process").spawnSync("rm", ["-rf", "~"])`, []string{"exec child_process.spawnSync: rm -rf ~"}},
		{"rb-rm-rf-tilde", Ruby, `require "fileutils"; FileUtils.rm_rf(["~"])`, []string{"delete -r FileUtils.rm_rf: ~"}},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Delete && e.Tilde && strings.HasPrefix(e.Path, "~") {
				e.Path = "$HOME" + e.Path[1:]
			}
			for i, a := range e.Argv {
				if rest, ok := HomeWord(a); ok {
					e.Argv[i] = "$HOME" + rest[1:]
				}
			}
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}

// TestPerlGlobHome: Perl's glob of a literal pattern is computable as the
// shell's expansion of the word is: glob("~"), glob "~/x" and
// CORE::glob("~/x") give the home directory (or its file), so
// system("rm -rf ".glob("~")) is rm -rf of the home directory rather than
// code only known at run time. Look-alikes: a pattern glob splits,
// expands by braces or wildcards, or another user's ~name stays unknown
// (a hidden effect, not listed); a ~ in plain text given to unlink is a
// file named ~; a print runs nothing.
func TestPerlGlobHome(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{`system("rm -rf ".glob("~"))`, []string{"shell system: rm -rf ~"}},
		{`system("rm -rf " . glob "~")`, []string{"shell system: rm -rf ~"}},
		{`my $h = glob("~"); system("rm -rf $h")`, []string{"shell system: rm -rf ~"}},
		{`system("rm -rf ".glob("~" . "/x"))`, []string{"shell system: rm -rf ~/x"}},
		{`unlink glob("~/.ssh/id_rsa")`, []string{"delete unlink: ~/.ssh/id_rsa (home)"}},
		{`unlink glob "~/.bashrc"`, []string{"delete unlink: ~/.bashrc (home)"}},
		{`unlink CORE::glob('~/.bashrc')`, []string{"delete unlink: ~/.bashrc (home)"}},
		{`unlink glob("/etc/x")`, []string{"delete unlink: /etc/x"}},
		// Look-alikes.
		{`print "rm -rf ".glob("~")`, nil},
		{`unlink "~/.bashrc"`, []string{"delete unlink: ~/.bashrc"}},
		{`system("rm -rf ".glob("~/x y"))`, nil},
		{`system("rm -rf ".glob("~/{a,b}"))`, nil},
		{`system("rm -rf ".glob("~/.ss*"))`, nil},
		{`system("rm -rf ".glob("~root"))`, nil},
		{`system("rm -rf " . glob "~" . "/x")`, nil}, // glob of the concatenation
	} {
		var got []string
		for _, e := range Analyze(Perl, tc.src) {
			if e.Kind == Hidden {
				continue
			}
			d := describe(e)
			if e.Tilde {
				d += " (home)"
			}
			got = append(got, d)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}
