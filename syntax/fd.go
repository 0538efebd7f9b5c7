package syntax

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/procpath"

	sh "mvdan.cc/sh/v3/syntax"
)

// StreamKind says what a file descriptor points at.
type StreamKind uint8

// The kinds of stream.
const (
	// StreamInherited is the descriptor the shell was started with
	// (Stream.Fd says which): the agent's pipe or terminal.
	StreamInherited StreamKind = iota
	// StreamFile is a file opened by a redirection (Stream.Redirect).
	StreamFile
	// StreamPipe is a pipe to the next or from the previous stage of a
	// pipeline, or to a process substitution.
	StreamPipe
	// StreamClosed is a closed descriptor (>&-).
	StreamClosed
	// StreamUnknown is a descriptor whose target differs between paths
	// that may run, or is only known at run time (>&$fd).
	StreamUnknown
)

// Stream is where a file descriptor of a call points.
type Stream struct {
	Kind StreamKind
	// Fd is the original descriptor of a StreamInherited.
	Fd int
	// Redirect is the redirection that opened a StreamFile: the call's
	// own, or one of an enclosing compound command ({ …; } > f, for …
	// done > f), or an earlier exec > f. A duplication (3>f 1>&3) leads
	// to the redirection that opened the file.
	Redirect Redirect
	// Pipe and Stage name the pipe of a StreamPipe between two stages of
	// a pipeline: the one that stage Stage of Pipe reads. Every command
	// of a compound stage ({ …; }, while …; done) that does not redirect
	// it shares it. Pipe is nil for the pipe of a substitution or a
	// here-document.
	Pipe  *Pipeline
	Stage int
	// Maybe lists, for a StreamUnknown that paths of the command left
	// different (if …; then exec 3<f; fi), the streams it can be, when
	// there are few; nil when it can be anything.
	Maybe []Stream
}

// maxMaybeStreams bounds the streams a StreamUnknown may be one of.
const maxMaybeStreams = 8

// eitherStream returns the stream that is a or b, whichever path ran.
func eitherStream(a, b Stream) Stream {
	if a.same(b) && a.Kind != StreamUnknown {
		return a
	}
	var maybe []Stream
	for _, s := range [2]Stream{a, b} {
		alts := []Stream{s}
		if s.Kind == StreamUnknown {
			if s.Maybe == nil {
				return Stream{Kind: StreamUnknown}
			}
			alts = s.Maybe
		}
		for _, x := range alts {
			if !slices.ContainsFunc(maybe, x.same) {
				maybe = append(maybe, x)
			}
		}
	}
	if len(maybe) > maxMaybeStreams {
		maybe = nil
	}
	return Stream{Kind: StreamUnknown, Maybe: maybe}
}

// Streams returns what the stream can be: itself, or for a StreamUnknown
// the streams it may be (none when corral does not know them).
func (s Stream) Streams() []Stream {
	if s.Kind == StreamUnknown {
		return s.Maybe
	}
	return []Stream{s}
}

// Text reports whether the stream is the text of a here-document or a
// here-string, and returns it (Redirect.Body): static is false when the
// text has parts only known at run time.
func (s Stream) Text() (text string, static, ok bool) {
	if s.Kind != StreamPipe {
		return "", false, false
	}
	return s.Redirect.Body()
}

// TextWord returns the word whose value is the text of a here-string or
// an unquoted here-document (its body as the shell expands it where the
// redirection opens), with the word's place in its script: what a
// command reading the stream gets when the text holds run-time parts
// (<<< "$(cat notes.txt)"). ok is false for other streams and for a
// quoted here-document, whose body is literal text.
func (s Stream) TextWord() (Arg, bool) {
	if s.Kind != StreamPipe || s.Pipe != nil || s.Redirect.Node == nil {
		return Arg{}, false
	}
	switch s.Redirect.Op {
	case "<<<":
		return s.Redirect.Target, true
	case "<<", "<<-":
		if s.Redirect.expanded != nil {
			return *s.Redirect.expanded, true
		}
	}
	return Arg{}, false
}

// File reports whether the stream is a file opened by a redirection,
// and returns that redirection.
func (s Stream) File() (Redirect, bool) {
	return s.Redirect, s.Kind == StreamFile
}

