package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// constCases: a name bound once at top level to a string literal is that
// literal where a call takes it as a bare argument; a name bound again,
// in a branch, a loop, a function's parameters or with an operator is
// only known at run time (a destructive call of it is hidden, not a
// path). Printing a constant is data.
var constCases = []struct {
	name string
	l    Lang
	src  string
	want []string
}{
	{"py-open", Python, `p="/root/.bashrc"; open(p,"w").write("x")`, []string{"write open: /root/.bashrc"}},
	{"py-lines", Python, "import shutil\nd = '/home/me'\nshutil.rmtree(d)\n", []string{"delete -r shutil.rmtree: /home/me"}},
	{"py-join", Python, "import os\nh = '/home/u'\nos.remove(os.path.join(h, '.bashrc'))", []string{"delete os.remove: /home/u/.bashrc"}},
	{"py-expanduser", Python, "import os\nk = os.path.expanduser('~/.ssh/id_rsa')\nprint(open(k).read())", []string{"read open: ~/.ssh/id_rsa (home)"}},
	{"js-const", JS, `const f = "/home/u/.ssh/id_rsa"; require("fs").readFileSync(f)`, []string{"read fs.readFileSync: /home/u/.ssh/id_rsa"}},
	{"js-let-rm", JS, "const fs = require('fs');\nlet d = '/srv/data';\nfs.rmSync(d, {recursive: true})", []string{"delete -r fs.rmSync: /srv/data"}},
	{"perl-unlink", Perl, `$f = '~/.bashrc'; unlink $f`, []string{"delete unlink: ~/.bashrc"}},
	{"perl-my", Perl, `my $f = "/etc/hosts"; unlink($f);`, []string{"delete unlink: /etc/hosts"}},
	{"ruby-delete", Ruby, `f = "/etc/passwd"; File.delete(f)`, []string{"delete File.delete: /etc/passwd"}},
	{"php-unlink", PHP, `$f = "/etc/passwd"; unlink($f);`, []string{"delete unlink: /etc/passwd"}},
	{"py-path-div", Python, `from pathlib import Path; (Path("/etc") / "passwd").unlink(); open(Path("out") / "x.txt", "w")`, []string{"delete unlink: /etc/passwd", "write open: out/x.txt"}},
	{"py-path-div-const", Python, "import shutil, pathlib\nroot = '/home'\nshutil.rmtree(pathlib.Path(root) / 'u')", []string{"delete -r shutil.rmtree: /home/u"}},
	{"py-string-div", Python, `import os; os.remove("a" / "b")`, []string{`hidden os.remove: "a" / "b"`}},
	// Look-alikes and names only known at run time.
	{"py-print", Python, `p = "/etc/passwd"; print(p)`, nil},
	{"py-project", Python, `p = "out.txt"; open(p, "w")`, []string{"write open: out.txt"}},
	{"py-branch", Python, "import shutil\np = '/etc'\nif x:\n    p = 'out'\nshutil.rmtree(p)", []string{"hidden shutil.rmtree: p"}},
	{"py-reassigned", Python, "import shutil\np = '/etc'\np = 'build'\nshutil.rmtree(p)", []string{"delete -r shutil.rmtree: build"}},
	// Top-level statements run in order: the value after the += (flow.go).
	{"py-augmented", Python, "import shutil\np = '/'\np += 'build'\nshutil.rmtree(p)", []string{"delete -r shutil.rmtree: /build"}},
	{"py-augmented-branch", Python, "import shutil\np = '/'\nif x: p += 'build'\nshutil.rmtree(p)", []string{"hidden shutil.rmtree: p"}},
	{"py-augmented-later", Python, "import shutil\np = 'a'\ndef f():\n    shutil.rmtree(p)\np = '/etc'\nf()", []string{"hidden shutil.rmtree: p"}},
	{"js-augmented-arrow", JS, "let p = 'a'; const f = () => require('fs').rmSync(p); p = '/etc'; f()", []string{"hidden fs.rmSync: p"}},
	{"py-loop", Python, "import shutil\nfor p in ['a']:\n  shutil.rmtree(p)\np = '/etc'", []string{"hidden shutil.rmtree: p"}},
	{"py-param", Python, "import shutil\ndef f(p):\n  shutil.rmtree(p)\np = '/etc'", []string{"hidden shutil.rmtree: p"}},
	{"py-indented", Python, "import shutil\nif x:\n    p = '/etc'\nshutil.rmtree(p)", []string{"hidden shutil.rmtree: p"}},
	{"py-call-value", Python, "import shutil\np = input()\nshutil.rmtree(p)", []string{"hidden shutil.rmtree: p"}},
	{"js-arrow", JS, "const fs = require('fs');\nconst d = '/etc';\n['a'].forEach(d => fs.rmSync(d));", []string{"hidden fs.rmSync: d"}},
	{"ruby-block", Ruby, "f = '/etc'\n['a'].each { |f| File.delete(f) }", []string{"hidden File.delete: f"}},
	{"perl-twice", Perl, `$f = "/etc/hosts"; $f = "x"; unlink $f`, []string{"delete unlink: x"}},
	{"perl-twice-sub", Perl, `$f = "x"; sub g { unlink $f } $f = "/etc/hosts"; g()`, []string{"hidden unlink: $f"}},
}

