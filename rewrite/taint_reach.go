package rewrite

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// After a secret is sourced, its values also reach the agent through
// programs that are not printers of their words: the shell's own error
// messages, the program text of jq and awk, programs that print their
// whole environment, and git, which echoes a commit message. Each is
// judged by what the program does with the value; a program that only
// receives the value (npm start, python app.py, docker compose up, a CLI
// given --token "$KEY") is how a project uses its .env and passes.

// pathOperandPrograms take paths as operands and name a path they cannot
// open, enter or find in their error message (a secret's value is no
// path: "cd: /sk-…: No such file or directory"), or store it where every
// listing shows it (ln -s VALUE l: ls -l, readlink print the target).
var pathOperandPrograms = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("cd", "pushd", "ls", "dir", "stat", "file", "cat", "head", "tail", "less", "more", "wc", "touch", "mkdir", "rmdir",
		"rm", "cp", "mv", "ln", "readlink", "realpath", "chmod", "chown", "du", "tree", "source", ".")
}}

// envDumpers print the whole environment they are given: npm, yarn and
// pnpm's built-in env script (npm run env), make's database (make -p),
// jq's env and $ENV, awk's ENVIRON.
func envDump(c *syntax.Call) (what string, names []string, ok bool) {
	switch c.Name {
	case "npm", "yarn", "pnpm":
		ops := leadingWords(c.Args)
		if len(ops) >= 2 && (ops[0] == "run" || ops[0] == "run-script") && ops[1] == "env" {
			return c.Name + " run env prints its environment", nil, true
		}
	case "make", "gmake":
		for _, a := range c.Args {
			v := a.Value
			if v == "--print-data-base" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'p') && !shortValueBefore(v, 'p') {
				return "make -p prints its variables, the environment's among them", nil, true
			}
		}
	case "jq", "gojq", "jaq":
		if prog, ok := jqProgram(c); ok {
			if n, all := envRefs(prog, jqEnvRef.Get()); all || len(n) > 0 {
				return c.Name + " prints env/$ENV", n, true
			}
		}
	case "awk", "gawk", "mawk", "nawk":
		if prog, ok := awkProgram(c); ok {
			if n, all := envRefs(prog, awkEnvRef.Get()); all || len(n) > 0 {
				return c.Name + " prints ENVIRON", n, true
			}
		}
	}
	return "", nil, false
}

// shortValueBefore reports whether a letter before r in the cluster v
// takes a value (make -C dir, -f file, -I dir, -j N, -l N, -o file, -W
// file, -O type): r is then part of that value.
func shortValueBefore(v string, r rune) bool {
	for _, ch := range v[1:] {
		if ch == r {
			return false
		}
		if strings.ContainsRune("CfIjloWO", ch) {
			return true
		}
	}
	return false
}

// jqEnvRef and awkEnvRef find the environment in jq and awk program
// text: env.NAME / $ENV.NAME / $ENV["NAME"] name one variable, env or
// $ENV alone the whole table; ENVIRON["NAME"] one, ENVIRON otherwise
// (for (k in ENVIRON), ENVIRON[k]) any.
var jqEnvRef = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?:\$ENV|\benv)\b(?:\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)|\s*\[\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\])?`)
}}
var awkEnvRef = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\bENVIRON\b(?:\s*\[\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\])?`)
}}

// envRefs returns the variables a program's text reads from its
// environment, or all when it reads the whole table or one named at run
// time.
func envRefs(prog string, re *regexp.Regexp) (names []string, all bool) {
	for _, m := range re.FindAllStringSubmatch(prog, 64) {
		n := ""
		for _, g := range m[1:] {
			if g != "" {
				n = g
			}
		}
		if n == "" {
			return nil, true
		}
		names = append(names, n)
	}
	return names, false
}

