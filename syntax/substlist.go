package syntax

import (
	"io"
	"slices"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// The output of a command substitution whose body is a list or a
// compound command (red team 18 PI2, HD2, EX1c).
//
// What $(…) prints is what its statements print, in order: $(echo P; :)
// is P, $(true && echo P) is P, $({ echo P; }) and $( (echo P) ) are P.
// Statements that print nothing (true, false, :, cd, test, an assignment,
// a statement whose standard output goes to /dev/null) add nothing; a
// statement whose output corral does not compute (computeSubst) leaves
// the whole output to run time. && and || follow the exit status when
// it is known (true, false, :, echo, a cd into a directory there now)
// and take both ways when it is not ([ -f x ] && echo P prints P or
// nothing), as does an if; every way's output is a candidate, and a
// substitution with one candidate is computed (knownSubst), one with
// several gives its word every candidate value (substCandidates). A
// function defined earlier prints what its body prints. The work is
// bounded: maxSubstPaths ways, maxSubstDepth nested compounds.

const (
	maxSubstPaths = 8
	maxSubstDepth = 16
)

// substPath is one way through a substitution's body: what it printed,
// the exit status of its last statement (0, 1, or 2 for not known) and
// the working directory it ends in.
type substPath struct {
	out    string
	status int8
	dir    Dir
}

// listSubstShape reports a substitution computeSubst's single-statement
// reading does not cover: several statements, or one that is a compound
// command, an && / || list, a negation, or a call of a function.
func (r *resolver) listSubstShape(cs *sh.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return len(cs.Stmts) > 1
	}
	st := cs.Stmts[0]
	if st.Negated {
		return true
	}
	switch c := st.Cmd.(type) {
	case *sh.Block, *sh.Subshell, *sh.IfClause:
		return true
	case *sh.BinaryCmd:
		return c.Op == sh.AndStmt || c.Op == sh.OrStmt
	case *sh.CallExpr:
		if r.st == nil || len(c.Args) == 0 {
			return false
		}
		name, ok := plainWord(c.Args[0])
		if !ok {
			return false
		}
		_, fn := r.st.funcs[name]
		return fn
	}
	return false
}

// listOutputs returns the outputs a list or compound substitution may
// print (sorted, without repeats), ok false when any of them is only
// known at run time or there are too many.
func (r *resolver) listOutputs(cs *sh.CmdSubst) ([]string, bool) {
	if r.mask || len(cs.Last) > 0 || len(cs.Stmts) == 0 || r.assignsRead(cs) {
		return nil, false
	}
	paths, ok := r.runList(cs.Stmts, []substPath{{dir: r.dir}}, 0)
	if !ok {
		return nil, false
	}
	var outs []string
	for _, p := range paths {
		outs = append(outs, p.out)
	}
	slices.Sort(outs)
	return slices.Compact(outs), true
}

// assignsRead reports a body that assigns a variable (or declares one)
// and reads a variable of that name: the value read is the body's own,
// which the resolver's state does not hold.
func (r *resolver) assignsRead(cs *sh.CmdSubst) bool {
	assigned := map[string]bool{}
	other := false
	walkTree(cs, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.Assign:
			if n.Name != nil {
				assigned[n.Name.Value] = true
			}
		case *sh.DeclClause, *sh.ForClause, *sh.ArithmCmd, *sh.ArithmExp, *sh.LetClause:
			other = true
		case *sh.CallExpr:
			if len(n.Args) > 0 {
				switch name, _ := plainWord(n.Args[0]); name {
				case "read", "mapfile", "readarray", "export", "local", "declare", "typeset", "readonly", "unset", "set", "shift", "getopts", "printf", "alias", "shopt":
					// printf -v assigns; the others change the state.
					if name != "printf" || len(n.Args) > 1 && n.Args[1].Lit() == "-v" {
						other = true
					}
				}
			}
		}
		return !other
	})
	if other {
		return true
	}
	if len(assigned) == 0 {
		return false
	}
	read := false
	walkTree(cs, func(n sh.Node) bool {
		if pe, ok := n.(*sh.ParamExp); ok && pe.Param != nil && assigned[pe.Param.Value] {
			read = true
		}
		return !read
	})
	return read
}

