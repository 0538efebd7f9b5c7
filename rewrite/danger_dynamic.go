package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// assignsAny reports whether src mentions one of the variables other than
// by expanding it ($v, ${v}): an assignment, read v, for v in, declare v.
func assignsAny(src string, names []string) bool {
	for _, n := range names {
		if n == "" {
			continue
		}
		for i := strings.Index(src, n); i >= 0; {
			before := byte(' ')
			if i > 0 {
				before = src[i-1]
			}
			end := i + len(n)
			after := byte(' ')
			if end < len(src) {
				after = src[end]
			}
			if before != '$' && before != '{' && !wordByte(before) && !wordByte(after) {
				return true
			}
			j := strings.Index(src[end:], n)
			if j < 0 {
				break
			}
			i = end + j
		}
	}
	return false
}

func wordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// splitsName reports a value of a run-time command name that holds more
// than a program's name or path: a blank or another character an IFS
// may split it at (rm -rf ~, rm,-rf,~).
func splitsName(v string) bool {
	for i := 0; i < len(v); i++ {
		if b := v[i]; !wordByte(b) && !strings.ContainsRune("/.-+@%", rune(b)) {
			return true
		}
	}
	return false
}

var dynamicCommand = Rule{
	Name:      "dynamic-command",
	Decisions: []Decision{Ask},
	Doc: `A command whose name is only known at run time ($cmd clone …,
git${IFS}clone …, "$(echo rm)" -rf …) cannot be judged by name. When its
text holds a word that acquires content or can destroy data, ask; other
run-time names ("$EDITOR" file, "$@") pass. Names assigned a static value
earlier in the command (a=git; $a clone …) are resolved and judged
normally. A run-time name also asks when its known parts, or a value it may
take, mention such a word (c="rm -rf $HOME"; $c$u). It also asks when a variable it is made of is
given a value elsewhere in the same command and that command mentions such
a word (x=ls; true || x=rm; $x -rf ~: the path that sets rm may run), and
when its arguments name a catastrophic target (the root, the home
directory, a system directory, the project), a file the path guards
protect (the program may move, write or delete it: $y ~/.claude x) or a
secret (it may print it). A name that find -exec or
xargs -I/parallel puts in place of {} (find . -name x.sh -exec {} \;)
always asks: each file or input line is a program that runs. So does a
name that is one command substitution, other than a lookup ($(which x)):
$(echo cm0gLXJmIH4= | base64 -d) runs whatever the substitution prints,
name and arguments; and one that is a variable holding such output
(c=$(… | base64 -d); $c, also through a copy, d=$c; "$d") or what read
or mapfile took from an input corral cannot read (read -r c <
cmds.txt; $c; a file on disk is read and its words judged).`,
	Call: func(p *Pass, c *syntax.Call) {
		if c.Name != "" && !fedName(c) || len(c.Wrappers) > 0 && c.NameArg.Word == nil {
			return
		}
		if fedName(c) && wholeFedName(c) {
			// find -exec {} \;, xargs -I{} {}: the program is each file
			// or input line, which only run time knows.
			p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
				Message: "the command name " + c.NameArg.Raw + " is what " + feeder(c) + " puts there at run time: each program it names runs"})
			return
		}
		if first, quoted, ok := c.NameArg.WholeSubst(); ok && !pathLookups.Get()[first] && c.RunBy == nil {
			// $(echo cm0gLXJmIH4= | base64 -d), $(rev <<< …): the
			// command (unquoted: with its arguments) is whatever the
			// substitution prints, however the text around it reads.
			what := "the command and its arguments are"
			if quoted {
				what = "the program is"
			}
			p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
				Message: what + " what " + c.NameArg.Raw + " prints at run time, which corral cannot see"})
			return
		}
		if c.NameArg.Printed && c.NameArg.OnlyVariable() && !pathLookups.Get()[c.NameArg.PrintedBy()] && c.RunBy == nil {
			// c=$(echo cm0gLXJmIH4= | base64 -d); $c: the variable holds
			// whatever the substitution printed, name and arguments.
			what := "what a command printed"
			switch by := c.NameArg.PrintedBy(); by {
			case "":
			case "read", "mapfile", "readarray":
				// read -r x < cmds.txt; $x: a file corral could not read.
				what = "what " + by + " takes from its input"
			default:
				what = "what " + by + " printed"
			}
			p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
				Message: "the command name " + c.NameArg.Raw + " holds " + what + " at run time, which corral cannot see"})
			return
		}
		if text := c.Text(); p.mentionsRuleWord(text) {
			p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
				Message: "the command name " + c.NameArg.Raw + " is only known at run time, and the command mentions something that acquires content or destroys data"})
			return
		}
		if !c.NameArg.Static {
			// c="rm -rf $HOME"; $c$u: the name's known parts (or a value
			// it may take, u unset) are a command line of their own,
			// which bash splits into the program and its arguments (a
			// value that is one program name, "${G:-git}", is judged
			// as that program by the other rules).
			for _, v := range append([]string{c.NameArg.Value}, c.NameArg.Candidates()...) {
				if splitsName(v) && p.mentionsRuleWord(v) {
					p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
						Message: "the command name " + c.NameArg.Raw + " is only known at run time, and what it holds (" + v + ") mentions something that acquires content or destroys data"})
					return
				}
			}
		}
		if top := p.Model.Script.Src; assignsAny(top, c.NameArg.Unknown()) && p.mentionsRuleWord(top) {
			p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
				Message: "the command name " + c.NameArg.Raw + " is only known at run time: this command gives it a value on some path, and mentions something that acquires content or destroys data"})
			return
		}
		for _, a := range c.Args {
			if !a.Static || a.Value == "" {
				continue
			}
			if d := c.Dir.Join(a.Value); d.Known {
				if what := p.catastrophic(d.Path); what != "" {
					p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
						Message: "the command name " + c.NameArg.Raw + " is only known at run time, and it is given " + what})
					return
				}
				if what := p.guardedOperand(c, d.Path, a); what != "" {
					p.Report(c, Finding{Rule: "dynamic-command", Decision: Ask,
						Message: "the command name " + c.NameArg.Raw + " is only known at run time, and it is given " + what})
					return
				}
			}
		}
	},
}

