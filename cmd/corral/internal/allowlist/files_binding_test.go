package allowlist

import (
	"testing"
	"time"
)

// TestFilesBinding (red team 15 AP2): an approval bound to the digest of
// the files a command's judgement read approves the command only with
// that digest (and its other bindings); one without it binds nothing.
func TestFilesBinding(t *testing.T) {
	t.Parallel()
	s := tempStore(t, time.Hour, newClock())
	const op = "bash x.sh"
	const h1 = "1111111111111111111111111111111111111111111111111111111111111111"
	const h2 = "2222222222222222222222222222222222222222222222222222222222222222"
	if err := s.Add(Entry{Session: "s1", Tool: "Bash", Operation: op, Binding: Binding{Cwd: "/p", FilesSHA256: h1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(Entry{Session: "s1", Tool: "Bash", Operation: "make", Binding: Binding{Cwd: "/p"}}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		op    string
		where Binding
		want  bool
	}{
		{op, Binding{Cwd: "/p", FilesSHA256: h1}, true},
		{op, Binding{Cwd: "/p", FilesSHA256: h2}, false},
		{op, Binding{Cwd: "/p"}, false},
		{op, Binding{Cwd: "/q", FilesSHA256: h1}, false},
		// An entry without the files binding: any files.
		{"make", Binding{Cwd: "/p", FilesSHA256: h2}, true},
		{"make", Binding{Cwd: "/p"}, true},
	} {
		ok, err := s.AllowedAt("s1", "Bash", tt.op, tt.where)
		if err != nil || ok != tt.want {
			t.Errorf("AllowedAt(%q, %+v) = %v, %v; want %v", tt.op, tt.where, ok, err, tt.want)
		}
	}
}
