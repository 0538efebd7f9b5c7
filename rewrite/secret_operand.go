package rewrite

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

var secretOperandRule = Rule{
	Decisions: []Decision{Ask},
	Name:      "secret-operand",
	Doc: `A program corral has no reading of, given a secret file as an operand
(python3 .env, ruby -w .env, sh -v .env,
gcc -x c .env, hd ~/.ssh/id_rsa), may print it: ask. So does a secret
whose words xargs -a or parallel :::: hand a program as arguments. The programs
secret-read and exfiltrate judge (cat, cp, grep, curl, …) are theirs;
programs that only name, hash, move or check a file without showing its
content (ls, stat, chmod, rm, sha256sum, wc, git …) and programs that hand
a file to a process or key agent without printing it (ssh -i, ssh-add,
code, open) pass, as does the option a program's row in keyUses says
uses its file (gunicorn --keyfile, ansible-playbook --private-key,
cosign sign --key, helm --kubeconfig): the program is given the key it
uses. Any other word counts: an operand, the word after any option
and a value attached to one (mycli -k ~/.ssh/id_rsa, tool --key .env,
--input=.env, -k.env), since an unknown program may print, log or send
the file whatever its option is called; a script's arguments are such
words (ruby app.rb .env, python3 app.py .env). A container build that
takes a secret in asks too: docker build -f .env, --secret src=FILE,
--ssh ID=KEY, and a Dockerfile COPY or ADD of a secret from the context.
Not this rule's: a file
the call writes, an env file a loader gives a program (node
--env-file=.env server.js), the words of a program the call runs (npx
dotenv-cli -e .env -- npm start), and a secret that is not on disk when
the hook runs, one the program makes (tomb forge x.key).`,
	Requires: []string{"secret-read"},
	Call:     checkSecretOperand,
}

// readJudged reports whether secret-read already judged c: its finding
// covers c (bash -v .env, pip install -r .env, history -r .env), so an
// option value or operand of c is not asked about again.
func readJudged(p *Pass, c *syntax.Call) bool {
	start, end := topSpanOf(c.Script, c.Start, c.End)
	for _, f := range p.ResultOf("secret-read") {
		if f.Start <= start && f.End >= end {
			return true
		}
	}
	return false
}

// notContentReaders are the programs that take a file without putting
// its content in front of the agent: metadata, hashes, moves and
// deletions (judged by other rules), key agents and loaders that hand it
// to another process, and programs that open it for the person.
var notContentReaders = lazy.Set{List: []string{
	"ls", "stat", "file", "test", "[", "[[", "touch", "chmod", "chown", "chgrp", "chattr", "lsattr", "getfacl", "setfacl",
	"rm", "rmdir", "unlink", "shred", "srm", "wipe", "tmpreaper", "tmpwatch", "trash", "trash-put", "mkdir", "wc", "du", "realpath", "readlink", "basename", "dirname",
	"ln", "truncate", "echo", "printf", "which", "type", "command", "find", "fd", "fdfind", "tree", "exa", "eza", "lsd",
	"md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum", "shasum",
	"ssh", "ssh-add", "ssh-keygen", "ssh-copy-id", "autossh", "mosh", "docker", "podman", "docker-compose", "kubectl",
	"code", "cursor", "open", "xdg-open", "sudo", "doas", "env", "direnv", "dotenvx",
	// dotenv-linter prints each problem as FILE:LINE and the key
	// name, never a value.
	"dotenv-linter",
	"git", "gh", "true", "false", ":", "export", "unset", "local", "declare", "readonly", "cd", "pushd", "popd",
	"mv", "cp", "install", "rsync", "scp", "tar", "zip", "sleep", "kill", "wait", "time", "watch", "timeout",
}}

// attachedNumber matches a short option with its number attached (-n1,
// -w80): getopt reads the value from the same word.
var attachedNumber = lazy.Regexp{Expr: `^-[A-Za-z][0-9]+$`}