// jqProgram returns jq's filter: the first operand, or -f FILE's (not
// read: ok false), after the options that take values.
func jqProgram(c *syntax.Call) (string, bool) {
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "--arg" || a.Value == "--argjson" || a.Value == "--slurpfile" || a.Value == "--rawfile":
			i += 2
		case a.Value == "--indent" || a.Value == "-L":
			i++
		case a.Value == "-f" || a.Value == "--from-file" || a.Value == "--args" || a.Value == "--jsonargs":
			if a.Value == "-f" || a.Value == "--from-file" {
				return "", false
			}
		case strings.HasPrefix(a.Value, "-") && a.Value != "-" && a.Static:
		default:
			return a.Value, a.Static
		}
	}
	return "", false
}

// awkProgram returns awk's program text: the first operand after the
// options (-v, -F take values), unless -f gives a file.
func awkProgram(c *syntax.Call) (string, bool) {
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "-f" || a.Value == "--file" || strings.HasPrefix(a.Value, "-f") && len(a.Value) > 2 && a.Value[2] != ' ' && !strings.HasPrefix(a.Value, "-F"):
			return "", false
		case a.Value == "-v" || a.Value == "-F" || a.Value == "--assign" || a.Value == "--field-separator":
			i++
		case a.Value == "--":
			if i+1 < len(c.Args) {
				return c.Args[i+1].Value, c.Args[i+1].Static
			}
			return "", false
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 && a.Static:
		default:
			return a.Value, a.Static
		}
	}
	return "", false
}

// programVars returns the variables jq's --arg/--argjson or awk's -v and
// NAME=VALUE operands give the program, with the words that hold their
// values.
func programVars(c *syntax.Call) map[string]syntax.Arg {
	out := map[string]syntax.Arg{}
	switch c.Name {
	case "jq", "gojq", "jaq":
		positional := false
		for i := 0; i < len(c.Args); i++ {
			a := c.Args[i]
			switch {
			case (a.Value == "--arg" || a.Value == "--argjson") && i+2 < len(c.Args):
				out[c.Args[i+1].Value] = c.Args[i+2]
				i += 2
			case a.Value == "--args" || a.Value == "--jsonargs":
				positional = true
			case positional && len(a.From()) > 0:
				out["ARGS"] = a // $ARGS.positional
			}
		}
	default:
		prog := false
		for i := 0; i < len(c.Args); i++ {
			a := c.Args[i]
			v := a.Value
			switch {
			case (v == "-v" || v == "--assign") && i+1 < len(c.Args):
				if n, _, ok := strings.Cut(c.Args[i+1].Value, "="); ok {
					out[n] = c.Args[i+1]
				}
				i++
			case strings.HasPrefix(v, "-v") && len(v) > 2:
				if n, _, ok := strings.Cut(v[2:], "="); ok {
					out[n] = a
				}
			case v == "-F" || v == "-f":
				i++
			case strings.HasPrefix(v, "-") && !prog:
			case !prog:
				prog = true
			default:
				if n, _, ok := strings.Cut(v, "="); ok && syntax.IsName(n) {
					out[n] = a // an operand assignment, before the file after it
				}
			}
		}
	}
	return out
}

// usesName reports whether program text refers to name: jq's $name (or
// $ARGS, $__named), awk's bare identifier.
func usesName(c *syntax.Call, prog, name string) bool {
	if c.Name == "jq" || c.Name == "gojq" || c.Name == "jaq" {
		if name == "ARGS" {
			return strings.Contains(prog, "$ARGS")
		}
		return regexp.MustCompile(`\$`+regexp.QuoteMeta(name)+`\b`).MatchString(prog) || strings.Contains(prog, "$ARGS") || strings.Contains(prog, "$__named")
	}
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(prog)
}

// shown reports whether what c writes on fd reaches the agent: the
// inherited descriptor, or a pipe to the next stage (which may print
// it); not a file.
func shown(c *syntax.Call, fd int) bool {
	k := c.Fd(fd).Kind
	return k != syntax.StreamFile && k != syntax.StreamClosed
}

