package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var chmodRecursive = Rule{
	Name:      "chmod-recursive",
	Decisions: []Decision{Ask, Deny},
	Doc: `chmod -R 777 (any option order; 0777, 666, a+rwx, ugo+rwx, o+w, and
modes that copy the owner's bits to everyone, a=u, o+u: any mode that lets
everyone write) makes a whole tree writable by everyone: deny, as seed
002's starter table does; so does setfacl -R giving others write
(-m o::rwx). chown/chgrp -R, chmod -R and setfacl -R of /, ~, a system
directory or the project's parents change ownership or modes of the
machine: deny. chmod -R or chown -R --reference=FILE copies modes or
owners corral cannot see onto a tree: ask. find … -exec chmod is a
recursive chmod of find's roots; with a test before it that selects
some files (-name, -perm, -user, …; not -type, and not a negated test or
one another branch of -o bypasses) it changes only those: throughout /,
a system directory or the home directory it asks (deny when the mode
lets everyone write), elsewhere it passes as chmod of those files does.
A plain chmod 777 file is allowed.`,
	Commands: []string{"chmod", "chown", "chgrp", "setfacl"},
	Call:     checkChmod,
}

// worldWritable reports whether a chmod mode lets everyone write: an octal
// mode whose last digit has the write bit (777, 0666), or a symbolic mode
// that adds write for others or all (a+rwx, o+w, ugo=rwx), or gives them
// the owner's or the group's bits (a=u, o+g), which hold write.
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
		if strings.ContainsAny(who, "oa") && strings.ContainsAny(perms, "wug") {
			return true
		}
	}
	return false
}

// setfaclSpec are setfacl's options that take a value.
var setfaclSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "mMxX", longVal: longOpts("modify", "modify-file", "remove", "remove-file", "set", "set-file", "restore"), longEq: true}
}}

func checkChmod(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	if c.Name == "setfacl" {
		checkSetfacl(p, c)
		return
	}
	opts, operands := scan(c.Args, specFor(c.Name))
	recursive := has(opts, "R", "recursive")
	var targets []syntax.Arg
	reference := has(opts, "reference")
	mode := ""
	if !reference && len(operands) > 0 {
		// The mode or owner comes first.
		if c.Name == "chmod" {
			// Every mode the word can be (m=755 on one path, 777 on
			// another): a world-writable one wins.
			for _, m := range candidateArgs(c.Args[operands[0]]) {
				if mode == "" || worldWritable(m.Value) {
					mode = m.Value
				}
			}
		}
		operands = operands[1:]
	}
	var host *syntax.Call
	if fromFind(c) {
		host = p.findHost(c)
	}
	linksOf := host
	for _, i := range operands {
		if linksOf == nil {
			// for f in $(find . -name 'k*'); do chmod 644 "$f"; done:
			// the paths find prints (find_loops.go).
			linksOf = p.callLoopFinder(c, c.Args[i].Word)
		}
	}
	if linksOf != nil && !(c.Name != "chmod" && has(opts, "h", "no-dereference")) {
		// find . -name 'k*' -exec chmod 644 {} +: chmod and chown follow
		// a link they are handed (chown -h does not), so a selected
		// link's target changes (find_links.go).
		filtered, sel := findSelection(linksOf)
		if host != nil {
			filtered, sel = findSelects(host, setOf(c.Name), false)
		}
		if !filtered {
			sel = "*"
		}
		t := target{action: guards.Write, attrs: true}
		if c.Name == "chmod" && mode != "" {
			m := readMode(mode)
			t.closes, t.opens = m.closesOnly(), m.othersWrite || m.special
		}
		p.judgeFoundLinks(c, linksOf, findRoots(linksOf), sel, t, true, "bash-write", c.Name+" (on paths given at run time)")
	}
	if host != nil && !reference {
		if filtered, _ := findSelects(host, setOf(c.Name), false); filtered {
			// find / -user u -exec chown v {} \;: only the files the
			// tests select change, as if each were named to c.
			judgeSelected(p, c, findRoots(host), worldWritable(mode))
			return
		}
	}
	if worldWritable(mode) && (recursive || fromFind(c)) {
		p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: c.Name + " -R " + mode + " makes a whole tree writable by everyone"})
		return
	}
	for _, i := range operands {
		targets = append(targets, c.Args[i])
	}
	if host != nil {
		// find ROOT -exec chmod MODE {} \;: every file under the roots.
		recursive = true
		targets = findRoots(host)
	}
	if !recursive || len(targets) == 0 {
		return
	}
	if reference {
		p.Report(c, Finding{Rule: "chmod-recursive", Decision: Ask, Message: c.Name + " -R --reference copies modes or owners corral cannot see onto a whole tree"})
		return
	}
	judgeModeTargets(p, c, targets)
}