func (s Stream) same(o Stream) bool {
	return s.Kind == o.Kind && s.Fd == o.Fd && s.Redirect.Node == o.Redirect.Node && s.Redirect.Script == o.Redirect.Script &&
		s.Pipe == o.Pipe && s.Stage == o.Stage
}

// Same reports whether s and o are the same stream: the same inherited
// descriptor, the file of the same redirection, or the same pipe.
func (s Stream) Same(o Stream) bool { return s.same(o) }

// Fd returns where file descriptor n of the call points, after its own
// redirections and those it inherits.
func (c *Call) Fd(n int) Stream {
	if s, ok := c.fds[n]; ok {
		return s
	}
	return Stream{Kind: StreamInherited, Fd: n}
}

// Stdout returns where the call's standard output goes.
func (c *Call) Stdout() Stream { return c.Fd(1) }

// Stderr returns where the call's standard error goes.
func (c *Call) Stderr() Stream { return c.Fd(2) }

// Route resolves a path that names one of the call's own descriptors
// (/dev/stdout, /dev/stderr, /dev/stdin, /dev/fd/N, /proc/self/fd/N,
// /proc/thread-self/fd/N, the shell's /proc/$$/fd/N, and /dev/fd/$fd
// after exec {fd}<…) to the stream it points at; ok is false for any
// other path. On Linux opening such a path opens again the file the
// descriptor refers to, in the mode the new open asks for: > /dev/fd/3
// writes the file exec 3< opened for reading.
func (c *Call) Route(path string) (s Stream, ok bool) {
	ref, ok := dirFdRef(c.Dir, path)
	if !ok {
		return Stream{}, false
	}
	if n, err := strconv.Atoi(ref); err == nil {
		return c.Fd(n), true
	}
	if name, isVar := fdVarRef(ref); isVar {
		if s, ok := c.namedFds[name]; ok {
			return s, true
		}
	}
	if s, ok := c.namedFds[ref]; ok {
		return s, true // a coprocess's ${C[1]}
	}
	return Stream{}, false
}

// fdPath returns the descriptor a /dev/std* or /dev/fd/N path names.
func fdPath(p string) (int, bool) {
	ref, ok := fdRef(p)
	if !ok || strings.HasPrefix(ref, "$") {
		return 0, false
	}
	n, _ := strconv.Atoi(ref)
	return n, true
}

// fdRef is the one place that decides which paths name a descriptor of
// the process that opens them, and which descriptor, as written: "0"
// for /dev/stdin, "3" for /dev/fd/3, /proc/self/fd/3,
// /proc/thread-self/fd/3 and the shell's own /proc/$$/fd/3 or
// /proc/$BASHPID/fd/3 (as written, quotes removed), "$fd" or "${fd}"
// for /dev/fd/$fd, "${COPROC[1]}" for /dev/fd/${COPROC[1]}. A number is
// returned without leading zeros only when written so (/dev/fd/03 is
// not taken).
func fdRef(p string) (string, bool) {
	if n, ok := stdStream(p); ok {
		return n, true
	}
	if strings.Contains(p, `"`) {
		p = strings.ReplaceAll(p, `"`, "")
	}
	p = shellFdCanon(p)
	// /dev/stdin, /dev/stdout and /dev/stderr are links to
	// /proc/self/fd/0, 1 and 2, however the path reaches them
	// (/dev//stdout, /dev/./stdout, /proc/self/root/dev/stdout).
	if n, ok := stdStream(p); ok {
		return n, true
	}
	// The directory whose entries are the open descriptors of the
	// process that opens them, or of the shell itself: the same table
	// for the commands corral follows.
	if rest, ok := strings.CutPrefix(p, "/proc/self/fd/"); ok && rest != "" {
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 && rest == strconv.Itoa(n) {
			return rest, true
		}
		if strings.HasPrefix(rest, "$") && !strings.Contains(rest, "/") {
			return rest, true
		}
	}
	return "", false
}

