package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestStartsShell: the programs that start a shell when given no command
// (su(1), runuser(1), sudo(8) -s/-i, doas(1) -s, chroot(8), nsenter(1),
// unshare(1), pkexec(1), newgrp(1), script(1) without -c), through
// wrappers; with a command, or when they only list or check, they start
// none.
func TestStartsShell(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cmd  string
		want bool
	}{
		{"su", true},
		{"su -", true},
		{"su - bob", true},
		{"su -s /bin/sh bob", true},
		{"sudo su", true},
		{"sudo su -l root", true},
		{"runuser -l bob", true},
		{"sudo -s", true},
		{"sudo -i", true},
		{"sudo --login", true},
		{"sudo -u bob -s", true},
		{"sudo -n -s", true},
		{"doas -s", true},
		{"chroot /srv/root", true},
		{"nsenter -t 1 -a", true},
		{"unshare -r", true},
		{"pkexec", true},
		{"newgrp docker", true},
		{"script -q /dev/null", true},
		{"ssh localhost", true},
		{"ssh -p 2222 127.0.0.1", true},
		{"nice sudo -s", true},
		// A command, a listing, a check: no shell reads stdin.
		{"su -c 'whoami' bob", false},
		{"su bob --command=id", false},
		{"sudo -s id", false},
		{"sudo -l", false},
		{"sudo -v", false},
		{"sudo -k", false},
		{"doas ls", false},
		{"chroot /srv/root /bin/ls", false},
		{"nsenter -t 1 -m -- ls", false},
		{"unshare -r id", false},
		{"pkexec ls", false},
		{"script -q -c make /dev/null", false},
		{"su --help", false},
		{"ssh localhost uptime", false},
		{"ssh remote.example.com", false}, // another machine's shell
		{"ssh -N -L 8080:localhost:80 localhost", false},
		{"ls", false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.cmd, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", tc.cmd, err)
		}
		last := m.Calls[len(m.Calls)-1]
		if got := StartsShell(last); got != tc.want {
			t.Errorf("%q: StartsShell(%s) = %v, want %v", tc.cmd, last.Name, got, tc.want)
		}
		if got := ReadsCodeOnStdin(last); got != tc.want {
			t.Errorf("%q: ReadsCodeOnStdin(%s) = %v, want %v", tc.cmd, last.Name, got, tc.want)
		}
	}
}

// TestCodeOnStdin: text that reaches, on stdin, a shell started without a
// command, or a program told to read its program from stdin (make -f -,
// awk -f - and -f /dev/stdin, gdb -x /dev/stdin), is that shell's or that
// program's code, whether it comes through a pipe, a here-string or a
// here-document. The canary /victim stands for what must not be missed.
func TestCodeOnStdin(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := []struct {
		cmd  string
		want bool
	}{
		{"echo 'rm -rf /victim' | sudo su", true},
		{"echo 'rm -rf /victim' | su - root", true},
		{"sudo -s <<< 'rm -rf /victim'", true},
		{"sudo -i <<'X'\nrm -rf /victim\nX", true},
		{"printf 'rm -rf /victim\\n' | chroot /", true},
		{"echo 'rm -rf /victim' | nsenter -t 1 -a", true},
		{"echo 'rm -rf /victim' | unshare -r", true},
		{"echo 'rm -rf /victim' | pkexec", true},
		{"echo 'rm -rf /victim' | newgrp docker", true},
		{"echo 'rm -rf /victim' | script -q /dev/null", true},
		{"echo 'rm -rf /victim' | doas -s", true},
		{"ssh localhost <<< 'rm -rf /victim'", true},
		{"echo 'rm -rf /victim' | ssh remote.example.com", false},
		{"printf 'all:\\n\\trm -rf /victim\\n' | make -f -", true},
		{"printf 'all:\\n\\trm -rf /victim\\n' | make -f /dev/stdin", true},
		{"make -f - <<'X'\nall:\n\trm -rf /victim\nX", true},
		{`echo 'BEGIN { system("rm -rf /victim") }' | awk -f -`, true},
		{`echo 'BEGIN { system("rm -rf /victim") }' | gawk -f /dev/stdin`, true},
		{`awk -f - <<< 'BEGIN { system("rm -rf /victim") }'`, true},
		{"echo 'shell rm -rf /victim' | gdb -batch -x /dev/stdin", true},
		{"ex -s notes.txt <<< '!rm -rf /victim'", true},
		{"echo '!rm -rf /victim' | vim -es", true},
		{"echo ':!rm -rf /victim' | vim -s /dev/stdin notes.txt", true},
		{"echo '%s/a/b/|x' | ex -s notes.txt", false},
		{"echo '!rm -rf /victim' | vim -", false}, // the text is a buffer to edit
		// Look-alikes: the text is data, or the program runs a command.
		{"echo 'rm -rf /victim' | su -c cat bob", false},
		{"echo 'rm -rf /victim' | sudo tee notes.txt", false},
		{"echo 'rm -rf /victim' | sudo -s cat", false},
		{`echo 'rm -rf /victim' | awk -f prog.awk`, false},
		{`echo 'BEGIN { print "rm -rf /victim" }' | awk -f -`, false},
		{"printf 'all:\\n\\techo rm -rf /victim\\n' | make -f -", false},
	}
	for _, tc := range cases {
		wantVictim(t, analyzeIn(t, dir, tc.cmd), tc.cmd, tc.want)
	}
}

