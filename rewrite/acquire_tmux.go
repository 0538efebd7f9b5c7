package rewrite

import (
	"slices"
	"sort"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// tmux's paste buffers carry bytes from one tmux command to another: a
// download put in a buffer (curl URL | tmux load-buffer -, tmux
// load-buffer <(curl URL), tmux set-buffer "$(curl URL)") is written to
// a file by a later save-buffer PATH, printed by save-buffer - and
// show-buffer, and typed into a pane by paste-buffer (the shell model's:
// a buffer it did not fill asks). save-buffer without -b saves the
// buffer set most recently, named or not; with -b NAME that buffer; a
// relative PATH is taken from the client's working directory (checked
// with tmux 3.3a on a private socket: TestTmuxBufferDownload). The
// commands are followed in order, in the call that fills the buffer
// after the filling command (tmux loadb - \; saveb f) and in the tmux
// calls after it in the same script; the file moves into the sandbox,
// and what goes to stdout is followed as the download's own stdout.

// tmuxBufferSpec are the options of tmux's buffer commands that take a
// value (tmux(1): -b buffer-name, -n new-buffer-name, -t target-client).
var tmuxBufferSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "bnt", stop: true}
}}

// tmuxBuffers follows the download through tmux's buffers.
type tmuxBuffers struct {
	named map[string]bool // the named buffers that hold it
	any   bool            // a buffer named at run time holds it
	top   bool            // the buffer set most recently holds it
}

// followTmux follows a download that reaches tmux call s: fills reports
// whether the word a of a set-buffer or load-buffer command is the
// download (the "-" of load-buffer on a download's stdin, a <(…) path,
// a word a substitution filled).
func (p *Pass) followTmux(s *syntax.Call, rule, kind string, fills func(cmd string, a syntax.Arg) bool) {
	var b *tmuxBuffers
	visit := func(t *syntax.Call, cmds []syntax.TmuxCmd) {
		for _, c := range cmds {
			opts, ops := scan(c.Args, tmuxBufferSpec.Get())
			name, named, dynamic := "", false, false
			if bs := find(opts, "b"); len(bs) > 0 {
				name, named, dynamic = bs[len(bs)-1].val.Value, true, !bs[len(bs)-1].val.Static
			}
			switch c.Name {
			case "set-buffer", "load-buffer":
				if len(ops) == 0 {
					continue
				}
				ours := fills != nil && fills(c.Name, c.Args[ops[len(ops)-1]])
				if b == nil {
					if !ours {
						continue // before the download
					}
					b = &tmuxBuffers{named: map[string]bool{}}
				}
				appends := has(opts, "a") && c.Name == "set-buffer"
				switch {
				case dynamic:
					b.any = b.any || ours
					b.top = ours
				case named:
					b.named[name] = ours || appends && b.named[name]
					b.top = b.named[name]
				default:
					// A new automatic buffer, or with -a the top one grown.
					b.top = ours || appends && b.top
				}
			case "save-buffer", "show-buffer":
				if b == nil || !(named && (dynamic || b.any || b.named[name]) || !named && b.top) {
					continue
				}
				if c.Name == "show-buffer" || len(ops) == 0 {
					p.followStdout(t, rule, kind)
					continue
				}
				p.saveBuffer(t, c.Args[ops[len(ops)-1]], rule, kind)
			case "delete-buffer":
				if b != nil && named && !dynamic {
					b.named[name] = false
				} else if b != nil && !named {
					b.top = false
				}
			}
		}
	}
	visit(s, syntax.TmuxCommands(s))
	if b == nil {
		return
	}
	var later []*syntax.Call
	for _, t := range p.Model.Calls {
		if t != s && t.Name == "tmux" && t.Script == s.Script && t.Start > s.Start {
			later = append(later, t)
		}
	}
	sort.SliceStable(later, func(i, j int) bool { return later[i].Start < later[j].Start })
	fills = nil // later commands fill buffers with other content
	for _, t := range later {
		visit(t, syntax.TmuxCommands(t))
	}
}

// saveBuffer moves the file save-buffer writes a buffer with the
// download to into the sandbox; - and /dev/stdout print it.
func (p *Pass) saveBuffer(t *syntax.Call, a syntax.Arg, rule, kind string) {
	if a.Value == "-" {
		p.followStdout(t, rule, kind)
		return
	}
	if p.followRoute(t, a.Value, rule, kind) || a.Value == "/dev/null" || p.InSandbox(t.Dir, a) {
		return
	}
	dest, text := p.sandboxed(a, "download")
	p.acquire(t, rule, kind, "tmux save-buffer writes the download, held in a tmux buffer, to "+a.Value+", outside the sandbox", dest,
		[]syntax.Edit{Replace(t, a, text)}, relocate(t, t.Dir, a.Value, dest))
}

// tmuxStdinFill reports a load-buffer path that is tmux's stdin.
func tmuxStdinFill(s *syntax.Call) func(cmd string, a syntax.Arg) bool {
	return func(cmd string, a syntax.Arg) bool {
		if cmd != "load-buffer" {
			return false
		}
		if a.Value == "-" {
			return true
		}
		st, fd := s.Route(a.Value)
		return fd && (st.Kind == syntax.StreamPipe || st.Kind == syntax.StreamInherited && st.Fd == 0)
	}
}

// tmuxFileFill reports a load-buffer path that is the process
// substitution pipe carrying the download (tmux load-buffer <(curl URL)).
func (p *Pass) tmuxFileFill(pipe syntax.Stream) func(cmd string, a syntax.Arg) bool {
	return func(cmd string, a syntax.Arg) bool {
		st, ok := p.Model.ArgStream(a)
		return cmd == "load-buffer" && ok && st.Pipe == pipe.Pipe
	}
}

// tmuxWordFill reports a set-buffer word a substitution of the download
// filled (tmux set-buffer "$(curl URL)", a variable holding its output).
func tmuxWordFill(h *syntax.Call) func(cmd string, a syntax.Arg) bool {
	return func(cmd string, a syntax.Arg) bool {
		return cmd == "set-buffer" && slices.ContainsFunc(h.Args, func(x syntax.Arg) bool { return x.Start == a.Start && (x.Printed || !x.Static) })
	}
}
