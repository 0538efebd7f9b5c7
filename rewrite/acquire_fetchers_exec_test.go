package rewrite

import (
	"archive/zip"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionedPipDownloadExec (issue 12): python3.N -m pip download was
// not moved into the sandbox while python3 -m pip download was (the rules
// for python were not run for a versioned name). The rewritten command
// is run with the real versioned python against a loopback find-links
// page: the wheel lands in the sandbox, not the working directory.
func TestVersionedPipDownloadExec(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("python3", "-c", "import sys; print('python%d.%d' % sys.version_info[:2])").Output()
	if err != nil {
		t.Skip("no python3")
	}
	py := strings.TrimSpace(string(out))
	if _, err := exec.LookPath(py); err != nil {
		t.Skipf("no %s on PATH", py)
	}
	if exec.Command(py, "-m", "pip", "--version").Run() != nil {
		t.Skipf("%s has no pip", py)
	}
	var whl bytes.Buffer
	z := zip.NewWriter(&whl)
	for name, text := range map[string]string{
		"canary/__init__.py":                 "",
		"canary-1.0.dist-info/METADATA":      "Metadata-Version: 2.1\nName: canary\nVersion: 1.0\n",
		"canary-1.0.dist-info/WHEEL":         "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
		"canary-1.0.dist-info/RECORD":        "",
		"canary-1.0.dist-info/top_level.txt": "canary\n",
	} {
		w, _ := z.Create(name)
		w.Write([]byte(text))
	}
	z.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/links/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<html><body><a href="/files/canary-1.0-py3-none-any.whl">canary-1.0-py3-none-any.whl</a></body></html>`)
	})
	mux.HandleFunc("/files/canary-1.0-py3-none-any.whl", func(w http.ResponseWriter, r *http.Request) { w.Write(whl.Bytes()) })
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	defer srv.Close()
	proj := t.TempDir()
	sb := filepath.Join(proj, "agent_sandbox")
	cfg := &Config{Cwd: proj, Project: proj, Home: t.TempDir(), Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
	cmd := py + " -m pip download --no-deps canary==1.0"
	r := Check(cfg, cmd)
	if r.Decision != Rewrite {
		t.Fatalf("%s: %s %v, want rewrite", cmd, r.Decision, r.Findings)
	}
	run := exec.Command("bash", "-c", r.Rewritten)
	run.Dir = proj
	// The index is the loopback page, given by pip's environment (not
	// the command corral judged).
	run.Env = append(os.Environ(), "PIP_NO_INDEX=1", "PIP_FIND_LINKS=http://"+ln.Addr().String()+"/links/", "PIP_DISABLE_PIP_VERSION_CHECK=1",
		"PIP_CONFIG_FILE=/dev/null")
	if b, err := run.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", r.Rewritten, err, b)
	}
	if _, err := os.Stat(filepath.Join(sb, "canary-1.0-py3-none-any.whl")); err != nil {
		t.Errorf("%s did not save the wheel in the sandbox: %v", r.Rewritten, err)
	}
	if _, err := os.Stat(filepath.Join(proj, "canary-1.0-py3-none-any.whl")); err == nil {
		t.Errorf("%s saved the wheel in the project", r.Rewritten)
	}
}
