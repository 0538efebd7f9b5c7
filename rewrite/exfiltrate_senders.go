package rewrite

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// sender is a program (and subcommand) that sends the files named by some
// of its options or operands to another host.
type sender struct {
	name string
	// sub are the subcommand words that follow the name (gh issue create).
	sub []string
	// spec reads the words after sub.
	spec optSpec
	// files are the options whose value is a file that is sent.
	files []string
	// fields are the options whose value is NAME=@FILE, a file sent as a
	// field's value (gh api -F body=@f).
	fields []string
	// operands is the index, among the operands, of the first one that is
	// a file sent (-1: none are), and lastIsDest that the last operand is
	// the destination instead.
	operands   int
	lastIsDest bool
	// untilDashDash reports an option whose values run to the next word
	// that starts with "-" (mutt -a f1 f2 -- addr).
	untilDashDash bool
	// host is where the files go ("" when corral cannot tell), and
	// secretsOnly that only a secret is stopped there: the files a person
	// sends to their own forge (an issue's body, a release's assets) are
	// ordinary work.
	host        string
	secretsOnly bool
	// secretAsks reports a command made to send secrets where they are
	// kept (gh secret set -f .env): a secret asks rather than being
	// denied, since that may be what the person wants.
	secretAsks bool
	// hostOpts are the options whose value names the host the files go
	// to (a URL, host:port, a comma list of brokers, or a mail address,
	// whose domain is taken); the first given wins, in this order. host
	// is the program's default when none is given.
	hostOpts []string
	// needs are options one of which must be given for the files to be
	// sent (kcat -P, its producer mode).
	needs []string
	// atFile reports values read as swaks reads them: @FILE is a file,
	// "-" standard input, and any other value text, unless it names a
	// file that exists (the older form swaks still accepts).
	atFile bool
	// dashLong reports that long options are also spelled with one dash
	// (Perl's Getopt::Long: swaks -attach FILE).
	dashLong bool
	// keyed are the options whose value is [KEY=]FILE, a file sent under
	// a name of its own (kubectl create secret --from-file=ssh=id_rsa).
	keyed []string
	// remoteDest reports, with lastIsDest, that the destination is
	// remote when it is HOST:PATH (gcloud compute scp f vm:); a source of
	// that shape is remote too, fetched rather than sent.
	remoteDest bool
	// stdin reports a mail client that sends what it reads on its
	// standard input, as the body, to the addresses among its operands
	// (echo hi | mail -s subj a@example.org; -f reads a mailbox instead).
	stdin bool
	// globals are the program's options that may come before sub
	// (kubectl -n ns create secret …, gcloud --project p secrets …).
	globals *optSpec
}

// ghBody are the options of gh's issue and pull request commands whose
// value is the file holding the text sent.
var ghBody = optSpec{shortVal: "abBFHlmprRtTAMSqjJ", longEq: true, longVal: ghBodyLong}

// ghBodyLong are ghBody's long options, a variable of their own so that the
// tables that copy ghBody are static data (see init in rules.go).
var ghBodyLong = optNames{"body-file", "body", "title", "repo",
	"assignee", "label", "milestone", "project", "reviewer", "base", "head", "template", "recover", "jq", "json", "add-label",
	"remove-label", "add-assignee", "remove-assignee", "add-project", "remove-project", "add-reviewer", "remove-reviewer",
	"subject", "author-email", "match-head-commit"}