func checkSecretOperand(p *Pass, c *syntax.Call) {
	if p.Config.Paths != nil && readJudged(p, c) {
		return
	}
	if c.ArgFile != "" && p.Config.Paths != nil {
		// xargs -a .env CMD, parallel CMD :::: .env: the file's words
		// become CMD's arguments, shown by any program that prints or
		// complains about them.
		f := syntax.Arg{Value: c.ArgFile, Raw: c.ArgFile, Static: true}
		if s, ok := p.secretOf(c.Dir, f); ok {
			p.maybeSecret = false
			p.Report(c, Finding{Rule: "secret-operand", Decision: Ask, PathContext: "blocked",
				Message: fmt.Sprintf("the words of %s become the arguments of %s, which may print them: %s", c.ArgFile, c.Name, s.Reason("a secret:"))})
			return
		}
	}
	if c.Name != "source" && c.Name != "." && p.Config.Paths != nil {
		// bash id_rsa after PATH=~/.ssh:$PATH: the script file bash finds
		// in PATH, whose lines its errors print.
		for _, f := range c.ScriptPaths {
			if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: f, Raw: f, Static: true}); ok {
				p.maybeSecret = false
				p.Report(c, Finding{Rule: "secret-operand", Decision: Ask, PathContext: "blocked",
					Message: fmt.Sprintf("%s finds %s in PATH and runs it, printing its lines in errors: %s", c.Name, strings.Replace(f, syntax.AnyDirPrefix, "(a PATH entry only known at run time)/", 1), s.Reason("a secret:"))})
				return
			}
		}
	}
	// ruby -w .env, python3 -u .env, perl -W ~/.aws/credentials: the
	// script file an interpreter runs, read with its own options, whose
	// lines its errors quote (NameError, SyntaxError). secret-read judges
	// php's (php .env prints its text) and the files after -n/-p code.
	if code, file, _, ok := syntax.InterpreterWords(c); ok && code < 0 && file >= 0 && lang.ForProgram(c.Name) != lang.PHP && p.Config.Paths != nil {
		a := c.Args[file]
		if s, ok := p.secretOf(c.Dir, a); ok && a.Static {
			p.maybeSecret = false
			if _, err := os.Stat(guards.Normalize(p.guardsEnv(c.Dir), a.Value).Abs); err == nil || p.Config.NoGlobMatches || a.Glob {
				p.Report(c, Finding{Rule: "secret-operand", Decision: Ask, PathContext: "blocked",
					Message: fmt.Sprintf("%s runs %s as its program, quoting its lines in errors: %s", c.Name, a.Raw, s.Reason("a secret:"))})
			}
			return
		}
	}
	// docker build -f .env .: the file named as the Dockerfile is parsed
	// as one, and the builder's error quotes each line that is no
	// instruction ("dockerfile parse error on line 1: unknown
	// instruction: KEY=value", with BuildKit's snippet of the lines
	// around it); a line that is one (RUN, COPY) puts its text into the
	// image. The same for podman build and buildah build/bud.
	if p.dockerBuildSecrets(c) {
		return
	}
	if p.Config.Paths != nil {
		for _, f := range containerfileArgs(c) {
			if s, ok := p.secretOf(c.Dir, f); ok {
				p.maybeSecret = false
				if _, err := os.Stat(guards.Normalize(p.guardsEnv(c.Dir), f.Value).Abs); err == nil || p.Config.NoGlobMatches || f.Glob {
					p.Report(c, Finding{Rule: "secret-operand", Decision: Ask, PathContext: "blocked",
						Message: fmt.Sprintf("%s build reads %s as its Dockerfile, quoting its lines in errors: %s", c.Name, f.Raw, s.Reason("a secret:"))})
				}
				return
			}
		}
	}
	// An interpreter runs a program corral has no table for: the script
	// on disk (python3 app.py .env, ruby app.rb .env, perl app.pl .env,
	// php app.php .env, node app.js .env) gets the words after it as its
	// arguments, and code given in the command gets them as argv. What
	// secret-read judged of it (php .env, perl -ne … .env, python -m
	// http.server) returned above; every other word is judged here as an
	// unknown program's, whatever other calls of the same interpreter
	// secret-read reads.
	if c.Name == "" || p.Config.Paths == nil || notContentReaders.Has(c.Name) ||
		slices.Contains(secretRead.Commands, c.Name) && lang.ForProgram(c.Name) == "" && (!compilerNames.Get()[c.Name] || compilerPreprocesses(c)) ||
		slices.Contains(exfiltrate.Commands, c.Name) {
		return
	}
	// The words that are code, not a path: bash -c CODE, python3 -c
	// CODE (the commands in it are judged as calls of their own).
	code := -1
	if i, _, _, ok := syntax.InterpreterWords(c); ok {
		code = i
	} else if syntax.IsShell(c.Name) {
		code, _ = syntax.ShellScript(c)
	}
	var known map[int]bool
	var uses map[int]*keyUse
	for i, w := range c.Args {
		if !w.Static || w.Value == "" || i == code {
			continue
		}
		// Every word may name a file the program opens: the word itself
		// (an operand, or the value of the option before it, -k .env,
		// --key .env: corral cannot tell a flag from an option that takes
		// a value without the program's table), and the value a word
		// carries attached (--opt=.env, -key=.env, -k.env, KEY=.env).
		// What the program does with the file is not known: it may
		// print, log or send it.
		var a syntax.Arg
		var s guards.Secret
		found := false
		for _, v := range secretWordPaths(w) {
			a = syntax.Arg{Value: v, Raw: w.Raw, Static: true, Glob: w.Glob && v == w.Value, Start: w.Start, End: w.End}
			if s, found = p.secretOf(c.Dir, a); found {
				break
			}
		}
		p.maybeSecret = false
		if !found {
			continue
		}
		// Only for a secret, the checks that cost more: the words some
		// table of corral reads — the files the call writes (tee .env,
		// sponge x.key: bash-write's), the env files a loader gives the
		// program as its configuration (node --env-file=.env server.js),
		// the words of a program this one runs (npx dotenv-cli -e .env
		// -- npm start), judged as that call's — and a secret not there
		// when the hook runs, one the program makes (tomb forge x.key,
		// step certificate create … x.key).
		if known == nil {
			if runsJoinedWords(p, c) {
				return
			}
			known = knownWords(c)
			uses = keyUseWords(c, func(v string) bool {
				_, ok := p.secretOf(c.Dir, syntax.Arg{Value: v, Raw: v, Static: true})
				return ok
			})
			for start, u := range uses {
				// A file the program writes is the one it makes when it
				// is not there (the disk decides below); without the
				// disk, the row says so.
				known[start] = !u.writes || p.Config.NoGlobMatches
			}
		}
		if known[w.Start] && w.End > w.Start {
			continue
		}
		if !p.Config.NoGlobMatches && !a.Glob {
			if _, err := os.Stat(guards.Normalize(p.guardsEnv(c.Dir), a.Value).Abs); err != nil {
				continue
			}
		}
		msg := fmt.Sprintf("%s is given %s, which may print it: %s", c.Name, a.Raw, s.Reason("a secret:"))
		if u := uses[w.Start]; u != nil && u.writes {
			msg = fmt.Sprintf("%s writes a new file over %s, a secret kept on disk: %s", c.Name, a.Raw, s.Reason("a secret:"))
		}
		p.Report(c, Finding{Rule: "secret-operand", Decision: Ask, PathContext: "blocked", Message: msg})
		return
	}
}