// runList runs stmts from each of the ways in, in order.
func (r *resolver) runList(stmts []*sh.Stmt, in []substPath, depth int) ([]substPath, bool) {
	paths := in
	for _, st := range stmts {
		var next []substPath
		for _, p := range paths {
			res, ok := r.runStmt(st, p.dir, depth)
			if !ok {
				return nil, false
			}
			for _, x := range res {
				next = addPath(next, substPath{out: p.out + x.out, status: x.status, dir: x.dir})
			}
			if len(next) > maxSubstPaths {
				return nil, false
			}
		}
		paths = next
	}
	return paths, true
}

// addPath adds p to ps unless an equal way is there.
func addPath(ps []substPath, p substPath) []substPath {
	for _, q := range ps {
		if q == p {
			return ps
		}
	}
	return append(ps, p)
}

// at is a resolver for the same state in the directory dir.
func (r *resolver) at(dir Dir) *resolver {
	if dir == r.dir {
		return r
	}
	return &resolver{src: r.src, dir: dir, st: r.st, wrote: r.wrote}
}

// runStmt returns the ways one statement of a substitution may end.
func (r *resolver) runStmt(st *sh.Stmt, dir Dir, depth int) ([]substPath, bool) {
	if depth > maxSubstDepth || st.Background || st.Coprocess {
		return nil, false
	}
	silent, ok := r.at(dir).silenced(st)
	if !ok {
		return nil, false
	}
	var res []substPath
	if silent {
		// Its standard output goes to /dev/null: it prints nothing
		// here, whatever it runs (its exit status is not known).
		if _, ok := st.Cmd.(*sh.CallExpr); ok {
			res = []substPath{{status: 2, dir: dir}}
		} else {
			return nil, false
		}
	} else {
		res, ok = r.runCmd(st, dir, depth)
		if !ok {
			return nil, false
		}
	}
	if st.Negated {
		for i := range res {
			switch res[i].status {
			case 0:
				res[i].status = 1
			case 1:
				res[i].status = 0
			}
		}
	}
	return res, true
}

// silenced reports a statement whose redirections send its standard
// output to /dev/null; ok is false for a redirection that may bring
// other text into it (2>&1) or that is not read here (the computed
// commands take their own input redirections: runCmd).
func (r *resolver) silenced(st *sh.Stmt) (silent, ok bool) {
	for _, rd := range st.Redirs {
		fd := "1"
		if rd.N != nil {
			fd = rd.N.Value
		}
		switch rd.Op {
		case sh.RdrOut, sh.AppOut, sh.ClbOut, sh.RdrAll, sh.AppAll:
			v := r.literal(rd.Word, true)
			if fd == "2" && rd.Op != sh.RdrAll && rd.Op != sh.AppAll {
				continue // its errors, which $( ) does not take
			}
			if fd != "1" || !v.Static || v.Value != "/dev/null" {
				return false, false
			}
			silent = true
		case sh.RdrIn, sh.WordHdoc, sh.Hdoc, sh.DashHdoc:
			if fd != "0" {
				return false, false
			}
		default:
			return false, false
		}
	}
	return silent, true
}