// senders are the programs that send files whose options the upload
// checks read (besides curl, wget, httpie, scp, rsync, sftp, the socket
// programs and the cloud copies, which have their own readers).
var senders = []sender{
	{name: "gh", sub: []string{"issue", "create"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"issue", "new"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"issue", "comment"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"issue", "edit"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "create"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "new"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "comment"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "edit"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "review"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "merge"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	// gh release create TAG [FILE[#LABEL]...], gh release upload TAG FILE...
	{name: "gh", sub: []string{"release", "create"}, spec: optSpec{shortVal: "FntRd", longEq: true, longVal: longOpts("notes-file", "notes",
		"title", "target", "repo", "discussion-category", "notes-start-tag", "verify-tag", "fail-on-no-commits")},
		files: []string{"F", "notes-file"}, operands: 1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"release", "new"}, spec: optSpec{shortVal: "FntRd", longEq: true, longVal: longOpts("notes-file", "notes",
		"title", "target", "repo", "discussion-category", "notes-start-tag")},
		files: []string{"F", "notes-file"}, operands: 1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"release", "upload"}, spec: optSpec{shortVal: "R", longEq: true, longVal: longOpts("repo")},
		operands: 1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"release", "edit"}, spec: optSpec{shortVal: "FntR", longEq: true, longVal: longOpts("notes-file", "notes",
		"title", "target", "repo", "discussion-category", "tag")},
		files: []string{"F", "notes-file"}, operands: -1, host: "github.com", secretsOnly: true},
	// gh api -F NAME=@FILE reads the file (@- stdin); --input FILE is the
	// request body.
	{name: "gh", sub: []string{"api"}, spec: optSpec{shortVal: "FfHXqpt", longEq: true, longVal: longOpts("field", "raw-field",
		"header", "method", "input", "jq", "preview", "template", "hostname", "cache")},
		files: []string{"input"}, fields: []string{"F", "field"}, operands: -1, host: "github.com", secretsOnly: true},
	// gh secret set and gh variable set -f FILE send a dotenv file's
	// values; gh gist edit -a FILE adds a file; gh ssh-key add and gpg-key
	// add upload a key file (a private one by mistake is a secret).
	{name: "gh", sub: []string{"secret", "set"}, spec: optSpec{shortVal: "befoRrav", longEq: true, longVal: longOpts("body", "env",
		"env-file", "org", "repo", "repos", "app", "visibility", "user")},
		files: []string{"f", "env-file"}, operands: -1, host: "github.com", secretsOnly: true, secretAsks: true},
	{name: "gh", sub: []string{"variable", "set"}, spec: optSpec{shortVal: "befoRrv", longEq: true, longVal: longOpts("body", "env",
		"env-file", "org", "repo", "repos", "visibility")},
		files: []string{"f", "env-file"}, operands: -1, host: "github.com", secretsOnly: true, secretAsks: true},
	{name: "gh", sub: []string{"gist", "edit"}, spec: optSpec{shortVal: "afdr", longEq: true, longVal: longOpts("add", "filename", "desc", "remove")},
		files: []string{"a", "add"}, operands: 1, host: "gist.github.com", secretsOnly: true},
	{name: "gh", sub: []string{"ssh-key", "add"}, spec: optSpec{shortVal: "t", longEq: true, longVal: longOpts("title", "type")},
		operands: 0, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"gpg-key", "add"}, spec: optSpec{shortVal: "t", longEq: true, longVal: longOpts("title")},
		operands: 0, host: "github.com", secretsOnly: true},
	// gh codespace cp SRC... remote:DEST copies local files up.
	{name: "gh", sub: []string{"codespace", "cp"}, spec: optSpec{shortVal: "cR", longEq: true, longVal: longOpts("codespace", "repo",
		"repo-owner", "profile")},
		operands: 0, lastIsDest: true, host: "github.com", secretsOnly: true},
	// Mail clients attach files: GNU mailutils mail -A/--attach, mailx and
	// s-nail -a, mutt and neomutt -a FILE... (up to --).
	{name: "mail", spec: optSpec{shortVal: "AasbcrSquf", longEq: true, longVal: longOpts("attach", "append", "subject", "bcc", "cc",
		"return-address", "file", "content-type", "content-filename", "encoding", "alternative")},
		files: []string{"A", "attach", "a"}, operands: -1, stdin: true},
	{name: "mailx", spec: optSpec{shortVal: "aAsbcrSqfu", longEq: true, longVal: longOpts("attach", "subject")},
		files: []string{"a", "attach"}, operands: -1, stdin: true},
	{name: "s-nail", spec: optSpec{shortVal: "aAsbcrSqfuTLMOXY", longEq: true, longVal: longOpts("attach", "subject")},
		files: []string{"a", "attach"}, operands: -1, stdin: true},
	{name: "mutt", spec: optSpec{shortVal: "abcsiFfHeQmd"}, files: []string{"a"}, untilDashDash: true, operands: -1, stdin: true},
	{name: "neomutt", spec: optSpec{shortVal: "abcsiFfHeQmdCgGlnm"}, files: []string{"a"}, untilDashDash: true, operands: -1, stdin: true},
	// Azure storage uploads (the account is the host).
	{name: "az", sub: []string{"storage", "blob", "upload"}, spec: azSpec, files: []string{"f", "file"}, operands: -1},
	{name: "az", sub: []string{"storage", "blob", "upload-batch"}, spec: azSpec, files: []string{"s", "source"}, operands: -1},
	{name: "az", sub: []string{"storage", "file", "upload"}, spec: azSpec, files: []string{"source"}, operands: -1},
	{name: "az", sub: []string{"storage", "file", "upload-batch"}, spec: azSpec, files: []string{"s", "source"}, operands: -1},
	{name: "az", sub: []string{"storage", "copy"}, spec: azSpec, files: []string{"s", "source"}, operands: -1},
	// swaks (Swiss Army Knife for SMTP) mails --attach, --body and --data
	// (-d) content: @FILE, - (stdin) or text. The mail goes to --server
	// (-s), or else to the domain of --to (-t).
	{name: "swaks", spec: optSpec{shortVal: "tfsdpq", longEq: true, longFlag: longOpts("tls", "tlsc", "tls-on-connect", "tlso",
		"tls-optional", "tlsos", "tls-optional-strict", "silent", "suppress-data", "no-data-fixup", "show-time-lapse",
		"pipeline", "prdr", "force-getpwuid", "no-hints", "help", "version", "support", "dump-mail", "stdout", "stderr",
		"hide-all", "hide-send", "hide-receive", "hide-informational", "show-raw-text", "no-strip-from", "auth-optional"), longVal: longOpts("to", "from", "server", "port",
		"data", "body", "attach", "attach-body", "attach-type", "attach-name", "add-header", "ah", "header", "h-From", "h-To",
		"h-Subject", "auth", "auth-user", "au", "auth-password", "ap", "auth-plain", "auth-hide-password", "helo", "ehlo",
		"local-interface", "li", "local-port", "lport", "timeout", "protocol", "quit-after", "quit", "tls-cert", "tls-key",
		"tls-ca-path", "tls-protocol", "tls-cipher", "tls-sni", "tls-verify-host", "output-file", "output-file-stdout",
		"output-file-stderr", "pipe", "socket", "copy-routing", "xclient", "xclient-addr", "xclient-name", "proxy-version",
		"proxy-family", "proxy-source", "proxy-dest", "dump", "config")},
		files: []string{"d", "data", "body", "attach", "attach-body"}, operands: -1, hostOpts: []string{"s", "server", "t", "to"},
		atFile: true, dashLong: true},
	// mosquitto_pub -f FILE publishes the file as one message to the
	// broker (-h, or -L URL; localhost by default).
	{name: "mosquitto_pub", spec: optSpec{shortVal: "AfhiIkLmMpPqtuVo", longVal: longOpts("cafile", "capath", "cert", "ciphers",
		"id", "id-prefix", "key", "keyform", "host", "port", "url", "username", "pw", "message", "file", "topic", "qos",
		"proxy", "psk", "psk-identity", "repeat", "repeat-delay", "tls-alpn", "tls-engine", "tls-engine-kpf", "tls-keylog",
		"tls-version", "unix", "will-payload", "will-qos", "will-topic", "property", "options-file")},
		files: []string{"f", "file"}, operands: -1, hostOpts: []string{"h", "host", "L", "url"}, host: "localhost"},
	// kcat (kafkacat) -P produces messages: each file operand is sent
	// (one message, or one per line with -l) to the brokers of -b.
	{name: "kcat", spec: kcatSpec, operands: 0, needs: []string{"P"}, hostOpts: []string{"b"}},
	{name: "kafkacat", spec: kcatSpec, operands: 0, needs: []string{"P"}, hostOpts: []string{"b"}},
	// Secret stores: the file's content is kept in the cloud's secret
	// manager or the cluster (gcloud secrets create|versions add
	// --data-file, az keyvault secret set --file, az keyvault certificate
	// import --file, kubectl create secret generic|tls|docker-registry
	// --from-file=[KEY=]FILE, --from-env-file). As gh secret set -f, a
	// secret asks: storing one there may be what the person wants.
	{name: "gcloud", sub: []string{"secrets", "create"}, spec: gcloudSpec, files: []string{"data-file"}, operands: -1,
		secretsOnly: true, secretAsks: true, globals: &gcloudSpec},
	{name: "gcloud", sub: []string{"secrets", "versions", "add"}, spec: gcloudSpec, files: []string{"data-file"}, operands: -1,
		secretsOnly: true, secretAsks: true, globals: &gcloudSpec},
	{name: "az", sub: []string{"keyvault", "secret", "set"}, spec: azSpec, files: []string{"f", "file"}, operands: -1,
		secretsOnly: true, secretAsks: true},
	{name: "az", sub: []string{"keyvault", "certificate", "import"}, spec: azSpec, files: []string{"f", "file"}, operands: -1,
		secretsOnly: true, secretAsks: true},
	{name: "kubectl", sub: []string{"create", "secret"}, spec: kubectlSpec, files: []string{"from-env-file", "key", "cert"}, keyed: []string{"from-file"},
		operands: -1, secretsOnly: true, secretAsks: true, globals: &kubectlSpec},
	// A config map is no secret store: a secret sent there is denied, as
	// is one copied up to a VM (gcloud compute scp FILE… VM:PATH; a
	// file fetched from the VM, VM:PATH first, is not sent).
	{name: "kubectl", sub: []string{"create", "configmap"}, spec: kubectlSpec, files: []string{"from-env-file"}, keyed: []string{"from-file"},
		operands: -1, secretsOnly: true, globals: &kubectlSpec},
	{name: "gcloud", sub: []string{"compute", "scp"}, spec: gcloudSpec, operands: 0, lastIsDest: true, remoteDest: true,
		secretsOnly: true, globals: &gcloudSpec},
}