// checkTaintedReach judges the other programs a sourced secret's value
// reaches the agent through (see the top of this file). Part of the
// secret-read rule (its Command).
func checkTaintedReach(p *Pass) {
	for _, c := range p.Model.Calls {
		if what, names, ok := envDump(c); ok && len(c.Env) > 0 && shown(c, 1) {
			if sec, name, ok := p.secretSource(c.Dir, c.Env, names); ok {
				p.reportSecret(c, sec, fmt.Sprintf("%s (%s), which holds the content of", what, name))
				continue
			}
		}
		if len(c.Sources) == 0 {
			continue
		}
		if len(c.NameArg.From()) > 0 && shown(c, 2) {
			// "$KEY" as a command: bash looks it up and prints it in
			// "command not found" (or runs whatever it names).
			if sec, ok := p.secretFile(c.Dir, c.NameArg.From()); ok {
				p.reportSecret(c, sec, fmt.Sprintf("the shell runs %s as a command and prints it in its error, which holds the content of", c.NameArg.Raw))
				continue
			}
		}
		switch {
		case pathOperandPrograms.Get()[c.Name]:
			p.taintedOperand(c)
		case c.Name == "jq" || c.Name == "gojq" || c.Name == "jaq" || c.Name == "awk" || c.Name == "gawk" || c.Name == "mawk" || c.Name == "nawk":
			p.taintedProgramVar(c)
		case c.Name == "git":
			p.taintedGitMessage(c)
		}
	}
}

// taintedOperand judges a path program given a secret's value as an
// operand: no file has that name, so the program prints it in its error,
// and ln -s stores it as a link's target.
func (p *Pass) taintedOperand(c *syntax.Call) {
	for _, a := range c.Args {
		if len(a.From()) == 0 || strings.HasPrefix(a.Value, "-") && a.Static {
			continue
		}
		if c.Name != "ln" && !shown(c, 2) {
			continue
		}
		if sec, ok := p.secretFile(c.Dir, a.From()); ok {
			how := "prints a path it cannot find in its error"
			if c.Name == "ln" {
				how = "stores a link target that every listing prints"
			}
			p.reportSecret(c, sec, fmt.Sprintf("%s %s; %s holds the content of", c.Name, how, a.Raw))
			return
		}
	}
}

// taintedProgramVar judges jq or awk given a secret's value as a program
// variable (jq --arg k "$KEY" '$k', awk -v k="$KEY" 'BEGIN{print k}')
// that the program text uses, when the output reaches the agent.
func (p *Pass) taintedProgramVar(c *syntax.Call) {
	if !shown(c, 1) {
		return
	}
	var prog string
	var ok bool
	if c.Name == "jq" || c.Name == "gojq" || c.Name == "jaq" {
		prog, ok = jqProgram(c)
	} else {
		prog, ok = awkProgram(c)
	}
	for name, a := range programVars(c) {
		if len(a.From()) == 0 || ok && !usesName(c, prog, name) {
			continue
		}
		if sec, found := p.secretFile(c.Dir, a.From()); found {
			p.reportSecret(c, sec, fmt.Sprintf("%s's program uses %s, given %s, which holds the content of", c.Name, name, a.Raw))
			return
		}
	}
}

// taintedGitMessage judges git commit, tag, stash and notes given a
// secret's value as the message (-m, --message): git prints its first
// line ("[main 1a2b3c] …") and records it in the history a push
// publishes.
func (p *Pass) taintedGitMessage(c *syntax.Call) {
	switch gitSubcommand(c) {
	case "commit", "tag", "stash", "notes", "merge":
	default:
		return
	}
	for i, a := range c.Args {
		v := a.Value
		var msg syntax.Arg
		switch {
		case (v == "-m" || v == "--message") && i+1 < len(c.Args):
			msg = c.Args[i+1]
		case strings.HasPrefix(v, "--message=") || strings.HasPrefix(v, "-m") && len(v) > 2:
			msg = a
		default:
			continue
		}
		if sec, ok := p.secretFile(c.Dir, msg.From()); ok {
			p.reportSecret(c, sec, fmt.Sprintf("git %s records the message %s in the history and prints it; it holds the content of", gitSubcommand(c), msg.Raw))
			return
		}
	}
}
