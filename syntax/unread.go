package syntax

import (
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// The hook sees one call at a time. A file one call decodes or writes
// with bytes corral cannot read (echo … | base64 -d > t) is a program
// the next call can run (chmod +x t; ./t) with nothing in that call to
// judge. The model lists such files (Model.Unread) and the hook keeps
// them for the session; a later call is analysed with them
// (Options.Earlier), and running one asks unless what the file holds
// now is a script corral reads (then it is read, as any script is).

// earlierRun asks about running the file at d, named name in the
// command, when an earlier call of the session wrote it with bytes
// corral could not read and it is not now a script corral reads. It
// reports whether it asked.
func (w *walker) earlierRun(call *Call, d Dir, name string) bool {
	by, ok, whole := w.earlierMatch(d.Path)
	if !ok && w.earlierLost && w.project != "" && d.Known && pathWithin(d.Path, w.project) {
		by, ok, whole = "corral's record of the session's earlier calls cannot be read", true, false
	}
	if !ok || !d.Known {
		return false
	}
	if whole && w.read == nil {
		return false // below a directory recorded whole: whether a file is there, and a script, needs the disk
	}
	if _, built := w.compiled[d.Path]; built {
		return false // built again in this command, from sources judged
	}
	if w.read != nil && !w.keptPart[d.Path] {
		if !w.exists(d.Path) {
			return false // removed: nothing runs
		}
		if text, ok := w.readScript(d); ok && !strings.HasPrefix(text, "\x7fELF") && !strings.Contains(text[:min(len(text), 8192)], "\x00") {
			return false // a script: read where it runs
		}
	}
	what := "runs " + name + ", a file an earlier call of this session wrote with bytes corral could not read (" + clip(oneLineText(by), 120) + "): a program corral cannot judge"
	if whole {
		what = "runs " + name + ", a file below a directory that holds bytes corral could not read (" + clip(oneLineText(by), 120) + "): a program corral cannot judge"
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name, What: what})
	return true
}

// earlierOf returns the command that wrote the file at p unread in an
// earlier call: by p, or by the path p leads to through symbolic links
// (a file decoded as alias/t, where alias is a link to ., runs as ./t;
// the hook adds each recorded file's resolved path too).
//
// A recorded path that ends in a slash is a directory everything below
// which holds bytes corral could not read (an archive from the sandbox
// unpacked there, the sandbox itself): a file below it that this command
// does not write with content corral knows counts as recorded.
func (w *walker) earlierOf(p string) (string, bool) {
	by, ok, _ := w.earlierMatch(p)
	return by, ok
}

// earlierMatch is earlierOf that also reports a match by a directory
// recorded whole.
func (w *walker) earlierMatch(p string) (by string, ok, whole bool) {
	if by, ok, whole := w.earlierAt(p); ok {
		return by, true, whole
	}
	if len(w.earlier) == 0 || w.read == nil {
		return "", false, false
	}
	if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
		return w.earlierAt(real)
	}
	return "", false, false
}

// earlierAt is earlierMatch without symbolic links: the entry for p, or
// for a directory above p recorded as a whole.
func (w *walker) earlierAt(p string) (string, bool, bool) {
	if by, ok := w.earlier[p]; ok {
		return by, true, false
	}
	if by, ok := w.earlierPieces(p); ok {
		return by, true, false
	}
	if len(w.earlier) == 0 || w.knownHere(p) {
		return "", false, false
	}
	for d := p; d != "/" && d != "." && d != ""; {
		d = path.Dir(d)
		if by, ok := w.earlier[strings.TrimSuffix(d, "/")+"/"]; ok {
			return by, true, true
		}
	}
	return "", false, false
}

// knownHere reports a file this command writes with content corral knows
// (text, a program it compiles or copies from the system): a directory
// recorded as a whole does not cover it.
func (w *walker) knownHere(p string) bool {
	if _, ok := w.written[p]; ok {
		return true
	}
	if _, ok := w.compiled[p]; ok {
		return true
	}
	_, ok := w.programs2[p]
	return ok
}

// carryEarlierTree records that the directory dst now holds what the
// directory src held (mv d e, cp -r d e): the files below src an earlier
// call wrote unread are below dst too.
func (w *walker) carryEarlierTree(src, dst string) {
	var ps []string
	for p := range w.earlier {
		if p != src && pathWithin(p, src) {
			ps = append(ps, p)
		}
	}
	sort.Strings(ps)
	for _, p := range ps {
		w.carryEarlier(path.Join(dst, strings.TrimPrefix(p[len(src):], "/")), w.earlier[p])
	}
}