func TestConstants(t *testing.T) {
	t.Parallel()
	for _, tc := range constCases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s\n(-want +got)\n%s", tc.name, tc.src, diff)
		}
	}
}

// TestConstantConcat: a constant joined to literals is the joined
// literal, in Python with + and in Perl with its . operator.
func TestConstantConcat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		l         Lang
		src, want string
	}{
		{Python, "import os\nd = '/home/u'\nos.remove(d + '/.bashrc')", "delete os.remove: /home/u/.bashrc"},
		{Perl, `my $d = "/home/u"; unlink($d . "/.bashrc");`, "delete unlink: /home/u/.bashrc"},
	} {
		es := Analyze(tc.l, tc.src)
		if len(es) != 1 || describe(es[0]) != tc.want {
			var got []string
			for _, e := range es {
				got = append(got, describe(e))
			}
			t.Errorf("%s: got %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestConstantLookups: a lookup by a name bound once to a literal is the
// lookup by that literal (getattr(os, n), cp[m], send(m, …), m = :system);
// a name bound twice is only known at run time, and a constant naming a
// harmless method stays harmless.
func TestConstantLookups(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		l    Lang
		src  string
		want []string
	}{
		{Python, `import os; n = "system"; getattr(os, n)("rm -rf ~")`, []string{"shell os.system: rm -rf ~"}},
		{JS, `const cp = require("child_process"); const m = "execSync"; cp[m]("rm -rf ~")`, []string{"shell child_process.execSync: rm -rf ~"}},
		{Ruby, `m = :system; Kernel.send(m, "rm -rf ~")`, []string{"shell system: rm -rf ~"}},
		{Ruby, `m = "system"; send(m, "rm -rf ~")`, []string{"shell system: rm -rf ~"}},
		{Python, `import os; n = "getcwd"; print(getattr(os, n)())`, nil},
		{Ruby, `m = :puts; send(m, "rm -rf ~")`, nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.src, diff)
		}
	}
}

// TestConstantShapes: a constant is followed into an f-string or an
// untagged template whose holes are constants or paths the text shows,
// as a pathlib receiver (p = Path.home() / ".ssh"; p.read_text()), into
// os.path.join, and inside the function body or block that binds it once
// (a scoped constant: only there). A string that is only data, a hole
// with a format spec or a run-time value, a name bound twice in the body
// or as a parameter, a use outside the body and a method on a plain
// string are not followed.
func TestConstantShapes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		l    Lang
		src  string
		want []string
	}{
		{Python, "HOME = '/home/u'\nprint(open(f'{HOME}/.ssh/id_rsa').read())", []string{"read open: /home/u/.ssh/id_rsa"}},
		{Python, "import os\nHOME = os.path.expanduser('~')\nprint(open(f\"{HOME}/.ssh/id_rsa\").read())", []string{"read open: ~/.ssh/id_rsa (home)"}},
		{Python, "import os\nHOME = os.path.expanduser('~')\nprint(open(os.path.join(HOME, '.ssh', 'id_rsa')).read())", []string{"read open: ~/.ssh/id_rsa (home)"}},
		{Python, "import os\nprint(open(f'{os.path.expanduser(\"~\")}/.aws/credentials').read())", []string{"read open: ~/.aws/credentials (home)"}},
		{Python, "from pathlib import Path\np = Path.home() / '.ssh' / 'id_rsa'\nprint(p.read_text())", []string{"read pathlib.Path.read_text: ~/.ssh/id_rsa (home)"}},
		{Python, "import pathlib\np = pathlib.Path('/etc/hosts')\np.unlink()", []string{"delete Path.unlink: /etc/hosts"}},
		{Python, "import shutil\ndef main():\n    d = '/home/u'\n    shutil.rmtree(d)\nmain()", []string{"delete -r shutil.rmtree: /home/u"}},
		{Python, "def main():\n    p = '/home/u/.ssh/id_rsa'\n    with open(p) as f:\n        print(f.read())\n", []string{"read open: /home/u/.ssh/id_rsa"}},
		{JS, "const fs = require('fs');\nconst home = '/home/u';\nconsole.log(fs.readFileSync(`${home}/.ssh/id_rsa`, 'utf8'))", []string{"read fs.readFileSync: /home/u/.ssh/id_rsa"}},
		{JS, "const fs = require('fs'); const os = require('os');\nconst home = os.homedir();\nfs.readFileSync(`${home}/.ssh/id_rsa`)", []string{"read fs.readFileSync: ~/.ssh/id_rsa (home)"}},
		{JS, "const fs = require('fs');\nfunction f() {\n  const d = '/srv/data';\n  fs.rmSync(d, {recursive: true});\n}\n", []string{"delete -r fs.rmSync: /srv/data"}},
		{JS, "const fs = require('fs');\nconst os = require('os');\nconst main = () => {\n  const k = `${os.homedir()}/.aws/credentials`;\n  return fs.readFileSync(k);\n};", []string{"read fs.readFileSync: ~/.aws/credentials (home)"}},
		// Look-alikes and values only known at run time.
		{Python, "HOME = '/home/u'\nprint(f'{HOME}/.ssh/id_rsa')", nil},
		{Python, "import shutil\nD = '/home/u'\nshutil.rmtree(f'{D!r}')", []string{"hidden shutil.rmtree: f'{D!r}'"}},
		{Python, "import shutil, sys\nshutil.rmtree(f'/home/{sys.argv[1]}')", []string{"hidden shutil.rmtree: f'/home/{sys.argv[1]}'"}},
		{Python, "import shutil\ndef main(d):\n    shutil.rmtree(d)\n", []string{"hidden shutil.rmtree: d"}},
		{Python, "import shutil\ndef main():\n    d = '/home/u'\n    if x:\n        d = 'build'\n    shutil.rmtree(d)\n", []string{"hidden shutil.rmtree: d"}},
		{Python, "import shutil\ndef main():\n    d = '/home/u'\nshutil.rmtree(d)\n", []string{"hidden shutil.rmtree: d"}},
		{Python, "p = '/etc/hosts'\np.unlink()", nil},
		{JS, "const fs = require('fs');\nfunction f(d) {\n  fs.rmSync(d, {recursive: true});\n}\nconst d = '/srv';", []string{"hidden fs.rmSync: d"}},
		{JS, "const fs = require('fs');\n{\n  const d = '/srv/data';\n}\nfs.rmSync(d, {recursive: true});", []string{"hidden fs.rmSync: d"}},
		{JS, "const home = '/home/u';\nconsole.log(`${home}/.ssh/id_rsa`)", nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.src, diff)
		}
	}
}
