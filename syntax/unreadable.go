package syntax

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Files corral cannot read whole (red team 16 FF1, SZ1). ReadScript
// reads only a regular file of at most MaxScriptFile bytes: a FIFO, a
// device or socket outside /dev, or a larger file is not read, so that
// no file can hang or exhaust the hook. What such a file holds is then
// unknown, never empty: a reader that takes the failed read for "no
// code" lets a 1.1 MiB Makefile, a FIFO fed by a background writer
// (cat fifo | bash, eval "$(cat fifo)", GIT_CONFIG_GLOBAL=fifo git x) or
// a big git hook run unjudged. readScript tells the call whose code is
// being read (walker.reading) about it, as it does for a file this
// command changed at run time: that call asks, naming the file and the
// reason. A file read as data (no call reading code) stays data, and a
// file that is not there is not this (nothing runs from it).

// unreadableWhy says why the file at path is there but is not one corral
// reads whole: "larger than the 1 MiB corral reads" or "not a regular
// file (…)"; "" for a file corral reads, one that is not there, a
// directory, and the files under /dev, /proc and /sys (the hook's own
// descriptors, devices the system provides: their own rules judge
// them).
func unreadableWhy(path string) string {
	real, err := resolveOrdinary(path)
	if err != nil {
		return ""
	}
	st, err := os.Stat(real)
	if err != nil {
		return ""
	}
	switch {
	case st.Mode().IsRegular() && st.Size() > MaxScriptFile:
		if binaryHead(real) {
			// A program (an ELF file) or data no shell or interpreter
			// takes for text: corral reads none whatever its size.
			return ""
		}
		return whyTooLarge
	case !st.Mode().IsRegular() && !st.IsDir():
		return whyNotRegular
	}
	return ""
}

// UnreadableWhy is unreadableWhy, for the readers outside the shell
// model (the agent's memory files' imports).
func UnreadableWhy(path string) string { return unreadableWhy(path) }

// The reasons unreadableWhy gives.
const (
	whyTooLarge   = "larger than the 1 MiB corral reads"
	whyNotRegular = "not a regular file (a FIFO or a device), whose text corral cannot read"
)

// unreadKey is one call told about one file it cannot read.
type unreadKey struct {
	call *Call
	path string
}

// noteUnreadable tells the call whose code is being read that the file
// at path, which it reads, is not one corral reads whole (unreadableWhy):
// what runs from it is unknown, and the call asks. A script a shell or
// an interpreter runs by name is told by unreadScript instead, which
// knows whether the kernel runs it at all.
func (w *walker) noteUnreadable(path string) {
	call := w.reading
	if call == nil || w.directRead || w.m == nil {
		return
	}
	why := unreadableWhy(path)
	if why == "" || why == whyNotRegular && runsItself(call, path) {
		return
	}
	w.tellUnreadable(call, path, path, readerName(call)+" reads "+path+", "+why+": what it runs from there is unknown")
}

// tellUnreadable adds the finding for call and path once (text is the
// path as the command spells it).
func (w *walker) tellUnreadable(call *Call, path, text, what string) {
	k := unreadKey{call, path}
	if w.unreadTold[k] {
		return
	}
	if w.unreadTold == nil {
		w.unreadTold = map[unreadKey]bool{}
	}
	w.unreadTold[k] = true
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: text, What: what})
}

// readScriptDirect is readScript for a script a shell, source or an
// interpreter runs by name: a file it cannot read is unreadScript's to
// tell.
func (w *walker) readScriptDirect(d Dir) (string, bool) {
	saved := w.directRead
	w.directRead = true
	defer func() { w.directRead = saved }()
	return w.readScript(d)
}

// asData makes the files read until the returned function is called
// data, not the code of the call being read: the inputs xargs or
// parallel append to a command line are words, which those programs'
// own rules judge when only run time knows them. Use: defer w.asData()().
func (w *walker) asData() func() {
	saved := w.reading
	w.reading = nil
	return func() { w.reading = saved }
}

// readerName names call in a finding: its program, or the wrapper that
// runs what it reads (parallel, reading command lines).
func readerName(call *Call) string {
	switch {
	case call.Name != "":
		return call.Name
	case len(call.Wrappers) > 0:
		return call.Wrappers[len(call.Wrappers)-1]
	}
	return clip(call.NameArg.Raw, 40)
}

// readCode is readScript for a file whose text call runs, read where no
// call's code is being read (tmux source-file, from tmux's own walk).
func (w *walker) readCode(call *Call, d Dir) (string, bool) {
	saved := w.reading
	w.reading = call
	defer func() { w.reading = saved }()
	return w.readScript(d)
}

// binaryHead reports whether the regular file at path starts as a binary
// does: an ELF program, or a NUL in its first line within the first 80
// bytes, where bash refuses a script (check_binary_file) and the kernel
// and every interpreter take it for no text. A small file like it is not
// read as code either (scriptFile), so its size hides nothing.
func binaryHead(path string) bool {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return false
	}
	head := make([]byte, 80)
	n, _ := io.ReadFull(f, head)
	h := string(head[:n])
	if strings.HasPrefix(h, "\x7fELF") {
		return true
	}
	if i := strings.IndexByte(h, '\n'); i >= 0 {
		h = h[:i]
	}
	return strings.Contains(h, "\x00")
}

// runsItself reports whether path is the program call runs by name
// (bin/fifo, or fifo found on the PATH): the kernel refuses to run a
// file that is not regular, so nothing runs from it.
func runsItself(call *Call, path string) bool {
	if !call.NameArg.Static || call.NameArg.Value == "" {
		return false
	}
	name := call.NameArg.Value
	if strings.Contains(name, "/") {
		return call.Dir.Join(name).Path == path
	}
	return filepath.Base(path) == name
}
