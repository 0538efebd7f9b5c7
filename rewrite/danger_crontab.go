package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var crontabReplace = Rule{
	Name:      "crontab-replace",
	Decisions: []Decision{Ask},
	Doc: `crontab -r removes every job of the user's crontab and keeps no copy
(-i only prompts, and a pipe can answer); crontab FILE and crontab - (a
table on standard input) replace the whole crontab, dropping every job
already there, and schedule commands that run later, outside the
agent's session and any hook: ask for each, unless the new table is
made from the old one in the same pipeline (crontab -l | sed … |
crontab -, (crontab -l; echo '…') | crontab -), which keeps its jobs.
The commands of a table corral can read are judged in every case, as if
run now (a denied one is denied). crontab -l (list), -e (the editor
variables it runs are judged), -T (check a file's syntax), -V, -n and -c
pass.`,
	Commands: []string{"crontab"},
	Call:     checkCrontab,
}

// crontabSpec is cronie's and Debian cron's crontab(1): -u USER and -n
// HOST take a value; -l, -r, -e, -i, -s, -T, -c, -V are flags.
var crontabSpec = optSpec{shortVal: "un"}

func checkCrontab(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	opts, operands := scan(c.Args, crontabSpec)
	switch {
	case has(opts, "l") || has(opts, "T") || has(opts, "V") || has(opts, "c") || has(opts, "n") || has(opts, "e"):
		return
	case has(opts, "r"):
		p.Report(c, Finding{Rule: "crontab-replace", Decision: Ask, Message: "crontab -r removes every scheduled job of the user, with no copy kept"})
	case len(operands) == 0 || c.Args[operands[0]].Value == "-":
		if keepsTable(p, c) {
			return
		}
		fallthrough
	default:
		src := "standard input"
		if len(operands) > 0 && c.Args[operands[0]].Value != "-" {
			src = c.Args[operands[0]].Raw
		}
		p.Report(c, Finding{Rule: "crontab-replace", Decision: Ask, Message: "crontab replaces the user's crontab with " + src + ": every job already there is dropped, and the new ones run later outside the agent's session"})
	}
}

// keepsTable reports a crontab installed from a pipe whose earlier stages
// list the current table (crontab -l), in a command of their own, a
// group or a process substitution: the new table is made from the old.
func keepsTable(p *Pass, c *syntax.Call) bool {
	in := c.Fd(0)
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Stage < 1 || in.Stage > len(in.Pipe.Stmts) {
		return false
	}
	start := int(in.Pipe.Stmts[0].Pos().Offset())
	end := int(in.Pipe.Stmts[in.Stage-1].End().Offset())
	for _, x := range p.Model.Calls {
		if x.Name != "crontab" || x.Script != c.Script || x.Start < start || x.End > end {
			continue
		}
		if opts, _ := scan(x.Args, crontabSpec); has(opts, "l") {
			return true
		}
	}
	return false
}
