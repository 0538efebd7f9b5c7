// Package bounded reads archives and other files the hook looks into at
// hook time within a byte and time budget, so that no file can make the
// hook slow or large: the shell model (syntax) and the rules (rewrite)
// read archive members through the same reader.
package bounded

import (
	"io"
	"time"
)

// Reader reads at most Left bytes from R before Deadline; past either it
// fails with Err.
type Reader struct {
	R        io.Reader
	Left     int64
	Deadline time.Time
	Err      error
}

func (b *Reader) Read(p []byte) (int, error) {
	if b.Left <= 0 || time.Now().After(b.Deadline) {
		return 0, b.Err
	}
	if int64(len(p)) > b.Left {
		p = p[:b.Left]
	}
	n, err := b.R.Read(p)
	b.Left -= int64(n)
	return n, err
}
