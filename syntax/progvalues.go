package syntax

import (
	"os"
	"slices"
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
)

// A value a program printed (x=$(git log -1 --format=%s)) is text the
// program chose. Bash evaluates it where it takes an arithmetic
// expression or a name — $((x)), ((x)), let, [[ x -gt 1 ]], declare -i,
// ${!x}, declare -n, test -v, printf -v, unset — and a[$(cmd)] in it then
// runs cmd. When corral can read what the program prints (a file it
// only copies out, see substFileVals and substReaderVals) that text is
// judged; when the program prints a number whatever its input
// (numberPrinters) nothing can run; any other output is run-time text,
// and evaluating it is code corral cannot see (hidden-code).

// maxReaderFiles bounds the files one reader's value is read from.
const maxReaderFiles = 8

// lineReaders print lines (or parts of lines) of the files they read and
// nothing else: their output holds no character the files do not, so the
// files' text, read at hook time, stands for it (a superset: tail -n 1
// is judged as the whole file).
var lineReaders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"tail": true, "sort": true, "uniq": true, "grep": true, "egrep": true, "fgrep": true, "cut": true, "head": true, "cat": true}
}}

// awkPrint is an awk program that prints whole lines or fields.
var awkPrint = lazy.Regexp{Expr: `^\s*\{\s*print(\s*\$(\d+|NF)(\s*,?\s*\$(\d+|NF))*)?\s*;?\s*\}\s*$`}

// substReaderVals returns the value a command substitution that only
// prints lines of files gives a variable ($(tail -n 1 f), $(sort f),
// $(grep x f), $(cut -d, -f2 f), $(awk '{print $2}' f)): the text of
// every file it names that corral can read at hook time, each line that
// could name or run something a value of its own (any line may be the
// whole output). A word
// that names no file on disk (a pattern, an option's value) adds
// nothing; one that names a file corral cannot read (not regular, too
// large, written by this command with run-time content), standard input
// or a recursive search give no value (false).
func (w *walker) substReaderVals(c scope, st *state, wd *sh.Word) ([]string, bool) {
	cs := wholeCmdSubst(wd)
	if cs == nil || len(cs.Stmts) != 1 {
		return nil, false
	}
	stmt := cs.Stmts[0]
	ce, ok := stmt.Cmd.(*sh.CallExpr)
	if !ok || stmt.Negated || stmt.Background || stmt.Coprocess || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return nil, false
	}
	r := w.resolver(c, st)
	var words []string
	for _, a := range ce.Args {
		for _, f := range r.fields(a) {
			if !f.Static || f.Glob {
				return nil, false
			}
			words = append(words, f.Value)
		}
	}
	var files []string
	for _, rd := range stmt.Redirs {
		if rd.Op != sh.RdrIn || rd.N != nil && rd.N.Value != "0" {
			if rd.Op == sh.RdrIn || rd.Op == sh.DplIn || rd.Op == sh.Hdoc || rd.Op == sh.DashHdoc || rd.Op == sh.WordHdoc {
				return nil, false
			}
			continue
		}
		v := r.literal(rd.Word, true)
		if !v.Static || v.Value == "" {
			return nil, false
		}
		files = append(files, v.Value)
	}
	name := words[0]
	ops := words[1:]
	switch {
	case name == "awk" || name == "gawk" || name == "mawk":
		prog := -1
		for i, a := range ops {
			if a == "-F" {
				continue
			}
			if !strings.HasPrefix(a, "-") && (i == 0 || ops[i-1] != "-F") {
				prog = i
				break
			}
			if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "-F") {
				return nil, false // -f FILE, -v, -e: a program of its own
			}
		}
		if prog < 0 || !awkPrint.Get().MatchString(ops[prog]) {
			return nil, false
		}
		ops = ops[prog+1:]
	case lineReaders.Get()[name]:
		for _, a := range ops {
			if a == "-" || name != "cut" && name != "sort" && name != "tail" && name != "head" && name != "uniq" && name != "cat" &&
				(strings.HasPrefix(a, "--recursive") || strings.HasPrefix(a, "--dereference-recursive") || strings.HasPrefix(a, "--directories") ||
					len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "rRd")) {
				return nil, false
			}
			if name == "sort" && (a == "--files0-from" || strings.HasPrefix(a, "--files0-from=")) {
				return nil, false
			}
		}
	default:
		return nil, false
	}
	for _, a := range ops {
		if !strings.HasPrefix(a, "-") {
			files = append(files, a)
		}
	}
	var texts []string
	found := 0
	for _, f := range files {
		if len(texts) >= maxReaderFiles {
			return nil, false
		}
		d := st.dir.Join(f)
		if !d.Known || strings.HasPrefix(d.Path, "/dev/") || strings.HasPrefix(d.Path, "/proc/") {
			return nil, false
		}
		if text, ok := w.readScript(d); ok {
			texts = append(texts, strings.ReplaceAll(text, "\x00", ""))
			found++
			continue
		}
		if w.opaque[d.Path] || w.read == nil {
			return nil, false
		}
		if _, err := os.Lstat(d.Path); err == nil {
			return nil, false // there, but not a file corral reads
		}
	}
	if found == 0 {
		return nil, false // standard input, or no file there at all
	}
	// Any line may be the whole output (tail -n 1, grep x): each line
	// that could name or run something is a value of its own.
	var vals []string
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			if strings.ContainsAny(line, "$`") || evaluatesNames(line) {
				vals = append(vals, line)
			}
		}
	}
	sort.Strings(vals)
	vals = slices.Compact(vals)
	if len(vals) > MaxReadLines {
		// Too many to judge one by one: the whole text, which the
		// evaluation cannot read (the cautious side).
		return []string{strings.TrimRight(strings.Join(texts, "\n"), "\n")}, true
	}
	if len(vals) == 0 {
		vals = []string{"0"}
	}
	return vals, true
}

