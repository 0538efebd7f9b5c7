package rewrite

import (
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var axelRule = Rule{
	Name: "axel",
	Doc: `axel downloads a URL into its working directory, or into -o/--output
(a file, or a directory to save into). The output becomes sandbox/<its
base name> (the sandbox itself when it names a directory such as "."),
and -o <sandbox> is added when none is given.`,
	Decisions: []Decision{Rewrite, Ask},
	Commands:  []string{"axel"},
	Call:      checkAxel,
}

// axelSpec are axel's options that take a value (--search takes one only
// after "=").
var axelSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "snoHUT", longEq: true, longVal: longOpts("max-speed", "num-connections",
		"output", "header", "user-agent", "timeout", "max-redirect")}
}}

func checkAxel(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, axelSpec.Get())
	if len(operands) == 0 {
		return
	}
	outs := find(opts, "o", "output")
	if len(outs) == 0 {
		p.intoDirOption(c, "axel", "download", nil, " -o ", -1)
		return
	}
	o := outs[len(outs)-1]
	if p.InSandbox(c.Dir, o.val) {
		return
	}
	dest, text := p.sandboxed(o.val, "download")
	if o.val.Static && (o.val.Value == "." || o.val.Value == "./") {
		dest, text = p.Config.Sandbox, syntax.Quote(p.Config.Sandbox)
	}
	p.acquire(c, "axel", "download", "axel saves the download to "+o.val.Value+", outside the sandbox", dest,
		[]syntax.Edit{setValue(c, o, text)}, relocate(c, c.Dir, o.val.Value, dest))
}