// runCmd returns the ways a statement's command may end.
func (r *resolver) runCmd(st *sh.Stmt, dir Dir, depth int) ([]substPath, bool) {
	one := func(out string, status int8, d Dir) []substPath {
		return []substPath{{out: out, status: status, dir: d}}
	}
	switch c := st.Cmd.(type) {
	case *sh.Block:
		if len(st.Redirs) > 0 {
			return nil, false
		}
		return r.runList(c.Stmts, one("", 0, dir), depth+1)
	case *sh.Subshell:
		if len(st.Redirs) > 0 {
			return nil, false
		}
		res, ok := r.runList(c.Stmts, one("", 0, dir), depth+1)
		for i := range res {
			res[i].dir = dir // a subshell's cd ends with it
		}
		return res, ok
	case *sh.IfClause:
		if len(st.Redirs) > 0 {
			return nil, false
		}
		return r.runIf(c, dir, depth+1)
	case *sh.TestClause:
		return one("", 2, dir), len(st.Redirs) == 0
	case *sh.BinaryCmd:
		if len(st.Redirs) > 0 {
			return nil, false
		}
		switch c.Op {
		case sh.AndStmt, sh.OrStmt:
		default:
			// A pipeline: what computeSubst makes of it.
			out, ok := r.at(dir).computeSubst(&sh.CmdSubst{Stmts: []*sh.Stmt{st}})
			return one(out, 2, dir), ok
		}
		xs, ok := r.runStmt(c.X, dir, depth+1)
		if !ok {
			return nil, false
		}
		var res []substPath
		for _, x := range xs {
			runs := x.status == 2 || (c.Op == sh.AndStmt) == (x.status == 0)
			if !runs || x.status == 2 {
				// Y does not run: the list ends with X's status.
				end := x
				if x.status == 2 {
					end.status = 1
					if c.Op == sh.OrStmt {
						end.status = 0
					}
				}
				res = addPath(res, end)
			}
			if runs {
				ys, ok := r.runStmt(c.Y, x.dir, depth+1)
				if !ok {
					return nil, false
				}
				for _, y := range ys {
					res = addPath(res, substPath{out: x.out + y.out, status: y.status, dir: y.dir})
				}
			}
			if len(res) > maxSubstPaths {
				return nil, false
			}
		}
		return res, true
	case *sh.CallExpr:
		return r.runCall(st, c, dir, depth)
	}
	return nil, false
}

// runCall returns the ways a simple command of a substitution may end.
func (r *resolver) runCall(st *sh.Stmt, c *sh.CallExpr, dir Dir, depth int) ([]substPath, bool) {
	one := func(out string, status int8, d Dir) ([]substPath, bool) {
		return []substPath{{out: out, status: status, dir: d}}, true
	}
	if len(c.Args) == 0 {
		// Assignments only (assignsRead made sure no later word reads
		// them): nothing printed; a substitution in a value gives its
		// status.
		if len(st.Redirs) > 0 {
			return nil, false
		}
		for _, a := range c.Assigns {
			if a.Value != nil && holdsCmdSubst(a.Value) {
				return one("", 2, dir)
			}
		}
		return one("", 0, dir)
	}
	rd := r.at(dir)
	name, plain := plainWord(c.Args[0])
	if !plain && c.Args[0].Lit() == "[" {
		name, plain = "[", true // a glob character plainWord leaves
	}
	if plain && r.st != nil {
		if fd, ok := r.st.funcs[name]; ok {
			if len(c.Args) > 1 || len(c.Assigns) > 0 || len(st.Redirs) > 0 || fd.body == nil || fd.body.decl == nil ||
				fd.c.sc == nil || fd.c.sc.Src != r.src || readsPositional(fd.body.decl.Body) {
				return nil, false
			}
			return r.runStmt(fd.body.decl.Body, dir, depth+1)
		}
	}
	if len(c.Assigns) == 0 && len(st.Redirs) == 0 && plain {
		switch name {
		case "true", ":":
			if len(c.Args) == 1 || name == ":" {
				return one("", 0, dir)
			}
		case "false":
			if len(c.Args) == 1 {
				return one("", 1, dir)
			}
		case "test", "[":
			return one("", 2, dir)
		case "which", "command", "type":
			// $(command -v python3 || command -v python): a lookup's
			// program is judged as a run-time interpreter, as before.
			return nil, false
		case "cd":
			d, ok := rd.cdTarget(st)
			if !ok {
				return nil, false
			}
			return one("", 0, d)
		}
	}
	// Its errors (2>/dev/null, 2>f) are not its output.
	bare := *st
	bare.Redirs = nil
	for _, rd := range st.Redirs {
		if rd.N == nil || rd.N.Value != "2" {
			bare.Redirs = append(bare.Redirs, rd)
		}
	}
	out, ok := rd.computeSubst(&sh.CmdSubst{Stmts: []*sh.Stmt{&bare}})
	if !ok {
		return nil, false
	}
	return one(out, 0, dir)
}

