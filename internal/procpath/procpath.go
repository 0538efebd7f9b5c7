// Package procpath knows the links of /dev and /proc that a path can
// climb out of, which a lexical clean must not cross: the guards and the
// shell model both read paths through it.
package procpath

import "strings"

// maxHops bounds the links followed for one path.
const maxHops = 40

// FdDirAlias follows the links to a process's descriptor directory that
// a path can climb out of: /dev/fd is /proc/self/fd, /proc/net is
// /proc/self/net, and the ".." of a process's fd directory (or of its
// other directories: fdinfo, net, attr, ns, map_files, task) is the
// process's own /proc directory, so
// /dev/fd/../cwd is /proc/self/cwd (the working directory) and
// /dev/fd/../root/x is /proc/self/root/x (/x). A descriptor's own link
// (/dev/fd/3/..) points at a file only run time knows and is kept.
func FdDirAlias(p string) string {
	if p == "/dev/fd" || strings.HasPrefix(p, "/dev/fd/") {
		p = "/proc/self/fd" + p[len("/dev/fd"):]
	}
	if p == "/proc/thread-self" || strings.HasPrefix(p, "/proc/thread-self/") {
		// /proc/thread-self is a link to PID/task/TID, two levels down:
		// /proc/thread-self/../../environ is the process's environ
		// (red team 18 PR1d), where a lexical clean would make it
		// /proc/environ.
		p = "/proc/self/task/self" + p[len("/proc/thread-self"):]
	}
	for i := 0; i < maxHops && strings.HasPrefix(p, "/proc/"); i++ {
		if p == "/proc/net" || strings.HasPrefix(p, "/proc/net/") {
			p = "/proc/self/net" + p[len("/proc/net"):] // /proc/net is a link to self/net
		}
		parts := strings.SplitN(p[len("/proc/"):], "/", 4)
		if len(parts) < 3 || !processEntry(parts[0]) || !processDir(parts[1]) {
			return p
		}
		rest := parts[2]
		if len(parts) == 4 {
			rest += "/" + parts[3]
		}
		// "." and empty components of the fd directory.
		for strings.HasPrefix(rest, "./") || strings.HasPrefix(rest, "/") {
			rest = strings.TrimPrefix(strings.TrimPrefix(rest, "./"), "/")
		}
		if rest != ".." && !strings.HasPrefix(rest, "../") {
			return p
		}
		p = "/proc/" + parts[0] + strings.TrimPrefix(rest, "..")
	}
	return p
}

// Descriptor reports a path that names an open descriptor of the process
// that opens it: /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N.
func Descriptor(p string) bool {
	for _, fd := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if n, ok := strings.CutPrefix(p, fd); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			return true
		}
	}
	return false
}

// processDir reports a directory (no link) of a process's /proc
// directory, whose ".." is that directory: /proc/self/net/../root is
// /proc/self/root (red team 15 PR1).
func processDir(s string) bool {
	switch s {
	case "fd", "fdinfo", "net", "attr", "ns", "map_files", "task":
		return true
	}
	return false
}

// processEntry reports a /proc entry that is a process: self,
// thread-self or a number.
func processEntry(s string) bool {
	if s == "self" || s == "thread-self" {
		return true
	}
	return s != "" && strings.Trim(s, "0123456789") == ""
}
