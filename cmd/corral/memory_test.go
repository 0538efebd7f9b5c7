package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// maxHookRSS is the peak resident memory a hook process may reach on any
// input (issue 12: a 1 MiB command stays under 64 MiB).
const maxHookRSS = 64 << 20

// TestHookMemory runs the corral binary, built as the README builds it,
// as `corral hook` on the largest and most hostile commands the limits let
// through or refuse, and reads each process's peak resident memory from
// the kernel (getrusage of the child). It is a memory bound, not a timing:
// the time these take is measured by the benchmarks (BenchmarkPathological,
// BenchmarkManyClones, BenchmarkHeredocPython1MiB).
func TestHookMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("ru_maxrss is in kilobytes on Linux only")
	}
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "corral")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The hook is started by a small program that reports its peak RSS:
	// started by this test binary (large under -race), the hook would be
	// charged this binary's peak (Linux keeps the old peak at exec).
	rssBin := filepath.Join(dir, "rss")
	if out, err := exec.Command("go", "build", "-o", rssBin, "./testdata/rss").CombinedOutput(); err != nil {
		t.Fatalf("go build rss: %v\n%s", err, out)
	}
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	var clones []string
	for i := 0; i < 1000; i++ {
		clones = append(clones, fmt.Sprintf("git clone https://github.com/acme/r%d.git && cd r%d && make && cd ..", i, i))
	}
	pyUnit := "import os\nprint('os.system(\"rm -rf /\")')  # shutil.rmtree('/')\nos.remove('tmp.txt')\n"
	for _, tc := range []struct{ name, cmd string }{
		{"1MiB-word", "echo " + strings.Repeat("a", syntax.MaxSource-5)},
		{"1MiB-list", strings.Repeat("ls; ", syntax.MaxSource/4)},
		{"1MiB-words", "echo " + strings.Repeat("a ", syntax.MaxSource/2-3)},
		{"and-chain-90k", strings.Repeat("true && ", 90000) + "true"},
		{"1000-clones", strings.Join(clones, " && ")},
		{"1MiB-python-heredoc", "python3 <<'EOF'\n" + strings.Repeat(pyUnit, (syntax.MaxSource-64)/len(pyUnit)) + "EOF\n"},
		// The largest the limits let through, of the costliest shapes.
		{"list-20k", strings.Repeat("ls; ", syntax.MaxStatements)},
		{"words-50k", "echo " + strings.Repeat("a ", syntax.MaxWords-2)},
		{"variables-50k", "echo " + strings.Repeat("$a ", syntax.MaxWords-2)},
		{"redirections-25k", "echo" + strings.Repeat(" > a", syntax.MaxWords/2-2)},
		{"curl-16k-outputs", "curl" + strings.Repeat(" -o x https://h/x", syntax.MaxWords/3-1)},
		{"clone-50k-words", "git clone https://github.com/a/b " + strings.Repeat("x ", syntax.MaxWords-10)},
		// Values that double (red team 16 RB1): bounded by
		// syntax.MaxValueBytes and MaxServedBytes.
		{"doubling-40", "x=a; " + strings.Repeat("x=$x$x; ", 40) + "rm -rf \"$x\""},
		{"doubling-uses", "x=a; " + strings.Repeat("x=$x$x; ", 20) + "y=" + strings.Repeat("$x", 1000) + "; echo \"$y\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := json.Marshal(map[string]any{"session_id": "s", "cwd": project, "hook_event_name": "PreToolUse",
				"tool_name": "Bash", "tool_input": map[string]any{"command": tc.cmd}, "tool_use_id": "t"})
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(rssBin, bin, "hook")
			cmd.Dir = project
			// The audit log is on, as users run corral.
			cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "CLAUDE_PROJECT_DIR=" + project,
				"CORRAL_STATE_DIR=" + filepath.Join(dir, "state"), "PATH=" + os.Getenv("PATH")}
			cmd.Stdin = bytes.NewReader(in)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("corral hook: %v\n%s", err, stderr.String())
			}
			errText := strings.TrimSpace(stderr.String())
			var kib int64
			if i := strings.LastIndex(errText, "rss-kib "); i < 0 {
				t.Fatalf("no peak RSS reported: %q", errText)
			} else if _, err := fmt.Sscan(errText[i+len("rss-kib "):], &kib); err != nil {
				t.Fatal(err)
			}
			if out := bytes.TrimSpace(stdout.Bytes()); len(out) > 0 && !json.Valid(out) {
				t.Errorf("answer is not JSON: %.200q", out)
			}
			rss := kib << 10
			t.Logf("%s: peak RSS %d KiB", tc.name, kib)
			if rss >= maxHookRSS {
				t.Errorf("peak RSS %d MiB, want under %d MiB", rss>>20, maxHookRSS>>20)
			}
		})
	}
}
