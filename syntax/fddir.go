package syntax

import (
	"slices"
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
func fdDirTarget(p string, route func(string) (Stream, bool)) (string, bool) {
	ps := fdFilesBelow(p, route, false)
	if len(ps) != 1 {
		return "", false
	}
	return ps[0], true
}

// fdCdTarget returns the directory cd enters for a target that is one of
// the call's descriptors or a name below one (cd /dev/fd/3 after
// exec 3<~ enters the home directory), "" for any other target.
func fdCdTarget(target *Arg, call *Call) string {
	if target == nil || !target.Static {
		return ""
	}
	if ps := fdFilesBelow(target.Value, call.Route, true); len(ps) == 1 {
		return ps[0]
	}
	return ""
}

// fdFilesBelow returns the paths p can name through a descriptor
// (fdDirTarget): one, or for a descriptor that paths of the command
// left different (if …; then exec 3<~; else exec 3</tmp; fi), each of
// the files it may be, when every one is known; none otherwise. whole
// also takes the descriptor's own path (/dev/fd/3), which names its
// file.
func fdFilesBelow(p string, route func(string) (Stream, bool), whole bool) []string {
	if !strings.HasPrefix(p, "/") || !strings.HasPrefix(p, "/dev/") && !strings.HasPrefix(p, "/proc/") && !strings.Contains(p, "/.") && !strings.Contains(p, "//") {
		return nil
	}
	segs := strings.Split(p, "/")
	// The shortest prefix that is the descriptor itself: the segments
	// after it are read from the descriptor's file (a ".." among them
	// climbs out of that file's directory, as the kernel does).
	for i := 2; i < len(segs); i++ {
		head := strings.Join(segs[:i+1], "/")
		if _, isFd := dirFdRef(Dir{}, head); !isFd {
			continue
		}
		tail := strings.Join(segs[i+1:], "/")
		if strings.Trim(tail, "/") == "" && !whole || strings.ContainsAny(tail, "$`") {
			return nil
		}
		s, ok := route(head)
		if !ok {
			return nil
		}
		var out []string
		for _, alt := range s.Streams() {
			base, ok := streamFilePath(alt)
			if !ok {
				return nil
			}
			out = append(out, cleanPath(base+"/"+tail))
		}
		return out
	}
	return nil
}

// streamFilePath returns the path of the file a redirection with a
// static target opened for s.
func streamFilePath(s Stream) (string, bool) {
	r, ok := s.File()
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
	return base, true
}

// fdDirArgs gives each word of call that names a file below one of its
// descriptors (fdDirTarget) that file's path as its value: the words
// known but for the descriptor's number (/dev/fd/$fd/x after
// exec {fd}<~, /proc/$$/fd/3/x) too, which are then known.
func fdDirArgs(call *Call) {
	for i := range call.Args {
		if (call.Name == "cd" || call.Name == "pushd") && (strings.HasPrefix(call.Args[i].Value, "/") || slices.Contains(strings.Split(call.Args[i].Value, "/"), "..")) {
			// cd /dev/fd/3/..: bash drops the ".." in the text before
			// the kernel sees the path, and keeps the text as its PWD
			// (chdir, fdCdTarget, fdcdlogical.go).
			continue
		}
		fdDirRelative(&call.Args[i], call.Dir, call.Route)
		fdDirWord(&call.Args[i], call.Route)
	}
}

// fdDirRelative makes a relative word absolute when the directory it is
// read in is the shell's descriptor directory (cd /dev/fd, or cd
// /dev/fd/3/.. which bash reads as cd /dev/fd): 3/../.ssh/id_rsa there
// goes through descriptor 3 as /dev/fd/3/../.ssh/id_rsa does, and the
// kernel climbs out of the directory it was opened on.
func fdDirRelative(a *Arg, dir Dir, route func(string) (Stream, bool)) {
	if !a.Static || a.Glob || !dir.Known || a.Value == "" || strings.HasPrefix(a.Value, "/") || strings.HasPrefix(a.Value, "-") {
		return
	}
	if _, ok := shellFdDir(Dir{}, dir.Path); !ok {
		return
	}
	abs := dir.Path + "/" + a.Value
	if len(fdFilesBelow(abs, route, false)) == 0 {
		return
	}
	a.Value = abs
}

// fdDirRedirect does for the target of r what fdDirArgs does for the
// words: cat < /dev/fd/3/.ssh/id_rsa reads the file below the directory
// fd 3 was opened on where the redirection opens (Redirect.Route).
func fdDirRedirect(r *Redirect) {
	if r.Proc != nil || r.at == nil {
		return
	}
	switch r.Op {
	case "<<", "<<-", "<<<", ">&", "<&":
		return
	}
	fdDirRelative(&r.Target, r.Dir, r.Route)
	fdDirWord(&r.Target, r.Route)
}

// fdDirWord gives a the path of the file it names below a descriptor,
// also as the value of an option or operand written in the same word
// (dd if=/dev/fd/3/x, -o/dev/fd/3/x, --file=/dev/fd/3/x).
func fdDirWord(a *Arg, route func(string) (Stream, bool)) {
	prefix := optionPrefix(a.Value)
	vs := fdFilesBelow(a.Value[len(prefix):], route, false)
	if len(vs) > 1 && !a.Glob {
		// One of several files, whichever path ran: each judged.
		var cands []string
		for _, v := range vs {
			cands = append(cands, prefix+v)
		}
		a.Static = false
		a.SetCandidates(cands)
		a.OneOf = true
		return
	}
	v, ok := fdDirTarget(a.Value[len(prefix):], route)
	if !ok {
		return
	}
	v = prefix + v
	if a.Glob {
		// cat /dev/fd/3/.ssh/*: the pattern is matched in the
		// directory the descriptor was opened on.
		pat := a.Pattern()
		if !strings.HasPrefix(pat, prefix) {
			return
		}
		pat, ok := fdDirTarget(pat[len(prefix):], func(head string) (Stream, bool) {
			s, ok := route(head)
			if r, isFile := s.File(); ok && isFile {
				r.Target.Value = quoteGlobDir(r.Dir.Join(r.Target.Value).Path)
				s.Redirect = r
			}
			return s, ok
		})
		if !ok {
			return
		}
		a.SetPattern(prefix + pat)
	}
	a.Value, a.Static = v, true
	a.SetUnknown(nil)
}

// optionPrefix returns the part of a word before an absolute path that is
// the value of an option or operand written in the same word: KEY= (dd's
// if=, --file=) or a short option with its value attached (-o/x); "" for
// any other word.
func optionPrefix(v string) string {
	i := strings.Index(v, "/")
	if i <= 0 {
		return ""
	}
	p := v[:i]
	if strings.HasSuffix(p, "=") && !strings.ContainsAny(p[:len(p)-1], "=$`") {
		return p
	}
	if len(p) == 2 && p[0] == '-' && p[1] != '-' {
		return p
	}
	return ""
}
