package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	sh "mvdan.cc/sh/v3/syntax"
)

// quotedTilde returns "./~…" for the target of a redirection or of a
// deletion by rm, rmdir, unlink or find (a starting point) whose value
// starts with a "~" bash gave as a plain character: the word starts
// with quoted text ('~/x', "$x" of x='~/x' or of printf -v x '%b'
// '\x7e/x', "$(…)"), with an escaped \~ or with a tilde prefix holding
// an escaped character (~\/x, syntax.TildeText). Bash expands a tilde
// only when it is unquoted at the start of a word (or of an
// assignment's value) and never in the result of an expansion, so the
// kernel takes the name as a directory "~" under the working directory.
//
// The shell model expands every tilde bash expands into the home
// directory, so a "~" left at the start of such a value is literal. It
// is not so elsewhere: the stand-in scripts corral writes for other
// programs' effects (vim's :redir > ~/x, sqlite3's .output, ansible's
// path=~/x) quote the path the program itself expands, and a program's
// own operand may be a name it expands (ssh, a config value), so only
// scripts bash runs (the command, eval, bash -c, here-documents and
// strings, a pipe into a shell) and only redirections and rm, rmdir,
// unlink and find are read this way, also where a recursive deletion
// is searched for corral's own files (judgeSelfReachedTree: rm -rf '~'
// was denied as a deletion of the home directory's corral state). An
// unquoted expansion ($x, $(…) split into fields) keeps the home
// reading.
func quotedTilde(sc *syntax.Script, t target, what string) (string, bool) {
	v := t.path()
	if t.derived || !t.arg.Static || t.arg.Split || t.arg.Word == nil || len(t.arg.Word.Parts) == 0 || !strings.HasPrefix(v, "~") {
		return "", false
	}
	switch {
	case what == "redirection" && t.action == guards.Write:
	case t.action == guards.Delete && (what == "rm" || what == "rmdir" || what == "unlink" || what == "find" || strings.HasPrefix(what, "find ")):
		// find takes its starting points as given, as rm its operands.
	case t.action == guards.Write && literalNamers.Has(what):
		// touch '~', cp f '~/x': these programs open their operands as
		// given and expand no tilde of their own.
	default:
		return "", false
	}
	if !plainTildeWord(sc, t.arg) {
		return "", false
	}
	return "./" + v, true
}

// plainTildeWord reports a word of a script bash runs whose value starts
// with a "~" bash gave as a plain character (quotedTilde).
func plainTildeWord(sc *syntax.Script, a syntax.Arg) bool {
	if !a.Static || a.Split || a.Word == nil || len(a.Word.Parts) == 0 || !strings.HasPrefix(a.Value, "~") || !bashRunScript(sc) {
		return false
	}
	switch p := a.Word.Parts[0].(type) {
	case *sh.SglQuoted, *sh.DblQuoted:
	case *sh.Lit:
		if !syntax.TildeText(p.Value) {
			return false
		}
	default:
		return false
	}
	return true
}

// linkName is the name ln gives a link for the word a of call c: a
// plain "~" there (ln -s ~/.ssh '~') names a directory entry "~" in the
// working directory, as the writes through it are read (quotedTilde).
func linkName(c *syntax.Call, a syntax.Arg, name string) string {
	if plainTildeWord(c.Script, a) && strings.HasPrefix(name, a.Value) {
		return "./" + name
	}
	return name
}

// literalNamers are the programs whose written operands are file names
// as given: no tilde of their own is expanded (coreutils, tee).
var literalNamers = lazy.Set{List: []string{"touch", "cp", "mv", "ln", "install", "mkdir", "tee", "truncate", "mkfifo", "mknod", "dd", "shred"}}

// bashRunScript reports a script bash itself runs, and each script it
// is nested in: not the stand-in text of another program's effects.
func bashRunScript(sc *syntax.Script) bool {
	if sc == nil {
		return false
	}
	for s := sc; s != nil; s = s.Parent {
		if s.FromCode {
			return false
		}
		switch s.Kind {
		case "", "eval", "heredoc", "herestring", "pipe":
		default:
			if name, ok := strings.CutSuffix(s.Kind, " -c"); !ok || !syntax.IsShell(name) {
				return false
			}
		}
	}
	return true
}
