package rewrite

import (
	"path"
	"strings"
	"sync"

	"github.com/corral-dev/corral/syntax"
)

var pipeShell = Rule{
	Name:      "pipe-shell",
	Decisions: []Decision{Ask},
	Doc: `A download executed as it arrives is remote code execution: curl or
wget whose output is piped into a shell or interpreter reading stdin
(curl … | sh, | sudo bash -s -- args, | python3, even through tee or
gunzip), fed as a file by process substitution (bash <(curl …),
source <(wget -O- …)), or substituted into a script string
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
	Commands: []string{"curl", "wget", "wget2", "ssh"},
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
	if h := c.Host; h != nil && c.Subst != "" {
		if syntax.RunnerOf(h.Name) != syntax.NotRunner && substIsCode(h, c) {
			p.Report(c, Finding{Rule: "pipe-shell", Decision: Ask,
				Message: "the download is handed to " + h.Name + " as code (" + c.Subst + "…)): remote code execution; " + p.readFirst(c)})
		}
	}
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
			if s := c.Pipe.Stage(i); s != nil && runsStdin(s) {
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
	for j := 0; j < idx; j++ {
		a := h.Args[j]
		if !a.Static {
			continue
		}
		if codeFlag(h.Name, a.Value) && j+1 < idx && h.Args[j+1].Static {
			return false // the code is the static string after the flag
		}
		if scriptFile(a.Value) {
			return false // the code is the script file
		}
	}
	return true
}

// codeFlag reports whether v is an option of a shell or interpreter whose
// next word is the code to run.
func codeFlag(name, v string) bool {
	if !strings.HasPrefix(v, "-") || strings.HasPrefix(v, "--") && v != "--eval" && v != "--print" {
		return false
	}
	switch {
	case syntax.IsShell(name):
		return strings.Contains(v[1:], "c")
	case name == "perl":
		return strings.ContainsAny(v[1:], "eE")
	}
	switch v {
	case "-c", "-e", "-E", "-r", "-p", "--eval", "--print":
		return true
	}
	return false
}

// scriptExts are the extensions of script files.
var scriptExts = sync.OnceValue(func() map[string]bool {
	return map[string]bool{".sh": true, ".bash": true, ".zsh": true, ".py": true, ".pl": true, ".rb": true,
		".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".php": true, ".lua": true, ".R": true, ".r": true, ".ps1": true}
})

// scriptFile reports whether v names a script file by its extension.
func scriptFile(v string) bool {
	return !strings.HasPrefix(v, "-") && scriptExts()[path.Ext(v)]
}