// gcloudSpec are the options of gcloud (its global ones and those of
// compute scp and secrets create) that take a value; gcloud also takes
// --name=value.
var gcloudSpec = optSpec{longEq: true, longVal: gcloudLong}

// gcloudLong are gcloudSpec's long options, a variable of their own so that the
// tables that copy gcloudSpec are static data (see init in rules.go).
var gcloudLong = optNames{"account", "billing-project", "configuration", "flags-file",
	"format", "impersonate-service-account", "project", "verbosity", "trace-token", "zone", "port", "scp-flag", "ssh-key-file",
	"strict-host-key-checking", "ssh-key-expire-after", "ssh-key-expiration", "data-file", "replication-policy", "locations",
	"labels", "kms-key-name", "ttl", "expire-time", "topics", "version-aliases", "annotations", "secret", "location",
	"replication-policy-file", "next-rotation-time", "rotation-period", "tags"}

// kubectlSpec are kubectl's options that take a value (its global ones
// and those of create secret and create configmap).
var kubectlSpec = optSpec{shortVal: "no", longEq: true, longVal: kubectlLong}

// kubectlLong are kubectlSpec's long options, a variable of their own so that the
// tables that copy kubectlSpec are static data (see init in rules.go).
var kubectlLong = optNames{"namespace", "context", "cluster", "user", "kubeconfig",
	"server", "token", "as", "as-group", "as-uid", "certificate-authority", "client-certificate", "client-key",
	"request-timeout", "tls-server-name", "cache-dir", "output", "from-file", "from-env-file", "from-literal", "type",
	"cert", "key", "docker-server", "docker-username", "docker-password", "docker-email", "field-manager", "dry-run",
	"save-config", "template", "append-hash", "validate", "show-managed-fields", "allow-missing-template-keys"}

// kcatSpec are kcat's options that take a value (kcat 1.7).
var kcatSpec = optSpec{shortVal: "GtpbzoDKkHdFXcfsrmYSA"}

