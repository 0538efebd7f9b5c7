package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/filelock"
)

// Filter selects records. Empty fields match every record; Rule also
// matches one name of a comma-separated list ("rm-root,chmod-777");
// Since keeps records stamped at or after it.
type Filter struct {
	Session, Action, Rule string
	Since                 time.Time
}

// Match reports whether f selects r.
func (f Filter) Match(r Record) bool {
	if f.Session != "" && r.SessionID != f.Session {
		return false
	}
	if f.Action != "" && r.Action != f.Action {
		return false
	}
	if f.Rule != "" && r.Rule != f.Rule && !containsName(r.Rule, f.Rule) {
		return false
	}
	return f.Since.IsZero() || !r.TS.Before(f.Since)
}

func containsName(list, name string) bool {
	for part := range strings.SplitSeq(list, ",") {
		if part == name {
			return true
		}
	}
	return false
}

// MaxLineBytes is the longest line Read parses; longer lines are skipped
// as corrupt.
const MaxLineBytes = 16 << 20

// Read returns the records of "<path>.1" and then "<path>" that f selects,
// oldest first. Lines that are not JSON records are skipped; Scan counts
// them. A log that does not exist holds no records.
func Read(path string, f Filter) ([]Record, error) {
	recs, _, err := Scan(path, f)
	return recs, err
}

// Scan is Read that also reports how many lines it skipped as corrupt
// (not a JSON object, cut short, or longer than MaxLineBytes). Blank lines
// are not counted.
//
// Both files are opened while a shared lock is held on "<path>", so a
// rotation cannot slip between them: the records are those of one moment,
// with nothing lost or read twice.
func Scan(path string, f Filter) (records []Record, corrupt int, err error) {
	files, err := openBoth(path)
	if err != nil {
		return nil, 0, err
	}
	defer func() {
		for _, file := range files {
			file.Close()
		}
	}()
	for _, file := range files {
		err := eachLine(file, func(line []byte, tooLong bool) {
			if tooLong {
				corrupt++
				return
			}
			line = bytes.TrimSpace(line)
			if len(line) == 0 {
				return
			}
			r, ok := parse(line)
			if !ok {
				corrupt++
				return
			}
			if f.Match(r) {
				records = append(records, r)
			}
		})
		if err != nil {
			return nil, 0, err
		}
	}
	return records, corrupt, nil
}

// parse decodes one line; only a JSON object is a record.
func parse(line []byte) (Record, bool) {
	var r Record
	if line[0] != '{' || json.Unmarshal(line, &r) != nil {
		return Record{}, false
	}
	return r, true
}

// openBoth opens "<path>.1" and "<path>", those that exist, in that
// order. It holds a shared lock on "<path>" (the lock Append takes
// exclusively to rotate) while it opens "<path>.1".
func openBoth(path string) ([]*os.File, error) {
	for range maxAttempts {
		cur, err := os.Open(path)
		if errors.Is(err, os.ErrNotExist) {
			old, err := openIfExists(path + ".1")
			if old == nil || err != nil {
				return nil, err
			}
			return []*os.File{old}, nil
		}
		if err != nil {
			return nil, err
		}
		files, again, err := openUnderLock(path, cur)
		if err != nil || !again {
			return files, err
		}
	}
	return nil, errors.New("audit log " + path + " kept being rotated away while opening it")
}

// openUnderLock locks cur (the file opened at path) shared and, if it is
// still the file at path, opens the rotated file next to it. It closes cur
// unless it returns it.
func openUnderLock(path string, cur *os.File) (files []*os.File, again bool, err error) {
	keep := false
	defer func() {
		if !keep {
			cur.Close()
		}
	}()
	if err := filelock.Lock(cur, false); err != nil {
		return nil, false, err
	}
	defer filelock.Unlock(cur)
	st, err := cur.Stat()
	if err != nil {
		return nil, false, err
	}
	if same, err := isCurrent(path, st); err != nil || !same {
		return nil, err == nil, err
	}
	old, err := openIfExists(path + ".1")
	if err != nil {
		return nil, false, err
	}
	keep = true
	if old == nil {
		return []*os.File{cur}, false, nil
	}
	return []*os.File{old, cur}, false, nil
}

func openIfExists(path string) (*os.File, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return f, err
}

// eachLine calls fn with every line of r, without its newline. A line
// longer than MaxLineBytes is passed as tooLong with only its start.
func eachLine(r io.Reader, fn func(line []byte, tooLong bool)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > MaxLineBytes {
			tooLong = true
		} else {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(line) > 0 || tooLong {
			fn(bytes.TrimSuffix(line, []byte("\n")), tooLong)
		}
		line, tooLong = line[:0], false
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