// shellFdCanon writes a path that reaches the descriptor directory of
// the process that opens it, or of the shell itself, as /proc/self/fd/…,
// by what the kernel resolves rather than by spelling: the shell's
// process id ($$, ${$}, $BASHPID; a variable that holds it is written
// $$ by the resolver) is self, /dev/fd is a link to /proc/self/fd,
// /proc/thread-self to /proc/self/task/TID, and a task's fd directory is
// the process's (bash has one thread, whose id is the process's, so
// /proc/self/task/*/fd matches that one's). Cleaned as the kernel looks it
// up (/dev/./fd//3, /proc/self/fd/../fd/3). Any other path is returned as
// it is.
func shellFdCanon(p string) string {
	if !strings.HasPrefix(p, "/") || !strings.HasPrefix(p, "/dev/") && !strings.HasPrefix(p, "/proc/") && !strings.Contains(p, "/.") && !strings.Contains(p, "//") {
		return p
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		switch s {
		case "$$", "${$}", "$BASHPID", "${BASHPID}":
			if i >= 2 && (segs[i-1] == "proc" || segs[i-1] == "task") {
				segs[i] = "self"
			}
		}
	}
	p = strings.Join(segs, "/")
	for round := 0; round < 8; round++ {
		p = procpath.FdDirAlias(p)
		if rest, ok := strings.CutPrefix(p, "/proc/self/task/"); ok {
			// /proc/self/task/self (thread-self), /proc/$$/task/$$, and
			// a pattern there (/proc/self/task/*, [0-9]*): the shell's
			// one thread.
			tid, after, _ := strings.Cut(rest, "/")
			if tid == "self" || strings.ContainsAny(tid, "*?[") {
				p = strings.TrimSuffix("/proc/self/"+after, "/")
			}
		}
		if rest, ok := strings.CutPrefix(p, "/proc/self/root"); ok && (rest == "" || rest[0] == '/') {
			// The process's root, / for the commands corral judges:
			// /proc/$$/root/dev/fd/3 is /dev/fd/3.
			p = "/" + strings.TrimLeft(rest, "/")
			continue
		}
		if p == "/proc/self/cwd" || strings.HasPrefix(p, "/proc/self/cwd/") {
			// The working directory, which only the caller knows
			// (dirFdRef); a ".." after it climbs out of that directory,
			// so the path is left uncleaned.
			return p
		}
		if !strings.Contains(p, "//") && !strings.Contains(p, "/.") {
			break
		}
		c := cleanPath(p)
		if c == p {
			break
		}
		p = c
	}
	return p
}

// ShellProcPath returns a path into the shell's own /proc directory
// written with its process id ($$, $BASHPID, a variable holding it:
// /proc/$$/fd/3, /proc/$p/task/$p/fd) as /proc/self names it to the
// kernel (shellFdCanon): /proc/self/fd/3. ok is false for any other
// path.
func ShellProcPath(v string) (string, bool) {
	c := shellFdCanon(v)
	if !strings.HasPrefix(c, "/proc/self/") || strings.Contains(c, "$") && !strings.HasPrefix(c, "/proc/self/fd/$") {
		return "", false
	}
	return c, true
}

// RuntimeFdPath reports a path naming a descriptor whose number only run
// time gives: /dev/fd/$N, /proc/self/fd/${N}.
func RuntimeFdPath(p string) bool {
	ref, ok := fdRef(p)
	return ok && strings.HasPrefix(ref, "$")
}

// dirFdRef is fdRef for a path relative to the directory dir (cd
// /dev/fd; echo x > 3).
func dirFdRef(dir Dir, p string) (string, bool) {
	if ref, ok := fdRef(p); ok || p == "" || strings.HasPrefix(p, "$") || !dir.Known {
		return ref, ok
	}
	if strings.HasPrefix(p, "/") {
		// /proc/$$/cwd/../../dev/fd/3: the working directory's path,
		// then the rest from there.
		rest, ok := strings.CutPrefix(shellFdCanon(strings.ReplaceAll(p, `"`, "")), "/proc/self/cwd")
		if !ok || rest != "" && rest[0] != '/' {
			return "", false
		}
		return fdRef(cleanPath(dir.Path + rest))
	}
	return fdRef(dir.Join(p).Path)
}

