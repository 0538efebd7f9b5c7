package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var pipeShell = Rule{
	Name:      "pipe-shell",
	Decisions: []Decision{Ask},
	Doc: `A download executed as it arrives is remote code execution: curl or
wget whose output is piped into a shell or interpreter reading stdin
(curl … | sh, | sudo bash -s -- args, | python3, even through tee or
gunzip), fed as a file by process substitution (bash <(curl …),
source <(wget -O- …)), through the pipe of one (curl … > >(sh),
curl -o >(sh) …, tee >(sh), cat <(curl …) | sh, sh < <(curl …)), or substituted into a script string
(sh -c "$(curl …)", eval "$(curl …)", python3 -c "$(curl …)"). Nothing
about running it can be sandboxed, so corral asks, and says how to fetch
the script into the sandbox to read it first. An interpreter runs its
standard input only when it takes its program from there (python3,
node -r mod, perl, php with no script): with a code option, a module or
a script file (python3 -m json.tool, node -e '…', perl -ne '…',
python3 tool.py) the download is data. A pipe into jq, grep or tar
is not execution and passes; so is a download handed to a script as data
(python3 tool.py "$(curl …)", bash -c 'echo "$1"' _ "$(curl …)").
What ssh prints of another host (ssh h cat x | sh, bash <(ssh h cat x))
is the same.`,
	Commands: syntax.Downloaders,
	Call:     checkPipeShell,
}

func checkPipeShell(p *Pass, c *syntax.Call) {
	if c.Name == "ssh" && !sshPrintsRemote(c) {
		return
	}
	if s := p.stdinRunnerAfter(c); s != nil {
		p.Report(c, Finding{Rule: "pipe-shell", Decision: Ask,
			Message: "the download is piped into " + s.Name + ", which runs it: remote code execution; " + p.readFirst(c)})
		return
	}
	if out := c.Stdout(); out.Kind == syntax.StreamPipe && out.Pipe != nil {
		// Whoever reads the pipe the download writes: a command inside a
		// compound stage (curl … | { sh; }), or a coprocess's reader
		// (coproc curl …; bash <&${COPROC[0]}, coproc sh; curl …
		// >&${COPROC[1]}).
		for _, d := range p.pipeReaders(pipeKey{out.Pipe, out.Stage}) {
			if runsStdin(d) {
				p.Report(c, Finding{Rule: "pipe-shell", Decision: Ask,
					Message: "the download is fed to " + d.Name + ", which runs it: remote code execution; " + p.readFirst(c)})
				return
			}
		}
	}
	if h := c.Host; h != nil && c.Subst != "" {
		if syntax.RunnerOf(h.Name) != syntax.NotRunner && substIsCode(h, c) || substCodeFile(h, c) {
			p.Report(c, Finding{Rule: "pipe-shell", Decision: Ask,
				Message: "the download is handed to " + h.Name + " as code (" + c.Subst + "…)): remote code execution; " + p.readFirst(c)})
			return
		}
	}
	if s := p.bytesRunner(c); s != nil {
		p.Report(c, Finding{Rule: "pipe-shell", Decision: Ask,
			Message: "the download reaches " + s.Name + " through a process substitution, and " + s.Name + " runs it: remote code execution; " + p.readFirst(c)})
	}
}

// bytesRunner returns a command that runs, as code it reads on stdin,
// the bytes c writes, when they reach it through a process substitution:
// c's output or output file is >(sh) (curl … > >(sh), curl -o >(sh)), a
// command the bytes flow to writes them into one (curl … | tee >(sh)),
// or c is in a <(…) whose holder passes the file on (cat <(curl …) |
// sh). Every command that reads the bytes is taken to pass them on, as
// a pipeline's later stages are by stdinRunnerAfter; the walk is bounded
// by maxPipeFollow pipes.
func (p *Pass) bytesRunner(c *syntax.Call) *syntax.Call {
	// outputs are the >(…) substitutions a call writes into through its
	// arguments (tee >(sh), curl -o >(sh), curl -o>(sh)).
	outputs := func(d *syntax.Call) []syntax.Stream {
		var out []syntax.Stream
		for _, a := range d.Args {
			for _, st := range p.Model.WordStreams(a) {
				if st.Pipe.Subst == ">(" {
					out = append(out, st)
				}
			}
		}
		return out
	}
	var runner *syntax.Call
	p.walkPipes(append([]syntax.Stream{c.Stdout()}, outputs(c)...), func(st syntax.Stream, readers []*syntax.Call) ([]syntax.Stream, bool) {
		var next []syntax.Stream
		for _, d := range readers {
			if runsStdin(d) {
				if st.Pipe.Subst != "" || d.Pipe != c.Pipe {
					runner = d // a stage of c's own pipeline is reported above
				}
				return nil, true
			}
			next = append(append(next, d.Stdout()), outputs(d)...)
		}
		if h := fileReader(st, readers); h != nil {
			next = append(append(next, h.Stdout()), outputs(h)...)
		}
		return next, false
	})
	return runner
}

