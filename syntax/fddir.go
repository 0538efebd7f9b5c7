package syntax

import (
	"strconv"
	"strings"
)

// Paths through a descriptor opened on a directory. bash opens a
// directory for reading as any file (exec 3<~ succeeds), and the
// kernel's /proc/self/fd/3 (also /dev/fd/3, /proc/$$/fd/3) is then a link
// to that directory: /dev/fd/3/.ssh/id_rsa is ~/.ssh/id_rsa, and
// cd /dev/fd/3 enters the home directory. A word that names a file below
// one of the call's descriptors whose file corral knows (a redirection
// with a static target) is given that file's path as its value, so every
// rule judges the file the program opens, not a path under /proc. The
// descriptor's own path (/dev/fd/3, no name after it) is left to Route.

// fdDirTarget returns the path p names when it goes through descriptor N
// of the descriptor directory (shellFdCanon's spellings) to a name below
// it, and fd N is a file a redirection opened: that file's path joined
// with the rest. ok is false for any other path.
func fdDirTarget(p string, fd func(int) Stream) (string, bool) {
	return fdFileBelow(p, fd, false)
}

// fdCdTarget returns the directory cd enters for a target that is one of
// the call's descriptors or a name below one (cd /dev/fd/3 after
// exec 3<~ enters the home directory), "" for any other target.
func fdCdTarget(target *Arg, call *Call) string {
	if target == nil || !target.Static {
		return ""
	}
	v, _ := fdFileBelow(target.Value, call.Fd, true)
	return v
}

// fdFileBelow is fdDirTarget; whole also takes the descriptor's own path
// (/dev/fd/3), which names its file.
func fdFileBelow(p string, fd func(int) Stream, whole bool) (string, bool) {
	if !strings.HasPrefix(p, "/") || !strings.HasPrefix(p, "/dev/") && !strings.HasPrefix(p, "/proc/") && !strings.Contains(p, "/.") && !strings.Contains(p, "//") {
		return "", false
	}
	segs := strings.Split(p, "/")
	// The shortest prefix that is the descriptor itself: the segments
	// after it are read from the descriptor's file (a ".." among them
	// climbs out of that file's directory, as the kernel does).
	for i := 2; i < len(segs); i++ {
		head := strings.Join(segs[:i+1], "/")
		n, isFd := fdRef(head)
		if !isFd {
			continue
		}
		num, err := strconv.Atoi(n)
		if err != nil || num < 0 || n != strconv.Itoa(num) {
			return "", false
		}
		tail := strings.Join(segs[i+1:], "/")
		if strings.Trim(tail, "/") == "" && !whole {
			return "", false
		}
		r, ok := fd(num).File()
		if !ok || !r.Target.Static || !r.Dir.Known || r.Proc != nil || r.Target.Value == "" {
			return "", false
		}
		if _, again := fdRef(r.Target.Value); again {
			return "", false
		}
		base := r.Dir.Join(r.Target.Value).Path
		if strings.HasPrefix(base, "/proc/") || strings.HasPrefix(base, "/dev/") {
			return "", false
		}
		return cleanPath(base + "/" + tail), true
	}
	return "", false
}

// fdDirArgs gives each static word of call that names a file below one of
// its descriptors (fdDirTarget) that file's path as its value.
func fdDirArgs(call *Call) {
	for i := range call.Args {
		a := &call.Args[i]
		if !a.Static && !onlyShellPid(a.Unknown()) {
			continue
		}
		if v, ok := fdDirTarget(a.Value, call.Fd); ok {
			// /proc/$$/fd/3/x: the shell's own descriptor directory,
			// whatever its id; the path is then known.
			a.Value, a.Static = v, true
			a.SetUnknown(nil)
		}
	}
}
