package rewrite

import (
	"os"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// selfFiles are corral's own files and the files that register it, as
// they are on disk for this pass: the program, policy, state and audit
// files (Config.Protected) and the self layer's fixed paths
// (guards.Policy.SelfFiles). Only files that exist count.
func (p *Pass) selfFiles() []string {
	if p.selfOnDisk != nil {
		return *p.selfOnDisk
	}
	cfg := p.Config
	var out []string
	if cfg.Paths != nil {
		out = cfg.Paths.SelfFiles(guards.Env{Project: cfg.Project, Cwd: cfg.Cwd, Home: cfg.Home, Sandbox: cfg.Sandbox})
	}
	for _, f := range cfg.Protected {
		if f != "" && path.IsAbs(f) && exists(f) {
			out = append(out, path.Clean(f))
		}
	}
	p.selfOnDisk = &out
	return out
}

// selfReached returns the first of corral's own files that an action on
// the trees at roots reaches: any file under a root when name is "" (rm
// -r, chmod -R, a find that selects by no name), else a file whose name
// find's -name pattern matches (-iname: without case). A root that is
// itself one of those files is the ordinary judgement's.
func (p *Pass) selfReached(dir syntax.Dir, roots []syntax.Arg, name string, fold bool) (string, syntax.Arg, bool) {
	return p.selfReachedExcept(dir, roots, name, fold, false, nil)
}

// selfReachedExcept is selfReached leaving out the files skip reports.
// deep reports an action that takes a selected directory with its tree
// (find .. -name proj -exec rm -rf {} +): a file is reached when its own
// name or that of a directory holding it, at or below the root, matches.
func (p *Pass) selfReachedExcept(dir syntax.Dir, roots []syntax.Arg, name string, fold, deep bool, skip func(string) bool) (string, syntax.Arg, bool) {
	files := p.selfFiles()
	if len(files) == 0 {
		return "", syntax.Arg{}, false
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !dir.Known {
		env.Cwd = cfg.Project
	}
	for _, r := range roots {
		for _, a := range candidateArgs(r) {
			if !a.Static {
				continue
			}
			root := guards.Normalize(env, a.Value).Abs
			for _, f := range files {
				if f == root || !guards.Within(root, f) {
					continue
				}
				if name != "" && !selectedIn(name, a.Value, root, f, fold, deep) || skip != nil && skip(f) {
					continue
				}
				return f, a, true
			}
		}
	}
	return "", syntax.Arg{}, false
}

// selectedIn reports whether find's -name pattern selects f under root:
// f's own name, or with deep (the action takes a directory's tree) the
// name of any directory between root and f, or of the starting point
// itself, which find tests by the last element of the word as given
// (find ../proj -name proj matches it; find . -name proj inside proj
// does not: its name is ".").
func selectedIn(name, given, root, f string, fold, deep bool) bool {
	if findNameMatch(name, path.Base(f), fold) {
		return true
	}
	if !deep {
		return false
	}
	for d := path.Dir(f); d != root && guards.Within(root, d); d = path.Dir(d) {
		if findNameMatch(name, path.Base(d), fold) {
			return true
		}
	}
	if t := strings.TrimRight(given, "/"); t != "" {
		given = t
	}
	return findNameMatch(name, path.Base(given), fold)
}

// exists reports whether a file is at path (a link counts as itself).
func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// findNameMatch reports whether find's -name pattern matches base.
func findNameMatch(pattern, base string, fold bool) bool {
	if fold {
		pattern, base = strings.ToLower(pattern), strings.ToLower(base)
	}
	ok, err := path.Match(pattern, base)
	return err == nil && ok
}

// findFolds reports whether find c selects by -iname (no case).
func findFolds(c *syntax.Call) bool {
	for _, a := range c.Args {
		if a.Value == "-iname" {
			return true
		}
	}
	return false
}

// judgeSelfReached judges, as a direct action on it would be, the first of
// corral's own files that a deletion or a change of mode of a tree
// reaches (find / -name corral -delete, find ~ -name settings.json -exec
// rm {} +, chmod -R 000 DIR holding corral's program).
func (p *Pass) judgeSelfReached(c *syntax.Call, roots []syntax.Arg, name string, fold bool, action guards.Action, attrs bool, rule, what string) {
	p.judgeSelfReachedTree(c, roots, name, fold, false, action, attrs, rule, what)
}

// judgeSelfReachedTree is judgeSelfReached for an action that, with deep,
// takes each selected directory with its tree (find -exec rm -r, find
// -exec chmod -R).
func (p *Pass) judgeSelfReachedTree(c *syntax.Call, roots []syntax.Arg, name string, fold, deep bool, action guards.Action, attrs bool, rule, what string) {
	if action == guards.Delete {
		// rm -rf '~': a quoted tilde is a directory of that name here,
		// as judge reads the operand itself (quotedTilde).
		lit := make([]syntax.Arg, len(roots))
		for i, r := range roots {
			if v, ok := quotedTilde(c.Script, target{arg: r, action: action}, what); ok {
				r.Value = v
			}
			lit[i] = r
		}
		roots = lit
	}
	f, root, ok := p.selfReachedExcept(c.Dir, roots, name, fold, deep, nil)
	if !ok {
		return
	}
	t := target{arg: root, value: f, action: action, derived: true, attrs: attrs}
	p.judge(c, c.Script, c.Dir, t, rule, what)
}

// checkSelfAttrs judges a change of modes or owners of whole trees
// (chmod -R, find … -exec chmod) against corral's own files in them.
func checkSelfAttrs(p *Pass, c *syntax.Call) {
	switch c.Name {
	case "chmod", "chown", "chgrp", "chattr", "setfacl":
	default:
		return
	}
	if fromFind(c) {
		host := p.findHost(c)
		if host == nil {
			return
		}
		name := ""
		if filtered, selects := findSelects(host, setOf(c.Name), false); filtered && selects != "*" {
			name = selects
		}
		p.judgeSelfReachedTree(c, findRoots(host), name, findFolds(host), attrRecursive(c), guards.Write, true, "bash-write", c.Name)
		return
	}
	if !attrRecursive(c) {
		return
	}
	if c.Name == "chmod" && chmodKeepsOwnerAccess(c) {
		return // chmod -R go-w ., u+w, 755: the guard's files stay readable and runnable
	}
	var roots []syntax.Arg
	for _, t := range attrTargets(c) {
		roots = append(roots, t.arg)
	}
	p.judgeSelfReached(c, roots, "", false, guards.Write, true, "bash-write", c.Name)
}

// chmodKeepsOwnerAccess reports a chmod whose mode (static, no
// --reference) takes neither read nor execute/search permission from the
// owner, which is what keeps an agent's settings loaded and corral's
// program running: an octal mode whose owner digit is 7, and symbolic
// clauses that only add permissions, or take them from the group and
// others, or take the owner's write (go-w, u+w, a+rX, o-rwx).
func chmodKeepsOwnerAccess(c *syntax.Call) bool {
	mode := ""
	for _, a := range c.Args {
		v := a.Value
		if !a.Static {
			return false
		}
		if strings.HasPrefix(v, "--reference") {
			return false
		}
		if v == "--" || strings.HasPrefix(v, "--") || len(v) > 1 && v[0] == '-' && strings.Trim(v[1:], "cfvR") == "" {
			continue
		}
		mode = v
		break
	}
	if mode == "" {
		return false
	}
	if strings.Trim(mode, "01234567") == "" {
		return len(mode) >= 3 && len(mode) <= 4 && mode[len(mode)-3] == '7'
	}
	for _, clause := range strings.Split(mode, ",") {
		i := 0
		for i < len(clause) && strings.ContainsRune("ugoa", rune(clause[i])) {
			i++
		}
		who := clause[:i]
		owner := who == "" || strings.ContainsAny(who, "ua")
		rest := clause[i:]
		if rest == "" {
			return false
		}
		for rest != "" {
			op := rest[0]
			if op != '+' && op != '-' && op != '=' {
				return false
			}
			j := 1
			for j < len(rest) && rest[j] != '+' && rest[j] != '-' && rest[j] != '=' {
				j++
			}
			perms := rest[1:j]
			rest = rest[j:]
			if strings.Trim(perms, "rwxXst") != "" {
				return false // u=g, go=u: copied from another class
			}
			if !owner {
				continue
			}
			switch op {
			case '-':
				if strings.ContainsAny(perms, "rxX") {
					return false
				}
			case '=':
				if !strings.Contains(perms, "r") || !strings.ContainsAny(perms, "xX") {
					return false
				}
			}
		}
	}
	return true
}

// attrRecursive reports whether chmod, chown, chgrp, chattr or setfacl
// c changes whole trees (-R, --recursive).
func attrRecursive(c *syntax.Call) bool {
	for _, a := range c.Args {
		v := a.Value
		if !a.Static {
			continue
		}
		if v == "--" {
			return false
		}
		if v == "--recursive" {
			return true
		}
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "R") {
			if c.Name == "chmod" && strings.Trim(v[1:], "cfvR") != "" {
				continue // a mode such as -R is never one; -wR is not an option word
			}
			return true
		}
	}
	return false
}

// checkSelfAncestors judges what takes corral's own files, or a program
// the agent's settings run, out of reach without touching them, by
// acting on a directory that holds them: moving or renaming it (mv,
// rename), mounting a file system over it (mount, bindfs, sshfs…), and a
// chmod that takes search permission from the owner (chmod 000 DIR, chmod
// a-x DIR, a mode copied from another file) or gives others write. The hook's command then
// names a path that leads nowhere, and an agent takes a failing hook as
// no objection. A chmod that lets the group or others write such a
// directory (chmod 777 ~/.claude, chmod o+w ~) lets anyone replace them.
// Each such file is judged as the same action on it.
// (Recursive chmod, rm -r and find are checkSelfAttrs' and
// checkDeleteCall's.)
func checkSelfAncestors(p *Pass, c *syntax.Call) {
	var roots []syntax.Arg
	action, attrs := guards.Delete, false
	switch c.Name {
	case "mv":
		for _, d := range p.markLinkOnly(c, mvDeletions(c)) {
			if !d.linkOnly {
				roots = append(roots, d.arg) // a link moved holds nothing
			}
		}
	case "rename":
		roots = renameOperands(c)
	case "chmod", "setfacl":
		if attrRecursive(c) || fromFind(c) || c.Name == "chmod" && !chmodUnguardsDir(c) || c.Name == "setfacl" && !setfaclUnguardsDir(c) {
			return
		}
		for _, t := range attrTargets(c) {
			roots = append(roots, t.arg)
		}
		action, attrs = guards.Write, true
	case "install":
		// install -d -m MODE DIR sets the mode of a directory that is
		// there already, as chmod MODE DIR does.
		roots = installDirModes(c)
		action, attrs = guards.Write, true
	default:
		for _, t := range writeTargets(c) {
			if t.mount && t.value == "" {
				roots = append(roots, t.arg)
			}
		}
		action = guards.Write
	}
	if len(roots) == 0 {
		return
	}
	what := c.Name + " (of a directory holding it)"
	if f, root, ok := p.selfReached(c.Dir, roots, "", false); ok {
		p.judge(c, c.Script, c.Dir, target{arg: root, value: f, action: action, derived: true, attrs: attrs}, "bash-write", what)
		return
	}
	if action == guards.Delete || p.Config.Paths == nil {
		return // a program's directory moved away: the guards ask for it as for rm -r
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !c.Dir.Known {
		env.Cwd = cfg.Project
	}
	progs := cfg.Paths.AgentPrograms()
	for _, r := range roots {
		if !r.Static {
			continue
		}
		root := guards.Normalize(env, r.Value).Abs
		for _, f := range progs {
			if f != root && guards.Within(root, f) {
				p.judge(c, c.Script, c.Dir, target{arg: r, value: f, action: action, derived: true, attrs: attrs}, "bash-write", what)
				return
			}
		}
	}
}

// chmodUnguardsDir reports a chmod whose mode can take search (execute)
// permission from the owner — chmod 000, 644, a-x, u=rw, one copied from
// another file (--reference) or only known at run time: below a
// directory without it, nothing can be reached by path — or give the
// group or others write (777, o+w, g=u): anyone may then rename or
// replace the files in it, the agent's settings among them.
func chmodUnguardsDir(c *syntax.Call) bool {
	_, reference, ops := modeOperands(c)
	if reference {
		return true
	}
	if len(ops) == 0 {
		return false
	}
	return modeUnguardsDir(c.Args[ops[0]])
}

// modeUnguardsDir reports a mode word (chmod's, install -m's) that can
// take search from a directory's owner or give the group or others
// write: one only known at run time too.
func modeUnguardsDir(a syntax.Arg) bool {
	if !a.Static {
		return true
	}
	m := readMode(a.Value)
	return !m.known || m.noSearch || m.othersWrite
}

// installDirModes returns the directories install -d (--directory)
// creates or, when they are there, gives the mode of -m (--mode), when
// that mode unguards a directory (modeUnguardsDir); nil otherwise.
func installDirModes(c *syntax.Call) []syntax.Arg {
	opts, ops := scan(c.Args, specFor("install"))
	if !has(opts, "d", "directory") {
		return nil
	}
	unguards := false
	for _, o := range opts {
		if (o.name == "m" || o.name == "mode") && o.hasVal {
			unguards = modeUnguardsDir(o.val)
		}
	}
	if !unguards {
		return nil
	}
	var out []syntax.Arg
	for _, i := range ops {
		out = append(out, c.Args[i])
	}
	return out
}

// setfaclUnguardsDir reports a setfacl whose entries can give someone
// other than the owner write (u:bob:rwx, g::w, o::rw, m::w, their
// default: forms) or take read or search from the owner (u::-, u::rw),
// or whose entries come from a file or only run time (-M, --set-file,
// a value only known at run time). Removing entries (-x, -b, -k) passes.
func setfaclUnguardsDir(c *syntax.Call) bool {
	opts, _ := scan(c.Args, setfaclSpec.Get())
	for _, o := range opts {
		switch o.name {
		case "M", "modify-file", "set-file":
			return true
		case "m", "modify", "set":
			if !o.val.Static {
				return true
			}
			for _, e := range strings.Split(o.val.Value, ",") {
				if aclEntryUnguards(strings.TrimSpace(e)) {
					return true
				}
			}
		}
	}
	return false
}

// aclEntryUnguards reads one ACL entry, [d[efault]:]TYPE:[QUALIFIER]:PERMS
// (setfacl(1); TYPE u[ser], g[roup], m[ask], o[ther]; PERMS letters or an
// octal digit): write for anyone but the owner, or an owner entry
// without read or search.
func aclEntryUnguards(e string) bool {
	f := strings.Split(e, ":")
	if len(f) > 0 && (f[0] == "d" || f[0] == "default") {
		f = f[1:]
	}
	if len(f) < 2 {
		return true
	}
	perms := f[len(f)-1] // m:rwx, o:rw have no qualifier
	if n := strings.Trim(perms, "01234567"); n == "" && perms != "" {
		// An octal digit: 2 is write, 4 read, 1 search.
		d := perms[len(perms)-1] - '0'
		perms = ""
		if d&4 != 0 {
			perms += "r"
		}
		if d&2 != 0 {
			perms += "w"
		}
		if d&1 != 0 {
			perms += "x"
		}
	}
	owner := (f[0] == "u" || f[0] == "user") && len(f) == 3 && f[1] == ""
	if owner {
		return !strings.Contains(perms, "r") || !strings.ContainsAny(perms, "xX")
	}
	return strings.Contains(perms, "w")
}

// renameOperands are the files rename renames: util-linux's rename FROM
// TO FILE… and Perl's rename [-e] EXPR FILE…, told apart by the first
// operand: a Perl expression (s/a/b/, y/…/, tr/…/, one using $_) or
// -e/-E is Perl's, then every later operand is a file; otherwise the
// first two are FROM and TO. An operand only known at run time may be
// either: the files then start after it.
func renameOperands(c *syntax.Call) []syntax.Arg {
	var ops []syntax.Arg
	perlExpr := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Static && (a.Value == "-e" || a.Value == "-E"):
			perlExpr = true
			i++
		case a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			ops = append(ops, a)
		}
	}
	if perlExpr {
		return ops
	}
	if len(ops) == 0 {
		return nil
	}
	if first := ops[0]; !first.Static || perlRenameExpr(first.Value) {
		return ops[1:]
	}
	if len(ops) < 2 {
		return nil
	}
	return ops[2:]
}

// perlRenameExpr reports a word that is a Perl expression of Perl's
// rename: a substitution or transliteration (s/ /_/g, y/A-Z/a-z/,
// tr{a}{b}) or code that uses $_.
func perlRenameExpr(v string) bool {
	if strings.Contains(v, "$_") {
		return true
	}
	for _, op := range []string{"s", "y", "tr"} {
		if rest, ok := strings.CutPrefix(v, op); ok && rest != "" {
			r := rest[0]
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' || r == '\t') {
				return true
			}
		}
	}
	return false
}
