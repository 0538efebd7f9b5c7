package rewrite

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
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

	"github.com/corral-dev/corral/syntax"
)

// This file is the machine the execution tests run on: bare git
// repositories behind github.com URLs, a loopback HTTP server behind any
// http:// URL (reached through http_proxy), svn and hg repositories, a
// stand-in for ssh that makes any host this machine, and the helpers that
// run bash and compare directory trees.

// Content served or committed by the fixture; the tests compare files with
// these exactly.
const (
	execJSON      = "{\"status\": \"ok\"}\n"
	execBee       = "bee\n"
	execTarHello  = "hello from tar\n"
	execNamed     = "disposition\n"
	execIndex     = "<html><body>page <a href=\"page2.html\">next</a></body></html>\n"
	execPage2     = "<html><body>second</body></html>\n"
	execWidget    = "widget readme\n"
	execGadget    = "gadget readme\n"
	execSvnReadme = "svn readme\n"
	execHgReadme  = "hg readme\n"
	execRemote    = "remote file\n"
)

// execCommandTimeout bounds one bash run; every command is local and
// takes milliseconds.
const execCommandTimeout = 30 * time.Second

// execFixture holds what all execution cases share; it is read-only once
// built, so cases run in parallel.
type execFixture struct {
	root string
	// repos holds the git bare repositories (acme/widget.git,
	// acme/gadget.git), svn/proj, hg/proj and remote/ (for rsync).
	repos     string
	gitconfig string
	hgrc      string
	// fakeSSH is the stand-in for ssh given to rsync through RSYNC_RSH.
	fakeSSH string
	proxy   string
	// have records which optional programs are installed.
	have map[string]bool
}

// execRequired are the programs without which no execution case runs.
var execRequired = []string{"bash", "git", "curl", "wget", "tar"}

// execOptional are programs whose cases are skipped when absent.
var execOptional = []string{"svn", "svnadmin", "hg", "rsync"}

