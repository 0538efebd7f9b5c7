package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

// followScript moves into the sandbox the files script(1) records a
// download piped into it in: script forwards its standard input to the
// command it runs on a new terminal, whose echo (and whatever the command
// prints) the typescript holds, so curl URL | script -qc cat f leaves the
// download in f. The typescript (the first operand; ./typescript when
// neither it nor -I, -O, -B is given) and the logs of -I/--log-in,
// -O/--log-out and -B/--log-io carry it; -T's timing log holds no data.
// It reports whether s is a script call.
func (p *Pass) followScript(s *syntax.Call, rule, kind string) bool {
	if s.Name != "script" {
		return false
	}
	opts, ops := scan(s.Args, optSpec{shortVal: "cEIOBTmo", longVal: longOpts("command", "echo", "log-in", "log-out", "log-io",
		"log-timing", "logging-format", "output-limit"), longEq: true})
	if has(opts, "V", "version", "h", "help") {
		return true
	}
	move := func(a syntax.Arg, edit func(text string) syntax.Edit) {
		if a.Value == "/dev/null" || p.InSandbox(s.Dir, a) {
			return
		}
		if _, fd := s.Route(a.Value); fd {
			p.followFdOperand(s, a.Value, rule, kind)
			return
		}
		dest, text := p.sandboxed(a, "typescript")
		p.acquire(s, rule, kind, "script records the download in "+a.Value+", outside the sandbox", dest,
			[]syntax.Edit{edit(text)}, relocate(s, s.Dir, a.Value, dest))
	}
	logs := find(opts, "I", "log-in", "O", "log-out", "B", "log-io")
	for _, o := range logs {
		o := o
		move(o.val, func(text string) syntax.Edit { return setValue(s, o, text) })
	}
	switch {
	case len(ops) > 0:
		a := s.Args[ops[0]]
		move(a, func(text string) syntax.Edit { return Replace(s, a, text) })
	case len(logs) == 0 && len(s.Args) > 0:
		// No file named: ./typescript, named after the last word.
		if p.DirInSandbox(s.Dir) {
			return true
		}
		dest := p.Config.Sandbox + "/typescript"
		p.acquire(s, rule, kind, "script records the download in ./typescript, outside the sandbox", dest,
			[]syntax.Edit{Insert(s, s.Args[len(s.Args)-1].End, " "+syntax.Quote(dest))}, nil)
	}
	return true
}
