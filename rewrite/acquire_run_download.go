package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var runDownload = Rule{
	Name: "run-download",
	Doc: `Downloading a script and running it in the same command
(curl -o i.sh URL && bash i.sh, wget URL && ./install.sh, … && source f,
bash < i.sh, mysql db < d.sql, psql -f d.sql) is
remote code execution in two steps: ask, as for curl | sh. The download is
still moved into the sandbox.`,
	Decisions: []Decision{Ask},
	Requires:  movers,
	Command:   checkRunDownload,
}

func checkRunDownload(p *Pass) {
	var moved []Relocation
	for _, f := range p.ResultOf(movers...) {
		if f.Fix != nil {
			moved = append(moved, f.Fix.Relocations...)
		}
	}
	if len(moved) == 0 {
		return
	}
	ix := indexRelocations(moved)
	for _, c := range p.Model.Calls {
		if !ix.scripts[c.Script] {
			continue
		}
		for _, a := range filesRun(c) {
			if !a.Static {
				continue
			}
			d := c.Dir.Join(a.Value)
			if !d.Known {
				continue
			}
			if rl, ok := ix.lookup(c.Script, d.Path, c.Start); ok && rl.From == d.Path {
				p.Report(c, Finding{Rule: "run-download", Decision: Ask,
					Message: "runs " + rl.From + ", which this command downloads: remote code execution; download it into the sandbox and read it first"})
				break
			}
		}
	}
}

// filesRun returns the words naming the files c runs: fileRun's, the
// file its standard input is opened on when c runs what it reads there
// (bash < i.sh, mysql db < d.sql, psql < d.sql), and psql's -f FILE.
func filesRun(c *syntax.Call) []syntax.Arg {
	var out []syntax.Arg
	if a, ok := fileRun(c); ok {
		out = append(out, a)
	}
	if r, ok := c.Fd(0).File(); ok && r.Op == "<" && runsStdin(c) {
		out = append(out, r.Target)
	}
	if c.Name == "java" {
		// java -jar app.jar, java -cp app.jar Main: compiled code.
		out = append(out, syntax.JavaFiles(c)...)
	}
	if c.Name == "psql" {
		for _, o := range syntax.PsqlFiles(c) {
			out = append(out, o)
		}
	}
	return out
}

// fileRun returns the word naming the file that c executes: the command
// itself when it is a path, or the script of a shell, an interpreter or
// source.
func fileRun(c *syntax.Call) (syntax.Arg, bool) {
	if c.NameArg.Word != nil && strings.Contains(c.NameArg.Value, "/") {
		return c.NameArg, true
	}
	switch r := syntax.RunnerOf(c.Name); {
	case r == syntax.NotRunner || c.Name == "eval":
		return syntax.Arg{}, false
	case c.Name == "source" || c.Name == ".":
		// bash's source takes no options but "--".
		args := c.Args
		if len(args) > 0 && args[0].Static && args[0].Value == "--" {
			args = args[1:]
		}
		if len(args) > 0 {
			return args[0], true
		}
		return syntax.Arg{}, false
	}
	// A shell's or interpreter's script file, read with its options
	// (bash -o pipefail i.sh, python3 -W ignore i.py, not -c's string).
	if _, file, _, ok := programWords(c); ok {
		if file >= 0 {
			return c.Args[file], true
		}
		return syntax.Arg{}, false
	}
	// A runner whose options corral does not model (lua, Rscript, pwsh):
	// its first word that is no option.
	for _, a := range c.Args {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		return a, true
	}
	return syntax.Arg{}, false
}
