package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestHomeGlobDeletes: a program that expands a glob of the home
// directory and deletes what it finds is read as rm of that pattern with
// its ~/ unquoted (the shell expands ~ only when the slash after it is
// unquoted as well: ~'/.ssh/'* is a directory named ~ in the working
// directory, which hid Perl's unlink glob("~/.ssh/*") and Python's
// glob.glob(os.path.expanduser("~/*")) with shutil.rmtree from the
// judge). Perl's <PATTERN> after unlink or rmtree is the argument the call
// reads as none. Look-alikes: a project directory's glob keeps its quoted
// text; a glob only printed deletes nothing; a ~ no one expands (Ruby's
// Dir.glob, Python's glob) is a directory named ~.
func TestHomeGlobDeletes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		l    Lang
		src  string
		want []string
	}{
		{Perl, `unlink glob("~/.ssh/*")`, []string{"shell unlink of what glob lists: rm -f -- ~/'.ssh/'*"}},
		{Perl, `unlink for glob("~/.ssh/*")`, []string{"shell unlink of what glob lists: rm -f -- ~/'.ssh/'*"}},
		{Perl, `unlink <~/.bash*>`, []string{"shell unlink of what <glob> lists: rm -f -- ~/'.bash'*"}},
		{Perl, `map { unlink } <~/.ssh/*>`, []string{"shell unlink of what <glob> lists: rm -f -- ~/'.ssh/'*"}},
		{Perl, `grep { unlink } <~/.b*>`, []string{"shell unlink of what <glob> lists: rm -f -- ~/'.b'*"}},
		{Perl, `map { unlink } glob("~/.ssh/*")`, []string{"shell unlink of what glob lists: rm -f -- ~/'.ssh/'*"}},
		{Perl, `use File::Path; rmtree <~/*>`, []string{"shell rmtree of what <glob> lists: rm -rf -- ~/*"}},
		{Python, "import glob, os, shutil\nfor f in glob.glob(os.path.expanduser(\"~/*\")): shutil.rmtree(f)", []string{"shell shutil.rmtree of what glob.glob lists: rm -rf -- ~/*"}},
		{Python, "import glob, os\nfor f in glob.glob(os.path.expanduser(\"~/.ss*/*\")): os.remove(f)", []string{"shell os.remove of what glob.glob lists: rm -f -- ~/'.ss'*'/'*"}},
		{Ruby, `require "fileutils"; FileUtils.rm_rf(Dir.glob(File.expand_path("~/*")))`, []string{"shell FileUtils.rm_rf of what Dir.glob lists: rm -rf -- ~/*"}},
		// Look-alikes.
		{Perl, `unlink glob("build/*")`, []string{"shell unlink of what glob lists: rm -f -- 'build/'*"}},
		{Perl, `unlink <build/*.o>`, []string{"shell unlink of what <glob> lists: rm -f -- 'build/'*'.o'"}},
		{Perl, `print glob("~/.ssh/*"); print <~/.b*>`, nil},
		{Perl, `print map { uc } <~/.b*>; my %h = map { $_ => 1 } @a; if ($h{x} < 3) { print 1 }`, nil},
		{Perl, `map { unlink } <build/*.o>`, []string{"shell unlink of what <glob> lists: rm -f -- 'build/'*'.o'"}},
		{Python, "import glob, os\nfor f in glob.glob(os.path.expanduser(\"~/*\")): print(f)", nil},
		{Python, "import glob, shutil\nfor f in glob.glob(\"~/*\"): shutil.rmtree(f)", []string{"shell shutil.rmtree of what glob.glob lists: rm -rf -- '~/'*"}},
		{Ruby, `require "fileutils"; FileUtils.rm_rf(Dir.glob("build/*"))`, []string{"shell FileUtils.rm_rf of what Dir.glob lists: rm -rf -- 'build/'*"}},
		{Ruby, `puts Dir.glob(File.expand_path("~/*"))`, nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Shell {
				got = append(got, describe(e))
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tc.l, tc.src, diff)
		}
	}
}

// TestShellGlobHome: the ~/ of a home pattern stays unquoted, the rest
// of its text quoted but for the pattern characters.
func TestShellGlobHome(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a    arg
		want string
	}{
		{arg{lit: true, str: "~/.ssh/*", tilde: true}, "~/'.ssh/'*"},
		{arg{lit: true, str: "~/*", tilde: true}, "~/*"},
		{arg{lit: true, str: "~", tilde: true}, "~"},
		{arg{lit: true, str: "~/a b/$(x)*", tilde: true}, "~/'a b/$(x)'*"},
		{arg{lit: true, str: "~/*"}, "'~/'*"},
		{arg{lit: true, str: "~x/*", tilde: true}, "'~x/'*"},
	} {
		if got := shellGlob(&tc.a); got != tc.want {
			t.Errorf("shellGlob(%q, tilde %v) = %s, want %s", tc.a.str, tc.a.tilde, got, tc.want)
		}
	}
}
