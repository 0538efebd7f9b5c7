package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// checkTarToCommand judges GNU tar's --to-command=CMD on extraction (red
// team 17 TC1): tar runs CMD (through sh -c, which the walker judges as a
// nested command) once per member with the member's bytes on its
// standard input. A CMD that is a shell or an interpreter reading its
// program from standard input (sh, bash -s, python3, python3 -) runs
// every member as a script: tar xf a.tar --to-command=sh is
// tar xOf a.tar | sh per member: the members of an archive corral can
// read are judged as those scripts, and one it cannot read asks. A CMD that reads the
// member as data (wc -c, sha256sum, sh -c '…', python3 script.py)
// passes here.
func (p *Pass) checkTarToCommand(c *syntax.Call) {
	switch c.Name {
	case "tar", "gtar":
	default:
		return
	}
	opts, _ := syntax.ScanOptions(syntax.TarArgs(c.Args), syntax.TarOptions)
	extract := false
	for _, o := range opts {
		if o.Name == "x" || o.Name == "extract" || o.Name == "get" {
			extract = true
		}
	}
	if !extract {
		return
	}
	for _, o := range opts {
		if o.Name != "to-command" || !o.HasVal {
			continue
		}
		words := strings.Fields(o.Val.Value)
		if len(words) == 0 || !o.Val.Static {
			continue // a run-time CMD is judged as a nested command
		}
		if !readsProgramOnStdin(words) {
			continue
		}
		if p.judgeToCommandMembers(c, o.Val.Value) {
			continue // each member judged as the script it is (writes_extract_tocommand.go)
		}
		p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
			Message: c.Name + " --to-command=" + clipText(o.Val.Value, 40) + " gives each member of the archive to " + path.Base(words[0]) +
				" on its standard input, which runs it as a script: the members are code corral does not judge"})
	}
}

// readsProgramOnStdin reports a command line (its words) that is a shell
// or an interpreter with no program text or script operand, so that it
// reads its program from standard input: sh, bash -s, sh -x, python3,
// python3 -, perl, node -.
func readsProgramOnStdin(words []string) bool {
	name := path.Base(words[0])
	if name == "env" || name == "exec" || name == "command" {
		if len(words) < 2 {
			return false
		}
		return readsProgramOnStdin(words[1:])
	}
	if !syntax.IsShell(name) && lang.ForProgram(name) == "" {
		return false
	}
	for _, w := range words[1:] {
		switch {
		case w == "-" || w == "-s" || w == "--":
			continue
		case w == "-c" || w == "-e" || w == "-E" || w == "-r" || w == "-m" || strings.HasPrefix(w, "--eval") || strings.HasPrefix(w, "--command") ||
			(strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsAny(w[1:], "ce")):
			return false // program text on the command line
		case strings.HasPrefix(w, "-"):
			continue
		default:
			return false // a script operand
		}
	}
	return true
}
