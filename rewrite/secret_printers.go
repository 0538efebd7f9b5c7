package rewrite

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// Some programs print a stored credential on request: gh auth token, git
// credential fill, aws configure export-credentials, a keychain or
// password store's lookup. What they print lands in front of the agent
// exactly as cat ~/.aws/credentials would, so secret-read judges them as
// the read of a secret (deny by default, ask with "secrets":
// {"action": "ask"}). Each entry is the program, the words that select
// the printing verb (the first operands, options skipped), and, where
// the verb prints a secret only when told to, the options that tell it.
type credentialPrinter struct {
	prog  string
	words []string
	// flags, when not empty: one of them must be given (gh auth status
	// --show-token).
	flags []string
	// unless are options that send the output to a file or decrypt in
	// place (sops -d --output f, age -d -o f): then nothing is printed.
	unless []string
	what   string
}

var credentialPrinters = []credentialPrinter{
	{prog: "gh", words: []string{"auth", "token"}, what: "the GitHub CLI's token"},
	{prog: "gh", words: []string{"auth", "status"}, flags: []string{"-t", "--show-token"}, what: "the GitHub CLI's token"},
	{prog: "git", words: []string{"credential", "fill"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-store", "get"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-cache", "get"}, what: "a stored git credential"},
	// The platform helpers run through git (git credential-osxkeychain
	// get): each prints username= and password= for the host on stdin.
	{prog: "git", words: []string{"credential-osxkeychain", "get"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-manager", "get"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-manager-core", "get"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-libsecret", "get"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-wincred", "get"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-gnome-keyring", "get"}, what: "a stored git credential"},
	{prog: "git", words: []string{"credential-netrc", "get"}, what: "a stored git credential"},
	// gh's own git credential helper prints the token as password=.
	{prog: "gh", words: []string{"auth", "git-credential", "get"}, what: "the GitHub CLI's token"},
	{prog: "glab", words: []string{"auth", "status"}, flags: []string{"-t", "--show-token"}, what: "the GitLab CLI's token"},
	{prog: "glab", words: []string{"config", "get", "token"}, what: "the GitLab CLI's token"},
	{prog: "fly", words: []string{"auth", "token"}, what: "the Fly.io token"},
	{prog: "flyctl", words: []string{"auth", "token"}, what: "the Fly.io token"},
	{prog: "doctl", words: []string{"auth", "token"}, what: "the DigitalOcean token"},
	{prog: "aws", words: []string{"configure", "export-credentials"}, what: "the AWS credentials"},
	// aws configure get of a secret or token key: see awsConfigureSecret.
	{prog: "aws", words: []string{"ecr", "get-login-password"}, what: "a registry password"},
	{prog: "aws", words: []string{"ecr-public", "get-login-password"}, what: "a registry password"},
	{prog: "aws", words: []string{"codeartifact", "get-authorization-token"}, what: "a CodeArtifact token"},
	{prog: "aws", words: []string{"sts", "get-session-token"}, what: "temporary AWS credentials"},
	{prog: "aws", words: []string{"sts", "get-federation-token"}, what: "temporary AWS credentials"},
	{prog: "aws", words: []string{"sts", "assume-role"}, what: "temporary AWS credentials"},
	{prog: "aws", words: []string{"sts", "assume-role-with-web-identity"}, what: "temporary AWS credentials"},
	{prog: "aws", words: []string{"sts", "assume-role-with-saml"}, what: "temporary AWS credentials"},
	{prog: "gcloud", words: []string{"auth", "print-access-token"}, what: "a Google Cloud access token"},
	{prog: "gcloud", words: []string{"auth", "print-identity-token"}, what: "a Google Cloud identity token"},
	{prog: "gcloud", words: []string{"auth", "application-default", "print-access-token"}, what: "a Google Cloud access token"},
	{prog: "gcloud", words: []string{"config", "config-helper"}, what: "a Google Cloud access token"},
	{prog: "az", words: []string{"account", "get-access-token"}, what: "an Azure access token"},
	{prog: "az", words: []string{"acr", "login"}, flags: []string{"--expose-token", "-t"}, what: "a registry access token"},
	{prog: "heroku", words: []string{"auth:token"}, what: "the Heroku token"},
	{prog: "vault", words: []string{"print", "token"}, what: "the Vault token"},
	{prog: "vault", words: []string{"read"}, what: "a Vault secret"},
	// vault token lookup shows the token's properties, its id (the token
	// itself) among them.
	{prog: "vault", words: []string{"token", "lookup"}, what: "the Vault token"},
	{prog: "vault", words: []string{"kv", "get"}, what: "a Vault secret"},
	{prog: "sops", words: nil, flags: []string{"-d", "--decrypt"}, unless: []string{"--output", "-i", "--in-place"}, what: "a decrypted secrets file"},
	{prog: "sops", words: []string{"decrypt"}, unless: []string{"--output", "-i", "--in-place"}, what: "a decrypted secrets file"},
	{prog: "age", words: nil, flags: []string{"-d", "--decrypt"}, unless: []string{"-o", "--output"}, what: "a decrypted file"},
	{prog: "rage", words: nil, flags: []string{"-d", "--decrypt"}, unless: []string{"-o", "--output"}, what: "a decrypted file"},
	{prog: "doppler", words: []string{"secrets", "get"}, what: "a Doppler secret"},
	{prog: "doppler", words: []string{"secrets", "download"}, flags: []string{"--no-file"}, what: "the Doppler secrets"},
	{prog: "keyring", words: []string{"get"}, what: "a stored password"},
	// --flatten embeds the files' data and, as --raw, skips the
	// redaction of keys and tokens (DATA+OMITTED, REDACTED).
	{prog: "kubectl", words: []string{"config", "view"}, flags: []string{"--raw", "--flatten"}, what: "the cluster credentials"},
	{prog: "oc", words: []string{"config", "view"}, flags: []string{"--raw", "--flatten"}, what: "the cluster credentials"},
	{prog: "kubectl", words: []string{"create", "token"}, what: "a service account token"},
	{prog: "security", words: []string{"find-generic-password"}, flags: []string{"-w", "-g"}, what: "a keychain password"},
	{prog: "security", words: []string{"find-internet-password"}, flags: []string{"-w", "-g"}, what: "a keychain password"},
	// dump-keychain -d decrypts each item's data.
	{prog: "security", words: []string{"dump-keychain"}, flags: []string{"-d"}, what: "the keychain's passwords"},
	{prog: "secret-tool", words: []string{"lookup"}, what: "a stored secret"},
	{prog: "op", words: []string{"read"}, what: "a 1Password secret"},
	{prog: "op", words: []string{"item", "get"}, flags: []string{"--reveal"}, what: "a 1Password secret"},
	{prog: "bw", words: []string{"get", "password"}, what: "a Bitwarden password"},
	{prog: "bw", words: []string{"get", "item"}, what: "a Bitwarden item and its password"},
	{prog: "bw", words: []string{"get", "notes"}, what: "a Bitwarden secure note"},
	{prog: "bw", words: []string{"get", "totp"}, what: "a Bitwarden one-time code"},
	{prog: "pass", words: []string{"show"}, what: "a password-store entry"}, // not with -c/--clip (printerToClipboard)
	// gopass show -c copies the password and prints nothing (-C,
	// --alsoclip, copies and prints).
	{prog: "gopass", words: []string{"show"}, unless: []string{"-c", "--clip"}, what: "a password-store entry"},
	{prog: "gopass", words: []string{"cat"}, what: "a password-store entry"},
	{prog: "rclone", words: []string{"config", "show"}, what: "the rclone remotes' tokens and keys"},
	{prog: "rclone", words: []string{"config", "dump"}, what: "the rclone remotes' tokens and keys"},
	{prog: "my_print_defaults", words: nil, what: "the MySQL option files' settings, passwords included"},
	{prog: "mysql_config_editor", words: []string{"print"}, what: "the MySQL login paths"},
	{prog: "gpg", words: nil, flags: []string{"--export-secret-keys", "--export-secret-subkeys"}, what: "a private key"},
	{prog: "gpg2", words: nil, flags: []string{"--export-secret-keys", "--export-secret-subkeys"}, what: "a private key"},
}

// dockerCredentialHelpers are the docker-credential-* programs, whose get
// verb prints the registry secret for the server on stdin.
var dockerCredentialHelpers = []string{"docker-credential-desktop", "docker-credential-osxkeychain", "docker-credential-pass",
	"docker-credential-secretservice", "docker-credential-wincred", "docker-credential-ecr-login", "docker-credential-gcr",
	"docker-credential-gcloud"}

// gitCredentialHelpers are git's credential helpers run by their own name
// (git-credential-libsecret get), whose get verb prints username= and
// password= for the host on stdin, as git credential fill does.
var gitCredentialHelpers = []string{"git-credential-osxkeychain", "git-credential-manager", "git-credential-manager-core",
	"git-credential-libsecret", "git-credential-wincred", "git-credential-gnome-keyring", "git-credential-store",
	"git-credential-cache", "git-credential-netrc"}

// credentialPrinterNames are the programs of credentialPrinters, for the
// rule's Commands.
func credentialPrinterNames() []string {
	var out []string
	for _, cp := range credentialPrinters {
		if !slices.Contains(out, cp.prog) {
			out = append(out, cp.prog)
		}
	}
	out = append(out, "oc", "npm", "pnpm", "yarn", "ps")
	out = append(out, gitCredentialHelpers...)
	return append(out, dockerCredentialHelpers...)
}

// checkCredentialPrinter reports a call that prints a stored credential.
// What it prints into a login that reads its password on stdin (aws ecr
// get-login-password | docker login --password-stdin), or copies to the
// clipboard (pass -c), never reaches the agent.
func (p *Pass) checkCredentialPrinter(c *syntax.Call) bool {
	args := c.Args
	name := c.Name
	if credentialConsumed(c) {
		return false
	}
	if name == "pass" && slices.ContainsFunc(args, func(a syntax.Arg) bool {
		return a.Static && (a.Value == "-c" || a.Value == "--clip" || strings.HasPrefix(a.Value, "--clip="))
	}) {
		return false
	}
	if name == "git" {
		_, sub := gitArgs(c)
		if sub < 0 {
			return false
		}
		args = c.Args[sub:]
	}
	if slices.Contains(dockerCredentialHelpers, name) {
		if ws := leadingWords(args); len(ws) > 0 && ws[0] == "get" {
			p.reportCredential(c, "the registry secret of a docker credential helper")
			return true
		}
		return false
	}
	if slices.Contains(gitCredentialHelpers, name) {
		if ws := leadingWords(args); len(ws) > 0 && ws[0] == "get" {
			p.reportCredential(c, "a stored git credential")
			return true
		}
		return false
	}
	// pass NAME (no verb) shows the entry too; its verbs are listed.
	if name == "pass" {
		ws := leadingWords(args)
		if len(ws) == 1 && !passVerbs.Get()[ws[0]] {
			p.reportCredential(c, "a password-store entry")
			return true
		}
	}
	for _, cp := range credentialPrinters {
		if cp.prog != name {
			continue
		}
		// The verb's words in a row, wherever the global options
		// (aws --profile p, gcloud --project x) leave them.
		ws := leadingWords(args)
		at := -1
		for i := 0; i+len(cp.words) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(cp.words)], cp.words) {
				at = i
				break
			}
		}
		if at < 0 {
			continue
		}
		if len(cp.flags) > 0 && !hasFlagClustered(args, cp.flags) || hasFlagClustered(args, cp.unless) {
			continue
		}
		p.reportCredential(c, cp.what)
		return true
	}
	switch name {
	case "ps":
		if psShowsEnv(args) {
			p.reportCredential(c, "the environment of the processes it lists (their tokens and keys, as /proc/PID/environ holds them)")
			return true
		}
	case "kubectl", "oc":
		if kubectlPrintsSecret(args) {
			p.reportCredential(c, "a Kubernetes secret's data")
			return true
		}
	case "aws":
		if k, ok := awsConfigureSecret(args); ok {
			p.reportCredential(c, "the AWS setting "+k+", a secret")
			return true
		}
	case "npm", "pnpm", "yarn":
		if configPrintsToken(args) {
			p.reportCredential(c, "a registry token")
			return true
		}
	}
	return false
}

