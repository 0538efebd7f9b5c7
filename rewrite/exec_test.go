package rewrite

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// execCase is a command that must, once rewritten, run with real tools and
// leave its content in the sandbox and nowhere else.
type execCase struct {
	name string
	cmd  string
	// files are paths under the sandbox that must exist, with a piece of
	// their content ("" checks existence only).
	files map[string]string
	// stdout must contain this.
	stdout string
	// setup runs in the project before the command.
	setup string
}

var execCases = []execCase{
	{name: "clone", cmd: "git clone https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": "widget"}},
	{name: "clone-dir", cmd: "git clone https://github.com/acme/widget.git vendor/w", files: map[string]string{"w/README.md": "widget"}},
	{name: "clone-dot", cmd: "git clone https://github.com/acme/widget.git .", files: map[string]string{"widget/README.md": "widget"}},
	{name: "clone-cd", cmd: "git clone -q https://github.com/acme/widget.git && cd widget && git log --oneline", files: map[string]string{"widget/README.md": ""}, stdout: "first commit"},
	{name: "clone-subshell", cmd: "(git clone -q https://github.com/acme/widget.git)", files: map[string]string{"widget/README.md": ""}},
	{name: "clone-bash-c", cmd: "bash -c 'git clone -q https://github.com/acme/widget.git'", files: map[string]string{"widget/README.md": ""}},
	{name: "clone-sh-c", cmd: `sh -c "git clone -q https://github.com/acme/widget.git w2"`, files: map[string]string{"w2/README.md": ""}},
	{name: "clone-env", cmd: "env GIT_TERMINAL_PROMPT=0 git clone -q https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": ""}},
	{name: "clone-timeout", cmd: "timeout 60 git clone -q https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": ""}},
	{name: "clone-command", cmd: "command git clone -q --depth 1 https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": ""}},
	{name: "clone-loop", cmd: `for r in widget gadget; do git clone -q "https://github.com/acme/$r.git"; done`, files: map[string]string{"widget/README.md": "", "gadget/README.md": "gadget"}},
	{name: "clone-after-cd", setup: "mkdir -p sub", cmd: "cd sub && git clone -q https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": ""}},
	{name: "clone-git-C", setup: "mkdir -p sub", cmd: "git -C sub clone -q https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": ""}},
	{name: "clone-heredoc", cmd: "bash <<'EOF'\ngit clone -q https://github.com/acme/widget.git\nEOF", files: map[string]string{"widget/README.md": ""}},
	{name: "curl-o", cmd: "curl -s -o data.json http://example.com/files/data.json", files: map[string]string{"data.json": `"ok"`}},
	{name: "curl-output", cmd: "curl -s --output data.json http://example.com/files/data.json", files: map[string]string{"data.json": `"ok"`}},
	{name: "curl-bundle", cmd: "curl -fsSLo data.json http://example.com/files/data.json", files: map[string]string{"data.json": `"ok"`}},
	{name: "curl-O", cmd: "curl -sO http://example.com/files/data.json", files: map[string]string{"data.json": `"ok"`}},
	{name: "curl-OJ", cmd: "curl -sOJ http://example.com/files/download?id=7", files: map[string]string{"named.txt": "disposition"}},
	{name: "curl-pairs", cmd: "curl -s -o a.json http://example.com/files/data.json -o b.txt http://example.com/files/b.txt", files: map[string]string{"a.json": `"ok"`, "b.txt": "bee"}},
	{name: "curl-redirect", cmd: "curl -s http://example.com/files/data.json > out.json", files: map[string]string{"out.json": `"ok"`}},
	{name: "curl-tee", cmd: "curl -s http://example.com/files/data.json | tee out.json >/dev/null", files: map[string]string{"out.json": `"ok"`}},
	{name: "curl-tar", cmd: "curl -s http://example.com/files/w.tar.gz | tar xz", files: map[string]string{"pkg/hello.txt": "hello from tar"}},
	{name: "curl-follow-tar", cmd: "curl -s -o w.tgz http://example.com/files/w.tar.gz && tar xzf w.tgz", files: map[string]string{"w.tgz": "", "pkg/hello.txt": "hello"}},
	{name: "curl-jq-like", cmd: "curl -s http://example.com/files/data.json | grep ok > filtered.txt", files: map[string]string{"filtered.txt": "ok"}},
	{name: "curl-sudo-like", cmd: "timeout 30 curl -sSfo data.json http://example.com/files/data.json", files: map[string]string{"data.json": `"ok"`}},
	{name: "curl-loop", cmd: `for f in data.json b.txt; do curl -sO "http://example.com/files/$f"; done`, files: map[string]string{"data.json": "", "b.txt": "bee"}},
	{name: "wget-default", cmd: "wget -q http://example.com/files/data.json", files: map[string]string{"data.json": `"ok"`}},
	{name: "wget-O", cmd: "wget -q -O d.json http://example.com/files/data.json", files: map[string]string{"d.json": `"ok"`}},
	{name: "wget-output-document", cmd: "wget -q --output-document=d.json http://example.com/files/data.json", files: map[string]string{"d.json": `"ok"`}},
	{name: "wget-P", cmd: "wget -q -P dl http://example.com/files/data.json", files: map[string]string{"dl/data.json": `"ok"`}},
	{name: "wget-qO-tar", cmd: "wget -qO- http://example.com/files/w.tar.gz | tar xz", files: map[string]string{"pkg/hello.txt": "hello"}},
	{name: "wget-i", setup: "printf 'http://example.com/files/data.json\\nhttp://example.com/files/b.txt\\n' > urls.txt", cmd: "wget -q -i urls.txt", files: map[string]string{"data.json": "", "b.txt": "bee"}},
	{name: "wget-r", cmd: "wget -q -r -np -nH http://example.com/site/", files: map[string]string{"site/index.html": "page", "site/page2.html": "second"}},
}

