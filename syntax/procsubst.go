package syntax

import (
	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// A process substitution is a pipe (bash gives the command a path to it,
// /dev/fd/63): what the commands of <(…) write, the command holding it
// reads, as a file or, after < <(…), on a descriptor; what the command
// holding >(…) writes there, the substitution's commands read on their
// standard input. Each is modelled as a pipeline of two stages (Pipeline's
// Subst and Host), so that every reader of a pipe — a shell or an
// interpreter running what it reads, tar extracting a download — is found
// the same way for a substitution as for a pipeline: bash < <(echo …),
// echo … > >(bash), curl … > >(tar x), cat <(curl …) | sh.

// ProcSubstOf returns the process substitution word wd consists of
// (<(…) or >(…)), or nil.
func ProcSubstOf(wd *sh.Word) *sh.ProcSubst {
	if wd == nil || len(wd.Parts) != 1 {
		return nil
	}
	ps, _ := wd.Parts[0].(*sh.ProcSubst)
	return ps
}

// ArgStream returns the pipe an argument names when it is a process
// substitution (tee >(sh), curl -o >(tar x), cat <(curl …)).
func (m *Model) ArgStream(a Arg) (Stream, bool) {
	ps := ProcSubstOf(a.Word)
	if ps == nil || m == nil {
		return Stream{}, false
	}
	p := m.procPipes[ps]
	if p == nil {
		return Stream{}, false
	}
	return Stream{Kind: StreamPipe, Pipe: p, Stage: 1}, true
}

// WordStreams returns the pipes of every process substitution written in
// a word at its top level, alone or beside other text (-o>(sh),
// --log=>(sh)): bash opens each and hands the program its /dev/fd path
// inside the word, where an option the program parses may name it.
func (m *Model) WordStreams(a Arg) []Stream {
	if a.Word == nil || m == nil {
		return nil
	}
	var out []Stream
	for _, part := range a.Word.Parts {
		if ps, ok := part.(*sh.ProcSubst); ok {
			if p := m.procPipes[ps]; p != nil {
				out = append(out, Stream{Kind: StreamPipe, Pipe: p, Stage: 1})
			}
		}
	}
	return out
}

// procSubst walks the statements of process substitution n, held by host
// (nil when no call holds it): in a copy of the state, with the pipe as
// their standard output (<(…)) or input (>(…)); their other descriptors
// are the shell's, as bash leaves them.
func (w *walker) procSubst(c scope, n *sh.ProcSubst, st *state, host *Call) {
	inner := scope{sc: c.sc, host: host, subst: n.Op.String(), loop: c.loop, sub: c.sub || !st.funcTrace}
	sub := st.clone()
	defer w.isolateLoops()()
	if len(n.Stmts) == 0 {
		w.stmts(inner, n.Stmts, sub)
		return
	}
	first, last := n.Stmts[0], n.Stmts[len(n.Stmts)-1]
	p := &Pipeline{Stmts: []*sh.Stmt{first, last}, Calls: make([]*Call, 2), Subst: n.Op.String(), Host: host}
	pipe := Stream{Kind: StreamPipe, Pipe: p, Stage: 1}
	if n.Op == sh.CmdIn {
		sub.setFd(1, pipe)
		p.Calls[1] = host
	} else {
		sub.setFd(0, pipe)
		p.Calls[0] = host
	}
	if host != nil && host.Stmt != nil {
		if n.Op == sh.CmdIn {
			p.Stmts[1] = host.Stmt
		} else {
			p.Stmts[0] = host.Stmt
		}
	}
	if w.m.procPipes == nil {
		w.m.procPipes = map[*sh.ProcSubst]*Pipeline{}
	}
	w.m.procPipes[n] = p
	if n.Op == sh.CmdOut && host != nil {
		w.pendingOut = append(w.pendingOut, p) // procReaders, once host's descriptors are known
	}
	n0 := len(w.m.Calls)
	w.stmts(inner, n.Stmts, sub)
	for _, call := range w.m.Calls[n0:] {
		switch {
		case n.Op == sh.CmdIn && call.Fd(1).Same(pipe) && (p.Calls[0] == nil || call.End >= p.Calls[0].End):
			p.Calls[0] = call // the last writer prints what is read last
		case n.Op == sh.CmdOut && call.Fd(0).Same(pipe) && p.Calls[1] == nil:
			p.Calls[1] = call
		}
	}
	if r := p.Calls[1]; host == nil && n.Op == sh.CmdOut && r != nil && runsInput(r) {
		// { …; } > >(bash): what the compound writes is not followed.
		w.procScript(c, p, r)
	}
}

// procReaders models the script a call runs from a process substitution:
// one it reads on its standard input (bash < <(echo …), python3 <
// <(cat x.py), exec 3< <(…); bash <&3), and what it writes into a >(…)
// whose command runs what it reads (echo … > >(bash), tee >(sh) <<< …).
// It runs once the call's descriptors are known.
func (w *walker) procReaders(c scope, call *Call) {
	if in := call.Fd(0); in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Subst == "<(" && runsInput(call) {
		w.procScript(c, in.Pipe, call)
	}
	if len(w.pendingOut) == 0 {
		return
	}
	keep := w.pendingOut[:0]
	for _, p := range w.pendingOut {
		if p.Host != call {
			keep = append(keep, p)
			continue
		}
		if r := p.Calls[1]; r != nil && runsInput(r) {
			w.procScript(c, p, r)
		}
	}
	clear(w.pendingOut[len(keep):])
	w.pendingOut = keep
}

// procScript models reader running as a script what the pipe of process
// substitution p carries: the text when corral knows it, else an ask as
// for a pipe into a shell (hiddenPipe); a download is the pipe-shell
// rule's.
func (w *walker) procScript(c scope, p *Pipeline, reader *Call) {
	if wr := p.Calls[0]; wr != nil && p.Subst == "<(" {
		// source <(head f): a file's text corral does not compute asks
		// (fileprint.go), and is judged below for what it holds.
		if wr.Pipe != nil {
			w.printedAsk(c, reader, wr.Pipe, wr.PipeIndex)
		} else {
			w.printedAsk(c, reader, p, 0)
		}
	}
	if text, dynamic, ok := w.procText(c, p); ok {
		w.pipeTo(c, reader, text, dynamic)
		return
	}
	wr := p.Calls[0]
	if wr == nil {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: reader, Always: true,
			What: reader.Name + " runs, as a script, what a compound command writes into a process substitution, only known at run time"})
		return
	}
	if wr.Pipe != nil {
		for _, s := range wr.Pipe.Calls[:wr.PipeIndex+1] {
			if s != nil && downloaders.Get()[s.Name] {
				return
			}
		}
	}
	if generatesCode(wr) {
		// bash < <(python3 gen.py): as bash <(python3 gen.py).
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: reader, Text: wr.Text(), Always: true,
			What: reader.Name + " runs, as a script, the output of " + clip(wr.Text(), 60) + " through a process substitution, which is only known at run time"})
		return
	}
	w.hiddenPipe(&Pipeline{Calls: []*Call{wr, reader}}, 1)
}

