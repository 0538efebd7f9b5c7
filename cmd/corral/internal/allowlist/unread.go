package allowlist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Unread is the record of the files a session's allowed calls wrote with
// bytes corral could not read (a decoded binary: echo … | base64 -d > t),
// each with the command that wrote it, so that a later call running one
// (./t) asks although it shows the hook nothing to judge. It is one JSON
// file in corral's state directory, next to the allow-list and locked the
// same way; the agent cannot write it (the state directory is one of
// corral's protected paths).
type Unread struct {
	path string
	now  func() time.Time
}

// UnreadFile is one recorded file.
type UnreadFile struct {
	Session string    `json:"session"`
	Path    string    `json:"path"`
	By      string    `json:"by"`
	At      time.Time `json:"ts"`
}

type unreadDoc struct {
	Version int          `json:"version"`
	Files   []UnreadFile `json:"files"`
	// Overflowed are the sessions whose entries the bounds dropped:
	// their record is no longer whole (see Earlier).
	Overflowed []string `json:"overflowed,omitempty"`
}

// The record's bounds: files per session and in all (the oldest go
// first), the length of a command kept, and how long an entry whose file
// does not exist is kept (a call recorded before it ran: parallel tool
// calls).
const (
	MaxUnreadPerSession = 256
	MaxUnread           = 4096
	maxUnreadBy         = 300
	unreadGrace         = 10 * time.Minute
	// maxUnreadBytes bounds what a hook call reads: the bounds above
	// keep a real record far below it.
	maxUnreadBytes = 8 << 20
)

// DefaultUnreadPath is unread.json in StateDir.
func DefaultUnreadPath() string { return filepath.Join(StateDir(), "unread.json") }

// OpenUnread returns the record kept at path; a nil now means time.Now.
func OpenUnread(path string, now func() time.Time) *Unread {
	if now == nil {
		now = time.Now
	}
	return &Unread{path: path, now: now}
}

// Earlier returns session's recorded files by path, each with the
// command that wrote it (whether one still exists is the caller's to
// see), and whether the bounds dropped some of the session's entries
// (the caller should then treat the record as lost: a call that writes
// many unread files must not push an earlier one out of it). A missing
// file is an empty record; a corrupt one an error wrapping ErrCorrupt.
func (u *Unread) Earlier(session string) (files map[string]string, overflowed bool, err error) {
	doc, err := u.read()
	if err != nil {
		return nil, false, err
	}
	for _, s := range doc.Overflowed {
		overflowed = overflowed || s == session
	}
	out := map[string]string{}
	for _, f := range doc.Files {
		if f.Session == session {
			out[f.Path] = f.By
		}
	}
	return out, overflowed, nil
}

// Note records that a call (command by) of session was allowed and
// leaves the files unread with bytes corral could not read and the files
// rewrote with content it knows: the first are recorded (again, with
// this call, or with the earlier call carried[path] whose bytes a copy
// holds), the second forgotten. Entries of files that no longer
// exist are dropped. A corrupt record is moved aside to
// "<file>.corrupt" and started afresh. The file is written only when
// something changed.
func (u *Unread) Note(session, by string, unread []string, carried map[string]string, rewrote []string) error {
	forget := map[string]bool{}
	for _, p := range unread {
		forget[p] = true
	}
	for _, p := range rewrote {
		forget[p] = true
	}
	if len(forget) == 0 {
		return nil
	}
	clip := func(s string) string {
		if len(s) <= maxUnreadBy {
			return s
		}
		n := maxUnreadBy
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		return s[:n] + "…"
	}
	byOf := func(p string) string {
		if b, ok := carried[p]; ok {
			return clip(b)
		}
		return clip(by)
	}
	if doc, err := u.read(); err == nil {
		// Write only when something changes: a file rewritten that is
		// recorded, or one to record that is not, or not with this call
		// (cmd > out.log again and again writes nothing).
		recorded := map[string]string{}
		for _, f := range doc.Files {
			if f.Session == session {
				recorded[f.Path] = f.By
			}
		}
		same := true
		for _, p := range rewrote {
			_, hit := recorded[p]
			same = same && !hit
		}
		for _, p := range unread {
			b, ok := recorded[p]
			same = same && ok && b == byOf(p)
		}
		if same {
			return nil
		}
	}
	return withLock(u.path, 0, func() error {
		doc, err := u.read()
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				return err
			}
			if rerr := os.Rename(u.path, u.path+".corrupt"); rerr != nil {
				return fmt.Errorf("%w (and it cannot be moved aside: %v)", err, rerr)
			}
			doc = unreadDoc{}
		}
		now := u.now()
		kept := doc.Files[:0]
		for _, f := range doc.Files {
			if f.Session == session && forget[f.Path] {
				continue
			}
			if unreadGone(f.Path) && now.Sub(f.At) > unreadGrace {
				continue // removed since
			}
			kept = append(kept, f)
		}
		add := append([]string(nil), unread...)
		sort.Strings(add)
		for _, p := range add {
			kept = append(kept, UnreadFile{Session: session, Path: p, By: byOf(p), At: now})
		}
		// Bounds: the oldest entries of the session, then of all, go.
		n := 0
		for _, f := range kept {
			if f.Session == session {
				n++
			}
		}
		overflow := func(s string) {
			for _, o := range doc.Overflowed {
				if o == s {
					return
				}
			}
			doc.Overflowed = append(doc.Overflowed, s)
		}
		bounded := kept[:0]
		for _, f := range kept {
			if f.Session == session && n > MaxUnreadPerSession {
				n--
				overflow(f.Session)
				continue
			}
			bounded = append(bounded, f)
		}
		if len(bounded) > MaxUnread {
			for _, f := range bounded[:len(bounded)-MaxUnread] {
				overflow(f.Session)
			}
			bounded = bounded[len(bounded)-MaxUnread:]
		}
		if len(doc.Overflowed) > MaxUnread {
			doc.Overflowed = doc.Overflowed[len(doc.Overflowed)-MaxUnread:]
		}
		doc.Files, doc.Version = bounded, formatVersion
		return u.write(doc)
	})
}