// stdinRunnerAfter returns the first stage after c in its pipeline that
// runs what it reads on stdin, or nil. Every later stage counts, however
// far: a pipeline is indexed once (Pass.runners), so a pipeline of many
// downloads stays linear and no depth limit lets a shell at the end pass.
// A compound stage ({ …; }, ( … )) does not stop the search.
func (p *Pass) stdinRunnerAfter(c *syntax.Call) *syntax.Call {
	if c.Pipe == nil {
		return nil
	}
	next, ok := p.runners[c.Pipe]
	if !ok {
		next = make([]int, len(c.Pipe.Calls)+1)
		next[len(c.Pipe.Calls)] = -1
		for i := len(c.Pipe.Calls) - 1; i >= 0; i-- {
			next[i] = next[i+1]
			if s := c.Pipe.Stage(i); s != nil && (runsStdin(s) || p.scriptFromStdin(s)) {
				next[i] = i
			}
		}
		if p.runners == nil {
			p.runners = map[*syntax.Pipeline][]int{}
		}
		p.runners[c.Pipe] = next
	}
	if c.PipeIndex+1 >= len(next) || next[c.PipeIndex+1] < 0 {
		return nil
	}
	return c.Pipe.Stage(next[c.PipeIndex+1])
}

// scriptFromStdin reports a stage whose script text (eval's, sh -c's, a
// trap's) is built from a command substitution that reads the stage's
// standard input: curl URL | eval "$(cat)" runs the download as
// curl URL | sh does (red team 18 PS1).
func (p *Pass) scriptFromStdin(s *syntax.Call) bool {
	a, _, file := syntax.ScriptWord(s)
	return a != nil && !file && p.Model.ScriptReadsPipe(s, *a)
}

// readFirst is the advice for a download that is run: the command that
// saves it into the sandbox, to be read before it is run.
func (p *Pass) readFirst(c *syntax.Call) string {
	url := ""
	for _, a := range c.Args {
		if a.Static && strings.Contains(a.Value, "://") {
			url = a.Value
			break
		}
	}
	if url == "" {
		return "download it into the sandbox (" + p.Config.Sandbox + ") and read it before running it"
	}
	name := urlName(url)
	if name == "" || name == "." || name == ".." {
		name = "script"
	}
	dest := path.Join(p.Config.Sandbox, name)
	fetch := "curl -fsSL " + syntax.Quote(url) + " -o " + syntax.Quote(dest)
	if c.Name != "curl" {
		fetch = "wget -O " + syntax.Quote(dest) + " " + syntax.Quote(url)
	}
	return "download it into the sandbox and read it before running it: " + fetch
}

// substIsCode reports whether the substitution holding c is where host h
// takes code: eval's words, source's file, a shell's or interpreter's
// -c/-e string or script file. It is not when a static script or code
// string comes first and the substitution is only its data; when corral
// cannot tell, it is code.
func substIsCode(h, c *syntax.Call) bool {
	idx := -1
	if h.Script == c.Script {
		for j, a := range h.Args {
			if a.Start <= c.Start && c.End <= a.End {
				idx = j
				break
			}
		}
	}
	if idx < 0 || h.Name == "eval" {
		return true
	}
	if h.Name == "source" || h.Name == "." {
		return idx == 0 || !h.Args[0].Static
	}
	// The words are read with the program's own options (programWords):
	// the substitution is code when it is the program text or the
	// script file, data when a static program comes before it (the code
	// string, the script file, python -m's module).
	code, file, module, ok := programWords(h)
	if !ok {
		return true
	}
	switch {
	case module:
		return false
	case code == idx || file == idx:
		return true
	case code >= 0 && code < idx:
		return !h.Args[code].Static
	case file >= 0 && file < idx:
		return !h.Args[file].Static
	}
	return true
}

// substCodeFile reports a download handed as a file to a program that
// reads that file as code though it is no interpreter (m4 <(curl …),
// sed -f <(curl …) f, gcc -x c <(curl …)): syntax.CodeFileArg.
func substCodeFile(h, c *syntax.Call) bool {
	if h.Script != c.Script {
		return false
	}
	for j, a := range h.Args {
		if a.Start <= c.Start && c.End <= a.End {
			return syntax.CodeFileArg(h, j)
		}
	}
	return false
}

// programWords returns, for a shell or an interpreter, the index in
// c.Args of the word holding the program text (the -c string, -e's value)
// and of the script file (or -1 for either), and whether python -m names
// a module instead: syntax.ShellScript's and syntax.InterpreterWords'
// readings of the program's options. ok is false for a program whose
// options corral does not model.
func programWords(c *syntax.Call) (code, file int, module, ok bool) {
	if syntax.IsShell(c.Name) {
		code, _ = syntax.ShellScript(c)
		return code, syntax.ShellFile(c), false, true
	}
	return syntax.InterpreterWords(c)
}
