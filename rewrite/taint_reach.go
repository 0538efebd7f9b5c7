package rewrite

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
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
func (p *Pass) envDump(c *syntax.Call) (what string, names []string, ok bool) {
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
		if prog, ok := p.jqProgram(c); ok {
			if n, all := envRefs(prog, jqEnvRef.Get()); all || len(n) > 0 {
				return c.Name + " prints env/$ENV", n, true
			}
		}
	case "awk", "gawk", "mawk", "nawk":
		if prog, ok := p.awkProgram(c); ok {
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

// jqProgram returns jq's filter: the first operand, or the text of the
// -f/--from-file FILE it reads instead (ok false when that file is named
// at run time or cannot be read at hook time), after the options that
// take values.
func (p *Pass) jqProgram(c *syntax.Call) (string, bool) {
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "--arg" || a.Value == "--argjson" || a.Value == "--slurpfile" || a.Value == "--rawfile":
			i += 2
		case a.Value == "--indent" || a.Value == "-L":
			i++
		case a.Value == "-f" || a.Value == "--from-file":
			if i+1 >= len(c.Args) {
				return "", false
			}
			return p.programFile(c, c.Args[i+1])
		case a.Value == "--args" || a.Value == "--jsonargs":
		case strings.HasPrefix(a.Value, "-") && a.Value != "-" && a.Static:
		default:
			return a.Value, a.Static
		}
	}
	return "", false
}

// awkProgram returns awk's program text: the -f/--file FILEs (read at
// hook time) and -e/--source texts in order, or else the first operand
// after the options (-v, -F take values). ok is false when a piece is
// only known at run time or a file cannot be read.
func (p *Pass) awkProgram(c *syntax.Call) (string, bool) {
	var pieces []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		var file, text *syntax.Arg
		switch {
		case v == "--":
			if len(pieces) == 0 && i+1 < len(c.Args) {
				return c.Args[i+1].Value, c.Args[i+1].Static
			}
			i = len(c.Args)
			continue
		case v == "-f" || v == "--file" || v == "-E" || v == "--exec":
			if i+1 >= len(c.Args) {
				return "", false
			}
			i++
			file = &c.Args[i]
		case strings.HasPrefix(v, "--file=") || strings.HasPrefix(v, "--exec="):
			_, f, _ := strings.Cut(v, "=")
			file = &syntax.Arg{Value: f, Raw: f, Static: a.Static}
		case strings.HasPrefix(v, "-f") && len(v) > 2 && a.Static:
			file = &syntax.Arg{Value: v[2:], Raw: v[2:], Static: true}
		case v == "-e" || v == "--source":
			if i+1 >= len(c.Args) {
				return "", false
			}
			i++
			text = &c.Args[i]
		case strings.HasPrefix(v, "--source="):
			text = &syntax.Arg{Value: v[len("--source="):], Static: a.Static}
		case v == "-v" || v == "-F" || v == "--assign" || v == "--field-separator" || v == "-i" || v == "--include" || v == "-l" || v == "--load" || v == "-W":
			i++
			continue
		case strings.HasPrefix(v, "-") && len(v) > 1 && a.Static:
			continue
		default:
			if len(pieces) > 0 {
				return strings.Join(pieces, "\n"), true
			}
			return v, a.Static
		}
		if file != nil {
			t, ok := p.programFile(c, *file)
			if !ok {
				return "", false
			}
			pieces = append(pieces, t)
			if v == "-E" || v == "--exec" || strings.HasPrefix(v, "--exec=") {
				break // gawk -E: the rest are the program's arguments
			}
			continue
		}
		if !text.Static {
			return "", false
		}
		pieces = append(pieces, text.Value)
	}
	if len(pieces) == 0 {
		return "", false
	}
	return strings.Join(pieces, "\n"), true
}

// programFile reads a program file jq or awk is given (-f FILE) as the
// hook may: a regular file of at most syntax.MaxScriptFile bytes named
// by a word known at hook time, not changed by the command before it
// runs. ok is false otherwise, and the program is then taken to use
// anything it may be given.
func (p *Pass) programFile(c *syntax.Call, f syntax.Arg) (string, bool) {
	text, unread := p.readConfigFile(c, f)
	return text, unread == ""
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
		if what, names, ok := p.envDump(c); ok && len(c.Env) > 0 && shown(c, 1) {
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
	if sec, what, ok := p.programVarSecret(c); ok {
		p.reportSecret(c, sec, what)
	}
}

// programVarSecret finds a program variable of jq or awk that the
// program text (inline, or its -f file read at hook time) uses and that
// holds a secret's content; a program corral cannot read is taken to use
// every variable it is given.
func (p *Pass) programVarSecret(c *syntax.Call) (guards.Secret, string, bool) {
	var prog string
	var ok bool
	if c.Name == "jq" || c.Name == "gojq" || c.Name == "jaq" {
		prog, ok = p.jqProgram(c)
	} else {
		prog, ok = p.awkProgram(c)
	}
	vars := programVars(c)
	names := make([]string, 0, len(vars))
	for n := range vars {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		a := vars[name]
		if len(a.From()) == 0 || ok && !usesName(c, prog, name) {
			continue
		}
		if sec, found := p.secretFile(c.Dir, a.From()); found {
			return sec, fmt.Sprintf("%s's program uses %s, given %s, which holds the content of", c.Name, name, a.Raw), true
		}
	}
	return guards.Secret{}, "", false
}

// printedSecret reports a secret's content that jq or awk c prints on its
// standard output although no file it reads holds it: a program variable
// given a marked value (jq --arg k "$KEY" '$k'), or the environment its
// program prints (jq env, awk's ENVIRON) holding a sourced secret.
func (p *Pass) printedSecret(c *syntax.Call) (guards.Secret, string, bool) {
	switch c.Name {
	case "jq", "gojq", "jaq", "awk", "gawk", "mawk", "nawk":
	default:
		return guards.Secret{}, "", false
	}
	if what, names, ok := p.envDump(c); ok && len(c.Env) > 0 {
		if sec, name, ok := p.secretSource(c.Dir, c.Env, names); ok {
			return sec, fmt.Sprintf("%s (%s), which holds the content of", what, name), true
		}
	}
	if len(c.Sources) == 0 {
		return guards.Secret{}, "", false
	}
	return p.programVarSecret(c)
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
