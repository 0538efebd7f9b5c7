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
)

// TestScriptTypescriptDownload: script(1) forwards a download piped into
// it to its command's terminal, and the typescript records it (the
// terminal's echo and what the command prints). The typescript, named or
// the default ./typescript, and the -O/-I/-B logs were left where they
// were (allow); they are moved into the sandbox. A typescript already in
// the sandbox or /dev/null passes.
func TestScriptTypescriptDownload(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd, rewritten string
		want           Decision
	}{
		{`curl -s https://x.io/a | script -q -c cat f`, `curl -s https://x.io/a | script -q -c cat /home/u/proj/agent_sandbox/f`, Rewrite},
		{`curl -s https://x.io/a | script -qc cat`, `curl -s https://x.io/a | script -qc cat /home/u/proj/agent_sandbox/typescript`, Rewrite},
		{`curl -s https://x.io/a | script -qc cat -O log.txt`, `curl -s https://x.io/a | script -qc cat -O /home/u/proj/agent_sandbox/log.txt`, Rewrite},
		{`curl -s https://x.io/a | script -qc cat --log-in=in.log`, `curl -s https://x.io/a | script -qc cat --log-in=/home/u/proj/agent_sandbox/in.log`, Rewrite},
		{`curl -s https://x.io/a | script -qc cat /dev/null`, "", Allow},
		{`curl -s https://x.io/a | script -qc cat agent_sandbox/t`, "", Allow},
		{`script -qc ls f`, "", Allow},
	} {
		r := Check(testConfig(), tc.cmd)
		if r.Decision != tc.want || tc.rewritten != "" && r.Rewritten != tc.rewritten {
			t.Errorf("%s: %v %q, want %v %q (%v)", tc.cmd, r.Decision, r.Rewritten, tc.want, tc.rewritten, r.Findings)
		}
	}
}

// TestScriptTypescriptDownloadExec runs the first row with the real
// script and curl against a loopback server: as written ./f holds the
// served bytes; as rewritten the sandbox's f does and ./f is not made.
func TestScriptTypescriptDownloadExec(t *testing.T) {
	t.Parallel()
	var tools []string
	for _, name := range []string{"bash", "curl", "script"} {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Skip("no " + name)
		}
		tools = append(tools, p)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("served-body\n")) }))
	defer srv.Close()
	cmd := `curl -s ` + srv.URL + `/a | script -q -c cat f > /dev/null`
	run := func(dir, text string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		c := exec.CommandContext(ctx, tools[0], "-c", text)
		c.Dir = dir
		c.Env = []string{"PATH=" + filepath.Dir(tools[1]) + ":" + filepath.Dir(tools[2]) + ":/usr/bin:/bin", "HOME=" + dir}
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", text, err, out)
		}
	}
	orig := t.TempDir()
	run(orig, cmd)
	if b, _ := os.ReadFile(filepath.Join(orig, "f")); !strings.Contains(string(b), "served-body") {
		t.Fatalf("script wrote %q to f, not the download (the test does not show the write)", b)
	}
	proj := t.TempDir()
	sb := filepath.Join(proj, "agent_sandbox")
	if err := os.Mkdir(sb, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Cwd: proj, Project: proj, Home: proj, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
	r := Check(cfg, cmd)
	if r.Decision != Rewrite {
		t.Fatalf("%s: %v %v, want rewrite", cmd, r.Decision, r.Findings)
	}
	run(proj, r.Rewritten)
	if _, err := os.Stat(filepath.Join(proj, "f")); err == nil {
		t.Errorf("the rewritten %s still made ./f", r.Rewritten)
	}
	if b, _ := os.ReadFile(filepath.Join(sb, "f")); !strings.Contains(string(b), "served-body") {
		t.Errorf("the rewritten %s left the sandbox's f %q, want the download", r.Rewritten, b)
	}
}
