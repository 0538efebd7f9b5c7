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

// TestPerlMethodStores (red team 13 AQ): Perl's HTTP clients save a
// response to a file through a method of the client object —
// HTTP::Tiny->new->mirror(URL, FILE), $ua->mirror(URL, FILE),
// LWP::UserAgent's get(URL, ":content_file" => FILE) — which passed
// while getstore(URL, FILE) asked. Each asks now (http-client); the file
// in the sandbox, a method of another name, and the text in a string
// pass. Where perl and HTTP::Tiny are on the machine, each HTTP::Tiny row
// that asks is run against a loopback server in a scratch project to
// show that it does write the file.
func TestPerlMethodStores(t *testing.T) {
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
		cmd, want string
		run       bool // HTTP::Tiny: run it for real
	}{
		{`perl -MHTTP::Tiny -e 'HTTP::Tiny->new->mirror("URL", "f1")'`, "ask", true},
		{`perl -MHTTP::Tiny -e 'my $h = HTTP::Tiny->new; $h->mirror("URL", "f2")'`, "ask", true},
		{`perl -MHTTP::Tiny -e 'my $h = HTTP::Tiny->new(timeout => 5); $h->mirror($ARGV[0], "f3")' URL`, "ask", true},
		{`perl -MLWP::UserAgent -e 'LWP::UserAgent->new->mirror("URL", "f4")'`, "ask", false},
		{`perl -MLWP::UserAgent -e 'LWP::UserAgent->new->get("URL", ":content_file" => "f5")'`, "ask", false},
		{`perl -MLWP::UserAgent -e 'my $ua = LWP::UserAgent->new; $ua->get("URL", ":content_file", $ARGV[0])' f6`, "ask", false},
		// Look-alikes.
		{`perl -MHTTP::Tiny -e 'HTTP::Tiny->new->mirror("URL", "agent_sandbox/f7")'`, "allow", false},
		{`perl -MHTTP::Tiny -e 'print HTTP::Tiny->new->get("URL")->{status}'`, "allow", false},
		{`perl -e 'print "->mirror(\"URL\", \"f8\")"'`, "allow", false},
		{`perl -e '$repo->mirror("origin")'`, "allow", false},
		{`perl -e 'my %o = (":content_file" => 1); print keys %o'`, "allow", false}, // no HTTP client named
	}
	perl := exec.Command("perl", "-MHTTP::Tiny", "-e", "1").Run() == nil
	for _, tt := range tests {
		proj := t.TempDir()
		cfg := &Config{Cwd: proj, Project: proj, Home: t.TempDir(), Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
		cmd := strings.ReplaceAll(tt.cmd, "URL", url)
		r := Check(cfg, cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
		if !tt.run || !perl {
			continue
		}
		run := exec.Command("bash", "-c", cmd)
		run.Dir = proj
		run.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH"), "no_proxy=*"}
		if b, err := run.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, b)
		}
		files, _ := filepath.Glob(filepath.Join(proj, "f*"))
		if len(files) != 1 {
			t.Errorf("%s wrote %v, want one file", tt.cmd, files)
			continue
		}
		if b, _ := os.ReadFile(files[0]); string(b) != "canary body\n" {
			t.Errorf("%s wrote %q", tt.cmd, b)
		}
	}
}

// TestRunnerStdoutDownload (red team 13 AQ): a downloader that program
// code runs (subprocess.run([...]), os.system, Perl's and Ruby's system)
// writes to the interpreter's stdout, so the interpreter's > f or | tee f
// received the download and passed; that file now moves into the
// sandbox as curl's own > f does. Printing to the terminal, /dev/null or
// a filter passes. The rewritten python3 row is run with the real python3
// and curl against a loopback server: the bytes land in the sandbox and
// not in the project.
func TestRunnerStdoutDownload(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("canary body\n")) })}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/x"
	tests := []struct{ cmd, want, rewritten string }{
		{`python3 -c 'import subprocess; subprocess.run(["curl", "-s", "URL"])' > f`, "rewrite", `> SB/f`},
		{`python3 -c 'import os; os.system("curl -s URL")' > f`, "rewrite", `> SB/f`},
		{`python3 -c 'import os; os.system("curl -s URL")' | tee f`, "rewrite", `tee SB/f`},
		{`perl -e 'system("curl", "-s", "URL")' > f`, "rewrite", `> SB/f`},
		{`ruby -e 'system("curl -s URL")' >> f`, "rewrite", `>> SB/f`},
		// Look-alikes.
		{`python3 -c 'import subprocess; subprocess.run(["curl", "-s", "URL"])'`, "allow", ""},
		{`python3 -c 'import subprocess; subprocess.run(["curl", "-s", "URL"])' > /dev/null`, "allow", ""},
		{`python3 -c 'import subprocess; subprocess.run(["curl", "-s", "URL"])' | jq .`, "allow", ""},
		{`python3 -c 'import subprocess; subprocess.run(["echo", "URL"])' > f`, "allow", ""},
	}
	for i, tt := range tests {
		proj := t.TempDir()
		sb := filepath.Join(proj, "agent_sandbox")
		cfg := &Config{Cwd: proj, Project: proj, Home: t.TempDir(), Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
		cmd := strings.ReplaceAll(tt.cmd, "URL", url)
		r := Check(cfg, cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
			continue
		}
		if tt.rewritten == "" {
			continue
		}
		if want := strings.ReplaceAll(tt.rewritten, "SB", sb); !strings.Contains(r.Rewritten, want) {
			t.Errorf("%s: rewritten %q, want it to hold %q", tt.cmd, r.Rewritten, want)
		}
		if i != 0 {
			continue
		}
		if _, err := exec.LookPath("curl"); err != nil {
			continue
		}
		if err := os.MkdirAll(sb, 0o755); err != nil {
			t.Fatal(err)
		}
		run := exec.Command("bash", "-c", r.Rewritten)
		run.Dir = proj
		run.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH"), "no_proxy=*"}
		if b, err := run.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", r.Rewritten, err, b)
		}
		if b, _ := os.ReadFile(filepath.Join(sb, "f")); string(b) != "canary body\n" {
			t.Errorf("%s: the sandbox's f holds %q", r.Rewritten, b)
		}
		if _, err := os.Stat(filepath.Join(proj, "f")); err == nil {
			t.Errorf("%s wrote f in the project", r.Rewritten)
		}
	}
}
