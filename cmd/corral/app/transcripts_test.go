package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// transcriptCall is one assistant line of a generated transcript.
func transcriptCall(session, cwd, tool string, input map[string]any, at int) string {
	b, _ := json.Marshal(map[string]any{"type": "assistant", "sessionId": session, "cwd": cwd,
		"timestamp": fmt.Sprintf("2026-11-01T10:00:%02dZ", at%60),
		"message": map[string]any{"role": "assistant", "content": []any{
			map[string]any{"type": "text", "text": "doing it"},
			map[string]any{"type": "tool_use", "id": fmt.Sprintf("t%d", at), "name": tool, "input": input}}}})
	return string(b)
}

func runScan(t testing.TB, home string, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	env := &runtimeEnv{getenv: func(k string) string {
		switch k {
		case "HOME":
			return home
		case "CORRAL_STATE_DIR":
			return filepath.Join(home, "state")
		}
		return ""
	}, now: time.Now, stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	code = env.main(append([]string{"corral", "scan"}, args...))
	return out.String(), errb.String(), code
}

// TestScanTranscripts scans a generated transcript directory and checks
// each call's verdict, the per-session and overall counts, and that a
// malformed line is skipped and counted.
func TestScanTranscripts(t *testing.T) {
	root := t.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "work", "project")
	for _, d := range []string{home, project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(home, ".claude", "projects", "-work-project")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	a := strings.Join([]string{
		`{"type":"user","sessionId":"a","message":{"role":"user","content":"go"}}`,
		transcriptCall("a", project, "Bash", map[string]any{"command": "git clone https://github.com/acme/widget.git"}, 1),
		transcriptCall("a", project, "Bash", map[string]any{"command": "rm -rf ~"}, 2),
		`{"type":"assistant", "message": {`,
		transcriptCall("a", project, "Write", map[string]any{"file_path": filepath.Join(project, ".env"), "content": "x"}, 3),
		transcriptCall("a", project, "Bash", map[string]any{"command": "ls -la"}, 4),
		transcriptCall("a", project, "Read", map[string]any{"file_path": filepath.Join(project, "main.go")}, 5),
	}, "\n") + "\n"
	b := transcriptCall("b", project, "Edit", map[string]any{"file_path": filepath.Join(project, "README.md"), "old_string": "a", "new_string": "b"}, 6) + "\n"
	for name, text := range map[string]string{"a.jsonl": a, "b.jsonl": b, "notes.txt": "not a transcript"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	stdout, stderr, code := runScan(t, home, "--transcripts", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var findings []transcriptFinding
	var totals []transcriptStats
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &probe); err != nil {
			t.Fatalf("not JSON Lines: %q", sc.Text())
		}
		switch {
		case probe["summary"] != nil || probe["total"] != nil:
			var st transcriptStats
			raw := probe["summary"]
			if raw == nil {
				raw = probe["total"]
			}
			if err := json.Unmarshal(raw, &st); err != nil {
				t.Fatal(err)
			}
			totals = append(totals, st)
		default:
			var f transcriptFinding
			if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
				t.Fatal(err)
			}
			findings = append(findings, f)
		}
	}
	got := []string{}
	for _, f := range findings {
		got = append(got, fmt.Sprintf("%s:%d %s %s %s", f.Session, f.Line, f.Tool, f.Decision, f.Rule))
	}
	want := []string{"a:2 Bash rewrite git-clone", "a:3 Bash deny rm-root", "a:5 Write deny protected-path"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(findings) > 0 && (findings[0].Time != "2026-11-01T10:00:01Z" || !strings.Contains(findings[0].Rewritten, "agent_sandbox")) {
		t.Errorf("first finding: %+v", findings[0])
	}
	if len(totals) != 3 {
		t.Fatalf("want two session summaries and a total, got %+v", totals)
	}
	all := totals[2]
	if all.Files != 2 || all.Lines != 8 || all.Malformed != 1 || all.Calls != 6 ||
		all.Decisions["allow"] != 3 || all.Decisions["rewrite"] != 1 || all.Decisions["deny"] != 2 {
		t.Errorf("total: %+v", all)
	}
	if totals[0].Session != "a" || totals[0].Calls != 5 || totals[1].Session != "b" || totals[1].Calls != 1 {
		t.Errorf("sessions: %+v", totals[:2])
	}

	// The table names the same calls, and a session row per file.
	table, stderr, code := runScan(t, home, "--transcripts", dir)
	if code != 0 || !strings.Contains(stderr, "skipped 1 malformed line") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, w := range []string{"TIME", "rm -rf ~", "rewrite", "git-clone", filepath.Join(project, ".env"), "all (2 files, 8 lines)"} {
		if !strings.Contains(table, w) {
			t.Errorf("table lacks %q:\n%s", w, table)
		}
	}
	if strings.Contains(table, "ls -la") {
		t.Errorf("an allowed command is listed:\n%s", table)
	}

	if _, stderr, code := runScan(t, home, "--transcripts", filepath.Join(root, "nowhere")); code != 1 || stderr == "" {
		t.Errorf("a missing directory: exit %d, stderr %q", code, stderr)
	}
}

// BenchmarkScanTranscripts scans a generated 100,000-line transcript and
// reports the largest heap seen while scanning (constant memory: it does
// not grow with the transcript).
func BenchmarkScanTranscripts(b *testing.B) {
	root := b.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	os.MkdirAll(project, 0o755)
	dir := filepath.Join(home, ".claude", "projects", "p")
	os.MkdirAll(dir, 0o755)
	f, err := os.Create(filepath.Join(dir, "big.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	commands := []string{"ls -la", "go test ./...", "git clone https://github.com/a/b.git", "rm -rf ~", "cat README.md | grep x"}
	for i := 0; i < 100_000; i++ {
		switch i % 10 {
		case 9:
			fmt.Fprintln(w, `{"broken": `)
		case 8:
			fmt.Fprintln(w, transcriptCall("s", project, "Write", map[string]any{"file_path": filepath.Join(project, "f.go"), "content": strings.Repeat("x", 2000)}, i))
		default:
			fmt.Fprintln(w, transcriptCall("s", project, "Bash", map[string]any{"command": commands[i%len(commands)]}, i))
		}
	}
	w.Flush()
	f.Close()
	var peak uint64
	var mu sync.Mutex
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.ReadMemStats(&ms)
				mu.Lock()
				if ms.HeapInuse > peak {
					peak = ms.HeapInuse
				}
				mu.Unlock()
			}
		}
	}()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var out bytes.Buffer
		env := &runtimeEnv{getenv: func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		}, now: time.Now, stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard}
		if err := env.scanTranscripts(dir, nil, true); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	close(stop)
	<-done
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(100_000, "lines/op")
}
