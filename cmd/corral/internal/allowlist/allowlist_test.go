package allowlist

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// clock is a settable time source for a Store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 6, 10, 24, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func tempStore(t *testing.T, ttl time.Duration, c *clock) *Store {
	t.Helper()
	return Open(filepath.Join(t.TempDir(), "state", "allowlist.json"), ttl, c.Now)
}

func TestDefaultPath(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	tests := []struct {
		name, stateDir, xdg, want string
	}{
		{"corral state dir wins", "/srv/corral", "/xdg", "/srv/corral/allowlist.json"},
		{"then XDG_STATE_HOME", "", "/xdg", "/xdg/corral/allowlist.json"},
		{"then ~/.local/state", "", "", filepath.Join(home, ".local", "state", "corral", "allowlist.json")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CORRAL_STATE_DIR", tt.stateDir)
			t.Setenv("XDG_STATE_HOME", tt.xdg)
			if got := DefaultPath(); got != tt.want {
				t.Errorf("DefaultPath() = %q, want %q", got, tt.want)
			}
			if got := StateDir(); got != filepath.Dir(tt.want) {
				t.Errorf("StateDir() = %q, want %q", got, filepath.Dir(tt.want))
			}
		})
	}
}

func TestAllowedIsExact(t *testing.T) {
	t.Parallel()
	s := tempStore(t, time.Hour, newClock())
	const op = "rm -rf ~/Downloads/old-project"
	if ok, err := s.Allowed("s1", "Bash", op); ok || err != nil {
		t.Fatalf("a store with no file: Allowed = %v, %v; want false, nil", ok, err)
	}
	for _, e := range []Entry{
		{Session: "s1", Tool: "Bash", Operation: op},
		{Session: "", Tool: "Write", Operation: "/etc/hosts"},
	} {
		if err := s.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		session, tool, op string
		want              bool
	}{
		{"s1", "Bash", op, true},
		{"s2", "Bash", op, false},
		{"", "Bash", op, false},
		{"*", "Bash", op, false},
		{"S1", "Bash", op, false},
		{"s1", "Write", op, false},
		{"s1", "bash", op, false},
		{"s1", "Bash", op + " ", false},
		{"s1", "Bash", "rm -rf ~/Downloads/old-project/", false},
		{"s1", "Bash", "rm -rf ~/Downloads", false},
		{"s1", "Bash", "", false},
		// An approval recorded without a session matches only the empty session.
		{"", "Write", "/etc/hosts", true},
		{"s1", "Write", "/etc/hosts", false},
	}
	for _, tt := range tests {
		ok, err := s.Allowed(tt.session, tt.tool, tt.op)
		if err != nil || ok != tt.want {
			t.Errorf("Allowed(%q, %q, %q) = %v, %v; want %v", tt.session, tt.tool, tt.op, ok, err, tt.want)
		}
	}
}

func TestExpiry(t *testing.T) {
	t.Parallel()
	c := newClock()
	s := tempStore(t, time.Hour, c)
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "reboot"}); err != nil {
		t.Fatal(err)
	}
	c.Advance(time.Hour)
	if ok, _ := s.Allowed("s", "Bash", "reboot"); !ok {
		t.Error("an entry exactly ttl old must still count")
	}
	c.Advance(time.Nanosecond)
	if ok, err := s.Allowed("s", "Bash", "reboot"); ok || err != nil {
		t.Errorf("an entry older than ttl: Allowed = %v, %v; want false, nil", ok, err)
	}
	if list, err := s.List(); len(list) != 0 || err != nil {
		t.Errorf("List shows expired entries: %+v, %v", list, err)
	}
	// The expired entry is still in the file until the next write prunes it.
	if n := len(readDoc(t, s.Path()).Confirmed); n != 1 {
		t.Fatalf("file holds %d entries before the next write, want 1", n)
	}
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "shutdown -h now"}); err != nil {
		t.Fatal(err)
	}
	doc := readDoc(t, s.Path())
	if len(doc.Confirmed) != 1 || doc.Confirmed[0].Operation != "shutdown -h now" {
		t.Errorf("after Add the file holds %+v, want only the new entry", doc.Confirmed)
	}
}

func TestExplicitTimestamp(t *testing.T) {
	t.Parallel()
	c := newClock()
	s := tempStore(t, time.Hour, c)
	old := c.Now().Add(-2 * time.Hour)
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "reboot", At: old}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.Allowed("s", "Bash", "reboot"); ok {
		t.Error("an entry added with an already expired time counts")
	}
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "halt"}); err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err != nil || len(list) != 1 || !list[0].At.Equal(c.Now()) {
		t.Errorf("List = %+v, %v; want halt stamped with the store's clock", list, err)
	}
}

func TestNoExpiry(t *testing.T) {
	t.Parallel()
	c := newClock()
	s := tempStore(t, 0, c)
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "reboot"}); err != nil {
		t.Fatal(err)
	}
	c.Advance(24 * 365 * time.Hour)
	if ok, _ := s.Allowed("s", "Bash", "reboot"); !ok {
		t.Error("with ttl 0 entries must never expire")
	}
}