// hasFlag reports whether one of flags is among args, alone or with its
// value after "=".
func hasFlag(args []syntax.Arg, flags []string) bool {
	return slices.ContainsFunc(args, func(a syntax.Arg) bool {
		return a.Static && slices.ContainsFunc(flags, func(f string) bool { return a.Value == f || strings.HasPrefix(a.Value, f+"=") })
	})
}

// hasFlagClustered is hasFlag where a one-letter flag (-w) also counts
// inside a cluster of short options (-wa x, -gw: getopt reads each
// letter as its own option; red team rc: security find-generic-password
// -wa x printed the password and passed). A letter after one that takes
// a value would be that value, which the table does not know: the
// cluster is taken to hold the flag, as asking about a printer that
// prints nothing costs less than passing one that prints a password.
// The options that send the output to a file count in a cluster too
// (age -do out.txt).
func hasFlagClustered(args []syntax.Arg, flags []string) bool {
	if hasFlag(args, flags) {
		return true
	}
	for _, a := range args {
		if !a.Static || len(a.Value) < 3 || a.Value[0] != '-' || a.Value[1] == '-' {
			continue
		}
		for _, f := range flags {
			if len(f) == 2 && f[0] == '-' && f[1] != '-' && strings.IndexByte(a.Value[1:], f[1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// kubectlPrintsSecret reports kubectl get of secrets with an output
// format that shows their data (-o yaml, json, jsonpath=…,
// go-template=…, custom-columns=…): kubectl get secret x -o yaml, kubectl
// get secrets,configmaps -ojson. Without -o (or with -o name or wide)
// only names, types and sizes are listed.
func kubectlPrintsSecret(args []syntax.Arg) bool {
	// The positional words after get, options' values skipped: the first
	// is the resource type (secret, secrets,configmaps), or every one is
	// TYPE/NAME.
	var pos []string
	format := ""
	seenGet := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Static {
			return false
		}
		v := a.Value
		if !strings.HasPrefix(v, "-") || v == "-" {
			if seenGet {
				pos = append(pos, v)
			}
			seenGet = seenGet || v == "get"
			continue
		}
		name, val, hasVal := strings.Cut(v, "=")
		if !hasVal && strings.HasPrefix(v, "-o") && !strings.HasPrefix(v, "--") && len(v) > 2 {
			name, val, hasVal = "-o", v[2:], true
		}
		if !hasVal && kubectlValueOptions.Get()[name] && i+1 < len(args) {
			i++
			val = args[i].Value
		}
		if name == "-o" || name == "--output" {
			format, _, _ = strings.Cut(val, "=")
		}
	}
	if format == "" || format == "name" || format == "wide" || len(pos) == 0 {
		return false
	}
	isSecret := func(r string) bool {
		r = strings.ToLower(r)
		return r == "secret" || r == "secrets" || strings.HasPrefix(r, "secret.") || strings.HasPrefix(r, "secrets.")
	}
	for _, r := range strings.Split(pos[0], ",") {
		if isSecret(r) {
			return true
		}
	}
	for _, w := range pos {
		if t, _, ok := strings.Cut(w, "/"); ok && isSecret(t) {
			return true
		}
	}
	return false
}

// kubectlValueOptions are kubectl's common options that take a value
// in the next word.
var kubectlValueOptions = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-n": true, "--namespace": true, "-o": true, "--output": true, "-l": true,
		"--selector": true, "--field-selector": true, "--context": true, "--cluster": true, "--kubeconfig": true,
		"--user": true, "-s": true, "--server": true, "--sort-by": true, "--template": true, "-f": true, "--filename": true,
		"-L": true, "--label-columns": true, "--chunk-size": true, "--request-timeout": true, "--token": true, "--as": true}
}}

// configPrintsToken reports npm/pnpm config get of an authentication
// setting (//registry.npmjs.org/:_authToken, _auth, _password) and yarn
// config get npmAuthToken or npmAuthIdent: the token is printed.
func configPrintsToken(args []syntax.Arg) bool {
	ws := leadingWords(args)
	for i := 0; i+2 < len(ws); i++ {
		if ws[i] != "config" || ws[i+1] != "get" {
			continue
		}
		for _, k := range ws[i+2:] {
			for _, suf := range []string{"_authToken", "_auth", "_password", "npmAuthToken", "npmAuthIdent"} {
				if strings.HasSuffix(k, suf) {
					return true
				}
			}
		}
	}
	return false
}

// awsConfigureSecret reports aws configure get of a key that holds a
// secret or a token, its name as the profile keeps it or qualified
// (aws_secret_access_key, default.aws_secret_access_key,
// profile.dev.aws_session_token): the value is printed. aws configure get
// region, output or aws_access_key_id (an identifier) print no secret.
func awsConfigureSecret(args []syntax.Arg) (string, bool) {
	ws := leadingWords(args)
	for i := 0; i+2 < len(ws); i++ {
		if ws[i] != "configure" || ws[i+1] != "get" {
			continue
		}
		// The key, wherever a value of --profile or --region leaves it.
		for _, w := range ws[i+2:] {
			k := w
			if dot := strings.LastIndexByte(k, '.'); dot >= 0 {
				k = k[dot+1:]
			}
			k = strings.ToLower(k)
			if strings.Contains(k, "secret") || strings.Contains(k, "token") || strings.Contains(k, "password") {
				return w, true
			}
		}
		return "", false
	}
	return "", false
}

// passVerbs are pass(1)'s commands; any other single word is an entry.
var passVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"init": true, "ls": true, "list": true, "find": true, "search": true, "grep": true,
		"insert": true, "add": true, "edit": true, "generate": true, "rm": true, "remove": true, "delete": true,
		"mv": true, "rename": true, "cp": true, "copy": true, "git": true, "help": true, "version": true, "otp": true}
}}

