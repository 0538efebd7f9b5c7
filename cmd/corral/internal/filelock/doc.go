// Package filelock takes the advisory locks corral's state files are
// written under (the audit log, the session approvals, the record of
// decoded files), and gives up after a bound rather than wait forever: a
// lock held by another process for longer (the agent can run
// flock FILE sleep 3600) must not hang the hook, which answers every
// tool call. A caller that cannot get the lock reports it and decides
// what failing safe means for its write.
package filelock
