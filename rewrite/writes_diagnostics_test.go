package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestDiagnosticOutputs: the files node's diagnostic options, perf's
// -o/--output and the JVM's log and dump options write are write targets
// (red team 15 OW1): one of the guard's own files or a login file is
// denied; the runtime's options after the script or class, and files in
// the project, pass.
func TestDiagnosticOutputs(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`node --redirect-warnings=$HOME/.bashrc -e 'process.emitWarning("x")'`, Deny},
		{`node --cpu-prof --cpu-prof-dir=$HOME/.claude --cpu-prof-name=settings.json -e 1`, Deny},
		{`node --heap-prof --heap-prof-dir $HOME/.claude --heap-prof-name settings.json -e 1`, Deny},
		{`node --diagnostic-dir=$HOME/.claude --report-filename=settings.json --report-uncaught-exception -e 'throw 1'`, Deny},
		{`node --prof --logfile=$HOME/.bashrc -e 1`, Deny},
		{`perf record -o ~/.bashrc true`, Deny},
		{`perf stat --output=$HOME/.bashrc true`, Deny},
		{`java -Xlog:all=info:file=$HOME/.bashrc -version`, Deny},
		{`java -Xlog:gc*:$HOME/.bashrc -version`, Deny},
		{`java -XX:HeapDumpPath=$HOME/.bashrc -jar app.jar`, Deny},
		{`java -XX:StartFlightRecording=duration=1s,filename=$HOME/.bashrc -version`, Deny},
		// Look-alikes.
		{`node --cpu-prof -e 1`, Allow},
		{`node --redirect-warnings=warn.log app.js`, Allow},
		{`perf record -o perf.data make`, Allow},
		{`perf report -i perf.data`, Allow},
		{`java -Xlog:gc -jar app.jar`, Allow},
		{`java -Xlog:gc:stdout -version`, Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestDiagnosticOutputsOracle: the real node appends its warning, with the
// program's text, to the --redirect-warnings file, and writes a CPU
// profile under the name --cpu-prof-name gives in --cpu-prof-dir.
func TestDiagnosticOutputsOracle(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	dir := t.TempDir()
	warn, prof := filepath.Join(dir, "w.txt"), filepath.Join(dir, "p", "out.json")
	cmd := exec.Command(node, "--redirect-warnings="+warn, "--cpu-prof", "--cpu-prof-dir="+filepath.Dir(prof),
		"--cpu-prof-name=out.json", "-e", `process.emitWarning("CANARY-9c1")`)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node: %v %s", err, out)
	}
	if b, err := os.ReadFile(warn); err != nil || !strings.Contains(string(b), "CANARY-9c1") {
		t.Errorf("--redirect-warnings file: %q %v", b, err)
	}
	if _, err := os.Stat(prof); err != nil {
		t.Errorf("--cpu-prof-dir/--cpu-prof-name file: %v", err)
	}
}
