package syntax

import (
	"strings"

	"github.com/google/shlex"
)

// Remote and container shells fed by stdin. ssh passes its standard
// input to the command it runs on the host (ssh(1): unless -n, or -f,
// which implies it), and with no command the login shell there reads
// its commands from it. So the script a remote shell runs is the
// command's words AND what ssh's stdin carries: a here-document, a
// here-string, a file opened with <, the text a pipe brings.
//
// corral judges only what runs on this machine: another host's files
// are not this one's, so ssh HOST 'rm -rf ~' is not judged (as before),
// and neither is the same text fed on ssh's stdin. ssh to this machine
// (loopbackHost) runs it here, from the home directory, in a new login
// session that has none of this shell's variables: its stdin script is
// judged there, as its command is (detached). A download fed to it is
// remote code execution (ReadsCodeOnStdin: curl URL | ssh localhost
// bash asks as curl URL | bash does).

// sshStdinOff reports ssh's options that keep the remote side from
// reading ssh's stdin as a script: -n and -f (stdin from /dev/null), -N
// and -W (no command), -O (a control command), -V, -G, -Q (nothing
// runs), -s (the command is a subsystem, not shell text).
func sshStdinOff(args []Arg) bool {
	opts, _ := ScanOptions(args, sshSpec)
	for _, o := range opts {
		switch o.Name {
		case "n", "f", "N", "W", "O", "V", "G", "Q", "s":
			return true
		}
	}
	return false
}

// SSHStdinSent returns the destination word of an ssh call that sends
// its standard input to the host (ssh HOST CMD < f, … | ssh HOST): not
// with -n, -f, -N, -W, -O or the options that run nothing. ok is false
// for any other call.
func SSHStdinSent(call *Call) (dest Arg, ok bool) {
	if call == nil || call.Name != "ssh" || sshStdinOff(call.Args) {
		return Arg{}, false
	}
	opts, _ := ScanOptions(call.Args, sshSpec)
	for _, o := range opts {
		if o.Name == "F" && o.HasVal && (o.Val.Value == "/dev/stdin" || o.Val.Value == "-" || o.Val.Value == "/dev/fd/0") {
			return Arg{}, false // ssh -F /dev/stdin reads its configuration there
		}
	}
	host, _ := sshDestination(call.Args)
	if host < 0 {
		return Arg{}, false
	}
	return call.Args[host], true
}

// SSHCommandWords returns, for an ssh call given a command to run on
// the host, its destination word and the words of that command: this
// shell expands them (ssh HOST "echo $(cat notes.txt) > x") before ssh
// joins them into the line the host's shell runs. With no command words,
// the word of an -o RemoteCommand=TEXT option is that command (this
// shell expands it too: ssh -o RemoteCommand="echo $(cat f) > x" HOST).
// ok is false for any other call.
func SSHCommandWords(call *Call) (dest Arg, words []Arg, ok bool) {
	if call == nil || call.Name != "ssh" {
		return Arg{}, nil, false
	}
	host, cmd := sshDestination(call.Args)
	if host < 0 {
		return Arg{}, nil, false
	}
	if cmd < len(call.Args) {
		return call.Args[host], call.Args[cmd:], true
	}
	if _, i, ok := sshRemoteCommand(sshOptionWords(call, host)); ok {
		if i >= host {
			i++ // sshOptionWords left the destination out
		}
		return call.Args[host], call.Args[i : i+1], true
	}
	return Arg{}, nil, false
}

// sshForwardsStdin reports whether an ssh call hands its standard input
// to what runs on the host (not with -n or -f).
func sshForwardsStdin(call *Call) bool {
	opts, _ := ScanOptions(call.Args, sshSpec)
	for _, o := range opts {
		if o.Name == "n" || o.Name == "f" {
			return false
		}
	}
	return true
}

// sshLoopbackStdinScript reports whether call is ssh to this machine
// whose remote side runs, as a program, what ssh reads on stdin
// (sshStdinReader).
func sshLoopbackStdinScript(call *Call) bool {
	_, ok := sshStdinReader(call)
	return ok
}

// sshStdinReader returns what runs ssh's stdin when call is ssh to this
// machine: ok with a nil reader for the login shell (no command), else
// the remote command as a call when it is a shell given no script (bash,
// sh -s, exec bash -s -- a b, bash -l) or an interpreter that takes its
// program from stdin (python3, python3 -), after wrappers (sudo bash,
// env X=1 sh).
func sshStdinReader(call *Call) (reader *Call, ok bool) {
	if call == nil || call.Name != "ssh" {
		return nil, false
	}
	host, _ := sshDestination(call.Args)
	if host < 0 || !sshToHere(call, host) {
		return nil, false
	}
	return sshStdinRunner(call)
}

// sshStdinRunner is sshStdinReader for ssh to any destination: what runs
// ssh's stdin on the remote side, when something does.
func sshStdinRunner(call *Call) (reader *Call, ok bool) {
	host, cmd := sshDestination(call.Args)
	if host < 0 || sshStdinOff(call.Args) {
		return nil, false
	}
	if cmd >= len(call.Args) {
		if _, _, ok := sshRemoteCommand(sshOptionWords(call, host)); ok {
			return nil, false // -o RemoteCommand=…: that text runs (detached)
		}
		return nil, true
	}
	parts := make([]string, 0, len(call.Args)-cmd)
	for _, a := range call.Args[cmd:] {
		if !a.Static {
			return nil, false
		}
		parts = append(parts, a.Value)
	}
	return remoteStdinReader(strings.Join(parts, " "))
}