// azSpec reads az's words: every long option takes a value, except the
// flags az's storage commands have.
var azSpec = optSpec{shortVal: "fscdnpo", longEq: true, longVal: azLong}

// azLong are azSpec's long options, a variable of their own so that the
// tables that copy azSpec are static data (see init in rules.go).
var azLong = optNames{"file", "source", "container-name", "destination", "name",
	"account-name", "account-key", "connection-string", "sas-token", "auth-mode", "path", "share-name", "pattern", "type",
	"content-type", "tier", "subscription", "output", "query", "max-connections", "metadata", "destination-path",
	"blob-endpoint", "file-endpoint", "if-match", "if-none-match", "lease-id", "timeout", "socket-timeout", "max-concurrency",
	"tags", "encryption-scope", "overwrite"}

// checkSenders judges the files c sends, when it is one of senders.
func (p *Pass) checkSenders(c *syntax.Call) {
	for i := range senders {
		s := &senders[i]
		if s.name != c.Name {
			continue
		}
		args := c.Args
		if s.globals != nil {
			g := *s.globals
			g.stop = true
			if _, ops := scan(args, g); len(ops) > 0 {
				args = args[ops[0]:]
			}
		}
		if len(args) < len(s.sub) {
			continue
		}
		match := true
		for j, w := range s.sub {
			if args[j].Value != w {
				match = false
				break
			}
		}
		if match {
			p.sends(c, s, args[len(s.sub):])
			return
		}
	}
}

func (p *Pass) sends(c *syntax.Call, s *sender, args []syntax.Arg) {
	if s.dashLong {
		args = dashLongArgs(args, s.spec)
	}
	opts, operands := scan(args, s.spec)
	if len(s.needs) > 0 && !has(opts, s.needs...) {
		return
	}
	host := s.host
	for _, name := range s.hostOpts {
		if o := find(opts, name); len(o) > 0 {
			v := o[len(o)-1].val
			host = ""
			if v.Static {
				first, _, _ := strings.Cut(v.Value, ",")
				host = hostOf(strings.TrimSpace(first))
			}
			break
		}
	}
	send := func(a syntax.Arg) {
		if s.secretsOnly && a.Value == "-" {
			return // stdin: a secret redirected there is secret-read's
		}
		if s.atFile {
			if file, ok := strings.CutPrefix(a.Value, "@"); ok {
				a = sub(a, file)
			} else if a.Value != "-" && !p.fileExists(c, a) {
				if _, secret := p.secretOf(c.Dir, a); !secret {
					p.sendText(c, a, host) // text, sent as it is
					return
				}
			}
		}
		if s.secretsOnly {
			if sec, ok := p.secretOf(c.Dir, a); ok {
				d := Deny
				if s.secretAsks {
					d = Ask
				}
				p.Report(c, Finding{Rule: "exfiltrate", Decision: d, Message: sec.Reason(strings.Join(append([]string{c.Name}, s.sub...), " ") + " sends"), PathContext: "blocked"})
			}
			return
		}
		p.upload(c, a, host)
	}
	for _, o := range opts {
		if !o.hasVal {
			continue
		}
		switch {
		case contains(s.files, o.name):
			send(o.val)
			if s.untilDashDash {
				for j := o.idx + 1; j < len(args) && !strings.HasPrefix(args[j].Value, "-"); j++ {
					if args[j].Start == o.val.Start {
						continue
					}
					send(args[j])
				}
			}
		case contains(s.keyed, o.name):
			// --from-file=KEY=FILE: the file after the key's name.
			v := o.val
			if _, f, ok := strings.Cut(v.Value, "="); ok && v.Static {
				v = sub(v, f)
			}
			send(v)
		case contains(s.fields, o.name):
			if _, v, ok := strings.Cut(o.val.Value, "="); ok && strings.HasPrefix(v, "@") {
				send(sub(o.val, v[1:]))
			}
		}
	}
	if s.stdin && !has(opts, "f", "file") {
		p.mailBody(c, args, operands)
	}
	if s.operands < 0 {
		return
	}
	ops := operands
	if s.lastIsDest {
		if len(ops) < 2 {
			return
		}
		dest := args[ops[len(ops)-1]].Value
		if s.remoteDest && !remotePath(dest) || !s.remoteDest && !strings.HasPrefix(dest, "remote:") {
			return
		}
		ops = ops[:len(ops)-1]
	}
	for k, i := range ops {
		if k < s.operands {
			continue
		}
		a := args[i]
		if s.remoteDest && remotePath(a.Value) {
			continue // fetched from the remote, not sent
		}
		if name, _, ok := strings.Cut(a.Value, "#"); ok && c.Name == "gh" {
			a = sub(a, name) // gh release upload v1 'f.zip#Label'
		}
		send(a)
	}
}

// dashLongArgs returns args with a long option spelled with one dash
// (-attach, -attach=f) given its second dash, as Getopt::Long reads it.
func dashLongArgs(args []syntax.Arg, spec optSpec) []syntax.Arg {
	out := make([]syntax.Arg, len(args))
	copy(out, args)
	for i, a := range out {
		if a.Value == "--" {
			break
		}
		if !strings.HasPrefix(a.Value, "-") || strings.HasPrefix(a.Value, "--") || len(a.Value) < 3 {
			continue
		}
		name, _, _ := strings.Cut(a.Value[1:], "=")
		if spec.longVal.has(name) || spec.longFlag.has(name) {
			out[i].Value = "-" + a.Value
		}
	}
	return out
}

