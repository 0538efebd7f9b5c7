package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var chmodTop = Rule{
	Name:      "chmod-root",
	Decisions: []Decision{Ask, Deny},
	Doc: `chmod, chown or chgrp without -R of /, the home directory or a system
directory itself (or of every entry of one: chmod 000 /*) still changes
who can use the machine: a mode that takes read or search away from the
owner (chmod 000 ~, chmod u-x /, chmod a= /usr) locks the user or every
program out, one that lets the group or others write (chmod 777 ~, o+w)
makes sshd refuse the home directory and lets anyone replace what is in
it, and a new owner or group (chown nobody ~) does both: ask; a mode
that lets everyone write the root or a system directory: deny. A mode
that only closes the directory to others (chmod 700 ~, go-rwx) or keeps
the owner's access (chmod 755 ~) passes, and so does a chmod without -R
anywhere else; the recursive forms are chmod-recursive's.`,
	Commands: []string{"chmod", "chown", "chgrp"},
	Call:     checkChmodTop,
}

// modeChange is what a chmod mode does to a file, as far as the mode alone
// tells.
type modeChange struct {
	// known reports a mode read: octal digits, or symbolic clauses.
	known bool
	// opens: the group or others gain a permission (644, o+r, a=u).
	opens bool
	// othersWrite: the group or others gain write.
	othersWrite bool
	// lockout: the owner loses read (000, u-r, a=); noSearch: the owner
	// loses search/execute (600 or u-x on a directory locks it).
	lockout, noSearch bool
	// special: set-user-ID or set-group-ID is set (4755, u+s, g+s).
	special bool
}

// closesOnly reports a mode that only takes access away from the group
// and others and leaves the owner able to read (600, 700, go-rwx): it
// changes nothing the owner, or the agent acting as the owner, can do to
// a file.
func (m modeChange) closesOnly() bool {
	return m.known && !m.opens && !m.lockout && !m.special
}

// readMode reads a chmod mode (chmod(1): an octal number of up to four
// digits, or comma-separated clauses [ugoa]*([-+=]([rwxXst]*|[ugo]))+).
// A symbolic clause with no who letter applies to all (the umask aside).
func readMode(mode string) modeChange {
	var m modeChange
	if mode == "" {
		return m
	}
	if strings.Trim(mode, "01234567") == "" {
		if len(mode) > 4 {
			return m
		}
		d := strings.Repeat("0", 4-len(mode)) + mode
		special, owner, group, other := d[0]-'0', d[1]-'0', d[2]-'0', d[3]-'0'
		m.known = true
		m.special = special&6 != 0
		m.lockout = owner&4 == 0
		m.noSearch = owner&1 == 0
		m.opens = group != 0 || other != 0
		m.othersWrite = group&2 != 0 || other&2 != 0
		return m
	}
	for _, clause := range strings.Split(mode, ",") {
		i := strings.IndexAny(clause, "+-=")
		if i < 0 || strings.Trim(clause[:i], "ugoa") != "" {
			return modeChange{}
		}
		who := clause[:i]
		if who == "" || strings.Contains(who, "a") {
			who = "ugo"
		}
		rest := clause[i:]
		for rest != "" {
			op := rest[0]
			j := 1
			for j < len(rest) && !strings.ContainsRune("+-=", rune(rest[j])) {
				j++
			}
			perms := rest[1:j]
			rest = rest[j:]
			if strings.Trim(perms, "rwxXstugo") != "" {
				return modeChange{}
			}
			others := strings.ContainsAny(who, "go")
			copies := strings.ContainsAny(perms, "ugo") // a=u: the owner's bits, which hold read and write
			switch op {
			case '+':
				if others && (strings.ContainsAny(perms, "rwxX") || copies) {
					m.opens = true
				}
				if others && (strings.Contains(perms, "w") || copies) {
					m.othersWrite = true
				}
				if strings.Contains(perms, "s") && strings.ContainsAny(who, "ug") {
					m.special = true
				}
			case '-':
				if strings.Contains(who, "u") && strings.Contains(perms, "r") {
					m.lockout = true
				}
				if strings.Contains(who, "u") && strings.ContainsAny(perms, "xX") {
					m.noSearch = true
				}
			case '=':
				if others && strings.Trim(perms, "st") != "" {
					m.opens = true
				}
				if others && (strings.Contains(perms, "w") || copies) {
					m.othersWrite = true
				}
				if strings.Contains(who, "u") && !copies && !strings.Contains(perms, "r") {
					m.lockout = true
				}
				if strings.Contains(who, "u") && !copies && !strings.ContainsAny(perms, "xX") {
					m.noSearch = true
				}
				if strings.Contains(perms, "s") && strings.ContainsAny(who, "ug") {
					m.special = true
				}
			}
		}
	}
	m.known = true
	return m
}