func TestAddRenews(t *testing.T) {
	t.Parallel()
	c := newClock()
	s := tempStore(t, time.Hour, c)
	e := Entry{Session: "s", Tool: "Bash", Operation: "docker rm web"}
	if err := s.Add(e); err != nil {
		t.Fatal(err)
	}
	c.Advance(50 * time.Minute)
	if err := s.Add(e); err != nil {
		t.Fatal(err)
	}
	c.Advance(50 * time.Minute)
	if ok, _ := s.Allowed("s", "Bash", "docker rm web"); !ok {
		t.Error("approving again must renew the approval")
	}
	if list, _ := s.List(); len(list) != 1 {
		t.Errorf("approving twice left %d entries, want 1", len(list))
	}
}

func TestAddRejectsEmpty(t *testing.T) {
	t.Parallel()
	s := tempStore(t, time.Hour, newClock())
	for _, e := range []Entry{{Session: "s", Tool: "Bash"}, {Session: "s", Operation: "reboot"}} {
		if err := s.Add(e); err == nil {
			t.Errorf("Add(%+v) succeeded", e)
		}
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a rejected Add wrote the file: %v", err)
	}
}

func TestClearSession(t *testing.T) {
	t.Parallel()
	c := newClock()
	s := tempStore(t, time.Hour, c)
	add := func(session, op string) {
		t.Helper()
		if err := s.Add(Entry{Session: session, Tool: "Bash", Operation: op}); err != nil {
			t.Fatal(err)
		}
	}
	add("a", "old")
	c.Advance(90 * time.Minute) // "old" has expired
	add("a", "one")
	add("a", "two")
	add("b", "three")
	add("", "four")

	if n, err := s.ClearSession("nobody"); n != 0 || err != nil {
		t.Errorf("ClearSession(nobody) = %d, %v; want 0, nil", n, err)
	}
	if n, err := s.ClearSession("a"); n != 2 || err != nil {
		t.Errorf("ClearSession(a) = %d, %v; want 2 (the expired entry is not counted), nil", n, err)
	}
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, e := range list {
		ops = append(ops, e.Session+":"+e.Operation)
	}
	if diff := cmp.Diff([]string{"b:three", ":four"}, ops); diff != "" {
		t.Errorf("entries after clearing a (-want +got):\n%s", diff)
	}
	if n, err := s.ClearSession("a"); n != 0 || err != nil {
		t.Errorf("clearing a again = %d, %v; want 0, nil", n, err)
	}
	if n, err := s.ClearSession(""); n != 1 || err != nil {
		t.Errorf("ClearSession(\"\") = %d, %v; want 1, nil", n, err)
	}
	if ok, _ := s.Allowed("b", "Bash", "three"); !ok {
		t.Error("clearing other sessions removed b's approval")
	}
}

func TestClearSessionWithoutFile(t *testing.T) {
	t.Parallel()
	s := tempStore(t, time.Hour, newClock())
	if n, err := s.ClearSession("s"); n != 0 || err != nil {
		t.Errorf("ClearSession on a missing file = %d, %v; want 0, nil", n, err)
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("clearing nothing created the file: %v", err)
	}
}

