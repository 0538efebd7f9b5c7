package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// heldListCases: a name bound once, by a top-level statement, to a list
// of literals is that list where a running call takes the name as a
// whole argument (subprocess.run(a), system @a, system(*a)). A list
// bound again, in a branch, or changed (a.append, push @a, $a[0] = …,
// a passed to other code first) is only known at run time; printing
// such a list runs nothing. A dict bound the same way and unpacked into
// Python's keywords (run(**d)) passes its keys as if written there.
var heldListCases = []struct {
	name string
	l    Lang
	src  string
	want []string
}{
	{"py-run", Python, `import subprocess; a=["rm","-rf","/home"]; subprocess.run(a)`, []string{"exec subprocess.run: rm -rf /home"}},
	{"py-lines", Python, "import subprocess\nargv = ['sh', '-c', 'rm -rf ~']\nsubprocess.check_call(argv)\n", []string{"exec subprocess.check_call: sh -c rm -rf ~"}},
	{"py-in-function", Python, "import os\nA = ['rm', '-rf', '/srv']\ndef go():\n    os.execvp('rm', A)\ngo()\n", []string{"exec os.execvp: rm -rf /srv"}},
	{"perl-system", Perl, `my @a=("rm","-rf","/home"); system @a`, []string{"exec system: rm -rf /home"}},
	{"perl-indirect-object", Perl, `my @a=("sh","-c","rm -rf ~"); system { "/bin/sh" } @a`, []string{"exec system: /bin/sh -c rm -rf ~"}},
	{"perl-one-word", Perl, `my @a=("rm -rf ~"); system @a`, []string{"shell system: rm -rf ~"}},
	{"ruby-splat", Ruby, `a=["rm","-rf","/home"]; system(*a)`, []string{"exec system: rm -rf /home"}},
	{"php-pcntl", PHP, `$a=["-rf","/home"]; pcntl_exec("/bin/rm", $a);`, []string{"exec pcntl_exec: /bin/rm -rf /home"}},
	{"js-spawn", JS, `const cp=require("child_process"); const a=["-rf","/home"]; cp.spawnSync("rm", a)`, []string{"exec child_process.spawnSync: rm -rf /home"}},
	{"py-kwargs-dict", Python, `import subprocess; d={"args":"rm -rf ~","shell":True}; subprocess.run(**d)`, []string{"shell subprocess.run: rm -rf ~"}},
	{"py-kwargs-list", Python, `import subprocess; d={"args":["rm","-rf","/home"]}; subprocess.run(**d)`, []string{"exec subprocess.run: rm -rf /home"}},
	// Look-alikes: printed, never run, or not certain.
	{"py-kwargs-changed", Python, `import subprocess; d={"args":"ls","shell":True}; d["args"]=c; subprocess.run(**d)`, []string{"hidden subprocess.run: "}},
	{"py-kwargs-update", Python, `import subprocess; d={"args":"ls","shell":True}; d.update(o); subprocess.run(**d)`, []string{"hidden subprocess.run: "}},
	{"py-print", Python, `a=["rm","-rf","/home"]; print(a)`, nil},
	{"py-append", Python, `import subprocess; a=["ls"]; a.append("/home"); subprocess.run(a)`, []string{"hidden subprocess.run: a"}},
	{"py-branch", Python, "import subprocess\na = ['ls']\nif x:\n    a = ['rm', '-rf', '/']\nsubprocess.run(a)\n", []string{"hidden subprocess.run: a"}},
	{"py-reassigned", Python, "import subprocess\na = ['ls']\na = b\nsubprocess.run(a)\n", []string{"hidden subprocess.run: a"}},
	{"py-passed-first", Python, "import subprocess\na = ['ls']\nfix(a)\nsubprocess.run(a)\n", []string{"hidden subprocess.run: a"}},
	{"py-aliased", Python, "import subprocess\na = ['ls']\nb = a\nb.append('x')\nsubprocess.run(a)\n", []string{"hidden subprocess.run: a"}},
	{"py-in-branch", Python, "import subprocess\nif x:\n    a = ['ls']\nsubprocess.run(a)\n", []string{"hidden subprocess.run: a"}},
	{"py-not-literal", Python, `import subprocess; a=["rm", d]; subprocess.run(a)`, []string{"hidden subprocess.run: a"}},
	{"perl-push", Perl, `my @a=("ls"); push @a, "/home"; system @a`, []string{"hidden system: @a"}},
	{"perl-push-one", Perl, `my @a=("rm"); push @a, "-rf", "/home"; system @a`, []string{"hidden system: @a"}},
	{"perl-element", Perl, `my @a=("ls","x"); $a[0]="rm"; system @a`, []string{"hidden system: @a"}},
	{"ruby-shovel", Ruby, `a=["ls"]; a << "/home"; system(*a)`, []string{"hidden system: *a"}},
	{"php-append", PHP, `$a=["-l"]; $a[]="/home"; pcntl_exec("/bin/ls", $a);`, []string{"hidden pcntl_exec: $a"}},
	{"js-push", JS, `const cp=require("child_process"); const a=["-l"]; a.push(x); cp.spawnSync("ls", a)`, []string{"hidden child_process.spawnSync: ls a"}},
}

func TestHeldList(t *testing.T) {
	t.Parallel()
	for _, tc := range heldListCases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
