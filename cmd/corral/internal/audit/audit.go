// Package audit is corral's audit log: JSON Lines with seed 002's fields
// (ts, tool, operation, action, rule, path_context) plus the session and
// the working directory. Appends are whole lines written once under an
// exclusive lock, so concurrent hook processes neither lose nor interleave
// lines; the file is rotated to <path>.1 past a size cap; secrets are
// redacted before anything is written.
package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"syscall"
	"time"
)

// Record is one line of the log.
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
}

// Log is an audit log file.
type Log struct {
	path     string
	maxBytes int64
}

// DefaultPath is $CORRAL_AUDIT_LOG, else audit.jsonl in corral's state
// directory ($CORRAL_STATE_DIR, $XDG_STATE_HOME/corral, ~/.local/state/corral).
func DefaultPath() string {
	if p := os.Getenv("CORRAL_AUDIT_LOG"); p != "" {
		return p
	}
	dir := os.Getenv("CORRAL_STATE_DIR")
	if dir == "" {
		if x := os.Getenv("XDG_STATE_HOME"); x != "" {
			dir = filepath.Join(x, "corral")
		} else if home, err := os.UserHomeDir(); err == nil {
			dir = filepath.Join(home, ".local", "state", "corral")
		} else {
			dir = filepath.Join(os.TempDir(), "corral-state")
		}
	}
	return filepath.Join(dir, "audit.jsonl")
}

// Open returns the log at path, rotated past maxBytes (0: never).
func Open(path string, maxBytes int64) *Log { return &Log{path: path, maxBytes: maxBytes} }

// Append writes one record.
func (l *Log) Append(r Record) error {
	r.Operation = Redact(r.Operation)
	r.Rewritten = Redact(r.Rewritten)
	r.Reason = Redact(r.Reason)
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	if err := os.MkdirAll(filepath.Dir(l.path), 0o700); err != nil {
		return err
	}
	// The lock lives beside the log so that it survives rotation.
	lf, err := os.OpenFile(l.path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lf.Close()
	if err := syscall.Flock(int(lf.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	defer syscall.Flock(int(lf.Fd()), syscall.LOCK_UN)
	if l.maxBytes > 0 {
		if st, err := os.Stat(l.path); err == nil && st.Size() > 0 && st.Size()+int64(len(line)) > l.maxBytes {
			if err := os.Rename(l.path, l.path+".1"); err != nil {
				return err
			}
		}
	}
	f, err := os.OpenFile(l.path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Filter selects records; empty fields match everything.
type Filter struct {
	Session, Action, Rule string
	Since                 time.Time
}

func (f Filter) match(r Record) bool {
	return (f.Session == "" || r.SessionID == f.Session) && (f.Action == "" || r.Action == f.Action) &&
		(f.Rule == "" || r.Rule == f.Rule || bytes.Contains([]byte(","+r.Rule+","), []byte(","+f.Rule+","))) &&
		(f.Since.IsZero() || !r.TS.Before(f.Since))
}

// Read returns the records of <path>.1 and <path> that match f, oldest
// first. Lines that are not records are skipped.
func Read(path string, f Filter) ([]Record, error) {
	var out []Record
	found := false
	for _, p := range []string{path + ".1", path} {
		file, err := os.Open(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		found = true
		sc := bufio.NewScanner(file)
		sc.Buffer(make([]byte, 64<<10), 64<<20)
		for sc.Scan() {
			var r Record
			if json.Unmarshal(sc.Bytes(), &r) != nil {
				continue
			}
			if f.match(r) {
				out = append(out, r)
			}
		}
		err = sc.Err()
		file.Close()
		if err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, nil
	}
	return out, nil
}

// redactions replace secrets; each keeps what identifies the secret's
// place and drops the secret. They are compiled on first use, off the
// start-up path of hooks that log nothing.
var redactions = sync.OnceValue(func() []redaction {
	return []redaction{
		// user:password@ and token@ in URLs.
		{regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://)[^/\s:@'"]+:[^/\s@'"]+@`), "${1}[REDACTED]@"},
		{regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://)(ghp_|gho_|ghs_|github_pat_|glpat-|x-access-token:|oauth2:)[^/\s@'"]*@`), "${1}[REDACTED]@"},
		// Authorization and similar headers.
		{regexp.MustCompile(`(?i)((?:authorization|proxy-authorization|x-api-key|api-key|private-token|x-auth-token|cookie)\s*:\s*)(?:(?:bearer|basic|token)\s+)?[^'"\n]+`), "${1}[REDACTED]"},
		{regexp.MustCompile(`(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}`), "${1}[REDACTED]"},
		// curl -u user:pass, --user user:pass.
		{regexp.MustCompile(`((?:^|\s)(?:-u|--user|--proxy-user|-U)\s+['"]?[^\s:'"]+:)[^\s'"]+`), "${1}[REDACTED]"},
		// mysql-style -p<password>, --password=..., --password ...
		{regexp.MustCompile(`((?:^|\s)--password[= ]\s*)['"]?[^\s'"]+['"]?`), "${1}[REDACTED]"},
		{regexp.MustCompile(`((?:^|\s)(?:mysql|mysqldump|mariadb|mysqladmin)\b[^\n|;&]*?\s-p)[^\s'"]+`), "${1}[REDACTED]"},
		// Query parameters and assignments with secret names.
		{regexp.MustCompile(`(?i)\b((?:access_token|refresh_token|api_key|apikey|token|secret|client_secret|password|passwd|auth)=)[^\s&'"]+`), "${1}[REDACTED]"},
		{regexp.MustCompile(`\b([A-Z_]*(?:TOKEN|SECRET|PASSWORD|API_KEY|ACCESS_KEY)[A-Z_]*=)[^\s&'"]+`), "${1}[REDACTED]"},
		// Well-known token shapes.
		{regexp.MustCompile(`\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}`), "[REDACTED]"},
		{regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{20,}`), "[REDACTED]"},
		{regexp.MustCompile(`\bglpat-[A-Za-z0-9_-]{16,}`), "[REDACTED]"},
		{regexp.MustCompile(`\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}`), "[REDACTED]"},
		{regexp.MustCompile(`\bxox[abpors]-[A-Za-z0-9-]{10,}`), "[REDACTED]"},
		{regexp.MustCompile(`\b(?:AKIA|ASIA)[A-Z0-9]{16}\b`), "[REDACTED]"},
		{regexp.MustCompile(`\bnpm_[A-Za-z0-9]{30,}`), "[REDACTED]"},
	}
})

type redaction struct {
	re   *regexp.Regexp
	repl string
}

// Redact replaces secrets in a command or message with [REDACTED].
func Redact(s string) string {
	for _, r := range redactions() {
		s = r.re.ReplaceAllString(s, r.repl)
	}
	return s
}
