package allowlist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/filelock"
)

// Entry is one approval: the user allowed Operation (a command or a path,
// byte for byte) for Tool in Session at time At.
type Entry struct {
	Session   string    `json:"session"`
	Tool      string    `json:"tool"`
	Operation string    `json:"operation"`
	At        time.Time `json:"ts"`
	// Binding, when set, narrows the approval to the call the user was
	// shown (red team 14 AP1): a command run in that directory, a Write
	// or Edit of that content. An entry without it (the seed's format)
	// approves the operation wherever and with whatever content.
	Binding
}

// Binding is what an approval is bound to beyond its operation: the
// directory a command runs in, the SHA-256 (hex) of a Write's or an
// Edit's tool input, and of the files a command's judgement read. Empty
// fields bind nothing.
type Binding struct {
	Cwd           string `json:"cwd,omitempty"`
	ContentSHA256 string `json:"content_sha256,omitempty"`
	// FilesSHA256 binds a command to the files corral read to judge it
	// (rewrite.Result.ReadDigest, red team 15 AP2): the script bash x.sh
	// runs, the Makefile, package.json. Once one of them changes, is
	// created or goes away, the approval no longer matches.
	FilesSHA256 string `json:"files_sha256,omitempty"`
}

// matches reports whether an entry bound by b approves a call at where.
func (b Binding) matches(where Binding) bool {
	return (b.Cwd == "" || b.Cwd == where.Cwd) && (b.ContentSHA256 == "" || b.ContentSHA256 == where.ContentSHA256) &&
		(b.FilesSHA256 == "" || b.FilesSHA256 == where.FilesSHA256)
}

// Store is an allow-list file. Its methods are safe for concurrent use by
// goroutines and by processes.
type Store struct {
	path       string
	ttl        time.Duration
	now        func() time.Time
	maxEntries int
	// wait bounds how long a write waits for the lock (filelock.Wait
	// when zero).
	wait time.Duration
}

// ErrCorrupt is wrapped by the errors of readers that find the file is not
// an allow-list. Callers should fail open: treat the operation as not
// approved and carry on.
var ErrCorrupt = errors.New("allow-list file is corrupt")

// MaxEntries is how many live entries the file keeps; past it the oldest
// are dropped (their operations will be asked about again).
const MaxEntries = 10_000

// document is the file's JSON shape, the seed's {"confirmed": [...]}.
type document struct {
	Version   int     `json:"version"`
	Confirmed []Entry `json:"confirmed"`
}

const formatVersion = 1

// StateDir is where corral keeps its state: $CORRAL_STATE_DIR, else
// $XDG_STATE_HOME/corral, else ~/.local/state/corral (a directory under
// the system's temporary directory when there is no home).
func StateDir() string {
	if d := os.Getenv("CORRAL_STATE_DIR"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "corral")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return filepath.Join(os.TempDir(), "corral-state")
	}
	return filepath.Join(home, ".local", "state", "corral")
}

// DefaultPath is allowlist.json in StateDir.
func DefaultPath() string { return filepath.Join(StateDir(), "allowlist.json") }

// Open returns the store kept at path. Entries older than ttl never count
// and are pruned on the next write; a ttl of zero or less means entries
// never expire. A nil now means time.Now. Open touches no file.
func Open(path string, ttl time.Duration, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{path: path, ttl: ttl, now: now, maxEntries: MaxEntries}
}

// Patient returns the store waiting up to wait for the lock another
// process holds before a write gives up (the hook keeps to filelock.Wait;
// the person's corral confirm and session clear can wait longer).
func (s *Store) Patient(wait time.Duration) *Store {
	c := *s
	c.wait = wait
	return &c
}

// Path is the file the store reads and writes.
func (s *Store) Path() string { return s.path }

// live reports whether e still counts at time now: it is no older than
// the time to live.
func (s *Store) live(e Entry, now time.Time) bool {
	return s.ttl <= 0 || now.Sub(e.At) <= s.ttl
}

// Add records an approval, stamping it with the store's clock when At is
// zero. An identical approval (same session, tool and operation) is
// replaced, so approving again renews it. Expired entries are pruned. A
// corrupt file is kept as "<file>.corrupt" and replaced by a fresh list.
func (s *Store) Add(e Entry) error {
	if e.Tool == "" || e.Operation == "" {
		return fmt.Errorf("allow-list entry needs a tool and an operation, got tool %q operation %q", e.Tool, e.Operation)
	}
	now := s.now()
	if e.At.IsZero() {
		e.At = now
	}
	return s.update(func(doc *document, readErr error) (bool, error) {
		if readErr != nil {
			if !errors.Is(readErr, ErrCorrupt) {
				return false, readErr
			}
			if err := os.Rename(s.path, s.path+".corrupt"); err != nil {
				return false, fmt.Errorf("%w (and it cannot be moved aside: %v)", readErr, err)
			}
			*doc = document{}
		}
		kept := doc.Confirmed[:0]
		for _, old := range doc.Confirmed {
			if old.Session == e.Session && old.Tool == e.Tool && old.Operation == e.Operation && old.Binding == e.Binding {
				continue
			}
			kept = append(kept, old)
		}
		doc.Confirmed = append(kept, e)
		return true, nil
	})
}

