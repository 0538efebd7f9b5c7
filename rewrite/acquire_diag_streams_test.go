package rewrite

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// diagStreamRows: what a downloader writes besides the body that the
// server chose. curl -v is a trace to stderr (the response's status line
// and headers), as --trace-ascii % is; wget's log holds the reason
// phrase, the Content-Type and a redirect's Location, and every header
// with -S/-d (which -q does not silence). Sent to a file in the project
// (2> f, 2>&1 | tee f, --stderr f, wget -o/-a f, wget -b's wget-log) it
// is a download and moves into the sandbox, as curl -D f does (allow ->
// rewrite). Look-alikes: the terminal, /dev/null, a pipe into a reader,
// wget -q, curl without -v, --no-verbose, a later --trace, the sandbox.
var diagStreamRows = []struct {
	rule string
	cmd  string
	want Decision
}{
	{"curl", "curl -v URL 2> notes.txt", Rewrite},
	{"curl", "curl -sv -o /dev/null URL 2> notes.txt", Rewrite},
	{"curl", "curl --verbose -o /dev/null URL 2>> notes.txt", Rewrite},
	{"curl", "curl -v -o /dev/null URL 2>&1 | tee notes.txt", Rewrite},
	{"curl", "curl -v -o /dev/null --stderr notes.txt URL", Rewrite},
	{"curl", "curl --trace-ascii t.txt -v -o /dev/null URL 2> notes.txt", Rewrite},
	{"wget", "wget -S -O /dev/null URL 2> log.txt", Rewrite},
	{"wget", "wget -O /dev/null URL 2> log.txt", Rewrite},
	{"wget", "wget -nv -O /dev/null URL 2> log.txt", Rewrite},
	{"wget", "wget -o log.txt -S -O /dev/null URL", Rewrite},
	{"wget", "wget -a log.txt -S -O /dev/null URL", Rewrite},
	{"wget", "wget --server-response --output-file=log.txt -O /dev/null URL", Rewrite},
	{"wget", "wget -q -S -o log.txt -O /dev/null URL", Rewrite},
	{"wget", "wget -d -o log.txt -O /dev/null URL", Rewrite},
	{"wget", "wget -o - -S -O /dev/null URL > log.txt", Rewrite},
	{"wget", "wget -S -O /dev/null URL 2>&1 | tee log.txt", Rewrite},
	{"wget", "wget -q --no-quiet -O /dev/null URL 2> log.txt", Rewrite},
	{"wget", "wget -b -O /dev/null URL", Rewrite},
	// Look-alikes.
	{"curl", "curl -v -o /dev/null URL", Allow},
	{"curl", "curl -v -o /dev/null URL 2>/dev/null", Allow},
	{"curl", "curl -v -o /dev/null URL 2>&1 | grep HTTP", Allow},
	{"curl", "curl -s -o /dev/null URL 2> err.txt", Allow},
	{"curl", "curl -sS -o /dev/null --stderr err.txt URL", Allow},
	{"curl", "curl -v --no-verbose -o /dev/null URL 2> err.txt", Allow},
	{"curl", "curl -v --trace-ascii % -o /dev/null URL 2>/dev/null", Allow},
	{"curl", "curl -v -o /dev/null URL 2> agent_sandbox/err.txt", Allow},
	{"wget", "wget -S -O /dev/null URL", Allow},
	{"wget", "wget -S -O /dev/null URL 2>/dev/null", Allow},
	{"wget", "wget -S -O /dev/null URL 2>&1 | grep HTTP", Allow},
	{"wget", "wget -q -O /dev/null URL 2> log.txt", Allow},
	{"wget", "wget -q -o log.txt -O /dev/null URL", Allow},
	{"wget", "wget -nv -q -O /dev/null URL 2> log.txt", Allow},
	{"wget", "wget -S -o /dev/null -O /dev/null URL", Allow},
	{"wget", "wget -S -o agent_sandbox/log.txt -O /dev/null URL", Allow},
	{"wget", "wget -q -b -O /dev/null URL", Allow},
}

func TestDownloadDiagnosticStreams(t *testing.T) {
	t.Parallel()
	for _, row := range diagStreamRows {
		testRule(t, row.rule, []ruleCase{{strings.ReplaceAll(row.cmd, "URL", "https://h.example/a"), row.want}})
	}
}

// TestDownloadDiagnosticStreamsOracle runs each row (not wget -b, which
// writes in the background) with the real curl and wget against a
// loopback server whose reason phrase, Content-Type, Location and a
// header carry a mark: a row corral rewrites puts the mark in a project
// file when run as written, and no row, run as corral leaves it, puts it
// in a project file outside the sandbox.
func TestDownloadDiagnosticStreamsOracle(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"bash", "curl", "wget", "tee", "grep"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	const mark = "PWNMARK"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/a" {
			w.Header().Set("Location", "/b?"+mark)
			w.WriteHeader(http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/"+mark)
		w.Header().Set("X", "echo "+mark)
		w.Write([]byte("body\n"))
	}))
	defer srv.Close()
	inProject := func(proj string) bool {
		found := false
		_ = filepath.WalkDir(proj, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() && d.Name() == "agent_sandbox" {
				return fs.SkipDir
			}
			if b, _ := os.ReadFile(p); d.Type().IsRegular() && strings.Contains(string(b), mark) {
				found = true
			}
			return nil
		})
		return found
	}
	for _, row := range diagStreamRows {
		if strings.Contains(row.cmd, " -b ") {
			continue
		}
		t.Run(row.cmd, func(t *testing.T) {
			cmd := strings.ReplaceAll(row.cmd, "URL", srv.URL+"/a")
			run := func(dir, text string) {
				c := exec.Command("bash", "-c", text)
				c.Dir = dir
				c.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "CURL_HOME=" + dir}
				_, _ = c.CombinedOutput()
			}
			newProj := func() (string, *Config) {
				proj := t.TempDir()
				sb := filepath.Join(proj, "agent_sandbox")
				if err := os.Mkdir(sb, 0o755); err != nil {
					t.Fatal(err)
				}
				return proj, &Config{Cwd: proj, Project: proj, Home: proj, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
			}
			plain, _ := newProj()
			run(plain, cmd)
			lands := inProject(plain)
			proj, cfg := newProj()
			r := Check(cfg, cmd)
			if (r.Decision == Rewrite) != lands {
				t.Errorf("%s: the server's text lands in the project: %v; corral: %s (%v)", cmd, lands, r.Decision, r.Findings)
			}
			text := cmd
			if r.Decision == Rewrite {
				text = r.Rewritten
			}
			run(proj, text)
			if inProject(proj) {
				t.Errorf("%s, run as %s, left the server's text in a project file", cmd, text)
			}
		})
	}
}
