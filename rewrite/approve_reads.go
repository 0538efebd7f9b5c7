package rewrite

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/digest"
)

// The files a judgement rests on (red team 15 AP2).
//
// A command that runs a file (bash x.sh, make, npm test, python3 f.py,
// source env.sh) is judged by the text the analysis reads from disk at
// hook time. The user's approval of such a command (corral confirm) is
// an approval of that text: once the agent rewrites x.sh, the same
// command string runs something the user never saw. So every file the
// analysis asks to read while judging a command is kept in the result
// (with its text, or the fact that it could not be read), and the hook
// binds an approval to their digest (Result.ReadDigest): a changed,
// created or removed file no longer matches, and the command is asked
// about again.

// FileRead is one file the analysis asked to read while judging a
// command: its absolute path and either its text or the fact that it
// could not be read (absent, not a regular file, too large).
type FileRead struct {
	Path   string
	text   string
	failed bool
}

// recordReads wraps the analysis' file reader so that every file it
// asks for is kept in res.Read, read or not.
func (res *Result) recordReads(read func(string) (string, error)) func(string) (string, error) {
	return func(path string) (string, error) {
		text, err := read(path)
		res.Read = append(res.Read, FileRead{Path: path, text: text, failed: err != nil})
		return text, err
	}
}

// state is what the digest holds of one read: the SHA-256 of the text
// read, or for a file not read what is there instead (nothing, or a file
// of this type, size and modification time: a file too large to read
// that the agent rewrites changes one of them).
func (f FileRead) state() string {
	if !f.failed {
		return "sha256 " + digest.Hex256([]byte(f.text))
	}
	fi, err := os.Lstat(f.Path)
	if err != nil {
		return "absent"
	}
	return fmt.Sprintf("unread %v %d %d", fi.Mode().Type(), fi.Size(), fi.ModTime().UnixNano())
}

// ReadFiles returns the paths of the files the analysis asked to read,
// sorted, each once.
func (res *Result) ReadFiles() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range res.Read {
		if !seen[f.Path] {
			seen[f.Path] = true
			out = append(out, f.Path)
		}
	}
	sort.Strings(out)
	return out
}

// ReadDigest is the SHA-256 (hex) of every file the analysis asked to
// read while judging the command, with what it found there: the same
// command judged again with the same files gives the same digest; a file
// whose text changed, or that appeared or went away, gives another. It
// is "" when the analysis read no file.
func (res *Result) ReadDigest() string {
	if len(res.Read) == 0 {
		return ""
	}
	lines := make([]string, 0, len(res.Read))
	seen := map[string]bool{}
	for _, f := range res.Read {
		l := f.Path + "\x00" + f.state() + "\n"
		if !seen[l] {
			seen[l] = true
			lines = append(lines, l)
		}
	}
	sort.Strings(lines)
	return digest.Hex256([]byte(strings.Join(lines, "")))
}