// judgeModeTargets denies a recursive change of modes, owners or ACLs on
// a catastrophic directory, and asks when a target starts with a value
// only known at run time.
func judgeModeTargets(p *Pass, c *syntax.Call, targets []syntax.Arg) {
	modeVictims(p, c, targets, c.Name+" -R of ", func(why string) {
		p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: c.Name + " -R on " + why})
	})
}

// judgeSelected judges a change of modes or owners by find -exec of the
// files find's tests select under roots: throughout / , a system
// directory or the home directory it is asked about (deny when the mode
// lets everyone write them); in the project or elsewhere it is what
// chmod or chown of those files would be, and passes.
func judgeSelected(p *Pass, c *syntax.Call, roots []syntax.Arg, open bool) {
	modeVictims(p, c, roots, c.Name+" of the files find selects under ", func(why string) {
		if open {
			p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: c.Name + " by find makes the files it selects throughout " + why + " writable by everyone"})
		} else {
			p.Report(c, Finding{Rule: "chmod-recursive", Decision: Ask, Message: c.Name + " by find changes the files it selects throughout " + why})
		}
	})
}

// modeVictims calls victim with the catastrophic directory (outside the
// project) that each value of each target reaches, and asks, with
// unknown before the word, about a target that starts with a value only
// known at run time (not when unknown is "").
func modeVictims(p *Pass, c *syntax.Call, targets []syntax.Arg, unknown string, victim func(why string)) {
	var all []syntax.Arg
	for _, a := range targets {
		all = append(all, candidateArgs(a)...)
	}
	for _, a := range all {
		if !a.Static {
			if r, ok := p.resolveTarget(c.Dir, a); ok {
				a = r
			} else {
				if why := unknownRoot(a); why != "" && unknown != "" {
					p.Report(c, Finding{Rule: "chmod-recursive", Decision: Ask, Message: unknown + a.Raw + ": " + why})
				}
				continue
			}
		}
		why := ""
		if d, ok := treeTarget(c.Dir, a); ok {
			why = p.catastrophic(d.Path)
		} else if _, w := p.globVictim(c.Dir, a); w != "" {
			why = w
		}
		if why != "" && !strings.HasPrefix(why, "the project") {
			victim(why)
		}
	}
}

// checkSetfacl judges setfacl -R: ACL entries that let others write, and
// catastrophic targets.
func checkSetfacl(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, setfaclSpec.Get())
	if !has(opts, "R", "recursive") {
		return
	}
	for _, o := range opts {
		if o.hasVal && (o.name == "m" || o.name == "modify" || o.name == "set") && othersWrite(o.val.Value) {
			p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: "setfacl -R " + o.val.Value + " makes a whole tree writable by everyone"})
			return
		}
	}
	var targets []syntax.Arg
	for _, i := range operands {
		targets = append(targets, c.Args[i])
	}
	judgeModeTargets(p, c, targets)
}

// othersWrite reports an ACL that gives "other" (or the mask and a named
// everyone) write: o::rwx, other::rw-, o:w.
func othersWrite(acl string) bool {
	for _, e := range strings.Split(acl, ",") {
		e = strings.TrimPrefix(strings.TrimPrefix(e, "d:"), "default:")
		kind, rest, ok := strings.Cut(e, ":")
		if !ok || kind != "o" && kind != "other" {
			continue
		}
		if strings.Contains(rest, "w") {
			return true
		}
	}
	return false
}

// findHost returns the find call whose -exec runs c.
func (p *Pass) findHost(c *syntax.Call) *syntax.Call {
	if h := c.RunBy; h != nil && (h.Name == "find" || isFd(h)) {
		return h
	}
	for _, h := range p.Model.Calls {
		if h.Name == "find" && h.Stmt == c.Stmt && h.Script == c.Script && h != c {
			return h
		}
	}
	return nil
}