// knownWords returns the starts of c's words that a table of corral
// reads: the files the call writes (writeTargets) and the env files it
// loads as configuration (syntax.EnvFileWords).
func knownWords(c *syntax.Call) map[int]bool {
	known := map[int]bool{}
	for _, t := range writeTargets(c) {
		known[t.arg.Start] = true
	}
	for _, a := range syntax.EnvFileWords(c) {
		known[a.Start] = true
	}
	return known
}

// keyUseWords returns the starts of c's words that a keyUses row reads
// as a file the program uses (gunicorn --keyfile key.pem, cosign sign
// --key cosign.key) or writes, with the row. A row whose login a
// variable the command sets sends elsewhere (HELM_KUBEAPISERVER) does
// not hold. A row's option
// counts only before "--", in the row's subcommand and modes, and only
// where it is an option: a bare option before it that the row does not
// know as a flag might take the option word as its own value. For an ssh
// argument string (csshX --ssh_args "-i KEY") the word counts when no
// part of it but the identity names a secret (secret reports one).
func keyUseWords(c *syntax.Call, secret func(string) bool) map[int]*keyUse {
	var out map[int]*keyUse
	for k := range keyUses {
		u := &keyUses[k]
		if u.program != c.Name {
			continue
		}
		if slices.ContainsFunc(u.unlessEnv, func(v string) bool { return slices.Contains(c.EnvChanged, v) }) {
			continue
		}
		args := c.Args
		end := len(args)
		for i, a := range args {
			if a.Value == "--" {
				end = i
				break
			}
		}
		args = args[:end]
		if !keyUseApplies(*u, args) {
			continue
		}
		for i, a := range args {
			if !a.Static || i > 0 && !keyUseOptionAt(*u, args[i-1]) {
				continue
			}
			at := -1
			for _, o := range u.opts {
				switch {
				case strings.HasSuffix(o, ":") || strings.HasSuffix(o, "="):
					if len(a.Value) > len(o) && strings.HasPrefix(a.Value, o) {
						at = i
					}
				case a.Value == o:
					if i+1 < len(args) {
						at = i + 1
					}
				case strings.HasPrefix(o, "--") && strings.HasPrefix(a.Value, o+"="):
					at = i
				}
				if at >= 0 {
					break
				}
			}
			if at < 0 || !args[at].Static {
				continue
			}
			if u.sshArgs && !sshIdentityOnly(args[at].Value, secret) {
				continue
			}
			if out == nil {
				out = map[int]*keyUse{}
			}
			out[args[at].Start] = u
		}
	}
	return out
}

