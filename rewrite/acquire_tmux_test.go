package rewrite

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTmuxBufferDownload (red team 13 AQ): a download put in a tmux
// paste buffer (load-buffer -, load-buffer <(…), set-buffer "$(…)") and
// written by a later save-buffer FILE, or printed by save-buffer - /
// show-buffer into a file, passed; the file now moves into the sandbox.
// Look-alikes: a buffer of local text, another buffer, a buffer set
// after the download's, a save into the sandbox, a save with no download
// in the command. Where tmux and curl are on the machine, the marked
// rows run on a private tmux server against a loopback server: as
// written, FILE gets the served bytes (the buffer is the channel); as
// rewritten, the sandbox's FILE does and the project's does not.
func TestTmuxBufferDownload(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("canary body\n")) })}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/x"
	tests := []struct {
		cmd, want, rewritten string
		run                  bool
	}{
		{`curl -s URL | tmux TS load-buffer - && tmux TS save-buffer f`, "rewrite", "save-buffer SB/f", true},
		{`curl -s URL | tmux TS loadb -b dl - ; tmux TS saveb -b dl f`, "rewrite", "saveb -b dl SB/f", true},
		{`curl -s URL | tmux TS loadb - \; saveb f`, "rewrite", `saveb SB/f`, true},
		{`tmux TS load-buffer <(curl -s URL); tmux TS save-buffer f`, "rewrite", "save-buffer SB/f", true},
		{`tmux TS set-buffer "$(curl -s URL)"; tmux TS save-buffer f`, "rewrite", "save-buffer SB/f", true},
		{`x=$(curl -s URL); tmux TS setb "$x"; tmux TS saveb -a f`, "rewrite", "saveb -a SB/f", false},
		{`curl -s URL | tmux TS load-buffer - && tmux TS save-buffer - > f`, "rewrite", "> SB/f", true},
		{`curl -s URL | tmux TS load-buffer - && tmux TS show-buffer | tee f`, "rewrite", "tee SB/f", false},
		// Look-alikes.
		{`echo hi | tmux TS load-buffer - && tmux TS save-buffer f`, "allow", "", false},
		{`curl -s URL | tmux TS load-buffer -b x - ; tmux TS save-buffer -b y f`, "allow", "", false},
		{`curl -s URL | tmux TS load-buffer - ; tmux TS set-buffer hello; tmux TS save-buffer f`, "allow", "", false},
		{`curl -s URL | tmux TS load-buffer - ; tmux TS save-buffer agent_sandbox/f`, "allow", "", false},
		{`tmux TS save-buffer f`, "allow", "", false},
		{`curl -s URL | tmux TS load-buffer -`, "allow", "", false},
	}
	_, tmuxErr := exec.LookPath("tmux")
	_, curlErr := exec.LookPath("curl")
	for _, tt := range tests {
		for _, asRewritten := range []bool{false, true} {
			proj := t.TempDir()
			home := t.TempDir()
			sb := filepath.Join(proj, "agent_sandbox")
			sock := filepath.Join(home, "s")
			cmd := strings.NewReplacer("URL", url, "TS", "-S "+sock).Replace(tt.cmd)
			cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
			r := Check(cfg, cmd)
			if !asRewritten {
				if got := r.Decision.String(); got != tt.want {
					t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
				}
				if want := strings.ReplaceAll(tt.rewritten, "SB", sb); tt.rewritten != "" && !strings.Contains(r.Rewritten, want) {
					t.Errorf("%s: rewritten %q, want it to hold %q", tt.cmd, r.Rewritten, want)
				}
			}
			if !tt.run || tmuxErr != nil || curlErr != nil || r.Decision != Rewrite {
				continue
			}
			run := cmd
			if asRewritten {
				run = r.Rewritten
				if err := os.MkdirAll(sb, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "no_proxy=*", "TERM=dumb"}
			start := exec.Command("tmux", "-S", sock, "-f", "/dev/null", "new-session", "-d", "-s", "t")
			start.Env = env
			if b, err := start.CombinedOutput(); err != nil {
				t.Skipf("tmux server: %v\n%s", err, b)
			}
			sh := exec.Command("bash", "-c", run)
			sh.Dir = proj
			sh.Env = env
			b, err := sh.CombinedOutput()
			stop := exec.Command("tmux", "-S", sock, "kill-server")
			stop.Env = env
			stop.Run()
			if err != nil {
				t.Fatalf("%s: %v\n%s", run, err, b)
			}
			where := filepath.Join(proj, "f")
			if asRewritten {
				where = filepath.Join(sb, "f")
				if _, err := os.Stat(filepath.Join(proj, "f")); err == nil {
					t.Errorf("%s wrote f in the project", run)
				}
			}
			if got, _ := os.ReadFile(where); strings.TrimSpace(string(got)) != "canary body" { // $(…) drops the newline
				t.Errorf("%s: %s holds %q, want the served bytes", run, where, got)
			}
		}
	}
}
