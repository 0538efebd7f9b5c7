package rewrite

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPatchCopyOut (red team 13 AQ, issue 12 leftovers): a patch or
// mailbox in the sandbox is external content; git apply, git am, git
// mailsplit -oDIR and patch of it write into the work tree outside the
// sandbox, and passed: they ask now (copy-out). A download piped into git
// mailsplit -oDIR outside the sandbox asks too. Look-alikes: --check, --dry-run, a work tree in
// the sandbox, the project's own patch, git am --continue.
func TestPatchCopyOut(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/agent_sandbox/x.patch": "", "proj/agent_sandbox/m": "", "proj/fix.patch": "", "proj/sub/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git apply agent_sandbox/x.patch", "ask"},
		{"git am agent_sandbox/m", "ask"},
		{"git am < agent_sandbox/m", "ask"},
		{"git -C sub am ../agent_sandbox/m", "ask"},
		{"git mailsplit -op agent_sandbox/m", "ask"},
		{"patch -p1 < agent_sandbox/x.patch", "ask"},
		{"patch -p1 -i agent_sandbox/x.patch", "ask"},
		{"patch -d sub -p1 -i ../agent_sandbox/x.patch", "ask"},
		{"curl -so agent_sandbox/y.patch https://example.com/y.patch && git apply agent_sandbox/y.patch", "ask"},
		{"curl -so y.patch https://example.com/y.patch && git apply y.patch", "ask"},
		{"curl -s https://example.com/m | git mailsplit -op && git am p/0001", "ask"},
		{"curl -s https://example.com/m | git mailsplit -op", "ask"},
		{"curl -s https://example.com/m | git mailsplit -oagent_sandbox/p", "allow"},
		// Look-alikes.
		{"git apply --check agent_sandbox/x.patch", "allow"},
		{"git apply --stat agent_sandbox/x.patch", "allow"},
		{"patch --dry-run -p1 -i agent_sandbox/x.patch", "allow"},
		{"cd agent_sandbox && git apply x.patch", "allow"},
		{"git -C agent_sandbox am m", "allow"},
		{"git mailsplit -oagent_sandbox/p agent_sandbox/m", "allow"},
		{"git apply fix.patch", "allow"},
		{"git am --continue", "allow"},
		{"git diff > d.patch && git apply -R d.patch", "allow"},
	})
}

// TestMailsplitDownloadExec runs real git: a mailbox served on loopback,
// piped into git mailsplit -op (p made first: mailsplit needs it) and
// applied with git am p/0001, writes the commit's file into the project,
// which is what the ask guards.
func TestMailsplitDownloadExec(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"git", "curl"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("no %s", p)
		}
	}
	root := t.TempDir()
	env := []string{"HOME=" + root, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1", "no_proxy=*",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}
	sh := func(dir, cmd string) string {
		t.Helper()
		c := exec.Command("bash", "-c", cmd)
		c.Dir, c.Env = dir, env
		b, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, b)
		}
		return string(b)
	}
	up := filepath.Join(root, "up")
	os.MkdirAll(up, 0o755)
	sh(up, "git init -q && echo a > a.txt && git add a.txt && git commit -qm a && echo canary > canary.txt && git add canary.txt && git commit -qm c")
	mbox := sh(up, "git format-patch -1 --stdout")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(mbox)) })}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/m"
	proj := filepath.Join(root, "proj")
	sh(root, "git clone -q up "+proj+" && git -C "+proj+" reset -q --hard HEAD~1")
	cfg := &Config{Cwd: proj, Project: proj, Home: root, Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
	cmd := "mkdir p && curl -s " + url + " | git mailsplit -op && git am -q p/0001"
	if r := Check(cfg, cmd); r.Decision != Ask {
		t.Errorf("%s: %s, want ask", cmd, r.Decision)
	}
	sh(proj, cmd)
	if b, _ := os.ReadFile(filepath.Join(proj, "canary.txt")); string(b) != "canary\n" {
		t.Errorf("git am of the downloaded piece did not write canary.txt: %q", b)
	}
}
