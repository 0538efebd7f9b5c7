// Package audit is corral's audit log (seed 002): one JSON object per line
// with the seed's fields (ts, tool, operation, action, rule, path_context)
// plus the session, the working directory, a rewritten command and a
// reason.
//
// Append writes each record as one whole line with a single write while
// holding an exclusive lock on the log file, so concurrent hook processes
// neither lose nor interleave lines; past a size cap the file is rotated
// to "<path>.1" under the same lock. Every record is redacted (Redact)
// before it is written: passwords and tokens in commands never reach the
// disk. Read returns the records of "<path>.1" and "<path>", skipping
// lines that are not records.
//
// The package owns the log's format, locking, rotation and redaction. It
// decides nothing: the hook tells it what happened, and it must not drop
// or reorder what it is given except to redact secrets.
package audit
