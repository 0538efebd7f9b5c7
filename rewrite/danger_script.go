package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var runtimeScript = Rule{
	Name:      "runtime-script",
	Decisions: []Decision{Ask},
	Doc: `A shell or eval whose whole script is only known at run time
(bash -c "$cmd", eval "$x", xargs bash -c, parallel bash -c {}) runs code
corral cannot see: ask. eval "$(tool init)" runs the output of a local
command that corral sees and judges, and passes. A script string with run-time parts inside known
text (bash -c "git clone $url") is parsed and judged as usual; a download
run this way is the pipe-shell rule's.`,
	// Every shell of the runner table, and eval.
	Commands: append(syntax.RunnerNames(syntax.ShellRunner), "eval"),
	Call:     checkRuntimeScript,
}

func checkRuntimeScript(p *Pass, c *syntax.Call) {
	var script *syntax.Arg
	if c.Name == "eval" {
		if len(c.Args) == 0 {
			return
		}
		script = &c.Args[0]
	} else {
		idx, stdin := syntax.ShellScript(c)
		switch {
		case idx >= 0:
			script = &c.Args[idx]
		case !stdin && c.ExtraArgs && syntax.ShellCommandString(c):
			p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " -c runs a script that arrives at run time"})
			return
		case c.ExtraArgs && syntax.ShellFile(c) >= 0 && placeholderWord(c.Args[syntax.ShellFile(c)].Value):
			// parallel bash {} -c: the script file is what xargs or
			// parallel puts in place of {}.
			p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs a script file that arrives at run time"})
			return
		default:
			return
		}
	}
	v := strings.TrimSpace(script.Value)
	if c.ExtraArgs && placeholderWord(v) {
		p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs a script that arrives at run time"})
		return
	}
	if script.Static || c.Subst != "" {
		return
	}
	// Only a parameter or substitution, nothing known around it.
	if (strings.HasPrefix(v, "$") || strings.HasPrefix(v, "`")) && !strings.ContainsAny(strings.TrimLeft(v, "${(`"), " ;|&") {
		if strings.Contains(script.Raw, "$(") || strings.Contains(script.Raw, "`") {
			// eval "$(ssh-agent -s)", eval "$(pyenv init -)": the script is
			// the output of a command corral sees and judges itself; a
			// download run this way is the pipe-shell rule's.
			return
		}
		p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs " + script.Raw + ", a script only known at run time"})
	}
}

// placeholderWord reports a word that xargs or parallel replaces with its
// input: {}, %, or braces only.
func placeholderWord(v string) bool {
	v = strings.TrimSpace(v)
	return v == "{}" || v == "%" || strings.Trim(v, "{}") == ""
}
