package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var pipeShell = Rule{
	Name: "pipe-shell",
	Doc: `A download executed as it arrives is remote code execution: curl or
wget whose output is piped into a shell or interpreter reading stdin
(curl … | sh, | sudo bash -s -- args, | python3, even through tee), fed as
a file by process substitution (bash <(curl …), source <(wget -O- …)), or
substituted into a script string (sh -c "$(curl …)", eval "$(curl …)",
python3 -c "$(curl …)"). Nothing can be sandboxed about running it: ask.
A pipe into jq, grep or tar is not execution and passes.`,
	Commands: []string{"curl", "wget", "wget2"},
	Call:     checkPipeShell,
}

// scriptHosts run the text or file handed to them as code.
var scriptHosts = map[string]bool{"eval": true, "source": true, ".": true}

func checkPipeShell(p *Pass, c *syntax.Call) {
	if c.Pipe != nil {
		for i := c.PipeIndex + 1; i < len(c.Pipe.Calls) && i <= c.PipeIndex+maxPipeFollow; i++ {
			s := c.Pipe.Stage(i)
			if s == nil {
				break
			}
			if runsStdin(s) {
				p.Report(c, Finding{Rule: "pipe-shell", Decision: Ask,
					Message: "the download is piped into " + s.Name + ", which runs it: remote code execution; download it into the sandbox and read it first"})
				return
			}
		}
	}
	if h := c.Host; h != nil && c.Subst != "" {
		if syntax.IsShell(h.Name) || scriptHosts[h.Name] || interpreters[h.Name] {
			p.Report(c, Finding{Rule: "pipe-shell", Decision: Ask,
				Message: "the download is handed to " + h.Name + " as code (" + c.Subst + "…)): remote code execution; download it into the sandbox and read it first"})
		}
	}
}

var runDownload = Rule{
	Name: "run-download",
	Doc: `Downloading a script and running it in the same command
(curl -o i.sh URL && bash i.sh, wget URL && ./install.sh, … && source f) is
remote code execution in two steps: ask, as for curl | sh. The download is
still moved into the sandbox.`,
	Command: checkRunDownload,
}

func checkRunDownload(p *Pass) {
	var moved []Relocation
	for _, f := range p.findings {
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