// ClearSession forgets session's files (the hook's SessionEnd event).
func (u *Unread) ClearSession(session string) error {
	doc, err := u.read()
	if err != nil {
		return err
	}
	hit := false
	for _, f := range doc.Files {
		hit = hit || f.Session == session
	}
	for _, s := range doc.Overflowed {
		hit = hit || s == session
	}
	if !hit {
		return nil
	}
	return withLock(u.path, 0, func() error {
		doc, err := u.read()
		if err != nil {
			return err
		}
		kept := doc.Files[:0]
		for _, f := range doc.Files {
			if f.Session != session {
				kept = append(kept, f)
			}
		}
		doc.Files = kept
		over := doc.Overflowed[:0]
		for _, s := range doc.Overflowed {
			if s != session {
				over = append(over, s)
			}
		}
		doc.Overflowed = over
		return u.write(doc)
	})
}

func (u *Unread) read() (unreadDoc, error) {
	var doc unreadDoc
	f, err := os.Open(u.path)
	if errors.Is(err, os.ErrNotExist) {
		return doc, nil
	}
	if err != nil {
		return doc, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxUnreadBytes+1))
	if err != nil {
		return doc, err
	}
	if len(data) > maxUnreadBytes {
		return unreadDoc{}, fmt.Errorf("%w: %s: larger than %d bytes", ErrCorrupt, u.path, maxUnreadBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return unreadDoc{}, fmt.Errorf("%w: %s: %v", ErrCorrupt, u.path, err)
	}
	if dec.More() {
		return unreadDoc{}, fmt.Errorf("%w: %s: data after the record", ErrCorrupt, u.path)
	}
	if doc.Version > formatVersion {
		return unreadDoc{}, fmt.Errorf("%w: %s: format version %d is newer than this corral understands (%d)", ErrCorrupt, u.path, doc.Version, formatVersion)
	}
	for _, f := range doc.Files {
		if !filepath.IsAbs(f.Path) {
			return unreadDoc{}, fmt.Errorf("%w: %s: path %q is not absolute", ErrCorrupt, u.path, f.Path)
		}
	}
	return doc, nil
}

func (u *Unread) write(doc unreadDoc) error {
	if doc.Files == nil {
		doc.Files = []UnreadFile{}
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(u.path, append(data, '\n'))
}

// unreadGone reports that the recorded file is not there: for a prefix
// of pieces (PREFIX*, split's), that no file in its directory begins
// with it.
func unreadGone(p string) bool {
	prefix, pieces := strings.CutSuffix(p, "*")
	if !pieces {
		_, err := os.Lstat(p)
		return errors.Is(err, os.ErrNotExist)
	}
	es, err := os.ReadDir(filepath.Dir(prefix))
	if err != nil {
		return errors.Is(err, os.ErrNotExist)
	}
	base := filepath.Base(prefix)
	if strings.HasSuffix(prefix, "/") {
		base = ""
	}
	for _, e := range es {
		if strings.HasPrefix(e.Name(), base) {
			return false
		}
	}
	return true
}
