package rewrite

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// A rename through a filter (red team 19 PI2's rest). A new name made by
// echo, printf, basename or dirname from a name the command was handed
// (a loop's, read's, find -exec's "$1") is a rename and passes
// (syntax.markRenamed): the name is one a listing gave. A filter corral
// does not compute (sed, tr, awk, cut, rev) between the handed name and
// the target makes any name of it: find ~ -name .bashrx | while read f;
// do cp p "$(echo "$f" | sed s/x$/c/)"; done writes ~/.bashrc. Where the
// handed names come from a tree that holds the files the guards protect
// outside the project — the home directory or above it, a directory of
// home outside the project — or from a source corral cannot place (read
// from a file or the agent's standard input, a loop over words only run
// time knows), the rename is a path a program computed: it asks, as a
// quoted substitution does (computedTarget). A rename of names the
// project's tree or another directory gives (for f in *.txt, find . |
// while read f, find . -exec sh -c '…"$1"…' _ {} \;) passes as before.
// Limit: a filter that moves a name of the project's tree into its .git
// (for f in .gitx/hooks/*; … sed s/gitx/git/) is not computed.

// renamedElsewhere reports, for a target marked a rename (PrintedBy
// "name") whose command substitution passes the handed name through a
// filter corral does not compute, the filter and where the handed names
// come from, when that is not a safe tree (renamedRootUnsafe).
func (p *Pass) renamedElsewhere(a syntax.Arg) (filter, from string, ok bool) {
	if p.Model == nil || a.Word == nil {
		return "", "", false
	}
	var writer *syntax.Call
	for _, c := range p.Model.Calls {
		if hostHolds(c, a) {
			writer = c
			break
		}
	}
	if writer == nil || writer.Script == nil {
		return "", "", false
	}
	var substs []*sh.CmdSubst
	for _, part := range a.Word.Parts {
		if dq, isDq := part.(*sh.DblQuoted); isDq {
			for _, in := range dq.Parts {
				if cs, isCs := in.(*sh.CmdSubst); isCs {
					substs = append(substs, cs)
				}
			}
		}
	}
	if len(substs) == 0 {
		// n=$(echo "$f" | sed …); cp p "$n": the substitution the
		// variable was last given before the writer.
		if cs := lastSubstAssign(writer, a.Word); cs != nil {
			substs = append(substs, cs)
		}
	}
	for _, cs := range substs {
		start, end := int(cs.Pos().Offset()), int(cs.End().Offset())
		filter = ""
		for _, in := range p.Model.Calls {
			if in.Subst == "" || in.Script != writer.Script || in.Start < start || in.End > end {
				continue
			}
			switch in.Name {
			case "", "echo", "printf", "basename", "dirname":
				continue
			}
			if filter == "" || in.Name < filter {
				filter = in.Name
			}
		}
		if filter == "" {
			continue
		}
		for _, name := range handedNames(cs) {
			if why, bad := p.handedFrom(writer, name); bad {
				return filter, why, true
			}
		}
	}
	return "", "", false
}

