package procpath

import "testing"

// TestFdDirAlias: the ".." of a process's descriptor directory is the
// process's /proc directory (/dev/fd being /proc/self/fd); every other
// path, a descriptor's own link among them, is kept.
func TestFdDirAlias(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/dev/fd/../cwd/.git":             "/proc/self/cwd/.git",
		"/dev/fd/../root/root":            "/proc/self/root/root",
		"/dev/fd//./../cwd":               "/proc/self/cwd",
		"/proc/self/fd/../cwd/x":          "/proc/self/cwd/x",
		"/dev/fd/3":                       "/proc/self/fd/3",
		"/dev/fd/3/../x":                  "/proc/self/fd/3/../x",
		"/dev/fd":                         "/proc/self/fd",
		"/proc/thread-self/../../environ": "/proc/self/task/self/../../environ",
		"/proc/thread-self":               "/proc/self/task/self",
		"/proc/thread-selfish":            "/proc/thread-selfish",
		"/dev/null":                       "/dev/null",
		"/proc/self/cwd/../x":             "/proc/self/cwd/../x",
		"/home/u/fd/../x":                 "/home/u/fd/../x",
		// The process's other directories (red team 15 PR1), and
		// /proc/net, a link to self/net.
		"/proc/self/net/../root/home/u/.ssh/id_rsa": "/proc/self/root/home/u/.ssh/id_rsa",
		"/proc/1/map_files/../cwd/.env":             "/proc/1/cwd/.env",
		"/proc/self/attr/../ns/../root/x":           "/proc/self/root/x",
		"/proc/net/../self/root/x":                  "/proc/self/self/root/x",
		"/proc/self/net/dev":                        "/proc/self/net/dev",
		"/proc/self/status":                         "/proc/self/status",
	} {
		if got := FdDirAlias(in); got != want {
			t.Errorf("FdDirAlias(%q) = %q, want %q", in, got, want)
		}
	}
	for p, want := range map[string]bool{"/dev/fd/1": true, "/proc/self/fd/12": true, "/proc/thread-self/fd/0": true,
		"/dev/fd/../cwd": false, "/dev/fd/": false, "/dev/fd/1x": false, "/proc/1/fd/1": false} {
		if got := Descriptor(p); got != want {
			t.Errorf("Descriptor(%q) = %v, want %v", p, got, want)
		}
	}
}
