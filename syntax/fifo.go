package syntax

// Writes that race (mkfifo f; echo ls > f & echo 'rm -rf /' > f & read
// v < f). A file a command writes in the background (cmd &) holds what
// it writes once it has run, and a reader of a fifo gets what its one
// writer sends: corral keeps that text. Two writers of the same file of
// which one runs in the background race, and the reader gets either
// text (or both), so the file's content is left to run time. Limit: a
// regular file written in the background and read in the foreground is
// taken as written, though the read may come first and see what the
// disk held.

// racingWrite records a write to p and reports whether it races with
// another write this command makes to p: one of the two runs in the
// background.
func (w *walker) racingWrite(p string) bool {
	_, before := w.written[p]
	before = before || w.bgWritten[p]
	if w.bg == 0 {
		return w.bgWritten[p]
	}
	if w.bgWritten == nil {
		w.bgWritten = map[string]bool{}
	}
	w.bgWritten[p] = true
	return before
}