// TestDescriptorScripts: a script file that names one of the call's own
// descriptors (/dev/stdin, /dev/fd/N, /proc/self/fd/N) is what that
// descriptor carries, for a shell, source, and an interpreter: a pipe, a
// here-document or here-string (also one opened earlier with exec), a
// process substitution, a file opened on it, a descriptor duplicated
// from stdin. ReadsCodeOnStdin is true where the descriptor is stdin, so
// a download piped there is pipe-shell's. A descriptor the command does
// not set carries nothing corral knows.
func TestDescriptorScripts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "job.sh"), []byte("rm -rf /victim\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		cmd           string
		victim, stdin bool
	}{
		{"echo 'rm -rf /victim' | bash /dev/stdin", true, true},
		{"echo 'rm -rf /victim' | sh /proc/self/fd/0", true, true},
		{"echo 'rm -rf /victim' | source /dev/stdin", true, true},
		{"echo 'rm -rf /victim' | . /dev/fd/0", true, true},
		{"bash /dev/stdin <<< 'rm -rf /victim'", true, true},
		{"echo 'rm -rf /victim' | bash /dev/fd/3 3<&0", true, true},
		{"bash /dev/fd/3 3<<< 'rm -rf /victim'", true, false},
		{"exec 3<<'X'\nrm -rf /victim\nX\nbash /dev/fd/3", true, false},
		{"bash /dev/fd/3 3< <(echo 'rm -rf /victim')", true, false},
		{"bash /dev/fd/4 4< job.sh", true, false},
		{"bash /dev/stdin < job.sh", true, true},
		{`echo 'import shutil; shutil.rmtree("/victim")' | python3 /dev/stdin`, true, true},
		{`python3 /dev/fd/0 <<< 'import shutil; shutil.rmtree("/victim")'`, true, true},
		{`perl /dev/fd/5 5<<< 'use File::Path; rmtree("/victim");'`, true, false},
		// Look-alikes: the text is harmless, or the descriptor is not
		// the command's.
		{"echo 'ls /victim' | bash /dev/stdin", false, true},
		{"echo 'rm -rf /victim' | bash /dev/fd/3", false, false},
		{"echo 'rm -rf /victim' | cat /dev/stdin", false, false},
		{"echo 'rm -rf /victim' | bash -n /dev/stdin", false, false},
		{"echo 'rm -rf /victim' | bash -c 'cat /dev/stdin'", false, false},
	}
	for _, tc := range cases {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.victim)
		// The call given the descriptor's path.
		var reader *Call
		for _, c := range m.Calls {
			for _, a := range c.Args {
				if reader == nil && (strings.HasPrefix(a.Value, "/dev/") || strings.HasPrefix(a.Value, "/proc/")) {
					reader = c
				}
			}
		}
		if reader == nil {
			t.Errorf("%q: no call names a descriptor", tc.cmd)
			continue
		}
		if got := ReadsCodeOnStdin(reader); got != tc.stdin {
			t.Errorf("%q: ReadsCodeOnStdin(%s) = %v, want %v", tc.cmd, reader.Name, got, tc.stdin)
		}
	}
}