// earlierUnreadText asks about running the file at d, a script for
// program prog, which corral does not read, when an earlier call of the
// session wrote it with bytes corral could not read (a decoded awk or
// expect script): to the hook it is as unread as a binary.
func (w *walker) earlierUnreadText(call *Call, d Dir, name, prog string) {
	by, ok := w.earlierOf(d.Path)
	if !ok {
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
		What: "runs " + name + ", a " + prog + " script corral does not read, which an earlier call of this session wrote with bytes corral could not read (" + clip(oneLineText(by), 120) + ")"})
}

// setWrittenPart is setWritten for text a call adds to what the file
// holds (>>, &>>, <>, tee -a): a file an earlier call wrote unread stays
// so, whatever text is added (printf 'x' >> t; ./t).
func (w *walker) setWrittenPart(p, text string) {
	by, was := w.earlier[p]
	w.setWritten(p, text)
	if was {
		w.earlier[p] = by
		if w.keptPart == nil {
			w.keptPart = map[string]bool{}
		}
		w.keptPart[p] = true
	}
}

// carryEarlier records that the file at p now holds the bytes of a file
// the earlier call by wrote unread: it is unread too, and running it
// names that call.
func (w *walker) carryEarlier(p, by string) {
	if _, ok := w.written[p]; !ok && !w.opaque[p] {
		w.setOpaque(p)
	}
	if w.m.UnreadBy == nil {
		w.m.UnreadBy = map[string]string{}
	}
	w.m.UnreadBy[p] = by
	if w.earlier == nil {
		w.earlier = map[string]string{}
	}
	w.earlier[p] = by
}

// oneLineText is s with its line breaks as spaces.
func oneLineText(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// noteUnread fills Model.Unread and Model.Rewrote from what the walk
// saw the command write (see above). Files under /dev and /proc are
// not files a later call runs.
func (w *walker) noteUnread() {
	unread := map[string]bool{}
	known := map[string]bool{}
	for p := range w.opaque {
		unread[p] = true
	}
	for p := range w.decoded {
		unread[p] = true
	}
	for p, text := range w.written {
		if w.keptPart[p] {
			continue // still the earlier call's bytes, still recorded
		}
		if strings.HasPrefix(text, "\x7fELF") || strings.Contains(text[:min(len(text), 8192)], "\x00") {
			unread[p] = true
		} else if !unread[p] {
			known[p] = true
		}
	}
	for p, f := range w.compiled {
		seen := true
		for _, s := range f.sources {
			if s.stdin && !s.known {
				seen = false // curl … | cc -x c - -o t
			}
		}
		if seen {
			known[p] = true
		} else {
			unread[p] = true
		}
	}
	for p := range w.programs2 {
		known[p] = true
	}
	list := func(set map[string]bool, skip map[string]bool) []string {
		var out []string
		for p := range set {
			if skip[p] || p == "" || pathWithin(p, "/dev") || pathWithin(p, "/proc") || pathWithin(p, "/sys") {
				continue
			}
			out = append(out, p)
		}
		sort.Strings(out)
		return out
	}
	w.m.Unread = list(unread, nil)
	w.m.Rewrote = list(known, unread)
}

// earlierPieces matches p against a recorded prefix of pieces, an entry
// ending in "*": split and csplit cut content from the sandbox into
// PREFIXaa, PREFIXab, … (PREFIX00, … with -d or csplit), as many as the
// content needs, so the copy-out rule records PREFIX* for them. A match
// is a file in PREFIX's directory whose name begins with PREFIX's last
// part. Of several, the shortest prefix's command is named.
func (w *walker) earlierPieces(p string) (string, bool) {
	best, by := "", ""
	for q, b := range w.earlier {
		prefix, ok := strings.CutSuffix(q, "*")
		if !ok || !strings.HasPrefix(p, prefix) || strings.Contains(p[len(prefix):], "/") || p == prefix {
			continue
		}
		if best == "" || len(q) < len(best) || len(q) == len(best) && q < best {
			best, by = q, b
		}
	}
	return by, best != ""
}
