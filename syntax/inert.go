package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	sh "mvdan.cc/sh/v3/syntax"
)

// A command that changes nothing on disk cannot change what a later
// command run outside it reads: the user's next git commit, whose hook
// runs the project's files, an agent command's line, a hook after tool
// calls. Its sequence with such a later command is judged as the later
// command alone is, so the hook need not judge the sequence (an engine
// run that walks everything the later command runs, tens of
// milliseconds in a repository whose pre-commit hook runs go vet).

// inertPrograms are programs that write no file, run no other program
// and take no option that does either, whatever their words: they print
// what they read or what they are asked. A program with a writing
// option (sort -o, tree -o, file -C, xxd -r) or one that evaluates its
// words (test's -v and -eq read array subscripts; printf -v assigns
// one) is not here.
var inertPrograms = lazy.Set{List: []string{
	"ls", "cat", "tac", "nl", "head", "tail", "wc", "grep", "egrep", "fgrep", "cut", "tr", "column", "fold", "od",
	"hexdump", "diff", "cmp", "comm", "jq", "stat", "du", "df", "pwd", "echo", "true", "false", ":", "basename",
	"dirname", "realpath", "readlink", "whoami", "id", "uname", "nproc", "which", "type", "cd", "md5sum", "sha1sum",
	"sha256sum", "sha512sum", "b2sum", "cksum",
}}

// gitPrinters are git's verbs that only print the repository: git
// itself writes no file the later command reads (status refreshes the
// index), and what the repository's configuration makes it run (a
// pager, core.fsmonitor, a diff driver, a hook) is in the walk's calls,
// judged as any other program. --output (diff, log, show) writes a
// file and --ext-diff runs diff.external, so neither is inert.
var gitPrinters = lazy.Set{List: []string{"status", "log", "diff", "show", "rev-parse", "ls-files", "blame", "describe",
	"shortlog"}}

// inertCall reports a call of one of inertPrograms, or of git with a
// verb of gitPrinters and no option that writes or runs more.
func inertCall(c *Call) bool {
	if c.Name == "find" {
		return findPrintsOnly(c)
	}
	if c.Name != "git" {
		return inertPrograms.Has(c.Name)
	}
	if len(c.Args) == 0 || !gitPrinters.Has(c.Args[0].Value) {
		return false
	}
	for _, a := range c.Args[1:] {
		if a.Value == "--" {
			break
		}
		if strings.HasPrefix(a.Value, "--output") || strings.HasPrefix(a.Value, "--ext-diff") {
			return false
		}
	}
	return true
}

// ChangesNothing reports that the command certainly writes no file:
// every program it runs, as the walk found them, is one of inertPrograms
// (or git printing: inertCall) named by a literal word, with no prefix assignment or wrapper, no
// redirection writes a file other than /dev/null, and the command holds
// no assignment, function, arithmetic, [[ test, subscript, hidden or
// unparsed code, and no limit stopped the walk. Anything else may write.
func (m *Model) ChangesNothing() bool {
	if m == nil || m.Script == nil || m.Truncated || len(m.Unparsed) > 0 || len(m.Hidden) > 0 ||
		len(m.RunFileWrites) > 0 || len(m.NetWrites) > 0 {
		return false
	}
	for _, c := range m.Calls {
		if c.Expr == nil || !c.NameArg.Static || c.Choice != nil || len(c.Wrappers) > 0 || len(c.pre) > 0 ||
			len(c.Expr.Assigns) > 0 || c.RunBy != nil || !inertCall(c) {
			return false
		}
		for _, a := range c.Args {
			if !a.Static {
				return false
			}
		}
		for _, r := range c.Redirs {
			if !quietRedirect(r) {
				return false
			}
		}
	}
	for _, r := range m.Redirs {
		if !quietRedirect(r) {
			return false
		}
	}
	scripts := append([]*Script{m.Script}, m.Scripts...)
	for _, s := range scripts {
		if s == nil || s.File == nil {
			return false
		}
		ok := true
		walkTree(s.File, func(n sh.Node) bool {
			switch n := n.(type) {
			case *sh.Assign, *sh.DeclClause, *sh.FuncDecl, *sh.ArithmCmd, *sh.ArithmExp, *sh.LetClause,
				*sh.TestClause, *sh.CoprocClause, *sh.TimeClause, *sh.ProcSubst:
				ok = false
			case *sh.ParamExp:
				if n.Index != nil || n.Slice != nil || n.Exp != nil || n.Repl != nil || n.Excl {
					ok = false
				}
			}
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// quietRedirect reports a redirection that writes no file: a read, a
// duplication, or a write to /dev/null.
func quietRedirect(r Redirect) bool {
	if !r.Writes() {
		return true
	}
	return r.Target.Static && r.Target.Value == "/dev/null"
}

// ReadsOnly reports a call that writes no file through its words: one
// of inertPrograms (cat, head, grep, …) or git printing (inertCall),
// named without a directory, with no wrapper, and not shadowed by a PATH
// directory the command put first. Its redirections are its own writes,
// judged apart.
func ReadsOnly(c *Call) bool {
	return c != nil && c.Expr != nil && c.NameArg.Static && !strings.Contains(c.NameArg.Value, "/") && len(c.Wrappers) == 0 &&
		c.PathDir == "" && !c.PathRunTime && c.Choice == nil && c.RunBy == nil && inertCall(c)
}

// findWriting are find's actions that delete, run a program or write a
// file; every other word of a find only selects or prints (GNU find).
var findWriting = lazy.Set{List: []string{"-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls"}}

// findPrintsOnly reports a find whose words are all known and hold none
// of findWriting: it lists, and changes nothing (find . -name x |
// rsync --files-from=- … reads the tree as it is).
func findPrintsOnly(c *Call) bool {
	for _, a := range c.Args {
		if !a.Static || findWriting.Has(a.Value) {
			return false
		}
	}
	return true
}