// TestScriptsNeverReadOwnStdin: /dev/stdin, /dev/fd/0 and /proc/self/fd/0
// are the hook's own descriptors; a file named so, or a link to one, is
// never read as a script, whatever corral's stdin holds (here a regular
// file with a deletion in it), so that a verdict does not depend on how
// corral was started. An ordinary link to a script is still followed.
func TestScriptsNeverReadOwnStdin(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "job.sh")
	if err := os.WriteFile(script, []byte("rm -rf /victim\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/stdin", filepath.Join(dir, "in.sh")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("job.sh", filepath.Join(dir, "link.sh")); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("CORRAL_STDIN_CHILD") == "1" {
		// The child: its stdin is job.sh.
		for _, p := range []string{"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", filepath.Join(os.Getenv("CORRAL_STDIN_DIR"), "in.sh")} {
			if text, err := ReadScript(p); err == nil {
				t.Errorf("ReadScript(%s) read %q from the process's own stdin", p, text)
			}
		}
		m := analyzeIn(t, os.Getenv("CORRAL_STDIN_DIR"), "bash in.sh; awk -f /dev/stdin")
		wantVictim(t, m, "bash in.sh; awk -f /dev/stdin", false)
		return
	}
	if text, err := ReadScript(filepath.Join(dir, "link.sh")); err != nil || !strings.Contains(text, "/victim") {
		t.Fatalf("ReadScript of a link to a script: %q, %v", text, err)
	}
	f, err := os.Open(script)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestScriptsNeverReadOwnStdin$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CORRAL_STDIN_CHILD=1", "CORRAL_STDIN_DIR="+dir)
	cmd.Stdin = f
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child with a script on stdin: %v\n%s", err, out)
	}
}

// TestEnvChanged: the variables a command changes in a program's
// environment, by every route bash and env(1) give: a prefix assignment,
// env NAME=value, env -u NAME (also attached and --unset=), env -i, sudo
// NAME=value, an assignment, export or unset earlier in the command; the
// home directory the command started with is not a change.
func TestEnvChanged(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cmd  string
		want []string
	}{
		{"claude -p hi", nil},
		{"A=1 claude", []string{"A"}},
		{"env A=1 B=2 claude", []string{"A", "B"}},
		{"env -u A -uB --unset=C claude", []string{"A", "B", "C"}},
		{"env -C /tmp -u A claude", []string{"A"}}, // -C takes a directory
		{"env -i PATH=/bin claude", []string{"*", "PATH"}},
		{"sudo A=1 claude", []string{"A"}},
		{"export A=1; claude", []string{"A"}},
		{"unset A; claude", []string{"A"}},
		{"HOME=/tmp/h claude", []string{"HOME"}},
		{"cd /x && claude", []string{"OLDPWD"}}, // cd sets and exports OLDPWD
		{"sudo -i claude", nil},
		// A source corral cannot read makes values unknown, not changed
		// by the command; an assignment before it still counts.
		{"source missing.sh; claude", nil},
		{"export HOME=/tmp/h; source missing.sh; claude", []string{"HOME"}},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.cmd, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", tc.cmd, err)
		}
		last := m.Calls[len(m.Calls)-1]
		if last.Name != "claude" {
			t.Fatalf("%q: last call %s", tc.cmd, last.Name)
		}
		if !slices.Equal(last.EnvChanged, tc.want) {
			t.Errorf("%q: EnvChanged = %q, want %q", tc.cmd, last.EnvChanged, tc.want)
		}
	}
}

// TestGitCloneConfig: git clone -c/--config KEY=VALUE sets the key in the
// new repository before it fetches and checks out (git-clone(1)), so a
// key whose value git runs is a nested script, as with git -c; other keys
// are data.
func TestGitCloneConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"git clone -c core.fsmonitor='rm -rf /victim' https://x/a/b", true},
		{"git clone --config core.sshCommand='rm -rf /victim' git@x:a/b", true},
		{"git clone --config=core.pager='rm -rf /victim' https://x/a/b", true},
		{"git clone -c 'alias.st=!rm -rf /victim' https://x/a/b", true},
		{"git clone -c core.autocrlf=false https://x/a/b", false},
		{"git clone -c user.name='rm -rf /victim' https://x/a/b", false},
	} {
		wantVictim(t, analyzeIn(t, dir, tc.cmd), tc.cmd, tc.want)
	}
}