// modeOperands reads chmod's, chown's and chgrp's words: -R/--recursive,
// --reference, and the operands (the mode, owner or group first unless
// --reference). GNU chmod's own short options are c, f, v and R; any other
// word with a dash (-x, -w) is a mode.
func modeOperands(c *syntax.Call) (recursive, reference bool, operands []int) {
	if c.Name != "chmod" {
		opts, ops := scan(c.Args, specFor(c.Name))
		return has(opts, "R", "recursive"), has(opts, "reference"), ops
	}
	for i, a := range c.Args {
		v := a.Value
		switch {
		case v == "--":
			for j := i + 1; j < len(c.Args); j++ {
				operands = append(operands, j)
			}
			return recursive, reference, operands
		case strings.HasPrefix(v, "--reference"):
			reference = true
		case v == "--recursive":
			recursive = true
		case strings.HasPrefix(v, "--"):
		case len(v) > 1 && v[0] == '-' && strings.Trim(v[1:], "cfvR") == "":
			recursive = recursive || strings.Contains(v, "R")
		default:
			operands = append(operands, i)
		}
	}
	return recursive, reference, operands
}

func checkChmodTop(p *Pass, c *syntax.Call) {
	if asksHelp(c) || fromFind(c) {
		return
	}
	recursive, reference, operands := modeOperands(c)
	if recursive || len(operands) == 0 {
		return // chmod-recursive's
	}
	var targets []syntax.Arg
	var what string
	var decision Decision
	switch {
	case reference:
		for _, i := range operands {
			targets = append(targets, c.Args[i])
		}
		what, decision = "copies the mode or owner of another file onto", Ask
	case c.Name != "chmod":
		if len(operands) < 2 {
			return
		}
		for _, i := range operands[1:] {
			targets = append(targets, c.Args[i])
		}
		what, decision = "gives a new owner or group to", Ask
	default:
		if len(operands) < 2 {
			return
		}
		modeArg := c.Args[operands[0]]
		for _, i := range operands[1:] {
			targets = append(targets, c.Args[i])
		}
		var m modeChange
		for _, cand := range candidateArgs(modeArg) {
			if !cand.Static {
				continue
			}
			mc := readMode(cand.Value)
			m.known = m.known || mc.known
			m.opens, m.othersWrite, m.special = m.opens || mc.opens, m.othersWrite || mc.othersWrite, m.special || mc.special
			m.lockout, m.noSearch = m.lockout || mc.lockout, m.noSearch || mc.noSearch
		}
		switch {
		case !m.known:
			return // a run-time mode: nothing to judge
		case m.othersWrite:
			what, decision = "lets others write", Ask
		case m.lockout || m.noSearch:
			what, decision = "takes read or search away from the owner of", Ask
		default:
			return
		}
	}
	modeVictims(p, c, targets, "", func(why string) {
		d := decision
		if c.Name == "chmod" && strings.HasPrefix(what, "lets others write") && !strings.HasPrefix(why, "the home directory") {
			d = Deny // anyone can replace what the root or a system directory holds
		}
		p.Report(c, Finding{Rule: "chmod-root", Decision: d, Message: c.Name + " " + what + " " + why})
	})
}