// fileExists reports whether the static word a names a file that exists
// when the hook runs.
func (p *Pass) fileExists(c *syntax.Call, a syntax.Arg) bool {
	if !a.Static || p.Config.NoGlobMatches {
		return false
	}
	_, err := os.Stat(guards.Normalize(p.guardsEnv(c.Dir), a.Value).Abs)
	return err == nil
}

// kubectlGlobalSpec is kubectlSpec with -s, the short form of --server
// (kubectl options).
var kubectlGlobalSpec = optSpec{shortVal: "nos", longEq: true, longVal: kubectlLong}

// kubeServerLogin judges kubectl --server URL (-s URL): kubectl keeps the
// kubeconfig's login for the current context — its bearer token, an
// exec plugin's token, basic auth — and sends it to the server the
// option names (kubectl 1.32 was seen sending "Authorization: Bearer" of
// the kubeconfig's token to a scratch HTTPS server given so,
// TestKubectlServerSendsLogin), so the user's cluster credential goes
// where the command points: ask. With --token the given token is the
// login sent in its place, and the kubeconfig's is not; a token the
// command reads from a secret is that read's to judge. kubectl config's
// subcommands only edit the kubeconfig.
func (p *Pass) kubeServerLogin(c *syntax.Call) {
	opts, operands := scan(c.Args, kubectlGlobalSpec)
	if len(operands) > 0 && c.Args[operands[0]].Value == "config" {
		return
	}
	servers := find(opts, "s", "server")
	if len(servers) == 0 || len(find(opts, "token")) > 0 {
		return
	}
	url := servers[len(servers)-1].val
	p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask,
		Message: c.Name + " --server sends the kubeconfig's login (its token) to " + clipText(url.Raw, 60) + " in place of the kubeconfig's cluster"})
}

// copyIntoContainer judges docker cp SRC CONTAINER:PATH (podman, nerdctl,
// kubectl cp to a pod): the file leaves for the container, where the agent
// can read it back, so a secret is denied; anything else is ordinary work.
func (p *Pass) copyIntoContainer(c *syntax.Call) {
	rest, ops, ok := containerCpArgs(c)
	if !ok || len(ops) != 2 {
		return
	}
	src, dest := rest[ops[0]], rest[ops[1]]
	if !dest.Static || !containerPath(c.Name, dest.Value) || src.Static && containerPath(c.Name, src.Value) {
		return
	}
	if sec, ok := p.secretOf(c.Dir, src); ok {
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, Message: sec.Reason(c.Name + " cp copies into the container " + dest.Value), PathContext: "blocked"})
	}
}

// gitSendEmail judges git send-email: the patches it mails are files
// (a secret is denied) or commits of the repository, sent to addresses
// corral cannot check: ask.
func (p *Pass) gitSendEmail(c *syntax.Call) {
	_, i := gitArgs(c)
	if i < 0 || c.Args[i].Value != "send-email" {
		return
	}
	args := c.Args[i+1:]
	opts, operands := scan(args, optSpec{longEq: true, longVal: longOpts("to", "cc", "bcc", "from", "subject", "in-reply-to",
		"smtp-server", "smtp-server-port", "smtp-user", "smtp-pass", "smtp-encryption", "smtp-domain", "smtp-auth",
		"smtp-server-option", "identity", "to-cmd", "cc-cmd", "header-cmd", "compose-encoding", "transfer-encoding",
		"8bit-encoding", "sendmail-cmd", "envelope-sender", "reply-to", "confirm", "suppress-cc", "batch-size",
		"relogin-delay", "annotate", "dump-aliases", "format-patch")})
	if sendEmailDryRun(c, args) {
		return
	}
	for _, o := range opts {
		if n := o.name; !o.long && n >= "0" && n <= "9" {
			// -1, -3: the last commits, as format-patch takes them.
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, Message: fmt.Sprintf("git send-email uploads the last commits (-%s) by mail to addresses corral cannot check", n)})
			return
		}
	}
	for _, k := range operands {
		a := args[k]
		if a.Static && !p.Config.NoGlobMatches {
			if _, err := os.Stat(guards.Normalize(p.guardsEnv(c.Dir), a.Value).Abs); err == nil {
				p.upload(c, a, "")
				continue
			}
		}
		if sec, ok := p.secretOf(c.Dir, a); ok {
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, Message: sec.Reason(c.Name + " send-email mails"), PathContext: "blocked"})
			continue
		}
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, Message: fmt.Sprintf("git send-email uploads the commits %s by mail to addresses corral cannot check", a.Raw)})
		return
	}
}

// sendEmailDryRun reports git send-email --dry-run, which does everything
// but send: the exact word, standing as an option of its own (Perl's
// Getopt::Long gives an option that needs a value the next word, --to
// --dry-run mails to "--dry-run"), with no --no-dry-run after it, and not
// under POSIXLY_CORRECT, with which Getopt::Long stops at the first
// operand.
func sendEmailDryRun(c *syntax.Call, args []syntax.Arg) bool {
	if slices.Contains(c.EnvChanged, "POSIXLY_CORRECT") {
		return false
	}
	// -1, -3: format-patch's count of commits, which takes no value.
	count := func(w string) bool { return len(w) > 1 && strings.Trim(w[1:], "0123456789") == "" }
	dry := false
	for i, a := range args {
		switch {
		case a.Value == "--dry-run" && a.Static && optionStands(args, i, count):
			dry = true
		case strings.HasPrefix(a.Value, "--no-dry") || !a.Static && dry:
			dry = false
		}
	}
	return dry
}