// wholeCmdSubst returns the command substitution a word is made of
// alone ($(…) or "$(…)"), or nil.
func wholeCmdSubst(wd *sh.Word) *sh.CmdSubst {
	if wd == nil || len(wd.Parts) != 1 {
		return nil
	}
	part := wd.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	cs, _ := part.(*sh.CmdSubst)
	return cs
}

// chosenOutput returns a call of a command substitution whose output
// is text corral cannot know and that may be anything (not a number):
// the one the hidden-code finding names. False when every command
// whose output the substitution keeps prints a number, or a file reader
// reads a file that is not there (it prints nothing).
func (w *walker) chosenOutput(c scope, st *state, cs *sh.CmdSubst) (*Call, bool) {
	exprs, ok := outputExprs(cs.Stmts, nil)
	if len(exprs) == 0 {
		return nil, false
	}
	var first *Call
	for _, ce := range exprs {
		call := w.callOf(ce)
		if call == nil {
			// Not walked (a function's, an alias's text): any output.
			ok = false
			continue
		}
		if first == nil {
			first = call
		}
		if !printsNumber(call) {
			ok = false
			first = call
			break
		}
	}
	if ok || first == nil {
		return nil, false
	}
	if len(cs.Stmts) == 1 {
		if path, _, isFile := w.substFile(c, st, &sh.Word{Parts: []sh.WordPart{cs}}); isFile {
			if w.numberFiles[path] {
				return nil, false // wc -l < f > n.txt; x=$(cat n.txt): a count
			}
			if _, err := os.Lstat(path); err != nil && !w.opaque[path] && w.read != nil {
				return nil, false // cat of a file that is not there: nothing
			}
		}
	}
	return first, true
}

// outputExprs collects the commands whose standard output is the
// substitution's: each statement's, a pipeline's last stage, both sides
// of && and ||. False for any other command (a group, a loop, a
// subshell: any output).
func outputExprs(stmts []*sh.Stmt, out []*sh.CallExpr) ([]*sh.CallExpr, bool) {
	ok := true
	for _, s := range stmts {
		if len(out) > 16 {
			return out, false
		}
		var good bool
		out, good = outputCmd(s, out)
		ok = ok && good
	}
	return out, ok
}

func outputCmd(s *sh.Stmt, out []*sh.CallExpr) ([]*sh.CallExpr, bool) {
	if len(out) > 16 {
		return out, false // bounded: a long && chain is any output
	}
	switch x := s.Cmd.(type) {
	case nil:
		return out, true
	case *sh.CallExpr:
		if len(x.Args) == 0 {
			return out, true
		}
		return append(out, x), true
	case *sh.BinaryCmd:
		if x.Op == sh.Pipe || x.Op == sh.PipeAll {
			return outputCmd(x.Y, out)
		}
		out, okX := outputCmd(x.X, out)
		out, okY := outputCmd(x.Y, out)
		return out, okX && okY
	}
	return out, false
}

// callOf returns the latest call made of a command expression.
func (w *walker) callOf(ce *sh.CallExpr) *Call {
	for i, n := len(w.m.Calls)-1, 0; i >= 0 && n < 4096; i, n = i-1, n+1 {
		if w.m.Calls[i].Expr == ce {
			return w.m.Calls[i]
		}
	}
	return nil
}

// chosenEval records bash's evaluation, as arithmetic or as a name, of
// a variable that holds run-time text (a file this command wrote, or a
// program's output): whatever a[$(…)] the program put there runs.
func (w *walker) chosenEval(name string, v variable) {
	if v.wroteRead != nil && !v.known {
		w.wroteArith(name, v)
	}
}

// chosenSubst records bash's evaluation of a command substitution's
// output as arithmetic (or a name) where it stands: $(( $(cmd) )),
// (( $(cmd) )), [[ $(cmd) -gt 1 ]].
func (w *walker) chosenSubst(c scope, st *state, cs *sh.CmdSubst) {
	wd := &sh.Word{Parts: []sh.WordPart{cs}}
	if vals, ok := w.substFileVals(c, st, wd); ok {
		for _, val := range vals {
			w.evalArith(c, val, st)
		}
		return
	}
	if vals, ok := w.substReaderVals(c, st, wd); ok {
		for _, val := range vals {
			w.evalArith(c, val, st)
		}
		return
	}
	if p, ok := w.substWroteFile(c, st, wd); ok && len(w.m.Calls) > 0 {
		w.wroteArith("(…)", variable{wroteRead: w.m.Calls[len(w.m.Calls)-1], wrotePath: p})
		return
	}
	if call, ok := w.chosenOutput(c, st, cs); ok {
		w.wroteArith("(…)", variable{wroteRead: call})
	}
}
