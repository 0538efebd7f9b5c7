package allowlist

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

func TestAddAllowedExpiryClear(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 6, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	path := filepath.Join(t.TempDir(), "state", "allowlist.json")
	s := Open(path, time.Hour, clock)
	if ok, err := s.Allowed("s1", "Bash", "rm -rf ~/Downloads/old"); ok || err != nil {
		t.Fatalf("empty store: %v %v", ok, err)
	}
	if err := s.Add(Entry{Session: "s1", Tool: "Bash", Operation: "rm -rf ~/Downloads/old"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		session, tool, op string
		want              bool
	}{
		{"s1", "Bash", "rm -rf ~/Downloads/old", true},
		{"s2", "Bash", "rm -rf ~/Downloads/old", false},
		{"s1", "Write", "rm -rf ~/Downloads/old", false},
		{"s1", "Bash", "rm -rf ~/Downloads/old ", false},
		{"", "Bash", "rm -rf ~/Downloads/old", false},
	} {
		if ok, _ := s.Allowed(tt.session, tt.tool, tt.op); ok != tt.want {
			t.Errorf("Allowed(%q, %q, %q) = %v", tt.session, tt.tool, tt.op, ok)
		}
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
	now = now.Add(2 * time.Hour)
	if ok, _ := s.Allowed("s1", "Bash", "rm -rf ~/Downloads/old"); ok {
		t.Error("expired entry still allowed")
	}
	s.Add(Entry{Session: "s1", Tool: "Bash", Operation: "a"})
	s.Add(Entry{Session: "s2", Tool: "Bash", Operation: "b"})
	if list, _ := s.List(); len(list) != 2 {
		t.Errorf("List = %+v (the expired entry must be pruned)", list)
	}
	if n, err := s.ClearSession("s1"); n != 1 || err != nil {
		t.Errorf("ClearSession = %d, %v", n, err)
	}
	if ok, _ := s.Allowed("s2", "Bash", "b"); !ok {
		t.Error("clearing s1 removed s2's entry")
	}
}

func TestCorruptFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "allowlist.json")
	os.WriteFile(path, []byte("{not json"), 0o600)
	s := Open(path, time.Hour, nil)
	if _, err := s.Allowed("s", "Bash", "x"); err == nil {
		t.Error("corrupt file not reported")
	}
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "x"}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.Allowed("s", "Bash", "x"); !ok || err != nil {
		t.Errorf("after Add: %v %v", ok, err)
	}
	if data, _ := os.ReadFile(path + ".corrupt"); string(data) != "{not json" {
		t.Errorf("the corrupt file was not kept: %q", data)
	}
}

func TestHelperProcess(t *testing.T) {
	path := os.Getenv("ALLOWLIST_HELPER")
	if path == "" {
		return
	}
	s := Open(path, time.Hour, nil)
	for i := 0; i < 20; i++ {
		if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: fmt.Sprintf("p%s-%d", os.Getenv("ALLOWLIST_ID"), i)}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func TestConcurrentProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "allowlist.json")
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
			cmd.Env = append(os.Environ(), "ALLOWLIST_HELPER="+path, "ALLOWLIST_ID="+strconv.Itoa(i))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("process %d: %v %s", i, err, out)
			}
		}(i)
	}
	wg.Wait()
	s := Open(path, time.Hour, nil)
	for i := 0; i < 8; i++ {
		for j := 0; j < 20; j++ {
			if ok, err := s.Allowed("s", "Bash", fmt.Sprintf("p%d-%d", i, j)); !ok || err != nil {
				t.Fatalf("entry p%d-%d lost (%v)", i, j, err)
			}
		}
	}
}