// psqlSpec are psql's options that take a value (PostgreSQL 16).
var psqlSpec = optSpec{shortVal: "cdfhLopPRTUvF", longEq: true, longVal: longOpts("command", "dbname", "file", "host",
	"log-file", "output", "port", "pset", "record-separator", "table-attr", "username", "set", "variable", "field-separator")}

// mysqlSpec are the options of mysql (and mariadb) that take a value; -p
// takes one only attached (-pSECRET).
var mysqlSpec = optSpec{shortVal: "ehuPDSO", shortOpt: "p", longEq: true, longVal: longOpts("execute", "host", "user", "port",
	"database", "socket", "protocol", "default-character-set", "init-command", "defaults-file", "defaults-extra-file",
	"login-path", "pager", "prompt", "tee", "connect-timeout", "max-allowed-packet", "net-buffer-length", "plugin-dir",
	"default-auth", "bind-address", "delimiter", "ssl-ca", "ssl-capath", "ssl-cert", "ssl-cipher", "ssl-key", "ssl-mode",
	"character-sets-dir", "compression-algorithms", "zstd-compression-level", "max-join-size", "select-limit")}

// sqlClientUploads judges the SQL clients' commands that read a local
// file and send it to the server: psql's \copy TABLE FROM 'FILE' and
// \lo_import 'FILE', mysql's LOAD DATA LOCAL INFILE 'FILE' (LOAD XML
// too), in -c/-e text, a -f script (psql) and the text on stdin (a
// here-document, here-string, file or echo). The server is -h's host, or
// the conninfo's (psql 'host=h dbname=d', postgresql://u@h/d), else the
// local one. \copy … TO 'FILE' writes a local file from the server: no
// upload.
func (p *Pass) sqlClientUploads(c *syntax.Call) {
	spec, files := mysqlSpec, mysqlLocalFiles
	if c.Name == "psql" {
		spec, files = psqlSpec, psqlLocalFiles
	}
	opts, operands := scan(c.Args, spec)
	host := "localhost"
	if h := find(opts, "h", "host"); len(h) > 0 {
		host = ""
		if v := h[len(h)-1].val; v.Static {
			host = v.Value
		}
	} else if c.Name == "psql" {
		var conn []syntax.Arg
		for _, o := range find(opts, "d", "dbname") {
			conn = append(conn, o.val)
		}
		for _, i := range operands {
			conn = append(conn, c.Args[i])
		}
		for _, a := range conn {
			if h, ok := conninfoHost(a.Value); ok {
				host = h
				break
			}
		}
	}
	// stdin marks the texts after which psql's own standard input is the
	// data of \copy … FROM STDIN (-c) or FROM PSTDIN (-c, -f): what is
	// redirected or piped there is sent, as an upload of stdin is.
	type text struct {
		t     string
		stdin map[string]bool
	}
	var texts []text
	for _, o := range opts {
		if !o.hasVal || !o.val.Static {
			continue
		}
		switch {
		case o.name == "c" && c.Name == "psql" || o.name == "command" || o.name == "e" || o.name == "execute":
			texts = append(texts, text{o.val.Value, map[string]bool{"stdin": true, "pstdin": true}})
		case o.name == "f" && c.Name == "psql" || o.name == "file":
			if t, ok := p.readSftpFile(c.Dir, o.val.Value); ok {
				texts = append(texts, text{t, map[string]bool{"pstdin": true}})
			}
		}
	}
	if t, _, why := p.sftpCommands(c, nil); why == "" && t != "" && len(texts) == 0 {
		texts = append(texts, text{t, nil})
	}
	for _, t := range texts {
		for _, f := range files(t.t) {
			if strings.HasPrefix(f, "\x00") {
				if t.stdin[f[1:]] {
					p.uploadStdin(c, host)
				}
				continue
			}
			p.upload(c, syntax.Arg{Value: f, Raw: f, Static: true, Start: c.Start, End: c.End}, host)
		}
	}
}

// conninfoHost is the host a libpq connection string names:
// postgresql://user@host:5432/db, or host=h in key=value form.
func conninfoHost(v string) (string, bool) {
	if strings.HasPrefix(v, "postgres://") || strings.HasPrefix(v, "postgresql://") {
		h := hostOf(v)
		return h, h != ""
	}
	for _, f := range strings.Fields(v) {
		if h, ok := strings.CutPrefix(f, "host="); ok {
			return strings.Trim(h, "'"), h != ""
		}
	}
	return "", false
}

