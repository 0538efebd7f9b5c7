package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestShellOptions (issue 9): the shell of a call that starts a process
// is read wherever its options are: Python's shell= keyword, its ninth
// positional argument, a dict unpacked into the keywords
// (**{"shell": True}, **dict(shell=True)), and the executable= that
// replaces the shell or the program; Node's options object of spawn,
// spawnSync, execFile and execFileSync (a second argument that is a name
// bound to an array is the argument list, and one only known at run time
// may be), Perl's system { PROG } LIST, and functools.partial of a
// subprocess call. Options the text does not show
// (**opts, a variable o) may hold shell: true: a string command is
// judged as the shell would run it.
// Look-alikes: a dict or object that says no shell, or holds other keys.
func TestShellOptions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-dict", Python, `import subprocess; subprocess.run("rm -rf ~", **{"shell":True})`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-dict-call", Python, `import subprocess; subprocess.run("rm -rf ~", **dict(shell=True))`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-dict-more", Python, "import subprocess\nsubprocess.Popen('rm -rf ~', **{'cwd': '/', 'shell': 1})", []string{"shell subprocess.Popen: rm -rf ~"}},
		{"py-opts", Python, `import subprocess; subprocess.run("rm -rf ~", **opts)`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-dict-spread", Python, `import subprocess; subprocess.run("rm -rf ~", **{"cwd": "/", **o})`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-dict-named-key", Python, `import subprocess; subprocess.run("rm -rf ~", **{k: True})`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-dict-positional", Python, `import subprocess; subprocess.run("rm -rf ~", **dict(o))`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-positional-shell", Python, `import subprocess; subprocess.run("rm -rf ~", -1, None, None, None, None, None, True, True)`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-splat", Python, `import subprocess; subprocess.Popen("rm -rf ~", *rest)`, []string{"shell subprocess.Popen: rm -rf ~"}},
		{"py-opts-list-script", Python, `import subprocess; subprocess.run(["rm -rf ~"], **opts)`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-opts-list-argv", Python, `import subprocess; subprocess.run(["rm", "-rf", "/home/u"], **opts)`, []string{"exec subprocess.run: rm -rf /home/u"}},
		{"py-executable-argv0", Python, `import subprocess; subprocess.Popen(["x", "-c", "rm -rf ~"], executable="/bin/sh")`, []string{"exec subprocess.Popen: /bin/sh -c rm -rf ~"}},
		{"py-executable-shell", Python, `import subprocess; subprocess.run("rm -rf ~", shell=True, executable="/bin/bash")`, []string{"exec subprocess.run: /bin/bash -c rm -rf ~"}},
		{"py-executable-name", Python, `import subprocess; subprocess.Popen(["x", "-c", "ls"], executable=sh)`, []string{"hidden subprocess.Popen: executable=sh"}},
		{"js-opts-var", JS, `const o={shell:true}; require('child_process').spawnSync('rm -rf ~', o)`, []string{"shell child_process.spawnSync: rm -rf ~"}},
		{"js-opts-var-args", JS, `require('child_process').spawn('rm', ['-rf', '~'], o)`, []string{"shell child_process.spawn: rm -rf ~"}},
		{"js-execfile", JS, `require('child_process').execFile('rm -rf ~', opts)`, []string{"shell child_process.execFile: rm -rf ~"}},
		{"js-opts-spread", JS, `require('child_process').spawnSync('rm -rf ~', {stdio: 'inherit', ...o})`, []string{"shell child_process.spawnSync: rm -rf ~"}},
		{"js-opts-shorthand", JS, `require('child_process').spawnSync('rm -rf ~', {shell})`, []string{"shell child_process.spawnSync: rm -rf ~"}},
		{"js-opts-computed", JS, `require('child_process').spawnSync('rm -rf ~', {['she'+'ll']: 1})`, []string{"shell child_process.spawnSync: rm -rf ~"}},
		{"js-opts-quoted", JS, `require('child_process').spawnSync('rm -rf ~', {"shell": "/bin/bash"})`, []string{"shell child_process.spawnSync: rm -rf ~"}},
		{"js-opts-args-var", JS, `require('child_process').spawnSync('rm -rf ~', args, o)`, []string{"hidden child_process.spawnSync: args"}},
		{"js-args-var-array", JS, `const a=['-rf', '/home/u']; require('child_process').spawnSync('rm', a)`, []string{"exec child_process.spawnSync: rm -rf /home/u"}},
		{"js-args-var-array-opts", JS, `let a = ["-rf", "/x"]; require('child_process').spawn('rm', a, {cwd: '/'})`, []string{"exec child_process.spawn: rm -rf /x"}},
		{"js-args-var-unknown", JS, `require('child_process').execFileSync('rm', a)`, []string{"hidden child_process.execFileSync: rm a"}},
		{"js-args-var-pushed", JS, `const a=['-l']; a.push('/x'); require('child_process').spawnSync('rm', a)`, []string{"hidden child_process.spawnSync: rm a"}},
		{"js-args-call", JS, `require('child_process').spawnSync('rm', args())`, []string{"hidden child_process.spawnSync: rm args()"}},
		{"py-dict-args", Python, `import subprocess; subprocess.run(**{"args":"rm -rf ~","shell":True})`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-dict-call-args", Python, `import subprocess; subprocess.Popen(**dict(args=["rm", "-rf", "/x"]))`, []string{"exec subprocess.Popen: rm -rf /x"}},
		{"pl-indirect-sh", Perl, `system { "/bin/sh" } "x", "-c", "rm -rf ~"`, []string{"exec system: /bin/sh -c rm -rf ~"}},
		{"pl-indirect-exec-list", Perl, `exec { '/bin/rm' } ('x', '-rf', '/home/u');`, []string{"exec exec: /bin/rm -rf /home/u"}},
		{"pl-indirect-var", Perl, `system { $p } "x", "-c", "ls"`, []string{"hidden system: $p"}},
		{"py-partial-shell", Python, `import functools,subprocess; functools.partial(subprocess.run, shell=True)("rm -rf ~")`, []string{"shell subprocess.run: rm -rf ~"}},
		{"py-partial-imported", Python, "from functools import partial as P\nimport subprocess\nP(subprocess.Popen, 'rm -rf ~', shell=True)()", []string{"shell subprocess.Popen: rm -rf ~"}},
		{"rb-argv0-pair", Ruby, `system(["sh", "x"], "-c", "rm -rf ~")`, []string{"exec system: sh -c rm -rf ~"}},
		{"rb-argv0-pair-env", Ruby, `Process.spawn({"A" => "1"}, ["sh", "x"], "-c", "rm -rf ~", chdir: "/")`, []string{"exec Process.spawn: sh -c rm -rf ~"}},
		// Look-alikes.
		{"rb-argv0-pair-alone", Ruby, `system(["rm -rf ~", "x"])`, []string{"exec system: rm -rf ~"}},
		{"rb-splat-pair", Ruby, `system(*["ls", "-l"])`, []string{"exec system: ls -l"}},
		{"py-dict-noshell", Python, `import subprocess; subprocess.run("ls -l", **{"shell": False})`, []string{"exec subprocess.run: ls -l"}},
		{"py-dict-cwd", Python, `import subprocess; subprocess.run(["ls", "-l"], **{"cwd": "/tmp"})`, []string{"exec subprocess.run: ls -l"}},
		{"py-opts-list", Python, `import subprocess; subprocess.run(["ls", "-l"], **opts)`, []string{"exec subprocess.run: ls -l"}},
		{"py-positional-noshell", Python, `import subprocess; subprocess.run("ls", -1, None, None, None, None, None, True, False)`, []string{"exec subprocess.run: ls"}},
		{"js-opts-stdio", JS, `require('child_process').spawnSync('ls', ['-l'], {stdio: 'inherit'})`, []string{"exec child_process.spawnSync: ls -l"}},
		{"js-opts-false", JS, `require('child_process').spawnSync('ls', ['-l'], {shell: false, cwd: d})`, []string{"exec child_process.spawnSync: ls -l"}},
		{"js-null-args", JS, `require('child_process').spawn('ls', null, {cwd: '/tmp'})`, []string{"exec child_process.spawn: ls"}},
		{"js-opts-var-object", JS, `const o={cwd:'x'}; require('child_process').spawnSync('ls', o)`, []string{"shell child_process.spawnSync: ls"}},
		{"js-args-var-ls", JS, `const a=['-l']; require('child_process').spawnSync('ls', a)`, []string{"exec child_process.spawnSync: ls -l"}},
		{"py-dict-args-ls", Python, `import subprocess; subprocess.run(**{"args": ["ls", "-l"]})`, []string{"exec subprocess.run: ls -l"}},
		{"pl-indirect-ls", Perl, `system { "ls" } "ls", "-l"`, []string{"exec system: ls -l"}},
		{"pl-indirect-one-word", Perl, `system { "ls" } "rm -rf ~"`, []string{"exec system: ls"}},
		{"py-partial-list", Python, `import functools,subprocess; functools.partial(subprocess.run, ["ls"])()`, []string{"exec subprocess.run: ls"}},
		{"js-no-opts", JS, `require('child_process').spawn('ls', ['-l'])`, []string{"exec child_process.spawn: ls -l"}},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}
