package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var runDownload = Rule{
	Name: "run-download",
	Doc: `Downloading a script and running it in the same command
(curl -o i.sh URL && bash i.sh, wget URL && ./install.sh, … && source f) is
remote code execution in two steps: ask, as for curl | sh. The download is
still moved into the sandbox.`,
	Decisions: []Decision{Ask},
	Requires:  movers,
	Command:   checkRunDownload,
}

func checkRunDownload(p *Pass) {
	var moved []Relocation
	for _, f := range p.ResultOf(movers...) {
		if f.Fix != nil {
			moved = append(moved, f.Fix.Relocations...)
		}
	}
	if len(moved) == 0 {
		return
	}
	for _, c := range p.Model.Calls {
		for _, rl := range moved {
			if c.Script != rl.Script || c.Start < rl.After {
				continue
			}
			if runsFile(c, rl.From) {
				p.Report(c, Finding{Rule: "run-download", Decision: Ask,
					Message: "runs " + rl.From + ", which this command downloads: remote code execution; download it into the sandbox and read it first"})
			}
		}
	}
}

// runsFile reports whether c executes the file at path: as the command
// itself, or as the script of a shell, an interpreter or source.
func runsFile(c *syntax.Call, path string) bool {
	is := func(a syntax.Arg) bool {
		d := c.Dir.Join(a.Value)
		return a.Static && d.Known && d.Path == path
	}
	if c.NameArg.Word != nil && strings.Contains(c.NameArg.Value, "/") && is(c.NameArg) {
		return true
	}
	if !syntax.IsShell(c.Name) && !interpreters[c.Name] && c.Name != "source" && c.Name != "." {
		return false
	}
	for _, a := range c.Args {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		return is(a)
	}
	return false
}
