package syntax

import (
	"strings"
	"testing"
)

// TestShellEscapes: programs whose command language reaches the shell,
// that run a command they are given, or that run shell text from an
// option — each case names rm -rf /victim, which corral must see run;
// the look-alikes run nothing of the kind.
func TestShellEscapes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"q.sql":  "select 1;\n\\! rm -rf /victim\n",
		"calc":   "2 3 + p\n!rm -rf /victim\n",
		"ask.sh": "rm -rf /victim\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`ed -s f <<< '!rm -rf /victim'`, true},
		{`printf 'r !rm -rf /victim\nq\n' | ed f`, true},
		{`dc -e '!rm -rf /victim'`, true},
		{`echo '[!rm -rf /victim]x' | dc`, true},
		{`dc calc`, true},
		{`dc -f calc`, true},
		{`mysql -e '\! rm -rf /victim'`, true},
		{`mysql --exec='system rm -rf /victim'`, true},
		{`mariadb <<< 'system rm -rf /victim'`, true},
		{`psql -c '\! rm -rf /victim'`, true},
		{`psql -f q.sql`, true},
		{`socat EXEC:'rm -rf /victim' -`, true},
		{`socat - system:"rm -rf /victim",pty,stderr`, true},
		{`ls | entr rm -rf /victim`, true},
		{`ls | entr -rs 'rm -rf /victim'`, true},
		{`watchexec -e go -- rm -rf /victim`, true},
		{`nodemon -x 'rm -rf /victim'`, true},
		{`chokidar '**/*.js' -c 'rm -rf /victim'`, true},
		{`osascript -e 'do shell script "rm -rf /victim"'`, true},
		{`osascript -l JavaScript -e 'app.doShellScript("rm -rf /victim")'`, true},
		{`osascript -e 'display dialog "rm -rf /victim"'`, false},
		{`chokidar 'src/**' --command='rm -rf /victim' --initial`, true},
		{`bwrap --bind / / --dev /dev --proc /proc rm -rf /victim`, true},
		{`wget --use-askpass=./ask.sh https://example.com/f`, true},
		{`git difftool -x 'rm -rf /victim' HEAD~`, true},
		{`git difftool --ext='rm -rf /victim'`, true},
		{`git send-email --to-cmd='rm -rf /victim' 0001.patch`, true},
		{`git grep -O'rm -rf /victim' TODO`, true},
		{`git instaweb --httpd='rm -rf /victim'`, true},
		{`git instaweb -d 'rm -rf /victim'`, true},
		{`git instaweb --htt='rm -rf /victim' --start`, true},
		{`/usr/lib/git-core/git-submodule foreach 'rm -rf /victim'`, true},
		{`git-rebase --exec 'rm -rf /victim' HEAD~2`, true},
		{`PS4='$(rm -rf /victim)'; set -x; ls`, true},
		{`env 'BASH_FUNC_f%%=() { rm -rf /victim; }' bash -c f`, true},
		{`nix develop -c rm -rf /victim`, true},
		{`nix shell nixpkgs#hello --command rm -rf /victim`, true},
		{`mise exec node@20 -- rm -rf /victim`, true},
		{`mise x -c 'rm -rf /victim'`, true},
		{`hyperfine 'rm -rf /victim'`, true},
		{`hyperfine --prepare 'rm -rf /victim' 'ls'`, true},
		{`capsh --drop=cap_sys_admin -- -c 'rm -rf /victim'`, true},
		{`npm exec -c 'rm -rf /victim'`, true},
		{`xdg-su -u root -c 'rm -rf /victim'`, true},
		{`sops exec-env secrets.yaml 'rm -rf /victim'`, true},
		{`sops exec-file --no-fifo --filename x.env secrets.yaml 'rm -rf /victim; cat {}'`, true},
		// Look-alikes.
		{`nix develop -c make`, false},
		{`hyperfine 'sleep 0.1' --warmup 3`, false},
		{`printf '1,$d\nw\nq\n' | ed -s f`, false},
		{`dc -e '2 3 + p' -e '1 2 !<a'`, false},
		{`mysql -e 'select "rm -rf /victim"'`, false},
		{`psql -c 'select 1'`, false},
		{`find . -printf '%s + ' | dc -e0 -f- -ep`, false},
		{`socat - TCP:localhost:80`, false},
		{`ls | entr make`, false},
		{`git difftool -x 'diff -u' HEAD`, false},
		{`git grep -O TODO`, false},
		{`git instaweb --httpd=lighttpd --start`, false},
		{`git instaweb -p 1234 -d 'rm -rf'`, false},
		{`git-log --grep 'rm -rf /victim'`, false},
		{`PS4='+ ${LINENO}: '; set -x; ls`, false},
		{`env 'BASH_FUNC_f%%=() { echo rm -rf /victim; }' bash -c f`, false},
		{`sops exec-env secrets.yaml 'echo rm -rf /victim'`, false},
		{`sops --decrypt secrets.yaml`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if rm := removes(m, "/victim"); rm != tc.rm {
			t.Errorf("%s: rm -rf /victim seen = %v, want %v", tc.cmd, rm, tc.rm)
		}
	}
}

// removes reports whether the model runs rm with one of paths as its last
// word.
func removes(m *Model, paths ...string) bool {
	for _, c := range m.Calls {
		if c.Name != "rm" || len(c.Args) == 0 {
			continue
		}
		for _, p := range paths {
			if c.Args[len(c.Args)-1].Value == p {
				return true
			}
		}
	}
	return false
}

// TestEdFileCommands: ed's e, f, r, w, W and wq name files, which the
// commands stand for as cat (a read) and : > (a write); a bare w writes
// the file an e or f named; the lines a, i and c take are text, not
// commands (red team 13 ED).
func TestEdFileCommands(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"e /etc/x\n$a\nhi\n.\nw\nq\n", []string{"cat -- /etc/x > /dev/null", ": > /etc/x"}},
		{"r ~/.ssh/id_rsa\n,p\nq\n", []string{"cat -- ~/.ssh/id_rsa > /dev/null"}},
		{"f out.txt\nW\n", []string{": >> out.txt"}},
		{"wq ~/.bashrc\n", []string{": > ~/.bashrc"}},
		{"a\nr ~/.ssh/id_rsa\n!rm -rf ~\n.\nw\nq\n", nil},
		{",s/a/b/g\nw\nq\n", nil},
		{"r !ls\n", []string{"ls"}},
	} {
		got := edShellCommands(tc.text)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: %q, want %q", tc.text, got, tc.want)
		}
	}
}