// lastSubstAssign returns the command substitution that is the whole
// value of the last assignment, before call, of the one variable word w
// expands ("$n", $n), or nil.
func lastSubstAssign(call *syntax.Call, w *sh.Word) *sh.CmdSubst {
	if len(w.Parts) != 1 || call.Script.File == nil {
		return nil
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	pe, ok := part.(*sh.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Length {
		return nil
	}
	var last *sh.CmdSubst
	syntax.WalkTree(call.Script.File, func(n sh.Node) bool {
		as, ok := n.(*sh.Assign)
		if !ok || as.Name == nil || as.Name.Value != pe.Param.Value || as.Value == nil || int(as.End().Offset()) > call.Start {
			return true
		}
		v := as.Value.Parts
		if len(v) == 1 {
			if dq, isDq := v[0].(*sh.DblQuoted); isDq {
				v = dq.Parts
			}
		}
		if len(v) == 1 {
			if cs, isCs := v[0].(*sh.CmdSubst); isCs {
				last = cs
			}
		}
		return true
	})
	return last
}

// handedNames are the parameters the substitution's commands expand
// (f of echo "$f", 1 of "$1"), sorted, without duplicates.
func handedNames(cs *sh.CmdSubst) []string {
	var out []string
	syntax.WalkTree(cs, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst:
			return n == cs
		case *sh.ParamExp:
			if n.Param != nil && !containsStr(out, n.Param.Value) {
				out = append(out, n.Param.Value)
			}
		}
		return true
	})
	return out
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// handedFrom says where the names variable name holds in call come from
// when that is a tree holding protected files outside the project, or a
// source corral cannot place; it reports false for a safe one.
func (p *Pass) handedFrom(call *syntax.Call, name string) (string, bool) {
	if name != "" && name[0] >= '1' && name[0] <= '9' {
		// "$1" of sh -c '…' _ {} run by find -exec: that find's roots.
		if call.Script == nil || call.Script.Runner == nil {
			return "", false
		}
		if f := p.enclosingFind(call.Script.Runner); f != nil {
			return p.listerRoots(f)
		}
		return "", false
	}
	// read NAME: what its standard input is.
	var rd *syntax.Call
	for _, in := range p.Model.Calls {
		if in.Script != call.Script || in.Start >= call.Start {
			continue
		}
		switch in.Name {
		case "read", "mapfile", "readarray":
		default:
			continue
		}
		for _, x := range in.Args {
			if x.Static && x.Value == name {
				rd = in
			}
		}
	}
	if rd != nil {
		s := rd.Fd(0)
		if s.Kind == syntax.StreamPipe && s.Pipe != nil && s.Stage >= 1 {
			if src := s.Pipe.Stage(s.Stage - 1); src != nil {
				return p.listerRoots(src)
			}
		}
		return "what " + rd.Name + " reads (a source corral cannot place)", true
	}
	// for NAME in WORDS: the words.
	if call.Script == nil || call.Script.File == nil {
		return "", false
	}
	var why string
	bad := false
	syntax.WalkTree(call.Script.File, func(n sh.Node) bool {
		fc, ok := n.(*sh.ForClause)
		if !ok || bad {
			return !bad
		}
		wi, ok := fc.Loop.(*sh.WordIter)
		if !ok || wi.Name == nil || wi.Name.Value != name || int(fc.Pos().Offset()) > call.Start || int(fc.End().Offset()) < call.End {
			return true
		}
		for _, w := range wi.Items {
			if lister := p.substLister(call.Script, w); lister != nil {
				// for f in $(find . -name x): the listing's roots.
				why, bad = p.listerRoots(lister)
				if bad {
					return false
				}
				continue
			}
			if unsafeLoopWord(w) {
				why, bad = "the loop's words ("+wordRaw(call.Script.Src, w)+")", true
				return false
			}
		}
		return true
	})
	if bad {
		return why, true
	}
	return "", false
}

// substLister returns the first call of a loop word that is one command
// substitution, $(find …) or `ls …`, or nil.
func (p *Pass) substLister(sc *syntax.Script, w *sh.Word) *syntax.Call {
	if len(w.Parts) != 1 {
		return nil
	}
	cs, ok := w.Parts[0].(*sh.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return nil
	}
	start, end := int(cs.Pos().Offset()), int(cs.End().Offset())
	var first *syntax.Call
	for _, in := range p.Model.Calls {
		if in.Script == sc && in.Subst == "$(" && in.Start >= start && in.End <= end && (first == nil || in.Start < first.Start) {
			first = in
		}
	}
	if first == nil || first.Pipe != nil && first.PipeIndex > 0 {
		return nil
	}
	return first
}

// unsafeLoopWord reports a loop word that names a place outside the
// working directory's tree (~/…, /…) or one only run time knows ($d/*,
// $(ls …)).
func unsafeLoopWord(w *sh.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	switch first := w.Parts[0].(type) {
	case *sh.Lit:
		return strings.HasPrefix(first.Value, "~") || strings.HasPrefix(first.Value, "/") || strings.HasPrefix(first.Value, "..")
	case *sh.SglQuoted:
		return strings.HasPrefix(first.Value, "/")
	default:
		return true
	}
}

// wordRaw is the text of w in src.
func wordRaw(src string, w *sh.Word) string {
	s, e := int(w.Pos().Offset()), int(w.End().Offset())
	if s < 0 || e > len(src) || s > e {
		return ""
	}
	return src[s:e]
}

// enclosingFind is the find whose -exec runs runner (find . -exec sh -c
// '…' _ {} \;).
func (p *Pass) enclosingFind(runner *syntax.Call) *syntax.Call {
	if f := runner.RunBy; f != nil && (f.Name == "find" || f.Name == "fd") {
		return f
	}
	return nil
}

// listerRoots judges the names a program lists: find's and fd's roots,
// ls's directories (the working directory when none), a listing of the
// repository (git), or echo/printf of loop-like words; any other program
// is a source corral cannot place.
func (p *Pass) listerRoots(src *syntax.Call) (string, bool) {
	var roots []syntax.Arg
	name := src.Name
	if name == "find" || name == "fd" || name == "ls" {
		for _, a := range src.Args {
			if a.Static && (strings.HasPrefix(a.Value, "-") || a.Value == "(" || a.Value == "!") {
				if name == "find" {
					break
				}
				continue
			}
			roots = append(roots, a)
			if name == "fd" {
				// fd PATTERN [PATH…]: the pattern first.
				roots = roots[:0]
				name = "fd-path"
			}
		}
	}
	switch name {
	case "find", "fd", "fd-path", "ls":
	case "git":
		return "", false
	default:
		return "what " + src.Name + " prints (a source corral cannot place)", true
	}
	if len(roots) == 0 {
		roots = []syntax.Arg{{Value: ".", Raw: ".", Static: true}}
	}
	for _, r := range roots {
		if !r.Static {
			return "names listed under " + r.Raw + ", a directory only known at run time", true
		}
		d := src.Dir.Join(r.Value)
		if !d.Known || p.unsafeTree(d.Path) {
			return "names listed under " + r.Raw, true
		}
	}
	return "", false
}

// unsafeTree reports a directory whose tree holds files the guards
// protect outside the project: the home directory, a directory above it
// (/, /home), or one inside it outside the project.
func (p *Pass) unsafeTree(dir string) bool {
	cfg := p.Config
	if cfg.Home == "" {
		return false
	}
	if guards.Within(dir, cfg.Home) {
		return true
	}
	return guards.Within(cfg.Home, dir) && (cfg.Project == "" || !guards.Within(cfg.Project, dir))
}
