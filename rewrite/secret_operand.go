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
code, open) pass. An option's value counts as an operand (-r .env,
--input=.env) unless the option's name says the program uses the file:
a key, certificate or identity (--key-file k.pem, -i id_rsa), credentials,
an environment for a process (--env-file .env) or its output (--outfile
x.key); and a secret that is not on
disk when the hook runs is one the program makes (tomb forge x.key).`,
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
	// secret-read judges only python's file servers (python -m
	// http.server): a script operand stays this rule's.
	if c.Name == "" || p.Config.Paths == nil || notContentReaders.Has(c.Name) ||
		slices.Contains(secretRead.Commands, c.Name) && lang.ForProgram(c.Name) != lang.Python && (!compilerNames.Get()[c.Name] || compilerPreprocesses(c)) ||
		slices.Contains(exfiltrate.Commands, c.Name) {
		return
	}
	var written map[int]bool
	for i, a := range c.Args {
		if !a.Static || a.Value == "" {
			continue
		}
		if strings.HasPrefix(a.Value, "-") {
			// --requirements=.env: a long option's attached value, judged
			// as the word after the option is.
			name, val, ok := strings.Cut(a.Value, "=")
			if !ok || !strings.HasPrefix(name, "--") || val == "" || usesFileOption(name) {
				continue
			}
			a = syntax.Arg{Value: val, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}
		} else if i > 0 && strings.HasPrefix(c.Args[i-1].Value, "-") && c.Args[i-1].Value != "--" && !strings.Contains(c.Args[i-1].Value, "=") &&
			!attachedNumber.Get().MatchString(c.Args[i-1].Value) && usesFileOption(c.Args[i-1].Value) {
			// --key-file k.pem, --cert cert.pem, -i id_rsa, --env-file
			// .env: the value of an option whose name says the program
			// uses the file (a server's key, an identity, an environment
			// given to a process), which it does not print. Any other
			// option's value (-r .env, --input .env, -F .env) may be a
			// list, a message or a text it prints: judged as an operand
			// is. An option that holds its value already (-w80, -n1,
			// --width=80) takes none from the next word.
			continue
		}
		s, ok := p.secretOf(c.Dir, a)
		p.maybeSecret = false
		if !ok {
			continue
		}
		// Only for a secret, the checks that cost more: the files the
		// call writes (tee .env, sponge x.key) are bash-write's, and a
		// secret not there when the hook runs is one the program makes
		// (tomb forge x.key, step certificate create … x.key).
		if written == nil {
			written = map[int]bool{}
			for _, t := range writeTargets(c) {
				written[t.arg.Start] = true
			}
		}
		if written[a.Start] && a.End > a.Start {
			continue
		}
		if !p.Config.NoGlobMatches && !a.Glob {
			if _, err := os.Stat(guards.Normalize(p.guardsEnv(c.Dir), a.Value).Abs); err != nil {
				continue
			}
		}
		p.Report(c, Finding{Rule: "secret-operand", Decision: Ask, PathContext: "blocked",
			Message: fmt.Sprintf("%s is given %s, which may print it: %s", c.Name, a.Raw, s.Reason("a secret:"))})
		return
	}
}

// useOptionWords are the words of an option's name that say the program
// uses the file it names without printing it: a key, certificate,
// keystore or identity (a server's TLS key, ssh -i, bundletool --ks),
// credentials or a token it sends, an environment it gives a process
// (--env-file), or the file it writes (-out, --outfile: a key it makes).
var useOptionWords = []string{"out", "key", "cert", "identity", "cred", "token", "secret", "pass", "auth", "tls", "ssl", "env",
	"netrc", "kubeconfig", "keystore", "truststore", "pem", "cacert", "cafile", "ca-file", "ca-bundle", "sign", "account", "private", "known-hosts", "knownhosts"}

// usesFileOption reports whether an option (as written: -i, --key-file)
// names a file the program uses rather than one it may print: a long
// name holding a word of useOptionWords, or a one-letter option of those
// that take a key or identity by convention (-i ssh's identity, -k/-K a
// key, -e/-E an env file, -c a certificate or credentials, -o the output).
func usesFileOption(opt string) bool {
	name := strings.ToLower(strings.TrimLeft(opt, "-"))
	if name == "" {
		return false // - (stdin) or --
	}
	if len(name) == 1 || !strings.HasPrefix(opt, "--") && len(name) <= 2 {
		return strings.ContainsAny(name[len(name)-1:], "ikKeEcCo")
	}
	if name == "ks" {
		return true // a keystore (bundletool, apksigner --ks)
	}
	for _, w := range useOptionWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
