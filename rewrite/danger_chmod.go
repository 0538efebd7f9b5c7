package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var chmodRecursive = Rule{
	Name:      "chmod-recursive",
	Decisions: []Decision{Deny},
	Doc: `chmod -R 777 (any option order; 0777, 666, a+rwx, ugo+rwx, o+w: any
mode that lets everyone write) makes a whole tree writable by everyone:
deny, as seed 002's starter table does.
chown/chgrp -R and chmod -R of /, ~, a system directory or the project's
parents change ownership of the machine: deny. A plain chmod 777 file is
allowed.`,
	Commands: []string{"chmod", "chown", "chgrp"},
	Call:     checkChmod,
}

// worldWritable reports whether a chmod mode lets everyone write: an octal
// mode whose last digit has the write bit (777, 0666), or a symbolic mode
// that adds write for others or all (a+rwx, o+w, ugo=rwx).
func worldWritable(mode string) bool {
	if mode != "" && strings.Trim(mode, "01234567") == "" {
		last := mode[len(mode)-1] - '0'
		return last&2 != 0
	}
	for _, clause := range strings.Split(mode, ",") {
		i := strings.IndexAny(clause, "+=")
		if i < 0 {
			continue
		}
		who, perms := clause[:i], clause[i+1:]
		if strings.ContainsAny(who, "oa") && strings.Contains(perms, "w") {
			return true
		}
	}
	return false
}

func checkChmod(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, specFor(c.Name))
	recursive := has(opts, "R", "recursive")
	if !recursive || len(operands) == 0 {
		return
	}
	targets := operands[1:] // the mode or owner comes first
	if c.Name == "chmod" {
		if mode := c.Args[operands[0]].Value; worldWritable(mode) {
			p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: "chmod -R " + mode + " makes a whole tree writable by everyone"})
			return
		}
	}
	for _, i := range targets {
		a := c.Args[i]
		if !a.Static {
			continue
		}
		why := ""
		if d, ok := treeTarget(c.Dir, a); ok {
			why = p.catastrophic(d.Path)
		} else if _, w := p.globVictim(c.Dir, a); w != "" {
			why = w
		}
		if why != "" && !strings.HasPrefix(why, "the project") {
			p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: c.Name + " -R on " + why})
		}
	}
}