// shellFdDir reports a directory, absolute or relative to dir, that is
// the shell's descriptor directory whatever its spelling (/proc/$$/fd,
// /proc/$BASHPID/task/$BASHPID/fd, $$/fd in /proc, /proc/$p/fd with p
// holding $$; shellFdCanon), and returns it as /proc/self/fd, the
// spelling fdRef takes a name in it by (dirFdRef).
func shellFdDir(dir Dir, raw string) (string, bool) {
	p := strings.ReplaceAll(raw, `"`, "")
	if p == "" {
		return "", false
	}
	if !strings.HasPrefix(p, "/") {
		if !dir.Known {
			return "", false
		}
		p = dir.Path + "/" + p
	}
	if shellFdCanon(strings.TrimRight(p, "/")+"/0") != "/proc/self/fd/0" {
		return "", false
	}
	return "/proc/self/fd", true
}

// applyRedirects returns the descriptor table after rs, in order, applied
// to fds (which is not changed), and the descriptors they set.
func applyRedirects(fds map[int]Stream, rs []Redirect) (map[int]Stream, []int) {
	if len(rs) == 0 {
		return fds, nil
	}
	out := cloneMap(fds)
	if out == nil {
		out = map[int]Stream{}
	}
	get := func(n int) Stream {
		if s, ok := out[n]; ok {
			return s
		}
		return Stream{Kind: StreamInherited, Fd: n}
	}
	var set []int
	put := func(n int, s Stream) {
		out[n] = s
		set = append(set, n)
	}
	for _, r := range rs {
		if r.Node == nil {
			continue
		}
		if r.Node.N != nil && !fdNumber(r.Fd) {
			continue // {var}>f: bash picks the number at run time
		}
		def := 1
		switch r.Node.Op {
		case sh.RdrIn, sh.RdrInOut, sh.DplIn, sh.Hdoc, sh.DashHdoc, sh.WordHdoc:
			def = 0
		}
		n := def
		if r.Fd != "" {
			n, _ = strconv.Atoi(r.Fd)
		}
		file := Stream{Kind: StreamFile, Redirect: r}
		if r.Proc != nil {
			// < <(…), > >(…): the pipe of the substitution.
			file = Stream{Kind: StreamPipe, Pipe: r.Proc, Stage: 1}
		}
		switch r.Node.Op {
		case sh.RdrAll, sh.AppAll:
			s := file
			if t, ok := r.route(); ok {
				s = get(t)
			} else if rs, ok := r.Reopens(); ok {
				s = rs // &> /dev/fd/$fd, /proc/$$/fd/3, /dev/fd/${C[1]}
			}
			put(1, s)
			put(2, s)
		case sh.RdrOut, sh.AppOut, sh.ClbOut, sh.RdrIn, sh.RdrInOut:
			s := file
			if t, ok := r.route(); ok {
				s = get(t)
			} else if rs, ok := r.Reopens(); ok {
				s = rs // > /dev/fd/$fd, /proc/$$/fd/3, /dev/fd/${C[1]}
			}
			put(n, s)
		case sh.DplOut, sh.DplIn:
			v := r.Target.Value
			switch {
			case r.Dup != nil:
				put(n, *r.Dup)
			case !r.Target.Static:
				put(n, Stream{Kind: StreamUnknown})
			case v == "-":
				put(n, Stream{Kind: StreamClosed})
			case fdNumber(v):
				t, _ := strconv.Atoi(v)
				put(n, get(t))
			case fdNumber(strings.TrimSuffix(v, "-")):
				t, _ := strconv.Atoi(strings.TrimSuffix(v, "-"))
				put(n, get(t))
				put(t, Stream{Kind: StreamClosed})
			case r.Node.Op == sh.DplOut && r.Fd == "":
				// >&file: stdout and stderr to the file.
				put(1, file)
				put(2, file)
			default:
				put(n, Stream{Kind: StreamUnknown})
			}
		case sh.Hdoc, sh.DashHdoc, sh.WordHdoc:
			// The shell feeds the text through a pipe (or a temporary
			// file): the stream remembers which text.
			put(n, Stream{Kind: StreamPipe, Redirect: r})
		}
	}
	return out, set
}

// route reports whether the redirection's target names a descriptor of
// the shell (> /dev/stderr), which bash treats as a duplication.
func (r Redirect) route() (int, bool) {
	if !r.Target.Static {
		return 0, false
	}
	ref, ok := dirFdRef(r.Dir, r.Target.Value)
	if !ok || strings.HasPrefix(ref, "$") {
		return 0, false
	}
	n, _ := strconv.Atoi(ref)
	return n, true
}