// tools skips unless every program is installed.
func tools(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			t.Skipf("%s is not installed: %v", n, err)
		}
	}
}

// runShell runs a shell command with a timeout and returns its output.
func runShell(t *testing.T, dir string, env []string, cmd string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "-c", cmd)
	c.Dir = dir
	c.Env = env
	out, err := c.CombinedOutput()
	return string(out), err
}

func mustRun(t *testing.T, dir string, env []string, cmd string) {
	t.Helper()
	if out, err := runShell(t, dir, env, cmd); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
}

// snapshot lists the files under root, skipping skip.
func snapshot(t *testing.T, root, skip string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if p == skip {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, rel)
		return nil
	})
	sort.Strings(out)
	return out
}

// fixture is the machine the execution tests run on: bare repositories
// behind github.com URLs, and a loopback HTTP server behind any URL.
type fixture struct {
	root, repos, home string
	gitconfig         string
	proxy             string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	tools(t, "bash", "git", "curl", "wget", "tar")
	f := &fixture{root: t.TempDir()}
	f.repos = filepath.Join(f.root, "repos")
	f.home = filepath.Join(f.root, "home")
	os.MkdirAll(f.home, 0o755)
	f.gitconfig = filepath.Join(f.root, "gitconfig")
	os.WriteFile(f.gitconfig, []byte(fmt.Sprintf("[url \"file://%s/\"]\n\tinsteadOf = https://github.com/acme/\n[user]\n\tname = t\n\temail = t@example.com\n[init]\n\tdefaultBranch = main\n[protocol \"file\"]\n\tallow = always\n", f.repos)), 0o644)
	env := f.env(nil)
	for _, name := range []string{"widget", "gadget"} {
		work := filepath.Join(f.root, "work-"+name)
		mustRun(t, f.root, env, fmt.Sprintf("git init -q %s && cd %s && echo '%s readme' > README.md && git add . && git commit -qm 'first commit' && git clone -q --bare . %s/%s.git", work, work, name, f.repos, name))
	}
	srv := httptest.NewServer(http.HandlerFunc(serveFiles(t)))
	t.Cleanup(srv.Close)
	f.proxy = srv.URL
	return f
}

func (f *fixture) env(extra []string) []string {
	return append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + f.home, "GIT_CONFIG_GLOBAL=" + f.gitconfig, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0", "http_proxy=" + f.proxy, "HTTP_PROXY=" + f.proxy, "no_proxy=", "NO_PROXY=",
	}, extra...)
}

