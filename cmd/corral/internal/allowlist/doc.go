// Package allowlist is corral's session allow-list (seed 002's confirm
// flow): the exact operations the user approved with `corral confirm`,
// each for one tool in one session, expiring after a time to live.
//
// The list is one JSON file in corral's state directory. Every
// read-modify-write (Add, ClearSession) holds an exclusive lock on a
// sidecar "<file>.lock" and replaces the file by a temporary file that is
// synced and renamed over it, so concurrent hook processes neither lose
// approvals nor see a half-written file; readers (Allowed, List) take no
// lock. A corrupt file is an error for readers (ErrCorrupt) and is moved
// aside to "<file>.corrupt" by the next Add.
//
// The package owns the file format and its locking. It decides nothing
// about commands: the hook asks it whether an exact operation was
// approved, and it must not match loosely (no prefixes, globs or
// wildcard sessions).
package allowlist