// runIf returns the ways an if (or the elif or else it ends with) may end.
func (r *resolver) runIf(c *sh.IfClause, dir Dir, depth int) ([]substPath, bool) {
	if len(c.Cond) == 0 {
		// else
		return r.runList(c.Then, []substPath{{dir: dir}}, depth)
	}
	conds, ok := r.runList(c.Cond, []substPath{{dir: dir}}, depth)
	if !ok {
		return nil, false
	}
	var res []substPath
	for _, cd := range conds {
		if cd.status != 1 {
			ts, ok := r.runList(c.Then, []substPath{{out: cd.out, dir: cd.dir}}, depth)
			if !ok {
				return nil, false
			}
			for _, t := range ts {
				res = addPath(res, t)
			}
		}
		if cd.status != 0 {
			if c.Else == nil {
				res = addPath(res, substPath{out: cd.out, dir: cd.dir})
			} else {
				es, ok := r.runIf(c.Else, cd.dir, depth+1)
				if !ok {
					return nil, false
				}
				for _, e := range es {
					res = addPath(res, substPath{out: cd.out + e.out, status: e.status, dir: e.dir})
				}
			}
		}
		if len(res) > maxSubstPaths {
			return nil, false
		}
	}
	return res, true
}

// readsPositional reports a body that reads the positional parameters
// ($1, $@, $#, $*), whose values a call gives.
func readsPositional(n sh.Node) bool {
	found := false
	walkTree(n, func(n sh.Node) bool {
		if pe, ok := n.(*sh.ParamExp); ok && pe.Param != nil {
			switch v := pe.Param.Value; {
			case v == "@" || v == "*" || v == "#":
				found = true
			case v != "" && v[0] >= '0' && v[0] <= '9':
				found = true
			}
		}
		return !found
	})
	return found
}

// substCandidates gives a word whose only unknown parts are list or
// compound substitutions that may print one of a few texts
// ($(test -f x && echo P)) every value it takes: each combination of
// their outputs, as bash expands the word. It reports whether it did.
func (r *resolver) substCandidates(a *Arg, w *sh.Word) bool {
	var subs []*sh.CmdSubst
	var outs [][]string
	bad := false
	walkTree(w, func(n sh.Node) bool {
		if bad {
			return false
		}
		switch n := n.(type) {
		case *sh.CmdSubst:
			if _, ok := r.knownSubst(n); ok {
				return false
			}
			if !r.listSubstShape(n) {
				bad = true
				return false
			}
			o, ok := r.listOutputs(n)
			if !ok {
				bad = true
				return false
			}
			subs = append(subs, n)
			outs = append(outs, o)
			return false
		case *sh.ProcSubst, *sh.ArithmExp, *sh.ParamExp:
			bad = true
		}
		return !bad
	})
	if bad || len(subs) == 0 {
		return false
	}
	total := 1
	for _, o := range outs {
		total *= len(o)
		if total > maxSubstPaths*2 {
			return false
		}
	}
	var cands []string
	for k := 0; k < total; k++ {
		pick := map[*sh.CmdSubst]string{}
		x := k
		for i, cs := range subs {
			pick[cs] = outs[i][x%len(outs[i])]
			x /= len(outs[i])
		}
		cfg := &expand.Config{Env: r.env(), ExtGlob: true, CmdSubst: func(wr io.Writer, cs *sh.CmdSubst) error {
			if v, ok := pick[cs]; ok {
				_, err := io.WriteString(wr, v)
				return err
			}
			return r.substHandler(wr, cs)
		}}
		v, err := safeLiteral(cfg, w)
		if err != nil {
			return false
		}
		if !slices.Contains(cands, v) {
			cands = append(cands, v)
		}
	}
	a.SetCandidates(cands)
	a.OneOf = true
	return true
}
