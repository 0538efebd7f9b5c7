package audit

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRedact(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"git clone https://user:hunter2@github.com/a/b.git", "git clone https://[REDACTED]@github.com/a/b.git"},
		{"git clone https://ghp_abcdefghijklmnopqrstuvwxyz0123@github.com/a/b", "git clone https://[REDACTED]@github.com/a/b"},
		{`curl -H "Authorization: Bearer abc.def.ghi" https://api`, `curl -H "Authorization: [REDACTED]" https://api`},
		{`curl -H 'X-Api-Key: 12345' u`, `curl -H 'X-Api-Key: [REDACTED]' u`},
		{"curl -u alice:s3cret https://x", "curl -u alice:[REDACTED] https://x"},
		{"mysql -u root -pS3cret db", "mysql -u root -p[REDACTED] db"},
		{"pg --password=abc", "pg --password=[REDACTED]"},
		{"curl 'https://x/api?access_token=abc123&x=1'", "curl 'https://x/api?access_token=[REDACTED]&x=1'"},
		{"GITHUB_TOKEN=ghp_0123456789abcdefghij0123 gh pr list", "GITHUB_TOKEN=[REDACTED] gh pr list"},
		{"export OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234", "export OPENAI_API_KEY=[REDACTED]"},
		{"echo xoxb-1234567890-abcdef", "echo [REDACTED]"},
		{"aws s3 ls # AKIAABCDEFGHIJKLMNOP", "aws s3 ls # [REDACTED]"},
		// Ordinary text is left alone.
		{"git clone https://github.com/a/b.git", "git clone https://github.com/a/b.git"},
		{"rm -rf build && npm install", "rm -rf build && npm install"},
		{"grep -p pattern file", "grep -p pattern file"},
		{"ssh user@host", "ssh user@host"},
		{"echo password is asked", "echo password is asked"},
		{"scp file user@host:/tmp", "scp file user@host:/tmp"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q)\n = %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestAppendReadFilter(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "log", "audit.jsonl")
	l := Open(path, 0)
	ts := time.Date(2026, 1, 6, 10, 0, 0, 0, time.UTC)
	recs := []Record{
		{TS: ts, Tool: "Bash", Operation: "rm -rf /", Action: "block", Rule: "rm-root", PathContext: "n/a", SessionID: "a"},
		{TS: ts.Add(time.Minute), Tool: "Bash", Operation: "rm ~/Downloads/old", Action: "confirm_required", Rule: "bash-delete", PathContext: "outside", SessionID: "a"},
		{TS: ts.Add(2 * time.Minute), Tool: "Bash", Operation: "rm ~/Downloads/old", Action: "confirmed_allow", Rule: "session_allowlist", SessionID: "b"},
	}
	for _, r := range recs {
		if err := l.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Read(path, Filter{})
	if err != nil || len(got) != 3 || got[0].Operation != "rm -rf /" || !got[2].TS.Equal(recs[2].TS) {
		t.Fatalf("Read = %+v, %v", got, err)
	}
	if got, _ := Read(path, Filter{Session: "a"}); len(got) != 2 {
		t.Errorf("session filter: %d", len(got))
	}
	if got, _ := Read(path, Filter{Action: "confirmed_allow"}); len(got) != 1 || got[0].SessionID != "b" {
		t.Errorf("action filter: %+v", got)
	}
	if got, _ := Read(path, Filter{Since: ts.Add(90 * time.Second)}); len(got) != 1 {
		t.Errorf("since filter: %d", len(got))
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"ts":"2026-01-06T10:00:00Z"`) || !strings.Contains(string(data), `"path_context":"outside"`) {
		t.Errorf("seed fields missing: %s", data)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v", st.Mode().Perm())
	}
}

func TestRotation(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l := Open(path, 1000)
	for i := 0; i < 50; i++ {
		if err := l.Append(Record{Tool: "Bash", Operation: fmt.Sprintf("cmd %d %s", i, strings.Repeat("x", 50)), Action: "block"}); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{path, path + ".1"} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > 1000 {
			t.Errorf("%s is %d bytes, over the cap", p, st.Size())
		}
		checkLines(t, p)
	}
	got, _ := Read(path, Filter{})
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1].Operation, "cmd 49 ") {
		t.Errorf("the newest record must be last: %+v", got[len(got)-1])
	}
	if _, err := os.Stat(path + ".2"); err == nil {
		t.Error("only one rotated file is kept")
	}
}

// checkLines asserts every line of a file is a whole JSON record, and
// returns how many there are.
func checkLines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s line %d is corrupt: %q", path, n+1, sc.Text())
		}
		n++
	}
	return n
}

// TestHelperProcess appends records when run as a child of
// TestConcurrentProcesses.
func TestHelperProcess(t *testing.T) {
	path := os.Getenv("AUDIT_HELPER_LOG")
	if path == "" {
		return
	}
	max, _ := strconv.ParseInt(os.Getenv("AUDIT_HELPER_MAX"), 10, 64)
	l := Open(path, max)
	for i := 0; i < 125; i++ {
		if err := l.Append(Record{Tool: "Bash", Operation: fmt.Sprintf("proc %s rec %d %s", os.Getenv("AUDIT_HELPER_ID"), i, strings.Repeat("y", 200)), Action: "block"}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func runProcesses(t *testing.T, path string, max int64) {
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
			cmd.Env = append(os.Environ(), "AUDIT_HELPER_LOG="+path, "AUDIT_HELPER_ID="+strconv.Itoa(i), "AUDIT_HELPER_MAX="+strconv.FormatInt(max, 10))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("process %d: %v %s", i, err, out)
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestConcurrentProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	runProcesses(t, path, 0)
	if n := checkLines(t, path); n != 1000 {
		t.Errorf("%d lines after 8 processes × 125 appends, want 1000", n)
	}
	seen := map[string]bool{}
	recs, _ := Read(path, Filter{})
	for _, r := range recs {
		seen[r.Operation] = true
	}
	if len(seen) != 1000 {
		t.Errorf("%d distinct records, want 1000", len(seen))
	}
	// With rotation: no line is ever torn.
	rot := filepath.Join(t.TempDir(), "audit.jsonl")
	runProcesses(t, rot, 50_000)
	total := checkLines(t, rot) + checkLines(t, rot+".1")
	if total < 50_000/300 {
		t.Errorf("only %d whole lines survive rotation", total)
	}
}

func BenchmarkAppend(b *testing.B) {
	l := Open(filepath.Join(b.TempDir(), "audit.jsonl"), 0)
	r := Record{TS: time.Now(), Tool: "Bash", Operation: "curl -H 'Authorization: Bearer x' https://u:p@h/x", Action: "rewrite", Rule: "curl"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := l.Append(r); err != nil {
			b.Fatal(err)
		}
	}
}