// Allowed reports whether operation was approved for tool in session and
// the approval has not expired. Matching is exact on all three strings;
// an entry recorded without a session matches only the empty session. A
// missing file approves nothing; a corrupt one is an error wrapping
// ErrCorrupt.
func (s *Store) Allowed(session, tool, operation string) (bool, error) {
	return s.AllowedAt(session, tool, operation, Binding{})
}

// AllowedAt is Allowed for a call at where: an entry bound to a directory
// or a content approves only a call with the same one.
func (s *Store) AllowedAt(session, tool, operation string, where Binding) (bool, error) {
	doc, err := s.read()
	if err != nil {
		return false, err
	}
	now := s.now()
	for _, e := range doc.Confirmed {
		if e.Session == session && e.Tool == tool && e.Operation == operation && e.Binding.matches(where) && s.live(e, now) {
			return true, nil
		}
	}
	return false, nil
}

// ClearSession forgets every approval of session (the hook's SessionEnd
// event, `corral session clear`) and returns how many live approvals it
// removed. Expired entries are pruned too but not counted. A corrupt file
// is left in place and reported.
func (s *Store) ClearSession(session string) (removed int, err error) {
	err = s.update(func(doc *document, readErr error) (bool, error) {
		if readErr != nil {
			return false, readErr
		}
		now := s.now()
		kept := doc.Confirmed[:0]
		changed := false
		for _, e := range doc.Confirmed {
			switch {
			case e.Session == session:
				if s.live(e, now) {
					removed++
				}
				changed = true
			case !s.live(e, now):
				changed = true
			default:
				kept = append(kept, e)
			}
		}
		doc.Confirmed = kept
		return changed, nil
	})
	if err != nil {
		return 0, err
	}
	return removed, nil
}

// List returns the live approvals, oldest first.
func (s *Store) List() ([]Entry, error) {
	doc, err := s.read()
	if err != nil {
		return nil, err
	}
	now := s.now()
	var out []Entry
	for _, e := range doc.Confirmed {
		if s.live(e, now) {
			out = append(out, e)
		}
	}
	return out, nil
}

// read loads the file; a missing file is an empty list.
func (s *Store) read() (document, error) {
	var doc document
	data, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return doc, nil
	}
	if err != nil {
		return doc, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return document{}, fmt.Errorf("%w: %s: %v", ErrCorrupt, s.path, err)
	}
	if dec.More() {
		return document{}, fmt.Errorf("%w: %s: data after the list", ErrCorrupt, s.path)
	}
	if doc.Version > formatVersion {
		return document{}, fmt.Errorf("%w: %s: format version %d is newer than this corral understands (%d)", ErrCorrupt, s.path, doc.Version, formatVersion)
	}
	return doc, nil
}

// update runs change on the current list under the store's lock and, when
// change reports a change, writes the result (pruned of expired entries).
// change receives the read error, if any, and decides what to do with it.
func (s *Store) update(change func(doc *document, readErr error) (bool, error)) error {
	return withLock(s.path, s.wait, func() error {
		doc, readErr := s.read()
		changed, err := change(&doc, readErr)
		if err != nil || !changed {
			return err
		}
		now := s.now()
		kept := doc.Confirmed[:0]
		for _, e := range doc.Confirmed {
			if s.live(e, now) {
				kept = append(kept, e)
			}
		}
		if len(kept) > s.maxEntries {
			kept = kept[len(kept)-s.maxEntries:]
		}
		doc.Confirmed = kept
		doc.Version = formatVersion
		return s.write(doc)
	})
}

// withLock runs f holding the exclusive lock on "<path>.lock", making
// path's directory first, waiting at most wait for it (filelock.Wait when
// zero).
func withLock(path string, wait time.Duration, f func() error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	lock, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := filelock.LockFor(lock, true, wait); err != nil {
		return fmt.Errorf("locking %s: %w", lock.Name(), err)
	}
	defer filelock.Unlock(lock)
	return f()
}

// write replaces the file atomically: a temporary file in the same
// directory, synced, renamed over the old one, then the directory synced.
func (s *Store) write(doc document) error {
	if doc.Confirmed == nil {
		doc.Confirmed = []Entry{}
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(s.path, append(data, '\n'))
}

// writeAtomic replaces the file at path by data: a temporary file in the
// same directory, synced, renamed over the old one, then the directory
// synced.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o600); err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	committed = true
	// Make the rename itself durable. Some file systems cannot sync a
	// directory; the rename has happened either way.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