// psqlLocalFiles returns the local files psql's meta-commands in text
// read and send: \copy TABLE [(COLUMNS)] FROM FILE (quoted or not; not
// program) and \lo_import FILE; FROM STDIN and FROM PSTDIN give the
// markers "\x00stdin" and "\x00pstdin". A meta-command runs to the end
// of its line or to "\\".
func psqlLocalFiles(text string) []string {
	var files []string
	for _, cmd := range []string{`\copy`, `\lo_import`} {
		rest := text
		for {
			i := strings.Index(rest, cmd)
			if i < 0 {
				break
			}
			rest = rest[i+len(cmd):]
			if rest == "" || rest[0] != ' ' && rest[0] != '\t' {
				continue
			}
			line := rest
			if j := strings.IndexByte(line, '\n'); j >= 0 {
				line = line[:j]
			}
			if j := strings.Index(line, `\\`); j >= 0 {
				line = line[:j]
			}
			toks := sqlTokens(line)
			if cmd == `\lo_import` {
				if len(toks) > 0 {
					files = append(files, toks[0].text)
				}
				continue
			}
			for k := 0; k+1 < len(toks); k++ {
				if toks[k].quoted || !strings.EqualFold(toks[k].text, "from") {
					continue
				}
				f := toks[k+1]
				if !f.quoted {
					switch low := strings.ToLower(f.text); low {
					case "stdin", "pstdin":
						f.text = "\x00" + low // the stream, not a file
					case "program":
						f.text = ""
					}
				}
				if f.text != "" {
					files = append(files, f.text)
				}
				break
			}
		}
	}
	return files
}

// sqlToken is a word of a psql meta-command's arguments, outside
// parentheses: a quoted one has its quotes removed (two quote marks
// in a row stand for one).
type sqlToken struct {
	text   string
	quoted bool
}

func sqlTokens(line string) []sqlToken {
	var toks []sqlToken
	depth := 0
	var cur strings.Builder
	quoted, in := false, false
	flush := func() {
		if in && depth == 0 {
			toks = append(toks, sqlToken{text: cur.String(), quoted: quoted})
		}
		cur.Reset()
		quoted, in = false, false
	}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == '\'' || ch == '"':
			j := i + 1
			var s strings.Builder
			for ; j < len(line); j++ {
				if line[j] == ch {
					if j+1 < len(line) && line[j+1] == ch {
						s.WriteByte(ch)
						j++
						continue
					}
					break
				}
				s.WriteByte(line[j])
			}
			if depth == 0 {
				cur.WriteString(s.String())
				quoted, in = ch == '\'' || quoted, true
			}
			i = j
		case ch == '(':
			flush()
			depth++
		case ch == ')':
			if depth > 0 {
				depth--
			}
		case ch == ' ' || ch == '\t' || ch == ',' || ch == ';':
			flush()
		default:
			if depth == 0 {
				cur.WriteByte(ch)
				in = true
			}
		}
	}
	flush()
	return toks
}

// mysqlLocalFiles returns the files of LOAD DATA / LOAD XML … LOCAL
// INFILE 'FILE' in text: the client reads them and sends them to the
// server.
func mysqlLocalFiles(text string) []string {
	var files []string
	words := sqlTokens(strings.NewReplacer("\n", " ", "\r", " ").Replace(text))
	for k := 0; k+1 < len(words); k++ {
		if words[k].quoted || !strings.EqualFold(words[k].text, "infile") || k == 0 || !strings.EqualFold(words[k-1].text, "local") {
			continue
		}
		if f := words[k+1]; f.quoted && f.text != "" {
			files = append(files, f.text)
		}
	}
	return files
}

// publishSpecs read the package managers' publish commands: the option
// that names the registry a package is sent to.
var publishSpecs = lazy.Value[map[string]struct {
	verb string
	spec optSpec
	urls []string
}]{New: func() map[string]struct {
	verb string
	spec optSpec
	urls []string
} {
	return map[string]struct {
		verb string
		spec optSpec
		urls []string
	}{
		"npm":   {"publish", optSpec{shortVal: "w", longEq: true, longVal: longOpts("registry", "tag", "access", "otp", "workspace", "userconfig", "cache", "prefix", "provenance-file")}, []string{"registry"}},
		"pnpm":  {"publish", optSpec{shortVal: "C", longEq: true, longVal: longOpts("registry", "tag", "access", "otp", "dir", "filter", "publish-branch", "report-summary-file")}, []string{"registry"}},
		"twine": {"upload", optSpec{shortVal: "rusciT", longEq: true, longVal: longOpts("repository", "repository-url", "username", "password", "sign-with", "identity", "comment", "config-file", "cert", "client-cert", "attestations")}, []string{"repository-url"}},
	}
}}

// publicRegistries are the hosts the publish commands send to by default
// (or as the forge's own package registry): a release there is the
// person's own.
var publicRegistries = []string{"registry.npmjs.org", "registry.yarnpkg.com", "npm.pkg.github.com", "upload.pypi.org", "test.pypi.org"}

// publishUploads judges npm/pnpm publish --registry URL and twine upload
// --repository-url URL: the package (for npm every file its packlist
// takes in, a .env too when neither .npmignore nor package.json's
// "files" leaves it out) goes to a registry that is not a public one:
// ask, off network.allow_hosts. Publishing to the default registry, or
// to a repository named in the person's own configuration (twine -r),
// is their release and passes.
func (p *Pass) publishUploads(c *syntax.Call) {
	ps, ok := publishSpecs.Get()[c.Name]
	if !ok {
		return
	}
	opts, operands := scan(c.Args, ps.spec)
	if len(operands) == 0 || c.Args[operands[0]].Value != ps.verb {
		return
	}
	for _, o := range find(opts, ps.urls...) {
		host := ""
		if o.val.Static {
			host = hostOf(o.val.Value)
		}
		if host != "" && (contains(publicRegistries, strings.ToLower(host)) || p.hostAllowed(host)) {
			continue
		}
		where := "a registry named only at run time (" + o.val.Raw + ")"
		if host != "" {
			where = "the registry at " + host + ", which is neither a public one nor on network.allow_hosts"
		}
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask,
			Message: fmt.Sprintf("%s %s sends the package, every file it packs (a .env or key left in the project included), to %s", c.Name, ps.verb, where)})
		return
	}
	if c.Name != "twine" && !has(opts, "dry-run") {
		dir := syntax.Arg{Value: ".", Raw: ".", Static: true}
		if len(operands) > 1 {
			dir = c.Args[operands[1]]
		}
		if s, ok := p.npmPacksSecret(c, dir); ok {
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, PathContext: "blocked",
				Message: s.Reason(fmt.Sprintf("%s %s sends the package to its registry, and the package takes in every file that neither package.json's \"files\" nor .npmignore (else .gitignore) leaves out:", c.Name, ps.verb))})
		}
	}
}