// leadingWords returns the static words of args that are not options, in
// order, up to the first word only known at run time.
func leadingWords(args []syntax.Arg) []string {
	var out []string
	for _, a := range args {
		if !a.Static {
			break
		}
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		out = append(out, a.Value)
	}
	return out
}

// reportCredential reports the print of a credential as secret-read's
// read of a secret.
func (p *Pass) reportCredential(c *syntax.Call, what string) {
	d := Deny
	if p.Config.Paths.Secrets().Verdict == guards.Ask {
		d = Ask
	}
	p.Report(c, Finding{Rule: "secret-read", Decision: d, PathContext: "blocked",
		Message: c.Name + " prints " + what + ", a credential the agent would then hold (as it would reading the file that keeps it); the user can run it outside the agent"})
}

// credentialConsumed reports a call whose stdout is piped into a program
// told to read a password from it (docker, podman, helm, oras, skopeo …
// login --password-stdin), which prints none.
func credentialConsumed(c *syntax.Call) bool {
	out := c.Stdout()
	// The stream names the stage that reads the pipe.
	if out.Kind != syntax.StreamPipe || out.Pipe == nil || out.Stage < 1 || out.Stage >= len(out.Pipe.Calls) {
		return false
	}
	next := out.Pipe.Calls[out.Stage]
	if next == nil {
		return false
	}
	return slices.ContainsFunc(next.Args, func(a syntax.Arg) bool { return a.Static && a.Value == "--password-stdin" })
}

// psShowsEnv reports ps told to print each process's environment after
// its command: the BSD-style e (ps e, ps eww, ps auxe; procps and the
// BSDs) and -E (macOS). ps -e (every process) and ps -ef do not.
func psShowsEnv(args []syntax.Arg) bool {
	for i, a := range args {
		if !a.Static {
			continue
		}
		v := a.Value
		if v == "-E" {
			return true
		}
		if i > 0 && strings.HasPrefix(args[i-1].Value, "-") && len(args[i-1].Value) == 2 && strings.ContainsAny(args[i-1].Value[1:], "oOpuUgGtCk") {
			continue // the value of -o, -p, -u …
		}
		if v != "" && v[0] != '-' && strings.Trim(v, "aAcCefhjlLmMnrsSTuvwxXZ") == "" && strings.Contains(v, "e") {
			return true
		}
	}
	return false
}
