package audit

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/filelock"
)

// The actions a record reports (seed 002's three, plus corral's rewrite
// and warn).
const (
	ActionBlock           = "block"            // the operation was denied
	ActionConfirmRequired = "confirm_required" // the user was asked to approve it
	ActionConfirmedAllow  = "confirmed_allow"  // an approval in the session allow-list let it through
	ActionRewrite         = "rewrite"          // it ran in a rewritten form
	ActionWarn            = "warn"             // it ran, with a warning
)

// The path contexts a record reports: where the operation's target is.
const (
	PathSafe       = "safe"    // inside a safe path or a git repository
	PathOutside    = "outside" // outside every safe area
	PathBlocked    = "blocked" // in a blocked path
	PathNotApplied = "n/a"     // the operation has no target path
)

// Record is one line of the log. TS is written in RFC 3339 with its UTC
// offset; empty optional fields are left out.
type Record struct {
	TS          time.Time `json:"ts"`
	Tool        string    `json:"tool"`
	Operation   string    `json:"operation"`
	Action      string    `json:"action"`
	Rule        string    `json:"rule"`
	PathContext string    `json:"path_context,omitempty"`
	SessionID   string    `json:"session_id,omitempty"`
	Cwd         string    `json:"cwd,omitempty"`
	Rewritten   string    `json:"rewritten,omitempty"`
	Reason      string    `json:"reason,omitempty"`
	// AgentType is the subagent that called (the hook input's agent_type).
	AgentType string `json:"agent_type,omitempty"`
}

// Log is an audit log file and its one rotated predecessor, "<path>.1".
// Its methods are safe for concurrent use by goroutines and by processes.
type Log struct {
	path     string
	maxBytes int64
}

// stateDir is corral's state directory: $CORRAL_STATE_DIR, else
// $XDG_STATE_HOME/corral, else ~/.local/state/corral. It follows the same
// rules as the allow-list's StateDir (a test holds them together).
func stateDir() string {
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

// DefaultPath is $CORRAL_AUDIT_LOG, else audit.jsonl in corral's state
// directory ($CORRAL_STATE_DIR, else $XDG_STATE_HOME/corral, else
// ~/.local/state/corral).
func DefaultPath() string {
	if p := os.Getenv("CORRAL_AUDIT_LOG"); p != "" {
		return p
	}
	return filepath.Join(stateDir(), "audit.jsonl")
}

// Open returns the log at path. An append that would take the file past
// maxBytes first rotates it to "<path>.1"; zero or less never rotates.
// Open touches no file.
func Open(path string, maxBytes int64) *Log { return &Log{path: path, maxBytes: maxBytes} }

// Path is the file the log appends to.
func (l *Log) Path() string { return l.path }

// maxAttempts bounds how often Append and Read start again because the
// file they opened was rotated away before they locked it.
const maxAttempts = 64

// Append redacts r's operation, rewritten command and reason, stamps it
// with the current time when TS is zero, and writes it as one line.
//
// The line is written with a single write to a file opened with O_APPEND
// while an exclusive flock on that file is held; the lock also covers the
// size check and the rotation, so concurrent processes never interleave,
// lose or split lines. If the file does not end in a newline (a write cut
// short by a full disk or a crash), the new line starts on a line of its
// own. The log's directory is created 0700 and the file 0600.
func (l *Log) Append(r Record) error {
	line, err := encode(r)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(l.path), 0o700); err != nil {
		return err
	}
	for range maxAttempts {
		written, err := l.tryAppend(line)
		if written || err != nil {
			return err
		}
	}
	return fmt.Errorf("audit log %s: rotated away %d times while appending; record not written", l.path, maxAttempts)
}

// encode is r, redacted and stamped, as a JSON line.
func encode(r Record) ([]byte, error) {
	if r.TS.IsZero() {
		r.TS = time.Now()
	}
	r.Operation = Redact(r.Operation)
	r.Rewritten = Redact(r.Rewritten)
	r.Reason = Redact(r.Reason)
	// HTML escaping off, as encoding/json's Encoder with SetEscapeHTML
	// (false) writes it: && and > stay readable for grep.
	ts, err := r.TS.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("json: error calling MarshalJSON for type time.Time: %w", err)
	}
	return appendRecord(make([]byte, 0, 256), &r, ts), nil
}

// tryAppend makes one attempt at writing line. It reports false and no
// error when the file must be opened again: it was rotated away by another
// process before the lock was taken, or this call rotated it.
func (l *Log) tryAppend(line []byte) (written bool, err error) {
	// O_RDWR rather than O_WRONLY so that the last byte can be checked.
	f, err := os.OpenFile(l.path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if err := filelock.Lock(f, true); err != nil {
		return false, fmt.Errorf("locking %s: %w", l.path, err)
	}
	defer filelock.Unlock(f)

	st, err := f.Stat()
	if err != nil {
		return false, err
	}
	if same, err := isCurrent(l.path, st); err != nil || !same {
		return false, err
	}
	size := st.Size()
	if l.maxBytes > 0 && size > 0 && size+int64(len(line)) > l.maxBytes {
		err := os.Rename(l.path, l.path+".1")
		if errors.Is(err, os.ErrNotExist) {
			return false, nil // rotated by another process (possible only without flock)
		}
		if err != nil {
			return false, fmt.Errorf("rotating %s: %w", l.path, err)
		}
		return false, nil
	}
	if size > 0 {
		var last [1]byte
		if _, err := f.ReadAt(last[:], size-1); err != nil && !errors.Is(err, io.EOF) {
			return false, err
		}
		if last[0] != '\n' {
			line = append([]byte{'\n'}, line...)
		}
	}
	if _, err := f.Write(line); err != nil {
		return false, err
	}
	return true, nil
}

// isCurrent reports whether the open file described by st is still the one
// at path (not renamed away by a rotation).
func isCurrent(path string, st os.FileInfo) (bool, error) {
	now, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(st, now), nil
}