// npmPacksSecret reports a secret file on disk that npm publish (or
// pnpm's) of the package in dir would pack: with no "files" list in its
// package.json (a list names what is packed: taken as curated), every
// file under dir but node_modules, .git and .npmrc (which npm never
// packs) and what .npmignore's lines, else git's ignore files, leave
// out. A tarball, a directory only known at run time or a disk the
// engine may not read is not judged.
func (p *Pass) npmPacksSecret(c *syntax.Call, dir syntax.Arg) (guards.Secret, bool) {
	if p.Config.Paths == nil || p.Config.NoGlobMatches || !dir.Static || strings.HasSuffix(dir.Value, ".tgz") {
		return guards.Secret{}, false
	}
	env := p.guardsEnv(c.Dir)
	root := guards.Normalize(env, dir.Value).Abs
	pkg, err := os.ReadFile(filepath.Join(root, "package.json"))
	if err != nil || len(pkg) > 1<<20 {
		return guards.Secret{}, false
	}
	var meta struct {
		Files []string `json:"files"`
	}
	if json.Unmarshal(pkg, &meta) == nil && meta.Files != nil {
		return guards.Secret{}, false
	}
	w := guards.Walk{Hidden: true, Exclude: []string{"node_modules", ".git", ".npmrc"}}
	if ig, err := os.ReadFile(filepath.Join(root, ".npmignore")); err == nil && len(ig) <= 1<<20 {
		for _, line := range strings.Split(string(ig), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "!") {
				continue
			}
			if x := baseGlob(line); x != "" {
				w.Exclude = append(w.Exclude, x)
			}
		}
	} else {
		w.Ignores = true
	}
	return p.Config.Paths.Secrets().OnDisk(env, root, w)
}

// sshSendEnv judges ssh's SendEnv option given on the command line (-o
// SendEnv=NAME, -oSendEnv=PAT, -o 'SendEnv A B'; scp and sftp take -o
// too): ssh sends the named variables of its own environment, which is
// the session's, to the remote host. A pattern with a wildcard (* or
// AWS_*) sends every variable it matches, as env | ssh host would send
// them all: denied unless it only names the locale (LC_*), which ssh's
// own default configuration sends. Named variables other than the
// locale's and the terminal's ask, naming them. SetEnv=NAME=VALUE sends
// the value written there, which the command line already shows, as
// curl -H "Bearer $TOKEN" does: not judged.
func (p *Pass) sshSendEnv(c *syntax.Call) {
	for i, a := range c.Args {
		v := a.Value
		switch {
		case v == "-o" && i+1 < len(c.Args):
			v = c.Args[i+1].Value
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			v = v[2:]
		default:
			continue
		}
		key, val, ok := strings.Cut(strings.TrimSpace(v), "=")
		if k, vv, ok2 := strings.Cut(strings.TrimSpace(v), " "); ok2 && (!ok || len(k) < len(key)) {
			key, val, ok = k, vv, true
		}
		if !ok || !strings.EqualFold(strings.TrimSpace(key), "SendEnv") {
			continue
		}
		var named []string
		for _, pat := range strings.Fields(val) {
			if strings.HasPrefix(pat, "-") || pat == "LANG" || pat == "TERM" || pat == "COLORTERM" || pat == "TZ" ||
				strings.HasPrefix(pat, "LC_") || strings.HasPrefix(pat, "LANGUAGE") {
				continue
			}
			if strings.ContainsAny(pat, "*?") {
				p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny,
					Message: fmt.Sprintf("%s -o SendEnv=%s sends every variable of the environment that %s matches to the remote host: the environment holds the session's tokens and keys", c.Name, pat, pat)})
				return
			}
			named = append(named, pat)
		}
		if len(named) > 0 {
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask,
				Message: fmt.Sprintf("%s -o SendEnv sends the session's %s to the remote host", c.Name, strings.Join(named, ", "))})
			return
		}
	}
}

// mailBody judges the body a mail client reads on its standard input
// and sends to the addresses among its operands (mail -s subj
// a@example.org < notes.txt, git log | mail …): an upload of local data
// to the addresses' domains, as curl -T - is to a host; a local mailbox
// (mail root) is not sent anywhere.
func (p *Pass) mailBody(c *syntax.Call, args []syntax.Arg, operands []int) {
	host, remote := "", false
	for _, i := range operands {
		a := args[i]
		if a.Static && !strings.Contains(a.Value, "@") {
			continue // a user of this machine
		}
		remote = true
		h := ""
		if a.Static {
			h = hostOf(a.Value)
		}
		if h == "" || !p.hostAllowed(h) {
			host = h
			break
		}
		host = h
	}
	if remote {
		p.uploadStdin(c, host)
	}
}