func TestFileFormatAndModes(t *testing.T) {
	t.Parallel()
	c := newClock()
	root := t.TempDir()
	path := filepath.Join(root, "state", "corral", "allowlist.json")
	s := Open(path, time.Hour, c.Now)
	if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "rm -rf ~/Downloads/old-project"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "confirmed": [
    {
      "session": "s",
      "tool": "Bash",
      "operation": "rm -rf ~/Downloads/old-project",
      "ts": "2026-01-06T10:24:00Z"
    }
  ]
}
`
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("file contents (-want +got):\n%s", diff)
	}
	for p, mode := range map[string]os.FileMode{
		path:                             0o600,
		path + ".lock":                   0o600,
		filepath.Dir(path):               0o700,
		filepath.Dir(filepath.Dir(path)): 0o700,
	} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != mode {
			t.Errorf("%s has mode %v, want %v", p, st.Mode().Perm(), mode)
		}
	}
}

func TestNoTemporaryFilesLeft(t *testing.T) {
	t.Parallel()
	s := tempStore(t, time.Hour, newClock())
	for i := range 20 {
		if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.ClearSession("s"); err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(filepath.Dir(s.Path()), "*"))
	if err != nil {
		t.Fatal(err)
	}
	hidden, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Path()), ".*"))
	got := append(names, hidden...)
	want := []string{s.Path(), s.Path() + ".lock"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files in the state directory (-want +got):\n%s", diff)
	}
}

func TestMaxEntriesKeepsNewest(t *testing.T) {
	t.Parallel()
	s := tempStore(t, time.Hour, newClock())
	s.maxEntries = 3
	for i := range 5 {
		if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, e := range list {
		ops = append(ops, e.Operation)
	}
	if diff := cmp.Diff([]string{"2", "3", "4"}, ops); diff != "" {
		t.Errorf("entries past the cap (-want +got):\n%s", diff)
	}
}

func TestCorruptFile(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, contents string }{
		{"truncated", `{"confirmed": [{"session": "s", "tool": "Ba`},
		{"not json", "{not json"},
		{"wrong shape", `{"confirmed": "yes"}`},
		{"trailing data", `{"confirmed": []} {"confirmed": []}`},
		{"newer format", `{"version": 99, "confirmed": []}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := tempStore(t, time.Hour, newClock())
			if err := os.MkdirAll(filepath.Dir(s.Path()), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.Path(), []byte(tt.contents), 0o600); err != nil {
				t.Fatal(err)
			}
			if ok, err := s.Allowed("s", "Bash", "x"); ok || !errors.Is(err, ErrCorrupt) {
				t.Errorf("Allowed = %v, %v; want false and ErrCorrupt", ok, err)
			}
			if _, err := s.List(); !errors.Is(err, ErrCorrupt) {
				t.Errorf("List error = %v, want ErrCorrupt", err)
			}
			if _, err := s.ClearSession("s"); !errors.Is(err, ErrCorrupt) {
				t.Errorf("ClearSession error = %v, want ErrCorrupt", err)
			}
			if data, _ := os.ReadFile(s.Path()); string(data) != tt.contents {
				t.Errorf("ClearSession changed the corrupt file to %q", data)
			}
			if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: "x"}); err != nil {
				t.Fatalf("Add over a corrupt file: %v", err)
			}
			if ok, err := s.Allowed("s", "Bash", "x"); !ok || err != nil {
				t.Errorf("after Add: Allowed = %v, %v; want true, nil", ok, err)
			}
			if data, _ := os.ReadFile(s.Path() + ".corrupt"); string(data) != tt.contents {
				t.Errorf("the corrupt file was not kept aside: %q", data)
			}
		})
	}
}

func TestConcurrentGoroutines(t *testing.T) {
	t.Parallel()
	s := tempStore(t, time.Hour, newClock())
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 10 {
				if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: fmt.Sprintf("g%d-%d", g, i)}); err != nil {
					t.Error(err)
				}
				if _, err := s.Allowed("s", "Bash", "g0-0"); err != nil {
					t.Errorf("a reader saw a half-written file: %v", err)
				}
			}
		})
	}
	wg.Wait()
	if list, err := s.List(); len(list) != 80 || err != nil {
		t.Errorf("List has %d entries (%v), want 80", len(list), err)
	}
}

const (
	helperEnv     = "CORRAL_ALLOWLIST_HELPER_PATH"
	helperIDEnv   = "CORRAL_ALLOWLIST_HELPER_ID"
	helperProcs   = 8
	helperEntries = 25
)

// TestHelperProcess adds entries to the allow-list named by its
// environment when TestConcurrentProcesses runs it as a child process; run
// normally it does nothing.
func TestHelperProcess(t *testing.T) {
	path := os.Getenv(helperEnv)
	if path == "" {
		t.Skip("run as a child process by TestConcurrentProcesses")
	}
	s := Open(path, time.Hour, nil)
	id := os.Getenv(helperIDEnv)
	for i := range helperEntries {
		if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: fmt.Sprintf("proc %s op %d", id, i)}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		// Readers run against writers in other processes.
		if _, err := s.Allowed("s", "Bash", "proc 0 op 0"); err != nil {
			fmt.Fprintln(os.Stderr, "reader:", err)
			os.Exit(1)
		}
	}
}

func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 8 processes")
	}
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state", "allowlist.json")
	var wg sync.WaitGroup
	for p := range helperProcs {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), helperEnv+"="+path, helperIDEnv+"="+strconv.Itoa(p))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("process %d: %v\n%s", p, err, out)
			}
		})
	}
	wg.Wait()
	s := Open(path, time.Hour, nil)
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != helperProcs*helperEntries {
		t.Errorf("%d entries after %d processes × %d adds, want %d", len(list), helperProcs, helperEntries, helperProcs*helperEntries)
	}
	for p := range helperProcs {
		for i := range helperEntries {
			op := fmt.Sprintf("proc %d op %d", p, i)
			if ok, err := s.Allowed("s", "Bash", op); !ok || err != nil {
				t.Errorf("entry %q lost (%v)", op, err)
			}
		}
	}
	if _, err := os.Stat(path + ".corrupt"); err == nil {
		t.Error("a concurrent writer saw a corrupt file")
	}
}

func readDoc(t *testing.T, path string) document {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc document
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func BenchmarkAllowed(b *testing.B) {
	s := Open(filepath.Join(b.TempDir(), "allowlist.json"), time.Hour, nil)
	for i := range 100 {
		if err := s.Add(Entry{Session: "s", Tool: "Bash", Operation: strings.Repeat("x", i+1)}); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if ok, err := s.Allowed("s", "Bash", "not approved"); ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
