package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// runTimeWrite is a file a command wrote under a name only run time
// knows (echo … > "$f" after f=$(mktemp)): the text, when corral knows
// it.
type runTimeWrite struct {
	name  string
	text  string
	known bool
}

// runTimeScript judges a script run by a path only run time knows
// (source "$f", bash "$f", . /dev/fd/$fd). A descriptor's path names a
// descriptor that a process substitution, exec {fd}< or a coprocess may
// have opened: a script corral cannot see, which asks. Any other such
// path may be a file this command wrote under a name only run time
// knows (f=$(mktemp); echo 'rm -rf ~' > "$f"; source "$f"): each such
// file's text is judged as the script, and one whose text corral does
// not know asks. A path from the environment with no such write
// (source "$NVM_DIR/nvm.sh") is not read, as before.
func (w *walker) runTimeScript(c scope, call *Call, a Arg, as string) {
	if s := w.fdPathStream(a.Raw); s != nil {
		// source /dev/fd/$fd after exec {fd}< <(…), . /dev/fd/${P[0]}.
		w.streamScript(c, call, *s, false, as)
		return
	}
	if fdDir(a.Value) || fdDir(a.Raw) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: call.Name + " runs the script " + clip(a.Raw, 60) + ", a descriptor only known at run time"})
		return
	}
	call.runTimeRead = len(w.runTimeWrites) > 0
	for i, wr := range w.runTimeWrites {
		if i >= maxRunTimeCandidates {
			break
		}
		if !wr.known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: call.Name + " runs " + clip(a.Raw, 60) + ", which may be " + clip(wr.name, 40) + " that this command wrote with text only known at run time"})
			continue
		}
		name := clip(wr.name, 40) + " (written by this command, run as " + clip(a.Raw, 40) + ")"
		l := lang.Lang("")
		switch as {
		case "sh":
		case "":
			l = lang.ForFile("", wr.text) // its #! line
		default:
			l = lang.Lang(as)
		}
		if l != "" {
			w.program(c, call, l, wr.text, name, false, name)
			continue
		}
		w.origin = name
		env := call.env
		if env == nil {
			env = w.cur.exportedOnly(call.Dir, w.home)
		}
		w.childIn(c, call, wr.text, nil, "file", false, env, call.Dir)
		w.origin = ""
	}
}

// maxRunTimeCandidates bounds the files one run is judged as.
const maxRunTimeCandidates = 16

// fdDir reports a path in a descriptor directory: /dev/fd/N,
// /proc/self/fd/N, /proc/PID/fd/N.
func fdDir(p string) bool {
	return strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/") && strings.Contains(p, "/fd/")
}

// fdPathStream returns the stream a descriptor path names when its
// number is a variable the command set with exec {var}<… or a
// coprocess's ${NAME[0]}: /dev/fd/$fd, /proc/self/fd/${P[0]}.
func (w *walker) fdPathStream(raw string) *Stream {
	ref, ok := fdRef(raw)
	if !ok {
		return nil
	}
	if s := w.coprocFd(ref); s != nil {
		return s
	}
	return w.namedFd(w.cur, ref)
}

// fdVarRef returns the variable a reference to a descriptor's number
// names: $fd, ${fd}, "$fd".
func fdVarRef(ref string) (string, bool) {
	ref = strings.Trim(ref, `"`)
	name := strings.TrimPrefix(ref, "$")
	if strings.HasPrefix(name, "{") && strings.HasSuffix(name, "}") {
		name = name[1 : len(name)-1]
	}
	return name, name != ref && isName(name)
}

// namedFd returns the stream exec {var}<… opened, for a reference to
// the variable ($fd, ${fd}) in the shell state st: bash picks the number
// at run time and stores it there. A variable assigned afterwards no
// longer names it.
func (w *walker) namedFd(st *state, ref string) *Stream {
	name, ok := fdVarRef(ref)
	if !ok || st == nil {
		return nil
	}
	s, ok := st.namedFds[name]
	if !ok {
		return nil
	}
	if v, set := st.vars[name]; set && v.known {
		return nil
	}
	return &s
}