// guardedOperand says what an operand of a program only known at run
// time names when the path guards would refuse to let a command write it
// (corral's and the agents' own files, shell start-up files, git hooks:
// the program may write it, ${y~~} ~/.claude ~/c2) or it is a
// secret (the program may print it); "" otherwise.
func (p *Pass) guardedOperand(c *syntax.Call, abs string, a syntax.Arg) string {
	cfg := p.Config
	if cfg.Paths == nil {
		return ""
	}
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	for _, act := range []guards.Action{guards.Write, guards.Delete} {
		// Delete: a directory that holds such files (mv ~/.claude x).
		if d := cfg.Paths.Decide(env, abs, act); d.Verdict == guards.Deny && d.Rule != "allowlist" && d.Rule != "traversal" &&
			(d.Rule != "blocked-path" || cfg.Home != "" && guards.Within(cfg.Home, abs)) {
			return abs + ", which corral protects (" + d.Message + ")"
		}
	}
	if _, ok := p.secretOf(c.Dir, a); ok {
		return abs + ", a secret"
	}
	return ""
}

// fedName reports a command name that xargs -I, find -exec, fd -x or
// parallel fill in with what they read at run time (printf rm | xargs
// -I{} {} -rf ~, cat f | parallel {.} -rf ~).
// wholeFedName reports a command name that is exactly what find or xargs
// puts in its place, with no wrapper before it (find … -exec {} \;).
func wholeFedName(c *syntax.Call) bool {
	for _, w := range c.Wrappers {
		switch w {
		case "xargs", "parallel", "sem", "find -exec", "find -execdir", "find -ok", "find -okdir",
			"fd -x", "fd -X", "fd --exec", "fd --exec-batch":
		default:
			return false // find . -exec command {} +: a wrapper in between
		}
	}
	name := c.NameArg.Value
	rs := c.Repls(name)
	return len(rs) == 1 && rs[0].Start == 0 && rs[0].End == len(name)
}

// feeder names the program that gives a fed name its value.
func feeder(c *syntax.Call) string {
	if c.RunBy != nil && c.RunBy.Name == "find" {
		return "find"
	}
	if len(c.Wrappers) > 0 {
		return c.Wrappers[len(c.Wrappers)-1]
	}
	return "xargs"
}

// pathLookups are the commands that print where a program is: a name
// they print is that program ($(which python3) script.py).
var pathLookups = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"which": true, "command": true, "type": true, "whereis": true,
		"pyenv": true, "rbenv": true, "nodenv": true, "asdf": true, "mise": true, "xcrun": true, "realpath": true, "readlink": true}
}}

func fedName(c *syntax.Call) bool {
	// {} of find -exec, xargs -I's string, any of GNU parallel's ({.},
	// {/}, -I@'s @, …) or fd -x's (syntax.Call.Repls). parallel runs its
	// words as a shell's command line: a name word that holds shell
	// syntax (parallel 'mv {} {.}.bak') is that line, whose own
	// commands are walked and judged.
	name := c.NameArg.Value
	if l := c.Wrappers; len(l) > 0 && (l[len(l)-1] == "parallel" || l[len(l)-1] == "sem") && strings.ContainsAny(name, " \t\n;&|<>()$`\"'\\") {
		return false
	}
	return len(c.Repls(name)) > 0
}
