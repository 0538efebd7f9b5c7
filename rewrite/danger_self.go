package rewrite

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// selfCommands are corral's subcommands that approve, forget approvals or
// (un)register the hook, and the hook itself (an event the agent feeds it,
// a SessionEnd of its own session, forgets the session's record of
// decoded files and its approvals): the person's and the agent's, never
// the agent's own commands.
var selfCommands = []string{"confirm", "session", "init", "uninstall", "hook"}

// corralGlobalSpec are corral's options before its subcommand.
var corralGlobalSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{longEq: true, stop: true, longVal: longOpts("color"), longFlag: longOpts("help", "version")}
}}

var corralSelf = Rule{
	Name:      "corral-self",
	Decisions: []Decision{Deny},
	Doc: `corral confirm, corral session, corral init, corral uninstall, corral
policy init and corral hook run by the agent are denied, however they are spelled (a path, a wrapper, bash -c,
options first, a subcommand xargs, parallel or find -exec appends at run time): an agent that approves its own asks, unregisters the hook
or feeds the hook events of its own (a SessionEnd forgets the session's
approvals and its record of decoded files, which lifts asks) has switched
corral off. So has one that signals corral's own process (pkill -f
'corral hook', killall corral, kill -STOP $(pgrep corral); not kill -0 or
CONT): an agent whose hook dies or hangs runs the tool call unchecked. The person runs them in their own terminal; the agent runs
the hook only as its hook.`,
	Commands: []string{"corral", "go", "pkill", "killall", "kill"},
	Call: func(p *Pass, c *syntax.Call) {
		if c.Name == "pkill" || c.Name == "killall" || c.Name == "kill" {
			if what, ok := selfKill(p, c); ok {
				p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: what})
			}
			return
		}
		args := c.Args
		if c.Name == "go" {
			// go run …/cmd/corral@latest uninstall, go run ./cmd/corral
			// confirm: corral built from source and run with these words.
			var ok bool
			if args, ok = goRunCorral(args); !ok {
				return
			}
		}
		_, ops := scan(args, corralGlobalSpec.Get())
		if fedSubcommand(c, args, ops) {
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral whose subcommand " + lastWrapperName(c) + " supplies at run time could approve or unregister itself; the user runs corral's commands"})
			return
		}
		if len(ops) == 0 {
			return
		}
		a := args[ops[0]]
		if !a.Static {
			// A subcommand only known at run time could be any of them.
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral with a subcommand only known at run time could approve or unregister itself; the user runs corral's commands"})
			return
		}
		switch word := selfSubcommand(args, ops); word {
		case "":
		case "policy init":
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral policy init writes a policy file; the user runs it in their own terminal"})
		default:
			p.Report(c, Finding{Rule: "corral-self", Decision: Deny, Message: "corral " + word + " is for the user to run in their own terminal, not for the agent"})
		}
	},
}

// fedSubcommand reports a corral call whose subcommand a launcher gives it
// at run time (red team 14 RG2: echo uninstall | xargs corral, xargs
// corral <<< "confirm …", xargs -I{} corral {}, parallel corral :::
// session, find -exec corral {} +): the words xargs, parallel or find
// append come after those written, so a call with no subcommand written
// (or only "policy", which "init" completes) gets its subcommand from
// them, and a replace string ({} or -I's) in the first operands is one.
func fedSubcommand(c *syntax.Call, args []syntax.Arg, ops []int) bool {
	if !c.ExtraArgs && c.Replace == "" {
		return false
	}
	if len(ops) == 0 || len(ops) == 1 && args[ops[0]].Value == "policy" {
		return c.ExtraArgs
	}
	ph := c.Replace
	if ph == "" {
		ph = "{}" // find -exec's and parallel's
	}
	for _, i := range ops[:min(len(ops), 2)] {
		if strings.Contains(args[i].Value, ph) {
			return true
		}
	}
	return false
}

// lastWrapperName names the launcher that runs call c with words of its
// own (xargs, parallel, find), for messages.
func lastWrapperName(c *syntax.Call) string {
	if n := len(c.Wrappers); n > 0 {
		return c.Wrappers[n-1]
	}
	if c.RunBy != nil {
		return c.RunBy.Name
	}
	return "a launcher"
}

// selfSubcommand returns the subcommand of selfCommands, or "policy
// init", that corral's words args (ops: its operands after the global
// options) start with, or "".
func selfSubcommand(args []syntax.Arg, ops []int) string {
	if len(ops) == 0 || !args[ops[0]].Static {
		return ""
	}
	word := args[ops[0]].Value
	if word == "policy" && len(ops) > 1 && args[ops[1]].Value == "init" {
		return "policy init"
	}
	for _, s := range selfCommands {
		if word == s {
			return word
		}
	}
	return ""
}

