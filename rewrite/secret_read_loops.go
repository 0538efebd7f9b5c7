package rewrite

import (
	"strconv"

	"github.com/corral-dev/corral/syntax"
	sh "mvdan.cc/sh/v3/syntax"
)

// loopSources lists where the values of a loop variable come from when
// a reader's operand is only that variable ($f or "$f") and the loop
// walks the names a producer prints (red team 19 SG1 rest): PRODUCER |
// while read [-r] f; do cat "$f"; done reads each line the producer
// prints (git ls-files, find, ls, echo, through filters), and for f in
// $(PRODUCER); do cat $f; done each word. The producer is judged as the
// stage before xargs is (stageSources). ok is false for any other word.
func (p *Pass) loopSources(c *syntax.Call, a syntax.Arg) ([]readSource, bool) {
	if !c.Loop || c.Stmt == nil {
		return nil, false
	}
	pipe, stage, single := p.loopProducer(c.Script, c.Stmt.Pos().Offset(), a.Word)
	switch {
	case pipe != nil:
		return p.stageSources(pipe, stage, nil)
	case single != nil:
		return p.producerSources(single)
	}
	return nil, false
}

// loopProduced returns the deletions of what the producer a loop walks
// prints when a deleter's operand is that loop's variable alone (for f
// in $(ls -A); do rm -rf "$f"; done), read as the stage before xargs rm
// is (stageInputs); nil for any other word or a producer corral cannot
// place.
func (p *Pass) loopProduced(c *syntax.Call, a syntax.Arg, base deletion) []deletion {
	if !c.Loop || c.Stmt == nil || a.Static {
		return nil
	}
	pipe, stage, single := p.loopProducer(c.Script, c.Stmt.Pos().Offset(), a.Word)
	pipe, stage = producerStage(pipe, stage, single)
	if pipe == nil {
		return nil
	}
	if out := stageInputs(p, pipe, stage, base); out != nil {
		return out
	}
	if src := pipe.Stage(stage); src != nil && src.Name == "ls" && len(src.Wrappers) == 0 {
		// … < <(ls -A): the entries of the directory it runs in, the
		// hidden ones with -a/-A, as the pattern * names them there.
		opts, operands := scan(src.Args, specFor("ls"))
		if len(operands) == 0 && src.Dir == c.Dir {
			d := base
			d.arg = syntax.Arg{Value: "*", Raw: "* (from ls)", Static: true, Glob: true}
			if has(opts, "a", "all", "A", "almost-all") {
				d.arg.GlobOpts = syntax.GlobDot
			}
			d.arg.SetPattern("*")
			return []deletion{d}
		}
	}
	return nil
}

