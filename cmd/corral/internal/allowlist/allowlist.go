// Package allowlist is corral's session allow-list (seed 002): commands
// and paths the user approved with `corral confirm`, per session, expiring
// after a while. The store is one JSON file, safe under concurrent hook
// processes (an exclusive lock around each read-modify-write, atomic
// rename). It decides nothing; the hook asks it.
package allowlist

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Entry is one approval.
type Entry struct {
	Session   string    `json:"session"`
	Tool      string    `json:"tool"`
	Operation string    `json:"operation"`
	At        time.Time `json:"ts"`
}

// Store is the allow-list file.
type Store struct {
	path string
	ttl  time.Duration
	now  func() time.Time
}

type file struct {
	Confirmed []Entry `json:"confirmed"`
}

// StateDir is where corral keeps its state: $CORRAL_STATE_DIR, else
// $XDG_STATE_HOME/corral, else ~/.local/state/corral.
func StateDir() string {
	if d := os.Getenv("CORRAL_STATE_DIR"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "corral")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "corral-state")
	}
	return filepath.Join(home, ".local", "state", "corral")
}

// DefaultPath is the allow-list file in the state directory.
func DefaultPath() string { return filepath.Join(StateDir(), "allowlist.json") }

// Open returns the store at path; entries older than ttl never count.
func Open(path string, ttl time.Duration, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{path: path, ttl: ttl, now: now}
}

// lock takes the exclusive lock of the store until the returned func runs.
func (s *Store) lock() (func(), error) {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(s.path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

func (s *Store) read() (file, error) {
	var f file
	data, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, fmt.Errorf("allow-list %s is corrupt: %v", s.path, err)
	}
	return f, nil
}

func (s *Store) live(e Entry) bool { return s.ttl <= 0 || s.now().Sub(e.At) < s.ttl }

// write replaces the file atomically, dropping expired entries.
func (s *Store) write(f file) error {
	kept := f.Confirmed[:0]
	for _, e := range f.Confirmed {
		if s.live(e) {
			kept = append(kept, e)
		}
	}
	f.Confirmed = kept
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), ".allowlist-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.path)
}

// Add records an approval.
func (s *Store) Add(e Entry) error {
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	f, err := s.read()
	if err != nil {
		// Keep the corrupt file for inspection and start again.
		os.Rename(s.path, s.path+".corrupt")
		f = file{}
	}
	if e.At.IsZero() {
		e.At = s.now()
	}
	f.Confirmed = append(f.Confirmed, e)
	return s.write(f)
}

// Allowed reports whether the exact operation was approved for the tool in
// the session and has not expired.
func (s *Store) Allowed(session, tool, operation string) (bool, error) {
	f, err := s.read()
	if err != nil {
		return false, err
	}
	for _, e := range f.Confirmed {
		if e.Session == session && e.Tool == tool && e.Operation == operation && s.live(e) {
			return true, nil
		}
	}
	return false, nil
}

// ClearSession drops a session's approvals and returns how many there were.
func (s *Store) ClearSession(session string) (int, error) {
	unlock, err := s.lock()
	if err != nil {
		return 0, err
	}
	defer unlock()
	f, err := s.read()
	if err != nil {
		return 0, err
	}
	kept := f.Confirmed[:0]
	n := 0
	for _, e := range f.Confirmed {
		if e.Session == session {
			n++
			continue
		}
		kept = append(kept, e)
	}
	f.Confirmed = kept
	if n == 0 {
		return 0, nil
	}
	return n, s.write(f)
}

// List returns the live entries.
func (s *Store) List() ([]Entry, error) {
	f, err := s.read()
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, e := range f.Confirmed {
		if s.live(e) {
			out = append(out, e)
		}
	}
	return out, nil
}
