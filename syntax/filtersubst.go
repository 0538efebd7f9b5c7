package syntax

import (
	"errors"
	"io/fs"
	"os"
	"strings"
)

// The input of a substitution a shell runs (red team 19 RD3). What a
// program prints is derived from what it reads: its file operands, its
// standard input (a file, a here-string or here-document, a process
// substitution, the stage before it) and the <(…) it is given. A program
// that reads none of these prints its own text (ssh-agent -s, direnv hook
// bash, pyenv init -: set-up its authors wrote). When the output of a
// program corral does not compute reaches eval, sh -c, bash -c or source
// and that program reads input the agent controls — a download, text
// only known at run time, a static script, a file — the script is that
// input passed through a filter corral has no model of (pr -t, iconv,
// join, xargs -0, fmt <<<): only known at run time, so it asks; when
// every input's text is known it is judged as a script as well (a
// superset, as for a file printed in a way corral does not compute), so
// what it would be denied for is denied.

// filterInput is what the stages of a substitution read from outside.
type filterInput struct {
	from []string // the inputs, for people
	text strings.Builder
	// known reports that every input's text is known (text holds it).
	known bool
	any   bool
}

func (in *filterInput) add(name, text string, known bool) {
	in.any = true
	in.from = append(in.from, name)
	in.known = in.known && known
	if known {
		in.text.WriteString(text)
		if text != "" && !strings.HasSuffix(text, "\n") {
			in.text.WriteString("\n")
		}
	}
}

// maxFilterDepth bounds the stages and substitutions followed back from
// the one whose output runs.
const maxFilterDepth = 8

// substInput asks, for sink (eval, a shell, source running the output of
// src as a script), when the output is not computed and src or a stage
// before it reads input the agent controls. It reports whether it did.
func (w *walker) substInput(c scope, sink, src *Call, kind string) bool {
	in := w.judgedInput(c, sink, src, kind)
	if !in.any {
		return false
	}
	from := clip(strings.Join(in.from, ", "), 80)
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: sink, Text: src.Text(), Always: true,
		What: sink.Name + " runs, as a script, what " + readerName(src) + " (a program corral does not model) prints from " +
			from + ": the script is only known at run time"})
	return true
}

// judgedInput returns what src reads from outside (callInput) and, when
// every input's text is known, judges that text as the script sink
// runs (a superset of what src prints from it).
func (w *walker) judgedInput(c scope, sink, src *Call, kind string) *filterInput {
	in := &filterInput{known: true}
	w.callInput(c, src, in, 0)
	if in.any && in.known {
		w.childIn(c, sink, in.text.String(), nil, kind, true, w.cur, sink.Dir)
	}
	return in
}

// callInput adds to in what call reads from outside the command's own
// generators: a download it is, its operands that are files, its
// standard input, the <(…) it reads.
func (w *walker) callInput(c scope, call *Call, in *filterInput, depth int) {
	if call == nil || depth > maxFilterDepth {
		return
	}
	if downloaders.Get()[call.Name] {
		in.add("a download ("+clip(call.Text(), 40)+")", "", false)
		return
	}
	stdin := false
	for _, a := range call.Args {
		if ps, ok := w.m.ArgStream(a); ok && ps.Pipe != nil {
			if ps.Pipe.Subst == "<(" {
				w.procInput(c, ps.Pipe, a.Raw, in, depth+1)
			}
			continue
		}
		switch {
		case !a.Static || a.Value == "" || a.Glob:
		case a.Value == "-" || namesStdin(call, a):
			stdin = true
		case strings.HasPrefix(a.Value, "-"):
		default:
			w.fileInput(call, call.Dir.Join(a.Value), a.Value, in)
		}
	}
	if len(call.Args) == 0 || stdin || call.Fd(0).Kind != StreamInherited {
		w.stdinInput(c, call, in, depth)
	}
}

// fileInput adds file d, an operand of call, when it is one: a file this
// command wrote, a regular file on disk, or one not there yet that a
// download of this command before call may save. Any other word (a
// subcommand, an encoding name, a shell's name) is no input.
func (w *walker) fileInput(call *Call, d Dir, name string, in *filterInput) {
	if !d.Known {
		return
	}
	if _, ok := w.written[d.Path]; ok || w.opaque[d.Path] {
		text, ok := w.readScript(d)
		in.add(d.Path, text, ok)
		return
	}
	fi, err := os.Stat(d.Path)
	switch {
	case err == nil && fi.Mode().IsRegular():
		text, ok := w.readScript(d)
		in.add(d.Path, text, ok)
	case err == nil && d.Path == "/dev/null":
	case err == nil && underDev(d.Path):
		in.add(d.Path, "", false)
	case errors.Is(err, fs.ErrNotExist) && w.downloadsBefore(call):
		in.add(name+" (not there yet: a download of this command may save it)", "", false)
	}
}

// stdinInput adds what call reads on its standard input when the command
// gives it one: a file, a here-document or here-string, a process
// substitution, the stage before it. The descriptor the shell was
// started with is the pipe-shell and runtime-script rules' (… | eval
// "$(cat)").
func (w *walker) stdinInput(c scope, call *Call, in *filterInput, depth int) {
	s := call.Fd(0)
	switch s.Kind {
	case StreamFile:
		rd, _ := s.File()
		switch {
		case rd.Proc != nil:
			w.procInput(c, rd.Proc, rd.Target.Raw, in, depth+1)
		case !rd.Target.Static:
			in.add(rd.Target.Raw, "", false)
		default:
			w.fileInput(call, rd.Dir.Join(rd.Target.Value), rd.Target.Value, in)
		}
		return
	case StreamPipe:
	case StreamUnknown:
		in.add("standard input only known at run time", "", false)
		return
	default:
		return
	}
	if texts := w.stdinTexts(c, call); len(texts) > 0 {
		for _, t := range texts {
			in.add("a "+t.kind, t.text, !t.dynamic)
		}
		return
	}
	if s.Pipe == nil {
		return
	}
	if s.Pipe.Subst == "<(" {
		w.procInput(c, s.Pipe, "< <(…)", in, depth+1)
		return
	}
	if s.Pipe == call.Pipe && readsStage(call, s.Pipe, s.Stage) {
		w.stageOutput(c, s.Pipe, s.Stage-1, in, depth+1)
	}
}

// procInput adds the output of process substitution p when it derives
// from input the agent controls, or is static text.
func (w *walker) procInput(c scope, p *Pipeline, raw string, in *filterInput, depth int) {
	wr := p.Stage(0)
	if wr == nil || depth > maxFilterDepth {
		return
	}
	if wr.Pipe != nil {
		w.stageOutput(c, wr.Pipe, wr.PipeIndex, in, depth)
		return
	}
	w.stageOutput(c, &Pipeline{Calls: []*Call{wr}}, 0, in, depth)
}

// stageOutput adds what stage i of p prints: its text when corral
// computes it, else what it reads. A stage that reads nothing prints
// its own text, which is no input (ssh-agent -s | grep -v echo).
func (w *walker) stageOutput(c scope, p *Pipeline, i int, in *filterInput, depth int) {
	src := p.Stage(i)
	if src == nil || depth > maxFilterDepth {
		return
	}
	if downloaders.Get()[src.Name] {
		in.add("a download ("+clip(src.Text(), 40)+")", "", false)
		return
	}
	if text, dynamic, ok := w.producedText(c, p, i); ok && !dynamic {
		if text != "" {
			in.add(clip(src.Text(), 40), text, true)
		}
		return
	}
	w.callInput(c, src, in, depth)
}