// loopProducer finds what prints the values of the loop variable word w
// at offset pos of script s is alone (loneVariable): the stage of a pipeline (pipe, its
// index) whose lines PRODUCER | while read f; do …; done reads, or whose
// output for f in $(PRODUCER) splits, or the one call of that
// substitution when it is not a pipeline (single). All are nil for any
// other word.
func (p *Pass) loopProducer(s *syntax.Script, pos uint, w *sh.Word) (pipe *syntax.Pipeline, stage int, single *syntax.Call) {
	if s == nil || s.File == nil || w == nil {
		return nil, 0, nil
	}
	name, ok := loneVariable(w)
	if !ok {
		return nil, 0, nil
	}
	var whileStmt *sh.Stmt
	var forSubst *sh.CmdSubst
	// Only the nodes around the call are entered: the walk is as deep as
	// the call's nesting, not as long as the script.
	syntax.WalkTree(s.File, func(n sh.Node) bool {
		if n == nil || whileStmt != nil || forSubst != nil {
			return false
		}
		if n.Pos().Offset() > pos || n.End().Offset() <= pos {
			return false
		}
		st, isStmt := n.(*sh.Stmt)
		if !isStmt {
			return true
		}
		switch cmd := st.Cmd.(type) {
		case *sh.WhileClause:
			if !cmd.Until && cmd.DoPos.Offset() <= pos && pos < cmd.DonePos.Offset() && readsInto(cmd.Cond, name) {
				whileStmt = st
			}
		case *sh.ForClause:
			wi, isIter := cmd.Loop.(*sh.WordIter)
			if isIter && wi.Name != nil && wi.Name.Value == name && cmd.DoPos.Offset() <= pos && pos < cmd.DonePos.Offset() && len(wi.Items) == 1 && len(wi.Items[0].Parts) == 1 {
				if cs, isSubst := wi.Items[0].Parts[0].(*sh.CmdSubst); isSubst && len(cs.Stmts) == 1 {
					forSubst = cs
				}
			}
		}
		return true
	})
	if whileStmt != nil {
		// while read f; do …; done < <(PRODUCER): the lines the
		// process substitution's last statement prints.
		for _, rd := range whileStmt.Redirs {
			if rd.Op != sh.RdrIn || rd.Word == nil || len(rd.Word.Parts) != 1 {
				continue
			}
			ps, ok := rd.Word.Parts[0].(*sh.ProcSubst)
			if !ok || ps.Op != sh.CmdIn || len(ps.Stmts) != 1 {
				continue
			}
			forSubst = &sh.CmdSubst{Stmts: ps.Stmts}
			whileStmt = nil
		}
	}
	if whileStmt != nil {
		// find ~ -name id_rsa > l; while read f; do rm "$f"; done < l:
		// what wrote the file read's standard input is
		// (file_producer.go).
		cond := whileStmt.Cmd.(*sh.WhileClause).Cond[0]
		for _, g := range p.Model.Calls {
			if g.Stmt != cond {
				continue
			}
			if r, ok := g.Fd(0).File(); ok && r.Op == "<" && r.Target.Static && r.Proc == nil {
				if pipe, stage, single := p.fileProducer(g, r.Dir.Join(r.Target.Value)); pipe != nil || single != nil {
					return pipe, stage, single
				}
			}
			// find ~/.ssh | { while read f; …; }, coproc find ~/.ssh;
			// while read f; …; done <&${COPROC[0]}, read -u 3: the pipe
			// read reads, as the descriptor model has it.
			if pipe, stage, single := p.readPipeProducer(g); pipe != nil || single != nil {
				return pipe, stage, single
			}
			break
		}
	}
	switch {
	case whileStmt != nil:
		// The loop is a stage of a pipeline: the stage before it.
		for _, g := range p.Model.Calls {
			if g.Pipe == nil {
				continue
			}
			for k, st := range g.Pipe.Stmts {
				if st == whileStmt && k > 0 {
					return g.Pipe, k - 1, nil
				}
			}
		}
	case forSubst != nil:
		return p.lastProducer(forSubst.Stmts[0])
	}
	return nil, 0, nil
}

// lastProducer finds what prints the output of statement st, the one
// statement of a substitution: the last stage of its pipeline (pipe, its
// index), or its one call (single).
func (p *Pass) lastProducer(st *sh.Stmt) (pipe *syntax.Pipeline, stage int, single *syntax.Call) {
	return p.throughFile(p.lastProducerAsWritten(st))
}

// lastProducerAsWritten is lastProducer without following a cat of a
// file back to what wrote it.
func (p *Pass) lastProducerAsWritten(st *sh.Stmt) (pipe *syntax.Pipeline, stage int, single *syntax.Call) {
	last := st
	for {
		b, isPipe := last.Cmd.(*sh.BinaryCmd)
		if !isPipe || b.Op != sh.Pipe {
			break
		}
		last = b.Y
	}
	for _, g := range p.Model.Calls {
		if g.Pipe != nil {
			for k, st := range g.Pipe.Stmts {
				if st == last {
					return g.Pipe, k, nil
				}
			}
			continue
		}
		if g.Stmt == last && g.Expr != nil {
			return nil, 0, g
		}
	}
	return nil, 0, nil
}

// stdinProducer finds what prints the standard input a call's statement
// redirects from a process substitution (xargs rm < <(git ls-files)) or
// a here-string that is one command substitution (xargs rm <<<
// "$(find ~/.ssh)"),
// as lastProducer gives it, or what writes into the output substitution
// the call reads (find | tee >(xargs rm)); all nil for any other input.
func (p *Pass) stdinProducer(c *syntax.Call) (pipe *syntax.Pipeline, stage int, single *syntax.Call) {
	if in := c.Fd(0); in.Kind == syntax.StreamPipe && in.Pipe != nil && in.Pipe.Subst == ">(" && in.Stage == 1 && in.Pipe.Host != nil {
		// find ~/.ssh | tee >(xargs rm), find ~/.ssh > >(xargs rm): what
		// the substitution's host writes into it, tee's input or the
		// host's own output.
		h := in.Pipe.Host
		out := h.Fd(1)
		if h.Name == "tee" && len(h.Wrappers) == 0 || out.Kind == syntax.StreamPipe && out.Pipe == in.Pipe {
			if h.Pipe != nil && h.Pipe.Subst == "" {
				return h.Pipe, h.PipeIndex, nil
			}
			return nil, 0, h
		}
	}
	if c.Stmt == nil {
		return nil, 0, nil
	}
	var from *sh.Stmt
	for _, rd := range c.Stmt.Redirs {
		if rd.N != nil && rd.N.Value != "0" || rd.Op != sh.RdrIn && rd.Op != sh.RdrInOut && rd.Op != sh.DplIn && rd.Op != sh.Hdoc && rd.Op != sh.DashHdoc && rd.Op != sh.WordHdoc {
			continue
		}
		from = nil // the last redirection of the standard input wins
		if rd.Op == sh.WordHdoc {
			// xargs rm <<< "$(find ~/.ssh)": the here-string is what the
			// substitution prints (its trailing newlines dropped, one
			// added).
			if st, ok := loneCmdSubst(rd.Word); ok {
				from = st
			}
			continue
		}
		if rd.Op != sh.RdrIn || rd.Word == nil || len(rd.Word.Parts) != 1 {
			continue
		}
		if ps, ok := rd.Word.Parts[0].(*sh.ProcSubst); ok && ps.Op == sh.CmdIn && len(ps.Stmts) == 1 {
			from = ps.Stmts[0]
		}
	}
	if from == nil {
		return nil, 0, nil
	}
	return p.lastProducer(from)
}