// serveFiles answers as example.com would, through the proxy.
func serveFiles(t *testing.T) func(http.ResponseWriter, *http.Request) {
	var tgz bytes.Buffer
	gz := gzip.NewWriter(&tgz)
	tw := tar.NewWriter(gz)
	body := []byte("hello from tar\n")
	tw.WriteHeader(&tar.Header{Name: "pkg/", Mode: 0o755, Typeflag: tar.TypeDir})
	tw.WriteHeader(&tar.Header{Name: "pkg/hello.txt", Mode: 0o644, Size: int64(len(body))})
	tw.Write(body)
	tw.Close()
	gz.Close()
	return func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/files/data.json":
			fmt.Fprint(w, `{"status": "ok"}`+"\n")
		case "/files/b.txt":
			fmt.Fprint(w, "bee\n")
		case "/files/w.tar.gz":
			w.Write(tgz.Bytes())
		case "/files/download":
			w.Header().Set("Content-Disposition", `attachment; filename="named.txt"`)
			fmt.Fprint(w, "disposition\n")
		case "/site/", "/site/index.html":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<html><body>page <a href="page2.html">next</a></body></html>`)
		case "/site/page2.html":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<html><body>second</body></html>`)
		default:
			http.NotFound(w, r)
		}
	}
}

func TestExecution(t *testing.T) {
	f := newFixture(t)
	for _, tc := range execCases {
		t.Run(tc.name, func(t *testing.T) {
			base := t.TempDir()
			project := filepath.Join(base, "project")
			sandbox := filepath.Join(base, "sandbox")
			os.MkdirAll(project, 0o755)
			if tc.setup != "" {
				mustRun(t, project, f.env(nil), tc.setup)
			}
			cfg := &Config{Cwd: project, Project: project, Home: f.home, Sandbox: sandbox, Mode: ModeRewrite, Approve: ApproveAuto}
			res := Check(cfg, tc.cmd)
			if res.Decision != Rewrite {
				t.Fatalf("decision %s, want rewrite: %+v", res.Decision, res.Findings)
			}
			// The hook creates the sandbox before answering.
			os.MkdirAll(sandbox, 0o755)
			beforeProject := snapshot(t, project, "")
			beforeHome := snapshot(t, f.home, "")
			out, err := runShell(t, project, f.env(nil), res.Rewritten)
			if err != nil {
				t.Fatalf("rewritten command failed: %v\ncommand: %s\n%s", err, res.Rewritten, out)
			}
			for rel, want := range tc.files {
				data, err := os.ReadFile(filepath.Join(sandbox, rel))
				if err != nil {
					t.Errorf("%s not in the sandbox: %v\ncommand: %s\nsandbox: %v", rel, err, res.Rewritten, snapshot(t, sandbox, ""))
					continue
				}
				if !strings.Contains(string(data), want) {
					t.Errorf("%s holds %q, want %q", rel, data, want)
				}
			}
			if tc.stdout != "" && !strings.Contains(out, tc.stdout) {
				t.Errorf("output %q lacks %q", out, tc.stdout)
			}
			if after := snapshot(t, project, ""); strings.Join(after, "\n") != strings.Join(beforeProject, "\n") {
				t.Errorf("content landed in the project: before %v, after %v", beforeProject, after)
			}
			if after := snapshot(t, f.home, ""); strings.Join(after, "\n") != strings.Join(beforeHome, "\n") {
				t.Errorf("content landed in the home directory: before %v, after %v", beforeHome, after)
			}
		})
	}
}

// TestExecutionOriginalLandsOutside shows what the rewrite prevents: the
// original commands put the content in the project.
func TestExecutionOriginalLandsOutside(t *testing.T) {
	f := newFixture(t)
	for _, cmd := range []string{"git clone -q https://github.com/acme/widget.git", "curl -s -o data.json http://example.com/files/data.json", "wget -q http://example.com/files/data.json"} {
		project := t.TempDir()
		if out, err := runShell(t, project, f.env(nil), cmd); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
		if got := snapshot(t, project, ""); len(got) <= 1 {
			t.Errorf("%s left nothing in the project; the fixture does not work", cmd)
		}
	}
}