// sshMaybeStdin judges the standard input of ssh to a destination that
// may be this machine (a host only run time knows, a proxy, a Match
// block: sshtarget.go) whose remote side runs it (echo 'rm -rf ~' | ssh
// $H, ssh $H <<< TEXT, ssh $H bash < job.sh): as the remote command of
// such an ssh is, the text is hidden code, asked about when it names a
// command that acquires content or can destroy data.
func (w *walker) sshMaybeStdin(c scope, call *Call) {
	if _, ok := sshStdinRunner(call); !ok {
		return
	}
	in := call.Fd(0)
	if in.Kind == StreamInherited {
		return // the terminal's input: the user types it
	}
	text, _, ok := w.inputText(c, in)
	if !ok || strings.TrimSpace(text) == "" {
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: text,
		What: "ssh's remote side runs its standard input, " + clip(strings.TrimSpace(text), 60) + ", on a machine that may be this one (" + call.sshWhy + ")"})
}

// remoteStdinReader returns the command text a remote shell runs as a
// call when it is one simple command of static words (after exec and the
// wrappers) that runs its stdin as a program: a shell given no script
// or an interpreter reading its program there.
func remoteStdinReader(text string) (*Call, bool) {
	if strings.ContainsAny(text, ";&|<>()`$\n") {
		return nil, false
	}
	words, err := shlex.Split(text)
	if err != nil || len(words) == 0 {
		return nil, false
	}
	for len(words) > 1 && (words[0] == "exec" || words[0] == "command") {
		words = words[1:]
	}
	args := make([]Arg, len(words))
	for i, w := range words {
		args[i] = Arg{Value: w, Raw: w, Static: true}
	}
	return containerStdinReader(args) // the same reading of a command's words (containerexec.go)
}

// sshRemoteState is the state the remote command of ssh to this machine
// starts in: a new login session in the home directory, with ssh's
// standard input as its own (a here-document, a file or a pipe given to
// ssh is what the remote command reads).
func (w *walker) sshRemoteState(call *Call, home Dir) *state {
	st := newState(home, w.home)
	if sshForwardsStdin(call) {
		if in, ok := call.fds[0]; ok {
			st.setFd(0, in)
		}
	}
	return st
}

// sshHdocSubst walks, as the remote shell's script, ssh's unquoted
// here-document with the substitutions this shell runs in it spliced in
// (ssh localhost bash <<EOF / $(cat job.sh) / EOF: hdocExpanded), from
// the home directory; text only run time knows asks as bash <<EOF does.
func (w *walker) sshHdocSubst(c scope, call *Call, st *state, home Dir) {
	if !sshLoopbackStdinScript(call) {
		return
	}
	for k := range call.Redirs {
		rd := &call.Redirs[k]
		if rd.Node == nil || rd.Node.Hdoc == nil || rd.Fd != "" && rd.Fd != "0" || rd.Target.Raw != rd.Target.Value {
			continue
		}
		text, dynamic, why, spliced, ok := w.hdocExpanded(c, call, rd, st)
		if !ok {
			continue
		}
		if why != "" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: "ssh runs, as the remote shell's script, a here-document this shell expands first, holding " + why + ", which is only known at run time"})
		}
		if spliced {
			w.childIn(c, call, text, nil, "ssh heredoc", dynamic, newState(home, w.home), home)
		}
	}
}

// sshLoginShell models ssh to this machine given no command: the login
// shell reads ssh's stdin as its script, from the home directory (ssh
// localhost <<EOF … EOF, ssh localhost < job.sh). It reports whether
// it handled call; a pipe into it is pipeTo's (remoteStdinPipe).
func (w *walker) sshLoginShell(c scope, call *Call, home Dir) bool {
	if !sshLoopbackStdinScript(call) {
		return false
	}
	if _, ok := call.fds[0]; !ok {
		return true // the terminal's input: the user types it
	}
	w.childIn(c, call, "bash", nil, "ssh (login shell)", false, w.sshRemoteState(call, home), home)
	return true
}

// remoteStdinPipe models text piped into ssh to this machine whose
// remote side runs its stdin (echo 'rm -rf .ssh' | ssh localhost, … |
// ssh localhost bash -s): the script runs in a new login session from
// the home directory. It reports whether it handled sink.
func (w *walker) remoteStdinPipe(c scope, sink *Call, text string, dynamic bool) bool {
	reader, ok := sshStdinReader(sink)
	if !ok {
		return false
	}
	home := Dir{}
	if w.home != "" {
		home = Dir{Path: w.home, Known: true}
	}
	if reader != nil && !IsShell(reader.Name) {
		// … | ssh localhost python3: the interpreter's program.
		if p, ok := interpreterProgram(reader); ok {
			inner := *sink
			inner.Dir = home
			w.program(c, &inner, p.lang, text, "ssh "+reader.Name+" (pipe)", dynamic, "")
		}
		return true
	}
	w.childIn(c, sink, text, nil, "ssh (pipe)", dynamic, newState(home, w.home), home)
	return true
}