// loneVariable returns the name of the variable a word is, alone: $f,
// ${f} or "$f" (no operator, index or other text).
func loneVariable(w *sh.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return "", false
		}
		part = dq.Parts[0]
	}
	pe, ok := part.(*sh.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil {
		return "", false
	}
	return pe.Param.Value, true
}

// readsInto reports whether a while loop's condition is read [OPTIONS]
// NAME… with name among the variables it sets (the last one takes the
// rest of the line: the whole name when it is the only one).
func readsInto(cond []*sh.Stmt, name string) bool {
	if len(cond) != 1 {
		return false
	}
	ce, ok := cond[0].Cmd.(*sh.CallExpr)
	if !ok || len(ce.Args) < 2 || ce.Args[0].Lit() != "read" {
		return false
	}
	// read's options that take a value (bash's read builtin).
	opts, operands := scan(wordArgs(ce.Args[1:]), optSpec{shortVal: "adinNptu"})
	if has(opts, "a") {
		return false // an array
	}
	for _, i := range operands {
		if ce.Args[1+i].Lit() == name {
			return true
		}
	}
	return false
}

// wordArgs gives the static words as arguments for the option scanner
// (a word with run-time parts keeps an empty, dynamic value).
func wordArgs(ws []*sh.Word) []syntax.Arg {
	out := make([]syntax.Arg, len(ws))
	for i, w := range ws {
		if lit := w.Lit(); lit != "" {
			out[i] = syntax.Arg{Value: lit, Raw: lit, Static: true}
		}
	}
	return out
}

// loneCmdSubst returns the one statement of a word that is a command
// substitution alone, quoted or not: $(cmd), "$(cmd)", `cmd`.
func loneCmdSubst(w *sh.Word) (*sh.Stmt, bool) {
	if w == nil || len(w.Parts) != 1 {
		return nil, false
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return nil, false
		}
		part = dq.Parts[0]
	}
	if cs, ok := part.(*sh.CmdSubst); ok && len(cs.Stmts) == 1 {
		return cs.Stmts[0], true
	}
	return nil, false
}

// readPipeProducer returns what writes the pipe a read call reads (its
// standard input, or the descriptor of -u N): the stage before it, or
// the one call that writes a process substitution or coprocess pipe
// (stdinWriters); all nil for any other input.
func (p *Pass) readPipeProducer(g *syntax.Call) (pipe *syntax.Pipeline, stage int, single *syntax.Call) {
	in := g.Fd(0)
	opts, _ := scan(g.Args, optSpec{shortVal: "adinNptu"})
	if us := find(opts, "u"); len(us) > 0 {
		n, err := strconv.Atoi(us[len(us)-1].val.Value)
		if err != nil || !us[len(us)-1].val.Static {
			return nil, 0, nil
		}
		in = g.Fd(n) // read -u 3 reads descriptor 3
	}
	pl, k, prev, writers, ok := p.streamWriters(g, in)
	switch {
	case !ok:
		return nil, 0, nil
	case prev:
		return pl, k, nil
	case len(writers) == 1:
		if w := writers[0]; w.Pipe != nil && w.Pipe != pl && w.Pipe.Subst == "" {
			return w.Pipe, w.PipeIndex, nil // <(find ~/.ssh | sort): its last stage
		}
		return nil, 0, writers[0]
	}
	return nil, 0, nil
}