// Downloaders are the programs that print what they fetch from another
// host (curl, wget, httpie, xh, curlie, the text browsers' -dump and
// -source, ssh HOST COMMAND): their output run as a script is the
// pipe-shell rule's (rewrite), which says how to fetch it to read first,
// and that rule's command words are these.
var Downloaders = []string{"curl", "wget", "wget2", "fetch", "http", "https", "xh", "xhs", "curlie", "lynx", "w3m", "links",
	"elinks", "aria2c", "ssh", "lwp-request", "GET", "POST"}

// downloaders is Downloaders as a set.
var downloaders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := make(map[string]bool, len(Downloaders))
	for _, n := range Downloaders {
		m[n] = true
	}
	return m
}}

// procText returns the text that flows through the pipe of process
// substitution p when corral knows it: what the last command of <(…)
// prints, or what the command holding >(…) writes there (its standard
// output, or the input tee copies to it).
func (w *walker) procText(c scope, p *Pipeline) (text string, dynamic, ok bool) {
	wr := p.Calls[0]
	if wr == nil {
		return "", false, false
	}
	pipe := Stream{Kind: StreamPipe, Pipe: p, Stage: 1}
	if p.Subst == ">(" && !wr.Fd(1).Same(pipe) && !wr.Fd(2).Same(pipe) {
		if wr.Name != "tee" {
			return "", false, false
		}
		text, _, ok := w.readInput(c, wr)
		return text, false, ok
	}
	if wr.Pipe != nil {
		return w.producedText(c, wr.Pipe, wr.PipeIndex)
	}
	return w.producedText(c, p, 0)
}

// procFile models a script file that is a process substitution (at -f
// <(…), python3 <(…), make -f <(…)): its text is what the substitution
// prints, read as a shell script ("sh" or "") or as program text of
// language as.
func (w *walker) procFile(c scope, call *Call, p *Pipeline, as string) {
	text, dynamic, ok := w.procText(c, p)
	if !ok {
		w.procScript(c, p, call)
		return
	}
	if as == "" || as == "sh" {
		w.child(c, call, text, nil, "process substitution", dynamic)
		return
	}
	w.program(c, call, lang.Lang(as), text, call.Name+" <(…)", dynamic, "")
}

// runsInput reports whether call runs what it reads on standard input:
// readsScript's programs, and an interpreter taking its program from
// there whatever its redirections (python3 - < <(…), perl < <(…)).
func runsInput(call *Call) bool {
	if readsScript(call) {
		return true
	}
	p, ok := interpreterProgram(call)
	return ok && p.stdin
}

// FileSubstFiles returns the files of the $(< FILE) substitutions in
// word wd, unquoted or inside double quotes, whose file is written as
// literal text: bash expands each to FILE's content, as $(cat FILE)
// would (echo "$(< f)" > p copies f to p).
func FileSubstFiles(wd *sh.Word) []string {
	if wd == nil {
		return nil
	}
	var out []string
	var visit func(parts []sh.WordPart)
	visit = func(parts []sh.WordPart) {
		for _, part := range parts {
			switch part := part.(type) {
			case *sh.DblQuoted:
				visit(part.Parts)
			case *sh.CmdSubst:
				if len(part.Stmts) != 1 || len(part.Last) > 0 {
					continue
				}
				st := part.Stmts[0]
				if st.Cmd != nil || st.Negated || st.Background || st.Coprocess || len(st.Redirs) != 1 {
					continue
				}
				rd := st.Redirs[0]
				if rd.Op != sh.RdrIn || rd.N != nil && rd.N.Value != "0" {
					continue
				}
				if f := LitText(rd.Word); f != "" {
					out = append(out, f)
				}
			}
		}
	}
	visit(wd.Parts)
	return out
}