func fdNumber(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// fdTable is the descriptor table where a redirection opens: the
// shell's (fds, the streams exec {var}<… opened that their variables
// still name), then the statement's earlier redirections (before, and
// the {var} descriptors they opened, own).
type fdTable struct {
	dir    Dir
	fds    map[int]Stream
	before []Redirect
	named  map[string]Stream
}

// Route resolves a path that names a descriptor (/dev/fd/3,
// /proc/self/fd/$fd, /proc/$$/fd/3, as Call.Route reads them) to the
// stream the descriptor points at when the redirection opens: on Linux
// the open reaches that file again, in the redirection's own mode, so
// exec 3<f; echo x > /dev/fd/3 writes f, and echo x > /dev/fd/3 3<f
// names no open descriptor yet. ok is false for any other path.
func (r Redirect) Route(path string) (s Stream, ok bool) {
	if r.at == nil {
		return Stream{}, false
	}
	ref, ok := dirFdRef(r.at.dir, path)
	if !ok {
		return Stream{}, false
	}
	if n, err := strconv.Atoi(ref); err == nil {
		fds, _ := applyRedirects(r.at.fds, r.at.before)
		if s, ok := fds[n]; ok {
			return s, true
		}
		return Stream{Kind: StreamInherited, Fd: n}, true
	}
	if name, isVar := fdVarRef(ref); isVar {
		if s, ok := r.at.named[name]; ok {
			return s, true
		}
	}
	if s, ok := r.at.named[ref]; ok {
		return s, true // a coprocess's ${C[1]}
	}
	return Stream{}, false
}

// Reopens returns the stream the descriptor that the redirection's
// target names points at (Route of the target as written).
func (r Redirect) Reopens() (Stream, bool) {
	if s, ok := r.Route(r.Target.Value); ok || r.Target.Static {
		return s, ok
	}
	return r.Route(r.Target.Raw)
}

// fdTableAt records the table where red opens (fdTable).
func fdTableAt(st *state, red Redirect, before []Redirect, own map[string]Stream) *fdTable {
	t := &fdTable{dir: red.Dir, fds: st.fds, before: before[:len(before):len(before)], named: st.liveNamedFds()}
	if len(own) > 0 {
		named := make(map[string]Stream, len(t.named)+len(own))
		for k, v := range t.named {
			named[k] = v
		}
		for k, v := range own {
			named[k] = v
		}
		t.named = named
	}
	return t
}

// withCoprocFds adds to named the pipes of coprocesses that the words
// name as descriptor paths (/dev/fd/${C[1]}), keyed by the reference as
// written; named is not changed.
func (w *walker) withCoprocFds(named map[string]Stream, words ...Arg) map[string]Stream {
	if len(w.coprocs) == 0 {
		return named
	}
	for _, a := range words {
		if a.Static {
			continue
		}
		raw := a.Raw
		if i := strings.Index(raw, "/"); i > 0 {
			raw = raw[i:] // of=/dev/fd/${C[1]}, --output=…
		}
		ref, ok := fdRef(raw)
		if !ok {
			continue
		}
		if s := w.coprocFd(ref); s != nil {
			m := make(map[string]Stream, len(named)+1)
			for k, v := range named {
				m[k] = v
			}
			m[ref] = *s
			named = m
		}
	}
	return named
}

// liveNamedFds returns the streams exec {var}<… opened that their
// variables still name (a variable assigned afterwards no longer does).
func (st *state) liveNamedFds() map[string]Stream {
	if len(st.namedFds) == 0 {
		return nil
	}
	var m map[string]Stream
	for name, s := range st.namedFds {
		if v, set := st.vars[name]; set && v.known {
			continue
		}
		if m == nil {
			m = make(map[string]Stream, len(st.namedFds))
		}
		m[name] = s
	}
	return m
}

// stdStream returns the descriptor /dev/stdin, /dev/stdout or
// /dev/stderr (exactly so written) stands for.
func stdStream(p string) (string, bool) {
	switch p {
	case "/dev/stdin":
		return "0", true
	case "/dev/stdout":
		return "1", true
	case "/dev/stderr":
		return "2", true
	}
	return "", false
}
