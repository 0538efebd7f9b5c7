package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// coprocess is a command started by coproc: bash connects its standard
// output to a pipe the script reads through ${NAME[0]} and its standard
// input to a pipe the script writes through ${NAME[1]}. The two pipes are
// modelled as the stages of a pipeline of their own: the coprocess reads
// stage 0's pipe and writes stage 1's, so a download run as a coprocess
// is followed to whoever reads ${NAME[0]}, as down a pipeline.
type coprocess struct {
	pipe *Pipeline
	// sinks are the coprocess's calls that read its standard input.
	sinks []*Call
}

// coproc walks coproc [NAME] COMMAND: the command runs asynchronously,
// in a subshell, with its standard input and output on the coprocess's
// pipes.
func (w *walker) coproc(c scope, cmd *sh.CoprocClause, st *state) {
	if cmd.Stmt == nil {
		return
	}
	name := "COPROC"
	stmt := cmd.Stmt
	if cmd.Name != nil {
		if n := cmd.Name.Lit(); n != "" {
			name = n
		}
		if simple := coprocSimple(cmd); simple != nil {
			name, stmt = "COPROC", simple
		}
	}
	p := &Pipeline{Stmts: []*sh.Stmt{stmt, stmt}, Calls: make([]*Call, 2), Coproc: true}
	sub := st.clone()
	sub.setFd(0, Stream{Kind: StreamPipe, Pipe: p, Stage: 0})
	sub.setFd(1, Stream{Kind: StreamPipe, Pipe: p, Stage: 1})
	n := len(w.m.Calls)
	w.stmt(c, stmt, sub)
	cp := &coprocess{pipe: p}
	var writers []*Call
	for _, call := range w.m.Calls[n:] {
		if call.Fd(1).Same(Stream{Kind: StreamPipe, Pipe: p, Stage: 1}) {
			writers = append(writers, call)
		}
	}
	if len(writers) == 1 {
		// What the coprocess prints is that call's output, read as a
		// pipeline's first stage is (base64 -d, cat FILE).
		p.Calls[0] = writers[0]
	}
	for _, call := range w.m.Calls[n:] {
		if call.Fd(0).Same(Stream{Kind: StreamPipe, Pipe: p, Stage: 0}) && readsScript(call) {
			cp.sinks = append(cp.sinks, call)
		}
	}
	if w.coprocs == nil {
		w.coprocs = map[string]*coprocess{}
	}
	w.coprocs[name] = cp
}

// coprocFd returns the stream a duplication target names when it is a
// coprocess's descriptor: ${NAME[0]} (or $NAME, ${NAME}) is the read end
// of its output, ${NAME[1]} the write end of its input.
func (w *walker) coprocFd(raw string) *Stream {
	if len(w.coprocs) == 0 {
		return nil
	}
	v := strings.Trim(raw, `"`)
	var name, idx string
	switch {
	case strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}"):
		inner := v[2 : len(v)-1]
		name, idx = inner, "0"
		if i := strings.IndexByte(inner, '['); i > 0 && strings.HasSuffix(inner, "]") {
			name, idx = inner[:i], inner[i+1:len(inner)-1]
		}
	case strings.HasPrefix(v, "$"):
		name, idx = v[1:], "0"
	default:
		return nil
	}
	cp, ok := w.coprocs[name]
	if !ok {
		return nil
	}
	switch idx {
	case "0":
		return &Stream{Kind: StreamPipe, Pipe: cp.pipe, Stage: 1}
	case "1":
		return &Stream{Kind: StreamPipe, Pipe: cp.pipe, Stage: 0}
	}
	return nil
}

// feedCoproc models text that call writes into a coprocess that runs it
// (coproc bash; echo 'rm -rf ~' >&${COPROC[1]}): static text is a nested
// script of the coprocess's shell, anything else is a script only run
// time knows.
func (w *walker) feedCoproc(c scope, call *Call) {
	out := call.Fd(1)
	if out.Kind != StreamPipe || out.Pipe == nil || out.Stage != 0 {
		return
	}
	for _, cp := range w.coprocs {
		if cp.pipe != out.Pipe {
			continue
		}
		for _, sink := range cp.sinks {
			if call.Name == "echo" || call.Name == "printf" {
				if text, dynamic, ok := echoText(call); ok {
					w.pipeTo(c, sink, text, dynamic)
					continue
				}
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: call.Text(), Always: true,
				What: sink.Name + " runs, as a script, what " + clip(call.Text(), 60) + " writes into the coprocess, which is only known at run time"})
		}
	}
}

// otherPipeText returns what reaches a reader through in when in is the
// read end of a coprocess's output (bash <&${P[0]}): the text the
// coprocess writes, when corral knows it.
// isPipe is false for any other stream.
func (w *walker) otherPipeText(c scope, in Stream) (text string, dynamic, ok, isPipe bool) {
	if in.Kind != StreamPipe || in.Pipe == nil || !in.Pipe.Coproc || in.Stage < 1 || in.Stage >= len(in.Pipe.Calls) {
		return "", false, false, false
	}
	text, dynamic, ok = w.producedText(c, in.Pipe, in.Stage-1)
	return text, dynamic, ok, true
}

// coprocSimple returns the simple command a coproc clause runs when the
// parser took its command word for the coprocess's NAME: bash names a
// coprocess only before a compound command, so in coproc bash <<< 'rm
// -rf ~' (which mvdan.cc/sh reads as NAME bash and a statement of only
// the here-string) bash is the command, the here-string its input, and
// the coprocess COPROC. nil when the clause is NAME { …; } or the like.
func coprocSimple(cmd *sh.CoprocClause) *sh.Stmt {
	st := cmd.Stmt
	ce, isCall := st.Cmd.(*sh.CallExpr)
	if cmd.Name == nil || st.Cmd != nil && !isCall {
		return nil
	}
	call := &sh.CallExpr{Args: []*sh.Word{cmd.Name}}
	if isCall {
		call.Assigns = ce.Assigns
		call.Args = append(call.Args, ce.Args...)
	}
	out := *st
	out.Cmd = call
	out.Position = cmd.Name.Pos()
	return &out
}
