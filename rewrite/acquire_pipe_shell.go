package rewrite

import "github.com/corral-dev/corral/syntax"

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
