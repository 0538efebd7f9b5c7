package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// selfCommands are corral's subcommands that approve, forget approvals or
// (un)register the hook: the person's, never the agent's.
var selfCommands = []string{"confirm", "session", "init", "uninstall"}

// corralGlobalSpec are corral's options before its subcommand.
var corralGlobalSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{longEq: true, stop: true, longVal: longOpts("color"), longFlag: longOpts("help", "version")}
}}

var corralSelf = Rule{
	Name:      "corral-self",
	Decisions: []Decision{Deny},
	Doc: `corral confirm, corral session, corral init, corral uninstall and corral
policy init run by the agent are denied, however they are spelled (a path, a wrapper, bash -c,
options first): an agent that approves its own asks or unregisters the hook
has switched corral off. The person runs them in their own terminal.`,
	Commands: []string{"corral", "go"},
	Call: func(p *Pass, c *syntax.Call) {
		args := c.Args
		if c.Name == "go" {
			// go run …/cmd/corral@latest uninstall, go run ./cmd/corral
			// confirm: corral built from source and run with these words.
			var ok bool
			if args, ok = goRunCorral(args); !ok {
				return
			}
		}
		_, ops := scan(args, corralGlobalSpec.Get())
		if len(ops) == 0 {
			return
		}
		a := args[ops[0]]
		if !a.Static {
			// A subcommand only known at run time could be any of them.
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral with a subcommand only known at run time could approve or unregister itself; the user runs corral's commands"})
			return
		}
		if a.Value == "policy" && len(ops) > 1 && args[ops[1]].Value == "init" {
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral policy init writes a policy file; the user runs it in their own terminal"})
			return
		}
		for _, s := range selfCommands {
			if a.Value == s {
				p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral " + a.Value + " is for the user to run in their own terminal, not for the agent"})
			}
		}
	},
}

// goRunCorral returns the words after the package of a go run whose
// package is a corral command (its path ends in /corral or is corral,
// any @version), and whether it is one. go run's build flags come first
// ("go help build"); those that take a value take it after "=" or as the
// next word.
func goRunCorral(args []syntax.Arg) ([]syntax.Arg, bool) {
	if len(args) < 2 || args[0].Value != "run" {
		return nil, false
	}
	valued := map[string]bool{"-C": true, "-exec": true, "-mod": true, "-modfile": true, "-overlay": true, "-pgo": true, "-tags": true,
		"-ldflags": true, "-gcflags": true, "-asmflags": true, "-gccgoflags": true, "-p": true, "-pkgdir": true, "-toolexec": true,
		"-buildmode": true, "-compiler": true, "-installsuffix": true, "-o": true, "-coverpkg": true, "-covermode": true, "-reldir": true}
	for i := 1; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			continue
		}
		if strings.HasPrefix(v, "-") {
			name := strings.TrimPrefix(v, "-")
			name, _, hasEq := strings.Cut("-"+strings.TrimPrefix(name, "-"), "=")
			if valued[name] && !hasEq {
				i++
			}
			continue
		}
		pkg, _, _ := strings.Cut(v, "@")
		pkg = strings.TrimSuffix(pkg, "/")
		if pkg == "corral" || strings.HasSuffix(pkg, "/corral") || strings.HasSuffix(pkg, "/corral.go") {
			return args[i+1:], true
		}
		return nil, false
	}
	return nil, false
}