func newExecFixture(t *testing.T) *execFixture {
	t.Helper()
	for _, n := range execRequired {
		if _, err := exec.LookPath(n); err != nil {
			t.Skipf("execution tests need %s, which is not installed: %v", n, err)
		}
	}
	f := &execFixture{root: t.TempDir(), have: map[string]bool{}}
	for _, n := range execOptional {
		_, err := exec.LookPath(n)
		f.have[n] = err == nil
	}
	f.repos = filepath.Join(f.root, "repos")
	f.gitconfig = filepath.Join(f.root, "gitconfig")
	f.hgrc = filepath.Join(f.root, "hgrc")
	f.fakeSSH = filepath.Join(f.root, "bin", "fake-ssh")
	home := filepath.Join(f.root, "fixture-home")
	for _, d := range []string{f.repos, home, filepath.Dir(f.fakeSSH)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gitconfig := fmt.Sprintf("[url \"file://%s/\"]\n\tinsteadOf = https://github.com/\n"+
		"[user]\n\tname = Fixture\n\temail = fixture@example.com\n[init]\n\tdefaultBranch = main\n"+
		"[protocol \"file\"]\n\tallow = always\n[advice]\n\tdetachedHead = false\n", f.repos)
	writeFile(t, f.gitconfig, gitconfig, 0o644)
	writeFile(t, f.hgrc, "[ui]\nusername = Fixture <fixture@example.com>\n", 0o644)
	// ssh options before the host are dropped; the remote command, which
	// ssh would join with spaces, runs here.
	writeFile(t, f.fakeSSH, `#!/bin/sh
while [ $# -gt 0 ]; do
	case "$1" in
	-l|-p|-o|-i|-F|-J|-b|-c|-m) shift 2 ;;
	-*) shift ;;
	*) break ;;
	esac
done
shift
exec sh -c "$*"
`, 0o755)

	// The same stand-in answers as ssh itself, first on PATH: ssh HOST
	// COMMAND runs COMMAND here, so what a remote command prints can be
	// followed for real.
	if err := os.MkdirAll(filepath.Join(f.root, "sshbin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(f.fakeSSH, filepath.Join(f.root, "sshbin", "ssh")); err != nil {
		t.Fatal(err)
	}

	srv := httptest.NewServer(http.HandlerFunc(execServe(t)))
	t.Cleanup(srv.Close)
	f.proxy = srv.URL

	env := f.env(home)
	for _, r := range []struct{ name, readme string }{{"widget", execWidget}, {"gadget", execGadget}} {
		work := filepath.Join(f.root, "work-"+r.name)
		writeFile(t, filepath.Join(work, "README.md"), r.readme, 0o644)
		execMust(t, work, env, fmt.Sprintf("git init -q && git add . && git commit -qm 'first commit' && git clone -q --bare . %s",
			syntax.Quote(filepath.Join(f.repos, "acme", r.name+".git"))))
	}
	if f.have["svn"] && f.have["svnadmin"] {
		tree := filepath.Join(f.root, "svn-tree")
		writeFile(t, filepath.Join(tree, "README.txt"), execSvnReadme, 0o644)
		repo := filepath.Join(f.repos, "svn", "proj")
		execMust(t, f.root, env, fmt.Sprintf("mkdir -p %s && svnadmin create %s && svn import -q -m init %s file://%s",
			syntax.Quote(filepath.Dir(repo)), syntax.Quote(repo), syntax.Quote(tree), repo))
	}
	if f.have["hg"] {
		repo := filepath.Join(f.repos, "hg", "proj")
		writeFile(t, filepath.Join(repo, "README.txt"), execHgReadme, 0o644)
		execMust(t, repo, env, "hg init -q . && hg add -q README.txt && hg commit -q -m init")
	}
	writeFile(t, filepath.Join(f.repos, "remote", "files", "remote.txt"), execRemote, 0o644)
	writeFile(t, filepath.Join(f.repos, "remote", "files", "b.txt"), execBee, 0o644)
	return f
}

// env is the environment of every bash run: home is the run's own home.
func (f *execFixture) env(home string) []string {
	return []string{
		"PATH=" + filepath.Join(f.root, "sshbin") + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + home, "LC_ALL=C",
		"GIT_CONFIG_GLOBAL=" + f.gitconfig, "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0",
		"http_proxy=" + f.proxy, "HTTP_PROXY=" + f.proxy, "no_proxy=", "NO_PROXY=",
		"HGRCPATH=" + f.hgrc, "HGPLAIN=1", "RSYNC_RSH=" + f.fakeSSH,
	}
}

// expand fills in the placeholders a case's command may use.
func (f *execFixture) expand(s, sandbox string) string {
	hostport := strings.TrimPrefix(f.proxy, "http://")
	host, port, _ := strings.Cut(hostport, ":")
	return strings.NewReplacer("{repos}", f.repos, "{sandbox}", sandbox, "{host}", host, "{port}", port).Replace(s)
}

// execServe answers as example.com and friends would, through the proxy.
func execServe(t *testing.T) func(http.ResponseWriter, *http.Request) {
	var tgz bytes.Buffer
	gz := gzip.NewWriter(&tgz)
	tw := tar.NewWriter(gz)
	for _, h := range []*tar.Header{
		{Name: "pkg/", Mode: 0o755, Typeflag: tar.TypeDir},
		{Name: "pkg/hello.txt", Mode: 0o644, Size: int64(len(execTarHello)), Typeflag: tar.TypeReg},
	} {
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tw.Write([]byte(execTarHello)); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	archive := tgz.Bytes()
	return func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/files/data.json":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, execJSON)
		case "/files/b.txt":
			fmt.Fprint(w, execBee)
		case "/files/w.tar.gz":
			w.Header().Set("Content-Type", "application/gzip")
			w.Write(archive)
		case "/files/download":
			w.Header().Set("Content-Disposition", `attachment; filename="named.txt"`)
			fmt.Fprint(w, execNamed)
		case "/site/", "/site/index.html":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, execIndex)
		case "/site/page2.html":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, execPage2)
		default:
			http.NotFound(w, r)
		}
	}
}

// execOutput is what one bash run printed.
type execOutput struct{ stdout, stderr string }

// execBash runs cmd in bash -c in dir with env, bounded by a timeout.
func execBash(dir string, env []string, cmd string) (execOutput, error) {
	ctx, cancel := context.WithTimeout(context.Background(), execCommandTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "-c", cmd)
	c.Dir = dir
	c.Env = env
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	err := c.Run()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v: %w", execCommandTimeout, err)
	}
	return execOutput{stdout.String(), stderr.String()}, err
}

func execMust(t *testing.T, dir string, env []string, cmd string) {
	t.Helper()
	if out, err := execBash(dir, env, cmd); err != nil {
		t.Fatalf("fixture command failed: %s: %v\n%s%s", cmd, err, out.stdout, out.stderr)
	}
}

func writeFile(t *testing.T, name, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// tree is a directory's contents: relative path → "dir", "link:<target>"
// or "file:<sha256>".
type tree map[string]string

// snapshotTree records everything under root except the subtree skip.
func snapshotTree(t *testing.T, root, skip string) tree {
	t.Helper()
	out := tree{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == skip {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			out[rel] = "link:" + target
		case d.IsDir():
			out[rel] = "dir"
		default:
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			out[rel] = "file:" + hex.EncodeToString(sum[:8])
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("snapshot of %s: %v", root, err)
	}
	return out
}

// diff lists what changed from t to after: "+path" added, "-path"
// removed, "~path" changed.
func (t tree) diff(after tree) []string {
	var out []string
	for p, v := range after {
		switch old, ok := t[p]; {
		case !ok:
			out = append(out, "+"+p)
		case old != v:
			out = append(out, "~"+p)
		}
	}
	for p := range t {
		if _, ok := after[p]; !ok {
			out = append(out, "-"+p)
		}
	}
	sort.Strings(out)
	return out
}