// goRunCorral returns the words after the package of a go run whose
// package is a corral command (its path ends in /corral or is corral,
// any @version), and whether it is one. go run's build flags come first
// ("go help build"); those that take a value take it after "=" or as the
// next word.
func goRunCorral(args []syntax.Arg) ([]syntax.Arg, bool) {
	if len(args) < 2 || args[0].Value != "run" {
		return nil, false
	}
	valued := map[string]bool{"-C": true, "-exec": true, "-mod": true, "-modfile": true, "-overlay": true, "-pgo": true, "-tags": true,
		"-ldflags": true, "-gcflags": true, "-asmflags": true, "-gccgoflags": true, "-p": true, "-pkgdir": true, "-toolexec": true,
		"-buildmode": true, "-compiler": true, "-installsuffix": true, "-o": true, "-coverpkg": true, "-covermode": true, "-reldir": true}
	for i := 1; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			continue
		}
		if strings.HasPrefix(v, "-") {
			name := strings.TrimPrefix(v, "-")
			name, _, hasEq := strings.Cut("-"+strings.TrimPrefix(name, "-"), "=")
			if valued[name] && !hasEq {
				i++
			}
			continue
		}
		pkg, _, _ := strings.Cut(v, "@")
		pkg = strings.TrimSuffix(pkg, "/")
		if pkg == "corral" || strings.HasSuffix(pkg, "/corral") || strings.HasSuffix(pkg, "/corral.go") {
			return args[i+1:], true
		}
		return nil, false
	}
	return nil, false
}

// corralMark is text every build of corral holds: its main package's
// path, which the Go linker writes into the build information of the
// binary (go version -m shows it), whatever the file is called.
const corralMark = "github.com/corral-dev/corral/cmd/corral"

// maxProgramScan bounds how much of a program file corral-copy reads.
const maxProgramScan = 256 << 20

// corralCopy is corral-self for corral under another name: a copy of the
// binary (cp, install, a script's shutil.copy) or a build of its source
// is corral, and its confirm writes the same session approvals.
var corralCopy = Rule{
	Name:      "corral-copy",
	Decisions: []Decision{Ask, Deny},
	Doc: `A program run with one of corral's own subcommands (confirm, session,
init, uninstall, policy init, hook) is judged as corral when its file is a build of corral,
under any name or path (a copy made with cp or install, a go build -o): the
file's build information names corral's main package, and the call is denied
as corral-self denies it. A program this command creates before running it
with confirm, session, uninstall or hook (it does not exist when the hook runs) is
asked about: it could be that copy (a name without a slash that is not on
the hook's PATH is taken as a program not installed here). Other programs with these words (git
init, npm init, terraform init) pass.`,
	Call: func(p *Pass, c *syntax.Call) {
		if c.Name == "corral" || c.Name == "go" || c.Name == "" || !c.NameArg.Static {
			return
		}
		_, ops := scan(c.Args, corralGlobalSpec.Get())
		word := selfSubcommand(c.Args, ops)
		if word == "" || p.Config.NoScriptFiles {
			return
		}
		file, found := programFile(c)
		if !found {
			// A name without a slash that is not on the hook's PATH is a
			// program not installed here (helm uninstall on a machine
			// without helm), not one this command makes.
			if word == "init" || word == "policy init" || !strings.Contains(c.NameArg.Value, "/") {
				return
			}
			p.Report(c, Finding{Rule: "corral-copy", Decision: Ask, Message: c.NameArg.Value + " does not exist yet: a program this command makes and runs with corral's subcommand " + word + " could be a copy of corral approving its own asks; the user runs corral's commands"})
			return
		}
		if holdsCorralMark(file) {
			p.Report(c, Finding{Rule: "corral-copy", Decision: Deny, Message: c.NameArg.Value + " is a build of corral (its file names corral's main package): corral " + word + " is for the user to run in their own terminal, not for the agent"})
		}
	},
}

// programFile is the file a call runs: its name joined to the call's
// directory when it holds a slash, else the first executable of that name
// in the hook's PATH; found is false when there is none (or the directory
// is only known at run time, which is reported as found with no file).
func programFile(c *syntax.Call) (string, bool) {
	name := c.NameArg.Value
	if strings.Contains(name, "/") {
		d := c.Dir.Join(name)
		if !d.Known {
			return "", true
		}
		if _, err := os.Stat(d.Path); err != nil {
			return "", !errors.Is(err, fs.ErrNotExist)
		}
		return d.Path, true
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", false
	}
	return p, true
}

// holdsCorralMark reports whether the regular file at path holds
// corralMark, read in bounded chunks.
func holdsCorralMark(path string) bool {
	if path == "" {
		return false
	}
	// A FIFO named as the program (mkfifo c; ./c confirm) must not
	// block the hook: only a regular file is opened, without waiting.
	f, err := syntax.OpenRegular(path)
	if err != nil {
		return false
	}
	defer f.Close()
	mark := []byte(corralMark)
	buf := make([]byte, 1<<20+len(mark))
	keep, read := 0, 0
	for read < maxProgramScan {
		n, err := io.ReadFull(f, buf[keep:])
		read += n
		if bytes.Contains(buf[:keep+n], mark) {
			return true
		}
		if err != nil {
			return false
		}
		keep = copy(buf, buf[keep+n-len(mark):keep+n])
	}
	return false
}
