package allowlist

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestUnreadRecord(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC)
	u := OpenUnread(filepath.Join(dir, "unread.json"), func() time.Time { return now })
	file := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("\x7fELF"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	earlier := func(session string) map[string]string {
		t.Helper()
		m, _, err := u.Earlier(session)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// A missing record is empty; nothing to note writes nothing.
	if m := earlier("s1"); len(m) != 0 {
		t.Fatalf("empty record: %v", m)
	}
	if err := u.Note("s1", "ls", nil, nil, []string{filepath.Join(dir, "x")}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(u.path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a call that rewrote nothing recorded wrote the file: %v", err)
	}

	a, b := file("a"), file("b")
	if err := u.Note("s1", "echo x | base64 -d > a", []string{a}, nil, nil); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(u.path)
	if err := u.Note("s1", "echo x | base64 -d > a", []string{a}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(u.path); before == nil || after == nil || !os.SameFile(before, after) {
		t.Errorf("the same note again rewrote the record")
	}
	if err := u.Note("s1", "mv a b", []string{b}, map[string]string{b: "echo x | base64 -d > a"}, nil); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{a: "echo x | base64 -d > a", b: "echo x | base64 -d > a"}
	if got := earlier("s1"); !reflect.DeepEqual(got, want) {
		t.Errorf("s1: %v, want %v", got, want)
	}
	if got := earlier("s2"); len(got) != 0 {
		t.Errorf("another session sees s1's files: %v", got)
	}
	// A file written again with known content is forgotten.
	if err := u.Note("s1", "printf 'echo hi' > a", nil, nil, []string{a}); err != nil {
		t.Fatal(err)
	}
	if got := earlier("s1"); len(got) != 1 || got[b] == "" {
		t.Errorf("after a is rewritten: %v", got)
	}
	// A removed file is dropped, once its grace is over.
	os.Remove(b)
	c := file("c")
	if err := u.Note("s1", "base64 -d > c", []string{c}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := earlier("s1"); got[b] == "" {
		t.Errorf("a file missing within the grace (a call not run yet) was dropped: %v", got)
	}
	now = now.Add(unreadGrace + time.Minute)
	if err := u.Note("s1", "base64 -d > c", []string{c}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := earlier("s1"); got[b] == "" {
		t.Errorf("a note that changes nothing wrote the record: %v", got)
	}
	if err := u.Note("s1", "base64 -d > c again", []string{c}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := earlier("s1"); len(got) != 1 || got[c] != "base64 -d > c again" {
		t.Errorf("after b was removed: %v", got)
	}

	// Bounded per session, oldest first; a long command is clipped.
	many := make([]string, MaxUnreadPerSession+10)
	for i := range many {
		many[i] = filepath.Join(dir, fmt.Sprintf("m%03d", i))
	}
	if err := u.Note("s3", strings.Repeat("é", 400), many, nil, nil); err != nil {
		t.Fatal(err)
	}
	got := earlier("s3")
	if len(got) != MaxUnreadPerSession || got[many[0]] != "" || got[many[len(many)-1]] == "" {
		t.Errorf("s3 keeps %d files (first kept: %v)", len(got), got[many[0]] != "")
	}
	if _, over, _ := u.Earlier("s3"); !over {
		t.Errorf("s3 lost entries to the bound but is not marked overflowed")
	}
	if _, over, _ := u.Earlier("s1"); over {
		t.Errorf("s1 marked overflowed by s3's entries")
	}
	if by := got[many[len(many)-1]]; len(by) > maxUnreadBy+len("…") || !strings.HasSuffix(by, "…") || strings.ContainsRune(by, '\uFFFD') {
		t.Errorf("long command kept as %q", by)
	}
	if got := earlier("s1"); len(got) != 1 {
		t.Errorf("s3's files pushed out s1's: %v", got)
	}

	// Session end forgets a session.
	if err := u.ClearSession("s3"); err != nil {
		t.Fatal(err)
	}
	if got, over, _ := u.Earlier("s3"); len(got) != 0 || over {
		t.Errorf("after ClearSession: %d files, overflowed %v", len(got), over)
	}

	// A corrupt record is an error for readers; the next note moves it
	// aside and starts afresh.
	for _, bad := range []string{strings.Repeat(" ", maxUnreadBytes+1), "{", `{"version":1,"files":[]} x`, `{"version":9,"files":[]}`, `{"version":1,"files":[{"path":"rel"}]}`} {
		os.WriteFile(u.path, []byte(bad), 0o600)
		if _, _, err := u.Earlier("s1"); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: Earlier error %v, want ErrCorrupt", bad, err)
		}
	}
	if err := u.Note("s1", "base64 -d > c", []string{c}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(u.path + ".corrupt"); err != nil {
		t.Errorf("corrupt record not kept aside: %v", err)
	}
	if got := earlier("s1"); len(got) != 1 || got[c] == "" {
		t.Errorf("after a corrupt record: %v", got)
	}
}

// The file is written the same bytes for the same notes (determinism).
func TestUnreadRecordDeterministic(t *testing.T) {
	var texts []string
	for i := 0; i < 2; i++ {
		dir := t.TempDir()
		at := time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC)
		u := OpenUnread(filepath.Join(dir, "unread.json"), func() time.Time { return at })
		if err := u.Note("s", "cmd", []string{"/p/z", "/p/a", "/p/m"}, nil, nil); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(u.path)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	if texts[0] != texts[1] || strings.Index(texts[0], "/p/a") > strings.Index(texts[0], "/p/z") {
		t.Errorf("record not deterministic or not sorted:\n%s", texts[0])
	}
}