// keyUseApplies reports whether row u holds for a call with args: its
// subcommand, one of its modes, none of the options that make it print
// or send the file.
func keyUseApplies(u keyUse, args []syntax.Arg) bool {
	if len(u.subs) > 0 {
		sub := ""
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				sub = a.Value
				break
			}
		}
		if !slices.Contains(u.subs, sub) {
			return false
		}
	}
	mode := len(u.when) == 0
	for _, a := range args {
		if !a.Static {
			if len(u.unless) > 0 {
				return false // it may be one of them
			}
			continue
		}
		name, _, _ := strings.Cut(a.Value, "=")
		if slices.Contains(u.unless, name) {
			return false
		}
		mode = mode || slices.Contains(u.when, name)
	}
	return mode
}

// keyUseOptionAt reports whether the word before an option of row u
// leaves it an option: a word that is no option (an operand, a value, the
// subcommand), an option with its value attached, or a flag of the row.
func keyUseOptionAt(u keyUse, prev syntax.Arg) bool {
	v := prev.Value
	if !prev.Static {
		return false
	}
	if !strings.HasPrefix(v, "-") || v == "-" || strings.Contains(v, "=") || slices.Contains(u.flags, v) {
		return true
	}
	for _, o := range u.opts {
		if (strings.HasSuffix(o, ":") || strings.HasSuffix(o, "=")) && strings.HasPrefix(v, o) && len(v) > len(o) {
			return true
		}
	}
	return false
}

// sshIdentityOnly reports whether ssh options text (csshX --ssh_args "-i
// KEY -p 22") names no secret but its -i identity files.
func sshIdentityOnly(text string, secret func(string) bool) bool {
	fields := strings.Fields(text)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		switch {
		case f == "-i":
			i++
		case strings.HasPrefix(f, "-i"):
		default:
			for _, v := range secretWordPaths(syntax.Arg{Value: f, Raw: f, Static: true}) {
				if secret(v) {
					return false
				}
			}
		}
	}
	return true
}

// runsJoinedWords reports that c runs a command made of its own words
// (npx dotenv-cli -e .env -- npm start: corral reads dotenv-cli and npm
// as calls of a script joined from npx's words): those words are that
// call's, judged there with its tables, not c's.
func runsJoinedWords(p *Pass, c *syntax.Call) bool {
	if p.Model == nil {
		return false
	}
	for _, inner := range p.Model.Calls {
		if inner.RunBy == c && inner.Script != nil && inner.Script.Parent == c.Script && inner.Script.Host == nil {
			return true
		}
	}
	return false
}

// secretWordPaths returns the paths a word of a program corral has no
// table for can name: those wordPaths gives (the word, the value after
// = in --input=.env, -key=.env, KEY=.env) and, for a short option, the
// rest of the word (getopt's -k.env, -kVALUE). A bare - (standard input),
// -- and a URL name no file.
func secretWordPaths(w syntax.Arg) []string {
	if strings.Contains(w.Value, "://") {
		return nil // a URL (https://host/.env) names no file here
	}
	out := wordPaths(w)
	if v := w.Value; len(v) > 2 && v[0] == '-' && v[1] != '-' && !strings.Contains(v, "=") {
		out = append(out, v[2:])
	}
	return out
}

// containerfileArgs returns the words naming the Dockerfile of a build:
// the -f/--file values of docker build (buildx build, image build),
// podman build (image build) and buildah build (bud), read with docker
// build's options. "-" (standard input) names none.
func containerfileArgs(c *syntax.Call) []syntax.Arg {
	switch c.Name {
	case "docker", "podman", "buildah":
	default:
		return nil
	}
	_, operands := scan(c.Args, dockerOptions.Get())
	if len(operands) == 0 {
		return nil
	}
	at := operands[0]
	sub := c.Args[at].Value
	if (sub == "buildx" || sub == "image" || sub == "builder") && len(operands) > 1 {
		at = operands[1]
		sub = c.Args[at].Value
	}
	if sub != "build" && !(c.Name == "buildah" && sub == "bud") {
		return nil
	}
	opts, _ := scan(c.Args[at+1:], dockerBuildOptions.Get())
	var out []syntax.Arg
	for _, o := range find(opts, "f", "file") {
		if o.val.Static && o.val.Value != "" && o.val.Value != "-" {
			out = append(out, o.val)
		}
	}
	return out
}
